"""The edges a careful referee gets right (issue 14; DECISIONS 20-25), beyond the shared cases.

``tests/referee/cases/edges.json`` holds the scenarios in the shared format (``make referee``
runs them too); the tests here check what a case file cannot say (a field that must be absent,
the practice table and the referee giving one answer, the hint path and the judge agreeing).
"""

from __future__ import annotations

import json
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.rules.notation import answer, hand, reason
from tilewise.rules.charleston import CharlestonTable, check_pass
from tilewise.rules.claims import possible_claims
from tilewise.rules.referee import judge, matches
from tilewise.rules.state import Meld, ScenarioError, Table, next_live, parse_meld
from tilewise.rules.tiles import TileError, check_supply, describe

EDGES = json.loads((ROOT / "tests" / "referee" / "cases" / "edges.json").read_text("utf-8"))


@pytest.mark.parametrize("case", [pytest.param(case, id=case["id"]) for case in EDGES])
def test_edge_case(case: dict[str, Any]) -> None:
    result = judge(case)
    for key, expected in case["expect"].items():
        assert key in result and matches(expected, result[key], key), (case["id"], result)


# -- DECISIONS 23: supply ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "tile", "count", "limit"),
    [
        (Counter({"F3": 2}), "F3", 2, 1),
        (Counter({"F1": 1, "F": 8}), "F", 9, 8),
        (Counter({"F1": 1, "F2": 1, "F": 1}), None, 0, 0),
    ],
)
def test_flower_faces_once_each(counts: Counter[str], tile: str | None, count: int,
                                limit: int) -> None:
    if tile is None:
        check_supply(counts, "american")
        return
    with pytest.raises(TileError) as caught:
        check_supply(counts, "american")
    assert (caught.value.reason, caught.value.tile, caught.value.count, caught.value.limit) == (
        "TILE_SUPPLY_EXCEEDED", tile, count, limit)


def test_a_flower_face_is_not_in_the_wsm_set() -> None:
    with pytest.raises(TileError, match="TILE_NOT_IN_SET: F"):
        check_supply(Counter({"F2": 1}), "wsm")


PONG = {"kind": "pong", "tiles": ["6D"] * 3, "from": "N", "rotated": 1}


@pytest.mark.parametrize(
    ("melds", "kind", "six_dots"),
    [
        ([PONG], "added", 4),  # pong + the tile in flight
        ([{**PONG, "kind": "kong_added", "tiles": ["6D"] * 4}], "added", 4),  # written as four
        ([{"kind": "kong_concealed", "tiles": ["6D"] * 4, "face_down": [0, 3]}], "concealed", 4),
        ([], "concealed", 1),  # nothing in the melds yet: the tile still counts
    ],
)
def test_the_pending_kong_tile_counts_once(melds: list[dict[str, Any]], kind: str,
                                           six_dots: int) -> None:
    state = {"melds": {"S": melds}, "pending_kong": {"seat": "S", "tile": "6D", "kind": kind}}
    assert Table("wsm", state).tile_counts()["6D"] == six_dots


def test_faces_are_counted_as_written() -> None:
    table = Table("american", {"hands": {"E": ["F1", "F"]}, "discards": {"S": ["F2"]},
                               "last_discard": {"tile": "F3", "by": "W"},
                               "melds": {"N": [{"kind": "pung", "tiles": ["F4", "F5", "J"]}]}})
    assert table.written_counts() == Counter(
        {"F1": 1, "F": 1, "F2": 1, "F3": 1, "F4": 1, "F5": 1, "J": 1})
    assert table.tile_counts() == Counter({"F": 6, "J": 1})


# -- the hint path and the judge agree ------------------------------------------------------

FIFTH: dict[str, Any] = {"phase": "play", "hands": {"S": hand("5D 5D 5D 1B 2B 3B 4C 5C 6C 7D 8D 9D E"),
                                    "W": hand("5D 1B 2B 3B 4C 5C 6C 7D 8D 9D E E S")},
         "discards": {"E": ["5D"]}, "last_discard": {"tile": "5D", "by": "E"},
         "turn": {"seat": "S", "stage": "draw"}}


