"""Interleaved A/B of start-up CPU (issue 21): the bare window, Tilewise from one or more
source trees, the floor (``startup_floor.py``) with any of its options, in turn.

On a 2-core machine shared by several people wall time is noise; the CPU seconds of each
process to its ``READY`` line (the first turn after the window's first paint, as
``bench_startup`` measures it) are not, much. Each program runs once to warm up (byte code,
its HOME's settings, store and library entry), then ``--runs`` rounds of every program in
turn; the median, least and every run are printed, in ms.

Usage::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/startup_ab.py [--runs N] \\
        NAME=PROGRAM ...

PROGRAM is one of

- ``bare``: the bare PySide6 window (``bench_startup.BARE``);
- ``app`` or ``app:TREE``: ``tilewise --profile Bench --lang en`` from ``TREE/desktop``
  (default: this tree), warm (one HOME per tree, kept across the runs);
- ``first`` or ``first:TREE``: the same on a first start (an empty HOME each run);
- ``floor`` or ``floor:ARG,ARG...``: ``startup_floor.py`` beside this file on this tree's warm
  HOME, with ARGs added (``floor:--lessons,0``, ``floor:--skip,sheet``,
  ``floor:--plain,property,--scheme,no``).

For instance, the change of a branch against main (a tree made with ``git worktree add``)::

    startup_ab.py --runs 15 old=app:/work/wt/main-copy new=app bare=bare floor=floor
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench_startup import APP, BARE, FLOOR, ROOT, first_env, floor_args, source_env, time_to_ready

APP_ARGS = ["--profile", "Bench", "--lang", "en"]


def program(spec: str, work: Path, homes: dict[Path, Path]) -> Callable[[], float]:
    """One start of the program ``spec`` names (see the module docstring): a function that
    runs it and returns its CPU seconds to READY. ``work`` holds the byte code, ``homes`` each
    tree's warm HOME (made on first use)."""
    kind, _, rest = spec.partition(":")
    tree = Path(rest).resolve() if rest and kind in ("app", "first") else ROOT
    home = homes.setdefault(tree, Path(tempfile.mkdtemp(prefix="home-", dir=work)))
    env = source_env(home, tree / "desktop", work / "pycache")
    if kind == "bare":
        return lambda: time_to_ready(BARE, [], env).cpu
    if kind == "app":
        return lambda: time_to_ready(APP, APP_ARGS, env).cpu
    if kind == "first":
        return lambda: time_to_ready(APP, APP_ARGS, first_env(env)).cpu
    if kind == "floor":
        time_to_ready(APP, APP_ARGS, env)  # the warm HOME it reads (entry, store, settings)
        code = FLOOR.read_text(encoding="utf-8")
        command = [*floor_args(home), *(a for a in rest.split(",") if a)]
        return lambda: time_to_ready(code, command, env).cpu
    raise SystemExit(f"unknown program {spec!r}: bare, app[:TREE], first[:TREE], floor[:ARGS]")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--runs", type=int, default=9)
    p.add_argument("programs", nargs="+", metavar="NAME=PROGRAM")
    args = p.parse_args()
    work = Path(tempfile.mkdtemp(prefix="tilewise-startup-ab-"))
    homes: dict[Path, Path] = {}
    starts = []
    for named in args.programs:
        name, _, spec = named.partition("=")
        starts.append((name, program(spec or name, work, homes)))
    for _name, start in starts:
        start()  # warm-up
    cpu: dict[str, list[float]] = {name: [] for name, _start in starts}
    for _ in range(args.runs):
        for name, start in starts:
            cpu[name].append(start() * 1000)
    for name, runs in cpu.items():
        print(f"{name:12} median {statistics.median(runs):7.1f} ms  least {min(runs):7.1f}  "
              f"runs {' '.join(f'{r:.0f}' for r in runs)}")


if __name__ == "__main__":
    main()
