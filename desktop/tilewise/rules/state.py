"""The table state of a referee scenario, read once into typed fields (PROTOCOL.md "State").

Every key is optional. :class:`Table` reads what is present and checks its shape; an action that
needs a key that is missing asks for it through an accessor, which raises
:class:`ScenarioError`. Unknown tile codes raise :class:`~tilewise.rules.tiles.TileError`
(``UNKNOWN_TILE``), which the referee turns into a verdict.
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from tilewise.rules.cardlines import CardError, CardLine
from tilewise.rules.cardlines import (
    CardGroup as CardGroup,  # re-exported: tests and packs use it here
)
from tilewise.rules.cardlines import parse_card as _parse_card
from tilewise.rules.seats import SEATS, is_seat, seats_after
from tilewise.rules.tiles import (
    FLOWER,
    FLOWER_FACES,
    JOKER,
    RULESETS,
    STANDARD,
    TileError,
    check_supply,
    describe,
    parse_played,
    parse_tile,
    plays_as,
)
from tilewise.rules.verdict import Reason, Refusal, Verdict, refuse

PHASES = ("charleston", "courtesy", "play")
STAGES = ("draw", "discard")
#: How a seat came to hold its extra tile (``turn.after``).
AFTER = ("deal", "wall", "supplement", "chi", "pong", "kong", "exposure")
#: ``turn.after`` values that mean the seat just claimed a discard.
CLAIMED_AFTER = ("chi", "pong", "kong", "exposure")
WSM_MELD_KINDS = ("chi", "pong", "kong_concealed", "kong_added", "kong_big")
AMERICAN_MELD_KINDS = ("pung", "kong", "quint", "sextet")
#: Tiles in a meld of each kind (PROTOCOL.md "State"; jokers count as tiles).
MELD_SIZES: dict[str, int] = {
    "chi": 3, "pong": 3, "kong_concealed": 4, "kong_added": 4, "kong_big": 4,
    "pung": 3, "kong": 4, "quint": 5, "sextet": 6,
}


class ScenarioError(ValueError):
    """A scenario the referee cannot read: bad JSON shape, unknown action, missing state key."""


@dataclass(frozen=True, slots=True)
class Meld:
    """An exposed (or declared concealed) set: ``kind``, ``tiles`` in layout order (play
    codes), ``source`` (the seat whose discard was claimed, ``None`` for a concealed kong),
    ``rotated`` (index of the sideways tile or ``None``), ``face_down`` (indices shown face
    down), ``faces`` the tiles as written (a flower keeps its face ``F1``..``F8``; empty:
    same as ``tiles``)."""

    kind: str
    tiles: tuple[str, ...]
    source: str | None = None
    rotated: int | None = None
    face_down: tuple[int, ...] = ()
    faces: tuple[str, ...] = field(default=(), compare=False)

    @property
    def written(self) -> tuple[str, ...]:
        """The tiles as written (flower faces kept), in layout order."""
        return self.faces or self.tiles

    def to_dict(self) -> dict[str, Any]:
        """The protocol's meld object (all five keys; flowers with their faces)."""
        return meld_answer(self.kind, self.written, self.source, self.rotated, self.face_down)

    @property
    def is_kong(self) -> bool:
        """True for a kong of either ruleset (four tiles that count as a set)."""
        return self.kind.startswith("kong")


def meld_answer(kind: str, written: Sequence[str], source: str | None, rotated: int | None,
                face_down: Sequence[int] = ()) -> dict[str, Any]:
    """The protocol's meld object of :meth:`Meld.to_dict` from its parts (``written``: the
    tiles as written), for a claim that answers a meld without keeping it (issue 21)."""
    return {"kind": kind, "tiles": list(written), "from": source, "rotated": rotated,
            "face_down": list(face_down)}


@dataclass(frozen=True, slots=True)
class Turn:
    """``seat`` acts next; ``stage`` is ``draw`` or ``discard``; ``after`` how it got there."""

    seat: str
    stage: str
    after: str


