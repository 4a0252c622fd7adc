"""A seeded monkey over the GUI: random mouse clicks and drags, keys and wheel turns on every
step of every lesson, the practice modes and presenter mode (offscreen). Zero Python exceptions (pytest-qt's capture of exceptions in
Qt callbacks, plus ``sys.excepthook``) and zero Qt warnings (``qInstallMessageHandler``).

Modal dialogs the monkey opens (help, about, learners, settings) are closed by a timer, with
random keys on them first. ``make test`` sends about 1,000 events; ``TILEWISE_FULL=1``
(``make fuzz``) 20,000. ``TILEWISE_SEED`` picks the seed (printed on failure).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import (  # noqa: E402
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QWheelEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QWidget  # noqa: E402
from shiboken6 import isValid  # noqa: E402

from tests.hardening.counts import count  # noqa: E402

FULL = os.environ.get("TILEWISE_FULL") == "1"
EVENTS = 20_000 if FULL else 1_000
SEED = int(os.environ.get("TILEWISE_SEED", "1129"))

# The offscreen platform plugin's own notes ("This plugin does not support propagateSizeHints()
# / raise() / grabbing the keyboard"): QPlatformWindow's defaults, printed for any window,
# menu or popup on this plugin, a bare QMainWindow included. They say nothing about Tilewise.
PLATFORM_NOTES = ("This plugin does not support ",)

KEYS = [Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Space, Qt.Key.Key_Return,
        Qt.Key.Key_Enter, Qt.Key.Key_Escape, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up,
        Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown, Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_H,
        Qt.Key.Key_N, Qt.Key.Key_P, Qt.Key.Key_R, Qt.Key.Key_Z, Qt.Key.Key_1, Qt.Key.Key_2,
        Qt.Key.Key_3, Qt.Key.Key_A, Qt.Key.Key_S, Qt.Key.Key_F1, Qt.Key.Key_Plus,
        Qt.Key.Key_Minus, Qt.Key.Key_Question]
MODIFIERS = [Qt.KeyboardModifier.NoModifier] * 6 + [Qt.KeyboardModifier.ShiftModifier,
                                                    Qt.KeyboardModifier.ControlModifier,
                                                    Qt.KeyboardModifier.AltModifier]
BUTTONS = [Qt.MouseButton.LeftButton] * 6 + [Qt.MouseButton.RightButton,
                                             Qt.MouseButton.MiddleButton]


@pytest.fixture
def qt_messages() -> Iterator[list[str]]:
    """Every Qt warning, critical or fatal message while the test runs."""
    found: list[str] = []

    def handler(kind: QtMsgType, _context: Any, message: str) -> None:
        if kind in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            if not message.startswith(PLATFORM_NOTES):
                found.append(f"{kind.name}: {message}")

    previous = qInstallMessageHandler(handler)
    yield found
    qInstallMessageHandler(previous)


class Monkey:
    """Random input on the main window, reproducible from ``seed``."""

    def __init__(self, window: Any, seed: int) -> None:
        self.window = window
        self.root: QWidget = window  # where clicks and wheel turns land (a modal wins)
        self.rng = random.Random(seed)
        self.log: list[str] = []

    def widgets(self) -> list[QWidget]:
        modal = QApplication.activeModalWidget()
        if not isValid(self.root):  # the presenter closed itself (Escape) and was deleted
            self.root = self.window
        root = modal if modal is not None else self.root
        found = [w for w in root.findChildren(QWidget) if w.isVisible() and w.width() > 0]
        return found or [root]

    def point_in(self, widget: QWidget) -> QPoint:
        return QPoint(self.rng.randrange(max(1, widget.width())),
                      self.rng.randrange(max(1, widget.height())))

    def event(self) -> None:
        kind = self.rng.choices(["click", "drag", "key", "wheel", "tile_drag"],
                                weights=[30, 10, 30, 10, 20])[0]
        getattr(self, kind)()
        QApplication.processEvents()
        # as the app's event loop does between two clicks: widgets deleted with deleteLater go
        # now (left, they grew the run by 55 KB a step and 240 KB a deal, issue 15 item 8)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def click(self) -> None:
        widget = self.rng.choice(self.widgets())
        point, button = self.point_in(widget), self.rng.choice(BUTTONS)
        self.log.append(f"click {type(widget).__name__} {point.x()},{point.y()}")
        if self.rng.random() < 0.1:
            QTest.mouseDClick(widget, button, Qt.KeyboardModifier.NoModifier, point)
        else:
            QTest.mouseClick(widget, button, self.rng.choice(MODIFIERS), point)

    def drag(self, widget: QWidget | None = None, start: QPoint | None = None) -> None:
        widget = widget or self.rng.choice(self.widgets())
        start = start or self.point_in(widget)
        end = self.point_in(widget)
        self.log.append(f"drag {type(widget).__name__} {start.x()},{start.y()} -> "
                        f"{end.x()},{end.y()}")
        QTest.mousePress(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        for k in range(1, self.rng.randint(2, 6)):
            QTest.mouseMove(widget, QPoint(start.x() + (end.x() - start.x()) * k // 5,
                                           start.y() + (end.y() - start.y()) * k // 5))
        QTest.mouseRelease(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)

    def tile_drag(self) -> None:
        player = self.window.player
        tiles = getattr(player.table_scene, "tiles", [])
        if self.root is not self.window or self.window.stack.currentWidget() is not player \
                or not tiles or not player.table.isVisible():
            self.key()
            return
        tile = self.rng.choice(tiles)
        start = player.table.mapFromScene(tile.sceneBoundingRect().center())
        self.drag(player.table.viewport(), start)

    def key(self) -> None:
        target = QApplication.focusWidget() or QApplication.activeModalWidget() or self.root
        key, modifier = self.rng.choice(KEYS), self.rng.choice(MODIFIERS)
        self.log.append(f"key {key.name} {modifier.name} on {type(target).__name__}")
        QTest.keyClick(target, key, modifier)

    def wheel(self) -> None:
        widget = self.rng.choice(self.widgets())
        point = self.point_in(widget)
        delta = self.rng.choice([-360, -120, -15, 15, 120, 360])
        modifier = self.rng.choice(MODIFIERS)
        self.log.append(f"wheel {type(widget).__name__} {delta}")
        event = QWheelEvent(QPointF(point), QPointF(widget.mapToGlobal(point)), QPoint(0, 0),
                            QPoint(0, delta), Qt.MouseButton.NoButton, modifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(widget, event)


def close_modals(monkey: Monkey) -> None:
    """Poke an open modal dialog a little, then close it (runs inside its event loop)."""
    modal = QApplication.activeModalWidget()
    if modal is None:
        return
    if monkey.rng.random() < 0.5:
        monkey.key()
        return
    monkey.log.append(f"close {type(modal).__name__}")
    if isinstance(modal, QDialog):
        modal.reject()
    else:
        modal.close()


def practice_and_presenter(qtbot: Any, window: Any, monkey: Monkey, exceptions: Any,
                           hooked: list[str], qt_messages: list[str]) -> int:
    """The practice modes (Charleston, claims drill) and presenter mode, when the GUI has them;
    returns the number of events sent."""
    sent = 0
    segments = []
    practice = getattr(window, "practice", None)
    if practice is not None:
        segments += [("practice charleston", practice.open_charleston),
                     ("practice claims", practice.open_claims)]
    if hasattr(window, "present"):
        segments.append(("presenter", window.present))
    for name, opener in segments:
        monkey.log.append(f"== {name}")
        opened = opener()
        monkey.root = opened if isinstance(opened, QWidget) else window
        if isinstance(opened, QWidget):
            qtbot.waitExposed(opened)
        for _ in range(max(100, EVENTS // 10)):
            if not isValid(monkey.root) or not monkey.root.isVisible():  # closed: open again
                opened = opener()
                monkey.root = opened if isinstance(opened, QWidget) else window
            monkey.event()
            sent += 1
            if sent % 97 == 0:
                qtbot.wait(15)
        assert not exceptions and not hooked and not qt_messages, (
            exceptions, hooked, qt_messages, monkey.log[-15:])
        if isinstance(opened, QWidget) and opened is not window and isValid(opened) \
                and opened.isVisible():
            opened.close()
        monkey.root = window
        qtbot.wait(20)
    return sent


def test_random_input_on_every_step_raises_nothing_and_warns_nothing(
        qtbot: Any, window: Any, qt_messages: list[str]) -> None:
    hooked: list[str] = []
    previous_hook = sys.excepthook
    sys.excepthook = lambda kind, value, tb: hooked.append(f"{kind.__name__}: {value}")
    monkey = Monkey(window, SEED)
    closer = QTimer()
    closer.setInterval(30)
    closer.timeout.connect(lambda: close_modals(monkey))
    closer.start()
    window.act_quit.setEnabled(False)  # quitting ends the session; everything else is fair
    steps = [(pack, lesson, index) for pack in window.packs for lesson in pack.lessons
             for index in range(len(lesson.steps))]
    per_step = max(1, EVENTS // len(steps))
    sent = 0
    try:
        with qtbot.captureExceptions() as exceptions:
            for round_number in range(max(1, EVENTS // (per_step * len(steps)))):
                for pack, lesson, index in steps:
                    monkey.log.append(f"== {lesson.id} step {index} (round {round_number})")
                    if not window.isVisible():
                        window.show()
                    window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
                    window.stack.setCurrentWidget(window.player)
                    for _ in range(per_step):
                        monkey.event()
                        sent += 1
                    if sent % 97 == 0:
                        qtbot.wait(15)  # let animations and timers run
                    assert not exceptions and not hooked and not qt_messages, (
                        exceptions, hooked, qt_messages, monkey.log[-15:])
            window.show_library()
            for _ in range(50):  # the library and its lesson cards too
                monkey.event()
                sent += 1
            qtbot.wait(50)
            sent += practice_and_presenter(qtbot, window, monkey, exceptions, hooked,
                                           qt_messages)
    finally:
        closer.stop()
        sys.excepthook = previous_hook
    detail = f"seed {SEED}; last events: {monkey.log[-15:]}"
    count("GUI monkey", "events sent", sent)
    count("GUI monkey", "exceptions", len(exceptions) + len(hooked))
    count("GUI monkey", "Qt warnings", len(qt_messages))
    assert [str(e[1]) for e in exceptions] == [], detail
    assert hooked == [], detail
    assert qt_messages == [], detail
    assert sent >= min(EVENTS, 1_000)
