"""Charleston practice: a seeded American deal, the learner in one seat, three computer partners.

The whole exchange runs on the rules core's state machine
(:class:`tilewise.rules.charleston.CharlestonTable`, REFERENCE.md section 4, DECISIONS 1-5):
first Charleston (right, across, left), the stop vote, the second Charleston when nobody stops
(left, across, last right), blind passes on ``first_left`` and ``second_right``, and the
courtesy pass with each across pair's offers. The learner's moves are actions
(:meth:`CharlestonPractice.pass_tiles`, :meth:`~CharlestonPractice.vote`,
:meth:`~CharlestonPractice.offer`); every illegal one is refused with the core's verdict and
nothing changes. The same seed always gives the same deal and the same partner moves, so a
teacher can replay a deal by number.

Partner policy (:class:`PartnerPolicy`), explained to the learner in the GUI:

- **Passing.** A partner never passes a joker. It ranks its tiles: first singles that fit
  neither practice line, then pairs that fit neither line, then copies beyond what a line
  holds, last the tiles a line wants; it passes the first three.
- **Blind.** On a pass where blind is allowed, a partner forwards unseen as many tiles as it
  lacks singles that fit neither line (it keeps its pairs and line tiles); a *settled* partner
  (best line at least ``stop_at`` tiles complete) forwards all three, keeping its hand as is.
- **Stop vote.** A settled partner votes to stop.
- **Courtesy.** The nearer a partner is to a line, the fewer tiles it offers: three while its
  best line is ``stop_at - 3`` tiles or fewer, then two, one, and none once it is settled;
  only tiles from the front of its pass order, never a joker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from tilewise.lessons.practice.lines import PracticeLine, best_line, line_progress, wanted
from tilewise.rules.charleston import (
    BLIND_STEPS,
    PASS_DIRECTIONS,
    CharlestonTable,
    courtesy_exchanged,
    deal,
)
from tilewise.rules.seats import SEATS, across_of
from tilewise.rules.tiles import JOKER, sort_tiles
from tilewise.rules.verdict import Verdict


@dataclass(frozen=True)
class PartnerPolicy:
    """The computer partners' simple, explainable policy (see the module docstring).

    ``stop_at``: best-line progress (tiles of 14) from which a partner is *settled*: it votes
    stop, forwards a whole blind pass and offers nothing in the courtesy pass.
    """

    stop_at: int = 6


@dataclass(frozen=True)
class PassRecord:
    """One resolved step: ``step`` (a pass step or ``courtesy``), each seat's own tiles that
    left its rack (``given``), how many it forwarded blind (``blind``), the tiles it received
    (``received``); for the courtesy pass also ``offers`` and ``exchanged`` per pair."""

    step: str
    given: dict[str, tuple[str, ...]]
    blind: dict[str, int]
    received: dict[str, tuple[str, ...]]
    offers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    exchanged: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TileNote:
    """A tile in the learner's account and whether it fits the learner's best line."""

    tile: str
    fits: bool


@dataclass(frozen=True)
class StepAccount:
    """The learner's side of one step: tiles passed and received (each with ``fits``), tiles
    forwarded blind, and the best line's progress before and after."""

    step: str
    passed: tuple[TileNote, ...]
    received: tuple[TileNote, ...]
    blind: int
    before: int
    after: int

    @property
    def effect(self) -> str:
        """``helped``, ``hurt`` or ``even`` for the learner's best line."""
        if self.after > self.before:
            return "helped"
        return "hurt" if self.after < self.before else "even"


@dataclass(frozen=True)
class Summary:
    """The end-of-practice account for the learner: ``line`` (index of the best line at the
    end), progress at the deal and at the end (tiles of the line), one :class:`StepAccount` per
    step played, whether the second Charleston was played, the votes, the courtesy numbers."""

    line: int
    start: int
    end: int
    steps: tuple[StepAccount, ...]
    second_charleston: bool
    votes: dict[str, bool]
    exchanged: dict[str, int]


def pass_order(hand: Sequence[str], lines: Sequence[PracticeLine]) -> list[str]:
    """The hand's passable tiles (no jokers) in the order a partner gives them up.

    Tiers: singles that fit neither line, pairs (or more) that fit neither line, copies beyond
    the most any line holds, then the copies a line wants; rack order within a tier.
    """
    counts = Counter(tile for tile in hand if tile != JOKER)
    ranked: list[tuple[int, int, str]] = []
    for position, tile in enumerate(sort_tiles(counts)):
        want = wanted(lines, tile)
        for copy in range(counts[tile]):
            if copy < want:
                tier = 3
            elif want:
                tier = 2
            else:
                tier = 0 if counts[tile] == 1 else 1
            ranked.append((tier, position, tile))
    return [tile for _, _, tile in sorted(ranked)]


