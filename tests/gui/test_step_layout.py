"""Each step opens on a clean page that fits 1024x768 (nothing of the step before stays), and
a quiz picture is drawn big enough to read, every button on screen."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.conftest import open_step
from tilewise.i18n import set_language


def _fits(window: Any) -> None:
    minimum = window.player.minimumSizeHint()
    assert minimum.width() <= 1024 and minimum.height() <= 768, minimum
    whole = window.minimumSizeHint()
    assert whole.width() <= 1024 and whole.height() <= 768, whole


def _finish(player: Any) -> None:
    """Answer the current task or quiz the expected way (the session's own answer)."""
    step = player.session.step
    if step.quiz is not None:
        player.choose(step.quiz.answer)
    elif step.task is not None:
        action = player.session.reveal()["action"]
        assert player.session.attempt(action).step_done


@pytest.mark.parametrize(("lesson", "start", "count"), [
    ("charleston", "committed", 6),  # task, quizzes, the explain step that grew too wide
    ("jokers", "exchange-turn", 1),  # the last steps, then the next lesson's explain step
])
def test_advancing_from_a_task_leaves_no_layout_or_status_behind(
        window: Any, lesson: str, start: str, count: int) -> None:
    set_language("de")
    player = open_step(window, lesson, start)
    step = player.session.step
    while step.task is None:  # go back to the nearest task
        player.previous_step()
        step = player.session.step
    player.table.setFocus()
    QTest.keyClick(player.table, Qt.Key.Key_Right)
    QTest.keyClick(player.table, Qt.Key.Key_Left)
    assert player.status.text(), "the task step shows the focused tile's status"
    for _n in range(count + 2):
        _finish(player)
        if not player.next_step():
            break
        QApplication.processEvents()
        _fits(window)
        assert window.size().width() <= 1024 and window.size().height() <= 768
        if player.session.step.task is None:
            assert not player.status.isVisible() and not player.status.text()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_quiz_pictures_are_readable_and_buttons_on_screen(window: Any, lang: str) -> None:
    set_language(lang)
    screen = QRect(0, 0, 1024, 768)
    seen = 0
    for lesson in window.packs[0].lessons:
        for step in lesson.steps:
            if step.quiz is None or step.picture is None:
                continue
            player = open_step(window, lesson.id, step.id)
            seen += 1
            scale = player.side_picture.transform().m11()
            assert scale >= 0.5, (lesson.id, step.id, step.picture.get("kind"), scale)
            assert window.size().width() <= 1024 and window.size().height() <= 768
            for button in window.findChildren(QPushButton):
                if button.isVisible():
                    place = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
                    assert screen.contains(place), (lesson.id, step.id, button.objectName())
    assert seen >= 5
