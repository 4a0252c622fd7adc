"""Concealed and added kongs, timing and placement (REFERENCE.md section 8; DECISIONS 13-15)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.notation import answer, hand, reason
from tilewise.rules.state import ScenarioError

RACK = "4B 5B 6B 1C 2C 3C 7D 7D 7D 7D S S RD GD"


def own_turn(rack: str = RACK, after: str = "wall", **extra: Any) -> dict[str, Any]:
    return {"phase": "play", "hands": {"N": hand(rack)}, "last_discard": None,
            "turn": {"seat": "N", "stage": "discard", "after": after}, **extra}


def concealed(tile: str = "7D", seat: str = "N") -> dict[str, Any]:
    return {"type": "kong_concealed", "seat": seat, "tile": tile}


def test_concealed_kong_layout() -> None:
    assert answer("wsm", own_turn(), concealed()) == {
        "legal": True, "reason": None, "supplement": True,
        "meld": {"kind": "kong_concealed", "tiles": ["7D"] * 4, "from": None, "rotated": None,
                 "face_down": [0, 3]}}


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (own_turn(after="deal"), concealed(), None),
        (own_turn(after="supplement"), concealed(), None),
        (own_turn(after="pong"), concealed(), "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM"),
        (own_turn(after="chi"), concealed(), "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM"),
        (own_turn(), concealed(seat="S"), "KONG_ONLY_ON_OWN_TURN"),
        ({**own_turn(), "turn": None}, concealed(), "KONG_ONLY_ON_OWN_TURN"),
        ({**own_turn(), "turn": {"seat": "N", "stage": "draw"}}, concealed(),
         "KONG_ONLY_ON_OWN_TURN"),
        (own_turn(phase="charleston"), concealed(), "WRONG_PHASE"),
        (own_turn(dead=["N"]), concealed(), "DEAD_HAND"),
        (own_turn(RACK + " 9D"), concealed(), "LONG_HAND"),
        (own_turn(), concealed("8D"), "TILE_NOT_IN_HAND"),
        (own_turn(), concealed("S"), "KONG_NEEDS_TRIPLET"),
    ],
)
def test_concealed_kong_refusals(state: dict[str, Any], action: dict[str, Any],
                                 why: str | None) -> None:
    assert reason("wsm", state, action) == why


def test_kongs_are_wsm_actions() -> None:
    with pytest.raises(ScenarioError, match="wsm"):
        answer("american", own_turn(), concealed())


def pong(source: str, rotated: int | None) -> dict[str, Any]:
    return {"kind": "pong", "tiles": ["8C"] * 3, "from": source, "rotated": rotated,
            "face_down": []}


WEST = "1B 2B 3B 8C 4D 5D 6D S S WD WD"


def added(end: str, tile: str = "8C") -> dict[str, Any]:
    return {"type": "kong_added", "seat": "W", "tile": tile, "end": end}


def west(source: str, rotated: int | None, rack: str = WEST, **extra: Any) -> dict[str, Any]:
    return {"phase": "play", "hands": {"W": hand(rack)}, "melds": {"W": [pong(source, rotated)]},
            "turn": {"seat": "W", "stage": "discard", "after": "wall"}, **extra}


@pytest.mark.parametrize(
    ("source", "rotated", "end", "why", "now"),
    [
        ("S", 0, "right", None, 0),
        ("S", 0, "left", "ADDED_TILE_PLACEMENT", None),
        ("N", 2, "left", None, 3),
        ("N", 2, "right", "ADDED_TILE_PLACEMENT", None),
        ("E", 1, "left", None, 2),
        ("E", 1, "right", None, 1),
        ("E", None, "left", None, None),
    ],
)
def test_added_kong_placement(source: str, rotated: int | None, end: str, why: str | None,
                              now: int | None) -> None:
    result = answer("wsm", west(source, rotated), added(end))
    assert result["reason"] == why
    if why is None:
        assert result["meld"] == {"kind": "kong_added", "tiles": ["8C"] * 4, "from": source,
                                  "rotated": now, "face_down": []}
        assert result["robbable"] is False and result["supplement"] is True


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (west("S", 0, after="pong"), added("right"), None),
        ({**west("S", 0), "turn": {"seat": "W", "stage": "discard", "after": "pong"}},
         added("right"), "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM"),
        (west("S", 0, WEST.replace("8C", "9C")), added("right"), "TILE_NOT_IN_HAND"),
        (west("S", 0, WEST.replace("8C", "9C")), added("right", "9C"), "KONG_NEEDS_TRIPLET"),
    ],
)
def test_added_kong_refusals(state: dict[str, Any], action: dict[str, Any],
                             why: str | None) -> None:
    assert reason("wsm", state, action) == why


def test_added_kong_needs_an_end() -> None:
    with pytest.raises(ScenarioError, match="end"):
        answer("wsm", west("S", 0), added("middle"))


@pytest.mark.parametrize(
    ("others", "robbable"),
    [
        ({"N": "1C 2C 4B 5B 6B 7D 8D 9D GD GD GD S S"}, True),
        ({"N": "1C 2C 4B 5B 6B 7D 8D 9D GD GD GD S E"}, False),
        ({"N": "1C 2C 4B 5B 6B 7D 8D 9D GD GD GD S"}, False),  # short: cannot win
        ({"E": "1C 2C 4B 5B 6B 7D 8D 9D GD GD GD S S"}, True),
    ],
)
def test_robbable(others: dict[str, str], robbable: bool) -> None:
    state = west("E", 1)
    state["hands"].update({seat: hand(rack) for seat, rack in others.items()})
    state["melds"]["W"][0]["tiles"] = ["3C"] * 3
    rack = WEST.replace("8C", "3C")
    state["hands"]["W"] = hand(rack)
    assert answer("wsm", state, added("left", "3C"))["robbable"] is robbable


def test_dead_hand_cannot_rob() -> None:
    state = west("E", 1, dead=["N"])
    state["hands"]["N"] = hand("1C 2C 4B 5B 6B 7D 8D 9D GD GD GD S S")
    state["melds"]["W"][0]["tiles"] = ["3C"] * 3
    state["hands"]["W"] = hand(WEST.replace("8C", "3C"))
    assert answer("wsm", state, added("left", "3C"))["robbable"] is False


@pytest.mark.parametrize("tile", ["8C", "J"])
def test_an_american_exposure_never_grows(tile: str) -> None:
    """NMJL: a pung does not become a kong later, with the fourth tile or with a joker
    (EXPOSURE_CANNOT_GROW, the tile named); a bad seat is still a scenario error."""
    state = west("S", 0, WEST.replace("S S", "S J"))
    state["melds"]["W"][0]["kind"] = "pung"
    result = answer("american", state, added("right", tile))
    assert result == {"legal": False, "reason": "EXPOSURE_CANNOT_GROW", "tiles": [tile]}
    with pytest.raises(ScenarioError):
        answer("american", state, {**added("right", tile), "seat": "X"})
