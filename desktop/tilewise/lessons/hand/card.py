"""The practice card a whole American hand is played to, and how far a hand is from each line.

Our practice card is the core pack's own (never a league's annual card): the three lines of the
jokers lesson's ``card`` picture and the two lines of the Charleston lesson's ``two-lines``
picture, five lines of 14 tiles. Each row is written group by group; a run of identical tiles
is a pair, pung, kong, quint or sextet by its length, four different winds in a row are NEWS,
and any other lone tile is a single (PROTOCOL.md "American practice card").

Jokers fill only the identical groups of three or more (REFERENCE.md section 5, DECISIONS 6).
An exposure must be one whole identical group of the line, of the same tile and size
(:func:`tilewise.rules.jokers.line_fits`, which the referee uses to judge Mah Jongg).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from tilewise.i18n import _, ngettext
from tilewise.lessons.model import Pack
from tilewise.rules.jokers import IDENTICAL_SIZES
from tilewise.rules.state import CardGroup, Meld
from tilewise.rules.tiles import JOKER, WINDS, parse_tiles, sort_tiles

#: Where the card's lines live in the core pack: (lesson id, step id), in card order.
CARD_STEPS: tuple[tuple[str, str], ...] = (("jokers", "card"), ("charleston", "two-lines"))
_KIND_BY_SIZE = {2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet"}


@dataclass(frozen=True)
class CardLine:
    """One line of the practice card: ``label`` (an English msgid of the pack, translated with
    the pack catalog in ``context``) and its ``groups`` (protocol card groups)."""

    label: str
    context: str
    groups: tuple[CardGroup, ...]

    @property
    def tiles(self) -> tuple[str, ...]:
        """Every tile of the line, group by group (14)."""
        return tuple(tile for group in self.groups for tile in group.tiles)

    def to_state(self) -> list[dict[str, Any]]:
        """The line as the referee protocol writes it: ``[{"tiles", "kind"}, ...]``."""
        return [{"tiles": list(group.tiles), "kind": group.kind} for group in self.groups]


def line_groups(tiles: Sequence[str]) -> tuple[CardGroup, ...]:
    """Groups of a row written group by group (``F F 1B 1B 1B ...``).

    Runs of identical tiles by length (2 pair .. 6 sextet); N E W S in a row (any order) is
    NEWS; another lone tile is a single. Raises ``TileError`` for an unknown code and
    ``ValueError`` for an empty row, a joker (a line names natural tiles) or a run of seven.
    """
    codes = parse_tiles(list(tiles))
    if not codes or JOKER in codes:
        raise ValueError(_("a card line needs natural tiles"))
    runs = [list(run) for _, run in groupby(codes)]
    groups: list[CardGroup] = []
    index = 0
    while index < len(runs):
        run = runs[index]
        window = runs[index:index + 4]
        if len(window) == 4 and all(len(r) == 1 for r in window) and (
            sorted(r[0] for r in window) == sorted(WINDS)
        ):
            groups.append(CardGroup("news", tuple(r[0] for r in window)))
            index += 4
            continue
        if len(run) > 6:
            raise ValueError(ngettext("a run of {n} identical tile is no group",
                                      "a run of {n} identical tiles is no group", len(run)))
        groups.append(CardGroup(_KIND_BY_SIZE.get(len(run), "single"), tuple(run)))
        index += 1
    return tuple(groups)


@dataclass(frozen=True)
class PracticeCard:
    """The lines a hand may be declared on, in card order."""

    lines: tuple[CardLine, ...]

    def to_state(self) -> list[list[dict[str, Any]]]:
        """The card as the referee's ``state.card``."""
        return [line.to_state() for line in self.lines]


def card_from_pack(pack: Pack) -> PracticeCard:
    """The practice card of ``pack`` (:data:`CARD_STEPS`' ``tile_grid`` rows, in order).

    Raises ``KeyError`` when a lesson or step is missing and ``ValueError`` when a step has no
    ``tile_grid`` rows or a row is no line (:func:`line_groups`).
    """
    lines: list[CardLine] = []
    for lesson_id, step_id in CARD_STEPS:
        lesson = pack.lesson(lesson_id)
        step = next((s for s in lesson.steps if s.id == step_id), None)
        if step is None:
            raise KeyError(f"{lesson_id}/{step_id}")
        picture: Mapping[str, Any] = step.picture or {}
        rows = picture.get("rows")
        if picture.get("kind") != "tile_grid" or not isinstance(rows, list) or not rows:
            where = f"{lesson_id}/{step_id}"
            raise ValueError(_("{step} has no tile_grid rows", step=where))
        context = lesson.context(step)
        lines.extend(CardLine(str(row["label"]), context, line_groups(row["tiles"]))
                     for row in rows)
    return PracticeCard(tuple(lines))


