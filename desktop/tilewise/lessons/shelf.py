"""What the lesson library shows of a pack, kept beside the pack cache (issue 21, start-up).

The library shows each pack's title and summary and, per lesson, its title, goal,
prerequisites and number of steps (:class:`PackEntry`, :class:`LessonEntry`; the learner's
progress comes from the progress store, the translations from the pack's catalog, each read
afresh). Reading and checking the packs themselves (``tilewise.lessons.pack``, its model, the
rules core) takes longer than showing them, so the app shows the library from these entries
first and loads the packs after its first paint (``gui.app.start``; a press before they are
loaded waits for them).

An entry is written only for a pack that passed its whole check (:func:`write_entry`), and is
found again only for the exact bytes it was written from: its file's name is a checksum of the
pack folder's path, the name, size, CRC-32 and Adler-32 of every TOML file in it (the bytes the
library's text comes from; :func:`file_sums`, the pack cache's own key), the app's version and
:data:`SHELF_VERSION`. A changed byte, a lesson file added or taken away, another folder or a
new app version finds no entry, and the pack is read and checked before the library is shown,
as before. An entry file that cannot be read as one is not used either.

A pack with no entry kept (a first start, a pack changed since) is shown from its TOML files
read as they are (:func:`entry_from_files`: only what the library shows, before the pack is
checked), and its entry is kept once the pack has passed its check after the paint.

Files: ``<cache>/shelf-<checksum>.json``, ``{"id", "version", "title", "summary", "lessons":
[{"id", "title", "goal", "prerequisites": [...], "steps": n}, ...]}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from tilewise import __version__
from tilewise.lessons.packlimits import LIMITS, PackFileError, read_pack_file, read_regular

__all__ = ["SHELF_VERSION", "LessonEntry", "PackEntry", "entry_from_files", "entry_of",
           "file_sums", "pack_digest", "pack_files", "read_entry", "write_entry"]

#: The entries' own format, in their key beside the app's version: raised when an entry holds
#: something else, so that older entries are not read.
SHELF_VERSION = 1


class _Record:
    """Equal, hashed and shown by its fields, as a frozen dataclass is (a plain class: making
    a dataclass costs about half a millisecond at start-up, issue 21)."""

    __slots__ = ()
    _fields: Callable[[], tuple[object, ...]]  # each kind's own, in order

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Record) and type(other) is type(self) \
            and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._fields()!r}"


class LessonEntry(_Record):
    """One lesson as the library shows it: ``id``, ``title``, ``goal`` (the pack's own words,
    untranslated), ``prerequisites`` (lesson ids of the same pack) and ``steps`` (how many)."""

    __slots__ = ("goal", "id", "prerequisites", "steps", "title")

    def __init__(self, id: str, title: str, goal: str,  # noqa: A002 - the lesson's field
                 prerequisites: tuple[str, ...], steps: int) -> None:
        self.id, self.title, self.goal = id, title, goal
        self.prerequisites, self.steps = prerequisites, steps

    def _fields(self) -> tuple[object, ...]:
        return self.id, self.title, self.goal, self.prerequisites, self.steps


class PackEntry(_Record):
    """One pack as the library shows it: ``id``, ``version``, ``title``, ``summary``, its
    ``lessons`` in pack order (:class:`LessonEntry`) and ``path``, its folder (for its
    catalog)."""

    __slots__ = ("id", "lessons", "path", "summary", "title", "version")

    def __init__(self, id: str, version: str, title: str, summary: str,  # noqa: A002
                 lessons: tuple[LessonEntry, ...], path: str) -> None:
        self.id, self.version, self.title, self.summary = id, version, title, summary
        self.lessons, self.path = lessons, path

    def _fields(self) -> tuple[object, ...]:
        return self.id, self.version, self.title, self.summary, self.lessons, self.path

    def lesson(self, lesson_id: str) -> LessonEntry:
        """The lesson with this id; raises ``KeyError`` (as ``Pack.lesson``)."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


