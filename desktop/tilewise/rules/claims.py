"""Claiming a discard: chi, pong, big exposed kong, win (WSM); pung/kong/quint/sextet exposures
and Mah Jongg (American); precedence between several claims on one discard.

Sources: REFERENCE.md sections 6-9, DECISIONS 8, 11-13, 15-16, 18.

- Only the latest discard (``NOT_LATEST_DISCARD``); never your own; a discarded joker is dead.
- Claim window (DECISIONS 11): open while the discarder's lower seat has not drawn, and for
  pong/kong/win (not chi) until it discards (``next_drawn``); closed once anyone has claimed it,
  except that a shown chi leaves the others their win (DECISIONS 20). At an American table the
  seat after the discarder is the next live one (DECISIONS 24).
- Chi only from the upper seat, three numbers in a row of one suit. Pong needs a pair, a big
  exposed kong a triplet; no kong of a discard onto an exposed pong. A pair only for a win.
- American: a discard is called only for an exposure of identical tiles (with jokers) or for
  Mah Jongg (``CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG``).
- Precedence (DECISIONS 8, 12): win, then pong/kong (American: any exposure), then chi; one
  winner, the first in turn after the discarder. Illegal claims take no part.
- Layout (DECISIONS 13): the claimed tile lies sideways; pong/kong from the upper seat index 0,
  opposite the middle (pong 1, kong 1), lower the last; chi in number order.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tilewise.rules.seats import SEATS, distance, relation, right_of, seats_after
from tilewise.rules.state import (
    Discard,
    ScenarioError,
    Table,
    check_holds,
    meld_answer,
    next_live,
    parse_discard,
    seat_value,
    tile_refusal,
)
from tilewise.rules.tiles import (
    FLOWER,
    JOKER,
    SUITS,
    TileError,
    describe,
    played_in_set,
    rank_of,
    suit_of,
)
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow
from tilewise.rules.wins import check_hand_alive, false_win, is_winning

#: Accepted spellings per ruleset -> the claim judged.
_KINDS: dict[str, dict[str, str]] = {
    "wsm": {"chi": "chi", "chow": "chi", "pong": "pong", "pung": "pong", "kong": "kong",
            "win": "win", "mahjong": "win", "pair": "pair"},
    "american": {"pung": "pung", "pong": "pung", "kong": "kong", "quint": "quint",
                 "sextet": "sextet", "mahjong": "mahjong", "win": "mahjong", "pair": "pair"},
}
_EXPOSURE_SIZES = {"pung": 3, "kong": 4, "quint": 5, "sextet": 6}
_WIN_KINDS = ("win", "mahjong", "pair")
#: The tiles of a claim that names none (never changed).
_NO_TILES: list[str] = []
#: Sideways index by where the discard came from (DECISIONS 13).
_POSITIONS = {"upper": 0, "opposite": 1}


def claim_kind(table: Table, claim: object) -> str:
    """The claim judged for a claim word of this ruleset; American non-exposure words ->
    Refusal CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG; unknown WSM words -> ScenarioError."""
    if not isinstance(claim, str):
        raise ScenarioError("claim must be a string")
    kind = _KINDS[table.ruleset].get(claim)
    if kind is None:
        if table.ruleset == "american":
            raise Refusal(Reason.CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG)
        raise ScenarioError(f"unknown claim {describe(claim)}")
    return kind


def _claimed_discard(table: Table, seat: str, kind: str, action: Mapping[str, Any]) -> Discard:
    """The discard (or kong tile being robbed) the claim is on, after the window checks."""
    pending = table.pending_kong
    if pending is not None:
        if kind not in _WIN_KINDS:
            raise Refusal(Reason.CLAIM_WINDOW_CLOSED)
        if pending.seat == seat:
            raise Refusal(Reason.CANNOT_CLAIM_OWN_DISCARD)
        if pending.kind == "concealed":
            raise Refusal(Reason.CONCEALED_KONG_CANNOT_BE_ROBBED, pending.tile)
        return Discard(pending.tile, pending.seat, pending.face)
    if not table.has_last_discard and "discard" not in action:
        raise ScenarioError("a claim needs state.last_discard")
    last = table.last_discard
    if "discard" in action:
        named = parse_discard(action["discard"], "action.discard")
        if named != last:
            raise Refusal(Reason.NOT_LATEST_DISCARD, named.tile)
    if last is None:
        raise Refusal(Reason.CLAIM_WINDOW_CLOSED)
    if last.by == seat:
        raise Refusal(Reason.CANNOT_CLAIM_OWN_DISCARD, last.tile)
    if last.tile == JOKER:
        raise Refusal(Reason.DISCARDED_JOKER_DEAD, last.tile)
    if kind == "chi" and relation(last.by, seat) != "upper":
        raise Refusal(Reason.CHI_ONLY_FROM_UPPER_SEAT, last.tile)
    if window_closed(table, last, chi=kind == "chi", win=kind in _WIN_KINDS, seat=seat):
        raise Refusal(Reason.CLAIM_WINDOW_CLOSED, last.tile)
    return last


def chi_shown(table: Table, discard: Discard) -> bool:
    """True when the discarder's lower seat has claimed ``discard`` for a chi and now holds
    its turn to discard (``turn.after`` ``chi``): the chi is shown (REFERENCE.md section 7)."""
    turn = table.turn
    return (
        turn is not None and turn.after == "chi" and turn.stage == "discard"
        and turn.seat == right_of(discard.by)
    )


def _next_seats(table: Table, discarder: str) -> tuple[str, ...]:
    """The seats that may stand for "the next player" after ``discarder``: the next live seat
    and any dead seats before it (play passes over them, DECISIONS 24)."""
    if not table.dead or table.ruleset != "american":  # no seat passed over: the lower seat
        return _LOWER[discarder]
    following = seats_after(discarder)
    return following[: following.index(next_live(table, discarder)) + 1]


#: Each seat's lower seat alone, as :func:`_next_seats` answers it (looked up).
_LOWER: dict[str, tuple[str, ...]] = {seat: seats_after(seat)[:1] for seat in SEATS}


def window_closed(
    table: Table, discard: Discard, *, chi: bool, win: bool = False, seat: str | None = None
) -> bool:
    """True when ``discard`` can no longer be claimed (DECISIONS 11; AMJA-claim).

    Open while the seat after the discarder (its lower seat; at an American table the next
    live seat, DECISIONS 24) is to draw. After it has drawn (``next_drawn``) the window stays
    open for pong, kong and win until it discards, but no longer for chi. Closed when the turn
    is anywhere else: the discard was already claimed, or that seat holds its drawn tile
    without ``next_drawn`` (it has racked it, AMJA-claim). One exception (DECISIONS 20; WSM
    Chi 4-5, "except to win"): once a chi of the discard is shown, another ``seat`` may still
    ``win`` on it; pong and kong are closed. Without ``turn`` only ``next_drawn`` is used.
    """
    turn = table.turn
    drawn = table.next_drawn
    if turn is not None:
        if win and turn.after == "chi" and chi_shown(table, discard) and seat != turn.seat:
            return False
        if turn.seat not in _next_seats(table, discard.by):
            return True
        if turn.stage == "discard" and (turn.after != "wall" or not drawn):
            return True
    return drawn and chi


def _same_tiles(named: list[str], tile: str, jokers: bool) -> None:
    """Refusal GROUP_TILES_DIFFER unless every tile ``named`` is ``tile`` (or, with ``jokers``,
    a joker): counted, not compared one by one (issue 21)."""
    same = named.count(tile)
    if jokers and tile != JOKER:
        same += named.count(JOKER)
    if same != len(named):
        raise Refusal(Reason.GROUP_TILES_DIFFER, *named)


#: The sideways index of a pong or kong (DECISIONS 13) by (discarder, claimant) when the
#: discard comes from the upper seat (0) or opposite (1); from the lower seat it is the last
#: tile (not listed). Looked up: :func:`~tilewise.rules.seats.relation` costs three calls.
_SIDEWAYS: dict[tuple[str, str], int] = {
    (source, claimant): _POSITIONS[place]
    for source in SEATS for claimant in SEATS if claimant != source
    for place in [relation(source, claimant)] if place in _POSITIONS
}


def _judge_wsm_set(
    table: Table, seat: str, kind: str, named: list[str], discard: Discard
) -> Verdict:
    hand = table.need_hand(seat)
    tile = discard.tile
    if kind == "chi":
        run = _CHIS.get(frozenset((*named, tile))) if len(named) == 2 else None
        if run is None:
            raise Refusal(Reason.CHI_NOT_A_SEQUENCE, *named, tile)
        check_holds(hand, named)
        meld = meld_answer("chi", run, discard.by, run.index(tile))
        return allow(meld=meld, next=next_live(table, seat))
    if kind == "pong":
        _same_tiles(named, tile, False)
        if len(named) != 2 or hand.count(tile) < 2:
            raise Refusal(Reason.PONG_NEEDS_PAIR, tile)
        meld = meld_answer("pong", (tile,) * 3, discard.by, _SIDEWAYS.get((discard.by, seat), 2))
        return allow(meld=meld, next=next_live(table, seat))
    # kong: the big exposed kong
    if any(m.kind == "pong" and m.tiles[0] == tile for m in table.melds_of(seat)):
        raise Refusal(Reason.CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG, tile)
    _same_tiles(named, tile, False)
    if len(named) != 3 or hand.count(tile) < 3:
        raise Refusal(Reason.KONG_NEEDS_TRIPLET, tile)
    meld = meld_answer("kong_big", (tile,) * 4, discard.by, _SIDEWAYS.get((discard.by, seat), 3))
    return allow(meld=meld, next=next_live(table, seat), supplement=True)


#: Every chi (three numbers in a row of one suit, REFERENCE.md section 7) by the set of its
#: tiles, in number order: three tiles are a chi when their set is one of these (a tile named
#: twice makes a smaller set), looked up rather than worked out (issue 21).
_CHIS: dict[frozenset[str], tuple[str, ...]] = {
    frozenset(run): run
    for suit in SUITS for low in range(1, 8)
    for run in [tuple(f"{rank}{suit}" for rank in range(low, low + 3))]
}


#: The verdict on a legal claim to win (one value: verdicts are never changed).
_WON_ON_DISCARD = Verdict(True, None, (), MappingProxyType({"self_drawn": False}))

_SHORT_REASON = {"pung": Reason.PONG_NEEDS_PAIR, "kong": Reason.KONG_NEEDS_TRIPLET}


def _judge_exposure(
    table: Table, seat: str, kind: str, written: list[str], named: list[str], discard: Discard
) -> Verdict:
    tile = discard.tile
    _same_tiles(named, tile, True)
    if len(named) != _EXPOSURE_SIZES[kind] - 1:
        raise Refusal(_SHORT_REASON.get(kind, Reason.GROUP_TILES_DIFFER), tile)
    hand = table.need_hand(seat)
    jokers = named.count(JOKER)
    naturals = len(named) - jokers  # each the tile claimed (_same_tiles)
    if hand.count(tile) < naturals or hand.count(JOKER) < jokers:
        check_holds(hand, named)  # names the tiles missing
    if tile == FLOWER:  # a flower shows the face the hand holds (Table.shown)
        shown = table.shown(seat, written)
        laid = sorted(zip(named, shown, strict=True), key=lambda pair: pair[0] == JOKER)
        faces = [discard.written, *(face for _, face in laid)]  # the naturals, then the jokers
    else:  # every other tile shows as named: the naturals, then the jokers
        faces = [discard.written, *[tile] * naturals, *[JOKER] * jokers]
    meld = meld_answer(kind, faces, discard.by, None)
    return allow(meld=meld, next=next_live(table, seat))


def judge_claim(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``claim``: one seat claims the latest discard (or robs a pending added kong).

    Refusals, in the order checked: WRONG_PHASE, CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG, DEAD_HAND
    (a seat listed dead), the discard checks (CLAIM_WINDOW_CLOSED, CANNOT_CLAIM_OWN_DISCARD,
    CONCEALED_KONG_CANNOT_BE_ROBBED, NOT_LATEST_DISCARD, DISCARDED_JOKER_DEAD,
    CHI_ONLY_FROM_UPPER_SEAT), LONG_HAND / SHORT_HAND, then the set itself
    (CHI_NOT_A_SEQUENCE, GROUP_TILES_DIFFER, PONG_NEEDS_PAIR, KONG_NEEDS_TRIPLET,
    CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG, TILE_NOT_IN_HAND, NOT_A_WINNING_HAND,
    PAIR_CLAIM_ONLY_FOR_WIN). Result: ``meld`` and ``next`` for a set (a big kong also
    ``supplement``); ``self_drawn`` false for a win.
    """
    seat = action.get("seat")
    if type(seat) is not str or seat not in SEATS:  # a plain seat read without a call
        seat = seat_value(seat, "action.seat")
    tiles = action.get("tiles", _NO_TILES)
    if tiles == _NO_TILES and type(tiles) is list:  # a claim to win names no tiles
        written = named = _NO_TILES
    else:
        written, named = played_in_set(tiles, table.ruleset)
    if table.phase not in (None, "play"):
        raise Refusal(Reason.WRONG_PHASE)
    word = action.get("claim")
    kind = _KINDS[table.ruleset].get(word) if type(word) is str else None
    if kind is None:  # not a plain claim word of this ruleset: refused or not read
        kind = claim_kind(table, word)
    if seat in table.dead:
        raise Refusal(Reason.DEAD_HAND)  # a dead hand makes no claim at all (DECISIONS 18, 24)
    discard = _claimed_discard(table, seat, kind, action)
    check_hand_alive(table, seat)
    if kind in _WIN_KINDS:
        if not is_winning(table, seat, [*table.need_hand(seat), discard.tile]):
            reason = Reason.NOT_A_WINNING_HAND
            if kind == "pair":
                reason = Reason.PAIR_CLAIM_ONLY_FOR_WIN
            return false_win(table, reason, discard.tile if kind == "pair" else None)
        return _WON_ON_DISCARD
    if table.ruleset == "wsm":
        return _judge_wsm_set(table, seat, kind, named, discard)
    return _judge_exposure(table, seat, kind, written, named, discard)


