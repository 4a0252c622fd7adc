"""Claims drill (WSM): prompts, the learner's own discards, the referee's refusals and awards,
the referee's meld layouts, kongs and robbing, the score, and properties over many seeded
games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lessons.practice.conftest import FULL
from tilewise.lessons.practice.claims import (
    LEVELS,
    WHY,
    ClaimsDrill,
    Level,
    tile_value,
    why_awarded,
)
from tilewise.rules.referee import judge
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import tile_set

_ORDER = {"win": 0, "kong": 1, "pong": 2, "chi": 3}
Chooser = Callable[[ClaimsDrill], None]


def own_turn(drill: ClaimsDrill) -> None:
    """The learner's turn played as a partner would: a win when it is legal, else the
    partners' discard."""
    prompt = drill.prompt
    assert prompt is not None and prompt.kind == "discard"
    if {"type": "declare_win"} in prompt.options:
        assert drill.declare_win().legal
    elif prompt.options:  # a kong, as the partners declare them
        kong = prompt.options[0]
        assert drill.kong(kong["tile"], kong.get("end")).legal
    else:
        assert drill.discard(drill.suggested_discard()).legal


def greedy(drill: ClaimsDrill) -> None:
    """Answer the open prompt: the best claim, the right precedence answer, a partner's turn."""
    prompt = drill.prompt
    assert prompt is not None
    if prompt.kind == "claim":
        if prompt.options:
            best = min(prompt.options, key=lambda o: _ORDER[o["claim"]])
            assert drill.claim(best["claim"], best["tiles"]).legal
        else:
            drill.pass_claim()
    elif prompt.kind == "precedence":
        drill.answer("E", "win_first")
    else:
        own_turn(drill)


def passive(drill: ClaimsDrill) -> None:
    """Pass every claim window; answer the other prompts like :func:`greedy`."""
    if drill.prompt is not None and drill.prompt.kind == "claim":
        drill.pass_claim()
    else:
        greedy(drill)


def find(wanted: Callable[[ClaimsDrill], bool], chooser: Chooser = greedy, *,
         level: int = 3, seat: str = "S", seeds: int = 300) -> ClaimsDrill:
    """The first drill (by seed) that reaches a state where ``wanted`` holds; it stops there."""
    for seed in range(seeds):
        drill = ClaimsDrill(seed, seat=seat, level=level)
        while True:
            if wanted(drill):
                return drill
            if drill.over:
                break
            chooser(drill)
    raise LookupError("no such drill")  # pragma: no cover


def claim_prompt(kind: str) -> Callable[[ClaimsDrill], bool]:
    def check(drill: ClaimsDrill) -> bool:
        prompt = drill.prompt
        return (prompt is not None and prompt.kind == "claim"
                and any(o["claim"] == kind for o in prompt.options))
    return check


def test_construction_and_levels() -> None:
    drill = ClaimsDrill(4, seat="W", level=2)
    assert drill.level is LEVELS[2] and drill.seat == "W"
    custom = Level(9, 3.0, "all")
    assert ClaimsDrill(4, level=custom).level is custom
    assert len(drill.hand()) == 13 and drill.hand("W") == drill.hand()
    with pytest.raises(ValueError):
        ClaimsDrill(4, seat="Q")
    one, two = ClaimsDrill(11, level=3), ClaimsDrill(11, level=3)
    assert one.events == two.events and one.prompt == two.prompt


def test_the_first_prompt_follows_a_discard_by_another_seat() -> None:
    drill = ClaimsDrill(0, seat="S", level=1)
    prompt = drill.prompt
    assert prompt is not None and prompt.kind == "claim" and prompt.by != "S"
    assert drill.events[-1].kind == "discard" and drill.events[-1].tile == prompt.tile
    assert drill.state["last_discard"] == {"tile": prompt.tile, "by": prompt.by}


