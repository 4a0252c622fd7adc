"""The table model (tilewise.lessons.table, .steptable): every tile one place, what the learner
moved versus what the task gave, the staged action, and what an accepted verdict moves.

Every task of the core pack is played as a learner would: each listed wrong move, then the
first answer, without a reset. The property test at the end runs random sequences of moves,
take-backs, buttons, undos and resets on every core task (250 examples, derandomized).
"""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lessons.tableplay import Plan, plan
from tilewise.lessons import tilecodes
from tilewise.lessons.model import Answer, Lesson, Step, Task, WrongAnswer
from tilewise.lessons.pack import load_pack
from tilewise.lessons.session import LessonSession
from tilewise.lessons.steptable import (
    LessonTable,
    Outcome,
    final_table,
    main_line,
    previous_task,
    start_table,
)
from tilewise.lessons.table import Place, Table, TableError, command_zone, relation, seat_at

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"
PACK = load_pack(CORE, check_moves=False)
TASKS = [(lesson, i) for lesson in PACK.lessons for i, step in enumerate(lesson.steps)
         if step.task is not None]


def table_for(lesson_id: str, step_id: str) -> LessonTable:
    lesson = PACK.lesson(lesson_id)
    session = LessonSession(lesson)
    session._index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
    return LessonTable(session)


def codes(table: Table, ids: list[int]) -> list[str]:
    return [table.tiles[i].code for i in ids]


def run(desk: LessonTable, steps: Plan) -> Outcome | None:
    """Perform a plan; the outcome of the first judged step (None when nothing was judged)."""
    for step in steps:
        outcome = desk.move(step[1], step[2]) if step[0] == "move" else desk.command(step[1])
        if outcome.feedback is not None:
            return outcome
    return None


def check_places(table: Table) -> None:
    """Every tile in exactly one place; the whole set of the ruleset on the table."""
    places = [t.place for t in table.tiles]
    assert len(set(places)) == len(places)
    assert Counter(tilecodes.canonical(t.code) for t in table.tiles) == tilecodes.supply(
        table.ruleset)
    assert [t.id for t in table.tiles] == list(range(len(table.tiles)))


# -- every task: the listed mistakes, then the right answer -----------------------------------


@pytest.mark.parametrize(("lesson", "index"), TASKS,
                         ids=[f"{lesson.id}/{lesson.steps[i].id}" for lesson, i in TASKS])
def test_each_wrong_move_then_the_answer(lesson: Lesson, index: int) -> None:
    session = LessonSession(lesson)
    session._index = index
    desk = LessonTable(session)
    task = lesson.steps[index].task
    assert task is not None
    given_places = {t.id: t.place for t in desk.table.tiles if t.given}
    for wrong in task.wrong:
        before = desk.table.snapshot()
        steps = plan(desk.table, wrong.action)
        if steps is None:  # the table cannot make it (a fourth tile, blind where none arrives)
            continue
        outcome = run(desk, steps)
        if outcome is None:  # a short pass waits in the zone: the learner drags it back out
            for tile_id in desk.table.moved():
                assert desk.take_back(tile_id).changed
        else:
            assert outcome.feedback is not None and not outcome.feedback.accepted
            if wrong.reason is not None:
                assert outcome.feedback.reason == wrong.reason
            if wrong.feedback is not None:
                assert outcome.feedback.message == wrong.feedback
        assert desk.table.snapshot() == before
        assert {t.id: t.place for t in desk.table.tiles if t.given} == given_places
    steps = plan(desk.table, task.answers[0].action)
    assert steps is not None
    outcome = run(desk, steps)
    assert outcome is not None and outcome.feedback is not None and outcome.feedback.accepted
    assert session.record().done
    check_places(desk.table)
    assert not desk.table.moved()


# -- the flow of tiles -------------------------------------------------------------------------


def test_a_pass_sends_three_and_brings_three_in() -> None:
    desk = table_for("charleston", "first-right")
    table = desk.table
    rack = table.rack("E")
    passed = [i for i in rack if table.tiles[i].code in ("1C", "2C", "3C")]
    north = list(table.rack("N"))
    for tile_id in passed[:2]:
        assert desk.move(tile_id, "pass").changed
        assert desk.table.pass_missing() == 3 - len(desk.table.staged("pass"))
    assert desk.table.pass_missing() == 1
    outcome = desk.move(passed[2], "pass")
    assert outcome.feedback is not None and outcome.feedback.accepted
    table = desk.table
    assert set(passed) <= set(table.rack("S"))
    arrived = [i for i in table.rack("E") if table.tiles[i].arrived]
    assert len(arrived) == 3 and set(arrived) <= set(north)
    assert sorted(codes(table, arrived)) == ["3B", "RD", "WD"]  # North's singles, then a 3B
    assert len(table.rack("E")) == 14 and all(len(table.rack(s)) == 13 for s in "SWN")
    assert {m.tile for m in outcome.motions} >= set(passed) | set(arrived)
    assert not any(table.tiles[i].code == "J" for i in table.rack("S"))


def test_a_joker_never_waits_in_the_pass_zone() -> None:
    desk = table_for("charleston", "first-right")
    one = next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == "1C")
    joker = next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == "J")
    desk.move(one, "pass")
    outcome = desk.move(joker, "pass")
    assert outcome.feedback is not None and outcome.feedback.reason == "JOKER_NOT_PASSABLE"
    assert outcome.changed  # the 1C went back too: a refusal returns what the learner moved
    # a try, kept as a mistake (tester 7: a refused tile was a mistake yet no try)
    assert desk.table.staged("pass") == [] and desk.session.record().attempts == 1
    assert desk.table.pass_missing() == 3


