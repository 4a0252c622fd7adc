"""Review (issue 19) through the GUI: the player keeps mistakes in the learner's store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.gui.conftest import open_step
from tilewise.store.review import ReviewQueue


def test_a_wrong_quiz_answer_in_the_player_is_kept_for_review(window: Any) -> None:
    player = open_step(window, "jokers", "no-pair")
    assert player.choose("yes") is not None and not player.last_feedback.accepted
    [kept] = ReviewQueue(window.store).situations(window.profile.id)
    assert (kept.pack_id, kept.lesson_id, kept.step_id, kept.kind, kept.action) == (
        "core", "jokers", "no-pair", "quiz", {"option": "yes"})
    assert player.session.mistakes == []  # taken by the store, kept once
    player.choose("no")  # a right answer is no mistake
    assert len(ReviewQueue(window.store).situations(window.profile.id)) == 1


def test_each_start_backs_the_store_up_and_keeps_ten(home: Any, qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    from tilewise.gui import app
    from tilewise.store.transfer import backups

    qt = QApplication.instance()
    sheet = qt.styleSheet() if isinstance(qt, QApplication) else ""
    for made in range(2):
        window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
        assert window is not None
        qtbot.addWidget(window)
        QApplication.processEvents()
        assert len(backups()) == made  # the copy waits for the library's first paint
        window.show()
        qtbot.waitUntil(lambda made=made: len(backups()) == made + 1, timeout=5000)
        window.close()
        window.store.close()
    assert len(backups()) == 2 and backups()[0].parent == home / "data" / "backups"
    QApplication.instance().setStyleSheet(sheet)  # type: ignore[union-attr]  # app.start's style stays out of later tests


def test_a_review_session_replays_the_mistake_and_counts_the_answer(window: Any) -> None:
    player = open_step(window, "jokers", "no-pair")
    first = player.choose("yes")
    window.show_library()
    room = window.review
    room.open_button.click()
    page = room.page
    assert window.stack.currentWidget() is page
    assert page.due == 1 and "1 situation" in page.due_label.text()
    assert page.start_button.isEnabled()
    assert [s.rule for s in page.chart.scores] and page.chart.scores[0].wrong == 1
    page.start_button.click()
    assert window.stack.currentWidget() is player
    assert (player.lesson.id, player.session.step.id) == ("jokers", "no-pair")
    again = player.choose("yes")  # the same answer gets the same verdict and feedback
    assert again is not None and first is not None
    assert (again.accepted, again.message) == (first.accepted, first.message)
    queue = ReviewQueue(window.store)
    [kept] = queue.situations(window.profile.id)
    assert (kept.reviews, kept.lapses) == (1, 1)  # the review was the wrong answer: Again
    assert window.store.lesson_summaries(window.profile.id)[("core", "jokers")].step_index == 5
    player.choose("no")
    player.next_button.click()  # the run is over: back to the page with its result
    assert window.stack.currentWidget() is page
    assert "0 of 1" in page.result_label.text() and room.run is None
    assert len(queue.situations(window.profile.id)) == 1  # no new situation from the review
    assert player.next_override is None


def test_the_right_answer_in_review_is_a_good_review(window: Any) -> None:
    player = open_step(window, "jokers", "no-pair")
    player.choose("yes")
    window.review.show_page()
    window.review.page.start_button.click()
    player.choose("no")
    [kept] = ReviewQueue(window.store).situations(window.profile.id)
    assert (kept.reviews, kept.lapses) == (1, 0) and kept.due > kept.created
    player.next_button.click()
    assert "1 of 1" in window.review.page.result_label.text()


def test_the_progress_card_is_a_pdf_in_the_learners_language(
        window: Any, tmp_path: Any, capsys: Any) -> None:
    from tilewise.gui.review.report import main as report_main
    from tilewise.i18n import current_language

    player = open_step(window, "jokers", "no-pair")
    player.choose("yes")
    window.store.rename_profile(window.profile.id, "प्रिया")
    window.store.set_profile_language(window.profile.id, "hi")
    out = tmp_path / "card.pdf"
    store_file = window.store.path
    assert report_main(["--profile", "प्रिया", "--out", str(out), "--store", str(store_file)]) == 0
    assert out.read_bytes().startswith(b"%PDF") and out.stat().st_size > 2000
    assert current_language() == "hi"
    assert report_main(["--profile", "Nobody", "--out", str(out), "--store",
                        str(store_file)]) == 2
    assert "no learner" in capsys.readouterr().err
    assert report_main(["--profile", "प्रिया", "--out", str(tmp_path), "--store",
                        str(store_file)]) == 1  # a folder: the card cannot be written
    assert "could not be written" in capsys.readouterr().err
    empty = tmp_path / "empty.pdf"  # a learner with no mistakes yet: the chart says so
    window.store.create_profile("Neu", "de")
    assert report_main(["--profile", "Neu", "--out", str(empty), "--store", str(store_file)]) == 0
    assert empty.read_bytes().startswith(b"%PDF")


def test_a_review_plays_a_variant_not_seen_yet_then_the_mistakes_own_table(
        qtbot: Any, window: Any) -> None:
    """A joker dragged to the pass zone is kept (no attempt counted); the first review plays
    the task's variant (two jokers on another rack), the next one the very table of the
    mistake; each time the same rule gets the same feedback."""
    from tests.gui.conftest import rack_index
    from tests.gui.test_player import drag

    player = open_step(window, "charleston", "first-right")
    own = player.desk.table.state()
    drag(qtbot, player, rack_index(player, "J"), player.table_scene.slot_centre("pass", 0))
    first = player.feedback_text()
    [kept] = ReviewQueue(window.store).situations(window.profile.id)
    assert (kept.step_id, kept.reason, kept.rule) == (
        "first-right", "JOKER_NOT_PASSABLE", "joker_never_passed")
    variant = player.lesson.steps[player.session.index].variant(1)
    window.review.show_page()
    window.review.page.start_button.click()  # the core pack gives this task a variant
    assert player.session.step.id == "first-right" and window.review.run.variant == 1
    table = player.desk.table.state()
    assert sorted(table["hands"]["E"]) == sorted(variant.task.state["hands"]["E"])
    assert table != kept.state and table["hands"]["E"].count("J") == 2
    drag(qtbot, player, rack_index(player, "J"), player.table_scene.slot_centre("pass", 0))
    assert player.feedback_text() == first  # the same rule, the same feedback, other tiles
    queue = ReviewQueue(window.store)
    assert list(queue.shown_variants(kept.id)) == [1]
    assert queue.situation(kept.id).lapses == 1  # type: ignore[union-attr]
    window.review.show_page()  # Again: due within minutes, so due today
    window.review.page.start_button.click()  # every variant seen: the mistake's own table
    assert window.review.run.variant == 0 and player.desk.table.state() == own == kept.state
    drag(qtbot, player, rack_index(player, "J"), player.table_scene.slot_centre("pass", 0))
    assert player.feedback_text() == first
    assert queue.situation(kept.id).lapses == 2  # type: ignore[union-attr]
    assert set(queue.shown_variants(kept.id)) == {0, 1}


def test_a_learner_who_never_errs_is_not_shown_at_zero(window: Any, tmp_path: Any,
                                                       monkeypatch: Any) -> None:
    from tilewise.gui.review import report
    from tilewise.gui.review.report import draw_card, write_card
    from tilewise.gui.review.scores import learner_scores
    from tilewise.lessons.mastery import step_rule

    player = open_step(window, "jokers", "no-pair")
    assert player.choose("no").accepted  # right first time: no mistake kept
    assert ReviewQueue(window.store).situations(window.profile.id) == []
    window.review.show_page()
    rule = step_rule(player.session.step)
    [score] = window.review.page.chart.scores
    assert (score.rule, score.right, score.wrong, score.score) == (rule, 1, 0, 1.0)
    assert learner_scores(window.store, window.packs, window.profile.id) == [score]
    odd = {"step_id": "x", "step_index": 0, "kind": "quiz", "action": {"option": "a"},
           "rule": "a_rule_of_another_version"}  # as an imported file may bring
    ReviewQueue(window.store).add_mistakes(window.profile.id, "core", "jokers", [odd])
    window.show_library()  # the library's suggestion and the chart leave it out
    assert learner_scores(window.store, window.packs, window.profile.id) == [score]
    out = tmp_path / "card.pdf"  # the progress card draws the same scores
    drawn: list[tuple[Any, ...]] = []
    monkeypatch.setattr(report, "draw_card", lambda *args: (drawn.append(args),
                                                             draw_card(*args)))
    write_card(out, window.store, window.profile, window.packs, "en")
    assert out.read_bytes().startswith(b"%PDF")
    # and the lesson under way, at its step (it listed finished lessons only)
    [(_writer, _name, done, _due, scores, _when, under_way)] = drawn
    assert done == [] and list(scores) == [score]
    assert under_way == ["Jokers: step 6 of 18"]


def test_the_library_suggests_the_review_then_the_weakest_rule_and_opens_its_step(
        window: Any) -> None:
    room = window.review
    line = room.suggestion
    window.show_library()
    assert line.isHidden() and room.suggest() is None  # nothing judged yet
    player = open_step(window, "jokers", "no-pair")
    player.choose("yes")  # a mistake: due for review within minutes
    window.show_library()
    assert not line.isHidden() and "1 of your mistakes is due" in line.label.text()
    # Tab reads the page in order: the last card's button, the line under the cards, then
    # the rooms' buttons under it (the line's button came last)
    from PySide6.QtCore import Qt

    stops, widget = [], window.library.cards[-1].button
    while len(stops) < 3:
        widget = widget.nextInFocusChain()
        if widget.isEnabled() and widget.isVisible() and (
                widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
            stops.append(widget.objectName())
    assert stops == ["practice-next-go", "open:practice", "open:review"]
    line.button.click()
    assert window.stack.currentWidget() is room.page
    room.page.start_button.click()
    player.choose("no")  # Good, still learning: due again in minutes
    player.next_button.click()
    window.show_library()
    assert "1 of your mistakes is due" in line.label.text()
    queue = ReviewQueue(window.store)
    [kept] = queue.situations(window.profile.id)
    queue.review(kept.id, "good", now=datetime.now(UTC) + timedelta(minutes=15))  # days away
    window.show_library()
    practice = room.suggest()
    assert practice is not None and practice.due == 0 and practice.rule == kept.rule
    assert "(right so far: 67%)" in line.label.text() and line.button.text() == "Practise it"
    line.button.click()
    assert window.stack.currentWidget() is player
    assert (player.lesson.id, player.session.index) == (practice.lesson_id, practice.step_index)
    from tilewise.lessons.mastery import step_rules

    assert practice.rule in step_rules(player.session.step)


def test_a_review_says_it_is_one_and_can_be_finished_early(window: Any) -> None:
    """Two mistakes due: the player shows "Review 1 of 2" (not the lesson's "Step 4 of 14"),
    no way back into the lesson's steps, and "Finish review", which ends the run at once and
    shows its result; the situation not reached stays due (newcomer report)."""
    player = open_step(window, "tiles", "count-american")
    player.choose("n136")
    player = open_step(window, "tiles", "count-wsm")
    player.choose("n152")
    room = window.review
    room.show_page()
    assert room.page.due == 2
    room.page.start_button.click()
    assert window.stack.currentWidget() is player and room.run is not None
    assert player.counter.text() == "Review 1 of 2"
    assert player.finish_button.isVisible() and player.finish_button.text() == "Finish review"
    assert not player.library_button.isVisible() and not player.back_button.isVisible()
    step = player.session.step
    player.choose(step.quiz.answer)
    assert player.next_button.text() == "Next"
    player.next_button.click()
    assert player.counter.text() == "Review 2 of 2" and player.next_button.text() == "Finish review"
    player.finish_button.click()  # before answering the second one
    assert window.stack.currentWidget() is room.page and room.run is None
    assert "1 of 1" in room.page.result_label.text()
    reviews = {k.step_id: k.reviews for k in ReviewQueue(window.store).situations(
        window.profile.id)}
    assert reviews == {"count-american": 1, "count-wsm": 0}  # not reached: still to review
    # The page's count is the store's: what is due now (the command line's list) and what
    # comes back later today; after a run the keys are on the way back, not on Start.
    page = room.page
    due_now = len(ReviewQueue(window.store).due_list(window.profile.id))
    text = page.due_label.text()
    assert page.due == 2 and page.due_now == due_now
    if due_now < 2:
        assert "come back later today" in text or "comes back later today" in text
    if due_now == 0:
        assert text.startswith("Nothing is due for review now.")
    assert window.focusWidget() is page.back_button
    # the review's options are shuffled again (the lesson's order came back in it): its seed
    # is the learner's, the step's and the review's day
    page.start_button.click()
    day = datetime.now().astimezone().date().isoformat()
    assert player._quiz_seed() == (
        f"{window.profile.id}/core/tiles/{player.session.step.id}/review {day}")
    player.finish_button.click()  # at once: nothing answered, and the page says so
    assert page.result_label.text() == "Review ended before any answer: nothing was counted."
    assert "0 of 0" not in page.result_label.text()
    player = open_step(window, "tiles", "count-wsm")  # a lesson again: its own counter
    assert player.counter.text().startswith("Step ") and player.library_button.isVisible()
    assert not player.finish_button.isVisible() and player.back_button.isVisible()


def test_a_group_button_on_too_few_tiles_says_how_many_and_keeps_nothing(
        window: Any, qtbot: Any) -> None:
    """Tester 7 (shots 028, 168-169, 214): "Check as a pung" with the group empty was judged
    'Not allowed. These tiles do not make that group' and kept for review, and the review then
    played the step twice in a row (once for the empty group, once for three wrong tiles)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    from tests.gui.conftest import rack_index
    from tilewise.i18n import set_language

    set_language("hi")
    player = open_step(window, "tiles", "flowers-same")
    check = player.findChild(QPushButton, "command:as:pung")
    assert check is not None
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert player.feedback_text() == "पहले समूह में 3 टाइलें रखें।"
    player.drop(rack_index(player, "F1"), "group")
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert player.feedback_text() == "पहले समूह में 2 टाइलें और रखें।"
    queue = ReviewQueue(window.store)
    assert queue.situations(window.profile.id) == [] and player.session.record().attempts == 0
    # three wrong tiles are a mistake, kept once; the same one again is the same situation
    for code in ("F4", "WD"):
        player.drop(rack_index(player, code), "group")
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert player.last_feedback is not None and not player.last_feedback.accepted
    for code in ("F1", "F4", "9D"):
        player.drop(rack_index(player, code), "group")
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    [kept] = queue.situations(window.profile.id)
    assert (kept.step_id, kept.reason, kept.action["tiles"]) == (
        "flowers-same", "GROUP_TILES_DIFFER", ["F1", "F4", "WD"])
