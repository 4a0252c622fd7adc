"""The pieces that keep memory steady with use (issue 15, item 8; ``gui.memory``): icons that
leave nothing in Qt's pixmap cache yet draw the same pixels as ``QIcon(pixmap)``, the feedback
icon made once per verdict, and freed heap given back to the system."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import QApplication, QToolButton

from tests.hardening.growth_child import rss_kb
from tilewise.gui import memory
from tilewise.gui.memory import PixmapIcon, release_now, release_soon
from tilewise.gui.player.feedback import verdict_icon
from tilewise.gui.tiles.images import TileImages


def _button_image(icon: QIcon, size: QSize, *, enabled: bool = True) -> QImage:
    button = QToolButton()
    button.setStyleSheet("QToolButton { border: 3px solid transparent; }")
    button.setIcon(icon)
    button.setIconSize(QSize(42, 56))
    button.setEnabled(enabled)
    button.setFixedSize(size)  # smaller than the icon: it is scaled down to fit
    image = button.grab().toImage()
    button.deleteLater()
    return image


@pytest.mark.parametrize(("size", "enabled"), [(QSize(60, 70), True), (QSize(30, 44), True),
                                               (QSize(60, 70), False)])
def test_a_pixmap_icon_draws_what_qicon_of_the_pixmap_draws(
        qapp: Any, size: QSize, enabled: bool) -> None:
    """Same pixels as ``QIcon(pixmap)``: as it is, squeezed into a small button (scaled down
    smoothly, as the Charleston practice's line rows are beside the table), and disabled."""
    face = TileImages("classic").pixmap("5D", 56, 1.0)
    ours = _button_image(QIcon(PixmapIcon(face)), size, enabled=enabled)
    qts = _button_image(QIcon(face), size, enabled=enabled)
    assert ours.size() == qts.size()
    assert ours == qts


def test_a_pixmap_icon_hands_out_its_pixmap_itself_when_it_fits(qapp: Any) -> None:
    face = TileImages("classic").pixmap("J", 56, 1.0)
    icon = QIcon(PixmapIcon(face))
    assert icon.pixmap(QSize(42, 56)).cacheKey() == face.cacheKey()  # no copy made
    smaller = icon.pixmap(QSize(21, 40))
    assert (smaller.width(), smaller.height()) == (21, 28)  # aspect ratio kept
    assert icon.actualSize(QSize(21, 40)) == QSize(21, 28)
    assert QIcon(icon).pixmap(QSize(42, 56)).cacheKey() == face.cacheKey()  # a copy (clone)


def test_the_feedback_icon_is_one_pixmap_per_verdict(qapp: Any) -> None:
    """A label's pixmap is copied into Qt's pixmap cache keyed by the pixmap: a new one per
    step left a copy per step there (it grew 10 MB over 1000 steps)."""
    good = verdict_icon("good", 44, 1.0)
    assert verdict_icon("good", 44, 1.0).cacheKey() == good.cacheKey()
    assert verdict_icon("bad", 44, 1.0).cacheKey() != good.cacheKey()
    assert verdict_icon("good", 44, 2.0).width() == 88


@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._trim is None,
                    reason="malloc_trim is glibc's")
def test_freed_heap_goes_back_to_the_system(qapp: Any) -> None:
    """40 MB of 20 KB blocks (from the heap, not mmap) freed but one at the top: glibc keeps
    the pages (RSS stays) until ``release_now``."""
    blocks = [bytes(20_000) + bytes([i % 256]) for i in range(2000)]
    top = blocks[-1]
    held = rss_kb()
    del blocks
    kept = rss_kb()
    assert release_now()
    released = rss_kb()
    assert top and kept > held - 10_000  # freed but not given back ...
    assert released < kept - 20_000, (held, kept, released)  # ... until trimmed


def test_release_soon_runs_once_per_turn_of_the_event_loop(
        qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(memory, "_trim", lambda pad: calls.append(pad) or 1)
    release_soon()
    release_soon()
    assert calls == []  # not yet: the widgets handed to deleteLater are not deleted yet
    QApplication.processEvents()
    assert calls == [0]
    release_soon()
    QApplication.processEvents()
    assert calls == [0, 0]
    monkeypatch.setattr(memory, "_trim", None)  # no malloc_trim (not glibc): nothing done
    assert not release_now()
    release_soon()
    QApplication.processEvents()
    assert calls == [0, 0]


def test_icons_come_from_the_tile_cache_not_copies(qapp: Any) -> None:
    """The practice rows' faces are the tile renderer's own pixmaps (one per face and size)."""
    images = TileImages("classic")
    assert images.pixmap("1B", 34, 1.0).cacheKey() == images.pixmap("1B", 34, 1.0).cacheKey()
    assert isinstance(PixmapIcon(QPixmap(4, 4)).clone(), PixmapIcon)
