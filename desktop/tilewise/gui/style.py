"""The app's look: large type and high contrast, readable at the back of a room.

``style_sheet(theme, text_scale)`` returns the Qt style sheet; ``contrast`` is the projector
theme (black on white, thick outlines). Sizes are in logical pixels and follow the text scale
and the system font size; colours follow the system's light or dark scheme.
"""

from __future__ import annotations

import re

#: Size in logical px of a typical desktop default font (10 pt at 96 dpi).
DEFAULT_SYSTEM_PX = 40 / 3

#: The screen, in logical pixels, that the type sizes are made for: a 1080p one. A larger
#: screen with no desktop scaling (a 4K TV at 96 dpi) gets a larger text scale by default.
DESIGN_SCREEN = (1920, 1080)


def screen_text_scale(width: int, height: int) -> float:
    """The text scale for a screen of ``width`` x ``height`` logical pixels when the learner
    has chosen none: as many times the 1080p screen's size as it is in both directions, in
    the settings' steps of 0.25, from 1.0 (1024x768 and 1080p unchanged) to 3.0 (the
    settings' most). 3840x2160 at 96 dpi gives 2.0: its type as large beside the pictures
    as on a 1080p screen, or on the 4K one with the desktop's scale 2 (tester's report)."""
    times = min(width / DESIGN_SCREEN[0], height / DESIGN_SCREEN[1])
    return min(3.0, max(1.0, int(times * 4) / 4))


def screen_times() -> float:
    """:func:`screen_text_scale` of the primary screen's whole size (1.0 without one): how
    much larger than on a 1080p screen the window and its type are made by default."""
    from PySide6.QtGui import QGuiApplication

    screen = QGuiApplication.primaryScreen() if QGuiApplication.instance() is not None else None
    if screen is None:
        return 1.0
    size = screen.size()
    return screen_text_scale(size.width(), size.height())


def text_scale_for(chosen: float | None) -> float:
    """The text scale to draw with: the learner's ``chosen`` one (settings), which always wins,
    else the screen's (:func:`screen_times`)."""
    return chosen if chosen is not None else screen_times()


def system_dark() -> bool:
    """True when the system asks for a dark colour scheme (``QStyleHints.colorScheme()``)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        return False
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def system_font_px() -> float:
    """The system's default font size in logical px (:data:`DEFAULT_SYSTEM_PX` without an
    application)."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        return DEFAULT_SYSTEM_PX
    font = QGuiApplication.font()
    if font.pixelSize() > 0:
        return float(font.pixelSize())
    screen = QGuiApplication.primaryScreen()
    dpi = screen.logicalDotsPerInch() if screen is not None else 96.0
    return max(1.0, font.pointSizeF()) * dpi / 72


def app_style_sheet(theme: str, chosen: float | None) -> str:
    """The style sheet the window is drawn with: at the learner's ``chosen`` text scale (the
    settings'), which always wins; else at the screen's (:func:`screen_times`), its borders,
    paddings and least heights made as much larger (as ``QT_SCALE_FACTOR`` would)."""
    if chosen is not None:
        return style_sheet(theme, chosen)
    times = screen_times()
    return style_sheet(theme, times, room=times)


def style_sheet(theme: str = "classic", text_scale: float = 1.0, *, dark: bool | None = None,
                system_px: float | None = None, room: float = 1.0) -> str:
    """The application style sheet for ``theme`` at ``text_scale`` (0.5-3.0).

    Follows the system: ``dark`` (default: :func:`system_dark`) gives light text on dark
    backgrounds; a system font larger than the usual 10 pt (``system_px``, default
    :func:`system_font_px`) makes every size larger in proportion (never smaller). ``room``
    multiplies every other length (borders, paddings, margins, least sizes; 1.0: as made).
    """
    sheet = _sheet(theme, text_scale, dark, system_px)
    if room == 1.0:
        return sheet
    return _LENGTH.sub(lambda found: f"{max(1, round(int(found.group(1)) * room))}px", sheet)


#: A length in the style sheet other than a font size (those follow the text scale).
_LENGTH = re.compile(r"(?<!font-size: )(?<![\w.])(\d+)px")


