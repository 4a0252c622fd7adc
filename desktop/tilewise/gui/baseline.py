"""Button text on its font's baseline, whatever font draws it (Hindi sat high in its buttons).

Qt centres a line of text in a button by the ascent and descent of the font that draws the
line. A Hindi line is drawn by the Devanagari fallback font (Noto Sans Devanagari: ascent
0.896 em, descent 0.408 em, room for the marks below the letters), a Latin one by the button's
own font (Noto Sans: 1.069 and 0.293 em), so the Hindi baseline sat 0.144 em higher than the
Latin one in the same button (3 px of 20 px text), and its letters, whose marks rise above
the headline, looked raised: 14 px of the button over them, 20 px under them, in the play
room's 51 px buttons at 1024x768 (measured on screenshots under Xvfb with the shipped fonts).

:class:`BaselineStyle` (the application's style: ``gui.app.make_application``) draws a
push button's one-line text on the baseline its own font's line would have: moved down by half
the difference between the two lines' ascent less descent. Latin text is unchanged; labels,
check boxes and fields are left as Qt draws them (their height is their text's, so text moved
down there would lose its lowest marks).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPalette, QTextLayout
from PySide6.QtWidgets import QProxyStyle, QPushButton

__all__ = ["BaselineStyle", "baseline_shift"]


#: (text, QFont.key()) -> shift; a button's text is measured once (at most 512 kept).
_SHIFTS: dict[tuple[str, str], int] = {}


def _shift(text: str, font: QFont) -> int:
    key = (text, font.key())
    if key not in _SHIFTS:
        if len(_SHIFTS) >= 512:
            _SHIFTS.clear()
        metrics = QFontMetricsF(font)
        layout = QTextLayout(text, font)
        layout.beginLayout()
        line = layout.createLine()
        layout.endLayout()
        own = metrics.ascent() - metrics.descent()
        drawn = line.ascent() - line.descent()
        _SHIFTS[key] = round((own - drawn) / 2)
    return _SHIFTS[key]


def baseline_shift(text: str, font: QFont) -> int:
    """How far down (px, whole) one line of ``text`` in ``font`` moves to stand on the baseline
    a line of ``font``'s own glyphs has when both are centred in the same box: 0 for text the
    font draws itself, about 0.144 em for Hindi drawn by the Devanagari fallback. A mnemonic
    ``&`` is not drawn, ``&&`` is one ``&``."""
    shown = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return _shift(shown, font) if shown else 0


class BaselineStyle(QProxyStyle):
    """The application's style (Fusion, under the style sheet) with push buttons' one-line
    text on their font's baseline (see the module docstring)."""

    def drawItemText(self, painter: QPainter, rect: QRect, flags: int,  # noqa: N802 - Qt API
                     pal: QPalette | Qt.GlobalColor | QColor, enabled: bool, text: str, /,
                     textRole: QPalette.ColorRole = QPalette.ColorRole.NoRole) -> None:  # noqa: N803
        if (isinstance(painter.device(), QPushButton) and "\n" not in text
                and flags & Qt.AlignmentFlag.AlignVCenter):
            rect = rect.translated(0, baseline_shift(text, painter.font()))
        super().drawItemText(painter, rect, flags, pal, enabled, text, textRole)
