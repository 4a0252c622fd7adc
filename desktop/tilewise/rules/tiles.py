"""Tile codes: the one parser and the one printer of the referee protocol's spelling.

Codes (PROTOCOL.md "Tiles"): ``1B``..``9B`` bams, ``1C``..``9C`` craks, ``1D``..``9D`` dots,
``E S W N`` winds, ``RD GD WD`` dragons, ``F`` and the faces ``F1``..``F8`` (every face plays
as ``F``), ``J`` joker. Only the exact upper-case codes are tiles.

Tile sets (REFERENCE.md section 1, DECISIONS 9-10): ``american`` has 152 tiles (4 of each suit,
wind and dragon tile, 8 flowers, 8 jokers); ``wsm`` has 136 (no flowers, no jokers).

Errors are raised as :class:`TileError` carrying a reason code: ``UNKNOWN_TILE`` (not a code),
``TILE_NOT_IN_SET`` (the ruleset's set lacks it), ``TILE_SUPPLY_EXCEEDED`` (more copies than the
set holds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

SUITS: tuple[str, ...] = ("B", "C", "D")
WINDS: tuple[str, ...] = ("E", "S", "W", "N")
DRAGONS: tuple[str, ...] = ("RD", "GD", "WD")
FLOWER = "F"
FLOWER_FACES: tuple[str, ...] = tuple(f"F{n}" for n in range(1, 9))
JOKER = "J"

SUITED: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10))
HONORS: tuple[str, ...] = WINDS + DRAGONS
#: The 34 tiles both rulesets hold four times, in suit order (bams, craks, dots, winds, dragons).
STANDARD: tuple[str, ...] = SUITED + HONORS
TERMINALS_AND_HONORS: tuple[str, ...] = tuple(
    f"{rank}{suit}" for suit in SUITS for rank in (1, 9)
) + HONORS

RULESETS: tuple[str, ...] = ("american", "wsm")

# code -> the tile it plays as (a flower face plays as F)
_PLAYS_AS: dict[str, str] = {code: code for code in STANDARD + (FLOWER, JOKER)}
_PLAYS_AS.update({face: FLOWER for face in FLOWER_FACES})

_SETS: dict[str, Counter[str]] = {
    "american": Counter({**{code: 4 for code in STANDARD}, FLOWER: 8, JOKER: 8}),
    "wsm": Counter({code: 4 for code in STANDARD}),
}

#: Sort key: suit order, then rank; honors, flowers and the joker after the suits.
_ORDER: dict[str, int] = {code: index for index, code in enumerate(STANDARD + (FLOWER, JOKER))}
_ORDER.update({face: _ORDER[FLOWER] for face in FLOWER_FACES})


class TileError(ValueError):
    """A tile code that cannot stand in this place.

    ``reason`` is ``UNKNOWN_TILE``, ``TILE_NOT_IN_SET`` or ``TILE_SUPPLY_EXCEEDED``; ``tile`` the
    offending code (as written); ``count``/``limit`` the copies found and allowed (supply only).
    """

    def __init__(self, reason: str, tile: str, count: int = 0, limit: int = 0) -> None:
        super().__init__(f"{reason}: {tile}" + (f" ({count} > {limit})" if count else ""))
        self.reason = reason
        self.tile = tile
        self.count = count
        self.limit = limit


def parse_tile(code: object) -> str:
    """Return the tile ``code`` plays as (``F1``..``F8`` -> ``F``); raise ``UNKNOWN_TILE``.

    Only exact protocol codes are accepted (``"5b"`` and ``"R"`` are not tiles).
    """
    if isinstance(code, str):
        tile = _PLAYS_AS.get(code)
        if tile is not None:
            return tile
    raise TileError("UNKNOWN_TILE", _name(code))


def parse_tiles(codes: object) -> list[str]:
    """Parse a JSON list of codes into play codes; a non-list is ``UNKNOWN_TILE``."""
    return [_PLAYS_AS[code] for code in parse_written(codes)]


def parse_written(codes: object) -> list[str]:
    """Check a JSON list of codes and return them as written (``F3`` stays ``F3``).

    A non-list, or an item that is not a protocol code, raises ``UNKNOWN_TILE`` naming it
    (shortened: a value from a file may be any JSON).
    """
    if not isinstance(codes, list):
        raise TileError("UNKNOWN_TILE", _name(codes))
    for code in codes:
        if not (isinstance(code, str) and code in _PLAYS_AS):
            raise TileError("UNKNOWN_TILE", _name(code))
    return list(codes)


def parse_played(codes: object) -> tuple[list[str], list[str]]:
    """``(codes as written, play codes)`` of a JSON list of codes: what :func:`parse_written`
    and then :func:`plays_as` on each give, with the same ``UNKNOWN_TILE`` for a non-list or a
    code that is not a tile. A plain list of codes is read in one pass (the referee reads every
    hand and river this way, issue 21); anything else code by code."""
    if type(codes) is list:
        try:
            return list(codes), [_PLAYS_AS[code] for code in codes]
        except (KeyError, TypeError):  # not a code, or not even hashable: named below
            pass
    written = parse_written(codes)
    return written, [_PLAYS_AS[code] for code in written]


def _name(code: object) -> str:
    """How an unknown code is named in an error: a short string as written, else described."""
    if isinstance(code, str) and len(code) <= 40:
        return code
    return describe(code)


def plays_as(code: str) -> str:
    """The tile a known code plays as (``F1``..``F8`` -> ``F``; KeyError for a non-code)."""
    return _PLAYS_AS[code]


def describe(value: object, width: int = 40) -> str:
    """A short, one-line, never-failing text for any JSON value in a message.

    Strings and numbers as their ``repr`` cut to ``width`` characters; a list or an object
    (however deep) as ``a list`` / ``an object``, so a message never recurses into input.
    """
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str | int | float | bool) or value is None:
        text = repr(value)
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= width else text[: width - 3] + "..."


def is_tile(code: object) -> bool:
    """True when ``code`` is one of the protocol's codes."""
    return isinstance(code, str) and code in _PLAYS_AS


