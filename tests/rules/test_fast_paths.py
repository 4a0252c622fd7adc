"""The referee's fast paths and kept answers (issue 21) give the answers of the plain ones.

Each shortcut is checked against the slow path it replaces: the American card check without
exposures (:func:`tilewise.rules.jokers._fits_some`) against :func:`line_fits` on every
concrete form of a line, the cards and hands kept in memory against a fresh reading, the
supply check worked out once per table, and the one-pass reading of tile lists.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tilewise.rules import jokers, state
from tilewise.rules.cardlines import expansions, parse_card
from tilewise.rules.jokers import card_line_for, completing_tiles, line_fits
from tilewise.rules.referee import judge
from tilewise.rules.state import ScenarioError, Table
from tilewise.rules.tiles import JOKER, TileError, parse_played, parse_written
from tilewise.rules.wins import wsm_winning_split

SETTINGS = settings(derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

#: "any suit" and like-number lines, a concealed line and a run: every kind of pattern.
CARD = parse_card([
    [{"kind": "pung", "tile": "xa"}, {"kind": "pung", "tile": "x+1a"},
     {"kind": "kong", "tile": "x+2b"}, {"kind": "kong", "tile": "Db"}],
    {"groups": [{"kind": "pair", "tile": "F"}, {"kind": "kong", "tile": "1a"},
                {"kind": "kong", "tile": "2b"}, {"kind": "kong", "tile": "3c"}],
     "concealed": True},
    [{"kind": "news", "tiles": ["N", "E", "W", "S"]}, {"kind": "run", "tiles":
     ["1a", "2a", "3a", "4a", "5a"]}, {"kind": "quint", "tile": "9a"}],
])


def slow_line_for(concealed: list[str]) -> int | None:
    """The first line of :data:`CARD` ``concealed`` makes, by :func:`line_fits` alone."""
    for index, line in enumerate(CARD):
        if line.size == len(concealed) and any(
                line_fits(groups, concealed, ()) for groups in expansions(line)):
            return index
    return None


@st.composite
def near_wins(draw: st.DrawFn) -> list[str]:
    """A concrete form of a card line with up to three tiles changed to a joker or another
    tile of the line's forms (so that some hands win and many just miss)."""
    line = draw(st.sampled_from(CARD))
    forms = list(expansions(line))
    groups = forms[draw(st.integers(0, len(forms) - 1))]
    tiles = [tile for group in groups for tile in group.tiles]
    others = sorted({t for form in forms for group in form for t in group.tiles})
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(tiles) - 1))
        tiles[at] = draw(st.sampled_from([JOKER, *others]))
    return draw(st.permutations(tiles))


@settings(SETTINGS, max_examples=300)
@given(near_wins())
def test_card_check_without_exposures_agrees_with_line_fits(concealed: list[str]) -> None:
    # 300 derandomized examples: wins, near misses, jokers in pairs and NEWS, concealed lines
    assert card_line_for(CARD, concealed, ()) == slow_line_for(concealed)


@settings(SETTINGS, max_examples=300)
@given(near_wins(), st.integers(0, 13))
@example("N E W 1B 2B 3B 4B 5B 9B 9B 9B 9B 9B J".split(), 2)  # two of NEWS missing
@example("N E W S 1B 2B 3B 4B 9B 9B 9B 9B 9B J".split(), 13)  # one run tile missing
@example("F F 1B 1B 1B 1B 2C 2C 2C 2C 3D 3D 3D J".split(), 13)  # a joker's room left
def test_completing_tiles_are_the_tiles_that_make_a_line(tiles: list[str], left: int) -> None:
    # 300 derandomized 13-tile hands one tile (or more) from a line: ready or not
    hand = tiles[:left] + tiles[left + 1:]
    kinds = sorted({t for line in CARD for form in expansions(line) for g in form
                    for t in g.tiles} | {"5D", "N"})
    expected = {t for t in kinds if card_line_for(CARD, [*hand, t], ()) is not None}
    assert completing_tiles(CARD, hand) == expected
    assert completing_tiles(CARD, hand[1:]) == set()  # 12 tiles: no line is one tile away


