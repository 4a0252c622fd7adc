"""A hand's key moments, and the mistakes among them as review situations that can be replayed.

:func:`key_moments` plays a finished hand again from its deal (the engine is pure and seeded:
the same seed, seat and learner moves give the same hand) and stops at each move of the
learner worth a look, with the referee state it was made on:

- ``pass``: a Charleston pass (REFERENCE section 4), shown, not a mistake;
- ``claim``: a claim made; ``missed_claim``: a discard let go that the learner could claim for
  Mah Jongg or a win, or (American) for an exposure of a tile the nearest card line has a place
  for (the coach's rule, ``tilewise.lessons.hand.guided.scripted_point``): a mistake, the legal
  claims are the better moves; ``wrong_claim``: a claim the referee refused (its reason); a
  mistake when a legal claim was there to make;
- ``joker_kept``: a joker redeemed from an exposure (REFERENCE section 5); ``joker_given``: an
  American joker discarded (it is dead, nobody may call it): a mistake, any other discard is
  better;
- ``false_win``: Mah Jongg / a win declared on the learner's own turn with a hand that is not
  one (the referee refused it; at an American table the hand is then dead, DECISIONS 24-25; at
  a WSM table it is only refused, DECISIONS 17): a mistake, a discard (never a joker) and play
  on is the better move (a tester's false Mah Jongg that killed the hand was no moment at all);
- ``winning_tile``: the tile that ended the hand, the learner's win (not a mistake) or the
  learner's discard another seat won on (a mistake: any other discard);
- ``script``: in a guided hand, a move the script explains as wrong, or off its plan: a
  mistake, the script's move is the better one (the GUI passes these as ``slips``, the engine
  never plays them).

:func:`moment_mistake` turns a mistake into the dict ``tilewise.store.review.ReviewQueue`` keeps
(a ``task`` situation: the state, the learner's move, the reason, the rule of
``tilewise.lessons.mastery``; ``before`` carries the hand, ``{"hand": [...]}``, and the better
moves, ``{"answers": [...]}``). :func:`moment_lesson` sets the situation up again as a one-step
lesson whose task is that table (not continuing: its state is the whole table), listing the
better moves as its answers and the learner's move as its wrong one, so the review plays it on
the lesson player and the same move gets the same verdict.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilewise.lessons import mastery
from tilewise.lessons.hand.card import needs
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.model import Answer, Lesson, Step, Task, WrongAnswer
from tilewise.rules.tiles import JOKER, sort_tiles

MOMENT_KINDS = ("pass", "claim", "missed_claim", "wrong_claim", "joker_kept", "joker_given",
                "false_win", "winning_tile", "script")
_WINS = ("mahjong", "win")
#: Moves a lesson table can make again (the engine's own draw, let-go and courtesy offer are
#: not referee moves of one seat): a script slip is a review mistake only when its better move
#: is one of these.
REPLAYABLE = ("pass", "vote", "discard", "claim", "joker_exchange", "declare_win",
              "kong_concealed", "kong_added")


@dataclass(frozen=True)
class Moment:
    """One key moment: ``number`` (how many moves the hand had before it), ``kind``
    (:data:`MOMENT_KINDS`), the learner's ``action`` (without the seat), the referee's
    ``reason`` for a refused one, ``tile`` (the tile concerned), ``mistake`` and the better
    moves (``answers``, for a mistake), and the referee ``state`` it was made on."""

    number: int
    kind: str
    action: dict[str, Any]
    state: dict[str, Any]
    reason: str | None = None
    tile: str | None = None
    mistake: bool = False
    answers: tuple[dict[str, Any], ...] = ()


Slip = tuple[int, Mapping[str, Any], Mapping[str, Any], str | None]
"""A guided hand's off-plan move: (moves the hand had then, the learner's move, the script's
move, the referee's reason or None)."""


def _plain(action: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in action.items() if key != "seat"}


def _other_discards(hand: Sequence[str], tile: str) -> tuple[dict[str, Any], ...]:
    """A discard of each other kind of tile in ``hand`` (jokers last, never ``tile``)."""
    return tuple({"type": "discard", "tile": code}
                 for code in dict.fromkeys(sort_tiles(hand)) if code != tile)


