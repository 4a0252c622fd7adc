"""Zone captions on the table stay clear of the pass arrows and of each other (scene geometry),
in English and in the longer German and Hindi words."""

from __future__ import annotations

from typing import Any

import pytest

from tests.gui.conftest import open_step
from tilewise.gui.table.items import Arrow
from tilewise.i18n import set_language


@pytest.mark.parametrize("lang", ["en", "de", "hi"])
def test_zone_captions_clear_of_arrows_and_each_other(window: Any, lang: str) -> None:
    set_language(lang)
    checked = arrows_seen = 0
    for lesson in window.packs[0].lessons:
        for step in lesson.steps:
            if step.task is None:
                continue
            scene = open_step(window, lesson.id, step.id).table_scene
            captions = {zone: cap.sceneBoundingRect()
                        for zone, cap in scene.zone_captions.items()}
            assert set(captions) == set(scene.zones)
            arrows = [item for item in scene.items() if isinstance(item, Arrow)]
            arrows_seen += len(arrows)
            for zone, rect in captions.items():
                for arrow in arrows:
                    shape = arrow.mapToScene(arrow.outline())
                    assert not shape.intersects(rect), (lesson.id, step.id, zone)
                for other, other_rect in captions.items():
                    if other != zone:
                        assert not rect.intersects(other_rect), (lesson.id, step.id, zone, other)
                checked += 1
    assert checked > 10 and arrows_seen > 5


def test_zone_captions_keep_clear_of_the_plates_in_presenter_mode(window: Any) -> None:
    """The joker exchange in presenter mode (larger words): "2. Discard here" stood 7 units
    beside North's plate and read as part of it; each caption keeps ``CAPTION_CLEAR`` from
    every plate sideways, in English and in the longer German and Hindi words."""
    from PySide6.QtWidgets import QApplication

    from tilewise.gui.present.presenter import PresenterWindow
    from tilewise.gui.table.scene import CAPTION_CLEAR

    pack = window.packs[0]
    lesson = pack.lesson("jokers")
    index = [s.id for s in lesson.steps].index("exchange")
    presenter = PresenterWindow(window.packs, pack, lesson, None)
    presenter.resize(1024, 768)
    presenter.show()
    try:
        for lang in ("en", "de", "hi"):
            set_language(lang)
            presenter.open(lesson, {"lesson": lesson.id, "index": index})
            QApplication.processEvents()
            scene = presenter.player.table_scene
            assert set(scene.zone_captions) == {"swap:N:0", "discard"}
            for zone, cap in scene.zone_captions.items():
                rect = cap.sceneBoundingRect()
                for plate in scene.plates():
                    near = plate.rect.adjusted(-CAPTION_CLEAR, 0, CAPTION_CLEAR, 0)
                    assert not rect.intersects(near), (lang, zone, rect, plate.rect)
    finally:
        presenter.close()
        presenter.deleteLater()
