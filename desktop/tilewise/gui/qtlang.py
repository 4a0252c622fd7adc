"""Qt's own translations (INPUTS 15) and the standard buttons Qt has no Hindi catalog for.

``install_qt_translations(app, lang)`` loads ``qtbase_<lang>.qm`` from the bundle's
``translations`` folder when frozen (``sys._MEIPASS``-aware, via ``store.paths.root_dir``) or
from ``QLibraryInfo.path(TranslationsPath)``, replacing the previous one. Hindi has no Qt
catalog, so :func:`translate_buttons` sets the standard button texts through our own ``_()``
for every language (one source of truth; Qt's catalog covers file dialogs and the rest).
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tilewise.i18n import _, pgettext
from tilewise.store.paths import is_frozen, root_dir

log = logging.getLogger(__name__)
_installed: list[QTranslator] = []


def qt_translation_dirs() -> list[Path]:
    """Folders searched for ``qtbase_<lang>.qm``, bundle first."""
    dirs = []
    if is_frozen():
        dirs += [root_dir() / "translations", root_dir() / "PySide6" / "Qt" / "translations"]
    dirs.append(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))
    return dirs


def install_qt_translations(app: QCoreApplication, lang: str) -> bool:
    """Replace Qt's catalog with ``qtbase_<lang>``; True when one was found (not for ``hi``)."""
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(QLocale(lang))
    if lang == "en":
        return False
    for folder in qt_translation_dirs():
        translator = QTranslator(app)
        if translator.load(f"qtbase_{lang}", str(folder)):
            app.installTranslator(translator)
            _installed.append(translator)
            return True
    log.info("no Qt catalog for %s; standard buttons use our own texts", lang)
    return False


def standard_button_texts() -> dict[QMessageBox.StandardButton, str]:
    """Our translations of the standard buttons Tilewise shows."""
    sb = QMessageBox.StandardButton
    return {
        sb.Ok: pgettext("button", "OK"),
        sb.Cancel: pgettext("button", "Cancel"),
        sb.Yes: pgettext("button", "Yes"),
        sb.No: pgettext("button", "No"),
        sb.Close: pgettext("button", "Close"),
        sb.Save: pgettext("button", "Save"),
        sb.Apply: pgettext("button", "Apply"),
        sb.Help: pgettext("button", "Help"),
        sb.Discard: pgettext("button", "Discard"),
    }


def translate_buttons(box: QDialogButtonBox | QMessageBox) -> None:
    """Set the texts of ``box``'s standard buttons through ``_()`` (Hindi has no Qt catalog)."""
    texts = standard_button_texts()
    for which, text in texts.items():
        button = box.button(which) if isinstance(box, QMessageBox) else box.button(
            QDialogButtonBox.StandardButton(which.value))
        if button is not None:
            button.setText(text)


def ask_yes_no(parent: object, title: str, question: str) -> bool:
    """A Yes/No question box with translated buttons; True for Yes."""
    box = QMessageBox(parent)  # type: ignore[arg-type]
    box.setWindowTitle(title)
    box.setText(question)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    translate_buttons(box)
    return box.exec() == QMessageBox.StandardButton.Yes


__all__ = ["ask_yes_no", "install_qt_translations", "qt_translation_dirs", "translate_buttons",
           "standard_button_texts", "_"]
