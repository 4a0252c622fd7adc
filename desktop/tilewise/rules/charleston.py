"""The American Charleston and courtesy pass: the referee's checks and a playable table.

Sources: REFERENCE.md section 4, DECISIONS 1-5.

Steps in order (:data:`STEPS`): ``first_right``, ``first_across``, ``first_left``,
``stop_vote``, ``second_left``, ``second_across``, ``second_right``, ``courtesy``, ``play``.
A pass is exactly three tiles, all four seats at once; a joker is never passed (not blind, not
in the courtesy pass). Blind passes (forwarding 0-3 unseen tiles of the pass arriving in the
same step) only on ``first_left`` and ``second_right``; if every seat forwards all three blind,
nothing moves. One stop at the vote skips the whole second Charleston; the first Charleston
cannot be stopped and a started second one must finish. The courtesy pass follows either way:
across partners (E-W, S-N) each offer 0-3 tiles and the smaller number moves. East (the dealer)
holds 14 tiles throughout, the others 13; no step changes a count. The Charleston, the stop
vote and the courtesy pass are American only: in ``wsm`` each is WRONG_PHASE (DECISIONS 22).

The practice table (:class:`CharlestonTable`) and the referee ask the same functions
(:func:`check_pass`, :func:`vote_reason`, :func:`check_offer`), so a move gets one answer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilewise.rules.seats import SEATS, across_of, left_of, right_of
from tilewise.rules.state import ScenarioError, Table, check_holds, seat_value
from tilewise.rules.tiles import JOKER, TileError, check_in_set, describe, parse_tiles, tile_set
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow, refuse

STEPS: tuple[str, ...] = (
    "first_right", "first_across", "first_left", "stop_vote",
    "second_left", "second_across", "second_right", "courtesy", "play",
)
#: Pass steps and their direction.
PASS_DIRECTIONS: dict[str, str] = {
    "first_right": "right", "first_across": "across", "first_left": "left",
    "second_left": "left", "second_across": "across", "second_right": "right",
}
BLIND_STEPS: tuple[str, ...] = ("first_left", "second_right")
FIRST_CHARLESTON: tuple[str, ...] = ("first_right", "first_across", "first_left")
SECOND_CHARLESTON: tuple[str, ...] = ("second_left", "second_across", "second_right")
COURTESY_PAIRS: tuple[tuple[str, str], ...] = (("E", "W"), ("S", "N"))

_TOWARD = {"right": right_of, "across": across_of, "left": left_of}
_FROM = {"right": left_of, "across": across_of, "left": right_of}


def _pass_step(step: str) -> str:
    if step not in STEPS:
        raise ScenarioError(f"unknown Charleston step {describe(step)}")
    if step == "courtesy":
        raise Refusal(Reason.COURTESY_ACROSS_ONLY)
    if step not in PASS_DIRECTIONS:
        raise Refusal(Reason.WRONG_PHASE)
    return PASS_DIRECTIONS[step]


def blind_count(value: object) -> int:
    """``blind`` as a whole number (PROTOCOL.md ``pass``: how many unseen tiles, 0-3); a
    bool, a float or anything else is ScenarioError (``True`` is not one tile)."""
    if type(value) is not int:
        raise ScenarioError("blind must be a whole number 0-3")
    return value


def pass_target(step: str, seat: str) -> str:
    """The seat that receives ``seat``'s pass in ``step`` (first right from E -> S)."""
    return _TOWARD[PASS_DIRECTIONS[step]](seat)


def pass_source(step: str, seat: str) -> str:
    """The seat whose pass ``seat`` receives in ``step`` (first right to E <- N)."""
    return _FROM[PASS_DIRECTIONS[step]](seat)


def passable_tiles(hand: Sequence[str]) -> list[str]:
    """The tiles of ``hand`` that may be passed: every tile but the jokers (DECISIONS 5)."""
    return [tile for tile in hand if tile != JOKER]


def check_pass(step: str, hand: Sequence[str], tiles: Sequence[str], blind: int) -> None:
    """Raise Refusal unless ``tiles`` (from ``hand``) plus ``blind`` is a legal pass in ``step``.

    Order: COURTESY_ACROSS_ONLY (the courtesy step: tiles move only as offers), WRONG_PHASE
    (another step that is not a pass), JOKER_NOT_PASSABLE, PASS_NEEDS_THREE,
    BLIND_NOT_ALLOWED, TILE_NOT_IN_HAND. ScenarioError for an unknown step or a ``blind``
    that is not a whole number (:func:`blind_count`).
    """
    blind = blind_count(blind)
    _pass_step(step)
    if JOKER in tiles:
        raise Refusal(Reason.JOKER_NOT_PASSABLE, JOKER)
    if not 0 <= blind <= 3 or len(tiles) + blind != 3:
        raise Refusal(Reason.PASS_NEEDS_THREE)
    if blind and step not in BLIND_STEPS:
        raise Refusal(Reason.BLIND_NOT_ALLOWED)
    check_holds(hand, tiles)


