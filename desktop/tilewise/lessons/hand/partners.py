"""The three computer partners: a sound, simple policy that says why it did each move.

Every decision returns the move (a referee action, or the engine's ``draw`` / ``no_claim``)
and a :class:`Why`: a stable ``code`` and its ``params`` (tiles, seats, a card line's index,
counts). The GUI turns the code into a translated sentence ("I kept the pair of 5 dots for line
B"); this module writes none. The policy is deterministic: the same deal always gives the same
hand, on every computer.

**American** (the practice card, :mod:`tilewise.lessons.hand.card`). A partner aims at the card
line it is nearest to (:func:`~tilewise.lessons.hand.card.needs`, card order on a tie):

- Charleston: it passes tiles its two nearest lines do not want (never a joker; the pass order
  of :func:`tilewise.lessons.practice.charleston.pass_order`); on a blind step it forwards
  unseen what it cannot spare, or all three once *settled* (its nearest line at most
  :attr:`Partners.settled_at` tiles away); a settled partner votes to stop; in the courtesy
  pass it offers fewer tiles the nearer it is (0-3). East declares a dealt Mah Jongg.
- Play: it declares Mah Jongg whenever the referee would accept it; it exchanges a natural
  tile for an exposed joker when that brings no line further away; it calls a discard for
  Mah Jongg, or for an exposure of the exact group size its nearest line has open for that
  tile; it discards a tile its nearest line has no place for (one the second line does not
  want either, if it can), a spare joker last.

**WSM.** It wins whenever it can (self-drawn, on a discard, robbing a kong); declares every
concealed kong and adds a drawn tile to its exposed pong; claims a big exposed kong with three
in hand, a pong when it holds another pair for the eyes, a chi only with two tiles that are in
no pair (:func:`tilewise.lessons.practice.claims.tile_value` measures a tile's partners);
discards the tile with the fewest partners (rack order on a tie).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tilewise.lessons.hand.card import CardLine, LineNeed, needs, open_groups
from tilewise.lessons.practice.charleston import junk_singles, pass_order
from tilewise.lessons.practice.claims import tile_value
from tilewise.lessons.practice.lines import PracticeLine
from tilewise.rules.charleston import BLIND_STEPS
from tilewise.rules.jokers import IDENTICAL_SIZES
from tilewise.rules.referee import judge_verdict
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import JOKER, sort_tiles
from tilewise.rules.wins import wsm_winning_split

if TYPE_CHECKING:  # pragma: no cover
    from tilewise.lessons.hand.engine import HandEngine

#: Every Why code the partners give, for the GUI's sentence table.
WHY_CODES: tuple[str, ...] = (
    "pass_unwanted", "pass_blind", "vote_stop", "vote_continue", "offer", "heavenly",
    "mahjong", "exchange_joker", "call_exposure", "call_mahjong", "discard_spare",
    "discard_joker", "draw", "let_go", "win_self_drawn", "win_discard", "rob_kong",
    "kong_concealed", "kong_added", "claim_kong", "claim_pong", "claim_chi",
    "discard_lonely", "discard_after_claim",
)
_SIZE_KIND = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
_WSM_ORDER = {"win": 0, "kong": 1, "pong": 2, "chi": 3}


@dataclass(frozen=True)
class Why:
    """Why a computer seat made a move: a stable ``code`` (:data:`WHY_CODES`) and ``params``
    (``tile``/``tiles`` codes, ``line`` a card line index, ``missing`` tiles to go, ``count``,
    ``seat``/``owner`` seats, ``claim`` a claim word)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


Choice = tuple[dict[str, Any], Why]


def practice_line(line: CardLine) -> PracticeLine:
    """A card line as the Charleston practice sees one: groups of identical tiles (NEWS and
    other mixed groups split into singles), so its pass order applies."""
    groups: list[tuple[str, ...]] = []
    for group in line.groups:
        if group.kind in IDENTICAL_SIZES or group.kind == "pair":
            groups.append(group.tiles)
        else:
            groups.extend((tile,) for tile in group.tiles)
    return PracticeLine(line.label, tuple(groups), line.context)


