"""Run every benchmark in this folder and print one table with a verdict per goal.

Each ``bench_*.py`` module here exposes ``run(quick: bool) -> list[verdicts.Row]``: its
figures, each baseline measured in the same run (so a ratio does not depend on how fast this
machine is), and the goals of issue 21. ``run.py`` prints ``measure | goal | result | baseline
| ratio | verdict`` (``verdicts.format_table``) and exits 1 when any goal is missed or not
measured, or a benchmark broke. Not collected by pytest; run with ``make bench`` (full) or
``make bench-quick`` (``--quick``: few repetitions, for a smoke check; its figures are noisier).

    .venv/bin/python tests/benchmarks/run.py [--quick] [startup packs referee ...]
"""

from __future__ import annotations

import importlib.util
import sys
import time
import traceback
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def load(path: Path) -> ModuleType:
    """Import a module of this folder by path (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


verdicts = load(HERE / "verdicts.py")


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    only = {a for a in argv if not a.startswith("--")}
    rows: list[object] = []
    failures: list[str] = []
    for path in sorted(HERE.glob("bench_*.py")):
        if only and path.stem not in only and path.stem.removeprefix("bench_") not in only:
            continue
        started = time.perf_counter()
        print(f"running {path.stem} ...", file=sys.stderr, flush=True)
        try:
            rows.extend(load(path).run(quick))
        except Exception as error:  # a broken benchmark is reported, the others still run
            traceback.print_exc(file=sys.stderr)
            failures.append(f"{path.stem}: {type(error).__name__}: {error}")
        print(f"  {path.stem} took {time.perf_counter() - started:.1f} s", file=sys.stderr)
    print(verdicts.format_table(rows, failures))
    return int(verdicts.exit_code(rows, failures))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
