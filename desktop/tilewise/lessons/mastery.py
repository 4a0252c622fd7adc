"""Mastery per rule: the core's reason codes grouped into the rules a learner is taught.

A rule is a stable id (``joker_never_passed``, ``blind_last_pass``, ``chi_upper_seat``...);
:data:`RULES` lists, in teaching order, the reason codes (``tilewise.rules.verdict.Reason``,
REFERENCE.md section 11) each rule stands for, so every code belongs to exactly one rule.
A move the core allows but the step does not ask for (a legal pass of the wrong tiles), or a
quiz whose option names no reason, is about the rules of its step (:func:`step_rule`): the rule
the step names (``rule = "ready_hand"`` in a pack), else the rules of the reasons it names, else
:data:`CHOICE` (choosing well, not a rule broken). A quiz must teach a rule (the pack check
refuses one that names none): its answers counted under "choosing the best move" told a
learner nothing about the rule they got wrong (newcomer report).

Some rules stand for no reason code: the core never refuses a move for them, but the lessons
teach them (who gets a discard several players want, what a ready hand waits for, ...); only
steps that name them count under them.

:func:`rule_mastery` turns judged outcomes ``(rule, right)`` into a score per rule, 0..1: the
share of right answers (first moves of lesson steps and reviews count alike). The outcomes of
a learner are the mistakes and review answers the review queue keeps, plus every step answered
right first time in a lesson (:func:`first_try_outcomes`), so a rule rises when it is used
right, not only when a mistake about it is made good. The GUI names
each rule in the learner's language (``tilewise.gui.review.rulenames``); this module holds
codes only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tilewise.lessons.model import Lesson, Pack, Step
from tilewise.rules.verdict import Reason

CHOICE = "choice"
"""The rule id of a mistake that breaks no rule: a legal move that is not the one asked for."""

RULES: Mapping[str, tuple[str, ...]] = {
    # REFERENCE.md section 1 (tile sets) and 3 (hand size)
    "know_tiles": ("UNKNOWN_TILE", "TILE_NOT_IN_SET", "TILE_SUPPLY_EXCEEDED", "TILE_NOT_IN_HAND"),
    # sections 2 and 3 (the wall, the deal, 13 or 14 tiles): taught, never a refusal
    "table_setup": (),
    "turn_order": ("WRONG_PHASE", "NOT_YOUR_TURN"),
    # section 4 (the Charleston)
    "pass_three": ("PASS_NEEDS_THREE",),
    "joker_never_passed": ("JOKER_NOT_PASSABLE",),
    "blind_last_pass": ("BLIND_NOT_ALLOWED",),
    "charleston_order": ("FIRST_CHARLESTON_MANDATORY", "SECOND_CHARLESTON_UNDERWAY"),
    "courtesy_across": ("COURTESY_ACROSS_ONLY", "COURTESY_COUNT_OUT_OF_RANGE"),
    # section 5 (jokers)
    "joker_identical_groups": ("JOKER_ONLY_IN_IDENTICAL_GROUPS", "GROUP_TILES_DIFFER"),
    "discarded_joker_dead": ("DISCARDED_JOKER_DEAD",),
    "joker_exchange": ("JOKER_EXCHANGE_NOT_YOUR_TURN", "JOKER_EXCHANGE_TILE_MISMATCH",
                       "NO_JOKER_IN_MELD", "DISCARD_CANNOT_REDEEM_JOKER", "NO_REVERSE_EXCHANGE"),
    # section 6 (American calls)
    "call_for_exposure": ("CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG", "EXPOSURE_CANNOT_GROW"),
    # section 7 (WSM claims)
    "claim_latest_discard": ("NOT_LATEST_DISCARD", "CLAIM_WINDOW_CLOSED",
                             "CANNOT_CLAIM_OWN_DISCARD"),
    "chi_upper_seat": ("CHI_ONLY_FROM_UPPER_SEAT",),
    "meld_tiles": ("CHI_NOT_A_SEQUENCE", "PONG_NEEDS_PAIR", "KONG_NEEDS_TRIPLET",
                   "PAIR_CLAIM_ONLY_FOR_WIN"),
    # sections 6 and 7 (precedence of calls and claims; how an exposure is laid out)
    "claim_precedence": (),
    "meld_layout": (),
    # section 8 (kongs)
    "kong_timing": ("CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG", "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM",
                    "KONG_ONLY_ON_OWN_TURN", "ADDED_TILE_PLACEMENT",
                    "CONCEALED_KONG_CANNOT_BE_ROBBED"),
    # sections 3 and 8 (a kong counts as three; the WSM supplement tile, none at an American table)
    "kong_supplement": (),
    # sections 5 and 9 (the tiles a ready hand waits for), 9-10 (winning, irregularities)
    "ready_hand": (),
    "winning_hand": ("NOT_A_WINNING_HAND",),
    "dead_hand": ("DEAD_HAND", "LONG_HAND", "SHORT_HAND"),
}
"""Rule id -> the reason codes it stands for, in teaching order (see the module docstring)."""

RULE_IDS: tuple[str, ...] = (*RULES, CHOICE)
"""Every rule id, in teaching order, :data:`CHOICE` last."""

TAUGHT_RULES: tuple[str, ...] = tuple(RULES)
"""The rule ids a step may name (``Step.rule``): every rule but :data:`CHOICE`."""

_RULE_OF: dict[str, str] = {code: rule for rule, codes in RULES.items() for code in codes}
assert set(_RULE_OF) == {r.value for r in Reason}, "every reason code belongs to one rule"


def rule_of(reason: str | None) -> str | None:
    """The rule a reason code is about (None for None or a code the core does not have)."""
    return None if reason is None else _RULE_OF.get(reason)


def step_rules(step: Step) -> list[str]:
    """The rules a step is about: the rule it names (``Step.rule``), then those of the
    reasons its feedback, listed wrong moves and quiz option results name, in the order the
    pack writes them, each once."""
    named = [step.rule] if step.rule is not None and step.rule in RULES else []
    reasons = list(step.feedback)
    if step.task is not None:
        reasons += [w.reason for w in step.task.wrong if w.reason is not None]
    if step.quiz is not None:
        reasons += [str(o.result.get("reason")) for o in step.quiz.options
                    if o.result is not None and o.result.get("reason")]
    derived = [rule for rule in map(rule_of, reasons) if rule is not None]
    return list(dict.fromkeys(named + derived))


def step_rule(step: Step) -> str:
    """The rule a step teaches: the first of :func:`step_rules`, else :data:`CHOICE`."""
    return next(iter(step_rules(step)), CHOICE)


def mistake_rule(step: Step, reason: str | None) -> str:
    """The rule a mistake on ``step`` with the core's ``reason`` is about (see the module
    docstring)."""
    return rule_of(reason) or step_rule(step)


@dataclass(frozen=True)
class RuleScore:
    """One rule's mastery: ``right`` and ``wrong`` outcomes, ``score`` = right / both (0..1)."""

    rule: str
    right: int
    wrong: int

    @property
    def score(self) -> float:
        """right / (right + wrong); 0 when nothing was judged."""
        total = self.right + self.wrong
        return self.right / total if total else 0.0


