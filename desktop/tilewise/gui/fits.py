"""Does a laid-out screen show all it holds? The measures of the layout contract (issue 16).

One measure for every caller: ``tests/gui/test_layout_contract.py`` runs it over every screen
at 1024x768, and the translator's preview (``gui.translate.preview``) over the step a
translation is drawn in, so both call the same thing "cut off".

- :func:`cut_off`: the visible widgets whose text is cut (a word-wrapped label shorter than
  its text at its width, ``heightForWidth``; a label without wrapping smaller than its minimum
  size hint, the font's ``horizontalAdvance`` of each line plus the style sheet's padding and
  border; a push button whose contents rectangle, inside its border and padding, is smaller
  than its text and icon).
- :func:`out_of_sight`: the scrolling areas (``gui.scroll``: a page's middle, a task's band of
  words) whose content is taller than they are: nothing is cut, but some of it shows only
  after scrolling (on a projector, the room does not see it).

All sizes are logical pixels. Nothing here changes a widget.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QPushButton, QStyle, QStyleOptionButton, QWidget

from tilewise.gui.scroll import PageArea, TextArea

__all__ = ["Cut", "cut_off", "out_of_sight"]


@dataclass(frozen=True)
class Cut:
    """One widget whose text does not fit it.

    ``kind``: ``"wrapped"`` (a word-wrapped label: ``needed`` is its text's height at its
    width), ``"label"`` (a label without wrapping) or ``"button"`` (``shown`` is the room
    inside its border and padding); ``name``: its object name, else its class name;
    ``text``: its text (a button's without the ``&`` of its shortcut)."""

    kind: str
    name: str
    shown: QSize
    needed: QSize
    text: str


def _button_cut(button: QPushButton) -> Cut | None:
    option = QStyleOptionButton()
    button.initStyleOption(option)
    inside = button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents,
                                           option, button)
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    width = button.fontMetrics().horizontalAdvance(text) if text else 0
    height = button.fontMetrics().height() if text else 0
    if not button.icon().isNull():
        width += button.iconSize().width() + (4 if text else 0)
        height = max(height, button.iconSize().height())
    if width > inside.width() + 1 or height > inside.height() + 1:
        return Cut("button", button.objectName() or type(button).__name__, inside.size(),
                   QSize(width, height), text)
    return None


def _label_cut(label: QLabel) -> Cut | None:
    name = label.objectName() or type(label).__name__
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        if need > label.height() + 1:
            return Cut("wrapped", name, label.size(), QSize(label.width(), need), label.text())
        return None
    hint = label.minimumSizeHint()
    if hint.width() > label.width() + 1 or hint.height() > label.height() + 1:
        return Cut("label", name, label.size(), hint, label.text())
    return None


def cut_off(root: QWidget) -> list[Cut]:
    """Every visible widget of ``root`` (``root`` too) whose text does not fit it (one pixel
    of rounding allowed), in ``findChildren`` order."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) or widget.width() <= 0:
            continue
        cut: Cut | None = None
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            cut = _label_cut(widget)
        elif isinstance(widget, QPushButton) and (widget.text() or not widget.icon().isNull()):
            cut = _button_cut(widget)
        if cut is not None:
            found.append(cut)
    return found


def out_of_sight(root: QWidget) -> int:
    """How many logical pixels of height, at most, one visible scrolling area of ``root``
    (a :class:`~tilewise.gui.scroll.PageArea` or :class:`~tilewise.gui.scroll.TextArea`)
    keeps out of sight: its content's height less its viewport's (0: everything shows)."""
    hidden = 0
    for area in [*root.findChildren(PageArea), *root.findChildren(TextArea)]:
        content = area.widget()
        if content is None or not area.isVisibleTo(root):
            continue
        hidden = max(hidden, content.height() - area.viewport().height())
    return hidden
