"""The practice card: read from the core pack, and how far a hand is from each line."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tilewise.lessons.hand.card import (
    PracticeCard,
    card_from_pack,
    line_groups,
    line_need,
    needs,
)
from tilewise.rules.jokers import line_fits
from tilewise.rules.state import Meld, parse_card
from tilewise.rules.tiles import TileError

LINE_1 = "F F 1B 1B 1B 3B 3B 3B 5B 5B 5B 7B 7B 7B".split()


def test_card_has_the_five_lines_of_the_pack(card: PracticeCard, core: Any) -> None:
    assert [line.label for line in card.lines] == ["Line 1", "Line 2", "Line 3", "Line A", "Line B"]
    assert [line.context for line in card.lines][::3] == ["jokers/card", "charleston/two-lines"]
    assert all(len(line.tiles) == 14 for line in card.lines)
    # the three jokers-lesson lines are exactly the card its Mah Jongg task is judged on
    declare = next(s for s in core.lesson("jokers").steps if s.id == "declare")
    assert card.to_state()[:3] == declare.task.state["card"]
    assert parse_card(card.to_state())[1][0].kind == "news"


def test_line_groups() -> None:
    assert [g.kind for g in line_groups(["N", "E", "W", "S", "2C", "2C", "RD"])] == [
        "news", "pair", "single"]
    assert [g.kind for g in line_groups(["E", "N", "S", "W", "E"])] == ["news", "single"]
    assert [g.kind for g in line_groups(["N", "E", "W", "N"])] == ["single"] * 4
    assert [g.kind for g in line_groups(["6D"] * 6)] == ["sextet"]


@pytest.mark.parametrize(("tiles", "error"), [
    ([], ValueError), (["J", "J", "J"], ValueError), (["5B"] * 7, ValueError),
    (["5b"], TileError),
])
def test_line_groups_refuses(tiles: list[str], error: type[Exception]) -> None:
    with pytest.raises(error):
        line_groups(tiles)


def test_card_from_a_pack_without_the_lessons(core: Any) -> None:
    no_jokers = dataclasses.replace(core, lessons=[x for x in core.lessons if x.id != "jokers"])
    with pytest.raises(KeyError):
        card_from_pack(no_jokers)
    lessons = []
    for lesson in core.lessons:
        steps = [s for s in lesson.steps if s.id != "card"]
        lessons.append(dataclasses.replace(lesson, steps=steps))
    with pytest.raises(KeyError):
        card_from_pack(dataclasses.replace(core, lessons=lessons))
    lessons = []
    for lesson in core.lessons:
        steps = [dataclasses.replace(s, picture={"kind": "rack"}) if s.id == "card" else s
                 for s in lesson.steps]
        lessons.append(dataclasses.replace(lesson, steps=steps))
    with pytest.raises(ValueError):
        card_from_pack(dataclasses.replace(core, lessons=lessons))


def test_need_of_a_complete_line_is_zero(card: PracticeCard) -> None:
    need = line_need(0, card.lines[0], LINE_1)
    assert need is not None and need.missing == 0 and need.spare == ()
    assert line_fits(card.lines[0].groups, LINE_1, ())


def test_need_counts_jokers_only_in_pungs(card: PracticeCard) -> None:
    hand = "F F 1B 1B 1B 3B 3B 5B 7B J".split()
    need = line_need(0, card.lines[0], hand)
    assert need is not None
    assert need.missing == 4 and need.jokers == 1 and need.tiles == ()
    assert need.joker_ok == ("3B", "5B", "5B", "7B", "7B")
    # a joker cannot be the second flower of the pair: it is spare there
    pair = line_need(0, card.lines[0], "F J 1B 1B 1B 3B 3B 3B 5B 5B 5B 7B 7B 7B".split())
    assert pair is not None and pair.missing == 1 and pair.tiles == ("F",)
    assert pair.spare == ("J",)


def test_need_with_exposures(card: PracticeCard) -> None:
    pung = Meld("pung", ("5B", "J", "J"), "E")
    need = line_need(0, card.lines[0], "F F 1B 1B 1B 3B 3B 3B 7B 7B 7B".split(), [pung])
    assert need is not None and need.missing == 0
    # a kong of 5 bams is no group of line 1: out of reach
    kong = Meld("kong", ("5B", "5B", "J", "J"), "E")
    assert line_need(0, card.lines[0], LINE_1[:10], [kong]) is None
    near = needs(card, "F F 1B 1B 1B 3B 3B 3B 7B 7B".split(), [pung])
    assert [n.index for n in near] == [0]


def test_needs_nearest_first(card: PracticeCard) -> None:
    hand = "6D 6D 6D 6D WD WD WD E E E 2B 4B 8B 9B".split()
    near = needs(card, hand)
    assert near[0].index == 2 and near[0].missing == 4
    assert [n.missing for n in near] == sorted(n.missing for n in near)
    assert "2B" in near[0].spare
