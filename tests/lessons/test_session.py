"""The lesson session: attempts judged by the rules core, hints, mastery, reveal, undo, reset,
and saving and resuming mid-lesson."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.lessons.conftest import WritePack
from tilewise.lessons.model import Lesson, Step
from tilewise.lessons.pack import load_pack
from tilewise.lessons.session import Feedback, LessonSession, SessionError

JOKER = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "J"], "blind": 0}
FOUR = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C", "9C"], "blind": 0}
BLIND = {"type": "pass", "seat": "E", "tiles": ["1C", "2C"], "blind": 1}
LEGAL_LISTED = {"type": "pass", "seat": "E", "tiles": ["9C", "7D", "8D"], "blind": 0}
LEGAL_OTHER = {"type": "pass", "seat": "E", "tiles": ["N", "GD", "WD"], "blind": 0}
RIGHT = {"type": "pass", "tiles": ["3C", "2C", "1C"], "blind": 0}  # seat filled in, any order


@pytest.fixture
def demo(write_pack: WritePack) -> Lesson:
    return load_pack(write_pack()).lessons[0]


def at_task(lesson: Lesson, saved: dict | None = None) -> LessonSession:
    session = LessonSession(lesson, saved=saved)
    assert session.advance()
    assert session.step.kind == "task"
    return session


def test_explain_step_takes_no_move(demo: Lesson) -> None:
    session = LessonSession(demo)
    assert (session.index, session.step.id, session.complete) == (0, "look", False)
    for call in (lambda: session.attempt(RIGHT), lambda: session.choose("s"), session.reveal):
        with pytest.raises(SessionError):
            call()
    assert session.back() is False
    assert session.advance() is True and session.index == 1
    assert session.record(demo.steps[0]).done is True
    assert session.back() is True and session.index == 0


@pytest.mark.parametrize(("action", "expected"), [
    (JOKER, Feedback(False, False, "JOKER_NOT_PASSABLE", "Keep the joker.", False)),
    (FOUR, Feedback(False, False, "PASS_NEEDS_THREE", "Three tiles.", False)),
    (BLIND, Feedback(False, False, "BLIND_NOT_ALLOWED", None, False)),
    (LEGAL_LISTED, Feedback(False, True, None, "Legal, but pass the craks.", False)),
    (LEGAL_OTHER, Feedback(False, True, None, "Legal, but not this one.", False)),
    (RIGHT, Feedback(True, True, None, None, True)),
])
def test_attempt_feedback(demo: Lesson, action: dict, expected: Feedback) -> None:
    session = at_task(demo)
    assert session.attempt(action) == expected
    assert session.record().done is expected.step_done


def test_task_flow_refuses_then_accepts(demo: Lesson) -> None:
    session = at_task(demo)
    assert session.advance() is False  # not done yet
    with pytest.raises(SessionError, match="offers pass, not vote"):
        session.attempt({"type": "vote", "continue": False})
    assert not session.attempt(JOKER).accepted
    assert session.attempt(RIGHT).accepted
    record = session.record()
    assert (record.attempts, record.first_try, record.done) == (2, False, True)
    assert record.moves[0]["action"]["seat"] == "E"
    assert record.moves[0]["verdict"]["to"] == "S"
    with pytest.raises(SessionError, match="is done"):
        session.attempt(RIGHT)
    assert session.advance() is True and session.step.kind == "quiz"


def test_quiz_choose(demo: Lesson) -> None:
    session = at_task(demo)
    session.attempt(RIGHT)
    session.advance()
    with pytest.raises(SessionError, match="no option 'x'"):
        session.choose("x")
    assert session.choose("n") == Feedback(False, False, None, "Right!", False)
    assert session.choose("w") == Feedback(False, False, None, "West is across from East.", False)
    # the right answer carries its own reason too, not a bare "Well done!"
    assert session.choose("s") == Feedback(True, True, None, "Yes: South sits on East's right.",
                                           True)
    with pytest.raises(SessionError, match="is done"):
        session.choose("s")
    with pytest.raises(SessionError, match="not a task"):
        session.attempt(RIGHT)
    session.back()
    with pytest.raises(SessionError, match="not a quiz"):
        session.choose("s")


def test_hints_reveal_and_mastery(demo: Lesson) -> None:
    session = at_task(demo)
    assert session.mastery == 0.0
    assert session.hint() == "Three."
    assert session.hint() == "Craks."
    assert session.hint() is None
    assert session.record().hints_used == 2
    session.attempt(RIGHT)  # first try, two hints: 1 - 0.5
    session.advance()
    assert session.reveal() == {"option": "s"}
    session.choose("s")  # revealed before the first move: not first-try
    assert session.mastery == pytest.approx((0.5 + 0.0) / 2)
    assert session.advance() and session.step.kind == "recap"
    assert session.advance() is False  # last step: done, no next
    assert session.complete


def test_reveal_task_gives_the_learners_action(demo: Lesson) -> None:
    session = at_task(demo)
    shown = session.reveal()
    assert shown == {"action": {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"],
                                "blind": 0}}
    assert session.attempt(shown["action"]).accepted
    assert session.mastery == 0.0  # revealed first


def test_undo_and_reset(demo: Lesson) -> None:
    session = at_task(demo)
    assert session.undo() is False
    session.hint()
    assert session.attempt(RIGHT).step_done
    assert session.undo() is True
    assert not session.record().done
    assert session.undo() is False
    assert session.attempt(RIGHT).accepted  # the same move again
    session.reset_step()
    record = session.record()
    assert (record.done, record.moves, record.hints_used, record.revealed) == (False, [], 0, False)
    assert (record.attempts, record.first_try) == (2, True)  # mastery keeps the first try
    assert session.mastery == pytest.approx(1.0 / 2)


def test_save_and_resume_mid_lesson(demo: Lesson) -> None:
    session = at_task(demo)
    session.hint()
    session.attempt(JOKER)
    saved = json.loads(json.dumps(session.to_dict()))
    assert saved["lesson"] == "one" and saved["index"] == 1 and saved["version"] == 1
    again = LessonSession(demo, saved=saved)
    assert again.index == 1 and again.step.id == "pass"
    assert again.record() == session.record()
    assert again.attempt(RIGHT).accepted
    assert again.record().first_try is False


def test_resume_tolerates_old_or_odd_data(demo: Lesson) -> None:
    saved = {"lesson": "one", "index": 99, "steps": {
        "pass": {"attempts": 1, "done": True, "first_try": True, "colour": "red"},
        "gone": {"attempts": 3}, "look": "not a record"}}
    session = LessonSession(demo, saved=saved)
    assert session.index == 0
    assert session.record(demo.steps[1]).done and session.record(demo.steps[1]).attempts == 1
    with pytest.raises(SessionError, match="lesson 'other'"):
        LessonSession(demo, saved={"lesson": "other"})


def test_done_legal_task_checks_the_result(demo: Lesson) -> None:
    step = demo.steps[1]
    assert step.task is not None
    wanted = replace(step.task, done="legal", result={"to": "W"}, wrong=())
    lesson = replace(demo, steps=[replace(step, task=wanted)])
    session = LessonSession(lesson)
    feedback = session.attempt(LEGAL_OTHER)
    assert feedback == Feedback(False, True, None, "Legal, but not this one.", False)
    any_legal = replace(step.task, done="legal", result=None, wrong=())
    session = LessonSession(replace(demo, steps=[replace(step, task=any_legal)]))
    assert session.attempt(LEGAL_OTHER).accepted


def test_listed_answer_with_result_must_match(demo: Lesson) -> None:
    step = demo.steps[1]
    assert step.task is not None
    answer = replace(step.task.answers[0], result={"to": "N"})
    lesson = replace(demo, steps=[replace(step, task=replace(step.task, answers=(answer,)))])
    feedback = LessonSession(lesson).attempt(RIGHT)
    assert (feedback.accepted, feedback.legal) == (False, True)


def test_lesson_without_acting_steps(demo: Lesson) -> None:
    lesson = replace(demo, steps=[demo.steps[0], demo.steps[3]])
    session = LessonSession(lesson)
    assert session.mastery == 0.0
    session.advance()
    session.advance()
    assert session.complete and session.mastery == 1.0
    assert isinstance(lesson.steps[0], Step)


def test_injected_judge_is_used(demo: Lesson) -> None:
    seen: list[dict] = []

    def judge(scenario: dict) -> dict:
        seen.append(scenario)
        return {"legal": False, "reason": "WRONG_PHASE"}

    session = LessonSession(demo, judge=judge)
    session.advance()
    assert session.attempt(RIGHT).reason == "WRONG_PHASE"
    assert seen[0]["ruleset"] == "american" and seen[0]["action"]["seat"] == "E"


def test_a_hand_step_is_done_only_once_its_guided_hand_ends() -> None:
    """The core pack's first American hand: Next is refused on its hand step until the
    play room reports the guided hand's end (``finish_hand``); no other step has one."""
    from tests.lessons.conftest import CORE

    lesson = next(x for x in load_pack(CORE).lessons if x.id == "first-hand-american")
    session = LessonSession(lesson)
    with pytest.raises(SessionError):
        session.finish_hand()  # an explain step: no hand to finish
    while session.step.hand is None:
        assert session.advance()
    assert session.advance() is False and session.record().done is False
    session.finish_hand()
    assert session.record().done and session.advance() and session.step.hand is None
    resumed = LessonSession(lesson, saved=session.to_dict())
    assert resumed.record(next(s for s in lesson.steps if s.hand is not None)).done
