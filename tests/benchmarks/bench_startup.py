"""Start-up time: ``tilewise`` to the interactive lesson library vs a bare PySide6 QMainWindow.

Both run in fresh subprocesses of this interpreter on the offscreen platform; the figure is
the wall time from starting the process to the line ``READY``, printed from the first turn of
the event loop after the window is shown (for Tilewise: packs loaded and validated, profile
opened, library built; ``TILEWISE_EXIT_WHEN_READY`` in ``gui/app.py``). One warm-up run each,
then REPEATS runs each (one with ``--quick``), interleaved; the median is reported, and the
ratio app/bare (goal: at most 1.3x, issue 21). Byte code is cached in a temporary
``PYTHONPYCACHEPREFIX`` (as an installed or frozen app has it).

The first start is measured too: each run with a new empty ``HOME`` and ``TILEWISE_HOME`` (no
settings, no profile, no pack cache), byte code still cached; the same goal. The frozen
(installed) start needs a frozen build, which this run does not make: that goal is reported
``not measured`` (and so counts as missed) rather than guessed.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from verdicts import Row, goal

ROOT = Path(__file__).resolve().parents[2]
REPEATS = 5

BARE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1024, 768)
window.show()
QTimer.singleShot(0, lambda: (print("READY", flush=True), app.quit()))
sys.exit(app.exec())
"""

APP = "import sys; from tilewise.cli import main; sys.exit(main(sys.argv[1:]))"


def _time_to_ready(code: str, args: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, *args], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "READY":
            elapsed = time.perf_counter() - began
            break
    else:
        process.wait(timeout=60)
        raise RuntimeError(f"no READY line (exit code {process.returncode})")
    process.wait(timeout=60)
    return elapsed


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: warm and first-start medians (s) against the bare window."""
    repeats = 1 if quick else REPEATS
    home = tempfile.mkdtemp(prefix="tilewise-bench-")
    # Byte code is cached (in a temporary prefix, not in the tree) as an installed app has it;
    # the warm-up run writes it for both programs.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=home,
               TILEWISE_EXIT_WHEN_READY="1", PYTHONPATH=str(ROOT / "desktop"),
               PYTHONPYCACHEPREFIX=str(Path(home) / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    app_args = ["--profile", "Bench", "--lang", "en"]
    _time_to_ready(BARE, [], env)
    _time_to_ready(APP, app_args, env)
    bare, app = [], []
    first_bare, first_app = [], []
    for _ in range(repeats):
        bare.append(_time_to_ready(BARE, [], env))
        app.append(_time_to_ready(APP, app_args, env))
        fresh = tempfile.mkdtemp(prefix="tilewise-bench-first-")
        first = dict(env, HOME=fresh, TILEWISE_HOME=str(Path(fresh) / "tilewise"),
                     XDG_CONFIG_HOME=str(Path(fresh) / ".config"),
                     XDG_CACHE_HOME=str(Path(fresh) / ".cache"),
                     XDG_DATA_HOME=str(Path(fresh) / ".local" / "share"))
        first_bare.append(_time_to_ready(BARE, [], first))
        first_app.append(_time_to_ready(APP, app_args, first))
    bare_s, app_s = statistics.median(bare), statistics.median(app)
    fb, fa = statistics.median(first_bare), statistics.median(first_app)
    return [
        goal("start from source to the library, warm", app_s, "s", baseline=bare_s,
             ratio=app_s / bare_s, limit=1.3, on="ratio", note=f"median of {repeats}"),
        goal("start from source, first start (empty HOME)", fa, "s", baseline=fb,
             ratio=fa / fb, limit=1.3, on="ratio", note=f"median of {repeats}"),
        goal("frozen (installed) start vs bare frozen window", None, "s", limit=1.3,
             on="ratio", note="no frozen build in this run"),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
