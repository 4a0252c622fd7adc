"""The Charleston practice on the table model: the same table, drags and keyboard as a lesson.

:class:`PracticeTable` shows the current step of a
:class:`~tilewise.lessons.practice.charleston.CharlestonPractice` as a
``tilewise.lessons.table.Table`` (the learner's rack, the three partners, the pass zone toward
the receiving seat, the tiles arriving face down only on a step where a blind pass is allowed:
``first_left`` and ``second_right``, DECISIONS 2) and takes the learner's moves as a lesson
table does (:meth:`~PracticeTable.move`, :meth:`~PracticeTable.take_back`,
:meth:`~PracticeTable.command`). A full pass zone is committed to the practice engine
(``pass_tiles``), the stop vote and the courtesy offer by their buttons (``vote``,
``offer``). A tile the core refuses for another reason than a short count goes back at once,
and a refused move returns what the learner staged. After each accepted step the table is set
up again from the engine's hands and follows the table before it
(``tilewise.lessons.table.follow``): the learner's rack keeps its order, the tiles passed
slide to the seat that receives them, the tiles received come at the rack's end, marked as
arrivals, and slide in from the seat that passed them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tilewise.lessons import moves
from tilewise.lessons.model import Answer, Task
from tilewise.lessons.practice.charleston import CharlestonPractice
from tilewise.lessons.session import Feedback
from tilewise.lessons.steptable import SHORT_PASS, Outcome
from tilewise.lessons.table import Motion, Place, Table, follow
from tilewise.rules.charleston import PASS_DIRECTIONS, pass_source
from tilewise.rules.seats import SEATS, across_of
from tilewise.rules.verdict import Verdict


def step_task(practice: CharlestonPractice, rack: list[str] | None = None) -> Task:
    """The practice's current step as a task: ``pass`` on a pass step (a blind pass listed
    where one is allowed, so the arriving tiles are offered), ``vote`` at the stop vote,
    ``courtesy`` in the courtesy pass, nothing once the Charleston is over. ``rack``: the
    learner's tiles in the order to show them (the engine's hand, sorted, by default)."""
    step, seat = practice.step, practice.seat
    hands = {s: list(practice.table.hands[s]) for s in SEATS}
    hands[seat] = list(rack) if rack is not None else practice.hand
    state: dict[str, Any] = {"dealer": "E", "phase": "charleston", "step": step, "hands": hands}
    allow: tuple[str, ...] = ()
    answers: tuple[Answer, ...] = ()
    if step in PASS_DIRECTIONS:
        allow = ("pass",)
        if practice.blind_allowed():
            answers = (Answer({"type": "pass", "seat": seat, "tiles": [], "blind": 3}),)
    elif step == "stop_vote":
        allow = ("vote",)
    elif step == "courtesy":
        allow = ("courtesy",)
        state = {"dealer": "E", "phase": "courtesy", "hands": hands}
    return Task(ruleset="american", seat=seat, allow=allow, state=state, given={},
                done="legal", result=None, answers=answers, wrong=())


def verdict_feedback(verdict: Verdict) -> Feedback:
    """A practice engine's verdict as the lesson table's ``Feedback`` (accepted when legal)."""
    return Feedback(verdict.legal, verdict.legal, None if verdict.legal else str(verdict.reason),
                    None, verdict.legal, verdict.to_answer())


class PracticeTable:
    """The table of a Charleston practice deal (see the module docstring). ``table`` is the
    model the GUI's table view draws; ``last`` the engine's last verdict."""

    def __init__(self, practice: CharlestonPractice,
                 judge: moves.Judge | None = None) -> None:
        self.practice = practice
        self._judge = judge or moves.default_judge()
        self.last: Verdict | None = None
        self.table = Table(step_task(practice))

    @property
    def done(self) -> bool:
        """True once the courtesy pass is settled."""
        return self.practice.done

    def move(self, tile_id: int, zone_id: str, slot: int | None = None) -> Outcome:
        """Drop a tile into a zone; a full pass zone is passed."""
        if not 0 <= tile_id < len(self.table.tiles) or not self.table.place(tile_id, zone_id,
                                                                           slot):
            return Outcome()
        action = self.table.zone_action(zone_id)
        if action is None:  # the courtesy zone waits for its button
            return Outcome(True)
        if self.table.pass_missing() > 0:
            answer = self._judge(moves.scenario(self.table.task, action))
            if not answer.get("legal") and answer.get("reason") != SHORT_PASS:
                self.table.return_moved()
                reason = str(answer.get("reason"))
                return Outcome(True, Feedback(False, False, reason, None, False, answer))
            return Outcome(True)
        before = len(self.practice.records)
        return self._settle(self.practice.pass_tiles(action["tiles"], action["blind"]), before)

    def take_back(self, tile_id: int) -> Outcome:
        """Return a staged tile to its place."""
        if not 0 <= tile_id < len(self.table.tiles):
            return Outcome()
        return Outcome(self.table.take_back(tile_id))

    def command(self, command: str) -> Outcome:
        """``vote:continue``, ``vote:stop`` or ``offer`` (the staged courtesy tiles)."""
        action = self.table.command_action(command)
        if action is None or action["type"] not in self.table.task.allow:
            return Outcome()
        before = len(self.practice.records)
        if action["type"] == "vote":
            return self._settle(self.practice.vote(bool(action["continue"])), before)
        return self._settle(self.practice.offer(action["offers"][self.practice.seat]), before)

    def _settle(self, verdict: Verdict, before: int) -> Outcome:
        """After the engine's verdict: a refusal returns what the learner staged; an
        accepted step sets the table up again from the engine's hands (``before``: how many
        steps the engine had resolved before this move)."""
        self.last = verdict
        if not verdict.legal:
            self.table.return_moved()
            return Outcome(True, verdict_feedback(verdict))
        seat = self.practice.seat
        resolved = self.practice.records[before:]
        gone: Counter[str] = Counter(resolved[-1].given[seat]) if resolved else Counter()
        received = list(resolved[-1].received[seat]) if resolved else []
        mine = sorted((t for t in self.table.tiles
                       if t.home.area == "rack" and t.home.owner == seat),
                      key=lambda t: t.home.slot)
        kept = []
        for tile in mine:
            if gone[tile.code] > 0:
                gone[tile.code] -= 1
            else:
                kept.append(tile.code)
        rack, marked = _rack_order(kept, received, self.practice.hand)
        step = resolved[-1].step if resolved else ""
        table = Table(step_task(self.practice, rack))
        # the tiles keep their ids: the passed ones slide to their seat, the received in
        motions = {m.tile: m for m in follow(self.table, table)}
        self.table = table
        for tile in table.tiles:
            tile.arrived = False
        ids = table.rack(seat)
        source = pass_source(step, seat) if step in PASS_DIRECTIONS else across_of(seat)
        for tile_id in ids[len(ids) - marked:] if marked else []:
            tile = table.tiles[tile_id]
            tile.arrived = True
            motions.setdefault(tile_id, Motion(tile_id, Place("rack", source), tile.place))
        return Outcome(True, verdict_feedback(verdict), tuple(sorted(
            motions.values(), key=lambda m: m.tile)), carried=True)


def _rack_order(kept: list[str], received: list[str], hand: list[str]) -> tuple[list[str], int]:
    """The learner's new rack and how many tiles at its end arrived: the tiles that stayed,
    in their order, then the ones received; the engine's hand, nothing marked, when they do
    not add up to it (the table never shows a tile the hand lacks)."""
    rack = [*kept, *received]
    if Counter(rack) == Counter(hand):
        return rack, len(received)
    return list(hand), 0


__all__ = ["PracticeTable", "step_task", "verdict_feedback"]
