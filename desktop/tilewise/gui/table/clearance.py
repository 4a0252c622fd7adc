"""Clearance on the table: no zone lies on a seat plate or on another zone (issue 16).

Pure geometry (no Qt): the table scene names its parts as :class:`Part` s
(``TableScene.layout_parts``) and :func:`clashes` lists each pair that overlaps. A part is a
seat plate or the discard box (``"plate"``), a drop zone (``"zone"``), a zone's caption
(``"caption"``, named as its zone), the tiles arriving face down (``"arrivals"``), their
note (``"note"``), or the learner's rack with the room over it (``"rack"``). No two may overlap, except a zone and its own caption (drawn just over or
under it) and the arrivals and their note; two plates may not either (the discard box hangs
under the seat across, never on it).

Found by a newcomer: in German, the joker exchange of the American review put its discard
zone half under West's plate (the long swap-zone caption widened the row of centre zones),
and presenter mode's note "Kommen verdeckt an: blind weitergeben" ran over South's plate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

PartKind = Literal["plate", "zone", "caption", "arrivals", "note", "rack"]
#: Kinds of part that belong together when they have the same name (never a clash).
TOGETHER = ({"zone", "caption"}, {"arrivals", "note"})


@dataclass(frozen=True)
class Part:
    """One part of a laid-out table: ``kind``, a ``name`` for messages (a seat code, a zone
    id, ``"arrivals"``), and its box in scene units (``left``, ``top``, ``width``,
    ``height``; the scene is 1200 units wide)."""

    kind: PartKind
    name: str
    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The box's right edge (scene units)."""
        return self.left + self.width

    @property
    def bottom(self) -> float:
        """The box's bottom edge (scene units)."""
        return self.top + self.height


def overlap(a: Part, b: Part, margin: float = 0.0) -> bool:
    """True when the boxes of ``a`` and ``b`` share an area (edges that only touch do not),
    each box grown by ``margin`` scene units on every side."""
    return (a.left - margin < b.right + margin and b.left - margin < a.right + margin
            and a.top - margin < b.bottom + margin and b.top - margin < a.bottom + margin)


def clashes(parts: Sequence[Part], margin: float = 0.0) -> list[str]:
    """Every pair of ``parts`` that overlaps (see :func:`overlap`), one line each, such as
    ``"zone discard overlaps plate W by 54x96"``; empty when the table is clear. A zone and
    the caption of the same name, the arrivals and their note, are one thing (:data:`TOGETHER`)."""
    found = []
    for number, a in enumerate(parts):
        for b in parts[number + 1:]:
            if a.name == b.name and {a.kind, b.kind} in TOGETHER:
                continue
            if overlap(a, b, margin):
                wide = min(a.right, b.right) - max(a.left, b.left)
                high = min(a.bottom, b.bottom) - max(a.top, b.top)
                found.append(f"{a.kind} {a.name} overlaps {b.kind} {b.name} by "
                             f"{wide:.0f}x{high:.0f}")
    return found


def outside(parts: Sequence[Part], width: float, margin: float = 0.0) -> list[str]:
    """Every part that reaches past the table's left or right edge (``0`` and ``width``
    scene units, less ``margin``), one line each: the view cuts it off there."""
    return [f"{p.kind} {p.name} reaches past the table's edge ({p.left:.0f} to {p.right:.0f})"
            for p in parts if p.left < margin or p.right > width - margin]


__all__ = ["TOGETHER", "Part", "PartKind", "clashes", "outside", "overlap"]