def test_possible_claims_offers_nothing_the_judge_refuses_on_supply() -> None:
    """Five 5 dots (three in South's hand, West's one, East's discard): the judge refuses every
    claim with TILE_SUPPLY_EXCEEDED, so no claim is offered."""
    pong = {"type": "claim", "seat": "S", "claim": "pong", "tiles": ["5D", "5D"]}
    assert reason("wsm", FIFTH, pong) == "TILE_SUPPLY_EXCEEDED"
    assert possible_claims(FIFTH, "wsm") == []
    legal = {**FIFTH, "hands": {"S": FIFTH["hands"]["S"]}}
    offered = possible_claims(legal, "wsm")
    assert {"type": "claim", "seat": "S", "claim": "pong", "tiles": ["5D", "5D"]} in offered
    assert all(answer("wsm", legal, action)["legal"] for action in offered)


def test_possible_claims_on_an_unreadable_tile_is_empty() -> None:
    state = {**FIFTH, "hands": {"S": ["5d"]}}
    assert reason("wsm", state, {"type": "claim", "seat": "S", "claim": "win"}) == "UNKNOWN_TILE"
    assert possible_claims(state, "wsm") == []


# -- the practice Charleston and the referee give one answer -----------------------------------

HANDS = {"E": hand("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C"),
         "S": hand("1D 2D 3D 4D 5D 6D 7D 8D 9D E S W N"),
         "W": hand("6C 7C 8C 9C RD RD RD GD GD GD WD WD WD"),
         "N": hand("F F F F J J J J E S W N 1C")}


@pytest.mark.parametrize(
    ("step", "tiles", "blind", "why"),
    [
        ("courtesy", ["1B", "2B", "3B"], 0, "COURTESY_ACROSS_ONLY"),
        ("stop_vote", ["1B", "2B", "3B"], 0, "WRONG_PHASE"),
        ("play", ["1B", "2B", "3B"], 0, "WRONG_PHASE"),
        ("first_right", ["1B", "2B"], 1, "BLIND_NOT_ALLOWED"),
        ("first_left", ["1B"], 2, None),
    ],
)
def test_table_and_referee_agree_on_a_pass(step: str, tiles: list[str], blind: int,
                                           why: str | None) -> None:
    table = CharlestonTable(HANDS, step=step)
    state = table.state()
    action = {"type": "pass", "seat": "E", "tiles": tiles, "blind": blind}
    assert reason("american", state, action) == why
    assert table.commit("E", tiles, blind).reason == why


@pytest.mark.parametrize("blind", [True, False, 1.0, "1", None])
def test_blind_must_be_a_whole_number_in_both(blind: Any) -> None:
    """``True`` is not one blind tile: the referee cannot read it, and the table refuses the
    same way instead of treating it as 1."""
    state = CharlestonTable(HANDS, step="first_left").state()
    with pytest.raises(ScenarioError, match="blind"):
        answer("american", state, {"type": "pass", "seat": "E", "tiles": ["1B", "2B"],
                                   "blind": blind})
    table = CharlestonTable(HANDS, step="first_left")
    with pytest.raises(ScenarioError, match="blind"):
        table.commit("E", ["1B", "2B"], blind)
    with pytest.raises(ScenarioError, match="blind"):
        check_pass("first_left", HANDS["E"], ["1B", "2B"], blind)
    assert table.hands == {seat: list(tiles) for seat, tiles in HANDS.items()}


@pytest.mark.parametrize("vote", [1, 0, None, "yes"])
def test_a_vote_must_be_a_real_bool_in_both(vote: Any) -> None:
    table = CharlestonTable(HANDS, step="stop_vote")
    with pytest.raises(ScenarioError, match="true or false"):
        table.vote("E", vote)
    with pytest.raises(ScenarioError, match="true or false"):
        answer("american", table.state(), {"type": "vote", "seat": "E", "continue": vote})


# -- a claimed flower keeps its faces ----------------------------------------------------------


