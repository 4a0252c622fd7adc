"""Lesson text with tiles in it: tile characters drawn as our own tile pictures, tile rows.

``set_text_with_tiles`` shows a step's text in a label, each Unicode mahjong tile character
(U+1F000..U+1F02B, INPUTS 13) as an inline picture from the tile renderer; ``tile_row`` draws
tiles side by side (quiz options with tiles). The label's accessible name is the text's
words, each tile character spoken as its tile's name ("pass the Joker"), so a screen reader
reads the instruction itself, not only "Lesson text" (issue 16).
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QLabel

from tilewise.gui.reasons import tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _

#: Unicode mahjong tiles (U+1F000..U+1F02B) -> protocol codes (INPUTS 13).
UNICODE_TILES: dict[str, str] = {
    **{chr(0x1F000 + i): code for i, code in enumerate(("E", "S", "W", "N", "RD", "GD", "WD"))},
    **{chr(0x1F007 + i): f"{i + 1}C" for i in range(9)},
    **{chr(0x1F010 + i): f"{i + 1}B" for i in range(9)},
    **{chr(0x1F019 + i): f"{i + 1}D" for i in range(9)},
    **{chr(0x1F022 + i): f"F{i + 1}" for i in range(8)},
    chr(0x1F02A): "J",
    chr(0x1F02B): "back",
}
_VARIATION = {"\ufe0e", "\ufe0f"}
#: A character of pack text in rich text: ``html.escape`` (quotes too) and line breaks as
#: ``<br>``, without importing ``html``, whose entity tables for unescaping are about 340 kB
#: of memory (issue 21, peak memory).
_ESCAPED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;",
                          "\n": "<br>"})


def set_text_with_tiles(label: QLabel, text: str, images: TileImages) -> None:
    """Show ``text`` in ``label``; mahjong tile characters become our own tile pictures.

    A text font would draw U+1F004 (red dragon) as a colour emoji and the others as plain
    glyphs (INPUTS 13); here every tile character is an inline image from the tile renderer,
    sized to the text, so all look alike. Text without tile characters stays plain text.
    The accessible name is :func:`spoken` ``text``; the description says what it is.
    """
    label.setAccessibleName(spoken(text))
    # TRANSLATORS: screen readers: what the text above the table is
    label.setAccessibleDescription(_("Lesson text"))
    if not any(ch in UNICODE_TILES for ch in text):
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setText(text)
        return
    height = max(16, round(label.fontMetrics().height() * 1.4))
    dpr = label.devicePixelRatioF()
    parts: list[str] = []
    for ch in text:
        code = UNICODE_TILES.get(ch)
        if code is not None:
            pix = images.pixmap(code, height, dpr)
            data = QByteArray()
            buffer = QBuffer(data)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            pix.save(buffer, "PNG")
            width = round(pix.deviceIndependentSize().width())
            parts.append(f'<img src="data:image/png;base64,{data.toBase64().toStdString()}" '
                         f'width="{width}" height="{height}" style="vertical-align: middle">')
        elif ch not in _VARIATION:
            parts.append(ch.translate(_ESCAPED))
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText("".join(parts))


def spoken(text: str) -> str:
    """``text`` for a screen reader: each tile character replaced by its tile's name in the
    current language ("\U0001F02A" -> "Joker"), variation selectors dropped."""
    parts: list[str] = []
    for ch in text:
        code = UNICODE_TILES.get(ch)
        if code is not None:
            parts.append(f" {tile_name(code)} ")
        elif ch not in _VARIATION:
            parts.append(ch)
    words = re.sub(r" {2,}", " ", "".join(parts))
    return re.sub(r" +([.,;:!?)])", r"\1", words).strip()


def tile_row(images: TileImages, tiles: Any, height: int, dpr: float) -> QPixmap:
    """One pixmap of ``tiles`` side by side, ``height`` logical pixels high."""
    faces = [images.pixmap(str(code), height, dpr) for code in tiles]
    gap = 4
    width = sum(round(f.deviceIndependentSize().width()) for f in faces) + gap * (len(faces) - 1)
    row = QPixmap(round(max(1, width) * dpr), round(height * dpr))
    row.setDevicePixelRatio(dpr)
    row.fill(Qt.GlobalColor.transparent)
    painter = QPainter(row)
    x = 0.0
    for face in faces:
        painter.drawPixmap(QPointF(x, 0), face)
        x += face.deviceIndependentSize().width() + gap
    painter.end()
    return row


__all__ = ["UNICODE_TILES", "set_text_with_tiles", "spoken", "tile_row"]
