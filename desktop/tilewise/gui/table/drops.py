"""The table view's drops for a room over a desk model: one operation each, then a redraw.

:class:`DeskDrops` is mixed into a room (a ``QWidget``) that holds ``desk`` (a table model with
``move(tile_id, zone_id, slot)`` and ``take_back(tile_id)``, each returning an
``tilewise.lessons.steptable.Outcome``: ``PracticeTable``, ``HandDesk``), ``table_scene`` (the
:class:`~tilewise.gui.table.scene.TableScene`), and ``_after(outcome, held)`` / ``_redraw()``
(what the room shows after an operation). Connect the view's ``dropped``, ``missed`` and
``send`` signals to :meth:`~DeskDrops.drop`, :meth:`~DeskDrops.miss` and
:meth:`~DeskDrops.send_selection`.
"""

from __future__ import annotations

from typing import Any, Protocol

from tilewise.gui.table.scene import TableScene
from tilewise.lessons.steptable import Outcome


class Desk(Protocol):
    """A table model the view's drops operate on."""

    def move(self, tile_id: int, zone_id: str, slot: int | None = None) -> Outcome:
        """Drop a tile into a zone."""

    def take_back(self, tile_id: int) -> Outcome:
        """Return a staged tile to its place."""


class DeskDrops:
    """Drop, miss and keyboard-send handlers (see the module docstring)."""

    desk: Any
    table_scene: TableScene

    def _after(self, outcome: Outcome, held: int | None = None) -> None:
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def drop(self, tile_id: int, zone_id: str, slot: int = -1) -> None:
        """A tile dropped on a zone (slot ``slot``, or -1 for the first free one)."""
        desk: Desk | None = self.desk
        if desk is not None:
            self._after(desk.move(tile_id, zone_id, None if slot < 0 else slot), tile_id)

    def miss(self, tile_id: int) -> None:
        """A tile released away from every zone goes back."""
        desk: Desk | None = self.desk
        if desk is not None:
            self._after(desk.take_back(tile_id), tile_id)

    def send_selection(self, zone_id: str) -> None:
        """The keyboard: the selected tiles, in rack order, to ``zone_id``."""
        for tile_id in [t.tile_id for t in self.table_scene.selection()]:
            self.drop(tile_id, zone_id)
        self.table_scene.selected = []
        self._redraw()


__all__ = ["Desk", "DeskDrops"]