def test_the_blind_pass_forwards_the_arriving_tiles() -> None:
    desk = table_for("charleston", "blind-pass")
    incoming = desk.table.incoming()
    assert codes(desk.table, incoming) == ["4B", "6B", "8B"]  # South's pass, face down
    assert not desk.table.can_drop(incoming[0], "nowhere")
    for tile_id in incoming:
        outcome = desk.move(tile_id, "pass")
    assert outcome.feedback is not None and outcome.feedback.accepted
    assert set(incoming) <= set(desk.table.rack("N"))
    assert len(desk.table.rack("E")) == 14 and not desk.table.incoming()


def test_a_blind_pass_keeps_the_tiles_not_forwarded() -> None:
    desk = table_for("charleston", "first-left")
    table = desk.table
    incoming = table.incoming()
    own = [i for i in table.rack("E") if table.tiles[i].code in ("N", "GD")]
    for tile_id in [incoming[1], *own]:
        outcome = desk.move(tile_id, "pass")
    assert outcome.feedback is not None and outcome.feedback.accepted  # any legal pass
    table = desk.table
    assert incoming[1] in table.rack("N") and set(own) <= set(table.rack("N"))
    kept = [i for i in incoming if i != incoming[1]]
    assert set(kept) <= set(table.rack("E")) and all(table.tiles[i].arrived for i in kept)
    assert len(table.rack("E")) == 14
    check_places(table)


def test_the_courtesy_pass_moves_the_smaller_number_each_way() -> None:
    desk = table_for("charleston", "courtesy")
    table = desk.table
    mine = [i for i in table.rack("E") if table.tiles[i].code in ("1C", "2C", "3C")]
    west_s = next(i for i in table.rack("W") if table.tiles[i].code == "S")
    for tile_id in mine:
        assert desk.move(tile_id, "courtesy").changed
    outcome = desk.command("offer")
    assert outcome.feedback is not None and outcome.feedback.accepted
    table = desk.table
    moved_out = [i for i in mine if i in table.rack("W")]
    assert len(moved_out) == 1 and west_s in table.rack("E") and table.tiles[west_s].arrived
    assert set(mine) - set(moved_out) <= set(table.rack("E"))
    assert len(table.rack("E")) == 14 and len(table.rack("W")) == 13


@pytest.mark.parametrize(("step_id", "rotated", "size"), [
    ("chi", 1, 3),            # 3B [4B] 5B: the claimed tile where the chi puts it
    ("chi-across", 1, 3),     # a pong from across: the middle tile sideways
    ("pong-lower", 2, 3),     # from the lower seat: the right tile
    ("latest-only", 0, 3),    # from the upper seat: the left tile
    ("big-kong", 1, 4),       # a big kong from across
])
def test_a_claim_lays_the_claimed_tile_sideways_where_the_referee_says(
        step_id: str, rotated: int, size: int) -> None:
    desk = table_for("claims", step_id)
    task = desk.task
    claimed = desk.table.at(desk.table.latest) if desk.table.latest else None
    steps = plan(desk.table, task.answers[0].action)
    assert steps is not None and claimed is not None
    outcome = run(desk, steps)
    assert outcome is not None and outcome.feedback is not None and outcome.feedback.accepted
    verdict = outcome.feedback.verdict
    assert verdict is not None and verdict["meld"]["rotated"] == rotated
    (exposure, ids), = desk.table.melds(task.seat)
    assert len(ids) == size and exposure.rotated == rotated
    assert ids[rotated] == claimed
    assert codes(desk.table, ids) == verdict["meld"]["tiles"]
    assert desk.table.latest is None and claimed not in desk.table.discards(
        verdict["meld"]["from"])
    assert any(m.tile == claimed and m.end.area == "exposure" for m in outcome.motions)


def test_a_claim_aims_at_the_discard_dragged_into_the_zone() -> None:
    desk = table_for("claims", "latest-only")
    table = desk.table
    east = table.discards("E")[0]
    fours = [i for i in table.rack("W") if table.tiles[i].code == "4B"]
    assert table.movable(east) and table.can_drop(east, "claim")
    assert not table.can_drop(east, "nowhere")
    for tile_id in [*fours, east]:
        assert desk.move(tile_id, "claim").changed
    south = table.discards("S")[0]
    assert not table.can_drop(south, "claim")  # one discard at a time
    assert table.command_action("claim:pong") == {
        "type": "claim", "seat": "W", "claim": "pong", "tiles": ["4B", "4B"],
        "discard": {"tile": "4B", "by": "E"}}
    outcome = desk.command("claim:pong")
    assert outcome.feedback is not None and outcome.feedback.reason == "NOT_LATEST_DISCARD"
    assert outcome.feedback.message == desk.task.wrong[0].feedback
    assert desk.table.discards("E") == [east] and set(fours) <= set(desk.table.rack("W"))


def test_a_win_on_a_discard_takes_the_tile_into_the_hand() -> None:
    desk = table_for("claims", "win-discard")
    tile = desk.table.aimed()
    outcome = desk.command("claim:win")
    assert outcome.feedback is not None and outcome.feedback.accepted
    assert tile in desk.table.rack("N") and desk.table.tiles[tile or 0].arrived


