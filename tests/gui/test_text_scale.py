"""A text scale from the screen's size when the learner has chosen none (tester's report: at
3840x2160 with no desktop scaling the lesson text was small beside large pictures; with
QT_SCALE_FACTOR=2 it was fine). A 4K screen at 96 dpi gets 2.0, as if it were a 1080p one at
scale 2; 1024x768 and 1080p are unchanged; a chosen scale always wins."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tilewise.gui.style import screen_text_scale

PROBE = Path(__file__).with_name("text_scale_probe.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("width", "height", "scale"), [
    (1024, 768, 1.0), (1366, 768, 1.0), (1920, 1080, 1.0), (1920, 1200, 1.0),
    (2560, 1440, 1.25), (3440, 1440, 1.25), (3840, 2160, 2.0), (5120, 2880, 2.5),
    (7680, 4320, 3.0), (800, 600, 1.0)])
def test_the_screens_text_scale(width: int, height: int, scale: float) -> None:
    assert screen_text_scale(width, height) == scale


def test_a_4k_screen_at_96_dpi_reads_like_1080p_until_a_scale_is_chosen(tmp_path: Path) -> None:
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{
        "name": "4K TV", "x": 0, "y": 0, "width": 3840, "height": 2160, "logicalDpi": 96,
        "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}",
               TILEWISE_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT / "desktop"))
    env.pop("QT_SCALE_FACTOR", None)
    done = subprocess.run([sys.executable, str(PROBE)], env=env, capture_output=True, text=True,
                          timeout=120, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["window"] == [2560, 1720]  # 1280x860 as on 1080p, twice as large
    assert said["auto"] == 40 and said["auto_padded"]  # text at 2.0 (20 px at 1.0), room too
    # the words beside a seat diagram as wide as on a 1080p screen (560 px there), on the
    # desk and on the projector, whose page stays on the screen (it reached 1000 px past it)
    assert said["desk_column"] >= 1000 and said["presenter_column"] >= 1000, said
    assert said["presenter_past"] <= 0, said
    # the settings accepted without touching the scale: still the screen's, nothing saved
    assert said["unchanged"] == 40 and said["unchanged_padded"]
    assert said["unchanged_saved"] is None
    # a scale chosen wins, and is kept
    assert said["chosen"] == 20 and not said["chosen_padded"] and said["chosen_saved"] == 1.0
