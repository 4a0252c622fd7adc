"""Hindi button text stands on its button font's baseline (issue 21's left-alone list: it sat
high in its buttons, 14 px over the letters and 20 px under them in a 51 px button at
1024x768). Qt centred a Hindi line by the Devanagari fallback font's ascent and descent
(``gui.baseline``); the application's style now moves a push button's line down to the
baseline its own font's line has. Measured on the pixels of real buttons (the shipped fonts,
the app's style sheet): the ink of the letters, marks included, is centred in the button to a
pixel, English text is drawn exactly as before, and labels are left alone."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont, QImage
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tilewise.gui.style import style_sheet

HINDI = "यह कोड बांटें"  # the play room's "Share this code"


def ink_rows(image: QImage) -> tuple[int, int]:
    """The first and last row of ``image`` (a button's grab) with dark text pixels, inside
    its border."""
    rows = [y for y in range(6, image.height() - 6)
            if any(image.pixelColor(x, y).lightness() < 120 for x in range(10, image.width() - 10))]
    return rows[0], rows[-1]


def grab(text: str, kind: type = QPushButton) -> QImage:
    widget = kind(text)
    widget.resize(240, widget.sizeHint().height())
    return widget.grab().toImage()


def test_hindi_button_text_is_centred_and_english_unchanged(qapp: Any) -> None:
    from tilewise.gui.app import make_application
    from tilewise.gui.baseline import BaselineStyle, baseline_shift

    app = make_application()
    assert isinstance(app.style(), BaselineStyle)
    font = QFont(app.font())
    font.setPixelSize(20)
    assert baseline_shift("Deal this code", font) == 0
    assert baseline_shift("&Glossary", font) == 0
    assert round(0.144 * 20) - 1 <= baseline_shift(HINDI, font) <= round(0.144 * 20) + 1
    app.setStyleSheet(style_sheet("classic", 1.0))
    try:
        hindi = grab(HINDI)
        top, bottom = ink_rows(hindi)
        assert abs((top + bottom) / 2 - (hindi.height() - 1) / 2) <= 1, (top, bottom)
        latin = grab("Deal this code")
        app.setStyle("fusion")  # Qt's own style, as before: the same buttons for comparison
        app.setStyleSheet(style_sheet("classic", 1.0))
        assert grab("Deal this code") == latin  # English: not one pixel moved
        before_top, before_bottom = ink_rows(grab(HINDI))
        assert (before_top + before_bottom) / 2 < (top + bottom) / 2 - 2  # it sat high
        label = grab(HINDI, QLabel)
        app.setStyle(BaselineStyle())
        app.setStyleSheet(style_sheet("classic", 1.0))
        assert grab(HINDI, QLabel) == label  # a label's text is left where Qt puts it
    finally:
        app.setStyle(BaselineStyle())
        app.setStyleSheet("")
    assert QApplication.instance() is app