def test_a_concealed_kong_lies_with_its_ends_face_down_and_draws_a_supplement() -> None:
    desk = table_for("claims", "concealed-kong")
    wall_back = desk.table.wall()[-1]
    seven = next(i for i in desk.table.rack("N") if desk.table.tiles[i].code == "7D")
    outcome = desk.move(seven, "kong")
    assert outcome.feedback is not None and outcome.feedback.accepted
    (exposure, ids), = desk.table.melds("N")
    assert codes(desk.table, ids) == ["7D"] * 4 and exposure.face_down == (0, 3)
    assert wall_back in desk.table.rack("N") and len(desk.table.rack("N")) == 11


def test_an_added_kong_goes_on_the_far_end() -> None:
    desk = table_for("claims", "added-kong")
    eight = next(i for i in desk.table.rack("W") if desk.table.tiles[i].code == "8C")
    wrong = desk.move(eight, "kong_left")
    assert wrong.feedback is not None and wrong.feedback.reason == "ADDED_TILE_PLACEMENT"
    assert eight in desk.table.rack("W")
    outcome = desk.move(eight, "kong_right")
    assert outcome.feedback is not None and outcome.feedback.accepted
    (exposure, ids), = desk.table.melds("W")
    assert ids[-1] == eight and exposure.kind == "kong_added" and exposure.rotated == 0


def test_a_joker_exchange_swaps_the_tiles() -> None:
    desk = table_for("jokers", "exchange")
    (exposure, before), = desk.table.melds("N")
    joker = next(i for i in before if desk.table.tiles[i].code == "J")
    six = next(i for i in desk.table.rack("S") if desk.table.tiles[i].code == "6D")
    outcome = desk.move(six, "swap:N:0")
    assert outcome.feedback is not None and outcome.feedback.accepted
    (_exposure, after), = desk.table.melds("N")
    assert six in after and joker not in after and joker in desk.table.rack("S")
    assert desk.table.tiles[joker].arrived


def test_a_discard_becomes_the_latest_discard() -> None:
    desk = table_for("claims", "no-kong-after-pong")
    red = next(i for i in desk.table.rack("W") if desk.table.tiles[i].code == "RD")
    outcome = desk.move(red, "discard")
    assert outcome.feedback is not None and outcome.feedback.accepted
    assert desk.table.latest == desk.table.tiles[red].place == Place("discard", "W", 0)
    assert desk.table.state()["last_discard"] == {"tile": "RD", "by": "W"}


def test_closing_a_gap_in_a_discard_box_keeps_the_latest_discard_on_its_tile() -> None:
    table = Table(synthetic(["discard"], {
        "hands": {"E": ["1B"]}, "discards": {"S": ["2B", "3B", "4B"]},
        "last_discard": {"tile": "4B", "by": "S"}}))
    first, second, latest = table.discards("S")
    assert table.latest == table.tiles[latest].place == Place("discard", "S", 2)
    table.tiles[second].place = Place("wall", "", 99)  # a gap before the latest discard
    table._compact()
    assert table.discards("S") == [first, latest]
    assert table.latest == table.tiles[latest].place == table.tiles[latest].home == Place(
        "discard", "S", 1)
    assert table.tiles[first].home == table.tiles[first].place == Place("discard", "S", 0)


# -- given tiles, refusals, undo, reset -----------------------------------------------------


def test_a_refused_check_leaves_the_given_tiles_counting() -> None:
    """Issue 13: after one refused check the given 3C 3C stayed drawn but no longer counted."""
    desk = table_for("tiles", "find-jokers")
    table = desk.table
    given_ids = table.staged("group")
    assert codes(table, given_ids) == ["3C", "3C"] and all(table.tiles[i].given for i in given_ids)
    assert not table.movable(given_ids[0]) and not table.take_back(given_ids[0])
    flower = next(i for i in table.rack("E") if table.tiles[i].code.startswith("F"))
    joker = next(i for i in table.rack("E") if table.tiles[i].code == "J")
    desk.move(flower, "group")
    desk.move(joker, "group")
    refused = desk.command("as:kong")
    assert refused.feedback is not None and refused.feedback.reason == "GROUP_TILES_DIFFER"
    assert desk.table.staged("group") == given_ids
    jokers = [i for i in desk.table.rack("E") if desk.table.tiles[i].code == "J"]
    for tile_id in jokers:
        desk.move(tile_id, "group")
    assert desk.table.command_action("as:kong") == {"type": "group",
                                                    "tiles": ["3C", "3C", "J", "J"]}
    outcome = desk.command("as:kong")
    assert outcome.feedback is not None and outcome.feedback.accepted
    assert sorted(codes(desk.table, desk.table.staged("group"))) == ["3C", "3C", "J", "J"]