def check_offer(hand: Sequence[str], offer: Sequence[str]) -> None:
    """Raise Refusal unless ``offer`` is a legal courtesy offer from ``hand``.

    JOKER_NOT_PASSABLE, COURTESY_COUNT_OUT_OF_RANGE (more than 3), TILE_NOT_IN_HAND.
    """
    if JOKER in offer:
        raise Refusal(Reason.JOKER_NOT_PASSABLE, JOKER)
    if len(offer) > 3:
        raise Refusal(Reason.COURTESY_COUNT_OUT_OF_RANGE)
    check_holds(hand, offer)


def vote_reason(step: str, stop: bool) -> Reason | None:
    """Why a vote in ``step`` is refused (``None`` at ``stop_vote``), DECISIONS 3.

    A stop in the first Charleston is FIRST_CHARLESTON_MANDATORY, in the second
    SECOND_CHARLESTON_UNDERWAY; any other vote outside ``stop_vote`` is WRONG_PHASE.
    """
    if step not in STEPS:
        raise ScenarioError(f"unknown Charleston step {describe(step)}")
    if step == "stop_vote":
        return None
    if stop and step in FIRST_CHARLESTON:
        return Reason.FIRST_CHARLESTON_MANDATORY
    if stop and step in SECOND_CHARLESTON:
        return Reason.SECOND_CHARLESTON_UNDERWAY
    return Reason.WRONG_PHASE


