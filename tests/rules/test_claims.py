"""Claims on a discard, the claim window, layouts and precedence (REFERENCE.md sections 6-8;
DECISIONS 8, 11-13, 15, 18)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.notation import answer, hand, reason
from tilewise.rules.claims import claim_rank, possible_claims, window_closed
from tilewise.rules.seats import SEATS, distance, relation, right_of
from tilewise.rules.state import Discard, ScenarioError, Table

SOUTH = "4B 5B 1C 2C 3C 7D 8D 9D N N W W E"  # South, waiting on 3B/6B for a chi


def wsm(hands: dict[str, str], tile: str = "6B", by: str = "E", **extra: Any) -> dict[str, Any]:
    return {"phase": "play", "hands": {s: hand(h) for s, h in hands.items()},
            "last_discard": {"tile": tile, "by": by}, "discards": {by: [tile]},
            "turn": {"seat": right_of(by), "stage": "draw"}, **extra}


def claim(seat: str, kind: str, tiles: str = "", **extra: Any) -> dict[str, Any]:
    return {"type": "claim", "seat": seat, "claim": kind, "tiles": hand(tiles), **extra}


def meld(kind: str, tiles: str, source: str | None, rotated: int | None) -> dict[str, Any]:
    return {"kind": kind, "tiles": hand(tiles), "from": source, "rotated": rotated,
            "face_down": []}


# -- layouts for every source seat (DECISIONS 13) -------------------------------------------

PAIRS = [(d, c) for d in SEATS for c in SEATS if d != c]


@pytest.mark.parametrize(("discarder", "claimant"), PAIRS)
def test_pong_and_big_kong_layouts(discarder: str, claimant: str) -> None:
    where = relation(discarder, claimant)
    rack = "8C 8C 8C 1B 2B 3B 4D 5D 6D S S WD WD"
    state = wsm({claimant: rack}, "8C", discarder)
    pong = answer("wsm", state, claim(claimant, "pong", "8C 8C"))
    assert pong["meld"] == meld("pong", "8C 8C 8C", discarder,
                                {"upper": 0, "opposite": 1, "lower": 2}[where])
    assert pong["next"] == right_of(claimant)
    kong = answer("wsm", state, claim(claimant, "kong", "8C 8C 8C"))
    assert kong["meld"] == meld("kong_big", "8C 8C 8C 8C", discarder,
                                {"upper": 0, "opposite": 1, "lower": 3}[where])
    assert kong["supplement"] is True


@pytest.mark.parametrize(("own", "rotated"), [("4B 5B", 0), ("2B 4B", 1), ("1B 2B", 2)])
def test_chi_layout_puts_the_claimed_tile_in_its_place(own: str, rotated: int) -> None:
    rack = f"{own} 1C 2C 3C 7D 8D 9D N N W W E"
    result = answer("wsm", wsm({"S": rack}, "3B"), claim("S", "chi", own))
    assert result["meld"]["tiles"] == sorted([*hand(own), "3B"])
    assert result["meld"]["rotated"] == rotated and result["next"] == "W"


# -- WSM refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (wsm({"W": SOUTH}), claim("W", "chi", "4B 5B"), "CHI_ONLY_FROM_UPPER_SEAT"),
        (wsm({"N": SOUTH}), claim("N", "chi", "4B 5B"), "CHI_ONLY_FROM_UPPER_SEAT"),
        (wsm({"S": SOUTH}), claim("S", "chi", "4B 7D"), "CHI_NOT_A_SEQUENCE"),
        (wsm({"S": SOUTH}), claim("S", "chi", "4B"), "CHI_NOT_A_SEQUENCE"),
        (wsm({"S": SOUTH}, "W"), claim("S", "chi", "N E"), "CHI_NOT_A_SEQUENCE"),
        (wsm({"S": SOUTH}, "6B"), claim("S", "chi", "5B 7B"), "TILE_NOT_IN_HAND"),
        (wsm({"S": SOUTH}), claim("S", "chow", "4B 5B"), None),
        (wsm({"S": SOUTH}, "N"), claim("S", "pong", "N N"), None),
        (wsm({"S": SOUTH}, "N"), claim("S", "pung", "N N"), None),
        (wsm({"S": SOUTH}, "N"), claim("S", "pong", "N W"), "GROUP_TILES_DIFFER"),
        (wsm({"S": SOUTH}, "W"), claim("S", "pong", "W W W"), "PONG_NEEDS_PAIR"),
        (wsm({"S": SOUTH}, "E"), claim("S", "pong", "E E"), "PONG_NEEDS_PAIR"),
        (wsm({"S": SOUTH}, "N"), claim("S", "kong", "N N"), "KONG_NEEDS_TRIPLET"),
        (wsm({"S": SOUTH}, "N"), claim("S", "kong", "N N W"), "GROUP_TILES_DIFFER"),
        (wsm({"S": SOUTH}), claim("E", "pong", "6B 6B"), "CANNOT_CLAIM_OWN_DISCARD"),
        (wsm({"S": SOUTH}, dead=["S"]), claim("S", "chi", "4B 5B"), "DEAD_HAND"),
        (wsm({"S": SOUTH + " 1D"}), claim("S", "chi", "4B 5B"), "LONG_HAND"),
        (wsm({"S": SOUTH[3:]}), claim("S", "chi", "5B 7B"), "SHORT_HAND"),
        (wsm({"S": SOUTH}, phase="charleston"), claim("S", "chi", "4B 5B"), "WRONG_PHASE"),
        (wsm({"S": SOUTH}), claim("S", "chi", "4B J"), "TILE_NOT_IN_SET"),
        (wsm({"S": SOUTH}), claim("S", "chi", "4B X"), "UNKNOWN_TILE"),
        (wsm({"S": SOUTH}, discards={"E": ["6B"], "S": ["1D"]}),
         claim("S", "chi", "4B 5B", discard={"tile": "6B", "by": "S"}), "NOT_LATEST_DISCARD"),
        (wsm({"S": SOUTH}), claim("S", "chi", "4B 5B", discard={"tile": "6B", "by": "E"}), None),
        ({**wsm({"S": SOUTH}), "last_discard": None}, claim("S", "chi", "4B 5B"),
         "CLAIM_WINDOW_CLOSED"),
        (wsm({"W": "1B 2B 3B 4D 5D 6D 7C 8C 9C S S E W"}, "9B"), claim("W", "pair", "9B"),
         "PAIR_CLAIM_ONLY_FOR_WIN"),
        (wsm({"W": "1B 2B 3B 4D 5D 6D 7C 8C 9C S S S 9B"}, "9B"), claim("W", "pair", "9B"),
         None),
        (wsm({"W": "1B 2B 3B 4D 5D 6D 7C 8C 9C S S E W"}, "9B"), claim("W", "win"),
         "NOT_A_WINNING_HAND"),
        (wsm({"W": "1B 2B 3B 4D 5D 6D 7C 8C 9C S S S 9B"}, "9B"), claim("W", "mahjong"), None),
    ],
)
def test_wsm_claims(state: dict[str, Any], action: dict[str, Any], why: str | None) -> None:
    assert reason("wsm", state, action) == why


def test_exposed_pong_cannot_take_the_discard_as_a_kong() -> None:
    state = wsm({"W": "1B 2B 3B 4D 5D 6D S S WD WD"}, "8C",
                melds={"W": [meld("pong", "8C 8C 8C", "S", 0)]})
    assert reason("wsm", state, claim("W", "kong", "8C")) == "CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG"


def test_win_answer_is_not_self_drawn() -> None:
    state = wsm({"W": "1B 2B 3B 4D 5D 6D 7C 8C 9C S S S 9B"}, "9B")
    assert answer("wsm", state, claim("W", "win"))["self_drawn"] is False


# -- the claim window (DECISIONS 11; AMJA-claim) ---------------------------------------------


@pytest.mark.parametrize(
    ("turn", "next_drawn", "chi", "closed"),
    [
        ({"seat": "S", "stage": "draw"}, False, True, False),
        ({"seat": "S", "stage": "draw"}, True, True, True),
        ({"seat": "S", "stage": "draw"}, True, False, False),
        ({"seat": "S", "stage": "discard", "after": "wall"}, True, False, False),
        ({"seat": "S", "stage": "discard", "after": "wall"}, True, True, True),
        ({"seat": "S", "stage": "discard", "after": "wall"}, False, False, True),
        ({"seat": "S", "stage": "discard", "after": "supplement"}, True, False, True),
        ({"seat": "W", "stage": "discard", "after": "pong"}, False, False, True),
        ({"seat": "N", "stage": "draw"}, False, False, True),
        (None, False, True, False),
        (None, True, True, True),
        (None, True, False, False),
    ],
)
def test_window(turn: dict[str, str] | None, next_drawn: bool, chi: bool, closed: bool) -> None:
    table = Table("wsm", {"turn": turn, "next_drawn": next_drawn})
    assert window_closed(table, Discard("6B", "E"), chi=chi) is closed


def test_pong_after_the_next_player_drew_is_allowed_but_chi_is_not() -> None:
    state = wsm({"S": SOUTH + " 3D", "W": "6B 6B 1B 2B 3B 4D 5D 6D S S WD WD E"},
                turn={"seat": "S", "stage": "discard", "after": "wall"}, next_drawn=True)
    assert reason("wsm", state, claim("W", "pong", "6B 6B")) is None
    assert reason("wsm", state, claim("S", "chi", "4B 5B")) == "CLAIM_WINDOW_CLOSED"


def test_claim_needs_a_discard_in_the_state() -> None:
    with pytest.raises(ScenarioError, match="last_discard"):
        answer("wsm", {"hands": {"S": hand(SOUTH)}}, claim("S", "chi", "4B 5B"))
    with pytest.raises(ScenarioError, match="unknown claim"):
        answer("wsm", wsm({"S": SOUTH}), claim("S", "quint", "4B 5B"))
    with pytest.raises(ScenarioError, match="claim must be a string"):
        answer("wsm", wsm({"S": SOUTH}), {**claim("S", "chi"), "claim": 3})


def test_named_discard_without_last_discard_key() -> None:
    state = {"phase": "play", "hands": {"S": hand(SOUTH)}}
    action = claim("S", "chi", "4B 5B", discard={"tile": "6B", "by": "E"})
    assert reason("wsm", state, action) == "NOT_LATEST_DISCARD"


# -- robbing a kong (WSM-5) -----------------------------------------------------------------

ROBBER = "1B 2B 3B 4C 5C 6C 7D 8D E E E GD GD"  # waits on 6D/9D


def robbing(kind: str) -> dict[str, Any]:
    return {"phase": "play", "hands": {"N": hand(ROBBER)}, "last_discard": None,
            "turn": {"seat": "S", "stage": "draw", "after": "kong"},
            "pending_kong": {"seat": "S", "tile": "6D", "kind": kind}}


@pytest.mark.parametrize(
    ("kind", "action", "why"),
    [("added", claim("N", "win"), None),
     ("concealed", claim("N", "win"), "CONCEALED_KONG_CANNOT_BE_ROBBED"),
     ("added", claim("N", "pong", "6D 6D"), "CLAIM_WINDOW_CLOSED"),
     ("added", claim("S", "win"), "CANNOT_CLAIM_OWN_DISCARD")],
)
def test_robbing(kind: str, action: dict[str, Any], why: str | None) -> None:
    assert reason("wsm", robbing(kind), action) == why


# -- American calls (REFERENCE.md section 6) -------------------------------------------------

AM = "2B 2B 4B 4B 5C 5C 7D 7D 7D RD GD F F"


@pytest.mark.parametrize(
    ("action", "why", "tiles"),
    [
        (claim("S", "pung", "5C 5C"), None, "5C 5C 5C"),
        (claim("S", "pong", "5C J"), None, "5C 5C J"),
        (claim("S", "kong", "5C J J"), None, "5C 5C J J"),
        (claim("S", "quint", "5C 5C J J"), None, "5C 5C 5C J J"),
        (claim("S", "sextet", "5C 5C J J J"), "TILE_NOT_IN_HAND", None),
        (claim("S", "pung", "5C"), "PONG_NEEDS_PAIR", None),
        (claim("S", "kong", "5C 5C"), "KONG_NEEDS_TRIPLET", None),
        (claim("S", "quint", "5C 5C J"), "GROUP_TILES_DIFFER", None),
        (claim("S", "pung", "5C WD"), "GROUP_TILES_DIFFER", None),
        (claim("S", "chi", "4C 6C"), "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG", None),
        (claim("S", "news", "N E W"), "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG", None),
    ],
)
def test_american_calls(action: dict[str, Any], why: str | None, tiles: str | None) -> None:
    state = wsm({"S": AM.replace("RD GD", "J J")}, "5C")
    result = answer("american", state, action)
    assert result["reason"] == why
    if tiles is not None:
        assert result["meld"] == {"kind": {"pong": "pung"}.get(action["claim"], action["claim"]),
                                  "tiles": hand(tiles), "from": "E", "rotated": None,
                                  "face_down": []}
        assert result["next"] == "W"


def test_discarded_joker_is_dead_for_every_call() -> None:
    state = wsm({"S": AM}, "J")
    assert reason("american", state, claim("S", "pung", "J J")) == "DISCARDED_JOKER_DEAD"


# -- precedence (DECISIONS 8, 12; INPUTS 7) --------------------------------------------------


def test_claim_rank() -> None:
    assert [claim_rank("wsm", k) for k in ("win", "pair", "pong", "kong", "chi")] == [
        0, 0, 1, 1, 2]
    assert [claim_rank("american", k) for k in ("mahjong", "pung", "sextet")] == [0, 1, 1]


def test_claims_must_be_a_list_of_objects() -> None:
    with pytest.raises(ScenarioError):
        answer("wsm", wsm({"S": SOUTH}), {"type": "claims", "claims": {"S": "chi"}})
    with pytest.raises(ScenarioError):
        answer("wsm", wsm({"S": SOUTH}), {"type": "claims", "claims": ["chi"]})


def test_claims_without_a_discard_award_nothing() -> None:
    state = {"phase": "play", "hands": {"S": hand(SOUTH)}, "last_discard": None}
    result = answer("wsm", state, {"type": "claims", "claims": [claim("S", "chi", "4B 5B")]})
    assert result["awarded"] is None
    assert result["verdicts"][0]["reason"] == "CLAIM_WINDOW_CLOSED"


def test_claims_with_a_bad_tile_only_lose_that_claim() -> None:
    action = {"type": "claims", "claims": [claim("S", "chi", "4B X"), claim("S", "chi", "4B 5B")]}
    result = answer("wsm", wsm({"S": SOUTH}), action)
    assert result["awarded"] == {"seat": "S", "claim": "chi"}
    assert result["verdicts"][0]["reason"] == "UNKNOWN_TILE"


# Random claim sets: each seat's hand is built to make one claim legal (or none).
FILLERS = ["1B 1B 1B 2C 3C 4C 7C 8C 9C E E", "2B 2B 2B 5C 6C 7C 4B 5B 6B S S",
           "3B 3B 3B 1C 2C 3C 7B 8B 9B W W"]
RACKS = {"win": "3D 4D", "pong": "5D 5D", "chi": "4D 6D", "none": "9D N"}
CLAIMS = {"win": claim("?", "win"), "pong": claim("?", "pong", "5D 5D"),
          "chi": claim("?", "chi", "4D 6D")}


@settings(max_examples=80, deadline=None)
@given(discarder=st.sampled_from(SEATS),
       kinds=st.lists(st.sampled_from(["win", "pong", "chi", "none"]), min_size=3, max_size=3),
       wanted=st.lists(st.sampled_from(["win", "pong", "chi"]), min_size=3, max_size=3),
       order=st.permutations([0, 1, 2]))
def test_precedence_for_random_claim_sets(
    discarder: str, kinds: list[str], wanted: list[str], order: list[int]
) -> None:
    if kinds.count("pong") > 1:  # only four 5D exist
        kinds = [k if k != "pong" or i == kinds.index("pong") else "none"
                 for i, k in enumerate(kinds)]
    others = [s for s in SEATS if s != discarder]
    hands = {seat: f"{RACKS[kind]} {FILLERS[i]}" for i, (seat, kind) in
             enumerate(zip(others, kinds, strict=True))}
    claims = []
    legal = []
    for i in order:
        seat, kind = others[i], kinds[i]
        made = kind if kind != "none" else wanted[i]
        claims.append({**CLAIMS[made], "seat": seat})
        if made == kind and (kind != "chi" or seat == right_of(discarder)):
            legal.append(({"win": 0, "pong": 1, "chi": 2}[kind], distance(discarder, seat),
                          seat, kind))
    state = wsm(hands, "5D", discarder)
    result = answer("wsm", state, {"type": "claims", "claims": claims})
    expected = None if not legal else {"seat": min(legal)[2], "claim": min(legal)[3]}
    assert result["awarded"] == expected


def test_american_mahjong_beats_exposures_and_seat_order_breaks_ties() -> None:
    card = [[{"kind": "pair", "tiles": ["7D", "7D"]}, {"kind": "kong", "tiles": ["2B"] * 4},
             {"kind": "kong", "tiles": ["4B"] * 4}, {"kind": "kong", "tiles": ["6B"] * 4}]]
    state = wsm({"S": "7D J 1C 1C 2C 2C 3C 3C 5D 5D RD RD GD",
                 "W": "7D J J 1D 1D 9D 9D E E S S W W",
                 "N": "7D 2B 2B 2B J 4B 4B 4B J 6B 6B 6B J"}, "7D", card=card)
    claims = [claim("S", "pung", "7D J"), claim("W", "kong", "7D J J"), claim("N", "mahjong")]
    result = answer("american", state, {"type": "claims", "claims": claims})
    assert result["awarded"] == {"seat": "N", "claim": "mahjong"}
    result = answer("american", state, {"type": "claims", "claims": claims[:2]})
    assert result["awarded"] == {"seat": "S", "claim": "pung"}


# -- possible claims (the claims drill) -----------------------------------------------------


def test_possible_claims_wsm() -> None:
    state = wsm({"S": "4B 5B 7B 8B 1C 2C 3C 7D 8D 9D N N E",
                 "W": "6B 6B 1B 2B 3B 4D 5D 6D S S WD WD W",
                 "N": "1B 2B 3B 4C 5C 6C 7D 8D 9D 6B GD GD GD"})
    found = possible_claims(state)
    assert [(c["seat"], c["claim"], c["tiles"]) for c in found] == [
        ("S", "chi", ["4B", "5B"]), ("S", "chi", ["5B", "7B"]), ("S", "chi", ["7B", "8B"]),
        ("W", "pong", ["6B", "6B"]), ("N", "win", []),
    ]
    for action in found:
        assert answer("wsm", state, action)["legal"]


def test_possible_claims_edges() -> None:
    assert possible_claims({"phase": "play"}) == []
    state = wsm({"S": "1B 2B 1C 2C 3C 4D 5D 6D 7D 8D 9D N E"}, "3B")
    assert [c["tiles"] for c in possible_claims(state)] == [["1B", "2B"]]
    assert possible_claims(wsm({"S": SOUTH}, "E")) == []
    assert possible_claims(robbing("added")) == [
        {"type": "claim", "seat": "N", "claim": "win", "tiles": []}]


def test_possible_claims_american() -> None:
    state = wsm({"S": "5C 5C J 2B 2B 4B 4B 7D 7D 7D RD GD F"}, "5C")
    found = possible_claims(state, "american")
    assert [(c["claim"], c["tiles"]) for c in found] == [
        ("pung", ["5C", "5C"]), ("pung", ["5C", "J"]), ("kong", ["5C", "5C", "J"]),
    ]


def test_possible_claims_american_mahjong_with_a_card() -> None:
    card = [[{"kind": "pair", "tiles": ["5C", "5C"]}, {"kind": "kong", "tiles": ["1B"] * 4},
             {"kind": "kong", "tiles": ["9B"] * 4}, {"kind": "kong", "tiles": ["N"] * 4}]]
    state = wsm({"S": "5C 1B 1B 1B J 9B 9B 9B 9B N N N J"}, "5C", card=card)
    assert [c["claim"] for c in possible_claims(state, "american")] == [
        "pung", "pung", "kong", "mahjong"]
