"""Lesson pack load + validate time for a 100-lesson pack (target: under 150 ms).

Not collected by pytest. Run it directly::

    .venv/bin/python tests/benchmarks/bench_packs.py

Goals (issue 21): the cold load at most 150 ms; the warm load linear in the lesson count.
The cold figure is a new process with a new empty HOME and no cache of any kind, timed from
before the loader is imported (what a pack check needs from a fresh interpreter) to the loaded
pack; the warm one (the disk cache) is reported beside it and never judged against the cold
goal.

The pack is lessons/core repeated to 100 lessons (each of a core lesson's size, every task
played through the rules core). Figures: a cold load (TOML parsed, schema checked, every move
judged), a warm load from the disk cache (``load_pack(..., cache_dir=...)``: schema checked,
moves not replayed), and, as the baseline measured in the same run, ``tomllib`` parsing the same
files alone. Ratios are load time / baseline. Beside the cold goal, two floors from the same
interleaved cold runs (info rows, never judged): the load with no move replayed, and the files
only read and parsed within the pack limits, the least any safe load does.

A warm load is timed as the app meets it: once in a new process (the loader imported first, not
timed), its disk cache filled before. Timed again and again in one process, each load after the
last one's pack was freed, the 10-lesson pack ran in memory the process already had while the
100-lesson one asked the system for its memory again each time (2,000 to 3,000 page faults a load
against at most 200), which the app never does: a start loads its packs once.

Byte code is cached in a temporary ``PYTHONPYCACHEPREFIX``, written by one warm-up load before
the timed ones, as an installed or frozen app has it and as ``bench_startup.py`` and
``bench_memory.py`` run (the pack cache stays empty: the warm-up has its own HOME). With
``PYTHONDONTWRITEBYTECODE`` set, as on this machine, every cold run compiled each Tilewise
module it imports from source: 50-80 ms of "imports" against 29-31 ms from byte code, a cost
no installed app pays.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))

from verdicts import Row, goal, info  # noqa: E402

from tilewise.lessons.pack import clear_cache, load_pack  # noqa: E402

CORE = ROOT / "lessons" / "core"
TARGET_MS = 150.0


def build(folder: Path, lessons: int = 100, kinds: int | None = None) -> int:
    """Write ``lessons`` lessons into ``folder``: the core lessons (the first ``kinds`` of
    them; all by default) again and again (ids suffixed after the first copy, no
    prerequisites) until there are that many."""
    sources = [p.read_text(encoding="utf-8") for p in sorted(CORE.glob("0*.toml"))][:kinds]
    kept = {_first(r'^id = "([a-z-]+)"', text) for text in sources[:lessons]}
    # pack.toml as it is, but a glossary entry names the lesson that teaches it: a pack
    # with fewer lessons than the core keeps the entries of the lessons it holds
    head, *entries = (CORE / "pack.toml").read_text(encoding="utf-8").split("[[glossary]]")
    entries = [e for e in entries if _first(r'^lesson = "([a-z-]+)"', e) in kept]
    (folder / "pack.toml").write_text("[[glossary]]".join([head, *entries]), encoding="utf-8")
    for count in range(lessons):
        k, text = divmod(count, len(sources))
        text = sources[text]
        if k:  # the first copy keeps its ids: the practice card is read from them
            text = re.sub(r'^id = "([a-z-]+)"', rf'id = "\1-{k}"', text, count=1, flags=re.M)
        text = re.sub(r"^prerequisites = .*$", "prerequisites = []", text, flags=re.M)
        (folder / f"{count:04d}.toml").write_text(text, encoding="utf-8")
    return lessons


def _first(pattern: str, text: str) -> str | None:
    found = re.search(pattern, text, re.M)
    return found.group(1) if found else None


COLD = """
import sys, time
began, cpu = time.perf_counter(), time.process_time()
from pathlib import Path
if sys.argv[2] == "parse":  # the reader alone: not the model, the checks or the rules core
    from tilewise.lessons.packlimits import read_pack_file
    imported = time.perf_counter()
    for file in sorted(Path(sys.argv[1]).glob("*.toml")):
        assert read_pack_file(file)[1] == []
