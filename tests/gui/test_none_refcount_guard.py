"""The tilewise.gui import guard keeps many Qt calls from aborting CPython 3.11 (see gui/__init__)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLS = """
import tilewise.gui
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
for _ in range(200_000):
    label.setText("a")
print("ok")
"""


def test_two_hundred_thousand_void_qt_calls_do_not_abort() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "desktop"))
    done = subprocess.run([sys.executable, "-c", CALLS], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.strip() == "ok"
