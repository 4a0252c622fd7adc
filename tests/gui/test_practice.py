"""Practice modes in the main window: reached from the library, one Charleston and one claims
drill played to the end through the views' buttons, scores stored, language switch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tilewise.gui.reasons import explain
from tilewise.i18n import set_language
from tilewise.rules.tiles import JOKER


def open_practice(qtbot: Any, window: Any) -> Any:
    hub = window.practice
    qtbot.mouseClick(hub.open_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is hub.page
    return hub


def test_practice_is_reached_from_the_library_and_the_menu(qtbot: Any, window: Any) -> None:
    hub = window.practice
    assert hub.open_button.isVisible() and hub.open_button.text()
    window.show_library()
    hub.action.trigger()
    assert window.stack.currentWidget() is hub.page
    qtbot.mouseClick(hub.page.back_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.library
    assert [line.label for line in hub.lines] == ["Line A", "Line B"]


def test_play_one_charleston_to_the_end(qtbot: Any, window: Any) -> None:
    hub = open_practice(qtbot, window)
    view = hub.charleston
    view.seed.setValue(40)
    qtbot.mouseClick(hub.page.charleston_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is view
    practice = view.practice
    assert practice is not None and practice.seed == 40
    desk = view.desk
    seat = practice.seat

    def rack_tile(code: str) -> int:
        return next(i for i in desk.table.rack(seat) if desk.table.tiles[i].code == code)

    if JOKER in practice.hand:  # a joker is sent back at once with the core's reason
        view.drop(rack_tile(JOKER), "pass")
        assert explain("JOKER_NOT_PASSABLE") in view.feedback.text()
        assert desk.table.staged("pass") == []
    logs: list[str] = []
    blind_seen = set()
    while not practice.done:
        assert view.table_scene.model is desk.table  # the view draws the model
        played = len(practice.records)
        if practice.step == "stop_vote":
            assert view.continue_button.isVisible()
            qtbot.mouseClick(view.continue_button, Qt.MouseButton.LeftButton)
            # the keyboard is back on the table, not in the deal-number box (newcomer report)
            assert QApplication.focusWidget() is view.table
        elif practice.step == "courtesy":
            assert view.offer_button.isVisible()
            for code in practice.partner_offer(practice.seat):
                view.drop(rack_tile(code), "courtesy")
            qtbot.mouseClick(view.offer_button, Qt.MouseButton.LeftButton)
        else:
            own, blind = practice.partner_pass(practice.seat)
            arriving = desk.table.incoming()
            assert bool(arriving) == practice.blind_allowed()  # blind only where allowed
            if arriving:
                blind_seen.add(practice.step)
            for code in own:
                view.drop(rack_tile(code), "pass")
            for tile_id in arriving[:blind]:
                view.drop(tile_id, "pass")
        desk = view.desk
        assert not view.feedback.text(), view.feedback.text()
        logs.append(view.log.text())
        record = practice.records[-1] if len(practice.records) > played else None
        if record is not None and not practice.done:
            arrived = sorted(t.code for t in view.table_scene.tiles if t.arrived)
            assert arrived == sorted(record.received[seat])
    assert blind_seen == {"first_left"}  # deal 40 stops: no second Charleston
    assert any("South forwarded 3 tiles blind." in log for log in logs)
    assert any("Stopped by: South" in log for log in logs)
    assert "Your best line at the end" in view.log.text()
    assert "The second Charleston was stopped." in view.log.text()  # deal 40 shows a stop
    assert "offers of 1 and 3, so 1 moved each way" in view.log.text()  # and 3 against 1
    scores = window.store.practice_scores(window.profile.id, "charleston")
    assert len(scores) == 1 and scores[0].seed == 40
    assert (scores[0].right, scores[0].asked) == practice.score()
    set_language("qps")  # the pseudo-locale: every _() string changes at once
    assert view.title.text() != "Charleston practice"
    set_language("en")
    assert view.title.text() == "Charleston practice"
    # Deal again: the keyboard is on the table, so Right and Space select a tile (they went
    # to the Deal button's neighbour and pressed "Back to practice": newcomer report)
    qtbot.mouseClick(view.deal_button, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is view.table and not view.practice.done
    QTest.keyClick(view.table, Qt.Key.Key_Right)
    QTest.keyClick(view.table, Qt.Key.Key_Space)
    assert window.stack.currentWidget() is view and len(view.table_scene.selection()) == 1


def press_drag(view: Any, tile_id: int, target: QPointF) -> None:
    """A learner's drag on the drill's table: press on the tile, move in steps, release."""
    table, port = view.table, view.table.viewport()
    found = view.table_scene.item_for(tile_id)
    assert found is not None, tile_id
    start = table.mapFromScene(found.sceneBoundingRect().center())
    end = table.mapFromScene(target)
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 5):
        QTest.mouseMove(port, QPoint(start.x() + (end.x() - start.x()) * k // 4,
                                     start.y() + (end.y() - start.y()) * k // 4))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_the_claims_drill_by_mouse(qtbot: Any, window: Any) -> None:
    """Deal 0, South, level 1: the learner discards by dragging to their discard zone; at
    West's discard of a tile they hold a pair of, a chi is refused with its reason (not from
    the lower seat), then the pong is laid out with the claimed tile sideways."""
    hub = open_practice(qtbot, window)
    view = hub.claims
    view.seed.setValue(0)
    view.level.setCurrentIndex(0)
    qtbot.mouseClick(hub.page.claims_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is view
    assert QApplication.focusWidget() is view.table  # the keyboard plays at once
    qtbot.mouseClick(view.deal_button, Qt.MouseButton.LeftButton)  # the same deal again
    assert QApplication.focusWidget() is view.table  # not left on the Deal button
    view.table_scene.animate = False
    desk = view.desk
    drill = desk.drill
    discarded = 0
    for _turn in range(40):
        prompt = drill.prompt
        assert prompt is not None and view.prompt.text()
        assert view.table_scene.model is desk.table  # the view draws the model
        if prompt.kind == "discard" and discarded == 1:  # by keyboard: Space, then Enter
            view.table.setFocus()
            focused = view.table_scene.focused_tile()
            assert focused is not None and focused.area == "rack"
            code = desk.table.tiles[focused.tile_id].code
            QTest.keyClick(view.table, Qt.Key.Key_Space)
            QTest.keyClick(view.table, Qt.Key.Key_Return)
            assert drill.state["discards"]["S"][-1] == code
            discarded += 1
        elif prompt.kind == "discard":
            tile = drill.suggested_discard()
            tile_id = next(i for i in desk.table.rack("S") if desk.table.tiles[i].code == tile)
            press_drag(view, tile_id, view.table_scene.slot_centre("discard", 0))
            assert drill.state["discards"]["S"][-1] == tile
            discarded += 1
            if drill.state["melds"]["S"]:
                break
        elif prompt.kind == "claim" and any(o["claim"] == "pong" for o in prompt.options):
            pair = [i for i in desk.table.rack("S") if desk.table.tiles[i].code == prompt.tile]
            for tile_id in pair[:2]:
                press_drag(view, tile_id, view.table_scene.slot_centre("claim", 0))
            assert len(desk.table.staged("claim")) == 2
            qtbot.mouseClick(view.command_buttons["claim:chi"], Qt.MouseButton.LeftButton)
            assert desk.last is not None and desk.last.reason == "CHI_ONLY_FROM_UPPER_SEAT"
            assert explain("CHI_ONLY_FROM_UPPER_SEAT", "wsm") in view.feedback.text()
            assert desk.table.staged("claim") == []  # the refused tiles are back in the rack
            for tile_id in pair[:2]:
                press_drag(view, tile_id, view.table_scene.slot_centre("claim", 0))
            qtbot.mouseClick(view.command_buttons["claim:pong"], Qt.MouseButton.LeftButton)
            (exposure, ids), = desk.table.melds("S")
            assert exposure.kind == "pong" and exposure.rotated == 2  # from the lower seat
            sideways = [i for i in view.table_scene.items() if getattr(i, "exposure", None)
                        == ("S", 0, exposure.rotated)]
            assert len(sideways) == 1 and sideways[0].rotation() == -90
            assert drill.prompt is not None and drill.prompt.kind == "discard"
            assert "claim:pong" not in view.command_buttons  # the turn's own buttons now
        elif prompt.kind == "claim":
            qtbot.mouseClick(view.command_buttons["pass"], Qt.MouseButton.LeftButton)
            # the keyboard is back on the table: a digit (send to a zone) is not typed into
            # the deal-number box (newcomer report)
            assert QApplication.focusWidget() is view.table
            QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_5)
            assert view.seed.value() == 0
        else:
            qtbot.mouseClick(view.answer_button, Qt.MouseButton.LeftButton)
    assert drill.state["melds"]["S"] and discarded >= 2
    assert "Score:" in view.score.text()


def test_timed_level_passes_when_the_clock_runs_out(qtbot: Any, window: Any) -> None:
    view = window.practice.claims
    view.deal(3, "S", 4)
    assert view.desk is not None
    drill = view.desk.drill
    assert drill is not None and drill.prompt is not None and view.timer.isActive()
    before = len(drill.history)
    for _ in range(5):  # level 4: five seconds
        assert len(drill.history) == before
        view.tick()
    assert len(drill.history) == before + 1 and drill.history[-1]["timed_out"] is True


def test_a_finished_drill_is_scored_once(qtbot: Any, window: Any) -> None:
    """Played to its end through the view's own handlers (a partner's discards, passes,
    the first seat named): the score reaches the store once."""
    view = window.practice.claims
    view.deal(5, "N", 3)
    view.timer.stop()
    desk = view.desk
    assert desk is not None
    for _turn in range(300):
        prompt = desk.drill.prompt
        if prompt is None:
            break
        if prompt.kind == "discard":
            tile = desk.drill.suggested_discard()
            view.drop(next(i for i in desk.table.rack("N") if desk.table.tiles[i].code == tile),
                      "discard")
        elif prompt.kind == "claim":
            view.command("pass")
        else:
            view.answer("E", "win_first")
    assert desk.drill.over and view.prompt.text()
    view.command("pass")  # nothing to do once it is over: no second score
    scores = window.store.practice_scores(window.profile.id, "claims")
    assert len(scores) == 1 and scores[0].seed == 5 and scores[0].level == 3
    assert scores[0].asked == desk.drill.score.asked
