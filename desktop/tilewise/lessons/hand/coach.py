"""The coach: what a seat may do now and why, how far it is from Mah Jongg, and why a partner
did what it did. Pure: codes and parameters only; the GUI writes the sentences.

- :func:`claim_advice`: while a discard (or an added kong) is open, each claim the seat may
  make (from the referee's :func:`~tilewise.rules.claims.possible_claims`) with what it would
  do for the seat; when none, why not (:class:`Advice` codes).
- :func:`closest_lines` (American): the practice lines the seat is nearest, with the tiles
  each still needs (REFERENCE.md section 5: jokers fill only pungs and larger).
- :func:`waiting_for` (WSM): the tiles that would complete the hand now.
- :func:`partner_reasons`: the computer seats' moves since a given move, each with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tilewise.lessons.hand.card import LineNeed, needs
from tilewise.lessons.hand.engine import HandEngine, Move
from tilewise.rules.tiles import JOKER, STANDARD
from tilewise.rules.wins import wsm_winning_split

#: Advice codes: ``claim`` (a legal claim: ``claim``, ``tiles``, and ``wins`` when it wins),
#: ``no_claim_own`` (your own discard), ``no_claim_dead_joker`` (a discarded joker is dead),
#: ``no_claim_nothing`` (nothing in your hand goes with the tile; ``held`` copies held),
#: ``not_open`` (no discard is open to claims now).
ADVICE_CODES: tuple[str, ...] = (
    "claim", "no_claim_own", "no_claim_dead_joker", "no_claim_nothing", "not_open",
)


@dataclass(frozen=True)
class Advice:
    """One piece of advice: ``code`` (:data:`ADVICE_CODES`) and ``params``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


def claim_advice(engine: HandEngine, seat: str) -> list[Advice]:
    """What ``seat`` may claim now, best first (a win first), or one reason why it may not.

    Each ``claim`` advice carries the claim action's ``claim`` and ``tiles`` and ``action``
    (ready for :meth:`HandEngine.act`). The list is empty never: when no claim is legal it
    holds one ``no_claim_*`` or ``not_open`` advice.
    """
    tile = engine.claim_tile()
    by = engine.discarder()
    if tile is None or by is None:
        return [Advice("not_open")]
    if by == seat:
        return [Advice("no_claim_own", {"tile": tile})]
    if tile == JOKER:
        return [Advice("no_claim_dead_joker", {"tile": tile})]
    options = [o for o in engine.claim_options() if o["seat"] == seat]
    wins = ("win", "mahjong")
    options.sort(key=lambda o: (o["claim"] not in wins, -o["tiles"].count(tile)))
    advice = [Advice("claim", {"claim": o["claim"], "tiles": list(o["tiles"]),
                               "wins": o["claim"] in wins, "action": dict(o)})
              for o in options]
    if advice:
        return advice
    return [Advice("no_claim_nothing", {"tile": tile, "held": engine.hand(seat).count(tile)})]


def closest_lines(engine: HandEngine, seat: str, count: int = 2) -> list[LineNeed]:
    """American: the ``count`` practice lines ``seat`` is nearest (exposures included), each
    with ``missing``, the natural ``tiles`` it needs and the ``joker_ok`` places (REFERENCE.md
    section 5, DECISIONS 6). Empty when the seat's exposures fit no line (a dead hand) or at a
    WSM table."""
    if engine.card is None or engine.ruleset != "american":
        return []
    return needs(engine.card, engine.hand(seat), engine.melds(seat))[:count]


def waiting_for(engine: HandEngine, seat: str) -> list[str]:
    """WSM: the tiles that would complete ``seat``'s hand (13 tiles, kongs counting 3), in
    rack order; empty when the hand is not ready or holds its extra tile."""
    hand = engine.hand(seat)
    melds = engine.melds(seat)
    if engine.ruleset != "wsm" or len(hand) + 3 * len(melds) != 13:
        return []
    return [tile for tile in STANDARD if hand.count(tile) < 4
            and wsm_winning_split([*hand, tile], melds) is not None]


def partner_reasons(engine: HandEngine, since: int = 0) -> list[Move]:
    """The computer seats' moves after move number ``since`` (each with its ``why``), without
    draws and the claims they let go (those say nothing worth reading)."""
    return [move for move in engine.moves if move.number > since and move.why is not None
            and move.why.code not in ("draw", "let_go")]
