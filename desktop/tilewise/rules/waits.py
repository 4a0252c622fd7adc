"""``waits``: which tiles complete a ready hand (both rulesets), by the win check itself.

A ready hand (WSM "calling", REFERENCE.md section 9; American: Mah Jongg on the practice card,
sections 5-6) is one tile short of
a complete hand: 13 tiles counting exposures (a WSM kong counts as 3), and some tile would make
it win. It may wait on several kinds of tile. Every tile kind of the ruleset's set is tried with
:func:`tilewise.rules.wins.is_winning` (WSM: four sets and a pair, seven pairs, thirteen
terminals; American: the practice card). A joker is not counted as a wait (it is not a kind of
tile the hand waits on), and a tile whose every copy is already in sight in the state (hands,
exposures, discards) cannot come, so it is no wait (our choice for lessons; the shared DECISIONS have no point on
waits yet). WSM has no sacred-discard rule (DECISIONS 16), so a wait is a wait on any discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tilewise.rules.jokers import completing_tiles
from tilewise.rules.state import Table, seat_value
from tilewise.rules.tiles import FLOWER, JOKER, STANDARD, parse_tiles, tile_set
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow
from tilewise.rules.wins import is_winning


def waits_of(table: Table, seat: str) -> list[str]:
    """The tiles that complete ``seat``'s hand, in rack order (empty: not ready).

    Raises Refusal DEAD_HAND, LONG_HAND (14 or more: discard first) or SHORT_HAND.
    """
    if seat in table.dead:
        raise Refusal(Reason.DEAD_HAND)
    held = table.tile_count(seat)
    if held != 13:
        raise Refusal(Reason.LONG_HAND if held > 13 else Reason.SHORT_HAND)
    hand = table.need_hand(seat)
    supply = tile_set(table.ruleset)
    seen = table.tile_counts()
    kinds = STANDARD + ((FLOWER,) if table.ruleset == "american" else ())
    if table.ruleset == "american" and not table.melds_of(seat):  # one pass over the card
        winners = completing_tiles(table.need_card(), hand)
        return [tile for tile in kinds if seen[tile] < supply[tile] and tile in winners]
    return [
        tile for tile in kinds
        if seen[tile] < supply[tile] and is_winning(table, seat, [*hand, tile])
    ]


def judge_waits(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``waits``: ``seat`` and optional ``tiles`` (the learner's pick of winning tiles).

    Result: ``waits`` (rack order) and ``ready`` (bool). With ``tiles`` (duplicates ignored)
    also ``right`` (the pick is exactly the waits; an empty pick for a hand that is not
    ready), ``extra`` (picked tiles that do not complete the hand) and ``left_out`` (waits
    not picked). Refusals of :func:`waits_of`. ScenarioError without the seat's hand (or,
    American, the card).
    """
    seat = seat_value(action.get("seat"), "action.seat")
    picked = set(parse_tiles(action["tiles"])) if "tiles" in action else None
    waits = waits_of(table, seat)
    if picked is None:
        return allow(waits=waits, ready=bool(waits))
    extra = [tile for tile in (*STANDARD, FLOWER, JOKER) if tile in picked and tile not in waits]
    left_out = [tile for tile in waits if tile not in picked]
    return allow(waits=waits, ready=bool(waits), right=not extra and not left_out,
                 extra=extra, left_out=left_out)
