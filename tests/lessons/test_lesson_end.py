"""The end of a lesson: score, right first time, steps to go back to, and what it opened."""

from __future__ import annotations

from dataclasses import replace

from tests.lessons.conftest import WritePack
from tests.lessons.test_session import JOKER, RIGHT, at_task
from tilewise.lessons.lesson_end import lesson_end
from tilewise.lessons.pack import load_pack
from tilewise.lessons.session import LessonSession


def finish(session: LessonSession, *, wrong_first: bool) -> None:
    """Play the demo lesson to its end: the pass (after one refused try if asked), the quiz."""
    if wrong_first:
        session.attempt(JOKER)
    session.attempt(RIGHT)
    session.advance()
    session.choose("n")  # a wrong option first, every time
    session.choose("s")
    session.advance()


def test_every_mistake_is_listed_and_the_next_lesson_opens(write_pack: WritePack) -> None:
    pack = load_pack(write_pack())
    lesson = pack.lessons[0]
    two = replace(lesson, id="two", prerequisites=(lesson.id,))
    three = replace(lesson, id="three", prerequisites=(lesson.id, "two"))
    free = replace(lesson, id="free", prerequisites=())
    pack = replace(pack, lessons=[lesson, two, three, free])
    session = at_task(lesson)
    finish(session, wrong_first=True)
    end = lesson_end(pack, session, done_before=set())
    assert (end.acting, end.first_time) == (2, 0)
    assert end.retried == (1, 2)  # the task and the quiz, to go back to
    assert end.unlocked == ("two",)  # "three" still waits for "two"; "free" was never locked
    assert end.mastery == session.mastery == 0.0


def test_a_clean_run_has_nothing_to_go_back_to(write_pack: WritePack) -> None:
    pack = load_pack(write_pack())
    session = at_task(pack.lessons[0])
    session.attempt(RIGHT)
    session.advance()
    session.choose("s")
    session.advance()
    end = lesson_end(pack, session, done_before={pack.lessons[0].id})
    assert (end.first_time, end.retried, end.unlocked) == (2, (), ())
    assert end.mastery == 1.0
