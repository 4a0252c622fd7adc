"""Referee throughput: scenarios judged per second on one core, over the shared cases.

Not collected by pytest (``tests/benchmarks`` is excluded). Run it directly::

    .venv/bin/python tests/benchmarks/bench_referee.py

or through :func:`run` (``tests/benchmarks/run.py`` aggregates). The baseline, measured in the
same run on the same scenarios, is a ``json.loads(json.dumps(scenario))`` round trip; the ratio
says how many round trips one judgement costs. Target: at least 20,000 scenarios/s.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))

from tilewise.rules.referee import judge  # noqa: E402

SHARED = Path(os.environ.get("TILEWISE_SHARED", ROOT.parent / "shared"))
TARGET = 20_000.0
SECONDS = 2.0


def shared_scenarios() -> list[dict[str, Any]]:
    """Every scenario in ``SHARED/referee/cases/*.json``."""
    cases: list[dict[str, Any]] = []
    for path in sorted((SHARED / "referee" / "cases").glob("*.json")):
        cases.extend(json.loads(path.read_text(encoding="utf-8")))
    return cases


def _one_core() -> set[int] | None:
    """Pin this process to one CPU; returns the previous CPU set (None where unsupported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})
    return before


def _rate(work: Callable[[dict[str, Any]], object], scenarios: list[dict[str, Any]]) -> float:
    """Scenarios per second: the whole list repeated until ``SECONDS`` have passed."""
    for scenario in scenarios:  # warm up
        work(scenario)
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        for scenario in scenarios:
            work(scenario)
        done += len(scenarios)
    return done / elapsed


def _round_trip(scenario: dict[str, Any]) -> object:
    return json.loads(json.dumps(scenario))


def run() -> list[tuple[str, float, str]]:
    """Measure; returns (name, value, unit) rows for ``tests/benchmarks/run.py``."""
    before = _one_core()
    scenarios = shared_scenarios()
    try:
        referee = _rate(judge, scenarios)
        baseline = _rate(_round_trip, scenarios)
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    return [
        ("referee throughput", referee, "scenarios/s"),
        ("baseline json round trip", baseline, "scenarios/s"),
        ("referee / baseline", referee / baseline, "ratio"),
        ("referee / target 20000", referee / TARGET, "ratio"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:28} {value:12,.2f} {unit}")
