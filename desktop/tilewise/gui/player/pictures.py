"""Lesson pictures drawn from the step's ``picture`` data (no images with text in them).

Kinds (``tilewise.lessons.model.PICTURE_KINDS``): ``seat_diagram`` (seats around the table,
the dealer, pass arrows, hand counts), ``rack`` (a row of tiles, some marked), ``exposures``
(melds with the sideways tile and face-down ends), ``kong``, ``precedence_ladder`` and
``tile_grid`` and ``card`` (our practice card, printed the way a card of hands is: groups
with gaps, one colour per suit, the exposed/concealed mark and the value; the card-reading
rules are ``tilewise.rules.cardlines``). Labels are text items (QTextLayout shapes every script) in the current language;
captions are pack msgids translated by the caller's ``tr``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tilewise.gui.reasons import relative_seat_name, seat_name
from tilewise.gui.scroll import own_viewport
from tilewise.gui.table.items import FOCUS, TILE_H, TILE_W, draw_arrow, paint_face, tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _, ngettext, pgettext
from tilewise.lessons.table import relation, seat_at
from tilewise.rules.cardlines import CardError, display, parse_line
from tilewise.rules.seats import SEATS as SEAT_ORDER

Translate = Callable[[str], str]
INK = QColor("#1b1b1b")
PANEL = QColor("#f4f1e8")
MARK = QColor("#d62f2f")
SEAT_FILL = QColor("#2b7658")
#: Card ink per suit colour (0: no suit; 1-3: a line's first, second, third suit), as printed
#: cards use blue, red and green (tilewise.rules.cardlines.display).
CARD_INK = (INK, QColor("#1d4fb8"), QColor("#c3241d"), QColor("#17803a"))
CARD_LINE_KEYS = ("groups", "concealed", "value")


class FaceItem(QGraphicsItem):
    """A tile face (or ``back``) drawn sharp at any zoom; optional red mark underneath."""

    def __init__(self, images: TileImages, code: str, *, marked: bool = False) -> None:
        super().__init__()
        self.images, self.code, self.marked = images, code, marked
        self.setToolTip(tile_name(code))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-6, -6, TILE_W + 12, TILE_H + 12)

    def paint(  # noqa: D102
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_face(painter, self.images, self.code, QRectF(0, 0, TILE_W, TILE_H))
        if self.marked:
            painter.setPen(QPen(MARK, 7))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-3, -3, TILE_W + 6, TILE_H + 6), 9, 9)


class ArrowItem(QGraphicsItem):
    """A bold arrow between two scene points."""

    def __init__(self, start: QPointF, end: QPointF, colour: QColor = FOCUS, width: float = 14,
                 *, dashed: bool = False) -> None:
        super().__init__()
        self.line, self.colour, self.width = QLineF(start, end), colour, width
        self.dashed = dashed

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-40, -40, 40, 40)

    def paint(  # noqa: D102
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.dashed:
            # A blind pass: the shaft is drawn in dashes (tiles travel unseen).
            painter.setPen(QPen(self.colour, self.width, Qt.PenStyle.DashLine))
            short = QLineF(self.line.p1(), self.line.pointAt(0.6))
            painter.drawLine(short)
            draw_arrow(painter, QLineF(self.line.pointAt(0.6), self.line.p2()), self.colour,
                       self.width)
            return
        draw_arrow(painter, self.line, self.colour, self.width)


#: The smallest text size (scene units) of the picture being drawn: what the view it is
#: shown in turns into :data:`MIN_TEXT_PX` on screen (``PictureView``, issue 16).
_FLOOR = [0.0]
#: No text of a picture is smaller on screen than this (logical px), as at the table.
MIN_TEXT_PX = 14.0
#: The kinds whose layout makes room for larger words than a desk's (``PictureView``'s
#: ``min_text_px``, presenter mode): a seat diagram's notes wrap and its arrow labels move
#: clear of them. The others keep :data:`MIN_TEXT_PX` (a card's header row would run into
#: its first line).
ROOMY_KINDS = ("seat_diagram",)


def _size(size: float) -> int:
    return round(max(size, _FLOOR[0]))


def text_item(text: str, size: int, *, width: float | None = None, bold: bool = False,
              colour: QColor = INK, centre: bool = False,
              floor: bool = True) -> QGraphicsTextItem:
    """A wrapped, shaped text item (plain text, never drawn glyph by glyph), at least the
    picture's smallest readable size (unless ``floor`` is off: a size chosen already)."""
    item = QGraphicsTextItem()
    item.setPlainText(text)
    font = QFont()
    font.setPixelSize(_size(size) if floor else size)
    font.setBold(bold)
    item.setFont(font)
    item.setDefaultTextColor(colour)
    if width is not None:
        item.setTextWidth(width)
        if centre:
            option = item.document().defaultTextOption()
            option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            item.document().setDefaultTextOption(option)
    return item