def test_undo_takes_back_a_staged_tile_never_a_pass_made() -> None:
    desk = table_for("charleston", "first-right")
    start = desk.table.snapshot()
    assert not desk.can_undo and not desk.undo().changed
    rack = desk.table.rack("E")
    first = [i for i in rack if desk.table.tiles[i].code in ("1C", "2C", "3C")]
    desk.move(first[0], "pass")
    assert desk.can_undo
    assert desk.undo().changed and desk.table.snapshot() == start
    for tile_id in first:
        desk.move(tile_id, "pass")
    passed = desk.table.snapshot()
    assert desk.session.record().done and passed != start
    assert not desk.move(rack[0], "pass").changed  # a done step takes no more drops
    assert not desk.command("nothing").changed
    # a pass made is final: Undo does not reverse the exchange (REFERENCE section 4)
    assert desk.committed and not desk.can_undo
    assert not desk.undo().changed and desk.session.record().done
    assert desk.table.snapshot() == passed
    reopened = LessonTable(LessonSession(desk.lesson, saved=desk.session.to_dict()))
    assert reopened.done and not reopened.can_undo and not reopened.undo().changed
    assert desk.reset().changed and desk.table.snapshot() == start
    for tile_id in first:
        desk.move(tile_id, "pass")
    assert desk.table.snapshot() == passed


def test_take_back_and_drops_that_do_nothing() -> None:
    desk = table_for("claims", "chi")
    table = desk.table
    three = next(i for i in table.rack("S") if table.tiles[i].code == "3B")
    assert not desk.take_back(three).changed
    assert not desk.take_back(9999).changed and not desk.move(-1, "claim").changed
    assert not desk.move(three, "nowhere").changed
    assert desk.move(three, "claim", 2).changed
    assert desk.table.tiles[three].place == Place("zone", "claim", 2)
    assert desk.move(three, "claim", 0).changed  # moved within the zone
    assert desk.take_back(three).changed and three in desk.table.rack("S")
    wall = desk.table.wall()[0]
    assert not desk.table.movable(wall) and not desk.move(wall, "claim").changed
    assert desk.table.command_action("unknown") is None


def test_a_step_reopened_done_shows_its_final_table() -> None:
    lesson = PACK.lesson("claims")
    session = LessonSession(lesson)
    session._index = next(i for i, s in enumerate(lesson.steps) if s.id == "chi")
    desk = LessonTable(session)
    steps = plan(desk.table, desk.task.answers[0].action)
    assert steps is not None
    run(desk, steps)
    final = desk.table.snapshot()
    reopened = LessonTable(LessonSession(lesson, saved=session.to_dict()))
    assert reopened.done and reopened.table.snapshot() == final
    assert reopened.answer() == reopened.task.answers[0].action
    assert reopened.can_undo and reopened.undo().changed
    assert reopened.table.snapshot() == reopened.start.snapshot()
    assert not reopened.done
    # a claim is no exchange: undo takes the accepted move back, its tiles to the rack
    assert not desk.committed and desk.can_undo and desk.undo().changed and not desk.done


def test_a_move_the_session_cannot_take_is_returned() -> None:
    desk = table_for("charleston", "first-right")
    tile = desk.table.rack("E")[2]
    desk.move(tile, "pass")
    outcome = desk.commit({"type": "claim", "claim": "pong", "tiles": []})
    assert outcome.feedback is None and outcome.changed and not desk.table.moved()


def test_a_lesson_table_needs_a_task_step() -> None:
    session = LessonSession(PACK.lesson("charleston"))
    with pytest.raises(ValueError, match="not a task"):
        LessonTable(session)


# -- the action the staged tiles make ---------------------------------------------------------


def test_zone_and_command_actions() -> None:
    desk = table_for("charleston", "first-across")
    table = desk.table
    assert table.zone_action("pass") == {"type": "pass", "seat": "E", "tiles": [], "blind": 0}
    assert table.zone_action("nowhere") is None
    assert table.command_action("vote:stop") == {"type": "vote", "seat": "E", "continue": False}
    exchange = table_for("jokers", "exchange").table
    assert exchange.zone_action("swap:N:0") is None and exchange.zone_action("discard") is None
    assert exchange.commands == []
    declare = table_for("jokers", "declare").table
    assert declare.command_action("declare_win") == {"type": "declare_win", "seat": "S"}


def synthetic(allow: list[str], state: dict[str, Any], **extra: Any) -> Task:
    action: dict[str, Any] = {"type": allow[0]}
    return Task(ruleset=extra.pop("ruleset", "wsm"), seat="E", allow=tuple(allow),
                state=state, given=extra.pop("given", {}), done="legal", result=None,
                answers=(Answer(extra.pop("answer", action)),),
                wrong=tuple(extra.pop("wrong", ())), **extra)


def test_claims_and_votes_tasks_make_their_table_wide_actions() -> None:
    task = synthetic(["claims", "votes"], {"last_discard": {"tile": "5B", "by": "N"}},
                     answer={"type": "claims", "claims": [
                         {"seat": "E", "claim": "pong", "tiles": ["5B", "5B"]}]})
    table = Table(task)
    assert table.command_action("claim:pong") == {
        "type": "claims", "claims": [{"seat": "E", "claim": "pong", "tiles": []}]}
    assert table.command_action("vote:continue") == {"type": "votes", "continue": {"E": True}}
    assert [z.slots for z in table.zones] == [3]
    assert table.latest == Place("discard", "N", 0)
    assert table.seats_shown() == ["S", "W", "N"]
    assert table.state()["discards"] == {"N": ["5B"]}


