"""Jokers (American): where they may stand, joker exchange, dead discarded jokers, and the
American hand against the practice card.

Sources: REFERENCE.md section 5, DECISIONS 6-7. A joker fills only a pung, kong, quint or
sextet of identical tiles; never a single, pair, run, NEWS or other mixed group. On your own
turn you may swap the exact natural tile for a joker in any exposure; never in reverse; a
discard cannot be called just to redeem a joker; a discarded joker is dead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from tilewise.rules.cardlines import CardLine, expansions
from tilewise.rules.state import CardGroup, Meld, ScenarioError, Table, seat_value
from tilewise.rules.tiles import FLOWER, JOKER, STANDARD, describe, is_sequence, parse_tile
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow

#: Group kinds made of identical tiles, with their size; only these may hold jokers.
IDENTICAL_SIZES: dict[str, int] = {"pung": 3, "pong": 3, "kong": 4, "quint": 5, "sextet": 6}
#: Every group kind the ``group`` action knows.
GROUP_KINDS: tuple[str, ...] = ("pair", *IDENTICAL_SIZES, "chi", "run", "news")
_NEWS = Counter(("N", "E", "W", "S"))


def group_reason(kind: str, tiles: Sequence[str]) -> Reason | None:
    """Why ``tiles`` cannot form a group of ``kind`` (``None`` when they can).

    ``JOKER_ONLY_IN_IDENTICAL_GROUPS`` for a joker outside a pung/kong/quint/sextet;
    ``GROUP_TILES_DIFFER`` for identical groups, pairs and NEWS whose tiles do not make the
    group (wrong tiles or wrong number); ``CHI_NOT_A_SEQUENCE`` for a chi (3 tiles) or run that
    is not consecutive numbers of one suit. An identical group may be all jokers (JK-10).
    Raises ScenarioError for an unknown kind.
    """
    if kind not in GROUP_KINDS:
        raise ScenarioError(f"unknown group kind {describe(kind)}")
    size = IDENTICAL_SIZES.get(kind)
    if size is None and JOKER in tiles:
        return Reason.JOKER_ONLY_IN_IDENTICAL_GROUPS
    if kind in ("chi", "run"):
        if is_sequence(tiles) and (kind == "run" or len(tiles) == 3):
            return None
        return Reason.CHI_NOT_A_SEQUENCE
    if kind == "news":
        return None if Counter(tiles) == _NEWS else Reason.GROUP_TILES_DIFFER
    naturals = {tile for tile in tiles if tile != JOKER}
    if len(naturals) > 1 or len(tiles) != (size or 2):
        return Reason.GROUP_TILES_DIFFER
    return None


def fit_melds(line: Sequence[CardGroup], melds: Sequence[Meld]) -> list[CardGroup] | None:
    """The line's groups left after each exposure takes an identical group of its tile and size."""
    rest = list(line)
    for meld in melds:
        naturals = [tile for tile in meld.tiles if tile != JOKER]
        for index, group in enumerate(rest):
            if (
                group.kind in IDENTICAL_SIZES
                and len(group.tiles) == len(meld.tiles)
                and naturals
                and group.tiles[0] == naturals[0]
            ):
                del rest[index]
                break
        else:
            return None
    return rest


def line_fits(line: Sequence[CardGroup], concealed: Sequence[str], melds: Sequence[Meld]) -> bool:
    """True when concealed tiles plus exposures make exactly this card line.

    Exposures must each be one of the line's identical groups (same tile and size). Concealed
    naturals fill the other groups; jokers fill only identical groups (pung..sextet), never a
    pair, NEWS, run or other group of different tiles (DECISIONS 6).
    """
    if sum(len(group.tiles) for group in line) != len(concealed) + sum(
        len(meld.tiles) for meld in melds
    ):
        return False
    rest = fit_melds(line, melds)
    if rest is None:
        return False
    have = Counter(concealed)
    jokers = have.pop(JOKER, 0)
    exact: Counter[str] = Counter()
    room: Counter[str] = Counter()
    for group in rest:
        if group.kind in IDENTICAL_SIZES:
            room[group.tiles[0]] += len(group.tiles)
        else:
            exact.update(group.tiles)
    if any(have[tile] < count for tile, count in exact.items()):
        return False
    have.subtract(exact)
    if any(count > room[tile] for tile, count in have.items()):
        return False
    return jokers == sum(room.values()) - sum(have.values())


