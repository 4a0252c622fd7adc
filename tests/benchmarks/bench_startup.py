"""Start-up time: ``tilewise`` to the interactive lesson library vs a bare PySide6 QMainWindow.

Both run in fresh subprocesses of this interpreter on the offscreen platform; the figure is
the wall time from starting the process to the line ``READY``, printed on the first turn of
the event loop after the window's first paint (its first ``UpdateRequest``, on which Qt lays
out, paints and flushes the window): for Tilewise, profile opened, library built and painted
(``TILEWISE_EXIT_WHEN_READY``, ``gui/app.py`` and ``gui/startup.py``). Since 2026-12-01
(issue 21) the library is built from the packs' library entries (``lessons.shelf``: kept for
their exact bytes once a start has checked them, else read from the pack files as they are)
and the packs are loaded and checked after that paint, before ``SETTLED``; a press or any use
of the packs before then loads them first (``MainWindow.packs``, ``BeforeInput``): a card
clicked at once opens its lesson after that load (about 26 ms of CPU warm, the core pack
from the pack cache). Before issue 21's fix both printed READY from a zero-time timer, which
runs before the first paint, so the library's layout and paint were not counted. Tilewise
also prints ``SETTLED`` when the start-up tasks that wait for the paint (the store's backup)
are done: shown as an info row, with the CPU seconds of each process to READY (less hit by
the load of a shared machine than wall time). One warm-up run each, then REPEATS runs each
(one with ``--quick``), interleaved; the median is reported, and the ratio app/bare (goal: at
most 1.3x, issue 21). Byte code is cached in a temporary ``PYTHONPYCACHEPREFIX`` (as an
installed or frozen app has it).

The floor (an info row, issue 21): ``startup_floor.py`` beside this file, a program that imports
none of Tilewise's modules and does only what any Tilewise start must do beyond the bare window
(the fonts, the catalog, the settings and the learner store read, the app's style sheet, a
library of the same texts and widgets: see its docstring), run warm in the same interleaved
runs, from the HOME the app's runs keep (its library entry, store and settings) and with the
app's style sheet for that start (``gui.style.style_sheet``, light, the usual font size, as on
the offscreen platform). Its ratio to the bare window is the least the app's could be with this
design; the gap between it and the app is what the app does beyond it. A second info row runs
it with no lesson card (``--lessons 0``: the heading, the pack's title and summary, the note
and the rooms' buttons only): what is left of the floor whatever the library's cards cost.

The first start is measured too: each run with a new empty ``HOME`` and ``TILEWISE_HOME`` (no
settings, no profile, no pack cache), byte code still cached; the same goal.

The frozen (installed) start: the app and ``packaging/bench/bare_window.py`` frozen by
PyInstaller with the same spec, excludes and runtime hook (``packaging/build.py freeze``; about
half a minute each here), in this run into a temporary folder, unless ``TILEWISE_FROZEN_DIST``
names a folder holding both bundles (``tilewise/`` and ``bare_window/``) already built; the
hook's ``TILEWISE_STARTUP_PROBE`` prints the time of the first turn after the first paint of
a window. Warm: one HOME kept across the runs, after a warm-up run of each. Without
PyInstaller the goal is reported ``not measured`` (a miss).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from verdicts import Row, goal, info

ROOT = Path(__file__).resolve().parents[2]
REPEATS = 5

BARE = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1024, 768)
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.UpdateRequest:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, lambda: (print(f"READY {time.process_time():.4f}", flush=True),
                                          print(f"SETTLED {time.process_time():.4f}", flush=True),
                                          app.quit()))
        return False
painted = FirstPaint()
window.installEventFilter(painted)
window.show()
sys.exit(app.exec())
"""

APP = "import sys; from tilewise.cli import main; sys.exit(main(sys.argv[1:]))"
FLOOR = Path(__file__).with_name("startup_floor.py")


def source_env(home: Path, desktop: Path, pycache: Path) -> dict[str, str]:
    """The environment of a start from source: ``desktop`` (a tree's ``desktop/``) on the
    path, ``home`` its ``TILEWISE_HOME``, READY and SETTLED printed, byte code cached in
    ``pycache`` (as an installed app has it)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home),
               TILEWISE_EXIT_WHEN_READY="1", PYTHONPATH=str(desktop),
               PYTHONPYCACHEPREFIX=str(pycache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def first_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` with a new empty ``HOME`` and ``TILEWISE_HOME`` (no settings, profile or pack
    cache: a first start), byte code still cached."""
    fresh = Path(tempfile.mkdtemp(prefix="tilewise-bench-first-"))
    return dict(env, HOME=str(fresh), TILEWISE_HOME=str(fresh / "tilewise"),
                XDG_CONFIG_HOME=str(fresh / ".config"), XDG_CACHE_HOME=str(fresh / ".cache"),
                XDG_DATA_HOME=str(fresh / ".local" / "share"))


