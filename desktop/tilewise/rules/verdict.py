"""Verdicts: legal or not, one stable reason code, the tiles concerned, and result fields.

The reason codes are exactly the closed list of the referee protocol (PROTOCOL.md
"Reason codes"); the GUI turns each into a translated sentence. The core never writes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

_EMPTY: Mapping[str, object] = MappingProxyType({})


class Reason(StrEnum):
    """Why a move is illegal (PROTOCOL.md, closed list)."""

    UNKNOWN_TILE = "UNKNOWN_TILE"
    TILE_NOT_IN_SET = "TILE_NOT_IN_SET"
    TILE_SUPPLY_EXCEEDED = "TILE_SUPPLY_EXCEEDED"
    TILE_NOT_IN_HAND = "TILE_NOT_IN_HAND"
    WRONG_PHASE = "WRONG_PHASE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    JOKER_NOT_PASSABLE = "JOKER_NOT_PASSABLE"
    PASS_NEEDS_THREE = "PASS_NEEDS_THREE"
    BLIND_NOT_ALLOWED = "BLIND_NOT_ALLOWED"
    FIRST_CHARLESTON_MANDATORY = "FIRST_CHARLESTON_MANDATORY"
    SECOND_CHARLESTON_UNDERWAY = "SECOND_CHARLESTON_UNDERWAY"
    COURTESY_ACROSS_ONLY = "COURTESY_ACROSS_ONLY"
    COURTESY_COUNT_OUT_OF_RANGE = "COURTESY_COUNT_OUT_OF_RANGE"
    JOKER_ONLY_IN_IDENTICAL_GROUPS = "JOKER_ONLY_IN_IDENTICAL_GROUPS"
    GROUP_TILES_DIFFER = "GROUP_TILES_DIFFER"
    DISCARDED_JOKER_DEAD = "DISCARDED_JOKER_DEAD"
    JOKER_EXCHANGE_NOT_YOUR_TURN = "JOKER_EXCHANGE_NOT_YOUR_TURN"
    JOKER_EXCHANGE_TILE_MISMATCH = "JOKER_EXCHANGE_TILE_MISMATCH"
    NO_JOKER_IN_MELD = "NO_JOKER_IN_MELD"
    DISCARD_CANNOT_REDEEM_JOKER = "DISCARD_CANNOT_REDEEM_JOKER"
    NO_REVERSE_EXCHANGE = "NO_REVERSE_EXCHANGE"
    CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG = "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG"
    NOT_LATEST_DISCARD = "NOT_LATEST_DISCARD"
    CLAIM_WINDOW_CLOSED = "CLAIM_WINDOW_CLOSED"
    CANNOT_CLAIM_OWN_DISCARD = "CANNOT_CLAIM_OWN_DISCARD"
    CHI_ONLY_FROM_UPPER_SEAT = "CHI_ONLY_FROM_UPPER_SEAT"
    CHI_NOT_A_SEQUENCE = "CHI_NOT_A_SEQUENCE"
    PONG_NEEDS_PAIR = "PONG_NEEDS_PAIR"
    KONG_NEEDS_TRIPLET = "KONG_NEEDS_TRIPLET"
    PAIR_CLAIM_ONLY_FOR_WIN = "PAIR_CLAIM_ONLY_FOR_WIN"
    CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG = "CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG"
    KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM = "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM"
    KONG_ONLY_ON_OWN_TURN = "KONG_ONLY_ON_OWN_TURN"
    ADDED_TILE_PLACEMENT = "ADDED_TILE_PLACEMENT"
    CONCEALED_KONG_CANNOT_BE_ROBBED = "CONCEALED_KONG_CANNOT_BE_ROBBED"
    NOT_A_WINNING_HAND = "NOT_A_WINNING_HAND"
    DEAD_HAND = "DEAD_HAND"
    LONG_HAND = "LONG_HAND"
    SHORT_HAND = "SHORT_HAND"
    EXPOSURE_CANNOT_GROW = "EXPOSURE_CANNOT_GROW"


#: Codes of this core not yet in PROTOCOL.md's list (the shared document is updated by its
#: owner): ``EXPOSURE_CANNOT_GROW``, an American ``kong_added`` (an NMJL exposure never grows,
#: engine note ``EXPOSURE_GROWTH``; REFERENCE section 6).
LOCAL_REASONS = frozenset({"EXPOSURE_CANNOT_GROW"})


class Verdict(NamedTuple):
    """The rules core's answer to one move.

    ``legal``; ``reason`` (``None`` when legal); ``tiles`` the tiles the reason is about (e.g. the
    missing tile for ``TILE_NOT_IN_HAND``), possibly empty; ``result`` the protocol's result
    fields for a legal move (``to``, ``next``, ``meld``, ...).

    A value that cannot be changed, equal by its fields. A named tuple rather than a frozen
    dataclass: a frozen dataclass sets each field through ``object.__setattr__``, and making
    verdicts was a tenth of judging a precedence question (issue 21).
    """

    legal: bool
    reason: Reason | None = None
    tiles: tuple[str, ...] = ()
    result: Mapping[str, object] = _EMPTY

    def to_answer(self) -> dict[str, Any]:
        """The protocol answer: ``{"legal", "reason", **result}``, plus ``tiles`` when any."""
        legal, reason, tiles, result = self  # the fields at once (issue 21)
        answer: dict[str, Any] = {"legal": legal,
                                  "reason": None if reason is None else reason._value_}
        if result:
            answer.update(result)
        if tiles:
            answer["tiles"] = list(tiles)
        return answer


#: Makes a :class:`Verdict` from its four fields without the named tuple's own ``__new__``
#: (a Python function: one call fewer for every verdict, issue 21).
_make = tuple.__new__


def allow(**result: object) -> Verdict:
    """A legal verdict carrying ``result``."""
    return _make(Verdict, (True, None, (), result))


def refuse(reason: Reason, *tiles: str, **result: object) -> Verdict:
    """An illegal verdict for ``reason`` about ``tiles``."""
    return _make(Verdict, (False, reason, tiles, result))


class Refusal(Exception):
    """Raised inside the core to stop a check with an illegal verdict (caught by the caller).

    ``verdict`` is ``refuse(reason, *tiles)``; ``args`` is ``(reason, *tiles)``, as the
    exception was made (``Exception.__new__`` keeps them: no ``__init__`` of its own is called,
    which took a third of a refusal's cost, issue 21)."""

    def __init__(self, reason: Reason, *tiles: str) -> None:
        self.verdict = _make(Verdict, (False, reason, tiles, _EMPTY))
