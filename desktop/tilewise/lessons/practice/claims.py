"""Claims drill (WSM): the computer deals and plays the other seats; the learner discards on
their own turn, answers each claim window, and says who gets a discard when several seats
claim it.

Sources: REFERENCE.md sections 7-9, DECISIONS 11-16. Every move of every seat is judged by the
referee (:func:`tilewise.rules.referee.judge`) before it is applied; the learner's options are
:func:`tilewise.rules.claims.possible_claims`; the award is the referee's ``claims`` answer; a
claimed meld's layout is the referee's ``meld`` answer.

A drill is one seeded deal (:func:`tilewise.rules.charleston.deal`, ``wsm``, East deals) played
until a win or an empty wall. The computer plays the other seats' draws, discards and kongs.
On the learner's turn the tile is drawn for them; then a ``discard`` prompt waits for the
learner's discard (:meth:`ClaimsDrill.discard`), a kong (:meth:`ClaimsDrill.kong`, concealed or
added, REFERENCE.md section 8) or a self-drawn win (:meth:`ClaimsDrill.declare_win`). At each
discard by another seat the learner gets a ``claim`` prompt (chi, pong, kong, win or pass),
also when an added kong may be robbed (win or pass). When two or more seats claim, a
``precedence`` prompt asks who gets the tile and why. A claimed meld is laid out as the
referee's ``meld`` answer says (the claimed tile sideways at its ``rotated`` index).

Computer seats (the policy, shown to the learner):

- discard the tile with the fewest partners in hand (same tile, neighbours in its suit), the
  seeded generator breaking ties; declare every concealed kong and added kong they can, win
  whenever they can (self-drawn, on a discard, or robbing a kong);
- claim by the level's ``partners`` setting: ``wins`` (only wins), ``sets`` (wins, kongs,
  pongs) or ``all`` (chi too), always the highest claim they have (win, kong, pong, chi).

Score: one point asked per claim decision where the learner had a claim or made one (right when
the claim was legal, or a pass when no win was possible), per precedence question (seat and
reason both right), and per turn with a self-drawn win in hand or a win declared (right when
the win is declared and legal).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tilewise.rules.charleston import deal
from tilewise.rules.claims import claim_rank, possible_claims
from tilewise.rules.referee import judge
from tilewise.rules.seats import SEATS, right_of
from tilewise.rules.tiles import rank_of, sort_tiles, suit_of
from tilewise.rules.verdict import Reason, Verdict, allow, refuse

#: Precedence reasons the learner chooses from (why the awarded seat gets the tile).
WHY: tuple[str, ...] = ("win_first", "pong_before_chi", "nearer_in_turn")
#: Partner claim settings, from calm to crowded.
PARTNER_CLAIMS: dict[str, tuple[str, ...]] = {
    "wins": ("win",),
    "sets": ("win", "kong", "pong"),
    "all": ("win", "kong", "pong", "chi"),
}
_PREFERENCE = {"win": 0, "kong": 1, "pong": 2, "chi": 3}


@dataclass(frozen=True)
class Level:
    """A difficulty: ``number``; ``window_seconds`` (None: untimed; the GUI passes when the
    time runs out); ``partners`` (a key of :data:`PARTNER_CLAIMS`: how many claims compete)."""

    number: int
    window_seconds: float | None
    partners: str


LEVELS: dict[int, Level] = {
    1: Level(1, None, "wins"),
    2: Level(2, None, "sets"),
    3: Level(3, 10.0, "all"),
    4: Level(4, 5.0, "all"),
}


@dataclass(frozen=True)
class Prompt:
    """What the learner must answer now.

    ``kind``: ``claim`` (options: the learner's legal claim actions, ``robbing`` when the tile
    is an added kong's), ``precedence`` (``claims``: every claim made, ``{"seat", "claim"}``)
    or ``discard`` (the learner's turn; options: ``{"type": "declare_win"}`` when a
    self-drawn win is legal, then each kong they may declare, ``{"type", "tile", "end"}``). ``tile`` and ``by``: the discard (or kong tile) and its seat;
    for ``discard`` the tile drawn (or claimed) last and the learner's seat.
    """

    kind: str
    tile: str
    by: str
    options: tuple[dict[str, Any], ...] = ()
    claims: tuple[dict[str, str], ...] = ()
    robbing: bool = False
    claim: dict[str, Any] | None = None


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table, for the log: ``kind`` (``draw``, ``supplement``,
    ``discard``, ``claim``, ``kong_concealed``, ``kong_added``, ``robbed``, ``win``,
    ``wall_empty``), the ``seat``, and ``tile`` / ``claim`` / ``self_drawn`` where they apply."""

    kind: str
    seat: str
    tile: str | None = None
    claim: str | None = None
    self_drawn: bool = False


@dataclass(frozen=True)
class Answer:
    """The outcome of a precedence answer: ``right``, and the expected ``seat`` and ``why``."""

    right: bool
    seat: str | None = None
    why: str | None = None


@dataclass
class Score:
    """Points ``right`` of ``asked`` in this drill; ``missed_wins`` counted separately too."""

    right: int = 0
    asked: int = 0
    missed_wins: int = 0
    refused: list[str] = field(default_factory=list)

    def add(self, right: bool) -> None:
        """Count one question."""
        self.asked += 1
        self.right += int(right)


def why_awarded(claims: Sequence[Mapping[str, str]], awarded: Mapping[str, str]) -> str:
    """The precedence reason (:data:`WHY`) that ``awarded`` beats the other ``claims``.

    Same rank as another claim: ``nearer_in_turn``; a win over lower claims: ``win_first``;
    otherwise ``pong_before_chi`` (REFERENCE.md section 7, precedence; DECISIONS 12).
    """
    rank = claim_rank("wsm", awarded["claim"])
    others = [claim_rank("wsm", c["claim"]) for c in claims if c["seat"] != awarded["seat"]]
    if rank in others:
        return "nearer_in_turn"
    return "win_first" if rank == 0 else "pong_before_chi"


def tile_value(hand: Sequence[str], tile: str) -> int:
    """How much ``tile`` is worth keeping in ``hand``: 3 per other copy, 2 per neighbour one
    apart and 1 per neighbour two apart in its suit (honors have no neighbours)."""
    counts = Counter(hand)
    value = 3 * (counts[tile] - 1)
    suit, rank = suit_of(tile), rank_of(tile)
    if suit is not None and rank is not None:
        for step, weight in ((1, 2), (2, 1)):
            for other in (rank - step, rank + step):
                if 1 <= other <= 9 and counts[f"{other}{suit}"]:
                    value += weight
    return value


class ClaimsDrill:
    """One claims drill (see the module docstring).

    ``seed`` picks the deal and the computer's tie-breaks; ``seat`` the learner's seat;
    ``level`` a :class:`Level` or a key of :data:`LEVELS`. After construction the table runs
    until the first :attr:`prompt`; each answer runs it on to the next one. :attr:`prompt` is
    None when the drill is over (:attr:`result`: ``{"winner", "self_drawn", "robbed"}`` or
    ``{"winner": None}`` for an empty wall).
    """

    def __init__(self, seed: int, *, seat: str = "S", level: Level | int = 1) -> None:
        if seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r}")
        self.seed = seed
        self.seat = seat
        self.level = LEVELS[level] if isinstance(level, int) else level
        self.rng = random.Random(seed)
        dealt = deal(seed, "wsm")
        self.wall: list[str] = list(dealt["wall"])
        self.state: dict[str, Any] = {
            "dealer": dealt["dealer"], "phase": "play",
            "hands": {s: sort_tiles(h) for s, h in dealt["hands"].items()},
            "melds": {s: [] for s in SEATS}, "discards": {s: [] for s in SEATS},
            "last_discard": None, "turn": dealt["turn"],
        }
        self.events: list[Event] = []
        self.score = Score()
        self.prompt: Prompt | None = None
        self.result: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []
        self._claims: list[dict[str, Any]] = []
        self._awarded: dict[str, str] | None = None
        self._options: tuple[dict[str, Any], ...] = ()
        self._run()

    # -- reading the table -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True when the drill has ended (a win or an empty wall)."""
        return self.result is not None

    def hand(self, seat: str | None = None) -> list[str]:
        """``seat``'s concealed tiles in rack order (default the learner's)."""
        return sort_tiles(self.state["hands"][seat or self.seat])

    def scenario(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """A referee scenario for ``action`` on the table now."""
        return {"ruleset": "wsm", "state": self.state, "action": dict(action)}

    def tiles_on_table(self) -> Counter[str]:
        """Every tile: hands, melds, discards and wall (conserved: always the 136-tile set)."""
        counts: Counter[str] = Counter(self.wall)
        for seat in SEATS:
            counts.update(self.state["hands"][seat])
            counts.update(self.state["discards"][seat])
            for meld in self.state["melds"][seat]:
                counts.update(meld["tiles"])
        return counts

    # -- the learner's answers -----------------------------------------------------------------

    def claim(self, kind: str, tiles: Sequence[str] | None = None,
              discard: Mapping[str, str] | None = None) -> Verdict:
        """The learner claims the tile of the ``claim`` prompt: ``kind`` chi, pong, kong or win;
        ``tiles`` the two for a chi (pong and kong default to the pair / triplet);
        ``discard`` (``{"tile", "by"}``) when the learner aims at another discard than the
        latest (PROTOCOL.md ``claim``: the referee refuses it, only the latest is open).

        The referee's refusal comes back unchanged (the prompt stays; it counts one wrong
        answer). A legal claim goes to the table with the partners' claims.
        """
        prompt = self._need("claim")
        if tiles is None:
            tiles = {"pong": [prompt.tile] * 2, "kong": [prompt.tile] * 3}.get(kind, [])
        action: dict[str, Any] = {"type": "claim", "seat": self.seat, "claim": kind,
                                  "tiles": list(tiles)}
        if discard is not None:
            action["discard"] = dict(discard)
        answer = judge(self.scenario(action))
        if not answer["legal"]:
            self.score.add(False)
            self.score.refused.append(answer["reason"])
            return refuse(Reason(answer["reason"]), *answer.get("tiles", []))
        self.score.add(True)
        self._settle(prompt, [action])
        return allow(**{k: v for k, v in answer.items() if k not in ("legal", "reason")})

    def pass_claim(self, *, timed_out: bool = False) -> None:
        """The learner lets the tile go (also when the window's time ran out)."""
        prompt = self._need("claim")
        win = any(o["claim"] == "win" for o in prompt.options)
        if prompt.options:
            self.score.add(not win)
        self.score.missed_wins += int(win)
        self.history.append({"pass": True, "timed_out": timed_out, "tile": prompt.tile})
        self._settle(prompt, [])

    def answer(self, seat: str, why: str) -> Answer:
        """Answer the ``precedence`` prompt: who gets the tile (``seat``) and ``why``
        (:data:`WHY`). Returns the right answer; the table goes on either way."""
        prompt = self._need("precedence")
        awarded = self._awarded
        assert awarded is not None
        expected = why_awarded(prompt.claims, awarded)
        right = seat == awarded["seat"] and why == expected
        self.score.add(right)
        self.prompt = None
        self._after_award(prompt)
        return Answer(right, awarded["seat"], expected)

    def discard(self, tile: str) -> Verdict:
        """The learner discards ``tile`` on their turn (the ``discard`` prompt). The referee's
        refusal comes back unchanged (the prompt stays). A discard while a self-drawn win was
        in hand counts as a missed win. The other seats then claim or play on."""
        prompt = self._need("discard")
        answer = judge(self.scenario({"type": "discard", "seat": self.seat, "tile": tile}))
        if not answer["legal"]:
            return refuse(Reason(answer["reason"]), *answer.get("tiles", []))
        if {"type": "declare_win"} in prompt.options:
            self.score.add(False)
            self.score.missed_wins += 1
        self.prompt = None
        self._play_discard(self.seat, tile)
        self._run()
        return allow(**{k: v for k, v in answer.items() if k not in ("legal", "reason")})

    def declare_win(self) -> Verdict:
        """The learner declares a self-drawn win on their turn (the ``discard`` prompt). A
        refusal (the hand does not win) comes back unchanged and counts one wrong answer;
        a legal win ends the drill."""
        self._need("discard")
        hand = self.state["hands"][self.seat]
        answer = judge(self.scenario({"type": "declare_win", "seat": self.seat}))
        self.score.add(bool(answer["legal"]))
        if not answer["legal"]:
            self.score.refused.append(answer["reason"])
            return refuse(Reason(answer["reason"]), *answer.get("tiles", []))
        self.prompt = None
        self.events.append(Event("win", self.seat, hand[-1], self_drawn=True))
        self.result = {"winner": self.seat, "self_drawn": True, "robbed": False}
        return allow(**{k: v for k, v in answer.items() if k not in ("legal", "reason")})

    def kong(self, tile: str, end: str | None = None) -> Verdict:
        """The learner declares a kong on their turn (the ``discard`` prompt): concealed, of
        four ``tile`` in hand; or with ``end`` (``left``/``right``) the fourth ``tile`` added
        to their exposed pong (REFERENCE.md section 8). The referee's refusal comes back
        unchanged (the prompt stays). A kong draws a supplement tile; an added kong may first
        be robbed by another seat's win."""
        self._need("discard")
        action: dict[str, Any] = ({"type": "kong_added", "seat": self.seat, "tile": tile,
                                   "end": end} if end is not None else
                                  {"type": "kong_concealed", "seat": self.seat, "tile": tile})
        answer = judge(self.scenario(action))
        if not answer["legal"]:
            return refuse(Reason(answer["reason"]), *answer.get("tiles", []))
        self.prompt = None
        self._declare_kong(self.seat, action, answer)
        self._run()
        return allow(**{k: v for k, v in answer.items() if k not in ("legal", "reason")})

    def suggested_discard(self) -> str:
        """The tile the computer's policy discards from the learner's hand now (what a partner
        would do; tests and replays play the learner's seat with it)."""
        return self._choose_discard(self.state["hands"][self.seat])

    def _need(self, kind: str) -> Prompt:
        if self.prompt is None or self.prompt.kind != kind:
            raise ValueError(f"no {kind} prompt is open")
        return self.prompt

    # -- the computer -------------------------------------------------------------------------

    def _judge(self, action: Mapping[str, Any]) -> dict[str, Any]:
        answer = judge(self.scenario(action))
        if not answer["legal"]:  # pragma: no cover - the table never makes an illegal move
            raise AssertionError(f"illegal table move {action}: {answer}")
        return answer

    def _partner_claims(self, options: Sequence[Mapping[str, Any]], skip: str) -> list[dict[str, Any]]:
        allowed = PARTNER_CLAIMS[self.level.partners]
        chosen = []
        for seat in SEATS:
            if seat in (self.seat, skip):
                continue
            mine = [o for o in options if o["seat"] == seat and o["claim"] in allowed]
            if mine:
                best = min(mine, key=lambda o: _PREFERENCE[o["claim"]])
                chosen.append(dict(best))
        return chosen

    def _open_window(self, tile: str, by: str, robbing: bool) -> None:
        options = tuple(possible_claims(self.state, "wsm"))
        self._options = options
        if by == self.seat:
            self._settle(Prompt("claim", tile, by, robbing=robbing), [])
            return
        mine = tuple(o for o in options if o["seat"] == self.seat)
        self.prompt = Prompt("claim", tile, by, mine, robbing=robbing)

    def _settle(self, prompt: Prompt, learner: list[dict[str, Any]]) -> None:
        """All claims on the open tile are in: award it (asking who gets it when several)."""
        claims = learner + self._partner_claims(self._options, prompt.by)
        self._claims = claims
        self.prompt = None
        if not claims:
            self._awarded = None
            self._after_award(prompt)
            return
        answer = self._judge({"type": "claims", "claims": claims})
        self._awarded = answer["awarded"]
        if len(claims) > 1:
            self.prompt = Prompt("precedence", prompt.tile, prompt.by, robbing=prompt.robbing,
                                 claims=tuple({"seat": c["seat"], "claim": c["claim"]}
                                              for c in claims))
            return
        self._after_award(prompt)

    def _after_award(self, prompt: Prompt) -> None:
        awarded = self._awarded
        if awarded is None:
            if prompt.robbing:
                self._kong_stands()
            else:
                self._next_draw()
            self._run()
            return
        claim = next(c for c in self._claims if c["seat"] == awarded["seat"])
        if claim["claim"] == "win":
            self._win_on(claim["seat"], prompt)
            return
        self._apply_claim(claim, self._judge(claim)["meld"])
        self._run()

    def _apply_claim(self, claim: Mapping[str, Any], meld: dict[str, Any]) -> None:
        seat = claim["seat"]
        last = self.state["last_discard"]
        hand = self.state["hands"][seat]
        for tile in claim["tiles"]:
            hand.remove(tile)
        river = self.state["discards"][last["by"]]
        river.pop()
        self.state["melds"][seat].append(meld)
        self.state["last_discard"] = None
        self.events.append(Event("claim", seat, last["tile"], claim["claim"]))
        self.state["turn"] = {"seat": seat, "stage": "discard", "after": claim["claim"]}
        if claim["claim"] == "kong":
            self._supplement(seat)

    def _win_on(self, seat: str, prompt: Prompt) -> None:
        self.state["hands"][seat].append(prompt.tile)
        if prompt.robbing:
            owner = self.state["melds"][prompt.by]
            index = next(i for i, m in enumerate(owner) if m["kind"] == "kong_added"
                         and m["tiles"][0] == prompt.tile)
            kong = owner[index]
            owner[index] = {**kong, "kind": "pong", "tiles": kong["tiles"][:3],
                            "rotated": min(kong["rotated"], 2)}
            self.state.pop("pending_kong")
            self.events.append(Event("robbed", seat, prompt.tile))
        else:
            self.state["discards"][prompt.by].pop()
            self.state["last_discard"] = None
        self.events.append(Event("win", seat, prompt.tile))
        self.result = {"winner": seat, "self_drawn": False, "robbed": prompt.robbing}

    def _kong_stands(self) -> None:
        pending = self.state.pop("pending_kong")
        self._supplement(pending["seat"])

    def _draw(self, seat: str, tile: str, after: str) -> None:
        self.state["hands"][seat].append(tile)
        self.state["turn"] = {"seat": seat, "stage": "discard", "after": after}
        self.events.append(Event("draw" if after == "wall" else "supplement", seat, tile))

    def _supplement(self, seat: str) -> None:
        if not self.wall:
            self._wall_empty()
            return
        self._draw(seat, self.wall.pop(), "supplement")

    def _next_draw(self) -> None:
        seat = self.state["turn"]["seat"]
        self.state["last_discard"] = None
        if not self.wall:
            self._wall_empty()
            return
        self._draw(seat, self.wall.pop(0), "wall")

    def _wall_empty(self) -> None:
        self.events.append(Event("wall_empty", self.state["turn"]["seat"]))
        self.result = {"winner": None, "self_drawn": False, "robbed": False}

    def _run(self) -> None:
        """Play the computer's moves until a prompt opens or the drill ends."""
        while self.result is None and self.prompt is None:
            turn = self.state["turn"]
            seat = turn["seat"]
            hand = self.state["hands"][seat]
            drawn = turn["after"] in ("deal", "wall", "supplement")
            if seat == self.seat:
                options: list[dict[str, Any]] = []
                if drawn:
                    if judge(self.scenario({"type": "declare_win", "seat": seat}))["legal"]:
                        options.append({"type": "declare_win"})
                    options += self._kong_options(seat, hand)
                self.prompt = Prompt("discard", hand[-1], seat, tuple(options))
                return
            if drawn:
                if judge(self.scenario({"type": "declare_win", "seat": seat}))["legal"]:
                    self.events.append(Event("win", seat, hand[-1], self_drawn=True))
                    self.result = {"winner": seat, "self_drawn": True, "robbed": False}
                    return
                if self._kong_on_own_turn(seat, hand):
                    continue
            self._play_discard(seat, self._choose_discard(hand))

    def _kong_options(self, seat: str, hand: list[str]) -> list[dict[str, Any]]:
        """The kongs ``seat`` may declare now (REFERENCE.md section 8): a concealed kong of
        each four of a kind in hand (by tile), then an added kong for each exposed pong whose
        fourth tile is in hand (by meld), at the end away from the sideways tile."""
        counts = Counter(hand)
        options: list[dict[str, Any]] = [{"type": "kong_concealed", "tile": t}
                                         for t in sorted(t for t, n in counts.items() if n == 4)]
        for meld in self.state["melds"][seat]:
            tile = meld["tiles"][0]
            if meld["kind"] == "pong" and tile in hand:
                options.append({"type": "kong_added", "tile": tile,
                                "end": "left" if meld["rotated"] == 2 else "right"})
        return options

    def _declare_kong(self, seat: str, action: Mapping[str, Any],
                      answer: Mapping[str, Any]) -> None:
        """Lay out a kong the referee accepted: a concealed kong draws a supplement tile; an
        added kong opens the window in which the others may rob it first."""
        hand, tile = self.state["hands"][seat], str(action["tile"])
        if action["type"] == "kong_concealed":
            for _ in range(4):
                hand.remove(tile)
            self.state["melds"][seat].append(answer["meld"])
            self.events.append(Event("kong_concealed", seat, tile))
            self._supplement(seat)
            return
        index = next(i for i, m in enumerate(self.state["melds"][seat])
                     if m["kind"] == "pong" and m["tiles"][0] == tile)
        hand.remove(tile)
        self.state["melds"][seat][index] = answer["meld"]
        self.state["pending_kong"] = {"seat": seat, "tile": tile, "kind": "added"}
        self.events.append(Event("kong_added", seat, tile))
        self._open_window(tile, seat, robbing=True)

    def _kong_on_own_turn(self, seat: str, hand: list[str]) -> bool:
        options = self._kong_options(seat, hand)
        if not options:
            return False
        action = {**options[0], "seat": seat}
        self._declare_kong(seat, action, self._judge(action))
        return True

    def _choose_discard(self, hand: list[str]) -> str:
        values = [(tile_value(hand, tile), tile) for tile in sorted(set(hand))]
        low = min(value for value, _ in values)
        return self.rng.choice([t for value, t in values if value == low])

    def _play_discard(self, seat: str, tile: str) -> None:
        self._judge({"type": "discard", "seat": seat, "tile": tile})
        hand = self.state["hands"][seat]
        hand.remove(tile)
        self.state["discards"][seat].append(tile)
        self.state["last_discard"] = {"tile": tile, "by": seat}
        self.state["turn"] = {"seat": right_of(seat), "stage": "draw", "after": "wall"}
        self.events.append(Event("discard", seat, tile))
        self._open_window(tile, seat, robbing=False)

    # -- for the progress store -----------------------------------------------------------

    def score_record(self) -> dict[str, Any]:
        """What the progress store keeps for this drill: seed, seat, level, right, asked,
        missed wins, the refusal reasons met, and the result."""
        return {"seed": self.seed, "seat": self.seat, "level": self.level.number,
                "right": self.score.right, "asked": self.score.asked,
                "missed_wins": self.score.missed_wins, "refused": list(self.score.refused),
                "result": self.result}

