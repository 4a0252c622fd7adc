"""The claims drill on the table model: the learner's discards and claims as table moves, every
verdict from the referee, the table always the drill's state, tiles keeping their ids."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.lessons.practice.test_claims_drill import (
    claim_prompt,
    find,
    kong_in_hand,
    self_drawn_win_in_hand,
)
from tilewise.lessons.practice.claims import ClaimsDrill
from tilewise.lessons.practice.claimstable import ClaimsTable, drill_task
from tilewise.lessons.table import Table, TableError, follow
from tilewise.lessons.tilecodes import supply
from tilewise.rules.seats import SEATS


def same_as_drill(desk: ClaimsTable) -> None:
    """The table shows the drill's state: hands, melds (layout and sideways tile), discards,
    the latest discard; and it holds the whole set, one tile per id."""
    state, drill = desk.table.state(), desk.drill.state
    assert state["hands"] == {s: drill["hands"][s] for s in SEATS}
    assert state.get("melds", {}) == {s: m for s, m in drill["melds"].items() if m}
    assert state.get("discards", {}) == {s: d for s, d in drill["discards"].items() if d}
    assert state.get("last_discard") == drill["last_discard"]
    assert [t.id for t in desk.table.tiles] == list(range(len(desk.table.tiles)))
    assert Counter(t.code for t in desk.table.tiles) == supply("wsm")


def rack_ids(desk: ClaimsTable, code: str) -> list[int]:
    return [i for i in desk.table.rack(desk.drill.seat) if desk.table.tiles[i].code == code]


def test_each_prompt_offers_its_zones_and_buttons() -> None:
    desk = ClaimsTable(ClaimsDrill(0, seat="S", level=1))
    assert desk.drill.prompt is not None and desk.drill.prompt.kind == "claim"
    assert [(z.id, z.slots) for z in desk.table.zones] == [("claim", 4)]  # a kong + the discard
    assert desk.commands == ["claim:chi", "claim:pong", "claim:kong", "claim:win", "pass"]
    same_as_drill(desk)
    outcome = desk.command("pass")
    assert outcome.changed and outcome.carried and outcome.feedback is None
    while desk.drill.prompt is not None and desk.drill.prompt.kind != "discard":
        desk.command("pass")
    assert [z.id for z in desk.table.zones] == ["discard"]
    assert desk.commands == ["declare_win"]
    drawn = desk.table.rack("S")[-1]
    assert desk.table.tiles[drawn].arrived  # the tile drawn for the learner is marked
    assert desk.command("pass") == desk.command("claim:pong") == desk.command("nonsense")
    assert not desk.command("pass").changed
    assert not desk.time_out().changed and not desk.answer_precedence("E", "win_first").changed
    assert not desk.move(10_000, "discard").changed and not desk.take_back(-1).changed


def test_the_learner_discards_by_a_drop_and_the_tile_keeps_its_id() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "discard", level=1)
    desk = ClaimsTable(drill)
    tile = drill.suggested_discard()
    tile_id = rack_ids(desk, tile)[0]
    outcome = desk.move(tile_id, "discard")
    assert outcome.feedback is not None and outcome.feedback.accepted and outcome.carried
    same_as_drill(desk)
    mine = desk.table.discards("S")
    assert mine[-1] == tile_id and desk.table.tiles[tile_id].code == tile
    moved = {m.tile: m for m in outcome.motions}
    assert moved[tile_id].start.area == "zone" and moved[tile_id].end.area == "discard"


def test_a_refused_claim_returns_the_staged_tiles_then_the_pong_is_laid_out() -> None:
    drill = find(lambda d: claim_prompt("pong")(d) and not claim_prompt("win")(d)
                 and d.prompt.by == "W", level=1)  # type: ignore[union-attr]
    desk = ClaimsTable(drill)
    prompt = drill.prompt
    assert prompt is not None
    pair = rack_ids(desk, prompt.tile)[:2]
    for tile_id in pair:
        assert desk.move(tile_id, "claim").changed
    assert desk.take_back(pair[1]).changed and desk.move(pair[1], "claim").changed
    refused = desk.command("claim:chi")
    assert refused.feedback is not None and not refused.feedback.accepted
    assert refused.feedback.reason == "CHI_ONLY_FROM_UPPER_SEAT" == str(desk.last.reason)  # type: ignore[union-attr]
    assert desk.table.staged("claim") == [] and drill.prompt == prompt
    discard = desk.table.at(desk.table.latest)  # type: ignore[arg-type]
    for tile_id in [*pair, discard]:  # the discard dragged in too: the claim aims at it
        assert desk.move(tile_id, "claim").changed  # type: ignore[arg-type]
    accepted = desk.command("claim:pong")
    assert accepted.feedback is not None and accepted.feedback.accepted and desk.laid_out
    same_as_drill(desk)
    (exposure, ids), = desk.table.melds("S")
    assert exposure.kind == "pong" and exposure.rotated == 2  # from the lower seat
    assert ids[exposure.rotated] == discard  # the claimed tile, sideways, kept its id
    assert {m.tile for m in accepted.motions} >= {*pair, discard}
    assert drill.prompt is not None and drill.prompt.kind == "discard"
    assert not desk.table.tiles[ids[0]].arrived  # laid out, not in the rack


def test_a_claim_aimed_at_an_older_discard_is_refused_by_the_referee() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "claim"
                 and sum(len(v) for v in d.state["discards"].values()) > 3, level=1)
    desk = ClaimsTable(drill)
    latest = desk.table.at(desk.table.latest)  # type: ignore[arg-type]
    older = next(i for s in SEATS for i in desk.table.discards(s) if i != latest)
    assert desk.move(older, "claim").changed
    outcome = desk.command("claim:pong")
    assert outcome.feedback is not None and outcome.feedback.reason == "NOT_LATEST_DISCARD"
    assert desk.table.staged("claim") == []


def test_a_self_drawn_win_declared_and_one_refused() -> None:
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "discard"
                 and not d.prompt.options, level=1)
    desk = ClaimsTable(drill)
    refused = desk.command("declare_win")
    assert refused.feedback is not None and refused.feedback.reason == "NOT_A_WINNING_HAND"
    won = ClaimsTable(self_drawn_win_in_hand())
    outcome = won.command("declare_win")
    assert outcome.feedback is not None and outcome.feedback.accepted and won.drill.over
    assert won.table.zones == [] and won.commands == []


def test_the_clock_and_the_precedence_question() -> None:
    desk = ClaimsTable(ClaimsDrill(3, seat="S", level=4))
    history = len(desk.drill.history)
    assert desk.time_out().carried and desk.drill.history[history]["timed_out"]
    drill = find(lambda d: d.prompt is not None and d.prompt.kind == "precedence")
    asked = ClaimsTable(drill)
    assert asked.table.zones == [] and asked.commands == []
    outcome = asked.answer_precedence("Z", "win_first")
    assert outcome.carried and asked.answer is not None and not asked.answer.right
    same_as_drill(asked)


def test_a_whole_game_keeps_the_table_the_drills() -> None:
    desk = ClaimsTable(ClaimsDrill(5, seat="N", level=3))
    turns = 0
    while desk.drill.prompt is not None and turns < 200:
        prompt = desk.drill.prompt
        if prompt.kind == "discard":
            tile = desk.drill.suggested_discard()
            desk.move(rack_ids(desk, tile)[0], "discard")
        elif prompt.kind == "claim":
            desk.command("pass")
        else:
            desk.answer_precedence("E", "win_first")
        same_as_drill(desk)
        turns += 1
    assert desk.drill.over


def test_follow_needs_one_ruleset() -> None:
    wsm = Table(drill_task(ClaimsDrill(0)))
    american = Table(drill_task(ClaimsDrill(0)))
    object.__setattr__(american, "ruleset", "american")
    with pytest.raises(TableError):
        follow(wsm, american)


def test_kongs_on_the_learners_turn_are_drops_into_their_zones() -> None:
    desk = ClaimsTable(kong_in_hand("kong_concealed"))
    assert [z.id for z in desk.table.zones] == ["discard", "kong"]
    four = rack_ids(desk, "4D")
    outcome = desk.move(four[0], "kong")
    assert outcome.feedback is not None and outcome.feedback.accepted
    same_as_drill(desk)
    (exposure, ids), = desk.table.melds("S")
    assert exposure.kind == "kong_concealed" and sorted(ids) == sorted(four)
    assert desk.table.tiles[desk.table.rack("S")[-1]].arrived  # the supplement tile
    added = ClaimsTable(kong_in_hand("kong_added"))
    assert {"kong_left", "kong_right"} <= {z.id for z in added.table.zones}
    north = rack_ids(added, "N")[0]
    outcome = added.move(north, "kong_right")
    assert outcome.feedback is not None and outcome.feedback.accepted
    same_as_drill(added)
    assert any(e.kind == "kong_added" and north in ids
               for e, ids in added.table.melds("S")) or added.drill.over