def test_kept_answers_survive_a_full_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jokers, "HANDS_KEPT", 2)
    monkeypatch.setattr(jokers, "CARDS_KEPT", 1)
    jokers._ANSWERS.clear()
    win = ["1B", "1B", "1B", "2B", "2B", "2B", "3C", "3C", "3C", "3C", "RD", "RD", "RD", "J"]
    miss = [*win[:-1], "9D"]
    rng = random.Random(21)
    for _ in range(3):  # each round asks more hands and cards than are kept
        for hand in (win, miss, rng.sample(win, len(win))):
            assert card_line_for(CARD, hand, ()) == slow_line_for(hand)
        as_list = [list(line.groups) for line in CARD]  # another card object, same lines
        assert card_line_for(as_list, win, ()) == 0
    assert len(jokers._ANSWERS) <= 1


def test_a_kept_card_is_told_apart_by_its_exact_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line: dict[str, Any] = {"groups": [{"kind": "kong", "tile": "1B"}], "value": 1}
    first = state.parse_card([line])
    assert state.parse_card([dict(line)]) is first  # the same text: read once
    with pytest.raises(ScenarioError, match="positive whole number"):
        state.parse_card([dict(line, value=True)])  # True == 1, but it is no value
    assert state.parse_card([dict(line, value=2)])[0].value == 2
    monkeypatch.setattr(state, "CARDS_KEPT", 1)
    assert state.parse_card([dict(line, value=3)])[0].value == 3
    assert len(state._CARDS) == 1


def test_a_card_nested_too_deeply_to_print_is_refused() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ScenarioError, match="must be an object"):
        state.parse_card(deep)


def test_the_supply_is_checked_once_per_table_with_the_same_verdict() -> None:
    table = Table("wsm", {"hands": {"E": ["1B"] * 5}})
    for _ in range(2):
        with pytest.raises(TileError, match="TILE_SUPPLY_EXCEEDED"):
            table.check_supply()
    fine = Table("wsm", {"hands": {"E": ["1B"] * 4}})
    fine.check_supply()
    fine.check_supply()
    precedence = judge({"ruleset": "wsm", "state": {
        "hands": {"S": ["9C"] * 5}, "last_discard": {"tile": "1B", "by": "E"}},
        "action": {"type": "claims", "claims": [
            {"seat": "S", "claim": "pong", "tiles": ["1B", "1B"]},
            {"seat": "W", "claim": "pong", "tiles": ["1B", "1B"]}]}})
    assert precedence["reason"] == "TILE_SUPPLY_EXCEEDED"


def test_a_state_may_be_any_mapping() -> None:
    proxy = MappingProxyType({"hands": MappingProxyType({"E": ["F3", "1B"]})})
    table = Table("american", proxy)
    assert table.hands == {"E": ["F", "1B"]} and table.written_hands == {"E": ["F3", "1B"]}


class Codes(list[Any]):
    """A list that is not a plain JSON list (read code by code)."""


@pytest.mark.parametrize("codes", [["F3", "1B", "J"], Codes(["F3", "1B", "J"]), []])
def test_tile_lists_read_in_one_pass_as_code_by_code(codes: list[Any]) -> None:
    assert parse_played(codes) == (parse_written(codes), ["F", "1B", "J"][:len(codes)])


@pytest.mark.parametrize("codes", [["1B", "5b"], ["1B", ["1B"]], "1B", Codes(["X"]), [1]])
def test_tile_lists_refused_in_one_pass_as_code_by_code(codes: Any) -> None:
    with pytest.raises(TileError) as fast:
        parse_played(codes)
    with pytest.raises(TileError) as slow:
        parse_written(codes)
    assert (fast.value.reason, fast.value.tile) == (slow.value.reason, slow.value.tile)


def test_a_wsm_split_does_not_depend_on_the_order_of_the_tiles() -> None:
    tiles = "1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E".split()
    split = wsm_winning_split(tiles)
    assert split is not None and split[0] == ("1B", "1B")
    assert wsm_winning_split(list(reversed(tiles))) == split
    split.clear()  # the answer is the caller's own list: the kept one is untouched
    assert wsm_winning_split(tiles) == wsm_winning_split(list(reversed(tiles)))
