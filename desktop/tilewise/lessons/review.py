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

A task may give *variants* (the same rule on other tiles, ``lessons/README.md`` "Variants"):
:func:`pick_variant` chooses the table a review plays, one the learner has not seen yet when
there is one, and :func:`variant_lesson` / ``replay_session(..., variant=n)`` set it up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
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
                   judge: moves.Judge | None = None, *, variant: int = 0) -> LessonSession:
    """A fresh session on the mistake's step, the earlier task steps as they were accepted;
    with ``variant`` > 0 on that variant of the step's task (:func:`variant_lesson`).
    Raises :class:`ReviewError` when the step or variant is gone or, for the table the
    mistake was made on (``variant`` 0), its table differs from the saved ``state`` (a task)."""
    played = variant_lesson(lesson, mistake, variant)
    session = LessonSession(played, judge=judge, saved=replay_saved(played, mistake))
    if variant == 0 and session.step.task is not None and table_state(
            session, judge) != mistake.get("state"):
        raise ReviewError(f"the table of step {session.step.id!r} changed since the mistake")
    return session


def variant_count(lesson: Lesson, mistake: Mapping[str, Any]) -> int:
    """How many variants the mistake's step gives of its task (0 for a quiz, or a task with
    none); ReviewError like :func:`step_position`."""
    task = lesson.steps[step_position(lesson, mistake)].task
    return 0 if task is None else len(task.variants)


def variant_lesson(lesson: Lesson, mistake: Mapping[str, Any], number: int) -> Lesson:
    """``lesson`` with the mistake's step shown as variant ``number`` of its task
    (``Step.variant``: 0 = the step itself, returned as ``lesson``). Same ids, so the player
    and the translations find the step; ReviewError when there is no such variant."""
    index = step_position(lesson, mistake)
    if number == 0:
        return lesson
    try:
        shown = lesson.steps[index].variant(number)
    except IndexError as error:
        raise ReviewError(str(error)) from error
    steps = list(lesson.steps)
    steps[index] = shown
    return replace(lesson, steps=steps)


def pick_variant(count: int, shown: Mapping[int, str]) -> int:
    """Which table a review plays (issue 19: "review picks a variant the learner has not seen
    when there is one"): ``count`` variants of the task (numbered 1..count; 0 is the table the
    mistake was made on, seen when it was made), ``shown`` = variant -> when it was last shown
    (sortable text, ``tilewise.store.review.due_text``). The lowest-numbered variant not shown
    yet; when every one was, the one shown longest ago (the mistake's own table first when it
    was never shown in review; ties to the lower number)."""
    unseen = [n for n in range(1, count + 1) if n not in shown]
    if unseen:
        return unseen[0]
    return min(range(count + 1), key=lambda n: (shown.get(n, ""), n))


def review_rating(record: StepRecord) -> str | None:
    """The FSRS rating of a review from the step's record, once its first answer is in:
    ``"again"``, ``"hard"`` or ``"good"`` (see the module docstring); None before."""
    if record.attempts == 0:
        return None
    if not record.first_try and not (record.done and record.attempts == 1):
        return "again"
    return "hard" if record.hints_used or record.revealed else "good"


__all__ = ["ReviewError", "pick_variant", "replay_saved", "replay_session", "review_rating",
           "step_position", "table_state", "variant_count", "variant_lesson"]
