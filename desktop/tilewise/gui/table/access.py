"""Screen-reader access to the table: its tiles, drop zones and seats as accessible objects.

``QGraphicsItem`` s have no accessible interface of their own, so the table view gets one
(:class:`TableAccessible`, a ``QAccessibleWidget`` subclass installed with
``QAccessible.installFactory``) whose children are light interfaces over the scene's items,
looked up by position each time they are asked (a rebuilt table never leaves a stale child):

- rack and arriving tiles (role ``ListItem``): "Five Dot, 3 of 14, selected 1 of 3", states
  focusable / focused / selectable / selected;
- drop zones (role ``Button``): "Pass to the right: South, 2 of 3 tiles"; the description
  says which key sends the selection there;
- shown tiles (exposures, the discard; role ``Graphic``), seat plates (``StaticText``), the
  learner's own seat ("You: East", ``StaticText``) and the pass arrows (``Graphic``: "Arrow
  from the pass zone to South").

Each child is a ``QAccessibleWidget`` over the view (with no object of its own), so it has an
action interface: a movable tile can be toggled (selected) and focused, a zone pressed (the
selected tiles go there, as its digit key does) and focused (issue 16: zones were neither
focusable nor pressable through AT-SPI). The view's own role is ``List``; ``focusChild()`` is
the tile with the keyboard focus, or the zone focused through its action until the next key.
The table announces focus changes with ``QAccessibleEvent(view, Focus)`` and ``setChild``, a
selection with ``SelectionAdd``/``SelectionRemove`` and a state change (see
``tilewise.gui.table.view.notify_focus`` and ``notify_selection``). Tested through
``QAccessible.queryAccessibleInterface(view).child(i)`` in ``tests/gui/test_accessibility.py``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleActionInterface,
    QAccessibleInterface,
    QWindow,
)
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsItem, QGraphicsSimpleTextItem
from shiboken6 import isValid

from tilewise.gui.table.items import Arrow, FixedTile, Plate, TileItem, ZoneItem, tile_name
from tilewise.gui.table.view import TableView, notify_focus
from tilewise.i18n import _, ngettext

TILE, ZONE, SHOWN, PLATE, YOU, ARROW = "tile", "zone", "shown", "plate", "you", "arrow"
PRESS = QAccessibleActionInterface.pressAction()
TOGGLE = QAccessibleActionInterface.toggleAction()
FOCUS = QAccessibleActionInterface.setFocusAction()


def zone_name(zone: ZoneItem, number: int, numbered: bool) -> str:
    """Accessible name of a drop zone: caption and how full it is."""
    filled = sum(zone.filled)
    # TRANSLATORS: a drop zone for screen readers: "Pass to the right: South, 2 of 3 tiles"
    return ngettext("{zone}, {filled} of {n} tile", "{zone}, {filled} of {n} tiles",
                    zone.spec.slots, zone=(f"{number + 1}. " if numbered else "") + zone.caption,
                    filled=filled)


class ItemAccessible(QAccessibleWidget):
    """One item of the table (``kind`` and position ``index`` among items of that kind).

    A ``QAccessibleWidget`` over the view only for its action interface (a plain
    ``QAccessibleInterface`` made in Python cannot offer one); ``object()`` is None, so Qt's
    cache never takes it for the view's own interface."""

    def __init__(self, owner: TableAccessible, kind: str, index: int) -> None:
        super().__init__(owner.view, QAccessible.Role.ListItem)
        self.owner = owner
        self.kind = kind
        self.index = index

    # -- what it stands for --------------------------------------------------------------------
    def item(self) -> QGraphicsItem | None:
        """The scene item now at this place, or None (the table was rebuilt smaller)."""
        items = self.owner.items(self.kind)
        return items[self.index] if 0 <= self.index < len(items) else None

    def isValid(self) -> bool:  # noqa: N802 - Qt API
        return self.owner.view_alive() and self.item() is not None

    def object(self) -> QObject | None:  # type: ignore[override]  # nullptr in C++
        return None

    def window(self) -> QWindow:
        return self.owner.window()

    def parent(self) -> QAccessibleInterface:
        return self.owner

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:  # noqa: N802 - Qt API
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt API
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802, E501
        return None

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        return None

    # -- actions (AT-SPI's Action interface) ---------------------------------------------------
    def actionNames(self) -> list[str]:  # noqa: N802 - Qt API
        """Toggle (select) and focus a movable tile not in a zone; press and focus a zone."""
        item = self.item()
        if isinstance(item, TileItem) and item.movable and item.placed is None:
            return [TOGGLE, FOCUS]
        if isinstance(item, ZoneItem):
            return [PRESS, FOCUS]
        return []

    def localizedActionDescription(self, name: str) -> str:  # noqa: N802 - Qt API
        if name == PRESS:
            # TRANSLATORS: screen readers: what pressing a drop zone does
            return _("Send the selected tiles here")
        if name == TOGGLE:
            # TRANSLATORS: screen readers: what toggling a tile does
            return _("Select or unselect this tile")
        if name == FOCUS:
            # TRANSLATORS: screen readers: the action that moves the keyboard focus here
            return _("Move the focus here")
        return ""

    def localizedActionName(self, name: str) -> str:  # noqa: N802 - Qt API
        return self.localizedActionDescription(name)

    def keyBindingsForAction(self, name: str) -> list[str]:  # noqa: N802 - Qt API
        item = self.item()
        if name == TOGGLE:
            return ["Space"]
        if name == PRESS and isinstance(item, ZoneItem):
            return [str(self.index + 1)] if self.index < 9 else []
        return []

    def doAction(self, name: str) -> None:  # noqa: N802 - Qt API
        """What the keys do: Space on a tile, a zone's digit; focus goes to the item."""
        item = self.item()
        view = self.owner.view
        if name not in self.actionNames() or item is None:
            return
        if isinstance(item, TileItem):
            take_focus(view)
            self.owner.zone_focus = None
            view.table.focus_index = item.index
            view.table.update_focus()
            if name == TOGGLE:
                view.toggle_focused()
            view.focus_moved.emit(view.table.announce())
            notify_focus(view)
        elif name == PRESS and isinstance(item, ZoneItem):
            view.send.emit(item.spec.id)
        else:
            self.owner.zone_focus = self.index
            take_focus(view)  # the Focus event now, or when the window's focus comes in
            notify_focus(view)

    def role(self) -> QAccessible.Role:
        return {TILE: QAccessible.Role.ListItem, ZONE: QAccessible.Role.Button,
                SHOWN: QAccessible.Role.Graphic, PLATE: QAccessible.Role.StaticText,
                YOU: QAccessible.Role.StaticText, ARROW: QAccessible.Role.Graphic}[self.kind]

    def text(self, kind: QAccessible.Text) -> str:
        item = self.item()
        if item is None:
            return ""
        if kind == QAccessible.Text.Name:
            return self.name(item)
        if kind == QAccessible.Text.Description:
            return self.description(item)
        return ""

    def name(self, item: QGraphicsItem) -> str:
        """What a screen reader says for this item."""
        table = self.owner.view.table
        if isinstance(item, TileItem):
            return table.describe(item)
        if isinstance(item, ZoneItem):
            return zone_name(item, self.index, len(table.zones) > 1)
        if isinstance(item, FixedTile):
            if item.exposure is not None:
                from tilewise.gui.reasons import seat_name

                # TRANSLATORS: a tile in a seat's exposure, for screen readers
                return _("{tile}, exposed by {seat}", tile=tile_name(item.code),
                         seat=seat_name(item.exposure[0]))
            return tile_name(item.code)
        if isinstance(item, (Plate, Arrow)):
            return item.text
        if isinstance(item, QGraphicsSimpleTextItem):  # the learner's own seat
            return item.text()
        return ""

    def description(self, item: QGraphicsItem) -> str:
        """Extra help: how to act on this item."""
        table = self.owner.view.table
        if isinstance(item, ZoneItem) and item.spec.id in table.zones:
            number = list(table.zones).index(item.spec.id) + 1
            # TRANSLATORS: help for a drop zone, for screen readers
            return _("Press {key} to send the selected tiles here.", key=number)
        if isinstance(item, TileItem) and item.movable:
            return _("Space selects or unselects this tile.")
        return ""

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        item = self.item()
        if item is None:
            state.invisible = True
            return state
        if isinstance(item, TileItem):
            table = self.owner.view.table
            state.focusable = item.movable
            state.focused = (self.owner.view.hasFocus() and table.focused_tile() is item)
            state.selectable = item.movable and item.placed is None
            state.selected = item.selected_
            state.readOnly = not item.movable
        elif isinstance(item, ZoneItem):
            state.hotTracked = item.hot
            state.focusable = True
            state.focused = self.owner.view.hasFocus() and self.owner.zone_focus == self.index
        else:
            state.readOnly = True
        return state

    def rect(self) -> QRect:
        item = self.item()
        view = self.owner.view
        if item is None:
            return QRect()
        if isinstance(item, Plate):
            box = item.rect
        elif isinstance(item, Arrow):
            box = item.mapRectToScene(item.outline().boundingRect())
        elif isinstance(item, (TileItem, FixedTile)):
            box = item.mapRectToScene(item.shape().boundingRect())
        else:
            box = item.sceneBoundingRect()
        polygon = view.mapFromScene(box)
        local = polygon.boundingRect()
        top_left = view.viewport().mapToGlobal(local.topLeft())
        return QRect(top_left, local.size())