def test_group_tasks_deal_from_the_picture_or_the_listed_moves() -> None:
    task = synthetic(["group"], {}, ruleset="american", given={"as": "pung"},
                     answer={"type": "group", "tiles": ["1B", "1B", "J"]},
                     wrong=[WrongAnswer({"type": "group", "tiles": ["1B", "2B", "J"]}, "X")])
    table = Table(task)
    assert sorted(codes(table, table.rack("E"))) == ["1B", "1B", "2B", "J"]
    assert table.commands == ["as:pung"]
    assert table.command_action("as:pung") == {"type": "group", "tiles": []}
    assert table.command_action("as:kong") == {"type": "group", "tiles": [], "as": "kong"}
    pictured = Table(task, {"kind": "rack", "tiles": ["1B", "J", "1B"], "marked": [2]})
    assert codes(pictured, pictured.rack("E")) == ["1B", "J"]
    assert codes(pictured, pictured.staged("group")) == ["1B"]
    unnamed = synthetic(["group"], {}, ruleset="american",
                        answer={"type": "group", "tiles": ["1B", "1B"], "as": "pair"})
    assert Table(unnamed).commands == ["as:pair"]


def test_seats_and_relations() -> None:
    assert seat_at("E", "right") == "S" and seat_at("S", "left") == "E"
    assert relation("E", "W") == "across" and relation("N", "N") == "you"


def test_too_many_copies_cannot_be_set_up() -> None:
    task = synthetic(["discard"], {"hands": {"E": ["5B"] * 5}})
    with pytest.raises(TableError, match="more copies"):
        Table(task)
    # a pack check line: in the interface's language (the app's problems box)
    from tilewise.i18n import set_language

    set_language("de")
    try:
        with pytest.raises(TableError, match="^Stein 5B: mehr Exemplare, als der Spielsatz "):
            Table(task)
    finally:
        set_language("en")


def test_a_verdict_with_tiles_the_table_does_not_have() -> None:
    table = Table(synthetic(["discard"], {"hands": {"E": ["5B"]}}))
    with pytest.raises(TableError, match="no 6B"):
        table.apply({"type": "discard", "seat": "E", "tile": "6B"}, {"legal": True})
    claim = Table(synthetic(["claim"], {"hands": {"E": ["5B", "5B"]}}))
    with pytest.raises(TableError, match="needs a discard"):
        claim.apply({"type": "claim", "claim": "pong", "tiles": ["5B", "5B"]}, {"legal": True})


def test_unknown_seats_pass_from_the_wall() -> None:
    task = synthetic(["pass"], {"phase": "charleston", "step": "first_right",
                                "hands": {"E": ["1C", "2C", "3C", "J"]}}, ruleset="american")
    table = Table(task)
    front = table.wall()[:3]
    for tile_id in table.rack("E")[:3]:
        table.place(tile_id, "pass")
    table.apply({"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"], "blind": 0},
                {"to": "S"})
    assert codes(table, table.rack("S")) == ["1C", "2C", "3C"]
    assert set(front) <= set(table.rack("E"))
    check_places(table)


# -- snapshots ----------------------------------------------------------------------------------


def test_a_snapshot_sets_the_table_up_again_exactly() -> None:
    desk = table_for("jokers", "exchange")
    six = next(i for i in desk.table.rack("S") if desk.table.tiles[i].code == "6D")
    desk.table.place(six, "swap:N:0")
    data = desk.table.snapshot()
    again = Table.restore(desk.task, copy.deepcopy(data))
    assert again.snapshot() == data and again.zones == desk.table.zones
    assert again.moved() == [six]


@pytest.mark.parametrize("damage", [
    lambda d: d.update(version=99),
    lambda d: d.update(seat="N"),
    lambda d: d.pop("tiles"),
    lambda d: d["tiles"][0].__setitem__(1, "moon"),
    lambda d: d["tiles"].pop(),
    lambda d: d["tiles"][1].__setitem__(slice(1, 5), d["tiles"][0][1:5]),
    lambda d: d.update(latest="x"),
])
def test_a_damaged_snapshot_is_refused(damage: Any) -> None:
    table = table_for("claims", "latest-only").table
    data = copy.deepcopy(table.snapshot())
    damage(data)
    with pytest.raises(TableError):
        Table.restore(table.task, data)


# -- continuing a hand -------------------------------------------------------------------------


def continuing_lesson() -> Lesson:
    first = Task(ruleset="american", seat="E", allow=("pass",), done="legal", result=None,
                 state={"dealer": "E", "phase": "charleston", "step": "first_right",
                        "hands": copy.deepcopy(PACK.lesson("charleston").steps[3].task.state[
                            "hands"])},  # type: ignore[union-attr]
                 given={}, answers=(Answer({"type": "pass", "tiles": ["1C", "2C", "3C"],
                                            "blind": 0}),), wrong=())
    second = Task(ruleset="american", seat="E", allow=("pass",), done="legal", result=None,
                  state={"dealer": "E", "phase": "charleston", "step": "first_across"},
                  given={}, answers=(Answer({"type": "pass", "seat": "E",
                                             "tiles": ["9C", "7D", "8D"], "blind": 0}),),
                  wrong=(), continues=True)
    steps = [Step("a", "task", "Pass.", task=first), Step("b", "explain", "Look."),
             Step("c", "task", "Pass again.", task=second)]
    return Lesson("flow", "Flow", "Pass twice.", (), steps)


