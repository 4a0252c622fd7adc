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

from tilewise.lessons.hand.card import card_from_pack  # noqa: E402
from tilewise.lessons.hand.dealcode import shuffled_wall  # noqa: E402
from tilewise.lessons.hand.engine import HandEngine  # noqa: E402
from tilewise.lessons.pack import load_pack  # noqa: E402

HANDS = 100
TARGET_S = 0.2


def run() -> list[tuple[str, float, str]]:
    """Rows: per ruleset, seconds per hand (mean and worst), the deal baseline and the ratio."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    card = card_from_pack(load_pack(ROOT / "lessons" / "core", check_moves=False))
    rows: list[tuple[str, float, str]] = []
    for ruleset in ("american", "wsm"):
        times = []
        judged = 0
        for seed in range(HANDS):
            start = time.perf_counter()
            engine = HandEngine(ruleset, seed, card=card)
            times.append(time.perf_counter() - start)
            judged += engine.judged
            assert engine.refused == 0
        start = time.perf_counter()
        for seed in range(HANDS):
            shuffled_wall(ruleset, seed)
        deal = (time.perf_counter() - start) / HANDS
        mean = sum(times) / HANDS
        rows += [
            (f"{ruleset} hand mean (target <= {TARGET_S})", mean, "s"),
            (f"{ruleset} hand worst", max(times), "s"),
            (f"{ruleset} moves judged per hand", judged / HANDS, "moves"),
            (f"{ruleset} hand / deal baseline", mean / deal, "x"),
            (f"{ruleset} target met", float(mean <= TARGET_S), "1=yes"),
        ]
    return rows


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:<40} {value:10.4f}  {unit}")
