"""Learner profiles and lesson progress in SQLite (stdlib ``sqlite3``).

File: ``data_dir()/progress.sqlite3`` unless a path is given. Schema version in
``PRAGMA user_version`` (:data:`SCHEMA_VERSION`). Journal WAL with ``synchronous=FULL``, and
every write runs in one ``BEGIN IMMEDIATE`` transaction, so a crash or power cut loses at most
the move in flight (ARCHITECTURE, "Progress lives in SQLite").

A file that is not a SQLite database, or fails ``PRAGMA integrity_check``, is moved aside to
``progress.corrupt-<UTC timestamp>.sqlite3`` (never overwritten or deleted; WAL/SHM side files
go with it), :attr:`ProgressStore.recovered_from` names the moved file so the GUI can tell the
learner, and the store starts empty.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from tilewise.store.paths import aside_path, data_dir

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3  # 3: situations and reviews (tilewise.store.review)
DB_NAME = "progress.sqlite3"
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
"""


class ProgressStoreError(RuntimeError):
    """The database cannot be used (for example it was written by a newer Tilewise)."""


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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
    Attributes: ``path``; ``recovered_from``: the path a corrupt file was moved to, else None.
    Raises :class:`ProgressStoreError` for a database with a newer schema than this code.
    Use as a context manager or call :meth:`close`.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path: Path = path if path is not None else data_dir() / DB_NAME
        self.recovered_from: Path | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._conn = self._open_checked()
        except sqlite3.OperationalError:
            raise  # locked or unreadable, not corrupt: never move a good file aside
        except sqlite3.DatabaseError:
            self.recovered_from = self._move_aside()
            self._conn = self._open_checked()
        self._migrate()

    # -- opening -------------------------------------------------------------------------

    def _open_checked(self) -> sqlite3.Connection:
        if self.path.exists() and self.path.stat().st_size > 0:
            with self.path.open("rb") as fileobj:
                if fileobj.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                    raise sqlite3.DatabaseError("file is not a SQLite database")
        conn = sqlite3.connect(self.path, isolation_level=None)
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
        target = aside_path(self.path, "corrupt")
        self.path.rename(target)
        for side in ("-wal", "-shm", "-journal"):
            extra = self.path.with_name(self.path.name + side)
            if extra.exists():
                extra.rename(target.with_name(target.name + side))
        log.warning("progress database %s was damaged; kept as %s and a new one started",
                    self.path, target)
        return target

    def _migrate(self) -> None:
        version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:  # written by a newer Tilewise: leave the file untouched
            self._conn.close()
            raise ProgressStoreError(
                f"{self.path} has schema version {version}; this Tilewise knows {SCHEMA_VERSION}"
            )
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            with self._transaction() as conn:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- profiles ------------------------------------------------------------------------

    def create_profile(self, name: str, language: str) -> Profile:
        """Add a profile; ``name`` is stripped and must not be empty (ValueError)."""
        clean = name.strip()
        if not clean:
            raise ValueError("a profile needs a name")
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
        """Rename a profile; ValueError for an empty name, KeyError for an unknown id."""
        clean = name.strip()
        if not clean:
            raise ValueError("a profile needs a name")
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
        payload = json.dumps(dict(session_dict), ensure_ascii=False, sort_keys=True,
                             allow_nan=False)
        index = step_index if step_index is not None else _count(session_dict, "step_index",
                                                                 "index")
        tries = attempts if attempts is not None else _count(session_dict, "attempts")
        helps = hints if hints is not None else _count(session_dict, "hints")
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
        """The saved session dict (pass it as ``LessonSession(lesson, saved=...)``), or None."""
        row = self._conn.execute(
            "SELECT session FROM progress WHERE profile_id = ? AND pack_id = ? AND lesson_id = ?",
            (profile_id, pack_id, lesson_id),
        ).fetchone()
        if row is None:
            return None
        loaded = json.loads(row["session"])
        return loaded if isinstance(loaded, dict) else None

    def lesson_summaries(self, profile_id: int) -> dict[tuple[str, str], LessonSummary]:
        """Every saved lesson of a profile, keyed by ``(pack_id, lesson_id)``."""
        rows = self._conn.execute(
            """SELECT pack_id, lesson_id, step_index, attempts, hints, mastery, completed,
                      updated FROM progress WHERE profile_id = ?
               ORDER BY pack_id, lesson_id""",
            (profile_id,),
        ).fetchall()
        return {
            (r["pack_id"], r["lesson_id"]): LessonSummary(
                r["pack_id"], r["lesson_id"], r["step_index"], r["attempts"], r["hints"],
                r["mastery"], bool(r["completed"]), r["updated"],
            )
            for r in rows
        }

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
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            conn.execute(
                """INSERT INTO practice_scores (profile_id, mode, level, seed, correct, asked,
                                                details, played)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (profile_id, mode, level, seed, right, asked, payload, _now()),
            )

    def practice_scores(self, profile_id: int, mode: str | None = None) -> list[PracticeScore]:
        """A profile's practice scores, oldest first (only ``mode`` when given)."""
        rows = self._conn.execute(
            """SELECT mode, level, seed, correct, asked, details, played FROM practice_scores
               WHERE profile_id = ? AND (? IS NULL OR mode = ?) ORDER BY id""",
            (profile_id, mode, mode),
        ).fetchall()
        return [PracticeScore(r["mode"], r["level"], r["seed"], r["correct"], r["asked"],
                              json.loads(r["details"]), r["played"]) for r in rows]

    # -- lifetime ------------------------------------------------------------------------

    def close(self) -> None:
        """Checkpoint the WAL and close the connection (safe to call twice)."""
        conn = getattr(self, "_conn", None)
        if conn is None:
            return
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
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
