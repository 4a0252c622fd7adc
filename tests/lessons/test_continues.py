"""Tasks that continue the hand: the validator plays each one on the table it inherits."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from tests.lessons.conftest import MANIFEST, WritePack, lesson
from tilewise.lessons import moves
from tilewise.lessons.model import PackError
from tilewise.lessons.pack import load_pack

ACROSS = {"type": "pass", "seat": "E", "tiles": ["9C", "7D", "8D"], "blind": 0}


def continuing(answer: dict[str, Any] | None = None, **task: Any) -> dict[str, Any]:
    """The demo lesson with a second pass task (first across) that continues the first."""
    data = lesson()
    second = {"ruleset": "american", "seat": "E", "allow": ["pass"], "continues": True,
              "done": "legal", "result": {"to": "W"},
              "state": {"dealer": "E", "phase": "charleston", "step": "first_across"},
              "answers": [{"action": answer or ACROSS}],
              "wrong": [{"action": {"type": "pass", "seat": "E", "tiles": ["1C", "7D", "8D"],
                                    "blind": 0}, "reason": "TILE_NOT_IN_HAND"}]}
    second.update(task)
    data["steps"].insert(3, {"id": "across", "kind": "task", "text": "Across.",
                             "task": second})
    return data


def problems(write_pack: WritePack, data: dict[str, Any], judge: Any = None,
             name: str = "demo") -> list[str]:
    folder = write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": data}, name=name)
    try:
        load_pack(folder, judge=judge)
    except PackError as error:
        return [f"{p.key_path}: {p.message}" for p in error.problems]
    return []


def test_a_continuing_task_is_checked_on_the_table_it_inherits(write_pack: WritePack) -> None:
    # 1C left the rack on the first pass: passing it again is refused, as the pack says
    assert problems(write_pack, continuing()) == []
    pack = load_pack(write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": continuing()},
                                name="again"))
    assert pack.lessons[0].steps[3].task is not None
    assert pack.lessons[0].steps[3].task.continues


def test_an_answer_that_only_fits_the_tasks_own_state_is_a_problem(
        write_pack: WritePack) -> None:
    found = problems(write_pack, continuing({"type": "pass", "seat": "E",
                                             "tiles": ["1C", "2C", "3C"], "blind": 0}))
    assert found == ["steps[3].task.answers[0]: the core refuses this expected answer: "
                     "TILE_NOT_IN_HAND"]


@pytest.mark.parametrize(("change", "words"), [
    ({"continues": "yes"}, "steps[3].task.continues: must be true or false"),
    ({"state": {"phase": "charleston", "step": "first_across", "hands": {"E": ["1B"]}}},
     "steps[3].task.state.hands: a continuing task takes its tiles"),
])
def test_how_a_continuing_task_is_written(write_pack: WritePack, change: dict[str, Any],
                                          words: str) -> None:
    assert any(p.startswith(words) for p in problems(write_pack, continuing(**change)))


def test_a_continuing_task_needs_a_task_before_it(write_pack: WritePack) -> None:
    data = continuing()
    data["steps"].pop(1)
    assert problems(write_pack, data) == [
        "steps[2].task.continues: the table cannot be set up: a continuing task needs a "
        "task step before it"]


def test_a_broken_main_line_is_named(write_pack: WritePack) -> None:
    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        if scenario["state"].get("step") == "first_right":
            return {"legal": False, "reason": "WRONG_PHASE"}
        return moves.default_judge()(scenario)

    found = problems(write_pack, continuing(), judge)
    assert "steps[3].task.continues: the task it continues (steps[1]) refuses its first " \
           "answer, so its final table is unknown" in found


def test_a_core_fault_on_the_main_line_does_not_stop_the_check(write_pack: WritePack) -> None:
    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        if scenario["state"].get("step") == "first_right":
            raise RuntimeError("boom")
        return moves.default_judge()(scenario)

    found = problems(write_pack, continuing(), judge)
    assert any(p.startswith("steps[3].task.continues: the core failed on the main line: "
                            "RuntimeError: boom") for p in found)


def test_a_table_that_cannot_be_laid_out(write_pack: WritePack) -> None:
    data = lesson()
    data["steps"][1]["task"] = {
        "ruleset": "american", "seat": "E", "allow": ["group"], "state": {"phase": "play"},
        "given": {"as": "kong"},
        "answers": [{"action": {"type": "group", "tiles": ["J"] * 9}}]}
    found = problems(write_pack, data)
    assert any(p.startswith("steps[1].task.state: the table cannot be set up: tile J: more "
                            "copies") for p in found), found
def test_the_core_pack_continues_its_charleston() -> None:
    pack = load_pack(Path(__file__).resolve().parents[2] / "lessons" / "core")
    charleston = pack.lesson("charleston")
    continuing_ids = [s.id for s in charleston.steps if s.task and s.task.continues]
    assert continuing_ids == ["first-across", "first-left"]


def two_answers() -> dict[str, Any]:
    """The demo lesson whose first pass has a second right answer (9C 7D 8D) after which the
    continuing pass across (9C 7D 8D again) no longer fits: it breaks only on that answer."""
    data = continuing()
    first = data["steps"][1]["task"]
    first["answers"].append({"action": dict(ACROSS), "result": {"to": "S"}})
    first["wrong"] = first["wrong"][:1]  # the 9C 7D 8D move is now a right answer
    return data


def test_a_continuing_task_is_checked_after_every_answer_of_the_task_before(
        write_pack: WritePack) -> None:
    assert problems(write_pack, two_answers()) == [
        "steps[3].task.answers: after steps[1].task.answers[1]: no listed answer fits the "
        "table it inherits (task.answers[0]: the core refuses it: TILE_NOT_IN_HAND)"]


def test_one_listed_answer_that_fits_each_table_is_enough(write_pack: WritePack) -> None:
    data = two_answers()
    # the across pass lists a second answer with tiles neither first pass gives away
    data["steps"][3]["task"]["answers"].append({"action": {
        "type": "pass", "seat": "E", "tiles": ["N", "GD", "WD"], "blind": 0}})
    # a legal move that is not what the step asks is not played again
    data["steps"][3]["task"]["done"] = "listed"
    del data["steps"][3]["task"]["result"]
    data["steps"][3]["task"]["wrong"].append({"action": {
        "type": "pass", "seat": "E", "tiles": ["5B", "5B", "WD"], "blind": 0},
        "feedback": "Keep your pair."})
    assert problems(write_pack, data) == []


def test_an_other_answer_that_leaves_the_same_table_is_not_played_again(
        write_pack: WritePack) -> None:
    calls: list[dict[str, Any]] = []

    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        if scenario["state"].get("step") == "first_across":
            calls.append(scenario)
        return moves.default_judge()(scenario)

    assert problems(write_pack, continuing(), judge) == []
    once = len(calls)
    data = continuing()
    data["steps"][1]["task"]["answers"].append({"action": {
        "type": "pass", "seat": "E", "tiles": ["3C", "2C", "1C"], "blind": 0}})
    calls.clear()
    assert problems(write_pack, data, judge, name="twice") == []
    assert len(calls) == once  # the same table: the pass across is not judged again


def test_a_chain_of_continuing_tasks_is_played_once(write_pack: WritePack) -> None:
    """A third pass (left) continuing the pass across starts from the main line's tables kept
    while the pass across was checked: the first pass is judged as often as without it (on
    the code before, the chain was played again from the first pass, twice: 8 against 6)."""
    calls: list[str] = []

    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        calls.append(scenario["state"].get("step"))
        return moves.default_judge()(scenario)

    assert problems(write_pack, continuing(), judge) == []
    two = calls.count("first_right")
    data = continuing()
    data["steps"].insert(4, {"id": "left", "kind": "task", "text": "Left.", "task": {
        "ruleset": "american", "seat": "E", "allow": ["pass"], "continues": True,
        "state": {"dealer": "E", "phase": "charleston", "step": "first_left"},
        "answers": [{"action": {"type": "pass", "seat": "E", "tiles": ["N", "GD", "WD"],
                                "blind": 0}}]}})
    calls.clear()
    assert problems(write_pack, data, judge, name="three") == []
    assert calls.count("first_right") == two
    assert calls.count("first_left") == 1  # its one answer, on the one table it inherits


def after_second(scenario: dict[str, Any]) -> bool:
    """True for a pass across judged on the table the first pass's second answer left."""
    state = scenario["state"]
    return state.get("step") == "first_across" and "9C" not in state["hands"]["E"]