def judge_one_claim(table: Table, action: Mapping[str, Any]) -> Verdict:
    """The verdict on one claim at ``table``, by the referee's own path
    (:meth:`~tilewise.rules.state.Table.judge`: supply first, then :func:`judge_claim`)."""
    return table.judge(judge_claim, action)


def _rank(kind: str) -> int:
    if kind in _WIN_KINDS:
        return 0
    return 2 if kind == "chi" else 1


#: :func:`claim_rank` of every claim word, by ruleset (looked up once per legal claim).
_RANKS: dict[str, dict[str, int]] = {
    ruleset: {word: _rank(kind) for word, kind in kinds.items()}
    for ruleset, kinds in _KINDS.items()
}


#: :func:`~tilewise.rules.seats.distance` from each discarder to each seat (0-3), looked up.
_TURNS_AFTER: dict[str, dict[str, int]] = {
    discarder: {seat: distance(discarder, seat) for seat in SEATS} for discarder in SEATS
}


def claim_rank(ruleset: str, claim: str) -> int:
    """0 for a win, 1 for pong/kong or an American exposure, 2 for chi (lower ranks first)."""
    return _RANKS[ruleset][claim]


def judge_claims(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``claims``: several claims on the same discard; award it by precedence.

    Each claim is judged alone (as :func:`judge_one_claim`); illegal ones take no part. Among the legal ones the best rank
    wins (:func:`claim_rank`), and between equal ranks the seat first in turn after the
    discarder (the kong's owner when robbing). Result: ``awarded`` ``{"seat", "claim"}`` or
    ``None``, and ``verdicts`` (each claim's answer, in the order given).
    """
    claims = action.get("claims")
    if not isinstance(claims, list):
        raise ScenarioError("claims must be a list of claim objects")
    pending = table.pending_kong
    last = table.last_discard
    discarder = pending.seat if pending is not None else last.by if last is not None else "E"
    ranks = _RANKS[table.ruleset]
    after = _TURNS_AFTER[discarder]
    ranked = []
    answers = []
    try:  # the state's supply, checked once: an impossible state refuses every claim alike
        table.check_supply()
        impossible = None
    except TileError as error:
        impossible = tile_refusal(error)
    for claim in claims:  # judge_one_claim on each, one call (issue 21)
        if type(claim) is not dict and not isinstance(claim, Mapping):  # dict: no abc check
            raise ScenarioError("claims must be a list of claim objects")
        try:
            verdict = impossible or judge_claim(table, claim)
        except Refusal as refusal:
            verdict = refusal.verdict
        except TileError as error:
            verdict = tile_refusal(error)
        answers.append(verdict.to_answer())
        if verdict.legal:
            seat, word = str(claim["seat"]), str(claim["claim"])
            ranked.append((ranks[word] * 4 + after[seat], seat, word))  # rank, then turn
    awarded = None
    if ranked:
        _, seat, claim_word = min(ranked)
        awarded = {"seat": seat, "claim": claim_word}
    return allow(awarded=awarded, verdicts=answers)


def _candidates(table: Table, seat: str, tile: str) -> list[dict[str, Any]]:
    """The claims of ``seat`` on ``tile`` worth judging, in :func:`possible_claims`' order.
    At a WSM table: each chi, the pong and the kong whose tiles the hand holds, and the win
    (a claim naming a tile the hand lacks is always refused: TILE_NOT_IN_HAND for a chi,
    PONG_NEEDS_PAIR, KONG_NEEDS_TRIPLET; three in four of the WSM claims a guided hand's check
    judged in full were such: issue 21). At an American table: each exposure the hand's tiles
    and jokers allow, and Mah Jongg with a card."""
    hand = table.hands[seat]
    options: list[dict[str, Any]] = []
    if table.ruleset == "wsm":
        suit, rank = suit_of(tile), rank_of(tile) or 0
        for low in (rank - 2, rank - 1, rank):
            if suit is not None and 1 <= low <= 7:
                run = [f"{r}{suit}" for r in range(low, low + 3) if r != rank]
                if run[0] in hand and run[1] in hand:  # two tiles of one suit, unlike
                    options.append({"claim": "chi", "tiles": run})
        held = hand.count(tile)
        if held >= 2:
            options.append({"claim": "pong", "tiles": [tile, tile]})
        if held >= 3:
            options.append({"claim": "kong", "tiles": [tile, tile, tile]})
        options.append({"claim": "win", "tiles": []})
        return options
    jokers = hand.count(JOKER)
    naturals = hand.count(tile)
    for kind, size in _EXPOSURE_SIZES.items():
        for natural in range(min(naturals, size - 1), -1, -1):
            if size - 1 - natural <= jokers:
                options.append(
                    {"claim": kind, "tiles": [tile] * natural + [JOKER] * (size - 1 - natural)}
                )
    if table.card is not None:
        options.append({"claim": "mahjong", "tiles": []})
    return options


def possible_claims(state: Mapping[str, Any], ruleset: str = "wsm") -> list[dict[str, Any]]:
    """Every legal claim on the latest discard (or pending added kong) of ``state``.

    Each item is a claim action (``{"type": "claim", "seat", "claim", "tiles"}``) that
    :func:`judge_claim` finds legal; seats in turn order after the discarder; only seats with
    a hand in the state (American Mah Jongg only when the state has a card). Raises
    ScenarioError for an unreadable state.
    """
    try:
        table = Table(ruleset, state)
    except TileError:
        return []  # the referee refuses every move in a state it cannot read tile by tile
    pending = table.pending_kong
    last = table.last_discard
    if pending is not None:
        discarder, tile = pending.seat, pending.tile
    elif last is not None:
        discarder, tile = last.by, last.tile
    else:
        return []
    found = []
    for step in (1, 2, 3):
        seat = SEATS[(SEATS.index(discarder) + step) % 4]
        if seat not in table.hands:
            continue
        for option in _candidates(table, seat, tile):
            action = {"type": "claim", "seat": seat, **option}
            if judge_one_claim(table, action).legal:
                found.append(action)
    return found