def test_answers_out_of_turn_are_errors() -> None:
    drill = ClaimsDrill(0, level=1)
    with pytest.raises(ValueError):
        drill.answer("E", "win_first")
    with pytest.raises(ValueError):
        drill.discard("1B")
    with pytest.raises(ValueError):
        drill.declare_win()


def test_an_illegal_claim_is_refused_with_the_referee_reason_and_counts_wrong() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "claim"
                 and d.prompt.by != "E" and not d.prompt.options, level=1)
    assert drill.prompt is not None
    before = drill.prompt
    verdict = drill.claim("chi", [])
    assert not verdict.legal and verdict.reason == "CHI_ONLY_FROM_UPPER_SEAT"
    verdict = drill.claim("pong")
    assert verdict.reason in ("PONG_NEEDS_PAIR", "TILE_NOT_IN_HAND")
    assert drill.claim("win").reason == "NOT_A_WINNING_HAND"
    assert drill.prompt == before
    assert (drill.score.right, drill.score.asked) == (0, 3)
    assert drill.score.refused[0] == "CHI_ONLY_FROM_UPPER_SEAT"
    drill.pass_claim()  # no option: a pass is not a question
    assert drill.score.asked == 3


def test_options_are_exactly_the_legal_claims() -> None:
    drill = find(claim_prompt("chi"))
    assert_options_complete(drill)
    chi = next(o for o in drill.prompt.options if o["claim"] == "chi")  # type: ignore[union-attr]
    assert drill.prompt.by == SEATS[(SEATS.index("S") - 1) % 4]  # type: ignore[union-attr]
    answer = drill.claim("chi", chi["tiles"])
    assert answer.legal and answer.result["meld"]["kind"] == "chi"


def test_learner_pong_is_laid_out_as_the_referee_says_then_the_learner_discards() -> None:
    drill = find(lambda d: claim_prompt("pong")(d) and not claim_prompt("win")(d), level=1)
    prompt = drill.prompt
    assert prompt is not None
    claim = {"type": "claim", "seat": "S", "claim": "pong", "tiles": [prompt.tile] * 2}
    meld = judge(drill.scenario(claim))["meld"]
    assert drill.claim("pong").legal
    assert drill.state["melds"]["S"][-1] == meld  # the claimed tile sideways where it says
    assert [e.claim for e in drill.events if e.kind == "claim"][-1] == "pong"
    turn = drill.prompt
    assert turn is not None and turn.kind == "discard" and turn.by == "S"
    assert drill.state["turn"] == {"seat": "S", "stage": "discard", "after": "pong"}
    assert (drill.score.right, drill.score.asked) == (1, 1)
    tile = drill.hand()[0]
    assert drill.discard(tile).legal
    assert ("discard", "S", tile) in [(e.kind, e.seat, e.tile) for e in drill.events]
    assert drill.state["discards"]["S"][-1] == tile


def test_big_kong_from_the_opposite_seat_is_laid_out_with_a_middle_tile_sideways() -> None:
    drill = find(lambda d: claim_prompt("kong")(d) and d.prompt.by == "N", seeds=600)  # type: ignore[union-attr]
    seen = len(drill.events)
    assert drill.claim("kong").legal
    if drill.prompt is not None and drill.prompt.kind == "precedence":
        drill.answer("S", "pong_before_chi")
    meld = drill.state["melds"]["S"][-1]
    assert meld["kind"] == "kong_big" and meld["rotated"] in (1, 2)
    claim, supplement = drill.events[seen:seen + 2]
    assert (claim.kind, claim.seat, claim.claim) == ("claim", "S", "kong")
    assert (supplement.kind, supplement.seat) == ("supplement", "S")


def test_a_discard_the_referee_refuses_keeps_the_turn() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "discard")
    prompt = drill.prompt
    missing = next(t for t in ("1B", "2B", "3B", "E", "RD") if t not in drill.hand())
    verdict = drill.discard(missing)
    assert not verdict.legal and verdict.reason == "TILE_NOT_IN_HAND"
    assert drill.prompt == prompt


