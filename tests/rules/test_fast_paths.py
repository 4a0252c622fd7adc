"""The referee's fast paths and kept answers (issue 21) give the answers of the plain ones.

Each shortcut is checked against the slow path it replaces: the American card check without
exposures (:func:`tilewise.rules.jokers._fits_some`) against :func:`line_fits` on every
concrete form of a line, the cards and hands kept in memory against a fresh reading, the
supply check worked out once per table, and the one-pass reading of tile lists.
"""

from __future__ import annotations

import random
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tilewise.rules import claims, jokers, state, wins
from tilewise.rules.cardlines import CardGroup, CardLine, expansions, parse_card
from tilewise.rules.jokers import card_line_for, completing_tiles, line_fits, line_matches
from tilewise.rules.referee import forget_hands, judge
from tilewise.rules.state import ScenarioError, Table
from tilewise.rules.tiles import (
    JOKER,
    STANDARD,
    TERMINALS_AND_HONORS,
    TileError,
    check_in_set,
    check_supply,
    parse_played,
    parse_written,
    played_in_set,
    rank_of,
)
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
    card = [line]
    first = state.parse_card(card)
    assert state.parse_card(card) is first  # the same card: read once
    assert state.parse_card([dict(line)]) == first  # the same text (kept once more, or not)
    with pytest.raises(ScenarioError, match="positive whole number"):
        state.parse_card([dict(line, value=True)])  # True == 1, but it is no value
    assert state.parse_card([dict(line, value=2)])[0].value == 2
    monkeypatch.setattr(state, "CARDS_KEPT", 1)
    assert state.parse_card([dict(line, value=3)])[0].value == 3
    assert len(state._CARDS) == 1


def test_a_kept_card_is_the_same_however_its_parts_are_shared() -> None:
    group = {"kind": "pung", "tile": "2B"}
    shared = [[group, group, {"kind": "pair", "tile": "F"}]]  # one group object twice
    apart = [[dict(group), dict(group), {"kind": "pair", "tile": "F"}]]
    kept = state.parse_card(shared)
    assert state.parse_card(apart) == kept == state._read_card(apart)
    changed = [[group, dict(group, tile="3B"), {"kind": "pair", "tile": "F"}]]
    assert state.parse_card(changed) != kept  # one part changed: another card
    assert state.parse_card(changed) == state._read_card(changed)


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


def _read_in_set(codes: Any, ruleset: str) -> tuple[list[str], list[str]] | tuple[str, str]:
    """What ``read`` gives for ``codes``: its answer, or the error's reason and tile."""
    try:
        return played_in_set(codes, ruleset)
    except TileError as error:
        return error.reason, error.tile


def _read_then_check(codes: Any, ruleset: str) -> tuple[list[str], list[str]] | tuple[str, str]:
    try:
        written, plays = parse_played(codes)
        check_in_set(plays, ruleset)
    except TileError as error:
        return error.reason, error.tile
    return written, plays


@pytest.mark.parametrize("ruleset", ["wsm", "american"])
@pytest.mark.parametrize("codes", [
    ["9D", "9D"], ["F3", "J"], ["J", "1B"], ["1B", "F"], ["F", "5b"], ["5b", "F"], [],
    Codes(["F3", "1B"]), Codes(["J"]), "1B", [["1B"]], [1], ["1B"] * 3])
def test_a_claims_tiles_read_at_once_as_parsed_then_checked(codes: Any, ruleset: str) -> None:
    # UNKNOWN_TILE before TILE_NOT_IN_SET, the first bad code named, faces played as F
    assert _read_in_set(codes, ruleset) == _read_then_check(codes, ruleset)


def test_a_card_given_as_lists_is_read_each_time_with_the_same_answers() -> None:
    lines = [list(line) for line in CARD]
    hand = ["F", "F", *["1B"] * 4, *["2C"] * 4, *["3D"] * 4]
    assert card_line_for(lines, hand, ()) == card_line_for(CARD, hand, ()) == 1
    assert card_line_for(lines, hand[:-1] + ["J"], ()) == 1  # a joker in a kong
    assert card_line_for(lines, hand[:-1] + ["9B"], ()) is None
    assert card_line_for(lines, hand, ()) == 1  # the same list once more


def _fits_by_line_fits(lines: list[CardLine], hand: list[str]) -> int | None:
    return next((index for index, line in enumerate(lines)
                 if any(line_fits(groups, hand, ()) for groups in expansions(line))), None)


