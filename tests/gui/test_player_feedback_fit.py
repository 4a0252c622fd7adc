"""The newcomer's walk through "Know your tiles" at 1024x768 with the app's style sheet: the
layout of a step never depends on the step before it (issue 16, the layout contract).

The lesson is opened at step 1 and walked with Next, as a learner goes (a step opened alone
laid out well while the same step reached from the one before kept that step's heights: a
quiz verdict was cut to one line in a 55-pixel inner scroll area, the recap showed only its
first line)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tilewise.gui.fits import cut_off
from tilewise.gui.style import style_sheet


@pytest.fixture
def player(window: Any) -> Iterator[Any]:
    """The player, styled as ``app.start()`` styles it, at step 1 of "tiles"."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet(style_sheet("classic", 1.0))
    pack = window.packs[0]
    window.player.open(pack, pack.lesson("tiles"), None)
    window.stack.setCurrentWidget(window.player)
    QApplication.processEvents()
    assert window.player.session.index == 0
    yield window.player


def _walk_to(player: Any, number: int) -> None:
    """Finish each step the expected way and press Next until step ``number`` (1-based)."""
    while player.session.index + 1 < number:
        step = player.session.step
        if step.quiz is not None:
            player.choose(step.quiz.answer)
        elif step.task is not None:
            assert player.session.attempt(player.session.reveal()["action"]).step_done
        assert player.next_step(), player.session.step.id
        QApplication.processEvents()


def _shows_whole(widget: QWidget) -> bool:
    """``widget`` is drawn in full: nothing of it is clipped by a scroll area around it."""
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0 and (
        widget.visibleRegion().boundingRect() == widget.rect())


def test_a_wrong_answer_shows_its_whole_verdict_after_walking_to_the_quiz(player: Any) -> None:
    _walk_to(player, 4)
    step = player.session.step
    assert step.quiz is not None
    wrong = [o for o in step.quiz.options if player._option_text(o) == "144"]
    assert len(wrong) == 1 and wrong[0].id != step.quiz.answer
    feedback = player.choose(wrong[0].id)
    assert feedback is not None and not feedback.accepted
    _assert_whole_verdict(player, "144")
    # Step 9: the options and the verdict in a column beside the picture (narrower).
    _walk_to(player, 9)
    step = player.session.step
    assert step.quiz is not None and step.picture is not None
    assert player.answers.isVisible()
    wrong = [o for o in step.quiz.options if o.id != step.quiz.answer]
    assert player.choose(wrong[0].id) is not None
    _assert_whole_verdict(player, "")
    # Then the step is answered right and a hint asked on the way back: each text fits too.
    assert player.previous_step()
    QApplication.processEvents()
    assert player.show_hint()
    _assert_whole_verdict(player, "")


def _assert_whole_verdict(player: Any, words: str) -> None:
    QApplication.processEvents()
    label, area = player.feedback, player.feedback_box.area
    assert words in label.text() and label.text().count("\n") >= 1
    assert label.heightForWidth(label.width()) <= label.height() + 1, "the verdict is cut"
    assert area.verticalScrollBar().maximum() == 0, "the verdict scrolls in its own box"
    assert label.height() <= area.viewport().height() + 1
    assert _shows_whole(label)
    assert not [cut for cut in cut_off(player) if cut.name == "feedback"]


def test_the_recap_shows_every_point_after_walking_the_lesson(player: Any) -> None:
    _walk_to(player, 14)
    step = player.session.step
    assert step.kind == "recap" and len(step.points) == 5
    text = player.text
    for point in step.points:
        assert player.pack_text(point) in text.text()
    assert text.heightForWidth(text.width()) <= text.height() + 1, "points cut"
    assert _shows_whole(text), "a point is out of sight"
    assert _shows_whole(player.words_area)
