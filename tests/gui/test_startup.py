"""Start-up work after the first paint (issue 21): gui/startup.py (its use for the store's
backup at each start: tests/gui/test_review.py)."""

from __future__ import annotations

import linecache
from typing import Any

import pytest


def test_tasks_wait_for_the_first_paint_run_in_order_and_survive_a_failure(
        qtbot: Any, caplog: pytest.LogCaptureFixture) -> None:
    from PySide6.QtWidgets import QApplication, QLabel

    from tilewise.gui.startup import AfterFirstPaint

    label = QLabel("start")
    qtbot.addWidget(label)
    later = AfterFirstPaint(label)
    ran: list[str] = []

    def broken() -> None:
        ran.append("broken")
        raise RuntimeError("boom")

    later.add(lambda: ran.append("last"), last=True)
    later.add(lambda: (ran.append("second"), later.add(lambda: ran.append("third"))))
    later.add(broken)
    later.add(lambda: ran.append("first"), first=True)
    for _ in range(5):
        QApplication.processEvents()
    assert ran == [] and not later.painted  # never shown: never painted, nothing ran
    label.show()
    qtbot.waitUntil(lambda: len(ran) == 5, timeout=3000)
    assert later.painted and ran == ["first", "second", "broken", "third", "last"]
    assert "a start-up task failed" in caplog.text
    later.add(lambda: ran.append("after the paint"))
    qtbot.waitUntil(lambda: len(ran) == 6, timeout=3000)



def test_a_pack_checked_after_the_paint_is_left_out_when_its_moves_fail(
        qtbot: Any, home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """First start, no pack cache: the library shows the packs read and shape-checked, their
    moves are checked after the first paint, a lesson at a time; a pack whose answers the core
    contradicts leaves the library and is reported; the good one is cached for the next start.
    The learner's first key press runs the checks left to their end before it is delivered."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QMessageBox

    from tests.lessons.conftest import MANIFEST, lesson, toml_text
    from tilewise.gui import app
    from tilewise.lessons.pack import clear_cache
    from tilewise.store.paths import cache_dir

    bad = lesson("bad")
    bad["steps"][2]["quiz"]["options"][1]["result"] = {"to": "S"}  # a wrong option "right"
    folder = home / "bad-pack"
    folder.mkdir()
    (folder / "pack.toml").write_text(toml_text(MANIFEST), encoding="utf-8")
    (folder / "01-bad.toml").write_text(toml_text(bad), encoding="utf-8")
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: told.append(box.text()) or 0)
    clear_cache()
    args = ["--profile", "Ana", "--lang", "en", "--pack", str(folder)]
    window = app.start(app.parser().parse_args(args))
    assert window is not None
    qtbot.addWidget(window)
    assert [p.id for p in window.packs] == ["core", "demo"] and len(window.pending) == 2
    assert any(c.pack_id == "demo" for c in window.library.cards)
    window.show()
    qtbot.waitUntil(lambda: not window.pending and bool(told), timeout=20000)
    assert [p.id for p in window.packs] == ["core"]
    assert not any(c.pack_id == "demo" for c in window.library.cards)
    assert "steps[2].quiz.options[1].result" in told[0]
    assert len(list(cache_dir().glob("pack-*.json"))) == 1  # the core pack, checked, kept
    qtbot.waitUntil(lambda: window.after_paint._tasks == [], timeout=5000)
    # the sources PySide6's import hook read are not kept (peak memory, issue 21)
    assert not any(name.endswith("mainwindow.py") for name in linecache.cache)
    window.close()

    clear_cache()  # again, with the cache: only the bad pack's check waits; a key press
    window = app.start(app.parser().parse_args(args))  # before the paint finishes it
    assert window is not None
    qtbot.addWidget(window)
    assert [c.pack.id for c in window.pending] == ["demo"]
    QApplication.sendEvent(window, _key_press(Qt.Key.Key_Down))
    assert not window.pending and [p.id for p in window.packs] == ["core"]
    window.show()
    qtbot.waitUntil(lambda: len(told) == 2, timeout=5000)
    window.close()


def _key_press(key: Any) -> Any:
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    return QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)