#: Four kongs and a pair: a line of 18 tiles, more than a hand's key holds (15).
LONG = CardLine(tuple(CardGroup("kong", (tile,) * 4) for tile in ("1B", "2C", "3D", "E"))
                + (CardGroup("pair", ("F", "F")),))


@pytest.mark.parametrize("hand", [
    ["1B"] * 4 + ["2C"] * 4 + ["3D"] * 4 + ["E"] * 4 + ["F", "F"],
    ["1B"] * 4 + ["2C"] * 3 + ["J"] + ["3D"] * 4 + ["E", "J", "J", "J"] + ["F", "F"],
    ["1B"] * 4 + ["2C"] * 4 + ["3D"] * 4 + ["E"] * 4 + ["F", "J"],  # a joker in a pair
    ["F", "F", *["1B"] * 4, *["2C"] * 4, *["3D"] * 3, "X9"],  # a code with no field
    ["F", "F", *["1B"] * 4, *["2C"] * 4, *["3D"] * 4], ["F", "J", *["1B"] * 4, *["2C"] * 4,
                                                        *["3D"] * 3, "J"]])
def test_hands_a_key_cannot_hold_are_judged_by_their_counts(hand: list[str]) -> None:
    lines = [LONG, *CARD]
    forget_hands()
    assert card_line_for(lines, hand, ()) == _fits_by_line_fits(lines, hand)


def test_a_wsm_split_does_not_depend_on_the_order_of_the_tiles() -> None:
    tiles = "1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E".split()
    split = wsm_winning_split(tiles)
    assert split is not None and split[0] == ("1B", "1B")
    assert wsm_winning_split(list(reversed(tiles))) == split
    split.clear()  # the answer is the caller's own list: the kept one is untouched
    assert wsm_winning_split(tiles) == wsm_winning_split(list(reversed(tiles)))


def _backtracking_sets(counts: list[int], start: int, out: list[tuple[str, ...]]) -> bool:
    """The plain split the greedy one replaced: pung first, else chi, undoing a choice that
    leaves tiles that do not split (lowest tile first, the sets appended deepest first)."""
    index = start
    while index < len(counts) and counts[index] == 0:
        index += 1
    if index == len(counts):
        return True
    tile = STANDARD[index]
    if counts[index] >= 3:
        counts[index] -= 3
        found = _backtracking_sets(counts, index, out)
        counts[index] += 3
        if found:
            out.append((tile, tile, tile))
            return True
    if index < 27 and index % 9 <= 6 and counts[index + 1] and counts[index + 2]:
        for offset in (0, 1, 2):
            counts[index + offset] -= 1
        found = _backtracking_sets(counts, index, out)
        for offset in (0, 1, 2):
            counts[index + offset] += 1
        if found:
            out.append((tile, STANDARD[index + 1], STANDARD[index + 2]))
            return True
    return False


def plain_split(tiles: list[str], melded: int = 0) -> tuple[tuple[str, ...], ...] | None:
    """A pair and sets by trying every pair in tile order on the whole hand, backtracking."""
    counts = [tiles.count(tile) for tile in STANDARD]
    if sum(counts) != len(tiles) or len(tiles) != 3 * (4 - melded) + 2:
        return None
    for index, count in enumerate(counts):
        if count >= 2:
            counts[index] -= 2
            sets: list[tuple[str, ...]] = []
            found = _backtracking_sets(counts, 0, sets)
            counts[index] += 2
            if found:
                return ((STANDARD[index],) * 2, *reversed(sets))
    return None


@st.composite
def wsm_hands(draw: st.DrawFn) -> tuple[list[str], int]:
    """A WSM concealed hand of 14, 11, 8, 5 or 2 tiles (beside 0-4 melds): mostly sets and a
    pair of nearby tiles (so that many win, often in more than one way), some tiles changed."""
    melded = draw(st.integers(0, 4))
    tiles: list[str] = []
    for _ in range(4 - melded):
        base = draw(st.sampled_from(STANDARD))
        rank = rank_of(base)
        if rank is not None and rank <= 7 and draw(st.booleans()):
            tiles += [f"{rank + k}{base[1]}" for k in range(3)]
        else:
            tiles += [base] * 3
    tiles += [draw(st.sampled_from(STANDARD))] * 2
    for _ in range(draw(st.integers(0, 2))):
        tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.sampled_from(STANDARD))
    return draw(st.permutations(tiles)), melded


