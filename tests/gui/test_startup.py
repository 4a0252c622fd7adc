"""Start-up work after the first paint (issue 21): gui/startup.py (its use for the store's
backup at each start: tests/gui/test_review.py)."""

from __future__ import annotations

import linecache
from pathlib import Path
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
    """First start, no pack cache: the library shows the packs from their files (their
    entries), they are read and shape-checked at the first ask for them (here at once; else
    after the first paint), their moves are checked after the first paint, a lesson at a
    time; a pack whose answers the core contradicts leaves the library and is reported; the
    good one is cached for the next start. The learner's first key press loads the packs and
    runs the checks left to their end before it is delivered."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tests.lessons.conftest import MANIFEST, lesson, toml_text
    from tilewise.gui import app
    from tilewise.gui.dialogs.problems import ProblemsDialog
    from tilewise.lessons.pack import clear_cache
    from tilewise.store.paths import cache_dir

    bad = lesson("bad")
    bad["steps"][2]["quiz"]["options"][1]["result"] = {"to": "S"}  # a wrong option "right"
    folder = home / "bad-pack"
    folder.mkdir()
    (folder / "pack.toml").write_text(toml_text(MANIFEST), encoding="utf-8")
    (folder / "01-bad.toml").write_text(toml_text(bad), encoding="utf-8")
    told: list[str] = []
    monkeypatch.setattr(ProblemsDialog, "exec", lambda box: told.append(box.text()) or 0)
    clear_cache()
    args = ["--profile", "Ana", "--lang", "en", "--pack", str(folder)]
    window = app.start(app.parser().parse_args(args))
    assert window is not None
    qtbot.addWidget(window)
    assert window.loading and any(c.pack_id == "demo" for c in window.library.cards)
    assert [p.id for p in window.packs] == ["core", "demo"] and len(window.pending) == 2
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
    window = app.start(app.parser().parse_args(args))  # before the paint loads the packs
    assert window is not None  # and finishes it
    qtbot.addWidget(window)
    assert window.loading and [p.id for p in window.shelf] == ["core", "demo"]
    QApplication.sendEvent(window, _key_press(Qt.Key.Key_Down))
    assert not window.loading and not window.pending
    assert [p.id for p in window.packs] == ["core"]
    window.show()
    qtbot.waitUntil(lambda: len(told) == 2, timeout=5000)
    window.close()


@pytest.mark.parametrize("press", ["click", "F5"])
def test_the_first_press_through_the_window_finishes_the_checks_and_only_it_is_watched(
        qtbot: Any, home: Any, monkeypatch: pytest.MonkeyPatch, press: str) -> None:
    """First start: the gate that finishes the pack checks before the learner's first press
    watches the main window and its window-system window only, never each widget's events
    while the library is built and shown. A real click on a card or F5 (a shortcut, which no
    widget gets as a key press) comes through the window: it runs the checks to their end
    before it is delivered, and then opens the lesson or presenter mode."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tilewise.gui import app, startup
    from tilewise.gui.mainwindow import MainWindow
    from tilewise.lessons.pack import clear_cache

    watched: list[object] = []
    original = startup.BeforeInput.eventFilter

    def counted(self: Any, target: Any, event: Any) -> bool:
        watched.append(target)
        return original(self, target, event)

    monkeypatch.setattr(startup.BeforeInput, "eventFilter", counted)
    monkeypatch.setattr(MainWindow, "_check_step", lambda self, check: None)  # they wait
    clear_cache()
    window = app.start(app.parser().parse_args(["--profile", "Ana", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.after_paint.painted, timeout=5000)
    window.activateWindow()
    handle = window.windowHandle()
    pack, lesson = window.packs[0], window.packs[0].lessons[0]
    button = window.library.card(pack.id, lesson.id).button
    qtbot.waitUntil(lambda: QApplication.focusWidget() is button, timeout=5000)
    assert window.pending and window._gate.armed and handle is not None
    assert watched and all(t is window or t is handle for t in watched)
    if press == "click":
        QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         button.mapTo(window, button.rect().center()))
    else:
        QTest.keyClick(handle, Qt.Key.Key_F5)
    assert not window.pending and not window._gate.armed  # checked first
    if press == "click":
        qtbot.waitUntil(lambda: window.stack.currentWidget() is window.player, timeout=5000)
        assert window.player.lesson is not None and window.player.lesson.id == lesson.id
    else:
        shown = window.presenter
        assert shown is not None and shown.player.lesson is not None
        assert shown.player.lesson.id == lesson.id
        window.presenter.close()
    window.close()


def _key_press(key: Any) -> Any:
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    return QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)


