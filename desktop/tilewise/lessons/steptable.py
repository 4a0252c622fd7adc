"""A lesson step's table: the pure table model (``tilewise.lessons.table``) played through a
``LessonSession``, and tasks that continue the hand.

:class:`LessonTable` is what the GUI's table view draws and drives: each handler decodes its
event and calls one operation (:meth:`LessonTable.move`, :meth:`~LessonTable.take_back`,
:meth:`~LessonTable.command`, :meth:`~LessonTable.undo`, :meth:`~LessonTable.reset`).

A task with ``continues = true`` starts from the final table of the task step before it
(:func:`start_table`): the tiles received on a pass are in the rack on the next one, marked as
arrivals. That final table is the learner's recorded accepted move applied to the task's own
starting table; along the pack's *main line* (each task's first listed answer, judged by the
core: :func:`main_line`) when the learner's move is not recorded, and in ``tilewise pack check``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tilewise.i18n import _
from tilewise.lessons import moves
from tilewise.lessons.model import Lesson, Step, Task
from tilewise.lessons.session import SEAT_ACTIONS, Feedback, LessonSession, SessionError
from tilewise.lessons.table import Motion, Table, TableError

SHORT_PASS = "PASS_NEEDS_THREE"
Accepted = Callable[[int, Table], tuple[dict[str, Any], dict[str, Any]] | None]
"""``accepted(step index, table)``: the accepted ``(action, answer)`` of a task step played on
``table``, or None."""


def previous_task(lesson: Lesson, index: int) -> int | None:
    """The position of the nearest task step before step ``index``, or None."""
    return next((i for i in range(index - 1, -1, -1) if lesson.steps[i].task is not None), None)


def start_table(lesson: Lesson, index: int,
                accepted: Accepted, kept: dict[int, Table] | None = None) -> Table:
    """The table task step ``index`` of ``lesson`` starts from: its own state, or, when its
    task ``continues``, the final table of the task before it. ``accepted(i, table)`` gives
    the accepted ``(action, answer)`` of task step ``i`` played on ``table`` (the learner's
    recorded move, or the pack's first answer judged by the core), or None. ``kept``: the
    final tables of this ``accepted`` (:func:`final_table`). Raises :class:`TableError` for a
    continuing task with no task before it."""
    step = lesson.steps[index]
    task = step.task
    assert task is not None
    if not task.continues:
        return Table(task, step.picture)
    before = previous_task(lesson, index)
    if before is None:
        raise TableError(_("a continuing task needs a task step before it"))
    return Table(task, step.picture, inherit=final_table(lesson, before, accepted, kept))


def final_table(lesson: Lesson, index: int,
                accepted: Accepted, kept: dict[int, Table] | None = None) -> Table:
    """Task step ``index``'s table after its accepted move (as it starts when there is none,
    or when the move no longer fits it: an earlier step was played again differently).

    With ``kept`` (the caller's, for one ``accepted``: step index -> final table), a final
    table found there is returned, and one worked out is put there, for every step of the
    chain: a chain of continuing tasks is then played once, not again from its first task
    for each task of it (the pack check asks each continuing task's table, and the table
    before it, on the main line: issue 21). A kept table is never to be changed; a table
    that continues from it copies its tiles (:class:`Table`)."""
    if kept is not None and index in kept:
        return kept[index]
    table = start_table(lesson, index, accepted, kept)
    move = accepted(index, table)
    if move is not None:
        _replay(table, move)
    if kept is not None:
        kept[index] = table
    return table


def _replay(table: Table, move: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """Apply a recorded move; one whose tiles the table does not have leaves it as it is."""
    before = table.snapshot()
    try:
        table.apply(*move)
    except TableError:
        restored = Table.restore(table.task, before)
        table.tiles, table.exposures, table.latest = (restored.tiles, restored.exposures,
                                                      restored.latest)


def main_line(lesson: Lesson, judge: moves.Judge | None = None,
              choice: Mapping[int, int] | None = None) -> Accepted:
    """``accepted`` for :func:`start_table` along the pack's main line: each task's first
    listed answer, judged by the core on the table it is played on (None if refused).
    ``choice`` maps a task step's index to the listed answer played there instead of the
    first (the validator plays each accepted answer of the task a continuing one follows)."""
    def accepted(index: int, table: Table) -> tuple[dict[str, Any], dict[str, Any]] | None:
        task = lesson.steps[index].task
        assert task is not None
        action = _with_seat(task, task.answers[(choice or {}).get(index, 0)].action)
        answer = (judge or moves.default_judge())(moves.scenario(task, action, table.state()))
        return (action, answer) if answer.get("legal") else None
    return accepted


def _with_seat(task: Task, action: Mapping[str, Any]) -> dict[str, Any]:
    move = dict(action)
    if move.get("type") in SEAT_ACTIONS:
        move.setdefault("seat", task.seat)
    return move


def recorded(session: LessonSession, judge: moves.Judge | None = None) -> Accepted:
    """``accepted`` for :func:`start_table` from the session's records: the learner's recorded
    accepted move of a task step; the main line for an earlier step with none (reset since,
    or progress saved before tables were), None for the session's current step."""
    line = main_line(session.lesson, judge)

    def accepted(index: int, table: Table) -> tuple[dict[str, Any], dict[str, Any]] | None:
        record = session.record(session.lesson.steps[index])
        if record.moves:
            move = record.moves[-1]
            return dict(move["action"]), dict(move["verdict"])
        return None if index == session.index else line(index, table)
    return accepted


def inherited_state(session: LessonSession, judge: moves.Judge | None = None
                    ) -> dict[str, Any]:
    """The referee state the session's current task is judged on when it continues the hand:
    the table it starts from (:func:`start_table` with :func:`recorded`)."""
    return start_table(session.lesson, session.index, recorded(session, judge)).state()


@dataclass(frozen=True)
class Outcome:
    """What one operation did: ``changed`` (the table changed), ``feedback`` (a judged move,
    or a tile refused at once with its reason), ``motions`` (tiles a verdict moved),
    ``carried`` (the table is a new one whose tile ids follow the one before,
    ``tilewise.lessons.table.follow``: the motions start where the tiles were drawn),
    ``missing`` (a button not judged yet: its group needs this many more tiles,
    ``Table.command_missing``; nothing is recorded)."""

    changed: bool = False
    feedback: Feedback | None = None
    motions: tuple[Motion, ...] = ()
    carried: bool = False
    missing: int = 0


#: Accepted moves that send tiles to another seat: undo never takes them back
#: (:attr:`LessonTable.committed`, REFERENCE section 4).
EXCHANGES = ("pass", "courtesy")


class LessonTable:
    """The table of a ``LessonSession``'s current task step (a pure model the view draws).

    Operations (each one call from a GUI handler): :meth:`move`, :meth:`take_back`,
    :meth:`command`, :meth:`undo`, :meth:`reset`. A move into a pass zone is put to the core
    at once (``LessonSession.preview``): a tile it refuses for another reason than a short count
    goes home with the reason, and is a try (``LessonSession.keep_refusal``). A full acting
    zone is committed: judged by ``LessonSession.attempt``; an accepted verdict moves the tiles
    (:meth:`Table.apply`), a refusal returns only what the learner moved. A step already done
    opens on its final table (its recorded move applied).
    """

    def __init__(self, session: LessonSession, judge: moves.Judge | None = None) -> None:
        self.session = session
        self.lesson = session.lesson
        self.index = session.index
        self.step: Step = session.step
        if self.step.task is None:
            raise SessionError(f"step {self.step.id!r} is a {self.step.kind}, not a task")
        self.task: Task = self.step.task
        accepted = recorded(session, judge)
        self.start = start_table(self.lesson, self.index, accepted)
        self.table = Table.restore(self.task, self.start.snapshot())
        move = accepted(self.index, self.table)
        if session.record().done and move is not None:
            _replay(self.table, move)
        # undo history: (snapshot before, "move" or "commit")
        self.history: list[tuple[dict[str, Any], str]] = []

    def _state(self) -> dict[str, Any] | None:
        return self.table.state() if self.task.continues else None

    @property
    def done(self) -> bool:
        """True when the step is done (drops are refused until undo or reset)."""
        return self.session.record().done

    def move(self, tile_id: int, zone_id: str, slot: int | None = None) -> Outcome:
        """Drop a tile into a zone (slot ``slot`` when free). A full acting zone is committed."""
        if self.done or not 0 <= tile_id < len(self.table.tiles):
            return Outcome()
        before = self.table.snapshot()
        if not self.table.place(tile_id, zone_id, slot):
            return Outcome()
        zone = self.table.zone(zone_id)
        assert zone is not None
        action = self.table.zone_action(zone_id)
        if zone.kind == "pass" and action is not None and self.table.pass_missing() > 0:
            feedback = self.session.preview(action, state=self._state())
            if not feedback.legal and feedback.reason != SHORT_PASS:
                self.session.keep_refusal(action, feedback.reason, state=self._state())  # issue 19
                self.table.return_moved()  # a refusal: what the learner staged goes back
                self.history = [h for h in self.history if h[1] == "commit"]
                return Outcome(self.table.snapshot() != before, feedback)
        self.history.append((before, "move"))
        if action is None or (zone.kind == "pass" and self.table.pass_missing() > 0):
            return Outcome(True)
        return self.commit(action)

    def take_back(self, tile_id: int) -> Outcome:
        """Return a staged tile to its home (dragged out of a zone, or dropped elsewhere)."""
        if not 0 <= tile_id < len(self.table.tiles):
            return Outcome()
        before = self.table.snapshot()
        if not self.table.take_back(tile_id):
            return Outcome()
        self.history.append((before, "move"))
        return Outcome(True)

    def command(self, command: str) -> Outcome:
        """A table button (claim, vote, group kind, offer, declare): commit its action. A group
        kind with too few tiles in the zone is not judged and not kept as a mistake: the
        outcome says how many are ``missing`` (tester 7: "Check as a pung" with the zone empty
        was saved for review as a rule mistake)."""
        action = self.table.command_action(command)
        if action is None or self.done:
            return Outcome()
        missing = self.table.command_missing(command)
        if missing:
            return Outcome(missing=missing)
        return self.commit(action)

    def commit(self, action: Mapping[str, Any]) -> Outcome:
        """Judge ``action`` through the session; apply an accepted verdict, else return what
        the learner moved. A move the session cannot take (not offered by the task) is refused
        the same way, without feedback."""
        before = self.table.snapshot()
        try:
            feedback = self.session.attempt(action, state=self._state())
        except ValueError:
            feedback = None
        if feedback is None or not feedback.accepted:
            returned = self.table.return_moved()
            self.history = [h for h in self.history if h[1] == "commit"]
            return Outcome(bool(returned), feedback)
        assert feedback.verdict is not None
        motions = self.table.apply(self.session.record().moves[-1]["action"], feedback.verdict)
        self.history = [h for h in self.history if h[1] == "commit"]
        self.history.append((before, "commit"))
        return Outcome(True, feedback, tuple(motions))

    @property
    def committed(self) -> bool:
        """True when the step's accepted move is an exchange of tiles (a Charleston pass or
        the courtesy offer, :data:`EXCHANGES`): the tiles have gone to another seat and
        others have come in, so :meth:`undo` does not take it back (REFERENCE section 4: a
        tile that has left the rack is committed; undoing it reversed the exchange, a
        newcomer report). :meth:`reset` still starts the step again."""
        moves = self.session.record().moves
        return bool(moves) and moves[-1]["action"].get("type") in EXCHANGES

    def undo(self) -> Outcome:
        """Take back the learner's last move: a staged tile, or the accepted move (the
        session's undo too; its tiles go back to the rack), but never an exchange made
        (:attr:`committed`: nothing changes). A step reopened done is undone to its starting
        table."""
        if self.history and self.history[-1][1] == "commit" and self.committed:
            return Outcome()
        if self.history:
            before, kind = self.history.pop()
            self.table = Table.restore(self.task, before)
            if kind == "commit":  # the accepted move: its tiles back in the rack too
                self.session.undo()
                self.table.return_moved()
            return Outcome(True)
        if self.committed or not self.session.undo():
            return Outcome()
        self.table = Table.restore(self.task, self.start.snapshot())
        return Outcome(True)

    def reset(self) -> Outcome:
        """Start the step again: the session's reset, the starting table."""
        self.session.reset_step()
        self.history = []
        self.table = Table.restore(self.task, self.start.snapshot())
        return Outcome(True)

    def answer(self) -> dict[str, Any]:
        """The move "Show me" points at: the first listed answer the session would accept on
        this table (a continuing task's table may lack the tiles of the first one), else the
        first listed answer."""
        for listed in self.task.answers:
            try:
                if self.session.preview(listed.action, state=self._state()).accepted:
                    return dict(listed.action)
            except ValueError:  # a step already done
                break
        return dict(self.task.answers[0].action)

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back (a staged tile, or an accepted
        move that is no exchange: :attr:`committed`)."""
        if self.history and self.history[-1][1] == "move":
            return True
        return bool(self.session.record().moves) and not self.committed




__all__ = ["EXCHANGES", "Accepted", "LessonTable", "Outcome", "final_table", "inherited_state", "main_line",
           "previous_task", "recorded", "start_table"]
