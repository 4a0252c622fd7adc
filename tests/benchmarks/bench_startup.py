"""Start-up time: ``tilewise`` to the interactive lesson library vs a bare PySide6 QMainWindow.

Both run in fresh subprocesses of this interpreter on the offscreen platform; the figure is
the wall time from starting the process to the line ``READY``, printed from the first turn of
the event loop after the window is shown (for Tilewise: packs loaded and validated, profile
opened, library built; ``TILEWISE_EXIT_WHEN_READY`` in ``gui/app.py``). One warm-up run each,
then REPEATS runs each, interleaved; the median is reported, and the ratio app/bare. Byte
code is cached in a temporary ``PYTHONPYCACHEPREFIX`` (as an installed or frozen app has it).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def run() -> list[tuple[str, float, str]]:
    """Rows (name, value, unit): medians in seconds and the app/bare ratio."""
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
    for _ in range(REPEATS):
        bare.append(_time_to_ready(BARE, [], env))
        app.append(_time_to_ready(APP, app_args, env))
    bare_s, app_s = statistics.median(bare), statistics.median(app)
    return [
        ("startup: bare PySide6 QMainWindow (median)", bare_s, "s"),
        ("startup: tilewise to interactive library (median)", app_s, "s"),
        ("startup: tilewise / bare", app_s / bare_s, "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:55s} {value:8.3f} {unit}")
