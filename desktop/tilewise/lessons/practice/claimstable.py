"""The claims drill on the table model: the same table, drags and keyboard as a lesson.

:class:`ClaimsTable` shows the open prompt of a
:class:`~tilewise.lessons.practice.claims.ClaimsDrill` as a ``tilewise.lessons.table.Table``
(every seat's discards, exposures and tile count, the learner's rack) and takes the learner's
moves as a lesson table does (:meth:`~ClaimsTable.move`, :meth:`~ClaimsTable.take_back`,
:meth:`~ClaimsTable.command`):

- on the learner's turn (``discard`` prompt) a tile dropped into the discard zone is the
  learner's discard; one dropped into the kong zone declares a concealed kong of it, into an
  end zone of their exposed pong an added kong; ``declare_win`` declares a self-drawn win;
- at a claim window (``claim`` prompt) the learner drags the tiles of their meld into the
  claim zone (and may drag a discard there to aim at it) and presses a claim button
  (``claim:chi``, ``claim:pong``, ``claim:kong``, ``claim:win``), or ``pass``;
- when several seats claim (``precedence`` prompt) :meth:`~ClaimsTable.answer` says who gets
  the tile and why.

Every move goes to the drill, which has the referee judge it (REFERENCE.md sections 7-9). A
refusal returns what the learner staged and keeps the prompt. After an accepted move the table
is set up again from the drill's new state and follows the one before
(:func:`tilewise.lessons.table.follow`): tiles keep their ids, so what moved (the learner's
discard, the tiles drawn, the claimed tile into its meld, sideways where the referee's meld
says) slides there, and what came into the learner's rack is marked.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from tilewise.lessons.model import Answer, Task
from tilewise.lessons.practice.claims import Answer as Precedence
from tilewise.lessons.practice.claims import ClaimsDrill
from tilewise.lessons.practice.table import verdict_feedback
from tilewise.lessons.steptable import Outcome
from tilewise.lessons.table import Table, follow
from tilewise.rules.verdict import Verdict

#: The referee-state keys the drill's table is drawn from.
_STATE_KEYS = ("dealer", "phase", "hands", "melds", "discards", "last_discard", "turn",
               "pending_kong")


def drill_task(drill: ClaimsDrill) -> Task:
    """The drill's open prompt as a task: ``discard``, the kongs they may declare and
    ``declare_win`` on the learner's turn, ``claim`` at a claim window (the claim zone holds a kong's three tiles and the
    discard), nothing to move while a precedence question is open or once the drill is over."""
    prompt = drill.prompt
    state = {k: copy.deepcopy(v) for k, v in drill.state.items() if k in _STATE_KEYS}
    kind = prompt.kind if prompt is not None else ""
    allow: tuple[str, ...] = ()
    shapes: tuple[Answer, ...] = ()
    if kind == "discard" and prompt is not None:
        kongs = [str(o["type"]) for o in prompt.options if o["type"] != "declare_win"]
        allow = ("discard", *dict.fromkeys(kongs), "declare_win")
    elif kind == "claim" and prompt is not None:
        allow = ("claim",)
        # the largest meld a claim makes: the zone's size tells nothing about the hand
        shapes = (Answer({"type": "claim", "seat": drill.seat, "claim": "kong",
                          "tiles": [prompt.tile] * 3}),)
    return Task(ruleset="wsm", seat=drill.seat, allow=allow, state=state, given={},
                done="legal", result=None, answers=shapes, wrong=())


class ClaimsTable:
    """The table of a claims drill (see the module docstring). ``table`` is the model the
    GUI's table view draws; ``last`` the drill's last verdict on a learner's move;
    ``answer`` the right answer to the last precedence question; ``laid_out`` True when the
    last move laid out a meld of the learner's (their claim was awarded)."""

    def __init__(self, drill: ClaimsDrill) -> None:
        self.drill = drill
        self.last: Verdict | None = None
        self.answer: Precedence | None = None
        self.laid_out = False
        self.table = Table(drill_task(drill))

    @property
    def commands(self) -> list[str]:
        """The buttons of the open prompt: the table's (claims, declare a win) and ``pass``
        at a claim window."""
        prompt = self.drill.prompt
        extra = ["pass"] if prompt is not None and prompt.kind == "claim" else []
        return [*self.table.commands, *extra]

    def move(self, tile_id: int, zone_id: str, slot: int | None = None) -> Outcome:
        """Drop a tile into a zone: into the discard zone it is the learner's discard; into
        the claim zone it waits for a claim button."""
        if not 0 <= tile_id < len(self.table.tiles) or not self.table.place(tile_id, zone_id,
                                                                           slot):
            return Outcome()
        action = self.table.zone_action(zone_id)
        if action is None:
            return Outcome(True)
        tile = str(action["tile"])
        if action["type"] == "kong_concealed":
            return self._settle(self.drill.kong(tile))
        if action["type"] == "kong_added":
            return self._settle(self.drill.kong(tile, str(action["end"])))
        return self._settle(self.drill.discard(tile))

    def take_back(self, tile_id: int) -> Outcome:
        """Return a staged tile to its place."""
        if not 0 <= tile_id < len(self.table.tiles):
            return Outcome()
        return Outcome(self.table.take_back(tile_id))

    def command(self, command: str) -> Outcome:
        """``claim:<kind>`` with the staged tiles, ``pass``, or ``declare_win``; any other
        command, or one the open prompt does not offer, changes nothing."""
        if command not in self.commands:
            return Outcome()
        if command == "pass":
            self.drill.pass_claim()
            return self._settle(None)
        if command == "declare_win":
            return self._settle(self.drill.declare_win())
        action = self.table.command_action(command)
        assert action is not None
        discard = action.get("discard")
        return self._settle(self.drill.claim(
            str(action["claim"]), [str(t) for t in action["tiles"]],
            dict(discard) if isinstance(discard, Mapping) else None))

    def time_out(self) -> Outcome:
        """The claim window's clock ran out: the learner passes."""
        prompt = self.drill.prompt
        if prompt is None or prompt.kind != "claim":
            return Outcome()
        self.drill.pass_claim(timed_out=True)
        return self._settle(None)

    def answer_precedence(self, seat: str, why: str) -> Outcome:
        """Answer the precedence question (who gets the tile, and why); the table goes on."""
        prompt = self.drill.prompt
        if prompt is None or prompt.kind != "precedence":
            return Outcome()
        answer = self.drill.answer(seat, why)
        outcome = self._settle(None)
        self.answer = answer
        return outcome

    def _settle(self, verdict: Verdict | None) -> Outcome:
        """After the drill's verdict (None: a pass or an answer, nothing to refuse): a refusal
        returns what the learner staged; otherwise the table is set up again from the drill's
        state, following the one before."""
        self.last, self.answer = verdict, None
        melds = len(self.table.melds(self.drill.seat))
        if verdict is not None and not verdict.legal:
            self.table.return_moved()
            return Outcome(True, verdict_feedback(verdict))
        table = Table(drill_task(self.drill))
        motions = follow(self.table, table)
        self.table = table
        self.laid_out = len(table.melds(self.drill.seat)) > melds
        return Outcome(True, None if verdict is None else verdict_feedback(verdict),
                       tuple(motions), carried=True)


__all__ = ["ClaimsTable", "drill_task"]
