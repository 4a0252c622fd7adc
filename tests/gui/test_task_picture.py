"""A picture beside a task's table is readable, and presenter mode leaves no empty strip
(issue 16).

A newcomer at 1024x768: on the card steps (``card/need-run``: "put every tile line 1 can use
into the row") the card's line was a small picture in the band of words over the table, its
words about 7 px high; in presenter mode an empty feedback panel (about 110 px) left a strip
at the bottom of the projection. Now the words and the picture make a column
beside the table, the picture drawn with its text floor; in presenter mode the panel shows with
the step's first words (and stays for the step: the table moves once at most).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem, QGraphicsTextItem, QWidget

from tests.gui.conftest import open_step
from tilewise.gui.player.pictures import MIN_TEXT_PX
from tilewise.gui.style import style_sheet
from tilewise.gui.table.items import TILE_H
from tilewise.gui.table.scene import MIN_TILE_PX


def smallest_text_px(view: Any) -> float:
    """The smallest text of a picture view's scene, in screen px (as the layout contract
    measures it: a card's column heads, shrunk below the floor to fit their column, aside)."""
    scale = view.transform().m11()
    fitted = view.scene().text_floor - 0.5
    sizes = [item.font().pixelSize() * item.scale() * scale for item in view.scene().items()
             if isinstance(item, (QGraphicsSimpleTextItem, QGraphicsTextItem))
             and item.isVisible() and item.font().pixelSize() >= fitted]
    assert sizes
    return min(sizes)


def test_the_card_line_beside_the_table_is_readable_at_1024_by_768(window: Any) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet(style_sheet("classic", 1.0))
    try:
        window.resize(1024, 768)
        player = open_step(window, "card", "need-run")
        QApplication.processEvents()
        picture, table = player.side_picture, player.table
        assert picture.isVisible() and table.isVisible()
        # beside the table, not in a band over it
        assert picture.mapTo(player, picture.rect().topRight()).x() <= table.mapTo(
            player, table.rect().topLeft()).x()
        assert picture.width() >= 360 and picture.height() >= 240, picture.size()
        assert smallest_text_px(picture) >= MIN_TEXT_PX - 2
        assert TILE_H * table.transform().m11() >= MIN_TILE_PX  # the rack stays readable
        assert (window.width(), window.height()) == (1024, 768)
    finally:
        app.setStyleSheet("")


def lowest_bottom(root: QWidget) -> int:
    """The lowest bottom edge (in ``root``) of a visible widget that shows something."""
    shown = [w for w in root.findChildren(QWidget) if w.isVisibleTo(root)
             and w.width() > 0 and not w.findChildren(QWidget)]
    return max(w.mapTo(root, w.rect().bottomLeft()).y() for w in shown)


def test_presenter_mode_leaves_no_empty_strip_at_the_bottom(window: Any) -> None:
    open_step(window, "charleston", "blind-pass")
    window.act_present.trigger()
    shown = window.presenter
    assert shown is not None
    try:
        shown.resize(1024, 768)
        QApplication.processEvents()
        player = shown.player
        assert not player.feedback_box.isVisibleTo(shown)  # nothing said yet: no panel
        # the table reaches down to the page's bottom (commands under it), no strip below
        # (the leave button's row, about 40 px, is the last)
        assert shown.height() - lowest_bottom(shown) <= 24, lowest_bottom(shown)
        # a move's words show the panel, for the rest of the step
        tile = player.desk.table.incoming()[0]
        player.drop(tile, "pass")
        QApplication.processEvents()
        assert player.feedback_box.isVisibleTo(shown) and player.feedback.text()
        player.undo()
        QApplication.processEvents()
        assert player.feedback_box.isVisibleTo(shown)
    finally:
        shown.close()


def test_a_hidden_picture_keeps_nothing_of_an_earlier_step(window: Any) -> None:
    """The player's two picture views (the stage's, the one beside a quiz or a task's table)
    each drop their drawing when a step does not show them (issue 21, peak memory): the card
    of "Read the card" (about 100 text items, ~1.2 MB) stayed in the hidden view for every
    later quiz and task, so the card's quiz held two drawn cards, one of them unseen."""
    items = {}
    for step_id in ("intro", "read-groups", "need-run", "colours"):
        player = open_step(window, "card", step_id)
        items[step_id] = (len(player.picture.scene().items()),
                          len(player.side_picture.scene().items()))
    explain, quiz, task, explain_again = (items[s] for s in (
        "intro", "read-groups", "need-run", "colours"))
    assert explain[0] > 50 and quiz[1] > 50 and task[1] > 0 and explain_again[0] > 50, items
    assert quiz[0] == 0 and task[0] == 0, items  # the stage's picture, hidden: nothing kept
    assert explain_again[1] == 0, items  # nor the one beside, hidden on an explain step


def test_a_step_that_hides_the_table_does_not_draw_it_again(window: Any) -> None:
    """Going from a task to a quiz paints nothing of the table the quiz hides (issue 21, peak
    memory). ``QProgressBar.setValue`` paints the bar at once, and a paint at once paints
    every part of the window waiting for one: the table of the task left was drawn again
    into a new still layer (2.2 MB at 1280x860) in the middle of building the quiz, then
    dropped when the quiz hid it; that was the peak of the walk through every step. The bar
    still shows the new step once the step is painted."""
    from PySide6.QtCore import QEvent, QObject

    class Paints(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    player = open_step(window, "calls", "call-kong")  # a task: its table drawn
    assert player.table.isVisible() and player.table.layer.bytes() > 0
    paints = Paints()
    player.table.viewport().installEventFilter(paints)
    drawn = player.table.layer.drawn
    pack = window.packs[0]
    lesson = pack.lesson("calls")
    index = [s.id for s in lesson.steps].index("no-run")  # the quiz after it
    player.open(pack, lesson, {"lesson": lesson.id, "index": index})
    assert paints.count == 0 and player.table.layer.drawn == drawn
    QApplication.processEvents()
    assert not player.table.isVisible() and player.table.layer.bytes() == 0
    assert paints.count == 0 and player.table.layer.drawn == drawn
    assert player.bar.value() == index + 1 and player.bar.maximum() == len(lesson.steps)
    assert player.bar.updatesEnabled()
    player.table.viewport().removeEventFilter(paints)
