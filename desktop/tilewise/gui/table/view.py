"""The table view: shows a :class:`~tilewise.gui.table.scene.TableScene` scaled to fit and turns
mouse, touch and keys into drops.

Tiles are scene items moved inside the scene by press/move/release on the view (no QDrag:
INPUTS 18). A drop is decoded in scene coordinates, ``view.mapToScene(event.position())``
(INPUTS 19), into a ``(zone id, slot)`` and handed on with the model tile id (``dropped``);
the player makes one model operation and the scene redraws from the model. The view holds a
dragged tile by its model id, never by a scene item kept across a redraw: the scene may be
rebuilt while the button is down (a language switch, "Start this step again"), and the view
then picks up the new item of the same tile, or lets go. The keyboard does the same (INPUTS
21): arrows move focus between tiles, Space selects, Enter or the digit keys send the
selection to a zone.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from tilewise.gui.scroll import own_viewport
from tilewise.gui.table.items import TILE_H, TileItem
from tilewise.gui.table.layer import StillLayer
from tilewise.gui.table.scene import MIN_TILE_PX, TableScene


class TableView(QGraphicsView):
    """Shows a :class:`TableScene` scaled to fit; turns mouse, touch and keys into drops.

    Signals: ``dropped(tile_id, zone_id, slot)`` (a model tile id) for a tile released over
    a zone; ``missed(tile_id)`` for one released elsewhere (it goes home);
    ``send(zone_id)`` for the keyboard's "send the selection to zone";
    ``focus_moved(text)`` with the announcement of the focused tile;
    ``clicked(scene point)`` for a press and release in one place (the presenter's pointer);
    ``zoomed(factor)`` after a zoom.

    Zoom (Ctrl +/-, Ctrl+0, Ctrl+wheel, a pinch) multiplies the fitted scale by
    :attr:`zoom` (:data:`ZOOM_RANGE`); faces are painted at the resulting device size
    (:func:`paint_face`), never scaled up from a smaller pixmap.

    The still items (felt, plates, words, shown tiles, zones, arrows) are drawn once into
    :attr:`layer` (:class:`~tilewise.gui.table.layer.StillLayer`) and copied from it at each
    repaint; a zoom step back to the scale before copies that scale's kept layer (issue 21).
    """

    dropped = Signal(int, str, int)
    missed = Signal(int)
    send = Signal(str)
    focus_moved = Signal(str)
    clicked = Signal(QPointF)
    zoomed = Signal(float)

    ZOOM_RANGE = (1.0, 4.0)
    ZOOM_STEP = 1.25

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        own_viewport(self)  # asked for everywhere: one made here (gui.scroll.own_viewport)
        self.table = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.setMinimumSize(QSizeF(320, 220).toSize())
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._drag: int | None = None  # the model id of the tile held
        self._grab = QPointF()
        self._at = QPointF()  # where the held tile is (scene), kept across a redraw
        self._task: object = None  # the task of the table the tile was picked up from
        scene.rebuilt.connect(self._rebuilt)
        self._press: QPointF | None = None
        self.zoom = 1.0
        self._pinch_start = 1.0
        # The still items are drawn once into a layer the size of the viewport, which covers
        # all of it (the felt first): Qt need not fill the viewport before (issue 21).
        self.layer = StillLayer(self, scene)
        scene.still_changed.connect(self._still_changed)
        self.use_layer(True)

    def use_layer(self, on: bool) -> None:
        """Draw the still items in the still layer (``on``, always in the app), or have Qt
        draw every item at every repaint (the tests compare the two)."""
        self.table.layered = on
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, on)
        self.table.mark_still()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        """The felt and every still item: the exposed part of the still layer (Qt API)."""
        if self.table.layered:
            self.layer.paint(painter, QRectF(rect))
        else:
            super().drawBackground(painter, rect)

    def _still_changed(self, rect: QRectF) -> None:
        """Still items changed under ``rect`` (scene; null: anywhere): draw that again."""
        if rect.isNull():
            self.layer.drop()
            self.viewport().update()
        else:
            area = self.layer.repair(rect)
            if not area.isEmpty():
                self.viewport().update(area)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit()

    def hideEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        """A hidden table keeps no layer (at 3840x2160 two are 66 MB): drawn again when shown."""
        super().hideEvent(event)
        self.layer.drop()

    def showEvent(self, event: object) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)  # type: ignore[arg-type]
        self.fit()

    def focusInEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().focusInEvent(event)
        self.table.set_show_focus(True)
        self.focus_moved.emit(self.table.announce())  # the tile's name shows on focus too
        notify_focus(self)

    def focusOutEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self.table.set_show_focus(False)

    def fit(self) -> None:
        """Scale the table's content (not the empty felt) to fill the view, times the zoom;
        then have the table laid out for that scale (readable text and tiles, issue 16) and
        fit once more if that changed its frame."""
        self._fit()
        fitted = self.transform().m11() / self.zoom
        if self.isVisible() and self.table.lay_out_for(fitted):  # sized: on screen
            self._fit()
        if self.readable_floor is not None:  # never smaller than its rack readable
            self.setMinimumSize(self.readable_floor.expandedTo(self.readable_size()))

    #: When set (a lesson's task), the view's minimum size: this, or :meth:`readable_size`
    #: where that is larger (kept at each fit, as the frame follows the text's size).
    readable_floor: QSize | None = None

    def readable_size(self) -> QSize:
        """The least size (logical px) at which this view shows its table's frame with a rack
        tile :data:`~tilewise.gui.table.scene.MIN_TILE_PX` high: the frame (scene units)
        times ``MIN_TILE_PX / TILE_H``, and the frame's border (issue 16: with the settings'
        larger text the words took the page and left the German blind pass 28 px tiles)."""
        rect = self.table.content_rect()
        least = MIN_TILE_PX / TILE_H
        frame = 2 * self.frameWidth() + 4
        return QSize(math.ceil(rect.width() * least) + frame,
                     math.ceil(rect.height() * least) + frame)

    def _fit(self) -> None:
        rect = self.table.content_rect()
        if self.zoom == 1.0 or rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        else:
            # The fitted scale of the whole area (scroll bars may take some of it when
            # zoomed in; the zoom stays an exact multiple of the fitted size).
            area = self.contentsRect()
            fitted = min((area.width() - 4) / rect.width(), (area.height() - 4) / rect.height())
            self.setTransform(QTransform.fromScale(fitted * self.zoom, fitted * self.zoom))
            self.centerOn(self._zoom_centre if self._zoom_centre is not None else rect.center())
        policy = (Qt.ScrollBarPolicy.ScrollBarAsNeeded if self.zoom > 1.0
                  else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)

    _zoom_centre: QPointF | None = None

    def set_zoom(self, factor: float, centre: QPointF | None = None) -> float:
        """Zoom to ``factor`` times the fitted size (clamped to :data:`ZOOM_RANGE`), keeping
        ``centre`` (scene point; default the middle of the view) in view. Returns the zoom."""
        low, high = self.ZOOM_RANGE
        factor = min(high, max(low, round(factor, 3)))
        if centre is None:
            centre = self.mapToScene(self.viewport().rect().center())
        self._zoom_centre = centre if factor > 1.0 else None
        self.zoom = factor
        self.layer.keep_shown()  # a step back copies this scale's layer
        # The whole view is drawn anew at the new scale: while the view scrolls to keep the
        # centre, the viewport's old pixels need not be moved first (a copy of all of them
        # on an opaque viewport).
        port = self.viewport()
        port.setUpdatesEnabled(False)
        try:
            self.fit()
        finally:
            port.setUpdatesEnabled(True)
        port.update()
        self.zoomed.emit(factor)
        return factor

    def zoom_in(self) -> float:
        """One step closer (Ctrl +)."""
        return self.set_zoom(self.zoom * self.ZOOM_STEP)

    def zoom_out(self) -> float:
        """One step back (Ctrl -)."""
        return self.set_zoom(self.zoom / self.ZOOM_STEP)

    def zoom_reset(self) -> float:
        """The whole table again (Ctrl 0)."""
        return self.set_zoom(1.0)

    def wheelEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            centre = self.mapToScene(event.position().toPoint())
            step = self.ZOOM_STEP if event.angleDelta().y() > 0 else 1 / self.ZOOM_STEP
            self.set_zoom(self.zoom * step, centre)
            event.accept()
            return
        super().wheelEvent(event)

    def pinch(self, scale_factor: float, *, started: bool = False) -> float:
        """A pinch gesture: ``scale_factor`` is the total scale since the pinch began."""
        if started:
            self._pinch_start = self.zoom
        return self.set_zoom(self._pinch_start * scale_factor)

    # Handlers: decode (view -> scene coordinates), hand over, repaint.
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        self.table.finish_slides()  # a press skips the slides
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
        if event.button() != Qt.MouseButton.LeftButton or not self.grab_tile(event.position()):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if not self.drag_to(event.position()):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        press, self._press = self._press, None
        if press is not None and (event.position() - press).manhattanLength() < 6:
            self.clicked.emit(self.mapToScene(event.position().toPoint()))
        if not self.drop_at(event.position()):
            super().mouseReleaseEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """A finger drags exactly as the mouse does (first touch point only)."""
        kind = event.type()
        if kind == QEvent.Type.Gesture:
            gesture = event.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if gesture is not None:
                self.pinch(gesture.totalScaleFactor(),
                           started=gesture.state() == Qt.GestureState.GestureStarted)
                event.accept()
                return True
        if kind == QEvent.Type.NativeGesture:
            native = event  # a touchpad pinch (macOS, libinput)
            if native.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:  # type: ignore[attr-defined]
                self.set_zoom(self.zoom * (1.0 + native.value()))  # type: ignore[attr-defined]
                return True
        if kind in (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd):
            points = event.points()  # type: ignore[attr-defined]
            if points:
                # From the screen position: a touch point's local position() is not always
                # relative to the viewport (seen with QTest on Qt 6.12).
                where = self.viewport().mapFromGlobal(points[0].globalPosition())
                if kind == QEvent.Type.TouchBegin:
                    self.grab_tile(where)
                elif kind == QEvent.Type.TouchUpdate:
                    self.drag_to(where)
                else:
                    self.drop_at(where)
            event.accept()
            return True
        return super().viewportEvent(event)

    def held(self) -> TileItem | None:
        """The item of the tile held now (None when none is held)."""
        return None if self._drag is None else self.table.item_for(self._drag)

    def grab_tile(self, position: QPointF) -> bool:
        """Pick up the movable tile under ``position`` (viewport pixels); False if none."""
        point = self.mapToScene(position.toPoint())
        item = self._tile_at(point)
        if item is None:
            return False
        self._drag, self._grab, self._at = item.tile_id, point - item.pos(), item.pos()
        self._task = self.table.model.task if self.table.model is not None else None
        self.table.lift(item)
        return True

    def _rebuilt(self) -> None:
        """The scene was drawn again while a tile is held: hold the new item of the same
        tile where the old one was, or let go when the tile is no longer movable or the table
        is another task's."""
        item = self.held()
        if self._drag is None:
            return
        model = self.table.model
        if item is None or not item.movable or model is None or model.task is not self._task:
            self._drag = None
            self.table.set_hot(None)
            return
        item.setPos(self._at)
        self.table.lift(item)

    def drag_to(self, position: QPointF) -> bool:
        """Move the held tile under ``position``; light the zone below it."""
        item = self.held()
        if item is None:
            self._drag = None
            self.table.rest()
            return False
        point = self.mapToScene(position.toPoint())
        self._at = point - self._grab
        item.setPos(self._at)
        hit = self.table.zone_at(point)
        self.table.set_hot(hit[0] if hit else None)
        return True

    def drop_at(self, position: QPointF) -> bool:
        """Release the held tile at ``position``: ``dropped`` over a zone, else ``missed``."""
        tile_id, self._drag = self._drag, None
        if tile_id is None:
            return False
        self.table.set_hot(None)
        hit = self.table.zone_at(self.mapToScene(position.toPoint()))
        if hit is None:
            self.missed.emit(tile_id)
        else:
            self.dropped.emit(tile_id, hit[0], hit[1])
        self.table.rest()  # put back or drawn anew by now: lies still again
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        self.table.finish_slides()  # a key skips the slides
        key = event.key()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
                self.zoom_in()
            elif key == Qt.Key.Key_Minus:
                self.zoom_out()
            elif key == Qt.Key.Key_0:
                self.zoom_reset()
            else:
                super().keyPressEvent(event)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.table.move_focus(-1)
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.table.move_focus(1)
        elif key == Qt.Key.Key_Space:
            self.toggle_focused()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.zones:
            self.send.emit(next(iter(self.table.zones)))
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            ids = list(self.table.zones)
            number = key - Qt.Key.Key_1
            if number < len(ids):
                self.send.emit(ids[number])
        else:
            super().keyPressEvent(event)
            return
        self.focus_moved.emit(self.table.announce())
        notify_focus(self)

    def toggle_focused(self) -> None:
        """Select or unselect the focused tile (Space)."""
        tile = self.table.focused_tile()
        if tile is not None:
            self.table.select(tile, not tile.selected_)
            notify_selection(self, tile.index, tile.selected_)

    def _tile_at(self, point: QPointF) -> TileItem | None:
        for item in self.table.items(point):
            if isinstance(item, TileItem) and item.movable:
                return item
        return None


