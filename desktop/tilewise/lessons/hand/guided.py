"""A guided whole hand: a lesson's fixed deal, played step by step along its script.

A ``hand`` step of a lesson (:class:`~tilewise.lessons.model.HandScript`) names a deal code,
the learner's seat and a script: the learner's expected move at every point where the learner
acts, in order, except draws and claim windows where the learner has no legal claim (the
coach plays those: :func:`scripted_point`). The three partners play by their policy, so the
whole hand follows from the deal and the script.

:class:`GuidedHand` runs it for the GUI: :attr:`GuidedHand.point` is the current script move;
:meth:`GuidedHand.attempt` takes the learner's move and answers with a :class:`Guidance`:
``right`` (the expected move: it is played and the hand goes on), ``wrong`` (a move the script
explains), ``refused`` (the referee's reason) or ``otherwise`` (legal, but not this hand's
plan). Only the expected move is ever played, so the hand stays the scripted one.

:func:`check_script` is the validator (``tilewise pack check`` and ``make packs`` run it): it
plays the script through the engine and reports every point where the hand and the script part
ways (``script[i].expect``: not the learner's turn, refused by the referee, the hand already
over; a listed wrong move that is the expected one, or is refused with another reason; moves
left at the end).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tilewise.i18n import _
from tilewise.lessons.hand.card import PracticeCard, needs
from tilewise.lessons.hand.dealcode import DealCodeError, decode
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.hand.partners import Partners
from tilewise.lessons.model import HandScript, ScriptMove, WrongAnswer
from tilewise.lessons.moves import same_action
from tilewise.rules.verdict import Verdict

Report = list[tuple[str, str]]


@dataclass(frozen=True)
class Guidance:
    """The answer to one learner move: ``kind`` (``right``, ``wrong``, ``refused``,
    ``otherwise``), the referee's ``verdict`` on it, and the script's ``wrong`` entry when
    the move was one it explains."""

    kind: str
    verdict: Verdict
    wrong: WrongAnswer | None = None


def scripted_point(engine: HandEngine, seat: str) -> bool:
    """True when ``seat``'s decision now is a point of the script: anything but a draw, and
    a claim window only when ``seat`` has a legal claim worth weighing (WSM: any; American:
    Mah Jongg, or an exposure of a tile its nearest card line has room for)."""
    if engine.stage == "draw":
        return False
    if engine.stage in ("claims", "rob"):
        options = [option for option in engine.claim_options() if option["seat"] == seat]
        if engine.ruleset == "american" and engine.card is not None:
            near = needs(engine.card, engine.hand(seat), engine.melds(seat))
            wanted = bool(near) and engine.claim_tile() in near[0].joker_ok
            return any(o["claim"] == "mahjong" for o in options) or bool(options) and wanted
        return bool(options)
    return True


def engine_for(hand: HandScript, card: PracticeCard | None) -> HandEngine:
    """The hand engine of ``hand``'s deal with the learner in its seat (nothing played yet
    beyond what the partners do first). Raises ``DealCodeError`` / ``ValueError``."""
    ruleset, seed = decode(hand.deal)
    if ruleset != hand.ruleset:
        raise ValueError(_("deal {code} is a {ruleset} deal, not {wanted}", code=hand.deal,
                           ruleset=ruleset, wanted=hand.ruleset))
    return HandEngine(ruleset, seed, card=card if ruleset == "american" else None,
                      learner=hand.seat)


class GuidedHand:
    """One guided hand being played (see the module docstring). ``ValueError`` /
    ``DealCodeError`` for a hand whose deal cannot be dealt."""

    def __init__(self, hand: HandScript, card: PracticeCard | None) -> None:
        self.hand = hand
        self.engine = engine_for(hand, card)
        self.index = 0
        self.policy = Partners()
        self._coach_plays()

    @property
    def point(self) -> ScriptMove | None:
        """The script move the learner is to make now (``None`` once the hand is over or the
        script is done)."""
        if self.engine.over or self.index >= len(self.hand.script):
            return None
        return self.hand.script[self.index]

    @property
    def over(self) -> bool:
        """True when the hand is over."""
        return self.engine.over

    def _coach_plays(self) -> None:
        """Play the learner's unscripted decisions (draws, empty claim windows)."""
        seat = self.hand.seat
        engine = self.engine
        while not engine.over and seat in engine.waiting() and not scripted_point(engine, seat):
            action, _ = self.policy.decide(engine, seat)
            engine.act(action)

    def dry_run(self, action: Mapping[str, Any]) -> Verdict:
        """The engine's verdict on ``action`` for the learner, on a copy (nothing changes)."""
        trial = copy.deepcopy(self.engine)
        trial.learner = None  # the copy must not play on after the move
        return trial.act({**action, "seat": self.hand.seat})

    def attempt(self, action: Mapping[str, Any]) -> Guidance:
        """Judge the learner's move against the script (see :class:`Guidance`)."""
        point = self.point
        move = {key: value for key, value in action.items() if key != "seat"}
        if point is not None and same_action(move, point.expect):
            verdict = self.engine.act({**move, "seat": self.hand.seat})
            if not verdict.legal:  # only a script the validator refused gets here
                return Guidance("refused", verdict)
            self.index += 1
            self._coach_plays()
            return Guidance("right", verdict)
        verdict = self.dry_run(move)
        if point is not None:
            for wrong in point.wrong:
                if same_action(move, wrong.action):
                    return Guidance("wrong", verdict, wrong)
        return Guidance("otherwise" if verdict.legal else "refused", verdict)


def check_script(hand: HandScript, card: PracticeCard | None) -> Report:
    """Play ``hand``'s script through the engine; return ``(key path, message)`` problems."""
    try:
        guided = GuidedHand(hand, card)
    except DealCodeError as error:  # its words are in the interface's language already
        return [("deal", str(error))]
    except ValueError as error:  # the core refuses the deal's table (a tile, a state)
        from tilewise.lessons.packwords import core_error_said

        return [("deal", core_error_said(error))]
    problems: Report = []
    engine = guided.engine
    for i, point in enumerate(hand.script):
        where = f"script[{i}]"
        if engine.over:
            problems.append((f"{where}.expect", _("the hand is already over here")))
            break
        kind = point.expect.get("type")
        if kind not in engine.allowed(hand.seat):
            # TRANSLATORS: pack check of a guided hand: the table waits for the other
            # players' moves only (the learner has none)
            waits = ", ".join(engine.allowed(hand.seat)) or _("others")
            problems.append((f"{where}.expect", _("the learner cannot {move} now (the table "
                                                  "waits for: {moves})", move=kind,
                                                  moves=waits)))
            break
        for j, wrong in enumerate(point.wrong):
            at = f"{where}.wrong[{j}]"
            if same_action(wrong.action, point.expect):
                problems.append((at, _("a wrong move that is the expected one")))
                continue
            verdict = guided.dry_run(wrong.action)
            if wrong.reason is not None and verdict.reason != wrong.reason:
                problems.append((f"{at}.reason", _("the referee answers {reason}",
                                                   reason=verdict.reason)))
            elif wrong.reason is None and not verdict.legal:
                problems.append((at, _("refused by the referee ({reason}): give its reason",
                                       reason=verdict.reason)))
        answer = guided.attempt(point.expect)
        if answer.kind != "right" or not answer.verdict.legal:
            problems.append((f"{where}.expect", _("refused by the referee ({reason})",
                                                  reason=answer.verdict.reason)))
            break
    else:
        if not engine.over:
            problems.append(("script", _("the hand goes on after the last scripted move")))
    return problems
