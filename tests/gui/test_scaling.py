"""INPUTS 19: the same drop lands in the same slot at QT_SCALE_FACTOR 1, 1.25, 1.5 and 2.

One fresh process per factor (Qt reads the factor when the application starts).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = Path(__file__).with_name("scale_probe.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("factor", ["1", "1.25", "1.5", "2"])
def test_drop_lands_in_slot_two_at_every_scale(factor: str, tmp_path: Path) -> None:
    env = dict(os.environ, QT_SCALE_FACTOR=factor, QT_QPA_PLATFORM="offscreen",
               TILEWISE_HOME=str(tmp_path), PYTHONPATH=str(ROOT / "desktop"))
    done = subprocess.run([sys.executable, str(PROBE)], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["placed"] == ["pass", 1]
    assert answer["dpr"] == pytest.approx(float(factor))
    # the rack's 5 bam is rasterised at its on-screen size in device pixels, not scaled up
    assert any(abs(h - answer["device_height"]) <= 1 for h in answer["face_heights"])
