"""What a learner sees when a lesson ends: the score, what went right first time, each step
that needed another try (to go back to), and what the lesson opened next. Pure: no Qt.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from tilewise.lessons.model import Pack
from tilewise.lessons.session import LessonSession


@dataclass(frozen=True)
class LessonEnd:
    """The end of one lesson for one learner.

    ``mastery`` 0..1 (``LessonSession.mastery``); ``acting`` the number of task and quiz steps;
    ``first_time`` how many of them were right at the first try without a reveal; ``retried``
    the 0-based indexes of the acting steps that were not (in lesson order); ``unlocked`` the
    ids of the pack's lessons that this lesson opened (all their prerequisites now done, not
    all of them before), in pack order.
    """

    mastery: float
    acting: int
    first_time: int
    retried: tuple[int, ...]
    unlocked: tuple[str, ...]


def lesson_end(pack: Pack, session: LessonSession, done_before: Set[str]) -> LessonEnd:
    """Sum up ``session`` (a lesson of ``pack``); ``done_before`` holds the ids of the pack's
    lessons the learner had completed before this one ended."""
    lesson = session.lesson
    acting = [(index, step) for index, step in enumerate(lesson.steps) if step.acting]
    retried = tuple(index for index, step in acting if not session.record(step).first_try)
    done_after = set(done_before) | {lesson.id}
    unlocked = tuple(
        other.id for other in pack.lessons
        if other.id not in done_after and other.prerequisites
        and set(other.prerequisites) <= done_after
        and not set(other.prerequisites) <= set(done_before)
    )
    return LessonEnd(session.mastery, len(acting), len(acting) - len(retried), retried, unlocked)
