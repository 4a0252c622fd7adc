"""A whole hand's discards never overlap (issue 16): each seat's lie in a row of their own in
the discard box, smaller when a row grows long, wrapping onto a new row past that.

They overlapped from about the eleventh discard of a seat (the row squeezed its tiles together);
a newcomer saw it at 1024x768. The hand: WSM deal 32 from South, played by the partners' policy
for every seat until 60 discards lie on the table (16, 15, 15 and 14), laid out scene-only for
the fitted scales of a 1024x768 projector (about 0.5 screen px per scene unit; 0.3 with a long
prompt beside it) and of a 3840x2160 screen (1.5 and more).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF

from tilewise.gui.table.items import TILE_H, TILE_W, FixedTile, TileItem
from tilewise.gui.table.scene import RIVER_SCALE, river_fit, river_row


def test_river_fit_keeps_the_scale_then_shrinks_then_wraps() -> None:
    room = 540.0
    # nine a seat fit at the wanted scale: kept
    assert river_fit([9, 9, 8, 7], room, 0.7) == (0.7, river_row(room, TILE_W * 0.7))
    # sixteen do not: smaller, one row each
    scale, per_row = river_fit([16, 15, 15, 14], room, 0.7)
    assert RIVER_SCALE <= scale < 0.7 and per_row >= 16
    # forty cannot fit one row even at the least scale: rows of that scale wrap
    scale, per_row = river_fit([40, 3, 0, 0], room, 0.7)
    assert scale == RIVER_SCALE and per_row < 40 and per_row == river_row(room, TILE_W * scale)
    # nothing discarded yet
    assert river_fit([0, 0, 0, 0], room, 0.5) == (0.5, river_row(room, TILE_W * 0.5))


@pytest.fixture(scope="module")
def sixty() -> Any:
    """The table of WSM deal 32 (learner South) once 60 discards lie on it."""
    from tilewise.lessons.hand.desk import HandDesk
    from tilewise.lessons.hand.engine import HandEngine
    from tilewise.lessons.hand.partners import Partners

    engine, policy = HandEngine("wsm", 32, learner="S"), Partners()
    while not engine.over and "S" in engine.waiting():
        table = HandDesk(engine).table
        if sum(len(table.discards(s)) for s in "ESWN") >= 60:
            return table
        action, _why = policy.decide(engine, "S")
        engine.act(action)
    raise AssertionError("the hand ended before 60 discards")


@pytest.mark.parametrize("view_scale", [0.3, 0.5, 1.5, 2.5])
def test_sixty_discards_lie_apart_in_their_seat_rows(sixty: Any, view_scale: float) -> None:
    from tilewise.gui.app import make_application
    from tilewise.gui.table.scene import TableScene
    from tilewise.gui.tiles.images import TileImages

    make_application()
    scene = TableScene(TileImages())
    scene.whole_hand, scene.view_scale = True, view_scale
    scene.show_table(sixty)
    box = scene.discard_box
    assert box is not None
    owner = {tile_id: seat for seat in "ESWN" for tile_id in sixty.discards(seat)}
    drawn = {i.tile_id: i.mapRectToScene(QRectF(0, 0, TILE_W, TILE_H)) for i in scene.items()
             if isinstance(i, (FixedTile, TileItem)) and i.tile_id in owner}
    assert len(drawn) == 60 == len(owner)
    rects = list(drawn.items())
    for number, (tile_id, rect) in enumerate(rects):
        assert box.contains(rect), (tile_id, rect, box)
        for other, other_rect in rects[number + 1:]:
            assert not rect.intersects(other_rect), (tile_id, other, rect, other_rect)
    # each seat's discards lie in its own band, in turn order from the top
    bands = [(min(drawn[i].top() for i in sixty.discards(s)),
              max(drawn[i].bottom() for i in sixty.discards(s))) for s in "ESWN"]
    assert all(low[1] < high[0] for low, high in zip(bands, bands[1:], strict=False))