def line_matches(line: CardLine, concealed: Sequence[str], melds: Sequence[Meld]) -> bool:
    """True when the hand makes ``line`` in any of its concrete forms ("any suit", like numbers,
    consecutive runs: :func:`tilewise.rules.cardlines.expansions`). A concealed line ("C")
    takes no exposures (the card's "C", sources in :mod:`tilewise.rules.cardlines`)."""
    if line.concealed and melds:
        return False
    if line.size != len(concealed) + sum(len(meld.tiles) for meld in melds):
        return False
    if melds:
        return any(line_fits(groups, concealed, melds) for groups in expansions(line))
    return _fits_some(_bounds(line), _naturals(concealed))


Bounds = tuple[frozenset[str], tuple[tuple[str, int], ...], dict[str, int]]
"""One concrete form of a line without exposures, as :func:`line_fits` reads it: the tiles it
has a place for, each tile's least count (singles, pairs, NEWS and runs take exactly their
tiles) and each tile's greatest count (those plus its identical groups)."""


@lru_cache(maxsize=512)
def _bounds(line: CardLine) -> tuple[Bounds, ...]:
    """:data:`Bounds` of each concrete form of ``line`` (worked out once per line: lines are
    frozen values, and a hand's waits ask each line again for every tile kind, issue 21)."""
    out = []
    for groups in expansions(line):
        least: Counter[str] = Counter()
        most: Counter[str] = Counter()
        for group in groups:
            most.update(group.tiles)
            if group.kind not in IDENTICAL_SIZES:
                least.update(group.tiles)
        out.append((frozenset(most), tuple(least.items()), dict(most)))
    return tuple(out)


def _naturals(concealed: Sequence[str]) -> dict[str, int]:
    """Copies of each natural tile of ``concealed`` (jokers left out), counted into a plain
    dict: making a Counter cost more than the counting (its checks of the argument, issue
    21)."""
    have: dict[str, int] = {}
    for tile in concealed:
        have[tile] = have.get(tile, 0) + 1
    have.pop(JOKER, None)
    return have


def _fits_some(forms: Sequence[Bounds], have: Mapping[str, int]) -> bool:
    """True when the naturals ``have`` (jokers left out; the hand's size already equals the
    line's) fit one of ``forms``: every tile between its least and greatest count. This is
    :func:`line_fits` without exposures: the jokers then fill exactly the room left in the
    identical groups, since the sizes are equal."""
    for places, least, most in forms:
        if places.issuperset(have) and all(count <= most[tile] for tile, count in have.items()) \
                and all(have.get(tile, 0) >= count for tile, count in least):
            return True
    return False


def completing_tiles(card: Sequence[CardLine], concealed: Sequence[str]) -> set[str]:
    """The natural tiles that, added to ``concealed`` (a hand without exposures), make a line
    of ``card``: exactly the tiles ``t`` (not a joker) for which
    ``card_line_for(card, [*concealed, t], ())`` is not None, found in one pass over the
    lines' forms instead of one pass per tile (a hand's waits, issue 21). By the bounds of
    :func:`_fits_some`: a form takes the hand plus ``t`` when the hand has no tile over its
    greatest count and lacks at most one tile of its least counts (then ``t`` is that tile),
    or lacks none (then ``t`` is any tile with room left)."""
    have = _naturals(concealed)
    found: set[str] = set()
    for line in card:
        if line.size != len(concealed) + 1:
            continue
        for places, least, most in _bounds(line):
            if not places.issuperset(have) or any(
                    count > most[tile] for tile, count in have.items()):
                continue
            short = [(tile, count - have.get(tile, 0)) for tile, count in least
                     if have.get(tile, 0) < count]
            if not short:
                found.update(tile for tile, count in most.items() if have.get(tile, 0) < count)
            elif len(short) == 1 and short[0][1] == 1:
                found.add(short[0][0])
    return found