@dataclass(frozen=True)
class Partners:
    """The computer seats' policy (see the module docstring).

    ``settled_at``: a partner whose nearest line is at most this many tiles away is *settled*
    (American Charleston: it votes to stop, forwards a whole blind pass, offers nothing).
    """

    settled_at: int = 6

    def decide(self, engine: HandEngine, seat: str) -> Choice:
        """The move ``seat`` makes now, and why. The engine only asks a seat it waits for."""
        stage = engine.stage
        if engine.ruleset == "american":
            return getattr(self, f"_american_{stage}")(engine, seat)  # type: ignore[no-any-return]
        return getattr(self, f"_wsm_{stage}")(engine, seat)  # type: ignore[no-any-return]

    # -- American ---------------------------------------------------------------------------

    def _needs(self, engine: HandEngine, seat: str, hand: Sequence[str] | None = None
               ) -> list[LineNeed]:
        assert engine.card is not None
        concealed = engine.hand(seat) if hand is None else list(hand)
        key = ("needs", tuple(sorted(concealed)),
               tuple(tuple(m["tiles"]) for m in engine.state["melds"][seat]))
        found = engine.cache.get(key)
        if found is None:
            found = engine.cache[key] = needs(engine.card, concealed, engine.melds(seat))
        return list(found)

    def _lines(self, engine: HandEngine, seat: str) -> tuple[list[LineNeed], list[PracticeLine]]:
        assert engine.card is not None
        near = self._needs(engine, seat)
        return near, [practice_line(engine.card.lines[n.index]) for n in near[:2]]

    def _american_pass(self, engine: HandEngine, seat: str) -> Choice:
        near, lines = self._lines(engine, seat)
        step = str(engine.state["step"])
        if seat == "E" and step == "first_right" and near[0].missing == 0:
            return {"type": "declare_win", "seat": seat}, Why("heavenly", {"line": near[0].index})
        hand = engine.hand(seat)
        blind = 0
        if step in BLIND_STEPS:
            settled = near[0].missing <= self.settled_at
            blind = 3 if settled else max(0, 3 - len(junk_singles(hand, lines)))
        tiles = pass_order(hand, lines)[: 3 - blind]
        params = {"tiles": tiles, "line": near[0].index, "count": blind}
        code = "pass_blind" if blind else "pass_unwanted"
        return {"type": "pass", "seat": seat, "tiles": tiles, "blind": blind}, Why(code, params)

    def _american_vote(self, engine: HandEngine, seat: str) -> Choice:
        near = self._needs(engine, seat)
        stop = near[0].missing <= self.settled_at
        why = Why("vote_stop" if stop else "vote_continue",
                  {"line": near[0].index, "missing": near[0].missing})
        return {"type": "vote", "seat": seat, "continue": not stop}, why

    def _american_courtesy(self, engine: HandEngine, seat: str) -> Choice:
        near, lines = self._lines(engine, seat)
        count = max(0, min(3, near[0].missing - self.settled_at))
        tiles = pass_order(engine.hand(seat), lines)[:count]
        why = Why("offer", {"tiles": tiles, "count": count, "line": near[0].index})
        return {"type": "offer", "seat": seat, "tiles": tiles}, why

    def _american_draw(self, engine: HandEngine, seat: str) -> Choice:
        return {"type": "draw", "seat": seat}, Why("draw")

    def _american_turn(self, engine: HandEngine, seat: str) -> Choice:
        near = self._needs(engine, seat)
        best = near[0]
        declare = {"type": "declare_win", "seat": seat}
        # the referee decides when a complete hand may be declared (not straight after a call)
        if best.missing == 0 and judge_verdict(engine.scenario(declare)).legal:
            return declare, Why("mahjong", {"line": best.index})
        exchange = self._joker_exchange(engine, seat, best)
        if exchange is not None:
            return exchange
        hand = engine.hand(seat)
        # a spare natural; else a spare joker; else (complete, but not to be declared now)
        # any natural, to wait for it again
        spare = ([tile for tile in best.spare if tile != JOKER] or [JOKER] * (JOKER in hand)
                 or [tile for tile in sort_tiles(hand) if tile != JOKER])
        if spare[0] == JOKER:
            return ({"type": "discard", "seat": seat, "tile": JOKER},
                    Why("discard_joker", {"line": best.index, "missing": best.missing}))
        other = near[1].spare if len(near) > 1 else ()
        both = [tile for tile in spare if tile in other]
        tile = (both or spare)[0]
        why = Why("discard_spare", {"tile": tile, "line": best.index, "missing": best.missing})
        return {"type": "discard", "seat": seat, "tile": tile}, why

    def _joker_exchange(self, engine: HandEngine, seat: str, best: LineNeed) -> Choice | None:
        hand = engine.hand(seat)
        for owner in SEATS:
            for index, meld in enumerate(engine.melds(owner)):
                natural = next((t for t in meld.tiles if t != JOKER), None)
                if JOKER not in meld.tiles or natural is None or natural not in hand:
                    continue
                after = list(hand)
                after.remove(natural)
                after.append(JOKER)
                if self._needs(engine, seat, after)[0].missing <= best.missing:
                    action = {"type": "joker_exchange", "seat": seat, "tile": natural,
                              "target": {"seat": owner, "meld": index}}
                    return action, Why("exchange_joker", {"tile": natural, "owner": owner})
        return None

    def _american_claims(self, engine: HandEngine, seat: str) -> Choice:
        tile = engine.claim_tile()
        params = {"tile": tile}
        near = self._needs(engine, seat)
        best = near[0]
        if best.missing > 1 and tile not in best.joker_ok:  # neither Mah Jongg nor a call
            return {"type": "no_claim", "seat": seat}, Why("let_go", params)
        options = [o for o in engine.claim_options() if o["seat"] == seat]
        for option in options:
            if option["claim"] == "mahjong":
                return option, Why("call_mahjong", params)
        if tile in best.joker_ok:
            for size in self._open_sizes(engine, seat, best.index, str(tile)):
                kind = _SIZE_KIND[size]
                mine = [o for o in options if o["claim"] == kind]
                if mine:
                    option = max(mine, key=lambda o: o["tiles"].count(tile))
                    why = Why("call_exposure", {"tile": tile, "claim": kind, "line": best.index})
                    return option, why
        return {"type": "no_claim", "seat": seat}, Why("let_go", params)

    def _open_sizes(self, engine: HandEngine, seat: str, index: int, tile: str) -> list[int]:
        """Sizes of the identical groups of ``tile`` that line ``index`` still has open."""
        assert engine.card is not None
        rest = open_groups(engine.card.lines[index], engine.melds(seat)) or []
        return [len(g.tiles) for g in rest if g.kind in IDENTICAL_SIZES and g.tiles[0] == tile]

    # -- WSM --------------------------------------------------------------------------------

    def _wsm_draw(self, engine: HandEngine, seat: str) -> Choice:
        return {"type": "draw", "seat": seat}, Why("draw")

    def _wsm_turn(self, engine: HandEngine, seat: str) -> Choice:
        hand = engine.hand(seat)
        after = engine.state["turn"]["after"]
        own_turn = after in ("deal", "wall", "supplement")
        if own_turn:
            if wsm_winning_split(hand, engine.melds(seat)) is not None:
                return {"type": "declare_win", "seat": seat}, Why("win_self_drawn")
            counts = Counter(hand)
            four = sort_tiles(t for t, n in counts.items() if n == 4)
            if four:
                action = {"type": "kong_concealed", "seat": seat, "tile": four[0]}
                return action, Why("kong_concealed", {"tile": four[0]})
            for meld in engine.melds(seat):
                if meld.kind == "pong" and meld.tiles[0] in hand:
                    end = "left" if meld.rotated == len(meld.tiles) - 1 else "right"
                    action = {"type": "kong_added", "seat": seat, "tile": meld.tiles[0],
                              "end": end}
                    return action, Why("kong_added", {"tile": meld.tiles[0]})
        values = sorted((tile_value(hand, tile), index, tile)
                        for index, tile in enumerate(sort_tiles(set(hand))))
        value, _, tile = values[0]
        code = "discard_lonely" if own_turn else "discard_after_claim"
        return ({"type": "discard", "seat": seat, "tile": tile},
                Why(code, {"tile": tile, "count": value}))

    def _wsm_claims(self, engine: HandEngine, seat: str) -> Choice:
        tile = engine.claim_tile()
        hand = engine.hand(seat)
        counts = Counter(hand)
        options = sorted((o for o in engine.claim_options() if o["seat"] == seat),
                         key=lambda o: _WSM_ORDER[o["claim"]])
        for option in options:
            kind = option["claim"]
            if kind == "win":
                return option, Why("win_discard", {"tile": tile, "seat": engine.discarder()})
            if kind == "kong":
                return option, Why("claim_kong", {"tile": tile})
            if kind == "pong" and any(n >= 2 for t, n in counts.items() if t != tile):
                return option, Why("claim_pong", {"tile": tile})
            if kind == "chi" and all(counts[t] == 1 for t in option["tiles"]):
                return option, Why("claim_chi", {"tile": tile, "tiles": list(option["tiles"])})
        return {"type": "no_claim", "seat": seat}, Why("let_go", {"tile": tile})

    def _wsm_rob(self, engine: HandEngine, seat: str) -> Choice:
        tile = engine.claim_tile()
        options = [o for o in engine.claim_options() if o["seat"] == seat]
        if options:
            return options[0], Why("rob_kong", {"tile": tile, "seat": engine.discarder()})
        return {"type": "no_claim", "seat": seat}, Why("let_go", {"tile": tile})