def notify_focus(view: TableView) -> None:
    """Tell assistive technology that the focused child of the view (a tile, or a zone focused
    through its action; see :mod:`tilewise.gui.table.access`) changed, and that its name and
    state did."""
    from PySide6.QtGui import QAccessible, QAccessibleEvent

    if not QAccessible.isActive() or not view.hasFocus():
        return
    iface = QAccessible.queryAccessibleInterface(view)
    focus = iface.focusChild() if iface is not None else None
    index = iface.indexOfChild(focus) if focus is not None else -1
    for kind in (QAccessible.Event.Focus, QAccessible.Event.NameChanged):
        event = QAccessibleEvent(view, kind)
        event.setChild(index if index >= 0 else view.table.focus_index)
        QAccessible.updateAccessibility(event)


def notify_selection(view: TableView, index: int, selected: bool) -> None:
    """Tell assistive technology that tile ``index`` (an accessible child of the view) was
    selected or unselected: ``SelectionAdd``/``SelectionRemove`` on the view and the tile's
    ``selected`` state change (AT-SPI: ``object:selection-changed`` and
    ``object:state-changed:selected``)."""
    from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleStateChangeEvent

    if not QAccessible.isActive():
        return
    view_iface = QAccessible.queryAccessibleInterface(view)
    child = view_iface.child(index) if view_iface is not None else None
    if child is None:
        return
    kind = QAccessible.Event.SelectionAdd if selected else QAccessible.Event.SelectionRemove
    event = QAccessibleEvent(view, kind)
    event.setChild(index)
    QAccessible.updateAccessibility(event)
    changed = QAccessible.State()
    changed.selected = True
    QAccessible.updateAccessibility(QAccessibleStateChangeEvent(child, changed))


__all__ = ["TableView", "notify_focus", "notify_selection"]
