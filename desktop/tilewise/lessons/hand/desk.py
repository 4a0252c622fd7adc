"""A whole hand on the table model: the same table, drags and keyboard as a lesson step.

:class:`HandDesk` shows the learner's seat of a :class:`~tilewise.lessons.hand.engine.HandEngine`
as a ``tilewise.lessons.table.Table`` (:func:`hand_task`): the learner's rack, the three
partners' concealed racks and exposures (the claimed tile at the meld's ``rotated`` place,
REFERENCE section 6), every seat's discards, the wall, and the drop zones of what the table
waits for from the learner now:

- Charleston (REFERENCE section 4): the pass zone toward the receiving seat, with three tiles
  arriving face down on a step where a blind pass is allowed (``first_left``,
  ``second_right``, DECISIONS 2); the stop vote and the courtesy offer (its zone and button);
- the learner's turn: the discard zone; American, one swap zone per exposure holding a joker
  (a joker exchange, REFERENCE section 5); WSM, a kong zone when four of a tile are in the rack
  and the end zones of an exposed pong the rack holds the fourth tile of (REFERENCE section 8);
  Mah Jongg / a win by its button;
- a discard open to claims: the claim zone (the tiles to expose with it, then the claim's
  button), or let it go.

A full acting zone (pass, discard, kong, kong end, swap) or a button makes one engine move,
sent through ``submit`` (the GUI's own path: a guided hand checks it against its script
first). A tile put into a pass zone that the referee refuses at once for another reason than a
short count goes back with that verdict (:attr:`HandDesk.preview`). After a move the engine
played (and the partners after it) the table is set up again from the engine's state: the
rack sorted, the tiles that came in since the last table at its end, marked as arrivals; after
a refusal, or a move the engine did not play, only the tiles the learner moved go back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from tilewise.lessons.hand.ending import Ending, hand_ending
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.model import Answer, Task
from tilewise.lessons.steptable import SHORT_PASS, Outcome
from tilewise.lessons.table import Table
from tilewise.rules.charleston import BLIND_STEPS
from tilewise.rules.referee import judge_verdict
from tilewise.rules.tiles import sort_tiles
from tilewise.rules.verdict import Verdict

Submit = Callable[[dict[str, Any]], Verdict | None]
"""``submit(action)``: play the learner's move (the ``seat`` is filled in); the verdict, or
None when there is no hand."""

#: Buttons of a hand besides the table's own (``tilewise.lessons.table.task_commands``):
#: draw from the wall, and let the open discard (or added kong) go.
DESK_COMMANDS = ("draw", "no_claim")


def _turn_moves(engine: HandEngine, seat: str, rack: list[str]) -> list[str]:
    """The zone kinds of the learner's turn (see the module docstring)."""
    allow = ["discard"]
    if engine.ruleset == "american":
        allow.append("joker_exchange")
        return [*allow, "declare_win"]
    counts = Counter(rack)
    if any(count == 4 for count in counts.values()):
        allow.append("kong_concealed")
    if any(meld.kind == "pong" and meld.tiles[0] in counts for meld in engine.melds(seat)):
        allow.append("kong_added")
    return [*allow, "declare_win"]


def hand_task(engine: HandEngine, seat: str, rack: list[str] | None = None) -> Task:
    """The table of ``seat`` now, as a task: the engine's state (``rack``: the learner's tiles
    in the order to show them; the engine's hand, sorted, by default) and the zones of what the
    table waits for from ``seat`` (the module docstring); none when it waits for nobody there.
    Once the hand is won, the winner's rack lies in the order of its sets
    (:attr:`~tilewise.lessons.hand.ending.Ending.rack_order`)."""
    state: dict[str, Any] = {key: value for key, value in engine.state.items() if key != "card"}
    hands = {s: list(tiles) for s, tiles in engine.state["hands"].items()}
    hands[seat] = list(rack) if rack is not None else sort_tiles(hands[seat])
    ending = hand_ending(engine)
    if ending is not None and ending.winner is not None:
        hands[ending.winner] = ending.rack_order
    state["hands"] = hands
    allowed = engine.allowed(seat)
    allow: list[str] = []
    answers: tuple[Answer, ...] = ()
    stage = engine.stage
    if stage == "pass" and allowed:
        allow.append("pass")
        if engine.state["step"] in BLIND_STEPS:  # three tiles arrive face down to pass on
            answers = (Answer({"type": "pass", "seat": seat, "tiles": [], "blind": 3}),)
        if "declare_win" in allowed:
            allow.append("declare_win")
    elif stage == "vote" and allowed:
        allow.append("vote")
    elif stage == "courtesy" and allowed:
        allow.append("courtesy")
    elif stage == "turn" and allowed:
        allow += _turn_moves(engine, seat, hands[seat])
    elif stage in ("claims", "rob") and allowed:
        allow.append("claim")
        answers = tuple(Answer({"type": "claim", "seat": seat, "claim": option["claim"],
                                "tiles": list(option["tiles"])})
                        for option in engine.claim_options() if option["seat"] == seat)
    return Task(ruleset=engine.ruleset, seat=seat, allow=tuple(allow), state=state, given={},
                done="legal", result=None, answers=answers, wrong=())


