"""Many void Qt calls must not use up None's reference count (PySide6 6.12.0 + CPython 3.11 did)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLS = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for _ in range(200_000):
    label.setText("a")
print("ok", abs(sys.getrefcount(None) - before) < 1000)
"""


def test_two_hundred_thousand_void_qt_calls_do_not_abort() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "desktop"))
    done = subprocess.run([sys.executable, "-c", CALLS], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.strip() == "ok True"