#: Every turn there is (4 seats x 2 stages x 7 ways), made once: a turn is a value.
_TURNS: dict[tuple[str, str, str], Turn] = {
    (seat, stage, after): Turn(seat, stage, after)
    for seat in SEATS for stage in STAGES for after in AFTER
}


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard: ``tile`` (play code) and the seat that discarded it (``by``); ``face`` the
    code as written (a flower's face; empty: ``tile``), not part of equality."""

    tile: str
    by: str
    face: str = field(default="", compare=False)

    @property
    def written(self) -> str:
        """The discard as written (``F3`` for that flower face)."""
        return self.face or self.tile


@dataclass(frozen=True, slots=True)
class PendingKong:
    """A kong just declared (``kind`` ``added`` or ``concealed``) that may still be robbed;
    ``face`` the tile as written."""

    seat: str
    tile: str
    kind: str
    face: str = field(default="", compare=False)


def _fail(message: str) -> ScenarioError:
    return ScenarioError(message)


def seat_value(value: object, what: str) -> str:
    """``value`` as a seat, or raise ScenarioError naming ``what``."""
    if type(value) is str and value in SEATS:  # what JSON gives, without a call (issue 21)
        return value
    if not is_seat(value):
        raise _fail(f"{what} must be one of E S W N, not {describe(value)}")
    return str(value)


def _written_one(code: object) -> tuple[str, str]:
    """(play code, code as written) of one tile code; TileError UNKNOWN_TILE."""
    tile = parse_tile(code)
    return tile, str(code)


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if type(value) is dict:  # what JSON gives: no abstract-class check (issue 21)
        return value
    if not isinstance(value, Mapping):
        raise _fail(f"{what} must be an object")
    return value


_SEAT_SET = frozenset(SEATS)
_NO_DEAD: frozenset[str] = frozenset()
#: What a key missing from a state reads as, where ``null`` means something else.
_ABSENT: Any = object()
#: What a missing seat map reads as (never changed).
_NO_SEATS: dict[str, Any] = {}


def _seat_map(value: object, what: str) -> Mapping[str, Any]:
    """``value`` as a map by seat; ScenarioError for a key that is not a seat."""
    mapping = value if type(value) is dict else _mapping(value, what)
    if not mapping.keys() <= _SEAT_SET:  # one set comparison when every key is a seat
        odd = next(key for key in mapping if key not in _SEAT_SET)
        raise _fail(f"a seat in {what} must be one of E S W N, not {describe(odd)}")
    return mapping


#: Each code as written -> a one in its own byte: the sum over a state's codes (its key) holds
#: each code's copies in that code's byte, while the state has at most :data:`_KEY_TILES`.
_BYTE: dict[str, int] = {
    code: 1 << (8 * index)
    for index, code in enumerate((*STANDARD, FLOWER, JOKER, *FLOWER_FACES))
}
_KEY_TILES = 248  # a byte may then be raised by 7 and stay a byte


def _bytes(codes: tuple[str, ...], value: int) -> int:
    return sum(_BYTE[code] * value for code in codes)


#: The bytes of the flower faces in a key (a face is kept apart from the flower it plays as).
_FACE_BYTES = _bytes(FLOWER_FACES, 0xFF)
#: Per ruleset, (what added to a key lifts a byte over the set's copies of its tile into the
#: byte's high bits, those bits): four of each suit, wind and dragon tile (3 added: four or
#: fewer stay under 8), eight flowers and jokers at an American table (7 added: eight or
#: fewer stay under 16). A flower face, or a tile the set lacks, is never let through: it is
#: for the exact check (:func:`tilewise.rules.tiles.check_supply`; REFERENCE.md section 1,
#: DECISIONS 9-10 and 23).
_SUPPLY_BYTES: dict[str, tuple[int, int]] = {
    "american": (_bytes(STANDARD, 3) + _bytes((FLOWER, JOKER), 7),
                 _bytes(STANDARD, 0xF8) + _bytes((FLOWER, JOKER), 0xF0) + _FACE_BYTES),
    "wsm": (_bytes(STANDARD, 3),
            _bytes(STANDARD, 0xF8) + _bytes((FLOWER, JOKER), 0xFF) + _FACE_BYTES),
}


def _tile_lists(value: object, what: str
                ) -> tuple[dict[str, list[str]], dict[str, list[str]], int, int]:
    """A map of seat -> tile list (``hands``, ``discards``) read as :func:`parse_played` reads
    each list: ``(lists as written, lists of play codes, key, tiles)`` by seat, ``key`` the
    sum of each code's :data:`_BYTE` and ``tiles`` their number. ScenarioError for a key that
    is not a seat; TileError ``UNKNOWN_TILE`` for the first list (in the map's order) that is
    not a list of codes.

    Plain JSON lists are copied and joined, and their codes looked up in one pass that also
    makes the key (a code that is not a tile is not found): when none is a flower face, each
    list is its own play codes, and the same map and lists are both answers (a table is never
    changed; issue 21: reading a list code by code cost as much as copying and counting all
    of them). Anything else is read list by list, by :func:`parse_played`,
    which names the first bad code; tests/rules/test_fast_paths.py checks both readings agree."""
    lists = _seat_map(value, what)
    if not lists:  # no seat: nothing to read
        return {}, {}, 0, 0
    written: dict[str, list[str]] = {}
    every: list[str] = []
    for seat, tiles in lists.items():
        if type(tiles) is not list:
            break
        written[seat] = tiles.copy()
        every += tiles
    else:
        try:  # looked up by one itemgetter, in C (of one code it gives the value, not a tuple)
            key = sum(itemgetter(*every)(_BYTE) if len(every) > 1 else map(_BYTE.__getitem__,
                                                                           every))
        except (KeyError, TypeError):  # not a code, or not even hashable: refused below
            pass
        else:
            if key & _FACE_BYTES:  # a face plays as a flower
                return written, {seat: list(map(plays_as, tiles))
                                 for seat, tiles in written.items()}, key, len(every)
            return written, written, key, len(every)
    plays: dict[str, list[str]] = {}  # a list of another type, or a bad code
    for seat, tiles in lists.items():
        written[seat], plays[seat] = parse_played(tiles)
    every = [code for tiles in written.values() for code in tiles]
    return written, plays, sum(map(_BYTE.__getitem__, every)), len(every)


#: What a meld without ``face_down`` reads as (never changed).
_NO_INDICES: list[int] = []
#: The setters of a :class:`Meld`'s slots, in field order: :func:`parse_meld` makes a meld
#: with them (its frozen dataclass ``__init__`` sets each field through
#: ``object.__setattr__``, twice their cost: issue 21). The same value either way.
_SET_KIND, _SET_TILES, _SET_SOURCE, _SET_ROTATED, _SET_FACE_DOWN, _SET_FACES = (
    getattr(Meld, name).__set__
    for name in ("kind", "tiles", "source", "rotated", "face_down", "faces"))


def parse_meld(value: object) -> Meld:
    """Read one protocol meld object; raises ScenarioError / TileError.

    The plain shapes JSON gives (a seat string, no face-down tiles) are read without a call
    each, and the meld is made by its slots' setters (issue 21: a meld took a quarter of
    reading a table with two)."""
    meld = value if type(value) is dict else _mapping(value, "a meld")
    kind = meld.get("kind")
    size = MELD_SIZES.get(kind) if isinstance(kind, str) else None
    if size is None:
        raise _fail(f"unknown meld kind {describe(kind)}")
    written, plays = parse_played(meld.get("tiles"))
    if len(plays) != size:
        raise _fail(f"a {kind} meld has {size} tiles, not {len(plays)}")
    source = meld.get("from")
    rotated = meld.get("rotated")
    face_down = meld.get("face_down", _NO_INDICES)
    if source is not None and (type(source) is not str or source not in SEATS):
        source = seat_value(source, "a meld's from")
    if rotated is not None and (type(rotated) is not int or not 0 <= rotated < size):
        raise _fail(f"a meld's rotated index {describe(rotated)} is out of range")
    if type(face_down) is not list or face_down:  # the empty list JSON gives: nothing to read
        if not isinstance(face_down, list) or any(
            type(i) is not int or not 0 <= i < size for i in face_down
        ):
            raise _fail("a meld's face_down must be a list of its tile indices")
    read = object.__new__(Meld)
    _SET_KIND(read, kind)
    _SET_TILES(read, tuple(plays))
    _SET_SOURCE(read, source)
    _SET_ROTATED(read, rotated)
    _SET_FACE_DOWN(read, tuple(face_down))
    _SET_FACES(read, tuple(written))
    return read


#: Every discard read so far, by its code as written and seat (at most 44 codes x 4 seats):
#: a discard is a value, so the same one serves every table (issue 21).
_DISCARDS: dict[tuple[str, str], Discard] = {}


def parse_discard(value: object, what: str) -> Discard:
    """Read ``{"tile", "by"}``; raises ScenarioError / TileError."""
    discard = value if type(value) is dict else _mapping(value, what)
    code, by = discard.get("tile"), discard.get("by")
    plain = type(code) is str and type(by) is str
    if plain:
        known = _DISCARDS.get((code, by))  # type: ignore[arg-type]  # both are str here
        if known is not None:
            return known
    tile, face = _written_one(code)
    read = Discard(tile, seat_value(by, f"{what}.by"), face)
    if plain:
        _DISCARDS[code, by] = read  # type: ignore[index]  # both are str here
    return read


#: How many cards :func:`parse_card` keeps (by their exact values); then it starts again.
CARDS_KEPT = 64
_CARDS: dict[bytes, tuple[CardLine, ...]] = {}


def parse_card(value: object) -> tuple[CardLine, ...]:
    """Read a practice card (:func:`tilewise.rules.cardlines.parse_card`); ScenarioError.

    A card read without error is kept by its ``marshal`` bytes, which tell JSON values of
    different types apart (``1``, ``1.0`` and ``true`` differ) and read back as the same
    value, so the same card in scenario after scenario is read once (issue 21: reading it
    was most of an American judgement; ``marshal`` makes the key in a sixth of the time
    ``repr`` took). A value ``marshal`` cannot write (not plain JSON data, or nested too
    deeply) is read every time.

    Version 4 marks a part met twice (or held elsewhere too) as a reference to its first
    copy: equal bytes still read back as the same value, so one key never stands for two
    cards; the same card with its parts shared otherwise may get a second key (and be read
    once more). It writes a card in 3 us where version 2, which marks nothing, took 7.5 us
    (issue 21)."""
    try:
        key = marshal.dumps(value, 4)  # type: ignore[arg-type]  # any value: ValueError
    except ValueError:  # not plain data, or nested too deeply: read it (and fail, if so)
        return _read_card(value)
    card = _CARDS.get(key)
    if card is None:
        card = _read_card(value)
        if len(_CARDS) >= CARDS_KEPT:
            _CARDS.clear()
        _CARDS[key] = card
    return card


def _read_card(value: object) -> tuple[CardLine, ...]:
    try:
        return _parse_card(value)
    except CardError as error:
        raise _fail(str(error)) from error


class Table:
    """The parsed state of one scenario for ``ruleset`` (``american`` or ``wsm``).

    Attributes are ``None`` (or empty) when the state lacks the key; the ``need_*`` accessors
    raise :class:`ScenarioError` instead. Tiles are play codes (``F1`` read as ``F``).
    """

    __slots__ = (
        "ruleset", "dealer", "phase", "step", "hands", "written_hands", "melds", "discards",
        "written_discards", "has_last_discard", "last_discard", "turn", "next_drawn",
        "pending_kong", "dead", "card", "_key", "_tiles", "_supply_checked", "_supply_error",
    )

    def __init__(self, ruleset: object, state: object) -> None:
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            raise _fail(f"unknown ruleset {describe(ruleset)}")
        self.ruleset: str = ruleset
        get = (state if type(state) is dict else _mapping(state, "state")).get
        dealer = get("dealer", "E")
        if type(dealer) is not str or dealer not in SEATS:  # a plain seat: no call
            dealer = seat_value(dealer, "dealer")
        self.dealer: str = dealer
        phase = get("phase")
        if phase is not None and (not isinstance(phase, str) or phase not in PHASES):
            raise _fail(f"unknown phase {describe(phase)}")
        self.phase: str | None = phase
        step = get("step")
        if step is not None and not isinstance(step, str):
            raise _fail("step must be a string")
        self.step: str | None = step
        #: tiles as written (flower faces kept); ``hands`` / ``discards`` hold play codes (the
        #: same map, never to be changed, when no list has a face)
        self.written_hands: dict[str, list[str]]
        self.hands: dict[str, list[str]]
        self.written_hands, self.hands, key, tiles = _tile_lists(get("hands", _NO_SEATS),
                                                                 "hands")
        self.melds: dict[str, list[Meld]] = {}
        melds_by_seat = get("melds")
        if melds_by_seat is not None:
            for seat, melds in _seat_map(melds_by_seat, "melds").items():
                if not isinstance(melds, list):
                    raise _fail("melds per seat must be a list")
                self.melds[seat] = [parse_meld(meld) for meld in melds]
                for meld in self.melds[seat]:
                    key += sum(map(_BYTE.__getitem__, meld.written))
                    tiles += len(meld.written)
        self.written_discards: dict[str, list[str]]
        self.discards: dict[str, list[str]]
        self.written_discards, self.discards, river_key, river_tiles = _tile_lists(
            get("discards", _NO_SEATS), "discards")
        #: the codes read (:data:`_BYTE`) and how many, for :meth:`check_supply`
        self._key, self._tiles = key + river_key, tiles + river_tiles
        last = get("last_discard", _ABSENT)
        self.has_last_discard: bool = last is not _ABSENT
        if last is _ABSENT:
            last = None
        self.last_discard: Discard | None = (
            None if last is None else parse_discard(last, "last_discard")
        )
        turn = get("turn")
        self.turn: Turn | None = None
        if turn is not None:
            turn = turn if type(turn) is dict else _mapping(turn, "turn")
            stage = turn.get("stage", "draw")
            after = turn.get("after", "wall")
            if stage not in STAGES or after not in AFTER:
                raise _fail(f"turn stage {describe(stage)} / after {describe(after)} is not known")
            mover = turn.get("seat")
            if type(mover) is not str or mover not in SEATS:  # a plain seat: no call
                mover = seat_value(mover, "turn.seat")
            self.turn = _TURNS[mover, stage, after]
        self.next_drawn: bool = get("next_drawn") is True
        pending = get("pending_kong")
        self.pending_kong: PendingKong | None = None
        if pending is not None:
            pending = _mapping(pending, "pending_kong")
            kind = pending.get("kind")
            if kind not in ("added", "concealed"):
                raise _fail(f"pending_kong kind {describe(kind)} is not added or concealed")
            tile, face = _written_one(pending.get("tile"))
            self.pending_kong = PendingKong(
                seat_value(pending.get("seat"), "pending_kong.seat"), tile, str(kind), face
            )
        dead = get("dead", ())
        if dead == () or dead == []:  # most tables: no dead hand, nothing to read
            self.dead: frozenset[str] = _NO_DEAD
        elif not isinstance(dead, list):
            raise _fail("dead must be a list of seats")
        else:
            self.dead = frozenset(seat_value(seat, "dead") for seat in dead)
        card = get("card")
        self.card: tuple[CardLine, ...] | None = (
            None if card is None else parse_card(card)
        )
        self._supply_checked = False  # :meth:`check_supply` asked, its error kept
        self._supply_error: TileError | None = None

    # -- accessors for what an action needs -------------------------------------------------

    def need_hand(self, seat: str) -> list[str]:
        """The concealed tiles of ``seat``; ScenarioError when the state has no such hand."""
        hand = self.hands.get(seat)
        if hand is None:
            raise _fail(f"state.hands has no hand for {seat}")
        return hand

    def need_card(self) -> tuple[CardLine, ...]:
        """The practice card; ScenarioError when missing."""
        if self.card is None:
            raise _fail("state.card is needed to judge an American hand")
        return self.card

    def need_step(self) -> str:
        """The Charleston step; ScenarioError when missing."""
        if self.step is None:
            raise _fail("state.step is needed in the Charleston")
        return self.step

    def shown(self, seat: str, named: Sequence[str]) -> list[str]:
        """The tiles as written that ``seat`` lays out for ``named`` (codes as written): each
        named code its hand holds as written, else a tile of its hand that plays the same (a
        flower of another face), else the code named. So an exposed flower keeps the face the
        hand holds (PROTOCOL.md "Tiles": ``F1``..``F8`` name a particular face)."""
        left = list(self.written_hands.get(seat, []))
        out = []
        for code in named:
            same = code if code in left else next(
                (held for held in left if plays_as(held) == plays_as(code)), code)
            if same in left:
                left.remove(same)
            out.append(same)
        return out

    def melds_of(self, seat: str) -> list[Meld]:
        """The melds of ``seat`` (empty when none are given)."""
        return self.melds.get(seat, [])

    # -- whole-state checks ---------------------------------------------------------------------

    def written_counts(self) -> Counter[str]:
        """Copies of each code as written (flower faces kept apart) in hands, melds, discards,
        the last discard and a pending kong's tile.

        The last discard is counted once (:meth:`last_discard_placed`). The tile of a pending
        kong is in flight and counts like any other (DECISIONS 23), unless the declarer's melds
        already hold it in a kong of that tile (the kong written with four tiles).
        """
        tiles: list[str] = []  # one list counted at once (Counter's quick path)
        for hand in self.written_hands.values():
            tiles += hand
        for melds in self.melds.values():
            for meld in melds:
                tiles += meld.written
        for river in self.written_discards.values():
            tiles += river
        tiles += self._in_flight()  # last: a refusal names the first code met in this order
        return Counter(tiles)

    def _in_flight(self) -> tuple[str, ...]:
        """The codes as written that :meth:`written_counts` counts beside the hands, melds and
        rivers: the last discard unless it lies in one, a pending kong's tile unless its kong
        is written with it."""
        extra: tuple[str, ...] = ()
        last = self.last_discard
        if last is not None and not self.last_discard_placed(last):
            extra = (last.written,)
        pending = self.pending_kong
        if pending is not None and not any(
            meld.is_kong and pending.tile in meld.tiles for meld in self.melds_of(pending.seat)
        ):
            extra += (pending.face or pending.tile,)
        return extra

    def tile_counts(self) -> Counter[str]:
        """Copies of each play code in the state (:meth:`written_counts`, faces read as ``F``)."""
        counts: Counter[str] = Counter()
        for code, count in self.written_counts().items():
            counts[plays_as(code)] += count
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

    def check_supply(self) -> None:
        """Raise TileError (TILE_NOT_IN_SET / TILE_SUPPLY_EXCEEDED) for an impossible state:
        more copies of a tile than the set holds, or a flower face twice (DECISIONS 23).

        Worked out once per table (a table is read once and never changed; a precedence
        question asks it once per claim), from the key of the codes read (:data:`_BYTE`):
        one addition and one mask tell a state within the set's supply (:data:`_SUPPLY_BYTES`,
        issue 21: counting every code cost a quarter of reading a table); any other is
        counted exactly by :func:`tilewise.rules.tiles.check_supply`, which names the tile."""
        if not self._supply_checked:
            extra = self._in_flight()
            key = self._key + sum(map(_BYTE.__getitem__, extra))
            add, over = _SUPPLY_BYTES[self.ruleset]
            if self._tiles + len(extra) > _KEY_TILES or (key + add) & over:
                try:  # some byte over its limit, a face, a tile the set lacks: count exactly
                    check_supply(self.written_counts(), self.ruleset)
                except TileError as error:
                    self._supply_error = error
            self._supply_checked = True
        if self._supply_error is not None:
            raise self._supply_error

    def judge(self, handler: Callable[[Table, Mapping[str, Any]], Verdict],
              action: Mapping[str, Any]) -> Verdict:
        """The verdict of ``handler`` on ``action`` at this table: the one path every question
        takes (the referee and the hint functions alike).

        The whole state is checked against the set first (:meth:`check_supply`), then the
        handler runs; a :class:`Refusal` or :class:`TileError` becomes the illegal verdict (a
        supply error carries ``count`` and ``limit``). ScenarioError passes through.
        """
        try:
            self.check_supply()
            return handler(self, action)
        except Refusal as refusal:
            return refusal.verdict
        except TileError as error:
            return tile_refusal(error)

    def tile_count(self, seat: str) -> int:
        """Tiles ``seat`` holds for the long/short check (REFERENCE.md section 3 and 10).

        Concealed tiles plus meld tiles; in ``wsm`` a kong counts as 3 [WSOM-6].
        """
        hand = self.hands.get(seat)
        total = len(self.need_hand(seat) if hand is None else hand)
        for meld in self.melds.get(seat, ()):
            total += 3 if self.ruleset == "wsm" and meld.is_kong else len(meld.tiles)
        return total

    def holds_extra_tile(self, seat: str) -> bool:
        """True when it is ``seat``'s turn to discard (it should hold 14)."""
        turn = self.turn
        return turn is not None and turn.seat == seat and turn.stage == "discard"



def check_holds(hand: Sequence[str], tiles: Sequence[str]) -> None:
    """Refusal TILE_NOT_IN_HAND (naming each missing tile once, sorted) unless ``hand`` holds
    all of ``tiles``, with multiplicity. A move names two to five tiles: counting each in the
    hand is quicker than two Counters (issue 21); they name the missing tiles when some are."""
    if all(hand.count(tile) >= tiles.count(tile) for tile in tiles):
        return
    raise Refusal(Reason.TILE_NOT_IN_HAND, *sorted(Counter(tiles) - Counter(hand)))


def tile_refusal(error: TileError) -> Verdict:
    """The verdict for a tile error; a supply error also carries ``count`` and ``limit``."""
    if error.count:
        return refuse(Reason(error.reason), error.tile, count=error.count, limit=error.limit)
    return refuse(Reason(error.reason), error.tile)


def next_live(table: Table, seat: str) -> str:
    """The seat that plays after ``seat``: its right, except that an American table passes
    over dead hands to the next live seat (DECISIONS 24; a WSM dead hand keeps its turns,
    DECISIONS 18). When every other seat is dead, ``seat``'s right."""
    following = seats_after(seat)
    if table.ruleset == "american" and table.dead:
        for other in following:
            if other not in table.dead:
                return other
    return following[0]