def self_drawn_win_in_hand() -> ClaimsDrill:
    """Deal 38, South, level 1, the learner passing every window: the first deal (by number)
    where the learner draws a winning tile (found with :func:`find`, 3 s; replayed here)."""
    drill = ClaimsDrill(38, seat="S", level=1)
    while not (drill.prompt is not None and drill.prompt.kind == "discard"
               and {"type": "declare_win"} in drill.prompt.options):
        assert not drill.over
        passive(drill)
    return drill


def kong_in_hand(kind: str) -> ClaimsDrill:
    """The first deal (by number; found with :func:`find`, replayed here), South, level 1,
    whose learner may declare a ``kind`` kong: deal 5 passing every window (four 4 dots,
    concealed), deal 40 claiming greedily (the fourth North for an exposed pong, added)."""
    seed, chooser = (5, passive) if kind == "kong_concealed" else (40, greedy)
    drill = ClaimsDrill(seed, seat="S", level=1)
    while not (drill.prompt is not None and drill.prompt.kind == "discard"
               and any(o["type"] == kind for o in drill.prompt.options)):
        assert not drill.over
        chooser(drill)
    return drill


def test_the_learner_declares_a_concealed_kong_and_draws_a_supplement() -> None:
    drill = kong_in_hand("kong_concealed")
    assert drill.prompt is not None
    assert drill.prompt.options == ({"type": "kong_concealed", "tile": "4D"},)
    refused = drill.kong("4D", "left")  # an added kong needs an exposed pong of it
    assert not refused.legal and drill.prompt.kind == "discard"
    seen = len(drill.events)
    assert drill.kong("4D").legal
    meld = drill.state["melds"]["S"][-1]
    assert meld["kind"] == "kong_concealed" and meld["face_down"] == [0, 3]
    assert [(e.kind, e.seat) for e in drill.events[seen:seen + 2]] == [
        ("kong_concealed", "S"), ("supplement", "S")]
    assert drill.prompt is not None and drill.prompt.kind == "discard"
    assert drill.state["turn"]["after"] == "supplement"
    assert drill.tiles_on_table() == tile_set("wsm")


def test_the_learner_adds_a_kong_the_others_may_rob() -> None:
    drill = kong_in_hand("kong_added")
    assert drill.prompt is not None
    assert {"type": "kong_added", "tile": "N", "end": "right"} in drill.prompt.options
    seen = len(drill.events)
    assert drill.kong("N", "right").legal
    kinds = [e.kind for e in drill.events[seen:]]
    assert kinds[0] == "kong_added" and (kinds[1:2] == ["supplement"] or drill.over)
    assert any(m["kind"] == "kong_added" and m["tiles"][0] == "N"
               for m in drill.state["melds"]["S"]) or drill.result["robbed"]  # type: ignore[index]
    assert "pending_kong" not in drill.state


def test_a_self_drawn_win_is_the_learners_to_declare() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "discard"
                 and {"type": "declare_win"} not in d.prompt.options)
    asked = drill.score.asked
    verdict = drill.declare_win()
    assert not verdict.legal and verdict.reason == "NOT_A_WINNING_HAND"
    assert drill.score.asked == asked + 1 and drill.score.refused[-1] == "NOT_A_WINNING_HAND"
    won = self_drawn_win_in_hand()
    right = won.score.right
    assert won.declare_win().legal and won.over and won.score.right == right + 1
    assert won.result == {"winner": "S", "self_drawn": True, "robbed": False}
    missed = self_drawn_win_in_hand()
    before = missed.score.missed_wins  # passive lets wins on discards go too
    assert missed.discard(missed.suggested_discard()).legal
    assert missed.score.missed_wins == before + 1


def test_passing_a_win_is_a_missed_win() -> None:
    drill = find(claim_prompt("win"))
    right, asked = drill.score.right, drill.score.asked
    drill.pass_claim(timed_out=True)
    assert drill.score.missed_wins == 1
    assert (drill.score.right, drill.score.asked) == (right, asked + 1)
    assert drill.history[-1]["timed_out"] is True


