"""The Charleston practice on the table model: drags like a lesson, arrivals in the rack."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tilewise.lessons import tilecodes
from tilewise.lessons.practice.charleston import CharlestonPractice
from tilewise.lessons.practice.lines import PracticeLine
from tilewise.lessons.practice.table import PracticeTable, _rack_order, step_task
from tilewise.rules.charleston import pass_target

Lines = tuple[PracticeLine, ...]


def codes(desk: PracticeTable, ids: list[int]) -> list[str]:
    return [desk.table.tiles[i].code for i in ids]


def whole(desk: PracticeTable) -> None:
    table = desk.table
    assert len({t.place for t in table.tiles}) == len(table.tiles)
    assert Counter(tilecodes.canonical(t.code) for t in table.tiles) == tilecodes.supply(
        "american")
    assert Counter(codes(desk, table.rack(desk.practice.seat))) == Counter(desk.practice.hand)


def own_pass(desk: PracticeTable, blind: int) -> list[int]:
    """The learner's move as drags: the partner policy's own tiles, then face-down ones."""
    own, _count = desk.practice.partner_pass(desk.practice.seat)
    rack = desk.table.rack(desk.practice.seat)
    ids: list[int] = []
    for code in own[: 3 - blind]:
        ids.append(next(i for i in rack if desk.table.tiles[i].code == code and i not in ids))
    return ids + desk.table.incoming()[:blind]


def test_a_whole_deal_played_on_the_table(lines: Lines) -> None:
    desk = PracticeTable(CharlestonPractice(7, lines, seat="S"))
    whole(desk)
    steps = []
    while not desk.done:
        practice = desk.practice
        steps.append(practice.step)
        zone_ids = [z.id for z in desk.table.zones]
        if practice.step == "stop_vote":
            outcome = desk.command("vote:continue")
        elif practice.step == "courtesy":
            assert zone_ids == ["courtesy"] and desk.table.commands == ["offer"]
            first = desk.table.rack(practice.seat)[0]
            assert desk.move(first, "courtesy").changed
            outcome = desk.command("offer")
        else:
            assert zone_ids == ["pass"]
            assert bool(desk.table.incoming()) == practice.blind_allowed()
            blind = 3 if practice.blind_allowed() else 0
            for tile_id in own_pass(desk, blind):
                outcome = desk.move(tile_id, "pass")
        assert outcome.feedback is not None and outcome.feedback.accepted, practice.step
        whole(desk)
        if practice.records and practice.records[-1].step == steps[-1]:
            received = list(practice.records[-1].received[practice.seat])
            arrived = [t.code for t in desk.table.tiles if t.arrived]
            assert Counter(arrived) == Counter(received)
            moved = {m.tile for m in outcome.motions}
            assert moved >= {t.id for t in desk.table.tiles if t.arrived} and outcome.carried
            record = practice.records[-1]
            if record.step != "courtesy" and record.given[practice.seat]:
                # the learner's own passed tiles slide to the seat receiving them
                target = pass_target(record.step, practice.seat)
                sent = Counter(desk.table.tiles[m.tile].code for m in outcome.motions
                               if m.end == desk.table.tiles[m.tile].place
                               and m.end.area == "rack" and m.end.owner == target)
                assert sent and sent <= Counter(record.given[practice.seat])
    assert steps[:3] == ["first_right", "first_across", "first_left"]
    assert steps[-1] == "courtesy" and desk.table.zones == [] and desk.table.commands == []
    assert desk.command("offer").changed is False and desk.move(0, "pass").changed is False


def test_refusals_return_what_the_learner_staged(lines: Lines) -> None:
    practice = CharlestonPractice(3, lines, seat="E")
    desk = PracticeTable(practice)
    rack = desk.table.rack("E")
    joker = next((i for i in rack if desk.table.tiles[i].code == "J"), None)
    other = next(i for i in rack if desk.table.tiles[i].code != "J")
    assert desk.move(other, "pass").changed
    if joker is not None:
        refused = desk.move(joker, "pass")
        assert refused.feedback is not None and refused.feedback.reason == "JOKER_NOT_PASSABLE"
        assert desk.table.staged("pass") == []
    assert desk.take_back(other).changed is False or desk.table.staged("pass") == []
    assert desk.take_back(-1).changed is False and desk.move(999, "pass").changed is False
    assert desk.command("vote:stop").changed is False  # no vote on a pass step
    # the engine's own refusal: the first Charleston cannot be stopped
    for tile_id in own_pass(desk, 0):
        desk.move(tile_id, "pass")
    for tile_id in own_pass(desk, 0):
        desk.move(tile_id, "pass")
    for tile_id in own_pass(desk, 0):
        desk.move(tile_id, "pass")
    assert practice.step == "stop_vote"
    staged_before = desk.table.snapshot()
    voted = desk.command("vote:continue")
    assert voted.feedback is not None and voted.feedback.accepted
    assert desk.table.snapshot() != staged_before and practice.step == "second_left"


def test_a_courtesy_offer_the_engine_refuses(lines: Lines) -> None:
    practice = CharlestonPractice(0, lines, seat="S")  # South keeps a joker to the end
    desk = PracticeTable(practice)
    while practice.step != "courtesy":
        if practice.step == "stop_vote":
            desk.command("vote:stop")
            continue
        for tile_id in own_pass(desk, 0):
            desk.move(tile_id, "pass")
    before = Counter(codes(desk, desk.table.rack("S")))
    joker = next(i for i in desk.table.rack("S") if desk.table.tiles[i].code == "J")
    assert desk.move(joker, "courtesy").changed  # the courtesy zone waits for its button
    outcome = desk.command("offer")
    assert outcome.feedback is not None and outcome.feedback.reason == "JOKER_NOT_PASSABLE"
    assert desk.last is not None and not desk.last.legal
    assert desk.table.staged("courtesy") == []
    assert Counter(codes(desk, desk.table.rack("S"))) == before and sum(before.values()) == 13
    assert desk.command("offer").feedback.accepted and practice.done  # type: ignore[union-attr]


def test_the_rack_keeps_its_order_or_falls_back_to_the_hand() -> None:
    assert _rack_order(["1B", "2B"], ["9C"], ["9C", "1B", "2B"]) == (["1B", "2B", "9C"], 1)
    assert _rack_order(["1B"], ["9C"], ["2B", "9C"]) == (["2B", "9C"], 0)


def test_the_step_task_of_each_step(lines: Lines) -> None:
    practice: Any = CharlestonPractice(5, lines, seat="N")
    task = step_task(practice)
    assert task.allow == ("pass",) and task.state["step"] == "first_right" and not task.answers
    assert task.state["hands"]["N"] == practice.hand
    assert step_task(practice, ["1B"]).state["hands"]["N"] == ["1B"]