def card_line_for(
    card: Sequence[CardLine | Sequence[CardGroup]], concealed: Sequence[str],
    melds: Sequence[Meld],
) -> int | None:
    """Index of the first practice-card line the hand makes, or ``None`` (not Mah Jongg).

    A line is a :class:`~tilewise.rules.cardlines.CardLine` or a plain sequence of concrete
    groups. Answers are kept for the last few thousand hands asked (the same hand is asked
    again and again: by each claim of a precedence question, by a pack's repeated tasks).
    A hand without exposures is tried against each line's :data:`Bounds` worked out once per
    card, its tiles counted once (:func:`line_matches` per line counted them again for every
    line; issue 21); tests/rules/test_fast_paths.py checks it against :func:`line_matches`.
    The card a table keeps (one tuple of lines) is found by itself before its lines are
    looked at, and each answer is looked up once (issue 21)."""
    known = _ANSWERS.get(id(card))
    if known is None or known[0] is not card:  # not a card kept (by the very tuple): read it
        lines = card if type(card) is tuple and all(type(line) is CardLine for line in card) \
            else tuple(line if isinstance(line, CardLine) else CardLine(tuple(line))
                       for line in card)
        if len(_ANSWERS) >= CARDS_KEPT:
            _ANSWERS.clear()
        known = _ANSWERS[id(lines)] = (lines, _forms(lines), {})
    lines = known[0]
    answers = known[2]
    key = (tuple(concealed), tuple(melds))
    if key in answers:
        return answers[key]
    if len(answers) >= HANDS_KEPT:
        answers.clear()
    found = next((index for index, line in enumerate(lines)
                  if line_matches(line, key[0], key[1])), None) if melds else (
        _first_fit(known[1], key[0]))
    answers[key] = found
    return found


_Forms = tuple[tuple[int, int, tuple[Bounds, ...], tuple[tuple[int, int], ...]], ...]
"""A card's lines as a hand without exposures is tried against them: ``(index, size,
bounds, keys)`` of each line, in card order; ``keys`` the line's :data:`Bounds` as
:func:`_form_keys` writes them."""

#: Each natural tile's field of five bits in a key (:func:`_first_fit`); a joker adds nothing.
_FIELD: dict[str, int] = {tile: 1 << (5 * index) for index, tile in enumerate((*STANDARD, FLOWER))}
_HAND_FIELD: dict[str, int] = {**_FIELD, JOKER: 0}
#: The high bit of every field: added to a key, it keeps a field from borrowing from the next
#: when a count of at most 15 is taken from it.
_GUARDS = sum(16 * field for field in _FIELD.values())
#: The most tiles a hand may have for its key to hold every count in its field.
_KEY_SIZE = 15


def _form_keys(forms: tuple[Bounds, ...]) -> tuple[tuple[int, int], ...]:
    """``(greatest + guards, least)`` of each form as keys (each tile's count in its field;
    a concrete form names natural tiles only: :func:`~tilewise.rules.cardlines.expansions`)."""
    return tuple((_GUARDS + sum(_FIELD[tile] * count for tile, count in most.items()),
                  sum(_FIELD[tile] * count for tile, count in least))
                 for _places, least, most in forms)


def _forms(lines: tuple[CardLine, ...]) -> _Forms:
    return tuple((index, line.size, _bounds(line), _form_keys(_bounds(line)))
                 for index, line in enumerate(lines))


def _first_fit(forms: _Forms, concealed: tuple[str, ...]) -> int | None:
    """:func:`line_matches` without exposures on each line in turn (a concealed line takes
    such a hand too): the index of the first line of the hand's size whose forms it fits.

    A hand of at most :data:`_KEY_SIZE` tiles is one key (each natural's count in its field of
    :data:`_FIELD`), and a form fits it when no field of ``greatest + guards - hand`` nor of
    ``hand + guards - least`` loses its guard bit: every count between its least and greatest
    at once, with no count over 15 (issue 21: :func:`_fits_some` walked the counts in Python).
    Any other hand (longer, or with a code of no field) by :func:`_fits_some`;
    tests/rules/test_fast_paths.py checks both against :func:`line_fits`."""
    size = len(concealed)
    key: int | None = None
    if size <= _KEY_SIZE:
        try:
            key = sum(map(_HAND_FIELD.__getitem__, concealed))
        except (KeyError, TypeError):  # a code with no field: counted below
            pass
    if key is None:
        have = _naturals(concealed)
        return next((index for index, line_size, bounds, _keys in forms
                     if line_size == size and _fits_some(bounds, have)), None)
    for index, line_size, _line_bounds, keys in forms:
        if line_size == size:
            for greatest, least in keys:
                if (greatest - key) & _GUARDS == _GUARDS == (key + _GUARDS - least) & _GUARDS:
                    return index
    return None


