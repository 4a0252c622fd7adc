"""The Charleston, stop vote and courtesy pass (REFERENCE.md section 4; DECISIONS 1-5)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.notation import answer, hand, reason
from tilewise.rules.charleston import (
    PASS_DIRECTIONS,
    STEPS,
    CharlestonTable,
    check_pass,
    courtesy_exchanged,
    deal,
    pass_source,
    pass_target,
    passable_tiles,
    resolve_passes,
)
from tilewise.rules.seats import SEATS
from tilewise.rules.state import ScenarioError
from tilewise.rules.tiles import tile_set
from tilewise.rules.verdict import Refusal

HANDS = {
    "E": hand("5B 5B 1C 2C 3C 9C 7D 8D N GD WD F F J"),
    "S": hand("2B 2B 4B 6B 8B 1D 3D 3D 9D E E RD F"),
    "W": hand("1B 9B 6C 6C 7C 4D 5D 6D S W WD F J"),
    "N": hand("3B 3B 3B 8C 8C 2D 2D N N RD GD GD WD"),
}


def at(step: str, phase: str = "charleston") -> dict[str, Any]:
    return {"dealer": "E", "phase": phase, "step": step, "hands": HANDS}


def pass_(seat: str, tiles: str, blind: int = 0) -> dict[str, Any]:
    return {"type": "pass", "seat": seat, "tiles": hand(tiles), "blind": blind}


@pytest.mark.parametrize(
    ("step", "seat", "to"),
    [("first_right", "E", "S"), ("first_right", "N", "E"), ("first_across", "S", "N"),
     ("first_left", "E", "N"), ("first_left", "S", "E"), ("second_left", "W", "S"),
     ("second_across", "E", "W"), ("second_right", "W", "N")],
)
def test_pass_targets(step: str, seat: str, to: str) -> None:
    tiles = " ".join(passable_tiles(HANDS[seat])[:3])
    assert answer("american", at(step), pass_(seat, tiles)) == {
        "legal": True, "reason": None, "to": to}
    assert pass_target(step, seat) == to and pass_source(step, to) == seat


@pytest.mark.parametrize(
    ("state", "action", "why"),
    [
        (at("first_right"), pass_("E", "1C 2C J"), "JOKER_NOT_PASSABLE"),
        (at("first_left"), pass_("W", "J", 2), "JOKER_NOT_PASSABLE"),
        (at("first_right"), pass_("S", "4B 6B 8B 1D"), "PASS_NEEDS_THREE"),
        (at("first_right"), pass_("S", "4B 6B"), "PASS_NEEDS_THREE"),
        (at("first_left"), pass_("W", "1B", 1), "PASS_NEEDS_THREE"),
        (at("first_left"), pass_("W", "", 4), "PASS_NEEDS_THREE"),
        (at("first_left"), pass_("W", "1B 9B S 6C", -1), "PASS_NEEDS_THREE"),
        (at("first_right"), pass_("S", "4B 6B", 1), "BLIND_NOT_ALLOWED"),
        (at("second_across"), pass_("E", "9C", 2), "BLIND_NOT_ALLOWED"),
        (at("second_left"), pass_("E", "9C", 2), "BLIND_NOT_ALLOWED"),
        (at("first_right"), pass_("S", "4B 6B 7B"), "TILE_NOT_IN_HAND"),
        (at("first_right"), pass_("S", "4B 4B 6B"), "TILE_NOT_IN_HAND"),
        (at("first_right"), pass_("E", "X 1C 2C"), "UNKNOWN_TILE"),
        (at("stop_vote"), pass_("E", "1C 2C 3C"), "WRONG_PHASE"),
        (at("courtesy", "courtesy"), pass_("E", "1C 2C 3C"), "COURTESY_ACROSS_ONLY"),
        (at("first_right", "play"), pass_("E", "1C 2C 3C"), "WRONG_PHASE"),
        ({"phase": "charleston", "step": "first_right", "hands": {"E": hand("F1 F2 1B")}},
         pass_("E", "F F2 1B"), None),
    ],
)
def test_pass_refusals(state: dict[str, Any], action: dict[str, Any], why: str | None) -> None:
    assert reason("american", state, action) == why


def test_blind_pass_allowed_on_both_blind_steps() -> None:
    assert reason("american", at("first_left"), pass_("W", "", 3)) is None
    assert reason("american", at("second_right"), pass_("W", "1B 9B", 1)) is None


def test_pass_scenario_errors() -> None:
    with pytest.raises(ScenarioError, match="blind"):
        answer("american", at("first_left"), {**pass_("W", "1B 9B"), "blind": "1"})
    with pytest.raises(ScenarioError, match="step"):
        answer("american", {"phase": "charleston", "hands": HANDS}, pass_("W", "1B 9B S"))
    with pytest.raises(ScenarioError, match="unknown Charleston step"):
        answer("american", at("third_left"), pass_("W", "1B 9B S"))
    with pytest.raises(ScenarioError, match="unknown Charleston step"):
        answer("american", at("third_left"), {"type": "vote", "seat": "W", "continue": True})
    with pytest.raises(ScenarioError, match="no hand"):
        answer("american", {"phase": "charleston", "step": "first_right"}, pass_("W", "1B 9B S"))


@pytest.mark.parametrize("votes", list(itertools.product([True, False], repeat=4)))
def test_all_sixteen_stop_votes(votes: tuple[bool, ...]) -> None:
    """INPUTS 3: only "all four continue" starts the second Charleston."""
    action = {"type": "votes", "continue": dict(zip(SEATS, votes, strict=True))}
    assert answer("american", at("stop_vote"), action)["second_charleston"] is all(votes)
    table = CharlestonTable(HANDS, step="stop_vote")
    for seat, vote in zip(SEATS, votes, strict=True):
        assert table.vote(seat, vote).legal
    assert table.second_charleston is all(votes)
    assert table.step == ("second_left" if all(votes) else "courtesy")


@pytest.mark.parametrize(
    ("step", "phase", "stop", "why"),
    [("first_right", "charleston", True, "FIRST_CHARLESTON_MANDATORY"),
     ("first_left", "charleston", True, "FIRST_CHARLESTON_MANDATORY"),
     ("first_across", "charleston", False, "WRONG_PHASE"),
     ("second_left", "charleston", True, "SECOND_CHARLESTON_UNDERWAY"),
     ("second_right", "charleston", True, "SECOND_CHARLESTON_UNDERWAY"),
     ("second_across", "charleston", False, "WRONG_PHASE"),
     ("stop_vote", "charleston", True, None), ("stop_vote", "charleston", False, None),
     ("first_right", "courtesy", True, "WRONG_PHASE"), ("first_right", "play", False,
                                                        "WRONG_PHASE")],
)
def test_votes_by_step(step: str, phase: str, stop: bool, why: str | None) -> None:
    state = {"phase": phase, "step": step}
    assert reason("american", state, {"type": "vote", "seat": "N", "continue": not stop}) == why
    table_vote = {"type": "votes", "continue": {"E": True, "S": True, "W": True, "N": not stop}}
    assert reason("american", state, table_vote) == why


@pytest.mark.parametrize(
    "action",
    [{"type": "vote", "seat": "N", "continue": "no"},
     {"type": "vote", "seat": "Q", "continue": False},
     {"type": "votes", "continue": {"E": True, "S": True, "W": True}},
     {"type": "votes", "continue": {"E": True, "S": True, "W": True, "N": 0}},
     {"type": "votes", "continue": [True] * 4}],
)
def test_unreadable_votes(action: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError):
        answer("american", at("stop_vote"), action)


def courtesy(**offers: str) -> dict[str, Any]:
    return {"type": "courtesy", "offers": {seat: hand(offers.get(seat, "")) for seat in SEATS}}


@pytest.mark.parametrize(
    ("action", "why", "exchanged"),
    [
        (courtesy(E="1C 2C 3C", W="S"), None, {"E-W": 1, "S-N": 0}),
        (courtesy(E="1C 2C 3C", S="1D", W="1B 9B S", N="RD WD"), None, {"E-W": 3, "S-N": 1}),
        (courtesy(), None, {"E-W": 0, "S-N": 0}),
        (courtesy(E="J", W="S"), "JOKER_NOT_PASSABLE", None),
        (courtesy(E="9C GD", W="1B J"), "JOKER_NOT_PASSABLE", None),
        (courtesy(E="1C 2C 3C 9C", W="S"), "COURTESY_COUNT_OUT_OF_RANGE", None),
        (courtesy(E="9C", W="N"), "TILE_NOT_IN_HAND", None),
        (courtesy(E="9C", W="Q"), "UNKNOWN_TILE", None),
    ],
)
def test_courtesy(action: dict[str, Any], why: str | None, exchanged: Any) -> None:
    result = answer("american", at("courtesy", "courtesy"), action)
    assert result["reason"] == why
    assert result.get("exchanged") == exchanged


@pytest.mark.parametrize("phase", ["charleston", "play"])
def test_courtesy_outside_its_phase(phase: str) -> None:
    assert reason("american", at("first_left", phase), courtesy(E="9C", W="S")) == "WRONG_PHASE"


def test_courtesy_needs_all_four_offers() -> None:
    with pytest.raises(ScenarioError, match="four seats"):
        answer("american", at("courtesy", "courtesy"),
               {"type": "courtesy", "offers": {"E": ["9C"], "W": ["S"]}})


def test_wsm_has_no_charleston_stop_vote_or_courtesy() -> None:
    """DECISIONS 22: any Charleston, stop vote or courtesy action in wsm is WRONG_PHASE, even
    one naming a tile the WSM set lacks (the move itself does not exist there)."""
    hands = {"hands": {seat: ["1B", "2B", "3B"] for seat in "ESWN"}}
    assert reason("wsm", {"phase": "courtesy", **hands}, courtesy(E="F")) == "WRONG_PHASE"
    assert reason("wsm", {"phase": "courtesy", **hands}, courtesy(E="1B")) == "WRONG_PHASE"
    for step in ("first_right", "first_left", "second_right"):
        state = {"phase": "charleston", "step": step, **hands}
        assert reason("wsm", state, {"type": "pass", "seat": "E",
                                     "tiles": ["1B", "2B", "3B"]}) == "WRONG_PHASE"
    vote_state = {"phase": "charleston", "step": "stop_vote"}
    assert reason("wsm", vote_state, {"type": "vote", "seat": "E", "continue": False}) == (
        "WRONG_PHASE")
    votes = {"type": "votes", "continue": dict.fromkeys("ESWN", True)}
    assert reason("wsm", vote_state, votes) == "WRONG_PHASE"
    assert reason("american", vote_state, votes) is None


def test_check_pass_unknown_step() -> None:
    with pytest.raises(ScenarioError):
        check_pass("sideways", [], [], 0)
    with pytest.raises(Refusal):
        check_pass("courtesy", [], [], 3)


# -- resolving passes ---------------------------------------------------------------------


def test_all_four_blind_moves_nothing() -> None:
    commits: dict[str, tuple[list[str], int]] = {seat: ([], 3) for seat in SEATS}
    assert resolve_passes("first_left", commits) == {seat: [] for seat in SEATS}


def test_inputs_1_blind_pass_chain() -> None:
    """INPUTS 1: East passes 7C + 2 blind on first left; South, West, North pass three."""
    commits = {"E": (["7C"], 2), "S": (hand("1D 2D 3D"), 0), "W": (hand("4D 5D 6D"), 0),
               "N": (hand("7B 8B 9B"), 0)}
    received = resolve_passes("first_left", commits)
    assert received["E"] == ["1D"]  # East keeps one of South's, chosen unseen
    assert received["N"] == ["7C", "2D", "3D"]  # 7C plus two of South's tiles
    assert received["S"] == hand("4D 5D 6D") and received["W"] == hand("7B 8B 9B")


def test_mixed_blind_chain_conserves() -> None:
    commits = {"E": (["1B"], 2), "S": ([], 3), "W": ([], 3), "N": ([], 3)}
    assert resolve_passes("second_right", commits) == {"E": ["1B"], "S": [], "W": [], "N": []}


# -- the playable table -------------------------------------------------------------------


def test_table_walks_every_step() -> None:
    table = CharlestonTable(HANDS)
    assert table.phase == "charleston" and table.waiting_for() == tuple(SEATS)
    for step in ("first_right", "first_across", "first_left"):
        assert table.step == step
        for seat in SEATS:
            assert table.target(seat) == pass_target(step, seat)
            assert table.commit(seat, passable_tiles(table.hands[seat])[:3]).legal
        assert [len(table.hands[s]) for s in SEATS] == [14, 13, 13, 13]
    assert table.step == "stop_vote" and table.waiting_for() == tuple(SEATS)
    with pytest.raises(ValueError):
        table.target("E")
    for seat in SEATS:
        table.vote(seat, True)
    for _ in range(3):
        for seat in SEATS:
            assert table.commit(seat, passable_tiles(table.hands[seat])[-3:]).legal
    assert table.step == "courtesy" and table.phase == "courtesy"
    assert table.waiting_for() == tuple(SEATS)
    for seat in SEATS:
        assert table.offer(seat, passable_tiles(table.hands[seat])[:2]).legal
    assert table.phase == "play" and table.waiting_for() == ()
    assert table.state()["phase"] == "play"
    assert sum((Counter(t) for t in table.hands.values()), Counter()) == sum(
        (Counter(t) for t in HANDS.values()), Counter())


def test_table_refusals_change_nothing() -> None:
    table = CharlestonTable(HANDS)
    assert table.commit("E", hand("1C 2C J")).reason == "JOKER_NOT_PASSABLE"
    assert table.commit("E", hand("1C 2C X")).reason == "UNKNOWN_TILE"
    assert table.vote("E", False).reason == "FIRST_CHARLESTON_MANDATORY"
    assert table.offer("E", []).reason == "WRONG_PHASE"
    assert table.hands == HANDS and table.waiting_for() == tuple(SEATS)
    assert table.commit("E", hand("1C 2C 3C")).legal
    with pytest.raises(ValueError, match="cannot commit"):
        table.commit("E", hand("9C 7D 8D"))
    with pytest.raises(ValueError):
        table.commit("X", [])


def test_table_offer_refusals() -> None:
    table = CharlestonTable(HANDS, step="courtesy")
    assert table.offer("E", hand("J")).reason == "JOKER_NOT_PASSABLE"
    assert table.offer("E", hand("Q")).reason == "UNKNOWN_TILE"
    assert table.offer("W", hand("1B 9B S 6C")).reason == "COURTESY_COUNT_OUT_OF_RANGE"


def test_table_reads_flower_faces() -> None:
    table = CharlestonTable({**HANDS, "S": [*HANDS["S"][:12], "F4"]})
    assert table.hands["S"][-1] == "F"
    assert table.commit("S", ["F1", "2B", "4B"]).legal


def test_table_needs_four_hands() -> None:
    with pytest.raises(ValueError):
        CharlestonTable({"E": []})
    with pytest.raises(ValueError):
        CharlestonTable(HANDS, step="fourth_left")


def test_courtesy_exchanged_inputs_2_and_3() -> None:
    """INPUTS 2 (0/3 and 2/1) and 3 (only East offers)."""
    assert courtesy_exchanged({"E": [], "W": "abc", "S": "ab", "N": "a"}) == {"E-W": 0, "S-N": 1}
    assert courtesy_exchanged({"E": "ab", "W": "", "S": "", "N": ""}) == {"E-W": 0, "S-N": 0}


@pytest.mark.parametrize("ruleset", ["american", "wsm"])
def test_deal(ruleset: str) -> None:
    state = deal(7, ruleset)
    assert state == deal(7, ruleset) and state != deal(8, ruleset)
    assert [len(state["hands"][s]) for s in SEATS] == [14, 13, 13, 13]
    everything = Counter(state["wall"]) + sum(
        (Counter(t) for t in state["hands"].values()), Counter())
    assert everything == tile_set(ruleset)
    assert answer(ruleset, state, {"type": "group", "tiles": ["1B"], "as": "pair"})["legal"] \
        is False


def test_deal_for_another_dealer() -> None:
    state = deal(1, dealer="W")
    assert len(state["hands"]["W"]) == 14 and state["step"] == "first_right"


def test_steps_are_in_order() -> None:
    assert STEPS[:3] == tuple(PASS_DIRECTIONS)[:3]
    assert STEPS.index("stop_vote") == 3 and STEPS[-2:] == ("courtesy", "play")


# -- properties over seeded deals -----------------------------------------------------------


def _play_through(seed: int, choices: random.Random) -> CharlestonTable:
    state = deal(seed)
    table = CharlestonTable(state["hands"])
    before = sum((Counter(t) for t in table.hands.values()), Counter())
    jokers = {seat: table.hands[seat].count("J") for seat in SEATS}
    while table.phase == "charleston":
        if table.step == "stop_vote":
            for seat in SEATS:
                assert table.vote(seat, choices.random() < 0.7).legal
            continue
        for seat in SEATS:
            blind = choices.randint(0, 3) if table.step in ("first_left", "second_right") else 0
            own = choices.sample(passable_tiles(table.hands[seat]), 3 - blind)
            assert table.commit(seat, own, blind).legal
        assert [len(table.hands[s]) for s in SEATS] == [14, 13, 13, 13]
        assert sum((Counter(t) for t in table.hands.values()), Counter()) == before
        assert {seat: table.hands[seat].count("J") for seat in SEATS} == jokers
        assert "J" not in sum(table.last_received.values(), [])
    for seat in SEATS:
        offer = choices.sample(passable_tiles(table.hands[seat]), choices.randint(0, 3))
        assert table.offer(seat, offer).legal
    assert [len(table.hands[s]) for s in SEATS] == [14, 13, 13, 13]
    assert sum((Counter(t) for t in table.hands.values()), Counter()) == before
    assert {seat: table.hands[seat].count("J") for seat in SEATS} == jokers
    return table


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), path=st.integers(0, 10**6))
def test_conservation_through_every_path(seed: int, path: int) -> None:
    """Every Charleston and courtesy path, blind passes included: no tile is created, lost or
    duplicated, counts stay 14/13, and no joker ever moves (INPUTS 1 and 4)."""
    assert _play_through(seed, random.Random(path)).phase == "play"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), jokers=st.integers(0, 8))
def test_auto_pass_never_deadlocks(seed: int, jokers: int) -> None:
    """INPUTS 4: a 13-tile hand holds at most 8 jokers, so 3 passable tiles always exist."""
    rng = random.Random(seed)
    rack = ["J"] * jokers + rng.sample(sorted(tile_set("wsm").elements()), 13 - jokers)
    assert len(passable_tiles(rack)) >= 3
    check_pass("first_right", rack, passable_tiles(rack)[:3], 0)
