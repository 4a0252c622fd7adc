"""A whole hand, American or WSM, seeded and pure: four seats, the referee judging every move.

Sources: REFERENCE.md sections 3-10, DECISIONS 1-25. The wall and deal come from a deal code's
seed (:mod:`tilewise.lessons.hand.dealcode`); East (the dealer) takes 14 tiles, the others 13.

**American** (``american``): the Charleston (first right, across, left with its blind pass; the
stop vote; the second Charleston left, across, last right with its blind pass), the courtesy
pass, then play. East discards first. On a turn a seat draws from the wall, may exchange a
natural tile for a joker in any exposure (several times), may declare Mah Jongg, then
discards. A discard may be called for an exposure of identical tiles (pung, kong, quint,
sextet) or for Mah Jongg; Mah Jongg beats an exposure, then the seat first in turn wins. The
caller exposes and discards. A hand ends in Mah Jongg on the practice card
(:mod:`tilewise.lessons.hand.card`) or a wall game. A hand found dead (an exposure that fits no
line of the card, or a Mah Jongg declared in error, DECISIONS 24-25) sits out: it takes no more
turns, and play passes over it. A false Mah Jongg kills the hand on the seat's own turn and on
a discard alike: a call for Mah Jongg lays the hand down (the play room asks first), so it has
been exposed (DECISIONS 25; a tester saw the words say "dead" while a false call on a discard
was only refused and play went on). **An exposure never grows**: at an NMJL table exposures are
made only by calling a discard, and an exposed pung does not become a kong later, neither with
a drawn tile nor with a joker (see :data:`EXPOSURE_GROWTH`).

**WSM** (``wsm``): play from the deal; on a turn a seat draws, may declare a concealed kong or
add a drawn tile to its exposed pong (an added kong, which another seat may rob by a win), may
declare a win, and discards. A discard may be claimed for chi (the lower seat only), pong, a
big exposed kong or a win; precedence win, pong/kong, chi, then the seat first in turn. A kong
takes a supplement tile from the back of the wall. A hand ends in a win or a wall game.

**Judging.** Every move (pass, vote, courtesy offer, discard, claim, kong, joker exchange,
declaration, and the table's own ``votes``, ``courtesy`` and ``claims`` settlements) goes to the
referee (:func:`tilewise.rules.referee.judge_verdict`) on the table as it is, and is applied
only when legal: :attr:`HandEngine.judged` counts them and :attr:`HandEngine.refused` the
refusals. A draw is the engine's own move (the protocol has no draw action): it is checked here
(``NOT_YOUR_TURN`` / ``WRONG_PHASE``). Nothing changes on a refusal.

**Seats.** ``learner`` names the one seat a person plays (or ``None``: four computer seats);
the others are played by a :class:`~tilewise.lessons.hand.partners.Partners` policy, each move
with its :class:`~tilewise.lessons.hand.partners.Why`. After each of the learner's moves the
computer seats play on until the learner must act again (:meth:`HandEngine.waiting`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tilewise.lessons.hand.card import PracticeCard, needs
from tilewise.lessons.hand.dealcode import encode, shuffled_wall
from tilewise.rules.charleston import STEPS, resolve_passes
from tilewise.rules.claims import possible_claims
from tilewise.rules.jokers import card_line_for
from tilewise.rules.referee import judge_verdict
from tilewise.rules.seats import SEATS, right_of
from tilewise.rules.state import Meld, Table, parse_meld
from tilewise.rules.tiles import JOKER, tile_set
from tilewise.rules.verdict import Reason, Verdict, allow, refuse

#: The NMJL finding on growing one's own exposure (pung to kong with a drawn tile or a joker):
#: not allowed. Exposures are made only by calling a discard [mahjlife Article 280, citing
#: Mah Jongg Made Easy 2024 pp. 14-15; mahjlife Article 16]; once made they stay as they are
#: [RA, "you cannot upgrade a Pung to a Kong"]. The engine offers no such move.
EXPOSURE_GROWTH = False

#: Stages of a hand: what the table waits for.
STAGES = ("pass", "vote", "courtesy", "turn", "draw", "claims", "rob", "over")
#: Move types each stage takes from the seat(s) it waits for.
STAGE_MOVES: dict[str, tuple[str, ...]] = {
    "pass": ("pass", "declare_win"),
    "vote": ("vote",),
    "courtesy": ("offer",),
    "turn": ("discard", "declare_win", "joker_exchange", "kong_concealed", "kong_added"),
    "draw": ("draw",),
    "claims": ("claim", "no_claim"),
    "rob": ("claim", "no_claim"),
    "over": (),
}
_READS_CARD = ("declare_win", "claim", "claims")
_SET_AFTER = {"chi": "chi", "pong": "pong", "kong": "kong"}


@dataclass(frozen=True)
class Move:
    """One submitted move: its ``number`` (1, 2, ...), ``seat``, the ``action`` (a referee
    action, or the engine's ``draw``, ``no_claim`` and ``offer``), whether it was ``legal``, the
    refusal ``reason``, the verdict's ``result`` fields, and ``why`` (a computer seat's reason,
    ``None`` for the learner)."""

    number: int
    seat: str
    action: dict[str, Any]
    legal: bool
    reason: str | None = None
    result: dict[str, Any] = field(default_factory=dict)
    why: Any = None


@dataclass(frozen=True)
class Event:
    """Something the table did: ``kind`` (``passed`` with ``detail`` ``{"step", "given",
    "received", "blind"}``; ``votes``; ``courtesy``; ``drew``; ``supplement``; ``discarded``;
    ``claimed``; ``exchanged``; ``kong``; ``robbed``; ``dead``; ``won``; ``wall_game``), the
    ``seat`` concerned (or ``None``), the ``tile``, and ``detail``."""

    kind: str
    seat: str | None = None
    tile: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """How the hand ended: ``winner`` (``None`` for a wall game), ``self_drawn``, ``by`` (the
    discarder of the winning tile, or the robbed kong's owner), ``tile`` (the winning tile),
    ``robbed`` (a kong was robbed), ``line`` (American: the card line made, its index)."""

    winner: str | None
    self_drawn: bool = False
    by: str | None = None
    tile: str | None = None
    robbed: bool = False
    line: int | None = None

    def summary(self) -> str:
        """One plain line for logs and the command: ``"E wins (self-drawn, line 2)"``,
        ``"S wins on W's 5D"``, ``"wall game"``."""
        if self.winner is None:
            return "wall game"
        if self.self_drawn:
            how = "self-drawn"
        elif self.robbed:
            how = f"robbing {self.by}'s kong of {self.tile}"
        else:
            how = f"on {self.by}'s {self.tile}"
        line = "" if self.line is None else f", line {self.line + 1}"
        return f"{self.winner} wins ({how}{line})"


class HandEngine:
    """One whole hand (see the module docstring).

    ``ruleset`` ``american`` or ``wsm``; ``seed`` 0 .. 33,554,431 (the deal code's seed);
    ``card`` the practice card (American, required); ``learner`` the seat a person plays, or
    ``None``; ``partners`` the computer policy (default
    :class:`~tilewise.lessons.hand.partners.Partners`); ``false_mahjong_kills`` (American:
    a Mah Jongg declared in error kills the hand, DECISIONS 25); ``wall`` a fixed wall order
    (the whole set, dealt from the front) instead of the seed's, for scripted lessons and tests.
    ``ValueError`` for an unknown ruleset or seat, a seed out of range, an American hand
    without a card, or a wall that is not the whole set.

    :attr:`state` is the referee protocol's table state (hands, melds, discards, last_discard,
    turn, pending_kong, dead, card); :attr:`wall` the tiles still to draw (front first; WSM
    supplements come from the back). The computer seats play as far as they can at once.
    """

    def __init__(self, ruleset: str, seed: int, *, card: PracticeCard | None = None,
                 learner: str | None = None, partners: Any = None,
                 false_mahjong_kills: bool = True, wall: Sequence[str] | None = None) -> None:
        if learner is not None and learner not in SEATS:
            raise ValueError(f"unknown seat {learner!r}")
        if ruleset == "american" and card is None:
            raise ValueError("an American hand needs a practice card")
        self.code = encode(ruleset, seed)
        self.ruleset = ruleset
        self.seed = seed
        self.card = card
        self.learner = learner
        if partners is None:
            from tilewise.lessons.hand.partners import Partners

            partners = Partners()
        self.partners = partners
        self.false_mahjong_kills = false_mahjong_kills
        self.wall: list[str] = shuffled_wall(ruleset, seed) if wall is None else list(wall)
        if Counter(self.wall) != tile_set(ruleset):
            raise ValueError(f"a wall must hold the whole {ruleset} set")
        hands: dict[str, list[str]] = {}
        for seat in SEATS:
            size = 14 if seat == "E" else 13
            hands[seat], self.wall = self.wall[:size], self.wall[size:]
        self.dealt: dict[str, tuple[str, ...]] = {s: tuple(hands[s]) for s in SEATS}
        self.state: dict[str, Any] = {
            "dealer": "E", "hands": hands, "melds": {s: [] for s in SEATS},
            "discards": {s: [] for s in SEATS}, "last_discard": None, "dead": [],
        }
        if card is not None and ruleset == "american":
            self.state["card"] = card.to_state()
        #: Computations on the table as it is now (cleared by every legal move).
        self.memo: dict[Any, Any] = {}
        #: Computations keyed by what they depend on (kept for the whole hand).
        self.cache: dict[Any, Any] = {}
        self.moves: list[Move] = []
        self.events: list[Event] = []
        self.judged = 0
        self.refused = 0
        self.result: Result | None = None
        self.second_charleston: bool | None = None
        self._decided: dict[str, Any] = {}
        self._claimed: dict[str, Any] = {}
        if ruleset == "american":
            self.stage = "pass"
            self.state.update(phase="charleston", step="first_right")
        else:
            self.stage = "turn"
            self.state.update(phase="play", turn={"seat": "E", "stage": "discard",
                                                  "after": "deal"})
        self.run()

    # -- reading the table -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the hand has ended (:attr:`result` is set)."""
        return self.result is not None

    @property
    def step(self) -> str | None:
        """The Charleston step (``first_right`` ... ``second_right``, ``stop_vote``) or ``None``."""
        step = self.state.get("step")
        return str(step) if self.stage in ("pass", "vote") and step else None

    @property
    def dead(self) -> list[str]:
        """Seats whose hands are dead (American, DECISIONS 24)."""
        return list(self.state["dead"])

    def hand(self, seat: str) -> list[str]:
        """``seat``'s concealed tiles (as held; the GUI sorts them)."""
        return list(self.state["hands"][seat])

    def melds(self, seat: str) -> list[Meld]:
        """``seat``'s exposures (and WSM concealed kongs) as rules-core melds."""
        return [parse_meld(meld) for meld in self.state["melds"][seat]]

    def discarder(self) -> str | None:
        """The seat whose discard (or added kong) is open to claims, else ``None``."""
        if self.stage == "rob":
            return str(self.state["pending_kong"]["seat"])
        last = self.state["last_discard"]
        return str(last["by"]) if self.stage == "claims" and last else None

    def claim_tile(self) -> str | None:
        """The tile open to claims (the latest discard or the added kong's tile), else ``None``."""
        if self.stage == "rob":
            return str(self.state["pending_kong"]["tile"])
        last = self.state["last_discard"]
        return str(last["tile"]) if self.stage == "claims" and last else None

    def waiting(self) -> tuple[str, ...]:
        """Seats the table waits for now, in turn order (empty once the hand is over)."""
        if self.stage in ("pass", "vote", "courtesy"):
            return tuple(seat for seat in SEATS if seat not in self._decided)
        if self.stage in ("claims", "rob"):
            return tuple(seat for seat in self._claimants() if seat not in self._claimed)
        if self.stage in ("turn", "draw"):
            return (str(self.state["turn"]["seat"]),)
        return ()

    def __deepcopy__(self, memo: dict[int, Any]) -> HandEngine:
        """A copy that plays on alone (a guided hand's dry run), sharing only what no move
        changes: the practice card (frozen) and :attr:`cache` (computations keyed by all they
        depend on, right for any table). Copying those too was most of a pack check's time
        on a guided hand (issue 21). The history (:attr:`moves`, :attr:`events`) is a new
        list of the same records: a record is frozen and never changed once appended (copying
        each was half of what was left)."""
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if name in ("moves", "events"):
                setattr(twin, name, list(value))
            elif name not in ("card", "cache"):
                setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    def allowed(self, seat: str) -> tuple[str, ...]:
        """Move types ``seat`` may submit now (empty when the table does not wait for it).

        ``declare_win`` in the ``pass`` stage only for East at ``first_right`` (a dealt Mah
        Jongg); kongs only at a WSM table.
        """
        if seat not in self.waiting():
            return ()
        moves = STAGE_MOVES[self.stage]
        if self.stage == "pass" and not (seat == "E" and self.state["step"] == "first_right"):
            moves = ("pass",)
        if self.stage == "turn" and self.ruleset == "american":
            moves = ("discard", "declare_win", "joker_exchange")
        if self.stage == "turn" and self.ruleset == "wsm":
            moves = ("discard", "declare_win", "kong_concealed", "kong_added")
        return moves

    def tiles_on_table(self) -> Counter[str]:
        """Every tile: hands, melds, discards (the referee's count) and the wall; always the
        whole 152 / 136 set."""
        return Table(self.ruleset, self.state).tile_counts() + Counter(self.wall)

    def whole_set(self) -> bool:
        """True when :meth:`tiles_on_table` is exactly the ruleset's set."""
        return self.tiles_on_table() == tile_set(self.ruleset)

    def claim_options(self) -> list[dict[str, Any]]:
        """Every legal claim on the tile open to claims now, for all seats
        (:func:`tilewise.rules.claims.possible_claims`; empty when none is open)."""
        if "claim_options" not in self.memo:
            found = possible_claims(self.state, self.ruleset) if self.claim_tile() else []
            self.memo["claim_options"] = [o for o in found if o["seat"] not in self.state["dead"]]
        return list(self.memo["claim_options"])

    def scenario(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """A referee scenario for ``action`` on the table now."""
        return {"ruleset": self.ruleset, "state": self.state, "action": dict(action)}

    # -- moves ----------------------------------------------------------------------------------

    def act(self, action: Mapping[str, Any], why: Any = None) -> Verdict:
        """Submit ``action`` (with ``seat``) for the seat the table waits for.

        Returns the verdict: a referee refusal unchanged (nothing moves; an American
        ``kong_added`` on a turn goes to the referee, which refuses it with
        ``EXPOSURE_CANNOT_GROW``), ``NOT_YOUR_TURN``
        when the table does not wait for that seat, ``WRONG_PHASE`` for a move the stage does
        not take. After a move of the learner the computer seats play on (:meth:`run`) as far
        as they can (nowhere after a plain refusal: the table still waits for the learner).
        """
        seat = str(action.get("seat"))
        kind = str(action.get("type"))
        if self.over or seat not in self.waiting():
            verdict = refuse(Reason.NOT_YOUR_TURN)
        elif kind == "kong_added" and self.ruleset == "american" and self.stage == "turn":
            verdict = self._judge(action)  # the referee says why: EXPOSURE_CANNOT_GROW
        elif kind not in self.allowed(seat):
            verdict = refuse(Reason.WRONG_PHASE)
        else:
            verdict = getattr(self, f"_do_{kind}")(seat, dict(action))
        self.moves.append(Move(len(self.moves) + 1, seat, dict(action), verdict.legal,
                               None if verdict.reason is None else str(verdict.reason),
                               dict(verdict.result), why))
        if not verdict.legal:
            self.refused += 1
        else:
            self.memo.clear()
        if seat == self.learner:
            self.run()  # a refusal leaves the table waiting for the learner, unless it killed
        return verdict

    def run(self) -> None:
        """Play the computer seats until the learner must act or the hand is over."""
        while not self.over:
            waiting = [seat for seat in self.waiting() if seat != self.learner]
            if not waiting:
                return
            seat = waiting[0]
            action, why = self.partners.decide(self, seat)
            verdict = self.act(action, why)
            if not verdict.legal:  # pragma: no cover - a computer move refused is a bug
                raise AssertionError(f"computer move refused: {action} {verdict.reason}")

    def _judge(self, action: Mapping[str, Any]) -> Verdict:
        """The referee's verdict on ``action`` now. The card goes with the state only to the
        actions that read it (a win, a claim); the rest read the table alone."""
        self.judged += 1
        state = self.state
        if action["type"] not in _READS_CARD and "card" in state:
            state = {key: value for key, value in state.items() if key != "card"}
        return judge_verdict({"ruleset": self.ruleset, "state": state, "action": dict(action)})

    # -- the Charleston and the courtesy pass (American) ----------------------------------

    def _do_pass(self, seat: str, action: dict[str, Any]) -> Verdict:
        tiles = list(action.get("tiles", []))
        blind = action.get("blind", 0)
        verdict = self._judge({"type": "pass", "seat": seat, "tiles": tiles, "blind": blind})
        if verdict.legal:
            self._decided[seat] = (tiles, blind)
            if len(self._decided) == 4:
                self._resolve_passes()
        return verdict

    def _resolve_passes(self) -> None:
        step = str(self.state["step"])
        commits = {seat: (list(own), int(blind)) for seat, (own, blind) in self._decided.items()}
        received = resolve_passes(step, commits)
        hands = self.state["hands"]
        for seat, (own, _) in commits.items():
            for tile in own:
                hands[seat].remove(tile)
            hands[seat].extend(received[seat])
        self.events.append(Event("passed", detail={
            "step": step, "given": {s: list(commits[s][0]) for s in SEATS},
            "blind": {s: commits[s][1] for s in SEATS}, "received": received}))
        self._decided = {}
        following = STEPS[STEPS.index(step) + 1]
        if following == "stop_vote":
            self.stage = "vote"
        elif following == "courtesy":
            self._to_courtesy()
            return
        self.state["step"] = following

    def _do_vote(self, seat: str, action: dict[str, Any]) -> Verdict:
        keep = action.get("continue") is not False
        verdict = self._judge({"type": "vote", "seat": seat, "continue": keep})
        if verdict.legal:  # pragma: no branch - always at the stop vote (DECISIONS 3)
            self._decided[seat] = keep
            if len(self._decided) == 4:
                votes = dict(self._decided)
                settled = self._judge({"type": "votes", "continue": votes})
                self.second_charleston = bool(settled.result["second_charleston"])
                self.events.append(Event("votes", detail={"continue": votes}))
                self._decided = {}
                if self.second_charleston:
                    self.stage = "pass"
                    self.state["step"] = "second_left"
                else:
                    self._to_courtesy()
        return verdict

    def _to_courtesy(self) -> None:
        self.stage = "courtesy"
        self.state["phase"] = "courtesy"
        self.state.pop("step", None)

    def _do_offer(self, seat: str, action: dict[str, Any]) -> Verdict:
        tiles = list(action.get("tiles", []))
        offers: dict[str, list[str]] = {s: [] for s in SEATS}
        offers[seat] = tiles
        verdict = self._judge({"type": "courtesy", "offers": offers})
        if verdict.legal:
            self._decided[seat] = tiles
            if len(self._decided) == 4:
                self._resolve_courtesy()
            return allow()
        return verdict

    def _resolve_courtesy(self) -> None:
        offers = {seat: list(self._decided[seat]) for seat in SEATS}
        settled = self._judge({"type": "courtesy", "offers": offers})
        exchanged: dict[str, int] = dict(settled.result["exchanged"])  # type: ignore[call-overload]
        moving = {seat: offers[seat][:exchanged[pair]]
                  for pair in exchanged for seat in pair.split("-")}
        hands = self.state["hands"]
        for pair in exchanged:
            a, b = pair.split("-")
            for giver, taker in ((a, b), (b, a)):
                for tile in moving[giver]:
                    hands[giver].remove(tile)
                    hands[taker].append(tile)
        self.events.append(Event("courtesy", detail={"offers": offers, "exchanged": exchanged}))
        self._decided = {}
        self.stage = "turn"
        self.state["phase"] = "play"
        self.state["turn"] = {"seat": "E", "stage": "discard", "after": "deal"}

    # -- play -------------------------------------------------------------------------------

    def _do_declare_win(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge({"type": "declare_win", "seat": seat})
        if verdict.legal:
            hand = self.state["hands"][seat]
            self._win(seat, bool(verdict.result.get("self_drawn")), None,
                      hand[-1] if hand else None)
        elif self.ruleset == "american" and self.false_mahjong_kills and self.stage == "turn":
            self._kill(seat, "false_mahjong")
        return verdict

    def _do_joker_exchange(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge(action)
        if verdict.legal:
            target = action["target"]
            owner, index = str(target["seat"]), int(target["meld"])
            tile = str(action["tile"])
            hand = self.state["hands"][seat]
            hand.remove(tile)
            hand.append(JOKER)
            self.state["melds"][owner][index] = dict(verdict.result["meld"])  # type: ignore[call-overload]
            self.events.append(Event("exchanged", seat, tile, {"owner": owner, "meld": index}))
        return verdict

    def _do_discard(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge(action)
        if verdict.legal:
            tile = str(action["tile"])
            self.state["hands"][seat].remove(tile)
            self.state["discards"][seat].append(tile)
            self.state["last_discard"] = {"tile": tile, "by": seat}
            # the referee's claim window: the discarder's lower seat is to draw (DECISIONS 11)
            self.state["turn"] = {"seat": right_of(seat), "stage": "draw", "after": "wall"}
            self.events.append(Event("discarded", seat, tile))
            self._open_claims("claims")
        return verdict

    def _do_kong_concealed(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge(action)
        if verdict.legal:
            tile = str(action["tile"])
            hand = self.state["hands"][seat]
            for _ in range(4):
                hand.remove(tile)
            self.state["melds"][seat].append(dict(verdict.result["meld"]))  # type: ignore[call-overload]
            self.events.append(Event("kong", seat, tile, {"kind": "concealed"}))
            self._supplement(seat)
        return verdict

    def _do_kong_added(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge(action)
        if verdict.legal:
            tile = str(action["tile"])
            melds = self.state["melds"][seat]
            index = next(i for i, m in enumerate(melds)
                         if m["kind"] == "pong" and m["tiles"][0] == tile)
            self.state["hands"][seat].remove(tile)
            melds[index] = dict(verdict.result["meld"])  # type: ignore[call-overload]
            self.state["pending_kong"] = {"seat": seat, "tile": tile, "kind": "added"}
            self.events.append(Event("kong", seat, tile, {"kind": "added"}))
            self._open_claims("rob")
        return verdict

    def _do_draw(self, seat: str, action: dict[str, Any]) -> Verdict:
        tile = self.wall.pop(0)
        self.state["hands"][seat].append(tile)
        self.state["turn"] = {"seat": seat, "stage": "discard", "after": "wall"}
        self.state["last_discard"] = None
        self.events.append(Event("drew", seat, tile))
        self.stage = "turn"
        return allow(tile=tile)

    def _supplement(self, seat: str) -> None:
        if not self.wall:
            self._wall_game()
            return
        tile = self.wall.pop()
        self.state["hands"][seat].append(tile)
        self.state["turn"] = {"seat": seat, "stage": "discard", "after": "supplement"}
        self.events.append(Event("supplement", seat, tile))
        self.stage = "turn"

    # -- claims -----------------------------------------------------------------------------

    def _claimants(self) -> list[str]:
        by = self.discarder()
        assert by is not None
        return [seat for seat in (SEATS[(SEATS.index(by) + k) % 4] for k in (1, 2, 3))
                if seat not in self.state["dead"]]

    def _open_claims(self, stage: str) -> None:
        self.stage = stage
        self._claimed = {}
        if not self._claimants():  # pragma: no cover - three dead hands cannot happen here
            self._settle_claims()

    def _do_claim(self, seat: str, action: dict[str, Any]) -> Verdict:
        verdict = self._judge(action)
        if verdict.legal:
            self._claimed[seat] = dict(action)
            self._maybe_settle()
        elif (self.ruleset == "american" and self.false_mahjong_kills
              and action.get("claim") == "mahjong" and verdict.reason == Reason.NOT_A_WINNING_HAND):
            # a false Mah Jongg on a discard: the hand laid down is dead (DECISIONS 24-25);
            # the claim window goes on without it
            self.state["dead"].append(seat)
            self.events.append(Event("dead", seat, detail={"why": "false_mahjong"}))
            self.memo.clear()
            self._maybe_settle()
        return verdict

    def _do_no_claim(self, seat: str, action: dict[str, Any]) -> Verdict:
        self._claimed[seat] = None
        self._maybe_settle()
        return allow()

    def _maybe_settle(self) -> None:
        if all(seat in self._claimed for seat in self._claimants()):
            self._settle_claims()

    def _settle_claims(self) -> None:
        claims = [claim for claim in self._claimed.values() if claim is not None]
        by = self.discarder()
        tile = self.claim_tile()
        assert by is not None and tile is not None
        robbing = self.stage == "rob"
        self._claimed = {}
        if not claims:
            if robbing:
                self.state.pop("pending_kong")
                self._supplement(by)
            else:
                self._next_draw(by)
            return
        settled = self._judge({"type": "claims", "claims": claims})
        awarded: dict[str, str] = dict(settled.result["awarded"])  # type: ignore[call-overload]
        index = next(i for i, c in enumerate(claims) if c["seat"] == awarded["seat"])
        claim = claims[index]
        answer: Mapping[str, Any] = settled.result["verdicts"][index]  # type: ignore[index]
        winner = awarded["seat"]
        if claim["claim"] in ("win", "mahjong", "pair"):
            self.state["hands"][winner].append(tile)
            if robbing:
                self._unkong(by, tile)
            else:
                self.state["discards"][by].pop()
                self.state["last_discard"] = None
            self._win(winner, False, by, tile, robbed=robbing)
            return
        hand = self.state["hands"][winner]
        for named in claim["tiles"]:
            hand.remove(named)
        self.state["discards"][by].pop()
        self.state["last_discard"] = None
        self.state["melds"][winner].append(dict(answer["meld"]))
        kind = str(claim["claim"])
        after = _SET_AFTER.get(kind, "pong") if self.ruleset == "wsm" else "exposure"
        self.state["turn"] = {"seat": winner, "stage": "discard", "after": after}
        self.events.append(Event("claimed", winner, tile, {"claim": kind, "from": by}))
        self.stage = "turn"
        if self.ruleset == "wsm" and kind == "kong":
            self._supplement(winner)
        elif self.ruleset == "american" and not needs(self._card(), hand, self.melds(winner)):
            self._kill(winner, "impossible_exposure")

    def _unkong(self, owner: str, tile: str) -> None:
        """A robbed added kong goes back to the pong it was (its tile went to the robber)."""
        self.state.pop("pending_kong")
        melds = self.state["melds"][owner]
        index = next(i for i, m in enumerate(melds)
                     if m["kind"] == "kong_added" and m["tiles"][0] == tile)
        kong = melds[index]
        melds[index] = {**kong, "kind": "pong", "tiles": [tile] * 3,
                        "rotated": min(int(kong["rotated"]), 2)}
        self.events.append(Event("robbed", owner, tile))

    def _next_live(self, seat: str) -> str:
        following = right_of(seat)
        while following in self.state["dead"] and following != seat:
            following = right_of(following)
        return following

    def _next_draw(self, after: str) -> None:
        seat = self._next_live(after)
        self.state["last_discard"] = None
        if not self.wall:
            self._wall_game()
            return
        self.state["turn"] = {"seat": seat, "stage": "draw", "after": "wall"}
        self.stage = "draw"

    # -- the end ----------------------------------------------------------------------------

    def _card(self) -> PracticeCard:
        assert self.card is not None
        return self.card

    def _kill(self, seat: str, why: str) -> None:
        """A dead American hand sits out (DECISIONS 24-25); play passes to the next live seat."""
        self.state["dead"].append(seat)
        self.events.append(Event("dead", seat, detail={"why": why}))
        self._next_draw(seat)

    def _win(self, seat: str, self_drawn: bool, by: str | None, tile: str | None, *,
             robbed: bool = False) -> None:
        line = None
        if self.ruleset == "american":
            line = card_line_for(_card_lines(self.state), self.state["hands"][seat],
                                 self.melds(seat))
        self.result = Result(seat, self_drawn, by, tile, robbed, line)
        self.stage = "over"
        self.events.append(Event("won", seat, tile, {"self_drawn": self_drawn, "by": by,
                                                     "robbed": robbed, "line": line}))

    def _wall_game(self) -> None:
        self.result = Result(None)
        self.stage = "over"
        self.events.append(Event("wall_game"))


def _card_lines(state: Mapping[str, Any]) -> Sequence[Any]:
    from tilewise.rules.state import parse_card

    return parse_card(state["card"])


def learner_moves(engine: HandEngine) -> list[dict[str, Any]]:
    """The learner's moves of ``engine`` so far, in order, as submitted (the refused ones
    too: a false Mah Jongg changes the hand; not those out of turn, which changed nothing), each a plain JSON-able dict without its seat:
    with the deal code and the seat, all that is needed to set the hand up again
    (:func:`replayed`; the deal and the partners are deterministic from the seed)."""
    return [{key: value for key, value in move.action.items() if key != "seat"}
            for move in engine.moves if move.seat == engine.learner
            and move.reason != Reason.NOT_YOUR_TURN]  # a move out of turn changed nothing


def replayed(ruleset: str, seed: int, seat: str, moves: Sequence[Mapping[str, Any]], *,
             card: PracticeCard | None = None) -> HandEngine:
    """The hand of deal (``ruleset``, ``seed``) with the learner in ``seat``, the learner's
    ``moves`` (:func:`learner_moves`) played again: the same table as when they were made
    (the engine and its partners are pure and seeded). ValueError for a move that is not a
    dict with a ``type``, one played when the table did not wait for the learner (a saved
    hand that does not belong to this deal or card), or more moves than the hand took,
    besides the engine's own errors."""
    engine = HandEngine(ruleset, seed, card=card, learner=seat)
    for move in moves:
        if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
            raise ValueError(f"not a move: {move!r}")
        if engine.over or seat not in engine.waiting():
            raise ValueError("these moves do not belong to this hand")
        engine.act({**move, "seat": seat})
    return engine
