"""Learner profiles and lesson progress in SQLite (stdlib ``sqlite3``).

File: ``data_dir()/progress.sqlite3`` unless a path is given. Schema version in
``PRAGMA user_version`` (:data:`SCHEMA_VERSION`). Journal WAL with ``synchronous=FULL``, and
every write runs in one ``BEGIN IMMEDIATE`` transaction, so a crash or power cut loses at most
the move in flight (ARCHITECTURE, "Progress lives in SQLite").

A file that is not a SQLite database, or fails ``PRAGMA integrity_check``, is moved aside to
``progress.corrupt-<UTC timestamp>.sqlite3`` (never overwritten or deleted; WAL/SHM side files
go with it), :attr:`ProgressStore.recovered_from` names the moved file so the GUI can tell the
learner, and a new store is started with every row that can still be read from the damaged one
(:attr:`ProgressStore.salvaged` counts them; issue 15: one damaged page no longer loses the
other rows).

Refused, with :class:`ProgressStoreError` (``.kind`` says which; the file is left untouched):
a newer schema (``"newer"``), a SQLite database of another program (``"foreign"``), a folder
where the file should be (``"folder"``).

Failed writes (issue 15). The busy timeout is short (:data:`BUSY_TIMEOUT`, not sqlite3's 5 s,
which froze the window for each move while another program held the file). A failed write of
progress, a practice score, a whole hand or a review item (:meth:`ProgressStore.save_kept`) is
retried once, then kept in memory (:attr:`ProgressStore.pending`)
and :class:`SaveFailed` is raised, saying why (``"full"``, ``"busy"``, ``"readonly"``,
``"io"``); reads show the kept writes as if saved, every later save writes them first, and
:meth:`ProgressStore.retry_pending` (the GUI calls it on a timer) tries them again. A store
opened with ``read_only=True`` (the data folder cannot be written) lives in memory: every save
is kept pending and fails as ``"readonly"``.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from tilewise.store.paths import aside_path, data_dir

log = logging.getLogger(__name__)

SCHEMA_VERSION = 6  # 3: situations and reviews; 4: variants shown (tilewise.store.review);
# 5: whole hands played (hands_played); 6: a learner's unfinished whole hand (hand_unfinished)
DB_NAME = "progress.sqlite3"
BUSY_TIMEOUT = 0.1  # seconds a write waits for another program's lock before it fails
RETRY_PAUSE = 0.05  # seconds before the one immediate retry of a failed save
_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL,
    language TEXT NOT NULL,
    created  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS progress (
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    pack_id    TEXT NOT NULL,
    lesson_id  TEXT NOT NULL,
    step_index INTEGER NOT NULL DEFAULT 0,
    attempts   INTEGER NOT NULL DEFAULT 0,
    hints      INTEGER NOT NULL DEFAULT 0,
    mastery    REAL NOT NULL DEFAULT 0 CHECK (mastery >= 0 AND mastery <= 1),
    completed  INTEGER NOT NULL DEFAULT 0,
    session    TEXT NOT NULL,
    updated    TEXT NOT NULL,
    PRIMARY KEY (profile_id, pack_id, lesson_id)
);
CREATE TABLE IF NOT EXISTS practice_scores (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    mode       TEXT NOT NULL,
    level      INTEGER NOT NULL DEFAULT 0,
    seed       INTEGER NOT NULL DEFAULT 0,
    correct    INTEGER NOT NULL CHECK (correct >= 0),
    asked      INTEGER NOT NULL CHECK (asked >= correct),
    details    TEXT NOT NULL,
    played     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS situations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    pack_id    TEXT NOT NULL,
    lesson_id  TEXT NOT NULL,
    step_id    TEXT NOT NULL,
    step_index INTEGER NOT NULL CHECK (step_index >= 0),
    kind       TEXT NOT NULL CHECK (kind IN ('task', 'quiz')),
    action     TEXT NOT NULL,
    reason     TEXT,
    rule       TEXT NOT NULL,
    setup      BLOB NOT NULL,
    created    TEXT NOT NULL,
    due        TEXT NOT NULL,
    reviews    INTEGER NOT NULL DEFAULT 0,
    lapses     INTEGER NOT NULL DEFAULT 0,
    card       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS situations_due ON situations (profile_id, due);
CREATE INDEX IF NOT EXISTS situations_step ON situations (profile_id, pack_id, lesson_id, step_id);
CREATE TABLE IF NOT EXISTS reviews (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    situation_id INTEGER NOT NULL REFERENCES situations(id) ON DELETE CASCADE,
    rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
    reviewed     TEXT NOT NULL,
    in_review    INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS reviews_situation ON reviews (situation_id);
CREATE TABLE IF NOT EXISTS variants_shown (
    situation_id INTEGER NOT NULL REFERENCES situations(id) ON DELETE CASCADE,
    variant      INTEGER NOT NULL CHECK (variant >= 0),
    shown        TEXT NOT NULL,
    PRIMARY KEY (situation_id, variant)
);
CREATE TABLE IF NOT EXISTS hands_played (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    ruleset    TEXT NOT NULL CHECK (ruleset IN ('american', 'wsm')),
    deal       TEXT NOT NULL,
    result     TEXT NOT NULL CHECK (result IN ('won', 'lost', 'wall')),
    details    TEXT NOT NULL,
    played     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hands_played_profile ON hands_played (profile_id, ruleset);
CREATE TABLE IF NOT EXISTS hand_unfinished (
    profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    hand       TEXT NOT NULL,
    updated    TEXT NOT NULL
);
"""
# our tables, in the order they are made (a table's references come before it)
TABLES = tuple(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))