def test_pass_with_a_set_claim_is_a_right_answer() -> None:
    drill = find(lambda d: claim_prompt("pong")(d) and not claim_prompt("win")(d), level=1)
    right, asked, missed = drill.score.right, drill.score.asked, drill.score.missed_wins
    drill.pass_claim()
    assert (drill.score.right, drill.score.asked) == (right + 1, asked + 1)
    assert drill.score.missed_wins == missed


def test_win_on_a_discard_ends_the_drill() -> None:
    drill = find(claim_prompt("win"))
    prompt = drill.prompt
    assert prompt is not None
    assert drill.claim("win").legal
    while drill.prompt is not None:  # another seat may have claimed too
        drill.answer("S", "win_first")
    assert drill.over and drill.result is not None
    assert drill.result["winner"] in SEATS and drill.events[-1].kind == "win"
    assert drill.tiles_on_table() == tile_set("wsm")


def test_several_claims_ask_who_gets_it_and_why() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "precedence")
    prompt = drill.prompt
    assert prompt is not None and len(prompt.claims) >= 2
    awarded = judge(drill.scenario({"type": "claims", "claims": [
        {**c, "type": "claim", "tiles": _tiles_of(drill, c)} for c in prompt.claims]}))
    assert awarded["awarded"] is not None
    expected = drill.answer(awarded["awarded"]["seat"], "nearer_in_turn")
    assert expected.seat == awarded["awarded"]["seat"] and expected.why in WHY
    assert expected.right == (expected.why == "nearer_in_turn")


def _tiles_of(drill: ClaimsDrill, claim: dict[str, str]) -> list[str]:
    made = next(c for c in drill._claims if c["seat"] == claim["seat"])
    return list(made["tiles"])


def test_a_wrong_precedence_answer_scores_nothing() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "precedence")
    asked = drill.score.asked
    right = drill.score.right
    result = drill.answer("Z", "win_first")
    assert not result.right and drill.score.asked == asked + 1 and drill.score.right == right


@pytest.mark.parametrize(("claims", "awarded", "why"), [
    ([("S", "win"), ("W", "pong")], ("S", "win"), "win_first"),
    ([("S", "chi"), ("N", "pong")], ("N", "pong"), "pong_before_chi"),
    ([("S", "chi"), ("N", "kong")], ("N", "kong"), "pong_before_chi"),
    ([("W", "win"), ("N", "win")], ("W", "win"), "nearer_in_turn"),
    ([("W", "pong"), ("N", "kong")], ("W", "pong"), "nearer_in_turn"),
])
def test_why_awarded(claims: list[tuple[str, str]], awarded: tuple[str, str], why: str) -> None:
    made = [{"seat": s, "claim": c} for s, c in claims]
    assert why_awarded(made, {"seat": awarded[0], "claim": awarded[1]}) == why


@pytest.mark.parametrize(("hand", "tile", "value"), [
    ("E E 1B", "E", 3), ("E 1B", "E", 0), ("3B 4B 5B", "4B", 4), ("1B 3B 9D", "1B", 1),
    ("9D 8D 7D 7D", "9D", 3), ("5C 5C 5C", "5C", 6),
])
def test_tile_value(hand: str, tile: str, value: int) -> None:
    assert tile_value(hand.split(), tile) == value


def test_concealed_kong_and_self_drawn_win_happen_on_the_computer_side() -> None:
    drill = find(lambda d: any(e.kind == "kong_concealed" for e in d.events), passive, level=1)
    kinds = [e.kind for e in drill.events]
    assert kinds[kinds.index("kong_concealed") + 1] == "supplement"
    melds = [m for s in SEATS for m in drill.state["melds"][s] if m["kind"] == "kong_concealed"]
    assert melds and melds[0]["face_down"] == [0, 3]
    won = find(lambda d: d.over and bool(d.result and d.result["self_drawn"]), passive, level=1)
    assert won.events[-1].self_drawn and won.events[-1].kind == "win"


