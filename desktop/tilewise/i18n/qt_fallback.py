"""Our own translations of Qt's standard button texts, for languages Qt ships no catalogue for.

PySide6 6.12 ships ``qtbase_es.qm`` and ``qtbase_de.qm`` but no Hindi one, so without this a
Hindi QMessageBox would say "Yes/No" (INPUTS 15). The GUI installs a ``QTranslator`` subclass
whose ``translate(context, source, disambiguation, n)`` returns :func:`translate_qt` (or
nothing when it gives None), only for languages without a Qt catalogue.

Source texts and their context are Qt's own (``QPlatformTheme``, as in ``qtbase_de.qm``);
``&`` marks the keyboard mnemonic.
"""

from __future__ import annotations

from tilewise.i18n import SOURCE_LANGUAGE, current_language, pgettext

QT_CONTEXT = "QPlatformTheme"


def _standard_buttons() -> dict[str, str]:
    # TRANSLATORS: Qt's standard dialog buttons; "&" marks the Alt-key letter. Keep one "&".
    return {
        "OK": pgettext("QPlatformTheme", "OK"),
        "Save": pgettext("QPlatformTheme", "Save"),
        "Save All": pgettext("QPlatformTheme", "Save All"),
        "Open": pgettext("QPlatformTheme", "Open"),
        "&Yes": pgettext("QPlatformTheme", "&Yes"),
        "Yes to &All": pgettext("QPlatformTheme", "Yes to &All"),
        "&No": pgettext("QPlatformTheme", "&No"),
        "N&o to All": pgettext("QPlatformTheme", "N&o to All"),
        "Abort": pgettext("QPlatformTheme", "Abort"),
        "Retry": pgettext("QPlatformTheme", "Retry"),
        "Ignore": pgettext("QPlatformTheme", "Ignore"),
        "Close": pgettext("QPlatformTheme", "Close"),
        "Cancel": pgettext("QPlatformTheme", "Cancel"),
        "Discard": pgettext("QPlatformTheme", "Discard"),
        "Help": pgettext("QPlatformTheme", "Help"),
        "Apply": pgettext("QPlatformTheme", "Apply"),
        "Reset": pgettext("QPlatformTheme", "Reset"),
        "Restore Defaults": pgettext("QPlatformTheme", "Restore Defaults"),
    }


#: The Qt source texts this module translates (context :data:`QT_CONTEXT`).
QT_SOURCE_TEXTS = (
    "OK", "Save", "Save All", "Open", "&Yes", "Yes to &All", "&No", "N&o to All", "Abort",
    "Retry", "Ignore", "Close", "Cancel", "Discard", "Help", "Apply", "Reset",
    "Restore Defaults",
)


def translate_qt(context: str, source: str) -> str | None:
    """The current language's text for a Qt standard button, or None to let Qt decide.

    None for English, for another context or an unknown source text.
    """
    if context != QT_CONTEXT or current_language() == SOURCE_LANGUAGE:
        return None
    return _standard_buttons().get(source)
