"""The table: a QGraphicsScene with racks, pass zones, meld slots and discards.

Tiles are scene items moved inside the scene by press/move/release on the view (no QDrag:
INPUTS 18). A drop is decoded in scene coordinates, ``view.mapToScene(event.position())``
(INPUTS 19), into a ``(zone id, slot)`` and handed to the player through the ``dropped``
signal; the player asks the lesson session and then calls :meth:`TableScene.snap` or
:meth:`TableScene.send_home`. The keyboard does the same (INPUTS 21): arrows move focus between
tiles, Space selects, Enter or the digit keys send the selection to a zone.

Scene units are logical pixels at tile height :data:`TILE_H`; the view scales the whole scene
to fit, and each face is rendered for the final device scale, so tiles stay sharp.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QLineF,
    QObject,
    QPointF,
    QRectF,
    QSizeF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tilewise.gui.reasons import pass_direction_label, relative_seat_name, seat_name
from tilewise.gui.reasons import tile_name as _tile_name
from tilewise.gui.table.moves import TableSpec, ZoneSpec, relation
from tilewise.gui.tiles.images import ASPECT, TileImages
from tilewise.i18n import _, ngettext

TILE_H = 100.0
TILE_W = TILE_H * ASPECT
GAP = 6.0
SCENE_W = 1200.0
SCENE_H = 610.0

INK = QColor("#111111")
FELT = QColor("#1f5c45")
FELT_LIGHT = QColor("#2b7658")
#: Projector theme: a black table, seat plates outlined in white (tiles are white on black).
FELT_CONTRAST = QColor("#000000")
PLATE_CONTRAST = QColor("#1a1a1a")
PAPER = QColor("#fffdf5")
FOCUS = QColor("#ffb000")
SELECT = QColor("#1e88ff")
GOOD = QColor("#2fbf71")
SPOT = QColor("#ffd400")
BADGE_H = 34.0  # height of the selection tag above a selected tile


class TileItem(QGraphicsItem):
    """One tile the learner can press, drag, drop, focus and select."""

    def __init__(self, images: TileImages, code: str, index: int, *, movable: bool) -> None:
        super().__init__()
        self.images = images
        self.code = code
        self.index = index
        self.movable = movable
        self.home = QPointF()
        self.placed: tuple[str, int] | None = None  # (zone id, slot) once accepted there
        self.blind = False  # a face-down tile arriving in a blind pass
        self.selected_ = False
        self.focused = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        if movable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(tile_name(code))
        self._anim: QVariantAnimation | None = None

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-4, -BADGE_H - 10, TILE_W + 8, TILE_H + BADGE_H + 14)

    def shape(self) -> QPainterPath:
        """The face only: a press on the selection tag above does not pick the tile up."""
        path = QPainterPath()
        path.addRect(QRectF(0, 0, TILE_W, TILE_H))
        return path

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        paint_face(painter, self.images, self.code, QRectF(0, 0, TILE_W, TILE_H))
        if self.selected_:
            painter.setPen(QPen(SELECT, 6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-1, -1, TILE_W + 2, TILE_H + 2), 8, 8)
            paint_badge(painter, self.selection_number())
        scene = self.scene()
        if self.focused and getattr(scene, "show_focus", True):
            painter.setPen(QPen(FOCUS, 5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-3.5, -3.5, TILE_W + 7, TILE_H + 7), 9, 9)

    def selection_number(self) -> int:
        """1-based place of this tile among the selected ones (0 when not selected)."""
        scene = self.scene()
        chosen = scene.selection() if isinstance(scene, TableScene) else [self]
        return chosen.index(self) + 1 if self in chosen else 0

    def stop_animation(self) -> None:
        """Stop a slide in progress (before the item is removed)."""
        if self._anim is not None:
            self._anim.stop()
            self._anim.deleteLater()
            self._anim = None

    def move_to(self, target: QPointF, *, animate: bool) -> None:
        """Move to ``target`` (scene coordinates), sliding there when ``animate``."""
        self.stop_animation()
        if not animate or self.pos() == target:
            self.setPos(target)
            return
        anim = QVariantAnimation(self.scene())
        anim.setStartValue(self.pos())
        anim.setEndValue(target)
        anim.setDuration(220)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(self.setPos)
        anim.finished.connect(lambda: self.setPos(target))
        self._anim = anim
        anim.start()


class ZoneItem(QGraphicsItem):
    """A row of dashed slots with a caption: where tiles are dropped."""

    def __init__(self, spec: ZoneSpec, caption: str) -> None:
        super().__init__()
        self.spec = spec
        self.caption = caption
        self.hot = False
        self.filled: list[bool] = [False] * spec.slots
        self.setZValue(-1)

    def slot_rect(self, slot: int) -> QRectF:
        """Rectangle of slot ``slot`` in item coordinates."""
        return QRectF(GAP + slot * (TILE_W + GAP), GAP, TILE_W, TILE_H)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(0, 0, GAP + self.spec.slots * (TILE_W + GAP), TILE_H + 2 * GAP)

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(FOCUS if self.hot else PAPER, 3))
        painter.setBrush(QColor(255, 255, 255, 60 if self.hot else 28))
        painter.drawRoundedRect(self.boundingRect().adjusted(1, 1, -1, -1), 12, 12)
        pen = QPen(PAPER, 3, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for slot in range(self.spec.slots):
            painter.drawRoundedRect(self.slot_rect(slot).adjusted(3, 3, -3, -3), 8, 8)
            painter.save()
            font = QFont()
            font.setPixelSize(30)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor(255, 255, 255, 110))
            painter.drawText(self.slot_rect(slot), Qt.AlignmentFlag.AlignCenter, str(slot + 1))
            painter.restore()

    def slot_at(self, scene_point: QPointF) -> int | None:
        """Slot under ``scene_point`` (or the nearest free one when over the zone), else None."""
        local = self.mapFromScene(scene_point)
        if not self.boundingRect().adjusted(-GAP, -GAP, GAP, GAP).contains(local):
            return None
        for slot in range(self.spec.slots):
            if self.slot_rect(slot).adjusted(-GAP / 2, -GAP, GAP / 2, GAP).contains(local):
                return slot
        return self.first_free()

    def first_free(self) -> int | None:
        """The lowest empty slot, or None when all are filled."""
        for slot, full in enumerate(self.filled):
            if not full:
                return slot
        return None


def paint_badge(painter: QPainter, number: int) -> None:
    """A selected tile's mark, readable without colour: a tick and its selection number
    ("✓2") in a white-on-blue tag with a black outline, centred just above the tile."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    badge = QRectF(TILE_W / 2 - 26, -BADGE_H - 6, 52, BADGE_H)
    painter.setPen(QPen(INK, 3))
    painter.setBrush(SELECT)
    painter.drawRoundedRect(badge, 10, 10)
    painter.setPen(QPen(PAPER, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    mid = badge.center().y()
    left = badge.left() + (8 if number > 0 else 16)
    painter.drawPolyline(QPolygonF([QPointF(left, mid), QPointF(left + 6, mid + 7),
                                    QPointF(left + 16, mid - 8)]))
    if number > 0:
        font = QFont()
        font.setPixelSize(24)
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(badge.adjusted(24, 0, -2, 0), Qt.AlignmentFlag.AlignCenter, str(number))
    painter.restore()


class Spotlight(QGraphicsItem):
    """The presenter's pointer: a thick, pulsing double ring (black and amber, visible on
    any felt and any face) around a tile, a seat plate or a zone, for everyone in the room."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect
        self.phase = 0.0
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.anim = QVariantAnimation()
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(1.0)
        self.anim.setDuration(1200)
        self.anim.setLoopCount(-1)
        self.anim.valueChanged.connect(self._pulse)
        self.anim.start()

    def _pulse(self, value: float) -> None:
        self.phase = float(value)
        self.update()

    def stop(self) -> None:
        """Stop pulsing (before the item is removed)."""
        self.anim.stop()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect.adjusted(-40, -40, 40, 40)

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        grow = 10 + 10 * abs(1 - 2 * self.phase)  # breathes out and in
        ring = self.rect.adjusted(-grow, -grow, grow, grow)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(INK, 20))
        painter.drawRoundedRect(ring, 18, 18)
        painter.setPen(QPen(SPOT, 12))
        painter.drawRoundedRect(ring, 18, 18)


class Arrow(QGraphicsItem):
    """A thick arrow from ``start`` to ``end`` (the direction of a pass)."""

    def __init__(self, start: QPointF, end: QPointF, colour: QColor = FOCUS) -> None:
        super().__init__()
        self.line = QLineF(start, end)
        self.colour = colour
        self.setZValue(-2)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-30, -30, 30, 30)

    def outline(self) -> QPainterPath:
        """Where the arrow is painted (its shaft with round cap and its head, as
        :func:`draw_arrow` draws them at width 12), in item coordinates. Not an override of
        ``shape()``: a Python ``shape`` called back from Qt while scenes were torn down
        crashed the interpreter."""
        return arrow_path(self.line, 12.0)

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        draw_arrow(painter, self.line, self.colour, 12.0)


def arrow_path(line: QLineF, width: float) -> QPainterPath:
    """The outline :func:`draw_arrow` fills for ``line`` and ``width``."""
    path = QPainterPath()
    if line.length() < 1:
        return path
    head = width * 2.8
    unit = line.unitVector()
    direction = QPointF(unit.dx(), unit.dy())
    normal = QPointF(-direction.y(), direction.x())
    shaft_end = line.p2() - direction * head
    shaft = QPainterPath(line.p1())
    shaft.lineTo(shaft_end)
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    path.addPolygon(QPolygonF([line.p2(), shaft_end + normal * head * 0.7,
                               shaft_end - normal * head * 0.7, line.p2()]))
    return stroker.createStroke(shaft).united(path)


def draw_arrow(painter: QPainter, line: QLineF, colour: QColor, width: float) -> None:
    """Draw a filled arrow along ``line`` with a head sized from ``width``."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    length = line.length()
    if length < 1:
        return
    head = width * 2.8
    unit = line.unitVector()
    direction = QPointF(unit.dx(), unit.dy())
    normal = QPointF(-direction.y(), direction.x())
    shaft_end = line.p2() - direction * head
    painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QLineF(line.p1(), shaft_end))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(
        QPolygonF([line.p2(), shaft_end + normal * head * 0.7, shaft_end - normal * head * 0.7])
    )


class Plate(QGraphicsItem):
    """A seat at the table: name, relation to the learner, tile count and exposures."""

    def __init__(self, rect: QRectF, *, contrast: bool = False, seat: str = "",
                 text: str = "") -> None:
        super().__init__()
        self.rect = rect
        self.contrast = contrast
        self.seat = seat  # "" for the discard box
        self.text = text  # what the plate says (its accessible name)
        self.setZValue(-3)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.contrast:
            painter.setPen(QPen(PAPER, 3))
            painter.setBrush(PLATE_CONTRAST)
        else:
            painter.setPen(QPen(QColor(255, 255, 255, 90), 2))
            painter.setBrush(FELT_LIGHT)
        painter.drawRoundedRect(self.rect, 14, 14)


def label(text: str, size: int, colour: QColor = PAPER, *, bold: bool = True) -> QGraphicsSimpleTextItem:
    """A text item (QTextLayout shapes every script, Devanagari included)."""
    item = QGraphicsSimpleTextItem(text)
    font = QFont()
    font.setPixelSize(size)
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(QBrush(colour))
    return item


def wrapped(text: str, size: int, width: float, colour: QColor = PAPER) -> QGraphicsTextItem:
    """A wrapped plain-text item ``width`` wide (first line bold and larger)."""
    item = QGraphicsTextItem()
    item.setTextWidth(width)
    font = QFont()
    font.setPixelSize(size)
    item.setFont(font)
    item.setDefaultTextColor(colour)
    cursor = QTextCursor(item.document())
    first, _sep, rest = text.partition("\n")
    bold = QTextCharFormat()
    bold.setFontWeight(QFont.Weight.Bold)
    big = QFont()
    big.setPixelSize(round(size * 1.3))
    big.setBold(True)
    bold.setFont(big)
    cursor.insertText(first, bold)
    if rest:
        plain = QTextCharFormat()
        plain.setFont(font)
        cursor.insertText("\n" + rest, plain)
    return item


class TableScene(QGraphicsScene):
    """Builds the table for a :class:`TableSpec` and moves tiles between rack and zones."""

    def __init__(self, images: TileImages, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.spec: TableSpec | None = None
        self.tiles: list[TileItem] = []
        self.zones: dict[str, ZoneItem] = {}
        self.setSceneRect(0, 0, SCENE_W, SCENE_H)
        self.setBackgroundBrush(FELT)
        self.focus_index = 0
        self.spotlight: Spotlight | None = None
        self.spot_target: QGraphicsItem | None = None
        self.text_scale = 1.0  # presenter mode: larger words on the table
        self.discard_bottom = 0.0
        self.across_bottom = 0.0
        self.show_focus = False  # the focus ring shows while the view has the keyboard focus

    def px(self, size: int) -> int:
        """A text size in scene units times :attr:`text_scale`."""
        return round(size * self.text_scale)

    # ---- building -------------------------------------------------------------------------
    def build(self, spec: TableSpec) -> None:
        """Clear the scene and lay out ``spec``: other seats, zones, arrows, the learner's rack."""
        for tile in self.tiles:
            tile.stop_animation()
        self.clear_spotlight()
        self.clear()
        contrast = self.images.theme == "contrast"
        self.setBackgroundBrush(FELT_CONTRAST if contrast else FELT)
        self.spec = spec
        self.tiles = []
        self.zones = {}
        self.zone_captions: dict[str, QGraphicsSimpleTextItem] = {}
        self.across_bottom = self.discard_bottom = 0.0
        plates = self._plates(spec)
        for seat in spec.seats:
            self._seat(spec, seat, plates[relation(spec.seat, seat)])
        self._discards(spec)
        you = label(_("You: {seat}", seat=seat_name(spec.seat)), self.px(30), PAPER)
        you_h = you.boundingRect().height()
        # The rack sits just above the learner's seat name (taller in Devanagari, presenter).
        rack_y = SCENE_H - TILE_H - max(44.0, you_h + 4)
        self._own_melds(spec, rack_y)
        self._zones(spec, plates, QPointF(SCENE_W / 2, rack_y))
        rack_w = len(spec.rack) * (TILE_W + GAP) - GAP
        x0 = (SCENE_W - rack_w) / 2
        for index, code in enumerate(spec.rack):
            item = TileItem(self.images, code, index, movable=spec.movable)
            item.home = QPointF(x0 + index * (TILE_W + GAP), rack_y)
            item.setPos(item.home)
            item.setZValue(1)
            self.addItem(item)
            self.tiles.append(item)
        # Face-down arriving tiles sit on the side away from the pass zone.
        away_left = any(relation(spec.seat, z.target) == "right" for z in spec.zones if z.target)
        incoming_x = 290.0 if away_left else SCENE_W - 290.0 - 3 * (TILE_W + GAP)
        for number in range(spec.incoming):
            item = TileItem(self.images, "back", len(spec.rack) + number, movable=spec.movable)
            item.blind = True
            item.home = QPointF(incoming_x + number * (TILE_W + GAP), 340)
            item.setPos(item.home)
            item.setZValue(1)
            self.addItem(item)
            self.tiles.append(item)
        for zone_id, codes in spec.preplaced.items():
            if zone_id not in self.zones:
                continue
            for code in codes:
                slot = self.zones[zone_id].first_free()
                if slot is None:
                    break
                item = TileItem(self.images, code, len(self.tiles), movable=False)
                item.setZValue(1)
                self.addItem(item)
                self.tiles.append(item)
                self.snap(item, zone_id, slot)
                item.home = item.pos()
        if spec.incoming:
            note = label(_("Arriving face down: pass them on blind"), self.px(24))
            note.setPos(min(incoming_x, SCENE_W - note.boundingRect().width() - 10), 306)
            self.addItem(note)
        you.setPos((SCENE_W - you.boundingRect().width()) / 2, SCENE_H - you_h - 2)
        self.addItem(you)
        self.focus_index = 0
        self.update_focus()

    def _plates(self, spec: TableSpec) -> dict[str, QRectF]:
        return {
            "across": QRectF(SCENE_W / 2 - 240, 4, 480, 124),
            "left": QRectF(8, 150, 250, 140),
            "right": QRectF(SCENE_W - 258, 150, 250, 140),
        }

    def _seat(self, spec: TableSpec, seat: str, rect: QRectF) -> None:
        rel = relation(spec.seat, seat)
        lines = [seat_name(seat), relative_seat_name(rel)]
        count = spec.counts.get(seat)
        if count is not None:
            lines.append(ngettext("{n} tile", "{n} tiles", count))
        text = wrapped("\n".join(lines), self.px(24), rect.width() - 20)
        text.setPos(rect.left() + 10, rect.top() + 4)
        # The plate grows to hold its text (longer words in German, Devanagari line height).
        needed = text.boundingRect().height() + 8
        if spec.melds.get(seat):
            needed += TILE_H * 0.55 + 16
        plate = QRectF(rect.left(), rect.top(), rect.width(), max(rect.height(), needed))
        if rel == "across":
            self.across_bottom = plate.bottom()
        self.addItem(Plate(plate, contrast=self.images.theme == "contrast", seat=seat,
                           text=", ".join(lines)))
        self.addItem(text)
        y = rect.top() + text.boundingRect().height() + 6
        x = rect.left() + 14
        scale = 0.55
        for number, meld in enumerate(spec.melds.get(seat, [])):
            width = self._meld(meld, QPointF(x, y), scale, seat, number)
            x += width + 16
            if x > rect.right() - 3 * TILE_W * scale:
                x = rect.left() + 14
                y += TILE_H * scale + 12

    def _meld(self, meld: dict[str, Any], origin: QPointF, scale: float, seat: str,
              number: int) -> float:
        """Lay out one exposure: the ``rotated`` tile lies sideways, ``face_down`` show backs."""
        tiles = [str(t) for t in meld.get("tiles", [])]
        rotated = meld.get("rotated")
        face_down = {int(i) for i in meld.get("face_down") or []}
        x = origin.x()
        for index, code in enumerate(tiles):
            item = FixedTile(self.images, "back" if index in face_down else code)
            item.setScale(scale)
            if index == rotated:
                item.setRotation(-90)
                item.setPos(x, origin.y() + TILE_H * scale)
                x += TILE_H * scale + 3
            else:
                item.setPos(x, origin.y() + (TILE_H - TILE_W) * scale * 0)
                x += TILE_W * scale + 3
            item.exposure = (seat, number, index)
            self.addItem(item)
        return x - origin.x()

    def _own_melds(self, spec: TableSpec, rack_y: float) -> None:
        """The learner's exposures, in a row above the rack (left of centre)."""
        self.own_melds: list[QRectF] = []
        adding = any(z.kind == "kong_end" for z in spec.zones)
        # A kong to add to: the pong full size in the middle, an end slot on each side.
        scale = 1.0 if adding else 0.8
        top = 260.0 if adding else rack_y - TILE_H * scale - 40
        x = 440.0 if adding else 40.0
        for number, meld in enumerate(spec.melds.get(spec.seat, [])):
            width = self._meld(meld, QPointF(x, top), scale, spec.seat, number)
            self.own_melds.append(QRectF(x, top, width, TILE_H * scale))
            x += width + 30
        if self.own_melds:
            note = label(_("Your exposures"), self.px(22))
            first = self.own_melds[0]
            note.setPos(first.center().x() - note.boundingRect().width() / 2 if adding
                        else first.left(), top - 32)
            self.addItem(note)

    def _discards(self, spec: TableSpec) -> None:
        last = spec.last_discard
        if not last:
            return
        box = QRectF(SCENE_W / 2 - 180, 128, 360, 168)
        caption = _("Discard by {seat}", seat=seat_name(str(last.get("by", ""))))
        text = label(caption, self.px(26))
        text.setPos(box.left() + 16, box.top() + 8)
        self.addItem(text)
        # The tile sits under the caption (larger words in presenter mode push it down).
        tile_top = max(box.top() + 52, box.top() + 8 + text.boundingRect().height() + 4)
        scale = 1.0 if tile_top <= box.top() + 52 else 0.85
        box.setBottom(tile_top + TILE_H * scale + 12 if scale < 1 else box.bottom())
        self.addItem(Plate(box, contrast=self.images.theme == "contrast",
                           text=caption + ": " + tile_name(str(last.get("tile", "")))))
        self.discard_bottom = box.bottom()
        item = FixedTile(self.images, str(last.get("tile", "")))
        item.setScale(scale)
        item.setPos(box.center().x() - TILE_W * scale / 2, tile_top)
        self.addItem(item)

    def _zones(self, spec: TableSpec, plates: dict[str, QRectF], rack_top: QPointF) -> None:
        placed_apart = ("pass", "courtesy") + (("kong_end",) if self.own_melds else ())
        central = [z for z in spec.zones if z.kind not in placed_apart]
        numbered = len(spec.zones) > 1
        # Each central zone takes the width of its slots or of its caption, whichever is wider.
        widths = []
        for number, z in enumerate(spec.zones):
            if z in central:
                cap_w = label(zone_prefix(number, numbered) + zone_caption(z, spec.seat),
                              self.px(28)).boundingRect().width()
                widths.append(max(GAP + z.slots * (TILE_W + GAP), cap_w))
        x = (SCENE_W - sum(widths) - 30 * max(0, len(widths) - 1)) / 2
        central_w = iter(widths)
        caption_h = label("Ag", self.px(28)).boundingRect().height()
        centre_y = 230.0
        if spec.last_discard:  # below the discard box and its zone caption
            centre_y = max(340.0, self.discard_bottom + self.px(28) * 1.45 + 8)
        for number, zspec in enumerate(spec.zones):
            caption = zone_caption(zspec, spec.seat)
            zone = ZoneItem(zspec, caption)
            rect = zone.boundingRect()
            rel = relation(spec.seat, zspec.target) if zspec.target else ""
            if zspec.kind == "kong_end" and self.own_melds:
                meld = self.own_melds[0]  # the pong the fourth tile goes on
                pos = QPointF(meld.left() - rect.width() - 24 if zspec.end == "left"
                              else meld.right() + 24, meld.center().y() - rect.height() / 2)
            elif zspec.kind in ("pass", "courtesy") and rel in plates:
                plate = plates[rel]
                # Beside the seat, its caption clear of the seat across (which grows with
                # larger words).
                side_y = max(plate.center().y() - 56, self.across_bottom + caption_h + 6)
                if rel == "right":
                    pos = QPointF(plate.left() - rect.width() - 50, side_y)
                elif rel == "left":
                    pos = QPointF(plate.right() + 50, side_y)
                elif any(relation(spec.seat, z.target) == "right" for z in spec.zones if z.target):
                    pos = QPointF(290, plate.bottom() + 56)  # leave room for a zone on the right
                else:
                    pos = QPointF(SCENE_W / 2 - rect.width() / 2, plate.bottom() + 56)
                if rel == "across":  # the caption goes between the zone and its arrow
                    pos.setY(pos.y() + caption_h + 4)
            else:
                slot_w = next(central_w)
                pos = QPointF(x + (slot_w - rect.width()) / 2, centre_y)
                x += slot_w + 30
            zone.setPos(pos)
            self.addItem(zone)
            self.zones[zspec.id] = zone
            cap = label(zone_prefix(number, numbered) + caption, self.px(28))
            cap_w = cap.boundingRect().width()
            cap_x = min(max(8.0, pos.x() + rect.width() / 2 - cap_w / 2), SCENE_W - cap_w - 8)
            if zspec.kind in ("pass", "courtesy") and rel == "right":
                cap_x = max(8.0, min(cap_x, plates[rel].left() - cap_w - 8))
            elif zspec.kind in ("pass", "courtesy") and rel == "left":
                cap_x = min(max(cap_x, plates[rel].right() + 8), SCENE_W - cap_w - 8)
            cap.setPos(cap_x, pos.y() - cap.boundingRect().height() - 2)
            if zspec.kind == "kong_end" and self.own_melds:
                # Under its end slot, reaching outwards: clear of "Your exposures" over the
                # pong and of the other end's caption.
                cap_x = pos.x() + rect.width() - cap_w if zspec.end == "left" else pos.x()
                cap.setPos(min(max(8.0, cap_x), SCENE_W - cap_w - 8), pos.y() + rect.height() + 4)
            elif any(cap.sceneBoundingRect().intersects(p.rect) for p in self.plates()):
                cap.setPos(cap_x, pos.y() + rect.height() + 2)  # under the zone instead
            self.addItem(cap)
            self.zone_captions[zspec.id] = cap
            if zspec.kind in ("pass", "courtesy") and rel in plates:
                box = cap.sceneBoundingRect().united(QRectF(pos, rect.size()))
                self._pass_arrows(pos, rect, plates[rel], rel, rack_top, box=box)

    def _pass_arrows(self, pos: QPointF, rect: QRectF, far: QRectF, rel: str,
                     rack_top: QPointF, *, box: QRectF) -> None:
        """Arrows rack -> pass zone -> receiving seat, so the direction is unmistakable
        (``box``: the zone with its caption, over or under it; arrows up start and end
        outside it, so they never run over the caption)."""
        end = QPointF(pos.x() + rect.width() / 2, box.bottom() + 8)
        start = QPointF(end.x() * 0.4 + rack_top.x() * 0.6, rack_top.y() - 16)
        self.addItem(Arrow(start, end))
        mid_y = pos.y() + rect.height() / 2
        if rel == "right":
            self.addItem(Arrow(QPointF(pos.x() + rect.width() + 6, mid_y),
                               QPointF(far.left() - 6, mid_y)))
        elif rel == "left":
            self.addItem(Arrow(QPointF(pos.x() - 6, mid_y), QPointF(far.right() + 6, mid_y)))
        else:
            top = QPointF(pos.x() + rect.width() / 2, min(pos.y() - 44, box.top() - 12))
            self.addItem(Arrow(top, QPointF(top.x(), far.bottom() + 6)))

    def content_rect(self) -> QRectF:
        """What the view shows: the laid-out items plus a margin, at least 760 x 420 scene
        units (a small table zooms in, but not absurdly), within the scene."""
        rect = self.itemsBoundingRect().adjusted(-24, -24, 24, 24)
        if rect.width() < 760:
            rect.adjust(-(760 - rect.width()) / 2, 0, (760 - rect.width()) / 2, 0)
        if rect.height() < 420:
            rect.adjust(0, -(420 - rect.height()) / 2, 0, (420 - rect.height()) / 2)
        return rect.intersected(self.sceneRect()) if rect.intersects(self.sceneRect()) else rect

    # ---- decoding and moving --------------------------------------------------------------
    def zone_at(self, scene_point: QPointF) -> tuple[str, int] | None:
        """The (zone id, slot) under ``scene_point``, or None when it is not over a zone."""
        for zone_id, zone in self.zones.items():
            slot = zone.slot_at(scene_point)
            if slot is not None:
                return zone_id, slot
        return None

    def slot_point(self, zone_id: str, slot: int) -> QPointF:
        """Scene position of the top-left corner of a slot (for tests and snapping)."""
        zone = self.zones[zone_id]
        return zone.mapToScene(zone.slot_rect(slot).topLeft())

    def slot_centre(self, zone_id: str, slot: int) -> QPointF:
        """Scene position of the centre of a slot."""
        zone = self.zones[zone_id]
        return zone.mapToScene(zone.slot_rect(slot).center())

    def snap(self, item: TileItem, zone_id: str, slot: int) -> None:
        """Place ``item`` into ``slot`` of ``zone_id`` (free slot if that one is taken)."""
        zone = self.zones[zone_id]
        if zone.filled[slot]:
            free = zone.first_free()
            slot = slot if free is None else free
        zone.filled[slot] = True
        self.release_slot(item)
        item.placed = (zone_id, slot)
        item.move_to(self.slot_point(zone_id, slot), animate=False)

    def release_slot(self, item: TileItem) -> None:
        """Free the slot ``item`` occupied, if any."""
        if item.placed is not None:
            zone_id, slot = item.placed
            if zone_id in self.zones:
                self.zones[zone_id].filled[slot] = False
            item.placed = None

    def send_home(self, item: TileItem, *, animate: bool = True) -> None:
        """Return ``item`` to its rack place (sliding, so the learner sees it go back)."""
        self.release_slot(item)
        item.move_to(item.home, animate=animate)

    def set_hot(self, zone_id: str | None) -> None:
        """Highlight the zone under a dragged tile."""
        for key, zone in self.zones.items():
            hot = key == zone_id
            if zone.hot != hot:
                zone.hot = hot
                zone.update()

    # ---- the presenter's pointer -----------------------------------------------------------
    def plates(self) -> list[Plate]:
        """The seat plates (and the discard box), top to bottom, left to right."""
        found = [i for i in self.items() if isinstance(i, Plate)]
        return sorted(found, key=lambda p: (p.rect.top(), p.rect.left()))

    def spot_targets(self) -> list[QGraphicsItem]:
        """What the presenter can ring, in keyboard order: seat plates, zones, then tiles."""
        targets: list[QGraphicsItem] = [*self.plates(), *self.zones.values()]
        return targets + [t for t in self.tiles]

    def spot(self, item: QGraphicsItem | None) -> None:
        """Ring ``item`` (a tile, plate or zone) with the pulsing spotlight; None clears it."""
        self.clear_spotlight()
        if item is None:
            return
        if isinstance(item, Plate):
            rect = item.rect
        else:
            rect = item.mapRectToScene(QRectF(0, 0, TILE_W, TILE_H)) if isinstance(
                item, (TileItem, FixedTile)) else item.sceneBoundingRect()
        self.spotlight = Spotlight(rect)
        self.spot_target = item
        self.addItem(self.spotlight)

    def spot_next(self, delta: int) -> QGraphicsItem | None:
        """Move the spotlight ``delta`` targets on; past either end it goes off (None)."""
        targets = self.spot_targets()
        if not targets:
            return None
        here = targets.index(self.spot_target) if self.spot_target in targets else -1
        there = here + delta
        if here < 0 and delta < 0:
            there = len(targets) - 1
        self.spot(targets[there] if 0 <= there < len(targets) else None)
        return self.spot_target

    def spot_at(self, scene_point: QPointF) -> QGraphicsItem | None:
        """Toggle the spotlight on the tile, zone or plate under ``scene_point``."""
        for item in self.items(scene_point):
            if isinstance(item, (TileItem, FixedTile, ZoneItem, Plate)):
                self.spot(None if item is self.spot_target else item)
                return self.spot_target
        self.spot(None)
        return None

    def clear_spotlight(self) -> None:
        """Take the spotlight off the table."""
        if self.spotlight is not None:
            self.spotlight.stop()
            if self.spotlight.scene() is self:
                self.removeItem(self.spotlight)
            self.spotlight = None
        self.spot_target = None

    # ---- keyboard -------------------------------------------------------------------------
    def rack_tiles(self) -> list[TileItem]:
        """Tiles still in the rack (not placed in a zone)."""
        return [t for t in self.tiles if t.placed is None]

    def selection(self) -> list[TileItem]:
        """Selected tiles in rack order."""
        return [t for t in self.tiles if t.selected_ and t.placed is None]

    def move_focus(self, delta: int) -> None:
        """Move the keyboard focus ``delta`` movable tiles along the rack (wrapping)."""
        movable = [t.index for t in self.tiles if t.movable]
        if not movable:
            return
        here = movable.index(self.focus_index) if self.focus_index in movable else -1
        if here < 0:
            self.focus_index = movable[0]
        else:
            self.focus_index = movable[(here + delta) % len(movable)]
        self.update_focus()

    def update_focus(self) -> None:
        """Repaint the focus ring on the focused tile only."""
        for number, tile in enumerate(self.tiles):
            focused = number == self.focus_index
            if tile.focused != focused:
                tile.focused = focused
                tile.update()

    def focused_tile(self) -> TileItem | None:
        """The tile with the keyboard focus."""
        if 0 <= self.focus_index < len(self.tiles):
            return self.tiles[self.focus_index]
        return None

    def announce(self) -> str:
        """Focus text for screen readers: "Five Dot, 3 of 14, selected 1 of 3"."""
        tile = self.focused_tile()
        return "" if tile is None else self.describe(tile)

    def describe(self, tile: TileItem) -> str:
        """A tile's spoken name with its place and selection: "Five Dot, 3 of 14, selected 1
        of 3" (", placed" once it lies in a zone)."""
        chosen = self.selection()
        text = _(
            # TRANSLATORS: keyboard focus on a rack tile: name, position, rack size
            "{tile}, {position} of {total}",
            tile=tile_name(tile.code), position=tile.index + 1, total=len(self.tiles),
        )
        if tile.selected_:
            text = _(
                # TRANSLATORS: appended to the focus text when the tile is selected
                "{focus}, selected {number} of {count}",
                focus=text, number=chosen.index(tile) + 1 if tile in chosen else 0,
                count=len(chosen),
            )
        if tile.placed is not None:
            text = _("{focus}, placed", focus=text)
        return text


class FixedTile(QGraphicsItem):
    """A tile that is shown but not moved (exposures, the discard, other seats)."""

    def __init__(self, images: TileImages, code: str) -> None:
        super().__init__()
        self.images = images
        self.code = code
        self.exposure: tuple[str, int, int] | None = None
        self.setToolTip(tile_name(code))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(0, 0, TILE_W, TILE_H)

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        paint_face(painter, self.images, self.code, QRectF(0, 0, TILE_W, TILE_H))


def paint_face(painter: QPainter, images: TileImages, code: str, rect: QRectF) -> None:
    """Draw the face of ``code`` into ``rect`` at the painter's device resolution."""
    # deviceTransform() includes the device pixel ratio, so this is the height in device
    # pixels: the face is rendered at exactly that size and drawn 1:1 (sharp at any scale).
    # (painter.device() is avoided: PySide6 6.12 mishandles its reference count.)
    transform = painter.deviceTransform()
    scale = max(abs(transform.m11()) + abs(transform.m21()),
                abs(transform.m12()) + abs(transform.m22()))
    device_px = max(8, round(rect.height() * scale))
    pix = images.pixmap(code, device_px, 1.0)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(rect, pix, QRectF(pix.rect()))


def tile_name(code: str) -> str:
    """Translated tile name; face-down tiles and unknown codes get a generic name."""
    try:
        return _tile_name(code)
    except ValueError:
        return _("Face-down tile")


def zone_prefix(number: int, numbered: bool) -> str:
    """"2. " before a zone caption when there are several zones (the key that sends there)."""
    return _("{number}. ", number=number + 1) if numbered else ""


def zone_caption(zone: ZoneSpec, me: str) -> str:
    """Translated caption of a drop zone (one literal per direction: INPUTS 16)."""
    if zone.kind == "pass" and zone.target:
        # TRANSLATORS: caption of the pass zone: "Pass to the right: South"
        return _("{direction}: {seat}", direction=pass_direction_label(relation(me, zone.target)),
                 seat=seat_name(zone.target))
    if zone.kind == "courtesy":
        return _("Courtesy pass to {seat}", seat=seat_name(zone.target or "E"))
    if zone.kind == "discard":
        return _("Discard here")
    if zone.kind == "kong":
        return _("Declare a concealed kong of this tile")
    if zone.kind == "kong_end" and zone.end == "left":
        # TRANSLATORS: slot at the left end of your pong, for the tile of an added kong
        return _("Left end")
    if zone.kind == "kong_end":
        # TRANSLATORS: slot at the right end of your pong, for the tile of an added kong
        return _("Right end")
    if zone.kind == "swap":
        return _("Swap for the joker in {seat}'s exposure", seat=seat_name(zone.target or "E"))
    if zone.kind == "claim":
        # TRANSLATORS: slots for the tiles from your hand that go with a claimed discard
        return _("Tiles you show with the claim")
    if zone.kind == "keep":
        # TRANSLATORS: slots for the rack tiles that a practice-card line can use
        return _("The tiles this line uses")
    # TRANSLATORS: a row of slots where the learner builds a group (pung, kong, chi...)
    return _("Build the group here")


class TableView(QGraphicsView):
    """Shows a :class:`TableScene` scaled to fit; turns mouse, touch and keys into drops.

    Signals: ``dropped(tile_index, zone_id, slot)`` for a tile released over a zone;
    ``missed(tile_index)`` for one released elsewhere (it goes home);
    ``send(zone_id)`` for the keyboard's "send the selection to zone";
    ``focus_moved(text)`` with the announcement of the focused tile;
    ``clicked(scene point)`` for a press and release in one place (the presenter's pointer);
    ``zoomed(factor)`` after a zoom.

    Zoom (Ctrl +/-, Ctrl+0, Ctrl+wheel, a pinch) multiplies the fitted scale by
    :attr:`zoom` (:data:`ZOOM_RANGE`); faces are painted at the resulting device size
    (:func:`paint_face`), never scaled up from a smaller pixmap.
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
        self.table = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.setMinimumSize(QSizeF(320, 220).toSize())
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._drag: TileItem | None = None
        self._grab = QPointF()
        self._press: QPointF | None = None
        self.zoom = 1.0
        self._pinch_start = 1.0

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: object) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)  # type: ignore[arg-type]
        self.fit()

    def focusInEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().focusInEvent(event)
        self.table.show_focus = True
        self.table.update()
        self.focus_moved.emit(self.table.announce())  # the tile's name shows on focus too
        notify_focus(self)

    def focusOutEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self.table.show_focus = False
        self.table.update()

    def fit(self) -> None:
        """Scale the table's content (not the empty felt) to fill the view, times the zoom."""
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
        self.fit()
        self.viewport().update()
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

    def grab_tile(self, position: QPointF) -> bool:
        """Pick up the movable tile under ``position`` (viewport pixels); False if none."""
        point = self.mapToScene(position.toPoint())
        item = self._tile_at(point)
        if item is None:
            return False
        self._drag, self._grab = item, point - item.pos()
        item.setZValue(10)
        self.table.release_slot(item)
        return True

    def drag_to(self, position: QPointF) -> bool:
        """Move the held tile under ``position``; light the zone below it."""
        if self._drag is None:
            return False
        point = self.mapToScene(position.toPoint())
        self._drag.setPos(point - self._grab)
        hit = self.table.zone_at(point)
        self.table.set_hot(hit[0] if hit else None)
        return True

    def drop_at(self, position: QPointF) -> bool:
        """Release the held tile at ``position``: ``dropped`` over a zone, else ``missed``."""
        item, self._drag = self._drag, None
        if item is None:
            return False
        item.setZValue(1)
        self.table.set_hot(None)
        hit = self.table.zone_at(self.mapToScene(position.toPoint()))
        if hit is None:
            self.missed.emit(item.index)
        else:
            self.dropped.emit(item.index, hit[0], hit[1])
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
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
        if tile is not None and tile.movable and tile.placed is None:
            tile.selected_ = not tile.selected_
            tile.update()

    def _tile_at(self, point: QPointF) -> TileItem | None:
        for item in self.table.items(point):
            if isinstance(item, TileItem) and item.movable:
                return item
        return None


def notify_focus(view: TableView) -> None:
    """Tell assistive technology that the focused tile (an accessible child of the view, see
    :mod:`tilewise.gui.table.access`) changed, and that its name and state did."""
    from PySide6.QtGui import QAccessible, QAccessibleEvent

    if not QAccessible.isActive() or not view.hasFocus():
        return
    for kind in (QAccessible.Event.Focus, QAccessible.Event.NameChanged):
        event = QAccessibleEvent(view, kind)
        event.setChild(view.table.focus_index)
        QAccessible.updateAccessibility(event)


__all__ = [
    "Arrow",
    "FixedTile",
    "TILE_H",
    "TILE_W",
    "TableScene",
    "TableSpec",
    "TableView",
    "TileItem",
    "ZoneItem",
    "ZoneSpec",
    "Spotlight",
    "paint_face",
    "relation",
    "zone_caption",
]