@dataclass(frozen=True)
class LineNeed:
    """How far a hand is from one line: ``index`` of the line on the card; ``missing`` (tiles
    still to get, 0 = Mah Jongg); ``tiles`` (natural tiles only a natural can give: singles,
    pairs, NEWS); ``joker_ok`` (places left in pungs and larger, which a natural or a joker
    fills); ``jokers`` (jokers of the hand already counted in those places, so ``missing ==
    len(tiles) + len(joker_ok) - jokers``); ``spare`` (tiles of the hand the line has no place
    for, jokers included). Tile lists are in rack order."""

    index: int
    missing: int
    tiles: tuple[str, ...]
    joker_ok: tuple[str, ...]
    jokers: int
    spare: tuple[str, ...]


def open_groups(line: CardLine, melds: Sequence[Meld]) -> list[CardGroup] | None:
    """The groups of ``line`` left once each exposure has taken the identical group of its
    tile and size (``None`` when an exposure fits no group of the line)."""
    rest = list(line.groups)
    for meld in melds:
        natural = next((tile for tile in meld.tiles if tile != JOKER), None)
        found = next((i for i, group in enumerate(rest) if group.kind in IDENTICAL_SIZES
                      and len(group.tiles) == len(meld.tiles) and group.tiles[0] == natural),
                     None)
        if found is None:
            return None
        del rest[found]
    return rest


def _split(groups: Sequence[CardGroup]) -> tuple[dict[str, int], dict[str, int]]:
    """(tiles only naturals can fill, places of identical groups) of ``groups``."""
    exact: dict[str, int] = {}
    room: dict[str, int] = {}
    for group in groups:
        if group.kind in IDENTICAL_SIZES:
            room[group.tiles[0]] = room.get(group.tiles[0], 0) + len(group.tiles)
        else:
            for tile in group.tiles:
                exact[tile] = exact.get(tile, 0) + 1
    return exact, room


def _fill(places: Mapping[str, int], have: dict[str, int]) -> list[str]:
    """Fill ``places`` (tile -> count) from ``have`` (taken out); return the places left."""
    left: list[str] = []
    for tile, count in places.items():
        held = have.get(tile, 0)
        if held < count:
            left.extend([tile] * (count - held))
        if held:
            have[tile] = max(0, held - count)
    return left


_SPLITS: dict[tuple[CardGroup, ...], tuple[dict[str, int], dict[str, int]]] = {}


def line_need(index: int, line: CardLine, concealed: Sequence[str],
              melds: Sequence[Meld] = ()) -> LineNeed | None:
    """How far ``concealed`` plus ``melds`` is from ``line`` (``None``: an exposure fits no group
    of the line, so the line is out of reach).

    Naturals fill singles, pairs and NEWS first (only they can), then identical groups; jokers
    fill what is left of identical groups. A hand that makes the line has ``missing == 0``.
    Example: Line 1 (``FF 111B 333B 555B 777B``) with ``F F 1B 1B 1B 3B 3B 5B 7B J`` misses
    4: ``joker_ok`` is ``3B 5B 5B 7B 7B`` and the one joker already fills one of them.
    """
    if melds:
        rest = open_groups(line, melds)
        if rest is None:
            return None
        exact, room = _split(rest)
    else:
        split = _SPLITS.get(line.groups)
        if split is None:
            split = _SPLITS[line.groups] = _split(line.groups)
        exact, room = split
    have: dict[str, int] = {}
    for tile in concealed:
        have[tile] = have.get(tile, 0) + 1
    jokers = have.pop(JOKER, 0)
    need = _fill(exact, have)
    open_room = _fill(room, have)
    filled = min(jokers, len(open_room))
    spare = [tile for tile, count in have.items() for _ in range(count)]
    spare.extend([JOKER] * (jokers - filled))
    missing = len(need) + len(open_room) - filled
    return LineNeed(index, missing, tuple(sort_tiles(need)), tuple(sort_tiles(open_room)),
                    filled, tuple(sort_tiles(spare)))


def needs(card: PracticeCard, concealed: Sequence[str],
          melds: Sequence[Meld] = ()) -> list[LineNeed]:
    """:func:`line_need` for every line still in reach, nearest first (card order on a tie)."""
    found = [need for index, line in enumerate(card.lines)
             if (need := line_need(index, line, concealed, melds)) is not None]
    return sorted(found, key=lambda need: (need.missing, need.index))
