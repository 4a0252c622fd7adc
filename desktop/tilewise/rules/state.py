"""The table state of a referee scenario, read once into typed fields (PROTOCOL.md "State").

Every key is optional. :class:`Table` reads what is present and checks its shape; an action that
needs a key that is missing asks for it through an accessor, which raises
:class:`ScenarioError`. Unknown tile codes raise :class:`~tilewise.rules.tiles.TileError`
(``UNKNOWN_TILE``), which the referee turns into a verdict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilewise.rules.seats import is_seat
from tilewise.rules.tiles import RULESETS, check_supply, parse_tile, parse_tiles

PHASES = ("charleston", "courtesy", "play")
STAGES = ("draw", "discard")
#: How a seat came to hold its extra tile (``turn.after``).
AFTER = ("deal", "wall", "supplement", "chi", "pong", "kong", "exposure")
#: ``turn.after`` values that mean the seat just claimed a discard.
CLAIMED_AFTER = ("chi", "pong", "kong", "exposure")
WSM_MELD_KINDS = ("chi", "pong", "kong_concealed", "kong_added", "kong_big")
AMERICAN_MELD_KINDS = ("pung", "kong", "quint", "sextet")


class ScenarioError(ValueError):
    """A scenario the referee cannot read: bad JSON shape, unknown action, missing state key."""


@dataclass(frozen=True, slots=True)
class Meld:
    """An exposed (or declared concealed) set: ``kind``, ``tiles`` in layout order, ``source``
    (the seat whose discard was claimed, ``None`` for a concealed kong), ``rotated`` (index of
    the sideways tile or ``None``), ``face_down`` (indices shown face down)."""

    kind: str
    tiles: tuple[str, ...]
    source: str | None = None
    rotated: int | None = None
    face_down: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The protocol's meld object (all five keys)."""
        return {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "from": self.source,
            "rotated": self.rotated,
            "face_down": list(self.face_down),
        }

    @property
    def is_kong(self) -> bool:
        """True for a kong of either ruleset (four tiles that count as a set)."""
        return self.kind.startswith("kong")


