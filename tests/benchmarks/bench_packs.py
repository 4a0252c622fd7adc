"""Lesson pack load + validate time for a 100-lesson pack (target: under 150 ms).

Not collected by pytest. Run it directly::

    .venv/bin/python tests/benchmarks/bench_packs.py

The pack is lessons/core copied 20 times (100 lessons, each of the core's size, every task
played through the rules core). Figures: a cold load (TOML parsed, schema checked, every move
judged), a warm load from the disk cache (``load_pack(..., cache_dir=...)``: schema checked,
moves not replayed), and, as the baseline measured in the same run, ``tomllib`` parsing the same
files alone. Ratios are load time / baseline.
"""

from __future__ import annotations

import re
import shutil
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))

from tilewise.lessons.pack import clear_cache, load_pack  # noqa: E402

CORE = ROOT / "lessons" / "core"
TARGET_MS = 150.0


def build(folder: Path, copies: int = 20) -> int:
    """Write ``copies`` x the core lessons (ids suffixed, no prerequisites) into ``folder``."""
    shutil.copy(CORE / "pack.toml", folder / "pack.toml")
    count = 0
    for k in range(copies):
        for lesson in sorted(CORE.glob("0*.toml")):
            text = lesson.read_text(encoding="utf-8")
            text = re.sub(r'^id = "([a-z-]+)"', rf'id = "\1-{k}"', text, count=1, flags=re.M)
            text = re.sub(r"^prerequisites = .*$", "prerequisites = []", text, flags=re.M)
            (folder / f"{k:02d}-{lesson.name}").write_text(text, encoding="utf-8")
            count += 1
    return count


def _ms(work: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear_cache()
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run() -> list[tuple[str, float, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        folder, cache = Path(tmp) / "pack", Path(tmp) / "cache"
        folder.mkdir()
        lessons = build(folder)
        files = sorted(folder.glob("*.toml"))
        baseline = _ms(lambda: [tomllib.loads(f.read_text(encoding="utf-8")) for f in files], 3)
        cold = _ms(lambda: load_pack(folder), 3)
        load_pack(folder, cache_dir=cache)
        warm = _ms(lambda: load_pack(folder, cache_dir=cache), 5)
    return [
        ("lessons in pack", float(lessons), "lessons"),
        ("tomllib parse only (baseline)", baseline, "ms"),
        ("cold load+validate", cold, "ms"),
        ("cold / baseline", cold / baseline, "ratio"),
        ("warm load (disk cache)", warm, "ms"),
        ("warm / baseline", warm / baseline, "ratio"),
        (f"warm under {TARGET_MS:.0f} ms", float(warm < TARGET_MS), "1 = yes"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:<32} {value:>10.1f}  {unit}")
