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