def _wanted(engine: HandEngine, seat: str, tile: str) -> bool:
    """American: the nearest card line has a place for ``tile`` in a group a call can make."""
    assert engine.card is not None
    near = needs(engine.card, engine.hand(seat), engine.melds(seat))
    return bool(near) and tile in near[0].joker_ok


def _claim_moment(engine: HandEngine, seat: str, number: int, action: dict[str, Any],
                  legal: bool, reason: str | None, state: dict[str, Any]) -> Moment | None:
    tile = engine.claim_tile()
    assert tile is not None
    options = tuple({"type": "claim", "claim": o["claim"], "tiles": list(o["tiles"])}
                    for o in engine.claim_options() if o["seat"] == seat)
    if action["type"] == "claim":
        if legal:
            return Moment(number, "claim", action, state, tile=tile)
        return Moment(number, "wrong_claim", action, state, reason, tile, bool(options), options)
    wins = tuple(o for o in options if o["claim"] in _WINS)
    if wins:
        return Moment(number, "missed_claim", action, state, tile=tile, mistake=True,
                      answers=wins)
    if options and engine.ruleset == "american" and _wanted(engine, seat, tile):
        return Moment(number, "missed_claim", action, state, tile=tile, mistake=True,
                      answers=options)
    return None


def key_moments(engine: HandEngine, slips: Sequence[Slip] = ()) -> list[Moment]:
    """The key moments of ``engine``'s hand for its learner, in order (see the module
    docstring). The hand is dealt again from its seed (a hand dealt from a fixed wall is not
    replayed: ValueError), with the same practice card. ``slips``: a guided hand's off-plan
    moves."""
    seat = engine.learner
    if seat is None:
        raise ValueError("key moments are the learner's: the hand has no learner")
    fresh = HandEngine(engine.ruleset, engine.seed, card=engine.card, learner=seat,
                       false_mahjong_kills=engine.false_mahjong_kills)
    if fresh.dealt != engine.dealt:
        raise ValueError("this hand was not dealt from its seed")
    found: list[Moment] = []
    pending = sorted(slips, key=lambda slip: slip[0])
    for index, move in enumerate(engine.moves):
        for slip in [s for s in pending if s[0] <= index]:
            found.append(_slip(fresh, slip))
            pending.remove(slip)
        if move.seat != seat:
            continue
        found += _moments_of(fresh, seat, index, move.action, move.legal, move.reason)
    return found + [_slip(fresh, slip) for slip in pending]  # after the last move


def _slip(fresh: HandEngine, slip: Slip) -> Moment:
    at, action, expect, reason = slip
    return Moment(at, "script", _plain(action), copy.deepcopy(fresh.state), reason,
                  mistake=expect.get("type") in REPLAYABLE, answers=(_plain(expect),))


def _moments_of(fresh: HandEngine, seat: str, number: int, move: Mapping[str, Any],
                legal: bool, reason: str | None) -> list[Moment]:
    """Play the learner's ``move`` on ``fresh``; the moments it makes."""
    action = _plain(move)
    kind = action.get("type")
    state = copy.deepcopy(fresh.state)
    hand = fresh.hand(seat)
    moment: Moment | None = None
    if kind in ("claim", "no_claim") and fresh.stage in ("claims", "rob"):
        moment = _claim_moment(fresh, seat, number, action, legal, reason, state)
    elif kind == "pass" and legal:
        moment = Moment(number, "pass", action, state)
    elif kind == "joker_exchange" and legal:
        moment = Moment(number, "joker_kept", action, state, tile=str(action["tile"]))
    elif kind == "discard" and legal and action["tile"] == JOKER and fresh.ruleset == "american":
        moment = Moment(number, "joker_given", action, state, tile=JOKER, mistake=True,
                        answers=_other_discards(hand, JOKER))
    elif kind == "declare_win" and not legal and fresh.stage == "turn":
        moment = Moment(number, "false_win", action, state, reason, mistake=True,
                        answers=_other_discards(hand, JOKER))
    fresh.act({**action, "seat": seat})
    result = fresh.result
    found = [moment] if moment is not None else []
    if result is not None and legal and kind in ("discard", "claim", "declare_win"):
        if result.winner == seat:
            found.append(Moment(number, "winning_tile", action, state, tile=result.tile))
        elif result.by == seat and kind == "discard" and not result.self_drawn:
            found.append(Moment(number, "winning_tile", action, state, tile=result.tile,
                                mistake=True, answers=_other_discards(hand, str(result.tile))))
    return found


