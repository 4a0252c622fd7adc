"""The verdict logic of ``make bench`` (tests/benchmarks/verdicts.py, imported by path: that
folder is not collected by pytest): a missed or unmeasured goal gives a non-zero exit, a figure
without a goal never counts as met, and the table has the columns issue 21 asks for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

PATH = Path(__file__).resolve().parent / "benchmarks" / "verdicts.py"


def _verdicts() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verdicts", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("verdicts", module)
    spec.loader.exec_module(module)
    return module


V = _verdicts()


def test_every_goal_met_exits_zero_and_prints_the_columns() -> None:
    rows = [V.goal("start", 1.2, "s", baseline=1.0, ratio=1.2, limit=1.3, on="ratio"),
            V.goal("referee", 41_000.0, "scenarios/s", limit=40_000, at_least=True),
            V.info("warm cache", 10.0, "ms")]
    text = V.format_table(rows)
    assert text.splitlines()[0].split(" | ")[0].strip() == "measure"
    assert [c.strip() for c in text.splitlines()[0].split("|")] == [
        "measure", "goal", "result", "baseline", "ratio", "verdict"]
    assert "1.20x" in text and "<= 1.3x" in text and ">= 40000 scenarios/s" in text
    assert [V.verdict(r) for r in rows] == ["met", "met", "info"]
    assert "goals: 2 met, 0 missed of 2" in text
    assert V.exit_code(rows) == 0


def test_a_missed_goal_exits_non_zero() -> None:
    rows = [V.goal("start", 1.95, "s", baseline=1.0, ratio=1.95, limit=1.3, on="ratio"),
            V.goal("cold pack", 589.0, "ms", limit=150.0)]
    assert [V.verdict(r) for r in rows] == ["MISSED", "MISSED"]
    assert "MISSED" in V.format_table(rows)
    assert V.exit_code(rows) == 1
    # A result under the limit does not save a goal judged on its ratio.
    assert V.verdict(V.goal("x", 0.1, "s", ratio=2.0, limit=1.3, on="ratio")) == "MISSED"
    assert V.verdict(V.goal("rate", 39_999.0, "/s", limit=40_000, at_least=True)) == "MISSED"


def test_unmeasured_goals_and_broken_benchmarks_are_not_met() -> None:
    unmeasured = V.goal("frozen start", None, "s", limit=1.3, on="ratio")
    assert V.verdict(unmeasured) == "not measured"
    assert V.exit_code([unmeasured]) == 1
    assert V.verdict(V.goal("nan", float("nan"), "ms", limit=1.0)) == "not measured"
    met = [V.goal("ok", 1.0, "ms", limit=2.0)]
    assert V.exit_code(met, ["bench_drag: RuntimeError: no window"]) == 1
    assert "BROKEN bench_drag" in V.format_table(met, ["bench_drag: RuntimeError: no window"])
    # Figures without goals (a warm cache) are never a verdict: only info rows, exit 0.
    assert V.exit_code([V.info("warm", 1.0, "ms")]) == 0
    with pytest.raises(ValueError):
        V.goal("bad", 1.0, "ms", limit=1.0, on="baseline")
