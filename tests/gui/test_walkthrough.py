"""Every task and quiz of the core pack completed through the player's public methods.

Each listed answer is turned into what a learner does (drops into zones, buttons), never fed
to the session directly, so this checks that the table offers every move the pack expects.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.gui.conftest import rack_index


def perform(player: Any, action: dict[str, Any], task: Any) -> Any:
    """Make ``action`` with drops and buttons; return the last feedback."""
    kind = action["type"]
    seat = task.seat
    if kind == "pass":
        for code in action.get("tiles", []):
            player.drop(rack_index(player, code), "pass")
        blind = [t for t in player.table_scene.tiles if t.blind]
        for tile in blind[: int(action.get("blind", 0) or 0)]:
            player.drop(tile.tile_id, "pass")
        return player.last_feedback
    if kind == "courtesy":
        for code in action["offers"].get(seat, []):
            player.drop(rack_index(player, code), "courtesy")
        return player.command("offer")
    if kind == "group":
        on_table = Counter(t.code for t in player.table_scene.tiles if not t.movable)
        for code in (Counter(action["tiles"]) - on_table).elements():
            player.drop(rack_index(player, code), "group")
        return player.command(f"as:{action.get('as') or task.given.get('as')}")
    if kind in ("claim", "claims"):
        claim = action if kind == "claim" else next(
            c for c in action["claims"] if c.get("seat", seat) == seat)
        for code in claim.get("tiles", []):
            player.drop(rack_index(player, code), "claim")
        return player.command(f"claim:{claim['claim']}")
    if kind in ("vote", "votes"):
        keep = action["continue"] if kind == "vote" else action["continue"][seat]
        return player.command("vote:continue" if keep else "vote:stop")
    if kind == "discard":
        return player.drop(rack_index(player, action["tile"]), "discard")
    if kind == "kong_concealed":
        return player.drop(rack_index(player, action["tile"]), "kong")
    if kind == "kong_added":
        return player.drop(rack_index(player, action["tile"]), f"kong_{action['end']}")
    if kind == "joker_exchange":
        target = action["target"]
        return player.drop(rack_index(player, action["tile"]),
                           f"swap:{target['seat']}:{target['meld']}")
    if kind == "declare_win":
        return player.command("declare_win")
    if kind == "card_need":
        for code in action["tiles"]:
            player.drop(rack_index(player, code), "keep")
        return player.command("check:card_need")
    raise AssertionError(f"no GUI move for {kind}")


def test_every_core_task_can_be_completed_in_the_gui(window: Any) -> None:
    pack = window.packs[0]
    completed = []
    for lesson in pack.lessons:
        window.open_lesson(pack.id, lesson.id)
        player = window.player
        for _step in lesson.steps:
            step = player.session.step
            if step.quiz is not None:
                feedback = player.choose(step.quiz.answer)
            elif step.task is not None:
                feedback = perform(player, dict(step.task.answers[0].action), step.task)
            else:
                feedback = None
            if step.hand is not None:  # played to its end in test_play; its end told here
                assert not player.next_button.isEnabled()
                player.hand_finished()
                assert player.next_button.isEnabled()
            if step.acting:
                assert feedback is not None and feedback.accepted, (
                    f"{lesson.id}/{step.id}: {feedback} / {player.feedback_text()}")
                assert player.next_button.isEnabled()
            player.next_step()
        assert player.session.complete, lesson.id
        assert player.session.mastery == 1.0, lesson.id
        completed.append(lesson.id)
    summaries = window.store.lesson_summaries(window.profile.id)
    assert all(summaries[(pack.id, lid)].completed for lid in completed)
    assert len(completed) == len(pack.lessons) >= 5