def take_focus(view: TableView) -> None:
    """Give ``view`` the keyboard focus, its window first (a screen reader's SetFocus may
    come while another window, or none, is active)."""
    view.window().activateWindow()
    view.setFocus(Qt.FocusReason.OtherFocusReason)


class KeyWatch(QObject):
    """Puts the focus back on the tiles at the next key press on the view (a zone focused
    through its action keeps it until then)."""

    def __init__(self, owner: TableAccessible, view: TableView) -> None:
        super().__init__(view)
        self.owner = owner
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.KeyPress:
            self.owner.zone_focus = None
        return False


class TableAccessible(QAccessibleWidget):
    """The table view for assistive technology: a list of tiles, zones, shown tiles, seats."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view, QAccessible.Role.List)
        self.view = view
        self._alive = True
        self._children: dict[tuple[str, int], ItemAccessible] = {}
        self._child_ids: list[int] = []
        self.zone_focus: int | None = None  # a zone focused through its action, until a key
        self._keys = KeyWatch(self, view)


    def gone(self) -> None:
        """The view is being destroyed: Qt's cache deletes each child interface (it owns
        them since they were registered); no child answers any more."""
        self._alive = False
        for child_id in self._child_ids:
            QAccessible.deleteAccessibleInterface(child_id)
        self._child_ids.clear()

    def view_alive(self) -> bool:
        """False once the view is destroyed."""
        return self._alive

    def items(self, kind: str) -> list[QGraphicsItem]:
        """The scene's items of ``kind``, in reading order."""
        if not self._alive:
            return []
        table = self.view.table
        if kind == TILE:
            return list(table.tiles)
        if kind == ZONE:
            return list(table.zones.values())
        if kind == SHOWN:
            shown = [i for i in table.items() if isinstance(i, FixedTile)]
            return sorted(shown, key=lambda i: (i.scenePos().y(), i.scenePos().x()))
        if kind == YOU:
            you = table.you
            return [you] if you is not None and isValid(you) and you.scene() is table else []
        if kind == ARROW:
            arrows: list[QGraphicsItem] = [i for i in table.items()
                                           if isinstance(i, Arrow) and i.text]
            return arrows[::-1]  # in the order they were drawn
        return list(table.plates())

    def layout(self) -> list[tuple[str, int]]:
        """(kind, index) of every child, in order: tiles, zones, shown tiles, seat plates,
        the learner's seat, arrows."""
        return [(kind, n) for kind in (TILE, ZONE, SHOWN, PLATE, YOU, ARROW)
                for n in range(len(self.items(kind)))]

    def childCount(self) -> int:  # noqa: N802 - Qt API
        return len(self.layout())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        places = self.layout()
        if not 0 <= index < len(places):
            return None
        key = places[index]
        found = self._children.get(key)
        if found is None:
            found = self._children[key] = ItemAccessible(self, *key)
            # Registered, so Qt's cache (one owner for screen readers and for us) knows it.
            self._child_ids.append(QAccessible.registerAccessibleInterface(found))
        return found

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt API
        key = (getattr(child, "kind", None), getattr(child, "index", None))
        places = self.layout()
        return places.index(key) if key in places else -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        tile = self.view.table.focused_tile() if self._alive else None
        if not self._alive or not self.view.hasFocus():
            return None
        if self.zone_focus is not None:
            places = self.layout()
            key = (ZONE, self.zone_focus)
            return self.child(places.index(key)) if key in places else None
        if tile is None:
            return None
        return self.child(self.view.table.focus_index)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802, E501
        if not self._alive:
            return None
        local = self.view.viewport().mapFromGlobal(QPoint(x, y))
        point = self.view.mapToScene(local)
        for number in range(self.childCount()):
            child = self.child(number)
            item = child.item() if isinstance(child, ItemAccessible) else None
            if item is not None and item.contains(item.mapFromScene(point)):
                return child
        return None


#: Interfaces made by :func:`factory`, kept alive from Python until Qt has deleted them (the
#: Python wrapper owns the C++ object: were it collected first, Qt's cache would hold a
#: dangling pointer and delete it a second time when the view goes).
_LIVE: dict[int, TableAccessible] = {}
_serial = 0


def factory(key: str, obj: QObject | None) -> QAccessibleInterface | None:
    """``QAccessible`` factory: the table view gets :class:`TableAccessible`."""
    global _serial
    if not isinstance(obj, TableView):
        return None
    iface = TableAccessible(obj)
    _serial += 1
    number = _serial
    _LIVE[number] = iface
    obj.destroyed.connect(lambda *_args: _forget(number))
    return iface


def _forget(number: int) -> None:
    """The view of interface ``number`` is being destroyed: its children go now; the
    interface itself is deleted by Qt's cache right after, so Python lets go of it later."""
    iface = _LIVE.get(number)
    if iface is not None:
        iface.gone()
    QTimer.singleShot(0, lambda: _LIVE.pop(number, None))


_installed = False


def install() -> None:
    """Install the factory once per process (call before the first table is shown)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(factory)
        _installed = True


__all__ = ["ItemAccessible", "TableAccessible", "factory", "install", "zone_name"]
