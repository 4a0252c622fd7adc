"""Seats and directions (REFERENCE.md section 2).

Turn order is E -> S -> W -> N -> E. Your **right** is the next player (WSM: *lower seat*),
**across** is opposite, your **left** is the previous player (WSM: *upper seat*).
"""

from __future__ import annotations

from typing import Literal

SEATS: tuple[str, ...] = ("E", "S", "W", "N")
_INDEX: dict[str, int] = {seat: index for index, seat in enumerate(SEATS)}
#: The other three seats after each seat in turn order (lower, opposite, upper), looked up
#: rather than worked out: every claim asks them several times (issue 21).
_AFTER: dict[str, tuple[str, str, str]] = {
    seat: (SEATS[(index + 1) % 4], SEATS[(index + 2) % 4], SEATS[(index + 3) % 4])
    for index, seat in enumerate(SEATS)
}

Relation = Literal["lower", "opposite", "upper"]


def is_seat(value: object) -> bool:
    """True when ``value`` is one of ``E S W N``."""
    return isinstance(value, str) and value in _INDEX


def right_of(seat: str) -> str:
    """The next player in turn (WSM lower seat): ``right_of("E") == "S"``."""
    return _AFTER[seat][0]


def across_of(seat: str) -> str:
    """The player opposite: ``across_of("E") == "W"``."""
    return _AFTER[seat][1]


def left_of(seat: str) -> str:
    """The previous player (WSM upper seat): ``left_of("E") == "N"``."""
    return _AFTER[seat][2]


lower_of = right_of
opposite_of = across_of
upper_of = left_of


def distance(start: str, seat: str) -> int:
    """How many turns after ``start`` comes ``seat`` (0 for ``start`` itself, 1 its lower seat)."""
    return (_INDEX[seat] - _INDEX[start]) % 4


def relation(discarder: str, claimant: str) -> Relation:
    """Where the discard comes from, seen by the claimant: ``"upper"``, ``"opposite"``, ``"lower"``.

    ``relation("E", "S") == "upper"`` (East is South's upper seat: South may chi it).
    Raises ``ValueError`` when both are the same seat.
    """
    step = distance(discarder, claimant)
    if step == 1:
        return "upper"
    if step == 2:
        return "opposite"
    if step == 3:
        return "lower"
    raise ValueError("a seat has no relation to itself")


def seats_after(start: str) -> tuple[str, str, str]:
    """The other three seats in turn order after ``start`` (lower, opposite, upper)."""
    return _AFTER[start]
