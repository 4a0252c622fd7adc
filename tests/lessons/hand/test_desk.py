"""A whole hand on the table model (``tilewise.lessons.hand.desk``): the core pack's guided hands
played to the end by moving tiles into zones and pressing the buttons, as the play room does;
refusals, moves the script does not play, a joker dropped into a pass zone, free play with
draws and let-gos, and the zones each stage offers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.lessons.hand.conftest import wall
from tests.lessons.hand.test_guided import hand_step
from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.desk import HandDesk, hand_task
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.hand.guided import GuidedHand
from tilewise.rules.verdict import Reason, Verdict, refuse


def rack_tile(desk: HandDesk, code: str, taken: list[int]) -> int:
    table = desk.table
    return next(i for i in table.rack(desk.seat) if table.tiles[i].code == code and i not in taken)


def stage(desk: HandDesk, codes: list[str], zone: str) -> list[int]:
    """Drop the rack tiles ``codes`` into ``zone`` one by one (the last drop may act)."""
    taken: list[int] = []
    for code in codes:
        tile = rack_tile(desk, code, taken)
        taken.append(tile)
        desk.move(tile, zone)
    return taken


def play_point(desk: HandDesk, expect: dict[str, Any]) -> None:
    """Make the script move ``expect`` as a learner would at the table."""
    kind = expect["type"]
    if kind == "pass":
        stage(desk, list(expect["tiles"]), "pass")
    elif kind == "discard":
        stage(desk, [expect["tile"]], "discard")
    elif kind == "joker_exchange":
        target = expect["target"]
        stage(desk, [expect["tile"]], f"swap:{target['seat']}:{target['meld']}")
    elif kind == "offer":
        stage(desk, list(expect["tiles"]), "courtesy")
        desk.command("offer")
    elif kind == "vote":
        desk.command("vote:continue" if expect["continue"] else "vote:stop")
    elif kind == "claim":
        stage(desk, list(expect["tiles"]), "claim")
        desk.command(f"claim:{expect['claim']}")
    elif kind == "no_claim":
        desk.command("no_claim")
    else:
        desk.command("declare_win")


@pytest.mark.parametrize("lesson_id", ["first-hand-american", "first-hand-wsm"])
def test_a_guided_hand_plays_to_its_win_by_moving_tiles(core: Any, card: PracticeCard,
                                                        lesson_id: str) -> None:
    hand = hand_step(core, lesson_id)
    guided = GuidedHand(hand, card)
    answers = []

    def submit(action: dict[str, Any]) -> Verdict:
        answer = guided.attempt(action)
        answers.append(answer.kind)
        return answer.verdict

    desk = HandDesk(guided.engine, submit)
    for point in hand.script:
        assert guided.point is point
        play_point(desk, dict(point.expect))
        assert answers[-1] == "right", (point.expect, desk.last)
        rack = [desk.table.tiles[i].code for i in desk.table.rack(hand.seat)]
        assert sorted(rack) == sorted(guided.engine.hand(hand.seat))
    assert guided.over and guided.engine.result is not None
    assert guided.engine.result.winner == hand.seat and guided.engine.refused == 0
    assert desk.table.zones == [] and desk.commands == []


def test_a_wrong_move_the_engine_does_not_play_goes_back(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-wsm")
    guided = GuidedHand(hand, card)
    desk = HandDesk(guided.engine, lambda action: guided.attempt(action).verdict)
    rack = desk.table.rack("S")
    dragon = stage(desk, ["RD"], "discard")[0]  # legal, but the script explains it away
    assert desk.last is not None and desk.last.legal
    assert desk.table.rack("S") == rack and desk.table.tiles[dragon].place.area == "rack"
    assert guided.index == 0 and len(guided.engine.hand("S")) == 14
    assert [z.kind for z in desk.table.zones] == ["discard"]
    assert desk.commands == ["declare_win"]
    desk.command("declare_win")  # refused by the referee: nothing moves
    assert desk.last is not None and desk.last.reason == "NOT_A_WINNING_HAND"
    assert desk.command("no_such_button").changed is False


def test_a_joker_in_the_pass_zone_goes_back_at_once(core: Any, card: PracticeCard) -> None:
    hand = hand_step(core, "first-hand-american")
    desk = HandDesk(GuidedHand(hand, card).engine)
    assert desk.table.zone("pass") is not None and desk.commands == []
    joker = stage(desk, ["J"], "pass")[0]
    assert desk.preview is not None and desk.preview.reason == "JOKER_NOT_PASSABLE"
    assert desk.table.tiles[joker].place.area == "rack"
    one = stage(desk, ["2B"], "pass")[0]
    assert desk.preview is None and desk.table.tiles[one].place.area == "zone"
    assert desk.take_back(one).changed and desk.table.tiles[one].place.area == "rack"
    assert not desk.take_back(one).changed and not desk.take_back(9999).changed
    assert not desk.move(9999, "pass").changed and not desk.move(one, "nowhere").changed


def test_free_play_draws_lets_go_and_marks_the_drawn_tile(card: PracticeCard) -> None:
    engine = HandEngine("wsm", 7, learner="S")
    desk = HandDesk(engine)
    seen = 0
    while not engine.over and seen < 400:
        seen += 1
        allowed = engine.allowed("S")
        if "draw" in allowed:
            assert desk.commands == ["draw"]
            desk.command("draw")
            arrived = [t for t in desk.table.tiles if t.arrived]
            assert len(arrived) == 1 and arrived[0].place.area == "rack"
            assert desk.table.rack("S")[-1] == arrived[0].id
        elif "no_claim" in allowed:
            assert desk.commands[-1] == "no_claim" and desk.table.zone("claim") is not None
            desk.command("no_claim")
        else:
            desk.move(desk.table.rack("S")[-1], "discard")
    assert engine.over and engine.refused == 0


def test_the_zones_of_each_stage(card: PracticeCard) -> None:
    with pytest.raises(ValueError, match="learner"):
        HandDesk(HandEngine("wsm", 1))
    kong = "5B 5B 5B 5B 1C 2C 3C 7D 8D 9D E E N N".split()
    engine = HandEngine("wsm", 0, wall=wall("wsm", {"E": kong}), learner="E")
    assert [z.kind for z in HandDesk(engine).table.zones] == ["discard", "kong"]
    engine.state["melds"]["E"] = [{"kind": "pong", "tiles": ["1C"] * 3, "from": "S",
                                   "rotated": 0, "face_down": []}]  # the rack holds the 4th
    assert [z.id for z in HandDesk(engine).table.zones] == [
        "discard", "kong", "kong_left", "kong_right"]
    assert hand_task(engine, "S").allow == ()  # not South's turn
    american = HandEngine("american", 3, card=card, learner="E")
    task = hand_task(american, "E")
    assert task.allow == ("pass", "declare_win") and task.answers == ()
    desk = HandDesk(american)
    assert desk.commands == ["declare_win"]


def to_claim_window(desk: HandDesk) -> None:
    """Play the learner's seat of ``desk`` (draws, let-gos, the last rack tile discarded) up
    to a discard open to the learner's claims."""
    engine = desk.engine
    while "no_claim" not in engine.allowed(desk.seat):
        if "draw" in engine.allowed(desk.seat):
            desk.command("draw")
        else:
            desk.move(desk.table.rack(desk.seat)[-1], "discard")