class _Lesson(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def goal(self) -> str: ...
    @property
    def prerequisites(self) -> tuple[str, ...]: ...
    @property
    def steps(self) -> Sequence[object]: ...


class _Pack(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def lessons(self) -> Sequence[_Lesson]: ...


def entry_of(pack: _Pack) -> PackEntry:
    """What the library shows of a loaded ``tilewise.lessons.model.Pack``."""
    return PackEntry(pack.id, pack.version, pack.title, pack.summary,
                     tuple(LessonEntry(lesson.id, lesson.title, lesson.goal,
                                       tuple(lesson.prerequisites), len(lesson.steps))
                           for lesson in pack.lessons), str(pack.path))


def pack_files(path: Path) -> list[Path]:
    """The pack's TOML files in ``path`` (``pack.toml`` and the lessons), in file-name order;
    names starting with ``.`` are not the pack's."""
    return sorted(f for f in path.glob("*.toml") if not f.name.startswith("."))


def file_sums(files: list[Path]) -> list[tuple[str, int, int, int]] | None:
    """Each file's name, size and two checksums (CRC-32, Adler-32) of its exact bytes: the
    pack caches' key, so that any changed byte is checked again, whatever its time says
    (issue 21). None when a file cannot be read as a pack file (the pack's reader says why;
    ``packlimits.read_regular``)."""
    sums = []
    for file in files:
        try:
            data = read_regular(file, LIMITS.file_bytes)
        except (OSError, PackFileError):
            return None
        sums.append((file.name, len(data), zlib.crc32(data), zlib.adler32(data)))
    return sums


def pack_digest(folder: Path) -> str | None:
    """The key of the pack in ``folder`` as its files are now (see the module docstring);
    None when one of them cannot be read as a pack file, or there are more than a pack may
    hold (no entry then: the pack's reader reports it)."""
    files = pack_files(folder)
    if len(files) > LIMITS.lesson_files + 1:
        return None
    sums = file_sums(files)
    if sums is None:
        return None
    blob = json.dumps([str(folder.resolve()), sums, __version__, SHELF_VERSION]).encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}{len(blob):x}"


def entry_from_files(folder: Path) -> PackEntry | None:
    """What the library shows of the pack in ``folder``, read from its TOML files as they
    are, within the limits (``packlimits.read_pack_file``), without checking the pack: for a
    pack with no kept entry (a first start, a pack changed), shown while the pack is read
    and checked after the first paint (``gui.app``; a pack that fails is left out of the
    library then and reported). None when a file cannot be read, there is no ``pack.toml``,
    more lesson files than a pack may hold, or a field the library shows is missing or of
    another type (the pack is read and checked before the library is shown, which reports
    why)."""
    files = pack_files(folder)
    manifest = folder / "pack.toml"
    if manifest not in files or len(files) > LIMITS.lesson_files + 1:
        return None
    tables = []
    for file in [manifest, *(f for f in files if f != manifest)]:
        data, _problems = read_pack_file(file)
        if data is None:
            return None
        tables.append(data)
    pack, *lessons = tables
    try:
        return _entry({**pack, "lessons": [
            {**lesson, "prerequisites": lesson.get("prerequisites", []),
             "steps": _steps(lesson["steps"])} for lesson in lessons]}, str(folder))
    except (TypeError, KeyError):
        return None


def _steps(steps: Any) -> int:
    if type(steps) is not list or any(type(step) is not dict for step in steps):
        raise TypeError("not a list of tables")
    return len(steps)


def _entry_file(cache_dir: Path, digest: str) -> Path:
    return Path(cache_dir) / f"shelf-{digest}.json"


def read_entry(folder: Path, cache_dir: Path, digest: str | None = None) -> PackEntry | None:
    """The entry kept for the pack in ``folder`` as its files are now (``digest``: their
    :func:`pack_digest`, worked out when not given); None when there is none, or its file is
    not one (unreadable, not JSON, a field missing or of another type)."""
    digest = pack_digest(folder) if digest is None else digest
    if digest is None:
        return None
    try:
        raw = json.loads(_entry_file(cache_dir, digest).read_bytes())
        return _entry(raw, str(folder))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _text(value: Any) -> str:
    if type(value) is not str:
        raise TypeError("not a string")
    return value


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise TypeError("not a list")
    return value


def _entry(raw: Any, path: str) -> PackEntry:
    lessons = tuple(
        LessonEntry(_text(lesson["id"]), _text(lesson["title"]), _text(lesson["goal"]),
                    tuple(_text(p) for p in _list(lesson["prerequisites"])),
                    _count(lesson["steps"]))
        for lesson in _list(raw["lessons"]))
    return PackEntry(_text(raw["id"]), _text(raw["version"]), _text(raw["title"]),
                     _text(raw["summary"]), lessons, path)


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise TypeError("not a count")
    return value


def write_entry(entry: PackEntry, cache_dir: Path, digest: str) -> bool:
    """Keep ``entry`` (of a pack that passed its whole check, read from files whose
    :func:`pack_digest` was ``digest`` before they were read and is so still) under that key;
    True when it was written. A file that cannot be written is left out (the next start
    reads the pack, as without it)."""
    raw = {"id": entry.id, "version": entry.version, "title": entry.title,
           "summary": entry.summary,
           "lessons": [{"id": lesson.id, "title": lesson.title, "goal": lesson.goal,
                        "prerequisites": list(lesson.prerequisites), "steps": lesson.steps}
                       for lesson in entry.lessons]}
    file = _entry_file(cache_dir, digest)
    tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        tmp.replace(file)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False
    return True
