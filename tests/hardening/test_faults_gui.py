"""Real faults as the learner meets them (issue 15), offscreen: a full disk and a locked file
tell the learner in the window and keep the moves; quitting with moves unsaved asks first; two
starts for one learner; every start-up failure ends in a window naming the problem, the fix
and the log; a read-only data folder starts read-only with a banner; one bad pack never stops
the others; leftovers of killed saves are cleaned at the next start."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.store.test_faults import FailingConnection, full_error
from tilewise.gui import app, faults
from tilewise.i18n import set_language
from tilewise.store.progress import SCHEMA_VERSION, ProgressStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every QMessageBox shown: (title, text); each is answered with its first button."""
    shown: list[tuple[str, str]] = []

    def record(box: QMessageBox) -> int:
        shown.append((box.windowTitle(), box.text()))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", record)
    return shown


def run_app(argv: list[str]) -> int:
    """``tilewise ARGV``; a start that succeeds returns at once instead of running the loop."""
    set_language("en")
    os.environ["TILEWISE_EXIT_WHEN_READY"] = "1"
    try:
        return app.main(argv)
    finally:
        del os.environ["TILEWISE_EXIT_WHEN_READY"]
        set_language("en")


# -- failed saves in the window ----------------------------------------------------------------


def test_a_full_disk_is_told_in_the_window_and_the_moves_are_kept(window: Any, qtbot: Any) -> None:
    from tests.gui.conftest import open_step

    lesson = window.packs[0].lessons[0]
    open_step(window, lesson.id, lesson.steps[1].id)
    real = window.store._conn
    window.store._conn = FailingConnection(real, full_error())
    window.save_progress()
    assert window.banner.isVisible()
    text = window.banner.text()
    assert "not saved" in text and "disk is full" in text and "Free some space" in text
    assert window.banner.timer.isActive() and len(window.store.pending) == 1
    assert window.store.load_lesson(window.profile.id, "core", lesson.id) is not None
    assert not window.banner.retry()  # still full
    window.store._conn = real
    assert window.banner.retry()
    assert window.banner.text() == "Your progress is saved again." and not window.store.pending
    assert not window.banner.timer.isActive()
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=6000)