StoreErrorKind = Literal["newer", "foreign", "folder"]
SaveReason = Literal["full", "busy", "readonly", "io"]


class ProgressStoreError(RuntimeError):
    """The database cannot be used; ``kind``: ``"newer"`` (written by a newer Tilewise, with
    ``version``), ``"foreign"`` (a SQLite database of another program) or ``"folder"`` (a
    folder where the file should be). ``path`` is the file, left untouched."""

    def __init__(self, message: str, *, kind: StoreErrorKind = "newer", path: Path | None = None,
                 version: int = 0) -> None:
        super().__init__(message)
        self.kind: StoreErrorKind = kind
        self.path = path
        self.version = version


class NameTaken(ValueError):
    """Another learner already has this name (two "Ana"s could not be told apart in the
    learners list or by ``--profile``)."""


def _name_key(name: str) -> str:
    """A learner's name as compared for sameness: stripped, NFC, case folded."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


class SaveFailed(Exception):
    """A write did not reach the disk. ``reason``: ``"full"`` (disk or quota full), ``"busy"``
    (another program holds the file), ``"readonly"`` (the file or folder may not be written)
    or ``"io"`` (any other disk error, ``detail`` says which); ``pending``: writes now kept in
    memory, waiting for :meth:`ProgressStore.retry_pending`."""

    def __init__(self, reason: SaveReason, detail: str, pending: int) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason: SaveReason = reason
        self.detail = detail
        self.pending = pending


def save_reason(error: BaseException) -> SaveReason:
    """Why ``error`` (a ``sqlite3.Error`` or ``OSError``) stopped a write."""
    name = str(getattr(error, "sqlite_errorname", ""))
    text = str(error).lower()
    if name == "SQLITE_FULL" or "full" in text or getattr(error, "errno", None) in (28, 122):
        return "full"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return "busy"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")) or \
            "readonly" in text or "read-only" in text or isinstance(error, PermissionError):
        return "readonly"
    return "io"


@dataclass(frozen=True)
class Profile:
    """A learner profile. ``created`` is an ISO 8601 UTC timestamp; ``language`` a code."""

    id: int
    name: str
    language: str
    created: str


@dataclass(frozen=True)
class LessonSummary:
    """Progress of one lesson for one profile (what the lesson library shows).

    ``step_index``: 0-based current step; ``attempts``/``hints``: counts; ``mastery``: 0..1;
    ``updated``: ISO 8601 UTC timestamp of the last save.
    """

    pack_id: str
    lesson_id: str
    step_index: int
    attempts: int
    hints: int
    mastery: float
    completed: bool
    updated: str


@dataclass(frozen=True)
class PracticeScore:
    """One finished practice session (schema 2): ``mode`` (``charleston``, ``claims``),
    ``level``, ``seed`` (the deal number), ``right`` of ``asked``, ``details`` (the engine's
    JSON record), ``played`` (ISO 8601 UTC)."""

    mode: str
    level: int
    seed: int
    right: int
    asked: int
    details: dict[str, Any]
    played: str


#: How a whole hand ended for the learner: their win, another seat's, or a wall game.
HAND_RESULTS = ("won", "lost", "wall")
HAND_RULESETS = ("american", "wsm")


@dataclass(frozen=True)
class HandPlayed:
    """One whole hand the learner played (schema 5): ``ruleset`` (``american``, ``wsm``),
    ``deal`` (its deal code), ``result`` (:data:`HAND_RESULTS`), ``details`` (JSON: seat,
    winner, moves, the lesson of a guided hand...), ``played`` (ISO 8601 UTC)."""

    ruleset: str
    deal: str
    result: str
    details: dict[str, Any]
    played: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _counts(session: Mapping[str, Any], given: Mapping[str, int | None]) -> tuple[int, int, int]:
    """(step index, attempts, hints) of a save: the given ones, else from the session dict."""
    index, tries, helps = given.get("step_index"), given.get("attempts"), given.get("hints")
    return (index if index is not None else _count(session, "step_index", "index"),
            tries if tries is not None else _count(session, "attempts"),
            helps if helps is not None else _count(session, "hints"))


def _details(text: Any) -> dict[str, Any]:
    """A score's details; {} for a value that is no JSON object (a salvaged row)."""
    try:
        loaded = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


