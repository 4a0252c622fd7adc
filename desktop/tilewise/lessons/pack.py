"""Load and validate a lesson pack (``lessons/<pack>/``): ``load_pack(path) -> Pack``.

A pack is ``pack.toml`` plus one TOML file per lesson (``NN-name.toml``, loaded in file-name
order); the format is described for authors in ``lessons/README.md``. Loading checks, and
collects every problem before failing (a pack is never half-loaded):

- the schema: required keys, types, closed sets (step kinds, picture kinds, action types,
  reason codes); unknown keys are errors;
- ids: lesson ids unique in the pack, step ids unique in a lesson, option ids unique in a quiz;
  prerequisites exist and have no cycle;
- tiles: every code is a referee-protocol code (``tilewise.rules.tiles``), in the task's
  ruleset, and no state holds more copies than the ruleset's set (PROTOCOL.md "Tiles";
  REFERENCE.md section 1; INPUTS.md entry 11);
- assets exist, with a source and a licence, and are pictures safe to draw
  (``tilewise.lessons.packlimits.asset_problem``);
- limits (``tilewise.lessons.packlimits.LIMITS``, documented in ``lessons/README.md``): lesson
  files per pack, bytes per file, nesting, entries, characters, dotted-key parts and the
  prerequisite chain, each checked before the work it protects. Pack files are regular files
  in the pack folder (never a link, FIFO or device); names starting with ``.`` are ignored;
  a UTF-8 byte-order mark is accepted;
- moves (``tilewise.lessons.moves``): every expected answer is accepted by the rules core and
  every listed wrong answer refused with its listed reason.

Raises ``PackError`` whose ``.problems`` lists ``Problem(file, key_path, message)``.
Loaded packs are cached in memory by the files' sizes and modification times (the TOML files
and the assets), and on disk by their exact bytes (:func:`load_pack`).
"""

from __future__ import annotations

import contextlib
import gc
import json
import marshal
import os
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from tilewise import __version__
from tilewise.digest import sha256
from tilewise.i18n import _, ngettext
from tilewise.lessons import moves, tilecodes
from tilewise.lessons.mastery import TAUGHT_RULES, rule_of, step_rules
from tilewise.lessons.model import (
    GLOSSARY_VARIANTS,
    PICTURE_KINDS,
    QUIZ_ORDERS,
    STEP_KINDS,
    Answer,
    Asset,
    GlossaryEntry,
    HandScript,
    Lesson,
    Option,
    Pack,
    PackError,
    Problem,
    Quiz,
    ScriptMove,
    Step,
    Task,
    Variant,
    WrongAnswer,
)
from tilewise.lessons.packlimits import (
    LIMITS,
    PackFileError,
    asset_content_problem,
    asset_problem,
    longest_chain,
    read_pack_file,
    read_regular,
)
from tilewise.lessons.shelf import file_sums, pack_files
from tilewise.tomltext import read_toml

__all__ = ["MovesCheck", "PackError", "Problem", "cache_names_used", "clear_cache", "load_pack",
           "open_pack", "read_toml"]

Judge = Callable[[Mapping[str, Any]], dict[str, Any]]

RULESETS = ("american", "wsm")
SEATS = ("E", "S", "W", "N")
ACTION_TYPES = (
    "pass", "vote", "votes", "courtesy", "group", "discard", "claim", "claims",
    "kong_concealed", "kong_added", "joker_exchange", "declare_win", "card_need",
)
#: Actions a quiz ``verify`` scenario may ask (``waits`` is a question, never a table move).
VERIFY_TYPES = (*ACTION_TYPES, "waits")
STATE_KEYS = (
    "dealer", "phase", "step", "hands", "melds", "discards", "last_discard", "turn",
    "next_drawn", "pending_kong", "dead", "card",
)
MELD_KEYS = ("kind", "tiles", "from", "rotated", "face_down")
#: State keys a continuing task inherits from the table before it (it may not name them).
INHERITED_KEYS = ("hands", "melds", "discards", "last_discard")
THEMES = ("classic", "contrast", "colourblind")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # a TOML bare key: shown without quotes
VERSION_PATTERN = re.compile(r"^\d{1,9}(\.\d{1,9}){0,4}$")  # bounded: no 5,000-digit int()

PACK_KEYS = {
    "id": True, "version": True, "title": True, "summary": True, "languages": True,
    "min_app_version": True, "authors": True, "licence": True, "assets": False,
    "glossary": False,
}
GLOSSARY_KEYS = {"id": True, "meaning": True, "lesson": True, "step": True,
                 **dict.fromkeys(GLOSSARY_VARIANTS, False)}
LESSON_KEYS = {"id": True, "title": True, "goal": True, "prerequisites": False, "steps": True}
STEP_COMMON = {
    "id": True, "kind": True, "text": True, "title": False, "notes": False, "hints": False,
    "feedback": False, "picture": False, "translator_note": False,
}
STEP_EXTRA = {"explain": {}, "task": {"task": True, "rule": False},
              "quiz": {"quiz": True, "rule": False},
              "recap": {"points": False}, "hand": {"hand": True}}
HAND_KEYS = {"ruleset": True, "deal": True, "seat": True, "script": True}
SCRIPT_KEYS = {"expect": True, "text": False, "hints": False, "wrong": False}
#: Move types a guided hand's script may expect (the hand engine's, without seat).
HAND_MOVES = ("pass", "vote", "offer", "discard", "claim", "no_claim", "joker_exchange",
              "declare_win", "kong_concealed", "kong_added")
TASK_KEYS = {
    "ruleset": True, "seat": True, "allow": True, "state": True, "given": False,
    "done": False, "result": False, "answers": True, "wrong": False, "otherwise": False,
    "continues": False, "variants": False,
}
#: Keys of one ``task.variants`` entry: a table of its own, the step's text, hints and picture.
VARIANT_KEYS = {  # state and answers are required: the merged task table reports them missing
    "state": False, "answers": False, "wrong": False, "given": False, "result": False,
    "otherwise": False, "text": False, "hints": False, "picture": False,
}
VARIANT_TASK_KEYS = ("state", "answers", "wrong", "given", "result", "otherwise")
QUIZ_KEYS = {"options": True, "answer": True, "verify": False, "order": False}
OPTION_KEYS = {"id": True, "text": False, "tile": False, "tiles": False, "result": False,
               "feedback": False}
VERIFY_KEYS = {"ruleset": True, "state": True, "action": True}
PICTURE_KEYS: dict[str, dict[str, bool]] = {
    "seat_diagram": {"kind": True, "you": False, "dealer": False, "arrows": False,
                     "highlight": False, "hand_counts": False, "caption": False},
    "rack": {"kind": True, "tiles": True, "marked": False, "zones": False, "caption": False},
    "exposures": {"kind": True, "seat": False, "melds": True, "caption": False},
    "kong": {"kind": True, "meld": True, "added": False, "caption": False},
    "precedence_ladder": {"kind": True, "discarder": False, "rungs": True, "caption": False},
    "tile_grid": {"kind": True, "rows": True, "caption": False},
    "card": {"kind": True, "lines": True, "focus": False, "caption": False},
}
CARD_PICTURE_LINE = {"groups": True, "label": False, "note": False, "concealed": False,
                     "value": False}