def floor_args(home: Path) -> list[str]:
    """The floor program's command line for the app's warm ``home`` (``TILEWISE_HOME``) and
    profile ``Bench``; writes the app's style sheet there for it to read (light, the usual
    font size: what ``gui.style.style_sheet`` gives on the offscreen platform)."""
    sys.path.insert(0, str(ROOT / "desktop"))
    from tilewise.gui.style import DEFAULT_SYSTEM_PX, style_sheet

    sheet = home / "floor-style.qss"
    sheet.write_text(style_sheet("classic", 1.0, dark=False, system_px=DEFAULT_SYSTEM_PX),
                     encoding="utf-8")
    return ["--root", str(ROOT), "--home", str(home), "--profile", "Bench",
            "--sheet", str(sheet)]


class Start:
    """One start: wall seconds to READY and to SETTLED, CPU seconds to READY."""

    def __init__(self, ready: float, settled: float, cpu: float) -> None:
        self.ready, self.settled, self.cpu = ready, settled, cpu


def time_to_ready(code: str, args: list[str], env: dict[str, str]) -> Start:
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, *args], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    ready = cpu = None
    for line in process.stdout:
        word, _, value = line.strip().partition(" ")
        if word == "READY":
            ready, cpu = time.perf_counter() - began, float(value)
        elif word == "SETTLED" and ready is not None and cpu is not None:
            settled = time.perf_counter() - began
            break
    else:
        process.wait(timeout=60)
        raise RuntimeError(f"no READY and SETTLED lines (exit code {process.returncode})")
    process.wait(timeout=60)
    return Start(ready, settled, cpu)


def _median(starts: list[Start], field: str) -> float:
    return statistics.median(getattr(s, field) for s in starts)


def frozen_bundles() -> tuple[Path, Path, str, Path | None] | None:
    """The frozen app's and bare window's executables, where they came from and the folder
    to delete afterwards (the one frozen into, about 250 MB; None for given bundles): the
    folder ``TILEWISE_FROZEN_DIST`` names, else both frozen now (None without PyInstaller)."""
    import importlib.util

    given = os.environ.get("TILEWISE_FROZEN_DIST")
    work: Path | None = None
    if given:
        dist = Path(given)
        how = f"bundles from {dist}"
    else:
        if importlib.util.find_spec("PyInstaller") is None:
            return None
        sys.path.insert(0, str(ROOT / "packaging"))
        import build  # packaging/build.py

        work = Path(tempfile.mkdtemp(prefix="tilewise-bench-freeze-"))
        began = time.perf_counter()
        try:
            build.freeze(work=work)
            build.freeze(bare=True, work=work)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        dist = work / "dist"
        how = f"both frozen in this run, {time.perf_counter() - began:.0f} s"
    app, bare = dist / "tilewise" / "tilewise", dist / "bare_window" / "bare_window"
    if not (app.is_file() and bare.is_file()):
        raise RuntimeError(f"no frozen app and bare window in {dist}")
    return app, bare, how, work