#: Where a :class:`QGraphicsTextItem`'s document puts its first line (its default document
#: margin, scene units): a :func:`glyph_item` is placed as far in to draw at the same spot.
TEXT_MARGIN = 4.0


def glyph_item(text: str, size: int, *, bold: bool = False,
               colour: QColor = INK) -> QGraphicsSimpleTextItem:
    """A one-line text item with no document: a card's letters and numbers, one item each
    (about 100 on a card). It draws the same pixels as :func:`text_item` with no width at
    the same position (the caller adds :data:`TEXT_MARGIN`), the picture's text floor
    included, but keeps no ``QTextDocument``, layout and text control per item: a card drawn
    with those took ~1.5 MB for as long as it was shown, and the heap they left behind raised
    the memory of every later step (issue 21, peak memory)."""
    item = QGraphicsSimpleTextItem(text)
    font = QFont()
    font.setPixelSize(_size(size))
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(QBrush(colour))
    return item


def fitted_text(text: str, size: int, max_width: float, *, bold: bool = False,
                colour: QColor = INK, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter,
                min_size: int = 14) -> QGraphicsTextItem:
    """A text item no wider than ``max_width`` scene units that never breaks inside a word.

    Lines wrap at spaces; when the longest word alone is wider than ``max_width`` the font
    shrinks (``size`` down to ``min_size`` px) until it fits. The item is as wide as its
    longest line, so its bounding rect is the space it really covers (for layout checks).
    """
    font = QFont()
    font.setBold(bold)
    probe = QGraphicsTextItem()
    margin = 2 * probe.document().documentMargin() + 2
    words = text.split() or [""]
    # Starts at the picture's readable floor; shrinks below it only for a word that would
    # not fit its column otherwise (a smaller word reads better than a broken one).
    size = _size(size)
    while True:
        font.setPixelSize(size)
        metrics = QFontMetricsF(font)
        if size <= min_size or max(metrics.horizontalAdvance(w) for w in words) + margin <= max_width:
            break
        size -= 2
    natural = max(metrics.horizontalAdvance(line) for line in text.split("\n")) + margin
    item = text_item(text, size, width=min(natural, max_width), bold=bold, colour=colour,
                     floor=False)
    option = item.document().defaultTextOption()
    option.setAlignment(align)
    item.document().setDefaultTextOption(option)
    return item


#: Scene units kept between an arrow's label and a seat's disc or note (:func:`_clear_along`).
GAP = 6.0


def _clear_along(mid: QPointF, along: QPointF, size: QSizeF, taken: Sequence[QRectF]
                 ) -> QPointF:
    """Where a label of ``size`` centred at ``mid`` covers none of ``taken`` (a seat's disc or
    note, a label placed before it) and keeps :data:`GAP` from them: ``mid`` itself, else the
    nearest place along its arrow
    (``along``, a unit vector), up to 160 scene units either way; ``mid`` when none is free.
    Larger words (presenter mode's, or Hindi's) put an arrow's label over a seat's note (the
    right seat's "Right (lower seat)" under "3 tiles")."""
    def free(centre: QPointF) -> bool:
        place = QRectF(centre.x() - size.width() / 2 - GAP, centre.y() - size.height() / 2 - GAP,
                       size.width() + 2 * GAP, size.height() + 2 * GAP)
        return not any(place.intersects(other) for other in taken)

    if free(mid):
        return mid
    for step in range(1, 21):
        for sign in (1, -1):
            moved = mid + along * (sign * 8 * step)
            if free(moved):
                return moved
    return mid


