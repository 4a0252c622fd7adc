"""The review queue at scale (issue 19): 10,000 saved situations for one learner.

Not collected by pytest. Run it with ``make bench`` or directly::

    .venv/bin/python tests/benchmarks/bench_review.py

A generated history on the real core pack: each situation is a wrong move on one of the pack's
task steps (three tiles of the seat's own hand refused for one of the core's reason codes, or a
wrong quiz option), made over 180 days and kept through ``ReviewQueue.add_mistakes`` as the app
keeps them (100 a transaction); 2,000 of them answered in review (good, hard or again). The
store keeps one situation per step, kind and reason code (e5878fc), so one pack of the core's
217 task and quiz steps cannot hold 10,000: the learner's mistakes are spread over
:data:`PACKS` packs of the core's lessons (ids ``core``, ``core-2``...), as a learner with many
packs would have them. Figures: the due list (``ReviewQueue.due_list``, every
situation due half-way through the history, median of 21), the same situations
loaded whole (``ReviewQueue.due``, tables included), the count due today, and the store's
size after a checkpoint. Targets: due list <= 50 ms, store < 20 MB. The baseline measured in the
same run is a bare ``SELECT COUNT(*)`` over the situations; the ratio is due list / baseline.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))

from verdicts import Row, goal, info  # noqa: E402

from tilewise.lessons.pack import load_pack  # noqa: E402
from tilewise.rules.verdict import Reason  # noqa: E402
from tilewise.store.progress import ProgressStore  # noqa: E402
from tilewise.store.review import ReviewQueue  # noqa: E402

SITUATIONS = 10_000
PACKS = 10
REVIEWED = 2_000
TARGET_MS = 50.0
TARGET_MB = 20.0
START = datetime(2026, 6, 1, tzinfo=UTC)


def history(rng: random.Random) -> list[tuple[str, str, dict[str, Any], datetime]]:
    """(pack id, lesson id, mistake dict, when) for SITUATIONS distinct situations (step, kind
    and reason code: the store's rule) over PACKS packs of the core's lessons."""
    pack = load_pack(ROOT / "lessons" / "core")
    places = [(lesson, i, step) for lesson in pack.lessons for i, step in enumerate(lesson.steps)
              if step.acting]
    reasons = sorted(Reason)
    seen: set[tuple[str, str, str, str | None]] = set()
    out: list[tuple[str, str, dict[str, Any], datetime]] = []
    while len(out) < SITUATIONS:
        pack_id = rng.choice(["core", *(f"core-{k}" for k in range(2, PACKS + 1))])
        lesson, index, step = rng.choice(places)
        if step.quiz is not None:
            action: dict[str, Any] = {"option": rng.choice(step.quiz.options).id}
            kind, state, reason = "quiz", None, None
        else:
            assert step.task is not None
            hand = list(step.task.state.get("hands", {}).get(step.task.seat, [])) or ["1C"] * 3
            action = {"type": step.task.allow[0], "seat": step.task.seat,
                      "tiles": rng.sample(hand, min(3, len(hand))), "n": rng.randrange(10**6)}
            kind, state, reason = "task", dict(step.task.state), str(rng.choice(reasons))
        key = (pack_id, f"{lesson.id}/{step.id}", kind, reason)
        if key in seen:
            continue
        seen.add(key)
        when = START + timedelta(minutes=rng.randrange(180 * 24 * 60))
        out.append((pack_id, lesson.id, {"step_id": step.id, "step_index": index, "kind": kind,
                                         "action": action, "reason": reason,
                                         "rule": "know_tiles", "state": state, "before": {}},
                    when))
    out.sort(key=lambda item: item[3])
    return out


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: the due list (ms) and the store's size (MB) against their goals."""
    rng = random.Random(19)
    made = history(rng)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.sqlite3"
        with ProgressStore(path) as store:
            kim = store.create_profile("Kim", "en")
            queue = ReviewQueue(store)
            started = time.perf_counter()
            for at in range(0, len(made), 100):
                batch = made[at:at + 100]
                by_lesson: dict[tuple[str, str], list[dict[str, Any]]] = {}
                for pack_id, lesson_id, mistake, _when in batch:
                    by_lesson.setdefault((pack_id, lesson_id), []).append(mistake)
                for (pack_id, lesson_id), mistakes in by_lesson.items():
                    queue.add_mistakes(kim.id, pack_id, lesson_id, mistakes, now=batch[-1][3])
            saving = time.perf_counter() - started
            ids = [s.id for s in queue.situations(kim.id)]
            assert len(ids) == SITUATIONS, len(ids)
            for sid in rng.sample(ids, REVIEWED):
                queue.review(sid, rng.choice(["good", "good", "hard", "again"]),
                             now=START + timedelta(days=rng.randrange(90, 180)))
            half = START + timedelta(days=90)
            due_times, base_times = [], []
            for _ in range(5 if quick else 21):
                t0 = time.perf_counter()
                due = queue.due_list(kim.id, until=half)
                due_times.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                store._conn.execute("SELECT COUNT(*) FROM situations").fetchone()
                base_times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            today = queue.due_today(kim.id, now=half)
            today_ms = (time.perf_counter() - t0) * 1000
            everything = queue.due_list(kim.id, until=START + timedelta(days=400))
            t0 = time.perf_counter()
            whole = queue.due(kim.id, until=half)
            whole_ms = (time.perf_counter() - t0) * 1000
            assert [s.id for s in whole] == [d.id for d in due]
        size_mb = path.stat().st_size / 1e6
    due_ms = statistics.median(due_times) * 1000
    base_ms = statistics.median(base_times) * 1000
    print(f"due list: {len(due)} situations in {due_ms:.1f} ms (target <= {TARGET_MS:.0f});"
          f" all {len(everything)} due; store {size_mb:.2f} MB (target < {TARGET_MB:.0f});"
          f" {'OK' if due_ms <= TARGET_MS and size_mb < TARGET_MB else 'MISSED'}",
          file=sys.stderr)
    return [
        info(f"save {SITUATIONS} situations, per situation", saving / SITUATIONS * 1000, "ms"),
        goal(f"review due list, {len(due)} of {SITUATIONS} due", due_ms, "ms", limit=TARGET_MS,
             baseline=base_ms, ratio=due_ms / base_ms if base_ms else None,
             note="baseline SELECT COUNT(*)"),
        info("review due situations, whole rows", whole_ms, "ms"),
        info(f"review due today ({today}), count query", today_ms, "ms"),
        goal(f"review store size, {SITUATIONS} situations", size_mb, "MB", limit=TARGET_MB),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
