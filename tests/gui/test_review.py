"""Review (issue 19) through the GUI: the player keeps mistakes in the learner's store."""

from __future__ import annotations

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
    from tilewise.gui import app
    from tilewise.store.transfer import backups

    for _ in range(2):
        window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
        assert window is not None
        qtbot.addWidget(window)
        window.close()
        window.store.close()
    assert len(backups()) == 2 and backups()[0].parent == home / "data" / "backups"