class PictureScene(QGraphicsScene):
    """Draws one picture dict into the scene (see the module docstring for the kinds)."""

    def __init__(self, images: TileImages) -> None:
        super().__init__()
        self.images = images
        self._themed: dict[str, TileImages] = {}
        self.setBackgroundBrush(PANEL)

    #: The smallest text size (scene units) it draws (:data:`MIN_TEXT_PX` at the view's
    #: scale; 0 before the view knows it).
    text_floor = 0.0

    def show_picture(self, picture: Mapping[str, Any] | None, tr: Translate) -> None:
        """Replace the scene's content with ``picture`` (nothing when None)."""
        _FLOOR[0] = self.text_floor
        try:
            self._show(picture, tr)
        finally:
            _FLOOR[0] = 0.0

    def _show(self, picture: Mapping[str, Any] | None, tr: Translate) -> None:
        self.clear()
        if not picture:
            self.setSceneRect(0, 0, 10, 10)
            return
        kind = str(picture.get("kind", ""))
        draw = {
            "seat_diagram": self._seats,
            "rack": self._rack,
            "exposures": self._exposures,
            "kong": self._kong,
            "precedence_ladder": self._ladder,
            "tile_grid": self._grid,
            "card": self._card,
        }.get(kind)
        if draw is not None:
            draw(picture, tr)
        caption = picture.get("caption")
        bounds = self.itemsBoundingRect()
        if caption:
            item = text_item(tr(str(caption)), 30, width=max(600.0, bounds.width()), centre=True)
            item.setPos(bounds.center().x() - item.textWidth() / 2, bounds.bottom() + 16)
            self.addItem(item)
        self.setSceneRect(self.itemsBoundingRect().adjusted(-24, -24, 24, 24))

    # ---- kinds ---------------------------------------------------------------------------
    def _seats(self, data: Mapping[str, Any], tr: Translate) -> None:
        you = str(data.get("you", "E"))
        dealer = data.get("dealer")
        highlight = data.get("highlight") or []
        if isinstance(highlight, str):
            highlight = [highlight]
        counts: Mapping[str, int] = data.get("hand_counts") or {}
        centre = QPointF(450, 400)
        table = QGraphicsRectItem(QRectF(centre.x() - 190, centre.y() - 190, 380, 380))
        table.setBrush(QColor("#1f5c45"))
        table.setPen(QPen(QColor("#0d3325"), 4))
        self.addItem(table)
        offsets = {"you": QPointF(0, 300), "right": QPointF(330, 0), "across": QPointF(0, -300),
                   "left": QPointF(-330, 0)}
        spots: dict[str, QPointF] = {}
        taken: list[QRectF] = []  # the seats' discs and notes, then each arrow label placed
        for seat in SEAT_ORDER:
            rel = relation(you, seat)
            spot = centre + offsets[rel]
            spots[seat] = spot
            lit = seat in highlight
            disc = QGraphicsEllipseItem(QRectF(spot.x() - 70, spot.y() - 70, 140, 140))
            disc.setBrush(QColor("#ffcc33") if lit else SEAT_FILL)
            disc.setPen(QPen(INK if lit else QColor("#0d3325"), 6 if lit else 3))
            self.addItem(disc)
            taken.append(disc.rect())
            # The seat's name stays inside its disc, in every language.
            name = fitted_text(seat_name(seat), 34, 128, bold=True,
                               colour=INK if lit else QColor("white"))
            box = name.boundingRect()
            name.setPos(spot.x() - box.width() / 2, spot.y() - box.height() / 2)
            self.addItem(name)
            lines = []
            if rel == "you":
                lines.append(pgettext("seat relation", "you"))
            else:
                lines.append(relative_seat_name(rel))
            if seat == dealer:
                # TRANSLATORS: marks the dealer's seat in the seat diagram
                lines.append(_("dealer"))
            if seat in counts:
                lines.append(ngettext("{n} tile", "{n} tiles", int(counts[seat])))
            note = self._seat_note("\n".join(lines), rel, spot)
            taken.append(note.boundingRect().translated(note.pos()))
            self.addItem(note)
        for arrow in data.get("arrows") or []:
            start_seat, end_seat, label = _arrow_ends(arrow, you)
            if start_seat not in spots or end_seat not in spots:
                continue
            a, b = spots[start_seat], spots[end_seat]
            line = QLineF(a, b)
            unit = line.unitVector()
            d = QPointF(unit.dx(), unit.dy())
            # Opposite arrows between the same two seats run side by side, not on top.
            side = QPointF(-d.y(), d.x()) * 26
            a, b = a + side, b + side
            blind = isinstance(arrow, Mapping) and bool(arrow.get("blind"))
            mine = start_seat == you
            item = ArrowItem(a + d * 80, b - d * 80, FOCUS if mine else QColor("#5b8fd6"),
                             16 if mine else 11, dashed=blind)
            item.setZValue(2)
            self.addItem(item)
            count = arrow.get("count") if isinstance(arrow, Mapping) else None
            words = [tr(label)] if label else []
            if count and mine:
                words.append(ngettext("{n} tile", "{n} tiles", int(count)))
            if blind:
                # TRANSLATORS: marks a pass whose tiles travel unseen (a blind pass)
                words.append(_("blind"))
            if words:
                text = fitted_text("\n".join(words), 24, 170, bold=True)
                box = text.boundingRect()
                mid = (a + b) / 2
                away = QLineF(centre, mid)
                if away.length() > 60:
                    # Beside the arrow, on the side away from the table: clear of the table.
                    out = away.unitVector()
                    u = QPointF(out.dx(), out.dy())
                    reach = abs(u.x()) * box.width() / 2 + abs(u.y()) * box.height() / 2
                    mid = mid + u * (reach + 12)
                    # An arrow on the table's side of its lane starts over the table's corner:
                    # step out until the label's box is clear of the table.
                    for _step in range(40):
                        place = QRectF(mid.x() - box.width() / 2, mid.y() - box.height() / 2,
                                      box.width(), box.height())
                        if not place.intersects(table.rect()):
                            break
                        mid = mid + u * 8
                else:
                    # Across the table: arrows of both pairs of seats meet in the middle, so
                    # the label sits a third of the way from the sender, beside its own arrow.
                    u = side / 26
                    reach = abs(u.x()) * box.width() / 2 + abs(u.y()) * box.height() / 2
                    mid = a + (b - a) / 3 + u * (reach + 10)
                mid = _clear_along(mid, d, box.size(), taken)
                taken.append(QRectF(mid.x() - box.width() / 2, mid.y() - box.height() / 2,
                                    box.width(), box.height()))
                text.setPos(mid.x() - box.width() / 2, mid.y() - box.height() / 2)
                text.setZValue(3)
                back = QGraphicsRectItem(text.boundingRect().translated(text.pos()))
                back.setBrush(QColor(255, 255, 255, 225))
                back.setPen(Qt.PenStyle.NoPen)
                back.setZValue(2.5)
                self.addItem(back)
                self.addItem(text)

    @staticmethod
    def _seat_note(text: str, rel: str, spot: QPointF) -> QGraphicsTextItem:
        """The words by a seat (relation, dealer, tile count), placed where no arrow runs.

        Arrows run between seats, from the edge of a disc (radius 70) towards the table; so a
        note goes on the outer side: below "you", above "across", and below the "left" and
        "right" discs but reaching only outwards from just past the disc's centre (the arrows
        to and from "you" leave those discs down and inwards). Notes are at most 240 wide
        (360 above and below) and never break inside a word (see :func:`fitted_text`).
        """
        if rel in ("left", "right"):
            align = Qt.AlignmentFlag.AlignRight if rel == "left" else Qt.AlignmentFlag.AlignLeft
            note = fitted_text(text, 30, 240, align=align)
            box = note.boundingRect()
            x = spot.x() + 10 - box.width() if rel == "left" else spot.x() - 10
            note.setPos(x, spot.y() + 74)
            return note
        note = fitted_text(text, 30, 360)
        box = note.boundingRect()
        y = spot.y() + 74 if rel == "you" else spot.y() - 74 - box.height()
        note.setPos(spot.x() - box.width() / 2, y)
        return note

    def _images(self, theme: str | None) -> TileImages:
        if not theme or theme == self.images.theme:
            return self.images
        if theme not in self._themed:
            self._themed[theme] = TileImages(theme)
        return self._themed[theme]

    def _row(self, tiles: Sequence[str], origin: QPointF, *, marked: set[int] | None = None,
             scale: float = 1.0, theme: str | None = None) -> float:
        x = origin.x()
        images = self._images(theme)
        for index, code in enumerate(tiles):
            item = FaceItem(images, str(code), marked=bool(marked and index in marked))
            item.setScale(scale)
            item.setPos(x, origin.y())
            self.addItem(item)
            x += (TILE_W + 8) * scale
        return x - origin.x()

    def _rack(self, data: Mapping[str, Any], tr: Translate) -> None:
        tiles = [str(t) for t in data.get("tiles", [])]
        marked_raw = data.get("marked") or []
        marked = {i for i, code in enumerate(tiles)
                  if i in marked_raw or code in [str(m) for m in marked_raw]}
        self._row(tiles, QPointF(0, 0), marked=marked)
        zones = data.get("zones") or []
        x = 0.0
        for zone in zones if isinstance(zones, list) else []:
            if not isinstance(zone, Mapping):
                continue
            label_text = tr(str(zone.get("label", ""))) if zone.get("label") else ""
            if not label_text and zone.get("to") in SEAT_ORDER:
                label_text = _("To {seat}", seat=seat_name(str(zone["to"])))
            count = int(zone.get("slots", 3) or 3)
            box = QGraphicsRectItem(QRectF(x, TILE_H + 70, count * (TILE_W + 8) + 8, TILE_H + 16))
            box.setPen(QPen(QColor("#777777"), 4, Qt.PenStyle.DashLine))
            self.addItem(box)
            self._row([str(t) for t in zone.get("tiles", [])], QPointF(x + 8, TILE_H + 78))
            if label_text:
                item = text_item(label_text, 26, bold=True)
                item.setPos(x, TILE_H + 28)
                self.addItem(item)
            x += count * (TILE_W + 8) + 60

    def _meld(self, meld: Mapping[str, Any], origin: QPointF, *, added: str | None = None) -> float:
        tiles = [str(t) for t in meld.get("tiles", [])]
        rotated = meld.get("rotated")
        face_down = set(meld.get("face_down") or [])
        x = origin.x()
        for index, code in enumerate(tiles):
            item = FaceItem(self.images, "back" if index in face_down else code)
            if index == rotated:
                item.setRotation(-90)
                item.setPos(x, origin.y() + TILE_H)
                x += TILE_H + 8
            else:
                item.setPos(x, origin.y())
                x += TILE_W + 8
            self.addItem(item)
        if added:
            item = FaceItem(self.images, added, marked=True)
            item.setPos(x + 10, origin.y())
            self.addItem(item)
            x += TILE_W + 18
        return x - origin.x()

    def _exposures(self, data: Mapping[str, Any], tr: Translate) -> None:
        owner = data.get("seat")
        y = 0.0
        if owner:
            head = text_item(_("Exposures of {seat}", seat=seat_name(str(owner))), 30, bold=True)
            head.setPos(0, y)
            self.addItem(head)
            y += 56
        for meld in data.get("melds", []) or []:
            width = self._meld(meld, QPointF(0, y))
            source = meld.get("from")
            if source and owner and source != owner:
                # Said from the owner's seat, not the learner's: "your upper seat" read as the
                # learner's own (tester 7b, shots 052, 104), who may sit elsewhere. REFERENCE §2
                # (seats): the upper seat plays just before the owner, the lower seat just after.
                seat, whose = seat_name(str(source)), seat_name(str(owner))
                note = {"left": _("claimed from {seat}, the upper seat of {owner}",
                                  seat=seat, owner=whose),
                        "across": _("claimed from {seat}, across from {owner}",
                                    seat=seat, owner=whose),
                        "right": _("claimed from {seat}, the lower seat of {owner}",
                                   seat=seat, owner=whose)}[relation(str(owner), str(source))]
            elif meld.get("face_down"):
                note = _("concealed: ends face down")
            else:
                note = ""
            if note:
                item = text_item(note, 26)
                item.setPos(width + 30, y + TILE_H / 2 - 18)
                self.addItem(item)
            y += TILE_H + 40

    def _kong(self, data: Mapping[str, Any], tr: Translate) -> None:
        meld = data.get("meld") or {}
        added = data.get("added")
        self._meld(meld, QPointF(0, 0), added=str(added) if isinstance(added, str) else None)

    def _ladder(self, data: Mapping[str, Any], tr: Translate) -> None:
        rungs = list(data.get("rungs") or [])
        discarder = data.get("discarder")
        y = 0.0
        if discarder:
            head = text_item(_("Discard by {seat}", seat=seat_name(str(discarder))), 30, bold=True)
            self.addItem(head)
            y = 60.0
        for number, rung in enumerate(rungs):
            width = 720 - number * 90
            box = QGraphicsRectItem(QRectF((720 - width) / 2, y, width, 84))
            box.setBrush(QColor("#ffcc33") if number == 0 else QColor("#ffffff"))
            box.setPen(QPen(INK, 3))
            self.addItem(box)
            text = text_item(_rung_text(rung, tr), 30, width=width - 20, bold=number == 0,
                             centre=True)
            text.setPos((720 - width) / 2 + 10, y + 20)
            self.addItem(text)
            y += 100
        if len(rungs) > 1:
            arrow = ArrowItem(QPointF(780, y - 50), QPointF(780, 70 if discarder else 10),
                              INK, 10)
            self.addItem(arrow)
            top = text_item(_("beats"), 26)
            top.setPos(800, (y) / 2)
            self.addItem(top)

    def _grid(self, data: Mapping[str, Any], tr: Translate) -> None:
        y = 0.0
        for row in data.get("rows", []) or []:
            theme = None
            if isinstance(row, Mapping):
                tiles = [str(t) for t in row.get("tiles", [])]
                label = row.get("label") or row.get("caption")
                theme = row.get("theme")
            else:
                tiles, label = [str(t) for t in row], None
            x = 0.0
            if label:
                item = fitted_text(tr(str(label)), 28, 260, bold=True,
                                   align=Qt.AlignmentFlag.AlignLeft)
                item.setPos(0, y + (TILE_H - item.boundingRect().height()) / 2)
                self.addItem(item)
                x = 280.0
            x += self._row(tiles, QPointF(x, y), theme=str(theme) if theme else None)
            count = row.get("count") if isinstance(row, Mapping) else None
            if count:
                # "× 4": each tile of the row is in the set this many times (lessons/README.md).
                times = text_item(f"\u00d7 {int(count)}", 34, bold=True)
                times.setPos(x + 12, y + (TILE_H - times.boundingRect().height()) / 2)
                self.addItem(times)
            y += TILE_H + 24

    def _card(self, data: Mapping[str, Any], tr: Translate) -> None:
        """Our practice card: a heading, the learning-only notice, one row per line (label,
        the groups in suit colours with gaps, X or C, the value, the line's note), a key.
        1000 scene units wide, so a quiz shows it at half size or more."""
        width, left, mark_x, value_x = 1000.0, 170.0, 820.0, 920.0
        lines = [line for line in data.get("lines", []) or [] if isinstance(line, Mapping)]
        focus = data.get("focus")
        sheet = QGraphicsRectItem()
        sheet.setBrush(QColor("#fffdf6"))
        sheet.setPen(QPen(QColor("#8a7f66"), 4))
        sheet.setZValue(-2)
        self.addItem(sheet)
        # TRANSLATORS: heading of the practice card picture (our own lines, not a league's card)
        head = fitted_text(_("Practice card"), 44, width - 60, bold=True)
        head.setPos((width - head.boundingRect().width()) / 2, 16)
        self.addItem(head)
        notice = fitted_text(
            _("For learning only. This is not any league's card of any year."), 28, width - 60,
            colour=QColor("#6b1f1f"))
        notice.setPos((width - notice.boundingRect().width()) / 2, 78)
        self.addItem(notice)
        y = 86.0 + notice.boundingRect().height()
        # TRANSLATORS: column headings of the practice card: the hand, X/C, its value in points
        for text, x, room in ((_("Hand"), left, 400.0), (_("X / C"), mark_x - 14, 96.0),
                              (_("Value"), value_x - 14, width - value_x)):
            item = fitted_text(text, 24, room, bold=True, colour=QColor("#5d5545"),
                               align=Qt.AlignmentFlag.AlignLeft)
            item.setPos(min(x, width - 8 - item.boundingRect().width()), y)
            self.addItem(item)
        y += 40
        font = QFont()
        font.setPixelSize(48)
        font.setBold(True)
        metrics = QFontMetricsF(font)
        for number, line in enumerate(lines):
            top = y
            try:
                shown = display(parse_line({k: v for k, v in line.items() if k in CARD_LINE_KEYS}))
            except CardError:
                shown = ()
            label = line.get("label")
            if label:
                item = fitted_text(tr(str(label)), 28, left - 30, bold=True,
                                   align=Qt.AlignmentFlag.AlignLeft)
                item.setPos(18, y + 14)
                self.addItem(item)
            x = left
            for group in shown:
                for char, colour in group:
                    glyph = glyph_item(char, 48, bold=True, colour=CARD_INK[colour])
                    glyph.setPos(x + TEXT_MARGIN, y + TEXT_MARGIN)
                    self.addItem(glyph)
                    x += metrics.horizontalAdvance(char) + 1
                x += metrics.horizontalAdvance("0") * 0.8  # the gap between groups
            # TRANSLATORS: X marks a card line you may expose, C one that stays concealed
            mark = glyph_item(_("C") if line.get("concealed") else _("X"), 42, bold=True)
            mark.setPos(mark_x + TEXT_MARGIN, y + 4 + TEXT_MARGIN)
            self.addItem(mark)
            if isinstance(line.get("value"), int):
                value = glyph_item(str(line["value"]), 38, bold=True)
                value.setPos(value_x + TEXT_MARGIN, y + 6 + TEXT_MARGIN)
                self.addItem(value)
            y += 70
            if line.get("note"):
                note = text_item(tr(str(line["note"])), 28, width=width - left - 20,
                                 colour=QColor("#4a4438"))
                note.setPos(left - 4, y - 8)
                self.addItem(note)
                y += note.boundingRect().height() - 6
            if number == focus:
                band = QGraphicsRectItem(QRectF(10, top - 4, width - 20, y - top + 6))
                band.setBrush(QColor("#ffe08a"))
                band.setPen(QPen(FOCUS, 4))
                band.setZValue(-1)
                self.addItem(band)
            y += 12
            if number + 1 < len(lines):
                rule = QGraphicsRectItem(QRectF(20, y - 7, width - 40, 2))
                rule.setBrush(QColor("#d8cfb8"))
                rule.setPen(Qt.PenStyle.NoPen)
                self.addItem(rule)
        key = fitted_text(
            _("F flower · D dragon · N E W S winds · one colour = one suit · "
              "X: you may expose groups · C: concealed, no exposures"), 26, width - 60,
            colour=QColor("#5d5545"))
        key.setPos((width - key.boundingRect().width()) / 2, y + 6)
        self.addItem(key)
        sheet.setRect(QRectF(0, 0, width, y + 20 + key.boundingRect().height()))

