"""The table as a pure model: where every tile lies, what the learner staged, what a verdict moves.

A :class:`Table` is built from a task (``tilewise.lessons.model.Task``: its referee-protocol
``state``, ``seat`` and ``allow`` list) and holds the whole set of the task's ruleset (152
American tiles, 136 WSM; REFERENCE.md section 1). Every tile has exactly one :class:`Place`:

- ``rack``: a seat's concealed tiles (``owner`` the seat, ``slot`` the position);
- ``zone``: a drop zone of the task (``owner`` the zone id, ``slot``), see :class:`Zone`;
- ``exposure``: a meld on the table (``owner`` the seat, ``meld`` its number, ``slot`` the
  position in the meld); the meld's kind, source seat, sideways tile and face-down tiles are an
  :class:`Exposure`;
- ``discard``: a seat's discard box, in order; the latest discard is :attr:`Table.latest`;
- ``incoming``: tiles arriving face down to the learner in a pass where blind is allowed;
- ``wall``: every tile the task's state does not place.

A tile the task lays in a zone is *given* (``Tile.given``): the learner never moves it. Every
other tile has a *home* (``Tile.home``): where a take-back or a refused move returns it. Homes
are where tiles lay when the table last settled (at the start and after each accepted verdict).
The tiles the learner moved are those away from home (:meth:`Table.moved`).

What the staged tiles make is a referee-protocol action (``../shared/referee/PROTOCOL.md``
"Actions and answers"): :meth:`Table.zone_action` for a zone that acts when it is full (pass,
discard, concealed kong, added kong, joker exchange) and :meth:`Table.command_action` for a
button (claim, vote, group kind, courtesy offer, declare a win, check the tiles a card line uses). A discard the learner drags into
the claim zone is the discard the claim aims at (``discard`` in the action when it is not the
latest one; PROTOCOL.md ``claim``).

An accepted verdict moves tiles as the rules say (:meth:`Table.apply`): a pass sends three tiles
to the receiving seat and brings three in from the passing seat (REFERENCE.md section 4,
DECISIONS 1-2; the other seats pass by the partner policy of
``tilewise.lessons.practice.charleston.pass_order``); the courtesy pass moves the smaller offer
of each across pair each way (DECISIONS 4); a claim lays out the referee's meld with the claimed
tile at the meld's ``rotated`` index (REFERENCE.md section 6); kongs draw a supplement tile from
the back of the wall; a joker exchange swaps the natural tile and the joker (REFERENCE.md
section 5). A refusal returns only the tiles the learner moved (:meth:`Table.return_moved`).

``tilewise.lessons.steptable`` binds a table to a ``LessonSession`` step (move, take back,
commit, undo, reset) and lets a task continue the hand from the task before it.

``Table.snapshot()`` is plain JSON-ready data; ``Table.restore(task, data)`` sets it up again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tilewise.i18n import _
from tilewise.lessons import moves, tilecodes
from tilewise.lessons.model import Task
from tilewise.lessons.practice.charleston import pass_order
from tilewise.rules.charleston import COURTESY_PAIRS, PASS_DIRECTIONS, pass_source, pass_target
from tilewise.rules.jokers import IDENTICAL_SIZES
from tilewise.rules.seats import SEATS, across_of
from tilewise.rules.tiles import JOKER, sort_tiles

SNAPSHOT_VERSION = 1
AREAS = ("rack", "zone", "exposure", "discard", "incoming", "wall")
#: Claim buttons each ruleset always offers (PROTOCOL.md ``claim``), besides those the task lists.
CLAIM_KINDS = {
    "wsm": ("chi", "pong", "kong", "win"),
    "american": ("pung", "kong", "quint", "mahjong"),
}
#: How many tiles a group of each kind holds (REFERENCE.md section 5: pung 3, kong 4, quint 5,
#: sextet 6, a pair 2, a chi 3, NEWS 4); a run has no one size.
GROUP_SIZES: dict[str, int] = {**IDENTICAL_SIZES, "pair": 2, "chi": 3, "news": 4}
#: Zone kinds whose move is judged as soon as the zone is full (the others wait for a button).
ACTING_ZONES = ("pass", "discard", "kong", "kong_end", "swap")
#: The zone whose staged tiles each kind of button acts on (:meth:`Table.command_action`).
COMMAND_ZONES: dict[str, str] = {"as": "group", "claim": "claim", "offer": "courtesy",
                                 "check": "keep"}


class TableError(ValueError):
    """A table that cannot be set up: more copies of a tile than the set holds, a snapshot
    that does not fit its task, or a verdict whose tiles are not where the table has them."""


@dataclass(frozen=True, order=True, slots=True)
class Place:
    """Where one tile lies (see the module docstring for the areas)."""

    area: str
    owner: str = ""
    slot: int = 0
    meld: int = 0

    def to_list(self) -> list[Any]:
        """``[area, owner, slot, meld]`` (snapshots)."""
        return [self.area, self.owner, self.slot, self.meld]


@dataclass(slots=True)
class Tile:
    """One physical tile: ``code`` as the state spells it (``F3``, ``5B``), its place, its home,
    whether the task gave it (laid it in a zone) and whether it arrived on the last verdict."""

    id: int
    code: str
    place: Place
    home: Place
    given: bool = False
    arrived: bool = False


@dataclass(slots=True)
class Exposure:
    """A meld on the table (PROTOCOL.md "State" ``melds``): its tiles are the tiles whose place
    is ``exposure`` with this seat and number."""

    kind: str
    source: str | None = None
    rotated: int | None = None
    face_down: tuple[int, ...] = ()


@dataclass(frozen=True)
class Zone:
    """A drop target. ``kind``: ``pass``, ``courtesy``, ``discard``, ``group``, ``claim``,
    ``kong``, ``kong_end``, ``swap`` or ``keep`` (the rack tiles a card line uses); ``target`` the receiving seat (pass, courtesy) or the
    exposure's seat (swap); ``meld`` the exposure's number (swap); ``end`` for ``kong_end``."""

    id: str
    kind: str
    slots: int
    target: str | None = None
    meld: int | None = None
    end: str | None = None


@dataclass(frozen=True)
class Motion:
    """A tile a verdict moved, from ``start`` to ``end`` (for the view's slide)."""

    tile: int
    start: Place
    end: Place


# -- what the task offers ---------------------------------------------------------------------


def seat_at(me: str, relation: str) -> str:
    """The seat at ``relation`` (``you``, ``right`` = next in turn, ``across``, ``left``)."""
    offset = {"you": 0, "right": 1, "across": 2, "left": 3}[relation]
    return SEATS[(SEATS.index(me) + offset) % 4]


def relation(me: str, other: str) -> str:
    """Where ``other`` sits seen from ``me``: ``you``, ``right``, ``across`` or ``left``."""
    return ("you", "right", "across", "left")[(SEATS.index(other) - SEATS.index(me)) % 4]


def listed_actions(task: Task) -> list[Mapping[str, Any]]:
    """The task's listed answers and wrong moves (what the table must be able to make)."""
    return [a.action for a in task.answers] + [w.action for w in task.wrong]


def _ordered(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _multiset_union(lists: Iterable[Iterable[str]]) -> list[str]:
    """Each tile as many times as the list that holds it most often, in first-seen order."""
    most: dict[str, int] = {}
    for tiles in lists:
        for tile, count in Counter(tiles).items():
            most[tile] = max(most.get(tile, 0), count)
    return [tile for tile, count in most.items() for _n in range(count)]


def blind_offered(task: Task) -> bool:
    """True when the task lists a blind pass the core does not refuse as blind
    (``BLIND_NOT_ALLOWED``): then three tiles arrive face down to pass on (the pack decides)."""
    refused = [w.action for w in task.wrong if w.reason == "BLIND_NOT_ALLOWED"]
    return "pass" in task.allow and any(
        a.get("type") == "pass" and _blind(a) > 0 and a not in refused
        for a in listed_actions(task))


def _blind(action: Mapping[str, Any]) -> int:
    """How many tiles ``action`` passes blind: its ``blind`` when a whole number, else 0 (the
    referee refuses an action whose count is not one)."""
    blind = action.get("blind", 0)
    return blind if isinstance(blind, int) else 0


def pass_step(task: Task) -> str:
    """The Charleston pass step of the task's state (``first_right`` when it names none, or
    names it with something other than text: the referee refuses such a state)."""
    step = task.state.get("step")
    return step if isinstance(step, str) and step in PASS_DIRECTIONS else "first_right"


def task_zones(task: Task, exposures: Mapping[tuple[str, int], Exposure],
               codes: Mapping[tuple[str, int], list[str]], aim: bool) -> list[Zone]:
    """The drop zones of ``task`` in its ``allow`` order. ``exposures`` and ``codes`` (the
    tiles of each exposure) give the joker-exchange targets; ``aim``: a discard can be dragged
    into the claim zone (one more slot)."""
    seat, listed = task.seat, listed_actions(task)
    zones: list[Zone] = []
    for kind in task.allow:
        sizes = [len(a.get("tiles", []) or []) for a in listed if a.get("type") == kind]
        if kind == "pass":
            zones.append(Zone("pass", "pass", 3, pass_target(pass_step(task), seat)))
        elif kind == "courtesy":
            zones.append(Zone("courtesy", "courtesy", 3, across_of(seat)))
        elif kind == "discard":
            zones.append(Zone("discard", "discard", 1))
        elif kind == "group":
            zones.append(Zone("group", "group", min(6, max([2, *sizes]))))
        elif kind in ("claim", "claims"):
            inner = [len(c.get("tiles", []) or []) for a in listed if a.get("type") == "claims"
                     for c in a.get("claims", []) if c.get("seat") == seat]
            zones.append(Zone("claim", "claim", min(5, max([1, *sizes, *inner]) + int(aim))))
        elif kind == "kong_concealed":
            zones.append(Zone("kong", "kong", 1))
        elif kind == "kong_added":
            zones += [Zone("kong_left", "kong_end", 1, end="left"),
                      Zone("kong_right", "kong_end", 1, end="right")]
        elif kind == "card_need":
            zones.append(Zone("keep", "keep", 14))
        elif kind == "joker_exchange":
            zones += [Zone(f"swap:{owner}:{number}", "swap", 1, target=owner, meld=number)
                      for (owner, number) in sorted(exposures, key=_meld_order)
                      if JOKER in codes.get((owner, number), [])]
    return zones


def command_zone(command: str) -> str:
    """The id of the zone whose staged tiles button ``command`` acts on (``as:pung`` the
    group, ``claim:kong`` the claim, ``offer`` the courtesy pass, ``check:card_need`` the
    tiles to keep), or "" for a button of no tiles (a vote, Mah Jongg). The player sends the
    learner's selected tiles there before the button is judged: the tester's 7 crak and two
    jokers, selected, were refused as a claim with no tiles (tester 7b, shots 045-046)."""
    return COMMAND_ZONES.get(command.partition(":")[0], "")


def _meld_order(key: tuple[str, int]) -> tuple[int, int]:
    return SEATS.index(key[0]), key[1]


def task_commands(task: Task) -> list[str]:
    """The buttons of ``task``: ``as:<kind>`` (group), ``claim:<kind>``, ``vote:continue``,
    ``vote:stop``, ``offer``, ``declare_win``, ``check:card_need``."""
    listed, commands = listed_actions(task), []
    for kind in task.allow:
        if kind == "group":
            given_as = task.given.get("as")
            named = [str(given_as)] if given_as else _ordered(
                str(a.get("as")) for a in listed if a.get("as"))
            commands += [f"as:{k}" for k in named]
        elif kind in ("claim", "claims"):
            claimed = [str(a.get("claim")) for a in listed if a.get("type") == "claim"]
            claimed += [str(c.get("claim")) for a in listed if a.get("type") == "claims"
                        for c in a.get("claims", []) if c.get("seat") == task.seat]
            commands += [f"claim:{k}" for k in
                         _ordered([*CLAIM_KINDS.get(task.ruleset, ()), *claimed])]
        elif kind in ("vote", "votes"):
            commands += ["vote:continue", "vote:stop"]
        elif kind == "courtesy":
            commands.append("offer")
        elif kind == "declare_win":
            commands.append("declare_win")
        elif kind == "card_need":
            commands.append("check:card_need")
    return _ordered(commands)


# -- the table --------------------------------------------------------------------------------


class Table:
    """Every tile of one task's table and where it lies (see the module docstring).

    ``Table(task, picture=None, inherit=None)``: ``picture`` is the step's picture (a ``rack``
    picture deals the tiles of a group task whose state deals none); ``inherit`` a table whose
    tiles this one starts from (a continuing task: the task's state then names no tiles).
    Raises :class:`TableError` when the state holds more copies of a tile than the set.
    """

    def __init__(self, task: Task, picture: Mapping[str, Any] | None = None,
                 inherit: Table | None = None) -> None:
        self.task = task
        self.seat = task.seat
        self.ruleset = task.ruleset
        self.tiles: list[Tile] = []
        self.exposures: dict[tuple[str, int], Exposure] = {}
        self.latest: Place | None = None
        self.known: set[str] = {task.seat}
        if inherit is not None:
            self._inherit(inherit)
        else:
            self._deal(picture)
        if blind_offered(task):
            source = pass_source(pass_step(task), self.seat)
            for slot, tile_id in enumerate(self._partner_pass(source)):
                self.tiles[tile_id].place = Place("incoming", self.seat, slot)
        self._settle()
        self._compact()
        self._offer()

    def _offer(self) -> None:
        """The zones and buttons of the task on this table."""
        task = self.task
        self.incoming_from = pass_source(pass_step(task), task.seat) if blind_offered(
            task) else None
        self.zones = task_zones(task, self.exposures, {
            key: [self.tiles[i].code for i in self.exposure_tiles(*key)]
            for key in self.exposures}, aim=bool({"claim", "claims"} & set(task.allow)) and self.latest is not None)
        self.commands = task_commands(task)

    # -- setting up -------------------------------------------------------------------------

    def _deal(self, picture: Mapping[str, Any] | None) -> None:
        ids, codes, places, template = _wall(self.ruleset)
        self.tiles = list(map(Tile, ids, codes, places, places))
        free: dict[str, int] = {}  # wall tiles taken of each play code (_take)
        state = self.task.state
        for seat, hand in (state.get("hands") or {}).items():
            self.known.add(seat)
            for slot, code in enumerate(hand):
                self._take(str(code), Place("rack", seat, slot), template, free)
        for seat, melds in (state.get("melds") or {}).items():
            for number, meld in enumerate(melds):
                for slot, code in enumerate(meld.get("tiles", [])):
                    self._take(str(code), Place("exposure", seat, slot, number), template, free)
                rotated = meld.get("rotated")
                self.exposures[(seat, number)] = Exposure(
                    str(meld["kind"]), meld.get("from"),
                    rotated if isinstance(rotated, int) else None,
                    tuple(int(i) for i in meld.get("face_down") or []))
        boxes: dict[str, list[Tile]] = {}  # each seat's discard box as dealt, oldest first
        for seat, discards in (state.get("discards") or {}).items():
            boxes[seat] = [self._take(str(code), Place("discard", seat, slot), template, free)
                           for slot, code in enumerate(discards)]
        last = state.get("last_discard")
        if last:
            by, code = str(last["by"]), str(last["tile"])
            box = boxes.get(by, [])  # what self.discards(by) reads: nothing else lies there
            if box and _play(box[-1].code) == _play(code):
                self.latest = box[-1].place
            else:
                self.latest = self._take(code, Place("discard", by, len(box)), template,
                                         free).place
        if "group" in self.task.allow and not self.rack(self.seat):  # a scan: group tasks only
            rack, on_table = self._group_tiles(picture)
            for slot, code in enumerate(rack):
                self._take(code, Place("rack", self.seat, slot), template, free)
            for slot, code in enumerate(on_table):
                self._take(code, Place("zone", "group", slot), template, free).given = True

    def _group_tiles(self, picture: Mapping[str, Any] | None) -> tuple[list[str], list[str]]:
        """(rack, tiles already in the group zone) of a group task whose state deals no hand:
        the step's ``rack`` picture, its ``marked`` tiles lying in the zone; without one, every
        tile the listed moves use, each as often as one move uses it."""
        if picture and picture.get("kind") == "rack" and picture.get("tiles"):
            tiles = [str(t) for t in picture["tiles"]]
            marked = set(picture.get("marked") or [])
            return ([t for i, t in enumerate(tiles) if i not in marked],
                    [t for i, t in enumerate(tiles) if i in marked])
        return _multiset_union([str(t) for t in a.get("tiles", [])]
                               for a in listed_actions(self.task)
                               if a.get("type") == "group"), []

    def _take(self, code: str, place: Place, wall: Mapping[str, tuple[int, ...]],
              taken: dict[str, int]) -> Tile:
        """Move the front wall tile that plays as ``code`` to ``place``, spelt ``code``;
        ``wall`` lists the wall tiles of each play code, front last, and ``taken`` counts
        the tiles of each play code taken so far (the next is the one before them)."""
        play = _play(code)
        free = wall.get(play, ())
        count = taken.get(play, 0)
        if count >= len(free):
            raise TableError(_("tile {code}: more copies than the {ruleset} set holds", code=code,
                               ruleset=self.ruleset))
        taken[play] = count + 1
        tile = self.tiles[free[-1 - count]]
        tile.code, tile.place = code, place
        return tile

    def _inherit(self, table: Table) -> None:
        if table.ruleset != self.ruleset:
            raise TableError(_("a continuing task must keep the ruleset of the task before it"))
        # their fields are all immutable, so a copy of each is a deep copy (made field by
        # field: dataclasses.replace took over half of a continuing table's set-up; issue 21)
        self.tiles = [Tile(t.id, t.code, t.place, t.home, t.given, t.arrived)
                      for t in table.tiles]
        self.exposures = {key: Exposure(e.kind, e.source, e.rotated, e.face_down)
                          for key, e in table.exposures.items()}
        self.latest, self.known = table.latest, set(table.known) | {self.seat}
        end = len(self.rack(self.seat))
        for tile in self.tiles:
            tile.given = False
            if tile.place.area in ("zone", "incoming"):
                tile.place = Place("rack", self.seat, end)
                end += 1

    def _partner_pass(self, seat: str, taken: Iterable[int] = ()) -> list[int]:
        """The three tiles ``seat`` passes: the first of its pass order (no joker; DECISIONS
        5), or three from the front of the wall (not ``taken``) when the state does not deal
        that seat."""
        rack = self.rack(seat)
        order = pass_order([_play(self.tiles[i].code) for i in rack], ())
        chosen: list[int] = []
        for play in order[:3]:
            chosen.append(next(i for i in rack if i not in chosen
                               and _play(self.tiles[i].code) == play))
        if len(chosen) < 3:
            chosen = [i for i in self.wall() if i not in set(taken)][:3]
        return chosen

    def _settle(self) -> None:
        for tile in self.tiles:
            tile.home = tile.place

    def _compact(self) -> None:
        """Close the gaps in every rack and discard box (tiles keep their order)."""
        boxes: dict[tuple[str, str], list[Tile]] = {}
        for tile in self.tiles:  # one pass: each box in slot order, as ``area`` gives it
            where = tile.place
            if where.area in ("rack", "discard") and where.meld == 0:
                boxes.setdefault((where.area, where.owner), []).append(tile)
        for area in ("rack", "discard"):
            for seat in SEATS:
                box = sorted(boxes.get((area, seat), ()), key=lambda t: t.place.slot)
                for slot, tile in enumerate(box):
                    if tile.place.slot == slot:  # in its place: the place it would be given
                        tile.home = tile.place
                        continue
                    place = Place(area, seat, slot)
                    if self.latest == tile.place:
                        self.latest = place
                    tile.place = tile.home = place

    # -- reading ----------------------------------------------------------------------------

    def area(self, area: str, owner: str, meld: int = 0) -> list[int]:
        """Tile ids in one area of one owner (and meld), by slot."""
        found = [t for t in self.tiles if t.place.area == area and t.place.owner == owner
                 and t.place.meld == meld]
        return [t.id for t in sorted(found, key=lambda t: t.place.slot)]

    def rack(self, seat: str) -> list[int]:
        """``seat``'s rack, by position."""
        return self.area("rack", seat)

    def discards(self, seat: str) -> list[int]:
        """``seat``'s discard box, oldest first."""
        return self.area("discard", seat)

    def incoming(self) -> list[int]:
        """The tiles arriving face down to the learner (a pass where blind is allowed)."""
        return self.area("incoming", self.seat)

    def staged(self, zone_id: str) -> list[int]:
        """The tiles in zone ``zone_id``, by slot (given ones included)."""
        return self.area("zone", zone_id)

    def wall(self) -> list[int]:
        """The wall, front first."""
        return self.area("wall", "")

    def exposure_tiles(self, seat: str, number: int) -> list[int]:
        """The tiles of exposure ``number`` of ``seat``, in layout order."""
        return self.area("exposure", seat, number)

    def melds(self, seat: str) -> list[tuple[Exposure, list[int]]]:
        """``seat``'s exposures in order, each with its tile ids."""
        return [(self.exposures[(owner, number)], self.exposure_tiles(owner, number))
                for owner, number in sorted(self.exposures, key=_meld_order) if owner == seat]

    def at(self, place: Place) -> int | None:
        """The tile at ``place``, or None."""
        return next((t.id for t in self.tiles if t.place == place), None)

    def zone(self, zone_id: str) -> Zone | None:
        """The zone with id ``zone_id``, or None."""
        return next((z for z in self.zones if z.id == zone_id), None)

    def moved(self) -> list[int]:
        """The tiles the learner moved since the table last settled (away from home)."""
        return [t.id for t in self.tiles if t.place != t.home]

    def seats_shown(self) -> list[str]:
        """The other seats the table shows, in turn order: those the task's state or the table
        names (a discarder stays after its discard was claimed), all of them for a
        Charleston, vote or courtesy task."""
        state = self.task.state
        shown = set(self.known) | {owner for owner, _n in self.exposures}
        shown |= {t.place.owner for t in self.tiles if t.place.area == "discard"}
        shown |= set(state.get("discards") or {}) | set(state.get("melds") or {})
        if state.get("last_discard"):  # still shown once its discard was claimed
            shown.add(str(state["last_discard"]["by"]))
        if {"pass", "courtesy", "vote", "votes"} & set(self.task.allow):
            shown |= set(SEATS)
        return [s for s in SEATS if s in shown and s != self.seat]

    def movable(self, tile_id: int) -> bool:
        """True when the learner may pick the tile up: a tile of their rack, one arriving face
        down, one they staged, or (with a claim zone) a discard to aim the claim at."""
        tile = self.tiles[tile_id]
        area, owner = tile.place.area, tile.place.owner
        if tile.given:
            return False
        if area in ("rack", "incoming"):
            return owner == self.seat
        if area == "discard":
            return self.zone("claim") is not None
        return area == "zone"

    def can_drop(self, tile_id: int, zone_id: str) -> bool:
        """True when the tile may go into the zone: it is movable; a discard only into the
        claim zone (one at a time), a face-down tile only into the pass zone."""
        zone, tile = self.zone(zone_id), self.tiles[tile_id]
        if zone is None or not self.movable(tile_id):
            return False
        source = tile.home.area
        staged = [i for i in self.staged(zone_id) if i != tile_id]
        if source == "discard" and (zone.kind != "claim" or any(
                self.tiles[i].home.area == "discard" for i in staged)):
            return False
        if source == "incoming" and zone.kind != "pass":
            return False
        return len(staged) < zone.slots

    def pass_missing(self) -> int:
        """How many tiles the pass zone still needs (0 without one)."""
        return 3 - len(self.staged("pass")) if self.zone("pass") else 0

    # -- the learner's moves ------------------------------------------------------------------

    def place(self, tile_id: int, zone_id: str, slot: int | None = None) -> bool:
        """Put the tile in ``zone_id``, at ``slot`` when free, else the first free slot.
        Returns False (nothing changes) when :meth:`can_drop` says no."""
        if not self.can_drop(tile_id, zone_id):
            return False
        zone = self.zone(zone_id)
        assert zone is not None
        taken = {self.tiles[i].place.slot for i in self.staged(zone_id) if i != tile_id}
        if slot is None or not 0 <= slot < zone.slots or slot in taken:
            slot = min(set(range(zone.slots)) - taken)
        self.tiles[tile_id].place = Place("zone", zone_id, slot)
        return True

    def take_back(self, tile_id: int) -> bool:
        """Return a tile the learner moved to its home; False when it is at home or given."""
        tile = self.tiles[tile_id]
        if tile.given or tile.place == tile.home:
            return False
        tile.place = tile.home
        return True

    def return_moved(self) -> list[int]:
        """Return every tile the learner moved (a refusal): the given tiles stay. Returns
        their ids."""
        moved = self.moved()
        for tile_id in moved:
            self.take_back(tile_id)
        return moved

    # -- the action the staged tiles make ---------------------------------------------------------

    def _codes(self, ids: Iterable[int]) -> list[str]:
        return [self.tiles[i].code for i in ids]

    def zone_action(self, zone_id: str) -> dict[str, Any] | None:
        """The action zone ``zone_id`` makes now (an acting zone: pass, discard, kong, kong
        end, swap), or None (another kind of zone, or an empty single-tile zone). A pass is an
        action at any count (the core names a joker before a short count)."""
        zone, seat = self.zone(zone_id), self.seat
        ids = self.staged(zone_id)
        if zone is None or zone.kind not in ACTING_ZONES:
            return None
        if zone.kind == "pass":
            own = [i for i in ids if self.tiles[i].home.area != "incoming"]
            return {"type": "pass", "seat": seat, "tiles": self._codes(own),
                    "blind": len(ids) - len(own)}
        if not ids:
            return None
        tile = self.tiles[ids[-1]].code
        if zone.kind == "discard":
            return {"type": "discard", "seat": seat, "tile": tile}
        if zone.kind == "kong":
            return {"type": "kong_concealed", "seat": seat, "tile": tile}
        if zone.kind == "kong_end":
            return {"type": "kong_added", "seat": seat, "tile": tile, "end": zone.end}
        return {"type": "joker_exchange", "seat": seat, "tile": tile,
                "target": {"seat": zone.target, "meld": zone.meld}}

    def aimed(self) -> int | None:
        """The discard a claim aims at: the discard in the claim zone, else the latest one
        (None when the table has neither)."""
        for tile_id in self.staged("claim"):
            if self.tiles[tile_id].home.area == "discard":
                return tile_id
        return None if self.latest is None else self.at(self.latest)

    def command_missing(self, command: str) -> int:
        """How many more tiles the group zone needs before button ``command`` can be judged:
        for ``as:<kind>`` the kind's size (:data:`GROUP_SIZES`) less the tiles in the zone
        (given ones too), else 0. "Check as a pung" on an empty or half-built group is no
        move yet: it was judged a rule mistake (GROUP_TILES_DIFFER, 'these tiles do not make
        that group') and kept for review (tester 7, shots 028, 214). A zone with more tiles
        than the kind holds is judged as it is: taking a kong for a pung is a real mistake."""
        head, _sep, kind = command.partition(":")
        size = GROUP_SIZES.get(kind, 0) if head == "as" else 0
        return max(0, size - len(self.staged("group")))

    def command_action(self, command: str) -> dict[str, Any] | None:
        """The action of button ``command`` with the staged tiles, or None for an unknown
        command. A field the task's ``given`` holds is left out (the session fills it in)."""
        seat, allow = self.seat, self.task.allow
        head, _sep, arg = command.partition(":")
        if head == "as":
            group: dict[str, Any] = {"type": "group", "tiles": self._codes(self.staged("group"))}
            if self.task.given.get("as") != arg:
                group["as"] = arg
            return group
        if head == "claim":
            own = [i for i in self.staged("claim") if self.tiles[i].home.area != "discard"]
            claim: dict[str, Any] = {"seat": seat, "claim": arg, "tiles": self._codes(own)}
            aimed = self.aimed()
            if aimed is not None and self.tiles[aimed].home != self.latest:
                home = self.tiles[aimed].home
                claim["discard"] = {"tile": self.tiles[aimed].code, "by": home.owner}
            if "claim" in allow:
                return {"type": "claim", **claim}
            return {"type": "claims", "claims": [claim]}
        if head == "vote":
            keep = arg == "continue"
            if "vote" in allow:
                return {"type": "vote", "seat": seat, "continue": keep}
            return {"type": "votes", "continue": {seat: keep}}
        if command == "offer":
            return {"type": "courtesy", "offers": {seat: self._codes(self.staged("courtesy"))}}
        if command == "declare_win":
            return {"type": "declare_win", "seat": seat}
        if command == "check:card_need":
            return {"type": "card_need", "seat": seat, "tiles": self._codes(self.staged("keep"))}
        return None

    def state(self) -> dict[str, Any]:
        """The referee-protocol state of the table now: the task's own keys (phase, step,
        turn...) with ``hands`` (the seats the table knows), ``melds``, ``discards`` and
        ``last_discard`` as the tiles lie. Staged tiles count where they came from."""
        state = {k: moves.plain_copy(v) for k, v in self.task.state.items()
                 if k not in ("hands", "melds", "discards", "last_discard")}

        def codes(area: str, owner: str, meld: int = 0) -> list[str]:
            ids = [t for t in self.tiles if t.home.area == area and t.home.owner == owner
                   and t.home.meld == meld]
            return [t.code for t in sorted(ids, key=lambda t: t.home.slot)]

        state["hands"] = {s: codes("rack", s) for s in SEATS if s in self.known}
        if self.incoming_from in state["hands"]:
            state["hands"][self.incoming_from] += codes("incoming", self.seat)
        if self.exposures:
            state["melds"] = {
                seat: [_meld_dict(self, seat, number, codes)
                       for owner, number in sorted(self.exposures, key=_meld_order)
                       if owner == seat]
                for seat in SEATS if any(owner == seat for owner, _n in self.exposures)}
        discards = {s: codes("discard", s) for s in SEATS if codes("discard", s)}
        if discards:
            state["discards"] = discards
        if self.latest is not None:
            latest = self.at(self.latest)
            state["last_discard"] = {"tile": self.tiles[latest].code if latest is not None
                                     else "", "by": self.latest.owner}
        elif "last_discard" in self.task.state:
            state["last_discard"] = None
        return state

    # -- applying an accepted verdict -------------------------------------------------------------

    def apply(self, action: Mapping[str, Any], answer: Mapping[str, Any]) -> list[Motion]:
        """Move the tiles as the accepted ``action`` and the referee's ``answer`` say (see the
        module docstring); the table then settles (every tile's home is where it lies, the
        arrivals are marked). Returns what moved. Raises :class:`TableError` when the action's
        tiles are not where the table has them."""
        before = {t.id: t.place for t in self.tiles}
        for tile in self.tiles:
            tile.arrived = False
        kind = action.get("type")
        if kind == "pass":
            self._apply_pass(action)
        elif kind == "courtesy":
            self._apply_courtesy(action, answer)
        elif kind == "discard":
            self._to(self._pick([str(action["tile"])], "discard"), "discard", self.seat)
            self.latest = self.tiles[self.discards(self.seat)[-1]].place
        elif kind == "claim":
            self._apply_claim(action, answer)
        elif kind == "kong_concealed":
            code = str(action["tile"])
            self._lay_out(self._pick([code] * 4, "kong"), answer["meld"], None)
        elif kind == "kong_added":
            self._apply_kong_added(action, answer)
        elif kind == "joker_exchange":
            self._apply_exchange(action)
        elif kind == "group":
            self._apply_group(action)
        if answer.get("supplement"):
            self._to(self.wall()[-1:], "rack", self.seat)
        self.return_moved_unplaced(before)
        self._compact()
        return [Motion(t.id, before[t.id], t.place) for t in self.tiles
                if t.place != before[t.id]]

    def return_moved_unplaced(self, before: Mapping[int, Place]) -> None:
        """After a verdict: tiles still in a zone that the verdict did not use go home (the
        group zone keeps its tiles: the group stands); then the table settles."""
        for tile in self.tiles:
            if tile.place.area == "zone" and tile.place.owner != "group" and not tile.given:
                tile.place = tile.home
        self._settle()

    def _pick(self, codes: Sequence[str], zone_id: str, seat: str | None = None) -> list[int]:
        """Tiles for ``codes``: staged in ``zone_id`` first, then from ``seat``'s rack (default
        the learner). Raises TableError when one is missing."""
        seat = seat or self.seat
        pool = [i for i in self.staged(zone_id) if self.tiles[i].home.area == "rack"]
        pool += [i for i in self.rack(seat) if i not in pool]
        chosen: list[int] = []
        for code in codes:
            match = [i for i in pool if i not in chosen and _play(self.tiles[i].code) == _play(code)]
            exact = [i for i in match if self.tiles[i].code == code]
            if not match:
                raise TableError(_("{seat} holds no {code} for this move", seat=seat, code=code))
            chosen.append((exact or match)[0])
        return chosen

    def _to(self, ids: Iterable[int], area: str, owner: str) -> None:
        """Append tiles to an area (``rack`` or ``discard``) of ``owner``; tiles landing in the
        learner's rack are marked as arrived."""
        end = max([self.tiles[i].place.slot for i in self.area(area, owner)], default=-1) + 1
        for offset, tile_id in enumerate(ids):
            tile = self.tiles[tile_id]
            tile.place = Place(area, owner, end + offset)
            tile.arrived = area == "rack" and owner == self.seat

    def _apply_pass(self, action: Mapping[str, Any]) -> None:
        step, seat = pass_step(self.task), self.seat
        own = self._pick([str(t) for t in action.get("tiles", [])], "pass")
        incoming = [t.id for t in self.tiles if t.home.area == "incoming"]
        staged_blind = [i for i in self.staged("pass") if i in incoming]
        blind = int(action.get("blind", 0) or 0)
        forwarded = (staged_blind + [i for i in incoming if i not in staged_blind])[:blind]
        kept = [i for i in incoming if i not in forwarded]
        source = pass_source(step, seat)
        # Every seat the table deals passes; the learner's passer always does (from the wall
        # when the state does not deal it). Its pass is the incoming tiles when blind is allowed.
        outgoing: dict[str, list[int]] = {}
        for other in SEATS:
            if other != seat and (other in self.known or other == source) and not (
                    incoming and other == source):
                outgoing[other] = self._partner_pass(
                    other, [i for ids in outgoing.values() for i in ids])
        self._to([*own, *forwarded], "rack", pass_target(step, seat))
        for other, ids in outgoing.items():
            self._to(ids, "rack", pass_target(step, other))
        self._to(kept, "rack", seat)

    def _apply_courtesy(self, action: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
        offers = moves.merged(action, self.task.given).get("offers", {})
        exchanged = answer.get("exchanged", {})
        for a, b in COURTESY_PAIRS:
            count = int(exchanged.get(f"{a}-{b}", 0))
            if count == 0:
                continue
            give = {s: self._pick([str(t) for t in offers.get(s, [])][:count],
                                  "courtesy" if s == self.seat else "", s) for s in (a, b)}
            self._to(give[a], "rack", b)
            self._to(give[b], "rack", a)

    def _apply_claim(self, action: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
        claimed = self.aimed()
        if claimed is None:
            raise TableError(_("a claim needs a discard on the table"))
        self.latest = None
        meld = answer.get("meld")
        if not meld:  # a win: the tile joins the hand
            self._to([claimed], "rack", self.seat)
            return
        own = self._pick([str(t) for t in action.get("tiles", [])], "claim")
        rotated = meld.get("rotated")
        self._lay_out([claimed, *own], meld, rotated if isinstance(rotated, int) else 0)

    def _lay_out(self, ids: list[int], meld: Mapping[str, Any], first_at: int | None) -> None:
        """A new exposure of the learner's from the referee's ``meld``; ``ids[0]`` goes to
        index ``first_at`` (the claimed tile at the sideways place), the others by code."""
        number = 1 + max([n for s, n in self.exposures if s == self.seat], default=-1)
        order = _arrange(ids, [str(c) for c in meld.get("tiles", [])], self.tiles, first_at)
        for slot, tile_id in enumerate(order):
            self.tiles[tile_id].place = Place("exposure", self.seat, slot, number)
        self.exposures[(self.seat, number)] = _exposure(meld)

    def _apply_kong_added(self, action: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
        code, end = str(action["tile"]), action.get("end")
        added = self._pick([code], "kong_left" if end == "left" else "kong_right")[0]
        number = next(n for (s, n), e in self.exposures.items() if s == self.seat
                      and e.kind == "pong" and _play(self.tiles[self.exposure_tiles(s, n)[0]].code)
                      == _play(code))
        pong = self.exposure_tiles(self.seat, number)
        order = [added, *pong] if end == "left" else [*pong, added]
        for slot, tile_id in enumerate(order):
            self.tiles[tile_id].place = Place("exposure", self.seat, slot, number)
        self.exposures[(self.seat, number)] = _exposure(answer["meld"])

    def _apply_group(self, action: Mapping[str, Any]) -> None:
        """The group stands in its zone: its tiles not there yet come from the rack (a move
        replayed on a table set up again)."""
        there = Counter(self._codes(self.staged("group")))
        wanted = Counter(str(t) for t in action.get("tiles", [])) - there
        for tile_id in self._pick(list(wanted.elements()), ""):
            self.place(tile_id, "group")

    def _apply_exchange(self, action: Mapping[str, Any]) -> None:
        target = action["target"]
        owner, number = str(target["seat"]), int(target["meld"])
        natural = self._pick([str(action["tile"])], f"swap:{owner}:{number}")[0]
        tiles = self.exposure_tiles(owner, number)
        joker = next(i for i in tiles if self.tiles[i].code == JOKER)
        tiles.remove(joker)
        for slot, tile_id in enumerate([natural, *tiles]):
            self.tiles[tile_id].place = Place("exposure", owner, slot, number)
        self._to([joker], "rack", self.seat)

    # -- snapshots ------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The table as plain JSON-ready data (see :meth:`restore`)."""
        return {
            "version": SNAPSHOT_VERSION,
            "ruleset": self.ruleset,
            "seat": self.seat,
            "tiles": [[t.code, *t.place.to_list(), *t.home.to_list(), t.given, t.arrived]
                      for t in self.tiles],
            "exposures": [[seat, number, e.kind, e.source, e.rotated, list(e.face_down)]
                          for (seat, number), e in sorted(self.exposures.items())],
            "latest": None if self.latest is None else self.latest.to_list(),
            "known": sorted(self.known),
        }

    @classmethod
    def restore(cls, task: Task, data: Mapping[str, Any]) -> Table:
        """The table of ``task`` as ``data`` (a :meth:`snapshot`) has it. Raises
        :class:`TableError` when the data is damaged or does not fit the task (another
        ruleset or seat, tiles that are not the ruleset's set)."""
        table = cls.__new__(cls)
        table.task, table.seat, table.ruleset = task, task.seat, task.ruleset
        try:
            if (data["version"], data["ruleset"], data["seat"]) != (
                    SNAPSHOT_VERSION, task.ruleset, task.seat):
                raise TableError(_("this table was saved for another task"))
            table.tiles = [Tile(i, str(row[0]), _place(row[1:5]), _place(row[5:9]),
                                bool(row[9]), bool(row[10])) for i, row in enumerate(data["tiles"])]
            table.exposures = {(str(r[0]), int(r[1])): Exposure(
                str(r[2]), r[3], r[4], tuple(int(i) for i in r[5])) for r in data["exposures"]}
            table.latest = None if data["latest"] is None else _place(data["latest"])
            table.known = {str(s) for s in data["known"]}
        except (KeyError, IndexError, TypeError, ValueError) as error:
            if isinstance(error, TableError):
                raise
            raise TableError(_("damaged table snapshot: {error}", error=error)) from error
        plays = Counter(_play(t.code) for t in table.tiles)
        if plays != tilecodes.supply(task.ruleset) or len(
                {t.place for t in table.tiles}) != len(table.tiles):
            raise TableError(_("a table snapshot must hold the whole set, one tile per place"))
        table._offer()
        return table


def follow(before: Table, after: Table) -> list[Motion]:
    """Renumber ``after`` (a table set up again from a game's new state: a practice engine's
    next step) so that its tiles carry the ids of ``before``'s: a tile that lies in the same
    area (the same rack, discard box, exposure or the wall) keeps its id, and each tile that
    moved takes the id of a tile of the same kind that left its area. Returns those moves
    (from where the tile lay on ``before``); tiles that came into the learner's rack are
    marked as arrived. Both tables hold the whole set of one ruleset (REFERENCE.md section 1),
    so every tile finds one. Raises :class:`TableError` for tables of two rulesets."""
    if before.ruleset != after.ruleset:
        raise TableError(_("a table can only follow a table of the same ruleset"))

    def area(place: Place) -> tuple[str, str, int]:
        return place.area, place.owner, place.meld

    stayed: dict[tuple[str, tuple[str, str, int]], list[int]] = {}
    for tile in before.tiles:  # a staged tile counts where it came from
        stayed.setdefault((_play(tile.code), area(tile.home)), []).append(tile.id)
    ids: dict[int, int] = {}
    moved: list[Tile] = []
    for tile in after.tiles:
        pool = stayed.get((_play(tile.code), area(tile.place)))
        if pool:
            ids[tile.id] = pool.pop(0)
        else:
            moved.append(tile)
    left: dict[str, list[int]] = {}
    for (play, _area), rest in stayed.items():
        left.setdefault(play, []).extend(rest)
    for tile in moved:
        ids[tile.id] = left[_play(tile.code)].pop(0)
    tiles: list[Tile | None] = [None] * len(after.tiles)
    for tile in after.tiles:
        tile.id = ids[tile.id]
        tiles[tile.id] = tile
    after.tiles = [t for t in tiles if t is not None]
    motions = []
    for tile in moved:
        tile.arrived = tile.place.area == "rack" and tile.place.owner == after.seat
        motions.append(Motion(tile.id, before.tiles[tile.id].place, tile.place))
    return sorted(motions, key=lambda m: m.tile)


@cache
def _wall(ruleset: str) -> tuple[range, tuple[str, ...], tuple[Place, ...],
                                 dict[str, tuple[int, ...]]]:
    """The wall of a fresh table of ``ruleset``: each tile's id, code and place in rack order,
    and the slots of each play code, front last (worked out once: every table starts from
    it, each tile made in one call: issue 21)."""
    codes = sort_tiles(tilecodes.supply(ruleset).elements())
    free: dict[str, list[int]] = {}
    for slot, code in enumerate(codes):
        free.setdefault(_play(code), []).insert(0, slot)
    return (range(len(codes)), tuple(codes),
            tuple(Place("wall", "", slot) for slot in range(len(codes))),
            {play: tuple(slots) for play, slots in free.items()})


def _play(code: str) -> str:
    """The tile ``code`` plays as (``F3`` -> ``F``; a string that is no code: itself)."""
    return _PLAYS.get(code, code)


_PLAYS: dict[str, str] = {code: tilecodes.canonical(code) or code for code in tilecodes.CODES}


def _place(row: Sequence[Any]) -> Place:
    area, owner, slot, meld = row
    if area not in AREAS:
        raise ValueError(f"unknown area {area!r}")
    return Place(str(area), str(owner), int(slot), int(meld))


def _exposure(meld: Mapping[str, Any]) -> Exposure:
    rotated = meld.get("rotated")
    return Exposure(str(meld["kind"]), meld.get("from"),
                    rotated if isinstance(rotated, int) else None,
                    tuple(int(i) for i in meld.get("face_down") or []))


def _meld_dict(table: Table, seat: str, number: int,
               codes: Callable[[str, str, int], list[str]]) -> dict[str, Any]:
    exposure = table.exposures[(seat, number)]
    return {"kind": exposure.kind, "tiles": codes("exposure", seat, number),
            "from": exposure.source, "rotated": exposure.rotated,
            "face_down": list(exposure.face_down)}


def _arrange(ids: list[int], codes: list[str], tiles: Sequence[Tile],
             first_at: int | None) -> list[int]:
    """``ids`` in the order of the meld's ``codes``: ``ids[0]`` at ``first_at`` (when given),
    the others where their code stands (the exact spelling first)."""
    order: list[int | None] = [None] * len(ids)
    rest = list(ids)
    if first_at is not None and 0 <= first_at < len(ids):
        order[first_at] = rest.pop(0)
    for slot, code in enumerate(codes[:len(ids)]):
        if order[slot] is not None or not rest:
            continue
        match = [i for i in rest if _play(tiles[i].code) == _play(code)] or rest
        exact = [i for i in match if tiles[i].code == code]
        chosen = (exact or match)[0]
        order[slot] = chosen
        rest.remove(chosen)
    free = iter(rest)
    return [slot if slot is not None else next(free) for slot in order]


__all__ = [
    "AREAS", "Exposure", "Motion", "Place", "Table", "TableError", "Tile", "Zone",
    "blind_offered", "follow", "listed_actions", "pass_step", "relation", "seat_at", "task_commands",
    "task_zones",
]
