"""Winning hands and the hand checks every claim and declaration shares.

WSM (REFERENCE.md section 9, DECISIONS 16): four sets and a pair (exposed sets count, a kong
is a set), seven pairs (four identical tiles count as two pairs, as in the Chinese Official
rules WSM builds on), thirteen terminals. American hands are judged against the practice card
(:func:`tilewise.rules.jokers.card_line_for`).

Dead, long and short hands (REFERENCE.md section 10, DECISIONS 18) may not claim, declare
kongs or win; a hand found long or short stays dead (the state lists it in ``dead``). A false
win: in WSM the hand goes on (DECISIONS 17); at an American table a Mah Jongg declared in error
kills the hand (DECISIONS 25), and a dead American hand takes no more turns (DECISIONS 24).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any

from tilewise.rules.jokers import card_line_for
from tilewise.rules.state import Meld, Table, seat_value
from tilewise.rules.tiles import STANDARD, TERMINALS_AND_HONORS
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow, refuse

Group = tuple[str, ...]

_INDEX: dict[str, int] = {tile: index for index, tile in enumerate(STANDARD)}
_SELF_DRAWN_AFTER = ("deal", "wall", "supplement")
#: ``turn.after`` values after which the seat must discard and may not declare a win
#: (DECISIONS 21): a chi or pong claim, or an American exposure.
_MUST_DISCARD_AFTER = ("chi", "pong", "exposure")


def _counts(tiles: Sequence[str]) -> list[int] | None:
    """Copies of each tile of :data:`STANDARD` in ``tiles``; None when one is not such a tile
    (a flower or joker never makes a WSM set)."""
    counts = [0] * len(STANDARD)
    try:
        for tile in tiles:
            counts[_INDEX[tile]] += 1
    except KeyError:
        return None
    return counts


#: Where each block of tiles that sets never cross begins and ends in :data:`STANDARD`: bams,
#: craks, dots (chis and pungs), honors (pungs only).
_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _sets(counts: list[int], start: int, end: int) -> list[Group] | None:
    """Split ``counts[start:end]`` (one block of :data:`_BLOCKS`) into pungs and chis,
    lowest tile first (those counts are used up), or ``None`` when they do not split.

    No choice is ever undone: at the lowest tile left, a pung when it has three copies, else
    a chi from it. That is safe: a split that starts the lowest tile's three copies as three
    chis holds three pungs of the same tiles instead, so a pung there never loses a split. The
    answer is the one the backtracking search this replaced gave (it tried a pung first and
    never needed its chi instead; tests/rules/test_fast_paths.py checks them against each
    other), without its recursion (issue 21).
    """
    sets: list[Group] = []
    index = start
    while True:
        while index < end and counts[index] == 0:
            index += 1
        if index == end:
            return sets
        tile = STANDARD[index]
        if counts[index] >= 3:
            counts[index] -= 3
            sets.append((tile, tile, tile))
        elif index < 27 and index % 9 <= 6 and counts[index + 1] and counts[index + 2]:
            counts[index] -= 1
            counts[index + 1] -= 1
            counts[index + 2] -= 1
            sets.append((tile, STANDARD[index + 1], STANDARD[index + 2]))
        else:
            return None


def _pair_and_sets(counts: list[int]) -> tuple[Group, ...] | None:
    """A pair and sets from ``counts`` (their total is three per set plus two), or ``None``.

    Sets never cross a block (:data:`_BLOCKS`), so each block splits on its own: the pair's
    block is the one whose count is two more than a multiple of three, every other block's a
    multiple of three, and the pair is the lowest tile of its block that leaves the rest of
    it split. The other blocks are split first (a hand that does not win mostly fails there,
    before any pair is tried). The answer is the pair, then the sets in tile order: what
    trying every pair in tile order on the whole hand gave, with a block's sets found once
    (issue 21)."""
    left = [sum(counts[start:end]) % 3 for start, end in _BLOCKS]
    if left.count(2) != 1 or 1 in left:
        return None
    at = left.index(2)
    split: list[list[Group]] = []
    for number, (start, end) in enumerate(_BLOCKS):
        if number != at:
            found = _sets(counts.copy(), start, end)
            if found is None:
                return None
            split.append(found)
    start, end = _BLOCKS[at]
    for index in range(start, end):
        if counts[index] >= 2:
            rest = counts.copy()
            rest[index] -= 2
            found = _sets(rest, start, end)
            if found is not None:
                split.insert(at, found)
                return ((STANDARD[index],) * 2, *(group for block in split for group in block))
    return None


def wsm_winning_split(concealed: Sequence[str], melds: Sequence[Meld] = ()) -> list[Group] | None:
    """The groups of a complete WSM hand, or ``None`` when the hand does not win.

    ``concealed`` are the tiles in hand (including the winning tile); ``melds`` the exposed or
    declared sets. The answer lists the pair first, then the concealed sets, then the melds
    (seven pairs: seven pairs; thirteen terminals: the pair, then the twelve singles). Example:
    ``1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D E E E`` -> ``1B 1B`` + ``1B 2B 3B`` + ... [INPUTS 9b].
    """
    split = _concealed_split(tuple(sorted(concealed)), len(melds))
    if split is None:
        return None
    return [*split, *(meld.tiles for meld in melds)]


@lru_cache(maxsize=4096)
def _concealed_split(concealed: tuple[str, ...], melded: int) -> tuple[Group, ...] | None:
    """:func:`wsm_winning_split` of the concealed tiles (any order: the split depends on the
    tiles alone) beside ``melded`` sets; kept for the last few thousand hands (a hand's waits
    ask it once per tile kind, a precedence question once per claim; issue 21)."""
    counts = _counts(concealed)
    need = 4 - melded
    if counts is None or len(concealed) != 3 * need + 2:
        return None
    split = _pair_and_sets(counts)  # always ``need`` sets: the hand has 3 * need + 2 tiles
    if split is not None or melded:
        return split
    if all(count in (0, 2, 4) for count in counts):
        return tuple((tile, tile) for tile, count in zip(STANDARD, counts, strict=True)
                     for _ in range(count // 2))
    if set(concealed) == set(TERMINALS_AND_HONORS):
        pair_tile = next(tile for tile in TERMINALS_AND_HONORS if concealed.count(tile) == 2)
        return ((pair_tile, pair_tile), *((tile,) for tile in TERMINALS_AND_HONORS
                                          if tile != pair_tile))
    return None


#: Each tile of :data:`STANDARD` as a one in its own four bits: the sum over a hand of at most
#: 14 tiles holds every tile's count in its nibble (no count reaches 16), whatever the order.
_NIBBLE: dict[str, int] = {tile: 1 << (4 * index) for index, tile in enumerate(STANDARD)}
#: The nibbles of a suit's block (nine) in a hand's key; the honors' block is the rest.
_SUIT_MASK = (1 << 36) - 1
#: The low bit of every nibble (an odd count), and the nibbles of the tiles 2-8 of each suit.
_ODD = sum(_NIBBLE.values())
#: Thirteen terminals (REFERENCE.md section 9): one of each terminal and honor (their key
#: :data:`_THIRTEEN`) and one more of them, the pair. A key less :data:`_THIRTEEN` is one of
#: :data:`_THIRTEEN_PAIRS` exactly then: every count of a 14-tile hand is 0-14, so each
#: nibble less its one is -1 to 14, sixteen values that write any number in one way only.
_THIRTEEN = sum(_NIBBLE[tile] for tile in TERMINALS_AND_HONORS)
_THIRTEEN_PAIRS = frozenset(_NIBBLE[tile] for tile in TERMINALS_AND_HONORS)
#: Blocks that split into sets alone (:func:`_set_patterns`), once worked out.
_PATTERNS: list[frozenset[int]] = []


def _set_patterns() -> tuple[frozenset[int], frozenset[int]]:
    """Every block (as its nibbles, :data:`_NIBBLE`) that splits into at most four sets and
    nothing else: of a suit (chis and pungs), of the honors (pungs). Worked out once, on the
    first question (a few thousand sums, about 13 ms; a pure table of the rules, nothing of
    any hand)."""
    if not _PATTERNS:
        pungs = [3 << (4 * index) for index in range(9)]
        chis = [0x111 << (4 * index) for index in range(7)]
        _PATTERNS.append(frozenset(sum(sets) for size in range(5)
                                   for sets in combinations_with_replacement(pungs + chis, size)))
        _PATTERNS.append(frozenset(sum(sets) for size in range(5)
                                   for sets in combinations_with_replacement(pungs[:7], size)))
    return _PATTERNS[0], _PATTERNS[1]


def _pair_fits(block: int, patterns: frozenset[int]) -> bool:
    """True when two copies of some tile of ``block`` leave a block of ``patterns``: each tile
    with two copies or more (a nibble above one: one of its three high bits set) is tried."""
    twos = (block >> 1 | block >> 2 | block >> 3) & _ODD  # a one where a nibble holds 2+
    while twos:
        low = twos & -twos
        if block - (low << 1) in patterns:
            return True
        twos ^= low
    return False


def wsm_wins(concealed: Sequence[str], melds: Sequence[Meld] = ()) -> bool:
    """True when :func:`wsm_winning_split` finds the hand complete (the same answer, without
    building or keeping its groups; tests/rules/test_fast_paths.py checks them alike).

    Four sets and a pair, as :func:`_pair_and_sets` finds them, by looking each block up in
    :func:`_set_patterns` instead of splitting it (issue 21: the split cost most of a claim to
    win): the pair's block is the one whose count leaves two over threes (a block's count is
    its key modulo 15, since 16 is 1 modulo 15), every other block's count a multiple of
    three. Without melds, seven pairs (every count 0, 2 or 4: read in each nibble's bits) and
    thirteen terminals (:data:`_THIRTEEN`) by the key too: they were left to the split, which
    cost ten times the lookup (issue 21)."""
    melded = len(melds)
    if len(concealed) != 14 - 3 * melded:
        return False
    try:  # one itemgetter looks the tiles up in C (the hand has two tiles or more here)
        key = sum(itemgetter(*concealed)(_NIBBLE))
    except KeyError:  # a flower or joker makes no WSM set
        return False
    suited, honors = _PATTERNS or _set_patterns()
    pair = -1
    for block in (key & _SUIT_MASK, key >> 36 & _SUIT_MASK, key >> 72 & _SUIT_MASK):
        left = block % 15 % 3
        if left == 2 and pair < 0:
            pair = block
        elif left or block not in suited:
            break
    else:
        block = key >> 108
        left = block % 15 % 3
        if pair < 0:
            if left == 2 and _pair_fits(block, honors):
                return True
        elif not left and block in honors and _pair_fits(pair, suited):
            return True
    if melded:
        return False
    if not key & _ODD:  # every count even: seven pairs when each is 0, 2 or 4 (DECISIONS 16)
        return not (key >> 3 | key >> 1 & key >> 2) & _ODD  # no 8 or more, no 6 (0110)
    return key - _THIRTEEN in _THIRTEEN_PAIRS


def forget_splits() -> None:
    """Forget the kept splits of :func:`wsm_winning_split` (answers stay the same)."""
    _concealed_split.cache_clear()


def is_winning(table: Table, seat: str, concealed: Sequence[str]) -> bool:
    """True when ``concealed`` (with the winning tile) plus ``seat``'s melds wins.

    WSM by :func:`wsm_wins` (as :func:`wsm_winning_split`); American against ``state.card``
    (ScenarioError if absent).
    """
    melds = table.melds.get(seat, ())
    if table.ruleset == "wsm":  # the split itself is not needed: its groups are not built
        return wsm_wins(concealed, melds)
    return card_line_for(table.need_card(), concealed, melds) is not None


def check_hand_alive(table: Table, seat: str, extra: bool = False) -> None:
    """Raise Refusal DEAD_HAND, LONG_HAND or SHORT_HAND for ``seat``.

    A seat holds 13 tiles, 14 when it is its turn to discard or ``extra`` is set (the dealer
    before any pass), REFERENCE.md section 3; in WSM a kong counts as 3 [WSOM-6]. Needs
    ``seat``'s hand (ScenarioError otherwise).
    """
    if seat in table.dead:
        raise Refusal(Reason.DEAD_HAND)
    expected = 14 if extra or table.holds_extra_tile(seat) else 13
    held = table.tile_count(seat)
    if held > expected:
        raise Refusal(Reason.LONG_HAND)
    if held < expected:
        raise Refusal(Reason.SHORT_HAND)


def false_win(table: Table, reason: Reason, tile: str | None = None) -> Verdict:
    """The refusal of a win (or Mah Jongg) the hand does not make.

    WSM: the hand goes on (DECISIONS 17). American: a Mah Jongg declared in error kills the
    hand once it is exposed (DECISIONS 25), so the verdict also carries ``hand_dead`` true;
    the table then lists the seat in ``dead`` and it sits out (DECISIONS 24).
    """
    tiles = () if tile is None else (tile,)
    if table.ruleset == "american":
        return refuse(reason, *tiles, hand_dead=True)
    return refuse(reason, *tiles)


def judge_declare_win(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``declare_win``: a win on your own turn with the tile you hold (self-drawn).

    American: the dealer may also declare a dealt winning hand at ``first_right``, before any
    pass (the "heavenly hand"; REFERENCE.md section 3, open point CH-22, decided here with the
    majority of sources [ML193; ILM601; ML218; RA]).

    After a chi or pong claim (or an American exposure) the claimant discards and may not
    declare a win: a discard that completes a hand is claimed as a win, under precedence
    (DECISIONS 21); that turn is only a turn to discard, so the refusal is NOT_YOUR_TURN.

    Refusals: WRONG_PHASE, NOT_YOUR_TURN, DEAD_HAND, LONG_HAND, SHORT_HAND, NOT_A_WINNING_HAND
    (American: with ``hand_dead`` true, DECISIONS 25). Result: ``self_drawn`` (true after a
    wall or supplement draw or the deal; a win on the supplement tile is self-drawn,
    DECISIONS 16).
    """
    seat = seat_value(action.get("seat"), "action.seat")
    heavenly = table.ruleset == "american" and table.phase == "charleston" and (
        table.step == "first_right"
    )
    if table.phase not in (None, "play") and not heavenly:
        raise Refusal(Reason.WRONG_PHASE)
    turn = table.turn
    if heavenly:
        if seat != table.dealer:
            raise Refusal(Reason.NOT_YOUR_TURN)
    elif turn is None or not table.holds_extra_tile(seat):
        raise Refusal(Reason.NOT_YOUR_TURN)
    elif turn.after in _MUST_DISCARD_AFTER:
        raise Refusal(Reason.NOT_YOUR_TURN)
    check_hand_alive(table, seat, extra=heavenly)
    if not is_winning(table, seat, table.need_hand(seat)):
        return false_win(table, Reason.NOT_A_WINNING_HAND)
    return allow(self_drawn=heavenly or turn is not None and turn.after in _SELF_DRAWN_AFTER)
