"""Seats and directions (REFERENCE.md section 2 table)."""

from __future__ import annotations

import pytest

from tilewise.rules.seats import (
    SEATS,
    across_of,
    distance,
    is_seat,
    left_of,
    lower_of,
    opposite_of,
    relation,
    right_of,
    seats_after,
    upper_of,
)


@pytest.mark.parametrize(
    ("seat", "right", "across", "left"),
    [("E", "S", "W", "N"), ("S", "W", "N", "E"), ("W", "N", "E", "S"), ("N", "E", "S", "W")],
)
def test_directions(seat: str, right: str, across: str, left: str) -> None:
    assert (right_of(seat), across_of(seat), left_of(seat)) == (right, across, left)
    assert (lower_of(seat), opposite_of(seat), upper_of(seat)) == (right, across, left)
    assert seats_after(seat) == (right, across, left)


@pytest.mark.parametrize(
    ("discarder", "claimant", "where"),
    [("E", "S", "upper"), ("E", "W", "opposite"), ("E", "N", "lower"), ("N", "E", "upper"),
     ("S", "E", "lower")],
)
def test_relation_is_the_discarder_seen_by_the_claimant(
    discarder: str, claimant: str, where: str
) -> None:
    assert relation(discarder, claimant) == where


def test_no_relation_to_oneself() -> None:
    with pytest.raises(ValueError):
        relation("S", "S")


def test_distance_and_is_seat() -> None:
    assert [distance("W", seat) for seat in SEATS] == [2, 3, 0, 1]
    assert is_seat("N") and not is_seat("X") and not is_seat(1)
