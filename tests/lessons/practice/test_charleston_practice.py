"""Charleston practice: seeded deals, partner policy, refusals with the core's reasons, the
learner's account, and properties over many seeded deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lessons.practice.conftest import FULL
from tilewise.lessons.practice.charleston import (
    CharlestonPractice,
    PartnerPolicy,
    StepAccount,
    junk_singles,
    pass_order,
)
from tilewise.lessons.practice.lines import PracticeLine, line_progress
from tilewise.rules.charleston import deal
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import JOKER

Lines = tuple[PracticeLine, ...]


def play(practice: CharlestonPractice, *, stop: bool = False) -> CharlestonPractice:
    """Play the learner like a partner (its policy), voting ``stop`` at the stop vote."""
    while not practice.done:
        if practice.step == "stop_vote":
            assert practice.vote(not stop).legal
        elif practice.step == "courtesy":
            assert practice.offer(practice.partner_offer(practice.seat)).legal
        else:
            own, blind = practice.partner_pass(practice.seat)
            assert practice.pass_tiles(own, blind).legal
    return practice


def find(lines: Lines, wanted: Callable[[CharlestonPractice], bool],
         seats: str = "ESWN") -> CharlestonPractice:
    """The first seeded deal (seeds 0-399, learner seats in order) whose play shows ``wanted``."""
    for seed in range(400):
        for seat in seats:
            practice = play(CharlestonPractice(seed, lines, seat=seat))
            if wanted(practice):
                return practice
    raise LookupError("no such deal")  # pragma: no cover


def test_a_deal_replays_by_number(lines: Lines) -> None:
    one, two = CharlestonPractice(12, lines), CharlestonPractice(12, lines)
    assert one.dealt == two.dealt
    assert one.dealt["E"] == tuple(deal(12, "american")["hands"]["E"])
    assert CharlestonPractice(13, lines).dealt != one.dealt
    assert play(one).table.hands == play(two).table.hands
    assert one.records == two.records


def test_bad_seat_or_no_lines(lines: Lines) -> None:
    with pytest.raises(ValueError):
        CharlestonPractice(1, lines, seat="X")
    with pytest.raises(ValueError):
        CharlestonPractice(1, ())


def test_learner_sees_rack_counts_and_steps(lines: Lines) -> None:
    practice = CharlestonPractice(3, lines, seat="W")
    assert practice.step == "first_right" and not practice.done
    assert len(practice.hand) == 13 and len(practice.table.hands["E"]) == 14
    assert not practice.blind_allowed()
    assert practice.partners == ("E", "S", "N")
    assert practice.pass_steps_played() == []


def test_illegal_moves_are_refused_with_the_core_reason_and_change_nothing(lines: Lines) -> None:
    practice = CharlestonPractice(7, lines, seat="E")
    hand = practice.hand
    plain = [t for t in hand if t != JOKER]
    before = {s: list(h) for s, h in practice.table.hands.items()}
    tried = [
        practice.pass_tiles([JOKER, *plain[:2]]),
        practice.pass_tiles(plain[:2], 1),
        practice.pass_tiles(plain[:2]),
        practice.pass_tiles(["9D", "9D", "9D", "9D"][: 3]),
        practice.vote(False),
        practice.vote(True),
        practice.offer(plain[:1]),
    ]
    reasons = [v.reason for v in tried]
    assert reasons[0] == "JOKER_NOT_PASSABLE" or JOKER not in hand
    assert reasons[1:3] == ["BLIND_NOT_ALLOWED", "PASS_NEEDS_THREE"]
    assert reasons[3] == "TILE_NOT_IN_HAND" or hand.count("9D") == 3
    assert reasons[4:] == ["FIRST_CHARLESTON_MANDATORY", "WRONG_PHASE", "WRONG_PHASE"]
    assert practice.table.hands == before and practice.records == []
    assert practice.refused == [str(v.reason) for v in tried] and practice.score() == (0, 7)
    play(practice)
    assert practice.pass_tiles(plain[:3]).reason == "WRONG_PHASE"
    assert practice.vote(True).reason == "WRONG_PHASE"
    assert practice.offer([]).reason == "WRONG_PHASE"


def test_a_joker_pass_is_refused_when_the_learner_holds_one(lines: Lines) -> None:
    seed = next(s for s in range(50) if JOKER in deal(s, "american")["hands"]["E"])
    practice = CharlestonPractice(seed, lines)
    plain = [t for t in practice.hand if t != JOKER]
    assert practice.pass_tiles([JOKER, *plain[:2]]).reason == "JOKER_NOT_PASSABLE"
    assert practice.records == []


@pytest.mark.parametrize(("hand", "order"), [
    # singles that fit neither line, then pairs that fit neither, then spare copies, then keepers
    ("1C 4C 4C 6B F F F F E J", "1C 4C 4C F 6B E F F F"),
    ("RD GD 9D 9D 9D", "9D 9D 9D RD GD"),
])
def test_pass_order_tiers(lines: Lines, hand: str, order: str) -> None:
    assert pass_order(hand.split(), lines) == order.split()


def test_junk_singles_are_lone_tiles_no_line_wants(lines: Lines) -> None:
    assert junk_singles("1C 4C 4C 9D F RD J".split(), lines) == ["1C", "9D"]


def test_partner_policy_by_progress(lines: Lines) -> None:
    practice = CharlestonPractice(0, lines, seat="E")
    strong = "F F F 6B 6B 6D 6D E E E 1C 2C 3C".split()
    weak = "1C 2C 3C 5C 7C 9C 1D 3D 5D 7D 9D 2B 4B".split()
    practice.table.hands["S"], practice.table.hands["W"] = strong, weak
    assert practice.settled("S") and not practice.settled("W")
    assert (practice.partner_vote("S"), practice.partner_vote("W")) == (False, True)
    assert practice.partner_offer("S") == []
    assert practice.partner_offer("W") == ["2B", "4B", "1C"]  # rack order: bams first
    assert practice.partner_pass("S") == (["1C", "2C", "3C"], 0)  # no blind on first right
    practice.table.step = "first_left"
    assert practice.partner_pass("S") == ([], 3)  # settled: keeps its hand, all blind
    assert practice.partner_pass("W") == (["2B", "4B", "1C"], 0)
    practice.table.hands["N"] = "1C 2C 9D 9D 5C 5C 7C 7C 3D 3D 8B 8B E".split()
    assert practice.partner_pass("N") == (["1C", "2C"], 1)  # two lone tiles: one blind
    lenient = CharlestonPractice(0, lines, policy=PartnerPolicy(stop_at=14))
    lenient.table.hands["S"] = strong
    assert not lenient.settled("S")
    assert len(lenient.partner_offer("S")) == 3


def test_stop_skips_the_second_charleston_and_courtesy_follows(lines: Lines) -> None:
    stopped = play(CharlestonPractice(5, lines, seat="N"), stop=True)
    assert stopped.pass_steps_played() == ["first_right", "first_across", "first_left"]
    assert stopped.votes["N"] is False and stopped.summary().second_charleston is False
    assert stopped.records[-1].step == "courtesy"
    played = find(lines, lambda p: p.table.second_charleston is True, seats="N")
    assert played.pass_steps_played()[3:] == ["second_left", "second_across", "second_right"]
    assert all(played.votes.values())


def test_courtesy_moves_the_smaller_offer_per_pair(lines: Lines) -> None:
    practice = find(lines, lambda p: any(
        sorted((len(r.offers["S"]), len(r.offers["N"]))) == [1, 3]
        for r in p.records if r.step == "courtesy"))
    courtesy = practice.records[-1]
    assert courtesy.exchanged["S-N"] == 1
    assert len(courtesy.given["S"]) == len(courtesy.given["N"]) == 1
    assert courtesy.received["S"] == courtesy.given["N"]
    assert practice.summary().exchanged == courtesy.exchanged


def test_a_partner_passes_blind_and_receives_fewer_tiles(lines: Lines) -> None:
    practice = find(lines, lambda p: any(r.blind[s] for r in p.records for s in p.partners))
    record = next(r for r in practice.records if any(r.blind.values()))
    assert record.step in ("first_left", "second_right")
    for seat in SEATS:
        assert len(record.given[seat]) + record.blind[seat] == 3
        assert len(record.received[seat]) == len(record.given[seat])


def test_learner_blind_pass(lines: Lines) -> None:
    practice = CharlestonPractice(9, lines, seat="S")
    for _ in range(2):
        own, _blind = practice.partner_pass("S")
        practice.pass_tiles(own[:3] if len(own) == 3 else practice.hand[:3])
    assert practice.step == "first_left" and practice.blind_allowed()
    rack = Counter(practice.hand)
    keep = [t for t in practice.hand if t != JOKER][:1]
    assert practice.pass_tiles(keep, 2).legal
    record = practice.records[-1]
    assert record.blind["S"] == 2 and len(record.received["S"]) == 1
    assert Counter(practice.hand) == rack - Counter(keep) + Counter(record.received["S"])
    account = practice.summary().steps[-1]
    assert account.blind == 2 and len(account.passed) == 1


def test_summary_accounts_tile_by_tile(lines: Lines) -> None:
    practice = CharlestonPractice(21, lines, seat="E")
    early = practice.summary()
    assert early.steps == () and early.exchanged == {} and early.start == early.end
    play(practice)
    summary = practice.summary()
    line = lines[summary.line]
    assert summary.start == line_progress(line, practice.dealt["E"])
    assert summary.end == line_progress(line, practice.table.hands["E"])
    assert [a.step for a in summary.steps] == [r.step for r in practice.records]
    for account, record in zip(summary.steps, practice.records, strict=True):
        assert [n.tile for n in account.passed] == list(record.given["E"])
        assert [n.tile for n in account.received] == list(record.received["E"])
        assert all(n.fits == line.fits(n.tile) for n in account.passed + account.received)
    assert summary.steps[0].before == summary.start and summary.steps[-1].after == summary.end
    hurt = [a for a in summary.steps if a.effect == "hurt"]
    assert practice.score() == (len(summary.steps) - len(hurt), len(summary.steps))


@pytest.mark.parametrize(("before", "after", "effect"), [(3, 4, "helped"), (4, 3, "hurt"),
                                                          (4, 4, "even")])
def test_step_effect(before: int, after: int, effect: str) -> None:
    assert StepAccount("first_right", (), (), 0, before, after).effect == effect


@st.composite
def learner_moves(draw: st.DrawFn) -> tuple[int, str, list[int]]:
    return (draw(st.integers(0, 10**6)), draw(st.sampled_from(SEATS)),
            draw(st.lists(st.integers(0, 10**6), min_size=40, max_size=40)))


@settings(max_examples=20000 if FULL else 2000, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(learner_moves())
def test_random_learners_never_break_the_table(lines: Lines,
                                               moves: tuple[int, str, list[int]]) -> None:
    """Legal and illegal learner moves on many seeded deals: tiles are conserved, counts stay
    14/13, jokers never move, refusals change nothing, partners never pass a joker."""
    seed, seat, picks = moves
    practice = CharlestonPractice(seed, lines, seat=seat)
    total = Counter(t for hand in practice.dealt.values() for t in hand)
    jokers = {s: practice.dealt[s].count(JOKER) for s in SEATS}
    for pick in picks:
        if practice.done:
            break
        hand = practice.hand
        before = {s: list(h) for s, h in practice.table.hands.items()}
        kind = pick % 7
        if practice.step == "stop_vote":
            verdict = practice.vote(bool(pick % 2))
        elif practice.step == "courtesy":
            size = pick % 5  # 4 is one too many
            verdict = practice.offer([hand[(pick + i) % len(hand)] for i in range(size)])
        else:
            blind = (pick // 7) % 4 if kind < 2 else 0
            tiles = [hand[(pick // 3 + 5 * i) % len(hand)] for i in range(3 - blind)]
            if kind == 6:
                tiles = tiles[:2]
            verdict = practice.pass_tiles(tiles, blind)
        if not verdict.legal:
            assert verdict.reason is not None
            assert practice.table.hands == before
        assert Counter(t for h in practice.table.hands.values() for t in h) == total
        assert {s: h.count(JOKER) for s, h in practice.table.hands.items()} == jokers
        assert [len(practice.table.hands[s]) for s in SEATS] == [14, 13, 13, 13]
    for record in practice.records:
        for seat in practice.partners:
            assert JOKER not in record.given[seat]
            assert len(record.given[seat]) + record.blind[seat] in ((3,) if record.step !=
                                                                    "courtesy" else (0, 1, 2, 3))


def test_deal_40_shows_a_blind_pass_a_stop_and_a_courtesy_pass_of_3_against_1(
        lines: Lines) -> None:
    """The teacher's demo deal (found by ``python -m tests.lessons.practice.seeds``)."""
    from tests.lessons.practice.seeds import charleston_shows, play_charleston

    practice = play_charleston(40, lines)
    assert charleston_shows(practice) == {"blind", "stop", "courtesy_3_1"}
