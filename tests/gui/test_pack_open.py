"""``tilewise --pack FOLDER``: the opened pack is shown where the person looks (a copy of the
core pack looked the same as core at both ends of the library), and a pack that fails to
load is named as left out (newcomer report, screenshots 124-127)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from tilewise.gui.dialogs.problems import ProblemsDialog

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"


def _copy(tmp_path: Path, name: str, title: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(CORE, folder)
    meta = folder / "pack.toml"
    text = meta.read_text(encoding="utf-8").replace('id = "core"', f'id = "{name}"', 1)
    text = text.replace('title = "Mahjong basics"', f'title = "{title}"', 1)
    meta.write_text(text, encoding="utf-8")
    return folder


def test_opened_pack_is_revealed_and_a_broken_one_named_left_out(
        home: Path, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise.gui import app

    good = _copy(tmp_path, "htmlpack", "<b>big</b> basics")
    broken = _copy(tmp_path, "broken", "Broken")
    (broken / "pack.toml").write_text("id = [not toml", encoding="utf-8")
    args = app.parser().parse_args(["--profile", "Lee", "--lang", "en",
                                    "--pack", str(broken), "--pack", str(good)])
    window = app.start(args)
    assert window is not None
    qtbot.addWidget(window)
    assert [p.id for p in window.packs] == ["core", "htmlpack"]
    assert app.opened_pack(window, list(args.pack)) == "htmlpack"
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    assert not window.library.reveal_pack("no-such-pack")
    bar = window.library.scroller.verticalScrollBar()
    assert bar.value() == 0
    assert window.library.reveal_pack("htmlpack")
    title = next(t for t in window.library.findChildren(QLabel, "packTitle")
                 if t.property("packId") == "htmlpack")
    assert title.text() == "<b>big</b> basics"  # plain text, as written
    assert bar.value() > 0 and bar.value() == title.y()
    shown: list[str] = []
    monkeypatch.setattr(ProblemsDialog, "exec", lambda box: shown.append(box.text()) or 0)
    window.report_problems()
    assert len(shown) == 1 and "left out" in shown[0] and "pack.toml" in shown[0]
    window.close()
    window.store.close()


def test_a_last_small_pack_stays_whole_in_view_when_the_library_gets_shorter(
        home: Path, qtbot: Any, tmp_path: Path) -> None:
    """The tester's own one-lesson pack, last in the library: revealed, then the view made
    shorter (as the review line shown once the packs are loaded does), its heading and card
    are still whole in view (the card's bottom was cut off); once the person has scrolled,
    a change of the view's height no longer moves it."""
    from PySide6.QtCore import QPoint

    from tests.lessons.conftest import MANIFEST, lesson, toml_text
    from tilewise.gui import app

    own = tmp_path / "own"
    own.mkdir()
    (own / "pack.toml").write_text(toml_text({**MANIFEST, "id": "own", "title": "Own"}),
                                   encoding="utf-8")
    (own / "01-one.toml").write_text(toml_text(lesson("hello")), encoding="utf-8")
    window = app.start(app.parser().parse_args(["--profile", "Lee", "--lang", "en",
                                                "--pack", str(own)]))
    assert window is not None
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    library = window.library
    assert library.reveal_pack("own")
    bar, view = library.scroller.verticalScrollBar(), library.scroller.viewport()

    def in_view(widget: Any) -> tuple[int, int]:
        top = widget.mapTo(view, QPoint(0, 0)).y()
        return top, top + widget.height()

    title = next(t for t in library.findChildren(QLabel, "packTitle")
                 if t.property("packId") == "own")
    card = next(c for c in library.cards if c.pack_id == "own")
    window.resize(1024, 668)  # the review line and the room's buttons take 100 px more
    qtbot.waitUntil(lambda: view.height() < 500)
    assert bar.value() == bar.maximum() > 0
    assert 0 <= in_view(title)[0] and in_view(card)[1] <= view.height(), (
        in_view(title), in_view(card), view.height())
    bar.setValue(0)  # the person scrolls to the top
    window.resize(1024, 600)
    qtbot.waitUntil(lambda: view.height() < 440)
    assert bar.value() == 0
    window.close()
    window.store.close()
