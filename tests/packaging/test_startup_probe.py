"""The frozen start-up probe (``packaging/hooks/rthook_tilewise.py``, ``TILEWISE_STARTUP_PROBE``):
it reports the first paint of the first window shown, the main window or a first start's
dialog, and watches only that window (issue 21: a filter on the whole application charged its
own cost, about 40 ms of CPU, to the app and hardly any to the bare window).

Run here without freezing: the hook is executed as PyInstaller runs it, before the program.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "packaging" / "hooks" / "rthook_tilewise.py"

RUN = """
import runpy, sys
runpy.run_path({hook!r})
from PySide6.QtWidgets import QApplication
from tilewise.cli import main
app = QApplication.instance()
sys.exit(main(sys.argv[1:]))
"""

BUILD = """
import enum, runpy, sys
made = []
create = enum.EnumType._create_
def counted(*args, **kwargs):
    made.append(kwargs.get("qualname"))
    return create(*args, **kwargs)
enum.EnumType._create_ = counted
if sys.argv[1] == "probe":
    runpy.run_path({hook!r})
from PySide6.QtWidgets import QApplication, QMainWindow, QPushButton, QScrollArea, QVBoxLayout
from PySide6.QtWidgets import QWidget
app = QApplication([])
before = len(made)
window = QMainWindow()
area, inner = QScrollArea(), QWidget()
column = QVBoxLayout(inner)
for n in range(5):
    column.addWidget(QPushButton(str(n)))
area.setWidget(inner)
window.setCentralWidget(area)
print("ENUMS", len(made) - before, flush=True)
window.show()
sys.exit(app.exec())
"""


def _run(code: str, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home),
               TILEWISE_STARTUP_PROBE="1", PYTHONPATH=str(ROOT / "desktop"))
    env.pop("TILEWISE_EXIT_WHEN_READY", None)
    return subprocess.run([sys.executable, "-c", code.format(hook=str(HOOK)), *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_probe_reports_the_main_window_and_a_first_start_dialog(tmp_path: Path) -> None:
    main_window = _run(RUN, ["--profile", "Ana", "--lang", "en"], tmp_path / "a")
    assert main_window.returncode == 0, main_window.stderr[-2000:]
    [line] = [x for x in main_window.stdout.splitlines() if x.startswith("TILEWISE_SHOWN ")]
    _word, wall, cpu = line.split()
    assert float(wall) > 0 and 0 < float(cpu) < 60
    # no learner yet, none named: the welcome dialog is the first window (its exec)
    dialog = _run(RUN, ["--lang", "en"], tmp_path / "b")
    assert dialog.returncode == 0, dialog.stderr[-2000:]
    assert any(x.startswith("TILEWISE_SHOWN ") for x in dialog.stdout.splitlines())


def test_the_probe_costs_the_window_it_watches_nothing_while_it_is_built(tmp_path: Path) -> None:
    """Building a window (a scroll area of buttons) with the probe on makes no Python object
    more than without it: a filter on the whole application was called with every widget
    that got an event and made a wrapper, and its class's enum types, for each (183 enum
    types here); the window is still reported once painted."""
    with_probe = _run(BUILD, ["probe"], tmp_path)
    assert with_probe.returncode == 0, with_probe.stderr[-2000:]
    assert "ENUMS 0" in with_probe.stdout.splitlines()
    assert any(x.startswith("TILEWISE_SHOWN ") for x in with_probe.stdout.splitlines())
