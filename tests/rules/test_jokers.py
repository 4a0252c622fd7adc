"""Jokers: groups, the practice card, joker exchange (REFERENCE.md section 5; DECISIONS 6-7)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.notation import answer, hand, reason
from tilewise.rules.jokers import card_line_for, group_reason, line_fits
from tilewise.rules.state import CardGroup, Meld, ScenarioError


def group(kind: str, tiles: str) -> dict[str, Any]:
    return {"type": "group", "tiles": hand(tiles), "as": kind}


@pytest.mark.parametrize(
    ("ruleset", "kind", "tiles", "why"),
    [
        ("american", "pung", "5B 5B J", None),
        ("american", "pong", "5B 5B 5B", None),
        ("american", "kong", "J J J J", None),
        ("american", "quint", "E E E J J", None),
        ("american", "sextet", "F F F F J J", None),
        ("american", "sextet", "F1 F2 F3 F4 J J", None),
        ("american", "pair", "RD RD", None),
        ("american", "news", "N E W S", None),
        ("american", "run", "2B 3B 4B 5B", None),
        ("wsm", "chi", "3D 4D 5D", None),
        ("american", "pair", "F J", "JOKER_ONLY_IN_IDENTICAL_GROUPS"),
        ("american", "run", "1B 2B J 4B 5B", "JOKER_ONLY_IN_IDENTICAL_GROUPS"),
        ("american", "news", "N J W S", "JOKER_ONLY_IN_IDENTICAL_GROUPS"),
        ("american", "chi", "1C J 3C", "JOKER_ONLY_IN_IDENTICAL_GROUPS"),
        ("american", "pung", "7C 7C WD", "GROUP_TILES_DIFFER"),
        ("american", "pung", "7C 7C F", "GROUP_TILES_DIFFER"),
        ("american", "pung", "7C 7C", "GROUP_TILES_DIFFER"),
        ("american", "kong", "7C 7C 7C 7C J", "GROUP_TILES_DIFFER"),
        ("american", "pair", "RD GD", "GROUP_TILES_DIFFER"),
        ("american", "news", "N E W W", "GROUP_TILES_DIFFER"),
        ("wsm", "chi", "RD GD WD", "CHI_NOT_A_SEQUENCE"),
        ("wsm", "chi", "8C 9C 1D", "CHI_NOT_A_SEQUENCE"),
        ("wsm", "chi", "2B 3B 4B 5B", "CHI_NOT_A_SEQUENCE"),
        ("american", "run", "1B 3B", "CHI_NOT_A_SEQUENCE"),
        ("wsm", "pung", "5B 5B J", "TILE_NOT_IN_SET"),
        ("american", "quint", "5B 5B 5B 5B 5B", "TILE_SUPPLY_EXCEEDED"),
        ("american", "pung", "R R R", "UNKNOWN_TILE"),
    ],
)
def test_groups(ruleset: str, kind: str, tiles: str, why: str | None) -> None:
    assert reason(ruleset, {"phase": "play"}, group(kind, tiles)) == why


def test_group_scenario_errors() -> None:
    with pytest.raises(ScenarioError, match="unknown group kind"):
        group_reason("year", hand("2B WD 2B 5B"))
    with pytest.raises(ScenarioError, match="as"):
        answer("american", {}, {"type": "group", "tiles": ["1B"]})


# A small practice card in the shape lesson packs use (not any league's card).
CARD = [
    [("pung", "2B 2B 2B"), ("pung", "4B 4B 4B"), ("pung", "6B 6B 6B"), ("pung", "8B 8B 8B"),
     ("pair", "F F")],
    [("kong", "1C 1C 1C 1C"), ("kong", "2D 2D 2D 2D"), ("news", "N E W S"), ("pair", "F F")],
    [("pair", "5C 5C"), ("kong", "3D 3D 3D 3D"), ("quint", "7D 7D 7D 7D 7D"),
     ("pung", "WD WD WD")],
]
LINES = [tuple(CardGroup(kind, tuple(hand(tiles))) for kind, tiles in line) for line in CARD]
STATE_CARD = [[{"kind": kind, "tiles": hand(tiles)} for kind, tiles in line] for line in CARD]


@pytest.mark.parametrize(
    ("concealed", "melds", "line"),
    [
        ("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B F F", [], 0),
        ("4B 4B 4B 6B 6B 6B 8B 8B 8B F F J J J", [], 0),  # a pung of jokers (JK-10)
        ("6B 6B 6B 8B 8B J F F", [("pung", "2B 2B J"), ("pung", "4B 4B 4B")], 0),
        ("1C 1C 1C J 2D 2D J J N E W S F F", [], 1),
        ("5C 5C 3D 3D 3D 3D 7D 7D J J J WD WD J", [], 2),
        ("5C 5C J J J J WD WD WD", [("quint", "7D 7D 7D 7D J")], 2),
        ("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B F J", [], None),  # joker in the pair
        ("1C 1C 1C 1C 2D 2D 2D 2D S W N F F J", [], None),  # joker for a NEWS wind
        ("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B F", [], None),  # too few tiles
        ("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B 1C 1C", [], None),  # stray tiles
        ("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B J J", [], None),
        ("6B 6B 6B 8B 8B 8B F F", [("pung", "2B 2B 2B"), ("pung", "3B 3B 3B")], None),
        ("6B 6B 6B 8B 8B 8B F F", [("pung", "2B 2B 2B"), ("kong", "4B 4B 4B J")], None),
        ("2B 2B 2B 6B 6B 6B 8B 8B 8B F F", [("pung", "J J J")], None),
    ],
)
def test_card_lines(concealed: str, melds: list[tuple[str, str]], line: int | None) -> None:
    exposed = [Meld(kind, tuple(hand(tiles)), "E") for kind, tiles in melds]
    assert card_line_for(LINES, hand(concealed), exposed) == line


def test_line_fits_counts_tiles() -> None:
    assert not line_fits(LINES[0], hand("2B 2B"), [])


def turn_state(hand_s: str, meld: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"phase": "play", "hands": {"S": hand(hand_s)}, "melds": {"N": [meld]},
            "turn": {"seat": "S", "stage": "discard", "after": "wall"}, **extra}


def exchange(tile: str, seat: str = "S", meld: int = 0) -> dict[str, Any]:
    return {"type": "joker_exchange", "seat": seat, "tile": tile,
            "target": {"seat": "N", "meld": meld}}


PUNG_J = {"kind": "pung", "tiles": ["6D", "6D", "J"], "from": "W", "rotated": None,
          "face_down": []}
RACK = "2B 2B 4B 4B 7C 7C 7C 9C 1D 6D RD GD F F"


def test_exchange_result_meld() -> None:
    result = answer("american", turn_state(RACK, PUNG_J), exchange("6D"))
    assert result["meld"] == {"kind": "pung", "tiles": ["6D", "6D", "6D"], "from": "W",
                              "rotated": None, "face_down": []}


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (turn_state(RACK, PUNG_J, phase="charleston"), exchange("6D"), "WRONG_PHASE"),
        ({**turn_state(RACK, PUNG_J), "turn": {"seat": "S", "stage": "draw"}}, exchange("6D"),
         "JOKER_EXCHANGE_NOT_YOUR_TURN"),
        ({**turn_state(RACK, PUNG_J), "turn": None}, exchange("6D"),
         "JOKER_EXCHANGE_NOT_YOUR_TURN"),
        (turn_state(RACK, PUNG_J, dead=["S"]), exchange("6D"), "DEAD_HAND"),
        (turn_state(RACK.replace("6D", "J"), PUNG_J), exchange("J"), "NO_REVERSE_EXCHANGE"),
        (turn_state(RACK, {**PUNG_J, "tiles": ["6D"] * 3}), exchange("6D"), "NO_JOKER_IN_MELD"),
        (turn_state(RACK.replace("6D", "6B"), PUNG_J), exchange("6B"),
         "JOKER_EXCHANGE_TILE_MISMATCH"),
        (turn_state(RACK.replace("6D", "3D"), PUNG_J), exchange("6D"), "TILE_NOT_IN_HAND"),
        (turn_state(RACK.replace("6D", "3D"), PUNG_J, last_discard={"tile": "6D", "by": "E"},
                    next_drawn=True), exchange("6D"), "DISCARD_CANNOT_REDEEM_JOKER"),
        (turn_state(RACK.replace("6D", "3D"), PUNG_J, last_discard={"tile": "6D", "by": "S"}),
         exchange("6D"), "TILE_NOT_IN_HAND"),
        (turn_state(RACK.replace("6D", "3D"), PUNG_J, last_discard={"tile": "5D", "by": "E"}),
         exchange("6D"), "TILE_NOT_IN_HAND"),
        (turn_state(RACK, {**PUNG_J, "tiles": ["J", "J", "J"]}), exchange("6D"),
         "JOKER_EXCHANGE_TILE_MISMATCH"),
    ],
)
def test_exchange_refusals(state: dict[str, Any], action: dict[str, Any], why: str) -> None:
    assert reason("american", state, action) == why


@pytest.mark.parametrize(
    "action",
    [{**exchange("6D"), "target": "N"}, exchange("6D", meld=1),
     {**exchange("6D"), "target": {"seat": "N", "meld": "0"}}],
)
def test_exchange_needs_a_real_target(action: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError):
        answer("american", turn_state(RACK, PUNG_J), action)


def test_several_exchanges_in_one_turn() -> None:
    """DECISIONS 7: several per turn: the state after one exchange allows the next."""
    kong = {**PUNG_J, "kind": "kong", "tiles": ["6D", "6D", "J", "J"]}
    rack = "2B 2B 4B 4B 7C 7C 7C 9C 6D 6D RD GD F F"
    first = answer("american", turn_state(rack, kong), exchange("6D"))
    assert first["meld"]["tiles"] == ["6D", "6D", "6D", "J"]
    after = turn_state(rack.replace("6D 6D", "6D J"), first["meld"])
    assert answer("american", after, exchange("6D"))["meld"]["tiles"] == ["6D"] * 4


def test_state_card_reaches_the_judge() -> None:
    state = {"phase": "play", "hands": {"S": hand("4B 4B 4B 6B 6B 6B 8B 8B 8B F F J J J")},
             "turn": {"seat": "S", "stage": "discard", "after": "wall"}, "card": STATE_CARD}
    assert answer("american", state, {"type": "declare_win", "seat": "S"})["self_drawn"] is True