else:
    from tilewise.lessons.pack import load_pack
    imported = time.perf_counter()
    load_pack(Path(sys.argv[1]), check_moves=sys.argv[2] == "all")
done = time.perf_counter()
print("MS", (done - began) * 1000, (imported - began) * 1000, (time.process_time() - cpu) * 1000)
"""
# What a cold run does after the imports: "all", the whole load and check (the goal);
# "schema", the load with no move replayed (load_pack(check_moves=False)); "parse", only each
# file read and parsed within the pack limits (packlimits.read_pack_file: size, UTF-8, the
# dotted-key scan, the TOML parser, depth and size), the least any safe load must do. The
# last two are the floors under the goal, reported beside it.
PARTS = ("all", "schema", "parse")


def _env(home: Path, scratch: Path) -> dict[str, str]:
    """The environment of one measured process: a new empty HOME (``home``, made here) and
    TILEWISE_HOME, byte code cached under ``scratch`` (shared by the runs; see the module
    docstring)."""
    home.mkdir()
    env = dict(os.environ, HOME=str(home), TILEWISE_HOME=str(home / "tilewise"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_DATA_HOME=str(home / ".local"),
               XDG_CONFIG_HOME=str(home / ".config"), PYTHONPATH=str(ROOT / "desktop"),
               PYTHONPYCACHEPREFIX=str(scratch / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _cold_ms(folder: Path, scratch: Path, number: int,
             part: str = "all") -> tuple[float, float, float]:
    """One cold load in a new process: a new empty HOME and TILEWISE_HOME, no pack cache, an
    empty in-memory cache. Timed: importing the loader and ``load_pack`` (what a pack check
    needs from a fresh interpreter; the interpreter's own start is not counted), or the part
    of it named by ``part`` (one of :data:`PARTS`). Returns (ms in all, ms of it importing,
    CPU ms in all)."""
    env = _env(scratch / f"home-{part}-{number}", scratch)
    done = subprocess.run([sys.executable, "-c", COLD, str(folder), part], env=env, text=True,
                          capture_output=True, timeout=300, check=False)
    for line in done.stdout.splitlines():
        if line.startswith("MS "):
            total, imports, cpu = (float(part) for part in line.split()[1:])
            return total, imports, cpu
    raise RuntimeError(f"cold load failed (exit {done.returncode}): {done.stderr[-800:]}")


WARM = """
import sys, time
from pathlib import Path
from tilewise.lessons.pack import open_pack
began, cpu = time.perf_counter(), time.process_time()
pack, check = open_pack(Path(sys.argv[1]), cache_dir=Path(sys.argv[2]))
done = time.perf_counter()
print("MS", (done - began) * 1000, (time.process_time() - cpu) * 1000, check is None)
"""


def _warm_ms(folder: Path, cache: Path, scratch: Path, repeat: int) -> tuple[float, float]:
    """Median (ms in all, CPU ms) of ``repeat`` warm loads of ``folder``, each in a new
    process with a new empty HOME, the loader imported before timing, from the disk cache
    ``cache`` (filled here first). Raises RuntimeError when a load was not served by the
    cache (it would have checked every move: a cold load)."""
    clear_cache()
    load_pack(folder, cache_dir=cache)
    runs = []
    for number in range(repeat):
        env = _env(scratch / f"{folder.name}-warm-home-{number}", scratch)
        done = subprocess.run([sys.executable, "-c", WARM, str(folder), str(cache)], env=env,
                              text=True, capture_output=True, timeout=300, check=False)
        line = next((x for x in done.stdout.splitlines() if x.startswith("MS ")), "")
        if line.split()[3:] != ["True"]:
            raise RuntimeError(f"warm load not from the disk cache (exit {done.returncode}): "
                               f"{line or done.stderr[-800:]}")
        runs.append((float(line.split()[1]), float(line.split()[2])))
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _ms(work: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear_cache()
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _warm(folder: Path, lessons: int, kinds: int, repeat: int) -> tuple[float, float]:
    """:func:`_warm_ms` of a pack of ``lessons`` lessons cycling through the first ``kinds``
    core lessons."""
    folder.mkdir()
    build(folder, lessons, kinds)
    return _warm_ms(folder, folder.with_name(folder.name + "-cache"), folder.parent, repeat)


def run(quick: bool = False) -> list[Row]:
    """Rows for ``run.py``: cold and warm loads of 100 lessons, warm 1000 (linearity)."""
    repeat = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        folder, cache = Path(tmp) / "pack", Path(tmp) / "cache"
        folder.mkdir()
        lessons = build(folder)
        files = sorted(folder.glob("*.toml"))
        baseline = _ms(lambda: [tomllib.loads(f.read_text(encoding="utf-8")) for f in files],
                       repeat)
        _cold_ms(folder, Path(tmp), -1)  # the warm-up: writes the byte code, not counted
        # interleaved: all, schema, parse, all, ... so that a busy moment falls on each alike
        runs = [(part, _cold_ms(folder, Path(tmp), k, part))
                for k in range(repeat) for part in PARTS]
        (cold, imports, cpu), schema, parse = (
            tuple(statistics.median(r[i] for p, r in runs if p == part) for i in range(3))
            for part in PARTS)
        warm, warm_cpu = _warm_ms(folder, cache, Path(tmp), 2 if quick else 5)
        # A pack holds at most 100 lessons (hostile-input limit), so linearity is 10 vs 100,
        # both of the same ten core lessons (ten copies of each in the large pack): the whole
        # core repeated to 100 against its first ten lessons compared unlike lessons (8.5
        # times the text, not 10).
        (warm_small, cpu_small), (warm_large, cpu_large) = (
            _warm(Path(tmp) / name, count, lessons // 10, 2 if quick else 5)
            for name, count in (("small", lessons // 10), ("large", lessons)))
        few = lessons // 10
    return [
        goal(f"load+validate a pack of {lessons} lessons, cold", cold, "ms", limit=TARGET_MS,
             baseline=baseline, ratio=cold / baseline,
             note=f"new process, empty HOME, no cache, imports counted ({imports:.0f} ms); "
             f"cpu {cpu:.0f} ms; baseline tomllib parse only"),
        info(f"floor: the same cold load with no move replayed ({lessons} lessons)",
             schema[0], "ms", baseline=baseline, ratio=schema[0] / baseline,
             note=f"load_pack(check_moves=False): read, parsed, schema checked; imports "
             f"{schema[1]:.0f} ms; cpu {schema[2]:.0f} ms"),
        info(f"floor: the same files only read and parsed, cold ({lessons} lessons)",
             parse[0], "ms", baseline=baseline, ratio=parse[0] / baseline,
             note=f"packlimits.read_pack_file on each file: limits, UTF-8, dotted keys, "
             f"the TOML parser, depth; imports {parse[1]:.0f} ms; cpu {parse[2]:.0f} ms"),
        info(f"the same from the disk cache (warm, {lessons} lessons)", warm, "ms",
             baseline=baseline, ratio=warm / baseline,
             note=f"new process, loader imported first; cpu {warm_cpu:.0f} ms; not the cold goal"),
        goal(f"warm load of {lessons} lessons vs {few}", warm_large, "ms", baseline=warm_small,
             ratio=warm_large / warm_small, limit=1.1 * lessons / few, on="ratio",
             note=f"linear: within 10% of the lesson ratio, the same {few} lessons in both; "
             f"a pack holds at most 100; each in a new process; cpu {cpu_large:.1f} ms vs "
             f"{cpu_small:.2f} ms, {cpu_large / cpu_small:.2f}x"),
    ]


if __name__ == "__main__":
    import verdicts

    print(verdicts.format_table(run("--quick" in sys.argv)))
