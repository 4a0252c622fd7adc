"""Export, import and restore in the app (issue 19): the unhappy paths change nothing and say
why in our own words; the happy ones move the learner and bring a backup back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.gui.conftest import open_step
from tilewise.store.transfer import backups, make_backup


def answered(files: Any, **answers: Any) -> list[tuple[str, bool]]:
    """Answer the questions of ``files`` (LearnerFiles); return what it tells."""
    told: list[tuple[str, bool]] = []
    files.tell = lambda text, problem: told.append((text, problem))
    for name, value in answers.items():
        setattr(files, name, value)
    return told


def counts(store: Any) -> dict[str, int]:
    return {t: store._conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("profiles", "progress", "situations", "reviews")}


def test_a_learner_is_exported_and_a_bad_file_is_refused_with_nothing_changed(
        window: Any, tmp_path: Path) -> None:
    open_step(window, "jokers", "no-pair").choose("yes")  # progress and a mistake
    files = window.learner_files
    out = tmp_path / "sam.json"
    told = answered(files, save_name=lambda suggested: str(out))
    assert files.export() == out and "Sam's progress is in the file sam.json" in told[-1][0]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["profile"]["name"] == "Sam" and data["situations"]
    files.save_name = lambda suggested: str(tmp_path / "no such folder" / suggested)
    assert files.export() is None and told[-1][1]  # a folder that is not there: told
    assert "could not be written" in told[-1][0]
    before = counts(window.store)
    bad = tmp_path / "bad.json"
    cases = [(out.read_text(encoding="utf-8")[:200], "bad.json is damaged"),
             (json.dumps({**data, "schema": 99}), "made by a newer Tilewise"),
             (json.dumps({"format": "spreadsheet"}), "not a Tilewise learner file"),
             (json.dumps({**data, "situations": [{"kind": "explain"}]}), "is damaged")]
    files.open_name = lambda: str(bad)
    for text, words in cases:
        bad.write_text(text, encoding="utf-8")
        assert files.import_file() is None
        assert words in told[-1][0] and "Nothing was changed" in told[-1][0] and told[-1][1]
        assert counts(window.store) == before
    files.open_name = lambda: str(tmp_path / "gone.json")
    assert files.import_file() is None and "cannot be read" in told[-1][0]
    files.open_name = lambda: ""  # cancelled: nothing asked, nothing told
    shown = len(told)
    assert files.import_file() is None and len(told) == shown
    files.open_name = lambda: str(out)
    moved = files.import_file()  # the good file: Sam is here, so "Sam (2)", same progress
    assert moved is not None and moved.name == "Sam (2)" and moved.id != window.profile.id
    assert ("There is already a learner called Sam, so the learner in sam.json was added as "
            "Sam (2)") in told[-1][0] and not told[-1][1]
    assert counts(window.store)["profiles"] == before["profiles"] + 1
    window.store.read_only = True  # a read-only data folder: nothing can be added
    assert files.import_file() is None and "read-only" in told[-1][0]
    window.store.read_only = False


def test_a_backup_is_restored_after_a_confirm_and_a_bad_one_changes_nothing(
        window: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise.gui.dialogs import restore
    from tilewise.store import transfer  # the entry imports it when chosen (issue 21)

    files = window.learner_files
    folder = home / "backups"
    told = answered(files)
    assert files.restore() is None and "no backup yet" in told[-1][0]
    clean = make_backup(window.store, folder)  # before any progress
    open_step(window, "jokers", "no-pair").choose("no")
    assert window.store.lesson_summaries(window.profile.id)
    damaged = folder / "progress-20000101T000000000000Z.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    newer = folder / "progress-20010101T000000000000Z.sqlite3"
    newer.write_bytes(clean.read_bytes())
    with sqlite3.connect(newer) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    dialog = restore.RestoreDialog(backups(folder))
    assert dialog.list.count() == 3 and dialog.chosen() == clean  # newest first
    assert "2000" in dialog.list.item(2).text() and " at " in dialog.list.item(2).text()
    dialog.close()
    before = counts(window.store)
    for chosen, words in ((damaged, "is damaged"), (newer, "newer Tilewise")):
        files.choose_backup = lambda found, chosen=chosen: chosen
        assert files.restore() is None and words in told[-1][0] and told[-1][1]
        assert "Nothing was changed" in told[-1][0] and counts(window.store) == before
    files.choose_backup = lambda found: clean
    files.confirm = lambda text: False  # asked first, and declined
    assert files.restore() is None and counts(window.store) == before
    files.confirm = lambda text: "kept as a backup first" in text

    def fails(*args: Any, **kwargs: Any) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(transfer, "restore_backup", fails)
    old_store = window.store
    assert files.restore() is None and "could not be restored" in told[-1][0]
    assert window.store is not old_store and counts(window.store) == before  # opened again
    monkeypatch.undo()
    kept = len(backups(folder))
    assert files.restore() == clean and "is back" in told[-1][0] and not told[-1][1]
    assert window.store.lesson_summaries(window.profile.id) == {}  # the clean progress
    assert window.review.queue.store is window.store and window.banner.store is window.store
    assert len(backups(folder)) == kept + 1  # the progress from before, kept first
    [safety] = [b for b in backups(folder) if b not in (clean, damaged, newer)]
    with sqlite3.connect(safety) as conn:
        assert conn.execute("SELECT COUNT(*) FROM progress").fetchone()[0] == 1
    conn.close()


def test_the_export_message_never_breaks_the_file_name(window: Any, tmp_path: Path) -> None:
    """Tester 6: the German message wrapped "ana-" / "gui.json". Laid out as the box's
    word-wrapped label lays it out, at every width from 120 to 600 px, the name (a hyphen and
    a space in it) stays on one line; the file is written under its real name."""
    from PySide6.QtGui import QTextLayout, QTextOption

    out = tmp_path / "ana gui-2.json"
    told = answered(window.learner_files, save_name=lambda suggested: str(out))
    assert window.learner_files.export() == out and out.is_file()
    text = told[-1][0]
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    for width in range(120, 601, 4):  # one line from ~630 px
        layout = QTextLayout(text, window.font())
        layout.setTextOption(option)
        layout.beginLayout()
        lines: list[str] = []
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            lines.append(text[line.textStart():line.textStart() + line.textLength()])
        layout.endLayout()
        shown = [ln.replace("\u2060", "").replace("\u00a0", " ") for ln in lines]
        assert len(lines) > 1 and any("ana gui-2.json" in ln for ln in shown), (width, lines)
