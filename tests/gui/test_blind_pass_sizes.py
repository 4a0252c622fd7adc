"""German Charleston step 9 (the blind pass) at 1024x768, as a newcomer saw it (issue 16): its
tiles about 30 px, the seat plates' words about 9 px, an empty band of felt over the table.

Not seen with the default text size on the session's code; with the settings' larger text
(1.5 times) the same numbers came back (28 px tiles, about 10 px words): the words and buttons
took the page and the table shrank with no floor. The table now keeps the size at which its
rack tiles are readable (``TableView.readable_floor``) and the page scrolls instead.

Measured with the app's style sheet, on the desk and in presenter mode: every rack tile at
least ``MIN_TILE_PX`` high on screen, every word on the table at least ``MIN_TEXT_PX`` (less
half a pixel, as the layout contract rounds), and the table's content reaching the top of its
view (at most 60 px of felt above it, half the band the newcomer saw: a view of another shape
than the table leaves some).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem, QGraphicsTextItem

from tests.gui.conftest import open_step
from tilewise.gui.style import style_sheet
from tilewise.gui.table.items import TILE_H, TileItem
from tilewise.gui.table.scene import MIN_TEXT_PX, MIN_TILE_PX
from tilewise.i18n import set_language


def measured(player: Any) -> list[str]:
    view, scene = player.table, player.table_scene
    scale = view.transform().m11()
    problems = []
    for item in scene.items():
        if isinstance(item, TileItem) and item.area == "rack" and TILE_H * item.scale() * scale < (
                MIN_TILE_PX - 1):
            problems.append(f"tile {item.code} {TILE_H * item.scale() * scale:.0f} px")
        elif isinstance(item, (QGraphicsSimpleTextItem, QGraphicsTextItem)):
            px = item.font().pixelSize() * item.scale() * scale
            if px < MIN_TEXT_PX - 0.5:
                problems.append(f"text {px:.1f} px")
    shown = view.mapFromScene(scene.itemsBoundingRect()).boundingRect()
    if shown.top() > 60:
        problems.append(f"{shown.top()} px of felt over the table")
    return problems


@pytest.mark.parametrize(("presenting", "text_scale"), [(False, 1.0), (True, 1.0), (False, 1.5)])
def test_german_blind_pass_is_readable_at_1024_by_768(window: Any, presenting: bool,
                                                      text_scale: float) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet(style_sheet("classic", text_scale))
    set_language("de")
    try:
        window.resize(1024, 768)
        player = open_step(window, "charleston", "blind-pass")
        if presenting:
            window.act_present.trigger()
            shown = window.presenter
            assert shown is not None
            shown.resize(1024, 768)
            QApplication.processEvents()
            player = shown.player
        try:
            assert not measured(player), measured(player)
        finally:
            if presenting:
                shown.close()
    finally:
        app.setStyleSheet("")
        set_language("en")
