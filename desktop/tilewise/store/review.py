"""A learner's mistakes as situations to review, scheduled with FSRS (progress schema 3; the
variants played in review, schema 4).

A *situation* is one refused task move or wrong quiz answer (``tilewise.lessons.session.Mistake``
as plain data): pack, lesson, step, the table it was made on (``setup``: the referee state and
the accepted moves of the task steps before it), the wrong action, the core's reason code and
the rule it is about. Each has an FSRS card (the ``fsrs`` package, default parameters, no
optimiser, no fuzzing so dates are reproducible): a new mistake is reviewed at once as *Again*,
so it comes back within minutes; a later answer is rated ``"again"`` (wrong), ``"hard"`` (right
after a hint or "Show me") or ``"good"`` (right first time). The same mistake on the same step
again (the same kind and reason code, whatever the tiles) is not a second situation: it is an
*Again* review of the first. A review plays the step's table again, not the learner's tiles, so
two situations of one step and reason were the same exercise twice in a row (tester 7, shots
168-169: "Check as a pung" on three wrong tiles, then on none).

Every write is one ``BEGIN IMMEDIATE`` transaction of the :class:`ProgressStore`, so a crash
loses at most the review in flight. The app saves through :meth:`ReviewQueue.keep_mistakes` and
:meth:`ReviewQueue.keep_review`: a write that fails is kept in memory and retried with the
learner's progress (issue 15), never dropped. Due dates are stored as UTC text ``YYYY-MM-DDTHH:MM:SSZ``
(sorted as text, indexed per learner), the setup as zlib-compressed JSON (a store of 10,000
situations stays a few MB). Times are ``datetime`` with a time zone; ``now=None`` is the clock.

A review may be played on a variant of the task (another table for the same rule, chosen by
``tilewise.lessons.review.pick_variant``): :meth:`ReviewQueue.review` keeps which variant, and
when, in ``variants_shown`` (:meth:`ReviewQueue.shown_variants`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from tilewise.store.progress import ProgressStore

if TYPE_CHECKING:  # fsrs is imported when a card is first scheduled: not needed to start
    from fsrs import Card, Scheduler

RATINGS: Mapping[str, int] = {"again": 1, "hard": 2, "good": 3, "easy": 4}
"""Rating names the app uses -> FSRS ratings (``fsrs.Rating`` values; "easy" is never given
by the app)."""
AGAIN = RATINGS["again"]  # fsrs.Rating.Again: a lapse; a review answer that was not right
KINDS = ("task", "quiz")
_DUE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def due_text(when: datetime) -> str:
    """``when`` as the store's sortable UTC text (ValueError for a naive datetime)."""
    if when.tzinfo is None:
        raise ValueError("a review time needs a time zone")
    return when.astimezone(UTC).strftime(_DUE_FORMAT)


def _utc(now: datetime | None) -> datetime:
    """``now`` (default the clock) in UTC, as FSRS wants it (ValueError for a naive one)."""
    if now is None:
        return datetime.now(UTC)
    if now.tzinfo is None:
        raise ValueError("a review time needs a time zone")
    return now.astimezone(UTC)


def _parse_due(text: str) -> datetime:
    return datetime.strptime(text, _DUE_FORMAT).replace(tzinfo=UTC)


def end_of_day(now: datetime) -> datetime:
    """The end of ``now``'s day in ``now``'s own time zone (what "due today" counts up to)."""
    return datetime.combine(now.date(), time.max, now.tzinfo)