@settings(SETTINGS, max_examples=400)
@given(wsm_hands())
@example(("1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 5C 6C 7C".split(), 0))  # pungs or chis: pungs
@example(("1B 1B 1B 1B 2B 3B 5D 5D".split(), 2))  # a kong's four copies as pung + chi
@example(("2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B".split(), 1))  # the pair at either end
@example(("E E E S S S W W W N N RD RD RD".split(), 0))  # honors only
@example(("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 1B 1B 2B".split(), 0))  # a suit one tile out
def test_the_greedy_split_is_the_backtracking_split(hand: tuple[list[str], int]) -> None:
    # 400 derandomized hands, wins in one or several ways and near misses; the kept answers
    # are forgotten so that every hand is split afresh
    tiles, melded = hand
    wins.forget_splits()
    expected = plain_split(tiles, melded)
    got = wins._concealed_split(tuple(sorted(tiles)), melded)
    if expected is not None or melded or len(tiles) != 14:
        assert got == expected
    else:  # no pair and sets: seven pairs or thirteen terminals may still win
        assert got is None or len({g for g in got if len(g) == 2}) in (1, 7)


@settings(SETTINGS, max_examples=200)
@given(near_wins())
def test_card_check_without_exposures_is_line_matches_line_by_line(concealed: list[str]) -> None:
    # 200 derandomized hands: the per-card forms give the first line line_matches finds
    jokers.forget_card_answers()
    first = next((i for i, line in enumerate(CARD) if line_matches(line, concealed, ())), None)
    assert card_line_for(CARD, concealed, ()) == first


def test_forgetting_hands_keeps_answers_and_the_cards_forms() -> None:
    win = ["1B", "1B", "1B", "2B", "2B", "2B", "3C", "3C", "3C", "3C", "RD", "RD", "RD", "J"]
    assert card_line_for(CARD, win, ()) == 0
    assert wsm_winning_split("1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E".split()) is not None
    lines, forms, answers = jokers._ANSWERS[id(CARD)]
    assert answers and wins._concealed_split.cache_info().currsize
    forget_hands()
    assert jokers._ANSWERS[id(CARD)] == (lines, forms, {})  # the card's forms stay
    assert wins._concealed_split.cache_info().currsize == 0
    assert card_line_for(CARD, win, ()) == 0 and card_line_for(CARD, win[1:], ()) is None


class Seat(str):
    """A seat name that is not a plain string."""


def test_a_seat_may_be_a_string_of_another_kind() -> None:
    seat = state.seat_value(Seat("E"), "dealer")
    assert seat == "E" and type(seat) is str
    with pytest.raises(ScenarioError, match="a seat in hands must be one of E S W N, not 'X'"):
        Table("wsm", {"hands": {"E": [], "X": []}})


#: Melds beside a concealed hand (only their number counts for a WSM win).
PONGS = (state.Meld("pong", ("9D",) * 3),) * 4


@st.composite
def odd_wsm_hands(draw: st.DrawFn) -> tuple[list[str], int]:
    """Hands the lookup must refuse or pass to the split: seven pairs (some with four of a
    kind), thirteen terminals, a flower or joker, five copies of a tile, the wrong size."""
    kind = draw(st.sampled_from(["pairs", "terminals", "odd tile", "five", "size"]))
    if kind == "pairs":
        tiles = [t for t in draw(st.lists(st.sampled_from(STANDARD), min_size=7, max_size=7))
                 for _ in range(2)]
    elif kind == "terminals":
        tiles = [*TERMINALS_AND_HONORS, draw(st.sampled_from(STANDARD))]
    elif kind == "odd tile":
        tiles = [*"1B 2B 3B 4C 5C 6C 7D 8D 9D E E E".split(), draw(st.sampled_from(["F", "J"])),
                 "1B"]
    elif kind == "five":
        tiles = ["1B"] * 5 + "2B 3B 4C 5C 6C 7D 8D 9D E".split()
    else:
        tiles = [draw(st.sampled_from(STANDARD)) for _ in range(draw(st.integers(0, 15)))]
    return draw(st.permutations(tiles)), 0 if kind != "size" else draw(st.integers(0, 5))


