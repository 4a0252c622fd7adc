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


def _assert_whole_verdict(player: Any, words: str, lines: int = 2) -> None:
    QApplication.processEvents()
    label, area = player.feedback, player.feedback_box.area
    assert words in label.text() and label.text().count("\n") >= lines - 1
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


def _rack_px(player: Any) -> float:
    """The smallest rack tile's height on screen (logical px)."""
    from tilewise.gui.table.items import TILE_H, TileItem

    return min(TILE_H * tile.sceneTransform().m22() * player.table.transform().m22()
               for tile in player.table_scene.items()
               if isinstance(tile, TileItem) and tile.area == "rack")


def test_a_refusal_at_a_table_shows_whole_and_the_rack_stays_readable(player: Any) -> None:
    """At 1024x768 a refusal on a task step (the step's words, the rule's sentence and the
    step that teaches it: four or five lines) was cut after its second line behind a scroll
    bar in the panel's fixed three-line room. Now the panel takes the height the verdict
    needs from the table, the rack's tiles staying at least 40 px high, and gives it back
    for a shorter text. Spanish and German (the longest), the tester's three refusals (said
    in the step's own words they may fit the room now) and a refusal in the rule's words."""
    from tests.gui.conftest import open_step, rack_index
    from tests.lessons.tableplay import plan
    from tilewise.gui.table.scene import MIN_TILE_PX
    from tilewise.i18n import set_language

    window = player.window()
    grown: list[tuple[str, str]] = []
    try:
        for lang in ("es", "de"):
            set_language(lang)
            for lesson, step, wrong in (
                    ("tiles", "find-jokers", "kong"), ("charleston", "first-right", "joker"),
                    ("charleston", "first-across", "stop"), ("tiles", "flowers-same", "9D")):
                open_step(window, lesson, step)
                room = player.feedback_box.height()
                if wrong == "kong":
                    zone = player.desk.table.zones[0].id
                    flower = next(t.code for t in player.table_scene.tiles
                                  if t.area == "rack" and t.code.startswith("F"))
                    player.drop(rack_index(player, flower), zone)
                    player.drop(rack_index(player, "WD"), zone)
                    feedback = player.command("as:kong")
                elif wrong == "joker":
                    feedback = player.drop(rack_index(player, "J"), "pass")
                elif wrong == "stop":
                    feedback = player.command("vote:stop")
                else:  # a wrong group the step has no words of its own for: the rule's
                    action = next(w.action for w in player.session.step.task.wrong
                                  if wrong in w.action["tiles"])
                    moves = plan(player.desk.table, action)
                    assert moves is not None
                    for move in moves:
                        feedback = (player.command(move[1]) if move[0] == "command"
                                    else player.drop(move[1], move[2]))
                assert feedback is not None and not feedback.accepted, (lang, step)
                _assert_whole_verdict(player, "", lines=1)  # the step's words may be all
                assert _rack_px(player) >= MIN_TILE_PX - 0.5, (lang, step, _rack_px(player))
                # longer than the three lines' room (it scrolled there): the panel grows; a
                # verdict in the step's own words alone may fit the room (the rule's sentence
                # no longer repeats them), and the panel keeps it
                if player.feedback_box.text_height() > player.feedback_box.room:
                    grown.append((lang, step))
                    assert player.feedback_box.height() > room, (lang, step)
                else:
                    assert player.feedback_box.height() == room, (lang, step)
                player.reset_step()  # the panel's own room again, for the short text
                QApplication.processEvents()
                assert player.feedback_box.height() == room, (lang, step)
        assert grown, "no verdict was longer than the panel's room"
    finally:
        set_language("en")


def test_the_rack_options_never_overlap_when_walked_to(player: Any) -> None:
    """Step 10 reached with Next (a picture of a rack over three options that are racks):
    each option had its full height once opened alone, but walked to, the picture kept the
    size of its last fit as its size hint, the layout gave it that, and the options were
    squeezed into each other (their bottom borders hidden: tester at 1024x768). Before the
    answer and after it (the verdict takes its height), no option overlaps the next or the
    panel, each at least its minimum height."""
    from PySide6.QtWidgets import QPushButton

    def check(when: str) -> None:
        QApplication.processEvents()
        options = sorted((b for b in player.findChildren(QPushButton)
                          if b.property("role") == "option" and b.isVisible()),
                         key=lambda b: b.mapTo(player, b.rect().topLeft()).y())
        assert len(options) == 3, when
        boxes = [b.rect().translated(b.mapTo(player, b.rect().topLeft())) for b in options]
        for option in options:
            assert option.height() >= option.minimumHeight(), (when, option.objectName())
        for upper, lower in zip(boxes, boxes[1:], strict=False):
            assert upper.bottom() < lower.top(), (when, upper, lower)
        panel = player.feedback_box
        top = panel.mapTo(player, panel.rect().topLeft()).y()
        assert boxes[-1].bottom() < top or not panel.isVisible(), when
        assert player.side_picture.height() >= player.side_picture.minimumHeight(), when

    _walk_to(player, 10)
    step = player.session.step
    assert step.id == "sort-rack" and step.picture is not None
    check("walked to")
    assert player.choose(step.quiz.answer) is not None
    check("answered")
