"""Memory with use (issue 15, item 8): a child process uses the app and reports its RSS.

``measure()`` (for ``test_growth.py`` and ``tests/benchmarks/bench_growth.py``) runs this file
in a fresh interpreter with a fresh ``TILEWISE_HOME`` and ``QT_QPA_PLATFORM=offscreen`` and
returns the figures it prints. By hand::

    TILEWISE_HOME=$(mktemp -d) QT_QPA_PLATFORM=offscreen PYTHONPATH=desktop \\
        .venv/bin/python tests/hardening/growth_child.py [--opens 1000] [--deals 100] \\
        [--check 100] [--diag] [--clear] [--curve N] [--trace]

The app is built as ``tilewise`` builds it (``gui.app.start``, its default window) and driven
from inside its own event loop (a ``QTimer`` chain under ``app.exec()``), one action per turn
as a learner's clicks come, so deleted widgets are really deleted (``deleteLater``). Actions:
``opens`` step opens, cycling through every step of every lesson of every pack in a fixed
shuffled order (each lesson's steps reached from others'), and ``deals`` practice deals in
turn in the play room (American and WSM alternately), the Charleston practice and the claims
drill (levels 1-3), one after every ``opens // deals`` opens. After action ``check`` and after
the last, the child runs ``gc.collect()`` and records RSS (``/proc/self/statm``, KB) and the
number of widgets; it prints ``GROWTH {json}`` and exits 0 (1 if an action raised).

Diagnosis: ``--diag`` adds at each record glibc's heap in use and free (``mallinfo2``), the
resident brk heap and other anonymous mappings, the tile faces kept (count, KB, distinct
sizes), Qt's pixmap-cache limit, the window's size and Python objects by Qt type; ``--clear``
then empties each cache in turn at the end, recording after each (how much each held);
``--curve N`` records every N actions; ``--trace`` the 15 largest Python allocation growths
between the two records (``tracemalloc``; slow). ``--exec CODE`` runs CODE after start-up
with ``window`` and ``steps`` (to filter steps or change a setting while looking for a cause).
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: The check (issue 15): after ``OPENS`` step opens and ``DEALS`` deals, RSS at most
#: ``LIMIT_KB`` over RSS after the first ``CHECK`` actions.
OPENS, DEALS, CHECK, LIMIT_KB = 1000, 100, 100, 5 * 1024
#: Widgets differ from one screen to the next (a quiz's options, a table's commands): at most
#: this many more at the end than after the first ``CHECK`` (one kept per step: +1000).
WIDGET_SLACK = 20


def measure(*args: str, timeout: float = 600) -> dict[str, Any]:
    """Run the child with ``args`` in a fresh home; its figures (see the module docstring).
    Raises ``RuntimeError`` (with the end of its stderr) if it prints none."""
    with tempfile.TemporaryDirectory(prefix="tilewise-growth-") as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=home,
                   PYTHONPATH=str(ROOT / "desktop"))
        done = subprocess.run([sys.executable, __file__, *args], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)
    for line in done.stdout.splitlines():
        if line.startswith("GROWTH ") and done.returncode == 0:
            figures: dict[str, Any] = json.loads(line[len("GROWTH "):])
            return figures
    raise RuntimeError(f"growth child exit {done.returncode}: {done.stderr[-1500:]}")


def rss_kb() -> int:
    """The process's resident set now, in KB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def heap_kb() -> dict[str, int]:
    """glibc's heap: KB in use (``uordblks`` + mmapped ``hblkhd``) and free but kept
    (``fordblks``); empty where mallinfo2 is missing (not glibc, or glibc < 2.33)."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError, TypeError):
        return {}
    mallinfo2.restype = _Mallinfo2
    info = mallinfo2()
    return {"heap_used": (info.uordblks + info.hblkhd) // 1024, "heap_free": info.fordblks // 1024}


def maps_kb() -> dict[str, int]:
    """Resident KB of the brk heap and of the other anonymous mappings (``/proc/self/smaps``)."""
    heap = anon = 0
    name = ""
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            parts = line.split()
            if "-" in parts[0] and not parts[0].endswith(":"):
                name = parts[5] if len(parts) > 5 else ""
            elif parts[0] == "Rss:":
                if name == "[heap]":
                    heap += int(parts[1])
                elif not name:
                    anon += int(parts[1])
    return {"brk_heap": heap, "anon_maps": anon}


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser()
    args.add_argument("--opens", type=int, default=1000)
    args.add_argument("--deals", type=int, default=100)
    args.add_argument("--check", type=int, default=100)
    args.add_argument("--diag", action="store_true")
    args.add_argument("--clear", action="store_true")
    args.add_argument("--curve", type=int, default=0)
    args.add_argument("--trace", action="store_true")
    args.add_argument("--exec", default="")
    options = args.parse_args(argv)
    if options.trace:
        import tracemalloc

        tracemalloc.start(8)

    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFontDatabase, QPixmapCache
    from PySide6.QtWidgets import QApplication
    from shiboken6 import Shiboken

    from tilewise.gui.app import parser, start
    from tilewise.gui.tiles.paint import TileRenderer
    from tilewise.store.paths import resource_dir

    window: Any = start(parser().parse_args(["--profile", "Growth", "--lang", "en"]))
    window.show()
    app = QApplication.instance()
    assert app is not None
    steps = [(p, lesson, i) for p in window.packs for lesson in p.lessons
             for i in range(len(lesson.steps))]
    random.Random(15).shuffle(steps)
    if options.exec:
        exec(options.exec, {"window": window, "steps": steps})

    def open_step(k: int) -> None:
        pack, lesson, index = steps[k % len(steps)]
        window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
        window.stack.setCurrentWidget(window.player)

    def deal(k: int) -> None:
        hub = window.practice
        room = (hub.play, hub.charleston, hub.claims)[k % 3]
        window.stack.setCurrentWidget(room)
        if room is hub.play:
            room.deal("american" if k % 2 == 0 else "wsm", k, "S")
        elif room is hub.charleston:
            room.deal(k, "E")
        else:
            room.deal(k, "S", 1 + k % 3)

    every = max(1, options.opens // max(1, options.deals))
    plan: list[tuple[Any, int]] = []
    dealt = 0
    for k in range(options.opens):
        plan.append((open_step, k))
        if (k + 1) % every == 0 and dealt < options.deals:
            plan.append((deal, dealt))
            dealt += 1
    plan += [(deal, d) for d in range(dealt, options.deals)]

    records: dict[str, dict[str, Any]] = {}
    snapshots: list[Any] = []

    def record(name: str) -> None:
        gc.collect()
        figures: dict[str, Any] = {"rss": rss_kb(), "widgets": len(QApplication.allWidgets())}
        if options.diag:
            faces = TileRenderer._pixmaps
            figures.update(heap_kb())
            figures.update(maps_kb())
            figures["faces"] = len(faces)
            figures["face_kb"] = TileRenderer._bytes // 1024
            figures["face_sizes"] = len({(key[2], key[3]) for key in faces})
            figures["pixmapcache_limit_kb"] = QPixmapCache.cacheLimit()
            figures["window"] = [window.width(), window.height()]
            kinds = Counter(type(o).__name__ for o in gc.get_objects()
                            if isinstance(o, Shiboken.Object))
            figures["qt_objects"] = dict(kinds.most_common(12))
        if options.trace:
            import tracemalloc

            snapshots.append(tracemalloc.take_snapshot())
        records[name] = figures

    def clear_caches() -> None:
        """Empty each cache in turn, recording after each: what each held at the end."""
        TileRenderer._pixmaps.clear()
        record("no_faces")
        QPixmapCache.clear()
        record("no_pixmapcache")
        TileRenderer.clear_cache()
        record("no_svgs")
        font = next((resource_dir() / "fonts").glob("*.ttf"))  # adding a font empties the
        QFontDatabase.removeApplicationFont(QFontDatabase.addApplicationFont(str(font)))
        record("no_font_engines")  # font-engine cache (glyphs of every size drawn)
        ctypes.CDLL(None).malloc_trim(0)
        record("trimmed")

    state = {"done": 0}

    def tick() -> None:
        try:
            done = state["done"]
            if done == len(plan):
                record("end")
                if options.clear:
                    clear_caches()
                app.quit()
                return
            action, k = plan[done]
            action(k)
            state["done"] = done + 1
            if state["done"] == options.check:
                record("check")
            elif options.curve and state["done"] % options.curve == 0:
                record(f"at{state['done']}")
        except BaseException:  # reported, and the child ends (a hang would hide it)
            traceback.print_exc()
            app.exit(1)
            return
        QTimer.singleShot(0, tick)

    QTimer.singleShot(0, tick)
    code = app.exec()
    result: dict[str, Any] = {"actions": len(plan), "steps_per_pass": len(steps), **records}
    if options.trace and len(snapshots) >= 2:
        top = snapshots[-1].compare_to(snapshots[0], "traceback")[:15]
        result["trace"] = [f"{s.size_diff / 1024:+.0f} KB {s.count_diff:+d}: "
                           + " < ".join(str(f) for f in s.traceback[:4]) for s in top]
    if code == 0:
        print("GROWTH " + json.dumps(result), flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
