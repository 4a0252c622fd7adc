"""Play a saved mistake again: the same step on the same table, judged by the same core.

A mistake (``tilewise.lessons.session.Mistake.to_dict()``, as ``tilewise.store.review`` keeps
it) names its step by id and carries the table it was made on: the referee state, and the
accepted moves of the task steps before it (which is what a continuing task's table is built
from, ``tilewise.lessons.steptable``). :func:`replay_session` opens a fresh
``LessonSession`` on that step with those moves, and checks that the step's table is the saved
one; the learner (or a test) then answers on it as in the lesson, and the same move gets the
same verdict (the core is a pure function of scenario and action, PROTOCOL.md).

:func:`review_rating` turns the step's record into the FSRS rating of the review (issue 19):
the first answer decides: wrong -> ``"again"``; right after a hint or "Show me" -> ``"hard"``;
right first time -> ``"good"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tilewise.lessons import moves
from tilewise.lessons.model import Lesson
from tilewise.lessons.session import LessonSession, StepRecord


class ReviewError(ValueError):
    """A saved mistake that no longer fits its lesson (the step is gone, is no longer a task or
    quiz of that kind, or its table is not the one the mistake was made on: the pack changed)."""


def step_position(lesson: Lesson, mistake: Mapping[str, Any]) -> int:
    """The position of the mistake's step in ``lesson`` (by id; ReviewError when gone or of
    another kind)."""
    step_id, kind = mistake.get("step_id"), mistake.get("kind")
    index = next((i for i, s in enumerate(lesson.steps) if s.id == step_id), None)
    if index is None:
        raise ReviewError(f"lesson {lesson.id!r} has no step {step_id!r} any more")
    step = lesson.steps[index]
    if step.kind != kind or (step.task is None and step.quiz is None):
        raise ReviewError(f"step {step_id!r} is a {step.kind} now, not a {kind}")
    return index


def table_state(session: LessonSession, judge: moves.Judge | None = None) -> dict[str, Any]:
    """The referee state the session's current task step is judged on (its own state, or the
    table it inherits when it continues the hand)."""
    task = session.step.task
    assert task is not None
    if not task.continues:
        return dict(task.state)
    from tilewise.lessons.steptable import inherited_state  # steptable imports the session

    return inherited_state(session, judge)


def replay_saved(lesson: Lesson, mistake: Mapping[str, Any]) -> dict[str, Any]:
    """The saved-session dict (``LessonSession(lesson, saved=...)``, what the GUI player opens)
    that stands on the mistake's step with the earlier task steps as they were accepted.
    Raises :class:`ReviewError` like :func:`step_position`, or when ``before`` is no table."""
    index = step_position(lesson, mistake)
    before = mistake.get("before") or {}
    if not isinstance(before, Mapping):
        raise ReviewError("a saved mistake's earlier moves are not a table")
    steps = {step_id: {"moves": list(done), "done": True} for step_id, done in before.items()
             if isinstance(done, list)}
    return {"lesson": lesson.id, "index": index, "steps": steps}


def replay_session(lesson: Lesson, mistake: Mapping[str, Any],
                   judge: moves.Judge | None = None) -> LessonSession:
    """A fresh session on the mistake's step, the earlier task steps as they were accepted.
    Raises :class:`ReviewError` when the step is gone or its table differs from the saved
    ``state`` (a task)."""
    session = LessonSession(lesson, judge=judge, saved=replay_saved(lesson, mistake))
    if session.step.task is not None and table_state(session, judge) != mistake.get("state"):
        raise ReviewError(f"the table of step {session.step.id!r} changed since the mistake")
    return session


def review_rating(record: StepRecord) -> str | None:
    """The FSRS rating of a review from the step's record, once its first answer is in:
    ``"again"``, ``"hard"`` or ``"good"`` (see the module docstring); None before."""
    if record.attempts == 0:
        return None
    if not record.first_try and not (record.done and record.attempts == 1):
        return "again"
    return "hard" if record.hints_used or record.revealed else "good"


__all__ = ["ReviewError", "replay_saved", "replay_session", "review_rating", "step_position", "table_state"]