def test_added_kong_stands_when_nobody_robs_it() -> None:
    drill = find(lambda d: any(e.kind == "kong_added" for e in d.events)
                 and not d.result, passive, level=2)
    kinds = [e.kind for e in drill.events]
    if drill.prompt is not None and drill.prompt.robbing:
        assert all(o["claim"] == "win" for o in drill.prompt.options)
        assert drill.claim("pong").reason == "CLAIM_WINDOW_CLOSED"
        drill.pass_claim()
        kinds = [e.kind for e in drill.events]
    assert kinds[kinds.index("kong_added") + 1] == "supplement"
    assert "pending_kong" not in drill.state


def test_a_robbed_kong(robbed_seed: tuple[int, int]) -> None:
    seed, level = robbed_seed
    drill = ClaimsDrill(seed, seat="S", level=level)
    while not drill.over:
        passive(drill)
    assert drill.result is not None and drill.result["robbed"] is True
    kinds = [e.kind for e in drill.events]
    assert kinds[-3:] == ["kong_added", "robbed", "win"]
    owner = drill.events[-3].seat
    tile = drill.events[-3].tile
    assert (owner, tile, drill.result["winner"]) == ("N", "9D", "W")
    assert any(m["kind"] == "pong" and m["tiles"][0] == tile
               for m in drill.state["melds"][owner])
    assert drill.tiles_on_table() == tile_set("wsm")


@pytest.fixture
def robbed_seed() -> tuple[int, int]:
    """Deal 454 at level 2 (learner South passing): West robs North's added kong of 9 dots
    (found and replayed by ``python -m tests.lessons.practice.seeds``)."""
    return 454, 2


def test_learner_robs_a_kong() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.robbing and bool(d.prompt.options),
                 level=2, seeds=700)
    assert drill.claim("win").legal
    while drill.prompt is not None:
        drill.answer("S", "nearer_in_turn")
    assert drill.result is not None and drill.result["robbed"]


def test_empty_wall_ends_the_drill() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "claim"
                 and not d.prompt.options, level=1)
    drill.wall.clear()
    drill.pass_claim()
    assert drill.over and drill.result == {"winner": None, "self_drawn": False, "robbed": False}
    assert drill.events[-1].kind == "wall_empty"


def test_empty_wall_before_a_supplement() -> None:
    drill = find(lambda d: claim_prompt("kong")(d) and not claim_prompt("win")(d), seeds=600)
    drill.wall.clear()
    drill.claim("kong")
    while drill.prompt is not None and drill.prompt.kind == "precedence":
        drill.answer("S", "win_first")
    assert drill.over and drill.events[-1].kind == "wall_empty"


def test_score_record_for_the_store() -> None:
    drill = ClaimsDrill(2, seat="N", level=4)
    while not drill.over:
        greedy(drill)
    record = drill.score_record()
    assert record["seed"] == 2 and record["seat"] == "N" and record["level"] == 4
    assert 0 <= record["right"] <= record["asked"]
    assert record["result"] == drill.result


def test_partners_claim_by_level() -> None:
    calm = find(lambda d: len(d.events) > 60, passive, level=1)
    assert all(e.claim in (None, "win") for e in calm.events if e.kind == "claim")
    busy = find(lambda d: any(e.kind == "claim" and e.claim == "chi" and e.seat != "S"
                              for e in d.events), passive, level=3)
    assert busy.level.partners == "all"


# -- properties over many seeded games ------------------------------------------------------


def legal_claims_by_brute_force(drill: ClaimsDrill,
                                seat: str | None = None) -> set[tuple[str, tuple[str, ...]]]:
    """Every claim ``seat`` (default the learner) could make, found by asking the referee
    about all of them."""
    seat = seat or drill.seat
    hand = drill.state["hands"][seat]
    found = set()
    tried: list[tuple[str, list[str]]] = [("win", [])]
    for tile in set(hand):
        tried += [("pong", [tile, tile]), ("kong", [tile, tile, tile])]
    tried += [("chi", list(pair)) for pair in set(combinations(sorted(set(hand)), 2))]
    for kind, tiles in tried:
        action = {"type": "claim", "seat": seat, "claim": kind, "tiles": tiles}
        if judge(drill.scenario(action))["legal"]:
            found.add((kind, tuple(sorted(tiles))))
    return found


