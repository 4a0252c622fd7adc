"""Peak memory (RSS) of Tilewise after opening every lesson vs a bare PySide6 QMainWindow.

Goal (issue 21): Tilewise at most 1.5x the bare window, after opening every lesson and after
also showing every step. Each figure is measured in a fresh subprocess
of this interpreter on the offscreen platform and read from the child's own
``VmHWM`` in ``/proc/self/status`` (peak resident set, kB) at the end; not ``ru_maxrss``,
which Linux carries over from the parent across fork and exec (so a runner that already
holds a big Qt scene would hide the figure). The median of REPEATS runs is reported.

- bare: ``QApplication`` + ``QMainWindow`` 1280x860, shown, events processed, closed.
- Tilewise: the app as ``tilewise`` builds it (``gui.app.start``: settings, progress store,
  packs loaded and validated, library), shown, then every lesson of every pack opened in the
  player (``MainWindow.open_lesson``); a second figure after also showing every step of every
  lesson. Each opening is one turn of a running event loop, as a learner's click is in the
  app: the widgets a step replaces (``deleteLater``) are deleted as the app deletes them.
  (Opened from a ``processEvents()`` loop, with no event loop running, Qt never deleted them:
  the second figure counted some 600 dead buttons, about 9 MB, that the app never holds.)
  The loop does not count the widgets after the actions (``in_event_loop(count=False)``):
  ``QApplication.allWidgets()``, which the app never calls, hands the widgets Qt made to
  Python, and PySide loaded some 70 widget classes it had not needed to find their types,
  ~0.9 MB in both figures that the app does not spend (more faithful since issue 21).

The measured runs share one ``TILEWISE_HOME``: the first is a first start (the packs' moves
checked after the first paint), the others find the checked packs in the pack cache, as any
later start does (so the median of three is a later start's figure; ``--quick``'s single run
is a first start's).

Byte code is cached in a temporary ``PYTHONPYCACHEPREFIX`` (as an installed or frozen app has
it, and as ``bench_startup.py`` runs), written by one warm-up run of each program before the
measured ones. (With ``PYTHONDONTWRITEBYTECODE`` set, as on this machine, each run compiled
every Tilewise module from source: the compiler's peak, about 2 MB of parse trees for the
largest modules, stayed in the figures as heap the app never needs.)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from verdicts import Row, goal, info

ROOT = Path(__file__).resolve().parents[2]
REPEATS = 3
TARGET = 1.5

BARE = """
import json, sys
def peak():
    return int(next(l for l in open("/proc/self/status") if l.startswith("VmHWM")).split()[1])
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1280, 860)
window.show()
for _ in range(5):
    app.processEvents()
window.close()
app.processEvents()
print("RSS " + json.dumps({"bare": peak()}))
"""

APP = """
import json, sys
def peak():
    return int(next(l for l in open("/proc/self/status") if l.startswith("VmHWM")).split()[1])
from PySide6.QtWidgets import QApplication
from tilewise.gui.app import parser, start
from tests.hardening.eventloop import in_event_loop  # one action per turn, as clicks come
window = start(parser().parse_args(["--profile", "Bench", "--lang", "en"]))
window.show()
app = QApplication.instance()
for _ in range(5):
    app.processEvents()
in_event_loop([lambda p=pack, l=lesson: window.open_lesson(p.id, l.id)
               for pack in window.packs for lesson in pack.lessons], count=False)
lessons = peak()
in_event_loop([lambda p=pack, l=lesson, i=index:
               window.player.open(p, l, {"lesson": l.id, "index": i})
               for pack in window.packs for lesson in pack.lessons
               for index in range(len(lesson.steps))], count=False)
steps = peak()
window.close()
app.processEvents()
print("RSS " + json.dumps({"lessons": lessons, "steps": steps}))
"""


def _peak(code: str, env: dict[str, str]) -> dict[str, int]:
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    for line in done.stdout.splitlines():
        if line.startswith("RSS "):
            return {k: int(v) for k, v in json.loads(line[4:]).items()}
    raise RuntimeError(f"no RSS line (exit {done.returncode}): {done.stderr[-800:]}")


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: peak RSS medians (MB) against the bare window."""
    repeats = 1 if quick else REPEATS
    home = tempfile.mkdtemp(prefix="tilewise-bench-mem-")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=home,
               PYTHONPATH=str(ROOT / "desktop"), PYTHONPYCACHEPREFIX=str(Path(home) / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _peak(BARE, env)  # the warm-up runs write the byte code
    _peak(APP, dict(env, TILEWISE_HOME=tempfile.mkdtemp(prefix="tilewise-bench-mem-warm-")))
    bare, lessons, steps = [], [], []
    for _ in range(repeats):
        bare.append(_peak(BARE, env)["bare"])
        app = _peak(APP, env)
        lessons.append(app["lessons"])
        steps.append(app["steps"])
    b, lo, st = (statistics.median(v) / 1024 for v in (bare, lessons, steps))
    return [
        goal("peak memory, every lesson opened", lo, "MB", baseline=b, ratio=lo / b,
             limit=TARGET, on="ratio", note=f"median of {repeats}; baseline bare window"),
        goal("peak memory, every step of every lesson shown", st, "MB", baseline=b,
             ratio=st / b, limit=TARGET, on="ratio"),
        info("peak memory, every lesson minus bare", lo - b, "MB"),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
