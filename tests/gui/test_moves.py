"""gui.moves: what the table offers for a task, and the action the learner's moves make."""

from __future__ import annotations

from typing import Any

import pytest

from tilewise.gui.table import moves


def step(pack: Any, lesson: str, step_id: str) -> Any:
    return next(s for s in pack.lesson(lesson).steps if s.id == step_id)


@pytest.mark.parametrize(("step_id", "target", "incoming"), [
    ("first-right", "S", 0),   # a blind pass is listed only as refused there
    ("first-across", "W", 0),
    ("first-left", "N", 3),
    ("blind-pass", "N", 3),
    ("underway", "W", 0),
])
def test_pass_zone_points_at_the_seat_the_step_names(core_pack: Any, step_id: str, target: str,
                                                     incoming: int) -> None:
    s = step(core_pack, "charleston", step_id)
    spec = moves.table_spec(s.task, s.picture)
    zone = next(z for z in spec.zones if z.kind == "pass")
    assert (zone.target, zone.slots, spec.incoming) == (target, 3, incoming)
    assert spec.rack == s.task.state["hands"]["E"]


def test_relations_follow_turn_order() -> None:
    assert [moves.seat_at("E", r) for r in ("right", "across", "left")] == ["S", "W", "N"]
    assert [moves.relation("N", s) for s in ("E", "S", "W", "N")] == [
        "right", "across", "left", "you"]


def test_group_task_deals_from_the_rack_picture_and_marks_what_lies_on_the_table(
        core_pack: Any) -> None:
    s = step(core_pack, "tiles", "find-jokers")
    spec = moves.table_spec(s.task, s.picture)
    assert spec.preplaced == {"group": ["3C", "3C"]}
    assert spec.rack == ["F2", "J", "WD", "F6", "J", "8B"]
    assert spec.commands == ["as:kong"]


def test_a_given_field_is_left_out_of_the_learner_move(core_pack: Any) -> None:
    s = step(core_pack, "tiles", "find-jokers")
    spec = moves.table_spec(s.task, s.picture)
    action = moves.command_action(spec, s.task.allow, "as:kong",
                                  {"group": ["3C", "3C", "J", "J"]}, s.task.given)
    assert action == {"type": "group", "tiles": ["3C", "3C", "J", "J"]}
    free = moves.command_action(spec, ("group",), "as:pung", {"group": ["5B"] * 3}, {})
    assert free == {"type": "group", "tiles": ["5B", "5B", "5B"], "as": "pung"}


@pytest.mark.parametrize(("command", "allow", "expected"), [
    ("vote:stop", ("vote",), {"type": "vote", "seat": "E", "continue": False}),
    ("vote:continue", ("votes",), {"type": "votes", "continue": {"E": True}}),
    ("offer", ("courtesy",), {"type": "courtesy", "offers": {"E": ["1C"]}}),
    ("claim:pong", ("claim",), {"type": "claim", "seat": "E", "claim": "pong", "tiles": ["9D"]}),
    ("declare_win", ("declare_win",), {"type": "declare_win", "seat": "E"}),
    ("nonsense", ("pass",), None),
])
def test_buttons_make_protocol_actions(command: str, allow: tuple[str, ...],
                                       expected: dict[str, Any] | None) -> None:
    spec = moves.TableSpec(seat="E", rack=[])
    staged = {"courtesy": ["1C"], "claim": ["9D"]}
    assert moves.command_action(spec, allow, command, staged) == expected


@pytest.mark.parametrize(("zone", "action"), [
    (moves.ZoneSpec("discard", "discard", 1), {"type": "discard", "seat": "E", "tile": "7D"}),
    (moves.ZoneSpec("kong", "kong", 1), {"type": "kong_concealed", "seat": "E", "tile": "7D"}),
    (moves.ZoneSpec("kong_left", "kong_end", 1, end="left"),
     {"type": "kong_added", "seat": "E", "tile": "7D", "end": "left"}),
    (moves.ZoneSpec("swap:S:0", "swap", 1, target="S", meld=0),
     {"type": "joker_exchange", "seat": "E", "tile": "7D", "target": {"seat": "S", "meld": 0}}),
    (moves.ZoneSpec("group", "group", 3), None),
])
def test_single_tile_zones_act_at_once(zone: moves.ZoneSpec, action: dict[str, Any] | None) -> None:
    spec = moves.TableSpec(seat="E", rack=["7D"])
    assert moves.drop_action(spec, zone, ["7D"], 0) == action
