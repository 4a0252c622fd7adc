"""ProgressStore: profiles, progress round trip, transactions, corrupt file aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tilewise.store.progress import SCHEMA_VERSION, NameTaken, ProgressStore, ProgressStoreError


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    return tmp_path


SESSION = {"index": 3, "attempts": [1, 0, 2, 1], "hints": {"s1": 1, "s2": 0},
           "moves": [["pass", ["1C", "2C", "9D"]]], "note": "Tiles: 五 ☺"}


def test_default_file_lives_in_tilewise_home(home: Path) -> None:
    with ProgressStore() as store:
        assert store.path == home / "data" / "progress.sqlite3"
        assert store.recovered_from is None
    assert (home / "data" / "progress.sqlite3").is_file()


def test_two_learners_never_share_a_name(home: Path) -> None:
    """Names compare as a person reads them; an imported name gets a free "(2)"."""
    with ProgressStore() as store:
        ana = store.create_profile("Ana", "es")
        raj = store.create_profile("Raj", "hi")
        for same in ("Ana", " ana ", "ANA", "An\u0061"):
            with pytest.raises(NameTaken):
                store.create_profile(same, "en")
        with pytest.raises(NameTaken):
            store.rename_profile(raj.id, "ana")
        store.rename_profile(ana.id, "ANA")  # a learner may change the case of their own name
        assert [p.name for p in store.profiles()] == ["ANA", "Raj"]
        assert store.name_taken("Ana") and not store.name_taken("Ana", except_id=ana.id)
        assert store.profile_named("raj") == store.profile(raj.id)
        assert store.profile_named("Kim") is None
        assert store.free_name(" Kim ") == "Kim" and store.free_name("raj") == "raj (2)"
        store.create_profile("Raj (2)", "hi")
        assert store.free_name("Raj") == "Raj (3)"
        e_acute = store.create_profile("Ren\u00e9", "de")  # NFC é
        with pytest.raises(NameTaken):
            store.create_profile("Rene\u0301", "de")  # e + combining acute: the same name
        assert store.profile_named("RENE\u0301") == e_acute


def test_profiles_create_rename_delete(home: Path) -> None:
    with ProgressStore() as store:
        ana = store.create_profile("  Ana ", "es")
        raj = store.create_profile("Raj", "hi")
        assert ana.name == "Ana" and ana.language == "es" and ana.created.endswith("+00:00")
        assert [p.name for p in store.profiles()] == ["Ana", "Raj"]
        store.rename_profile(ana.id, "Ana María")
        store.set_profile_language(raj.id, "en")
        assert store.profile(ana.id) is not None
        assert store.profile(ana.id).name == "Ana María"  # type: ignore[union-attr]
        assert store.profile(raj.id).language == "en"  # type: ignore[union-attr]
        store.save_lesson(raj.id, "core", "l1", SESSION, 0.5, False)
        store.delete_profile(raj.id)
        assert [p.id for p in store.profiles()] == [ana.id]
        assert store.load_lesson(raj.id, "core", "l1") is None
        assert store.profile(raj.id) is None
        with pytest.raises(KeyError):
            store.delete_profile(raj.id)
        with pytest.raises(KeyError):
            store.rename_profile(999, "x")
        with pytest.raises(KeyError):
            store.set_profile_language(999, "de")
        with pytest.raises(ValueError):
            store.create_profile("   ", "en")
        with pytest.raises(ValueError):
            store.rename_profile(ana.id, "")


def test_progress_round_trip_and_resume_after_reopen(home: Path) -> None:
    with ProgressStore() as store:
        pid = store.create_profile("Ana", "es").id
        store.save_lesson(pid, "core", "charleston-1", SESSION, 0.25, False)
    with ProgressStore() as store:
        assert store.load_lesson(pid, "core", "charleston-1") == SESSION
        summary = store.lesson_summaries(pid)[("core", "charleston-1")]
        assert (summary.step_index, summary.attempts, summary.hints) == (3, 4, 1)
        assert summary.mastery == 0.25 and summary.completed is False
        store.save_lesson(pid, "core", "charleston-1", {"index": 7}, 1.0, True, attempts=9)
        summary = store.lesson_summaries(pid)[("core", "charleston-1")]
        assert (summary.step_index, summary.attempts, summary.hints) == (7, 9, 0)
        assert summary.completed is True
        assert store.load_lesson(pid, "core", "other") is None
        store.forget_lesson(pid, "core", "charleston-1")
        assert store.lesson_summaries(pid) == {}


def test_bad_writes_change_nothing(home: Path) -> None:
    with ProgressStore() as store:
        pid = store.create_profile("Ana", "de").id
        store.save_lesson(pid, "core", "l1", {"index": 1}, 0.1, False)
        with pytest.raises(ValueError):
            store.save_lesson(pid, "core", "l1", {"index": 2}, 1.5, False)
        with pytest.raises(TypeError):
            store.save_lesson(pid, "core", "l1", {"index": object()}, 0.2, False)
        with pytest.raises(KeyError):
            store.save_lesson(pid + 100, "core", "l1", {"index": 2}, 0.2, False)
        assert store.load_lesson(pid, "core", "l1") == {"index": 1}


def test_a_failed_transaction_rolls_back(home: Path) -> None:
    with ProgressStore() as store:
        pid = store.create_profile("Ana", "en").id
        with pytest.raises(RuntimeError), store._transaction() as conn:
            conn.execute("UPDATE profiles SET name = 'changed' WHERE id = ?", (pid,))
            raise RuntimeError("power cut")
        assert store.profiles()[0].name == "Ana"


def test_journal_is_wal_and_synchronous_full(home: Path) -> None:
    with ProgressStore() as store:
        assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_committed_write_is_visible_to_a_second_connection(home: Path) -> None:
    with ProgressStore() as store:
        pid = store.create_profile("Ana", "en").id
        store.save_lesson(pid, "core", "l1", {"index": 2}, 0.3, False)
        other = sqlite3.connect(store.path)
        try:
            row = other.execute("SELECT step_index FROM progress").fetchone()
        finally:
            other.close()
        assert row == (2,)


def test_not_a_sqlite_file_is_moved_aside(home: Path) -> None:
    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not a database at all" * 100)
    with ProgressStore() as store:
        assert store.recovered_from is not None
        assert store.recovered_from.name.startswith("progress.corrupt-")
        assert store.recovered_from.suffix == ".sqlite3"
        assert store.recovered_from.read_bytes() == b"this is not a database at all" * 100
        assert store.profiles() == []
        store.create_profile("fresh", "en")


def test_damaged_pages_fail_the_integrity_check_and_are_kept(home: Path) -> None:
    with ProgressStore() as store:
        pid = store.create_profile("Ana", "en").id
        for n in range(200):
            store.save_lesson(pid, "core", f"l{n}", {"index": n, "pad": "x" * 200}, 0.5, False)
        path = store.path
    data = bytearray(path.read_bytes())
    assert len(data) > 8192
    for offset in range(4096 + 16, len(data), 97):  # leave the header, scribble on pages
        data[offset] = 0xA5
    path.write_bytes(bytes(data))
    damaged = bytes(data)
    with ProgressStore() as store:
        assert store.recovered_from is not None
        assert store.recovered_from.read_bytes() == damaged
        assert store.profiles() == []


def test_two_corrupt_files_in_the_same_second_never_overwrite(home: Path) -> None:
    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    moved = []
    for text in (b"first junk" * 10, b"second junk" * 10):
        db.unlink(missing_ok=True)
        for side in db.parent.glob("progress.sqlite3-*"):
            side.unlink()
        db.write_bytes(text)
        with ProgressStore() as store:
            assert store.recovered_from is not None
            moved.append(store.recovered_from)
    assert moved[0] != moved[1]
    assert {p.read_bytes() for p in moved} == {b"first junk" * 10, b"second junk" * 10}


def test_a_newer_schema_is_refused_and_left_alone(home: Path) -> None:
    db = home / "data" / "progress.sqlite3"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = db.read_bytes()
    with pytest.raises(ProgressStoreError):
        ProgressStore()
    assert db.read_bytes() == before


def test_explicit_path_and_double_close(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "nested" / "p.sqlite3")
    store.create_profile("A", "en")
    store.close()
    store.close()
    assert (tmp_path / "nested" / "p.sqlite3").is_file()


def test_hands_played_round_trip_filter_refusals_and_cascade(home: Path) -> None:
    with ProgressStore() as store:
        ana = store.create_profile("Ana", "es")
        raj = store.create_profile("Raj", "hi")
        store.save_hand(ana.id, "american", "000-046", "lost", details={"winner": "E"})
        store.save_hand(ana.id, "wsm", "G00-3QT", "won", details={"lesson": "first-hand-wsm"})
        store.save_hand(raj.id, "wsm", "G00-042", "wall")
        hands = store.hands_played(ana.id)
        assert [(h.ruleset, h.deal, h.result) for h in hands] == [
            ("american", "000-046", "lost"), ("wsm", "G00-3QT", "won")]
        assert hands[1].details == {"lesson": "first-hand-wsm"}
        assert hands[0].played.endswith("+00:00")
        assert [h.deal for h in store.hands_played(ana.id, "wsm")] == ["G00-3QT"]
        for bad in (("riichi", "000-001", "won"), ("wsm", "", "won"), ("wsm", "G00-001", "x")):
            with pytest.raises(ValueError):
                store.save_hand(ana.id, *bad)
        with pytest.raises(KeyError):
            store.save_hand(999, "wsm", "G00-001", "won")
        with pytest.raises(TypeError):
            store.save_hand(ana.id, "wsm", "G00-001", "won", details={"x": object()})
        assert len(store.hands_played(ana.id)) == 2  # nothing written by the failures
        store.delete_profile(ana.id)
        assert store.hands_played(ana.id) == [] and len(store.hands_played(raj.id)) == 1


def test_a_schema_4_store_gains_the_hands_table(home: Path) -> None:
    path = home / "progress.sqlite3"
    with ProgressStore(path) as store:
        kim = store.create_profile("Kim", "en")
        store.save_practice_score(kim.id, "claims", 1, 2)
    with sqlite3.connect(path) as conn:  # as Tilewise with schema 4 left it
        conn.execute("DROP TABLE hands_played")
        conn.execute("PRAGMA user_version = 4")
    with ProgressStore(path) as store:
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        assert store.hands_played(kim.id) == [] and len(store.practice_scores(kim.id)) == 1
        store.save_hand(kim.id, "american", "000-046", "won")
        assert [h.result for h in store.hands_played(kim.id)] == ["won"]


def test_practice_scores_round_trip_filter_and_cascade(home: Path) -> None:
    with ProgressStore() as store:
        ana = store.create_profile("Ana", "es")
        raj = store.create_profile("Raj", "hi")
        store.save_practice_score(ana.id, "claims", 7, 9, level=3, seed=41,
                                  details={"refused": ["CHI_ONLY_FROM_UPPER_SEAT"]})
        store.save_practice_score(ana.id, "charleston", 2, 2, seed=5)
        store.save_practice_score(raj.id, "claims", 0, 4)
        scores = store.practice_scores(ana.id)
        assert [(s.mode, s.level, s.seed, s.right, s.asked) for s in scores] == [
            ("claims", 3, 41, 7, 9), ("charleston", 0, 5, 2, 2)]
        assert scores[0].details == {"refused": ["CHI_ONLY_FROM_UPPER_SEAT"]}
        assert scores[0].played.endswith("+00:00")
        assert [s.seed for s in store.practice_scores(ana.id, "charleston")] == [5]
        with pytest.raises(ValueError):
            store.save_practice_score(ana.id, "claims", 5, 4)
        with pytest.raises(ValueError):
            store.save_practice_score(ana.id, "claims", -1, 4)
        with pytest.raises(KeyError):
            store.save_practice_score(999, "claims", 1, 1)
        with pytest.raises(TypeError):
            store.save_practice_score(ana.id, "claims", 1, 1, details={"x": object()})
        assert len(store.practice_scores(ana.id)) == 2  # nothing written by the failures
        store.delete_profile(ana.id)
        assert store.practice_scores(ana.id) == []
        assert len(store.practice_scores(raj.id)) == 1


def test_schema_1_file_gains_the_practice_table(home: Path) -> None:
    path = home / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE profiles (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,"
        " language TEXT NOT NULL, created TEXT NOT NULL);"
        "INSERT INTO profiles (name, language, created) VALUES ('Old', 'en', 'x');"
        "PRAGMA user_version = 1;")
    conn.close()
    with ProgressStore(path) as store:
        old = store.profiles()[0]
        store.save_practice_score(old.id, "charleston", 1, 3)
        assert store.practice_scores(old.id)[0].asked == 3


def test_an_unfinished_hand_per_learner_saved_replaced_forgotten_and_kept(home: Path) -> None:
    """The play room's unfinished hand (tester: a hand at wall 81 was lost on quitting), one
    per learner; a schema 5 store gains its table; a kept (failed) save reads as saved."""
    from tilewise.store.progress import SaveFailed

    path = home / "progress.sqlite3"
    with ProgressStore(path) as store:
        kim, ana = store.create_profile("Kim", "en"), store.create_profile("Ana", "es")
    with sqlite3.connect(path) as conn:  # as Tilewise with schema 5 left it
        conn.execute("DROP TABLE hand_unfinished")
        conn.execute("PRAGMA user_version = 5")
    hand = {"ruleset": "wsm", "deal": "G00-0G3", "seat": "S", "moves": [{"type": "draw"}]}
    with ProgressStore(path) as store:
        assert store.unfinished_hand(kim.id) is None
        store.save_unfinished_hand(kim.id, hand)
        store.save_unfinished_hand(kim.id, {**hand, "moves": []})  # replaced
        store.save_unfinished_hand(ana.id, hand)
    with ProgressStore(path) as store:
        assert store.unfinished_hand(kim.id) == {**hand, "moves": []}
        store.save_unfinished_hand(kim.id, None)  # forgotten
        assert store.unfinished_hand(kim.id) is None and store.unfinished_hand(ana.id) == hand
        with pytest.raises(KeyError):
            store.save_unfinished_hand(999, hand)
        with pytest.raises(TypeError):
            store.save_unfinished_hand(ana.id, {"moves": {1, 2}})
        store.delete_profile(ana.id)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM hand_unfinished").fetchone()[0] == 0
        conn.execute("INSERT INTO hand_unfinished VALUES (?, '[1]', 'x')", (kim.id,))
    with ProgressStore(path) as store:
        assert store.unfinished_hand(kim.id) is None  # not an object
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE hand_unfinished SET hand = '{broken'")
    store = ProgressStore(path, read_only=True)
    assert store.unfinished_hand(kim.id) is None  # not JSON (a salvaged row)
    with pytest.raises(SaveFailed):
        store.save_unfinished_hand(kim.id, hand)
    assert store.unfinished_hand(kim.id) == hand  # kept, read as saved
    store.close()
