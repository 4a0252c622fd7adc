"""INPUTS 15: Qt's standard buttons follow the language (es, de from Qt; hi from our catalog)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from tilewise.gui.qtlang import install_qt_translations, translate_buttons
from tilewise.i18n import set_language


@pytest.mark.parametrize(("lang", "source", "yes", "no"), [
    ("es", "qt", "Sí", "No"),
    ("de", "qt", "Ja", "Nein"),
    ("hi", "ours", "हाँ", "नहीं"),
])
def test_yes_no_buttons_are_translated(qapp: Any, lang: str, source: str, yes: str, no: str) -> None:
    try:
        set_language(lang)
        assert install_qt_translations(QApplication.instance(), lang) == source
        box = QMessageBox()
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        translate_buttons(box)
        texts = [box.button(b).text().replace("&", "")
                 for b in (QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No)]
        assert texts[0].startswith(yes) and texts[1].startswith(no)  # hi adds "(Y)" mnemonics
    finally:
        set_language("en")
        install_qt_translations(QApplication.instance(), "en")


def test_english_keeps_qt_texts(qapp: Any) -> None:
    assert install_qt_translations(QApplication.instance(), "en") == "none"
    box = QMessageBox()
    box.setStandardButtons(QMessageBox.StandardButton.Yes)
    assert box.button(QMessageBox.StandardButton.Yes).text().replace("&", "") == "Yes"


def test_our_fallback_leaves_other_qt_texts_alone(qapp: Any) -> None:
    """An empty string would be a translation: Qt's "%1 %2" became "" and .arg() warned."""
    from PySide6.QtCore import QCoreApplication

    try:
        assert install_qt_translations(QApplication.instance(), "hi") == "ours"
        assert QCoreApplication.translate("QFontDatabase", "Bold") == "Bold"
        assert QCoreApplication.translate("QShortcut", "%1, %2") == "%1, %2"
    finally:
        install_qt_translations(QApplication.instance(), "en")
