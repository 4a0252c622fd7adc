"""A learner's mastery per rule, from everything the store keeps (issue 19).

:func:`learner_outcomes` puts together the two kinds of judged answer: the mistakes and review
answers of the review queue (``tilewise.store.review.ReviewQueue.outcomes``) and the steps
answered right first time in the learner's saved lessons
(``tilewise.lessons.mastery.first_try_outcomes``). :func:`learner_scores` turns them into the
chart's scores. Used by the Review page, the progress card and the library's suggestion.
"""

from __future__ import annotations

from collections.abc import Sequence

from tilewise.lessons.mastery import RULE_IDS, RuleScore, first_try_outcomes, rule_mastery
from tilewise.lessons.model import Pack
from tilewise.store.progress import ProgressStore
from tilewise.store.review import ReviewQueue


def learner_outcomes(store: ProgressStore, packs: Sequence[Pack],
                     profile_id: int) -> list[tuple[str, bool]]:
    """``(rule id, right)`` for every judged answer of the learner: the review queue's, then
    each saved lesson's right-first-time steps (lessons of ``packs`` only, in pack order).
    A rule id this Tilewise does not know (a situation from an imported file of another
    version) is left out, so the library and the chart still show the rest."""
    outcomes = [(rule, right) for rule, right in ReviewQueue(store).outcomes(profile_id)
                if rule in RULE_IDS]
    saved = store.lesson_summaries(profile_id)
    for pack in packs:
        for lesson in pack.lessons:
            if (pack.id, lesson.id) in saved:
                outcomes += first_try_outcomes(
                    lesson, store.load_lesson(profile_id, pack.id, lesson.id))
    return outcomes


def learner_scores(store: ProgressStore, packs: Sequence[Pack],
                   profile_id: int) -> list[RuleScore]:
    """Mastery per rule of :func:`learner_outcomes` (``tilewise.lessons.mastery.rule_mastery``:
    teaching order, only the rules with an outcome)."""
    return rule_mastery(learner_outcomes(store, packs, profile_id))


__all__ = ["learner_outcomes", "learner_scores"]