@settings(SETTINGS, max_examples=400)
@given(st.one_of(wsm_hands(), odd_wsm_hands()))
@example(("1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 5C 6C 7C".split(), 0))  # pungs or chis
@example(("1B 1B 1B 1B 2B 3B 5D 5D".split(), 2))  # four copies as pung + chi
@example(("E E E S S S W W W N N RD RD RD".split(), 0))  # honors only, the pair there
@example(("E E S S 1B 2B 3B 4B 5B 6B 7C 8C 9C 9C".split(), 0))  # two pairs: no win
@example(("1B 1B 1C 1C 1D 1D E E 2B 3B 4B 2C 3C 4C".split(), 0))  # a pair in every block
@example(("E S W 1B 1B 2B 3B 4B 4C 5C 6C 7D 8D 9D".split(), 0))  # honors make no chi
@example(("E S W 1B 2B 3B 4C 5C 6C 7D 8D 9D N N".split(), 0))  # nor beside the pair
@example(("E S W N N 1B 2B 3B 4C 5C 6C".split(), 1))  # nor with a meld
@example(("1B 1B 2B 2B 3C 3C 4C 4C 5D 5D 6D 6D E E".split(), 0))  # seven pairs
@example(("1B 1B 1B 1B 2C 2C 3C 3C 4D 4D 5D 5D E E".split(), 0))  # seven pairs, a four
@example(("1B 9B 1C 9C 1D 9D E S W N RD GD WD WD".split(), 0))  # thirteen terminals
@example(("1B 9B 1C 9C 1D 9D E S W N RD GD WD 5B".split(), 0))  # one tile 2-8: no win
@example(("1B 1B 9B 1C 9C 1D 9D E S W N RD GD GD".split(), 0))  # no WD, two pairs: no win
@example(("1B 1B 1B 1B 1B 1B 2C 2C 3C 3C 4D 4D E E".split(), 0))  # six of a tile: no pairs
@example((["1B"] * 8 + "2C 2C 3C 3C E E".split(), 0))  # eight of a tile: no pairs
@example(("1B 1B 2B 2B 3C 3C 4C 4C 5D 5D 6D 6D E E".split(), 1))  # pairs beside a meld
def test_the_win_lookup_is_the_split(hand: tuple[list[str], int]) -> None:
    # 400 derandomized hands: wins in one or several ways, near misses, seven pairs,
    # thirteen terminals, flowers and jokers, five copies, every size; splits forgotten
    tiles, melded = hand
    wins.forget_splits()
    split = wins._concealed_split(tuple(sorted(tiles)), melded)
    assert wins.wsm_wins(tiles, PONGS[:melded]) is (split is not None)


def test_every_block_in_the_set_table_splits_and_no_other_does() -> None:
    suited, honors = wins._set_patterns()
    for patterns, start, end in ((suited, 0, 9), (honors, 27, 34)):
        for pattern in patterns:  # every block the table holds splits by the greedy split
            counts = [0] * 34
            for index in range(start, end):
                counts[index] = pattern >> (4 * (index - start)) & 15
            assert wins._sets(counts, start, end) is not None
    # a block that splits but lies outside the table, or one that does not split inside it:
    # each would show in a hand of that block and pairs elsewhere
    rng = random.Random(21)
    for _ in range(2000):
        block = [rng.choice(STANDARD[:9]) for _ in range(rng.choice([3, 6, 9, 12]))]
        counts = [block.count(tile) for tile in STANDARD]
        key = sum(wins._NIBBLE[tile] for tile in block)
        assert (key in suited) is (wins._sets(counts, 0, 9) is not None)
        pair = rng.choice(STANDARD[:9])
        with_pair = [*block, pair, pair]
        split = wins._pair_and_sets([with_pair.count(tile) for tile in STANDARD])
        assert wins._pair_fits(key + 2 * wins._NIBBLE[pair], suited) is (split is not None)


def _plain_lists(value: Any) -> tuple[dict[str, list[str]], dict[str, list[str]], Counter[str]]:
    """A seat map of tile lists read as before: list by list, then counted as written."""
    lists = state._seat_map(value, "hands")
    written, plays = {}, {}
    for seat, tiles in lists.items():
        written[seat], plays[seat] = parse_played(tiles)
    return written, plays, Counter(t for tiles in written.values() for t in tiles)


_CODES = [*STANDARD, "F", "J", "F1", "F8"]


@settings(SETTINGS, max_examples=300)
@given(st.dictionaries(
    st.sampled_from(["E", "S", "W", "N"]),
    st.one_of(
        st.lists(st.sampled_from(_CODES), max_size=14),
        st.lists(st.sampled_from(_CODES), max_size=3).map(Codes),  # not a plain list
        st.lists(st.one_of(st.sampled_from(_CODES), st.sampled_from(["5b", 7, None])),
                 max_size=4),
        st.lists(st.sampled_from(STANDARD), max_size=3).map(lambda t: [*t, ["1B"]]),
        st.sampled_from(["1B", None, {"a": 1}]),
    ), max_size=4))