def test_a_locked_file_never_freezes_a_move(window: Any) -> None:
    from tests.gui.conftest import open_step

    lesson = window.packs[0].lessons[0]
    open_step(window, lesson.id, lesson.steps[1].id)
    other = sqlite3.connect(window.store.path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    began = time.perf_counter()
    window.save_progress()
    waited = time.perf_counter() - began
    assert waited < 0.6, waited  # it was 5 s per move
    assert "Close the other window" in window.banner.text()
    other.execute("ROLLBACK")
    other.close()
    assert window.banner.retry()


def test_a_failed_practice_score_is_told_too(window: Any) -> None:
    real = window.store._conn
    window.store._conn = FailingConnection(real, full_error())
    window.practice.save_score("claims", 3, 4, 1, 7, {})
    assert window.banner.isVisible() and "disk is full" in window.banner.text()
    window.store._conn = real
    assert window.banner.retry()
    assert [s.right for s in window.store.practice_scores(window.profile.id)] == [3]


def test_review_items_that_fail_to_save_are_told_kept_and_retried(window: Any) -> None:
    """A wrong answer kept for review and a review answer, each made while the disk is full:
    the banner says so, the store keeps them with the progress, the retry writes them."""
    from tests.gui.conftest import open_step
    from tilewise.store.review import ReviewQueue

    queue, pid = ReviewQueue(window.store), window.profile.id
    real = window.store._conn
    window.store._conn = FailingConnection(real, full_error())
    player = open_step(window, "jokers", "no-pair")
    player.choose("yes")  # wrong: a mistake to review, saved with the move
    assert window.banner.isVisible() and "disk is full" in window.banner.text()
    assert {key[0] for key in window.store.pending} == {"lesson", "mistakes"}
    assert queue.situations(pid) == []
    window.store._conn = real
    assert window.banner.retry()
    [kept] = queue.situations(pid)
    assert (kept.step_id, kept.action, kept.reviews) == ("no-pair", {"option": "yes"}, 0)
    window.review.show_page()
    window.review.page.start_button.click()
    window.store._conn = FailingConnection(real, full_error())
    player.choose("no")  # the review's answer: right first time
    assert window.banner.isVisible() and [key[0] for key in window.store.pending] == ["review"]
    assert window.review.run is not None and window.review.run.answered == 1
    window.store._conn = real
    assert window.banner.retry()
    [kept] = queue.situations(pid)
    assert (kept.reviews, kept.lapses) == (1, 0)


def test_quitting_with_unsaved_moves_asks_first(window: Any, monkeypatch: pytest.MonkeyPatch,
                                                boxes: list[tuple[str, str]]) -> None:
    from tests.gui.conftest import open_step

    lesson = window.packs[0].lessons[0]
    open_step(window, lesson.id, lesson.steps[1].id)
    real = window.store._conn
    window.store._conn = FailingConnection(real, full_error())
    window.close()  # the question is closed without a choice: Tilewise stays open
    assert boxes and boxes[-1][0] == "Progress not saved"
    assert "If you quit now, it is lost." in boxes[-1][1] and "disk is full" in boxes[-1][1]
    assert "close the other window" not in boxes[-1][1]  # the cause is the disk
    assert window.isVisible() and window.store.pending
    window.store._conn = real  # space again: the close saves and quits
    window.close()
    assert not window.isVisible() and not window.store.pending
    window.show()
    window._closed = False
    window.store._conn = FailingConnection(real, full_error())
    window.save_progress()
    monkeypatch.setattr("tilewise.gui.mainwindow.confirm_quit_unsaved",
                        lambda *args: True)
    window.close()  # "Quit anyway"
    assert not window.isVisible() and window.store.pending
    window.store._conn = real


def test_enter_on_the_quit_question_keeps_the_moves(window: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter (or Escape) answers "Keep Tilewise open": a learner who presses Enter out of
    habit loses nothing; the sentence agrees with the count and names the real cause."""
    from PySide6.QtTest import QTest

    from tilewise.gui.faults import confirm_quit_unsaved
    from tilewise.store.progress import SaveFailed

    seen: list[str] = []

    def press(key: Qt.Key) -> Any:
        def exec_(box: QMessageBox) -> int:
            seen.append(box.text())
            box.show()
            QTest.keyClick(box, key)
            return 0
        return exec_

    full = SaveFailed("full", "database or disk is full", 2)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Escape):
        monkeypatch.setattr(QMessageBox, "exec", press(key))
        assert confirm_quit_unsaved(window, 2, full, window.store.path.parent) is False
    assert seen[0].startswith("Your last 2 moves are not saved yet. If you quit now, they "
                              "are lost. The disk is full.")
    busy = SaveFailed("busy", "database is locked", 1)
    monkeypatch.setattr(QMessageBox, "exec", press(Qt.Key.Key_Return))
    assert confirm_quit_unsaved(window, 1, busy, window.store.path.parent) is False
    assert "it is lost. Another Tilewise window" in seen[-1]


# -- two starts for one learner ---------------------------------------------------------------


HOLDER = """
import sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from tilewise.gui.faults import ProfileLock
app = QCoreApplication([])
lock = ProfileLock(Path(sys.argv[1]), 1)
print("held" if lock.acquire() else "refused", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def other_process_holds_sam(home: Path) -> Iterator[None]:
    """Another process holds the lock of the first learner (id 1, "Sam")."""
    with ProgressStore() as store:
        store.create_profile("Sam", "en")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "desktop"))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(home / "data")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    try:
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)


