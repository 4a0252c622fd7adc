"""Pack and learner text is plain text in the library (issue 15, item 1): a pack whose title,
summary, lesson titles and goals hold HTML (an image of /dev/zero that ate memory until the app
aborted, a large red warning) is shown literally, as the characters the author typed.
Not yet covered here: the lesson player's headings, pictures and captions (gui/player is being
rewritten under issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tests.hardening.packs import copy_core, read_toml, write_toml
from tilewise.lessons.pack import clear_cache, load_pack

HTML = "<img src='/dev/zero'><b style='color:red;font-size:40pt'>YOUR PROGRESS WAS DELETED</b>"


def test_html_in_pack_text_shows_literally_in_the_library(tmp_path: Path, window: Any) -> None:
    folder = copy_core(tmp_path / "html")
    manifest = read_toml(folder / "pack.toml")
    manifest.update(title="Pack " + HTML, summary="Summary " + HTML)
    manifest.pop("glossary", None)
    write_toml(folder / "pack.toml", manifest)
    for path in sorted(folder.glob("0*.toml")):
        data = read_toml(path)
        data.update(title="Title " + HTML, goal="Goal " + HTML)
        write_toml(path, data)
    pack = load_pack(folder)
    clear_cache()
    window.packs = [pack]
    window.profile = window.store.create_profile("<i>Kim</i>", "en")
    window.show_library()
    labels = window.library.findChildren(QLabel)
    shown = [label for label in labels if HTML in label.text()]
    assert len(shown) >= 2 + 2 * len(pack.lessons)
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in shown)
    heading = window.library.heading
    assert "<i>Kim</i>" in heading.text() and heading.textFormat() == Qt.TextFormat.PlainText
