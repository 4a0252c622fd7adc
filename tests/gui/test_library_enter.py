"""Enter on a library button presses it, as Space does (issue 16's newcomer report), also in a
window that is not the active one: in an X session without a window manager no window is
ever activated, keys go to the window under the pointer and ``QApplication.focusWidget()``
is None (seen under Xvfb with the frozen app: Enter on the focused Start did nothing)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget


def test_enter_starts_the_focused_lesson_in_a_window_not_active(window: Any, qtbot: Any) -> None:
    window.show_library()
    start = window.library.cards[0].button
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is other)
    start.setFocus()
    assert window.focusWidget() is start and QApplication.focusWidget() is not start
    library = window.stack.currentWidget()
    QTest.keyClick(start, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert window.stack.currentWidget() is not library
