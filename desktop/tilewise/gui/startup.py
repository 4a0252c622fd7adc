"""Start-up work that waits for the window's first paint (issue 21: start-up time).

The window is shown as soon as the library is built; what the learner does not see at once
(the rotating backup of the progress store, for one) runs after the first paint, one task per
turn of the event loop, so that a click or a key press is answered between two tasks.

"Painted" is the window's first ``UpdateRequest``: the event on which Qt lays out, paints and
flushes the top-level widget (after ``show()`` it comes in a later turn of the event loop than
a zero-time timer started beside it, so a timer alone would run before anything is seen).
The start-up benchmark (``TILEWISE_EXIT_WHEN_READY``, ``gui.app.main``) prints ``READY`` as
the first task, in the first turn after that paint (the library is on screen and the next
event is answered after at most one short task), and ``SETTLED`` as the last one, when every
start-up task is done; it reports both.
"""

from __future__ import annotations

import linecache
import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QWindow

log = logging.getLogger(__name__)

__all__ = ["AfterFirstPaint", "BeforeInput", "forget_source_lines", "keep_no_source_lines",
           "person_waits", "waited_for_person"]

_waited = [0.0]  # seconds a start-up dialog waited for the person (person_waits)


@contextmanager
def person_waits() -> Iterator[None]:
    """Count the wall-clock seconds of the ``with`` block (a modal dialog of the start: the
    welcome dialog's name, "Tilewise is already open", a damaged file's notice) as time the
    start waited for the person, not start-up time: the log's "interactive after" line leaves
    them out (tester 6: 14.966 s on a first start was mostly the typing of a name)."""
    began = time.perf_counter()
    try:
        yield
    finally:
        _waited[0] += time.perf_counter() - began


def waited_for_person() -> float:
    """Seconds (wall clock, >= 0) spent in :func:`person_waits` blocks in this process."""
    return _waited[0]


def forget_source_lines() -> None:
    """Drop the source lines of every imported module that ``linecache`` holds.

    PySide6's import hook reads the whole source of each module imported after it
    (``inspect.getsource``, to look for ``from __feature__ import``), and ``linecache`` keeps
    it: 4-5 MB once the library is up, about 1 MB more with the lesson player (issue 21, peak
    memory). Nothing of Tilewise needs them kept; a traceback reads its lines again."""
    linecache.clearcache()


def keep_no_source_lines() -> bool:
    """Have PySide6's import hook leave ``linecache`` as it found it from now on; True when
    it is (now or already) so, False where this PySide6 has no such hook (nothing to do).

    The hook asks each module imported whether its source names PySide6 (to default its
    ``__feature__`` switches) by reading that source with ``inspect.getsource``, which keeps
    every line in ``linecache``: 4-5 MB of lines at start-up, freed after the first paint
    (:func:`forget_source_lines`) but not before the window's memory had grown by them (the
    peak, issue 21). The hook's question is still asked and answered the same; only the
    lines its reading added are dropped at once (a traceback reads them again). A module
    with a ``.py`` file in UTF-8 is answered from that file, read and decoded once (the same
    text the hook's ``inspect.getsource`` reads), without ``inspect`` and ``linecache``
    splitting it into lines: about 3 ms of CPU for the 31 modules the start imports after
    PySide6, 1 ms so (issue 21, start-up time); any other module as the hook answers it."""
    feature = sys.modules.get("PySide6.support.feature")
    imported = getattr(feature, "feature_imported", None)
    names = getattr(imported, "__globals__", {})
    uses_pyside = names.get("_mod_uses_pyside")
    if not callable(uses_pyside):
        return False
    if getattr(uses_pyside, "keeps_no_lines", False):
        return True

    def asked(module: ModuleType) -> object:
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file.endswith(".py"):
            try:
                with open(file, "rb") as source:
                    return "PySide6" in source.read().decode("utf-8")
            except (OSError, UnicodeDecodeError):  # no such file (frozen), not UTF-8: the hook's
                pass
        before = set(linecache.cache)
        try:
            return uses_pyside(module)
        finally:
            for name in set(linecache.cache) - before:
                linecache.cache.pop(name, None)

    asked.keeps_no_lines = True  # type: ignore[attr-defined]
    names["_mod_uses_pyside"] = asked
    return True


