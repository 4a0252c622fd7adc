"""A hand's key moments (``tilewise.lessons.hand.moments``): found by dealing the hand again,
the mistakes among them turned into review situations the store accepts, and each replayed as
a one-step lesson where the same move gets the same verdict and a better move is right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.lessons.hand.conftest import wall
from tests.lessons.hand.test_guided import hand_step
from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.hand.guided import GuidedHand
from tilewise.lessons.hand.moments import (
    Moment,
    hand_of,
    key_moments,
    moment_lesson,
    moment_mistake,
    moment_rule,
)
from tilewise.lessons.hand.partners import Partners
from tilewise.lessons.session import LessonSession, SessionError
from tilewise.store.review import _checked

Twist = Callable[[HandEngine, dict[str, Any]], dict[str, Any]]


def play(ruleset: str, seed: int, card: PracticeCard, twist: Twist | None = None) -> HandEngine:
    """South plays as the partners would, except where ``twist`` changes the move."""
    engine = HandEngine(ruleset, seed, card=card if ruleset == "american" else None,
                        learner="S")
    policy = Partners()
    while not engine.over and "S" in engine.waiting():
        action, _why = policy.decide(engine, "S")
        engine.act(twist(engine, action) if twist else action)
    return engine


def let_wins_go(engine: HandEngine, action: dict[str, Any]) -> dict[str, Any]:
    if action["type"] == "claim" and action["claim"] in ("win", "mahjong"):
        return {"type": "no_claim", "seat": "S"}
    return action


def throw_jokers(engine: HandEngine, action: dict[str, Any]) -> dict[str, Any]:
    if action["type"] == "discard" and "J" in engine.hand("S"):
        return {**action, "tile": "J"}
    return action


def let_exposures_go(engine: HandEngine, action: dict[str, Any]) -> dict[str, Any]:
    if action["type"] == "claim" and action["claim"] != "mahjong":
        return {"type": "no_claim", "seat": "S"}
    return action


def replay(moment: Moment, engine: HandEngine) -> LessonSession:
    mistake = moment_mistake(moment, ruleset=engine.ruleset, deal=engine.code, seat="S",
                             step_id=f"{engine.code}-{moment.number}")
    _checked(mistake)  # the review store takes it as it is
    assert hand_of(mistake) == {"ruleset": engine.ruleset, "deal": engine.code, "seat": "S",
                                "kind": moment.kind, "number": moment.number}
    lesson = moment_lesson(mistake, lesson_id="hand", title="T", text="X")
    assert lesson.steps[0].text == "X" and lesson.title == "T"
    return LessonSession(lesson)


def test_a_win_let_go_is_a_mistake_replayed_with_the_win(card: PracticeCard) -> None:
    engine = play("wsm", 2, card, let_wins_go)
    moments = key_moments(engine)
    assert [m.kind for m in moments] == ["claim"] * 3 + ["missed_claim"] * 2
    missed = moments[3]
    assert missed.mistake and missed.answers == ({"type": "claim", "claim": "win", "tiles": []},)
    assert moment_rule(missed) == "winning_hand" and missed.action == {"type": "no_claim"}
    session = replay(missed, engine)
    assert session.attempt(dict(missed.answers[0])).accepted
    with pytest.raises(SessionError):  # no let-go on a lesson table: claim it
        replay(missed, engine).attempt({"type": "no_claim"})
    assert not moments[0].mistake and moments[0].tile is not None
    with pytest.raises(ValueError, match="no mistake"):
        moment_mistake(moments[0], ruleset="wsm", deal=engine.code, seat="S", step_id="x")


def test_a_joker_thrown_away_and_a_discard_another_seat_won_on(card: PracticeCard) -> None:
    engine = play("american", 0, card, throw_jokers)
    moments = key_moments(engine)
    kinds = [m.kind for m in moments]
    assert kinds[:6] == ["pass"] * 6 and "joker_kept" in kinds
    given = next(m for m in moments if m.kind == "joker_given")
    assert moment_rule(given) == "discarded_joker_dead"
    assert {"type": "discard", "tile": "J"} not in given.answers and given.answers
    session = replay(given, engine)
    again = session.attempt({"type": "discard", "tile": "J"})
    assert again.legal and not again.accepted  # the same move, the same verdict: not right
    assert replay(given, engine).attempt(dict(given.answers[0])).accepted
    last = moments[-1]
    assert engine.result is not None and engine.result.by == "S"
    assert last.kind == "winning_tile" and last.mistake and last.tile == engine.result.tile
    assert {"type": "discard", "tile": last.tile} not in last.answers
    assert moment_rule(last) == "winning_hand"
    assert replay(last, engine).attempt(dict(last.answers[0])).accepted


def test_an_exposure_the_nearest_line_wanted_let_go(card: PracticeCard) -> None:
    engine = play("american", 1, card, let_exposures_go)
    missed = next(m for m in key_moments(engine) if m.kind == "missed_claim")
    assert missed.mistake and all(a["claim"] != "mahjong" for a in missed.answers)
    assert moment_rule(missed) == "call_for_exposure"
    assert replay(missed, engine).attempt(dict(missed.answers[0])).accepted


@pytest.mark.parametrize(("ruleset", "seed"), [("wsm", 2), ("american", 3)])
def test_the_learners_winning_tile_is_no_mistake(card: PracticeCard, ruleset: str,
                                                 seed: int) -> None:
    engine = play(ruleset, seed, card)
    last = key_moments(engine)[-1]
    assert engine.result is not None and engine.result.winner == "S"
    assert last.kind == "winning_tile" and not last.mistake


def test_a_refused_claim_is_a_mistake_when_a_legal_one_was_there(card: PracticeCard) -> None:
    engine = HandEngine("wsm", 2, learner="S")
    policy = Partners()
    tried: list[bool] = []
    while not engine.over and "S" in engine.waiting():
        action, _why = policy.decide(engine, "S")
        if engine.stage == "claims" and len(tried) < 2:
            tile = engine.claim_tile()
            has = any(o["seat"] == "S" for o in engine.claim_options())
            if has not in tried:  # once with a legal claim there, once without
                tried.append(has)
                engine.act({"type": "claim", "seat": "S", "claim": "kong", "tiles": [tile] * 3})
        engine.act(action)
    wrong = [m for m in key_moments(engine) if m.kind == "wrong_claim"]
    assert sorted(m.mistake for m in wrong) == sorted(tried) == [False, True]
    mistake = next(m for m in wrong if m.mistake)
    assert mistake.reason is not None and moment_rule(mistake) != "choice"
    again = replay(mistake, engine).attempt(dict(mistake.action))
    assert again.reason == mistake.reason and not again.accepted


def test_a_guided_hands_slips_are_replayed_with_the_scripts_move(
        core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-wsm")
    guided = GuidedHand(hand, card)
    slips = []
    for point in hand.script:
        for wrong in point.wrong:
            answer = guided.attempt(wrong.action)
            slips.append((len(guided.engine.moves), wrong.action, point.expect,
                          None if answer.verdict.legal else str(answer.verdict.reason)))
        guided.attempt(point.expect)
    slips.append((len(guided.engine.moves), {"type": "discard", "tile": "RD"},
                  {"type": "offer", "tiles": []}, None))  # after the end; not replayable
    moments = key_moments(guided.engine, slips)
    script = [m for m in moments if m.kind == "script"]
    assert len(script) == len(slips) and [m.mistake for m in script] == [True] * (
        len(slips) - 1) + [False]
    first = script[0]
    assert first.action == {"type": "discard", "tile": "RD"} and moment_rule(first) == "choice"
    assert first.answers == ({"type": "discard", "tile": "W"},)
    session = replay(first, guided.engine)
    assert not session.attempt({"type": "discard", "tile": "RD"}).accepted
    assert session.attempt({"type": "discard", "tile": "W"}).accepted
    chi = next(m for m in script if m.reason == "CHI_ONLY_FROM_UPPER_SEAT")
    assert moment_rule(chi) == "chi_upper_seat"
    assert moments[-2].kind == "winning_tile" and not moments[-2].mistake


def test_what_cannot_be_replayed(card: PracticeCard) -> None:
    with pytest.raises(ValueError, match="learner"):
        key_moments(HandEngine("wsm", 1))
    fixed = HandEngine("wsm", 0, wall=wall("wsm", {"E": "1B 1B 1B".split()}), learner="S")
    with pytest.raises(ValueError, match="seed"):
        key_moments(fixed)
    lesson_mistake = {"step_id": "a", "action": {}, "state": {}, "before": {"a": []}}
    assert hand_of(lesson_mistake) is None and hand_of({"before": []}) is None
    with pytest.raises(ValueError, match="whole hand"):
        moment_lesson(lesson_mistake, lesson_id="x", title="", text="")


def test_a_partner_winning_on_its_own_draw_after_the_learners_discard(card: PracticeCard) -> None:
    engine = play("american", 1, card)
    assert engine.result is not None and engine.result.self_drawn and engine.result.by is None
    assert all(m.kind != "winning_tile" for m in key_moments(engine))


@pytest.mark.parametrize("ruleset", ["american", "wsm"])
def test_a_false_mah_jongg_on_the_learners_turn_is_a_mistake(card: PracticeCard,
                                                              ruleset: str) -> None:
    """A false Mah Jongg that killed the hand was no key moment, so nothing of the hand
    reached the review queue (tester report): now it is a mistake (DECISIONS 24-25; WSM only
    refused, DECISIONS 17), replayed with a discard as the better move."""
    declared: list[int] = []

    def declare_once(engine: HandEngine, action: dict[str, Any]) -> dict[str, Any]:
        if action["type"] == "discard" and not declared:
            declared.append(len(engine.moves))
            return {"type": "declare_win", "seat": "S"}
        return action

    engine = play(ruleset, 5, card, declare_once)
    assert declared and engine.over
    assert ("S" in engine.dead) is (ruleset == "american")
    false = [m for m in key_moments(engine) if m.kind == "false_win"]
    assert len(false) == 1 and false[0].mistake and false[0].number == declared[0]
    assert false[0].reason == "NOT_A_WINNING_HAND" and false[0].answers
    assert all(a["type"] == "discard" and a["tile"] != "J" for a in false[0].answers)
    session = replay(false[0], engine)
    assert session.attempt(dict(false[0].answers[0])).accepted
    again = replay(false[0], engine).attempt({"type": "declare_win"})
    assert not again.legal and not again.accepted  # the same call, the same refusal
