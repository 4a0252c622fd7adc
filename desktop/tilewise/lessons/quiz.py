"""How a quiz is shown and where a rule is taught: pure helpers for the lesson player.

- :func:`option_order`: a quiz's options in an order of the learner's own, so the position of
  the right answer tells nothing, yet stable when the learner retries or reopens the step.
- :func:`teaching_step`: the step of a pack that teaches the rule behind a reason code, for the
  "See: The Charleston, step 6" line under a refusal.
"""

from __future__ import annotations

from tilewise.digest import sha256
from tilewise.lessons.model import Lesson, Option, Pack, Quiz


def option_order(quiz: Quiz, seed: str) -> tuple[Option, ...]:
    """The options of ``quiz`` in the order to show them.

    ``seed`` names the learner and the step (e.g. ``"Ana/core/jokers/who-may-swap"``): the
    same seed always gives the same order, another seed usually another one. A quiz with
    ``order = "fixed"`` keeps the author's order. The order is a sort on SHA-256 of the seed
    and each option id, so it is the same on every computer and Python version
    (``tilewise.digest``: the same digest as ``hashlib``, without mapping OpenSSL).
    """
    if quiz.order == "fixed":
        return quiz.options
    return tuple(sorted(quiz.options, key=lambda option: sha256(
        f"{seed}\x1f{option.id}".encode()).digest()))


def teaching_step(pack: Pack, reason: str, ruleset: str = "") -> tuple[Lesson, int] | None:
    """Where ``pack`` teaches the rule a reason code is about: ``(lesson, step index)``.

    The first task (in lesson order) that lists a wrong move refused with ``reason`` is where
    the rule is practised; the step that teaches it is the explanation just before that task
    in the same lesson, or with one quiz between them (an explanation, a question on it, the
    task). Else the task itself: before it another task, a recap, the lesson's start or a run
    of quizzes, after which the explanation further back is about something else (the core's
    joker kong, "Know your tiles" step 11, comes after five quizzes on counting and naming
    tiles, and a flower refused there pointed at step 5, "The WSM set"). ``None`` when no task
    of the pack lists that reason.

    ``ruleset`` (``american``/``wsm``, the learner's table): a task at a table of that ruleset
    is looked for first, then any. A pong refused in the WSM claims lesson pointed at the
    American one ("see: Claiming discards (American), step 7", tester 7b, shot 124): the two
    rulesets' claims differ (REFERENCE.md sections 6 and 7).
    """
    tasks = [(lesson, index, step.task) for lesson in pack.lessons
             for index, step in enumerate(lesson.steps) if step.task is not None
             and any(wrong.reason == reason for wrong in step.task.wrong)]
    tasks.sort(key=lambda found: found[2].ruleset != ruleset)  # stable: lesson order kept
    for lesson, index, _task in tasks:
        for before in range(index - 1, max(index - 3, -1), -1):
            kind = lesson.steps[before].kind
            if kind == "explain":
                return lesson, before
            if kind != "quiz":  # another task or a recap: the rule was taught here
                break
        return lesson, index
    return None
