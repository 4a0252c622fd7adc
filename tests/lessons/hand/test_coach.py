"""The coach: claim advice, nearest lines, what a WSM hand waits for, partners' reasons."""

from __future__ import annotations

from tests.lessons.hand.conftest import wall
from tests.lessons.hand.test_engine import drive
from tilewise.lessons.hand.card import PracticeCard
from tilewise.lessons.hand.coach import (
    ADVICE_CODES,
    claim_advice,
    closest_lines,
    partner_reasons,
    waiting_for,
)
from tilewise.lessons.hand.engine import HandEngine


def test_no_discard_open(card: PracticeCard) -> None:
    engine = HandEngine("american", 3, card=card, learner="S")
    assert [a.code for a in claim_advice(engine, "S")] == ["not_open"]
    assert all(a in ADVICE_CODES for a in ("claim", "not_open"))


def test_advice_in_a_claim_window(card: PracticeCard) -> None:
    seen: set[str] = set()
    for seed in range(12):
        engine = HandEngine("american", seed, card=card, learner="W")
        while not engine.over:
            drive(engine, until=lambda e: e.stage == "claims")
            if engine.over:
                break
            advice = claim_advice(engine, "W")
            seen.update(a.code for a in advice)
            by = engine.discarder()
            assert by is not None and claim_advice(engine, by)[0].code == "no_claim_own"
            for item in advice:
                if item.code == "claim":
                    assert engine.scenario(item.params["action"])["action"]["seat"] == "W"
            drive(engine, until=lambda e: e.stage != "claims")
        if {"claim", "no_claim_nothing"} <= seen:
            break
    assert {"claim", "no_claim_nothing"} <= seen


def test_a_discarded_joker_is_dead_advice(card: PracticeCard) -> None:
    for seed in range(60):
        engine = HandEngine("american", seed, card=card, learner="S")
        drive(engine, until=lambda e: e.stage == "claims" and e.claim_tile() == "J")
        if not engine.over:
            break
    assert claim_advice(engine, "S")[0].code == "no_claim_dead_joker"


def test_closest_lines(card: PracticeCard) -> None:
    line_1 = "F F 1B 1B 1B 3B 3B 3B 5B 5B 5B 7B 7B 9C".split()
    engine = HandEngine("american", 0, card=card, learner="E", wall=wall("american", {"E": line_1}))
    near = closest_lines(engine, "E")
    assert near[0].index == 0 and near[0].missing == 1 and near[0].joker_ok == ("7B",)
    assert len(near) == 2 and closest_lines(engine, "E", 5)[-1].missing >= near[1].missing
    assert closest_lines(HandEngine("wsm", 0, learner="E"), "E") == []


def test_waiting_for() -> None:
    ready = "1B 2B 3B 4C 5C 6C 7D 8D 9D E E N N".split()
    engine = HandEngine("wsm", 0, learner="S", wall=wall("wsm", {"S": ready}))
    assert waiting_for(engine, "S") == ["E", "N"]
    assert waiting_for(engine, "E") == []  # East holds 14 at the deal


def test_partner_reasons(card: PracticeCard) -> None:
    engine = HandEngine("american", 3, card=card)
    reasons = partner_reasons(engine)
    assert reasons and all(m.why.code not in ("draw", "let_go") for m in reasons)
    assert partner_reasons(engine, since=engine.moves[-1].number) == []
