"""Fixtures for whole hands: the core pack's practice card and walls written by hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.lessons.conftest import CORE
from tilewise.lessons.hand.card import PracticeCard, card_from_pack
from tilewise.lessons.pack import load_pack
from tilewise.rules.tiles import sort_tiles, tile_set


@pytest.fixture(scope="session")
def core() -> Any:
    """The core pack as shipped."""
    return load_pack(CORE)


@pytest.fixture(scope="session")
def card(core: Any) -> PracticeCard:
    """The practice card of the core pack (five lines)."""
    return card_from_pack(core)


def wall(ruleset: str, hands: Mapping[str, Sequence[str]], draws: Sequence[str] = (),
         back: Sequence[str] = ()) -> list[str]:
    """A whole wall that deals ``hands`` (E 14, the others 13; missing seats are filled from
    the rest of the set), then draws ``draws`` in order; ``back`` are the last tiles (WSM
    supplements are drawn from the back, the last one first)."""
    rest = Counter(tile_set(ruleset))
    for tiles in (*hands.values(), draws, back):
        rest.subtract(tiles)
    if any(count < 0 for count in rest.values()):
        raise ValueError("more tiles than the set has")
    filler = sort_tiles(rest.elements())
    order: list[str] = []
    for seat, size in (("E", 14), ("S", 13), ("W", 13), ("N", 13)):
        tiles = list(hands.get(seat, ()))
        while len(tiles) < size:
            tiles.append(filler.pop())
        order.extend(tiles)
    return order + list(draws) + filler + list(reversed(back))
