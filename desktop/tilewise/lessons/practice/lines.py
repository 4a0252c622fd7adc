"""The Charleston lesson's two practice lines, read from the core pack, and how far a hand is.

The lines are the ``tile_grid`` picture of the ``charleston`` lesson's ``two-lines`` step in
``lessons/core/02-charleston.toml`` (helper-3's pack): each row is one line of 14 tiles written
group by group (``F F 6B 6B 6B ...``). They are practice lines of our own, not a league's card.

A line's groups are the runs of identical tiles in its row: two of a kind is a pair, three or
more is a pung/kong/quint. Jokers fill only identical groups of three or more, never a pair or a
single (DECISIONS 6), so :func:`line_progress` counts them only there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from tilewise.lessons.model import Pack
from tilewise.rules.tiles import JOKER, parse_tiles

#: Where the lines live in the core pack (lesson id, step id).
LINES_LESSON = "charleston"
LINES_STEP = "two-lines"


@dataclass(frozen=True)
class PracticeLine:
    """One practice line: ``label`` (an English msgid of the pack, translated with the pack
    catalog in context :attr:`context`) and ``groups`` (tuples of identical play codes)."""

    label: str
    groups: tuple[tuple[str, ...], ...]
    context: str = f"{LINES_LESSON}/{LINES_STEP}"

    @property
    def tiles(self) -> tuple[str, ...]:
        """All the line's tiles, group by group (14 for the core lines)."""
        return tuple(tile for group in self.groups for tile in group)

    def wants(self, tile: str) -> int:
        """How many natural copies of ``tile`` the line holds (0 for a joker)."""
        return self.tiles.count(tile)

    def fits(self, tile: str) -> bool:
        """True when ``tile`` can serve this line: a tile it holds, or a joker when the line has
        a group of three or more identical tiles."""
        if tile == JOKER:
            return any(len(group) >= 3 for group in self.groups)
        return tile in self.tiles


def line_from_tiles(label: str, tiles: Sequence[str]) -> PracticeLine:
    """A line from a row of tiles written group by group (runs of identical tiles).

    Raises ``tilewise.rules.tiles.TileError`` for an unknown code, ``ValueError`` for an empty
    row or a joker in a row (a line names natural tiles only).
    """
    codes = parse_tiles(list(tiles))
    if not codes or JOKER in codes:
        raise ValueError(f"practice line {label!r} needs natural tiles")
    groups = tuple(tuple(run) for _, run in groupby(codes))
    return PracticeLine(label, groups)


def lines_from_pack(pack: Pack) -> tuple[PracticeLine, ...]:
    """The practice lines of ``pack``'s Charleston lesson (``charleston`` / ``two-lines``).

    Raises ``KeyError`` when the pack has no such lesson or step, ``ValueError`` when the step's
    picture is not a ``tile_grid`` with rows.
    """
    lesson = pack.lesson(LINES_LESSON)
    step = next((s for s in lesson.steps if s.id == LINES_STEP), None)
    if step is None:
        raise KeyError(LINES_STEP)
    picture = step.picture or {}
    rows = picture.get("rows")
    if picture.get("kind") != "tile_grid" or not isinstance(rows, list) or not rows:
        raise ValueError(f"{LINES_LESSON}/{LINES_STEP} has no tile_grid rows")
    return tuple(line_from_tiles(str(row["label"]), row["tiles"]) for row in rows)


def line_progress(line: PracticeLine, hand: Sequence[str]) -> int:
    """How many of the line's tiles ``hand`` already covers (0 .. ``len(line.tiles)``).

    Natural tiles count up to the number the line holds; they go to pairs and singles first,
    then to identical groups of three or more, whose empty places jokers may fill.
    Example: ``F F 6B 6B J`` against line A (``F F 6B 6B 6B 6D 6D 6D E E E RD RD RD``) is 5.
    """
    have = Counter(hand)
    jokers = have.pop(JOKER, 0)
    covered = 0
    room = 0
    ordered = sorted(line.groups, key=len)
    for group in ordered:
        tile = group[0]
        take = min(have[tile], len(group))
        have[tile] -= take
        covered += take
        if len(group) >= 3:
            room += len(group) - take
    return covered + min(jokers, room)


def best_line(lines: Sequence[PracticeLine], hand: Sequence[str]) -> tuple[int, int]:
    """``(index, progress)`` of the line ``hand`` is furthest along (the first on a tie).

    Raises ``ValueError`` when ``lines`` is empty.
    """
    if not lines:
        raise ValueError("no practice lines")
    scores = [line_progress(line, hand) for line in lines]
    top = max(scores)
    return scores.index(top), top


def wanted(lines: Sequence[PracticeLine], tile: str) -> int:
    """The most natural copies of ``tile`` any line holds (0: it helps neither line)."""
    return max((line.wants(tile) for line in lines), default=0)
