"""The end of a whole hand in the play room: how it was won, in words, and the winner's hand
drawn set by set with the winning tile marked (:class:`tilewise.lessons.hand.ending.Ending`,
the pure reading; this module only draws and words it).

The words say who won and how: with a tile drawn from the wall, on whose discard, or by
robbing a kong, which tile; at an American table, which line of our practice card the hand
makes. At a wall game they say every rack is shown. The picture's accessible description
names every set ("Pong: Seven Bam, Seven Bam, Seven Bam (exposed)"), so a screen reader reads
the hand too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from tilewise.gui.practice.widgets import tile_list
from tilewise.gui.reasons import seat_name, tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import N_, _
from tilewise.lessons.hand.ending import Ending, HandGroup

#: The height of the winner's tiles (logical px): the readable minimum for tiles a learner
#: must read at 1024x768 (issue 16).
TILE_HEIGHT = 40
_GAP, _SET_GAP, _MARK = 3, 14, 4

_KINDS = {
    "pair": N_("Pair"), "single": N_("Single"), "news": N_("NEWS"), "chi": N_("Chi"),
    "pong": N_("Pong"), "pung": N_("Pung"), "kong": N_("Kong"), "quint": N_("Quint"),
    "sextet": N_("Sextet"),
}


def ending_text(ending: Ending, me: str, line_name: Callable[[int], str]) -> str:
    """How the hand ended, in the learner's words (``me`` is the learner's seat;
    ``line_name`` names a practice-card line by its index)."""
    if ending.winner is None:
        return _("Every rack is shown face up: see what each player was building.")
    tile = tile_name(ending.tile) if ending.tile else ""
    you = ending.winner == me
    by = seat_name(ending.by) if ending.by else ""
    if ending.how == "self_drawn":
        text = (_("You won with a tile you drew from the wall, the {tile} (marked).", tile=tile)
                if you else _("{seat} won with a tile drawn from the wall, the {tile} (marked).",
                              seat=seat_name(ending.winner), tile=tile))
    elif ending.how == "robbed_kong":
        text = (_("You won by robbing {by}'s kong of the {tile} (marked).", by=by, tile=tile)
                if you else _("{seat} won by robbing {by}'s kong of the {tile} (marked).",
                              seat=seat_name(ending.winner), by=by, tile=tile))
    elif you:
        text = _("You won on {by}'s discard, the {tile} (marked).", by=by, tile=tile)
    elif ending.by == me:
        text = _("{seat} won on your discard, the {tile} (marked).",
                 seat=seat_name(ending.winner), tile=tile)
    else:
        text = _("{seat} won on {by}'s discard, the {tile} (marked).",
                 seat=seat_name(ending.winner), by=by, tile=tile)
    if ending.line is not None:
        text += " " + _("The hand makes this line of our practice card: {line}.",
                        line=line_name(ending.line))
    return text


def group_text(group: HandGroup) -> str:
    """One set in words: "Pong: Seven Bam, Seven Bam, Seven Bam (exposed)"."""
    kind = _(_KINDS.get(group.kind, group.kind))
    if group.exposed:
        return _("{kind}: {tiles} (exposed)", kind=kind, tiles=tile_list(group.tiles))
    return _("{kind}: {tiles}", kind=kind, tiles=tile_list(group.tiles))


def hand_words(ending: Ending) -> str:
    """The winner's hand set by set, for screen readers ("" at a wall game)."""
    if ending.winner is None:
        return ""
    # TRANSLATORS: between the sets of a winning hand read aloud
    sets = _("; ").join(group_text(group) for group in ending.groups)
    return _("{seat}'s hand: {sets}.", seat=seat_name(ending.winner), sets=sets)


def hand_picture(images: TileImages, ending: Ending, dpr: float,
                 height: int = TILE_HEIGHT) -> QPixmap:
    """The winner's hand, set by set (a wider gap between sets, the exposed ones on a band),
    the winning tile framed; an empty pixmap at a wall game."""
    groups = ending.groups
    faces = [[images.pixmap(code, height, dpr) for code in group.tiles] for group in groups]
    widths = [[f.deviceIndependentSize().width() for f in row] for row in faces]
    total = sum(sum(row) + _GAP * (len(row) - 1) for row in widths) + _SET_GAP * max(
        0, len(groups) - 1) + 2 * _MARK
    full = height + 2 * _MARK
    picture = QPixmap(round(max(1.0, total) * dpr), round(full * dpr))
    picture.setDevicePixelRatio(dpr)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    x = float(_MARK)
    for number, (group, row) in enumerate(zip(groups, faces, strict=True)):
        start = x
        for index, face in enumerate(row):
            painter.drawPixmap(QPointF(x, _MARK), face)
            if ending.winning == (number, index):
                painter.setPen(QPen(QColor("#e08a00"), _MARK, Qt.PenStyle.SolidLine))
                painter.drawRoundedRect(QRectF(x - _MARK / 2, _MARK / 2,
                                               widths[number][index] + _MARK,
                                               height + _MARK), 4, 4)
            x += widths[number][index] + _GAP
        if group.exposed:  # a band under the exposed sets: they lay on the table
            painter.fillRect(QRectF(start, full - _MARK + 1, x - _GAP - start, _MARK - 1),
                             QColor("#1f5c45"))
        x += _SET_GAP - _GAP
    painter.end()
    return picture


__all__ = ["TILE_HEIGHT", "ending_text", "group_text", "hand_picture", "hand_words"]