#: The checks' own version, in the disk cache's key beside the app's: raised when a change
#: to the checks may accept or refuse a pack differently, so that a kept pack is checked again.
#: 3: a kept pack holds its assets' checksums (:data:`ASSET_SUMS`). 4: those are SHA-256.
#: 5: a tile grid row's ``count`` is checked (:meth:`_PackReader.grid_count`).
VALIDATOR_VERSION = 5

#: The entry of a disk-cache file naming each asset checked with it and the digest of the
#: bytes checked, ``{path: [size, SHA-256 hex]}``; no TOML file has this name. A digest no
#: author can match with other bytes: the asset is read afresh and shown, so bytes made to
#: share a CRC-32 and Adler-32 with the checked ones would be shown unchecked. (The TOML
#: files' two checksums in the cache's name need no more: a pack from the cache is the
#: content that was checked, so a look-alike file could only bring back that content.)
ASSET_SUMS = "assets"

# each pack with its assets' (path, mtime ns, size) when it was checked: a changed asset
# (its key holds the TOML files only) is checked again
_cache: dict[tuple[Any, ...], tuple[Pack, tuple[Any, ...]]] = {}
#: The disk cache's file names of the packs opened in this process (read, or to be written
#: once checked): what ``store.cachetrim.prune_cache`` keeps.
_disk_used: set[str] = set()


def cache_names_used() -> frozenset[str]:
    """The names of the disk-cache files (``pack-<digest>.json``) of every pack opened with a
    ``cache_dir`` in this process, whether read from there or to be written once checked."""
    return frozenset(_disk_used)


def clear_cache() -> None:
    """Forget every loaded pack (the next ``load_pack`` reads and checks again) and which
    disk-cache files were used (:func:`cache_names_used`)."""
    _cache.clear()
    _disk_used.clear()


def load_pack(path: Path, *, check_moves: bool = True, judge: Judge | None = None,
              cache_dir: Path | None = None) -> Pack:
    """Load the pack in folder ``path`` and validate it; return the ``Pack``.

    ``check_moves`` plays every task's answers through the rules core (``judge``, default
    ``tilewise.rules.referee.judge``). Raises ``PackError`` listing every problem.

    Results are cached in memory by the files' names, sizes and modification times. With
    ``cache_dir``, a pack that passed the full check is also kept there as JSON, keyed by the
    exact bytes of every TOML file (checksums), the app version and :data:`VALIDATOR_VERSION`,
    so the next start skips TOML parsing and the moves check. The assets (named in
    ``pack.toml``, so not known before it is read) are in neither key: their checksums are
    kept with the pack (:data:`ASSET_SUMS`), and an asset whose bytes are not those checked is
    checked again at every load, from either cache (issue 15/21: a safe SVG swapped for one
    with entities or a script is refused as ``tilewise pack check`` refuses it).
    """
    pack, check = open_pack(path, check_moves=check_moves, judge=judge, cache_dir=cache_dir)
    if check is not None and check.finish():
        raise PackError(check.problems)
    return pack


class MovesCheck:
    """The moves check of a pack :func:`open_pack` has read, run in pieces (issue 21: the app
    shows its library first). :meth:`step` checks one lesson and returns True once the whole
    pack is checked; then :attr:`problems` holds every problem of the check, and a pack with
    none is kept in :func:`load_pack`'s caches (memory and disk) as if loaded whole, while a
    pack with one must be left out. :meth:`finish` runs the rest at once."""

    def __init__(self, pack: Pack, judge: Judge | None, passed: Callable[[], None]) -> None:
        self.pack = pack
        self.problems: list[Problem] = []
        self.done = False
        self._lessons = moves.check_lessons(pack, judge)
        self._passed = passed

    def step(self) -> bool:
        """Check the next lesson; True when the pack is done (then again at once)."""
        if self.done:
            return True
        with _paused_gc():
            found = next(self._lessons, None)
        if found is not None:
            self.problems.extend(found)
            return False
        self.done = True
        if not self.problems:
            self._passed()
        return True

    def finish(self) -> list[Problem]:
        """Check every lesson left; return :attr:`problems`."""
        while not self.step():
            pass
        return self.problems


@contextlib.contextmanager
def _paused_gc(keep: bool = False) -> Iterator[None]:
    """Python's cycle collector paused for the block, then as it was (issue 21). Reading a
    pack makes many long-lived tables and no cycles; each full collection on the way walks
    everything made so far, so a pack twice as big took more than twice as long (100 lessons
    against 10: 13x, not 10x). With ``keep`` (a pack read: what the block made lives on),
    what is there then moves as it is to the oldest generation (``gc.freeze`` then
    ``gc.unfreeze``: no walk, as ``gui.app.resume_collector`` does after start-up), where the
    next full collection, run in Python's own time, looks at it; a young collection walking
    it all once took 10-15 ms of a 100-lesson load. Without (a lesson's moves check, whose
    tables and answers are mostly gone by its end), the next young collection looks at what
    is left. A caller's paused collector stays paused."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled and keep:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


def open_pack(path: Path, *, check_moves: bool = True, judge: Judge | None = None,
              cache_dir: Path | None = None) -> tuple[Pack, MovesCheck | None]:
    """:func:`load_pack`, but the moves check, when it is still to do (not cached), is
    returned to be run later, in pieces (:class:`MovesCheck`), instead of at once: the pack
    is read and its shape, texts and references checked now (``PackError`` for those). None
    instead of a check when there is none to do (``check_moves`` false, or the pack passed
    it before and is cached). The cycle collector is paused while it reads
    (:func:`_paused_gc`)."""
    with _paused_gc(keep=True):
        return _open_pack(Path(path), check_moves, judge, cache_dir)


def _open_pack(path: Path, check_moves: bool, judge: Judge | None,
               cache_dir: Path | None) -> tuple[Pack, MovesCheck | None]:
    files = pack_files(path)
    if len(files) > LIMITS.lesson_files + 1:
        raise PackError([Problem(str(path), "files", ngettext(
            "{n} lesson file; a pack may hold at most {most}",
            "{n} lesson files; a pack may hold at most {most}",
            len(files) - 1, most=LIMITS.lesson_files))])
    stats = [f.lstat() for f in files]  # never follow a link (it may lead to /dev/zero)
    signature = [(f.name, s.st_mtime_ns, s.st_size) for f, s in zip(files, stats, strict=True)]
    key = (str(path.resolve()), tuple(map(tuple, signature)), check_moves)
    kept = _cache.get(key) if judge is None else None
    if kept is not None and kept[1] == _asset_stats(path, kept[0]):
        return kept[0], None
    disk = None
    sums = file_sums(files) if cache_dir is not None and judge is None and check_moves else None
    if cache_dir is not None and sums is not None:
        # zlib, not hashlib: hashlib maps OpenSSL (~3.5 MB resident) for a cache file name
        blob = json.dumps([key[0], sums, __version__, VALIDATOR_VERSION]).encode()
        digest = f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}{len(blob):x}"
        disk = Path(cache_dir) / f"pack-{digest}.json"
        _disk_used.add(disk.name)
    raw = _read_json(disk)
    reader = _PackReader(path, files, raw)
    pack = reader.read()
    if pack is None or reader.problems:
        raise PackError(reader.problems)

    def keep() -> None:
        if disk is not None and raw is None:
            _write_json(disk, reader.raw)
        if judge is None:
            _cache[key] = (pack, _asset_stats(path, pack))

    if check_moves and raw is None:
        return pack, MovesCheck(pack, judge, keep)
    keep()
    return pack, None


def _asset_stats(path: Path, pack: Pack) -> tuple[Any, ...]:
    """Each asset's path, modification time (ns) and size (None when it cannot be read): the
    memory cache's check that no asset changed since the pack was checked."""
    stats: list[tuple[str, int, int] | None] = []
    for asset in pack.assets:
        try:
            info = (path / asset.path).lstat()
        except OSError:
            stats.append(None)
            continue
        stats.append((asset.path, info.st_mtime_ns, info.st_size))
    return tuple(stats)


