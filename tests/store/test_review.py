"""Situations to review: kept in the store, scheduled with FSRS, listed by the CLI (issue 19)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tilewise.cli import main as cli_main
from tilewise.store.progress import SCHEMA_VERSION, ProgressStore
from tilewise.store.review import ReviewQueue, due_text, end_of_day, pack_setup, unpack_setup

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
STATE = {"dealer": "E", "phase": "charleston", "step": "first_right",
         "hands": {"E": ["1C", "2C", "J"]}}


def mistake(step: str = "pass", action: dict[str, Any] | None = None, **extra: Any
            ) -> dict[str, Any]:
    return {"step_id": step, "step_index": 1, "kind": "task",
            "action": action or {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "J"]},
            "reason": "JOKER_NOT_PASSABLE", "rule": "joker_never_passed", "state": STATE,
            "before": {"look": [{"action": {"type": "pass"}, "verdict": {"legal": True}}]},
            **extra}


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with ProgressStore(tmp_path / "progress.sqlite3") as opened:
        yield opened


def test_a_mistake_is_kept_whole_and_due_within_minutes(store: ProgressStore) -> None:
    kim = store.create_profile("Kim", "en")
    queue = ReviewQueue(store)
    [sid] = queue.add_mistakes(kim.id, "core", "02-charleston", [mistake()], now=T0)
    found = queue.situation(sid)
    assert found is not None
    assert found.mistake() == mistake()
    assert (found.pack_id, found.lesson_id, found.created) == ("core", "02-charleston",
                                                                "2026-12-01T09:00:00Z")
    assert found.due > found.created and queue.due(kim.id, until=T0) == []
    assert [s.id for s in queue.due(kim.id, until=T0 + timedelta(minutes=10))] == [sid]
    assert queue.next_due(sid) is not None and queue.next_due(sid) < timedelta(hours=1)  # type: ignore[operator]
    assert queue.outcomes(kim.id) == [("joker_never_passed", False)]


def test_the_same_mistake_again_is_an_again_review_not_a_second_situation(
        store: ProgressStore) -> None:
    kim = store.create_profile("Kim", "en")
    queue = ReviewQueue(store)
    first = queue.add_mistakes(kim.id, "core", "l", [mistake()], now=T0)
    # other tiles, the same reason: the same mistake (a review plays the step's table, not
    # the tiles: tester 7 saw one step twice in a row); another reason or a quiz is another
    other = {"type": "pass", "seat": "E", "tiles": ["J", "1C", "3C"]}
    again = queue.add_mistakes(kim.id, "core", "l", [
        mistake(), mistake(action=other), mistake(reason="TILE_NOT_IN_HAND"),
        mistake(kind="quiz", reason=None, action={"option": "a"}),
        mistake(kind="quiz", reason=None, action={"option": "b"})],
        now=T0 + timedelta(hours=1))
    assert again[:2] == [first[0]] * 2 and len(set(again[1:4])) == 3 and again[3] == again[4]
    assert len(queue.situations(kim.id)) == 3
    assert queue.situation(first[0]).action == mistake()["action"]  # type: ignore[union-attr]
    assert queue.outcomes(kim.id)[:3] == [("joker_never_passed", False)] * 3


def test_again_comes_back_sooner_than_good_and_dates_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        kim = store.create_profile("Kim", "en")
        queue = ReviewQueue(store)
        a, g, h = queue.add_mistakes(kim.id, "core", "l", [
            mistake("a"), mistake("g"), mistake("h")], now=T0)
        later = T0 + timedelta(minutes=30)
        after_again = queue.review(a, "again", now=later)
        after_good = queue.review(g, "good", now=later)
        after_hard = queue.review(h, "hard", now=later)
        assert after_again.due < after_hard.due <= after_good.due
        assert (after_again.reviews, after_again.lapses) == (1, 1)
        assert (after_good.reviews, after_good.lapses) == (1, 0)
        # a second good answer puts it days away
        far = queue.review(g, "good", now=datetime.strptime(after_good.due, "%Y-%m-%dT%H:%M:%SZ")
                           .replace(tzinfo=UTC))
        assert far.due > due_text(later + timedelta(days=1))
        dues = {s.id: s.due for s in queue.situations(kim.id)}
    with ProgressStore(path) as store:
        again = ReviewQueue(store)
        assert {s.id: s.due for s in again.situations(kim.id)} == dues
        assert again.outcomes(kim.id) == [
            ("joker_never_passed", False)] * 4 + [("joker_never_passed", True)] * 3


def test_unhappy_paths_write_nothing(store: ProgressStore) -> None:
    kim = store.create_profile("Kim", "en")
    queue = ReviewQueue(store)
    bad: list[tuple[dict[str, Any], type[Exception]]] = [
        (mistake(step_id=""), ValueError), (mistake(step_index=-1), ValueError),
        (mistake(step_index=True), ValueError), (mistake(kind="explain"), ValueError),
        (mistake(action=["pass"]), ValueError), (mistake(reason=3), ValueError),
        (mistake(state=["x"]), ValueError), (mistake(rule=""), ValueError),
        (mistake(action={"x": float("nan")}), ValueError), ({"step_id": "s"}, KeyError),
    ]
    for broken, error in bad:
        with pytest.raises(error):
            queue.add_mistakes(kim.id, "core", "l", [mistake("fine"), broken], now=T0)
    with pytest.raises(KeyError):
        queue.add_mistakes(kim.id + 99, "core", "l", [mistake()], now=T0)
    assert queue.situations(kim.id) == []
    [sid] = queue.add_mistakes(kim.id, "core", "l", [mistake()], now=T0)
    with pytest.raises(KeyError):
        queue.review(sid, "easyish", now=T0)
    with pytest.raises(KeyError):
        queue.review(sid + 1, "good", now=T0)
    with pytest.raises(ValueError, match="time zone"):
        queue.review(sid, "good", now=datetime(2026, 12, 1, 9, 0))
    with pytest.raises(ValueError, match="time zone"):
        due_text(datetime(2026, 12, 1, 9, 0))
    assert queue.situation(sid).reviews == 0  # type: ignore[union-attr]
    assert queue.review(sid, "good").reviews == 1  # by the clock
    assert queue.situation(sid + 1) is None and queue.next_due(sid + 1) is None
    queue.forget(sid)
    with pytest.raises(KeyError):
        queue.forget(sid)
    assert queue.outcomes(kim.id) == []  # its reviews went with it


def test_setup_blobs_refuse_damage() -> None:
    blob = pack_setup(STATE, {"a": []})
    assert unpack_setup(blob) == (STATE, {"a": []})
    for damaged in (b"junk", blob[:-3], pack_setup(None, {})[:0]):
        with pytest.raises(ValueError, match="damaged"):
            unpack_setup(damaged)
    import json
    import zlib
    for data in ({"state": 3, "before": {}}, {"state": None}, [1]):
        with pytest.raises(ValueError, match="damaged"):
            unpack_setup(zlib.compress(json.dumps(data).encode()))


def test_due_today_counts_until_the_end_of_the_learners_day(store: ProgressStore) -> None:
    kim, raj = store.create_profile("Kim", "en"), store.create_profile("Raj", "hi")
    queue = ReviewQueue(store)
    queue.add_mistakes(kim.id, "core", "l", [mistake("a"), mistake("b")], now=T0)
    queue.add_mistakes(raj.id, "core", "l", [mistake("a")], now=T0)
    assert queue.due_today(kim.id, now=T0) == 2 and queue.due_today(raj.id, now=T0) == 1
    assert queue.due_today(kim.id, now=T0 - timedelta(days=1)) == 0
    assert end_of_day(T0) == datetime(2026, 12, 1, 23, 59, 59, 999999, tzinfo=UTC)
    assert len(queue.due(kim.id, until=T0 + timedelta(days=1), limit=1)) == 1
    store.delete_profile(raj.id)
    assert queue.situations(raj.id) == []


def test_a_schema_2_store_gains_the_review_tables(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        kim = store.create_profile("Kim", "en")
        store.save_lesson(kim.id, "core", "l", {"index": 2}, 0.5, False)
    with sqlite3.connect(path) as conn:  # as Tilewise with schema 2 left it
        conn.execute("DROP TABLE hands_played")
        conn.execute("DROP TABLE variants_shown")
        conn.execute("DROP TABLE reviews")
        conn.execute("DROP TABLE situations")
        conn.execute("PRAGMA user_version = 2")
    with ProgressStore(path) as store:
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        assert store.load_lesson(kim.id, "core", "l") == {"index": 2}
        assert ReviewQueue(store).add_mistakes(kim.id, "core", "l", [mistake()], now=T0)


def test_cli_lists_the_due_situations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    with ProgressStore() as store:
        kim = store.create_profile("Kim", "en")
        queue = ReviewQueue(store)
        first, second = queue.add_mistakes(kim.id, "core", "02-charleston",
                                           [mistake("a"), mistake("b", step_index=4)], now=T0)
        queue.review(second, "good", now=T0 + timedelta(minutes=5))
        due_first = queue.situation(first).due  # type: ignore[union-attr]
    assert cli_main(["review", "--profile", "Kim", "--list", "--at",
                     "2026-12-01T09:10:00"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{first}\tcore/02-charleston step 2\tjoker_never_passed\t{due_first}"]
    assert cli_main(["review", "--profile", "Kim", "--list", "--at",
                     "2026-12-30T10:00:00+00:00"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert cli_main(["review", "--profile", "Kim", "--list"]) == 0
    assert cli_main(["review", "--profile", "Nobody", "--list"]) == 2
    assert "no learner is called 'Nobody'" in capsys.readouterr().err
    for argv in (["--profile", "Kim"], ["--profile", "Kim", "--list", "--at", "soon"]):
        with pytest.raises(SystemExit) as stop:
            cli_main(["review", *argv])
        assert stop.value.code == 2


def test_the_variant_played_in_review_is_kept_with_its_time(store: ProgressStore) -> None:
    kim = store.create_profile("Kim", "en")
    queue = ReviewQueue(store)
    [sid] = queue.add_mistakes(kim.id, "core", "l", [mistake()], now=T0)
    assert queue.shown_variants(sid) == {}
    queue.review(sid, "good", now=T0 + timedelta(minutes=20), variant=1)
    queue.review(sid, "again", now=T0 + timedelta(days=1), variant=2)
    queue.review(sid, "good", now=T0 + timedelta(days=2), variant=1)  # shown again: newer time
    queue.review(sid, "good", now=T0 + timedelta(days=3))  # no variant named: none kept
    assert queue.shown_variants(sid) == {1: "2026-12-03T09:00:00Z", 2: "2026-12-02T09:00:00Z"}
    reviews = queue.situation(sid).reviews  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="whole number"):
        queue.review(sid, "good", now=T0 + timedelta(days=4), variant=-1)
    assert queue.situation(sid).reviews == reviews  # type: ignore[union-attr]  # nothing written
    assert queue.shown_variants(sid + 1) == {}
    queue.forget(sid)
    assert store._conn.execute("SELECT COUNT(*) FROM variants_shown").fetchone()[0] == 0


def test_a_schema_3_store_gains_the_variants_table(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        kim = store.create_profile("Kim", "en")
        [sid] = ReviewQueue(store).add_mistakes(kim.id, "core", "l", [mistake()], now=T0)
    with sqlite3.connect(path) as conn:  # as Tilewise with schema 3 left it
        conn.execute("DROP TABLE variants_shown")
        conn.execute("PRAGMA user_version = 3")
    with ProgressStore(path) as store:
        queue = ReviewQueue(store)
        assert queue.situation(sid) is not None and queue.shown_variants(sid) == {}
        queue.review(sid, "good", now=T0 + timedelta(hours=1), variant=1)
        assert queue.shown_variants(sid) == {1: "2026-12-01T10:00:00Z"}


def test_rating_numbers_are_fsrs_ratings_and_fsrs_waits_for_the_first_card() -> None:
    """The store keeps FSRS rating numbers without importing fsrs at start (issue 21): the
    names map to ``fsrs.Rating``'s own values, and a queue that only counts imports nothing."""
    import subprocess
    import sys

    import fsrs

    from tilewise.store import review

    assert {name: fsrs.Rating(value).name.lower() for name, value in review.RATINGS.items()} == {
        name: name for name in review.RATINGS}
    assert review.AGAIN == int(fsrs.Rating.Again)
    code = ("import sys, tempfile, pathlib; from tilewise.store.progress import ProgressStore; "
            "from tilewise.store.review import ReviewQueue; "
            "s = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / 'p.sqlite3'); "
            "q = ReviewQueue(s); p = s.create_profile('A', 'en'); "
            "print(q.due_today(p.id), q.outcomes(p.id), 'fsrs' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["0", "[]", "False"]
