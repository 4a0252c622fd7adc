"""The end of a lesson, review from step 1, and the teacher's "open every lesson" switch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton


def play_through(win: Any, lesson_id: str, *, wrong_quiz: bool) -> list[int]:
    """Play ``lesson_id`` from the library to its last step as a learner: every task with its
    listed answer, every quiz right, except the first quiz answered wrong once when asked.
    Returns the indexes of the steps that took another try."""
    win.library.card("core", lesson_id).button.click()
    player = win.player
    retried: list[int] = []
    while True:
        session = player.session
        step = session.step
        if step.quiz is not None:
            if wrong_quiz and not retried:
                wrong = next(o.id for o in step.quiz.options if o.id != step.quiz.answer)
                assert not player.choose(wrong).accepted
                retried.append(session.index)
            assert player.choose(step.quiz.answer).accepted
        elif step.task is not None:
            assert session.attempt(step.task.answers[0].action).accepted, step.id
        last = session.index + 1 == len(session.lesson.steps)
        player.next_step()
        if last:
            return retried


def test_finishing_a_lesson_shows_its_end_and_leads_back(window: Any) -> None:
    retried = play_through(window, "tiles", wrong_quiz=True)
    end = window.lesson_end
    assert window.stack.currentWidget() is end  # not silently back in the library
    acting = sum(1 for s in window.packs[0].lesson("tiles").steps if s.acting)
    assert end.score.text().endswith(f"Right first time: {acting - 1} of {acting}.")
    assert [b.objectName() for b in end.step_buttons] == [f"end:step:{i}" for i in retried]
    assert "The Charleston" in end.unlocked.text()  # what the lesson opened
    end.step_buttons[0].click()  # back to the step that took another try
    assert window.stack.currentWidget() is window.player
    assert window.player.session.index == retried[0]
    window.show_library()
    card = window.library.card("core", "tiles")
    assert card.button.text() == "Review"
    assert card.button.accessibleName() == "Review: Recognising the tiles" or \
        card.button.accessibleName().startswith("Review: ")
    card.button.click()
    assert window.player.session.index == 0  # a review starts at step 1, not at the recap


def test_a_clean_lesson_says_so_and_practise_opens_practice(window: Any) -> None:
    play_through(window, "tiles", wrong_quiz=False)
    end = window.lesson_end
    assert end.step_buttons == []
    assert end.retried_label.text() == "Every step was right at the first try."
    end.practise_button.click()
    QApplication.processEvents()
    assert window.stack.currentWidget() is not end


def test_pack_text_on_the_end_page_is_plain(window: Any) -> None:
    play_through(window, "tiles", wrong_quiz=True)
    for label in (window.lesson_end.heading, window.lesson_end.score):
        assert label.textFormat() == Qt.TextFormat.PlainText


def test_a_teacher_opens_every_lesson(window: Any) -> None:
    window.show_library()
    locked = [c for c in window.library.cards if not c.button.isEnabled()]
    assert locked  # a new learner: lessons wait for their prerequisites
    window.settings.unlock_all = True
    window.show_library()
    assert all(c.button.isEnabled() for c in window.library.cards)
    card = window.library.card("core", "claims")
    assert card.button.text() == "Start"
    card.button.click()
    assert window.player.lesson.id == "claims"


def test_the_settings_dialog_carries_the_switch(window: Any, qtbot: Any) -> None:
    from tilewise.gui.dialogs.dialogs import SettingsDialog

    dialog = SettingsDialog("en", "classic", 64, 1.0, window, unlock_all=True)
    qtbot.addWidget(dialog)
    assert dialog.unlock_all.isChecked() and dialog.unlock_all.text()
    assert isinstance(dialog.box.buttons()[0], QPushButton)
