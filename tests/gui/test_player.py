"""The player's wiring: drags, keyboard, feedback, progress, language (real session and core)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.conftest import item, open_step, rack_index, select_by_keyboard
from tilewise.gui.reasons import explain
from tilewise.i18n import set_language


def drag(qtbot: Any, player: Any, index: int, target: QPointF) -> None:
    """Press on model tile ``index``, move in steps, release over ``target`` (scene)."""
    view = player.table
    tile = item(player, index)
    start = view.mapFromScene(tile.sceneBoundingRect().center())
    end = view.mapFromScene(target)
    port = view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 6):
        step = QPoint(start.x() + (end.x() - start.x()) * k // 5,
                      start.y() + (end.y() - start.y()) * k // 5)
        QTest.mouseMove(port, step)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_window_opens_on_the_library(window: Any) -> None:
    cards = {c.lesson_id: c for c in window.library.cards}
    assert set(cards) == {lesson.id for lesson in window.packs[0].lessons}
    assert cards["tiles"].button.isEnabled()
    assert not cards["charleston"].button.isEnabled()  # needs "tiles" first


def test_mouse_drag_to_the_pass_zone_is_judged(qtbot: Any, window: Any) -> None:
    """Also: the status line follows the table. The focused tile, dragged away with the
    mouse, is named as placed, and once the pass has gone the line names the tile now in its
    place, not the passed one (newcomer report, issue 16: it kept "One Crak, 3 of 14")."""
    player = open_step(window, "charleston", "first-right")
    scene = player.table_scene
    player.table.setFocus()
    while scene.focused_tile() is None or scene.focused_tile().code != "1C":
        QTest.keyClick(player.table, Qt.Key.Key_Right)
    assert player.status.full_text() == "One Crak, 3 of 14"
    for slot, code in enumerate(["1C", "2C", "3C"]):
        index = rack_index(player, code)
        drag(qtbot, player, index, scene.slot_centre("pass", slot))
        if slot < 2:
            assert item(player, index).placed == ("pass", slot)
            assert player.status.full_text() == "One Crak, 3 of 14, placed"
    assert "One Crak" not in player.status.full_text()
    assert player.status.full_text() == scene.announce() == "Nine Crak, 3 of 14"
    feedback = player.last_feedback
    assert feedback is not None and feedback.accepted and feedback.step_done
    assert player.session.record().moves[-1]["action"]["tiles"] == ["1C", "2C", "3C"]
    assert "Well done" in player.feedback_text()
    assert player.next_button.isEnabled()


def test_a_joker_dragged_to_the_pass_zone_goes_home_with_the_reason(qtbot: Any, window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    index = rack_index(player, "J")
    home = item(player, index).pos()
    drag(qtbot, player, index, player.table_scene.slot_centre("pass", 0))
    assert item(player, index).pos() == home and item(player, index).placed is None
    # the step's own words for the refusal, not the rule's sentence saying it again
    assert "A joker is never passed. Keep it" in player.feedback_text()
    assert explain("JOKER_NOT_PASSABLE", "american") not in player.feedback_text()
    assert "REFERENCE" not in player.feedback_text() and "DECISIONS" not in player.feedback_text()
    # a refused tile is a try (tester 7: the step was still called right first time)
    assert player.session.record().attempts == 1
    assert not player.next_button.isEnabled()


def test_release_outside_every_zone_snaps_home(qtbot: Any, window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    index = rack_index(player, "9C")
    home = item(player, index).pos()
    drag(qtbot, player, index, QPointF(5, 5))
    assert item(player, index).pos() == home and item(player, index).placed is None


def test_release_outside_the_window_snaps_home(qtbot: Any, window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    index = rack_index(player, "3C")
    home = item(player, index).pos()
    outside = player.table.mapToScene(QPoint(-300, -300))  # beyond the window's top left
    drag(qtbot, player, index, QPointF(outside))
    assert item(player, index).pos() == home and item(player, index).placed is None
    assert player.session.record().attempts == 0


def test_a_charleston_pass_by_keyboard_alone(qtbot: Any, window: Any) -> None:
    player = open_step(window, "charleston", "first-across")
    view = player.table
    view.setFocus()
    wanted = {item(player, rack_index(player, c)).index for c in ("9C", "7D", "8D")}
    for _ in range(len(player.table_scene.tiles)):
        if player.table_scene.focus_index in wanted:
            QTest.keyClick(view, Qt.Key.Key_Space)
        QTest.keyClick(view, Qt.Key.Key_Right)
    assert "selected" in player.status.text() or len(player.table_scene.selection()) == 3
    assert {t.code for t in player.table_scene.selection()} == {"9C", "7D", "8D"}
    QTest.keyClick(view, Qt.Key.Key_1)
    assert player.last_feedback is not None and player.last_feedback.accepted
    assert player.session.record().done


def test_focus_is_announced(window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    player.table.setFocus()
    QTest.keyClick(player.table, Qt.Key.Key_Right)
    QTest.keyClick(player.table, Qt.Key.Key_Space)
    assert player.status.text().startswith("Five Bam, 2 of 14, selected 1 of 1")


def test_progress_survives_closing_and_reopening(qtbot: Any, home: Any, core_pack: Any) -> None:
    from tilewise.gui.mainwindow import MainWindow
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    def make() -> tuple[Any, Any]:
        store = ProgressStore(home / "progress.sqlite3")
        profile = store.profiles()[0] if store.profiles() else store.create_profile("Ana", "en")
        win = MainWindow(store, Settings(), [core_pack], profile)
        qtbot.addWidget(win)
        return win, store

    win, store = make()
    win.open_lesson("core", "tiles")
    player = win.player
    while player.session.step.kind in ("explain", "recap"):
        player.next_step()
    reached = player.session.index
    assert reached > 0
    win.close()
    store.close()
    win, store = make()
    win.open_lesson("core", "tiles")
    assert win.player.session.index == reached
    summary = store.lesson_summaries(win.profile.id)[("core", "tiles")]
    assert summary.step_index == reached
    win.close()
    store.close()


def test_language_switch_retranslates_without_restart(window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    english = player.next_button.text()
    set_language("de")
    assert player.next_button.text() != english
    assert window.library.heading.text().startswith("Lektionen") or window.library.heading.text()
    set_language("en")
    assert player.next_button.text() == english


def test_a_finger_drag_lands_like_the_mouse(qtbot: Any, window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    scene, view = player.table_scene, player.table
    index = rack_index(player, "9C")
    start = view.mapFromScene(item(player, index).sceneBoundingRect().center())
    end = view.mapFromScene(scene.slot_centre("pass", 2))
    device = QTest.createTouchDevice()
    port = view.viewport()
    # QTest (PySide6 6.12) places touch points in window coordinates: map the viewport's.
    start, end = port.mapTo(port.window(), start), port.mapTo(port.window(), end)
    QTest.touchEvent(port, device).press(0, start).commit()
    for k in range(1, 6):
        QTest.touchEvent(port, device).move(0, QPoint(start.x() + (end.x() - start.x()) * k // 5,
                                                     start.y() + (end.y() - start.y()) * k // 5)
                                            ).commit()
    QTest.touchEvent(port, device).release(0, end).commit()
    assert item(player, index).placed == ("pass", 2)


def test_show_me_selects_the_answer_after_a_try(window: Any) -> None:
    player = open_step(window, "charleston", "first-across")
    assert not player.answer_button.isEnabled()  # nothing tried yet
    player.command("vote:stop")  # refused: the first Charleston is always played
    # said once: the step's words, not the rule's sentence saying the same again under them
    text = player.feedback_text()
    assert "always played to the end" in text
    assert explain("FIRST_CHARLESTON_MANDATORY", "american") not in text
    assert player.answer_button.isEnabled()
    player.show_answer()
    assert sorted(t.code for t in player.table_scene.selection()) == ["7D", "8D", "9C"]
    feedback = player.send_selection("pass")
    assert feedback is not None and feedback.accepted
    assert player.session.mastery < 1.0  # first try was wrong
    # a pass made is committed: Undo does not bring the tiles back, and says why
    assert not player.undo_button.isEnabled()
    assert "left your rack" in player.undo_button.toolTip()
    table = player.desk.table
    after = sorted(table.tiles[i].code for i in table.rack("E"))
    player.undo()
    table = player.desk.table
    assert player.session.record().done
    assert sorted(table.tiles[i].code for i in table.rack("E")) == after


def test_first_start_asks_name_and_language(home: Any, monkeypatch: Any, qapp: Any) -> None:
    from tilewise.gui import mainwindow
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    asked: list[str] = []

    def fake_exec(dialog: Any) -> int:
        asked.append(str(dialog.language.currentData()))
        dialog.name.setText("Priya")
        dialog.language.setCurrentIndex(dialog.language.findData("hi"))
        return 1

    monkeypatch.setattr(mainwindow.NewProfileDialog, "exec", fake_exec)
    with ProgressStore(home / "p.sqlite3") as store:
        profile = mainwindow.first_profile(store, Settings(), None, "de")
        assert asked == ["de"]  # the default offered is the system's language
        assert (profile.name, profile.language) == ("Priya", "hi")
        assert [p.name for p in store.profiles()] == ["Priya"]


def test_cancel_on_the_welcome_asks_and_goes_back_or_quits(home: Any, qapp: Any) -> None:
    """Tester: Cancel in the first welcome dialog quit with no word. It now says, in the
    language chosen there, that Tilewise needs a learner's name to keep their progress, and
    offers to go back (the default: Enter) or quit. Walked with the real dialogs: Hindi
    chosen, Cancel, the question, Go back (the dialog as it was), a name, OK; then Cancel,
    Quit Tilewise: no learner, None."""
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

    from tilewise.gui import mainwindow
    from tilewise.gui.dialogs.dialogs import NewProfileDialog
    from tilewise.i18n import set_language
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    seen: list[str] = []

    def modal() -> Any:
        QApplication.processEvents()
        return QApplication.activeModalWidget()

    def question() -> QMessageBox:
        box = next(w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMessageBox) and w.isVisible())
        seen.append(box.text())
        return box

    def cancel(welcome: NewProfileDialog) -> None:
        button = welcome.box.button(QDialogButtonBox.StandardButton.Cancel)
        assert button is not None
        QTimer.singleShot(0, lambda: answers.pop(0)())
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def back() -> None:
        QTest.keyClick(question(), Qt.Key.Key_Return)  # Go back is the default

    def leave() -> None:
        box = question()
        quit_button = next(b for b in box.buttons() if b.text() == "Quit Tilewise")
        QTest.mouseClick(quit_button, Qt.MouseButton.LeftButton)

    def first_visit() -> None:
        welcome = modal()
        assert isinstance(welcome, NewProfileDialog)
        welcome.language.setCurrentIndex(welcome.language.findData("hi"))
        welcome.name.setText("Asha")
        cancel(welcome)  # the question (answered by back), then still the welcome
        assert welcome.isVisible() and welcome.name.text() == "Asha"
        assert welcome.language.currentData() == "hi"
        ok = welcome.box.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    def second_visit() -> None:
        welcome = modal()
        assert isinstance(welcome, NewProfileDialog)
        cancel(welcome)  # answered by leave

    try:
        with ProgressStore(home / "p.sqlite3") as store:
            answers = [back]
            QTimer.singleShot(0, first_visit)
            profile = mainwindow.first_profile(store, Settings(), None, "en")
            assert profile is not None and (profile.name, profile.language) == ("Asha", "hi")
            assert seen and seen[0].startswith("प्रगति सहेजने के लिए Tilewise को")  # in Hindi
        set_language("en")
        with ProgressStore(home / "q.sqlite3") as store:
            answers = [leave]
            QTimer.singleShot(0, second_visit)
            assert mainwindow.first_profile(store, Settings(), None, "en") is None
            assert store.profiles() == [] and len(seen) == 2
            assert seen[1].startswith("Tilewise needs a learner's name")
    finally:
        set_language("en")


def test_a_first_start_can_bring_a_learner_from_another_computer(
        home: Any, monkeypatch: Any, qapp: Any, tmp_path: Path) -> None:
    """Tester: a first start offered only a name and a language, so moving a learner to a new
    computer meant making a throwaway learner first. The welcome dialog now has "Import a
    learner…": a damaged file is refused in the dialog (nothing added), a good one starts
    with its learner."""
    from tilewise.gui import mainwindow
    from tilewise.gui.dialogs import transfer
    from tilewise.i18n import set_language
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings
    from tilewise.store.transfer import write_export

    set_language("en")  # the words below are English
    with ProgressStore(tmp_path / "other.sqlite3") as other:  # the other computer
        kim = other.create_profile("Kim", "hi")
        other.save_lesson(kim.id, "core", "tiles", {"lesson": "tiles", "index": 3}, 0.5, False)
        good = tmp_path / "Kim-tilewise.json"
        write_export(other, kim.id, good)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(good.read_text(encoding="utf-8")[:100], encoding="utf-8")
    files = [str(damaged), "", str(good)]  # refused, cancelled, then the good one
    monkeypatch.setattr(transfer, "ask_learner_file", lambda _parent: files.pop(0))
    seen: list[str] = []

    def fake_exec(dialog: Any) -> int:
        button = dialog.import_button
        assert button is not None and button.text().replace("&", "") == "Import a learner…"
        button.click()  # the damaged file: said in the dialog, which stays open
        seen.append(dialog.problem.text())
        assert dialog.imported is None and not dialog.problem.isHidden()
        button.click()  # cancelled: nothing changes
        seen.append(dialog.problem.text())
        button.click()  # the good file: the dialog closes with its learner
        return int(dialog.result())

    monkeypatch.setattr(mainwindow.NewProfileDialog, "exec", fake_exec)
    with ProgressStore(home / "p.sqlite3") as store:
        profile = mainwindow.first_profile(store, Settings(), None, "en")
        assert seen[0] == seen[1] and "damaged.json is damaged" in seen[0]
        assert profile is not None and (profile.name, profile.language) == ("Kim", "hi")
        assert [p.name for p in store.profiles()] == ["Kim"]
        assert store.lesson_summaries(profile.id)[("core", "tiles")].step_index == 3


def test_about_names_the_licences_of_fonts_and_tile_art(window: Any) -> None:
    from tilewise.gui.dialogs.dialogs import AboutDialog

    about = AboutDialog(window)
    text = about.licences.toPlainText()
    assert "Open Font License" in text
    assert "licence: CC-BY-4.0" in text and "== classic ==" in text
    assert "PySide6" in about.head.text()


def test_switching_learner_shows_their_progress_and_language(window: Any) -> None:
    other = window.store.create_profile("Lena", "de")
    window.open_lesson("core", "tiles")
    window.player.next_step()  # Sam moves on; Lena has not started
    window.switch_profile(other)
    try:
        from tilewise.i18n import _, current_language

        assert current_language() == "de"
        assert window.library.heading.text() == _("Lessons for {name}", name="Lena")
        assert window.library.card("core", "tiles").button.text() == _("Start")
        assert window.store.lesson_summaries(other.id) == {}
        assert ("core", "tiles") in window.store.lesson_summaries(window.store.profiles()[0].id)
    finally:
        set_language("en")


def test_focus_moves_and_verdicts_are_spoken(window: Any, monkeypatch: Any) -> None:
    from tilewise.gui.player import player as player_module

    spoken: list[tuple[str, bool]] = []
    monkeypatch.setattr(player_module, "announce",
                        lambda _w, text, assertive=False: spoken.append((text, assertive)))
    player = open_step(window, "charleston", "first-right")
    player.table.setFocus()
    QTest.keyClick(player.table, Qt.Key.Key_Right)
    assert spoken[-1] == ("Five Bam, 2 of 14", False)
    player.drop(rack_index(player, "J"), "pass")
    text, assertive = spoken[-1]
    assert assertive and "A joker is never passed" in text


def test_taking_a_move_back_is_news_not_a_success(window: Any) -> None:
    """Undo, "2 more tiles to pass." and the hint that comes back are said in the neutral
    (hint) style: only an accepted move gets the tick and the success border."""
    player = open_step(window, "charleston", "first-right")
    player.drop(rack_index(player, "9C"), "pass")
    assert player.feedback.property("verdict") == "hint"  # counting, not praising
    player.drop(rack_index(player, "7D"), "pass")
    assert player.undo()  # the 7D back in the rack
    assert player.feedback_text() == "Move taken back."
    assert player.feedback.property("verdict") not in ("good", "right", "accepted")
    taken_back = player.feedback_icon.pixmap().toImage()
    for code in ("7D", "8D"):
        player.drop(rack_index(player, code), "pass")
    assert player.feedback_text().startswith("Well done!")
    assert player.feedback.property("verdict") == "good"
    assert player.feedback_icon.pixmap().toImage() != taken_back


def test_the_see_link_names_the_lesson_in_the_learners_language(window: Any) -> None:
    """A refusal's "See: <lesson>, step N" link gives the lesson's translated title (it was
    looked up in the current step's context, so Spanish read "Mira: The Charleston")."""
    set_language("es")
    try:
        player = open_step(window, "charleston", "first-right")
        feedback = player.drop(rack_index(player, "J"), "pass")
        assert feedback is not None and feedback.reason == "JOKER_NOT_PASSABLE"
        text = player.feedback_text()
        assert "El Charleston" in text and "The Charleston" not in text, text
    finally:
        set_language("en")


def test_undo_is_off_once_a_task_is_judged_right(window: Any) -> None:
    """Tester 6 (shot 69): after "Well done!" on the kong of 3 craks Undo stayed on; it only
    took the right answer back and switched Next off. It is off (so Tab skips it and a screen
    reader hears it disabled), its description says how to try again, and the player's undo
    (presenter mode's U and Ctrl+Z too) leaves the step done. A staged tile before the
    answer is still taken back."""
    player = open_step(window, "tiles", "find-jokers")
    zone = next(z.id for z in player.desk.table.zones if z.kind == "group")
    jokers = [t.tile_id for t in player.table_scene.tiles
              if t.code == "J" and t.movable and t.area == "rack"]
    player.drop(jokers[0], zone)
    assert player.undo_button.isEnabled() and player.undo()  # a staged joker goes back
    for joker in jokers:
        player.drop(joker, zone)
    feedback = player.command("as:kong")  # "Check as a kong"
    assert feedback is not None and feedback.accepted and player.session.record().done
    assert not player.undo_button.isEnabled() and player.next_button.isEnabled()
    assert "start it again" in player.undo_button.accessibleDescription()
    assert player.undo() is False and player.session.record().done
    assert player.next_button.isEnabled()
    player.reset_step()  # "Start this step again" still goes back
    assert not player.session.record().done and not player.undo_button.isEnabled()
    assert player.undo_button.accessibleDescription() == ""


def test_show_me_hands_the_keys_to_the_table_and_a_drag_carries_the_selection(
        qtbot: Any, window: Any) -> None:
    """Tester 7 (shots 026-030): after "Show me" ("Drag them, or press 1 to send them") the
    focus stayed on the button and 1 did nothing; dragging one of the selected tiles moved only
    that one."""
    player = open_step(window, "charleston", "first-across")
    player.command("vote:stop")  # refused: Show me is offered
    qtbot.mouseClick(player.answer_button, Qt.MouseButton.LeftButton)
    assert "press 1" in player.feedback_text()
    assert window.focusWidget() is player.table
    qtbot.keyClick(player.table, Qt.Key.Key_1)
    assert player.last_feedback is not None and player.last_feedback.accepted
    # a drag of one selected tile takes the others with it, in rack order
    player = open_step(window, "charleston", "first-right")
    wanted = ["1C", "2C", "3C"]
    for code in wanted:
        player.select(rack_index(player, code))
    drag(qtbot, player, rack_index(player, "2C"), player.table_scene.slot_centre("pass", 0))
    assert player.last_feedback is not None and player.last_feedback.accepted, \
        player.feedback_text()
    moved = player.session.record().moves[-1]["action"]["tiles"]
    assert sorted(moved) == wanted and moved[0] == "2C"


def test_the_keyboard_help_only_where_tiles_can_be_sent(window: Any) -> None:
    """Tester 7 (shot 057): the stop vote, a task with no zone, said "Arrow keys move between
    tiles, Space selects, 1 to 9 send the selection to a zone." """
    player = open_step(window, "charleston", "stop-vote")
    assert player.desk is not None and not player.desk.table.zones
    assert player.feedback_text() == ""
    player = open_step(window, "charleston", "first-right")
    assert player.feedback_text().startswith("Arrow keys move between tiles")


def test_the_focus_counts_the_learners_tiles_not_the_given_ones(window: Any) -> None:
    """Tester 7 (shot 015): a rack of 6 beside two given 3 craks said "Flower 2, 1 of 8"."""
    player = open_step(window, "tiles", "find-jokers")
    assert len(player.desk.table.rack("E")) == 6
    assert player.table_scene.announce() == "Flower 2, 1 of 6"


def test_a_claim_button_acts_on_the_selected_tiles(window: Any) -> None:
    """Tester 7b (shots 044-048): 7 crak and both jokers selected with Space, then "Kong":
    it was refused as a claim of no tiles ("you need three more in your rack") and kept as
    a mistake; now the selection is what the button claims with. Start again clears it."""
    player = open_step(window, "jokers", "call-kong")
    player.table.setFocus()
    select_by_keyboard(player, ["7C", "J", "J"], lambda key: QTest.keyClick(player.table, key))
    assert [t.area for t in player.table_scene.selection()] == ["rack"] * 3
    player.findChild(QPushButton, "command:claim:kong").click()
    feedback = player.last_feedback
    assert feedback is not None and feedback.accepted, player.feedback_text()
    assert player.session.record().first_try and player.session.mistakes == []
    assert player.session.record().moves[-1]["action"]["tiles"] == ["7C", "J", "J"]
    player.reset_button.click()
    select_by_keyboard(player, ["J"], lambda key: QTest.keyClick(player.table, key))
    assert len(player.table_scene.selection()) == 1
    player.reset_button.click()
    assert player.table_scene.selection() == []


def test_the_focus_counts_the_rack_not_the_discard_to_call(window: Any) -> None:
    """Tester 7b (shots 041, 071, 089): a rack of 13 beside East's 7 crak said "1 of 14"."""
    player = open_step(window, "jokers", "call-kong")
    assert len(player.desk.table.rack("S")) == 13
    assert player.table_scene.announce() == "Two Bam, 1 of 13"
    player.table.setFocus()
    QTest.keyClick(player.table, Qt.Key.Key_Left)  # wraps to the discard, a tile of its own
    assert player.table_scene.announce().endswith(", 1 of 1")


def test_a_wsm_refusal_points_at_the_wsm_lesson(window: Any) -> None:
    """Tester 7b (shot 124): Pong on the WSM win-discard step said "See: Claiming discards
    (American), step 7"."""
    player = open_step(window, "claims", "win-discard")
    player.findChild(QPushButton, "command:claim:pong").click()
    feedback = player.last_feedback
    assert feedback is not None and feedback.reason == "PONG_NEEDS_PAIR"
    assert "(WSM)" in player.feedback_text() and "American" not in player.feedback_text()
