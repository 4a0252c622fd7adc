"""/work/shared/bugs/INPUTS.md entries 1-4, 7-9 and 11: inputs that broke other mahjong
software, as tests of the rules core."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.rules.notation import answer, hand, reason
from tilewise.rules.charleston import CharlestonTable, passable_tiles
from tilewise.rules.claims import possible_claims
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import tile_set
from tilewise.rules.wins import wsm_winning_split

HANDS = {
    "E": hand("7C 1B 2B 3B 4C 5C 6C 7D 8D 9D N J J E"),
    "S": hand("2B 2B 4B 6B 8B 1D 3D 3D 9D E E RD F"),
    "W": hand("1B 9B 6C 6C 7C 4D 5D 6D S W WD F J"),
    "N": hand("3B 3B 3B 8C 8C 2D 2D N N RD GD GD WD"),
}


def test_1_blind_pass_keeps_counts_and_jokers() -> None:
    table = CharlestonTable(HANDS, step="first_left")
    wall = tile_set("american") - sum((Counter(h) for h in HANDS.values()), Counter())
    assert table.commit("E", ["7C"], blind=2).legal
    for seat in ("S", "W", "N"):
        assert table.commit(seat, passable_tiles(table.hands[seat])[:3]).legal
    assert [len(table.hands[s]) for s in SEATS] == [14, 13, 13, 13]
    south_pass = passable_tiles(HANDS["S"])[:3]
    assert table.last_received["N"] == ["7C", *south_pass[1:]]
    assert table.last_received["E"] == south_pass[:1]
    total = sum((Counter(h) for h in table.hands.values()), Counter()) + wall
    assert total == tile_set("american") and sum(total.values()) == 152
    assert table.hands["E"].count("J") == 2


def test_2_zero_courtesy_does_not_freeze_play() -> None:
    table = CharlestonTable(HANDS, step="courtesy")
    for seat, offer in (("E", []), ("W", hand("1B 9B S")), ("S", hand("2B 4B")), ("N", ["WD"])):
        last = table.offer(seat, offer)
    assert last.result["exchanged"] == {"E-W": 0, "S-N": 1}
    assert table.phase == "play"
    state = {"phase": "play", "hands": {"E": table.hands["E"]},
             "turn": {"seat": "E", "stage": "discard", "after": "deal"}}
    for tile in set(table.hands["E"]):  # every one of East's 14 tiles may be discarded, J too
        assert reason("american", state, {"type": "discard", "seat": "E", "tile": tile}) is None


def test_3_one_stop_skips_the_second_charleston_and_courtesy_is_per_pair() -> None:
    votes = {"type": "votes", "continue": {"E": True, "S": True, "W": True, "N": False}}
    assert answer("american", {"phase": "charleston", "step": "stop_vote"}, votes)[
        "second_charleston"] is False
    offers = {"E": hand("1B 2B"), "S": [], "W": [], "N": []}
    state = {"phase": "courtesy", "hands": HANDS}
    assert answer("american", state, {"type": "courtesy", "offers": offers})["exchanged"] == {
        "E-W": 0, "S-N": 0}


def test_4_jokers_refused_by_the_core_on_every_path() -> None:
    state = {"phase": "charleston", "step": "first_right", "hands": HANDS}
    action = {"type": "pass", "seat": "E", "tiles": ["J", "4C", "5C"], "blind": 0}
    assert reason("american", state, action) == "JOKER_NOT_PASSABLE"
    blind_own_joker = {"type": "pass", "seat": "E", "tiles": ["J"], "blind": 2}
    assert reason("american", {**state, "step": "first_left"}, blind_own_joker) == \
        "JOKER_NOT_PASSABLE"
    table = CharlestonTable(HANDS)
    assert table.commit("E", ["J", "4C", "5C"]).reason == "JOKER_NOT_PASSABLE"
    assert "J" not in passable_tiles(HANDS["E"])


def claims_on_5d(east: str | None) -> dict[str, Any]:
    hands = {"W": "4D 6D 1B 2B 3B 7C 8C 9C E E S S N", "N": "5D 5D 1C 2C 3C 4B 5B 6B 7D 8D 9D W W"}
    if east is not None:
        hands["E"] = east
    return {"phase": "play", "hands": {s: hand(h) for s, h in hands.items()},
            "last_discard": {"tile": "5D", "by": "S"}, "turn": {"seat": "W", "stage": "draw"}}


def test_7_every_claim_is_collected_before_awarding() -> None:
    claims = [{"seat": "W", "claim": "chi", "tiles": ["4D", "6D"]},
              {"seat": "N", "claim": "pong", "tiles": ["5D", "5D"]},
              {"seat": "E", "claim": "win", "tiles": []}]
    east = "3D 4D 1B 1B 1B 2C 2C 2C 9B 9B 9B RD RD"
    result = answer("wsm", claims_on_5d(east), {"type": "claims", "claims": claims})
    assert result["awarded"] == {"seat": "E", "claim": "win"}
    result = answer("wsm", claims_on_5d(None), {"type": "claims", "claims": claims[:2]})
    assert result["awarded"] == {"seat": "N", "claim": "pong"}
    result = answer("wsm", claims_on_5d(None), {"type": "claims", "claims": claims[:1]})
    assert result["awarded"] == {"seat": "W", "claim": "chi"}


def test_8_no_chow_across_suits_wraps_honors_or_from_the_wrong_seat() -> None:
    filler = "1B 1B 1B 5D 6D 7D E E E N N"
    for holder, own, tile, why in (
        ("W", "8C 9C", "1D", "CHI_NOT_A_SEQUENCE"),
        ("W", "8C 9C", "1C", "CHI_NOT_A_SEQUENCE"),
        ("W", "E S", "W", "CHI_NOT_A_SEQUENCE"),
        ("N", "2D 3D", "4D", "CHI_ONLY_FROM_UPPER_SEAT"),
    ):
        state = {"phase": "play", "hands": {holder: hand(f"{own} {filler}")},
                 "last_discard": {"tile": tile, "by": "S"},
                 "turn": {"seat": "W", "stage": "draw"}}
        action = {"type": "claim", "seat": holder, "claim": "chi", "tiles": hand(own)}
        assert reason("wsm", state, action) == why
        assert [c for c in possible_claims(state) if c["claim"] == "chi"] == []


def test_9_chow_is_offered_and_the_pair_comes_out_of_a_triplet() -> None:
    state = {"phase": "play", "hands": {"W": hand("3D 4D 1B 1B 1B 7C 8C 9C E E N N S")},
             "last_discard": {"tile": "5D", "by": "S"}, "turn": {"seat": "W", "stage": "draw"}}
    assert possible_claims(state) == [
        {"type": "claim", "seat": "W", "claim": "chi", "tiles": ["3D", "4D"]}]
    split = wsm_winning_split(hand("1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E"))
    assert split is not None and split[:2] == [("1B", "1B"), ("1B", "2B", "3B")]


def test_11_impossible_counts_are_refused_naming_the_tile() -> None:
    state = {"phase": "play", "hands": {"E": hand("4B 4B")},
             "melds": {"W": [{"kind": "pong", "tiles": ["4B"] * 3, "from": "N"}]},
             "last_discard": {"tile": "4B", "by": "S"}}
    group = {"type": "group", "tiles": ["1C"], "as": "pair"}
    result = answer("wsm", state, group)
    assert (result["reason"], result["tiles"]) == ("TILE_SUPPLY_EXCEEDED", ["4B"])
    assert (result["count"], result["limit"]) == (6, 4)
    nine = {"phase": "play", "hands": {"E": ["J"] * 5, "W": ["J"] * 4}}
    assert answer("american", nine, group)["tiles"] == ["J"]
    for tile in ("F", "J"):
        result = answer("wsm", {"hands": {"E": [tile]}}, group)
        assert (result["reason"], result["tiles"]) == ("TILE_NOT_IN_SET", [tile])