def format_tile(tile: str) -> str:
    """The canonical code of ``tile`` (the printer; raises ``UNKNOWN_TILE`` for a non-code)."""
    if tile not in _PLAYS_AS:
        raise TileError("UNKNOWN_TILE", tile)
    return tile


def format_tiles(tiles: Iterable[str]) -> str:
    """Tiles as one space-separated line in canonical codes, e.g. ``"1B 1B 2C J"``."""
    return " ".join(format_tile(tile) for tile in tiles)


def sort_tiles(tiles: Iterable[str]) -> list[str]:
    """Tiles in rack order: bams, craks, dots by rank, then winds, dragons, flowers, jokers."""
    return sorted(tiles, key=_ORDER.__getitem__)


def tile_set(ruleset: str) -> Counter[str]:
    """The full set of ``ruleset`` as play code -> copies (``american`` 152, ``wsm`` 136).

    Raises ``ValueError`` for an unknown ruleset name.
    """
    if ruleset not in _SETS:
        raise ValueError(f"unknown ruleset {ruleset!r}")
    return Counter(_SETS[ruleset])


def check_in_set(tiles: Iterable[str], ruleset: str) -> None:
    """Raise ``TILE_NOT_IN_SET`` for the first play code the ruleset's set lacks."""
    limits = _SETS[ruleset]
    for tile in tiles:
        if tile not in limits:
            raise TileError("TILE_NOT_IN_SET", tile)


#: Per ruleset, each code as written whose tile the set holds -> the tile it plays as.
_IN_SET: dict[str, dict[str, str]] = {
    ruleset: {code: tile for code, tile in _PLAYS_AS.items() if tile in limits}
    for ruleset, limits in _SETS.items()
}


def played_in_set(codes: object, ruleset: str) -> tuple[list[str], list[str]]:
    """``(codes as written, play codes)`` of a JSON list of codes of ``ruleset``'s set: what
    :func:`parse_played` and then :func:`check_in_set` give, with the same errors in the same
    order (``UNKNOWN_TILE`` for a non-list or the first code that is not a tile, then
    ``TILE_NOT_IN_SET``). A plain list of the set's codes is read with one look-up per code
    (a claim names its tiles this way, issue 21) and is itself the first answer (never to be
    changed); anything else by those two functions."""
    if type(codes) is list:
        known = _IN_SET[ruleset]
        try:
            return codes, [known[code] for code in codes]
        except (KeyError, TypeError):  # not a code of the set, or not even hashable: below
            pass
    written, plays = parse_played(codes)
    check_in_set(plays, ruleset)
    return written, plays


def check_supply(counts: Mapping[str, int], ruleset: str) -> None:
    """Raise ``TILE_NOT_IN_SET`` or ``TILE_SUPPLY_EXCEEDED`` if ``counts`` cannot come from one set.

    ``counts`` maps codes to the copies seen in one state (hands, melds, discards), as play
    codes or as written: a flower face ``F1``..``F8`` counts toward the eight flowers and
    exists once in a set (REFERENCE.md section 1, DECISIONS 23), so two ``F3`` exceed the
    supply. The error names the tile (the face for a face), the count found and the limit.
    """
    limits = _SETS[ruleset]
    if limits.keys() >= counts.keys():  # play codes of the set only (no face): count them
        if max(counts.values(), default=0) <= 4:  # a set holds every tile four times or more
            return
        for tile, count in counts.items():
            if count > limits[tile]:
                raise TileError("TILE_SUPPLY_EXCEEDED", tile, count, limits[tile])
        return
    plays: Counter[str] = Counter()
    for code, count in counts.items():
        tile = _PLAYS_AS.get(code, code)
        if tile not in limits:
            raise TileError("TILE_NOT_IN_SET", tile)
        plays[tile] += count
    for face in FLOWER_FACES:
        if counts.get(face, 0) > 1:
            raise TileError("TILE_SUPPLY_EXCEEDED", face, counts[face], 1)
    for tile, count in plays.items():
        if count > limits[tile]:
            raise TileError("TILE_SUPPLY_EXCEEDED", tile, count, limits[tile])


#: Suit and rank of each suit tile, looked up (claims and waits ask them for every tile).
_SUIT: dict[str, str] = {code: code[1] for code in SUITED}
_RANK: dict[str, int] = {code: int(code[0]) for code in SUITED}


def suit_of(tile: str) -> str | None:
    """``"B"``, ``"C"`` or ``"D"`` for a suit tile, ``None`` for honors, flowers, jokers and
    any string that is not a tile code."""
    return _SUIT.get(tile)


def rank_of(tile: str) -> int | None:
    """The number 1-9 of a suit tile, ``None`` otherwise (any string that is not a suit
    tile's code included)."""
    return _RANK.get(tile)


def is_sequence(tiles: Sequence[str]) -> bool:
    """True when ``tiles`` (any order) are consecutive numbers of one suit, two or more of them.

    Honors never form sequences and 9 does not wrap to 1 (REFERENCE.md section 7, chi).
    """
    suits = {suit_of(tile) for tile in tiles}
    if len(tiles) < 2 or len(suits) != 1 or None in suits:
        return False
    ranks = sorted(int(tile[0]) for tile in tiles)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))
