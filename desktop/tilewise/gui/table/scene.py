"""The table scene: a view of the table model (``tilewise.lessons.table.Table``).

:meth:`TableScene.show_table` redraws every item from the model: the other seats (name,
relation, tile count, exposures), the discards, the drop zones with their arrows, the staged
tiles, the tiles arriving face down, the learner's exposures and rack (arrivals marked). The
scene keeps no state of its own about what lies where; what it keeps is how it shows the table:
the layout of the current task (computed once per task, so the table never changes scale when
tiles move or text changes), the keyboard focus and selection (model tile ids), the
presenter's spotlight, and the slides in progress.

Tiles a verdict moved (``Motion`` s) slide from where they were drawn to their new place
(passed tiles to their seat, received ones in, a claimed tile into its meld), briefly
(:attr:`TableScene.duration`); :meth:`~TableScene.finish_slides` skips to the end (any press
or key does), and :attr:`TableScene.animate` False (the reduced-motion setting) turns them off.

:attr:`TableScene.whole_hand` (the play room: a whole hand, every move a new task) draws a
taller table that the view always fits whole: each partner's concealed rack as a row of backs
(face up for the seats in :attr:`TableScene.revealed`, the presenter's reveal), every seat's
discards in rows of their own, wrapping when a row is full (at least :data:`MIN_DISCARD_PX`
wide on screen: the table grows taller to hold them), the pass zones and the tiles arriving face down under the discard box,
clear of its rows and seat names, and the count of tiles left in the wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QVariantAnimation, Signal
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
)

from tilewise.gui.memory import release_soon
from tilewise.gui.reasons import relative_seat_name, seat_name
from tilewise.gui.table.clearance import Part, clashes, overlap
from tilewise.gui.table.items import (
    FELT,
    FELT_CONTRAST,
    GAP,
    OVERHANG,
    PAPER,
    SCENE_H,
    SCENE_W,
    TILE_H,
    TILE_W,
    Arrow,
    FixedTile,
    Plate,
    Ring,
    Spotlight,
    TileItem,
    ZoneItem,
    label,
    tile_name,
    two_lines,
    wrapped,
    zone_caption,
    zone_prefix,
)
from tilewise.gui.tiles.images import TileImages
from tilewise.gui.tiles.paint import TileRenderer
from tilewise.i18n import _, ngettext
from tilewise.lessons.steptable import Outcome
from tilewise.lessons.table import Motion, Place, Table, relation
from tilewise.rules.seats import SEATS as SEATS_ORDER
from tilewise.rules.tiles import JOKER

OTHER_SCALE = 0.55  # exposures of the other seats
EXCHANGE_SCALE = 0.8  # the same in a joker exchange, where the task is about them
#: Readable at the back of a room (issue 16), in screen pixels at the view's fitted scale: the
#: height of a tile a task is about (the exposures of a joker exchange) and of any text.
MIN_TILE_PX = 40.0
MIN_TEXT_PX = 14.0
MAX_TEXT_SCALE = 1.5  # the most :meth:`TableScene.px` enlarges text (the table grows to hold it)
#: The least sideways gap (scene units) between a zone's caption and a seat plate beside it:
#: closer, the caption reads as part of the plate (issue 16: presenter mode's "2. Discard here"
#: against North's plate); such a caption goes under its zone.
CAPTION_CLEAR = 16.0
DISCARD_SCALE = 0.55  # discards when several lie in the box
HAND_H = 900.0  # the height of a whole hand's table (whole_hand)
BACK_SCALE = 0.4  # the partners' concealed racks (whole_hand)
RIVER_SCALE = 0.36  # each seat's discards (whole_hand), at the least
#: A whole hand's discards are at least this wide on screen at the view's fitted scale (a
#: 1024x768 projector showed them 12 px wide, unreadable), up to :data:`MAX_RIVER_SCALE`.
MIN_DISCARD_PX = 26.0
MAX_RIVER_SCALE = 0.7
OWN_ROW_SCALE = 0.8  # the learner's exposures beside the rack (whole_hand)
RIVER_GAP = 3.0  # between a whole hand's discards, across and down (scene units)
#: A task's table grows by this much (scene units), up to :data:`MAX_EXTRA`, while its parts
#: overlap (``TableScene.show_table``); the room goes above the rack.
EXTRA_STEP = 60.0
MAX_EXTRA = 180.0
#: Room over the rack kept free of captions and notes (scene units): the pass arrow's start
#: and the marks of arrived tiles.
RACK_ROOM = 24.0
#: Room between a pass zone (with its caption) and the rack for the arrow between them.
ARROW_ROOM = 90.0


#: Items that lie still on a table unless they slide (or, a learner's tile, while it is held:
#: :meth:`TableScene.is_still`): the view draws them once into its still layer
#: (``gui.table.layer``) and copies that at every repaint (issue 21).
STILL_ITEMS = (QGraphicsSimpleTextItem, QGraphicsTextItem, FixedTile, ZoneItem, Plate, Arrow,
               TileItem)


@dataclass
class _Caption:
    """A zone's caption being placed: its zone (spec, position, size), the seat relation of
    the zone's target, whether it frames an exposed joker, and its one-line text."""

    zone: Any
    item: QGraphicsSimpleTextItem
    pos: QPointF
    rect: QRectF
    rel: str
    joker: bool
    text: str


