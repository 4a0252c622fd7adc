"""Keyboard only (issue 16): the whole `tiles` lesson of the core pack (14 steps: pages to read,
quizzes with words and with racks, two tasks on the table, the recap) played from the library
to the lesson's end page with key presses and nothing else, one quiz answered wrong first. The
lesson is recorded done at the end."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.conftest import select_by_keyboard


def test_a_whole_lesson_by_keyboard_only(window: Any, qtbot: Any) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    player, presses = window.player, 0

    def press(key: Qt.Key) -> None:
        nonlocal presses
        presses += 1
        assert presses < 400, "the lesson did not end"
        target = QApplication.focusWidget()
        assert target is not None
        QTest.keyClick(target, key)
        QApplication.processEvents()

    start = window.library.card("core", "tiles").button
    # The library's focus stops are its buttons only (each shows the focus ring; its scroll
    # area was a stop without one): Tab comes round to Start past the two room buttons.
    stops = []
    while not stops or QApplication.focusWidget() is not start:
        press(Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
        assert len(stops) < 6, [w.objectName() for w in stops]
    assert all(isinstance(w, QPushButton) for w in stops), stops
    assert [w.objectName() for w in stops][-3:] == ["open:practice", "open:review",
                                                     "open:core/tiles"]
    press(Qt.Key.Key_Return)  # Enter starts the lesson, as Space does
    assert window.stack.currentWidget() is player and player.session.index == 0
    session, wrong_once = player.session, False
    while window.stack.currentWidget() is player:
        step, index = session.step, session.index
        if step.quiz is not None:
            # the options' group has the focus: Space answers nothing, Down goes into them
            assert QApplication.focusWidget() is player.quiz, step.id
            press(Qt.Key.Key_Space)
            assert session.record().attempts == 0 and session.index == index
            press(Qt.Key.Key_Down)
            assert QApplication.focusWidget().objectName().startswith("option:")
            answer = f"option:{step.quiz.answer}"
            if not wrong_once:  # the first quiz: a wrong option first, then the right one
                while QApplication.focusWidget().objectName() in (answer, ""):
                    press(Qt.Key.Key_Tab)
                assert QApplication.focusWidget().objectName().startswith("option:")
                press(Qt.Key.Key_Return)
                assert not player.last_feedback.accepted and not session.record().done
                assert session.index == index
                # a wrong answer leaves the keyboard on the options, to try again
                assert QApplication.focusWidget().objectName().startswith("option:")
                press(Qt.Key.Key_Return)  # Enter on a wrong option again: still this step
                assert session.index == index
                wrong_once = True
            while QApplication.focusWidget().objectName() != answer:
                press(Qt.Key.Key_Tab)
            press(Qt.Key.Key_Return)
            assert player.last_feedback.accepted, (step.id, player.feedback_text())
            assert QApplication.focusWidget() is player.next_button, step.id  # one key on
        elif step.task is not None:
            assert QApplication.focusWidget() is player.table, step.id
            wanted = list(step.task.answers[0].action["tiles"])
            given = [t.code for t in player.table_scene.tiles if not t.movable]
            for code in given:  # tiles already on the table are not picked from the rack
                if code in wanted:
                    wanted.remove(code)
            select_by_keyboard(player, wanted, press)
            press(Qt.Key.Key_1)  # the selection to the first zone
            assert not session.record().done  # a group is named before it is judged
            kind = f"command:as:{step.task.given['as']}"
            while QApplication.focusWidget().objectName() != kind:
                press(Qt.Key.Key_Tab)  # past the table to its buttons
            press(Qt.Key.Key_Space)
            assert session.record().done, (step.id, player.feedback_text())
        press(Qt.Key.Key_Return)  # the step is done (or only to read): Enter goes on
        assert session.index == index + 1 or window.stack.currentWidget() is not player, step.id
    assert wrong_once
    assert window.stack.currentWidget() is window.lesson_end
    summary = window.store.lesson_summaries(window.profile.id)[("core", "tiles")]
    assert summary.completed
    assert [b.objectName() for b in window.lesson_end.step_buttons] == ["end:step:3"]  # retried
    print("keyboard lesson:", presses, "key presses for", len(session.lesson.steps), "steps")
