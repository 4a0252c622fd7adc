"""A whole automatic hand: seconds per hand, four computer seats, every move judged.

Target: at most 0.2 s per hand in each ruleset (``american`` with the Charleston, ``wsm``).
Measured over :data:`HANDS` seeded hands per ruleset on one core; the baseline, same run, is
dealing the same hands without playing them (the shuffled wall and the deal only), so the
ratio says how many deals one played hand costs.

    .venv/bin/python tests/benchmarks/bench_hands.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))

from verdicts import Row, goal, info  # noqa: E402

from tilewise.lessons.hand.card import card_from_pack  # noqa: E402
from tilewise.lessons.hand.dealcode import shuffled_wall  # noqa: E402
from tilewise.lessons.hand.engine import HandEngine  # noqa: E402
from tilewise.lessons.pack import load_pack  # noqa: E402

HANDS = 100
TARGET_S = 0.2


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: per ruleset, seconds per hand against the goal, the deal baseline."""
    hands = 10 if quick else HANDS
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    card = card_from_pack(load_pack(ROOT / "lessons" / "core", check_moves=False))
    rows: list[Row] = []
    for ruleset in ("american", "wsm"):
        times = []
        judged = 0
        for seed in range(hands):
            start = time.perf_counter()
            engine = HandEngine(ruleset, seed, card=card)
            times.append(time.perf_counter() - start)
            judged += engine.judged
            assert engine.refused == 0
        start = time.perf_counter()
        for seed in range(hands):
            shuffled_wall(ruleset, seed)
        deal = (time.perf_counter() - start) / hands
        mean = sum(times) / hands
        rows += [
            goal(f"automatic {ruleset} hand, mean of {hands}", mean, "s", limit=TARGET_S,
                 baseline=deal, ratio=mean / deal,
                 note=f"{judged / hands:.0f} moves judged; baseline the deal"),
            info(f"automatic {ruleset} hand, worst", max(times), "s"),
        ]
    return rows


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
