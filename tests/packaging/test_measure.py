"""``build.py measure``: a warm start, as a learner's, for the frozen app and the bare window
(fast: stand-in executables, no freezing).

The stand-in app is slow (its CPU figure 0.3 s) until a start that ran to ``SETTLED`` kept its
packs in ``TILEWISE_HOME``, as the real app is when the packs checked after its first paint
were never kept: the probe ends every measured start at its first paint (issue 21).
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

APP = f"""#!{sys.executable}
import os, pathlib, sys, time
kept = pathlib.Path(os.environ["TILEWISE_HOME"]) / "kept"
if os.environ.get("TILEWISE_STARTUP_PROBE") == "1":
    print(f"TILEWISE_SHOWN {{time.time():.6f}} {{0.1 if kept.exists() else 0.3}}")
elif os.environ.get("TILEWISE_EXIT_WHEN_READY") == "1":
    print("READY 0.1")
    if "--fail" in sys.argv:
        sys.exit(3)
    kept.write_text("packs")
    print("SETTLED 0.2")
"""

BARE = f"""#!{sys.executable}
import time
print(f"TILEWISE_SHOWN {{time.time():.6f}} 0.05")
"""


def _bundles(tmp_path: Path, app: str = APP) -> Path:
    work = tmp_path / "work"
    for folder, name, text in (("tilewise", "tilewise", app), ("bare_window", "bare_window", BARE)):
        exe = work / "dist" / folder / name
        exe.parent.mkdir(parents=True)
        exe.write_text(text)
        exe.chmod(0o755)
    return work


def test_measure_times_warm_starts_after_one_that_settled(build: ModuleType,
                                                          tmp_path: Path) -> None:
    rows = {name: value for name, value, _unit in
            build.measure(runs=3, out=tmp_path, work=_bundles(tmp_path), build=False)}
    assert rows["frozen start app CPU (median)"] == pytest.approx(100)
    assert rows["frozen start bare window CPU (median)"] == pytest.approx(50)
    assert rows["frozen start ratio app/bare CPU"] == pytest.approx(2.0)
    assert 0 < rows["frozen start app (median)"] < 10_000
    assert rows["frozen start ratio app/bare"] > 0


def test_an_app_that_does_not_settle_stops_the_measure(build: ModuleType,
                                                       tmp_path: Path) -> None:
    work = _bundles(tmp_path, APP.replace('"--fail" in sys.argv', "True"))
    with pytest.raises(build.ReleaseError, match="did not settle .exit 3"):
        build.measure(runs=1, out=tmp_path, work=work, build=False)
