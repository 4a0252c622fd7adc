"""Giving memory freed by a torn-down screen back to the system (issue 15, item 8).

Each step opened and each table drawn afresh deletes the previous screen's widgets, scene
items and pixmaps. glibc's allocator keeps the pages they lay on for later use, so the
process's resident memory (what the system and the learner's task manager count) kept the
high-water mark of every screen seen: +5 MB over 1000 steps at 1280x860 once every cache
was full. ``release_soon()`` asks for ``malloc_trim(0)`` once the event loop has deleted
what was handed to ``deleteLater`` (one call per turn of the loop, about 0.2 ms), which
returns whole free pages. Where the C library has no ``malloc_trim`` (macOS, Windows, musl)
it does nothing: those allocators return memory by themselves or not at all.

``PixmapIcon`` is an icon engine for pixmaps made per screen (see its docstring).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QStyleOption

__all__ = ["PixmapIcon", "release_now", "release_soon"]


def _trimmer() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where there is none."""
    try:  # the symbols already loaded: the C library's, on Linux
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):  # TypeError: Windows wants a name
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_trim = _trimmer()
_pending = False


def release_now() -> bool:
    """Return the heap's free pages to the system now; False where that is not possible."""
    global _pending
    _pending = False
    if _trim is None:
        return False
    _trim(0)
    return True


def release_soon() -> None:
    """Have :func:`release_now` run once the event loop is back (after the deferred
    deletes posted before it); several calls in one turn give one release."""
    global _pending
    if _pending or _trim is None:
        return
    _pending = True
    QTimer.singleShot(0, release_now)


class PixmapIcon(QIconEngine):
    """An icon that is one pixmap, drawn as it is in the normal mode (the style makes the
    others: disabled is greyed), and gone with the widget that shows it.

    ``QIcon(pixmap)`` puts what it draws in Qt's pixmap cache, keyed by that pixmap, where it
    outlives the widget: a new tile row at each opening of a quiz, and a face rendered again
    after the face cache let it go, filled that cache with copies never used again (issue 15,
    item 8). ``QIcon(PixmapIcon(pixmap))`` draws the same pixels and keeps nothing."""

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__()
        self.source = pixmap

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:  # noqa: D102
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(  # noqa: N802 - Qt API
            self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float) -> QPixmap:
        """The pixmap for ``size`` logical pixels at ``scale`` device pixels each, as
        ``QIcon(pixmap)`` makes it: as it is when it fits, else scaled down smoothly to fit,
        keeping its aspect ratio; the style's version of it in modes other than normal."""
        shown = self.source
        room = QSize(round(size.width() * scale), round(size.height() * scale))
        fitted = shown.size()
        if fitted.width() > room.width() or fitted.height() > room.height():
            fitted.scale(room, Qt.AspectRatioMode.KeepAspectRatio)
            shown = shown.scaled(fitted, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        if mode == QIcon.Mode.Normal:
            return shown
        option = QStyleOption()  # as QIcon(pixmap) asks the style for the other modes
        option.palette = QGuiApplication.palette()
        return QApplication.style().generatedIconPixmap(mode, shown, option)

    def actualSize(  # noqa: D102, N802 - Qt API
            self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        fitted = self.source.deviceIndependentSize().toSize()
        if fitted.width() > size.width() or fitted.height() > size.height():
            fitted.scale(size, Qt.AspectRatioMode.KeepAspectRatio)
        return fitted

    def paint(  # noqa: D102
            self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        app = QGuiApplication.instance()  # (not painter.device(): see table.items.paint_face)
        ratio = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
        painter.drawPixmap(rect, self.scaledPixmap(rect.size(), mode, state, ratio))

    def clone(self) -> QIconEngine:  # noqa: D102
        return PixmapIcon(self.source)