def test_letting_a_discard_go_puts_a_staged_tile_back_unmarked(card: PracticeCard) -> None:
    """A rack tile dragged into the claim zone, then "Let it go": the tile is back in the rack
    and no tile is marked as arrived (nothing was drawn; it was marked: tester report); a
    let-go the script refuses puts it back too, and the table is drawn again."""
    engine = HandEngine("wsm", 7, learner="S")
    desk = HandDesk(engine)
    to_claim_window(desk)
    tile = stage(desk, [desk.table.tiles[desk.table.rack("S")[0]].code], "claim")[0]
    code = desk.table.tiles[tile].code
    assert desk.command("no_claim").changed
    assert engine.moves[-1].legal or "no_claim" not in engine.allowed("S")
    assert not [t for t in desk.table.tiles if t.arrived]
    assert code in [desk.table.tiles[i].code for i in desk.table.rack("S")]

    engine = HandEngine("wsm", 7, learner="S")
    to_claim_window(HandDesk(engine))  # played on by a desk of its own
    refusing = HandDesk(engine, lambda action: refuse(Reason.NOT_YOUR_TURN))  # plays nothing
    staged = stage(refusing, [refusing.table.tiles[refusing.table.rack("S")[0]].code], "claim")
    assert refusing.table.tiles[staged[0]].place.area == "zone"
    assert refusing.command("no_claim").changed  # refused: the tile back, the table redrawn
    assert refusing.table.tiles[staged[0]].place.area == "rack"
    assert not refusing.command("no_claim").changed  # nothing staged, nothing played
