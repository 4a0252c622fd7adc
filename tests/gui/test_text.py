"""INPUTS 13: tile characters in lesson text are drawn as our own tile pictures, all alike."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel

from tilewise.gui.player.text import UNICODE_TILES, set_text_with_tiles
from tilewise.gui.tiles.images import TileImages


def test_dragons_become_three_inline_tile_images(qapp: Any) -> None:
    label = QLabel()
    set_text_with_tiles(label, "Dragons: \U0001F004\ufe0f \U0001F005 \U0001F006", TileImages())
    text = label.text()
    assert text.count("<img ") == 3
    assert "\U0001F004" not in text and "\ufe0f" not in text
    assert text.startswith("Dragons: ")


def test_plain_text_stays_plain(qapp: Any) -> None:
    label = QLabel()
    set_text_with_tiles(label, "Pass <three> tiles", TileImages())
    assert label.text() == "Pass <three> tiles"


def test_every_tile_character_has_a_face(qapp: Any) -> None:
    images = TileImages()
    assert len(UNICODE_TILES) == 44
    for code in UNICODE_TILES.values():
        assert not images.renderer.pixmap(code, 24).isNull()
