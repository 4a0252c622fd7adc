"""Memory with use (issue 15, item 8): RSS after 1000 step opens and 100 practice deals against
RSS after the first 100, and what each cache holds.

The run is ``tests/hardening/growth_child.py``'s (the same child ``make test`` runs in
tests/hardening/test_growth.py): the app as ``tilewise`` builds it, in a fresh subprocess
(offscreen, a temporary home), driven from inside its own event loop; steps of every lesson
in a shuffled order, deals in the play room (American, WSM), the Charleston practice and the
claims drill in turn among them. Goals: RSS after all 1100 actions at most ``LIMIT_MB`` over
RSS after the first 100; no widget left behind (at most ``WIDGET_SLACK`` more, one screen's
difference). Info rows (not ``--quick``): a second run with ``--diag --clear`` gives glibc's
heap in use and free at both points and what each cache held at the end (tile faces, Qt's
pixmap cache, parsed SVGs, Qt's font engines).

    .venv/bin/python tests/benchmarks/run.py growth [--quick]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from verdicts import Row, goal, info

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.hardening.growth_child import (  # noqa: E402
    CHECK,
    DEALS,
    LIMIT_KB,
    OPENS,
    WIDGET_SLACK,
    measure,
)

LIMIT_MB = LIMIT_KB / 1024
ARGS = ("--opens", str(OPENS), "--deals", str(DEALS), "--check", str(CHECK))


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: RSS growth (MB) and widgets left; with the caches' sizes unless
    ``quick``."""
    f = measure(*ARGS)
    first, end = f["check"], f["end"]
    rows = [
        goal(f"memory after {OPENS} step opens and {DEALS} deals, over after the first {CHECK}",
             (end["rss"] - first["rss"]) / 1024, "MB", limit=LIMIT_MB,
             note=f"RSS {first['rss'] / 1024:.1f} -> {end['rss'] / 1024:.1f} MB; "
                  f"{f['steps_per_pass']} steps, shuffled"),
        goal(f"widgets left after {OPENS + DEALS} actions", float(end["widgets"] - first["widgets"]),
             "", limit=WIDGET_SLACK),
    ]
    if quick:
        return rows
    d: dict[str, Any] = measure(*ARGS, "--diag", "--clear")
    first, end = d["check"], d["end"]
    for name in ("heap_used", "heap_free"):
        rows.append(info(f"glibc heap {name.split('_')[1]} after {CHECK} -> after all",
                         (end[name] - first[name]) / 1024, "MB",
                         note=f"{first[name] / 1024:.1f} -> {end[name] / 1024:.1f} MB"))
    rows.append(info("tile faces kept at the end", end["face_kb"] / 1024, "MB",
                     note=f"{end['faces']} faces, {end['face_sizes']} sizes "
                          f"(after {CHECK}: {first['faces']}, {first['face_sizes']})"))
    held = [("tile faces", "end", "no_faces"), ("Qt's pixmap cache", "no_faces", "no_pixmapcache"),
            ("parsed face SVGs", "no_pixmapcache", "no_svgs"),
            ("Qt's font engines", "no_svgs", "no_font_engines")]
    for what, before, after in held:
        rows.append(info(f"heap held by {what} at the end",
                         (d[before]["heap_used"] - d[after]["heap_used"]) / 1024, "MB"))
    return rows


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
