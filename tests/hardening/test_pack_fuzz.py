"""Fuzz the pack validator and installer with mutated copies of a small pack cut from the core
pack (its first lesson and the first steps of the second).

Every mutated pack goes through ``tilewise pack check`` (``load_pack``) and ``tilewise pack
install`` (``install_pack``). Zero crashes: the only exceptions allowed are the validator's
``PackError`` (and ``PackInstallError``), and every problem names the file, the key path (or
the line/byte for a file that cannot be parsed) and the problem.

Mutations: deleted keys, values of the wrong type, bad tile codes, unknown keys, huge strings,
broken TOML text, broken .po catalogs, non-UTF-8 bytes, and issue 15's shapes (a byte-order
mark, a dotted key 3,000 parts deep, texts and lists over the limits). ``make test`` runs a modest number of
examples; ``TILEWISE_FULL=1`` (``make fuzz``) runs 10,000.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hardening.counts import count
from tests.hardening.packs import copy_core, read_toml, small_core, write_toml, zip_folder
from tilewise.lessons.model import PackError, Problem
from tilewise.lessons.pack import clear_cache, load_pack
from tilewise.lessons.packinstall import PackInstallError, install_pack

FULL = os.environ.get("TILEWISE_FULL") == "1"
# Each example checks and installs a small pack cut from the core pack (SNAPSHOT below: about
# 20 ms each; the whole core pack took seconds), so make fuzz runs 10,000 in a few
# minutes; make test runs a few, the same ones every run.
EXAMPLES = 10_000 if FULL else 20
CHARLESTON_STEPS = 5  # explain, quiz, explain, task, quiz: every kind of step the tiles lesson has

# Each example writes and removes a few dozen files: in memory (tmpfs) when the machine has one,
# where removing them costs microseconds instead of milliseconds.
WORK = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
# The pack fuzzed: the core pack's first lesson (tiles: explain, quiz, task and recap steps)
# and the first steps of the Charleston (a task on the table), small catalogs, taken once so
# the strategies never see the pack change while authors edit it during a long run
# (hypothesis replays examples from the same data).
SNAPSHOT = small_core(Path(tempfile.mkdtemp(prefix="tilewise-fuzz-core-", dir=WORK)) / "core",
                      "community", CHARLESTON_STEPS)
atexit.register(shutil.rmtree, SNAPSHOT.parent, True)
FILES = sorted(p.name for p in SNAPSHOT.glob("*.toml"))
ORIGINAL = {name: read_toml(SNAPSHOT / name) for name in FILES}
RAW = {name: (SNAPSHOT / name).read_bytes() for name in FILES}

# A problem about a whole file (it cannot be parsed at all) may have no key path; its message
# then says where (a line or byte) or that the file is missing.
WHOLE_FILE = ("cannot read TOML", "no pack.toml", "the pack has no lesson files")

BAD_TILES = ["9Z", "0B", "10C", "JJ", "", " ", "1c", "\u0661B", "F9", "Joker", "5B5B", "RD\n"]
HUGE = "\u0915\u093e\u0930\u094d\u0921 " * 40_000  # 240,000 characters of Devanagari

scalars = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(BAD_TILES),
    st.just(HUGE),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3)),
    max_leaves=8,
)


def containers(data: Any) -> list[Any]:
    """Every dict and list inside ``data`` (depth first, ``data`` first)."""
    found = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            stack.extend(item)
    return found


@st.composite
def mutate_structure(draw: st.DrawFn, data: dict[str, Any]) -> None:
    """Apply one structural mutation to ``data`` in place."""
    target = draw(st.sampled_from(containers(data)))
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    op = draw(st.sampled_from(["delete", "replace", "bad_tile", "unknown", "huge", "duplicate"]))
    if not keys or op == "unknown":
        if isinstance(target, dict):
            target[draw(st.text(min_size=1, max_size=10))] = draw(values)
        else:
            target.append(draw(values))
        return
    key = draw(st.sampled_from(keys))
    if op == "delete":
        del target[key]
    elif op == "replace":
        target[key] = draw(values)
    elif op == "bad_tile":
        target[key] = draw(st.sampled_from(BAD_TILES))
    elif op == "huge":
        target[key] = HUGE
    elif isinstance(target, list):
        target.append(target[key])
    else:
        target[key] = [target[key], target[key]]


@st.composite
def mutations(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """A plan: (file name, parsed data or raw bytes) for each file changed."""
    plan: list[tuple[str, Any]] = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(FILES + ["po/es.po"]))
        kind = draw(st.sampled_from(["structure", "structure", "structure", "text"]))
        if name.endswith(".po"):
            plan.append((name, draw(broken_po())))
        elif kind == "structure":
            data = _copy(ORIGINAL[name])
            for _ in range(draw(st.integers(1, 3))):
                draw(mutate_structure(data))
            plan.append((name, data))
        else:
            raw = RAW[name]
            cut = draw(st.integers(0, len(raw)))
            junk = draw(st.one_of(st.binary(max_size=8), st.sampled_from(
                [b"\xff\xfe", b"[[steps]\n", b"= =", b'"unterminated', b"\x00", b"\xc3(",
                 # issue 15's shapes: a byte-order mark, a dotted key 3,000 parts deep, a text
                 # over the 4,000-character limit, a list over the 500-entry limit
                 b"\xef\xbb\xbf", b"\n" + b"a." * 3000 + b"b = 1\n",
                 b'\nzz = "' + b"w" * 5000 + b'"\n', b"\nzz = [" + b"1," * 600 + b"]\n"])))
            plan.append((name, raw[:cut] + junk + raw[cut + draw(st.integers(0, 40)):]))
    return plan


@st.composite
def broken_po(draw: st.DrawFn) -> bytes:
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', "",
             'msgctxt "pack"', 'msgid "Mahjong basics"', 'msgstr "Lo b\u00e1sico"']
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, draw(st.sampled_from(
            ['msgstr "x"', 'msgid "a"', '"cont"', "# c", 'msgstr[0] "y"', 'msgid_plural "p"',
             'msgstr "bad \\q"', "garbage", 'msgctxt "c"', 'msgstr "open', ""])))
    text = "\n".join(lines) + "\n"
    data = text.encode("utf-8")
    if draw(st.booleans()):
        data = text.encode("latin-1", errors="replace")
    return data


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def check_problems(problems: list[Problem], files: set[str]) -> None:
    assert problems, "a refusal lists at least one problem"
    for problem in problems:
        name = problem.file.replace("\\", "/").rsplit("/", 1)[-1] if "/" in problem.file \
            else problem.file
        assert problem.file and (name in files or problem.file in files), problem
        assert problem.message.strip(), problem
        assert problem.key_path or problem.message.startswith(WHOLE_FILE), problem


def apply(folder: Path, plan: list[tuple[str, Any]]) -> None:
    for name, change in plan:
        path = folder / name
        if isinstance(change, bytes):
            path.write_bytes(change)
        else:
            write_toml(path, change)


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not FULL,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan=mutations())
def test_mutated_packs_never_crash_check_or_install(plan: list[tuple[str, Any]]) -> None:
    count("pack fuzz", "examples run")
    for outcome in ("accepted", "refused by check", "refused by install", "crashes"):
        count("pack fuzz", outcome, 0)
    try:
        outcome = check_and_install(plan)
    except BaseException:
        count("pack fuzz", "crashes")
        raise
    count("pack fuzz", outcome)


def check_and_install(plan: list[tuple[str, Any]]) -> str:
    """Check and install the pack ``plan`` mutated; its outcome ("accepted", "refused by
    check", "refused by install"); AssertionError for a refusal that does not say where."""
    with tempfile.TemporaryDirectory(dir=WORK) as tmp:
        work = Path(tmp)
        folder = copy_core(work / "pack", source=SNAPSHOT)
        apply(folder, plan)
        files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
        files |= {p.name for p in folder.rglob("*") if p.is_file()} | {"pack.toml"}
        try:
            load_pack(folder)
            checked = True
        except PackError as error:
            check_problems(error.problems, files)
            checked = False
        packs = work / "packs"
        archive = zip_folder(folder, work / "p.zip")
        try:
            install_pack(archive, packs)
            installed = True
        except PackInstallError as error:
            check_problems(error.problems, files | {"p.zip"})
            assert not packs.exists(), "a refused install leaves nothing behind"
            installed = False
        # the installer applies the validator and more: it never takes what check refused
        assert installed <= checked
        clear_cache()
        shutil.rmtree(work, ignore_errors=True)
    return "accepted" if installed else "refused by check" if not checked else \
        "refused by install"
