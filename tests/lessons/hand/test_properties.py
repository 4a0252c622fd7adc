"""Properties of whole automatic hands over many seeds in each ruleset.

Checked after every move: the whole set (152 / 136 tiles) is on the table; each live seat
holds 13 tiles, 14 while it is to discard (a WSM kong counts 3); no joker is ever passed. At
the end: no move was refused, the hand ended in a win the referee accepts or a wall game.
``make test`` plays :data:`HANDS` hands per ruleset (about 5 s each on one core);
``make fuzz`` plays :data:`FULL_HANDS` per ruleset (``tests/hardening/test_whole_hands.py``).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.engine import HandEngine
from tilewise.rules.jokers import card_line_for
from tilewise.rules.referee import judge
from tilewise.rules.state import parse_card
from tilewise.rules.tiles import JOKER
from tilewise.rules.verdict import Verdict
from tilewise.rules.wins import wsm_winning_split

HANDS = 120
FULL_HANDS = 3000
#: Hands whose every verdict is also asked again through the JSON referee (a deep copy).
REJUDGED = 10


class Checked(HandEngine):
    """A hand engine that checks the invariants after every move."""

    rejudge = False

    def _judge(self, action: Any) -> Verdict:
        verdict = super()._judge(action)
        if self.rejudge:
            state = copy.deepcopy(self.state)
            answer = judge({"ruleset": self.ruleset, "state": state, "action": dict(action)})
            assert answer["legal"] == verdict.legal, (action, answer)
        return verdict

    def act(self, action: Any, why: Any = None) -> Verdict:
        verdict = super().act(action, why)
        assert self.whole_set()
        if self.stage in ("turn", "draw", "claims"):
            for seat in "ESWN":
                if seat in self.state["dead"]:
                    continue
                held = len(self.state["hands"][seat]) + sum(
                    3 if m["kind"].startswith("kong") and self.ruleset == "wsm"
                    else len(m["tiles"]) for m in self.state["melds"][seat])
                turn = self.state["turn"]
                extra = self.stage == "turn" and turn["seat"] == seat
                assert held == (14 if extra else 13), (seat, held, self.stage)
        return verdict


def play(ruleset: str, seed: int, card: PracticeCard) -> Checked:
    """One checked automatic hand; its end checked too."""
    Checked.rejudge = seed < REJUDGED
    engine = Checked(ruleset, seed, card=card)
    assert engine.refused == 0 and engine.over and engine.stage == "over"
    for event in engine.events:
        if event.kind == "passed":
            assert all(JOKER not in tiles for tiles in event.detail["given"].values())
            assert all(JOKER not in tiles for tiles in event.detail["received"].values())
        if event.kind == "courtesy":
            assert all(JOKER not in tiles for tiles in event.detail["offers"].values())
    result = engine.result
    assert result is not None
    if result.winner is None:
        assert engine.wall == [] and engine.events[-1].kind == "wall_game"
    else:
        seat = result.winner
        if ruleset == "american":
            line = card_line_for(parse_card(engine.state["card"]), engine.hand(seat),
                                 engine.melds(seat))
            assert line is not None and line == result.line
        else:
            assert wsm_winning_split(engine.hand(seat), engine.melds(seat)) is not None
    return engine


def run_many(ruleset: str, count: int, card: PracticeCard) -> Counter[str]:
    """Play ``count`` seeded hands; return how they ended and what they showed."""
    seen: Counter[str] = Counter()
    for seed in range(count):
        engine = play(ruleset, seed, card)
        result = engine.result
        assert result is not None
        seen["win" if result.winner else "wall game"] += 1
        seen.update(f"event:{e.kind}" for e in engine.events)
        seen["moves judged"] += engine.judged
    return seen


@pytest.mark.parametrize("ruleset", ["american", "wsm"])
def test_many_whole_hands(ruleset: str, card: PracticeCard) -> None:
    seen = run_many(ruleset, HANDS, card)
    assert seen["win"] and seen["wall game"] or ruleset == "wsm" and seen["win"]
    assert seen["event:claimed"] and seen["event:won"]
    if ruleset == "american":
        assert seen["event:exchanged"] and seen["event:votes"] and seen["event:courtesy"]
    else:
        assert seen["event:kong"] and seen["event:supplement"]
