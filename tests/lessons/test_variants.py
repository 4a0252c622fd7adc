"""Task variants (issue 19): the validator plays each one through the core like any task, and
review picks a variant the learner has not seen (falling back once every one was)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.lessons.conftest import HANDS, MANIFEST, WritePack, lesson
from tilewise.lessons.extract import messages
from tilewise.lessons.model import Lesson, PackError
from tilewise.lessons.pack import load_pack
from tilewise.lessons.review import (
    ReviewError,
    pick_variant,
    replay_session,
    variant_count,
    variant_lesson,
)
from tilewise.lessons.session import LessonSession

OTHER_E = ["2C", "2C", "4D", "5D", "6D", "7B", "9B", "1D", "W", "S", "RD", "F", "J", "J"]
RIGHT = {"type": "pass", "seat": "E", "tiles": ["W", "S", "RD"], "blind": 0}
JOKER = {"type": "pass", "seat": "E", "tiles": ["W", "S", "J"], "blind": 0}
BASE_JOKER = {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "J"], "blind": 0}


def variant() -> dict[str, Any]:
    """The demo pass task on another rack: two jokers to keep, other tiles to pass."""
    return copy.deepcopy({
        "text": "Pass right, and keep both jokers.",
        "hints": ["Never a joker."],
        "picture": {"kind": "rack", "tiles": OTHER_E, "caption": "Your other rack."},
        "state": {"dealer": "E", "phase": "charleston", "step": "first_right",
                  "hands": {**copy.deepcopy(HANDS), "E": list(OTHER_E)}},
        "answers": [{"action": RIGHT, "result": {"to": "S"}}],
        "wrong": [{"action": JOKER, "reason": "JOKER_NOT_PASSABLE",
                   "feedback": "Keep both jokers."},
                  {"action": {"type": "pass", "seat": "E", "tiles": ["7B", "9B", "1D"],
                              "blind": 0}, "feedback": "Legal, but pass the winds."}],
    })


def with_variants(*variants: dict[str, Any]) -> dict[str, Any]:
    data = lesson()
    data["steps"][1]["task"]["variants"] = list(variants)
    return data


def demo(write_pack: WritePack, data: dict[str, Any]) -> Lesson:
    return load_pack(write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": data})).lessons[0]


def test_a_variant_loads_as_the_step_with_its_own_table(write_pack: WritePack) -> None:
    one = demo(write_pack, with_variants(variant(), {
        k: v for k, v in variant().items() if k in ("state", "answers")}))
    step = one.steps[1]
    assert step.task is not None and len(step.task.variants) == 2
    shown = step.variant(1)
    assert shown.task is not None and shown.task.state["hands"]["E"] == OTHER_E
    assert (shown.text, shown.hints, shown.id) == ("Pass right, and keep both jokers.",
                                                   ("Never a joker.",), "pass")
    assert shown.picture is not None and shown.picture["tiles"] == OTHER_E
    assert (shown.task.seat, shown.task.allow, shown.task.variants) == ("E", ("pass",), ())
    plain = step.variant(2)  # gives only a table and answers: the step's text, hints, no wrong
    assert (plain.text, plain.hints, plain.picture) == (step.text, step.hints, step.picture)
    assert plain.task is not None and plain.task.wrong == ()
    assert step.variant(0) is step
    with pytest.raises(IndexError):
        step.variant(3)
    with pytest.raises(IndexError):
        one.steps[2].variant(1)  # a quiz has no task, so no variants


def test_a_variants_own_texts_go_to_the_translators(write_pack: WritePack) -> None:
    plain = {k: v for k, v in variant().items() if k in ("state", "answers", "wrong")}
    plain["wrong"][0]["feedback"] = "Keep the joker."  # the task's own text, already extracted
    folder = write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": with_variants(variant(), plain)})
    listed = [(m.key_path, m.msgid) for m in messages(load_pack(folder))
              if m.context == "one/pass"]
    found = set(listed)
    assert [k for k, msgid in listed if msgid == "Keep the joker."] == [
        "steps[1].task.wrong[0].feedback"]
    assert not any(k.startswith("steps[1].task.variants[1]") and "wrong[0]" not in k
                   for k, _ in found)  # the plain variant names no text of its own
    assert {("steps[1].task.variants[0].text", "Pass right, and keep both jokers."),
            ("steps[1].task.variants[0].hints[0]", "Never a joker."),
            ("steps[1].task.variants[0].picture.caption", "Your other rack."),
            ("steps[1].task.variants[0].wrong[0].feedback", "Keep both jokers.")} <= found
    # a text the task has already is not extracted twice
    assert not any(k.startswith("steps[1].task.variants[0].otherwise") for k, _ in found)


Edit = Callable[[dict[str, Any]], None]


def _in_variant(edit: Edit) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        data = variant()
        edit(data)
        return with_variants(variant(), data)
    return make


def _continuing() -> dict[str, Any]:
    data = with_variants(variant())
    task = data["steps"][1]["task"]
    task["continues"] = True
    for key in ("hands",):
        task["state"].pop(key)
    data["steps"].insert(1, copy.deepcopy(lesson()["steps"][1]) | {"id": "first"})
    return data


V = "steps[1].task.variants[1]"

# (id, lesson data, key path, words in the message): each refusal is file: key: problem
REFUSED: list[tuple[str, Callable[[], dict[str, Any]], str, str]] = [
    ("answer refused by the core", _in_variant(lambda v: v["answers"][0]["action"].update(
        tiles=["W", "S", "J"])), f"{V}.answers[0]", "refuses this expected answer: "
     "JOKER_NOT_PASSABLE"),
    ("answer result not the core's", _in_variant(lambda v: v["answers"][0].update(
        result={"to": "N"})), f"{V}.answers[0].result", "the core answers"),
    ("wrong move accepted", _in_variant(lambda v: v["wrong"][0]["action"].update(
        tiles=["W", "S", "RD"])), f"{V}.wrong[0]", "also listed as an expected answer"),
    ("wrong move with another reason", _in_variant(lambda v: v["wrong"][0]["action"].update(
        tiles=["W", "S"])), f"{V}.wrong[0].reason", "PASS_NEEDS_THREE, not JOKER_NOT_PASSABLE"),
    ("tile not in the rack", _in_variant(lambda v: v["answers"][0]["action"].update(
        tiles=["W", "S", "GD"])), f"{V}.answers[0]", "refuses this expected answer"),
    ("unknown key", _in_variant(lambda v: v.update(seat="S")), f"{V}.seat", "unknown key"),
    ("no table", _in_variant(lambda v: v.pop("state")), f"{V}.state", "missing required key"),
    ("no answers", _in_variant(lambda v: v.pop("answers")), f"{V}.answers",
     "missing required key"),
    ("not a tile", _in_variant(lambda v: v["state"]["hands"]["E"].__setitem__(0, "1X")),
     f"{V}.state.hands.E[0]", "'1X' is not a tile code"),
    ("too many copies", _in_variant(lambda v: v["state"]["hands"]["E"].__setitem__(
        slice(0, 2), ["3B", "3B"])), f"{V}.state.hands.N[2]", "tile 3B: 5 copies"),
    ("hints not text", _in_variant(lambda v: v.update(hints="one")), f"{V}.hints",
     "list of non-empty strings"),
    ("bad picture", _in_variant(lambda v: v["picture"].update(kind="photo")), f"{V}.picture.kind",
     "not one of"),
    ("another rule", _in_variant(lambda v: v.update(wrong=[{
        "action": {"type": "pass", "seat": "E", "tiles": ["W", "S"], "blind": 1},
        "reason": "BLIND_NOT_ALLOWED"}])), f"{V}.wrong[0].reason",
     "teaches the rules of its task (joker_never_passed, pass_three); BLIND_NOT_ALLOWED is about "
     "blind_last_pass"),
    ("reason not text", _in_variant(lambda v: v["wrong"][0].update(reason=["JOKER"])),
     f"{V}.wrong[0].reason", "not a referee reason code"),
    # a pass step that is a list, not text (make fuzz: a TypeError setting up the table)
    ("step not text", _in_variant(lambda v: v["state"].update(step=["first_right"])),
     f"{V}.answers[0]", "scenario"),
    # make fuzz: a ValueError setting up the table, before the core could say so
    ("blind not a number", _in_variant(lambda v: v["answers"][0]["action"].update(blind="9Z")),
     f"{V}.answers[0]", "blind must be a whole number 0-3"),
    ("variants not tables", lambda: with_variants("east"),  # type: ignore[arg-type]
     "steps[1].task.variants", "list of tables"),
    ("variant of a continuing task", _continuing, "steps[2].task.variants", "cannot have variants"),
]


@pytest.mark.parametrize(("data", "key", "words"), [r[1:] for r in REFUSED],
                         ids=[r[0] for r in REFUSED])
def test_the_validator_refuses_a_broken_variant(write_pack: WritePack, data: Callable[[], dict[str, Any]],
                                                key: str, words: str) -> None:
    folder = write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": data()})
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    shown = [str(p) for p in caught.value.problems]
    assert any(p.file.endswith("01-one.toml") and p.key_path == key and words in p.message
               for p in caught.value.problems), shown


def test_a_broken_task_is_reported_once_not_again_per_variant(write_pack: WritePack) -> None:
    for key, value in (("ruleset", "riichi"), ("given", 3)):  # no task at all / a task
        data = with_variants(variant(), variant())
        data["steps"][1]["task"][key] = value
        with pytest.raises(PackError) as caught:
            load_pack(write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": data}, name=key))
        assert [p.key_path for p in caught.value.problems] == [f"steps[1].task.{key}"]


def test_a_variant_table_that_cannot_be_set_up_is_a_problem(write_pack: WritePack) -> None:
    from dataclasses import replace

    from tilewise.lessons import moves

    pack = load_pack(write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": with_variants(variant())}))
    step = pack.lessons[0].steps[1]
    assert step.task is not None and moves.check_pack(pack) == []
    [good] = step.task.variants
    crowded = {**good.task.state, "hands": {"E": ["J"] * 9}}  # the validator's reader refuses it
    broken = replace(step.task, variants=(replace(good, task=replace(good.task, state=crowded)),))
    pack.lessons[0].steps[1] = replace(step, task=broken)
    [problem] = moves.check_pack(pack)
    assert problem.key_path == "steps[1].task.variants[0].state"
    assert "the table cannot be set up" in problem.message


def test_review_picks_an_unseen_variant_then_the_one_seen_longest_ago() -> None:
    assert pick_variant(0, {}) == 0  # no variants: the mistake's own table
    assert pick_variant(0, {0: "2026-01-01T00:00:00Z"}) == 0
    assert pick_variant(2, {}) == 1
    assert pick_variant(2, {1: "2026-01-02T00:00:00Z"}) == 2
    seen = {1: "2026-01-02T00:00:00Z", 2: "2026-01-03T00:00:00Z"}
    assert pick_variant(2, seen) == 0  # all seen: back to the mistake's own table first
    seen[0] = "2026-01-04T00:00:00Z"
    assert pick_variant(2, seen) == 1  # then the one seen longest ago
    assert pick_variant(2, {0: "x", 1: "x", 2: "x"}) == 0  # a tie goes to the lower number


def test_a_mistake_is_reviewed_on_a_variant_with_the_same_verdicts(write_pack: WritePack) -> None:
    one = demo(write_pack, with_variants(variant()))
    session = LessonSession(one)
    session.advance()
    refused = session.attempt(BASE_JOKER)
    [kept] = session.take_mistakes()
    mistake = kept.to_dict()
    assert variant_count(one, mistake) == 1 and variant_count(one, {
        "step_id": "where", "kind": "quiz"}) == 0
    played = variant_lesson(one, mistake, 1)
    assert played.steps[1].text == "Pass right, and keep both jokers." and played is not one
    assert variant_lesson(one, mistake, 0) is one
    review = replay_session(one, mistake, variant=1)
    assert review.step.id == "pass" and review.lesson.steps[1].task is not None
    again = review.attempt(JOKER)  # the same rule on the variant's tiles
    assert (again.accepted, again.reason, refused.reason) == (
        False, "JOKER_NOT_PASSABLE", "JOKER_NOT_PASSABLE")
    assert again.message == "Keep both jokers."  # the variant's own feedback
    assert review.take_mistakes()[0].state == review.step.task.state  # type: ignore[union-attr]
    assert review.attempt(RIGHT).accepted
    with pytest.raises(ReviewError, match="no variant 2"):
        replay_session(one, mistake, variant=2)
    original = replay_session(one, mistake)  # variant 0: the table the mistake was made on
    assert original.attempt(BASE_JOKER).reason == "JOKER_NOT_PASSABLE"


def test_the_core_pack_gives_variants_played_through_the_core() -> None:
    from tests.lessons.conftest import CORE

    pack = load_pack(CORE)
    varied = {(lesson.id, step.id) for lesson in pack.lessons for step in lesson.steps
              if step.task is not None and step.task.variants}
    assert {("charleston", "first-right"), ("claims", "chi"), ("claims", "chi-across")} <= varied


def test_a_fault_setting_up_a_variant_table_is_a_problem_not_a_crash(
        write_pack: WritePack, monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise.lessons import moves, table

    pack = load_pack(write_pack(copy.deepcopy(MANIFEST), {"01-one.toml": with_variants(variant())}))

    def broken(*args: Any) -> None:
        raise RuntimeError("a fault")

    monkeypatch.setattr(table, "Table", broken)
    [problem] = moves.check_pack(pack)
    assert problem.key_path == "steps[1].task.variants[0].state"
    assert problem.message == "the table cannot be set up: RuntimeError: a fault"