def _sheet(theme: str, text_scale: float, dark: bool | None, system_px: float | None) -> str:
    dark = system_dark() if dark is None else dark
    system_px = system_font_px() if system_px is None else system_px
    grow = max(1.0, system_px / DEFAULT_SYSTEM_PX)
    base = round(18 * text_scale * grow)
    big = round(26 * text_scale * grow)
    huge = round(32 * text_scale * grow)
    note, notes_fg, notes_bg, quiet, off_fg, off_bg, bar_bg = (
        "#444444", "#5a3d00", "#fff3c4", "#5c5648", "#8a8a8a", "#e4e0d6", "#e8e4da")
    if theme == "contrast" and dark:
        bg, fg, card, accent, good, bad = "#000000", "#ffffff", "#000000", "#8ab4ff", "#7dff9e", "#ff8a8a"
        border = "3px solid #ffffff"
    elif theme == "contrast":
        bg, fg, card, accent, good, bad = "#ffffff", "#000000", "#ffffff", "#0044cc", "#005a1e", "#b00000"
        border = "3px solid #000000"
    elif dark:
        bg, fg, card, accent, good, bad = "#1c1d1f", "#ececec", "#2a2c2f", "#3f9e78", "#7ad79b", "#ff8f8f"
        border = "2px solid #5d6066"
    else:
        bg, fg, card, accent, good, bad = "#f4f1e8", "#1b1b1b", "#ffffff", "#1f5c45", "#1d6b3a", "#a32020"
        border = "2px solid #b9b2a0"
    # The focus ring is thicker than the border: the padding gives the difference back, so a
    # focused button's words keep their room (issue 16).
    line, pad_y, pad_x = int(border.split("px")[0]), 8, 16
    if dark:
        note, notes_fg, notes_bg, quiet, off_fg, off_bg, bar_bg = (
            "#c8c8c8", "#ffe6a6", "#3d3217", "#b8b2a2", "#9a9a9a", "#3a3c40", "#3a3c40")
    return f"""
QWidget {{ font-size: {base}px; color: {fg}; }}
QMainWindow, QDialog, QScrollArea > QWidget > QWidget {{ background: {bg}; }}
QMenu {{ background: {card}; border: 1px solid {off_fg}; padding: 4px 0; }}
QMenu::item {{ padding: 4px 28px 4px 30px; }}
QMenu::item:selected {{ background: {accent}; color: {card}; }}
QMenu::item:disabled {{ color: {off_fg}; }}
QMenu::indicator {{ width: 14px; height: 14px; left: 8px; border: 1px solid {fg}; border-radius: 2px;
                    background: {card}; }}
QMenu::indicator:checked {{ background: {accent}; }}
QMenu::separator {{ height: 1px; background: {off_fg}; margin: 4px 8px; }}
QLabel#lessonTitle, QLabel#libraryHeading {{ font-size: {huge}px; font-weight: bold; }}
QLabel#packTitle {{ font-size: {big}px; font-weight: bold; color: {accent}; }}
QLabel#stepTitle, QLabel#cardTitle {{ font-size: {big}px; font-weight: bold; }}
QLabel#stepText {{ font-size: {round(base * 1.1)}px; }}
QLabel#stepCounter {{ font-size: {base}px; font-weight: bold; }}
QLabel#cardNote {{ color: {note}; }}
QLabel#teacherNotes {{ color: {notes_fg}; background: {notes_bg}; padding: 6px; border-radius: 6px; }}
QLabel#cardLocked {{ color: {bad}; font-weight: bold; }}
QFrame#lessonCard {{ background: {card}; border: {border}; border-radius: 10px; padding: 6px; }}
QLabel#feedback {{ font-size: {round(base * 1.1)}px; padding: 8px; border-radius: 8px;
                   border: {border}; background: {card}; min-height: {round(base * 1.1 * 4.2)}px; }}
QLabel#feedback[verdict="none"] {{ border: 2px dashed #c9c2b0; background: transparent;
                                   color: {quiet}; }}
QLabel#feedback[verdict="good"] {{ border: 4px solid {good}; color: {good}; }}
QLabel#feedback[verdict="bad"] {{ border: 4px solid {bad}; color: {bad}; }}
QLabel#feedback[verdict="hint"] {{ border: 3px dotted {notes_fg}; color: {notes_fg};
                                   background: {notes_bg}; }}
QPushButton {{ padding: {pad_y}px {pad_x}px; border: {border}; border-radius: 8px; background: {card};
               min-height: 36px; }}
QPushButton:default {{ background: {accent}; color: white; }}
QPushButton[role="option"] {{ font-size: {round(base * 1.15)}px; text-align: left; padding: 10px 18px; }}
QPushButton[role="option"]:focus {{ padding: {10 - 4 + line}px {18 - 4 + line}px; }}
QPushButton[role="option"][revealed="true"] {{ border: 4px dashed {notes_fg}; background: {notes_bg};
                                              padding: {10 - 4 + line}px {18 - 4 + line}px; }}
QPushButton[role="option"][revealed="true"]:focus {{ border: 4px solid #ffb000; }}
QWidget#quizOptions:focus {{ border: 4px solid #ffb000; border-radius: 8px; }}
QPushButton[role="option"] QLabel {{ font-size: {round(base * 1.15)}px; background: transparent; }}
QPushButton[role="card"] {{ padding: 4px 12px; min-height: 28px; }}
QPushButton[role="card"]:focus {{ padding: {4 - 4 + line}px {12 - 4 + line}px; }}
QPushButton:disabled {{ color: {off_fg}; background: {off_bg}; }}
QPushButton:focus {{ border: 4px solid #ffb000; padding: {pad_y - 4 + line}px {pad_x - 4 + line}px; }}
QProgressBar {{ border: 1px solid #888888; border-radius: 5px; background: {bar_bg}; }}
QProgressBar::chunk {{ background: {accent}; border-radius: 5px; }}
QScrollBar:vertical {{ width: 16px; background: {bar_bg}; border-radius: 8px; margin: 0; }}
QScrollBar::handle:vertical {{ background: {accent}; border-radius: 8px; min-height: 48px; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
"""
