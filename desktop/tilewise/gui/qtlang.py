"""Qt's own translations (INPUTS 15): ``qtbase_<lang>.qm``, or ours where Qt ships none.

``install_qt_translations(app, lang)`` replaces the previous Qt translators with
``qtbase_<lang>.qm`` from the bundle's ``translations`` folder when frozen (``sys._MEIPASS``
aware, via ``store.paths.root_dir``) or from ``QLibraryInfo.path(TranslationsPath)``. For a
language with no Qt catalogue (Hindi) it installs :class:`FallbackTranslator`, which answers
Qt's standard button texts from our own catalog (``tilewise.i18n.qt_fallback``), so a Hindi
QMessageBox says हाँ/नहीं. :func:`translate_buttons` re-reads those texts for a dialog that
is already open when the language changes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from tilewise.i18n.qt_fallback import QT_CONTEXT, translate_qt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from tilewise.store.paths import is_frozen, root_dir

log = logging.getLogger(__name__)
_installed: list[QTranslator] = []

#: Standard buttons Tilewise shows -> Qt's source text (context ``QPlatformTheme``).
BUTTON_SOURCES = {
    "Ok": "OK", "Cancel": "Cancel", "Yes": "&Yes", "No": "&No", "Close": "Close",
    "Save": "Save", "Apply": "Apply", "Help": "Help", "Discard": "Discard", "Open": "Open",
}


class FallbackTranslator(QTranslator):
    """Qt's standard button texts from our catalog, for languages Qt has no catalogue for."""

    def translate(  # None is Qt's "no translation here"
            self, context: str, source: str, disambiguation: str | None = None,
            n: int = -1) -> str | None:
        """Our translation of a ``QPlatformTheme`` text, else None: Qt keeps its own text.

        Not "": an empty string is a translation to Qt, so every other Qt text (a font
        style name, "%1 %2") became empty and ``QString::arg`` warned "Argument missing".
        """
        return translate_qt(context, source) or None


def qt_translation_dirs() -> list[Path]:
    """Folders searched for ``qtbase_<lang>.qm``, the bundle's first."""
    dirs = []
    if is_frozen():
        dirs += [root_dir() / "translations", root_dir() / "PySide6" / "Qt" / "translations"]
    dirs.append(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))
    return dirs


def install_qt_translations(app: QCoreApplication, lang: str) -> str:
    """Make Qt speak ``lang``; returns ``"qt"`` (its catalogue), ``"ours"`` or ``"none"`` (en)."""
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(QLocale(lang))
    if lang == "en":
        return "none"
    for folder in qt_translation_dirs():
        translator = QTranslator(app)
        if translator.load(f"qtbase_{lang}", str(folder)):
            app.installTranslator(translator)
            _installed.append(translator)
            return "qt"
    fallback = FallbackTranslator(app)
    app.installTranslator(fallback)
    _installed.append(fallback)
    log.info("no Qt catalogue for %s: standard buttons from our own catalog", lang)
    return "ours"


def translate_buttons(box: QDialogButtonBox | QMessageBox) -> None:
    """Set ``box``'s standard button texts in the current language (an open dialog)."""
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox  # not needed to start

    enum = QMessageBox.StandardButton if isinstance(box, QMessageBox) else \
        QDialogButtonBox.StandardButton
    for name, source in BUTTON_SOURCES.items():
        button = box.button(getattr(enum, name))
        if button is not None:
            button.setText(QCoreApplication.translate(QT_CONTEXT, source))
