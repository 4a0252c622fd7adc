"""Progress survives a machine switched off mid-lesson (SIGKILL at random moments), and a
corrupt database is moved aside with a message, never silently replaced.

A child process saves moves in a loop through ``ProgressStore`` and acknowledges each commit;
the test kills it at a random moment (also while it is still opening the database), then
checks that the database opens, was not moved aside, and holds every acknowledged move, every
acknowledged mistake kept for review and every acknowledged review answer (issue 19).
``make test`` runs a few rounds; ``TILEWISE_FULL=1`` (``make fuzz``) runs 100.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.hardening.counts import count
from tilewise.store.progress import ProgressStore
from tilewise.store.review import ReviewQueue

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("progress_child.py")
FULL = os.environ.get("TILEWISE_FULL") == "1"
ROUNDS = 100 if FULL else 10


def run_and_kill(db: Path, start: int, rng: random.Random,
                 reviews: dict[str, list[int]] | None = None) -> list[int]:
    """Start the child, SIGKILL it after a random delay; return the acknowledged moves (and
    put the acknowledged mistakes and reviews in ``reviews["mistake"]``/``["review"]``)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "desktop"))
    child = subprocess.Popen([sys.executable, str(CHILD), str(db), str(start)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert child.stdout is not None
    acks: list[int] = []
    opened: list[str] = []

    def reader() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("ack "):
                acks.append(int(line.split()[1]))
            elif line.startswith(("mistake ", "review ")) and reviews is not None:
                kind, number = line.split()
                reviews.setdefault(kind, []).append(int(number))
            elif line.startswith("open "):
                opened.append(line.split(" ", 1)[1].strip())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    # sometimes while Python starts or the database opens, mostly in the middle of the saves
    time.sleep(rng.choice([rng.uniform(0.0, 0.3), rng.uniform(0.3, 1.5)]))
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    thread.join(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert all(o == "None" for o in opened), f"the child found a corrupt database: {opened}"
    return acks


def test_sigkill_at_random_moments_never_loses_an_acknowledged_move(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("TILEWISE_SEED", "20261129")))
    db = tmp_path / "progress.sqlite3"
    acknowledged: set[int] = set()
    reviews: dict[str, list[int]] = {}
    start = 0
    for _round in range(ROUNDS):
        acks = run_and_kill(db, start, rng, reviews)
        acknowledged.update(acks)
        with ProgressStore(db) as store:  # always opens; never moved aside
            assert store.recovered_from is None
            assert [p.name for p in store.profiles()] in ([], ["Kim"])
            saved = set()
            for profile in store.profiles():
                for (_pack, lesson), summary in store.lesson_summaries(profile.id).items():
                    saved.add(int(lesson[1:]))
                    session = store.load_lesson(profile.id, "core", lesson)
                    assert session is not None and session["lesson"] == lesson
                    assert summary.mastery == (int(lesson[1:]) % 10) / 10
            kept = {int(s.step_id[1:]): s for p in store.profiles()
                    for s in ReviewQueue(store).situations(p.id)}
        missing = acknowledged - saved
        assert not missing, f"acknowledged moves lost after a kill: {sorted(missing)[:10]}"
        lost = set(reviews.get("mistake", [])) - set(kept)
        assert not lost, f"acknowledged mistakes lost after a kill: {sorted(lost)[:10]}"
        unreviewed = [i for i in reviews.get("review", []) if kept[i].reviews != 1]
        assert not unreviewed, f"acknowledged reviews lost after a kill: {unreviewed[:10]}"
        start = max(saved | acknowledged, default=-1) + 1
    assert not list(tmp_path.glob("*corrupt*"))
    assert len(acknowledged) > 0, "the child never got to save (the machine is too slow?)"
    assert reviews.get("review"), "the child never got to a review save"
    count("SIGKILL during saves", "kills", ROUNDS)
    count("SIGKILL during saves", "acknowledged moves kept", len(acknowledged))
    count("SIGKILL during saves", "mistakes kept", len(reviews.get("mistake", [])))
    count("SIGKILL during saves", "reviews kept", len(reviews.get("review", [])))
    count("SIGKILL during saves", "lost or set aside", 0)


# -- damaged files ----------------------------------------------------------------------------


def filled_store(path: Path) -> bytes:
    with ProgressStore(path) as store:
        profile = store.create_profile("Kim", "en")
        for i in range(200):
            store.save_lesson(profile.id, "core", f"m{i}", {"index": i, "pad": "x" * 200},
                              0.5, False)
    return path.read_bytes()


def damage_truncate(data: bytes) -> bytes:
    return data[: len(data) // 3]


def damage_garble_header(data: bytes) -> bytes:
    return b"\x00" * 100 + data[100:]


def damage_garble_pages(data: bytes) -> bytes:
    out = bytearray(data)
    for at in range(4096, len(out), 997):
        out[at] ^= 0x5A
    return bytes(out)


def damage_zero_tail(data: bytes) -> bytes:
    return data[:4096] + b"\x00" * (len(data) - 4096)


@pytest.mark.parametrize("damage", [damage_truncate, damage_garble_header, damage_garble_pages,
                                    damage_zero_tail])
def test_a_damaged_database_is_moved_aside_with_a_message(tmp_path: Path, damage: object,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "progress.sqlite3"
    original = filled_store(db)
    damaged = damage(original)  # type: ignore[operator]
    db.write_bytes(damaged)
    with caplog.at_level(logging.WARNING, logger="tilewise.store.progress"):
        store = ProgressStore(db)
    try:
        aside = store.recovered_from
        assert aside is not None and aside.parent == tmp_path
        assert aside.read_bytes() == damaged  # the learner's bytes are kept, not replaced
        # a new, working database in its place, holding what could still be read (issue 15)
        counts = store.salvaged or {"profiles": 0, "progress": 0, "practice_scores": 0}
        assert sum(len(store.lesson_summaries(p.id)) for p in store.profiles()) == \
            counts["progress"] <= 200
        assert counts["profiles"] <= len(store.profiles()) <= 1
        store.create_profile("Kim", "en")
        assert any(str(aside) in r.getMessage() for r in caplog.records), caplog.text
    finally:
        store.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