def test_joker_exchange_keeps_flower_faces() -> None:
    state = {"phase": "play", "hands": {"S": hand("F6 1B 1B 1B 2C 2C 2C 3D 3D 3D N N E E")},
             "melds": {"W": [{"kind": "kong", "tiles": ["F1", "F2", "J", "J"], "from": "E"}]},
             "turn": {"seat": "S", "stage": "discard", "after": "wall"}}
    action = {"type": "joker_exchange", "seat": "S", "tile": "F", "target": {"seat": "W",
                                                                           "meld": 0}}
    assert answer("american", state, action)["meld"]["tiles"] == ["F6", "F1", "F2", "J"]


def test_a_pung_named_with_faces_the_hand_lacks_shows_the_hand_s_faces() -> None:
    state = {"phase": "play", "hands": {"S": hand("F2 F5 1B 1B 1B 2C 2C 2C 3D 3D 3D N N")},
             "last_discard": {"tile": "F", "by": "E"}, "turn": {"seat": "S", "stage": "draw"}}
    action = {"type": "claim", "seat": "S", "claim": "pung", "tiles": ["F1", "F5"]}
    assert answer("american", state, action)["meld"]["tiles"] == ["F", "F2", "F5"]


# -- DECISIONS 24-25 ---------------------------------------------------------------------------


def test_a_false_win_at_a_wsm_table_does_not_kill_the_hand() -> None:
    wsm = next(case for case in EDGES if case["id"] == "E14-70")
    assert "hand_dead" not in judge(wsm)
    american = next(case for case in EDGES if case["id"] == "E14-68")
    assert judge(american)["hand_dead"] is True


@pytest.mark.parametrize(
    ("ruleset", "dead", "after_e"),
    [("american", ["S"], "W"), ("american", ["S", "W"], "N"), ("american", ["S", "W", "N"], "S"),
     ("wsm", ["S"], "S")],
)
def test_next_live(ruleset: str, dead: list[str], after_e: str) -> None:
    assert next_live(Table(ruleset, {"dead": dead}), "E") == after_e


def test_describe_never_recurses() -> None:
    assert describe((1, 2)) == "a tuple"
    assert describe({"a": [1]}) == "an object"
    assert describe("x" * 100) == "'" + "x" * 36 + "..."
    assert describe(None) == "None"


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        ({"kind": "chi", "tiles": ["1B", "2B"]}, "3 tiles, not 2"),
        ({"kind": "sextet", "tiles": ["J"] * 5}, "6 tiles, not 5"),
        ({"kind": ["pong"], "tiles": ["1B"] * 3}, "unknown meld kind a list"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "face_down": [-1]}, "face_down"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "face_down": [3]}, "face_down"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "face_down": {}}, "face_down"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "face_down": ()}, "face_down"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "rotated": True}, "rotated index True"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "rotated": 3}, "rotated index 3"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "from": "X"}, "from must be one of"),
        ({"kind": "pong", "tiles": ["1B"] * 3, "from": ["E"]}, "from must be one of"),
    ],
)
def test_meld_shapes(meld: dict[str, Any], words: str) -> None:
    with pytest.raises(ScenarioError, match=words):
        Table("american", {"melds": {"E": [meld]}})


class Word(str):
    """A string of another kind than JSON's."""


def test_a_meld_read_from_strings_of_another_kind_is_the_same_meld() -> None:
    plain = parse_meld({"kind": "kong_big", "tiles": ["F2", "F"] * 2, "from": "N",
                        "rotated": 1, "face_down": [0, 3]})
    other = parse_meld(MappingProxyType({"kind": Word("kong_big"), "tiles": ["F2", "F"] * 2,
                                         "from": Word("N"), "rotated": 1, "face_down": [0, 3]}))
    assert plain == other == Meld("kong_big", ("F",) * 4, "N", 1, (0, 3))
    assert plain.written == other.written == ("F2", "F", "F2", "F")
    assert type(other.source) is str and plain.to_dict() == other.to_dict()
    with pytest.raises(AttributeError):
        plain.rotated = 2  # type: ignore[misc]


def test_shown_takes_the_hand_s_faces_then_the_names() -> None:
    table = Table("american", {"hands": {"S": ["F1", "F4", "1B"]}})
    assert table.shown("S", ["F4", "F", "F", "1B", "2B"]) == ["F4", "F1", "F", "1B", "2B"]
    assert table.shown("N", ["F2"]) == ["F2"]