def test_a_continuing_task_starts_from_the_final_table_before_it() -> None:
    lesson = continuing_lesson()
    table = start_table(lesson, 2, main_line(lesson))
    arrived = [i for i in table.rack("E") if table.tiles[i].arrived]
    assert sorted(codes(table, arrived)) == ["3B", "RD", "WD"]
    assert "1C" not in codes(table, table.rack("E"))
    state = table.state()
    assert state["step"] == "first_across" and len(state["hands"]["E"]) == 14
    assert sorted(state["hands"]["S"]).count("1C") == 1
    session = LessonSession(lesson)
    session._index = 2
    desk = LessonTable(session)
    assert desk.table.snapshot() == table.snapshot()
    assert desk.answer()["tiles"] == ["9C", "7D", "8D"]
    steps = plan(desk.table, lesson.steps[2].task.answers[0].action)  # type: ignore[union-attr]
    assert steps is not None
    outcome = run(desk, steps)
    assert outcome is not None and outcome.feedback is not None and outcome.feedback.accepted
    assert not any(desk.table.tiles[i].arrived and i in arrived for i in desk.table.rack("E"))


def test_a_continuing_table_copies_every_field_of_the_tiles_before_it() -> None:
    import dataclasses

    from tilewise.lessons.table import Exposure, Tile

    # Table._inherit copies field by field: a new field must be copied there too
    assert [f.name for f in dataclasses.fields(Tile)] == [
        "id", "code", "place", "home", "given", "arrived"]
    assert [f.name for f in dataclasses.fields(Exposure)] == [
        "kind", "source", "rotated", "face_down"]
    lesson = continuing_lesson()
    earlier = previous_task(lesson, 2)
    assert earlier is not None
    before = final_table(lesson, earlier, main_line(lesson))
    before.tiles[0].arrived = True
    before.exposures[("W", 0)] = Exposure("pung", "N", 1, (0,))
    table = Table(lesson.steps[2].task, inherit=before)  # type: ignore[arg-type]
    assert table.tiles[0] == before.tiles[0] and table.tiles[0] is not before.tiles[0]
    assert table.exposures[("W", 0)] == before.exposures[("W", 0)]
    assert table.exposures[("W", 0)] is not before.exposures[("W", 0)]
    table.tiles[0].code = "changed"
    assert before.tiles[0].code != "changed"


def test_a_continuing_task_follows_the_learners_own_move() -> None:
    lesson = continuing_lesson()
    session = LessonSession(lesson)
    first = LessonTable(session)
    steps = plan(first.table, {"type": "pass", "tiles": ["9C", "N", "GD"], "blind": 0})
    assert steps is not None and run(first, steps) is not None
    session.advance()
    session.advance()
    desk = LessonTable(session)
    rack = codes(desk.table, desk.table.rack("E"))
    assert "9C" not in rack and "1C" in rack
    # the pack's answer (9C 7D 8D) is no longer possible: the core refuses it on this table
    assert session.preview({"type": "pass", "tiles": ["9C", "7D", "8D"], "blind": 0},
                           state=desk.table.state()).reason == "TILE_NOT_IN_HAND"
    # "Show me" has no listed answer that fits: it falls back to the first one
    assert desk.answer() == lesson.steps[2].task.answers[0].action  # type: ignore[union-attr]
    # the session alone judges a continuing task on the same table
    assert session.preview({"type": "pass", "tiles": ["9C", "7D", "8D"], "blind": 0}
                           ).reason == "TILE_NOT_IN_HAND"
    assert session.preview({"type": "pass", "tiles": ["1C", "7D", "8D"], "blind": 0}).legal


def test_a_recorded_move_that_no_longer_fits_is_not_replayed() -> None:
    """The learner passed 9C N GD, then 9C... on the next step; the first step is started
    again: the table the second step inherits lacks those tiles, and its record is not
    forced onto it."""
    lesson = continuing_lesson()
    session = LessonSession(lesson)
    first = LessonTable(session)
    run(first, plan(first.table, {"type": "pass", "tiles": ["9C", "N", "GD"], "blind": 0}))
    session.advance()
    session.advance()
    second = LessonTable(session)
    run(second, plan(second.table, {"type": "pass", "tiles": ["1C", "2C", "3C"], "blind": 0}))
    assert session.record().done
    session.back()
    session.back()
    session.reset_step()  # the first pass is open again: the main line (1C 2C 3C) stands in
    session._index = 2
    reopened = LessonTable(session)
    assert reopened.done and reopened.table.snapshot() == reopened.start.snapshot()
    assert "1C" not in codes(reopened.table, reopened.table.rack("E"))


def test_a_continuing_task_needs_a_task_before_it() -> None:
    lesson = continuing_lesson()
    lone = Lesson("lone", "Lone", "x", (), [lesson.steps[2]])
    with pytest.raises(TableError, match="needs a task step before it"):
        start_table(lone, 0, main_line(lone))
    other = Task(ruleset="wsm", seat="E", allow=("discard",), done="legal", result=None,
                 state={}, given={}, answers=(Answer({"type": "discard", "tile": "1B"}),),
                 wrong=(), continues=True)
    mixed = Lesson("mixed", "Mixed", "x", (), [lesson.steps[0], Step("z", "task", "x",
                                                                     task=other)])
    with pytest.raises(TableError, match="ruleset"):
        start_table(mixed, 1, main_line(mixed))


