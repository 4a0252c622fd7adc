"""Export and import of a learner, rotating backups and restore (issue 19)."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.store.test_faults import FailingConnection, full_error
from tests.store.test_review import T0, mistake
from tilewise.cli import main as cli_main
from tilewise.store.progress import ProgressStore, SaveFailed
from tilewise.store.review import ReviewQueue
from tilewise.store.transfer import (
    TransferError,
    backups,
    check_backup,
    check_export,
    export_learner,
    import_learner,
    make_backup,
    restore_backup,
)

# a free hand stopped mid-way in the play room (gui.practice.hub.save_unfinished's shape)
UNFINISHED = {"ruleset": "american", "deal": "1QA-EB1", "seat": "E",
              "moves": [{"kind": "charleston", "tiles": ["B1", "B2", "C9"]}]}


def fill(store: ProgressStore, name: str = "Kim") -> int:
    kim = store.create_profile(name, "hi")
    store.save_lesson(kim.id, "core", "charleston", {"lesson": "charleston", "index": 4,
                                                     "note": "टाइल ☺"}, 0.75, False)
    store.save_lesson(kim.id, "core", "tiles", {"lesson": "tiles", "index": 9}, 1.0, True)
    store.save_practice_score(kim.id, "claims", 7, 9, level=2, seed=41, details={"a": [1]})
    store.save_hand(kim.id, "wsm", "G00-3QT", "won", details={"seat": "S", "winner": "S"})
    store.save_unfinished_hand(kim.id, UNFINISHED)
    queue = ReviewQueue(store)
    a, _b = queue.add_mistakes(kim.id, "core", "charleston",
                               [mistake("a"), mistake("b", kind="quiz", action={"option": "x"},
                                                      state=None)], now=T0)
    queue.review(a, "good", now=T0 + timedelta(minutes=20), variant=1)  # played on variant 1
    return kim.id


def rows(store: ProgressStore) -> dict[str, int]:
    """How many rows each table holds (opening a store rewrites its header, so not bytes)."""
    return {table: store._conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for table in ("profiles", "progress", "practice_scores", "situations", "reviews",
                          "variants_shown", "hands_played")}


def same(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "exported"}


def test_the_export_command_says_what_it_wrote_where_or_why_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Tester 6: export printed nothing on success (import prints the learner's name)."""
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    with ProgressStore() as store:
        fill(store)
    file = tmp_path / "kim.json"
    assert cli_main(["learner", "export", "--profile", "Kim", "--out", str(file)]) == 0
    assert capsys.readouterr() == (f"exported Kim to {file}\n", "")
    gone = tmp_path / "no such folder" / "kim.json"
    assert cli_main(["learner", "export", "--profile", "Kim", "--out", str(gone)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"tilewise learner export: cannot write {gone}: ")
    assert err.endswith("; nothing was written\n") and not gone.parent.exists()


def test_export_then_import_into_a_fresh_folder_gives_the_same_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    monkeypatch.setenv("TILEWISE_HOME", str(one))
    with ProgressStore() as store:
        kim = fill(store)
        before = export_learner(store, kim)
        due = [s.due for s in ReviewQueue(store).situations(kim)]
    file = tmp_path / "kim.json"
    assert cli_main(["learner", "export", "--profile", "Kim", "--out", str(file)]) == 0
    assert json.loads(file.read_text(encoding="utf-8"))["schema"] == 1
    monkeypatch.setenv("TILEWISE_HOME", str(two))
    assert cli_main(["learner", "import", str(file)]) == 0
    with ProgressStore() as store:
        [moved] = store.profiles()
        assert same(export_learner(store, moved.id)) == same(before)
        queue = ReviewQueue(store)
        assert [s.due for s in queue.situations(moved.id)] == due
        assert sorted(queue.outcomes(moved.id)) == [("joker_never_passed", False)] * 2 + [
            ("joker_never_passed", True)]
        assert store.lesson_summaries(moved.id)[("core", "tiles")].completed
        assert [(h.deal, h.result) for h in store.hands_played(moved.id)] == [("G00-3QT", "won")]
        # the hand stopped on the first computer goes on on the second (it was left behind)
        assert store.unfinished_hand(moved.id) == UNFINISHED
        first = queue.situations(moved.id)[0].id
        assert queue.shown_variants(first) == {1: "2026-12-01T09:20:00Z"}
    assert cli_main(["learner", "export", "--profile", "Nobody", "--out", str(file)]) == 2
    assert cli_main(["learner", "import", str(file)]) == 0  # Kim is here already: "Kim (2)"
    with ProgressStore() as store:
        assert [p.name for p in store.profiles()] == ["Kim", "Kim (2)"]


def damaged_files(good: dict[str, Any]) -> list[tuple[str, str]]:
    """(file text, words of the message) for files that must be refused."""
    def changed(path: list[Any], value: Any) -> str:
        data = copy.deepcopy(good)
        where = data
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
        return json.dumps(data)
    text = json.dumps(good)
    return [
        (text[: len(text) // 2], "not JSON"),
        ("[1, 2]", "not a Tilewise learner file"),
        (changed(["format"], "other"), "not a Tilewise learner file"),
        (changed(["schema"], 2), "newer Tilewise"),
        (changed(["schema"], "1"), "no schema version"),
        (changed(["profile", "name"], " "), "profile.name"),
        (changed(["progress", 0, "mastery"], 1.5), "progress[0].mastery"),
        (changed(["progress", 0, "completed"], 1), "progress[0].completed"),
        (changed(["progress", 0, "session"], []), "progress[0].session"),
        (changed(["progress"], [3]), "progress must be a list"),
        (changed(["practice", 0, "right"], 10), "practice[0].right"),
        (changed(["practice", 0, "level"], True), "practice[0].level"),
        (changed(["hands", 0, "result"], "draw"), "hands[0].result"),
        (changed(["hands", 0, "ruleset"], "riichi"), "hands[0].ruleset"),
        (changed(["hands", 0, "details"], [1]), "hands[0].details"),
        (changed(["unfinished"], [UNFINISHED]), "unfinished must be a table"),
        (changed(["unfinished", "updated"], 5), "unfinished.updated"),
        (changed(["unfinished", "hand"], "1QA-EB1"), "unfinished.hand"),
        (changed(["unfinished", "hand", "ruleset"], "riichi"), "unfinished.hand.ruleset"),
        (changed(["unfinished", "hand", "deal"], None), "unfinished.hand.deal"),
        (changed(["unfinished", "hand", "seat"], ""), "unfinished.hand.seat"),
        (changed(["unfinished", "hand", "moves"], {"0": 1}), "unfinished.hand.moves"),
        (changed(["situations", 0, "kind"], "explain"), "situations[0].kind"),
        (changed(["situations", 0, "reason"], 3), "situations[0].reason"),
        (changed(["situations", 0, "state"], [1]), "situations[0].state"),
        (changed(["situations", 0, "answers", 0, "rating"], 9), "answers[0].rating"),
        (changed(["situations", 0, "answers", 0, "in_review"], "no"), "in_review"),
        (changed(["situations", 0, "card"], {"state": 1}), "situations[0].card"),
        (changed(["situations", 0, "variants"], {"one": "2026-12-01T09:20:00Z"}),
         "situations[0].variants"),
        (changed(["situations", 0, "variants"], {"9" * 5000: "t"}), "situations[0].variants"),
        (changed(["situations", 0, "variants"], {"1": 5}), "situations[0].variants"),
        (changed(["situations", 0, "variants"], ["1"]), "situations[0].variants"),
    ]


def test_a_damaged_or_future_file_is_refused_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    with ProgressStore() as store:
        kim = fill(store)
        good = export_learner(store, kim)
        before = rows(store)
    file = tmp_path / "bad.json"
    for text, words in damaged_files(good):
        file.write_text(text, encoding="utf-8")
        assert cli_main(["learner", "import", str(file)]) == 1, words
        err = capsys.readouterr().err
        assert words in err and "nothing was changed" in err, (words, err)
        with pytest.raises(TransferError):
            with ProgressStore() as store:
                import_learner(store, json.loads(text) if words != "not JSON" else {})
    assert cli_main(["learner", "import", str(tmp_path / "missing.json")]) == 1
    assert "cannot be read" in capsys.readouterr().err
    with ProgressStore() as store:
        assert [p.name for p in store.profiles()] == ["Kim"]
        assert same(export_learner(store, kim)) == same(good)
        with pytest.raises(KeyError):
            export_learner(store, kim + 1)
        assert rows(store) == before
    assert check_export(good) is good


def test_a_file_without_an_unfinished_hand_imports_with_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files from before the unfinished hand was exported (no key) and learners with no hand
    on (null) import with no hand to continue; a kept save (failed write) is exported too."""
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    with ProgressStore() as store:
        kim = fill(store)
        good = export_learner(store, kim)
        older = {k: v for k, v in good.items() if k != "unfinished"}
        moved = import_learner(store, older)
        assert store.unfinished_hand(moved.id) is None
        store.save_unfinished_hand(kim, None)  # the hand ended
        assert export_learner(store, kim)["unfinished"] is None
        again = import_learner(store, export_learner(store, kim))
        assert store.unfinished_hand(again.id) is None
        # a save the full disk refused is kept and retried; the export still carries it
        real = store._conn
        store._conn = FailingConnection(real, full_error())  # type: ignore[assignment]
        with pytest.raises(SaveFailed):
            store.save_unfinished_hand(kim, UNFINISHED)
        store._conn = real
        assert export_learner(store, kim)["unfinished"]["hand"] == UNFINISHED


def test_backups_rotate_and_a_restore_brings_the_chosen_one_back(tmp_path: Path) -> None:
    path, folder = tmp_path / "progress.sqlite3", tmp_path / "backups"
    start = datetime(2026, 12, 1, tzinfo=UTC)
    with ProgressStore(path) as store:
        kim = store.create_profile("Kim", "en")
        made = []
        for i in range(12):  # one more lesson done before each backup
            store.save_lesson(kim.id, "core", f"l{i}", {"index": i}, 1.0, True)
            made.append(make_backup(store, folder, now=start + timedelta(hours=i)))
        with pytest.raises(ValueError):
            make_backup(store, folder, keep=0)
    kept = backups(folder)
    assert kept == made[:1:-1] and len(kept) == 10  # the newest 10, newest first
    chosen = kept[4]  # taken after lesson l7
    safety = restore_backup(chosen, path, folder=folder)
    with ProgressStore(path) as store:
        assert sorted(store.lesson_summaries(kim.id)) == [("core", f"l{i}") for i in range(8)]
    assert safety in backups(folder) and len(backups(folder)) == 10
    restore_backup(safety, path, folder=folder)  # and back again
    with ProgressStore(path) as store:
        assert len(store.lesson_summaries(kim.id)) == 12
    fresh = tmp_path / "fresh" / "progress.sqlite3"
    fresh.parent.mkdir()
    assert restore_backup(chosen, fresh, folder=folder) == fresh  # no store there yet


def test_a_damaged_backup_is_refused_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    assert cli_main(["backup"]) == 0
    made = Path(capsys.readouterr().out.strip())
    assert made.parent == tmp_path / "data" / "backups" and made.is_file()
    assert cli_main(["backup", "--list"]) == 0
    assert capsys.readouterr().out == f"1\t{made}\n"
    with ProgressStore() as store:
        store.create_profile("Kim", "en")
        before = rows(store)
    data = made.read_bytes()
    for name, damaged in [("torn", data[: len(data) // 2]), ("junk", b"x" * 5000),
                          ("head", b"SQLite format 3\x00" + b"\x00" * 5000)]:
        bad = made.with_name(f"progress-{name}.sqlite3")
        bad.write_bytes(damaged)
        with pytest.raises(TransferError, match="damaged"):
            check_backup(bad)
        assert cli_main(["backup", "--restore", str(bad)]) == 1
        assert "nothing was changed" in capsys.readouterr().err
        bad.unlink()
    with pytest.raises(TransferError, match="no backup"):
        check_backup(tmp_path / "none.sqlite3")
    assert cli_main(["backup", "--restore", "7"]) == 1
    with ProgressStore() as store:
        assert rows(store) == before
    assert cli_main(["backup", "--restore", "1"]) == 0  # the empty store of the first backup
    assert "restored" in capsys.readouterr().out
    with ProgressStore() as store:
        assert store.profiles() == []