_RULES = {"missed_claim": "call_for_exposure", "joker_given": "discarded_joker_dead",
          "winning_tile": "winning_hand"}


def moment_rule(moment: Moment) -> str:
    """The rule a mistake is about (``tilewise.lessons.mastery``): the reason's rule, a win
    missed or given away ``winning_hand``, an exposure missed ``call_for_exposure``, a joker
    thrown away ``discarded_joker_dead``, else ``choice``."""
    by_reason = mastery.rule_of(moment.reason)
    if by_reason is not None:
        return by_reason
    if moment.kind == "missed_claim" and all(a.get("claim") in _WINS for a in moment.answers):
        return "winning_hand"
    return _RULES.get(moment.kind, mastery.CHOICE)


def moment_mistake(moment: Moment, *, ruleset: str, deal: str, seat: str,
                   step_id: str) -> dict[str, Any]:
    """The review situation of a mistake (``Mistake.to_dict()`` shape; see the module
    docstring). ValueError for a moment that is no mistake."""
    if not moment.mistake:
        raise ValueError(f"a {moment.kind} moment is no mistake")
    hand = {"ruleset": ruleset, "deal": deal, "seat": seat, "kind": moment.kind,
            "number": moment.number}
    return {"step_id": step_id, "step_index": 0, "kind": "task", "action": dict(moment.action),
            "reason": moment.reason, "rule": moment_rule(moment), "state": moment.state,
            "before": {"hand": [hand], "answers": [dict(a) for a in moment.answers]}}


def hand_of(mistake: Mapping[str, Any]) -> dict[str, Any] | None:
    """The hand a review situation comes from (``before["hand"][0]``), or None for a lesson
    mistake."""
    before = mistake.get("before")
    hands = before.get("hand") if isinstance(before, Mapping) else None
    if isinstance(hands, list) and hands and isinstance(hands[0], Mapping):
        return dict(hands[0])
    return None


def moment_lesson(mistake: Mapping[str, Any], *, lesson_id: str, title: str,
                  text: str) -> Lesson:
    """A one-step lesson that plays a hand's mistake again (see the module docstring):
    ``lesson_id`` and the situation's step id name it, ``title`` and ``text`` are shown as
    they are. ValueError for a situation that is no hand mistake."""
    hand = hand_of(mistake)
    answers = [dict(a) for a in mistake["before"].get("answers", [])] if hand else []
    if hand is None or not answers or not isinstance(mistake.get("state"), Mapping):
        raise ValueError("this situation is no mistake of a whole hand")
    # the better moves' kinds, and the learner's own when a table can make it (the same
    # false Mah Jongg gets the same refusal, not "this task offers discard")
    wrong = str(mistake["action"].get("type"))
    allow = tuple(dict.fromkeys([*(str(a["type"]) for a in answers),
                                 *([wrong] if wrong in REPLAYABLE else [])]))
    seat = str(hand["seat"])
    task = Task(ruleset=str(hand["ruleset"]), seat=seat, allow=allow,
                state=dict(mistake["state"]), given={}, done="listed", result=None,
                answers=tuple(Answer({**a, "seat": seat}) for a in answers),
                wrong=(WrongAnswer(dict(mistake["action"]), mistake.get("reason"), None),))
    step = Step(id=str(mistake["step_id"]), kind="task", text=text, task=task)
    return Lesson(id=lesson_id, title=title, goal="", prerequisites=(), steps=[step])


__all__ = ["MOMENT_KINDS", "REPLAYABLE", "Moment", "Slip", "hand_of", "key_moments", "moment_lesson",
           "moment_mistake", "moment_rule"]