class TableScene(QGraphicsScene):
    """Draws a :class:`~tilewise.lessons.table.Table` (see the module docstring).

    ``rebuilt`` is emitted after every redraw (the view lets go of items it held)."""

    rebuilt = Signal()
    #: The still items under this scene rectangle changed (a null rectangle: any of them).
    still_changed = Signal(QRectF)

    def __init__(self, images: TileImages, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.model: Table | None = None
        self.tiles: list[TileItem] = []
        self.zones: dict[str, ZoneItem] = {}
        self.zone_captions: dict[str, QGraphicsSimpleTextItem] = {}
        self.setSceneRect(0, 0, SCENE_W, SCENE_H)
        self.setBackgroundBrush(FELT)
        self.focus_index = 0
        self.selected: list[int] = []  # model tile ids picked with Space, in picking order
        self.spotlight: Spotlight | None = None
        self.spot_target: QGraphicsItem | None = None
        self.text_scale = 1.0  # presenter mode: larger words on the table
        #: Set by a view that draws the still items itself (``gui.table.layer``): they carry
        #: ``ItemHasNoContents`` then, so Qt does not draw them again.
        self.layered = False
        #: Bumped whenever the still items are drawn anew (added, removed): a layer of an older
        #: version is never shown.
        self.still_version = 0
        self.held: TileItem | None = None  # the tile the view holds (see lift)
        #: The view's fitted scale (screen px per scene unit) the table is laid out for: text
        #: and the tiles a task is about are drawn large enough at it (0: not known yet).
        self.view_scale = 0.0
        self.show_focus = False  # the focus ring shows while the view has the keyboard focus
        self.animate = True  # False: the reduced-motion setting
        self.duration = 320  # milliseconds of a slide
        self.frame = QRectF()
        #: A whole hand (the play room): see the module docstring.
        self.whole_hand = False
        #: Seats whose concealed rack shows face up (whole_hand: the presenter's reveal).
        self.revealed: set[str] = set()
        self.discard_bottom = 0.0
        self.across_bottom = 0.0
        self.you: QGraphicsSimpleTextItem | None = None  # "You: East" under the rack
        #: A whole hand's count of the tiles left in the wall (top left), or None.
        self.wall_label: QGraphicsSimpleTextItem | None = None
        self.arrivals_note: QGraphicsSimpleTextItem | None = None  # over the arriving tiles
        self._reserved: list[QRectF] = []  # kept free of zone captions (_reserve_arrivals)
        self.incoming_x = self.incoming_y = 0.0
        self._extra = 0.0  # the task's extra height (show_table)
        self.rack_y = SCENE_H - TILE_H - 44.0
        self._task: Any = None
        self._drawn: dict[int, QPointF] = {}  # tile id -> where it was drawn last
        self._slides: list[tuple[QGraphicsItem, QPointF, QPointF]] = []
        self._ghosts: list[QGraphicsItem] = []
        self._anim: QVariantAnimation | None = None

    def px(self, size: int) -> int:
        """A text size in scene units times :attr:`text_scale`, made larger towards
        :data:`MIN_TEXT_PX` on screen at :attr:`view_scale`, but never past
        :data:`MAX_TEXT_SCALE` times its size (plates grow with their words, the discard box
        and the zones move down, the table grows taller to keep them above the rack; larger
        still, the table would shrink faster than its words grow)."""
        floor = MIN_TEXT_PX / self.view_scale if self.view_scale > 0 else 0.0
        return round(max(size * self.text_scale, min(floor, size * MAX_TEXT_SCALE)))

    def other_scale(self, table: Table) -> float:
        """The scale of the other seats' exposures: small, unless the task is about them (a
        joker exchange takes a joker from one): then near the rack's size, and at least
        :data:`MIN_TILE_PX` high on screen."""
        if self.view_scale > 0 and table.task is not None and (
                "joker_exchange" in table.task.allow):
            return min(1.0, max(EXCHANGE_SCALE, MIN_TILE_PX / (TILE_H * self.view_scale)))
        return OTHER_SCALE

    def river_scale(self) -> float:
        """The scale of a whole hand's discards: :data:`MIN_DISCARD_PX` wide on screen at the
        fitted scale, between :data:`RIVER_SCALE` and :data:`MAX_RIVER_SCALE`."""
        if self.view_scale <= 0:
            return RIVER_SCALE
        wanted = MIN_DISCARD_PX / (TILE_W * self.view_scale)
        return min(MAX_RIVER_SCALE, max(RIVER_SCALE, wanted))

    def lay_out_for(self, view_scale: float) -> bool:
        """Lay the table out again for a view that shows it at ``view_scale`` (its fitted
        scale), when that differs from the one it was laid out for by more than 3 %. Returns
        True when it did (the view fits the new frame then). Focus and selection stay."""
        if view_scale <= 0 or abs(view_scale - self.view_scale) <= 0.03 * view_scale:
            return False
        self.view_scale = view_scale
        if self.model is None:
            return False
        focus, selected = self.focus_index, list(self.selected)
        self._task = None  # a new frame for the new sizes
        self.show_table(self.model)
        self.selected = [i for i in selected if self._item(i) is not None]
        for tile in self.tiles:
            tile.selected_ = tile.tile_id in self.selected
        self.focus_index = min(focus, max(0, len(self.tiles) - 1))
        self.update_focus()
        return True

    # ---- drawing --------------------------------------------------------------------------
    def show_table(self, table: Table, motions: Sequence[Motion] = (), *,
                   carried: bool = False) -> None:
        """Redraw everything from ``table``; the tiles in ``motions`` slide to their place.
        ``carried``: ``table`` is a new task's table whose tile ids follow the table drawn
        now (``tilewise.lessons.table.follow``), so the slides start where tiles were drawn."""
        self.finish_slides()
        self.clear_spotlight()
        new_task = table.task is not self._task or self.model is None
        before = {} if new_task and not carried else dict(self._drawn)
        if new_task:
            self._extra = 0.0
        self._draw(table, new_task)
        # A task whose parts would overlap (a zone or caption on a plate, the arrivals' note
        # on a caption: ``clearance.clashes``; on a whole hand's table, a part on the rack)
        # gets a taller table, once for the task, so its rack does not move while the
        # learner plays it.
        while new_task and self._extra < MAX_EXTRA and self._crowded():
            self._extra += EXTRA_STEP
            self._draw(table, new_task)
        if motions and self.animate:
            self._slide(motions, before)
        self.mark_still()
        self.rebuilt.emit()

    def _crowded(self) -> bool:
        """Whether the table as drawn needs more height (:meth:`show_table`): on a task's
        table any clash or crossing; on a whole hand's, a part on the rack or the room over it
        (the rest of a whole hand's layout does not move with its height): the arrivals' note
        of a blind pass, on two lines beside the pass zone at a projector's scale, lay under
        the rack's tiles (deal 1QA-EB1 at 1024x768)."""
        parts = self.layout_parts()
        if self.whole_hand:
            rack = next(p for p in parts if p.kind == "rack")
            return any(overlap(rack, p) for p in parts if p is not rack)
        return bool(clashes(parts) or self.crossings())

    def _draw(self, table: Table, new_task: bool) -> None:
        """Draw every item of ``table`` (see :meth:`show_table`)."""
        self.clear()
        TileRenderer.next_screen()  # faces no screen drew lately go (gui/tiles/paint.py)
        release_soon()  # the old items' memory goes back to the system (issue 15, item 8)
        self.arrivals_note = None
        self.wall_label = None
        height = (HAND_H if self.whole_hand else SCENE_H) + self._extra
        self.setSceneRect(0, 0, SCENE_W, height)
        self.model = table
        self.tiles, self.zones, self.zone_captions = [], {}, {}
        self._drawn = {}
        contrast = self.images.theme == "contrast"
        self.setBackgroundBrush(FELT_CONTRAST if contrast else FELT)
        self.across_bottom = self.discard_bottom = 0.0
        seat = table.seat
        plates = self._plates()
        self.seat_plates: dict[str, QRectF] = {}
        for other in table.seats_shown():
            self.seat_plates[other] = self._seat(table, other, plates[relation(seat, other)])
        self._discards(table)
        you = label(_("You: {seat}", seat=seat_name(seat)), self.px(30), PAPER)
        self.you = you  # the learner's own seat (an accessible child of the view)
        you_h = you.boundingRect().height()
        if not self.whole_hand and self.discard_bottom:
            # Larger words push the discard box, and the zones under it, down: the table
            # grows to keep the zones (slots, caption, the exposures' row) above the rack.
            zones_top = max(340.0, self.discard_bottom + self.px(28) * 1.45 + 8)
            needed = zones_top + TILE_H + 2 * GAP + self.px(28) + 12 + TILE_H + max(44.0, you_h + 4)
            if needed > height:
                height = needed
                self.setSceneRect(0, 0, SCENE_W, height)
        if self.whole_hand and self.discard_bottom:
            # Larger discards (or a seat across grown by its exposures) push the zones down:
            # the table grows to keep them (caption, slots, room for the rack's marks) above
            # the rack.
            zones = self.px(28) * 1.45 + 8 + TILE_H + 2 * GAP
            if table.incoming():  # the tiles arriving face down, their note under them
                zones = max(zones, 52 + TILE_H + 4 + self.px(24) * 1.45)
            needed = (self.discard_bottom + zones + 30 + TILE_H + max(44.0, you_h + 4)
                      + self._extra)
            if needed > height:
                height = needed
                self.setSceneRect(0, 0, SCENE_W, height)
        # The rack sits just above the learner's seat name (taller in Devanagari, presenter).
        self.rack_y = height - TILE_H - max(44.0, you_h + 4)
        self._own_melds(table)
        self._zones(table, plates, QPointF(SCENE_W / 2, self.rack_y))
        self._rack(table)
        self._incoming(table)
        self._staged(table)
        you.setPos((SCENE_W - you.boundingRect().width()) / 2, height - you_h - 2)
        self.addItem(you)
        # Keyboard and reading order: the learner's tiles by their rack place, wherever they
        # lie now (a staged tile keeps its number), then arriving tiles, discards, given ones.
        rank = {"rack": 0, "incoming": 1, "discard": 2, "zone": 3}
        homes = {t.id: t.home for t in table.tiles}
        self.tiles.sort(key=lambda i: (rank.get(homes[i.tile_id].area, 4),
                                       homes[i.tile_id].owner, homes[i.tile_id].slot))
        self.selected = [i for i in self.selected if self._item(i) is not None
                         and self._item(i).placed is None]  # type: ignore[union-attr]
        for number, tile in enumerate(self.tiles):
            tile.index = number
            tile.selected_ = tile.tile_id in self.selected
        if new_task:
            self._task = table.task
            self.focus_index = 0
            self.frame = self.sceneRect() if self.whole_hand else self._frame(table)
        self.focus_index = min(self.focus_index, max(0, len(self.tiles) - 1))
        self.update_focus()

    def is_still(self, item: QGraphicsItem) -> bool:
        """Whether ``item`` lies still (:data:`STILL_ITEMS`, not sliding now, not held)."""
        return (isinstance(item, STILL_ITEMS) and item is not self.held
                and all(item is not s[0] for s in self._slides))

    def redraw(self, item: QGraphicsItem) -> None:
        """Show a change of how ``item`` looks, whoever draws it (the layer or Qt)."""
        if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
            self.still_changed.emit(painted(item))
        else:
            item.update()

    def _settle(self, item: QGraphicsItem) -> None:
        """Have ``item`` drawn by the layer if it lies still now, else by Qt (it moves)."""
        still = self.layered and self.is_still(item)
        no_contents = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
        if bool(item.flags() & no_contents) != still:
            item.setFlag(no_contents, still)
            self.still_changed.emit(painted(item))  # taken in, or let go
            if not still:
                item.update()

    def lift(self, tile: TileItem) -> None:
        """``tile`` is held (the view drags it): drawn by Qt, above everything, till
        :meth:`rest`."""
        self.held = tile
        tile.setZValue(10)
        self._settle(tile)

    def rest(self) -> None:
        """The held tile was let go (put back by now, or gone with a new table)."""
        tile, self.held = self.held, None
        if tile is not None and tile.scene() is self:
            self._settle(tile)

    def mark_still(self) -> None:
        """Have a layered view draw the still items (``ItemHasNoContents`` on them, off on the
        others) and draw its layer afresh (``still_changed`` with a null rectangle)."""
        no_contents = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
        for item in self.items():
            if isinstance(item, STILL_ITEMS):
                item.setFlag(no_contents, self.layered and self.is_still(item))
        self.still_version += 1
        self.still_changed.emit(QRectF())

    def clear(self) -> None:
        """Remove every item (the layer is drawn afresh)."""
        super().clear()
        self.held = None
        self.still_version += 1
        self.still_changed.emit(QRectF())

    def _item(self, tile_id: int) -> TileItem | None:
        return next((t for t in self.tiles if t.tile_id == tile_id), None)

    def item_for(self, tile_id: int) -> TileItem | None:
        """The movable item drawn for model tile ``tile_id`` now, or None."""
        return self._item(tile_id)

    def show_outcome(self, table: Table, outcome: Outcome, held: int | None = None) -> None:
        """Draw what one table operation did: the whole table again, or, for a drop of the
        ``held`` tile that changed nothing, only that tile back in its place."""
        if outcome.changed or outcome.feedback is not None or held is None:
            self.show_table(table, outcome.motions, carried=outcome.carried)
        else:
            self.put_back(held)

    def put_back(self, tile_id: int) -> None:
        """Put a dragged tile back where the model has it (a drop that changed nothing)."""
        item, pos = self._item(tile_id), self._drawn.get(tile_id)
        if item is not None and pos is not None:
            was = painted(item)
            item.setPos(pos)
            item.setZValue(1)
            # Where it was is drawn again whoever drew it there: held, Qt drew it, but the
            # tile lies still (ItemHasNoContents, :meth:`rest`) before the scene handles its
            # move, and Qt repaints no old spot of an item without contents, so the tile
            # let go outside a zone stayed on the screen there (a tester's find, issue 21).
            self.still_changed.emit(was)
            if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
                self.still_changed.emit(painted(item))

    def _frame(self, table: Table) -> QRectF:
        """What the view shows for this task: the laid-out items, room for the learner's
        exposures when the task can lay one out, and a margin (at least 760 x 420)."""
        rect = self.itemsBoundingRect()
        if {"claim", "claims", "kong_concealed"} & set(table.task.allow):
            rect = rect.united(QRectF(40, self.rack_y - TILE_H * 0.8 - 72, 600, 10))
        rect.adjust(-24, -24, 24, 24)
        if rect.width() < 760:
            rect.adjust(-(760 - rect.width()) / 2, 0, (760 - rect.width()) / 2, 0)
        if rect.height() < 420:
            rect.adjust(0, -(420 - rect.height()) / 2, 0, (420 - rect.height()) / 2)
        return rect.intersected(self.sceneRect()) if rect.intersects(self.sceneRect()) else rect

    def content_rect(self) -> QRectF:
        """The part of the scene the view fits (fixed per task: see :meth:`_frame`)."""
        return self.frame if not self.frame.isEmpty() else self.sceneRect()

    def _tile(self, table: Table, tile_id: int, pos: QPointF, *, scale: float = 1.0) -> TileItem:
        tile = table.tiles[tile_id]
        item = TileItem(self.images, tile.code, tile_id, movable=table.movable(tile_id))
        item.area = tile.place.area
        item.called = tile.home.area == "discard"
        item.blind = tile.home.area == "incoming"
        item.arrived = tile.arrived and tile.place.area == "rack"
        if tile.place.area == "zone":
            item.placed = (tile.place.owner, tile.place.slot)
        item.setScale(scale)
        item.setPos(pos)
        item.setZValue(1)
        self.addItem(item)
        self.tiles.append(item)
        self._drawn[tile_id] = pos
        return item

    def _rack(self, table: Table) -> None:
        seat = table.seat
        homes = [t.home.slot for t in table.tiles if t.home.area == "rack" and t.home.owner == seat]
        count = max(homes, default=-1) + 1
        room = self.melds_left - 16 if self.melds_left < SCENE_W else SCENE_W
        self.rack_x0 = max(8.0, (room - (count * (TILE_W + GAP) - GAP)) / 2)
        for tile_id in table.rack(seat):
            self._tile(table, tile_id, self.rack_pos(table.tiles[tile_id].place.slot))

    def rack_pos(self, slot: int) -> QPointF:
        """Scene position of the learner's rack position ``slot``."""
        return QPointF(self.rack_x0 + slot * (TILE_W + GAP), self.rack_y)

    def _incoming(self, table: Table) -> None:
        """Face-down arriving tiles sit on the side away from the pass zone."""
        away_left = self._arrivals_left(table)
        note = self._arrivals_note()
        note_y = 306.0
        if self.whole_hand:
            # Under the discard box (they lay over its rows; 52: the room of a tile's badge),
            # the note under them (over them, it ran into the pass zone's caption).
            self.incoming_y = max(self.incoming_y, self.discard_bottom + 52)
            note_y = self.incoming_y + TILE_H + 4
        arriving = [t for t in table.tiles if t.home.area == "incoming"]
        for tile_id in table.incoming():
            self._tile(table, tile_id, self.incoming_pos(table.tiles[tile_id].place.slot))
        self.arrivals_note = None
        if arriving:
            self.arrivals_note = note
            self._place_note(note, note_y, away_left)
            self.addItem(note)

    def _arrivals_left(self, table: Table) -> bool:
        """Set where the tiles arriving face down go (:attr:`incoming_x`, :attr:`incoming_y`):
        on the side away from the pass zone. True when that is the left."""
        away_left = any(z.target and relation(table.seat, z.target) == "right"
                        for z in table.zones)
        self.incoming_x = 290.0 if away_left else SCENE_W - 290.0 - 3 * (TILE_W + GAP)
        self.incoming_y = 340.0
        return away_left

    def _arrivals_note(self) -> QGraphicsSimpleTextItem:
        return label(_("Arriving face down: pass them on blind"), self.px(24))

    def _note_spots(self, note: QGraphicsSimpleTextItem, note_y: float,
                    away_left: bool) -> list[tuple[str, QPointF]]:
        """Where the arrivals' note may go, best first: (its text, its position)."""
        row = QRectF(self.incoming_x, self.incoming_y, 3 * (TILE_W + GAP) - GAP, TILE_H)
        first, spots = note.text(), []
        for text in (first, two_lines(first, note.font().pixelSize())):
            note.setText(text)
            width, height = note.boundingRect().width(), note.boundingRect().height()
            note_x = min(self.incoming_x, SCENE_W - width - 10)
            if self.whole_hand and away_left:  # ending where they end, clear of the arrow
                note_x = max(8.0, row.right() - width)
            y = note_y if self.whole_hand else min(note_y, row.top() - height - 4)
            lo, hi = self._central_span(y, y + height)
            if width <= hi - lo:
                note_x = min(max(note_x, lo), hi - width)
            spots.append((text, QPointF(note_x, y)))
            if not self.whole_hand:  # under them (on a table grown taller for it)
                spots.append((text, QPointF(note_x, row.bottom() + 4)))
        note.setText(first)
        return spots

    def _reserve_arrivals(self, table: Table) -> None:
        """Keep the place of the arrivals and their note free of zone captions (placed
        after the zones, before the captions): the first spot of the note clear of the
        plates and zones (:meth:`_note_spots`)."""
        self._reserved = []
        if self.whole_hand or not any(t.home.area == "incoming" for t in table.tiles):
            return
        away_left = self._arrivals_left(table)
        note = self._arrivals_note()
        row = QRectF(self.incoming_x, self.incoming_y, 3 * (TILE_W + GAP) - GAP, TILE_H)
        spots = self._note_spots(note, 306.0, away_left)
        for text, spot in spots:
            note.setText(text)
            box = QRectF(spot, note.boundingRect().size())
            if self._clear_spot(box):
                self._reserved = [box, row]
                return
        self._reserved = [row]

    def _place_note(self, note: QGraphicsSimpleTextItem, note_y: float, away_left: bool) -> None:
        """The arrivals' note over the tiles arriving face down (under them on a whole hand's
        table), clear of the seat plates, zones and captions: moved sideways between the seats
        beside it, or on two lines (issue 16: in presenter mode the German note ran over
        South's plate)."""
        first = note.text()
        for text, spot in self._note_spots(note, note_y, away_left):
            note.setText(text)
            note.setPos(spot)
            if self._clear_spot(note.sceneBoundingRect()):
                return
        note.setText(first)
        note.setPos(min(self.incoming_x, SCENE_W - note.boundingRect().width() - 10), note_y)

    def incoming_pos(self, slot: int) -> QPointF:
        """Scene position of face-down arriving tile ``slot``."""
        return QPointF(self.incoming_x + slot * (TILE_W + GAP), self.incoming_y)

    def _staged(self, table: Table) -> None:
        for zone_id, zone in self.zones.items():
            ids = table.staged(zone_id)
            zone.filled = [False] * zone.spec.slots
            for tile_id in ids:
                slot = table.tiles[tile_id].place.slot
                zone.filled[slot] = True
                self._tile(table, tile_id, self.slot_point(zone_id, slot))
            zone.update()

    def _plates(self) -> dict[str, QRectF]:
        return {
            "across": QRectF(SCENE_W / 2 - 240, 4, 480, 124),
            "left": QRectF(8, 150, 250, 140),
            "right": QRectF(SCENE_W - 258, 150, 250, 140),
        }

    def _seat(self, table: Table, seat: str, rect: QRectF) -> QRectF:
        rel = relation(table.seat, seat)
        lines = [seat_name(seat), relative_seat_name(rel)]
        hands = table.state()["hands"]
        if seat in hands:
            lines.append(ngettext("{n} tile", "{n} tiles", len(hands[seat])))
        before = set(self.items())
        text = wrapped("\n".join(lines), self.px(24), rect.width() - 20)
        text.setPos(rect.left() + 10, rect.top() + 4)
        # The plate grows to hold its text (longer words in German, Devanagari line height).
        needed = text.boundingRect().height() + 8
        melds = table.melds(seat)
        backs = table.rack(seat) if self.whole_hand else []
        scale = self.other_scale(table)
        if backs:
            needed += TILE_H * BACK_SCALE + 8
        if melds:
            needed += TILE_H * scale + 16
        self.addItem(text)
        y = rect.top() + text.boundingRect().height() + 6
        x = rect.left() + 14
        if backs:
            self._backs(table, seat, backs, QPointF(x, y), rect.width() - 28)
            y += TILE_H * BACK_SCALE + 8
        bottom = rect.top() + needed
        right = rect.right()
        for number, (exposure, ids) in enumerate(melds):
            # A meld that would run past the plate starts a new row (the plate grows).
            estimate = len(ids) * (TILE_W * scale + 3)
            if x > rect.left() + 14 and x + estimate > rect.right() - 8:
                x = rect.left() + 14
                y += TILE_H * scale + 12
            width = self._meld(table, ids, exposure.rotated, exposure.face_down,
                               QPointF(x, y), scale, seat, number)
            x += width + 16
            bottom = max(bottom, y + TILE_H * scale + 10)
            right = max(right, x - 16 + 8)
        # A meld wider than the plate (tiles drawn large for a joker exchange) widens it;
        # towards the middle of the table, never past its edge (presenter mode's West plate
        # ran off the right edge, its joker cut).
        plate = QRectF(rect.left(), rect.top(), max(rect.width(), right - rect.left()),
                       max(rect.height(), needed, bottom - rect.top()))
        over = plate.right() - (SCENE_W - 8)
        if over > 0:
            plate.translate(-over, 0)
            for item in set(self.items()) - before:
                item.moveBy(-over, 0)
                tile_id = getattr(item, "tile_id", None)
                if isinstance(item, FixedTile) and tile_id in self._drawn:
                    self._drawn[tile_id] = item.pos()
        if rel == "across":
            self.across_bottom = plate.bottom()
        self.addItem(Plate(plate, contrast=self.images.theme == "contrast", seat=seat,
                           text=", ".join(lines)))
        return plate

    def _backs(self, table: Table, seat: str, ids: list[int], origin: QPointF,
               width: float) -> None:
        """A partner's concealed rack in a row (overlapping when it is long): backs, or the
        faces when the presenter revealed the seat (whole_hand)."""
        tile_w = TILE_W * BACK_SCALE
        step = min(tile_w + 2, (width - tile_w) / max(1, len(ids) - 1))
        for number, tile_id in enumerate(ids):
            item = FixedTile(self.images, table.tiles[tile_id].code if seat in self.revealed
                             else "back")
            item.tile_id = tile_id if seat in self.revealed else None
            item.setScale(BACK_SCALE)
            item.setPos(QPointF(origin.x() + number * step, origin.y()))
            self.addItem(item)

    def _meld(self, table: Table, ids: list[int], rotated: int | None,
              face_down: Sequence[int], origin: QPointF, scale: float, seat: str,
              number: int) -> float:
        """Lay out one exposure: the ``rotated`` tile lies sideways, ``face_down`` show backs."""
        x = origin.x()
        for index, tile_id in enumerate(ids):
            code = table.tiles[tile_id].code
            item = FixedTile(self.images, "back" if index in face_down else code)
            item.setScale(scale)
            if index == rotated:
                item.setRotation(-90)
                pos = QPointF(x, origin.y() + TILE_H * scale)
                x += TILE_H * scale + 3
            else:
                pos = QPointF(x, origin.y())
                x += TILE_W * scale + 3
            item.setPos(pos)
            item.exposure = (seat, number, index)
            item.tile_id = tile_id
            self.addItem(item)
            self._drawn[tile_id] = pos
        return x - origin.x()

    def _own_melds(self, table: Table) -> None:
        """The learner's exposures, in a row above the rack (left of centre); a pong that a
        kong may be added to lies full size in the middle, an end slot on each side."""
        self.own_melds: list[QRectF] = []
        self.melds_left = SCENE_W
        # a pong a kong may be added to lies apart, except on a whole hand's table (below)
        adding = any(z.kind == "kong_end" for z in table.zones) and not self.whole_hand
        scale = 1.0 if adding else 0.8
        top = 260.0 if adding else self.rack_y - TILE_H * scale - 40
        x = 440.0 if adding else 40.0
        melds = table.melds(table.seat)
        if self.whole_hand and melds:
            # A whole hand: on the rack's row, at its right (the rack shrinks as they grow),
            # clear of the zones whatever their number (the rack moves left, see _rack).
            scale = OWN_ROW_SCALE
            top = self.rack_y + TILE_H * (1 - scale)
            x = self.melds_left = SCENE_W - 16 - sum(
                sum((TILE_H if i == e.rotated else TILE_W) * scale + 3 for i in range(len(ids)))
                + 16 for e, ids in melds)
        for number, (exposure, ids) in enumerate(melds):
            width = self._meld(table, ids, exposure.rotated, exposure.face_down,
                               QPointF(x, top), scale, table.seat, number)
            self.own_melds.append(QRectF(x, top, width, TILE_H * scale))
            x += width + (16 if self.melds_left < SCENE_W else 30)
        if self.own_melds:
            note = label(_("Your exposures"), self.px(22))
            first = self.own_melds[0]
            note.setPos(first.center().x() - note.boundingRect().width() / 2 if adding
                        else first.left(), top - note.boundingRect().height() - 2)
            self.addItem(note)

    def _discards(self, table: Table) -> None:
        """The discard box: the latest discard large under "Discard by ...", or, when several
        lie on the table, each seat's discards in a row with the latest ringed."""
        seats = [s for s in ("E", "S", "W", "N") if table.discards(s)]
        self.discard_box = None
        if self.whole_hand:
            self._rivers(table)
            return
        if not seats and "last_discard" not in table.task.state:
            return
        # under the seat across, which grows with its words (German, larger type)
        top = max(128.0, self.across_bottom + 6)
        box = QRectF(SCENE_W / 2 - 180, top, 360, 168)
        latest = table.at(table.latest) if table.latest is not None else None
        # Once the latest discard is claimed, no discard is "by" anyone in particular.
        by = table.latest.owner if table.latest is not None else ""
        caption = (_("Discard by {seat}", seat=seat_name(by)) if by
                   # TRANSLATORS: heading of the discards box when no discard is the latest
                   else _("Discards"))
        text = label(caption, self.px(26))
        text.setPos(box.left() + 16, box.top() + 8)
        tile_top = max(box.top() + 52, box.top() + 8 + text.boundingRect().height() + 4)
        rows = [(s, table.discards(s)) for s in seats]
        several = sum(len(ids) for _s, ids in rows) > 1
        if several:
            box.setBottom(tile_top + len(rows) * (TILE_H * DISCARD_SCALE + 10) + 6)
        scale = 1.0 if tile_top <= box.top() + 52 else 0.85
        if not several:
            box.setBottom(tile_top + TILE_H * scale + 12 if scale < 1 else box.bottom())
        name = caption + (": " + tile_name(table.tiles[latest].code) if latest is not None
                          else "")
        self.addItem(Plate(box, contrast=self.images.theme == "contrast", text=name))
        self.addItem(text)
        self.discard_bottom = box.bottom()
        self.discard_box = box
        if not several:
            for _seat, ids in rows:
                pos = QPointF(box.center().x() - TILE_W * scale / 2, tile_top)
                self._shown_tile(table, ids[0], pos, scale)
            return
        for row, (owner, ids) in enumerate(rows):
            y = tile_top + row * (TILE_H * DISCARD_SCALE + 10)
            name_item = label(seat_name(owner), self.px(20))
            name_item.setPos(box.left() + 16, y + (TILE_H * DISCARD_SCALE - 24) / 2)
            self.addItem(name_item)
            x = box.left() + 24 + max(90.0, name_item.boundingRect().width())
            for tile_id in ids:
                self._shown_tile(table, tile_id, QPointF(x, y), DISCARD_SCALE)
                if tile_id == latest:
                    self.addItem(Ring(QRectF(x - 4, y - 4, TILE_W * DISCARD_SCALE + 8,
                                             TILE_H * DISCARD_SCALE + 8)))
                x += TILE_W * DISCARD_SCALE + 6

    def _rivers(self, table: Table) -> None:
        """A whole hand's discards: each seat's in a row of its own in turn order, the latest
        ringed; the tiles left in the wall above the box. A long row makes its tiles smaller
        (:func:`river_fit`), then wraps onto a new row (the box grows): they overlapped from
        about the eleventh before."""
        box = QRectF(270, max(150.0, self.across_bottom + 10), SCENE_W - 540, 0)
        wall = label(ngettext("Wall: {n} tile left", "Wall: {n} tiles left", len(table.wall())),
                     self.px(24), PAPER)
        wall.setPos(12, 12)
        # Clear of the seat across (CAPTION_CLEAR): on two lines when it would reach it (the
        # Spanish and German counts ran under North's plate at 1024x768).
        beside = [p.left() - CAPTION_CLEAR for p in self.seat_plates.values() if p.left() > 12
                  and p.top() < 12 + 2 * wall.boundingRect().height()]
        if beside and wall.sceneBoundingRect().right() > min(beside):
            wall.setText(two_lines(wall.text(), wall.font().pixelSize()))
        self.wall_label = wall
        self.addItem(wall)
        latest = table.at(table.latest) if table.latest is not None else None
        caption = label(_("Discards"), self.px(26))
        caption.setPos(box.left() + 16, box.top() + 8)
        tile_top = box.top() + 12 + caption.boundingRect().height()
        names = [label(seat_name(s), self.px(20)) for s in SEATS_ORDER]
        names_w = 24 + max([70.0, *[n.boundingRect().width() for n in names]])
        room = box.width() - names_w - 12
        counts = [len(table.discards(s)) for s in SEATS_ORDER]
        scale, per_row = river_fit(counts, room, self.river_scale())
        tile_w, tile_h = TILE_W * scale, TILE_H * scale
        left = box.left() + names_w
        rows = {s: max(1, -(-n // per_row)) for s, n in zip(SEATS_ORDER, counts, strict=True)}
        seat_h = {s: rows[s] * (tile_h + RIVER_GAP) - RIVER_GAP + 8 for s in SEATS_ORDER}
        box.setBottom(tile_top + sum(seat_h.values()) + 6)
        name = _("Discards") + (": " + tile_name(table.tiles[latest].code)
                                if latest is not None else "")
        self.addItem(Plate(box, contrast=self.images.theme == "contrast", text=name))
        self.addItem(caption)
        self.discard_bottom = box.bottom()
        self.discard_box = box
        y = tile_top
        for owner, name_item in zip(SEATS_ORDER, names, strict=True):
            name_item.setPos(box.left() + 16, y + (tile_h - name_item.boundingRect().height()) / 2)
            self.addItem(name_item)
            for number, tile_id in enumerate(table.discards(owner)):
                pos = QPointF(left + (number % per_row) * (tile_w + RIVER_GAP),
                              y + (number // per_row) * (tile_h + RIVER_GAP))
                self._shown_tile(table, tile_id, pos, scale)
                if tile_id == latest:
                    self.addItem(Ring(QRectF(pos.x() - 3, pos.y() - 3, tile_w + 6, tile_h + 6)))
            y += seat_h[owner]

    def _shown_tile(self, table: Table, tile_id: int, pos: QPointF,
                    scale: float) -> QGraphicsItem:
        """A discard: a movable item when the learner may aim a claim at it, else fixed."""
        if table.movable(tile_id):
            return self._tile(table, tile_id, pos, scale=scale)
        item = FixedTile(self.images, table.tiles[tile_id].code)
        item.tile_id = tile_id
        item.setScale(scale)
        item.setPos(pos)
        self.addItem(item)
        self._drawn[tile_id] = pos
        return item

    def _central_span(self, top: float, bottom: float) -> tuple[float, float]:
        """The room between the seat plates beside a band of the table from ``top`` to
        ``bottom`` (scene units), each plate kept :data:`CAPTION_CLEAR` away: (left, right)."""
        left, right = 8.0, SCENE_W - 8.0
        for plate in self.seat_plates.values():
            if plate.bottom() <= top or plate.top() >= bottom:
                continue
            if plate.center().x() < SCENE_W / 2 - 1:
                left = max(left, plate.right() + CAPTION_CLEAR)
            elif plate.center().x() > SCENE_W / 2 + 1:
                right = min(right, plate.left() - CAPTION_CLEAR)
        return left, right

    def _clear_spot(self, box: QRectF) -> bool:
        """True when ``box`` (scene) lies on no seat plate or the discard box (nor within
        :data:`CAPTION_CLEAR` beside one), no zone and no zone caption, and above the rack's
        room (a task's table, :data:`RACK_ROOM`)."""
        if not self.whole_hand and box.bottom() > self.rack_y - RACK_ROOM:
            return False
        if any(box.intersects(p.rect.adjusted(-CAPTION_CLEAR, 0, CAPTION_CLEAR, 0))
               for p in self.plates()):
            return False
        if any(box.intersects(z.sceneBoundingRect()) for z in self.zones.values()):
            return False
        if any(box.intersects(c.sceneBoundingRect()) for c in self.zone_captions.values()):
            return False
        shape = QPainterPath()
        shape.addRect(box.adjusted(-4, -4, 4, 4))
        return not any(arrow.mapToScene(arrow.outline()).intersects(shape)
                       for arrow in self.items(box.adjusted(-4, -4, 4, 4))
                       if isinstance(arrow, Arrow))

    def _zones(self, table: Table, plates: dict[str, QRectF], rack_top: QPointF) -> None:
        """Lay out the drop zones (pass zones beside the seat they go to, the others in a row
        in the middle), then their captions clear of every plate, zone and other caption
        (:meth:`_caption`), then the pass arrows."""
        seat = table.seat
        # a whole hand: the end zones of an added kong sit with the other zones
        apart = bool(self.own_melds) and not self.whole_hand
        placed_apart = ("pass", "courtesy") + (("kong_end",) if apart else ())
        jokers = self._exposed_jokers() if self.whole_hand else {}
        central = [z for z in table.zones if z.kind not in placed_apart
                   and (z.target, z.meld) not in jokers]
        numbered = len(table.zones) > 1
        caption_h = label("Ag", self.px(28)).boundingRect().height()
        centre_y = 230.0
        if self.discard_bottom:  # below the discard box and its zone caption
            centre_y = max(340.0, self.discard_bottom + self.px(28) * 1.45 + 8)
        # below the seat across (grown by longer words or a joker exchange's exposures)
        centre_y = max(centre_y, self.across_bottom + caption_h + 8)
        # Each central zone takes the width of its slots or of its caption, whichever is
        # wider; a caption goes on two lines when the row would not fit between the seats
        # beside it (the long swap-zone caption pushed the discard zone under West's plate).
        texts = {z.id: zone_prefix(n, numbered) + zone_caption(z, seat)
                 for n, z in enumerate(table.zones)}
        lo, hi = self._central_span(centre_y - caption_h - 4, centre_y + TILE_H + 2 * GAP
                                    + caption_h + 4)

        def row_widths() -> list[float]:
            return [max(GAP + z.slots * (TILE_W + GAP),
                        label(texts[z.id], self.px(28)).boundingRect().width()) for z in central]

        widths = row_widths()
        if sum(widths) + 30 * max(0, len(widths) - 1) > hi - lo:
            for z in central:
                texts[z.id] = two_lines(texts[z.id], self.px(28))
            widths = row_widths()
        total = sum(widths) + 30 * max(0, len(widths) - 1)
        # centred on the table, or as near as the seats beside the row let it be
        x = max(lo, min((SCENE_W - total) / 2, hi - total))
        central_w = iter(widths)
        laid: list[tuple[Any, ZoneItem, QPointF, QRectF, str, QRectF | None]] = []
        for zspec in table.zones:
            zone = ZoneItem(zspec, zone_caption(zspec, seat))
            rect = zone.boundingRect()
            rel = relation(seat, zspec.target) if zspec.target else ""
            joker = jokers.get((zspec.target, zspec.meld)) if zspec.kind == "swap" else None
            if joker is not None:  # a whole hand: the swap zone frames the exposed joker
                zone.setScale(joker.height() / TILE_H)
                pos = joker.topLeft() - QPointF(GAP, GAP) * zone.scale()
                rect = QRectF(0, 0, rect.width() * zone.scale(), rect.height() * zone.scale())
            elif zspec.kind == "kong_end" and apart:
                meld = self.own_melds[0]  # the pong the fourth tile goes on
                pos = QPointF(meld.left() - rect.width() - 24 if zspec.end == "left"
                              else meld.right() + 24, meld.center().y() - rect.height() / 2)
            elif zspec.kind in ("pass", "courtesy") and rel in plates:
                # The seat as drawn: grown by its words (German, presenter mode, Devanagari).
                plate = self.seat_plates.get(zspec.target or "", plates[rel])
                # Beside the seat, its caption clear of the seat across.
                side_y = max(plate.center().y() - 56, self.across_bottom + caption_h + 6)
                if self.whole_hand:  # under the discard box: clear of its rows and seat names
                    side_y = max(side_y, self.discard_bottom + caption_h + 8)
                if rel == "right":
                    pos = QPointF(plate.left() - rect.width() - 50, side_y)
                elif rel == "left":
                    pos = QPointF(plate.right() + 50, side_y)
                elif any(z.target and relation(seat, z.target) == "right" for z in table.zones):
                    pos = QPointF(290, plate.bottom() + 56)  # leave room for a zone on the right
                else:
                    pos = QPointF(SCENE_W / 2 - rect.width() / 2, plate.bottom() + 56)
                if rel == "across":  # the caption goes between the zone and its arrow
                    pos.setY(pos.y() + caption_h + 4)
                    if self.whole_hand:
                        pos.setY(max(pos.y(), self.discard_bottom + caption_h + 8))
            else:
                slot_w = next(central_w)
                pos = QPointF(x + (slot_w - rect.width()) / 2, centre_y)
                x += slot_w + 30
            zone.setPos(pos)
            self.addItem(zone)
            self.zones[zspec.id] = zone
            laid.append((zspec, zone, pos, rect, rel, joker))
        self._reserve_arrivals(table)
        captions = []
        for zspec, _zone, pos, rect, rel, joker in laid:
            text = "" if joker is not None else texts[zspec.id]
            cap = label(text, self.px(20) if joker is not None else self.px(28))
            self.addItem(cap)
            captions.append(_Caption(zspec, cap, pos, rect, rel, joker is not None, text))
        self._place_captions(captions, plates, rack_top, apart=apart)

    def _arrows_for(self, captions: list[_Caption], plates: dict[str, QRectF],
                    rack_top: QPointF) -> list[Arrow]:
        """Draw the pass arrows of the pass and courtesy zones; returns them."""
        before = {id(i) for i in self.items() if isinstance(i, Arrow)}
        for c in captions:
            if c.zone.kind in ("pass", "courtesy") and c.rel in plates:
                box = c.item.sceneBoundingRect().united(QRectF(c.pos, c.rect.size()))
                far = self.seat_plates.get(c.zone.target or "", plates[c.rel])
                self._pass_arrows(c.pos, c.rect, far, c.rel, rack_top, box=box,
                                  to=seat_name(c.zone.target or ""))
        return [i for i in self.items() if isinstance(i, Arrow) and id(i) not in before]

    def _place_captions(self, captions: list[_Caption], plates: dict[str, QRectF],
                        rack_top: QPointF, *, apart: bool) -> None:
        """Put each zone's caption over its zone (the usual place), or under it, either on
        one line or two, moved sideways as little as needed: the first choice, zone by zone,
        that leaves every caption clear of the seat plates (sideways by at least
        :data:`CAPTION_CLEAR`), the zones, the other captions and the pass arrows (issue 16:
        the German pass caption of the courtesy step lay over the courtesy zone). Nowhere
        clear: each caption in its usual place (``layout_parts`` and ``crossings`` name it)."""
        leaves = [0]

        def place(number: int) -> bool:
            if number == len(captions):
                leaves[0] += 1
                arrows = self._arrows_for(captions, plates, rack_top)
                if not self.crossings() or leaves[0] > 200:
                    return True
                for arrow in arrows:
                    self.removeItem(arrow)
                return False
            c = captions[number]
            for text, point in self._caption_spots(c, plates, apart=apart):
                c.item.setText(text)
                c.item.setPos(point)
                self.zone_captions[c.zone.id] = c.item
                if self._caption_clear(c) and place(number + 1):
                    return True
                del self.zone_captions[c.zone.id]
            return False

        if place(0):
            return
        for c in captions:  # nowhere clear: the usual places
            c.item.setText(c.text)
            c.item.setPos(self._caption_spot(c, plates, False, apart=apart))
            if any(c.item.sceneBoundingRect().intersects(
                    p.rect.adjusted(-CAPTION_CLEAR, 0, CAPTION_CLEAR, 0)) for p in self.plates()):
                c.item.setPos(self._caption_spot(c, plates, True, apart=apart))
            self.zone_captions[c.zone.id] = c.item
        self._arrows_for(captions, plates, rack_top)

    def _caption_spot(self, c: _Caption, plates: dict[str, QRectF], under: bool, *,
                      apart: bool) -> QPointF:
        """Where caption ``c`` (with its text now) goes over (or ``under``) its zone."""
        pos, rect, zspec, rel = c.pos, c.rect, c.zone, c.rel
        cap_w, cap_h = c.item.boundingRect().width(), c.item.boundingRect().height()
        if zspec.kind == "kong_end" and apart:
            # Under its end slot, reaching outwards: clear of "Your exposures" over the
            # pong and of the other end's caption.
            cap_x = pos.x() + rect.width() - cap_w if zspec.end == "left" else pos.x()
            return QPointF(min(max(8.0, cap_x), SCENE_W - cap_w - 8), pos.y() + rect.height() + 4)
        if c.joker:  # under the joker, clear of "Your exposures" above
            return QPointF(pos.x() + rect.width() / 2 - cap_w / 2, pos.y() + rect.height())
        cap_x = min(max(8.0, pos.x() + rect.width() / 2 - cap_w / 2), SCENE_W - cap_w - 8)
        # a clear gap from the seat it passes to (it read as part of the plate)
        if zspec.kind in ("pass", "courtesy") and rel == "right":
            cap_x = max(8.0, min(cap_x, plates[rel].left() - cap_w - 28))
        elif zspec.kind in ("pass", "courtesy") and rel == "left":
            cap_x = min(max(cap_x, plates[rel].right() + 28), SCENE_W - cap_w - 8)
        cap_y = pos.y() + rect.height() + 2 if under else pos.y() - cap_h - 2
        lo, hi = self._central_span(cap_y, cap_y + cap_h)
        if cap_w <= hi - lo:  # between the seats beside it
            cap_x = min(max(cap_x, lo), hi - cap_w)
        return QPointF(cap_x, cap_y)

    def _caption_spots(self, c: _Caption, plates: dict[str, QRectF], *,
                       apart: bool) -> list[tuple[str, QPointF]]:
        """The places caption ``c`` may take, best first (see :meth:`_place_captions`): over,
        under, over on two lines, under on two lines; each at its own x, then moved sideways
        to just clear of what lies beside it there, or to either end of its reach (still
        over or under its zone)."""
        if c.joker or (c.zone.kind == "kong_end" and apart):
            c.item.setText(c.text)
            return [(c.text, self._caption_spot(c, plates, False, apart=apart))]
        texts = [c.text]
        if " " in c.text and "\n" not in c.text:
            texts.append(two_lines(c.text, c.item.font().pixelSize()))
        spots = []
        for text in texts:
            c.item.setText(text)
            width, height = c.item.boundingRect().width(), c.item.boundingRect().height()
            for under in (False, True):
                point = self._caption_spot(c, plates, under, apart=apart)
                spots.append((text, point))
                band = QRectF(0, point.y(), SCENE_W, height)
                lo, hi = self._central_span(point.y(), point.y() + height)
                if c.zone.kind in ("pass", "courtesy") and c.rel == "right":
                    hi = min(hi, plates["right"].left() - 28)
                elif c.zone.kind in ("pass", "courtesy") and c.rel == "left":
                    lo = max(lo, plates["left"].right() + 28)
                edges = []
                for box in self._obstacles():
                    if box.intersects(band):
                        edges += [box.left() - width - 4, box.right() + 4]
                # ... or as far to either side as it may go, still over or under its zone
                least = max(lo, c.pos.x() + 8 - width)
                most = min(hi - width, c.pos.x() + c.rect.width() - 8)
                near = sorted((x for x in edges if least <= x <= most),
                              key=lambda x: abs(x - point.x()))[:2]
                spots += [(text, QPointF(x, point.y())) for x in
                          [*near, least, most] if least <= most and abs(x - point.x()) > 1]
        return spots

    def _obstacles(self) -> list[QRectF]:
        """What a caption may not lie on: plates (with :data:`CAPTION_CLEAR` beside them),
        zones, captions placed, the arrivals' place."""
        boxes = [p.rect.adjusted(-CAPTION_CLEAR, 0, CAPTION_CLEAR, 0) for p in self.plates()]
        boxes += [z.sceneBoundingRect() for z in self.zones.values()]
        boxes += [c.sceneBoundingRect() for c in self.zone_captions.values()]
        return boxes + list(self._reserved)

    def _caption_clear(self, c: _Caption) -> bool:
        """Caption ``c`` lies clear (see :meth:`_clear_spot`, the arrivals' place, and for a
        pass zone the room for the arrow from the rack)."""
        box = c.item.sceneBoundingRect()
        if c.zone.kind in ("pass", "courtesy") and not self.whole_hand and (
                max(box.bottom(), c.pos.y() + c.rect.height()) + ARROW_ROOM > self.rack_y):
            return False  # no room left for the arrow from the rack
        far = self.seat_plates.get(c.zone.target or "")
        if c.rel == "across" and far is not None and c.zone.kind in ("pass", "courtesy") and (
                min(box.top(), c.pos.y()) - 12 < far.bottom() + 6 + ARROW_ROOM / 3):
            return False  # nor for the arrow up to the seat across
        others = {k: v for k, v in self.zone_captions.items() if k != c.zone.id}
        saved, self.zone_captions = self.zone_captions, others
        try:
            return self._clear_spot(box) and not any(box.intersects(r) for r in self._reserved)
        finally:
            self.zone_captions = saved

    def _exposed_jokers(self) -> dict[tuple[str | None, int | None], QRectF]:
        """(seat, meld number) -> where the first joker of that exposure is drawn (scene)."""
        found: dict[tuple[str | None, int | None], QRectF] = {}
        for item in self.items():
            if isinstance(item, FixedTile) and item.exposure is not None and item.code == JOKER:
                key: tuple[str | None, int | None] = (item.exposure[0], item.exposure[1])
                rect = item.mapRectToScene(QRectF(0, 0, TILE_W, TILE_H))
                if key not in found or rect.left() < found[key].left():
                    found[key] = rect
        return found

    def _pass_arrows(self, pos: QPointF, rect: QRectF, far: QRectF, rel: str,
                     rack_top: QPointF, *, box: QRectF, to: str = "") -> None:
        """Arrows rack -> pass zone -> receiving seat, so the direction is unmistakable
        (``box``: the zone with its caption, over or under it; arrows up start and end
        outside it, so they never run over the caption). Each arrow's ``text`` says what it
        shows, for screen readers (``to``: the receiving seat's name)."""
        end = QPointF(pos.x() + rect.width() / 2, box.bottom() + 8)
        start = QPointF(end.x() * 0.4 + rack_top.x() * 0.6, rack_top.y() - 16)
        # TRANSLATORS: screen readers: the arrow drawn from the learner's rack to a pass zone
        self.addItem(Arrow(start, end, text=_("Arrow from your rack to the pass zone")))
        mid_y = pos.y() + rect.height() / 2
        # TRANSLATORS: screen readers: the arrow from a pass zone to the seat receiving the pass
        onward = _("Arrow from the pass zone to {seat}", seat=to)
        if rel in ("left", "right") and mid_y > far.bottom():
            # under the seat (a whole hand: the zone sits below the discard box)
            side_x = pos.x() + rect.width() + 6 if rel == "right" else pos.x() - 6
            self.addItem(Arrow(QPointF(side_x, mid_y),
                               QPointF(far.center().x(), far.bottom() + 6), text=onward))
        elif rel == "right":
            self.addItem(Arrow(QPointF(pos.x() + rect.width() + 6, mid_y),
                               QPointF(far.left() - 6, mid_y), text=onward))
        elif rel == "left":
            self.addItem(Arrow(QPointF(pos.x() - 6, mid_y), QPointF(far.right() + 6, mid_y),
                               text=onward))
        else:
            top = QPointF(pos.x() + rect.width() / 2, min(pos.y() - 44, box.top() - 12))
            self.addItem(Arrow(top, QPointF(top.x(), far.bottom() + 6), text=onward))

    def layout_parts(self) -> list[Part]:
        """The parts of the table as laid out now, for
        :func:`~tilewise.gui.table.clearance.clashes` (scene units): each seat plate and the
        discard box, each zone and its caption, the tiles arriving face down and their note."""
        parts = [Part("plate", plate.seat or "discards", *_box(plate.rect))
                 for plate in self.plates()]
        for zone_id, zone in self.zones.items():
            if zone_id.startswith("swap:") and zone.scale() != 1.0:
                continue  # a whole hand: the swap zone frames the exposed joker on its plate
            parts.append(Part("zone", zone_id, *_box(zone.sceneBoundingRect())))
            caption = self.zone_captions.get(zone_id)
            if caption is not None and caption.text():
                parts.append(Part("caption", zone_id, *_box(caption.sceneBoundingRect())))
        # the rack and the room over it (its arrow, the marks of arrived tiles)
        parts.append(Part("rack", "rack", 0.0, self.rack_y - RACK_ROOM, SCENE_W,
                          TILE_H + RACK_ROOM))
        arriving = [t.sceneBoundingRect() for t in self.tiles if t.blind and t.placed is None]
        if arriving:
            rect = arriving[0]
            for other in arriving[1:]:
                rect = rect.united(other)
            parts.append(Part("arrivals", "arrivals", *_box(rect)))
            if self.arrivals_note is not None:
                parts.append(Part("note", "arrivals", *_box(self.arrivals_note.sceneBoundingRect())))
        return parts

    def crossings(self) -> list[str]:
        """Each zone caption or arrivals' note that a pass arrow runs over, one line each (the
        arrows are slanted: their outlines are compared, not their boxes)."""
        words = [(f"caption {zone_id}", cap) for zone_id, cap in self.zone_captions.items()]
        if self.arrivals_note is not None:
            words.append(("note arrivals", self.arrivals_note))
        arrows = [item for item in self.items() if isinstance(item, Arrow)]
        found = []
        for name, item in words:
            shape = QPainterPath()
            shape.addRect(item.sceneBoundingRect())
            found += [f"{name} under an arrow ({arrow.text})" for arrow in arrows
                      if arrow.mapToScene(arrow.outline()).intersects(shape)]
        return found

    # ---- slides ---------------------------------------------------------------------------
    def where(self, place: Place) -> QPointF:
        """Where a tile at ``place`` is not drawn: its seat's plate (another seat's rack), the
        top of the table (the wall)."""
        plate = self.seat_plates.get(place.owner)
        if place.area == "rack" and plate is not None:
            return plate.center() - QPointF(TILE_W / 2, TILE_H / 2)
        return QPointF(SCENE_W / 2 - TILE_W / 2, -TILE_H)

    def _slide(self, motions: Sequence[Motion], before: dict[int, QPointF]) -> None:
        """Slide each moved tile from where it was drawn (or its seat) to its new place; a
        tile that went out of sight (to another seat's rack) slides there and disappears."""
        assert self.model is not None
        for motion in motions:
            start = before.get(motion.tile, self.where(motion.start))
            end = self._drawn.get(motion.tile)
            if end is not None:
                item = next((i for i in self.items() if isinstance(i, (TileItem, FixedTile))
                             and i.tile_id == motion.tile), None)
                if item is not None and start != end:
                    self._slides.append((item, start, end))
            elif motion.tile in before:
                ghost = FixedTile(self.images, self.model.tiles[motion.tile].code)
                ghost.setZValue(5)
                self.addItem(ghost)
                self._ghosts.append(ghost)
                self._slides.append((ghost, start, self.where(motion.end)))
        if not self._slides:
            return
        for moving, start, _end in self._slides:
            moving.setPos(start)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(self.duration)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(self._step)
        anim.finished.connect(self.finish_slides)
        self._anim = anim
        anim.start()

    def _step(self, value: float) -> None:
        t = float(value)
        for item, start, end in self._slides:
            item.setPos(start + (end - start) * t)

    def sliding(self) -> bool:
        """True while tiles slide."""
        return bool(self._slides)

    def finish_slides(self) -> None:
        """Put every sliding tile at its place now and take the ghosts away (skip)."""
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.valueChanged.disconnect(self._step)
            anim.finished.disconnect(self.finish_slides)
            anim.stop()
            anim.deleteLater()
        for item, _start, end in self._slides:
            item.setPos(end)
        for ghost in self._ghosts:
            if ghost.scene() is self:
                self.removeItem(ghost)
        landed = [item for item, _start, _end in self._slides if item.scene() is self]
        self._slides, self._ghosts = [], []
        for item in landed:  # still from now on: drawn in the layer
            if isinstance(item, STILL_ITEMS) and self.layered:
                item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
                self.still_changed.emit(painted(item))

    # ---- decoding ------------------------------------------------------------------------
    def zone_at(self, scene_point: QPointF) -> tuple[str, int] | None:
        """The (zone id, slot) under ``scene_point``, or None when it is not over a zone. An
        exposed joker stands for its exposure's swap zone (a tile dropped on it redeems it)."""
        for zone_id, zone in self.zones.items():
            slot = zone.slot_at(scene_point)
            if slot is not None:
                return zone_id, slot
        for item in self.items(scene_point):
            if isinstance(item, FixedTile) and item.exposure is not None and item.code == JOKER:
                swap = f"swap:{item.exposure[0]}:{item.exposure[1]}"
                if swap in self.zones:
                    return swap, 0
        return None

    def slot_point(self, zone_id: str, slot: int) -> QPointF:
        """Scene position of the top-left corner of a slot (for tests and drawing)."""
        zone = self.zones[zone_id]
        return zone.mapToScene(zone.slot_rect(slot).topLeft())

    def slot_centre(self, zone_id: str, slot: int) -> QPointF:
        """Scene position of the centre of a slot."""
        zone = self.zones[zone_id]
        return zone.mapToScene(zone.slot_rect(slot).center())

    def set_hot(self, zone_id: str | None) -> None:
        """Highlight the zone under a dragged tile."""
        for key, zone in self.zones.items():
            hot = key == zone_id
            if zone.hot != hot:
                zone.hot = hot
                self.redraw(zone)

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
        """Movable tiles not in a zone (the rack, arriving tiles, a discard to aim at)."""
        return [t for t in self.tiles if t.placed is None and t.movable]

    def selection(self) -> list[TileItem]:
        """Selected tiles in rack order."""
        return [t for t in self.tiles if t.selected_ and t.placed is None]

    def select(self, tile: TileItem, selected: bool) -> None:
        """Select or unselect a movable tile not in a zone (what Space does)."""
        if not tile.movable or tile.placed is not None:
            return
        tile.selected_ = selected
        if selected and tile.tile_id not in self.selected:
            self.selected.append(tile.tile_id)
        elif not selected and tile.tile_id in self.selected:
            self.selected.remove(tile.tile_id)
        for item in self.tiles:
            self.redraw(item)

    def move_focus(self, delta: int) -> None:
        """Move the keyboard focus ``delta`` movable tiles along (wrapping)."""
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
                self.redraw(tile)

    def set_show_focus(self, shown: bool) -> None:
        """Show the focus ring (while the view has the keyboard focus) or hide it."""
        self.show_focus = shown
        tile = self.focused_tile()
        if tile is not None:
            self.redraw(tile)

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
        of 3" (", placed" once it lies in a zone, ", just arrived" for an arrival)."""
        chosen = self.selection()
        # counted among the tiles the arrow keys go to (the learner's own): the given tiles
        # of a zone made "Flower 2, 1 of 8" of a rack of 6 (tester 7, shot 015)
        movable = [t for t in self.tiles if t.movable]
        # and a discard the learner may call, wherever it lies, among the discards: it made
        # "..., 1 of 14" of a rack of 13 (tester 7b, shots 041, 071, 089)
        counted = ([t for t in movable if t.called == tile.called] if tile in movable
                   else self.tiles)
        text = _(
            # TRANSLATORS: keyboard focus on a rack tile: name, position, rack size
            "{tile}, {position} of {total}",
            tile=tile_name("back" if tile.blind else tile.code),
            position=counted.index(tile) + 1, total=len(counted),
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
        if tile.arrived:
            # TRANSLATORS: appended to the focus text of a tile that just came to the rack
            text = _("{focus}, just arrived", focus=text)
        return text


def painted(item: QGraphicsItem) -> QRectF:
    """Where ``item`` may have painted (scene): its bounding rectangle and :data:`OVERHANG`."""
    return item.sceneBoundingRect().adjusted(-OVERHANG, -OVERHANG, OVERHANG, OVERHANG)


def river_row(width: float, tile_w: float, gap: float = 3.0) -> int:
    """How many discards ``tile_w`` wide, ``gap`` apart, fit side by side in ``width`` (scene
    units): at least one."""
    return max(1, int((width + gap) // (tile_w + gap)))


def river_fit(counts: Sequence[int], width: float, wanted: float) -> tuple[float, int]:
    """The scale of a whole hand's discards and how many go in a row, for seats with
    ``counts`` discards in rows ``width`` scene units long: ``wanted`` (readable on screen,
    ``TableScene.river_scale``) while each seat's discards fit one row; else smaller, down to
    :data:`RIVER_SCALE`, as long as that keeps every seat on one row, the box no taller; past
    that, rows of :data:`RIVER_SCALE` tiles wrap (the box grows, the table with it)."""
    most = max([1, *counts])
    if most <= river_row(width, TILE_W * wanted, RIVER_GAP):
        return wanted, river_row(width, TILE_W * wanted, RIVER_GAP)
    # the scale at which the longest row just fits
    fits = ((width + RIVER_GAP) / most - RIVER_GAP) / TILE_W
    scale = max(RIVER_SCALE, min(wanted, fits))
    return scale, river_row(width, TILE_W * scale, RIVER_GAP)


def _box(rect: QRectF) -> tuple[float, float, float, float]:
    return rect.left(), rect.top(), rect.width(), rect.height()


__all__ = ["TableScene"]