_LOWEST, _HIGHEST = -(2**63), 2**63 - 1


def _readable_rows(conn: sqlite3.Connection, table: str, columns: list[str]) -> list[dict[str, Any]]:
    """Every row of ``table`` that can be read, in rowid order, going on past damaged pages:
    when a scan fails, the first start after the damage is found by doubling the step and
    then halving back (about 128 probes per damaged stretch), and the scan goes on there."""
    found: list[dict[str, Any]] = []
    query = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid"

    def readable(start: int) -> bool:
        try:
            conn.execute(query, (start,)).fetchone()
        except sqlite3.DatabaseError:
            return False
        return True

    after = _LOWEST
    while True:
        try:
            for row in conn.execute(query, (after,)):
                found.append(dict(zip(columns, tuple(row)[1:], strict=True)))
                after = row[0]
            return found
        except sqlite3.DatabaseError:
            pass
        bad, step = after, 1  # a scan from ``bad`` fails; find the smallest start that does not
        while not readable(min(bad + step, _HIGHEST)):
            if bad + step >= _HIGHEST:
                return found
            bad, step = bad + step, step * 2
        good = min(bad + step, _HIGHEST)
        while good - bad > 1:
            middle = (bad + good) // 2
            bad, good = (bad, middle) if readable(middle) else (middle, good)
        after = good


