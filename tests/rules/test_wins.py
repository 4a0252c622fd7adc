"""Winning hands, self-drawn wins, dead/long/short hands (REFERENCE.md sections 9-10;
DECISIONS 16-18)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.notation import answer, hand, reason
from tilewise.rules.state import Meld, ScenarioError
from tilewise.rules.tiles import is_sequence
from tilewise.rules.wins import wsm_winning_split


@pytest.mark.parametrize(
    ("tiles", "split"),
    [
        # INPUTS 9b: the pair comes out of a triplet
        ("1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E",
         ["1B 1B", "1B 2B 3B", "4C 5C 6C", "7D 8D 9D", "E E E"]),
        ("1B 1B 4B 4B 7C 7C 9C 9C 2D 2D E E RD RD",
         ["1B 1B", "4B 4B", "7C 7C", "9C 9C", "2D 2D", "E E", "RD RD"]),
        ("1B 1B 1B 1B 7C 7C 9C 9C 2D 2D E E RD RD",
         ["1B 1B", "1B 1B", "7C 7C", "9C 9C", "2D 2D", "E E", "RD RD"]),
        ("1B 9B 1C 9C 1D 9D E S W N RD GD WD WD",
         ["WD WD", "1B", "9B", "1C", "9C", "1D", "9D", "E", "S", "W", "N", "RD", "GD"]),
    ],
)
def test_winning_splits(tiles: str, split: list[str]) -> None:
    assert wsm_winning_split(hand(tiles)) == [tuple(hand(group)) for group in split]


@pytest.mark.parametrize(
    "tiles",
    ["1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B", "1B 2B 3B 1B 2B 3B 1B 2B 3B 7D 8D 9D N N",
     "2C 2C 2C 3C 3C 3C 4C 4C 4C 5C 5C 6C 7C 8C", "1D 1D 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 9D 9D"],
)
def test_ambiguous_hands_get_a_valid_split(tiles: str) -> None:
    split = wsm_winning_split(hand(tiles))
    assert split is not None
    assert sorted(tile for group in split for tile in group) == sorted(hand(tiles))
    pair, *sets = split
    assert len(pair) == 2 and pair[0] == pair[1]
    for group in sets:
        assert len(set(group)) == 1 or is_sequence(group)


@pytest.mark.parametrize(
    "tiles",
    ["1B 2B 3B 4C 5C 6C 7D 8D 9D E E E N S", "8C 9C 1D 2D 3D 4D 5D 6D 7D 8D 9D E E E",
     "1B 9B 1C 9C 1D 9D E S W N RD GD WD 5B", "1B 1B 4B 4B 7C 7C 9C 9C 2D 2D E E RD GD",
     "1B 2B 3B", "1B 1B 2B 2B 3B 3B 4B 4B 5B 5B 6B 6B 7B F"],
)
def test_not_winning(tiles: str) -> None:
    assert wsm_winning_split(hand(tiles)) is None


def test_exposed_sets_count() -> None:
    melds = [Meld("pong", ("WD",) * 3, "N", 1), Meld("chi", ("2C", "3C", "4C"), "E", 1)]
    assert wsm_winning_split(hand("5B 6B 7B 8D 8D 8D 9D 9D"), melds) == [
        ("9D", "9D"), ("5B", "6B", "7B"), ("8D", "8D", "8D"), ("WD",) * 3, ("2C", "3C", "4C")]
    assert wsm_winning_split(hand("1B 1B 4B 4B 7C 7C 9C 9C"), melds) is None


def declare(seat: str = "S") -> dict[str, Any]:
    return {"type": "declare_win", "seat": seat}


def own(rack: str, after: str = "wall", **extra: Any) -> dict[str, Any]:
    return {"phase": "play", "hands": {"S": hand(rack)},
            "turn": {"seat": "S", "stage": "discard", "after": after}, **extra}


WIN = "7B 8B 9B 1C 2C 3C 4D 5D 6D E E E RD RD"


@pytest.mark.parametrize(
    ("after", "self_drawn"),
    [("wall", True), ("supplement", True), ("deal", True), ("kong", False)],
)
def test_self_drawn(after: str, self_drawn: bool) -> None:
    assert answer("wsm", own(WIN, after), declare())["self_drawn"] is self_drawn


@pytest.mark.parametrize("after", ["chi", "pong"])
def test_no_win_declared_after_a_chi_or_pong_claim(after: str) -> None:
    """DECISIONS 21: after claiming chi or pong the claimant discards; a hand the discard
    completed is claimed as a win, under precedence, not declared after the lowest claim."""
    melds = {"S": [{"kind": "chi", "tiles": ["7B", "8B", "9B"], "from": "E", "rotated": 0}]
             if after == "chi" else
             [{"kind": "pong", "tiles": ["E", "E", "E"], "from": "E", "rotated": 0}]}
    rack = WIN.replace("7B 8B 9B ", "") if after == "chi" else WIN.replace("E E E ", "")
    state = own(rack, after, melds=melds, last_discard={"tile": "7B" if after == "chi" else "E",
                                                        "by": "E"})
    result = answer("wsm", state, declare())
    assert result == {"legal": False, "reason": "NOT_YOUR_TURN"}


def test_american_no_mah_jongg_declared_after_an_exposure() -> None:
    melds = {"S": [{"kind": "pung", "tiles": ["2B", "2B", "2B"], "from": "E"}]}
    state = {**own(DEALT[9:], "exposure", melds=melds), "card": CARD}
    assert reason("american", state, declare()) == "NOT_YOUR_TURN"
    state["turn"]["after"] = "wall"
    assert answer("american", state, declare())["self_drawn"] is True


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (own(WIN), declare("N"), "NOT_YOUR_TURN"),
        ({**own(WIN), "turn": None}, declare(), "NOT_YOUR_TURN"),
        ({**own(WIN), "turn": {"seat": "S", "stage": "draw"}}, declare(), "NOT_YOUR_TURN"),
        (own(WIN, phase="charleston"), declare(), "WRONG_PHASE"),
        (own(WIN, dead=["S"]), declare(), "DEAD_HAND"),
        (own(WIN + " 1B"), declare(), "LONG_HAND"),
        (own(WIN[3:]), declare(), "SHORT_HAND"),
        (own(WIN.replace("RD RD", "RD GD")), declare(), "NOT_A_WINNING_HAND"),
    ],
)
def test_declare_win_refusals(state: dict[str, Any], action: dict[str, Any], why: str) -> None:
    assert reason("wsm", state, action) == why


def test_american_win_needs_the_card() -> None:
    with pytest.raises(ScenarioError, match="card"):
        answer("american", own(WIN), declare())


CARD = [[{"kind": "pung", "tiles": [t] * 3} for t in ("2B", "4B", "6B", "8B")]
        + [{"kind": "pair", "tiles": ["F", "F"]}]]
DEALT = "2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B J F F"


@pytest.mark.parametrize(
    ("seat", "step", "rack", "why"),
    [
        ("E", "first_right", DEALT, None),
        ("S", "first_right", DEALT, "NOT_YOUR_TURN"),
        ("E", "first_across", DEALT, "WRONG_PHASE"),
        ("E", "first_right", DEALT[3:], "SHORT_HAND"),
        ("E", "first_right", DEALT.replace("J", "1C"), "NOT_A_WINNING_HAND"),
    ],
)
def test_heavenly_hand(seat: str, step: str, rack: str, why: str | None) -> None:
    """CH-22 (open point): the dealer may declare a dealt Mah Jongg before any pass."""
    state = {"phase": "charleston", "step": step, "card": CARD, "hands": {seat: hand(rack)}}
    result = answer("american", state, declare(seat))
    assert result["reason"] == why
    assert result.get("self_drawn", True) is True


def test_no_heavenly_hand_in_wsm() -> None:
    state = {"phase": "charleston", "step": "first_right", "hands": {"E": hand(WIN)}}
    assert reason("wsm", state, declare("E")) == "WRONG_PHASE"