# What the start imports before the first paint (issue 21: imports are most of the start-up
# time). Each room is imported when the learner first opens it; none of these is needed to
# show the library.
NOT_BEFORE_THE_PAINT = (
    "tilewise.gui.player", "tilewise.gui.practice.charleston", "tilewise.gui.practice.claims",
    "tilewise.gui.play", "tilewise.gui.glossary", "tilewise.gui.translate",
    "tilewise.gui.present", "tilewise.gui.dialogs.dialogs", "tilewise.gui.review.page",
    "tilewise.gui.tiles", "tilewise.gui.table", "tilewise.lessons.session",
    "tilewise.lessons.practice.lines", "tilewise.lessons.hand", "PySide6.QtSvg",
    "logging.handlers", "socket", "xml.etree", "fsrs",
)

# ... nor the packs themselves: the library is shown from their entries (``lessons.shelf``:
# read from their files at the first start, kept once they were checked for the next one),
# and they load after the paint; nor the review queue, which the library's line asks for
# once they are loaded.
PACKS_AFTER_THE_PAINT = (
    "tilewise.lessons.pack", "tilewise.lessons.model", "tilewise.lessons.moves",
    "tilewise.lessons.mastery", "tilewise.rules", "tilewise.store.review",
)

READY_PROBE = """
import gc, json, sys
real = sys.stdout
collections = []
class Out:
    def write(self, text):
        if text.startswith("READY") and not hasattr(Out, "seen"):
            Out.seen = sorted(sys.modules)
            Out.collector = [len(collections), gc.isenabled()]
        return real.write(text)
    def flush(self):
        real.flush()
sys.stdout = Out()
from tilewise.cli import main
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info))
code = main(["--profile", "Ana", "--lang", "en"])
sys.stdout = real
print("MODULES " + json.dumps(getattr(Out, "seen", None)))
print("COLLECTOR " + json.dumps([*getattr(Out, "collector", []), gc.isenabled()]))
sys.exit(code)
"""


