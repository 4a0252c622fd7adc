"""Practice lines: read from the core pack, groups, progress with jokers."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tilewise.lessons.practice.lines import (
    PracticeLine,
    best_line,
    line_from_tiles,
    line_progress,
    lines_from_pack,
    wanted,
)
from tilewise.rules.tiles import TileError


def test_core_pack_lines_are_read_group_by_group(lines: tuple[PracticeLine, ...]) -> None:
    a, b = lines
    assert (a.label, b.label) == ("Line A", "Line B")
    assert a.groups == (("F", "F"), ("6B",) * 3, ("6D",) * 3, ("E",) * 3, ("RD",) * 3)
    assert b.groups == (("F",) * 3, ("6B",) * 2, ("6D",) * 2, ("E",) * 4, ("GD",) * 3)
    assert len(a.tiles) == len(b.tiles) == 14
    assert a.context == "charleston/two-lines"


@pytest.mark.parametrize(("hand", "a", "b"), [
    ("F F 6B 6B J", 5, 5),            # line A: F F + 6B 6B + joker in the 6B pung
    ("F F F F", 2, 3),                # copies beyond the line do not count
    ("J J J J J J J J", 8, 8),        # jokers fill only pungs and kongs ...
    ("6B J", 2, 2),                   # ... line B's 6B is a pair: the joker goes elsewhere
    ("1C 2C 3C", 0, 0),
    ("E E E E GD GD GD F F F 6B 6B 6D 6D", 9, 14),
])
def test_line_progress(lines: tuple[PracticeLine, ...], hand: str, a: int, b: int) -> None:
    assert (line_progress(lines[0], hand.split()), line_progress(lines[1], hand.split())) == (a, b)


def test_a_line_of_pairs_takes_no_joker() -> None:
    pairs = line_from_tiles("pairs", ["1B", "1B", "2B", "2B"])
    assert line_progress(pairs, ["J", "J", "1B"]) == 1
    assert not pairs.fits("J") and pairs.fits("2B") and not pairs.fits("3B")
    assert pairs.wants("1B") == 2 and pairs.wants("J") == 0


def test_fits_and_wanted(lines: tuple[PracticeLine, ...]) -> None:
    a, b = lines
    assert a.fits("J") and a.fits("RD") and not a.fits("GD") and b.fits("GD")
    assert wanted(lines, "E") == 4 and wanted(lines, "F") == 3 and wanted(lines, "1C") == 0
    assert wanted((), "E") == 0


def test_best_line_prefers_the_first_on_a_tie(lines: tuple[PracticeLine, ...]) -> None:
    assert best_line(lines, ["RD", "RD"]) == (0, 2)
    assert best_line(lines, ["GD", "GD"]) == (1, 2)
    assert best_line(lines, ["1C"]) == (0, 0)
    with pytest.raises(ValueError):
        best_line((), ["1C"])


@pytest.mark.parametrize("row", [[], ["J", "J", "J"]])
def test_a_line_needs_natural_tiles(row: list[str]) -> None:
    with pytest.raises(ValueError):
        line_from_tiles("bad", row)


def test_a_line_with_an_unknown_code_is_refused() -> None:
    with pytest.raises(TileError):
        line_from_tiles("bad", ["6b"])


def _with_step(core: Any, **changes: Any) -> Any:
    lesson = core.lesson("charleston")
    steps = [dataclasses.replace(s, **changes) if s.id == "two-lines" else s
             for s in lesson.steps]
    new = dataclasses.replace(lesson, steps=steps)
    return dataclasses.replace(core, lessons=[new if x.id == new.id else x for x in core.lessons])


def test_pack_without_the_lines_is_an_error(core: Any) -> None:
    with pytest.raises(KeyError):
        lines_from_pack(dataclasses.replace(core, lessons=[]))
    with pytest.raises(KeyError):
        lines_from_pack(_with_step(core, id="renamed"))
    with pytest.raises(ValueError):
        lines_from_pack(_with_step(core, picture=None))
    with pytest.raises(ValueError):
        lines_from_pack(_with_step(core, picture={"kind": "rack", "tiles": ["1B"]}))
    with pytest.raises(ValueError):
        lines_from_pack(_with_step(core, picture={"kind": "tile_grid", "rows": []}))
