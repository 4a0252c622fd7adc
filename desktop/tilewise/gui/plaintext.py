"""Pack and learner text shown as the characters typed, never as markup (issue 15, item 1).

A QLabel, QMessageBox or tooltip guesses whether its text is rich text (``Qt.mightBeRichText``):
a pack title or learner name holding ``<img src='/dev/zero'>`` would be read as HTML, and that
image once ate memory until the app aborted. Labels that show such text get
:func:`make_plain`; tooltips, which have no text format of their own, get :func:`plain_tip`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel

if TYPE_CHECKING:  # its enums cost time at start (issue 21)
    from PySide6.QtWidgets import QMessageBox


def make_plain(*labels: QLabel | QMessageBox) -> None:
    """Have each of ``labels`` show its text literally (``Qt.TextFormat.PlainText``)."""
    for label in labels:
        label.setTextFormat(Qt.TextFormat.PlainText)


def plain_label(object_name: str = "") -> QLabel:
    """A word-wrapped label that shows its text as plain text (never rich text), for sentences
    built from codes and pack or learner text."""
    label = QLabel()
    if object_name:
        label.setObjectName(object_name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_tip(text: str) -> str:
    """``text`` as a tooltip that shows literally: text Qt would take for rich text is
    escaped (``Qt.convertFromPlainText``: ``<`` becomes ``&lt;``, line breaks stay)."""
    if GuiQt.mightBeRichText(text):
        return GuiQt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre)
    return text


def unbroken(name: str) -> str:
    """``name`` (a file name or path shown inside a sentence) with no place a wrapped line may
    break inside it: each space becomes a no-break space (U+00A0) and a WORD JOINER (U+2060,
    invisible) follows each hyphen, dash or slash, where Qt's line breaking (Unicode UAX #14)
    would otherwise break ("ana-" / "gui.json", tester 6). The sentence still wraps before or
    after the name; a name wider than the line overflows it whole. Other characters are kept, so
    the shaping of a Devanagari name is unchanged. For display only: never write the result
    to disk or compare it with a real name."""
    out: list[str] = []
    for char in name:
        if char == " ":
            out.append("\u00a0")
        elif char in "-\u2010\u2012\u2013\u2014/\\":
            out.append(char + "\u2060")
        else:
            out.append(char)
    return "".join(out)


LONGEST_RUN = 20
"""The longest run of characters with no place to break (a space, hyphen, dash or slash) that
:func:`breakable` keeps whole: the longest word of the core pack's texts in every language is 20
("aufeinanderfolgender")."""

_RUN = re.compile(r"[^\s\-/\u2010-\u2014\u200b]{" + str(LONGEST_RUN + 1) + ",}")


def breakable(text: str) -> str:
    """``text`` (pack or learner text for a word-wrapped label) with a place to break after each
    character of every run longer than :data:`LONGEST_RUN` that has none: a ZERO WIDTH SPACE
    (U+200B, invisible; Unicode UAX #14 breaks after it). A label wraps at word boundaries only,
    so a 3990-character lesson title with no space made each lesson card thousands of pixels
    wide, and the library wider than the window (tester 7, shots 085, 086); now such a run
    wraps wherever the line ends, as ``QTextOption.WrapAtWordBoundaryOrAnywhere`` would, and
    words stay whole. No break goes before a combining mark or after a virama or a joiner, so
    a Devanagari cluster is shaped as before. Text with no such run is returned as it is (the
    same object). For display only: keep the original for names, tooltips and comparisons."""
    if len(text) <= LONGEST_RUN or _RUN.search(text) is None:
        return text
    return _RUN.sub(_break_run, text)


def _break_run(match: re.Match[str]) -> str:
    run = match.group()
    out = [run[0]]
    for before, char in zip(run, run[1:], strict=False):
        if not (unicodedata.category(char).startswith("M") or before in "\u200c\u200d"
                or unicodedata.combining(before) == 9):  # 9: a virama
            out.append("\u200b")
        out.append(char)
    return "".join(out)


__all__ = ["LONGEST_RUN", "breakable", "make_plain", "plain_label", "plain_tip", "unbroken"]