def test_the_library_is_painted_before_any_room_is_imported(home: Any) -> None:
    """A real start (``TILEWISE_EXIT_WHEN_READY``: it quits once its start-up tasks are
    done): at its first paint no room, tile renderer, rotating log handler or SVG parser is
    imported yet; the rooms still open on first use (tests/gui/test_practice.py, test_player
    and the others open each from the library). No pack, lesson model or rules core either,
    at the first start (the library from the packs' files) as at the second (from the
    entries the first kept)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home),
               TILEWISE_EXIT_WHEN_READY="1", PYTHONPATH=str(root / "desktop"))
    for start in ("first", "warm"):
        done = subprocess.run([sys.executable, "-c", READY_PROBE], env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES "))
        loaded = json.loads(line.removeprefix("MODULES "))
        assert loaded, "no READY line"
        assert "tilewise.gui.library.library" in loaded and "tilewise.gui.mainwindow" in loaded
        later = NOT_BEFORE_THE_PAINT + PACKS_AFTER_THE_PAINT
        early = [m for m in loaded if any(m == n or m.startswith(n + ".") for n in later)]
        assert early == [], start
        # the cycle collector: no collection from the start to the first paint, running
        # again once the start-up tasks are done (gui.app.pause_collector / resume_collector)
        line = next(x for x in done.stdout.splitlines() if x.startswith("COLLECTOR "))
        assert json.loads(line.removeprefix("COLLECTOR ")) == [0, False, True]


def test_the_collector_resumes_with_what_start_up_made_in_the_oldest_generation(
        home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``resume_collector`` after a pause: what the pause made is in the oldest generation
    (not walked by the next young collection) and the collector runs; a running collector is
    left alone. ``main`` leaves it running on every way out: a start-up failure (its window),
    a cancelled start."""
    import gc

    from tilewise.gui import app

    assert gc.isenabled()
    app.pause_collector()
    made = [[n] for n in range(100)]  # tracked containers made during the pause
    assert not gc.isenabled() and gc.get_freeze_count() == 0
    app.resume_collector()
    assert gc.isenabled() and gc.get_freeze_count() == 0
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(item) in oldest for item in made)
    gc.freeze()  # a running collector: resume changes nothing (nothing unfrozen)
    try:
        frozen = gc.get_freeze_count()
        app.resume_collector()
        assert gc.get_freeze_count() == frozen and gc.isenabled()
    finally:
        gc.unfreeze()

    def broken(_args: object, **_how: object) -> None:
        assert not gc.isenabled()  # paused while the window is built
        raise RuntimeError("no display")

    shown: list[str] = []
    monkeypatch.setattr(app, "setup_logging", lambda: None)  # no log handler left behind
    monkeypatch.setattr(app, "route_qt_messages", lambda: None)
    monkeypatch.setattr(app, "start", broken)
    monkeypatch.setattr(app, "start_failed", lambda error, _log: shown.append(str(error)) or 1)
    assert app.main(["--profile", "Ana"]) == 1 and shown == ["no display"]
    assert gc.isenabled()
    monkeypatch.setattr(app, "start", lambda _args, **_how: None)  # the learner cancelled
    assert app.main(["--profile", "Ana"]) == 0 and gc.isenabled()


