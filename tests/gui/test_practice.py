"""Practice modes in the main window: reached from the library, one Charleston and one claims
drill played to the end through the views' buttons, scores stored, language switch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tilewise.gui.reasons import explain
from tilewise.i18n import set_language
from tilewise.rules.referee import judge
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


def test_play_one_claims_drill_to_the_end(qtbot: Any, window: Any) -> None:
    hub = open_practice(qtbot, window)
    view = hub.claims
    view.seed.setValue(454)
    view.level.setCurrentIndex(1)  # level 2: the deal where an added kong is robbed
    qtbot.mouseClick(hub.page.claims_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is view
    drill = view.drill
    assert drill is not None and drill.level.number == 2
    refused = False
    while not drill.over:
        prompt = drill.prompt
        assert prompt is not None
        assert view.prompt.text()
        if prompt.kind == "claim":
            if not prompt.options and not refused and prompt.by != "E":
                qtbot.mouseClick(view.claim_buttons["win"], Qt.MouseButton.LeftButton)
                assert explain("NOT_A_WINNING_HAND", "wsm") in view.feedback.text()
                refused = True
            option = next((o for o in prompt.options if o["claim"] in ("pong", "chi")), None)
            if option is not None and not prompt.robbing:
                view.rack.select(option["tiles"])
                qtbot.mouseClick(view.claim_buttons[option["claim"]], Qt.MouseButton.LeftButton)
            else:
                qtbot.mouseClick(view.pass_button, Qt.MouseButton.LeftButton)
        elif prompt.kind == "precedence":
            assert view.answer_button.isVisible()
            qtbot.mouseClick(view.answer_button, Qt.MouseButton.LeftButton)
            assert view.feedback.text()
        else:
            assert prompt.claim is not None and view.lay_out_button.isVisible()
            meld = judge(drill.scenario(prompt.claim))["meld"]
            assert view.layout_row.codes == meld["tiles"]
            view.layout_row.buttons[meld["rotated"]].setChecked(True)
            qtbot.mouseClick(view.lay_out_button, Qt.MouseButton.LeftButton)
            assert view.last_answer is not None and view.last_answer.right
    assert refused
    assert drill.result is not None
    assert "Score:" in view.score.text()
    scores = window.store.practice_scores(window.profile.id, "claims")
    assert len(scores) == 1 and scores[0].seed == 454 and scores[0].level == 2
    assert scores[0].asked == drill.score.asked


def test_timed_level_passes_when_the_clock_runs_out(qtbot: Any, window: Any) -> None:
    view = window.practice.claims
    view.deal(3, "S", 4)
    drill = view.drill
    assert drill is not None and drill.prompt is not None and view.timer.isActive()
    before = len(drill.history)
    for _ in range(5):  # level 4: five seconds
        assert len(drill.history) == before
        view.tick()
    assert len(drill.history) == before + 1 and drill.history[-1]["timed_out"] is True
