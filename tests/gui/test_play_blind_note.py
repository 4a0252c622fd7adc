"""A whole hand's blind pass keeps the note over the tiles arriving face down clear of the rack.

Seen on a 1024x768 projector (deal 1QA-EB1 from South, the first Charleston's pass left, after
the right and across passes): the note "Arriving face down: pass them on blind" did not fit on
one line beside the pass zone, went on two, and its second line lay under the rack tiles and
their arrival marks. A whole hand's table is drawn for one line of the note; it now grows (for
that task only, so the rack never moves while the learner plays it) until the note clears the
rack and the room over it (``TableScene.layout_parts``'s ``"rack"`` part, as on a task's table).

Scene-only, at the fitted scales the play room has at 1024x768 with the app's style (about 0.42
screen px per scene unit: the note's words grow towards 14 px, so it wraps) and at 3840x2160
(about 1.3), in every language.
"""

from __future__ import annotations

from typing import Any

import pytest

from tilewise.gui.table.clearance import clashes
from tilewise.i18n import set_language


@pytest.fixture(scope="module")
def blind_pass(core_pack: Any) -> Any:
    """The table of deal 1QA-EB1 (learner South) at its first blind pass, the partners'
    policy playing every move before it."""
    from tilewise.lessons.hand.card import card_from_pack
    from tilewise.lessons.hand.dealcode import decode
    from tilewise.lessons.hand.desk import HandDesk
    from tilewise.lessons.hand.engine import HandEngine
    from tilewise.lessons.hand.partners import Partners

    ruleset, seed = decode("1QA-EB1")
    engine, policy = HandEngine(ruleset, seed, card=card_from_pack(core_pack), learner="S"), Partners()
    while not engine.over and "S" in engine.waiting():
        table = HandDesk(engine).table
        if table.incoming():
            return table
        engine.act(policy.decide(engine, "S")[0])
    raise AssertionError("no blind pass before the learner's first wait ended")


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_the_arrivals_note_clears_the_rack(blind_pass: Any, lang: str) -> None:
    from tilewise.gui.app import make_application
    from tilewise.gui.table.scene import RACK_ROOM, TableScene
    from tilewise.gui.tiles.images import TileImages

    make_application()  # the bundled fonts (Devanagari among them), as the app has them
    set_language(lang)
    try:
        for view_scale in (0.36, 0.39, 0.42, 0.5, 1.3):
            scene = TableScene(TileImages())
            scene.whole_hand, scene.view_scale = True, view_scale
            scene.show_table(blind_pass)
            note = scene.arrivals_note
            assert note is not None
            box = note.sceneBoundingRect()
            # over the rack's tiles and the marks of the tiles arrived in it
            rack = [t for t in scene.tiles if t.area == "rack"]
            assert rack and all(t.y() == scene.rack_y for t in rack)
            assert box.bottom() <= scene.rack_y - RACK_ROOM, (lang, view_scale, box)
            rack_clashes = [c for c in clashes(scene.layout_parts()) if "rack" in c]
            assert rack_clashes == [], (lang, view_scale, rack_clashes)
            height = scene.sceneRect().height()
            # a move within the task (a tile staged and taken back) keeps the table's height
            scene.show_table(blind_pass)
            assert scene.sceneRect().height() == height
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_the_walls_count_clears_the_seat_across(blind_pass: Any, lang: str) -> None:
    """The count of the tiles left in the wall (top left of a whole hand's table) ran under
    North's plate in Spanish and German at 1024x768 ("Muro: quedan 99 fichas"); it goes on
    two lines there, clear of every plate by :data:`CAPTION_CLEAR` sideways."""
    from tilewise.gui.app import make_application
    from tilewise.gui.table.scene import CAPTION_CLEAR, TableScene
    from tilewise.gui.tiles.images import TileImages

    make_application()
    set_language(lang)
    try:
        for view_scale in (0.36, 0.42, 0.5, 1.3):
            scene = TableScene(TileImages())
            scene.whole_hand, scene.view_scale = True, view_scale
            scene.show_table(blind_pass)
            wall = scene.wall_label
            assert wall is not None and wall.scene() is scene
            box = wall.sceneBoundingRect()
            assert box.left() >= 0, (lang, view_scale, box)
            for plate in scene.plates():
                near = plate.rect.adjusted(-CAPTION_CLEAR, 0, CAPTION_CLEAR, 0)
                assert not box.intersects(near), (lang, view_scale, wall.text(), plate.rect)
    finally:
        set_language("en")
