"""Reading a scenario's state: shapes, missing keys, tile counts (PROTOCOL.md "State")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.notation import hand
from tilewise.rules.state import Discard, Meld, ScenarioError, Table
from tilewise.rules.tiles import TileError

PONG = {"kind": "pong", "tiles": ["8C", "8C", "8C"], "from": "S", "rotated": 0, "face_down": []}


@pytest.mark.parametrize(
    ("ruleset", "state", "message"),
    [
        ("riichi", {}, "unknown ruleset"),
        ("wsm", [], "state must be an object"),
        ("wsm", {"dealer": "X"}, "dealer"),
        ("wsm", {"phase": "endgame"}, "unknown phase"),
        ("wsm", {"step": 3}, "step"),
        ("wsm", {"hands": {"Q": []}}, "a seat in hands"),
        ("wsm", {"hands": []}, "hands must be an object"),
        ("wsm", {"melds": {"E": {}}}, "melds per seat"),
        ("wsm", {"melds": {"E": [{"kind": "triple", "tiles": []}]}}, "unknown meld kind"),
        ("wsm", {"melds": {"E": [{**PONG, "from": "X"}]}}, "from"),
        ("wsm", {"melds": {"E": [{**PONG, "rotated": 3}]}}, "rotated"),
        ("wsm", {"melds": {"E": [{**PONG, "rotated": True}]}}, "rotated"),
        ("wsm", {"melds": {"E": [{**PONG, "face_down": [0.5]}]}}, "face_down"),
        ("wsm", {"melds": {"E": [{**PONG, "face_down": 0}]}}, "face_down"),
        ("wsm", {"last_discard": {"tile": "1B", "by": "Z"}}, "last_discard.by"),
        ("wsm", {"last_discard": "1B"}, "last_discard must be an object"),
        ("wsm", {"turn": {"seat": "E", "stage": "wait"}}, "turn stage"),
        ("wsm", {"turn": {"seat": "E", "after": "magic"}}, "turn stage"),
        ("wsm", {"turn": {"stage": "draw"}}, "turn.seat"),
        ("wsm", {"pending_kong": {"seat": "E", "tile": "1B", "kind": "big"}}, "pending_kong"),
        ("wsm", {"dead": "W"}, "dead must be a list"),
        ("wsm", {"dead": ["X"]}, "dead"),
        ("american", {"card": {}}, "card must be a list"),
        ("american", {"card": [{}]}, "card line"),
        ("american", {"card": [[{"tiles": ["1B"]}]]}, "kind"),
        ("american", {"card": [[[]]]}, "card group must be an object"),
    ],
)
def test_unreadable_states(ruleset: str, state: Any, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        Table(ruleset, state)


def test_unknown_tile_in_state_is_a_tile_error() -> None:
    with pytest.raises(TileError):
        Table("wsm", {"hands": {"E": ["1B", "X"]}})


def test_fields_and_defaults() -> None:
    table = Table("wsm", {})
    assert table.dealer == "E" and table.phase is None and table.turn is None
    assert table.last_discard is None and not table.has_last_discard
    assert not table.next_drawn and table.dead == frozenset()
    full = Table("wsm", {
        "dealer": "S", "phase": "play", "melds": {"W": [PONG]},
        "last_discard": {"tile": "1B", "by": "N"}, "turn": {"seat": "E"},
        "pending_kong": {"seat": "W", "tile": "8C", "kind": "added"}, "dead": ["N"],
    })
    assert full.melds_of("W") == [Meld("pong", ("8C",) * 3, "S", 0, ())]
    assert full.melds_of("E") == []
    assert full.last_discard == Discard("1B", "N")
    assert full.turn is not None and (full.turn.stage, full.turn.after) == ("draw", "wall")
    assert full.pending_kong is not None and full.pending_kong.kind == "added"


@pytest.mark.parametrize(
    ("accessor", "message"),
    [("need_hand", "no hand for E"), ("need_card", "card"), ("need_step", "step")],
)
def test_missing_keys(accessor: str, message: str) -> None:
    table = Table("american", {})
    with pytest.raises(ScenarioError, match=message):
        getattr(table, accessor)(*(("E",) if accessor == "need_hand" else ()))


@pytest.mark.parametrize(
    ("state", "count_4b"),
    [
        ({"hands": {"E": hand("4B 4B")}, "last_discard": {"tile": "4B", "by": "S"}}, 3),
        ({"discards": {"S": ["4B"]}, "last_discard": {"tile": "4B", "by": "S"}}, 1),
        ({"discards": {"S": ["4B", "1C"]}, "last_discard": {"tile": "4B", "by": "S"}}, 2),
        # claimed: the discard now lies in the claimant's meld
        ({"melds": {"W": [{**PONG, "tiles": ["4B"] * 3, "from": "S"}]},
          "last_discard": {"tile": "4B", "by": "S"},
          "turn": {"seat": "W", "stage": "discard", "after": "pong"}}, 3),
        # not claimed by the turn seat: counted
        ({"melds": {"W": [{**PONG, "tiles": ["4B"] * 3, "from": "N"}]},
          "last_discard": {"tile": "4B", "by": "S"},
          "turn": {"seat": "W", "stage": "discard", "after": "pong"}}, 4),
        ({"melds": {"W": [{**PONG, "tiles": ["4B"] * 3, "from": "S"}]},
          "last_discard": {"tile": "4B", "by": "S"},
          "turn": {"seat": "W", "stage": "discard", "after": "wall"}}, 4),
    ],
)
def test_tile_counts(state: dict[str, Any], count_4b: int) -> None:
    assert Table("wsm", state).tile_counts()["4B"] == count_4b


def test_tile_count_per_ruleset() -> None:
    kong = {"kind": "kong", "tiles": ["6D"] * 3 + ["J"], "from": "W"}
    big = {"kind": "kong_big", "tiles": ["6D"] * 4, "from": "W"}
    assert Table("american", {"hands": {"S": hand("1B 2B")}, "melds": {"S": [kong]}}) \
        .tile_count("S") == 6
    assert Table("wsm", {"hands": {"S": hand("1B 2B")}, "melds": {"S": [big]}}) \
        .tile_count("S") == 5
    assert Meld("kong_big", ("6D",) * 4).is_kong and not Meld("pong", ("6D",) * 3).is_kong
