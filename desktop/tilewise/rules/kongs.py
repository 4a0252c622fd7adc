"""Kongs declared on your own turn (WSM): concealed and added (small exposed) kongs.

Sources: REFERENCE.md section 8, DECISIONS 13-15. Only on your own turn after a wall draw, a
supplement draw or (East) the deal, never straight after a chi or pong claim; then a
supplement tile. A concealed kong shows both end tiles face down and can never be robbed. An
added kong's fourth tile goes on the end away from the sideways tile (either end when the pong
came from the opposite seat) and can be robbed by a win on that tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tilewise.rules.seats import SEATS
from tilewise.rules.state import ScenarioError, Table, meld_answer, seat_value
from tilewise.rules.tiles import parse_tile
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow
from tilewise.rules.wins import check_hand_alive, is_winning

_KONG_AFTER = ("deal", "wall", "supplement")


def _own_turn(table: Table, action: Mapping[str, Any]) -> tuple[str, str]:
    """Common checks; returns (seat, tile). Raises Refusal or ScenarioError."""
    if table.ruleset != "wsm":
        raise ScenarioError("kongs are declared only in the wsm ruleset")
    seat = seat_value(action.get("seat"), "action.seat")
    tile = parse_tile(action.get("tile"))
    if table.phase not in (None, "play"):
        raise Refusal(Reason.WRONG_PHASE)
    turn = table.turn
    if turn is None or not table.holds_extra_tile(seat):
        raise Refusal(Reason.KONG_ONLY_ON_OWN_TURN)
    if turn.after not in _KONG_AFTER:
        raise Refusal(Reason.KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM)
    check_hand_alive(table, seat)
    return seat, tile


def judge_kong_concealed(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``kong_concealed``: four of ``tile`` from the hand.

    Refusals: WRONG_PHASE, KONG_ONLY_ON_OWN_TURN, KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM, DEAD_HAND,
    LONG_HAND, SHORT_HAND, TILE_NOT_IN_HAND (none held), KONG_NEEDS_TRIPLET (fewer than four).
    Result: ``meld`` (ends face down, DECISIONS 13) and ``supplement`` true.
    """
    seat, tile = _own_turn(table, action)
    held = table.need_hand(seat).count(tile)
    if held == 0:
        raise Refusal(Reason.TILE_NOT_IN_HAND, tile)
    if held < 4:
        raise Refusal(Reason.KONG_NEEDS_TRIPLET, tile)
    return allow(meld=meld_answer("kong_concealed", (tile,) * 4, None, None, (0, 3)),
                 supplement=True)


def robbers(table: Table, declarer: str, tile: str) -> Iterator[str]:
    """Seats (in turn order) whose hand in the state would win on ``tile``: those who could rob,
    one by one (``judge_kong_added`` asks whether there is a first; issue 21).

    Only seats with a hand in the state, alive and of the right size, count.
    """
    for seat in SEATS:
        if seat == declarer or seat not in table.hands:
            continue
        try:
            check_hand_alive(table, seat)
        except Refusal:
            continue
        if is_winning(table, seat, [*table.hands[seat], tile]):
            yield seat


def judge_kong_added(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``kong_added``: add ``tile`` from the hand to your own exposed pong, at ``end``.

    Refusals: EXPOSURE_CANNOT_GROW at an American table (with the tile: an NMJL exposure is
    made only by calling a discard and never grows, not with a drawn tile nor with a joker;
    REFERENCE section 6, the hand engine's ``EXPOSURE_GROWTH`` note); then as for a concealed
    kong, TILE_NOT_IN_HAND, KONG_NEEDS_TRIPLET (no exposed pong of that tile),
    ADDED_TILE_PLACEMENT (the end next to the sideways tile).
    Result: ``meld`` (``rotated`` moves to 3 when the tile is added on the left of a pong whose
    last tile lies sideways, etc.), ``robbable`` (another hand in the state wins on the tile),
    ``supplement`` true.
    """
    if table.ruleset == "american":
        seat_value(action.get("seat"), "action.seat")
        raise Refusal(Reason.EXPOSURE_CANNOT_GROW, parse_tile(action.get("tile")))
    seat, tile = _own_turn(table, action)
    end = action.get("end")
    if end not in ("left", "right"):
        raise ScenarioError("kong_added needs end 'left' or 'right'")
    if tile not in table.need_hand(seat):
        raise Refusal(Reason.TILE_NOT_IN_HAND, tile)
    pong = next(
        (meld for meld in table.melds_of(seat) if meld.kind == "pong" and meld.tiles[0] == tile),
        None,
    )
    if pong is None:
        raise Refusal(Reason.KONG_NEEDS_TRIPLET, tile)
    rotated = pong.rotated
    if rotated is not None and (
        (end == "left" and rotated == 0) or (end == "right" and rotated == len(pong.tiles) - 1)
    ):
        raise Refusal(Reason.ADDED_TILE_PLACEMENT, tile)
    if rotated is not None and end == "left":
        rotated += 1
    robbable = any(robbers(table, seat, tile))  # the first robber is enough
    return allow(meld=meld_answer("kong_added", (tile,) * 4, pong.source, rotated),
                 robbable=robbable, supplement=True)