def courtesy_exchanged(offers: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """Tiles that move each way per across pair: the smaller offer (``{"E-W": n, "S-N": m}``)."""
    return {f"{a}-{b}": min(len(offers[a]), len(offers[b])) for a, b in COURTESY_PAIRS}


def resolve_passes(
    step: str, commits: Mapping[str, tuple[Sequence[str], int]]
) -> dict[str, list[str]]:
    """The tiles each seat receives when all four passes of ``step`` are committed.

    ``commits`` maps each seat to (its own tiles, how many it forwards blind). A seat keeps as
    many arriving tiles as it gave of its own and forwards the rest unseen to its target,
    following the chain around the table (DECISIONS 2); the tiles kept are the first ones of
    the arriving pass in the order sent (own tiles first). Every own tile ends with exactly one
    seat; if all four forward three blind, nothing moves.
    """
    need = {seat: len(commits[seat][0]) for seat in SEATS}
    received: dict[str, list[str]] = {seat: [] for seat in SEATS}
    transit: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for seat in SEATS:
        transit[pass_target(step, seat)].extend(commits[seat][0])
    while any(transit.values()):
        moving: dict[str, list[str]] = {seat: [] for seat in SEATS}
        for seat in SEATS:
            room = need[seat] - len(received[seat])
            received[seat].extend(transit[seat][:room])
            moving[pass_target(step, seat)].extend(transit[seat][room:])
        transit = moving
    return received


class CharlestonTable:
    """Four hands going through the Charleston, the stop vote and the courtesy pass.

    Build it from hands (protocol codes; flower faces are read as ``F``, an unknown code raises
    TileError) or from :func:`deal`. Each seat commits its move with
    :meth:`commit` (pass), :meth:`vote` or :meth:`offer`; every call returns a
    :class:`~tilewise.rules.verdict.Verdict` with the same reasons as the referee, and nothing
    changes on a refusal. When the fourth seat has committed, the step resolves and ``step``
    moves on (:data:`STEPS`). ``hands`` always hold 14 tiles for the dealer and 13 for the
    others between steps, and the multiset of all tiles never changes.
    """

    def __init__(
        self, hands: Mapping[str, Sequence[str]], dealer: str = "E", step: str = "first_right"
    ) -> None:
        if set(hands) != set(SEATS) or step not in STEPS:
            raise ValueError("a Charleston table needs four hands and a known step")
        self.hands: dict[str, list[str]] = {seat: parse_tiles(list(hands[seat])) for seat in SEATS}
        self.dealer = dealer
        self.step = step
        self.second_charleston: bool | None = None
        self.last_received: dict[str, list[str]] = {}
        self._passes: dict[str, tuple[list[str], int]] = {}
        self._votes: dict[str, bool] = {}
        self._offers: dict[str, list[str]] = {}

    @property
    def phase(self) -> str:
        """``charleston``, ``courtesy`` or ``play``."""
        return self.step if self.step in ("courtesy", "play") else "charleston"

    def target(self, seat: str) -> str:
        """Where ``seat``'s pass goes in the current step (ValueError if not a pass step)."""
        if self.step not in PASS_DIRECTIONS:
            raise ValueError(f"{self.step} is not a pass step")
        return pass_target(self.step, seat)

    def waiting_for(self) -> tuple[str, ...]:
        """Seats that have not committed in the current step yet."""
        if self.step == "play":
            return ()
        done: Mapping[str, object] = self._passes
        if self.step == "stop_vote":
            done = self._votes
        elif self.step == "courtesy":
            done = self._offers
        return tuple(seat for seat in SEATS if seat not in done)

    def _guard(self, seat: str, done: Mapping[str, object]) -> None:
        if seat not in SEATS or seat in done:
            raise ValueError(f"{seat!r} cannot commit now")

    def commit(self, seat: str, tiles: Sequence[str], blind: int = 0) -> Verdict:
        """Commit ``seat``'s pass: ``tiles`` from its rack plus ``blind`` unseen tiles.

        Refusals as :func:`check_pass`, the referee's own check (and UNKNOWN_TILE); a
        ``blind`` that is not a whole number raises ScenarioError, as in the referee. Result
        ``to``; when it is the fourth pass, the step resolves (:func:`resolve_passes`).
        """
        self._guard(seat, self._passes)
        try:
            own = parse_tiles(list(tiles))
            check_pass(self.step, self.hands[seat], own, blind)
        except Refusal as refusal:
            return refusal.verdict
        except TileError as error:
            return refuse(Reason(error.reason), error.tile)
        self._passes[seat] = (own, blind)
        verdict = allow(to=pass_target(self.step, seat))
        if len(self._passes) == 4:
            received = resolve_passes(self.step, self._passes)
            for each, (given, _) in self._passes.items():
                for tile in given:
                    self.hands[each].remove(tile)
                self.hands[each].extend(received[each])
            self.last_received = received
            self._passes = {}
            self.step = STEPS[STEPS.index(self.step) + 1]
        return verdict

    def vote(self, seat: str, keep_going: bool) -> Verdict:
        """``seat`` votes to continue (True) or stop; the fourth vote settles the second
        Charleston (played only if all four continue). Refusals as :func:`vote_reason`;
        ``keep_going`` must be a real bool (ScenarioError otherwise, as in the referee)."""
        self._guard(seat, self._votes)
        if not isinstance(keep_going, bool):
            raise ScenarioError("vote needs continue: true or false")
        reason = vote_reason(self.step, not keep_going)
        if reason is not None:
            return refuse(reason)
        self._votes[seat] = keep_going
        if len(self._votes) == 4:
            self.second_charleston = all(self._votes.values())
            self.step = "second_left" if self.second_charleston else "courtesy"
            self._votes = {}
        return allow()

    def offer(self, seat: str, tiles: Sequence[str]) -> Verdict:
        """``seat`` offers 0-3 tiles to its across partner; the fourth offer settles both pairs.

        Refusals: WRONG_PHASE, UNKNOWN_TILE, JOKER_NOT_PASSABLE, COURTESY_COUNT_OUT_OF_RANGE,
        TILE_NOT_IN_HAND. The first n tiles of each offer move, n the smaller offer of the pair.
        """
        self._guard(seat, self._offers)
        if self.step != "courtesy":
            return refuse(Reason.WRONG_PHASE)
        try:
            offered = parse_tiles(list(tiles))
            check_offer(self.hands[seat], offered)
        except Refusal as refusal:
            return refusal.verdict
        except TileError as error:
            return refuse(Reason(error.reason), error.tile)
        self._offers[seat] = offered
        if len(self._offers) < 4:
            return allow()
        exchanged = courtesy_exchanged(self._offers)
        moving = {seat: self._offers[seat][: exchanged[pair]]
                  for pair in exchanged for seat in pair.split("-")}
        received = {seat: moving[across_of(seat)] for seat in SEATS}
        for each in SEATS:
            for tile in moving[each]:
                self.hands[each].remove(tile)
            self.hands[each].extend(received[each])
        self.last_received = received
        self._offers = {}
        self.step = "play"
        return allow(exchanged=exchanged)

    def state(self) -> dict[str, Any]:
        """The protocol state of the table now (``dealer``, ``phase``, ``step``, ``hands``)."""
        return {
            "dealer": self.dealer,
            "phase": self.phase,
            "step": self.step,
            "hands": {seat: list(tiles) for seat, tiles in self.hands.items()},
        }


def deal(seed: int, ruleset: str = "american", dealer: str = "E") -> dict[str, Any]:
    """A seeded deal: the dealer 14 tiles, the others 13, the rest in ``wall`` (draw order).

    ``american``: a protocol state at ``first_right``; ``wsm``: at play, the dealer to discard.
    The same seed always gives the same deal. Hands + wall are the whole set (152 / 136).
    """
    tiles = sorted(tile_set(ruleset).elements())
    rng = random.Random(seed)
    rng.shuffle(tiles)
    hands: dict[str, list[str]] = {}
    for offset in range(4):
        seat = SEATS[(SEATS.index(dealer) + offset) % 4]
        size = 14 if offset == 0 else 13
        hands[seat], tiles = tiles[:size], tiles[size:]
    state: dict[str, Any] = {"dealer": dealer, "hands": hands, "wall": tiles}
    if ruleset == "american":
        state.update(phase="charleston", step="first_right")
    else:
        state.update(
            phase="play", last_discard=None,
            turn={"seat": dealer, "stage": "discard", "after": "deal"},
        )
    return state


# -- referee actions ------------------------------------------------------------------------


def _charleston_step(table: Table) -> str:
    if table.phase == "courtesy":
        return "courtesy"
    if table.phase == "play":
        return "play"
    return table.need_step()


def american_only(table: Table) -> None:
    """Refusal WRONG_PHASE at a ``wsm`` table: WSM has no Charleston, stop vote or courtesy
    pass (DECISIONS 22)."""
    if table.ruleset != "american":
        raise Refusal(Reason.WRONG_PHASE)


def judge_pass(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``pass``: refusals WRONG_PHASE (``wsm``, DECISIONS 22) and those of :func:`check_pass`
    (COURTESY_ACROSS_ONLY in the courtesy phase); result ``to``."""
    seat = seat_value(action.get("seat"), "action.seat")
    tiles = parse_tiles(action.get("tiles", []))
    blind = blind_count(action.get("blind", 0))
    american_only(table)
    check_in_set(tiles, table.ruleset)
    step = _charleston_step(table)
    check_pass(step, table.need_hand(seat), tiles, blind)
    return allow(to=pass_target(step, seat))


def _four(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or set(value) != set(SEATS):
        raise ScenarioError(f"{what} must name all four seats")
    return value


def judge_vote(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``vote``: one seat's stop vote; refusals WRONG_PHASE (``wsm``, DECISIONS 22) and
    those of :func:`vote_reason`."""
    seat_value(action.get("seat"), "action.seat")
    keep_going = action.get("continue")
    if not isinstance(keep_going, bool):
        raise ScenarioError("vote needs continue: true or false")
    american_only(table)
    reason = vote_reason(_charleston_step(table), not keep_going)
    return allow() if reason is None else refuse(reason)


def judge_votes(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``votes``: the whole table's vote; result ``second_charleston`` (all four continue).
    Refusals WRONG_PHASE (``wsm``, DECISIONS 22) and those of :func:`vote_reason`."""
    votes = _four(action.get("continue"), "votes.continue")
    if not all(isinstance(vote, bool) for vote in votes.values()):
        raise ScenarioError("each vote must be true or false")
    american_only(table)
    keep_going = all(votes.values())
    reason = vote_reason(_charleston_step(table), not keep_going)
    return allow(second_charleston=keep_going) if reason is None else refuse(reason)


def judge_courtesy(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``courtesy``: all four offers; refusals WRONG_PHASE (``wsm``, DECISIONS 22; or not the
    courtesy phase) and those of :func:`check_offer` (seats checked E, S, W, N); result
    ``exchanged``."""
    offers = {seat: parse_tiles(tiles) for seat, tiles in
              _four(action.get("offers"), "courtesy.offers").items()}
    american_only(table)
    for offer in offers.values():
        check_in_set(offer, table.ruleset)
    if table.phase not in (None, "courtesy"):
        raise Refusal(Reason.WRONG_PHASE)
    for seat in SEATS:
        check_offer(table.need_hand(seat), offers[seat])
    return allow(exchanged=courtesy_exchanged(offers))
