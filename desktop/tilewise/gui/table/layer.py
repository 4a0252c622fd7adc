"""The still layer of a table view: what lies still on the table, drawn once per view.

A table at 3840x2160 is mostly things that do not move while the learner looks at it: the
felt, the seat plates, their words, the exposures and the 60 discards, the drop zones and
their captions and arrows, the learner's own tiles (``scene.STILL_ITEMS``). Qt drew each of
them at every repaint, and a kept drawing per item (``DeviceCoordinateCache``) still cost a
copy per item plus the felt under them (14 ms of CPU a full repaint, issue 21), and was thrown
away at every zoom step, where drawing the large words again as outlines cost 26 ms more.

:class:`StillLayer` draws every still item of the scene into one pixmap the size of the
view's viewport, in the view's own transform, once; the view's ``drawBackground`` copies the
exposed part of it 1:1 (device pixels), and Qt draws only what moves (the tile held, slides,
the latest discard's ring, the presenter's pointer) above it. The still items carry
``ItemHasNoContents`` while the layer draws them, so Qt skips them; they stay in the scene
for hit tests, accessibility and the layout checks. A tile picked up leaves the layer
(``TableScene.lift``) and comes back when let go (``TableScene.rest``).

The layer is keyed on what its pixels depend on (:meth:`StillLayer.key`): the scene's
``still_version`` (bumped when items are added or removed; ``still_changed`` with a null
rectangle drops every layer), the tile theme, the view's transform without its translation,
the viewport's size and the device pixel ratio. A change of how one still item looks (a zone
lit under a dragged tile, a selection, the focus ring, a tile put back) draws only its part
of the layer again (:meth:`StillLayer.repair`, from ``still_changed``); a scroll moves the
layer's pixels and draws the strip uncovered. A zoom step keeps the layer it leaves
(:meth:`StillLayer.keep_shown`; :data:`KEPT` layers at most), so a step back to the previous
scale copies that layer instead of drawing it again; any other new layer (a resize, a new
table) frees the old ones before it is drawn.

Memory: a layer is 4 bytes a viewport pixel (at 1280x860 about 2.3-3.3 MB; at 3840x2160
33 MB, two after a zoom step); a hidden view keeps none. Three bytes a pixel (RGB888) would
save a quarter, but Qt blends words and edges on such an image with other rounding (on the
benchmark's table at 1280x860, 8,415 pixels came out up to 3/255 apart), so it is not used.

Each item is drawn as Qt draws an item without a cache (its scene transform times the view's
transform, its opacity, the view's render hints, a style option whose exposed rectangle is
the item's bounding rectangle; the felt first): the same pixels as Qt's own drawing (see
``tests/gui/test_table_layer.py``).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem

from tilewise.gui.table.items import OVERHANG, TILE_H, TILE_W, FixedTile, TileItem

if TYPE_CHECKING:
    from tilewise.gui.table.scene import TableScene

__all__ = ["KEPT", "StillLayer"]

#: Layers kept per view at most: the one shown and the one a zoom step left.
KEPT = 2

#: (still version, theme, m11, m12, m21, m22, width, height, device pixel ratio)
Key = tuple[int, str, float, float, float, float, int, int, float]


class _Layer:
    """One drawn layer: its pixmap and the translation of the transform it was drawn in."""

    def __init__(self, pixmap: QPixmap, dx: float, dy: float) -> None:
        self.pixmap = pixmap
        self.dx = dx
        self.dy = dy


class StillLayer:
    """The still items of ``view``'s :class:`~tilewise.gui.table.scene.TableScene` drawn into
    viewport-sized pixmaps (device pixels), kept by :meth:`key` (:data:`KEPT` at most)."""

    def __init__(self, view: QGraphicsView, scene: TableScene) -> None:
        self.view = view
        self.scene = scene
        self._layers: OrderedDict[Key, _Layer] = OrderedDict()
        self._kept: Key | None = None  # the layer a zoom step keeps (keep_shown)
        self.drawn = 0  # whole layers drawn (for tests: a kept layer is not drawn again)

    def key(self) -> Key:
        """What the layer's pixels depend on, besides the translation (see the module)."""
        t = self.view.viewportTransform()
        port = self.view.viewport()
        return (self.scene.still_version, self.scene.images.theme, t.m11(), t.m12(), t.m21(),
                t.m22(), port.width(), port.height(), round(port.devicePixelRatioF(), 3))

    def bytes(self) -> int:
        """Bytes of the pixels of the layers kept."""
        return sum(x.pixmap.width() * x.pixmap.height() * max(1, x.pixmap.depth() // 8)
                   for x in self._layers.values())

    def keep_shown(self) -> None:
        """A zoom step is about to change the scale: keep the layer shown now (if any) for a
        step back, beside the next one (:data:`KEPT` layers at most)."""
        key = self.key()
        self._kept = key if key in self._layers else None

    def drop(self) -> None:
        """Forget every layer (the still items changed; the next paint draws one afresh)."""
        self._layers.clear()

    def _current(self) -> _Layer:
        """The layer for the view as it is now: kept, moved by a scroll, or drawn."""
        key = self.key()
        t = self.view.viewportTransform()
        layer = self._layers.get(key)
        if layer is None:
            # Only a layer a zoom step left (kept) may be asked for again: the others (an
            # older version, a size or scale a resize left) go before the new one is drawn.
            for stale in [k for k in self._layers if k != self._kept]:
                del self._layers[stale]
            layer = self._draw_whole(t)
            self._layers[key] = layer
        else:
            self._layers.move_to_end(key)
            self._follow(layer, t)
        return layer

    def _draw_whole(self, transform: QTransform) -> _Layer:
        port = self.view.viewport()
        ratio = port.devicePixelRatioF()
        pixmap = QPixmap(math.ceil(port.width() * ratio), math.ceil(port.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        layer = _Layer(pixmap, transform.dx(), transform.dy())
        self._draw(layer, QRect(0, 0, port.width(), port.height()), transform)
        self.drawn += 1
        return layer

    def _follow(self, layer: _Layer, transform: QTransform) -> None:
        """Bring ``layer`` to the view's translation (a scroll): its pixels move by whole
        pixels and the uncovered strips are drawn; a move by part of a pixel draws it all."""
        dx, dy = transform.dx() - layer.dx, transform.dy() - layer.dy
        if dx == 0 and dy == 0:
            return
        port = self.view.viewport()
        whole = QRect(0, 0, port.width(), port.height())
        layer.dx, layer.dy = transform.dx(), transform.dy()
        if dx != round(dx) or dy != round(dy) or abs(dx) >= whole.width() or abs(
                dy) >= whole.height():
            self._draw(layer, whole, transform)
            return
        sx, sy = round(dx), round(dy)
        ratio = layer.pixmap.devicePixelRatio()
        layer.pixmap.scroll(round(sx * ratio), round(sy * ratio), layer.pixmap.rect())
        if sx:
            self._draw_part(layer, QRect(0 if sx > 0 else whole.width() + sx, 0, abs(sx),
                                         whole.height()), transform)
        if sy:
            self._draw_part(layer, QRect(0, 0 if sy > 0 else whole.height() + sy,
                                         whole.width(), abs(sy)), transform)
        # A face the old layer's edge cut was drawn from that edge (see _draw_part): the
        # part of it still in view is drawn again from its own edge.
        before = whole.translated(sx, sy)
        for area in self._faces(whole, transform):
            if area.intersects(whole) and not before.contains(area):
                self._draw_part(layer, area, transform)

    def _faces(self, area: QRect, t: QTransform) -> list[QRect]:
        """The faces (viewport pixels, one more on each side) of the still tiles over
        ``area``."""
        face = QRectF(0, 0, TILE_W, TILE_H)
        found = []
        for item in self.scene.items(t.inverted()[0].mapRect(QRectF(area))):
            if isinstance(item, (FixedTile, TileItem)) and self.scene.is_still(item):
                found.append(t.mapRect(item.mapRectToScene(face)).toAlignedRect()
                             .adjusted(-1, -1, 1, 1))
        return found

    def repair(self, scene_rect: QRectF) -> QRect:
        """Draw the part of the shown layer under ``scene_rect`` again (a still item there
        changed) and forget the other layers; returns the viewport rectangle redrawn (empty
        when no layer is drawn yet, or the rectangle is out of view)."""
        key = self.key()
        layer = self._layers.get(key)
        for other in [k for k in self._layers if k != key]:
            del self._layers[other]
        if layer is None:
            return QRect()
        t = self.view.viewportTransform()
        self._follow(layer, t)
        area = t.mapRect(scene_rect).toAlignedRect().adjusted(-2, -2, 2, 2)
        return self._draw_part(layer, area, t)

    def _draw_part(self, layer: _Layer, area: QRect, t: QTransform) -> QRect:
        """Draw ``area`` (viewport pixels) of ``layer`` again, grown to take in whole faces;
        returns the area drawn (within the viewport)."""
        # A face is scaled from its pixmap by steps counted from the first pixel of each row
        # drawn: drawn from a pixel inside it, its pixels came out up to 1/255 off. So the
        # area takes in the face of every still tile it touches whole (faces never overlap:
        # a few rounds at most).
        while True:
            grown = QRect(area)
            for face in self._faces(area, t):
                grown = grown.united(face)
            if grown == area:
                break
            area = grown
        port = self.view.viewport()
        area = area.intersected(QRect(0, 0, port.width(), port.height()))
        if not area.isEmpty():
            self._draw(layer, area, t)
        return area

    def _draw(self, layer: _Layer, area: QRect, transform: QTransform) -> None:
        """Draw the felt and every still item over ``area`` (viewport pixels) of ``layer``."""
        inverse, _ok = transform.inverted()
        exposed = inverse.mapRect(QRectF(area).adjusted(-1, -1, 1, 1))
        painter = QPainter(layer.pixmap)
        try:
            painter.setClipRect(area)
            painter.setRenderHints(painter.renderHints(), False)
            painter.setRenderHints(self.view.renderHints(), True)
            painter.setWorldTransform(transform)
            QGraphicsView.drawBackground(self.view, painter, exposed)
            option = QStyleOptionGraphicsItem()
            no_contents = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
            # The items that may have painted there: those whose bounding rectangle, and the
            # margin an item may paint past it, meets the area.
            shown = inverse.mapRect(QRectF(area)).adjusted(-OVERHANG, -OVERHANG, OVERHANG,
                                                           OVERHANG)
            for item in self.scene.items(shown, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                                         Qt.SortOrder.AscendingOrder):
                if not (item.flags() & no_contents) or not self.scene.is_still(item):
                    continue
                if not item.isVisible():
                    continue
                painter.save()
                painter.setWorldTransform(item.sceneTransform() * transform)
                painter.setOpacity(item.effectiveOpacity())
                option.exposedRect = item.boundingRect()
                option.rect = option.exposedRect.toAlignedRect()
                item.paint(painter, option, self.view.viewport())
                painter.restore()
        finally:
            painter.end()

    def paint(self, painter: QPainter, rect: QRectF) -> None:
        """Copy the layer under ``rect`` (scene coordinates; ``painter`` in the view's
        transform, as ``QGraphicsView.drawBackground`` gets them) 1:1 onto the viewport."""
        layer = self._current()
        port = self.view.viewport()
        area = painter.worldTransform().mapRect(rect).toAlignedRect()
        area = area.intersected(QRect(0, 0, port.width(), port.height()))
        if area.isEmpty():
            return
        ratio = layer.pixmap.devicePixelRatio()
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(QPointF(area.topLeft()), layer.pixmap,
                           QRectF(area.x() * ratio, area.y() * ratio, area.width() * ratio,
                                  area.height() * ratio))
        painter.restore()
