"""How a whole hand ended (``tilewise.lessons.hand.ending``) and the desk's last table: the
winner's hand read as the referee reads it (WSM split, American card line), the winning tile
marked, the racks shown face up (the winner's; every rack at a wall game); hands that do not
make what they are read as are refused."""

from __future__ import annotations

from collections import Counter

import pytest

from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.desk import HandDesk
from tilewise.lessons.hand.ending import (
    HandGroup,
    american_groups,
    hand_ending,
    winning_place,
    wsm_groups,
)
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.hand.partners import Partners
from tilewise.rules.seats import SEATS
from tilewise.rules.state import Meld

# Deals of four computer seats (seeds) that end each way, played once in the search that
# chose them: WSM 0 won on North's discard, WSM 10 self-drawn, American 0 called on South's
# discard, American 1 self-drawn, American 2 a wall game.
ENDS = [("wsm", 0, "discard"), ("wsm", 10, "self_drawn"), ("american", 0, "discard"),
        ("american", 1, "self_drawn"), ("american", 2, "wall_game")]


@pytest.mark.parametrize(("ruleset", "seed", "how"), ENDS)
def test_the_end_of_a_hand_shows_the_winners_sets(card: PracticeCard, ruleset: str, seed: int,
                                                   how: str) -> None:
    engine = HandEngine(ruleset, seed, card=card if ruleset == "american" else None)
    ending = hand_ending(engine)
    result = engine.result
    assert ending is not None and result is not None and ending.how == how
    if result.winner is None:
        assert ending.face_up == SEATS and ending.groups == () and ending.winning is None
        return
    seat = result.winner
    assert ending.face_up == (seat,) and ending.tile == result.tile
    assert ending.by == (None if result.self_drawn else result.by)
    hidden = [g for g in ending.groups if not g.exposed]
    assert Counter(ending.rack_order) == Counter(engine.hand(seat))
    assert [g.tiles for g in ending.groups if g.exposed] == [m.tiles for m in engine.melds(seat)]
    assert ending.winning is not None
    number, index = ending.winning
    assert ending.groups[number].tiles[index] == result.tile and not ending.groups[number].exposed
    if ruleset == "wsm":
        assert hidden[0].kind == "pair" and len(ending.groups) == 5
        assert {g.kind for g in ending.groups} <= {"pair", "chi", "pong", "kong"}
    else:
        assert ending.line == result.line is not None
        line = card.lines[result.line]
        assert sorted(g.kind for g in ending.groups) == sorted(g.kind for g in line.groups)


def test_the_desk_lays_the_winners_rack_set_by_set_and_marks_the_winning_tile(
        card: PracticeCard) -> None:
    engine = HandEngine("american", 0, card=card, learner="S")
    desk = HandDesk(engine)
    assert desk.ending is None and desk.face_up == () and desk.winning_tile is None
    while not engine.over:  # the learner lets everything go, discards what it drew
        allowed = engine.allowed("S")
        if "pass" in allowed or "vote" in allowed or "offer" in allowed:
            action, _why = Partners().decide(engine, "S")
            desk.play(action)
        elif "draw" in allowed:
            desk.command("draw")
        elif "no_claim" in allowed:
            desk.command("no_claim")
        else:
            desk.move(desk.table.rack("S")[-1], "discard")
    ending = desk.ending  # North calls East's discard for Mah Jongg
    assert ending is not None and ending.winner == "N" and desk.face_up == ("N",)
    table = desk.table
    rack = [table.tiles[i].code for i in table.rack(ending.winner)]
    assert rack == ending.rack_order
    marked = [t.id for t in table.tiles if t.arrived]
    assert marked == [desk.winning_tile] and table.tiles[marked[0]].code == ending.tile


def test_hands_that_do_not_make_their_reading_are_refused(card: PracticeCard) -> None:
    with pytest.raises(ValueError, match="does not win"):
        wsm_groups(["1B", "2B", "4B", "5B", "5B"], [Meld("pong", ("E",) * 3)] * 3)
    seven = wsm_groups(["1B", "1B", "3C", "3C", "5D", "5D", "E", "E", "N", "N", "RD", "RD",
                        "9B", "9B"], [])
    assert [g.kind for g in seven] == ["pair"] * 7
    orphans = ["1B", "9B", "1C", "9C", "1D", "9D", "E", "S", "W", "N", "RD", "GD", "WD", "WD"]
    assert [g.kind for g in wsm_groups(orphans, [])].count("single") == 12
    line = card.lines[0]  # FF 111B 333B 555B 777B
    made = american_groups(line, ["F", "F", "1B", "1B", "1B", "3B", "3B", "J", "5B", "5B",
                                  "5B", "7B", "7B", "7B"], [])
    assert made[2] == HandGroup("pung", ("3B", "3B", "J"))
    with pytest.raises(ValueError, match="exposure fits no group"):
        american_groups(line, ["F", "F"], [Meld("pung", ("9D",) * 3)])
    with pytest.raises(ValueError, match="lacks a F"):
        american_groups(line, ["F", "J", *["1B"] * 3, *["3B"] * 3, *["5B"] * 3, *["7B"] * 3],
                        [])
    with pytest.raises(ValueError, match="no place for"):
        american_groups(line, ["F", "F", "N", *["1B"] * 3, *["3B"] * 3, *["5B"] * 3,
                               *["7B"] * 3], [])
    assert winning_place(made, None) is None and winning_place(made, "9D") is None
    assert winning_place(made, "J") == (2, 2)