def test_on_the_other_table_a_wrong_move_accepted_or_a_result_that_differs(
        write_pack: WritePack) -> None:
    data = two_answers()
    data["steps"][3]["task"]["answers"].append({"action": {
        "type": "pass", "seat": "E", "tiles": ["N", "GD", "WD"], "blind": 0}})

    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        answer = moves.default_judge()(scenario)
        if after_second(scenario) and scenario["action"].get("tiles") == ["1C", "7D", "8D"]:
            return {"legal": True, "to": "W"}  # the listed wrong move, accepted there
        if after_second(scenario) and answer.get("legal"):
            return {**answer, "to": "N"}
        return answer

    assert problems(write_pack, data, judge) == [
        "steps[3].task.answers: after steps[1].task.answers[1]: no listed answer fits the "
        "table it inherits (task.answers[0]: the core refuses it: TILE_NOT_IN_HAND; "
        "task.answers[1]: the core answers {\"legal\": true, \"reason\": null, \"to\": \"N\"})",
        "steps[3].task.wrong[0]: after steps[1].task.answers[1]: the core accepts this wrong "
        "answer (expected TILE_NOT_IN_HAND)"]


def test_an_other_answer_the_core_refuses_or_fails_on(write_pack: WritePack) -> None:
    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        action = scenario["action"]
        if scenario["state"].get("step") == "first_right" and action.get("tiles") == [
                "9C", "7D", "8D"]:
            if action.get("refuse"):
                return {"legal": False, "reason": "WRONG_PHASE"}
            raise RuntimeError("boom")
        return moves.default_judge()(scenario)

    found = problems(write_pack, two_answers(), judge)
    assert "steps[3].task.continues: after steps[1].task.answers[1]: the core failed: " \
           "RuntimeError: boom" in found
    refused = two_answers()
    refused["steps"][1]["task"]["answers"][1]["action"]["refuse"] = True
    found = problems(write_pack, refused, judge, name="refused")
    # the first pass reports its refused answer; the pass across is not checked after it
    assert not any(p.startswith("steps[3]") for p in found), found


def test_a_core_fault_on_the_other_table_is_named(write_pack: WritePack) -> None:
    def judge(scenario: dict[str, Any]) -> dict[str, Any]:
        if after_second(scenario) and scenario["action"]["tiles"] == ["9C", "7D", "8D"]:
            raise RuntimeError("bang")
        return moves.default_judge()(scenario)

    assert problems(write_pack, two_answers(), judge) == [
        "steps[3].task.answers[0]: after steps[1].task.answers[1]: the core failed on this "
        "scenario: RuntimeError: bang"]
