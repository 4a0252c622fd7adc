"""GUI fixtures: a main window over the real core pack, with progress in a temporary home."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tilewise.i18n import set_language


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder under ``tmp_path`` (TILEWISE_HOME)."""
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="session")
def core_pack() -> Any:
    """The bundled core pack, loaded and validated."""
    from tilewise.lessons.pack import load_pack
    from tilewise.store.paths import lessons_dir

    return load_pack(lessons_dir() / "core")


@pytest.fixture
def window(qtbot: Any, home: Path, core_pack: Any) -> Iterator[Any]:
    """A shown main window (English) for the learner "Sam"."""
    from tilewise.gui.app import make_application
    from tilewise.gui.mainwindow import MainWindow
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    make_application()
    set_language("en")
    store = ProgressStore(home / "progress.sqlite3")
    profile = store.create_profile("Sam", "en")
    win = MainWindow(store, Settings(), [core_pack], profile,
                     settings_path=home / "settings.toml")
    qtbot.addWidget(win)
    win.resize(1024, 768)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
    store.close()
    set_language("en")


def start_shown(qtbot: Any, argv: list[str]) -> Any:
    """``tilewise ARGV`` started as a person starts it (``gui.app.start``), the window shown at
    1024x768 and exposed; the caller closes it and its store."""
    from tilewise.gui import app

    window = app.start(app.parser().parse_args(argv))
    assert window is not None
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def open_step(win: Any, lesson_id: str, step_id: str) -> Any:
    """Open ``lesson_id`` in the player at the step ``step_id``; return the player."""
    pack = win.packs[0]
    lesson = pack.lesson(lesson_id)
    index = [s.id for s in lesson.steps].index(step_id)
    win.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
    win.stack.setCurrentWidget(win.player)
    QApplication.processEvents()  # laid out and drawn, as the learner sees it before a move
    return win.player


def item(player: Any, tile_id: int) -> Any:
    """The scene item drawn now for model tile ``tile_id``."""
    found = player.table_scene.item_for(tile_id)
    assert found is not None, tile_id
    return found


def rack_index(player: Any, code: str) -> int:
    """The model id of a movable rack tile ``code`` not yet placed in a zone."""
    for tile in player.table_scene.tiles:
        if tile.code == code and tile.movable and tile.area == "rack":
            return int(tile.tile_id)
    raise LookupError(code)


def select_by_keyboard(player: Any, wanted: list[str], press: Callable[[Qt.Key], None],
                       limit: int = 40) -> None:
    """Select the rack tiles ``wanted`` (codes) as a learner without a mouse does: Right
    until a wanted tile has the focus, Space on it; at most ``limit`` presses."""
    wanted, presses = list(wanted), 0
    while wanted:
        presses += 1
        assert presses <= limit, f"the tiles {wanted} were not reached"
        focused = player.table_scene.focused_tile()
        if focused is not None and focused.code in wanted and not focused.selected_:
            wanted.remove(focused.code)
            press(Qt.Key.Key_Space)
        else:
            press(Qt.Key.Key_Right)


def press_focused(key: Qt.Key, *, never: Any = None) -> None:
    """Press ``key`` on the widget with the keyboard focus (there must be one, and not
    ``never``: e.g. "Lessons", whose Enter leaves the lesson), then let Qt react."""
    from PySide6.QtTest import QTest

    target = QApplication.focusWidget()
    assert target is not None and target is not never
    QTest.keyClick(target, key)
    QApplication.processEvents()


@pytest.fixture(autouse=True)
def _unstyled_after() -> Iterator[None]:
    """``app.start()`` styles the one QApplication of the run; every test after it measures
    layouts as it expects (tests that need the app's look set it themselves)."""
    yield
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.styleSheet():
        app.setStyleSheet("")
