"""Deal codes: six symbols read aloud, forgiving to read, the same wall everywhere."""

from __future__ import annotations

from collections import Counter

import pytest

from tilewise.lessons.hand.dealcode import (
    MAX_SEED,
    DealCodeError,
    decode,
    encode,
    shuffled_wall,
)
from tilewise.rules.tiles import tile_set


@pytest.mark.parametrize(("ruleset", "seed"), [("american", 0), ("american", 3),
                                               ("wsm", 3), ("wsm", MAX_SEED)])
def test_round_trip(ruleset: str, seed: int) -> None:
    code = encode(ruleset, seed)
    assert len(code) == 7 and code[3] == "-"
    assert decode(code) == (ruleset, seed)


def test_known_codes_never_change() -> None:
    # a class reads these aloud from an old handout: they must keep meaning the same deal
    assert encode("american", 3) == "000-01X"
    assert encode("wsm", 3) == "G00-01M"
    # and the wall is pinned too (SHA-256 counter mode, no dependence on random.Random)
    assert shuffled_wall("american", 3)[:8] == ["7C", "1D", "5B", "J", "3C", "6C", "N", "8B"]
    assert shuffled_wall("wsm", 3)[:8] == ["4D", "9C", "1C", "9C", "2C", "8B", "5B", "4C"]


def test_reading_is_forgiving() -> None:
    assert decode("000-01x") == ("american", 3)
    assert decode(" 0o0 01X ") == ("american", 3)
    assert decode(encode("wsm", 11).replace("1", "l")) == ("wsm", 11)
    assert decode(encode("wsm", 11).replace("1", "I")) == ("wsm", 11)


@pytest.mark.parametrize(("code", "problem"), [
    ("000-01", "length"), ("000-01XX", "length"), ("000-0U1", "symbol"),
    ("000-0*1", "symbol"), ("000-01Y", "check"),
])
def test_unreadable_codes(code: str, problem: str) -> None:
    with pytest.raises(DealCodeError) as error:
        decode(code)
    assert error.value.problem == problem
    assert str(error.value) == f"deal code {code!r}: {problem}"  # as a pack check line says it


def test_an_unreadable_code_is_said_in_the_interfaces_language() -> None:
    """A guided hand's deal code is a pack check line (the app's problems box)."""
    from tilewise.i18n import set_language

    set_language("de")
    try:
        with pytest.raises(DealCodeError, match="^Verteilcode '000-01Y': die Prüfziffer passt"):
            decode("000-01Y")
    finally:
        set_language("en")


def test_a_misheard_symbol_is_caught() -> None:
    code = encode("american", 12345).replace("-", "")
    caught = 0
    for place in range(6):
        for symbol in "0123456789ABCDEFGHJKMNPQRSTVWXYZ":
            if symbol == code[place]:
                continue
            try:
                decode(code[:place] + symbol + code[place + 1:])
            except DealCodeError:
                caught += 1
    assert caught >= 0.9 * 6 * 31


@pytest.mark.parametrize(("ruleset", "seed"), [("chinese", 1), ("wsm", -1), ("wsm", MAX_SEED + 1)])
def test_encode_refuses(ruleset: str, seed: int) -> None:
    with pytest.raises(ValueError):
        encode(ruleset, seed)


@pytest.mark.parametrize("ruleset", ["american", "wsm"])
def test_wall_is_the_whole_set_and_depends_on_the_seed(ruleset: str) -> None:
    first = shuffled_wall(ruleset, 1)
    assert Counter(first) == tile_set(ruleset)
    assert len(first) == (152 if ruleset == "american" else 136)
    assert shuffled_wall(ruleset, 1) == first
    assert shuffled_wall(ruleset, 2) != first


def test_wall_ignores_pythons_random() -> None:
    import random

    before = shuffled_wall("wsm", 5)
    random.seed(99)
    assert shuffled_wall("wsm", 5) == before
