"""The table ``make bench`` prints: ``measure | goal | result | baseline | ratio | verdict``.

Imported by ``run.py`` and every ``bench_*.py`` module here (by path: this folder is not a
package and is not collected by pytest); its logic is tested in ``tests/test_bench_table.py``.

A :class:`Row` is one figure. With a goal (``limit`` and ``on``) it gets a verdict: ``met``
when the judged figure (``result`` or ``ratio``) is on the right side of the limit, else
``MISSED``; a goal that could not be measured (``result`` is None) is ``not measured`` and counts
as missed (a goal is never called met without a figure). Without a goal the row is ``info``
(a figure shown beside the goals, such as a warm cache, never a verdict).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Row", "goal", "info", "verdict", "format_table", "exit_code"]


@dataclass(frozen=True)
class Row:
    """One line of the table. ``unit`` is the unit of ``result`` and ``baseline``; ``ratio`` is
    result / baseline (or another stated ratio); ``limit`` and ``on`` ("result" or "ratio") the
    goal; ``at_least`` True when the figure must reach the limit (throughput), False when it
    must stay at or under it (times, memory)."""

    measure: str
    result: float | None
    unit: str
    baseline: float | None = None
    ratio: float | None = None
    limit: float | None = None
    on: str = "result"
    at_least: bool = False
    note: str = ""


def goal(measure: str, result: float | None, unit: str, *, limit: float, on: str = "result",
         at_least: bool = False, baseline: float | None = None, ratio: float | None = None,
         note: str = "") -> Row:
    """A row with a goal: ``limit`` applies to ``result`` or (``on="ratio"``) to ``ratio``."""
    if on not in ("result", "ratio"):
        raise ValueError(f"on must be 'result' or 'ratio', not {on!r}")
    return Row(measure, result, unit, baseline, ratio, limit, on, at_least, note)


def info(measure: str, result: float | None, unit: str, *, baseline: float | None = None,
         ratio: float | None = None, note: str = "") -> Row:
    """A row shown for context, without a goal or verdict."""
    return Row(measure, result, unit, baseline, ratio, note=note)


def verdict(row: Row) -> str:
    """``met``, ``MISSED``, ``not measured`` (a goal without a figure) or ``info``."""
    if row.limit is None:
        return "info"
    value = row.ratio if row.on == "ratio" else row.result
    if row.result is None or value is None or math.isnan(value):
        return "not measured"
    ok = value >= row.limit if row.at_least else value <= row.limit
    return "met" if ok else "MISSED"


def _goal_text(row: Row) -> str:
    if row.limit is None:
        return "-"
    sign = ">=" if row.at_least else "<="
    unit = "x" if row.on == "ratio" else f" {row.unit}"
    return f"{sign} {row.limit:g}{unit}"


def _number(value: float | None, unit: str = "") -> str:
    if value is None or math.isnan(value):
        return "-"
    text = f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}" if abs(value) < 10 else (
        f"{value:.1f}")
    return f"{text} {unit}".rstrip()


def format_table(rows: list[Row], failures: Sequence[str] = ()) -> str:
    """The table as Markdown-style text (one header, one line a row), then broken benches."""
    header = ("measure", "goal", "result", "baseline", "ratio", "verdict")
    lines = [(r.measure + (f" ({r.note})" if r.note else ""), _goal_text(r),
              _number(r.result, r.unit), _number(r.baseline, r.unit),
              "-" if r.ratio is None else f"{r.ratio:.2f}x", verdict(r)) for r in rows]
    widths = [max([len(h), *(len(line[i]) for line in lines)]) for i, h in enumerate(header)]
    out = [" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)),
           "-|-".join("-" * w for w in widths)]
    out += [" | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    verdicts = [verdict(r) for r in rows]
    goals = [v for v in verdicts if v != "info"]
    out.append(f"goals: {goals.count('met')} met, {len(goals) - goals.count('met')} missed "
               f"of {len(goals)}")
    out += [f"BROKEN {f}" for f in failures]
    return "\n".join(out)


def exit_code(rows: list[Row], failures: Sequence[str] = ()) -> int:
    """0 only when every goal is met and no benchmark broke; else 1."""
    if failures:
        return 1
    return 0 if all(verdict(r) in ("met", "info") for r in rows) else 1