def test_tile_lists_read_at_once_as_list_by_list(lists: dict[str, Any]) -> None:
    # 300 derandomized seat maps: plain codes, flower faces, lists of another type, codes
    # that are not tiles, unhashable items, values that are not lists; the same lists, play
    # codes and counts, or the same first refusal
    try:
        written_before, plays_before, counts = _plain_lists(lists)
    except TileError as error:
        with pytest.raises(TileError) as fast:
            state._tile_lists(lists, "hands")
        assert (fast.value.reason, fast.value.tile) == (error.reason, error.tile)
        return
    written, plays, key, tiles = state._tile_lists(lists, "hands")
    assert (written, plays) == (written_before, plays_before)
    assert tiles == sum(counts.values())
    assert all(key >> (8 * index) & 0xFF == counts[code]  # each code's copies in its byte
               for index, code in enumerate(state._BYTE))
    assert all(written[seat] is not lists[seat] and plays[seat] is not lists[seat]
               for seat in written)  # the table's own lists, never the state's
    faces = any(code in tiles for tiles in written.values() for code in ("F1", "F8"))
    assert (plays is written) is (bool(written) and not faces  # shared when read as written
                                  and all(type(tiles) is list for tiles in lists.values()))


def test_a_tables_counts_are_its_own_state() -> None:
    east = {"hands": {"E": ["1B"] * 4}, "discards": {"S": ["2B"]}}
    first = Table("wsm", east)
    east["hands"]["E"].append("1B")  # the state changes after it was read: not seen
    assert first.written_counts() == Counter({"1B": 4, "2B": 1})
    first.check_supply()
    with pytest.raises(TileError, match="TILE_SUPPLY_EXCEEDED"):
        Table("wsm", east).check_supply()  # a new table reads the new state
    last = Table("wsm", {"hands": {"E": ["3C"] * 4}, "last_discard": {"tile": "3C", "by": "S"}})
    assert last.written_counts() == Counter({"3C": 5})
    with pytest.raises(TileError, match="TILE_SUPPLY_EXCEEDED"):  # the discard counts too
        last.check_supply()
    assert last._key == 4 * state._BYTE["3C"]  # what was read is not changed by the check


_SUPPLY_CODES = [*STANDARD[:3], "RD", "F", "J", "F1", "F2"]


@settings(SETTINGS, max_examples=400)
@given(st.sampled_from(["american", "wsm"]),
       st.dictionaries(st.sampled_from(["E", "S", "W", "N"]),
                       st.lists(st.sampled_from(_SUPPLY_CODES), max_size=70), max_size=4),
       st.lists(st.sampled_from(["1B", "F", "J"]), max_size=9),
       st.one_of(st.none(), st.sampled_from(_SUPPLY_CODES)))
@example("wsm", {"E": ["1B"] * 256}, [], None)  # more tiles than a byte may count
@example("american", {"E": ["1B"] * 4}, ["F"] * 8, "J")  # every limit reached, none passed
@example("american", {"E": ["J"] * 8}, ["F"] * 9, None)  # a ninth flower
def test_the_quick_supply_check_is_the_exact_one(
        ruleset: str, hands: dict[str, list[str]], river: list[str], last: str | None) -> None:
    # 400 derandomized states of few tile kinds (so that limits are reached and passed):
    # faces once or twice, flowers and jokers at either table, the last discard in flight
    table_state: dict[str, Any] = {"hands": hands, "discards": {"E": river}}
    if last is not None:
        table_state["last_discard"] = {"tile": last, "by": "S"}
    table = Table(ruleset, table_state)
    try:
        check_supply(table.written_counts(), ruleset)
        expected = None
    except TileError as error:
        expected = (error.reason, error.tile, error.count, error.limit)
    try:
        table.check_supply()
        got = None
    except TileError as error:
        got = (error.reason, error.tile, error.count, error.limit)
    assert got == expected


