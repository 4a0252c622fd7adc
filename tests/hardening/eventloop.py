"""Drive the app as clicks do: one action per turn of a running event loop, so that widgets
replaced by an action are really deleted before the next (``deleteLater`` runs between
turns). Used by the growth test (``test_growth.py``) and by ``bench_memory``'s child process,
so it imports Qt only."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication


def in_event_loop(actions: Iterable[Callable[[], object]], *, count: bool = True) -> int:
    """Run ``actions`` one per turn of an event loop; return the number of widgets after
    them (``count``; else 0: ``QApplication.allWidgets()`` hands every widget to Python, the
    ones Qt made too, and PySide then loads about 70 widget classes to find their types,
    ~0.9 MB that the app itself never spends: bench_memory does not count)."""
    loop = QEventLoop()
    todo = iter(actions)

    def tick() -> None:
        action = next(todo, None)
        if action is None:
            loop.quit()
            return
        action()
        QTimer.singleShot(0, tick)

    QTimer.singleShot(0, tick)
    loop.exec()
    return len(QApplication.allWidgets()) if count else 0