def _arrow_ends(arrow: Any, you: str) -> tuple[str, str, str | None]:
    """(from seat, to seat, label msgid) of an arrow given as a relation or a table."""
    if isinstance(arrow, str):
        if arrow in SEAT_ORDER:
            return you, arrow, None
        return you, seat_at(you, arrow), None
    if isinstance(arrow, Mapping):
        start = str(arrow.get("from", you))
        end = str(arrow.get("to", "right"))
        if end not in SEAT_ORDER:
            end = seat_at(start, end)
        label = arrow.get("label")
        return start, end, str(label) if label else None
    return you, you, None


def _rung_text(rung: Any, tr: Translate) -> str:
    claims = {
        "win": pgettext("claim", "Win"), "mahjong": pgettext("claim", "Mah Jongg"),
        "pong": pgettext("claim", "Pong"), "pung": pgettext("claim", "Pung"),
        "kong": pgettext("claim", "Kong"), "chi": pgettext("claim", "Chi"),
    }
    if isinstance(rung, Mapping):
        if rung.get("label"):
            return tr(str(rung["label"]))
        names = rung.get("claims") or [rung.get("claim")]
        text = " / ".join(claims.get(str(n), str(n)) for n in names if n)
        if rung.get("seat"):
            text = _("{claim} by {seat}", claim=text, seat=seat_name(str(rung["seat"])))
        return text
    if isinstance(rung, list):
        return " / ".join(claims.get(str(n), str(n)) for n in rung)
    return claims.get(str(rung), tr(str(rung)))


