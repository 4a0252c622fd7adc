"""The main window fits a 1024x768 projector in every language, the pseudo-locale included.

A page whose controls add up wider than the screen pushes the whole window off a projector
(seen on a real X server: the claims drill made it 1214 px wide).
"""

from __future__ import annotations

from typing import Any

import pytest

from tilewise.i18n import set_language


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi", "qps"])
def test_every_page_fits_1024_by_768(window: Any, lang: str) -> None:
    # the player and the practice views are built on first use: build them all first
    assert window.player is not None
    assert window.practice.charleston is not None and window.practice.claims is not None
    set_language(lang)
    pages = {type(window.stack.widget(i)).__name__: window.stack.widget(i).minimumSizeHint()
             for i in range(window.stack.count())}
    assert {"LessonPlayer", "CharlestonPracticeView", "ClaimsDrillView"} <= set(pages)
    too_wide = {name: size.width() for name, size in pages.items() if size.width() > 1024}
    assert not too_wide, f"{lang}: pages wider than 1024 px: {too_wide}"
    minimum = window.minimumSizeHint()
    assert minimum.width() <= 1024 and minimum.height() <= 768, (lang, minimum)