@dataclass(frozen=True)
class Situation:
    """One saved mistake with its schedule.

    ``action``: the wrong referee action, or ``{"option": id}`` for a quiz; ``setup``: the
    stored table (:func:`pack_setup`), read through :attr:`state` (the referee state it was
    judged on, None for a quiz) and :attr:`before`; ``created``/``due``: UTC text (see the module docstring);
    ``reviews``: answers given in review (the mistake itself not counted); ``lapses``: of them
    wrong.
    """

    id: int
    profile_id: int
    pack_id: str
    lesson_id: str
    step_id: str
    step_index: int
    kind: str
    action: dict[str, Any]
    reason: str | None
    rule: str
    setup: bytes = field(repr=False)
    created: str
    due: str
    reviews: int
    lapses: int

    @property
    def state(self) -> dict[str, Any] | None:
        """The referee state the mistake was judged on (decoded from ``setup`` on each use;
        ValueError when damaged)."""
        return unpack_setup(self.setup)[0]

    @property
    def before(self) -> dict[str, Any]:
        """Step id -> the accepted moves of the earlier task steps (from ``setup``)."""
        return unpack_setup(self.setup)[1]

    def mistake(self) -> dict[str, Any]:
        """The mistake as ``tilewise.lessons.session.Mistake.to_dict`` gives it (what
        ``tilewise.lessons.review`` replays)."""
        state, before = unpack_setup(self.setup)
        return {"step_id": self.step_id, "step_index": self.step_index, "kind": self.kind,
                "action": self.action, "reason": self.reason, "rule": self.rule,
                "state": state, "before": before}


@dataclass(frozen=True, slots=True)
class DueItem:
    """One line of the due list (what ``tilewise review --list`` and the Review page show;
    :meth:`ReviewQueue.situation` loads the whole situation to play it)."""

    id: int
    pack_id: str
    lesson_id: str
    step_id: str
    step_index: int
    rule: str
    due: str


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, allow_nan=False)


def pack_setup(state: Mapping[str, Any] | None, before: Mapping[str, Any]) -> bytes:
    """The stored form of a situation's table (zlib JSON ``{"state", "before"}``)."""
    return zlib.compress(_json({"state": state, "before": dict(before)}).encode("utf-8"), 6)


def unpack_setup(blob: bytes) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """``(state, before)`` from :func:`pack_setup`'s bytes (ValueError when damaged)."""
    try:
        data = json.loads(zlib.decompress(blob).decode("utf-8"))
        state, before = data["state"], data["before"]
    except (zlib.error, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"damaged situation setup: {error}") from error
    if not (state is None or isinstance(state, dict)) or not isinstance(before, dict):
        raise ValueError("damaged situation setup: not a table")
    return state, before


_COLUMNS = ("id, profile_id, pack_id, lesson_id, step_id, step_index, kind, action, reason, "
            "rule, setup, created, due, reviews, lapses")


def _check_variant(variant: int | None) -> None:
    """ValueError unless ``variant`` is None or a whole number >= 0."""
    if variant is not None and (not isinstance(variant, int) or variant < 0):
        raise ValueError(f"a variant is a whole number >= 0, got {variant!r}")


def _situation(row: Any) -> Situation:
    return Situation(row["id"], row["profile_id"], row["pack_id"], row["lesson_id"],
                     row["step_id"], row["step_index"], row["kind"], json.loads(row["action"]),
                     row["reason"], row["rule"], bytes(row["setup"]), row["created"], row["due"],
                     row["reviews"], row["lapses"])


def _checked(mistake: Mapping[str, Any]) -> tuple[str, int, str, str, str | None, str, bytes]:
    """The columns of a mistake dict; ValueError/TypeError for one that is not well formed."""
    step_id, index, kind = mistake["step_id"], mistake["step_index"], mistake["kind"]
    action, reason, rule = mistake["action"], mistake.get("reason"), mistake["rule"]
    if not isinstance(step_id, str) or not step_id or not isinstance(rule, str) or not rule:
        raise ValueError("a mistake needs a step id and a rule")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ValueError(f"a step index is a whole number >= 0, got {index!r}")
    if kind not in KINDS:
        raise ValueError(f"a mistake is a task or quiz mistake, not {kind!r}")
    if not isinstance(action, Mapping) or (reason is not None and not isinstance(reason, str)):
        raise ValueError("a mistake needs an action table and a text reason code")
    state = mistake.get("state")
    if state is not None and not isinstance(state, Mapping):
        raise ValueError("a mistake's state is a table")
    setup = pack_setup(None if state is None else dict(state), dict(mistake.get("before") or {}))
    return step_id, index, kind, _json(dict(action)), reason, rule, setup