class PictureView(QGraphicsView):
    """A view that shows a :class:`PictureScene` scaled to fit, read-only."""

    def __init__(self, images: TileImages, parent: QWidget | None = None) -> None:
        self.picture_scene = PictureScene(images)
        super().__init__(self.picture_scene, parent)
        own_viewport(self)  # its items' paint() gets it: one made here (gui.scroll)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QBrush(PANEL))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def show_picture(self, picture: Mapping[str, Any] | None, tr: Translate) -> None:
        """Draw ``picture`` and fit it."""
        self._shown = (picture, tr)
        self._fitted_for: tuple[int, int] | None = None
        self.picture_scene.text_floor = 0.0
        self.picture_scene.show_picture(picture, tr)
        self._fit()

    #: A height hint of its own (logical px), or None: Qt's, the picture's size at its
    #: current scale. That one grows with the last fit: walked to from a step with a larger
    #: picture, a quiz's rack picture over its options asked for 194 px, and a vertical
    #: layout (which gives a height-for-width box its hint, not its minimum) squeezed the
    #: options under it until they overlapped (issue 16, ``LessonPlayer._arrange``).
    hint_height: int | None = None

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Qt's hint, its height :attr:`hint_height` when that is set."""
        hint = super().sizeHint()
        if self.hint_height is not None:
            hint.setHeight(self.hint_height)
        return hint

    _shown: tuple[Mapping[str, Any] | None, Translate] | None = None
    #: Its text is kept readable (:meth:`_fit`); off for a small reminder beside a task's
    #: table, whose tiles would shrink for it.
    readable = True
    #: No text of a picture of :data:`ROOMY_KINDS` is smaller on screen than this (logical
    #: px): :data:`MIN_TEXT_PX` on a desk; presenter mode's is its own smaller type
    #: (:meth:`set_min_text_px`).
    min_text_px = MIN_TEXT_PX

    def set_min_text_px(self, px: float) -> None:
        """Keep the picture's text at least ``px`` logical px on screen from now on (fitted
        again at once when it changes)."""
        if px != self.min_text_px:
            self.min_text_px = px
            self._fitted_for = None
            self._fit()

    def _draw(self, floor: float) -> float:
        """Draw the picture again with text at least ``floor`` scene units; fit; the scale."""
        if self._shown is not None:
            self.picture_scene.text_floor = floor
            self.picture_scene.show_picture(*self._shown)
        self._fit_once()
        return self.transform().m11()

    def _smallest_text(self) -> float:
        sizes = [item.font().pixelSize() * item.scale() for item in self.picture_scene.items()
                 if isinstance(item, (QGraphicsTextItem, QGraphicsSimpleTextItem))]
        return min(sizes, default=0.0)

    def _fit(self) -> None:
        """Fit the picture. Once per picture and view size: when its smallest text would be
        under :attr:`min_text_px` on screen, draw it again with a floor for its text (the
        picture grows a little, so a second pass corrects for that, never more than half as
        large again as the first floor)."""
        self._fit_once()
        size = (self.width(), self.height())
        if not self.readable:
            if self.picture_scene.text_floor:
                self._draw(0.0)
            return
        if not self.isVisible() or self._shown is None or getattr(
                self, "_fitted_for", None) == size:
            return
        self._fitted_for = size
        scale = self._draw(0.0) if self.picture_scene.text_floor else self.transform().m11()
        smallest = self._smallest_text()
        if scale <= 0 or smallest <= 0:
            return
        # a view this small cannot make the picture's text that large: twice as large would
        # crowd out what it shows; presenter mode's least then falls back to a desk's
        picture = self._shown[0] or {}
        wanted = self.min_text_px if picture.get("kind") in ROOMY_KINDS else MIN_TEXT_PX
        least = next((px for px in (wanted, MIN_TEXT_PX) if px / scale <= 2 * smallest), None)
        if least is None or smallest * scale >= least:
            return
        first = floor = least / scale
        for _pass in range(2):
            scale = self._draw(floor)
            if floor * scale >= least - 0.5:
                break
            floor = min(least / scale, 1.5 * first)

    def _fit_once(self) -> None:
        rect = self.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        # Never blow a small picture up past three times its size: big, but not absurd.
        if self.transform().m11() > 3.0:
            self.resetTransform()
            self.scale(3.0, 3.0)
            self.centerOn(rect.center())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._fit()
