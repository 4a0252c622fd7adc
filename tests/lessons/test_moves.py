"""Playing a pack's moves through the rules core: every expected answer accepted, every listed
wrong answer refused with its reason; quiz verify scenarios agree with the right option."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.lessons.conftest import WritePack, lesson
from tilewise.lessons import moves
from tilewise.lessons.model import PackError
from tilewise.lessons.pack import load_pack

Edit = Callable[[dict[str, Any]], None]


def task_of(data: dict[str, Any]) -> dict[str, Any]:
    return data["steps"][1]["task"]


def quiz_of(data: dict[str, Any]) -> dict[str, Any]:
    return data["steps"][2]["quiz"]


def legal_task(data: dict[str, Any]) -> None:
    task = task_of(data)
    task.update(done="legal", result={"to": "W"})
    del task["wrong"][1]


def wrong_completes(data: dict[str, Any]) -> None:
    task = task_of(data)
    task.update(done="legal", result={"to": "S"})


CASES: list[tuple[str, Edit, str, str]] = [
    ("legal wrong completes the task", wrong_completes, "steps[1].task.wrong[1]",
     'this wrong answer completes the task: the core answers'),
    ("answer refused", lambda d: task_of(d)["answers"][0]["action"].update(tiles=["1C", "2C", "J"]),
     "steps[1].task.answers[0]", "the core refuses this expected answer: JOKER_NOT_PASSABLE"),
    ("answer result differs", lambda d: task_of(d)["answers"][0].update(result={"to": "N"}),
     "steps[1].task.answers[0].result", 'expected {"to": "N"}; the core answers'),
    ("task result differs", legal_task, "steps[1].task.result", 'expected {"to": "W"}'),
    ("wrong is an answer", lambda d: task_of(d)["wrong"][0].update(
        action={"type": "pass", "seat": "E", "tiles": ["3C", "1C", "2C"], "blind": 0}),
     "steps[1].task.wrong[0]", "also listed as an expected answer"),
    ("legal wrong refused", lambda d: task_of(d)["wrong"][1]["action"].update(tiles=["J", "7D", "8D"]),
     "steps[1].task.wrong[1]", "listed as a legal move, but the core refuses it: JOKER_NOT_PASSABLE"),
    ("wrong accepted", lambda d: task_of(d)["wrong"][0]["action"].update(tiles=["9C", "N", "GD"]),
     "steps[1].task.wrong[0]", "the core accepts this wrong answer (expected JOKER_NOT_PASSABLE)"),
    ("wrong reason differs", lambda d: task_of(d)["wrong"][0].update(reason="PASS_NEEDS_THREE"),
     "steps[1].task.wrong[0].reason", "refuses it with JOKER_NOT_PASSABLE, not PASS_NEEDS_THREE"),
    ("right option differs", lambda d: quiz_of(d)["options"][0].update(result={"to": "W"}),
     "steps[2].quiz.options[0].result", "the right option's result does not match the core"),
    ("wrong option matches", lambda d: quiz_of(d)["options"][1].update(result={"to": "S"}),
     "steps[2].quiz.options[1].result", "a wrong option's result matches the core's answer"),
]


@pytest.mark.parametrize(("edit", "key_path", "words"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_moves_are_played_through_the_core(write_pack: WritePack, edit: Edit, key_path: str,
                                           words: str) -> None:
    data = lesson()
    edit(data)
    with pytest.raises(PackError) as caught:
        load_pack(write_pack(lessons={"01-one.toml": data}))
    found = [(Path(p.file).name, p.key_path, p.message) for p in caught.value.problems]
    assert any(f == "01-one.toml" and k == key_path and words in m for f, k, m in found), found


def test_a_wsm_task_that_passes_tiles_is_refused(write_pack: WritePack) -> None:
    """DECISIONS 22: WSM has no Charleston, so a WSM task whose answer is a pass is a broken
    pack (the core answers WRONG_PHASE)."""
    data = lesson()
    task = task_of(data)
    task.update(ruleset="wsm", wrong=[])
    task["state"]["hands"] = {"E": ["5B", "5B", "1C", "2C", "3C", "9C", "7D", "8D", "N", "GD",
                                    "WD", "1D", "2D", "4D"]}
    with pytest.raises(PackError) as caught:
        load_pack(write_pack(lessons={"01-one.toml": data}))
    assert [(p.key_path, p.message) for p in caught.value.problems] == [
        ("steps[1].task.answers[0]", "the core refuses this expected answer: WRONG_PHASE")]


def test_unreadable_scenarios_are_problems(write_pack: WritePack) -> None:
    def raising(scenario: Mapping[str, Any]) -> dict[str, Any]:
        raise ValueError("unknown action")

    def erroring(scenario: Mapping[str, Any]) -> dict[str, Any]:
        return {"error": "missing state key hands"}

    pack = load_pack(write_pack(), check_moves=False)
    problems = moves.check_pack(pack, raising)
    assert {p.key_path for p in problems} == {
        "steps[1].task.answers[0]", "steps[1].task.wrong[0]", "steps[1].task.wrong[1]",
        "steps[2].quiz.verify"}
    assert all("the core cannot read this scenario: unknown action" in p.message for p in problems)
    problems = moves.check_pack(pack, erroring)
    assert len(problems) == 4
    assert all(p.message.endswith("missing state key hands") for p in problems)

    def crashing(scenario: Mapping[str, Any]) -> dict[str, Any]:
        raise TypeError("unhashable type: 'list'")

    problems = moves.check_pack(pack, crashing)
    assert len(problems) == 4
    assert all(p.message == "the core failed on this scenario: TypeError: unhashable type: 'list'"
               for p in problems)
    # a judge passed to load_pack is used and the result is not cached
    with pytest.raises(PackError):
        load_pack(Path(pack.path), judge=raising)


def test_default_judge_is_the_referee() -> None:
    from tilewise.rules.referee import judge

    assert moves.default_judge() is judge


@pytest.mark.parametrize(("expected", "actual", "result"), [
    ({"to": "S"}, {"legal": True, "to": "S"}, True),
    ({"to": "S"}, {"legal": True, "to": "W"}, False),
    ({"meld": {"rotated": [1, 2]}}, {"meld": {"rotated": 2, "kind": "kong_big"}}, True),
    ({"meld": {"rotated": [1, 2]}}, {"meld": {"rotated": 0}}, False),
    ({"meld": {"kind": "pong"}}, {"meld": None}, False),
    ({"face_down": [0, 3]}, {"face_down": [0, 3]}, True),
    ({"awarded": None}, {"awarded": None}, True),
])
def test_matches(expected: Any, actual: Any, result: bool) -> None:
    assert moves.matches(expected, actual) is result


def test_same_action_ignores_order_only() -> None:
    a = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"], "blind": 0}
    assert moves.same_action(a, dict(a, tiles=["3C", "1C", "2C"]))
    assert not moves.same_action(a, dict(a, tiles=["3C", "1C", "9C"]))
    assert not moves.same_action(a, dict(a, blind=1))
    claims = {"type": "claims", "claims": [{"seat": "S", "claim": "chi"}, {"seat": "N", "claim": "win"}]}
    assert moves.same_action(claims, {"type": "claims", "claims": claims["claims"][::-1]})
    when = datetime.date(1979, 5, 27)  # TOML can hold dates; comparing must not crash
    assert not moves.same_action({"tiles": [when, "1B"]}, {"tiles": ["1B", "1C"]})


def test_merged_fills_given_parts_and_keeps_the_learners() -> None:
    given = {"offers": {"S": [], "W": ["S"], "N": []}, "as": "pung"}
    action = {"type": "courtesy", "offers": {"E": ["1C"], "W": ["N"]}}
    out = moves.merged(action, given)
    assert out == {"type": "courtesy", "offers": {"S": [], "W": ["N"], "N": [], "E": ["1C"]},
                   "as": "pung"}
    assert given["offers"]["W"] == ["S"]  # the pack's data is not changed
