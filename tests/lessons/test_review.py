"""Mistakes kept by the session, replayed on the same table with the same verdict (issue 19),
and mastery per rule."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from tests.lessons.conftest import MANIFEST, WritePack, lesson
from tests.lessons.test_continues import ACROSS, continuing
from tilewise.lessons import mastery
from tilewise.lessons.model import Lesson
from tilewise.lessons.pack import load_pack
from tilewise.lessons.review import ReviewError, replay_session, review_rating, table_state
from tilewise.lessons.session import LessonSession, StepRecord
from tilewise.rules.verdict import Reason

RIGHT = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"], "blind": 0}
JOKER = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "J"], "blind": 0}
AGAIN_1C = {"type": "pass", "seat": "E", "tiles": ["1C", "7D", "8D"], "blind": 0}


def demo(write_pack: WritePack, data: dict[str, Any] | None = None) -> Lesson:
    folder = write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": data or continuing()})
    return load_pack(folder).lessons[0]


def at_across(one: Lesson) -> LessonSession:
    """A session that passed right, answered the quiz, and stands on the continuing task."""
    session = LessonSession(one)
    session.advance()
    assert session.attempt(RIGHT).accepted
    session.advance()
    assert session.choose("s").accepted
    session.advance()
    assert session.step.id == "across"
    return session


def test_a_refused_move_is_kept_with_its_table_reason_and_rule(write_pack: WritePack) -> None:
    session = LessonSession(demo(write_pack))
    session.advance()
    feedback = session.attempt(JOKER)
    assert not feedback.accepted and feedback.reason == "JOKER_NOT_PASSABLE"
    [kept] = session.mistakes
    assert (kept.step_id, kept.step_index, kept.kind, kept.reason, kept.rule) == (
        "pass", 1, "task", "JOKER_NOT_PASSABLE", "joker_never_passed")
    assert kept.action == JOKER and kept.before == {}
    assert kept.state == session.step.task.state  # type: ignore[union-attr]
    assert session.attempt(RIGHT).accepted  # a right move is not a mistake
    assert session.take_mistakes() == [kept] and session.mistakes == []
    assert session.take_mistakes() == []
    assert "mistakes" not in session.to_dict()  # kept by the store, not in the lesson's save
    again = replay_session(session.lesson, kept.to_dict())
    assert table_state(again) == kept.state and again.attempt(JOKER).reason == feedback.reason


def test_a_legal_move_the_step_does_not_ask_for_is_about_the_steps_rule(
        write_pack: WritePack) -> None:
    session = LessonSession(demo(write_pack))
    session.advance()
    legal_other = {"type": "pass", "seat": "E", "tiles": ["9C", "7D", "8D"], "blind": 0}
    feedback = session.attempt(legal_other)
    assert feedback.legal and not feedback.accepted
    [kept] = session.mistakes
    assert kept.reason is None and kept.rule == "pass_three"  # the step's feedback names it


def test_a_mistake_replayed_sets_up_the_same_table_and_gets_the_same_verdict(
        write_pack: WritePack) -> None:
    one = demo(write_pack)
    session = at_across(one)
    first = session.attempt(AGAIN_1C)  # 1C went right on the first pass
    assert first.reason == "TILE_NOT_IN_HAND"
    [kept] = session.take_mistakes()
    assert kept.before == {"pass": session.record(one.steps[1]).moves}
    saved = json.loads(json.dumps(kept.to_dict()))  # as the store keeps it
    again = replay_session(one, saved)
    assert again.index == 3 and table_state(again) == kept.state
    replayed = again.attempt(saved["action"])
    assert (replayed.accepted, replayed.legal, replayed.reason, replayed.message) == (
        first.accepted, first.legal, first.reason, first.message)
    assert replayed.verdict == first.verdict
    assert review_rating(again.record()) == "again"
    # the right answer on a fresh replay counts as a good review
    fresh = replay_session(one, saved)
    fresh.take_mistakes()
    assert fresh.attempt(ACROSS).accepted and review_rating(fresh.record()) == "good"


def test_a_wrong_quiz_answer_is_kept_and_replayed(write_pack: WritePack) -> None:
    one = demo(write_pack)
    session = LessonSession(one)
    session.advance()
    session.attempt(RIGHT)
    session.advance()
    assert not session.choose("w").accepted
    [kept] = session.take_mistakes()
    assert (kept.kind, kept.action, kept.reason, kept.state) == ("quiz", {"option": "w"}, None,
                                                                 None)
    assert kept.rule == "charleston_order"  # the rule the quiz names, not CHOICE
    again = replay_session(one, kept.to_dict())
    assert again.step.id == "where" and not again.choose("w").accepted
    assert [m.action for m in again.mistakes] == [{"option": "w"}]


def test_a_quiz_option_with_a_reason_names_its_rule(write_pack: WritePack) -> None:
    one = demo(write_pack, lesson())
    quiz = one.steps[2].quiz
    assert quiz is not None
    options = list(quiz.options)
    options[2] = replace(options[2], result={"legal": False, "reason": "BLIND_NOT_ALLOWED"})
    options[1] = replace(options[1], result={"legal": False, "reason": 7})
    one.steps[2] = replace(one.steps[2], quiz=replace(quiz, options=tuple(options)))
    session = LessonSession(one)
    session.advance()
    session.attempt(RIGHT)
    session.advance()
    session.choose("w")
    session.choose("n")
    # an option's reason names its rule; one without a reason counts for the rule the step
    # names (before the rules its options' reasons name)
    assert [(m.reason, m.rule) for m in session.take_mistakes()] == [
        ("BLIND_NOT_ALLOWED", "blind_last_pass"), (None, "charleston_order")]
    one.steps[2] = replace(one.steps[2], rule=None)
    assert mastery.step_rules(one.steps[2]) == ["blind_last_pass"]


def test_a_mistake_that_no_longer_fits_the_pack_is_refused(write_pack: WritePack) -> None:
    one = demo(write_pack)
    session = at_across(one)
    session.attempt(AGAIN_1C)
    kept = session.take_mistakes()[0].to_dict()
    with pytest.raises(ReviewError, match="no step 'gone'"):
        replay_session(one, {**kept, "step_id": "gone"})
    with pytest.raises(ReviewError, match="is a task now, not a quiz"):
        replay_session(one, {**kept, "kind": "quiz"})
    with pytest.raises(ReviewError, match="is a recap now"):
        replay_session(one, {**kept, "step_id": "end", "kind": "recap"})
    with pytest.raises(ReviewError, match="changed since"):
        replay_session(one, {**kept, "state": {**kept["state"], "step": "first_left"}})
    # no recorded first pass: the pack's main line (the same pass here) sets the table up
    assert replay_session(one, {**kept, "before": {}}).index == 3
    with pytest.raises(ReviewError, match="not a table"):
        replay_session(one, {**kept, "before": ["pass"]})
    ignored = {**kept, "before": {**kept["before"], "where": "not a list"}}
    assert replay_session(one, ignored).index == 3


@pytest.mark.parametrize(("record", "rating"), [
    (StepRecord(), None),
    (StepRecord(attempts=1, done=True, first_try=True), "good"),
    (StepRecord(attempts=1, done=True, first_try=True, hints_used=1), "hard"),
    (StepRecord(attempts=1, done=True, first_try=False, revealed=True), "hard"),
    (StepRecord(attempts=1, done=False, first_try=False), "again"),
    (StepRecord(attempts=2, done=True, first_try=False, revealed=True), "again"),
])
def test_review_rating(record: StepRecord, rating: str | None) -> None:
    assert review_rating(record) == rating


def test_every_reason_code_belongs_to_exactly_one_rule() -> None:
    codes = [code for codes in mastery.RULES.values() for code in codes]
    assert sorted(codes) == sorted(r.value for r in Reason)
    assert mastery.rule_of("CHI_ONLY_FROM_UPPER_SEAT") == "chi_upper_seat"
    assert mastery.rule_of("JOKER_NOT_PASSABLE") == "joker_never_passed"
    assert mastery.rule_of("BLIND_NOT_ALLOWED") == "blind_last_pass"
    assert mastery.rule_of(None) is None and mastery.rule_of("NO_SUCH_CODE") is None
    assert mastery.RULE_IDS[-1] == mastery.CHOICE


def test_rule_mastery_counts_right_and_wrong_in_teaching_order() -> None:
    scores = mastery.rule_mastery([("chi_upper_seat", False), ("joker_never_passed", True),
                                   ("chi_upper_seat", True), ("chi_upper_seat", True)])
    assert [(s.rule, s.right, s.wrong) for s in scores] == [
        ("joker_never_passed", 1, 0), ("chi_upper_seat", 2, 1)]
    assert scores[1].score == pytest.approx(2 / 3)
    assert mastery.RuleScore("x", 0, 0).score == 0.0
    assert mastery.rule_mastery([]) == []
    with pytest.raises(KeyError):
        mastery.rule_mastery([("not_a_rule", True)])


def test_a_tile_the_table_refuses_at_once_is_kept_and_is_a_try(
        write_pack: WritePack) -> None:
    from tilewise.lessons.session import SessionError
    from tilewise.lessons.steptable import LessonTable

    one = demo(write_pack)
    session = LessonSession(one)
    session.advance()
    desk = LessonTable(session)
    joker = next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == "J")
    outcome = desk.move(joker, "pass")
    assert outcome.feedback is not None and outcome.feedback.reason == "JOKER_NOT_PASSABLE"
    # a try: the step is no longer right first time (tester 7: it was called right first
    # time after three refused tiles)
    assert session.record().attempts == 1 and session.record().first_try is False
    [kept] = session.take_mistakes()
    assert (kept.kind, kept.reason, kept.rule, kept.action["tiles"]) == (
        "task", "JOKER_NOT_PASSABLE", "joker_never_passed", ["J"])
    again = replay_session(one, kept.to_dict())
    assert again.preview(kept.action).reason == "JOKER_NOT_PASSABLE"
    odd = again.keep_refusal({"tiles": ["J"]}, None)  # no action type: no seat filled in
    assert odd.action == {"tiles": ["J"]} and odd.rule == "pass_three"
    # on a continuing task the inherited table is the one kept
    on = at_across(one)
    assert on.keep_refusal({"type": "pass", "tiles": ["1C"]}, "TILE_NOT_IN_HAND").state == \
        table_state(on)
    on.back()  # the quiz before it
    with pytest.raises(SessionError, match="not a task"):
        on.keep_refusal({"type": "pass"}, "X")


def test_a_rule_answered_right_first_time_rises_without_any_mistake(
        write_pack: WritePack) -> None:
    from tests.lessons.conftest import lesson as demo_lesson

    one = demo(write_pack, demo_lesson())
    session = LessonSession(one)
    assert mastery.first_try_outcomes(one, session.to_dict()) == []  # nothing answered yet
    session.advance()
    assert session.attempt(RIGHT).accepted  # the pass, right first time
    session.advance()
    assert not session.choose("n").accepted  # the quiz, wrong first: a mistake, not listed
    assert session.choose("s").accepted
    saved = session.to_dict()
    pass_rule = mastery.step_rule(one.steps[1])
    assert pass_rule == "pass_three"  # its feedback names PASS_NEEDS_THREE first
    assert mastery.first_try_outcomes(one, saved) == [(pass_rule, True)]
    [score] = mastery.rule_mastery(mastery.first_try_outcomes(one, saved))
    assert (score.rule, score.right, score.wrong, score.score) == (pass_rule, 1, 0, 1.0)
    wrong = [(m.rule, False) for m in session.take_mistakes()]  # what the store keeps
    both = {s.rule: s for s in mastery.rule_mastery(wrong + mastery.first_try_outcomes(one, saved))}
    assert both[pass_rule].score == 1.0 and both["charleston_order"].score == 0.0
    damaged = {"steps": {"pass": "first", "where": {"first_try": 1}, "gone": {"first_try": True}}}
    assert mastery.first_try_outcomes(one, damaged) == []  # damaged records, steps gone
    assert mastery.first_try_outcomes(one, {"steps": []}) == []
    assert mastery.first_try_outcomes(one, None) == []


def test_the_library_suggests_the_reviews_due_then_the_weakest_rule_and_its_step(
        write_pack: WritePack) -> None:
    from tests.lessons.conftest import lesson as demo_lesson
    from tilewise.lessons.mastery import Practice, RuleScore, suggest_practice

    folder = write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": demo_lesson()})
    pack = load_pack(folder)
    weak = [RuleScore("pass_three", 1, 1), RuleScore("joker_never_passed", 1, 1),
            RuleScore("choice", 0, 5), RuleScore("chi_upper_seat", 0, 3)]
    assert suggest_practice(weak, [pack], 2) == Practice(due=2)  # the reviews first
    # no step of the pack teaches chi (0%), CHOICE is never suggested; of the two at 50%,
    # the first in teaching order; the pass step names both (feedback first, then wrong)
    assert suggest_practice(weak, [pack], 0) == Practice(0, "pass_three", 0.5, "demo", "one", 1)
    assert suggest_practice(weak[1:], [pack], 0) == Practice(
        0, "joker_never_passed", 0.5, "demo", "one", 1)
    assert suggest_practice([RuleScore("pass_three", 4, 1)], [pack], 0) is None  # 80%: fine
    assert suggest_practice([], [pack], 0) is None
    assert mastery.step_rules(pack.lessons[0].steps[1]) == ["pass_three", "joker_never_passed"]
