"""Memory growth with use (issue 15, item 8): RSS per step opened and per practice deal, after
the caches are warm, must level off.

Measured in a fresh subprocess of this interpreter (offscreen platform, a temporary home), the
app as ``tilewise`` builds it (``gui.app.start``), driven from inside the app's own event loop
(``QTimer`` chain under ``app.exec()``) as a learner's clicks are, so deleted widgets are
really deleted (``deleteLater``) as in use. RSS is the child's current resident set
(``/proc/self/statm``), read after ``gc.collect()``; widget counts are ``QApplication.allWidgets``.

- steps: one pass over every step of every pack warms the caches (tile faces, Qt's pixmap
  cache, glyphs; each bounded); then two rounds of ``STEPS`` more step opens. Goal: the second
  round adds at most ``STEP_LIMIT_MB`` (the growth found by issue 15 was 55 KB a step, 22 MB a
  round, without levelling off) and no widget.
- deals: ``WARM_DEALS`` deals in each practice room (play room American and WSM, Charleston
  practice, claims drill) warm up; then two rounds of ``DEALS`` deals. Goal: the second round
  adds at most ``DEAL_LIMIT_MB`` (the growth found was 240 KB a deal) and no widget.

    .venv/bin/python tests/benchmarks/run.py growth [--quick]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from verdicts import Row, goal, info

ROOT = Path(__file__).resolve().parents[2]
STEPS, DEALS, WARM_DEALS = 400, 100, 20
STEP_LIMIT_MB, DEAL_LIMIT_MB, WIDGET_LIMIT = 4.0, 2.0, 5

CHILD = """
import gc, json, os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tilewise.gui.app import parser, start

def rss_kb():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

steps_round, deals_round, warm_deals = (int(a) for a in sys.argv[1:4])
window = start(parser().parse_args(["--profile", "Bench", "--lang", "en"]))
window.show()
app = QApplication.instance()
steps = [(p, l, i) for p in window.packs for l in p.lessons for i in range(len(l.steps))]

def open_step(k):
    pack, lesson, index = steps[k % len(steps)]
    window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
    window.stack.setCurrentWidget(window.player)

def deal(k):
    hub = window.practice
    room = (hub.play, hub.play, hub.charleston, hub.claims)[k % 4]
    window.stack.setCurrentWidget(room)
    if room is hub.play:
        room.deal("american" if k % 8 == 0 else "wsm", k, "S")
    elif room is hub.charleston:
        room.deal(k, "E")
    else:
        room.deal(k, "S", 1)

plan = [("open", open_step, len(steps), "steps0"), ("open", open_step, steps_round, "steps1"),
        ("open", open_step, steps_round, "steps2"), ("deal", deal, 4 * warm_deals, "deals0"),
        ("deal", deal, 4 * deals_round, "deals1"), ("deal", deal, 4 * deals_round, "deals2")]
figures = {}
state = {"phase": 0, "k": 0, "done": 0}

def tick():
    phase = state["phase"]
    if phase == len(plan):
        app.quit()
        return
    _kind, action, count, name = plan[phase]
    if state["done"] == count:
        gc.collect()
        figures[name] = {"rss": rss_kb(), "widgets": len(QApplication.allWidgets())}
        state.update(phase=phase + 1, done=0)
    else:
        action(state["k"])
        state["k"] += 1
        state["done"] += 1
    QTimer.singleShot(0, tick)

QTimer.singleShot(0, tick)
app.exec()
figures["steps_per_pass"] = len(steps)
print("GROWTH " + json.dumps(figures))
"""


def _measure(steps: int, deals: int, warm: int) -> dict[str, dict[str, int] | int]:
    home = tempfile.mkdtemp(prefix="tilewise-bench-growth-")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=home,
               PYTHONPATH=str(ROOT / "desktop"))
    done = subprocess.run([sys.executable, "-c", CHILD, str(steps), str(deals), str(warm)],
                          env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
    for line in done.stdout.splitlines():
        if line.startswith("GROWTH "):
            figures: dict[str, dict[str, int] | int] = json.loads(line[7:])
            return figures
    raise RuntimeError(f"no GROWTH line (exit {done.returncode}): {done.stderr[-800:]}")


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: growth of the second round of steps and of deals (MB, widgets)."""
    steps, deals = (STEPS // 4, DEALS // 4) if quick else (STEPS, DEALS)
    f = _measure(steps, deals, WARM_DEALS // 4 if quick else WARM_DEALS)

    def mb(later: str, earlier: str) -> float:
        a, b = f[later], f[earlier]
        assert isinstance(a, dict) and isinstance(b, dict)
        return (a["rss"] - b["rss"]) / 1024

    def widgets(later: str, earlier: str) -> float:
        a, b = f[later], f[earlier]
        assert isinstance(a, dict) and isinstance(b, dict)
        return float(a["widgets"] - b["widgets"])

    scale = 0.25 if quick else 1.0
    return [
        goal(f"memory growth, {steps} more steps opened (warm)", mb("steps2", "steps1"), "MB",
             limit=STEP_LIMIT_MB * scale,
             note=f"after a pass over all {f['steps_per_pass']} steps and {steps} more"),
        goal(f"widgets left, {steps} more steps opened", widgets("steps2", "steps1"), "",
             limit=WIDGET_LIMIT),
        info("memory growth while warming, per step", mb("steps1", "steps0") / steps * 1024,
             "KB"),
        goal(f"memory growth, {4 * deals} more practice deals (warm)", mb("deals2", "deals1"),
             "MB", limit=DEAL_LIMIT_MB * scale,
             note="play room American/WSM, Charleston, claims drill in turn"),
        goal(f"widgets left, {4 * deals} more practice deals", widgets("deals2", "deals1"), "",
             limit=WIDGET_LIMIT),
        info("memory growth while warming, per deal", mb("deals1", "deals0") / (4 * deals) * 1024,
             "KB"),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