def first_try_outcomes(lesson: Lesson, saved: Mapping[str, Any] | None) -> list[tuple[str, bool]]:
    """``(rule, True)`` for each task or quiz step of ``lesson`` whose first answer in the
    saved session (``LessonSession.to_dict()``: ``steps`` -> ``{"first_try": ...}``) was
    right, in step order: what a learner who never errs has to show for it. A wrong first
    answer is not listed: it was kept as a mistake, and the review queue's outcomes count it
    (``tilewise.store.review.ReviewQueue.outcomes``); so the two lists add up without a
    double count. Steps the lesson no longer has, and damaged records, are skipped."""
    records = (saved or {}).get("steps")
    if not isinstance(records, Mapping):
        return []
    found = []
    for step in lesson.steps:
        record = records.get(step.id)
        if step.acting and isinstance(record, Mapping) and record.get("first_try") is True:
            found.append((step_rule(step), True))
    return found


def rule_mastery(outcomes: Iterable[tuple[str, bool]]) -> list[RuleScore]:
    """Mastery per rule from ``(rule id, right)`` outcomes, in :data:`RULE_IDS` order, only
    the rules with an outcome (an unknown rule id raises ``KeyError``)."""
    right = dict.fromkeys(RULE_IDS, 0)
    wrong = dict.fromkeys(RULE_IDS, 0)
    for rule, ok in outcomes:
        (right if ok else wrong)[rule] += 1
    return [RuleScore(r, right[r], wrong[r]) for r in RULE_IDS if right[r] + wrong[r]]


GOOD_ENOUGH = 0.8
"""A rule scored at least this (right answers / all) needs no suggestion to practise it."""


@dataclass(frozen=True)
class Practice:
    """What the library suggests practising next (:func:`suggest_practice`): ``due``
    situations to review today; or, when none is due, the weakest rule (``rule``, its
    ``score``) with the first step that teaches it (``pack_id``, ``lesson_id``,
    ``step_index``, 0-based)."""

    due: int = 0
    rule: str | None = None
    score: float = 0.0
    pack_id: str = ""
    lesson_id: str = ""
    step_index: int = 0


def suggest_practice(scores: Iterable[RuleScore], packs: Iterable[Pack], due: int, *,
                     good_enough: float = GOOD_ENOUGH) -> Practice | None:
    """What to practise next, from mastery per rule (issue 19: "the library suggests what to
    practise next"): the review when ``due`` > 0 (spaced practice comes when it is due);
    else the weakest rule scored below ``good_enough`` (ties in teaching order; never
    :data:`CHOICE`, which no step teaches) with the first task or quiz step, in pack order,
    that is about it (:func:`step_rules`); a rule no step teaches is passed over. None when
    nothing needs practice."""
    if due > 0:
        return Practice(due=due)
    order = {rule: i for i, rule in enumerate(RULE_IDS)}
    weak = sorted((s for s in scores if s.rule != CHOICE and s.score < good_enough),
                  key=lambda s: (s.score, order.get(s.rule, len(order))))
    steps = [(pack.id, lesson.id, i, step) for pack in packs for lesson in pack.lessons
             for i, step in enumerate(lesson.steps) if step.acting]
    for score in weak:
        found = next(((p, lid, i) for p, lid, i, step in steps if score.rule in step_rules(step)),
                     None)
        if found is not None:
            return Practice(0, score.rule, score.score, *found)
    return None


__all__ = ["CHOICE", "GOOD_ENOUGH", "RULES", "RULE_IDS", "TAUGHT_RULES", "Practice", "RuleScore",
           "first_try_outcomes", "mistake_rule", "rule_mastery", "rule_of", "step_rule",
           "step_rules", "suggest_practice"]
