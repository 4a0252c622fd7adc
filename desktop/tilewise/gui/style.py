"""The app's look: large type and high contrast, readable at the back of a room.

``style_sheet(theme, text_scale)`` returns the Qt style sheet; ``contrast`` is the projector
theme (black on white, thick outlines). Sizes are in logical pixels and follow the text scale.
"""

from __future__ import annotations


def style_sheet(theme: str = "classic", text_scale: float = 1.0) -> str:
    """The application style sheet for ``theme`` at ``text_scale`` (0.5-3.0)."""
    base = round(18 * text_scale)
    big = round(26 * text_scale)
    huge = round(32 * text_scale)
    if theme == "contrast":
        bg, fg, card, accent, good, bad = "#ffffff", "#000000", "#ffffff", "#0044cc", "#005a1e", "#b00000"
        border = "3px solid #000000"
    else:
        bg, fg, card, accent, good, bad = "#f4f1e8", "#1b1b1b", "#ffffff", "#1f5c45", "#1d6b3a", "#a32020"
        border = "2px solid #b9b2a0"
    return f"""
QWidget {{ font-size: {base}px; color: {fg}; }}
QMainWindow, QDialog, QScrollArea > QWidget > QWidget {{ background: {bg}; }}
QLabel#lessonTitle, QLabel#libraryHeading {{ font-size: {huge}px; font-weight: bold; }}
QLabel#packTitle {{ font-size: {big}px; font-weight: bold; color: {accent}; }}
QLabel#stepTitle, QLabel#cardTitle {{ font-size: {big}px; font-weight: bold; }}
QLabel#stepText {{ font-size: {round(base * 1.1)}px; }}
QLabel#stepCounter {{ font-size: {base}px; font-weight: bold; }}
QLabel#cardNote {{ color: #444444; }}
QLabel#teacherNotes {{ color: #5a3d00; background: #fff3c4; padding: 6px; border-radius: 6px; }}
QLabel#cardLocked {{ color: {bad}; font-weight: bold; }}
QFrame#lessonCard {{ background: {card}; border: {border}; border-radius: 10px; padding: 6px; }}
QLabel#feedback {{ font-size: {round(base * 1.1)}px; padding: 8px; border-radius: 8px;
                   border: {border}; background: {card}; min-height: {round(base * 1.1 * 4.2)}px; }}
QLabel#feedback[verdict="none"] {{ border: 2px dashed #c9c2b0; background: transparent;
                                   color: #5c5648; }}
QLabel#feedback[verdict="good"] {{ border: 4px solid {good}; color: {good}; }}
QLabel#feedback[verdict="bad"] {{ border: 4px solid {bad}; color: {bad}; }}
QPushButton {{ padding: 8px 16px; border: {border}; border-radius: 8px; background: {card};
               min-height: 36px; }}
QPushButton:default {{ background: {accent}; color: white; }}
QPushButton[role="option"] {{ font-size: {round(base * 1.15)}px; text-align: left; padding: 10px 18px; }}
QPushButton:disabled {{ color: #8a8a8a; background: #e4e0d6; }}
QPushButton:focus {{ border: 4px solid #ffb000; }}
QProgressBar {{ border: 1px solid #888888; border-radius: 5px; background: #e8e4da; }}
QProgressBar::chunk {{ background: {accent}; border-radius: 5px; }}
"""
