"""No zone on a seat plate or on another zone (issue 16), over every task step of the core pack
in en, es, de and hi, at the sizes a table is shown at.

The check itself is pure geometry (``tilewise.gui.table.clearance``); the scene names its parts
(``TableScene.layout_parts``: plates, the discard box, zones, captions, the arrivals and their
note, the rack) and the pass arrows that run over a caption (``TableScene.crossings``).

Found by a newcomer in German: the joker exchange of the American review put its discard zone
half under West's plate (the long swap-zone caption widened the row of centre zones); the
courtesy step's pass caption lay on the courtesy zone; in presenter mode the note over the
arriving tiles ran over South's plate, and West's plate, widened by the exchange's large
tiles, ran off the table's right edge (``clearance.outside``). Each table is laid out scene-only (no window) for the
fitted scales a 1024x768 projector and a 3840x2160 screen give (0.45 to 1.2 screen px per scene
unit) and for desk and presenter text (1.0 and 1.3): its words grow towards 14 px on screen up
to 1.5 times their size, so the small scales are the crowded ones. Measured: 2,016 layouts in
about 3 s on the shared 2-core machine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tilewise.gui.table.clearance import Part, clashes, outside, overlap
from tilewise.i18n import set_language

#: Fitted scales (screen px per scene unit): a task's table at 1024x768 is shown at about
#: 0.5 (0.45 in presenter mode with a long instruction), at 3840x2160 at about 1.2.
VIEW_SCALES = (0.45, 0.55, 0.7, 1.2)
TEXT_SCALES = (1.0, 1.3)  # desk, presenter mode


def test_clashes_names_each_overlapping_pair_and_lets_a_zone_keep_its_caption() -> None:
    plate = Part("plate", "W", 900, 150, 250, 140)
    zone = Part("zone", "discard", 860, 230, 87, 112)
    caption = Part("caption", "discard", 820, 180, 200, 40)
    other = Part("caption", "swap:W:0", 100, 180, 300, 40)
    assert clashes([plate, zone, caption, other]) == [
        "plate W overlaps zone discard by 47x60",
        "plate W overlaps caption discard by 120x40",
    ]
    # edges that only touch do not overlap; a margin makes them
    beside = Part("zone", "pass", 650, 150, 250, 112)
    assert not overlap(plate, beside) and overlap(plate, beside, margin=1)
    assert clashes([Part("arrivals", "arrivals", 0, 0, 10, 10),
                    Part("note", "arrivals", 5, 5, 10, 10)]) == []
    assert clashes([]) == []
    # past the table's right edge (1200 units): the view cuts it off
    assert outside([plate, Part("plate", "E", 1000, 150, 250, 140)], 1200) == [
        "plate E reaches past the table's edge (1000 to 1250)"]


def laid_out(scene: Any, table: Any, text_scale: float, view_scale: float) -> list[str]:
    scene.text_scale, scene.view_scale = text_scale, view_scale
    scene.model = None  # a new layout, as when the view's scale changes (lay_out_for)
    scene.show_table(table)
    parts = scene.layout_parts()
    return clashes(parts) + outside(parts, scene.sceneRect().width()) + scene.crossings()


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_no_zone_lies_on_a_plate_or_another_zone_on_any_step(core_pack: Any, lang: str) -> None:
    from tilewise.gui.app import make_application
    from tilewise.gui.table.scene import TableScene
    from tilewise.gui.tiles.images import TileImages
    from tilewise.lessons.session import LessonSession
    from tilewise.lessons.steptable import LessonTable

    make_application()  # the bundled fonts (Devanagari among them), as the app has them
    scene = TableScene(TileImages())
    set_language(lang)
    problems: list[str] = []
    laid = 0
    try:
        for lesson in core_pack.lessons:
            for index, step in enumerate(lesson.steps):
                if step.task is None:
                    continue
                session = LessonSession(lesson, saved={"lesson": lesson.id, "index": index})
                table = LessonTable(session).table
                for text_scale in TEXT_SCALES:
                    for view_scale in VIEW_SCALES:
                        laid += 1
                        problems += [f"{lesson.id} {step.id} text x{text_scale} at "
                                     f"{view_scale}: {p}"
                                     for p in laid_out(scene, table, text_scale, view_scale)]
    finally:
        set_language("en")
    assert laid > 400
    assert not problems, "\n".join(problems[:30])


def test_the_review_exchange_keeps_its_discard_zone_off_west_in_german(core_pack: Any) -> None:
    """The newcomer's screen: the row of centre zones fits beside West's plate (moved left
    of the middle, its captions on two lines if need be), the discard zone whole on the
    table and every caption clear of the plate."""
    from tilewise.gui.app import make_application
    from tilewise.gui.table.scene import CAPTION_CLEAR, TableScene
    from tilewise.gui.tiles.images import TileImages
    from tilewise.lessons.session import LessonSession
    from tilewise.lessons.steptable import LessonTable

    make_application()
    lesson = core_pack.lesson("review-american")
    index = [s.id for s in lesson.steps].index("exchange")
    scene = TableScene(TileImages())
    set_language("de")
    try:
        table = LessonTable(LessonSession(lesson, saved={"lesson": lesson.id,
                                                         "index": index})).table
        assert laid_out(scene, table, 1.0, 0.55) == []
        west = scene.seat_plates["W"]
        discard = scene.zones["discard"].sceneBoundingRect()
        assert discard.right() < west.left() and discard.left() > 0
        for caption in scene.zone_captions.values():
            assert caption.sceneBoundingRect().right() <= west.left() - CAPTION_CLEAR
    finally:
        set_language("en")