def _frozen_start(exe: Path, args: list[str], env: dict[str, str]) -> Start:
    spawned = time.time()  # the probe prints time.time() of the first turn after the paint
    done = subprocess.run([str(exe), *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    for line in done.stdout.splitlines():
        if line.startswith("TILEWISE_SHOWN "):
            _word, wall, cpu = line.split()
            ready = float(wall) - spawned
            return Start(ready, ready, float(cpu))
    raise RuntimeError(f"{exe.name} showed no window (exit {done.returncode}): "
                       f"{done.stderr[-800:]}")


def frozen_rows(repeats: int) -> list[Row]:
    """The frozen goal row (and its CPU info row), warm: one HOME across the runs."""
    try:
        found = frozen_bundles()
    except Exception as error:  # noqa: BLE001 - a failed build is a missed goal, said why
        return [goal("frozen (installed) start vs bare frozen window", None, "s", limit=1.3,
                     on="ratio", note=f"no frozen build: {type(error).__name__}: {error}")]
    if found is None:
        return [goal("frozen (installed) start vs bare frozen window", None, "s", limit=1.3,
                     on="ratio", note="no frozen build: PyInstaller is not installed")]
    app, bare, how, work = found
    try:
        return _frozen_measure(app, bare, how, repeats)
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _frozen_measure(app: Path, bare: Path, how: str, repeats: int) -> list[Row]:
    home = tempfile.mkdtemp(prefix="tilewise-bench-frozen-")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TILEWISE_", "PYTHON"))}
    env.update(QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=home, TILEWISE_STARTUP_PROBE="1")
    args = ["--profile", "Bench", "--lang", "en"]
    # warm-up: the page cache, the profile and the pack cache. The probe ends a process at its
    # first paint, before the packs checked after it are kept: this run goes on to SETTLED.
    settle = {k: v for k, v in env.items() if k != "TILEWISE_STARTUP_PROBE"}
    subprocess.run([str(app), *args], env=dict(settle, TILEWISE_EXIT_WHEN_READY="1"),
                   capture_output=True, timeout=120, check=True)
    _frozen_start(app, args, env)
    _frozen_start(bare, [], env)
    ours, base = [], []
    for _ in range(repeats):
        base.append(_frozen_start(bare, [], env))
        ours.append(_frozen_start(app, args, env))
    a, b = _median(ours, "ready"), _median(base, "ready")
    ac, bc = _median(ours, "cpu"), _median(base, "cpu")
    return [
        goal("frozen (installed) start vs bare frozen window, warm", a, "s", baseline=b,
             ratio=a / b, limit=1.3, on="ratio", note=f"median of {repeats}; {how}"),
        info("frozen start, CPU seconds to the first paint", ac, "s", baseline=bc,
             ratio=ac / bc),
    ]


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: warm and first-start medians (s) against the bare window, from
    source and frozen."""
    repeats = 1 if quick else REPEATS
    home = tempfile.mkdtemp(prefix="tilewise-bench-")
    # Byte code is cached (in a temporary prefix, not in the tree) as an installed app has it;
    # the warm-up run writes it for both programs.
    env = source_env(Path(home), ROOT / "desktop", Path(home) / "pycache")
    app_args = ["--profile", "Bench", "--lang", "en"]
    time_to_ready(BARE, [], env)
    time_to_ready(APP, app_args, env)
    floor_code, floor_with = FLOOR.read_text(encoding="utf-8"), floor_args(Path(home))
    time_to_ready(floor_code, floor_with, env)
    no_cards = [*floor_with, "--lessons", "0"]
    bare: list[Start] = []
    app: list[Start] = []
    floor: list[Start] = []
    floor_no_cards: list[Start] = []
    first_bare: list[Start] = []
    first_app: list[Start] = []
    for _ in range(repeats):
        bare.append(time_to_ready(BARE, [], env))
        app.append(time_to_ready(APP, app_args, env))
        floor.append(time_to_ready(floor_code, floor_with, env))
        floor_no_cards.append(time_to_ready(floor_code, no_cards, env))
        first = first_env(env)
        first_bare.append(time_to_ready(BARE, [], first))
        first_app.append(time_to_ready(APP, app_args, first))
    bare_s, app_s = _median(bare, "ready"), _median(app, "ready")
    fb, fa = _median(first_bare, "ready"), _median(first_app, "ready")
    cpu_b, cpu_a = _median(bare, "cpu"), _median(app, "cpu")
    fcpu_b, fcpu_a = _median(first_bare, "cpu"), _median(first_app, "cpu")
    settled, first_settled = _median(app, "settled"), _median(first_app, "settled")
    floor_s, floor_cpu = _median(floor, "ready"), _median(floor, "cpu")
    uncarded_s, uncarded_cpu = _median(floor_no_cards, "ready"), _median(floor_no_cards, "cpu")
    return [
        goal("start from source to the library, warm", app_s, "s", baseline=bare_s,
             ratio=app_s / bare_s, limit=1.3, on="ratio",
             note=f"median of {repeats}; to the first turn after the first paint"),
        info("start from source, warm, CPU seconds to READY", cpu_a, "s", baseline=cpu_b,
             ratio=cpu_a / cpu_b),
        info("start from source, warm, to SETTLED (start-up tasks done)", settled, "s",
             baseline=bare_s, ratio=settled / bare_s),
        info("floor: only what any start must do (startup_floor.py), warm", floor_s, "s",
             baseline=bare_s, ratio=floor_s / bare_s,
             note=f"CPU {floor_cpu:.3f} s, {floor_cpu / cpu_b:.2f}x the bare window's"),
        info("floor with no lesson card, warm", uncarded_s, "s", baseline=bare_s,
             ratio=uncarded_s / bare_s,
             note=f"CPU {uncarded_cpu:.3f} s, {uncarded_cpu / cpu_b:.2f}x the bare window's"),
        goal("start from source, first start (empty HOME)", fa, "s", baseline=fb,
             ratio=fa / fb, limit=1.3, on="ratio", note=f"median of {repeats}"),
        info("start from source, first start, CPU seconds to READY", fcpu_a, "s",
             baseline=fcpu_b, ratio=fcpu_a / fcpu_b),
        info("start from source, first start, to SETTLED", first_settled, "s", baseline=fb,
             ratio=first_settled / fb),
        *frozen_rows(repeats),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