def test_the_start_log_is_rotated_after_the_paint_on_the_same_file(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``setup_logging`` writes with a plain appending handler (``StartLog``), ``rotate_log``
    puts the rotating one on the same file: the lines before and after are in it, and past
    ``LOG_BYTES`` the file rotates (3 old files kept). A file that cannot be opened again
    keeps the plain handler."""
    import logging
    import logging.handlers

    from tilewise.gui import app

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh process
    monkeypatch.setattr("tilewise.store.paths.log_dir", lambda: tmp_path)
    monkeypatch.setattr(app, "LOG_BYTES", 2000)
    path = app.setup_logging()
    assert path == tmp_path / "tilewise.log"
    assert [type(h) for h in root.handlers] == [app.StartLog]
    assert app.setup_logging() == path and len(root.handlers) == 1  # set up once
    logging.getLogger("tilewise").info("before the paint")
    app.rotate_log()
    [rotating] = root.handlers
    assert isinstance(rotating, logging.handlers.RotatingFileHandler)
    assert rotating.baseFilename == str(path) and rotating.backupCount == 3
    assert app.setup_logging() == path and root.handlers == [rotating]  # still set up once
    logging.getLogger("tilewise").info("after the paint")
    text = path.read_text(encoding="utf-8")
    assert "INFO tilewise: before the paint" in text and "after the paint" in text
    for n in range(60):
        logging.getLogger("tilewise").info("line %d of the session", n)
    assert (tmp_path / "tilewise.log.1").is_file() and path.stat().st_size < 2000
    rotating.close()

    monkeypatch.setattr(root, "handlers", [])
    assert app.setup_logging() == path
    start_log = root.handlers[0]

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(logging.handlers.RotatingFileHandler, "__init__", refuse)
    app.rotate_log()
    assert root.handlers == [start_log]  # the plain handler goes on writing
    start_log.close()


def test_the_import_hook_answers_the_same_and_keeps_no_lines(
        qapp: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """PySide6's hook still learns which new modules use PySide6 (0) and which do not (-1),
    but the source it read is not left in ``linecache`` (it was: 4-5 MB at start-up)."""
    import importlib
    import sys

    from tilewise.gui import startup

    feature = sys.modules["PySide6.support.feature"]
    names = feature.feature_imported.__globals__
    assert startup.keep_no_source_lines() and startup.keep_no_source_lines()  # once is enough
    assert names["_mod_uses_pyside"].keeps_no_lines
    assert not hasattr(names["_mod_uses_pyside"].__closure__[0].cell_contents,
                       "keeps_no_lines")  # not wrapped twice
    (tmp_path / "tw_uses_qt.py").write_text("import PySide6.QtCore\n", encoding="utf-8")
    (tmp_path / "tw_plain.py").write_text("VALUE = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    kept = str(tmp_path / "tw_uses_qt.py")
    assert linecache.getlines(kept)  # lines read before the import stay read
    importlib.invalidate_caches()
    __import__("tw_uses_qt")
    __import__("tw_plain")
    assert names["pyside_feature_dict"]["tw_uses_qt"] == 0
    assert names["pyside_feature_dict"]["tw_plain"] == -1
    assert [name for name in linecache.cache if str(tmp_path) in name] == [kept]
    # a module with a UTF-8 .py file is answered from the file: the hook's own answer for
    # each module loaded (ours and the standard library's), a Latin-1 one as the hook does
    for name in ("tilewise.gui.mainwindow", "tilewise.lessons.pack", "tilewise.rules.tiles"):
        importlib.import_module(name)
    (tmp_path / "tw_latin.py").write_bytes(b"# -*- coding: latin-1 -*-\nA = '\xe9 PySide6'\n")
    __import__("tw_latin")
    asked = names["_mod_uses_pyside"]
    original = asked.__closure__[0].cell_contents
    loaded = [m for _name, m in sorted(sys.modules.items())
              if str(getattr(m, "__file__", "")).endswith(".py")]
    assert sum(m.__name__.startswith("tilewise.") for m in loaded) > 30
    answers = [(m.__name__, asked(m)) for m in loaded]
    before = set(linecache.cache)
    assert answers == [(m.__name__, original(m)) for m in loaded]
    for name in set(linecache.cache) - before:  # what the hook's own reading kept
        linecache.cache.pop(name, None)
    assert ("tilewise.gui.startup", True) in answers and ("tilewise.rules.tiles", False) in answers
    assert ("tw_latin", True) in answers and ("tw_plain", False) in answers


def test_a_start_drops_the_source_lines_read_before_it(
        qtbot: Any, home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines in ``linecache`` when the start begins (those PySide6's hook read for the
    modules imported before ``keep_no_source_lines``: ~3.6 MB) are gone before the window is
    built, not kept until the first paint's tasks or the player (issue 21, peak memory: the
    window's objects took new heap arenas while those lines still filled the old ones)."""
    from tilewise.gui import app, mainwindow

    assert linecache.getlines(app.__file__)  # read before the start, as the hook read it
    kept: list[bool] = []
    built = mainwindow.MainWindow.__init__

    def building(self: Any, *args: Any, **kwargs: Any) -> None:
        kept.append(app.__file__ in linecache.cache)
        built(self, *args, **kwargs)

    monkeypatch.setattr(mainwindow.MainWindow, "__init__", building)
    window = app.start(app.parser().parse_args(["--profile", "Ana", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    assert kept == [False]
    assert linecache.getlines(app.__file__)  # a traceback reads them again


def test_without_the_hook_there_is_nothing_to_change(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from tilewise.gui import startup

    monkeypatch.setitem(sys.modules, "PySide6.support.feature", None)
    assert startup.keep_no_source_lines() is False


def test_a_window_maximised_at_start_is_laid_out_at_one_size(qtbot: Any, home: Any) -> None:
    """``show_fitted`` on a screen smaller than the window: maximised, and sized before it is
    shown to the screen less the frame the platform tells (the offscreen platform's 2 px), so
    every resize the window gets is to the size it is shown at (it was laid out at the whole
    screen's size first, then again without the frame: issue 21)."""
    from PySide6.QtCore import QEvent, QObject, QSize, Qt

    from tilewise.gui import app

    window = app.start(app.parser().parse_args(["--profile", "Ana", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    available = window.screen().availableGeometry()
    window.resize(available.width() + 200, available.height() + 100)
    sizes: list[QSize] = []

    class Resizes(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Resize:
                sizes.append(QSize(window.size()))
            return False

    spy = Resizes(window)
    window.installEventFilter(spy)
    app.show_fitted(window)
    qtbot.waitUntil(lambda: window.after_paint.painted, timeout=5000)
    assert window.windowState() & Qt.WindowState.WindowMaximized
    shown = available.size().shrunkBy(window.windowHandle().frameMargins())
    assert window.size() == shown
    assert sizes and all(size == shown for size in sizes)
    window.close()


def _start(args: list[str]) -> Any:
    from tilewise.gui import app

    window = app.start(app.parser().parse_args(args))
    assert window is not None
    return window


def _done(qtbot: Any, window: Any) -> None:
    """Show ``window`` and wait for every start-up task (the last keeps the entries)."""
    window.show()
    qtbot.waitUntil(lambda: window.after_paint.painted and not window.after_paint._tasks
                    and not window.after_paint._last, timeout=30000)


def test_a_warm_start_shows_the_kept_entries_and_a_click_at_once_opens_its_lesson(
        qtbot: Any, home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21: the first start reads and checks the packs and keeps their library entries;
    the next shows the library from those (no pack loaded before its paint). A click on a
    card at once, before the packs are loaded after the paint, loads them first and opens
    the lesson. What the entries do not hold is read afresh: the learner's progress (a
    lesson under way says Continue) and the language (the cards in German at a German
    start)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tilewise.gui import startup
    from tilewise.lessons.catalog import PackCatalog
    from tilewise.lessons.pack import clear_cache
    from tilewise.store.paths import cache_dir

    clear_cache()
    args = ["--profile", "Ana", "--lang", "en"]
    first = _start(args)
    qtbot.addWidget(first)
    assert first.loading  # no entry kept yet: shown from the files, loaded after the paint
    _done(qtbot, first)
    assert not first.loading and [p.id for p in first.packs] == ["core"]
    assert len(list(cache_dir().glob("shelf-*.json"))) == 1
    first.close()

    clear_cache()
    monkeypatch.setattr(startup.AfterFirstPaint, "_next", lambda self: None)  # tasks wait
    window = _start(args)
    qtbot.addWidget(window)
    assert window.loading and window._gate.armed  # shown from the kept entries
    card = window.library.cards[0]
    assert card.button.text() == "Start" and card.button.isEnabled()
    window.show()
    qtbot.waitUntil(lambda: window.after_paint.painted, timeout=5000)
    handle = window.windowHandle()
    assert handle is not None and window.loading
    QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     card.button.mapTo(window, card.button.rect().center()))
    assert not window.loading and not window._gate.armed
    assert [p.id for p in window.packs] == ["core"]
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.player, timeout=5000)
    assert window.player.lesson is not None and window.player.lesson.id == card.lesson_id
    window.save_progress()  # the lesson under way
    window.close()

    clear_cache()
    german = _start(["--profile", "Ana", "--lang", "de"])
    qtbot.addWidget(german)
    assert german.loading
    again = german.library.card("core", card.lesson_id)
    core = german.shelf[0]
    title = PackCatalog(Path(core.path), "de").text(card.lesson_id,
                                                    core.lesson(card.lesson_id).title)
    assert title != core.lesson(card.lesson_id).title  # translated
    assert again.button.accessibleName() == f"Weiter: {title}"  # Continue, in German
    german.close()


def test_a_changed_pack_is_shown_as_it_is_now_and_one_that_fails_after_the_paint_is_reported(
        qtbot: Any, home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry serves only the exact bytes it was kept for: with a lesson title changed on
    disk, the library shows the title in the file (never the kept one). A pack whose TOML
    files are unchanged but whose picture became unsafe is shown from its entry, then refused
    when the packs are loaded after the paint: it leaves the library and the learner is told
    (file, key, problem), as at any start."""
    from PySide6.QtWidgets import QLabel

    from tests.lessons.test_fast_paths import SCRIPT_SVG, pack_with_one_picture
    from tilewise.gui.dialogs.problems import ProblemsDialog
    from tilewise.lessons.pack import clear_cache

    folder, _cache, _manifest, asset = pack_with_one_picture(home)
    told: list[str] = []
    monkeypatch.setattr(ProblemsDialog, "exec", lambda box: told.append(box.text()) or 0)
    args = ["--profile", "Ana", "--lang", "en", "--pack", str(folder)]
    clear_cache()
    first = _start(args)
    qtbot.addWidget(first)
    _done(qtbot, first)
    first.close()
    lesson_file = folder / "01-tiles.toml"
    text = lesson_file.read_text(encoding="utf-8")
    old = first.shelf[1].lessons[0].title
    lesson_file.write_text(text.replace(f'"{old}"', '"Tiles, told anew"', 1), encoding="utf-8")

    clear_cache()
    changed = _start(args)
    qtbot.addWidget(changed)
    assert changed.loading  # from the files: no entry is kept for these bytes
    title = changed.library.card("community", "tiles").findChild(QLabel, "cardTitle")
    assert title.text() == "Tiles, told anew"
    _done(qtbot, changed)  # its entry is kept in turn
    assert changed.packs[1].lessons[0].title == "Tiles, told anew"
    changed.close()

    asset.write_text(SCRIPT_SVG, encoding="utf-8")
    clear_cache()
    window = _start(args)
    qtbot.addWidget(window)
    assert window.loading and [p.id for p in window.shelf] == ["core", "community"]
    from tilewise.gui import app

    assert app.opened_pack(window, [folder]) == "community" and window.loading  # shown
    _done(qtbot, window)
    assert [p.id for p in window.packs] == ["core"]
    assert [c.pack_id for c in window.library.cards] == ["core"] * len(window.packs[0].lessons)
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert "x.svg" in told[0] and "script" in told[0]
    window.close()


def test_the_start_up_line_leaves_out_the_time_the_welcome_dialog_waited(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tester 6: 'interactive after 14.966 s' on a first start was mostly the welcome dialog
    waiting for a name. The dialog's 0.3 s (a learner typing) is left out of the line and
    named in it; with no dialog the line is as before."""
    import time

    from tilewise.gui import app, mainwindow, startup
    from tilewise.gui.dialogs.dialogs import NewProfileDialog
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    monkeypatch.setattr(startup, "_waited", [0.0])
    began = time.perf_counter()
    assert app.interactive_line(began).endswith(" s (painted)")  # nothing waited

    def typing(dialog: Any) -> int:
        time.sleep(0.3)
        dialog.name.setText("Ana")
        return 1

    monkeypatch.setattr(NewProfileDialog, "exec", typing)
    with ProgressStore(home / "p.sqlite3") as store:
        began = time.perf_counter()
        assert mainwindow.first_profile(store, Settings(), None, "en").name == "Ana"
        line = app.interactive_line(began)
        elapsed = time.perf_counter() - began
    took = float(line.split()[2])
    waited = float(line.split("not counting ")[1].split()[0])
    assert line.startswith("interactive after ") and 0.3 <= waited < elapsed
    assert 0 <= took <= elapsed - waited + 0.002  # the dialog's wait is not in it
    assert line.endswith(" s a dialog waited for the person)")