class ReviewQueue:
    """The situations of every learner in one :class:`ProgressStore` (see the module doc).

    ``ReviewQueue(store)``; ``scheduler``: an ``fsrs.Scheduler`` (default parameters, no
    fuzzing). Methods raise ``KeyError`` for an unknown profile or situation id.
    """

    def __init__(self, store: ProgressStore, scheduler: Scheduler | None = None) -> None:
        self.store = store
        self._scheduler = scheduler

    @property
    def scheduler(self) -> Scheduler:
        """The FSRS scheduler (made, and ``fsrs`` imported, on first use)."""
        if self._scheduler is None:
            from fsrs import Scheduler

            self._scheduler = Scheduler(enable_fuzzing=False)
        return self._scheduler

    # -- writing ---------------------------------------------------------------------------

    def add_mistakes(self, profile_id: int, pack_id: str, lesson_id: str,
                     mistakes: Iterable[Mapping[str, Any]], *,
                     now: datetime | None = None) -> list[int]:
        """Keep ``mistakes`` (``Mistake.to_dict()`` dicts) in one transaction; return their
        situation ids (an existing id when the same mistake on the same step, its kind and
        reason code, is kept already: it is reviewed as Again instead). Nothing is written when one is not well
        formed (ValueError, TypeError) or the profile is unknown (KeyError)."""
        from fsrs import Card, Rating

        when = _utc(now)
        rows = [_checked(m) for m in mistakes]
        ids: list[int] = []
        with self.store._transaction() as conn:
            if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
                raise KeyError(profile_id)
            for step_id, index, kind, action, reason, rule, setup in rows:
                found = conn.execute(
                    """SELECT id, card FROM situations WHERE profile_id = ? AND pack_id = ?
                       AND lesson_id = ? AND step_id = ? AND kind = ? AND reason IS ?
                       ORDER BY id LIMIT 1""",
                    (profile_id, pack_id, lesson_id, step_id, kind, reason)).fetchone()
                if found is not None:
                    self._rate(conn, found["id"], Card.from_dict(json.loads(found["card"])),
                               AGAIN, when, counted=False)
                    ids.append(found["id"])
                    continue
                card, _log = self.scheduler.review_card(Card(due=when), Rating.Again, when)
                cursor = conn.execute(
                    f"""INSERT INTO situations ({_COLUMNS.split(', ', 1)[1]}, card)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?)""",
                    (profile_id, pack_id, lesson_id, step_id, index, kind, action, reason, rule,
                     setup, due_text(when), due_text(card.due), _json(card.to_dict())))
                assert cursor.lastrowid is not None
                conn.execute("INSERT INTO reviews (situation_id, rating, reviewed, in_review)"
                             " VALUES (?, ?, ?, 0)",
                             (cursor.lastrowid, AGAIN, due_text(when)))
                ids.append(cursor.lastrowid)
        return ids

    def keep_mistakes(self, profile_id: int, pack_id: str, lesson_id: str,
                      mistakes: Iterable[Mapping[str, Any]], *,
                      now: datetime | None = None) -> None:
        """:meth:`add_mistakes` through the store's kept writes (issue 15): a write that fails
        (disk full, file locked) is kept in memory and retried with the progress
        (``ProgressStore.retry_pending``), never dropped; ``SaveFailed`` then says it is kept.
        The mistakes keep the time they were made (``now``). ValueError or TypeError for a
        mistake that is not well formed and KeyError for an unknown profile, before anything
        is kept. Kept mistakes are not yet in :meth:`due` or :meth:`situations`."""
        when = _utc(now)
        rows = [dict(m) for m in mistakes]
        for row in rows:
            _checked(row)
        if rows:
            self.store.save_kept("mistakes", profile_id, self._write_mistakes,
                                 (profile_id, pack_id, lesson_id, rows, when))

    def _write_mistakes(self, profile_id: int, pack_id: str, lesson_id: str,
                        rows: list[dict[str, Any]], when: datetime) -> None:
        self.add_mistakes(profile_id, pack_id, lesson_id, rows, now=when)

    def keep_review(self, situation_id: int, rating: str, *, now: datetime | None = None,
                    variant: int | None = None) -> None:
        """:meth:`review` through the store's kept writes, as :meth:`keep_mistakes` (the
        answer keeps its time; ``SaveFailed`` when it is kept for a retry). KeyError for an
        unknown rating or situation and ValueError for a negative ``variant``, before anything
        is kept; a kept review of a situation
        deleted before the retry is dropped."""
        if rating not in RATINGS:  # now, not at the retry
            raise KeyError(rating)
        _check_variant(variant)
        when = _utc(now)
        found = self.situation(situation_id)
        if found is None:
            raise KeyError(situation_id)
        self.store.save_kept("review", found.profile_id, self._write_review,
                             (situation_id, rating, when, variant))

    def _write_review(self, situation_id: int, rating: str, when: datetime,
                      variant: int | None) -> None:
        self.review(situation_id, rating, now=when, variant=variant)

    def review(self, situation_id: int, rating: str, *, now: datetime | None = None,
               variant: int | None = None) -> Situation:
        """Record an answer given in review (``rating`` in :data:`RATINGS`, KeyError
        otherwise) in one transaction; return the situation with its new due date.
        ``variant``: which table the review was played on (0 = the mistake's own, n = the
        task's variant n, ``tilewise.lessons.review.pick_variant``), kept with the time as
        shown (:meth:`shown_variants`); ValueError for a negative one, nothing written."""
        from fsrs import Card

        grade = RATINGS[rating]
        when = _utc(now)
        _check_variant(variant)
        with self.store._transaction() as conn:
            row = conn.execute("SELECT card FROM situations WHERE id = ?",
                               (situation_id,)).fetchone()
            if row is None:
                raise KeyError(situation_id)
            self._rate(conn, situation_id, Card.from_dict(json.loads(row["card"])), grade, when,
                       counted=True)
            if variant is not None:
                conn.execute("INSERT INTO variants_shown (situation_id, variant, shown) "
                             "VALUES (?, ?, ?) ON CONFLICT (situation_id, variant) "
                             "DO UPDATE SET shown = excluded.shown",
                             (situation_id, variant, due_text(when)))
        found = self.situation(situation_id)
        assert found is not None
        return found

    def _rate(self, conn: Any, situation_id: int, card: Card, grade: int, when: datetime, *,
              counted: bool) -> None:
        from fsrs import Rating

        card, _log = self.scheduler.review_card(card, Rating(grade), when)
        lapse = int(grade == AGAIN)
        conn.execute(
            """UPDATE situations SET card = ?, due = ?, reviews = reviews + ?,
                      lapses = lapses + ? WHERE id = ?""",
            (_json(card.to_dict()), due_text(card.due), int(counted), lapse * int(counted),
             situation_id))
        conn.execute("INSERT INTO reviews (situation_id, rating, reviewed, in_review) "
                     "VALUES (?, ?, ?, ?)",
                     (situation_id, grade, due_text(when), int(counted)))

    def forget(self, situation_id: int) -> None:
        """Delete one situation and its reviews (KeyError for an unknown id)."""
        with self.store._transaction() as conn:
            if conn.execute("DELETE FROM situations WHERE id = ?",
                            (situation_id,)).rowcount == 0:
                raise KeyError(situation_id)

    # -- reading ---------------------------------------------------------------------------

    def situation(self, situation_id: int) -> Situation | None:
        """One situation, or None."""
        row = self.store._conn.execute(f"SELECT {_COLUMNS} FROM situations WHERE id = ?",
                                       (situation_id,)).fetchone()
        return None if row is None else _situation(row)

    def due(self, profile_id: int, *, until: datetime | None = None,
            limit: int | None = None) -> list[Situation]:
        """The profile's situations due at ``until`` (default now), soonest first, at most
        ``limit``."""
        when = due_text(until or datetime.now(UTC))
        rows = self.store._conn.execute(
            f"""SELECT {_COLUMNS} FROM situations WHERE profile_id = ? AND due <= ?
                ORDER BY due, id LIMIT ?""",
            (profile_id, when, -1 if limit is None else limit)).fetchall()
        return [_situation(r) for r in rows]

    def due_list(self, profile_id: int, *, until: datetime | None = None,
                 limit: int | None = None) -> list[DueItem]:
        """The due list: :meth:`due` without the tables and actions (fast: one indexed
        query; 10,000 situations in a few ms, ``tests/benchmarks/bench_review.py``)."""
        cursor = self.store._conn.cursor()
        cursor.row_factory = None  # plain tuples: no sqlite3.Row per line
        rows = cursor.execute(
            """SELECT id, pack_id, lesson_id, step_id, step_index, rule, due FROM situations
               WHERE profile_id = ? AND due <= ? ORDER BY due, id LIMIT ?""",
            (profile_id, due_text(until or datetime.now(UTC)),
             -1 if limit is None else limit)).fetchall()
        return [DueItem(*row) for row in rows]

    def due_today(self, profile_id: int, *, now: datetime | None = None) -> int:
        """How many situations are due by the end of today (``now``'s own day)."""
        when = now or datetime.now().astimezone()
        row = self.store._conn.execute(
            "SELECT COUNT(*) FROM situations WHERE profile_id = ? AND due <= ?",
            (profile_id, due_text(end_of_day(when)))).fetchone()
        return int(row[0])

    def situations(self, profile_id: int) -> list[Situation]:
        """Every situation of a profile, oldest first."""
        rows = self.store._conn.execute(
            f"SELECT {_COLUMNS} FROM situations WHERE profile_id = ? ORDER BY id",
            (profile_id,)).fetchall()
        return [_situation(r) for r in rows]

    def outcomes(self, profile_id: int) -> list[tuple[str, bool]]:
        """``(rule, right)`` for each judged answer about a rule: every mistake (wrong) and
        every review answer (right unless Again), oldest first (``lessons.mastery``)."""
        rows = self.store._conn.execute(
            """SELECT s.rule, r.rating FROM reviews r JOIN situations s ON s.id = r.situation_id
               WHERE s.profile_id = ? ORDER BY r.id""", (profile_id,)).fetchall()
        return [(r["rule"], int(r["rating"]) != AGAIN) for r in rows]

    def shown_variants(self, situation_id: int) -> dict[int, str]:
        """Variant number -> when it was last played in review (UTC text), for
        ``tilewise.lessons.review.pick_variant``; {} when none was (or no such situation)."""
        rows = self.store._conn.execute(
            "SELECT variant, shown FROM variants_shown WHERE situation_id = ?",
            (situation_id,)).fetchall()
        return {int(r["variant"]): str(r["shown"]) for r in rows}

    def next_due(self, situation_id: int) -> timedelta | None:
        """How long from the situation's last answer to its due date (None if unknown)."""
        row = self.store._conn.execute(
            "SELECT due, (SELECT MAX(reviewed) FROM reviews WHERE situation_id = ?) AS last "
            "FROM situations WHERE id = ?", (situation_id, situation_id)).fetchone()
        if row is None or row["last"] is None:
            return None
        return _parse_due(row["due"]) - _parse_due(row["last"])


__all__ = ["KINDS", "RATINGS", "DueItem", "ReviewQueue", "Situation", "due_text", "end_of_day",
           "pack_setup", "unpack_setup"]