def junk_singles(hand: Sequence[str], lines: Sequence[PracticeLine]) -> list[str]:
    """Tiles of ``hand`` that fit neither line and are not in a pair (no jokers)."""
    counts = Counter(hand)
    return [tile for tile in pass_order(hand, lines)
            if counts[tile] == 1 and not wanted(lines, tile)]


class CharlestonPractice:
    """One Charleston practice deal (see the module docstring).

    ``seed`` picks the deal (:func:`tilewise.rules.charleston.deal`, East deals); ``seat`` is the
    learner's; ``lines`` the practice lines (:func:`~tilewise.lessons.practice.lines.lines_from_pack`);
    ``policy`` the partners' policy. ValueError for an unknown seat or no lines.
    """

    def __init__(self, seed: int, lines: Sequence[PracticeLine], *, seat: str = "E",
                 policy: PartnerPolicy | None = None) -> None:
        if seat not in SEATS or not lines:
            raise ValueError("Charleston practice needs a seat (E S W N) and practice lines")
        self.seed = seed
        self.seat = seat
        self.lines = tuple(lines)
        self.policy = policy or PartnerPolicy()
        dealt = deal(seed, "american")
        self.dealt: dict[str, tuple[str, ...]] = {s: tuple(dealt["hands"][s]) for s in SEATS}
        self.table = CharlestonTable(dealt["hands"], dealt["dealer"])
        self.records: list[PassRecord] = []
        self.votes: dict[str, bool] = {}
        self.refused: list[str] = []
        self.partners = tuple(s for s in SEATS if s != seat)

    # -- what the learner sees -------------------------------------------------------------

    @property
    def step(self) -> str:
        """The current step (``first_right`` ... ``courtesy``, then ``play``)."""
        return self.table.step

    @property
    def done(self) -> bool:
        """True once the courtesy pass is settled (the table is at ``play``)."""
        return self.table.step == "play"

    @property
    def hand(self) -> list[str]:
        """The learner's rack now (play codes, rack order)."""
        return sort_tiles(self.table.hands[self.seat])

    def blind_allowed(self) -> bool:
        """True on ``first_left`` and ``second_right``."""
        return self.table.step in BLIND_STEPS

    def progress(self, seat: str | None = None) -> tuple[int, int]:
        """``(line index, tiles complete)`` of ``seat``'s best line (default the learner)."""
        return best_line(self.lines, self.table.hands[seat or self.seat])

    # -- partner policy ---------------------------------------------------------------------

    def settled(self, seat: str) -> bool:
        """True when ``seat``'s best line is at least ``policy.stop_at`` tiles complete."""
        return self.progress(seat)[1] >= self.policy.stop_at

    def partner_pass(self, seat: str) -> tuple[list[str], int]:
        """``(own tiles, blind count)`` that partner ``seat`` commits in the current pass step."""
        hand = self.table.hands[seat]
        blind = 0
        if self.blind_allowed():
            blind = 3 if self.settled(seat) else max(0, 3 - len(junk_singles(hand, self.lines)))
        return pass_order(hand, self.lines)[: 3 - blind], blind

    def partner_vote(self, seat: str) -> bool:
        """True (continue) unless partner ``seat`` is settled."""
        return not self.settled(seat)

    def partner_offer(self, seat: str) -> list[str]:
        """The 0-3 tiles partner ``seat`` offers in the courtesy pass."""
        count = max(0, min(3, self.policy.stop_at - self.progress(seat)[1]))
        return pass_order(self.table.hands[seat], self.lines)[:count]

    # -- the learner's moves -------------------------------------------------------------

    def pass_tiles(self, tiles: Sequence[str], blind: int = 0) -> Verdict:
        """The learner passes ``tiles`` from the rack plus ``blind`` unseen tiles.

        Returns the core's verdict, the referee's own check (refusals COURTESY_ACROSS_ONLY in
        the courtesy step, WRONG_PHASE, UNKNOWN_TILE, JOKER_NOT_PASSABLE, PASS_NEEDS_THREE,
        BLIND_NOT_ALLOWED, TILE_NOT_IN_HAND; nothing changes); a ``blind`` that is not a whole
        number (``True``) raises ScenarioError, a ValueError. On a legal pass
        the partners commit theirs and the step resolves (:attr:`records` grows by one).
        """
        step = self.table.step
        verdict = self.table.commit(self.seat, list(tiles), blind)
        if not verdict.legal:
            self.refused.append(str(verdict.reason))
            return verdict
        given = {self.seat: tuple(tiles)}
        blinds = {self.seat: blind}
        for seat in self.partners:
            own, count = self.partner_pass(seat)
            self._must(self.table.commit(seat, own, count))
            given[seat], blinds[seat] = tuple(own), count
        received = {s: tuple(self.table.last_received[s]) for s in SEATS}
        self.records.append(PassRecord(step, given, blinds, received))
        return verdict

    def vote(self, keep_going: bool) -> Verdict:
        """The learner's stop vote (True: play the second Charleston).

        Refusals FIRST_CHARLESTON_MANDATORY, SECOND_CHARLESTON_UNDERWAY, WRONG_PHASE from the
        core. On a legal vote the partners vote; one stop skips the second Charleston.
        """
        verdict = self.table.vote(self.seat, keep_going)
        if not verdict.legal:
            self.refused.append(str(verdict.reason))
            return verdict
        votes = {self.seat: keep_going}
        for seat in self.partners:
            votes[seat] = self.partner_vote(seat)
            self._must(self.table.vote(seat, votes[seat]))
        self.votes = votes
        return verdict

    def offer(self, tiles: Sequence[str]) -> Verdict:
        """The learner's courtesy offer (0-3 tiles to the across partner).

        Refusals WRONG_PHASE, UNKNOWN_TILE, JOKER_NOT_PASSABLE, COURTESY_COUNT_OUT_OF_RANGE,
        TILE_NOT_IN_HAND. On a legal offer the partners offer and both pairs settle; the
        verdict carries ``exchanged`` (``{"E-W": n, "S-N": m}``).
        """
        verdict = self.table.offer(self.seat, list(tiles))
        if not verdict.legal:
            self.refused.append(str(verdict.reason))
            return verdict
        offers = {self.seat: tuple(tiles)}
        for seat in self.partners:
            offers[seat] = tuple(self.partner_offer(seat))
            verdict = self._must(self.table.offer(seat, list(offers[seat])))
        exchanged = courtesy_exchanged(offers)
        moved = {s: offers[s][: exchanged[_pair(s)]] for s in SEATS}
        received = {s: tuple(self.table.last_received[s]) for s in SEATS}
        self.records.append(PassRecord("courtesy", moved, dict.fromkeys(SEATS, 0), received,
                                       offers, exchanged))
        return verdict

    @staticmethod
    def _must(verdict: Verdict) -> Verdict:
        if not verdict.legal:  # pragma: no cover - a partner move the core refuses is a bug
            raise AssertionError(f"partner move refused: {verdict.reason}")
        return verdict

    # -- the account -----------------------------------------------------------------------

    def summary(self) -> Summary:
        """The learner's tile-by-tile account against the best line at the end.

        Works at any point (the account so far); the line is the best one for the rack now.
        """
        line_index, end = self.progress()
        line = self.lines[line_index]
        hand = list(self.dealt[self.seat])
        start = line_progress(line, hand)
        steps = []
        for record in self.records:
            before = line_progress(line, hand)
            passed = record.given[self.seat]
            received = record.received[self.seat]
            for tile in passed:
                hand.remove(tile)
            hand.extend(received)
            steps.append(StepAccount(
                record.step,
                tuple(TileNote(t, line.fits(t)) for t in passed),
                tuple(TileNote(t, line.fits(t)) for t in received),
                record.blind[self.seat], before, line_progress(line, hand)))
        courtesy = next((r for r in self.records if r.step == "courtesy"), None)
        return Summary(line_index, start, end, tuple(steps),
                       bool(self.table.second_charleston), dict(self.votes),
                       dict(courtesy.exchanged) if courtesy else {})

    def score(self) -> tuple[int, int]:
        """``(right, asked)`` for the progress store: every step played is asked and is right
        unless it cut the learner's best line (:attr:`StepAccount.effect` ``hurt``); every
        refused move is asked and wrong."""
        steps = self.summary().steps
        right = sum(1 for account in steps if account.effect != "hurt")
        return right, len(steps) + len(self.refused)

    def pass_steps_played(self) -> list[str]:
        """The pass steps resolved so far, in order (courtesy not included)."""
        return [r.step for r in self.records if r.step in PASS_DIRECTIONS]


def _pair(seat: str) -> str:
    return "-".join(sorted((seat, across_of(seat)), key=SEATS.index))