#: How many cards and hands per card :func:`card_line_for` keeps answers for; then it starts
#: again (a few hundred kB at most).
CARDS_KEPT = 64
HANDS_KEPT = 4096
#: Answers of :func:`card_line_for` per card (by the card tuple itself, kept here so that its
#: id names it alone, with its lines' forms) and hand: the same hand is asked again and again
#: (by each claim of a precedence question, for each tile of a hand's waits, by a pack's
#: repeated tasks).
_ANSWERS: dict[int, tuple[tuple[CardLine, ...], _Forms, dict[tuple[Any, ...], int | None]]] = {}


def forget_card_answers() -> None:
    """Forget the answers :func:`card_line_for` keeps per hand (answers stay the same; what
    it keeps per card stays)."""
    for _lines, _forms, answers in _ANSWERS.values():
        answers.clear()


def judge_joker_exchange(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``joker_exchange``: swap a natural tile from the rack for a joker in an exposure.

    Refusals in order: WRONG_PHASE; JOKER_EXCHANGE_NOT_YOUR_TURN (not this seat's turn with its
    extra tile, i.e. after a wall draw or a finished exposure); DEAD_HAND; NO_REVERSE_EXCHANGE
    (offering a joker); NO_JOKER_IN_MELD; JOKER_EXCHANGE_TILE_MISMATCH (not the tile the joker
    stands for); DISCARD_CANNOT_REDEEM_JOKER (the tile is only the latest discard, not in the
    rack); TILE_NOT_IN_HAND. Result: the exposure after the exchange as ``meld``.
    ScenarioError when the target meld does not exist.
    """
    seat = seat_value(action.get("seat"), "action.seat")
    tile = parse_tile(action.get("tile"))
    target = action.get("target")
    if not isinstance(target, Mapping):
        raise ScenarioError("joker_exchange needs a target {seat, meld}")
    owner = seat_value(target.get("seat"), "target.seat")
    index = target.get("meld")
    melds = table.melds_of(owner)
    if type(index) is not int or not 0 <= index < len(melds):
        raise ScenarioError(f"{owner} has no meld {describe(index)}")
    meld = melds[index]
    if table.phase not in (None, "play"):
        raise Refusal(Reason.WRONG_PHASE)
    if not table.holds_extra_tile(seat):
        raise Refusal(Reason.JOKER_EXCHANGE_NOT_YOUR_TURN)
    if seat in table.dead:
        raise Refusal(Reason.DEAD_HAND)
    if tile == JOKER:
        raise Refusal(Reason.NO_REVERSE_EXCHANGE, tile)
    if JOKER not in meld.tiles:
        raise Refusal(Reason.NO_JOKER_IN_MELD)
    stands_for = next((t for t in meld.tiles if t != JOKER), JOKER)
    if tile != stands_for:
        raise Refusal(Reason.JOKER_EXCHANGE_TILE_MISMATCH, tile)
    if tile not in table.need_hand(seat):
        last = table.last_discard
        if last is not None and last.tile == tile and last.by != seat:
            raise Refusal(Reason.DISCARD_CANNOT_REDEEM_JOKER, tile)
        raise Refusal(Reason.TILE_NOT_IN_HAND, tile)
    tiles = list(meld.tiles)
    faces = list(meld.written)
    faces.pop(tiles.index(JOKER))
    tiles.remove(JOKER)
    tiles.insert(0, tile)
    faces.insert(0, table.shown(seat, [str(action.get("tile"))])[0])
    swapped = Meld(meld.kind, tuple(tiles), meld.source, meld.rotated, meld.face_down,
                   tuple(faces))
    return allow(meld=swapped.to_dict())