def test_staged_tiles_go_to_the_rack_of_a_continuing_table() -> None:
    group = table_for("tiles", "find-jokers").table
    joker = next(i for i in group.rack("E") if group.tiles[i].code == "J")
    group.place(joker, "group")
    task = synthetic(["discard"], {}, ruleset="american", continues=True)
    table = Table(task, inherit=group)
    assert not table.staged("group") and not any(t.given for t in table.tiles)
    assert sorted(codes(table, table.rack("E"))) == sorted(
        codes(group, group.rack("E")) + ["3C", "3C", "J"])
    assert table.seats_shown() == []
    blind = table_for("charleston", "blind-pass").table
    continued = Table(synthetic(["pass"], {"phase": "charleston", "step": "first_across"},
                                ruleset="american", continues=True), inherit=blind)
    assert len(continued.rack("E")) == 17 and not continued.incoming()


def test_face_down_tiles_go_only_to_the_pass_zone() -> None:
    task = synthetic(["pass", "discard"], {"phase": "charleston", "step": "first_left",
                                           "hands": {"E": ["1C", "2C", "3C"]}},
                     ruleset="american",
                     answer={"type": "pass", "tiles": [], "blind": 3})
    table = Table(task)
    incoming = table.incoming()
    assert len(incoming) == 3 and table.incoming_from == "S"
    assert not table.can_drop(incoming[0], "discard") and table.can_drop(incoming[0], "pass")


def test_the_state_of_the_table_as_the_referee_reads_it() -> None:
    blind = table_for("charleston", "blind-pass").table
    assert sorted(blind.state()["hands"]["S"]) == sorted(blind.task.state["hands"]["S"])
    desk = table_for("claims", "pong-lower")
    steps = plan(desk.table, desk.task.answers[0].action)
    assert steps is not None and run(desk, steps) is not None
    state = desk.table.state()
    assert state["last_discard"] is None and "E" not in state.get("discards", {})
    assert state["melds"]["N"][0]["rotated"] == 2 and state["melds"]["N"][0]["from"] == "E"


def test_the_main_line_of_a_group_lesson() -> None:
    lesson = PACK.lesson("tiles")
    index = next(i for i, s in enumerate(lesson.steps) if s.id == "find-jokers")
    table = final_table(lesson, index, main_line(lesson))
    assert sorted(codes(table, table.staged("group"))) == ["3C", "3C", "J", "J"]


def test_a_refused_main_line_leaves_the_table_as_it_started() -> None:
    lesson = continuing_lesson()
    def refuse(scenario: Any) -> dict[str, Any]:
        return {"legal": False, "reason": "WRONG_PHASE"}
    table = final_table(lesson, 0, main_line(lesson, refuse))
    assert table.snapshot() == start_table(lesson, 0, main_line(lesson)).snapshot()


# -- properties ---------------------------------------------------------------------------------


OPS = st.lists(st.tuples(st.sampled_from(["move", "back", "command", "undo", "reset"]),
                         st.integers(0, 200), st.integers(0, 9), st.integers(-1, 6)),
               max_size=14)


@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(task=st.sampled_from(TASKS), ops=OPS)
def test_any_sequence_of_operations_keeps_the_table_whole(
        task: tuple[Lesson, int], ops: list[tuple[str, int, int, int]]) -> None:
    """Every tile in one place; a given tile moves only by a verdict; no joker is ever
    passed; what is staged is what the staged action says."""
    lesson, index = task
    session = LessonSession(lesson)
    session._index = index
    desk = LessonTable(session)
    for op, pick, which, slot in ops:
        table = desk.table
        given_before = {t.id: t.place for t in table.tiles if t.given}
        jokers_before = {t.id: t.place.owner for t in table.tiles
                         if t.code == "J" and t.place.area == "rack"}
        movable = [t.id for t in table.tiles if table.movable(t.id)]
        if op == "move" and movable and table.zones:
            outcome = desk.move(movable[pick % len(movable)],
                                table.zones[which % len(table.zones)].id,
                                None if slot < 0 else slot)
        elif op == "back" and movable:
            outcome = desk.take_back(movable[pick % len(movable)])
        elif op == "command" and table.commands:
            outcome = desk.command(table.commands[which % len(table.commands)])
        elif op == "undo":
            outcome = desk.undo()
        elif op == "reset":
            outcome = desk.reset()
        else:
            continue
        table = desk.table
        check_places(table)
        verdict_moved = outcome.feedback is not None and outcome.feedback.accepted
        if not verdict_moved and op not in ("undo", "reset"):
            assert {t.id: t.place for t in table.tiles if t.given} == given_before
        if verdict_moved and outcome.feedback.verdict is not None and (  # type: ignore[union-attr]
                session.record().moves[-1]["action"]["type"] == "pass"):
            for tile_id, owner in jokers_before.items():
                assert table.tiles[tile_id].place.owner == owner
        assert all(table.tiles[i].code != "J" for i in table.staged("pass"))
        for zone in table.zones:
            staged = table.staged(zone.id)
            assert len(staged) <= zone.slots
            action = table.zone_action(zone.id)
            if zone.kind == "pass":
                assert action is not None
                assert sorted([*action["tiles"], *["?"] * action["blind"]]) == sorted(
                    "?" if table.tiles[i].home.area == "incoming" else table.tiles[i].code
                    for i in staged)
            elif action is not None:
                assert action["tile"] == table.tiles[staged[-1]].code
        for command in table.commands:
            action = table.command_action(command)
            assert action is not None
            if action["type"] == "group":
                assert sorted(action["tiles"]) == sorted(codes(table, table.staged("group")))
            if action["type"] == "claim":
                own = [i for i in table.staged("claim")
                       if table.tiles[i].home.area != "discard"]
                assert sorted(action["tiles"]) == sorted(codes(table, own))


