"""A quiz by keyboard (newcomer report 2, issue 16): the focus starts on the options' group, so
a double Space answers nothing unread; the arrows follow the grid the options are laid out in;
the last hint leaves the keys on the quiz, not on "Lessons"; "Show me" marks the right option
in a style of its own and names it in words, without moving the focus."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import open_step, press_focused


def test_a_quiz_by_keyboard_starts_on_its_group_and_follows_its_grid(window: Any,
                                                                     qtbot: Any) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    player = open_step(window, "tiles", "count-american")  # 3 short options: 2 columns
    session = player.session

    def press(key: Qt.Key) -> None:
        press_focused(key, never=player.library_button)

    assert QApplication.focusWidget() is player.quiz
    press(Qt.Key.Key_Space)
    press(Qt.Key.Key_Space)
    press(Qt.Key.Key_Return)
    assert session.record().attempts == 0 and player.last_feedback is None
    options = player._options()
    grid = {player.quiz_layout.getItemPosition(player.quiz_layout.indexOf(b))[:2]: b
            for b in options}
    assert set(grid) == {(0, 0), (0, 1), (1, 0)}
    press(Qt.Key.Key_Down)  # into the options: the first one, nothing chosen
    assert QApplication.focusWidget() is grid[0, 0] and session.record().attempts == 0
    press(Qt.Key.Key_Down)  # the one below, not the one to the right
    assert QApplication.focusWidget() is grid[1, 0]
    press(Qt.Key.Key_Up)
    press(Qt.Key.Key_Right)
    assert QApplication.focusWidget() is grid[0, 1]
    # the step's only hint: its button goes off, and the keys go back to the quiz
    player.hint_button.setFocus()
    press(Qt.Key.Key_Space)
    assert player._hint is not None and not player.hint_button.isEnabled()
    assert QApplication.focusWidget() is player.quiz
    # a wrong answer, then "Show me": the right option is marked and named, the focus stays
    answer = session.step.quiz.answer
    wrong = next(b for b in options if b.objectName() != f"option:{answer}")
    wrong.setFocus()
    press(Qt.Key.Key_Return)
    assert session.record().attempts == 1 and not session.record().done
    player.answer_button.setFocus()
    press(Qt.Key.Key_Space)
    right = next(b for b in player._options() if b.objectName() == f"option:{answer}")
    assert right.property("revealed") is True
    assert [b for b in player._options() if b.property("revealed")] == [right]
    assert QApplication.focusWidget() is player.answer_button
    assert f"The right answer is: {right.accessibleName()}" in player.feedback_text()
    assert "focus" not in player.feedback_text()
    player.retranslate()  # drawn again: still marked
    assert [b.objectName() for b in player._options() if b.property("revealed")] == [
        f"option:{answer}"]


def test_page_down_and_up_step_on_the_desk_as_in_presenter_mode(window: Any, qtbot: Any) -> None:
    """A clicker sends Page Down: on the desk it goes on once the step is done (a task not
    done stays), Page Up goes back."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    player = open_step(window, "charleston", "right-explained")  # to read, then a task
    session = player.session
    start = session.index
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageDown)
    assert session.index == start + 1 and QApplication.focusWidget() is player.table
    QTest.keyClick(player.table, Qt.Key.Key_PageDown)  # the pass is not made: still here
    assert session.index == start + 1
    QTest.keyClick(player.table, Qt.Key.Key_PageUp)
    assert session.index == start
