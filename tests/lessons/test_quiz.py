"""Quiz option order (a learner's own, stable on retry) and where a rule is taught."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from tests.lessons.conftest import WritePack
from tilewise.lessons.model import Option, Quiz
from tilewise.lessons.pack import load_pack
from tilewise.lessons.quiz import option_order, teaching_step

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = tuple(Option(oid, text=oid.upper(), feedback="why") for oid in ("a", "b", "c"))


def test_the_same_learner_and_step_always_get_the_same_order() -> None:
    quiz = Quiz(OPTIONS, "b")
    first = option_order(quiz, "Ana/core/jokers/no-pair")
    assert first == option_order(quiz, "Ana/core/jokers/no-pair")  # a retry, a reopened step
    assert sorted(o.id for o in first) == ["a", "b", "c"]  # nothing lost or doubled


def test_position_tells_nothing_across_learners() -> None:
    """Over many learners, the right answer stands in every position about equally often."""
    quiz = Quiz(OPTIONS, "b")
    where = Counter([o.id for o in option_order(quiz, f"learner{n}/core/l/s")].index("b")
                    for n in range(600))
    assert set(where) == {0, 1, 2}
    assert min(where.values()) > 150  # 200 each on average


def test_over_the_core_pack_the_right_answer_is_first_about_one_time_in_n() -> None:
    """Tester report: the right answer stood first in 3 of the 4 quizzes seen (the authors put
    it first in 118 of the core pack's 153 shuffled quizzes). For each of six learners, over
    every shuffled quiz of the core pack, it is first about sum(1/n) times (64.5 of 153;
    measured 55 to 68), never the authors' 118."""
    pack = load_pack(ROOT / "lessons" / "core")
    quizzes = [(lesson, step) for lesson in pack.lessons for step in lesson.steps
               if step.quiz is not None and step.quiz.order != "fixed"]
    authors = sum(step.quiz.options[0].id == step.quiz.answer  # type: ignore[union-attr]
                  for _lesson, step in quizzes)
    expected = sum(1 / len(step.quiz.options) for _lesson, step in quizzes)  # type: ignore[union-attr]
    assert authors > 1.5 * expected  # the pack alone would give the answer away
    for learner in ("1", "2", "3", "Ana", "Lena", "Priya"):
        first = sum(option_order(step.quiz, f"{learner}/core/{lesson.id}/{step.id}")[0].id  # type: ignore[arg-type]
                    == step.quiz.answer for lesson, step in quizzes)  # type: ignore[union-attr]
        assert 0.75 * expected < first < 1.25 * expected, (learner, first, expected)


def test_a_pinned_order_is_kept() -> None:
    quiz = Quiz(OPTIONS, "b", order="fixed")
    assert all(option_order(quiz, f"s{n}") == OPTIONS for n in range(20))


def test_the_core_pack_links_each_listed_refusal_to_where_it_is_taught() -> None:
    pack = load_pack(ROOT / "lessons" / "core")
    lesson, index = teaching_step(pack, "JOKER_NOT_PASSABLE") or (None, -1)
    assert lesson is not None and lesson.id == "charleston"
    assert lesson.steps[index].kind == "explain"  # the explanation before the first such task
    assert teaching_step(pack, "NO_SUCH_CODE") is None
    lesson, index = teaching_step(pack, "GROUP_TILES_DIFFER") or (None, -1)
    assert lesson is not None and lesson.steps[index].id == "find-jokers"  # not "wsm-set"
    listed = {w.reason for les in pack.lessons for st in les.steps if st.task
              for w in st.task.wrong if w.reason}
    for reason in listed:
        found = teaching_step(pack, reason)
        assert found is not None and found[0].steps[found[1]].kind in ("explain", "task")


def test_a_task_with_no_explanation_before_it_teaches_itself(write_pack: WritePack) -> None:
    pack = load_pack(write_pack())
    explain, task, quiz, recap = pack.lessons[0].steps
    reason = next(w.reason for w in task.task.wrong if w.reason)  # type: ignore[union-attr]
    found = teaching_step(pack, reason)
    assert found is not None and found[1] == 0  # the explanation, skipping nothing
    for steps, expected in (([quiz, task], 1), ([recap, quiz, task], 2), ([task], 0),
                            ([explain, quiz, task], 0), ([explain, quiz, quiz, task], 3),
                            ([explain, recap, task], 2)):
        lessons = [replace(pack.lessons[0], steps=steps)]
        found = teaching_step(replace(pack, lessons=lessons), reason)
        assert found is not None and found[1] == expected, steps


def test_the_see_link_prefers_a_lesson_of_the_learners_ruleset() -> None:
    """Tester 7b (shot 124): a pong refused in the WSM claims lesson said "see: Claiming
    discards (American), step 7"; each ruleset's refusal now points at its own lesson, and a
    reason only one ruleset's lessons list is still found from the other."""
    pack = load_pack(ROOT / "lessons" / "core")
    wsm, american = (teaching_step(pack, "PONG_NEEDS_PAIR", r) for r in ("wsm", "american"))
    assert wsm is not None and wsm[0].id == "claims"
    assert american is not None and american[0].id == "calls"
    assert teaching_step(pack, "PONG_NEEDS_PAIR") == american  # no ruleset: lesson order
    found = teaching_step(pack, "JOKER_NOT_PASSABLE", "wsm")
    assert found is not None and found[0].id == "charleston"
