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


def test_pack_text_beside_tiles_is_escaped_as_html_escape_does(qapp: Any) -> None:
    """Markup in pack text next to a tile character stays text: each character as
    ``html.escape`` writes it (quotes too), line breaks as ``<br>``; ``html`` itself is not
    imported (its entity tables: ~340 kB, issue 21)."""
    import html
    import subprocess
    import sys
    from pathlib import Path

    text = "<b>a & \"b\" 'c'</b>\n\U0001F004 é<br>"
    label = QLabel()
    set_text_with_tiles(label, text, TileImages())
    shown = label.text()
    expected = "".join(html.escape(ch).replace("\n", "<br>") for ch in text if ch != "\U0001F004")
    assert shown.startswith(expected[:expected.index("<br>") + 4])
    assert shown.endswith(expected[expected.index("<br>") + 4:])
    assert "<b>" not in shown and "&lt;b&gt;a &amp; &quot;b&quot; &#x27;c&#x27;" in shown
    root = Path(__file__).resolve().parents[2]
    code = "import sys, tilewise.gui.player.text; print('html' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(root / "desktop"), "QT_QPA_PLATFORM": "offscreen"},
                          timeout=60, check=True)
    assert done.stdout.strip() == "False", done.stdout