def test_the_blind_pass_starts_again_from_the_dealt_rack_and_says_so() -> None:
    """charleston/blind-pass is the other way to make the third pass, not a step that
    continues the hand (lessons/README.md "Continuing the hand": the next move of the same
    hand): the step before it already made the first left, and a hand passes it once. So it
    starts from the rack dealt at the first pass. Its text said "Again on the first left", as
    if the hand went on (newcomer report); it names the dealt rack now."""
    lesson = PACK.lesson("charleston")
    ids = [step.id for step in lesson.steps]
    index, accepted = ids.index("blind-pass"), main_line(lesson)
    step = lesson.steps[index]
    assert step.task is not None and not step.task.continues
    blind = start_table(lesson, index, accepted)
    dealt = start_table(lesson, ids.index("first-right"), accepted)
    assert sorted(codes(blind, blind.rack("E"))) == sorted(codes(dealt, dealt.rack("E")))
    assert not step.text.startswith("Again") and "dealt rack" in step.text


def test_a_group_button_on_too_few_tiles_is_no_move_and_no_mistake() -> None:
    """Tester 7 (shots 028, 214): "Check as a pung" with the group empty, or with only the two
    3 bams, was judged a rule mistake (GROUP_TILES_DIFFER) and kept for review."""
    desk = table_for("tiles", "flowers-same")
    table, session = desk.table, desk.session
    assert table.command_missing("as:pung") == 3
    empty = desk.command("as:pung")
    assert (empty.missing, empty.feedback, empty.changed) == (3, None, False)
    flower = next(i for i in table.rack("E") if table.tiles[i].code.startswith("F"))
    desk.move(flower, "group")
    assert desk.command("as:pung").missing == 2
    assert table.staged("group") == [flower]  # the staged tile stays where it was put
    assert session.record().attempts == 0 and session.record().first_try is None
    assert session.take_mistakes() == []
    # other buttons and a kind of no one size are judged as before
    assert table.command_missing("as:run") == table.command_missing("claim:pung") == 0
    assert table.command_missing("declare_win") == 0
    # the given tiles count: find-jokers gives two 3 craks for a kong
    given = table_for("tiles", "find-jokers")
    assert given.command("as:kong").missing == 2
    # the two given 3 bams of a pung: one more; three wrong tiles are judged (a real mistake)
    pung = table_for("jokers", "build-pung")
    rack = pung.table.rack(pung.task.seat)
    assert [(pung.table.tiles[i].code, pung.table.tiles[i].given)
            for i in pung.table.staged("group")] == [("3B", True)] * 2
    assert pung.command("as:pung").missing == 1 and pung.session.take_mistakes() == []
    pung.move(next(i for i in rack if pung.table.tiles[i].code == "4B"), "group")
    judged = pung.command("as:pung")
    assert judged.missing == 0 and judged.feedback is not None
    assert judged.feedback.reason == "GROUP_TILES_DIFFER"
    [kept] = pung.session.take_mistakes()
    assert kept.action["tiles"] == ["3B", "3B", "4B"]


def test_the_courtesy_step_dragged_into_the_pass_is_a_try_and_one_mistake() -> None:
    """Tester 7 (shots 203, 209): 9C, 7D, 8D dragged one by one into the pass to the right
    kept three mistakes for one idea, and the step was still right first time."""
    desk = table_for("charleston", "courtesy")
    table, session = desk.table, desk.session
    for code in ("9C", "7D", "8D"):
        tile = next(i for i in table.rack("E") if table.tiles[i].code == code)
        outcome = desk.move(tile, "pass")
        assert outcome.feedback is not None
        assert outcome.feedback.reason == "COURTESY_ACROSS_ONLY"
        assert table.tiles[tile].place.area == "rack"  # back home
    assert session.record().attempts == 3 and session.record().first_try is False
    [kept] = session.take_mistakes()
    assert (kept.reason, kept.action["tiles"]) == ("COURTESY_ACROSS_ONLY", ["9C"])
    # the same idea later in the session (after a start again) is not kept again
    desk.reset()
    again = desk.move(next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == "9C"),
                      "pass")
    assert again.feedback is not None and session.take_mistakes() == []
    # another idea on the step is: a joker offered across
    desk.move(next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == "J"),
              "courtesy")
    for code in ("9C", "GD"):
        desk.move(next(i for i in desk.table.rack("E") if desk.table.tiles[i].code == code),
                  "courtesy")
    offered = desk.command("offer")
    assert offered.feedback is not None and offered.feedback.reason == "JOKER_NOT_PASSABLE"
    assert [m.reason for m in session.take_mistakes()] == ["JOKER_NOT_PASSABLE"]
    assert not session.record().first_try  # kept through the start again


def test_each_button_of_tiles_names_the_zone_it_acts_on() -> None:
    """The player sends the selection there first (tester 7b, shots 045-048)."""
    assert [command_zone(c) for c in ("as:pung", "claim:kong", "offer", "check:card_need")] \
        == ["group", "claim", "courtesy", "keep"]
    assert command_zone("vote:stop") == command_zone("declare_win") == ""