def _sums(data: bytes) -> list[int | str]:
    """Size and SHA-256 (hex) of ``data``: what is kept of an asset's checked bytes
    (:data:`ASSET_SUMS`)."""
    return [len(data), sha256(data).hexdigest()]


def _read_json(file: Path | None) -> dict[str, Any] | None:
    if file is None or not file.is_file():
        return None
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_json(file: Path, raw: dict[str, Any]) -> None:
    """Write ``file`` whole or not at all: through a temporary file of this process's own
    (``<name>.<pid>.tmp``: another Tilewise writing the same pack's file writes its own), then
    renamed into place; nothing is kept of a write that fails."""
    tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
    try:
        text = json.dumps(raw, ensure_ascii=False)
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(file)
    except (OSError, TypeError, ValueError):  # a TOML date is not JSON: just do not cache
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


class _PackReader:
    """Reads one pack folder, collecting problems instead of stopping at the first one."""

    def __init__(self, path: Path, files: list[Path],
                 raw: dict[str, Any] | None = None) -> None:
        self.path = path
        self.files = files
        self.problems: list[Problem] = []
        self.file = ""
        self.cached = raw or {}
        # a pack read back from the disk cache passed every check with these very TOML files
        # and the assets of ASSET_SUMS (each asset's bytes are compared: check_asset)
        self.trusted = raw is not None
        self.raw: dict[str, Any] = {}  # file name -> parsed TOML, for the disk cache
        self.asset_sums: dict[str, list[int | str]] = {}
        self.raw[ASSET_SUMS] = self.asset_sums
        self.clean_cards: set[bytes] = set()  # practice cards found clean (check_card)

    # -- reporting and typed access -------------------------------------------------------

    def problem(self, key_path: str, message: str) -> None:
        self.problems.append(Problem(self.file, key_path, message))

    def keys(self, table: Mapping[str, Any], spec: Mapping[str, bool], where: str) -> None:
        for key in table:
            if key not in spec:
                self.problem(_join(where, _key(key)), _("unknown key"))
        for key, required in spec.items():
            if required and key not in table:
                self.problem(_join(where, key), _("missing required key"))

    def text(self, table: Mapping[str, Any], key: str, where: str) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.problem(_join(where, key), _("must be a non-empty string"))
            return None
        return value

    def texts(self, table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.problem(_join(where, key), _("must be a list of non-empty strings"))
            return ()
        return tuple(value)

    def items(self, table: Mapping[str, Any], key: str, where: str) -> list[Any]:
        value = table.get(key, [])
        if not isinstance(value, list):
            self.problem(_join(where, key), _("must be a list"))
            return []
        return value

    def table(self, table: Mapping[str, Any], key: str, where: str) -> dict[str, Any] | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.problem(_join(where, key), _("must be a table"))
            return None
        return value

    def tables(self, table: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(_join(where, key), _("must be a list of tables"))
            return []
        return value

    def choice(self, value: Any, allowed: tuple[str, ...], where: str) -> str | None:
        if value not in allowed:
            self.problem(where, _("{value} is not one of: {allowed}", value=repr(value),
                                  allowed=", ".join(allowed)))
            return None
        return str(value)

    def ident(self, table: Mapping[str, Any], where: str) -> str | None:
        value = table.get("id")
        if value is None:
            return None
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            self.problem(_join(where, "id"), _("must be lower-case letters, digits, - or _"))
            return None
        return value

    def parse(self, file: Path) -> dict[str, Any] | None:
        self.file = str(file)
        data = self.cached.get(file.name)
        if data is None:
            data = self.parse_file(file)
            if data is None:
                return None
        self.raw[file.name] = data
        return dict(data)

    def parse_file(self, file: Path) -> dict[str, Any] | None:
        """Read and parse one TOML file within the limits; None (and problems) if it fails
        (``packlimits.read_pack_file``)."""
        data, problems = read_pack_file(file)
        for key_path, message in problems:
            self.problem(key_path, message)
        return data

    # -- the pack ---------------------------------------------------------------------------

    def read(self) -> Pack | None:
        manifest = self.path / "pack.toml"
        self.file = str(manifest)
        if not manifest.exists() and not manifest.is_symlink():
            self.problem("", _("no pack.toml in this folder"))
            return None
        data = self.parse(manifest)
        if data is None:
            return None
        pack_fields = self.read_manifest(data)
        lessons: list[Lesson] = []
        for file in self.files:
            if file.name == "pack.toml":
                continue
            lesson = self.read_lesson(file)
            if lesson is not None:
                lessons.append(lesson)
        if not lessons and len(self.files) <= 1:
            self.file = str(manifest)
            self.problem("", _("the pack has no lesson files"))
        self.check_lessons(lessons)
        self.file = str(manifest)
        glossary = self.read_glossary(data, lessons)
        if self.problems:
            return None
        return Pack(lessons=lessons, path=str(self.path), glossary=glossary, **pack_fields)

    def read_glossary(self, data: dict[str, Any], lessons: list[Lesson]) -> tuple[GlossaryEntry, ...]:
        """``[[glossary]]`` of pack.toml: each term's meaning, its word per variant (at least
        one), and the lesson step that teaches it (which must exist)."""
        steps = {lesson.id: {step.id for step in lesson.steps} for lesson in lessons}
        entries: list[GlossaryEntry] = []
        seen: set[str] = set()
        for i, raw in enumerate(self.tables(data, "glossary", "")):
            where = f"glossary[{i}]"
            self.keys(raw, GLOSSARY_KEYS, where)
            entry_id = self.ident(raw, where)
            if entry_id in seen:
                self.problem(_join(where, "id"), _("glossary id {id} is used twice",
                                                                id=repr(entry_id)))
            seen.add(entry_id or "")
            names = {v: name for v in GLOSSARY_VARIANTS
                     if (name := self.text(raw, v, where)) is not None}
            if not names:
                self.problem(where, _("name the term for at least one variant: {variants}",
                                       variants=", ".join(GLOSSARY_VARIANTS)))
            lesson_id, step_id = self.text(raw, "lesson", where), self.text(raw, "step", where)
            if lesson_id is not None and lesson_id not in steps:
                self.problem(_join(where, "lesson"),
                             _("no lesson {lesson} in this pack", lesson=repr(lesson_id)))
            elif lesson_id is not None and step_id is not None and step_id not in steps[lesson_id]:
                self.problem(_join(where, "step"), _("lesson {lesson} has no step {step}",
                                                      lesson=repr(lesson_id), step=repr(step_id)))
            entries.append(GlossaryEntry(entry_id or "", self.text(raw, "meaning", where) or "",
                                         names, lesson_id or "", step_id or ""))
        return tuple(entries)

    def read_manifest(self, data: dict[str, Any]) -> dict[str, Any]:
        self.keys(data, PACK_KEYS, "")
        pack_id = self.ident(data, "")
        min_version = self.text(data, "min_app_version", "") or "0"
        if not VERSION_PATTERN.match(min_version):
            self.problem("min_app_version", _("must be a version such as 0.1.0"))
        elif _version(min_version) > _version(__version__):
            self.problem("min_app_version", _("needs app {version}; this app is {this}",
                                                version=min_version, this=__version__))
        assets = []
        for i, entry in enumerate(self.tables(data, "assets", "")):
            where = f"assets[{i}]"
            self.keys(entry, {"path": True, "source": True, "licence": True}, where)
            asset_path = self.text(entry, "path", where)
            source = self.text(entry, "source", where)
            licence = self.text(entry, "licence", where)
            if asset_path is not None and not _inside(self.path, asset_path):
                self.problem(_join(where, "path"), _("must be a path inside the pack, such as "
                                                      "assets/table.png"))
            elif asset_path is not None and not (self.path / asset_path).exists():
                self.problem(_join(where, "path"),
                             _("asset file {path} does not exist", path=asset_path))
            elif asset_path is not None:
                self.check_asset(asset_path, where)
            assets.append(Asset(asset_path or "", source or "", licence or ""))
        return {
            "id": pack_id or "",
            "version": self.text(data, "version", "") or "",
            "title": self.text(data, "title", "") or "",
            "summary": self.text(data, "summary", "") or "",
            "languages": self.texts(data, "languages", ""),
            "min_app_version": min_version,
            "authors": self.texts(data, "authors", ""),
            "licence": self.text(data, "licence", "") or "",
            "assets": tuple(assets),
        }

    def check_asset(self, asset_path: str, where: str) -> None:
        """The asset check (:func:`~tilewise.lessons.packlimits.asset_problem`) of the bytes of
        ``asset_path`` read now, skipped only when the pack is from the disk cache and those
        bytes have the checksums kept with it; the checksums of bytes that pass are kept
        (:data:`ASSET_SUMS`)."""
        file = self.path / asset_path
        try:
            data = read_regular(file, LIMITS.asset_bytes)
        except (OSError, PackFileError):
            refused = asset_problem(file, LIMITS)  # says why it cannot be read
        else:
            sums = _sums(data)
            checked = self.cached.get(ASSET_SUMS)
            if self.trusted and isinstance(checked, dict) and checked.get(asset_path) == sums:
                refused = None
            else:
                refused = asset_content_problem(file, data)
            if refused is None:
                self.asset_sums[asset_path] = sums
        if refused is not None:
            self.problem(_join(where, "path"), f"{asset_path}: {refused}")

    def check_lessons(self, lessons: list[Lesson]) -> None:
        seen: dict[str, Lesson] = {}
        for lesson in lessons:
            self.file = lesson.file
            if lesson.id in seen:
                self.problem("id", _("lesson id {id} is also used in {file}", id=repr(lesson.id),
                                        file=seen[lesson.id].file))
            seen[lesson.id] = lesson
        for lesson in lessons:
            self.file = lesson.file
            for i, prereq in enumerate(lesson.prerequisites):
                if prereq not in seen:
                    self.problem(f"prerequisites[{i}]",
                                 _("no lesson {lesson} in this pack", lesson=repr(prereq)))
        graph = {lesson.id: lesson.prerequisites for lesson in lessons}
        cycle = _find_cycle(graph)
        if cycle:
            self.file = seen[cycle[0]].file
            shown = cycle if len(cycle) <= 12 else cycle[:5] + ["..."] + cycle[-5:]
            self.problem("prerequisites", _("prerequisites form a cycle: {cycle}",
                                              cycle=" -> ".join(shown)))
            return
        chain = longest_chain(graph)
        if len(chain) > LIMITS.chain:
            self.file = seen[chain[0]].file
            ends = f"{chain[0]} -> {chain[1]} -> ... -> {chain[-1]}"
            self.problem("prerequisites", ngettext(
                "a chain of {n} lesson, each needing the next ({chain}); a chain may "
                "hold at most {most}",
                "a chain of {n} lessons, each needing the next ({chain}); a chain may "
                "hold at most {most}", len(chain),
                chain=ends, most=LIMITS.chain))

    # -- lessons and steps ------------------------------------------------------------------

    def read_lesson(self, file: Path) -> Lesson | None:
        data = self.parse(file)
        if data is None:
            return None
        self.keys(data, LESSON_KEYS, "")
        lesson_id = self.ident(data, "")
        prerequisites = self.texts(data, "prerequisites", "")
        steps: list[Step] = []
        step_ids: set[str] = set()
        raw_steps = self.tables(data, "steps", "")
        if "steps" in data and not raw_steps:
            self.problem("steps", _("a lesson needs at least one step"))
        for i, raw in enumerate(raw_steps):
            step = self.read_step(raw, f"steps[{i}]")
            if step is None:
                continue
            if step.id in step_ids:
                self.problem(f"steps[{i}].id", _("step id {id} is used twice", id=repr(step.id)))
            step_ids.add(step.id)
            steps.append(step)
        return Lesson(
            id=lesson_id or "",
            title=self.text(data, "title", "") or "",
            goal=self.text(data, "goal", "") or "",
            prerequisites=prerequisites,
            steps=steps,
            file=str(file),
        )

    def read_step(self, raw: dict[str, Any], where: str) -> Step | None:
        kind = self.choice(raw.get("kind"), STEP_KINDS, _join(where, "kind"))
        spec = dict(STEP_COMMON)
        spec.update(STEP_EXTRA.get(kind or "", {}))
        self.keys(raw, spec, where)
        step_id = self.ident(raw, where)
        text = self.text(raw, "text", where)
        feedback: dict[str, str] = {}
        for reason, message in (self.table(raw, "feedback", where) or {}).items():
            key = _join(where, f"feedback.{reason}")
            if reason not in tilecodes.reason_codes():
                self.problem(key, _("{reason} is not a referee reason code", reason=repr(reason)))
            elif not isinstance(message, str) or not message.strip():
                self.problem(key, _("must be a non-empty string"))
            else:
                feedback[reason] = message
        picture = self.table(raw, "picture", where)
        if picture is not None:
            self.check_picture(picture, _join(where, "picture"))
        task = quiz = hand = None
        hand_data = self.table(raw, "hand", where) if kind == "hand" else None
        if hand_data is not None:
            hand = self.read_hand(hand_data, _join(where, "hand"))
        task_data = self.table(raw, "task", where) if kind == "task" else None
        if task_data is not None:
            task = self.read_task(task_data, _join(where, "task"))
        quiz_data = self.table(raw, "quiz", where) if kind == "quiz" else None
        if quiz_data is not None:
            quiz = self.read_quiz(quiz_data, _join(where, "quiz"))
        if kind is None or step_id is None or text is None:
            return None
        step = Step(
            id=step_id,
            kind=kind,
            text=text,
            title=self.text(raw, "title", where),
            notes=self.text(raw, "notes", where),
            hints=self.texts(raw, "hints", where),
            feedback=feedback,
            picture=picture,
            points=self.texts(raw, "points", where),
            task=task,
            quiz=quiz,
            translator_note=self.text(raw, "translator_note", where),
            hand=hand,
            rule=self.choice(raw["rule"], TAUGHT_RULES, _join(where, "rule"))
            if "rule" in raw else None,
        )
        if task is not None and task.variants:
            self.check_variant_rules(step, where)
        if kind == "quiz" and quiz is not None and "rule" not in raw and not step_rules(step):
            # A task's moves name the rule through the core's reasons; a quiz's answer only
            # counts for mastery under the rule it teaches, so it must name one.
            self.problem(where, _("a quiz counts for the rule it teaches: name it, e.g. "
                                  'rule = "ready_hand" (one of: {rules})',
                                  rules=", ".join(TAUGHT_RULES)))
        return step

    def check_variant_rules(self, step: Step, where: str) -> None:
        """A variant teaches the rules of its task: each reason its wrong moves name is about
        a rule the step's feedback or the task's wrong moves name (``lessons.mastery``)."""
        assert step.task is not None
        taught = {rule_of(code) for code in step.feedback} | {step.rule}
        taught |= {rule_of(w.reason) for w in step.task.wrong if isinstance(w.reason, str)}
        for k, variant in enumerate(step.task.variants):
            for j, wrong in enumerate(variant.task.wrong):
                rule = rule_of(wrong.reason) if isinstance(wrong.reason, str) else None
                if rule is not None and rule not in taught:
                    named = ", ".join(sorted(r for r in taught if r is not None)) or "none"
                    self.problem(_join(where, f"task.variants[{k}].wrong[{j}].reason"),
                                 _("a variant teaches the rules of its task ({rules}); "
                                   "{reason} is about {rule}", rules=named,
                                   reason=wrong.reason, rule=rule))

    def read_hand(self, data: dict[str, Any], where: str) -> HandScript | None:
        """A guided hand: ruleset, deal code, seat, script (played through in ``moves``)."""
        self.keys(data, HAND_KEYS, where)
        ruleset = self.choice(data.get("ruleset"), RULESETS, _join(where, "ruleset"))
        seat = self.choice(data.get("seat"), SEATS, _join(where, "seat"))
        deal = self.text(data, "deal", where)
        script: list[ScriptMove] = []
        raw_script = self.tables(data, "script", where)
        if "script" in data and not raw_script:
            self.problem(_join(where, "script"), _("a guided hand needs at least one move"))
        for i, entry in enumerate(raw_script):
            at = _join(where, f"script[{i}]")
            self.keys(entry, SCRIPT_KEYS, at)
            expect = self.table(entry, "expect", at)
            if expect is not None and expect.get("type") not in HAND_MOVES:
                self.problem(_join(at, "expect.type"),
                             _("{value} is not one of: {allowed}",
                               value=repr(expect.get("type")), allowed=", ".join(HAND_MOVES)))
            wrong = []
            for j, item in enumerate(self.tables(entry, "wrong", at)):
                wat = _join(at, f"wrong[{j}]")
                self.keys(item, {"action": True, "reason": False, "feedback": False}, wat)
                reason = item.get("reason")
                if reason is not None and reason not in tilecodes.reason_codes():
                    self.problem(_join(wat, "reason"),
                                 _("{reason} is not a referee reason code", reason=repr(reason)))
                action = self.table(item, "action", wat)
                wrong.append(WrongAnswer(action or {}, reason if isinstance(reason, str) else None,
                                         self.text(item, "feedback", wat)))
            script.append(ScriptMove(expect or {}, self.text(entry, "text", at),
                                     self.texts(entry, "hints", at), tuple(wrong)))
        if ruleset is None or seat is None or deal is None:
            return None
        return HandScript(ruleset, deal, seat, tuple(script))

    def read_task(self, data: dict[str, Any], where: str) -> Task | None:
        before = len(self.problems)
        task = self.read_task_table(data, where)
        if task is None or "variants" not in data:
            return task
        raw = self.tables(data, "variants", where)
        if task.continues:
            self.problem(_join(where, "variants"), _("a continuing task takes its tiles from the "
                                                      "task before it, so it cannot have variants"))
            return task
        if len(self.problems) > before:  # the task's own problems first, not once per variant
            return task
        variants = []
        for k, entry in enumerate(raw):
            at = _join(where, f"variants[{k}]")
            self.keys(entry, VARIANT_KEYS, at)
            own = {key: value for key, value in data.items()
                   if key not in VARIANT_TASK_KEYS and key != "variants"}
            own.update({key: entry[key] for key in VARIANT_TASK_KEYS if key in entry})
            varied = self.read_task_table(own, at)
            picture = self.table(entry, "picture", at)
            if picture is not None:
                self.check_picture(picture, _join(at, "picture"))
            hints = self.texts(entry, "hints", at) if "hints" in entry else None
            assert varied is not None  # ruleset, seat and done are the task's, read above
            variants.append(Variant(varied, self.text(entry, "text", at), hints, picture))
        return replace(task, variants=tuple(variants))

    def read_task_table(self, data: dict[str, Any], where: str) -> Task | None:
        """One task table (a step's ``task``, or a variant merged into it), without variants."""
        self.keys(data, TASK_KEYS, where)
        ruleset = self.choice(data.get("ruleset"), RULESETS, _join(where, "ruleset"))
        seat = self.choice(data.get("seat"), SEATS, _join(where, "seat"))
        allow = self.texts(data, "allow", where)
        if "allow" in data and not allow:
            self.problem(_join(where, "allow"), _("name at least one action type"))
        for i, kind in enumerate(allow):
            self.choice(kind, ACTION_TYPES, _join(where, f"allow[{i}]"))
        done = self.choice(data.get("done", "listed"), ("listed", "legal"), _join(where, "done"))
        state = self.table(data, "state", where) or {}
        given = self.table(data, "given", where) or {}
        result = self.table(data, "result", where)
        if result is not None and done != "legal":
            self.problem(_join(where, "result"), _('a task-wide result needs done = "legal"'))
        self.check_state(state, ruleset, _join(where, "state"))
        answers = []
        raw_answers = self.tables(data, "answers", where)
        if "answers" in data and not raw_answers:
            self.problem(_join(where, "answers"), _("list at least one expected answer"))
        for i, raw in enumerate(raw_answers):
            at = _join(where, f"answers[{i}]")
            self.keys(raw, {"action": True, "result": False}, at)
            action = self.action(raw, at, allow, ruleset)
            answers.append(Answer(action, self.table(raw, "result", at)))
        wrong = []
        for i, raw in enumerate(self.tables(data, "wrong", where)):
            at = _join(where, f"wrong[{i}]")
            self.keys(raw, {"action": True, "reason": False, "feedback": False}, at)
            action = self.action(raw, at, allow, None)
            reason = raw.get("reason")
            if reason is not None and (not isinstance(reason, str)
                                       or reason not in tilecodes.reason_codes()):
                self.problem(_join(at, "reason"),
                             _("{reason} is not a referee reason code", reason=repr(reason)))
            feedback = self.text(raw, "feedback", at)
            if reason is None and feedback is None:
                self.problem(at, _("a wrong answer needs a reason code, or feedback for a legal move"))
            if reason is None and done == "legal" and result is None:
                self.problem(at, _('a legal wrong answer cannot be wrong when done = "legal" '
                               "without a result"))
            wrong.append(WrongAnswer(action, reason, feedback))
        continues = data.get("continues", False)
        if not isinstance(continues, bool):
            self.problem(_join(where, "continues"), _("must be true or false"))
        elif continues:
            for key in sorted(set(state) & set(INHERITED_KEYS)):
                self.problem(_join(where, f"state.{key}"),
                             _("a continuing task takes its tiles from the task before it"))
        if ruleset is None or seat is None or done is None:
            return None
        return Task(
            ruleset=ruleset, seat=seat, allow=allow, state=state, given=given, done=done,
            result=result, answers=tuple(answers), wrong=tuple(wrong),
            otherwise=self.text(data, "otherwise", where), continues=continues is True,
        )

    def action(self, raw: dict[str, Any], where: str, allow: tuple[str, ...],
               ruleset: str | None) -> dict[str, Any]:
        action = self.table(raw, "action", where) or {}
        at = _join(where, "action")
        kind = action.get("type")
        if "action" in raw and kind not in allow:
            self.problem(_join(at, "type"),
                         _("{kind} is not among the task's allow list", kind=repr(kind)))
        if ruleset is not None:
            self.check_tiles_in(action, ruleset, at)
        return action

    def read_quiz(self, data: dict[str, Any], where: str) -> Quiz | None:
        self.keys(data, QUIZ_KEYS, where)
        options: list[Option] = []
        raw_options = self.tables(data, "options", where)
        if len(raw_options) < 2:
            self.problem(_join(where, "options"), _("a quiz needs at least two options"))
        ids: set[str] = set()
        verify = self.table(data, "verify", where)
        if verify is not None:
            at = _join(where, "verify")
            self.keys(verify, VERIFY_KEYS, at)
            ruleset = self.choice(verify.get("ruleset"), RULESETS, _join(at, "ruleset"))
            self.check_state(self.table(verify, "state", at) or {}, ruleset, _join(at, "state"))
            action = self.table(verify, "action", at) or {}
            self.choice(action.get("type"), VERIFY_TYPES, _join(at, "action.type"))
        for i, raw in enumerate(raw_options):
            at = _join(where, f"options[{i}]")
            self.keys(raw, OPTION_KEYS, at)
            option_id = self.ident(raw, at)
            if option_id in ids:
                self.problem(_join(at, "id"), _("option id {id} is used twice", id=repr(option_id)))
            ids.add(option_id or "")
            tile = raw.get("tile")
            if tile is not None:
                self.check_code(tile, _join(at, "tile"))
            tiles = self.texts(raw, "tiles", at)
            for j, code in enumerate(tiles):
                self.check_code(code, _join(at, f"tiles[{j}]"))
            text = self.text(raw, "text", at)
            if text is None and tile is None and not tiles:
                self.problem(at, _("an option needs text, a tile or tiles"))
            result = self.table(raw, "result", at)
            if result is not None and verify is None:
                self.problem(_join(at, "result"), _("an option result needs a quiz verify scenario"))
            feedback = self.text(raw, "feedback", at)
            if "feedback" not in raw:
                self.problem(_join(at, "feedback"),
                             _("every option needs feedback: why it is right, or why it is "
                               "wrong"))
            options.append(Option(option_id or "", text, tile, tiles, result, feedback))
        order = "shuffle"
        if "order" in data:
            order = self.choice(data.get("order"), QUIZ_ORDERS, _join(where, "order")) or order
        answer = data.get("answer")
        if "answer" in data and (not isinstance(answer, str) or answer not in ids):
            self.problem(_join(where, "answer"), _("{answer} is not an option id", answer=repr(answer)))
        if verify is not None and isinstance(answer, str) and answer in ids:
            chosen = next(o for o in options if o.id == answer)
            if chosen.result is None:
                self.problem(_join(where, "answer"), _("with verify, the right option needs a result"))
        return Quiz(tuple(options), str(answer), verify, order)

    # -- pictures ---------------------------------------------------------------------------

    def check_picture(self, picture: dict[str, Any], where: str) -> None:
        """Check a picture's data against its kind (see ``lessons/README.md``)."""
        if self.trusted:
            return
        kind = self.choice(picture.get("kind"), PICTURE_KINDS, _join(where, "kind"))
        if kind is None:
            return
        self.keys(picture, PICTURE_KEYS[kind], where)
        self.text(picture, "caption", where)
        for key in ("you", "dealer", "seat", "discarder"):
            if key in picture:
                self.choice(picture[key], SEATS, _join(where, key))
        for i, seat in enumerate(self.items(picture, "highlight", where)):
            self.choice(seat, SEATS, _join(where, f"highlight[{i}]"))
        for seat, count in (self.table(picture, "hand_counts", where) or {}).items():
            self.choice(seat, SEATS, _join(where, f"hand_counts.{seat}"))
            if not isinstance(count, int):
                self.problem(_join(where, f"hand_counts.{seat}"), _("must be a whole number"))
        for i, arrow in enumerate(self.tables(picture, "arrows", where)):
            at = _join(where, f"arrows[{i}]")
            self.keys(arrow, {"from": True, "to": True, "count": False, "blind": False,
                              "label": False}, at)
            for key in ("from", "to"):
                if key in arrow:
                    self.choice(arrow[key], SEATS, _join(at, key))
            self.text(arrow, "label", at)
        tiles = self.texts(picture, "tiles", where)
        for i, code in enumerate(tiles):
            self.check_code(code, _join(where, f"tiles[{i}]"))
        for i, index in enumerate(self.items(picture, "marked", where)):
            self.index(index, len(tiles), _join(where, f"marked[{i}]"))
        for i, zone in enumerate(self.tables(picture, "zones", where)):
            at = _join(where, f"zones[{i}]")
            self.keys(zone, {"to": True, "tiles": True, "label": False}, at)
            if "to" in zone:
                self.choice(zone["to"], SEATS, _join(at, "to"))
            for j, index in enumerate(self.items(zone, "tiles", at)):
                self.index(index, len(tiles), _join(at, f"tiles[{j}]"))
            self.text(zone, "label", at)
        for i, meld in enumerate(self.tables(picture, "melds", where)):
            self.picture_meld(meld, _join(where, f"melds[{i}]"))
        kong = self.table(picture, "meld", where)
        if kong is not None:
            self.picture_meld(kong, _join(where, "meld"))
            if "added" in picture:
                held = kong.get("tiles")
                size = len(held) if isinstance(held, list) else 0
                self.index(picture["added"], size, _join(where, "added"))
        for i, rung in enumerate(self.tables(picture, "rungs", where)):
            at = _join(where, f"rungs[{i}]")
            self.keys(rung, {"claims": True, "seats": False, "label": False}, at)
            self.texts(rung, "claims", at)
            for j, seat in enumerate(self.items(rung, "seats", at)):
                self.choice(seat, SEATS, _join(at, f"seats[{j}]"))
            self.text(rung, "label", at)
        for i, row in enumerate(self.tables(picture, "rows", where)):
            at = _join(where, f"rows[{i}]")
            self.keys(row, {"tiles": True, "label": False, "count": False, "theme": False}, at)
            codes = self.texts(row, "tiles", at)
            for j, code in enumerate(codes):
                self.check_code(code, _join(at, f"tiles[{j}]"))
            if "count" in row:
                self.grid_count(row["count"], codes, _join(at, "count"))
            self.text(row, "label", at)
            if "theme" in row:
                self.choice(row["theme"], THEMES, _join(at, "theme"))
        lines = self.tables(picture, "lines", where)
        for i, line in enumerate(lines):
            at = _join(where, f"lines[{i}]")
            self.keys(line, CARD_PICTURE_LINE, at)
            self.text(line, "label", at)
            self.text(line, "note", at)
            self.card_line({k: v for k, v in line.items() if k in _CARD_LINE_KEYS}, at)
        if "focus" in picture:
            self.index(picture["focus"], len(lines), _join(where, "focus"))

    def grid_count(self, count: Any, codes: Sequence[str], where: str) -> None:
        """A tile grid row's ``count``, drawn as "× n" beside its tiles: a whole number from 1
        to the copies a set holds of each of the row's tiles (4 of a suit, wind or dragon
        tile; 8 flowers and 8 jokers in the American set: REFERENCE.md section 1).
        ``count = 99999999999999999`` was drawn as it was (tester 7, shot 081)."""
        copies = tilecodes.supply("american") | tilecodes.supply("wsm")  # the most of each
        most = min((copies.get(tilecodes.canonical(code) or "", 4) for code in codes),
                   default=max(copies.values()))
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= most:
            # TRANSLATORS: a tile grid row's "count" in a lesson file; {value} is the value
            # written, {n} the most copies of each of the row's tiles a set holds (4, or 8)
            self.problem(where, ngettext(
                "{value} is not a whole number from 1 to {n}: a set holds at most {n} of "
                "each of these tiles", "{value} is not a whole number from 1 to {n}: a set "
                "holds at most {n} of each of these tiles", most, value=repr(count)))

    def card_line(self, line: Any, where: str) -> None:
        """Check one practice-card line: each tile a code or a card pattern (``x+1a``), then
        the line as the rules core reads it (``tilewise.rules.cardlines``)."""
        wrapped = isinstance(line, dict)
        groups = line.get("groups") if wrapped else line
        clean = True
        for j, group in enumerate(groups if isinstance(groups, list) else []):
            if not isinstance(group, dict):
                continue
            at = f"{where}{'.groups' if wrapped else ''}[{j}]"
            if "tile" not in group and not group.get("tiles"):
                self.problem(f"{at}.tiles", _("a card group needs at least one tile"))
                clean = False
                continue
            named = [("tile", group["tile"])] if "tile" in group else [
                (f"tiles[{k}]", token) for k, token in enumerate(group.get("tiles") or [])]
            for key, token in named:
                error = tilecodes.card_token_error(token) if isinstance(token, str) else None
                if isinstance(token, str) and error is None:
                    continue
                clean = False
                if error is None or tilecodes.names_no_tile(error):
                    self.problem(f"{at}.{key}", _("{token} is not a tile code or a card pattern",
                                                  token=repr(token)))
                else:
                    self.problem(f"{at}.{key}", tilecodes.said(error))
        problem = tilecodes.card_line_problem(line) if clean else None
        if problem is not None:
            self.problem(where, problem)

    def check_card(self, card: Any, where: str) -> None:
        """Check a state's practice card (``card``): a list of lines, each read by
        :meth:`card_line`. A pack's American states mostly carry the same card (each quiz
        that asks the core about a hand does), so a card found clean is kept by the value
        ``marshal`` writes (format 2: by value and kind, no references, as
        :func:`tilewise.lessons.moves.remembering` keys a scenario) and not walked again while
        this pack is read (issue 21: a quarter of checking the states of the 100-lesson
        bench pack). A card marshal cannot write (a date in it) is walked every time, and a
        card with a problem at each place it stands, so that each problem names its place."""
        try:
            key: bytes | None = marshal.dumps(card, 2)
        except ValueError:  # not only what marshal writes: a date, or nested past its depth
            key = None
        if key is not None and key in self.clean_cards:
            return
        before = len(self.problems)
        if not _card_shape(card):
            self.problem(where, _("must be a list of lines, each a list of groups (or a table "
                                  "with groups) with a tiles list or a tile"))
            return
        for i, line in enumerate(card):
            self.card_line(line, f"{where}[{i}]")
        if key is not None and len(self.problems) == before:
            self.clean_cards.add(key)

    def picture_meld(self, meld: dict[str, Any], where: str) -> None:
        self.keys(meld, dict.fromkeys(MELD_KEYS, False) | {"kind": True, "tiles": True}, where)
        tiles = self.texts(meld, "tiles", where)
        for j, code in enumerate(tiles):
            self.check_code(code, _join(where, f"tiles[{j}]"))
        if meld.get("from") is not None:
            self.choice(meld["from"], SEATS, _join(where, "from"))
        if meld.get("rotated") is not None:
            self.index(meld["rotated"], len(tiles), _join(where, "rotated"))
        for j, index in enumerate(self.items(meld, "face_down", where)):
            self.index(index, len(tiles), _join(where, f"face_down[{j}]"))

    def index(self, value: Any, size: int, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
            self.problem(where, _("{value} is not a tile index (0 to {last})", value=repr(value),
                                  last=size - 1))

    # -- tiles and states -------------------------------------------------------------------

    def check_code(self, code: Any, where: str, ruleset: str | None = None) -> str | None:
        """Return the canonical tile for ``code`` or report why it is not one."""
        if self.trusted:
            return None
        if not isinstance(code, str):
            self.problem(where, _("{code} is not a tile code", code=repr(code)))
            return None
        canonical = tilecodes.canonical(code)
        if canonical is None:
            self.problem(where, _("{code} is not a tile code", code=repr(code)))
            return None
        if ruleset is not None and canonical not in tilecodes.supply(ruleset):
            self.problem(where, _("tile {code} is not in the {ruleset} set", code=code,
                                  ruleset=ruleset))
            return None
        return canonical

    def check_tiles_in(self, value: Any, ruleset: str, where: str) -> None:
        """Check every tile list (``tiles``) and tile field (``tile``) inside an action."""
        if self.trusted:
            return
        if isinstance(value, dict):
            for key, item in value.items():
                at = _join(where, key)
                if key == "tile":
                    self.check_code(item, at, ruleset)
                elif key == "tiles" and isinstance(item, list):
                    for i, code in enumerate(item):
                        self.check_code(code, f"{at}[{i}]", ruleset)
                else:
                    self.check_tiles_in(item, ruleset, at)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self.check_tiles_in(item, ruleset, f"{where}[{i}]")

    def check_state(self, state: dict[str, Any], ruleset: str | None, where: str) -> None:
        """Check a referee-protocol state: known keys, seats, tile codes and tile supply."""
        if self.trusted:
            return
        for key in state:
            if key not in STATE_KEYS:
                self.problem(_join(where, key), _("unknown state key"))
        if ruleset is None:
            return
        # (canonical tile, key path, index in the list there or None), in reading order
        placed: list[tuple[str, str, int | None]] = []
        supply = tilecodes.supply(ruleset)

        def tile_list(value: Any, at: str) -> None:
            if not isinstance(value, list):
                self.problem(at, _("must be a list of tile codes"))
                return
            for i, code in enumerate(value):
                # check_code's answer; its key path is written only for a problem (issue 21)
                canonical = tilecodes.canonical(code) if isinstance(code, str) else None
                if canonical is None or canonical not in supply:
                    canonical = self.check_code(code, f"{at}[{i}]", ruleset)
                if canonical is not None:
                    placed.append((canonical, at, i))

        for group in ("hands", "discards"):
            for seat, tiles in (self.table(state, group, where) or {}).items():
                self.choice(seat, SEATS, _join(where, f"{group}.{seat}"))
                tile_list(tiles, _join(where, f"{group}.{seat}"))
        for seat, melds in (self.table(state, "melds", where) or {}).items():
            at = _join(where, f"melds.{seat}")
            self.choice(seat, SEATS, at)
            if not isinstance(melds, list):
                self.problem(at, _("must be a list of melds"))
                continue
            for i, meld in enumerate(melds):
                if not isinstance(meld, dict):
                    self.problem(f"{at}[{i}]", _("must be a table"))
                    continue
                self.keys(meld, dict.fromkeys(MELD_KEYS, False) | {"kind": True, "tiles": True},
                          f"{at}[{i}]")
                tile_list(meld.get("tiles", []), f"{at}[{i}].tiles")
                if meld.get("tiles") == []:
                    self.problem(f"{at}[{i}].tiles", _("a meld needs its tiles (this one has none)"))
        last = self.table(state, "last_discard", where)
        if last is not None:
            at = _join(where, "last_discard")
            canonical = self.check_code(last.get("tile"), _join(at, "tile"), ruleset)
            discards, by = state.get("discards"), last.get("by")
            by_discards = discards.get(by, []) if isinstance(discards, dict) and isinstance(
                by, str) else []
            already = isinstance(by_discards, list) and bool(by_discards) and tilecodes.canonical(str(by_discards[-1])) == canonical
            if canonical is not None and not already:
                placed.append((canonical, _join(at, "tile"), None))
        pending = self.table(state, "pending_kong", where)
        if pending is not None:
            self.check_code(pending.get("tile"), _join(where, "pending_kong.tile"), ruleset)
        self.check_card(state.get("card", []), _join(where, "card"))
        # counted at once; only a state with too many copies is walked for the place where
        # each such tile's count first goes over (issue 21)
        totals = Counter(canonical for canonical, _, _ in placed)
        over = {canonical for canonical, total in totals.items() if total > supply[canonical]}
        counts: Counter[str] = Counter()
        for canonical, at, index in placed if over else ():
            if canonical not in over:
                continue
            counts[canonical] += 1
            if counts[canonical] == supply[canonical] + 1:
                self.problem(at if index is None else f"{at}[{index}]",
                             ngettext("tile {code}: {n} copy in this state; the {ruleset} "
                                      "set holds {most}",
                                      "tile {code}: {n} copies in this state; the {ruleset} "
                                      "set holds {most}", totals[canonical], code=canonical,
                                      ruleset=ruleset, most=supply[canonical]))


_CARD_LINE_KEYS = ("groups", "concealed", "value")


def _card_shape(card: Any) -> bool:
    def groups(line: Any) -> Any:
        return line.get("groups") if isinstance(line, dict) else line

    return isinstance(card, list) and all(
        isinstance(groups(line), list) and all(
            isinstance(group, dict) and isinstance(group.get("tiles", []), list)
            for group in groups(line))
        for line in card)


def _inside(root: Path, relative: str) -> bool:
    """True when ``relative`` names a place inside ``root``: no backslash, drive, absolute path
    or ``..``, and no symbolic link leading out (a pack may come from a stranger)."""
    pure = PurePosixPath(relative)
    if "\\" in relative or ":" in relative or pure.is_absolute() or ".." in pure.parts:
        return False
    return (root / pure).resolve().is_relative_to(root.resolve())


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _key(key: str) -> str:
    """A key of the pack's own text as a key path part: one TOML would not take bare (empty,
    spaces, dots, other letters) quoted as TOML writes it, so every problem names its key
    (``steps[0]."": unknown key``)."""
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _find_cycle(graph: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Return one cycle in the prerequisite graph as a list of ids (first id repeated at the
    end), or ``[]``. Iterative: a chain of any length is safe."""
    state: dict[str, int] = {}  # 1 = on the path, 2 = finished
    for start in graph:
        if start in state:
            continue
        path = [start]
        todo = [iter(graph[start])]
        state[start] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt in graph and nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(graph[nxt]))
    return []