def assert_options_complete(drill: ClaimsDrill) -> None:
    prompt = drill.prompt
    assert prompt is not None
    shown = {(o["claim"], tuple(sorted(o["tiles"]))) for o in prompt.options}
    for option in prompt.options:
        assert judge(drill.scenario(option))["legal"]
    assert shown == legal_claims_by_brute_force(drill)


def assert_table_sound(drill: ClaimsDrill) -> None:
    assert drill.tiles_on_table() == tile_set("wsm")
    turn = drill.state["turn"]
    for seat in SEATS:
        held = len(drill.state["hands"][seat]) + sum(
            3 if m["kind"].startswith("kong") else len(m["tiles"])
            for m in drill.state["melds"][seat])
        # a seat holds its extra tile on its turn, except while its added kong may be robbed
        extra = (turn["seat"] == seat and turn["stage"] == "discard"
                 and "pending_kong" not in drill.state)
        assert held == (14 if extra else 13) or drill.over


def test_every_seat_sees_exactly_its_legal_claims() -> None:
    """The table's claim options for all three other seats (what partners choose from)."""
    checked = 0
    for seed in range(4):
        drill = ClaimsDrill(seed, seat="W", level=3)
        while not drill.over:
            prompt = drill.prompt
            if prompt is not None and prompt.kind == "claim":
                for seat in SEATS:
                    if seat != prompt.by:
                        shown = {(o["claim"], tuple(sorted(o["tiles"])))
                                 for o in drill._options if o["seat"] == seat}
                        assert shown == legal_claims_by_brute_force(drill, seat)
                        checked += 1
            greedy(drill)
    assert checked > 100


@settings(max_examples=3000 if FULL else 50, deadline=None, derandomize=not FULL,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SEATS), st.sampled_from(sorted(LEVELS)),
       st.lists(st.integers(0, 99), min_size=200, max_size=200))
def test_seeded_games_stay_legal_and_show_every_legal_claim(
        seed: int, seat: str, level: int, picks: list[int]) -> None:
    drill = ClaimsDrill(seed, seat=seat, level=level)
    moves: list[Any] = list(picks)
    while not drill.over:
        assert_table_sound(drill)
        prompt = drill.prompt
        assert prompt is not None
        pick = moves.pop() if moves else 99
        if prompt.kind == "claim":
            assert_options_complete(drill)
            if pick < 10:
                verdict = drill.claim(("chi", "pong", "kong", "win")[pick % 4])
                assert verdict.legal or verdict.reason is not None
                if not verdict.legal:
                    assert drill.prompt == prompt
            elif prompt.options and pick < 60:
                option = prompt.options[pick % len(prompt.options)]
                assert drill.claim(option["claim"], option["tiles"]).legal
            else:
                drill.pass_claim(timed_out=pick > 95)
        elif prompt.kind == "precedence":
            drill.answer(SEATS[pick % 4], WHY[pick % 3])
        elif pick < 5:
            verdict = drill.declare_win()
            assert verdict.legal == ({"type": "declare_win"} in prompt.options)
        elif pick < 15 and len(prompt.options) > int({"type": "declare_win"} in prompt.options):
            kong = prompt.options[-1]
            assert drill.kong(kong["tile"], kong.get("end")).legal
        else:  # any tile now and then, else a partner's choice (games of a usual length)
            hand = drill.hand()
            tile = hand[pick % len(hand)] if pick < 30 else drill.suggested_discard()
            assert drill.discard(tile).legal
    assert_table_sound(drill)
    assert 0 <= drill.score.right <= drill.score.asked
    assert Counter(drill.tiles_on_table()) == tile_set("wsm")
