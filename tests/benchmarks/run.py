"""Run every benchmark in this folder and print one table of figures and ratios.

Each ``bench_*.py`` module here exposes ``run() -> list[tuple[str, float, str]]``: rows of
(name, value, unit). Ratios are computed inside each module against a baseline measured in the
same run (so the figures do not depend on how fast this machine is). Not collected by pytest;
run with ``make bench``. Exit code 0 even when a target is missed: the table says so.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(path: Path) -> object:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    only = set(argv)
    rows: list[tuple[str, str, float, str]] = []
    failures: list[str] = []
    for path in sorted(HERE.glob("bench_*.py")):
        if only and path.stem not in only and path.stem.removeprefix("bench_") not in only:
            continue
        started = time.perf_counter()
        print(f"running {path.stem} ...", file=sys.stderr, flush=True)
        try:
            module = _load(path)
            results = module.run()  # type: ignore[attr-defined]
        except Exception as error:  # a broken benchmark is reported, the others still run
            failures.append(f"{path.stem}: {type(error).__name__}: {error}")
            continue
        for name, value, unit in results:
            rows.append((path.stem.removeprefix("bench_"), name, value, unit))
        print(f"  {path.stem} took {time.perf_counter() - started:.1f} s", file=sys.stderr)
    width = max((len(r[1]) for r in rows), default=10)
    print(f"{'bench':<12} {'figure':<{width}} {'value':>14}  unit")
    for bench, name, value, unit in rows:
        print(f"{bench:<12} {name:<{width}} {value:>14.3f}  {unit}")
    for failure in failures:
        print(f"FAILED {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