def test_a_second_start_for_the_same_learner_offers_the_open_window(
        other_process_holds_sam: None, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    signalled: list[int] = []
    monkeypatch.setattr(faults, "ask_running", lambda parent, name: asked.append(name) or "switch")
    monkeypatch.setattr(faults, "signal_running", lambda lock: signalled.append(lock.profile_id)
                        or True)
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is None and asked == ["Sam"] and signalled == [1]


def test_a_second_start_may_open_another_learner(
        other_process_holds_sam: None, monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> None:
    monkeypatch.setattr(faults, "ask_running", lambda parent, name: "other")
    chosen: list[list[str]] = []

    def other(store: ProgressStore, current: Any, language: str) -> Any:
        chosen.append([p.name for p in store.profiles() if p.id != current.id])
        return store.create_profile("Ana", "en")

    monkeypatch.setattr(app, "other_profile", other)
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    assert window.profile.name == "Ana" and chosen == [[]]
    assert window.lock is not None and window.lock.lock.isLocked()
    window.close()
    assert not window.lock.lock.isLocked()
    window.store.close()


def test_the_open_window_comes_forward_when_asked(home: Path, qtbot: Any) -> None:
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None and window.lock is not None
    qtbot.addWidget(window)
    raised: list[bool] = []
    window.raise_watcher.asked.connect(lambda: raised.append(True))
    second = faults.ProfileLock(window.lock.data_dir, window.profile.id)
    assert not second.acquire()
    answered: list[bool] = []
    thread = threading.Thread(target=lambda: answered.append(faults.signal_running(second)))
    thread.start()
    qtbot.waitUntil(lambda: bool(raised), timeout=5000)
    thread.join(5)
    assert answered == [True] and not second.request.exists()
    assert not faults.signal_running(second, wait=0.0) or True
    second.request.unlink(missing_ok=True)
    window.close()
    window.store.close()


def test_switching_to_a_learner_open_elsewhere_is_refused(window: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    ana = window.store.create_profile("Ana", "en")
    window.lock = faults.ProfileLock(window.store.path.parent, window.profile.id)
    assert window.lock.acquire()
    elsewhere = faults.ProfileLock(window.store.path.parent, ana.id)
    assert elsewhere.acquire()
    monkeypatch.setattr("tilewise.gui.mainwindow.ask_running", lambda parent, name: "quit")
    window.switch_profile(ana)
    assert window.profile.name == "Sam"
    elsewhere.release()
    window.switch_profile(ana)
    assert window.profile.name == "Ana" and window.lock.profile_id == ana.id


# -- start-up failures end in a window ----------------------------------------------------------


def test_a_newer_schema_ends_in_a_window(home: Path, boxes: list[tuple[str, str]],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    assert run_app(["--profile", "Sam"]) == 1
    ((title, text),) = boxes
    assert title == "Progress from a newer Tilewise"
    assert str(db) in text and "Install that version" in text and "not changed" in text
    assert "Details are in the log: " in text and text.endswith("tilewise.log")
    assert "Traceback" not in capsys.readouterr().err


def test_a_folder_instead_of_the_progress_file_ends_in_a_window(
        home: Path, boxes: list[tuple[str, str]]) -> None:
    (home / "data" / "progress.sqlite3").mkdir(parents=True)
    assert run_app(["--profile", "Sam"]) == 1
    ((title, text),) = boxes
    assert title == "The progress file is a folder" and "Move or rename the folder" in text


def test_a_file_locked_for_long_ends_in_a_window(home: Path, boxes: list[tuple[str, str]]) -> None:
    with ProgressStore() as store:
        store.create_profile("Sam", "en")
    # another program that keeps a rollback journal and holds its exclusive lock (in WAL mode
    # a lock stops writes only: the app would start and tell at the first move, as above)
    other = sqlite3.connect(home / "data" / "progress.sqlite3", isolation_level=None)
    other.execute("PRAGMA journal_mode=DELETE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert run_app(["--profile", "Sam"]) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    ((title, text),) = boxes
    assert title == "The progress file is in use" and "Another program" in text


def test_anything_unexpected_ends_in_a_window(home: Path, boxes: list[tuple[str, str]],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise MemoryError("out of memory")

    monkeypatch.setattr(app, "load_packs", broken)
    assert run_app(["--profile", "Sam"]) == 1
    ((title, text),) = boxes
    assert title == "Tilewise could not start" and "MemoryError: out of memory" in text
    log_file = Path(text.rsplit("Details are in the log: ", 1)[1])
    assert "MemoryError: out of memory" in log_file.read_text(encoding="utf-8")


def test_a_foreign_database_is_set_aside_with_a_notice(home: Path, qtbot: Any) -> None:
    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    (notice,) = app.recovery_notices(window)
    assert "belonged to another program" in notice and str(window.store.recovered_from) in notice
    window.close()
    window.store.close()


def test_a_salvage_is_counted_in_the_notice(home: Path, qtbot: Any) -> None:
    from tests.store.test_faults import filled, table_pages

    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    filled(db)
    pages = table_pages(db, "progress")
    data = bytearray(db.read_bytes())
    page = pages[len(pages) // 2]
    data[(page - 1) * 4096:page * 4096] = b"\xa5" * 4096
    db.write_bytes(bytes(data))
    window = app.start(app.parser().parse_args(["--profile", "Ana", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    salvaged = window.store.salvaged
    damaged, counted = app.recovery_notices(window)
    assert "was damaged" in damaged
    assert counted == (f"Tilewise copied everything it could still read into the new file: "
                       f"3 learners, progress in {salvaged['progress']} lessons and 40 practice "
                       "scores.")
    window.close()
    window.store.close()


# -- read-only folders ------------------------------------------------------------------------


@pytest.fixture
def read_only_data(home: Path) -> Iterator[Path]:
    """``home/data`` as a read-only tmpfs holding a store of one learner (root only), else a
    data folder whose store refuses to open for writing (the same code path after it)."""
    data = home / "data"
    data.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(data)],
        capture_output=True).returncode == 0
    with ProgressStore() as store:
        store.create_profile("Sam", "en")
    if not mounted:
        pytest.skip("a read-only tmpfs needs root")
    subprocess.run(["mount", "-o", "remount,ro", str(data)], check=True)
    try:
        yield data
    finally:
        subprocess.run(["umount", "-l", str(data)], check=False)


def test_a_read_only_data_folder_starts_read_only_with_a_banner(
        read_only_data: Path, qtbot: Any) -> None:
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    assert window.store.read_only and [p.name for p in window.store.profiles()] == ["Sam"]
    assert window.banner.isVisibleTo(window)
    assert f"cannot save in {read_only_data}" in window.banner.text()
    lesson = window.packs[0].lessons[0]
    from tests.gui.conftest import open_step

    window.show()
    open_step(window, lesson.id, lesson.steps[1].id)
    window.save_progress()
    assert f"may not write in the folder {read_only_data}" in window.banner.text()
    window.close()  # no question: the learner was told at the start
    window.store.close()


def test_a_read_only_log_folder_logs_to_the_temporary_folder(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> Path:
        raise PermissionError(13, "Permission denied")

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh process
    monkeypatch.setattr("tilewise.store.paths.log_dir", refuse)
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(home))
    assert app.setup_logging() == home / "tilewise.log"
    root.handlers[0].close()


# -- packs and leftovers ------------------------------------------------------------------------


def test_one_bad_pack_never_stops_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             home: Path) -> None:
    from tests.hardening.packs import copy_core
    from tilewise.lessons import pack as pack_module

    good = copy_core(tmp_path / "good")
    fifo = copy_core(tmp_path / "fifo", pack_id="fifo")
    os.mkfifo(fifo / "09-pipe.toml")
    crash = copy_core(tmp_path / "crash", pack_id="crash")
    real = pack_module.open_pack  # what app.load_packs reads each pack with

    def load(folder: Path, **kwargs: Any) -> Any:
        if folder == crash:
            raise RecursionError("maximum recursion depth exceeded")
        return real(folder, **kwargs)

    monkeypatch.setattr(pack_module, "open_pack", load)
    packs, problems = app.load_packs([fifo, crash, good])
    assert [p.id for p in packs] == ["community"]
    assert problems == [
        f"{fifo / '09-pipe.toml'}: file: is not a plain file (a folder, pipe or device); a "
        "pack holds plain files only",
        f"{crash}: the pack could not be read: tables or lists are nested too deeply"]
    pack_module.clear_cache()


def test_two_packs_with_one_id_load_once_the_later_folder_winning(tmp_path: Path,
                                                                   home: Path) -> None:
    """Progress is kept per pack id: two folders of one id would share it and show twice
    (an installed pack and an author's ``--pack`` copy). The later folder is used; a line
    names the one left out."""
    from tests.hardening.packs import copy_core
    from tilewise.lessons import pack as pack_module

    first = copy_core(tmp_path / "installed", pack_id="basics")
    second = copy_core(tmp_path / "working", pack_id="basics")
    other = copy_core(tmp_path / "other", pack_id="other")
    packs, problems = app.load_packs([first, other, second])
    assert [(p.id, Path(p.path)) for p in packs] == [("other", other), ("basics", second)]
    assert problems == [f"{first}: id: 'basics' is also the id of {second}, which is used "
                        "instead"]
    set_language("de")  # the line is in the interface's language, in the checker's shape
    try:
        assert app.load_packs([first, other, second])[1] == [
            f"{first}: id: 'basics' ist auch die ID von {second}; dieser Ordner wird "
            "stattdessen verwendet"]
    finally:
        set_language("en")
    pack_module.clear_cache()


def test_leftover_temporary_files_are_cleaned_at_start(home: Path, qtbot: Any) -> None:
    from tilewise.store.paths import config_dir

    leftover = config_dir() / ".settings-killed.tmp"
    leftover.write_text("half a file", encoding="utf-8")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    assert leftover.exists()  # no start-up reads it: removed once painted (issue 21)
    window.show()
    qtbot.waitUntil(lambda: not leftover.exists(), timeout=5000)
    window.close()
    window.store.close()