@dataclass(frozen=True, slots=True)
class Turn:
    """``seat`` acts next; ``stage`` is ``draw`` or ``discard``; ``after`` how it got there."""

    seat: str
    stage: str
    after: str


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard: ``tile`` (play code) and the seat that discarded it (``by``)."""

    tile: str
    by: str


@dataclass(frozen=True, slots=True)
class PendingKong:
    """A kong just declared (``kind`` ``added`` or ``concealed``) that may still be robbed."""

    seat: str
    tile: str
    kind: str


@dataclass(frozen=True, slots=True)
class CardGroup:
    """One group of a practice-card line: ``kind`` and its ``tiles`` (play codes)."""

    kind: str
    tiles: tuple[str, ...]


def _fail(message: str) -> ScenarioError:
    return ScenarioError(message)


def seat_value(value: object, what: str) -> str:
    """``value`` as a seat, or raise ScenarioError naming ``what``."""
    if not is_seat(value):
        raise _fail(f"{what} must be one of E S W N, not {value!r}")
    return str(value)


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(f"{what} must be an object")
    return value


def _seat_map(value: object, what: str) -> dict[str, Any]:
    mapping = _mapping(value, what)
    for key in mapping:
        seat_value(key, f"a seat in {what}")
    return dict(mapping)


def parse_meld(value: object) -> Meld:
    """Read one protocol meld object; raises ScenarioError / TileError."""
    meld = _mapping(value, "a meld")
    kind = meld.get("kind")
    if kind not in WSM_MELD_KINDS and kind not in AMERICAN_MELD_KINDS:
        raise _fail(f"unknown meld kind {kind!r}")
    tiles = tuple(parse_tiles(meld.get("tiles")))
    source = meld.get("from")
    rotated = meld.get("rotated")
    face_down = meld.get("face_down", [])
    if source is not None:
        source = seat_value(source, "a meld's from")
    if rotated is not None and (type(rotated) is not int or not 0 <= rotated < len(tiles)):
        raise _fail(f"a meld's rotated index {rotated!r} is out of range")
    if not isinstance(face_down, list) or any(type(i) is not int for i in face_down):
        raise _fail("a meld's face_down must be a list of indices")
    return Meld(str(kind), tiles, source, rotated, tuple(face_down))


def parse_discard(value: object, what: str) -> Discard:
    """Read ``{"tile", "by"}``; raises ScenarioError / TileError."""
    discard = _mapping(value, what)
    return Discard(parse_tile(discard.get("tile")), seat_value(discard.get("by"), f"{what}.by"))


def parse_card(value: object) -> tuple[tuple[CardGroup, ...], ...]:
    """Read a practice card: a list of lines, each a list of ``{"tiles", "kind"}`` groups."""
    if not isinstance(value, list):
        raise _fail("card must be a list of lines")
    lines = []
    for line in value:
        if not isinstance(line, list):
            raise _fail("a card line must be a list of groups")
        groups = []
        for group in line:
            mapping = _mapping(group, "a card group")
            kind = mapping.get("kind")
            if not isinstance(kind, str):
                raise _fail("a card group needs a kind")
            groups.append(CardGroup(kind, tuple(parse_tiles(mapping.get("tiles")))))
        lines.append(tuple(groups))
    return tuple(lines)


class Table:
    """The parsed state of one scenario for ``ruleset`` (``american`` or ``wsm``).

    Attributes are ``None`` (or empty) when the state lacks the key; the ``need_*`` accessors
    raise :class:`ScenarioError` instead. Tiles are play codes (``F1`` read as ``F``).
    """

    __slots__ = (
        "ruleset", "dealer", "phase", "step", "hands", "melds", "discards", "has_last_discard",
        "last_discard", "turn", "next_drawn", "pending_kong", "dead", "card",
    )

    def __init__(self, ruleset: object, state: object) -> None:
        if ruleset not in RULESETS:
            raise _fail(f"unknown ruleset {ruleset!r}")
        self.ruleset: str = str(ruleset)
        state = _mapping(state, "state")
        self.dealer: str = seat_value(state.get("dealer", "E"), "dealer")
        phase = state.get("phase")
        if phase is not None and phase not in PHASES:
            raise _fail(f"unknown phase {phase!r}")
        self.phase: str | None = phase
        step = state.get("step")
        if step is not None and not isinstance(step, str):
            raise _fail("step must be a string")
        self.step: str | None = step
        self.hands: dict[str, list[str]] = {
            seat: parse_tiles(tiles) for seat, tiles in _seat_map(state.get("hands", {}), "hands").items()
        }
        self.melds: dict[str, list[Meld]] = {}
        for seat, melds in _seat_map(state.get("melds", {}), "melds").items():
            if not isinstance(melds, list):
                raise _fail("melds per seat must be a list")
            self.melds[seat] = [parse_meld(meld) for meld in melds]
        self.discards: dict[str, list[str]] = {
            seat: parse_tiles(tiles)
            for seat, tiles in _seat_map(state.get("discards", {}), "discards").items()
        }
        self.has_last_discard: bool = "last_discard" in state
        last = state.get("last_discard")
        self.last_discard: Discard | None = (
            None if last is None else parse_discard(last, "last_discard")
        )
        turn = state.get("turn")
        self.turn: Turn | None = None
        if turn is not None:
            turn = _mapping(turn, "turn")
            stage = turn.get("stage", "draw")
            after = turn.get("after", "wall")
            if stage not in STAGES or after not in AFTER:
                raise _fail(f"turn stage {stage!r} / after {after!r} is not known")
            self.turn = Turn(seat_value(turn.get("seat"), "turn.seat"), stage, after)
        self.next_drawn: bool = state.get("next_drawn") is True
        pending = state.get("pending_kong")
        self.pending_kong: PendingKong | None = None
        if pending is not None:
            pending = _mapping(pending, "pending_kong")
            kind = pending.get("kind")
            if kind not in ("added", "concealed"):
                raise _fail(f"pending_kong kind {kind!r} is not added or concealed")
            self.pending_kong = PendingKong(
                seat_value(pending.get("seat"), "pending_kong.seat"),
                parse_tile(pending.get("tile")),
                kind,
            )
        dead = state.get("dead", [])
        if not isinstance(dead, list):
            raise _fail("dead must be a list of seats")
        self.dead: frozenset[str] = frozenset(seat_value(seat, "dead") for seat in dead)
        card = state.get("card")
        self.card: tuple[tuple[CardGroup, ...], ...] | None = (
            None if card is None else parse_card(card)
        )

    # -- accessors for what an action needs -------------------------------------------------

    def need_hand(self, seat: str) -> list[str]:
        """The concealed tiles of ``seat``; ScenarioError when the state has no such hand."""
        hand = self.hands.get(seat)
        if hand is None:
            raise _fail(f"state.hands has no hand for {seat}")
        return hand

    def need_card(self) -> tuple[tuple[CardGroup, ...], ...]:
        """The practice card; ScenarioError when missing."""
        if self.card is None:
            raise _fail("state.card is needed to judge an American hand")
        return self.card

    def need_step(self) -> str:
        """The Charleston step; ScenarioError when missing."""
        if self.step is None:
            raise _fail("state.step is needed in the Charleston")
        return self.step

    def melds_of(self, seat: str) -> list[Meld]:
        """The melds of ``seat`` (empty when none are given)."""
        return self.melds.get(seat, [])

    # -- whole-state checks ---------------------------------------------------------------------

    def tile_counts(self) -> Counter[str]:
        """Copies of each play code in hands, melds, discards and the last discard.

        The last discard is counted once (:meth:`last_discard_placed`). A pending kong's tile
        is not counted (it is in the melds).
        """
        counts: Counter[str] = Counter()
        for hand in self.hands.values():
            counts.update(hand)
        for melds in self.melds.values():
            for meld in melds:
                counts.update(meld.tiles)
        for tiles in self.discards.values():
            counts.update(tiles)
        last = self.last_discard
        if last is not None and not self.last_discard_placed(last):
            counts[last.tile] += 1
        return counts

    def last_discard_placed(self, last: Discard) -> bool:
        """True when the last discard already lies elsewhere in the state: at the end of its
        discarder's river, or in the meld of the seat that claimed it (turn after a claim)."""
        river = self.discards.get(last.by)
        if river and river[-1] == last.tile:
            return True
        turn = self.turn
        return turn is not None and turn.after in CLAIMED_AFTER and any(
            meld.source == last.by and last.tile in meld.tiles for meld in self.melds_of(turn.seat)
        )

    def check_supply(self, extra: Sequence[str] = ()) -> None:
        """Raise TileError (TILE_NOT_IN_SET / TILE_SUPPLY_EXCEEDED) for an impossible state."""
        counts = self.tile_counts()
        counts.update(extra)
        check_supply(counts, self.ruleset)

    def tile_count(self, seat: str) -> int:
        """Tiles ``seat`` holds for the long/short check (REFERENCE.md section 3 and 10).

        Concealed tiles plus meld tiles; in ``wsm`` a kong counts as 3 [WSOM-6].
        """
        total = len(self.need_hand(seat))
        for meld in self.melds_of(seat):
            total += 3 if self.ruleset == "wsm" and meld.is_kong else len(meld.tiles)
        return total

    def holds_extra_tile(self, seat: str) -> bool:
        """True when it is ``seat``'s turn to discard (it should hold 14)."""
        turn = self.turn
        return turn is not None and turn.seat == seat and turn.stage == "discard"

