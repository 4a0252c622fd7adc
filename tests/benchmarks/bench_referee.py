"""Referee throughput: scenarios judged per second on one core, over the shared cases.

Not collected by pytest (``tests/benchmarks`` is excluded). Run it directly::

    .venv/bin/python tests/benchmarks/bench_referee.py

or through :func:`run` (``tests/benchmarks/run.py`` aggregates). The baseline, measured in the
same run on the same scenarios, is a ``json.loads(json.dumps(scenario))`` round trip; the ratio
says how many round trips one judgement costs. Goal (issue 21): at least 40,000 scenarios/s on
one core, on the shared mix and on every family (one case file of ``referee/cases`` each).

Each pass judges every scenario afresh: the answers the core keeps per hand (winning splits,
card lines; :func:`tilewise.rules.referee.forget_hands`) are forgotten before each pass, so a
repeated list measures judging, not remembering. What is kept per practice card (its reading,
its lines' forms) stays, as it does in use: one card serves every scenario. The judged figure
is wall time (``perf_counter``); the note gives the same run's rate in this process's CPU time,
which a machine shared with other work does not slow down.
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

from verdicts import Row, goal  # noqa: E402

from tilewise.rules.referee import forget_hands, judge  # noqa: E402

SHARED = Path(os.environ.get("TILEWISE_SHARED", ROOT.parent / "shared"))
TARGET = 40_000.0
SECONDS = 2.0
QUICK_SECONDS = 0.3


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


def families() -> dict[str, list[dict[str, Any]]]:
    """The scenarios of each case file, by the file's stem (``claims``, ``wins`` ...)."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((SHARED / "referee" / "cases").glob("*.json"))}


def _rate(work: Callable[[dict[str, Any]], object], scenarios: list[dict[str, Any]],
          seconds: float = SECONDS) -> tuple[float, float]:
    """Scenarios per second, by wall time and by CPU time: the whole list repeated until
    ``seconds`` have passed, the per-hand answers forgotten before each pass."""
    for scenario in scenarios:  # warm up
        work(scenario)
    done = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        forget_hands()
        for scenario in scenarios:
            work(scenario)
        done += len(scenarios)
    return done / elapsed, done / max(time.process_time() - cpu, 1e-9)


def _round_trip(scenario: dict[str, Any]) -> object:
    return json.loads(json.dumps(scenario))


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: scenarios/s on the mix and on each family, one core."""
    seconds = QUICK_SECONDS if quick else SECONDS
    before = _one_core()
    scenarios = shared_scenarios()
    try:
        baseline, _ = _rate(_round_trip, scenarios, seconds)
        rates = {"shared mix": _rate(judge, scenarios, seconds)}
        for name, cases in families().items():
            rates[f"family {name} ({len(cases)})"] = _rate(judge, cases, seconds)
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [goal(f"referee, one core: {name}", wall, "scenarios/s", limit=TARGET,
                 at_least=True, baseline=baseline, ratio=wall / baseline,
                 note=("baseline json round trip of the mix; " if name == "shared mix" else "")
                 + f"cpu {cpu:,.0f}/s, load {load:.1f}")
            for name, (wall, cpu) in rates.items()]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