class AfterFirstPaint(QObject):
    """Runs queued tasks after ``window``'s first paint, one per turn of the event loop, in
    the order they were added; a task added after the paint runs in a later turn. A task that
    raises is logged and the next one still runs (start-up extras never stop the app).
    ``painted`` tells whether the paint is past. Lives as long as ``window`` (its child)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.painted = False
        self._tasks: list[Callable[[], object]] = []
        self._last: list[Callable[[], object]] = []
        window.installEventFilter(self)

    def add(self, task: Callable[[], object], *, first: bool = False,
            last: bool = False) -> None:
        """Queue ``task`` (no arguments; its result is ignored); with ``first`` before the
        tasks queued so far; with ``last`` after every other task, also those queued later
        (a task that queues its own next part runs before it)."""
        idle = not self._tasks and not self._last
        if last:
            self._last.append(task)
        elif first:
            self._tasks.insert(0, task)
        else:
            self._tasks.append(task)
        if self.painted and idle:
            QTimer.singleShot(0, self._next)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if not self.painted and event.type() == QEvent.Type.UpdateRequest:
            self.painted = True
            watched.removeEventFilter(self)
            if self._tasks or self._last:  # fires once this paint is done and flushed
                QTimer.singleShot(0, self._next)
        return False

    def _next(self) -> None:
        queue = self._tasks or self._last
        if not queue:
            return
        task = queue.pop(0)
        try:
            task()
        except Exception:  # noqa: BLE001 - logged; the app and the next task go on
            log.exception("a start-up task failed")
        if self._tasks or self._last:
            QTimer.singleShot(0, self._next)


class BeforeInput(QObject):
    """Calls ``callback`` once, before the first mouse press or key press for ``window`` after
    :meth:`arm` is delivered (the event is delivered after it returns); then disarms itself.
    For start-up work the learner's first act must not overtake (the pack checks).

    It watches ``window`` and, once the window has one, its window-system window: the
    ``QWindow`` every press for one of its widgets comes through, a shortcut's
    ``ShortcutOverride`` too (F5, a menu's Alt+letter). Any other window (a dialog, a menu)
    opens from a press in this one first. Not the whole application: a filter on the
    application was called for every event of every widget while the window was built, shown
    and laid out, and made a Python wrapper, with its class's enum types, for each object:
    about 29 ms of CPU before a first start's first paint (issue 21)."""

    _KINDS = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick,
              QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride)

    def __init__(self, callback: Callable[[], object], window: QWidget) -> None:
        super().__init__(window)
        self._callback = callback
        self._window = window
        self._handle: QWindow | None = None
        self.armed = False

    def arm(self) -> None:
        """Watch the window's input (no-op when armed already)."""
        if not self.armed:
            self.armed = True
            self._window.installEventFilter(self)
            self._watch_handle()

    def disarm(self) -> None:
        """Stop watching."""
        if self.armed:
            self._window.removeEventFilter(self)
            if self._handle is not None:
                self._handle.removeEventFilter(self)
        self._handle = None
        self.armed = False

    def _watch_handle(self) -> None:
        handle = self._window.windowHandle()  # made when the window is first shown
        if handle is not None and handle is not self._handle:
            if self._handle is not None:
                self._handle.removeEventFilter(self)
            handle.installEventFilter(self)
            self._handle = handle

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if not self.armed:
            return False
        kind = event.type()
        if kind in self._KINDS:
            self.disarm()
            self._callback()
        elif kind in (QEvent.Type.WinIdChange, QEvent.Type.Show) and watched is self._window:
            self._watch_handle()
        return False