class HandDesk:
    """The learner's table of one hand (see the module docstring). ``engine`` must have a
    ``learner``; ``submit`` plays a move (default: the engine's own ``act``). ``table`` is the
    model the GUI's table view draws; ``last`` the verdict of the last move sent;
    ``preview`` that of a tile refused at once."""

    def __init__(self, engine: HandEngine, submit: Submit | None = None) -> None:
        if engine.learner is None:
            raise ValueError("a hand desk needs the learner's seat")
        self.engine = engine
        self.seat: str = engine.learner
        self._submit: Submit = submit or (lambda action: engine.act(action))
        self.last: Verdict | None = None
        self.preview: Verdict | None = None
        self.table = Table(hand_task(engine, self.seat))
        #: How the hand ended (:func:`~tilewise.lessons.hand.ending.hand_ending`), else None.
        self.ending: Ending | None = hand_ending(engine)

    @property
    def commands(self) -> list[str]:
        """The buttons now: the table's (claim kinds, vote, offer, declare) and ours
        (:data:`DESK_COMMANDS`: ``draw`` when the learner is to draw, ``no_claim`` in a claim
        window)."""
        allowed = self.engine.allowed(self.seat)
        return [*self.table.commands, *[c for c in DESK_COMMANDS if c in allowed]]

    def move(self, tile_id: int, zone_id: str, slot: int | None = None) -> Outcome:
        """Drop a tile into a zone; a full acting zone makes its move."""
        self.preview = None
        if not 0 <= tile_id < len(self.table.tiles) or not self.table.place(tile_id, zone_id,
                                                                           slot):
            return Outcome()
        action = self.table.zone_action(zone_id)
        if action is None:  # a claim or courtesy zone waits for its button
            return Outcome(True)
        if self.table.pass_missing() > 0:
            verdict = judge_verdict(self.engine.scenario(action))
            if not verdict.legal and verdict.reason != SHORT_PASS:
                self.preview = verdict
                self.table.return_moved()
            return Outcome(True)
        return self.play(action)

    def take_back(self, tile_id: int) -> Outcome:
        """Return a staged tile to its place (dragged out of a zone, or dropped elsewhere)."""
        self.preview = None
        if not 0 <= tile_id < len(self.table.tiles):
            return Outcome()
        return Outcome(self.table.take_back(tile_id))

    def command(self, command: str) -> Outcome:
        """A button: a table command with the staged tiles (a claim, a vote, the courtesy
        offer, Mah Jongg / a win), ``draw`` or ``no_claim``; anything else changes nothing.
        ``draw`` and ``no_claim`` use no tile: the tiles staged in a zone (say the claim
        zone, before letting the discard go) go back to the rack first, so the table set up
        again after the move does not take one for a tile that arrived (it ended the rack
        with the "just arrived" mark although nothing was drawn: tester report)."""
        self.preview = None
        if command in DESK_COMMANDS:
            moved = self.table.return_moved()
            outcome = self.play({"type": command})
            return Outcome(True) if moved and not outcome.changed else outcome
        action = self.table.command_action(command)
        if action is None:
            return Outcome()
        if action["type"] == "courtesy":
            action = {"type": "offer", "tiles": list(action["offers"][self.seat])}
        return self.play(action)

    def play(self, action: Mapping[str, Any]) -> Outcome:
        """Send ``action`` for the learner; set the table up again when the engine played it,
        else return what the learner moved."""
        before = len(self.engine.moves)
        self.last = self._submit({**action, "seat": self.seat})
        if not any(move.legal for move in self.engine.moves[before:]):
            return Outcome(bool(self.table.return_moved()))
        self.refresh()
        return Outcome(True)

    def refresh(self) -> None:
        """Set the table up again from the engine (the rack sorted, the tiles new since the
        last table at its end, marked as arrivals). When the hand is over: the racks of
        :attr:`face_up` shown, the winner's in the order of its sets, and only its winning
        tile marked (:attr:`winning_tile`)."""
        shown = Counter(self.table.tiles[i].code for i in self.table.rack(self.seat))
        hand = self.engine.hand(self.seat)
        new = Counter(hand) - shown
        kept = sort_tiles((Counter(hand) - new).elements())
        arrivals = sort_tiles(new.elements())
        self.table = Table(hand_task(self.engine, self.seat, [*kept, *arrivals]))
        self.ending = hand_ending(self.engine)
        winning = self.winning_tile
        if self.ending is not None:  # the end: only the winning tile is marked
            arrivals = []
        if winning is not None:
            self.table.tiles[winning].arrived = True
        rack = self.table.rack(self.seat)
        for tile_id in rack[len(rack) - len(arrivals):] if arrivals else []:
            self.table.tiles[tile_id].arrived = True

    @property
    def face_up(self) -> tuple[str, ...]:
        """The seats whose concealed racks the table shows face up: none while the hand goes
        on; the winner's once it is won; every seat's at a wall game."""
        return self.ending.face_up if self.ending is not None else ()

    @property
    def winning_tile(self) -> int | None:
        """The table's id of the winning tile in the winner's rack, once the hand is won."""
        ending = self.ending
        if ending is None or ending.winner is None or ending.winning is None:
            return None
        number, index = ending.winning
        place = sum(len(g.tiles) for g in ending.groups[:number] if not g.exposed) + index
        return self.table.rack(ending.winner)[place]


__all__ = ["DESK_COMMANDS", "HandDesk", "Submit", "hand_task"]
