"""The table's scene items: tiles, drop zones, seat plates, arrows and the presenter's pointer.

Items draw what the table model (``tilewise.lessons.table``) says; they hold no table state of
their own: :class:`TileItem` knows its model tile id and how it looks now (face down, staged,
arrived), set by ``TableScene.show`` at each redraw. Scene units are logical pixels at tile
height :data:`TILE_H`; faces are painted at the device size (:func:`paint_face`).
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tilewise.gui.reasons import pass_direction_label, seat_name
from tilewise.gui.reasons import tile_name as _tile_name
from tilewise.gui.tiles.images import ASPECT, TileImages
from tilewise.i18n import _
from tilewise.lessons.table import Zone, relation

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
#: How far (scene units) an item may paint past its bounding rectangle: a tile's focus ring
#: (pen 5 centred 3.5 outside the face) reaches 2 past it. The rectangle stays as it is (a
#: table's frame is fitted to the items' bounding rectangles); what is drawn again around an
#: item takes in this margin (``gui.table.layer``).
OVERHANG = 3.0

class TileItem(QGraphicsItem):
    """One tile of the table model (``tile_id``) the learner can press, drag, drop, focus and
    select. ``staged`` (the zone it lies in), ``arrived`` (it came on the last verdict) and
    ``blind`` (face down, arriving in a blind pass) are how the model has it at this redraw."""

    def __init__(self, images: TileImages, code: str, tile_id: int, *, movable: bool) -> None:
        super().__init__()
        self.images = images
        self.code = code
        self.tile_id = tile_id
        self.index = 0  # position among the scene's tiles (keyboard focus order)
        self.movable = movable
        self.area = "rack"  # where the model has it: rack, zone, incoming, discard
        self.placed: tuple[str, int] | None = None  # (zone id, slot) when staged in a zone
        self.called = False  # a discard (another seat's), not one of the learner's tiles
        self.blind = False
        self.arrived = False
        self.selected_ = False
        self.focused = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        if movable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(tile_name(code))

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
        paint_face(painter, self.images, "back" if self.blind else self.code,
                   QRectF(0, 0, TILE_W, TILE_H))
        if self.arrived:
            paint_arrival(painter)
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
        chosen = scene.selection() if hasattr(scene, "selection") else [self]
        return chosen.index(self) + 1 if self in chosen else 0


class ZoneItem(QGraphicsItem):
    """A row of dashed slots with a caption: where tiles are dropped (``filled``: the slots
    the model has tiles in, set at each redraw)."""

    def __init__(self, spec: Zone, caption: str) -> None:
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



def paint_arrival(painter: QPainter) -> None:
    """A tile that just arrived (a pass, a claim, a supplement): a tab on its top edge with a
    downward arrow, green with a black outline (its shape says it without colour)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    tab = QRectF(TILE_W / 2 - 18, -20, 36, 24)
    painter.setPen(QPen(INK, 3))
    painter.setBrush(GOOD)
    painter.drawRoundedRect(tab, 7, 7)
    painter.setPen(QPen(PAPER, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    mid = tab.center().x()
    painter.drawLine(QPointF(mid, tab.top() + 5), QPointF(mid, tab.bottom() - 5))
    painter.drawPolyline(QPolygonF([QPointF(mid - 7, tab.bottom() - 11),
                                    QPointF(mid, tab.bottom() - 5),
                                    QPointF(mid + 7, tab.bottom() - 11)]))
    painter.restore()


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
    """A thick arrow from ``start`` to ``end`` (the direction of a pass); ``text`` says what
    it shows (its accessible name)."""

    def __init__(self, start: QPointF, end: QPointF, colour: QColor = FOCUS, *,
                 text: str = "") -> None:
        super().__init__()
        self.line = QLineF(start, end)
        self.colour = colour
        self.text = text
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


class Ring(QGraphicsItem):
    """An amber ring around a tile: the latest discard among several."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(  # noqa: D102
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(FOCUS, 5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(self.rect, 6, 6)


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


def two_lines(text: str, size: int) -> str:
    """``text`` on two lines, broken at the space that makes the longer line shortest in a
    bold ``size`` px font (unchanged without a space): a caption too wide for its place."""
    words = text.split(" ")
    if len(words) < 2:
        return text
    font = QFont()
    font.setPixelSize(size)
    font.setBold(True)
    metrics = QFontMetricsF(font)

    def longer(cut: int) -> float:
        return max(metrics.horizontalAdvance(" ".join(words[:cut])),
                   metrics.horizontalAdvance(" ".join(words[cut:])))

    cut = min(range(1, len(words)), key=longer)
    return " ".join(words[:cut]) + "\n" + " ".join(words[cut:])


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



class FixedTile(QGraphicsItem):
    """A tile that is shown but not moved (exposures, the discard, other seats)."""

    def __init__(self, images: TileImages, code: str) -> None:
        super().__init__()
        self.images = images
        self.code = code
        self.exposure: tuple[str, int, int] | None = None
        self.tile_id: int | None = None  # the model tile drawn
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


def zone_caption(zone: Zone, me: str) -> str:
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
    if zone.kind == "keep":
        # TRANSLATORS: slots for the rack tiles that a practice-card line can use
        return _("The tiles this line uses")
    if zone.kind == "claim":
        # TRANSLATORS: slots for the tiles from your hand that go with a claimed discard
        return _("Tiles you show with the claim")
    # TRANSLATORS: a row of slots where the learner builds a group (pung, kong, chi...)
    return _("Build the group here")