def test_a_claim_may_name_its_seat_word_and_discard_in_strings_of_another_kind() -> None:
    table = Table("wsm", {"hands": {"S": "1B 1B 2C 3C 4C 5D 6D 7D E E E N N".split()},
                          "last_discard": {"tile": "1B", "by": Seat("E")},
                          "turn": {"seat": "S", "stage": "draw"}})
    assert table.last_discard == state.Discard("1B", "E")
    verdict = claims.judge_claim(table, {"seat": Seat("S"), "claim": Seat("pong"),
                                         "tiles": ["1B", "1B"]})
    assert verdict.legal and verdict.result["next"] == "W"


def test_claims_asked_at_an_impossible_table_are_each_refused_alike() -> None:
    # judge_claims called on its own (not through Table.judge, which refuses the whole
    # question first): every claim gets the supply's refusal, none is awarded
    table = Table("wsm", {"hands": {"S": ["9C"] * 5}, "last_discard": {"tile": "1B", "by": "E"}})
    verdict = claims.judge_claims(table, {"claims": [
        {"seat": "S", "claim": "pong", "tiles": ["1B", "1B"]}, {"seat": "W", "claim": "win"}]})
    refusal = {"legal": False, "reason": "TILE_SUPPLY_EXCEEDED", "tiles": ["9C"], "count": 5,
               "limit": 4}
    assert verdict.result == {"awarded": None, "verdicts": [refusal, refusal]}
    with pytest.raises(ScenarioError, match="a list of claim objects"):
        claims.judge_claims(table, {"claims": [{"seat": "S", "claim": "win"}, "win"]})


@pytest.mark.parametrize(("ruleset", "hands"), [
    ("american", {"E": ["F"] * 8, "S": ["J"] * 8, "W": list(STANDARD) * 4}),
    ("wsm", {"E": list(STANDARD[:17]) * 4, "S": list(STANDARD[17:]) * 4}),
])
def test_a_full_set_is_let_through_without_counting(
        monkeypatch: pytest.MonkeyPatch, ruleset: str, hands: dict[str, list[str]]) -> None:
    def counted(self: Table) -> None:
        raise AssertionError("counted exactly")
    table = Table(ruleset, {"hands": hands})
    monkeypatch.setattr(Table, "written_counts", counted)
    table.check_supply()  # every tile at its limit: the key alone tells it


def _every_claim(state: dict[str, Any]) -> list[dict[str, Any]]:
    """:func:`claims.possible_claims` at a WSM table without leaving any claim out before it
    is judged: each chi around the discard, the pong, the kong and the win of every seat
    after the discarder, those the referee finds legal."""
    table = Table("wsm", state)
    last = state["last_discard"]
    tile, rank, suit = last["tile"], rank_of(last["tile"]) or 0, last["tile"][-1]
    found = []
    for step in (1, 2, 3):
        seat = "ESWN"[("ESWN".index(last["by"]) + step) % 4]
        options = [[f"{r}{suit}" for r in range(low, low + 3) if r != rank]
                   for low in (rank - 2, rank - 1, rank) if rank and 1 <= low <= 7]
        tried = [("chi", run) for run in options]
        tried += [("pong", [tile] * 2), ("kong", [tile] * 3), ("win", [])]
        for word, tiles in tried:
            action = {"type": "claim", "seat": seat, "claim": word, "tiles": tiles}
            if claims.judge_one_claim(table, action).legal:
                found.append(action)
    return found


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from(["3B", "5C", "8D", "1B", "9C", "E", "RD"]))
def test_the_claims_left_out_before_judging_are_never_legal(seed: int, tile: str) -> None:
    """The WSM claims :func:`claims.possible_claims` no longer judges (a chi, pong or kong of
    tiles the hand lacks) are those the referee refuses: it finds exactly the legal ones,
    in the same order (hands dealt near the discard, so that many claims are open;
    hypothesis' default 100 examples, 0.5 s)."""
    rng = random.Random(seed)
    near = [t for t in STANDARD if t[-1] == tile[-1]] * 3 + [tile] * 3
    wall = [t for t in STANDARD for _ in range(4)]
    hands: dict[str, list[str]] = {}
    for seat in "SWN":
        hand: list[str] = []
        while len(hand) < 13:
            pick = rng.choice(near if rng.random() < 0.6 else wall)
            if hand.count(pick) + sum(h.count(pick) for h in hands.values()) < 3:
                hand.append(pick)
        hands[seat] = hand
    state = {"phase": "play", "hands": hands, "last_discard": {"tile": tile, "by": "E"},
             "turn": {"seat": "S", "stage": "draw"}}
    assert claims.possible_claims(state) == _every_claim(state)
