"""Keyboard only (issue 16): three Charleston steps walked with key presses and nothing else,
counted. Each new step starts with the focus where its work is (the table of a task, the group
of a quiz's options, Next on a step to read), never on "Lessons"; Enter, or Right away from the
table, goes on once a step is done, and not before."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.conftest import open_step, press_focused, select_by_keyboard


def test_three_steps_by_keyboard_only(window: Any, qtbot: Any) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    player = open_step(window, "charleston", "right-explained")  # explain, task, quiz next
    presses = 0

    def press(key: Qt.Key) -> None:
        nonlocal presses
        presses += 1
        press_focused(key, never=player.library_button)

    # A step to read: the focus is on Next, Right goes on.
    assert QApplication.focusWidget() is player.next_button
    press(Qt.Key.Key_Right)
    session = player.session
    assert session.step.id == "first-right"
    # A task: the focus is on the table. Enter before the pass is done does not go on.
    assert QApplication.focusWidget() is player.table
    press(Qt.Key.Key_Return)
    assert session.step.id == "first-right"
    select_by_keyboard(player, session.step.task.answers[0].action["tiles"], press)
    press(Qt.Key.Key_1)  # the selection to the pass zone
    assert session.record().done, player.feedback_text()
    assert QApplication.focusWidget() is player.table
    press(Qt.Key.Key_Right)  # on the table Right moves between tiles: still this step
    assert session.step.id == "first-right"
    press(Qt.Key.Key_Return)  # the pass is done: Enter goes on
    # A quiz: the focus is on the options' group (a Space there answers nothing); Down goes
    # to the first option shown, Tab on to the answer, Enter answers.
    assert session.step.id == "south-right"
    assert QApplication.focusWidget() is player.quiz
    press(Qt.Key.Key_Space)
    assert session.record().attempts == 0
    press(Qt.Key.Key_Down)
    options = [b for b in player.quiz.findChildren(QPushButton) if b.isVisible()]
    first = QApplication.focusWidget()
    assert first in options and first is player._options()[0]
    answer = f"option:{session.step.quiz.answer}"
    while QApplication.focusWidget().objectName() != answer:
        press(Qt.Key.Key_Tab)
        assert presses < 60
    press(Qt.Key.Key_Return)
    assert session.record().done and player.last_feedback.accepted
    press(Qt.Key.Key_Return)
    assert session.step.id == "first-across"
    assert QApplication.focusWidget() is player.table
    # 1 + 1 refused Enter + Right/Space to the three tiles + 1 + 1 + 1 + Space + Down + Tabs
    # + 2: far from
    # the 7 Tabs per step it took to reach Next before.
    print("keyboard walk:", presses, "key presses")
    assert presses <= 30, presses
