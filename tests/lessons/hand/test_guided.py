"""Guided whole hands: the core pack's two scripts played through, the learner's right, wrong,
refused and off-plan moves, and the validator's problems for broken scripts."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.lessons.conftest import MANIFEST, WritePack, lesson
from tilewise.lessons.extract import messages
from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.guided import GuidedHand, check_script, scripted_point
from tilewise.lessons.model import HandScript, PackError, ScriptMove, WrongAnswer
from tilewise.lessons.pack import load_pack


def hand_step(core: Any, lesson_id: str) -> HandScript:
    step = next(s for s in core.lesson(lesson_id).steps if s.kind == "hand")
    assert step.hand is not None
    return step.hand


@pytest.mark.parametrize("lesson_id", ["first-hand-american", "first-hand-wsm"])
def test_the_core_scripts_play_to_a_win(core: Any, card: PracticeCard, lesson_id: str) -> None:
    hand = hand_step(core, lesson_id)
    assert check_script(hand, card) == []
    guided = GuidedHand(hand, card)
    for point in hand.script:
        assert guided.point is point
        assert guided.attempt({**point.expect, "seat": hand.seat}).kind == "right"
    assert guided.over and guided.point is None
    result = guided.engine.result
    assert result is not None and result.winner == hand.seat
    assert guided.engine.refused == 0
    late = guided.attempt({"type": "draw"})
    assert late.kind == "refused" and late.verdict.reason == "NOT_YOUR_TURN"


def test_a_copy_plays_on_with_its_own_history(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-american")
    guided = GuidedHand(hand, card)
    assert guided.attempt(hand.script[0].expect).kind == "right"
    engine = guided.engine
    moves, events = list(engine.moves), list(engine.events)
    assert moves and events
    twin = copy.deepcopy(engine)
    assert twin.act({**hand.script[1].expect, "seat": hand.seat}).legal
    assert engine.moves == moves and engine.events == events  # the original's, unchanged
    assert twin.moves[:len(moves)] == moves and len(twin.moves) > len(moves)
    assert twin.events[:len(events)] == events and twin.state != engine.state
    assert twin.card is engine.card and twin.cache is engine.cache


def test_wrong_refused_and_off_plan_moves_change_nothing(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-american")
    guided = GuidedHand(hand, card)
    before = copy.deepcopy(guided.engine.state)
    joker = guided.attempt({"type": "pass", "tiles": ["J", "1C", "7C"], "blind": 0})
    assert joker.kind == "wrong" and joker.wrong is not None
    assert joker.verdict.reason == "JOKER_NOT_PASSABLE"
    refused = guided.attempt({"type": "pass", "tiles": ["1C"], "blind": 0})
    assert refused.kind == "refused" and refused.verdict.reason == "PASS_NEEDS_THREE"
    tiles = [t for t in guided.engine.hand("S") if t != "J"]
    other = [t for t in tiles if t not in ("2B", "1C", "7C")][:3]
    off = guided.attempt({"type": "pass", "tiles": other, "blind": 0})
    assert off.kind == "otherwise" and off.verdict.legal
    assert guided.engine.state == before and guided.index == 0
    # the order of the tiles does not matter
    assert guided.attempt({"type": "pass", "tiles": ["7C", "2B", "1C"], "blind": 0}).kind == "right"


def test_the_coach_plays_only_draws_and_empty_windows(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-wsm")
    guided = GuidedHand(hand, card)
    engine = guided.engine
    assert scripted_point(engine, "S") and engine.stage == "turn"
    guided.attempt({"type": "discard", "tile": "W"})
    assert engine.stage in ("claims", "rob", "turn") and scripted_point(engine, "S")


def _broken(hand: HandScript, **changes: Any) -> HandScript:
    return dataclasses.replace(hand, **changes)


def test_the_validator_finds_broken_scripts(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-wsm")
    assert check_script(_broken(hand, deal="000-01Y"), card)[0][0] == "deal"
    assert "american deal" in check_script(_broken(hand, deal="000-01X"), card)[0][1]
    first, *rest = hand.script
    short = _broken(hand, script=(first,))
    assert check_script(short, card) == [("script", "the hand goes on after the last scripted move")]
    long = _broken(hand, script=(*hand.script, first))
    assert check_script(long, card)[-1] == (f"script[{len(hand.script)}].expect",
                                            "the hand is already over here")
    turn = _broken(hand, script=(ScriptMove({"type": "vote", "continue": True}),))
    assert "cannot vote now" in check_script(turn, card)[0][1]
    bad = _broken(hand, script=(ScriptMove({"type": "discard", "tile": "9Z"}),))
    assert check_script(bad, card) == [("script[0].expect", "refused by the referee (UNKNOWN_TILE)")]
    wrongs = (
        WrongAnswer(dict(first.expect)),
        WrongAnswer({"type": "discard", "tile": "RD"}, "TILE_NOT_IN_HAND"),
        WrongAnswer({"type": "discard", "tile": "9C"}),
    )
    listed = _broken(hand, script=(dataclasses.replace(first, wrong=wrongs), *rest))
    problems = check_script(listed, card)
    assert problems == [
        ("script[0].wrong[0]", "a wrong move that is the expected one"),
        ("script[0].wrong[1].reason", "the referee answers None"),
        ("script[0].wrong[2]", "refused by the referee (TILE_NOT_IN_HAND): give its reason"),
    ]


def test_a_refused_expected_move_is_not_played(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-wsm")
    bad = _broken(hand, script=(ScriptMove({"type": "discard", "tile": "9Z"}),))
    guided = GuidedHand(bad, card)
    answer = guided.attempt({"type": "discard", "tile": "9Z"})
    assert answer.kind == "refused" and guided.index == 0


def _hand_lesson(hand: dict[str, Any]) -> dict[str, Any]:
    data = lesson("hand")
    data["steps"].insert(1, {"id": "play", "kind": "hand", "text": "Play.", "hand": hand})
    return data


def test_pack_reader_problems(write_pack: WritePack) -> None:
    hand = {"ruleset": "chinese", "deal": "", "seat": "X", "script": [
        {"expect": {"type": "shout"}, "text": "Go.", "wrong": [
            {"action": {"type": "discard", "tile": "W"}, "reason": "NOT_A_CODE",
             "feedback": "No."}, {"feedback": "x", "extra": 1}]},
    ], "more": 1}
    folder = write_pack(lessons={"01-one.toml": _hand_lesson(hand)})
    with pytest.raises(PackError) as error:
        load_pack(folder, check_moves=False)
    text = str(error.value)
    for expected in ("hand.more: unknown key", "hand.ruleset: 'chinese' is not one of",
                     "hand.seat: 'X' is not one of", "hand.deal: must be a non-empty string",
                     "script[0].expect.type: 'shout' is not one of",
                     "script[0].wrong[0].reason: 'NOT_A_CODE' is not a referee reason code",
                     "script[0].wrong[1].action: missing required key",
                     "script[0].wrong[1].extra: unknown key"):
        assert expected in text, expected
    empty = {"ruleset": "wsm", "deal": "G00-3QT", "seat": "S", "script": []}
    with pytest.raises(PackError) as error:
        load_pack(write_pack(lessons={"01-one.toml": _hand_lesson(empty)}, name="empty"),
                  check_moves=False)
    assert "a guided hand needs at least one move" in str(error.value)


def test_pack_check_plays_the_script(write_pack: WritePack, core: Any) -> None:
    wsm = hand_step(core, "first-hand-wsm")
    script = [{"expect": point.expect} for point in wsm.script]
    good = {"ruleset": "wsm", "deal": wsm.deal, "seat": "S", "script": script}
    pack = load_pack(write_pack(lessons={"01-one.toml": _hand_lesson(good)}, name="good"))
    step = pack.lesson("hand").steps[1]
    assert step.hand is not None and len(step.hand.script) == len(script)
    broken = dict(good, script=script[:-1])
    with pytest.raises(PackError) as error:
        load_pack(write_pack(lessons={"01-one.toml": _hand_lesson(broken)}, name="broken"))
    assert "steps[1].hand.script: the hand goes on after the last scripted move" in str(error.value)
    american = {"ruleset": "american", "deal": "000-4DV", "seat": "S",
                "script": [{"expect": {"type": "vote", "continue": True}}]}
    with pytest.raises(PackError) as error:
        load_pack(write_pack(lessons={"01-one.toml": _hand_lesson(american)}, name="card"))
    assert "an American hand needs the pack's practice card" in str(error.value)


def test_script_texts_are_extracted(core: Any) -> None:
    found = [m for m in messages(core) if m.context == "first-hand-wsm/play"]
    keys = {m.key_path.split(".", 1)[1] for m in found}
    assert "hand.script[0].text" in keys and "hand.script[0].hints[0]" in keys
    assert "hand.script[0].wrong[0].feedback" in keys
    assert all(Path(m.file).name == "07-first-hand-wsm.toml" for m in found)
    assert MANIFEST["id"] == "demo"
