"""Tile codes, sets and supply (PROTOCOL.md "Tiles"; REFERENCE.md section 1)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.notation import hand
from tilewise.rules.tiles import (
    STANDARD,
    TileError,
    check_in_set,
    check_supply,
    format_tile,
    format_tiles,
    is_sequence,
    is_tile,
    parse_tile,
    parse_tiles,
    rank_of,
    sort_tiles,
    suit_of,
    tile_set,
)


@pytest.mark.parametrize(
    ("code", "plays_as"),
    [("1B", "1B"), ("9D", "9D"), ("E", "E"), ("WD", "WD"), ("F", "F"), ("F1", "F"), ("F8", "F"),
     ("J", "J")],
)
def test_parse_known_codes(code: str, plays_as: str) -> None:
    assert parse_tile(code) == plays_as
    assert is_tile(code)


@pytest.mark.parametrize("code", ["X", "R", "5b", "0B", "10C", "F9", "", " 1B", "j", 5, None])
def test_unknown_codes(code: object) -> None:
    with pytest.raises(TileError) as caught:
        parse_tile(code)
    assert caught.value.reason == "UNKNOWN_TILE"
    assert caught.value.tile == str(code)
    assert not is_tile(code)


def test_parse_tiles_names_the_first_unknown_code() -> None:
    assert parse_tiles(["1B", "F3", "J"]) == ["1B", "F", "J"]
    with pytest.raises(TileError, match="UNKNOWN_TILE: Q"):
        parse_tiles(["1B", "Q", "Z"])
    with pytest.raises(TileError):
        parse_tiles(["1B", 7])
    with pytest.raises(TileError):
        parse_tiles("1B 2B")


def test_printer_round_trips_every_code() -> None:
    codes = [*STANDARD, "F", "J"]
    assert [format_tile(parse_tile(code)) for code in codes] == codes
    assert format_tiles(hand("1B 1B J")) == "1B 1B J"
    with pytest.raises(TileError):
        format_tile("X")


def test_sort_order_is_rack_order() -> None:
    assert sort_tiles(hand("J F N 9D 1B RD 5C E F2")) == hand("1B 5C 9D E N RD F F2 J")


@pytest.mark.parametrize(
    ("ruleset", "total", "flowers", "jokers"), [("american", 152, 8, 8), ("wsm", 136, 0, 0)]
)
def test_tile_sets(ruleset: str, total: int, flowers: int, jokers: int) -> None:
    tiles = tile_set(ruleset)
    assert sum(tiles.values()) == total
    assert tiles["F"] == flowers and tiles["J"] == jokers
    assert all(tiles[code] == 4 for code in STANDARD)
    tiles["1B"] += 1  # a copy: the set itself is untouched
    assert tile_set(ruleset)["1B"] == 4


def test_unknown_ruleset() -> None:
    with pytest.raises(ValueError, match="unknown ruleset"):
        tile_set("riichi")


@pytest.mark.parametrize(
    ("ruleset", "tiles", "reason", "tile"),
    [
        ("wsm", "1B F", "TILE_NOT_IN_SET", "F"),
        ("wsm", "J", "TILE_NOT_IN_SET", "J"),
        ("wsm", "4B 4B 4B 4B 4B", "TILE_SUPPLY_EXCEEDED", "4B"),
        ("american", "J J J J J J J J J", "TILE_SUPPLY_EXCEEDED", "J"),
        ("american", "F F F F F F F F F", "TILE_SUPPLY_EXCEEDED", "F"),
    ],
)
def test_supply(ruleset: str, tiles: str, reason: str, tile: str) -> None:
    with pytest.raises(TileError) as caught:
        check_supply(Counter(hand(tiles)), ruleset)
    assert (caught.value.reason, caught.value.tile) == (reason, tile)


def test_supply_error_names_count_and_limit() -> None:
    with pytest.raises(TileError) as caught:
        check_supply(Counter(hand("4B 4B 4B 4B 4B")), "wsm")
    assert (caught.value.count, caught.value.limit) == (5, 4)
    assert "5 > 4" in str(caught.value)


def test_full_sets_fit_their_supply() -> None:
    check_supply(tile_set("american"), "american")
    check_supply(tile_set("wsm"), "wsm")
    check_in_set(hand("1B F J"), "american")
    with pytest.raises(TileError):
        check_in_set(hand("1B F"), "wsm")


@pytest.mark.parametrize(
    ("tile", "suit", "rank"), [("1B", "B", 1), ("9D", "D", 9), ("E", None, None),
                               ("RD", None, None), ("F", None, None), ("J", None, None),
                               ("5b", None, None), ("0B", None, None)]
)
def test_suit_and_rank(tile: str, suit: str | None, rank: int | None) -> None:
    assert suit_of(tile) == suit and rank_of(tile) == rank


@pytest.mark.parametrize(
    ("tiles", "sequence"),
    [("3D 4D 5D", True), ("5D 3D 4D", True), ("2B 3B 4B 5B", True), ("8C 9C 1D", False),
     ("8C 9C 1C", False), ("E S W", False), ("RD GD WD", False), ("2B 4B 5B", False),
     ("1B", False), ("1B 1B 2B", False)],
)
def test_is_sequence(tiles: str, sequence: bool) -> None:
    assert is_sequence(hand(tiles)) is sequence
