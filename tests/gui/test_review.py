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