def _count(session: Mapping[str, Any], *names: str) -> int:
    """An integer counter from a session dict: an int, or the sum of a list/dict of ints."""
    for name in names:
        value = session.get(name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            return value
        if isinstance(value, Mapping):
            value = list(value.values())
        if isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return sum(value)
    return 0


class ProgressStore:
    """Profiles and per-lesson progress, one SQLite file.

    ``ProgressStore(path=None)`` opens (or creates) ``data_dir()/progress.sqlite3``.
    Attributes: ``path``; ``recovered_from``: the path a corrupt file was moved to, else None;
    ``salvaged``: rows copied from it per table (``{"profiles": 3, ...}``), else None;
    ``read_only``: True when the store lives in memory because its folder cannot be written
    (a copy of the file's rows when it could be read); ``pending``: writes kept in memory.
    Raises :class:`ProgressStoreError` (see the module doc), ``sqlite3.OperationalError``
    when the file is locked or unreadable (never moved aside), ``OSError`` when its folder
    cannot be made. Use as a context manager or call :meth:`close`.
    """

    def __init__(self, path: Path | None = None, *, read_only: bool = False) -> None:
        self.path: Path = path if path is not None else data_dir() / DB_NAME
        self.recovered_from: Path | None = None
        self.salvaged: dict[str, int] | None = None
        self.read_only = read_only
        self.recovered_kind: Literal["damaged", "foreign"] = "damaged"
        self.pending: dict[tuple[Any, ...], tuple[Callable[..., None], tuple[Any, ...],
                                                  dict[str, Any]]] = {}
        self.last_failure: SaveFailed | None = None
        self._serial = 0
        if self.path.is_dir():
            raise ProgressStoreError(f"{self.path} is a folder, not a progress file",
                                     kind="folder", path=self.path)
        if read_only:
            self._conn = self._open_memory_copy()
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._conn = self._open_waiting()
            self._migrate()
        except sqlite3.OperationalError:
            raise  # locked or unreadable, not corrupt: never move a good file aside
        except sqlite3.DatabaseError:
            self.recovered_from = self._move_aside()
            self._conn = self._open_checked()
            self._migrate()
            self.salvaged = self._salvage(self.recovered_from)
        except ProgressStoreError as error:
            if error.kind != "foreign":
                raise
            self.recovered_from, self.recovered_kind = self._move_aside(), "foreign"
            self._conn = self._open_checked()
            self._migrate()

    def _open_waiting(self, tries: int = 20) -> sqlite3.Connection:
        """``_open_checked``, waiting up to ``tries`` busy timeouts while another program
        writes (a second Tilewise on another profile)."""
        for _ in range(tries - 1):
            try:
                return self._open_checked()
            except sqlite3.OperationalError as error:
                if save_reason(error) != "busy":
                    raise
        return self._open_checked()

    # -- opening -------------------------------------------------------------------------

    def _open_checked(self) -> sqlite3.Connection:
        if self.path.exists() and self.path.stat().st_size > 0:
            with self.path.open("rb") as fileobj:
                if fileobj.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                    raise sqlite3.DatabaseError("file is not a SQLite database")
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        try:
            conn.row_factory = sqlite3.Row
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if [tuple(r) for r in rows] != [("ok",)]:
                raise sqlite3.DatabaseError(f"integrity_check failed: {rows[0][0]}")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _move_aside(self) -> Path:
        conn = getattr(self, "_conn", None)
        if conn is not None:
            conn.close()
        target = aside_path(self.path, "corrupt")
        self.path.rename(target)
        for side in ("-wal", "-shm", "-journal"):
            extra = self.path.with_name(self.path.name + side)
            if extra.exists():
                extra.rename(target.with_name(target.name + side))
        log.warning("progress database %s was damaged; kept as %s and a new one started",
                    self.path, target)
        return target

    def _open_memory_copy(self) -> sqlite3.Connection:
        """A store in memory for a folder that cannot be written: the file's rows when it can
        be read (opened immutable: nothing is written, not even a lock), else empty."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.row_factory = sqlite3.Row
        if self.path.is_file():
            try:
                source = self._open_immutable(self.path)
                try:
                    self._check_ours(source)
                    source.backup(conn)
                finally:
                    source.close()
            except sqlite3.DatabaseError:
                log.warning("progress database %s could not be read; starting empty", self.path)
        self._conn = conn
        self._migrate()
        return conn

    @staticmethod
    def _open_immutable(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True,
                               isolation_level=None, timeout=BUSY_TIMEOUT)
        conn.row_factory = sqlite3.Row
        return conn

    def _check_ours(self, conn: sqlite3.Connection) -> int:
        """The schema version of ``conn``; :class:`ProgressStoreError` when it is newer than
        this code's or the database belongs to another program (tables that are not ours)."""
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:  # written by a newer Tilewise: leave the file untouched
            raise ProgressStoreError(
                f"{self.path} has schema version {version}; this Tilewise knows {SCHEMA_VERSION}",
                kind="newer", path=self.path, version=version)
        names = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if names - set(TABLES):
            raise ProgressStoreError(
                f"{self.path} is a database of another program (tables: "
                f"{', '.join(sorted(names - set(TABLES))[:5])})", kind="foreign", path=self.path)
        return version

    def _migrate(self) -> None:
        try:
            version = self._check_ours(self._conn)
        except ProgressStoreError:
            self._conn.close()
            raise
        if self.read_only:
            if version < SCHEMA_VERSION:
                self._create_tables()
            self._conn.execute("PRAGMA foreign_keys=ON")
            return
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            self._create_tables()

    def _create_tables(self) -> None:
        with self._transaction() as conn:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        if conn.in_transaction:  # a rollback that failed (full disk) left one open
            conn.execute("ROLLBACK")
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:  # a full disk may fail the rollback too; keep the cause
                    log.exception("rollback failed")
            raise

    # -- salvage ---------------------------------------------------------------------------

    def _salvage(self, damaged: Path) -> dict[str, int] | None:
        """Copy every row that can still be read from the ``damaged`` file into this (new,
        empty) store; rows per table, or None when the file is no SQLite database of ours.
        A damaged page makes a scan stop: the scan goes on after it, skipping ahead (1, 2, 4
        ... rowids) until rows can be read again."""
        try:
            source = self._open_immutable(damaged)
        except sqlite3.Error:
            return None
        counts = dict.fromkeys(TABLES, 0)
        made: set[int] = set()
        try:
            self._check_ours(source)
            columns = {table: [row[1] for row in self._conn.execute(
                f"PRAGMA table_info({table})")] for table in TABLES}
            rows = {table: _readable_rows(source, table, columns[table]) for table in TABLES}
        except (sqlite3.Error, ProgressStoreError):
            source.close()
            return None
        source.close()
        known = {row["id"] for row in rows["profiles"] if isinstance(row.get("id"), int)}
        orphans = {row.get("profile_id") for table in TABLES[1:] for row in rows[table]}
        for orphan in sorted(o for o in orphans - known if isinstance(o, int)):
            # the profile's own row was on a damaged page: keep its progress under a new name
            rows["profiles"].append({"id": orphan, "name": f"Learner {orphan}",
                                     "language": "en", "created": _now()})
            made.add(orphan)
        for table in TABLES:
            for row in rows[table]:
                names = ", ".join(row)
                marks = ", ".join("?" for _ in row)
                try:
                    with self._transaction() as conn:
                        conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})",
                                     tuple(row.values()))
                except sqlite3.Error:
                    continue  # a row damaged in itself (a broken value, a failed check)
                if table != "profiles" or row["id"] not in made:
                    counts[table] += 1
        log.warning("salvaged from %s: %s", damaged, counts)
        return counts

    # -- profiles ------------------------------------------------------------------------

    def name_taken(self, name: str, except_id: int | None = None) -> bool:
        """True when a profile other than ``except_id`` has ``name``, compared as a person
        reads names: stripped, Unicode NFC and case folded ("Ana" = "ana " = "ANA")."""
        wanted = _name_key(name)
        return any(_name_key(p.name) == wanted for p in self.profiles() if p.id != except_id)

    def profile_named(self, name: str) -> Profile | None:
        """The profile called ``name`` (compared as :meth:`name_taken` does), or None."""
        wanted = _name_key(name)
        return next((p for p in self.profiles() if _name_key(p.name) == wanted), None)

    def free_name(self, name: str) -> str:
        """``name`` stripped if no profile has it, else the first of "name (2)", "name (3)",
        ... that is free (an imported learner whose name is already here)."""
        clean = name.strip()
        number = 2
        candidate = clean
        while self.name_taken(candidate):
            candidate = f"{clean} ({number})"
            number += 1
        return candidate

    def create_profile(self, name: str, language: str) -> Profile:
        """Add a profile; ``name`` is stripped and must not be empty (ValueError) nor another
        learner's name (:class:`NameTaken`, see :meth:`name_taken`)."""
        clean = name.strip()
        if not clean:
            raise ValueError("a profile needs a name")
        if self.name_taken(clean):
            raise NameTaken(clean)
        created = _now()
        with self._transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO profiles (name, language, created) VALUES (?, ?, ?)",
                (clean, language, created),
            )
            new_id = cursor.lastrowid
        assert new_id is not None
        return Profile(new_id, clean, language, created)

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        rows = self._conn.execute(
            "SELECT id, name, language, created FROM profiles ORDER BY id"
        ).fetchall()
        return [Profile(r["id"], r["name"], r["language"], r["created"]) for r in rows]

    def profile(self, profile_id: int) -> Profile | None:
        """One profile, or None if there is no such id."""
        row = self._conn.execute(
            "SELECT id, name, language, created FROM profiles WHERE id = ?", (profile_id,)
        ).fetchone()
        return None if row is None else Profile(row["id"], row["name"], row["language"],
                                                row["created"])

    def rename_profile(self, profile_id: int, name: str) -> None:
        """Rename a profile; ValueError for an empty name, :class:`NameTaken` for another
        learner's name, KeyError for an unknown id."""
        clean = name.strip()
        if not clean:
            raise ValueError("a profile needs a name")
        if self.name_taken(clean, except_id=profile_id):
            raise NameTaken(clean)
        with self._transaction() as conn:
            cursor = conn.execute("UPDATE profiles SET name = ? WHERE id = ?", (clean, profile_id))
            if cursor.rowcount == 0:
                raise KeyError(profile_id)

    def set_profile_language(self, profile_id: int, language: str) -> None:
        """Change a profile's language code; KeyError for an unknown id."""
        with self._transaction() as conn:
            cursor = conn.execute(
                "UPDATE profiles SET language = ? WHERE id = ?", (language, profile_id)
            )
            if cursor.rowcount == 0:
                raise KeyError(profile_id)

    def delete_profile(self, profile_id: int) -> None:
        """Delete a profile and all its progress; KeyError for an unknown id."""
        with self._transaction() as conn:
            conn.execute("DELETE FROM progress WHERE profile_id = ?", (profile_id,))
            conn.execute("DELETE FROM practice_scores WHERE profile_id = ?", (profile_id,))
            conn.execute("DELETE FROM situations WHERE profile_id = ?", (profile_id,))
            cursor = conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))
            if cursor.rowcount == 0:
                raise KeyError(profile_id)

    # -- progress ------------------------------------------------------------------------

    def save_lesson(
        self,
        profile_id: int,
        pack_id: str,
        lesson_id: str,
        session_dict: Mapping[str, Any],
        mastery: float,
        completed: bool,
        *,
        step_index: int | None = None,
        attempts: int | None = None,
        hints: int | None = None,
    ) -> None:
        """Save (insert or replace) one lesson's progress in one transaction.

        ``session_dict`` is ``LessonSession.to_dict()`` and must be JSON-serialisable
        (TypeError otherwise, before anything is written). ``mastery`` is 0..1 (ValueError).
        ``step_index``, ``attempts`` and ``hints`` default to the session dict's
        ``step_index``/``index``, ``attempts`` and ``hints`` entries (an int, or the sum of a
        list or dict of ints; 0 when absent). KeyError for an unknown profile.
        """
        if not 0.0 <= mastery <= 1.0:
            raise ValueError(f"mastery must be within 0..1, got {mastery}")
        session = dict(session_dict)
        json.dumps(session, allow_nan=False)  # TypeError/ValueError now, before anything is kept
        kwargs = {"step_index": step_index, "attempts": attempts, "hints": hints}
        self._save(("lesson", profile_id, pack_id, lesson_id), self._write_lesson,
                   (profile_id, pack_id, lesson_id, session, mastery, completed), kwargs)

    def _write_lesson(self, profile_id: int, pack_id: str, lesson_id: str,
                      session_dict: Mapping[str, Any], mastery: float, completed: bool, *,
                      step_index: int | None, attempts: int | None, hints: int | None) -> None:
        payload = json.dumps(dict(session_dict), ensure_ascii=False, sort_keys=True,
                             allow_nan=False)
        index, tries, helps = _counts(session_dict, {"step_index": step_index,
                                                     "attempts": attempts, "hints": hints})
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            conn.execute(
                """INSERT INTO progress (profile_id, pack_id, lesson_id, step_index, attempts,
                                         hints, mastery, completed, session, updated)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (profile_id, pack_id, lesson_id) DO UPDATE SET
                     step_index = excluded.step_index, attempts = excluded.attempts,
                     hints = excluded.hints, mastery = excluded.mastery,
                     completed = excluded.completed, session = excluded.session,
                     updated = excluded.updated""",
                (profile_id, pack_id, lesson_id, index, tries, helps, float(mastery),
                 int(bool(completed)), payload, _now()),
            )

    def load_lesson(self, profile_id: int, pack_id: str, lesson_id: str) -> dict[str, Any] | None:
        """The saved session dict (pass it as ``LessonSession(lesson, saved=...)``), or None
        (also for a saved value that is not a JSON object). A save still pending counts."""
        kept = self.pending.get(("lesson", profile_id, pack_id, lesson_id))
        if kept is not None:
            return dict(kept[1][3])
        row = self._conn.execute(
            "SELECT session FROM progress WHERE profile_id = ? AND pack_id = ? AND lesson_id = ?",
            (profile_id, pack_id, lesson_id),
        ).fetchone()
        if row is None:
            return None
        try:
            loaded = json.loads(row["session"])
        except (TypeError, ValueError):  # a row salvaged from a damaged file
            return None
        return loaded if isinstance(loaded, dict) else None

    def lesson_summaries(self, profile_id: int) -> dict[tuple[str, str], LessonSummary]:
        """Every saved lesson of a profile, keyed by ``(pack_id, lesson_id)`` (saves still
        pending count)."""
        rows = self._conn.execute(
            """SELECT pack_id, lesson_id, step_index, attempts, hints, mastery, completed,
                      updated FROM progress WHERE profile_id = ?
               ORDER BY pack_id, lesson_id""",
            (profile_id,),
        ).fetchall()
        found = {
            (r["pack_id"], r["lesson_id"]): LessonSummary(
                r["pack_id"], r["lesson_id"], r["step_index"], r["attempts"], r["hints"],
                r["mastery"], bool(r["completed"]), r["updated"],
            )
            for r in rows
        }
        for key, (_write, args, kwargs) in self.pending.items():
            if key[0] == "lesson" and key[1] == profile_id:
                _pid, pack_id, lesson_id, session, mastery, completed = args
                found[(pack_id, lesson_id)] = LessonSummary(
                    pack_id, lesson_id, *_counts(session, kwargs), float(mastery),
                    bool(completed), _now())
        return found

    def forget_lesson(self, profile_id: int, pack_id: str, lesson_id: str) -> None:
        """Delete one lesson's progress (start it over); no error if there is none."""
        with self._transaction() as conn:
            conn.execute(
                "DELETE FROM progress WHERE profile_id = ? AND pack_id = ? AND lesson_id = ?",
                (profile_id, pack_id, lesson_id),
            )

    # -- practice scores (schema 2) ---------------------------------------------------------

    def save_practice_score(self, profile_id: int, mode: str, right: int, asked: int, *,
                            level: int = 0, seed: int = 0,
                            details: Mapping[str, Any] | None = None) -> None:
        """Add one practice session's score in one transaction.

        ValueError unless ``0 <= right <= asked``; TypeError when ``details`` is not
        JSON-serialisable; KeyError for an unknown profile.
        """
        if not 0 <= right <= asked:
            raise ValueError(f"a score needs 0 <= right <= asked, got {right}/{asked}")
        payload = json.dumps(dict(details or {}), ensure_ascii=False, sort_keys=True,
                             allow_nan=False)
        self.save_kept("score", profile_id, self._write_score,
                       (profile_id, mode, right, asked, level, seed, payload, _now()))

    def _write_score(self, profile_id: int, mode: str, right: int, asked: int, level: int,
                     seed: int, payload: str, played: str) -> None:
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            conn.execute(
                """INSERT INTO practice_scores (profile_id, mode, level, seed, correct, asked,
                                                details, played)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (profile_id, mode, level, seed, right, asked, payload, played),
            )

    def practice_scores(self, profile_id: int, mode: str | None = None) -> list[PracticeScore]:
        """A profile's practice scores, oldest first (only ``mode`` when given)."""
        rows = [tuple(r) for r in self._conn.execute(
            """SELECT mode, level, seed, correct, asked, details, played FROM practice_scores
               WHERE profile_id = ? AND (? IS NULL OR mode = ?) ORDER BY id""",
            (profile_id, mode, mode),
        ).fetchall()]
        for key, (_write, args, _kwargs) in self.pending.items():  # kept in memory, in order
            if key[0] != "score":
                continue
            pid, kept_mode, right, asked, level, seed, payload, played = args
            if pid == profile_id and mode in (None, kept_mode):
                rows.append((kept_mode, level, seed, right, asked, payload, played))
        return [PracticeScore(m, lv, sd, right, asked, _details(details), played)
                for m, lv, sd, right, asked, details, played in rows]

    # -- whole hands (schema 5) -------------------------------------------------------------

    def save_hand(self, profile_id: int, ruleset: str, deal: str, result: str, *,
                  details: Mapping[str, Any] | None = None) -> None:
        """Add one finished whole hand in one transaction (kept and retried like a practice
        score when the write fails: :class:`SaveFailed`).

        ValueError for a ruleset or result not in :data:`HAND_RULESETS` / :data:`HAND_RESULTS`
        or an empty deal code; TypeError when ``details`` is not JSON-serialisable; KeyError
        for an unknown profile.
        """
        if ruleset not in HAND_RULESETS or result not in HAND_RESULTS or not deal:
            raise ValueError(f"a hand needs a ruleset, a deal code and a result, got "
                             f"{ruleset!r} {deal!r} {result!r}")
        payload = json.dumps(dict(details or {}), ensure_ascii=False, sort_keys=True,
                             allow_nan=False)
        self.save_kept("hand", profile_id, self._write_hand,
                       (profile_id, ruleset, deal, result, payload, _now()))

    def _write_hand(self, profile_id: int, ruleset: str, deal: str, result: str, payload: str,
                    played: str) -> None:
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            conn.execute(
                """INSERT INTO hands_played (profile_id, ruleset, deal, result, details, played)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (profile_id, ruleset, deal, result, payload, played),
            )

    def hands_played(self, profile_id: int, ruleset: str | None = None) -> list[HandPlayed]:
        """A profile's whole hands, oldest first (only ``ruleset`` when given), the kept
        (not yet written) ones last."""
        rows = [tuple(r) for r in self._conn.execute(
            """SELECT ruleset, deal, result, details, played FROM hands_played
               WHERE profile_id = ? AND (? IS NULL OR ruleset = ?) ORDER BY id""",
            (profile_id, ruleset, ruleset),
        ).fetchall()]
        for key, (_write, args, _kwargs) in self.pending.items():
            if key[0] != "hand":
                continue
            pid, kept_ruleset, deal, result, payload, played = args
            if pid == profile_id and ruleset in (None, kept_ruleset):
                rows.append((kept_ruleset, deal, result, payload, played))
        return [HandPlayed(rs, deal, result, _details(details), played)
                for rs, deal, result, details, played in rows]

    def save_unfinished_hand(self, profile_id: int, hand: Mapping[str, Any] | None) -> None:
        """Keep (insert or replace) the learner's unfinished whole hand, one per profile:
        ``hand`` is a JSON object (the play room's: ruleset, deal code, seat, the learner's
        moves; ``tilewise.lessons.hand.engine.learner_moves``), or None to forget it (the
        hand ended, or another was dealt). Kept and retried like progress when the write
        fails (:class:`SaveFailed`; a newer save replaces a kept older one). TypeError or
        ValueError when ``hand`` is not JSON-serialisable, KeyError for an unknown profile."""
        payload = None if hand is None else json.dumps(dict(hand), ensure_ascii=False,
                                                        sort_keys=True, allow_nan=False)
        self._save(("unfinished", profile_id), self._write_unfinished, (profile_id, payload),
                   {})

    def _write_unfinished(self, profile_id: int, payload: str | None) -> None:
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            if payload is None:
                conn.execute("DELETE FROM hand_unfinished WHERE profile_id = ?", (profile_id,))
                return
            conn.execute(
                """INSERT INTO hand_unfinished (profile_id, hand, updated) VALUES (?, ?, ?)
                   ON CONFLICT (profile_id) DO UPDATE SET hand = excluded.hand,
                     updated = excluded.updated""", (profile_id, payload, _now()))

    def unfinished_hand(self, profile_id: int) -> dict[str, Any] | None:
        """The learner's unfinished whole hand as saved (:meth:`save_unfinished_hand`; a save
        still kept counts), or None (also for a saved value that is not a JSON object)."""
        kept = self.pending.get(("unfinished", profile_id))
        if kept is not None:
            payload = kept[1][1]
        else:
            row = self._conn.execute("SELECT hand FROM hand_unfinished WHERE profile_id = ?",
                                     (profile_id,)).fetchone()
            payload = None if row is None else row["hand"]
        try:
            loaded = json.loads(payload) if payload is not None else None
        except (TypeError, ValueError):  # a row salvaged from a damaged file
            return None
        return loaded if isinstance(loaded, dict) else None

    # -- failed writes (issue 15) -------------------------------------------------------------

    def _save(self, key: tuple[Any, ...], write: Callable[..., None], args: tuple[Any, ...],
              kwargs: dict[str, Any]) -> None:
        """Keep the write (a newer save of the same lesson replaces an older one), then write
        everything kept, oldest first. :class:`SaveFailed` when it could not, after one
        retry; the writes stay kept."""
        if self.profile(key[1]) is None:
            raise KeyError(key[1])
        self.pending.pop(key, None)
        self.pending[key] = (write, args, kwargs)
        if self.retry_pending():
            return
        time.sleep(RETRY_PAUSE)
        if not self.retry_pending():
            assert self.last_failure is not None
            raise self.last_failure

    def save_kept(self, kind: str, profile_id: int, write: Callable[..., None],
                  args: tuple[Any, ...]) -> None:
        """Save ``write(*args)`` (one transaction of this store) as progress is saved: kept
        in memory first, written now with everything kept before it, retried once, and on
        failure left kept for :meth:`retry_pending` with :class:`SaveFailed` raised. ``kind``
        names the write in :attr:`pending` (``"score"``, ``"hand"``, the review queue's
        ``"mistakes"`` and ``"review"``); each call is a write of its own, never replacing another. KeyError
        for an unknown profile, before anything is kept."""
        self._serial += 1
        self._save((kind, profile_id, self._serial), write, args, {})

    def retry_pending(self) -> bool:
        """Write every kept write, oldest first; True when none is left. A failure stops the
        round (``last_failure`` says why); KeyError (the profile was deleted) drops the
        write."""
        while self.pending:
            key, (write, args, kwargs) = next(iter(self.pending.items()))
            if self.read_only:
                self.last_failure = SaveFailed("readonly", str(self.path.parent),
                                               len(self.pending))
                return False
            try:
                write(*args, **kwargs)
            except KeyError:
                log.warning("dropped a save for a profile that is gone: %s", key)
            except (sqlite3.Error, OSError) as error:
                self.last_failure = SaveFailed(save_reason(error), str(error), len(self.pending))
                log.warning("save failed (%s), %d kept: %s", self.last_failure.reason,
                            len(self.pending), error)
                return False
            self.pending.pop(key, None)
        self.last_failure = None
        return True

    # -- lifetime ------------------------------------------------------------------------

    def close(self) -> None:
        """Checkpoint the WAL and close the connection (safe to call twice). A checkpoint that
        fails (disk full) is logged: the WAL keeps every commit and is replayed on the next
        open. Writes still pending are lost: call :meth:`retry_pending` first."""
        conn = getattr(self, "_conn", None)
        if conn is None:
            return
        if self.pending:
            log.error("closing with %d unsaved writes", len(self.pending))
        try:
            if not self.read_only:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            log.exception("WAL checkpoint failed at close")
        finally:
            conn.close()
            self._conn = None  # type: ignore[assignment]

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
