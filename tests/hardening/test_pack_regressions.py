"""Crashes the pack fuzzer found in the validator, kept as plain regression tests: each mutated
pack must be refused with a ``PackError`` naming file, key path and problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.packs import copy_core, read_toml, write_toml
from tilewise.lessons.model import PackError
from tilewise.lessons.pack import clear_cache, load_pack

Data = dict[str, Any]


def step(data: Data, kind: str) -> Data:
    return next(s for s in data["steps"] if s["kind"] == kind)


def picture(data: Data, kind: str) -> Data:
    return next(s["picture"] for s in data["steps"] if s.get("picture", {}).get("kind") == kind)


def task_state(data: Data) -> Data:
    state: Data = step(data, "task")["task"]["state"]
    return state


def set_last_discard(data: Data, discards: Any, by: Any) -> None:
    state = task_state(data)
    state["discards"] = discards
    state["last_discard"] = {"tile": "1B", "by": by}


CASES: list[tuple[str, Callable[[Data], None], str]] = [
    ("quiz answer is a list", lambda d: step(d, "quiz")["quiz"].update(answer=["a"]),
     "quiz.answer: ['a'] is not an option id"),
    ("card is a number", lambda d: task_state(d).update(card=5), "state.card: must be a list"),
    ("card line is a number", lambda d: task_state(d).update(card=[5]),
     "state.card: must be a list"),
    ("card group is text", lambda d: task_state(d).update(card=[["x"]]),
     "state.card: must be a list"),
    ("card tiles is text", lambda d: task_state(d).update(card=[[{"tiles": "1B"}]]),
     "state.card: must be a list"),
    ("discards is a list", lambda d: set_last_discard(d, ["1B"], "E"),
     "state.discards: must be a table"),
    ("last discard by a list", lambda d: set_last_discard(d, {"E": ["1B"]}, ["E"]),
     "the core cannot read this scenario"),
    ("discards of a seat is a number", lambda d: set_last_discard(d, {"E": 5}, "E"),
     "state.discards.E: must be a list of tile codes"),
    ("highlight is a number", lambda d: picture(d, "seat_diagram").update(highlight=3),
     "picture.highlight: must be a list"),
]


@pytest.mark.parametrize(("mutate", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_malformed_values_are_problems_not_crashes(tmp_path: Path, mutate: Callable[[Data], None],
                                                   expected: str) -> None:
    folder = copy_core(tmp_path / "pack")
    lesson = folder / "02-charleston.toml"
    data = read_toml(lesson)
    mutate(data)
    write_toml(lesson, data)
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    clear_cache()
    problems = [str(p) for p in caught.value.problems]
    assert any(p.startswith(f"{lesson}: steps[") and expected in p for p in problems), problems


@pytest.mark.parametrize(("kind", "key", "value"), [
    ("rack", "marked", 1), ("exposures", "melds", [{"kind": "pung", "tiles": ["1B"] * 3,
                                                    "face_down": 0}]),
    ("kong", "meld", {"kind": "kong", "tiles": 4}), ("precedence_ladder", "rungs",
                                                     [{"claims": ["win"], "seats": "E"}]),
    ("rack", "zones", [{"to": "S", "tiles": 0}]),
])
def test_picture_lists_of_the_wrong_type_are_problems(tmp_path: Path, kind: str, key: str,
                                                      value: Any) -> None:
    folder = copy_core(tmp_path / "pack")
    for lesson in sorted(folder.glob("0*.toml")):
        data = read_toml(lesson)
        pictures = [s["picture"] for s in data["steps"] if s.get("picture", {}).get("kind") == kind]
        if pictures:
            pictures[0][key] = value
            write_toml(lesson, data)
            break
    else:
        pytest.skip(f"the core pack has no {kind} picture")
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    clear_cache()
    assert any("must be" in p.message or "is not a tile index" in p.message
               for p in caught.value.problems), caught.value.problems


def test_deeply_nested_toml_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    folder = copy_core(tmp_path / "pack")
    (folder / "06-deep.toml").write_text("a = " + "[" * 5000 + "]" * 5000 + "\n",
                                         encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    clear_cache()
    problems = [str(p).split(": ", 1)[1] for p in caught.value.problems]
    assert len(problems) == 1
    assert problems[0] == "file: cannot read TOML: tables or lists are nested too deeply"


@pytest.mark.parametrize("asset", ["../../etc/passwd", "/etc/passwd", "C:/x.png",
                                   "assets\\..\\x.png", "assets/../../x.png", "link/passwd"])
def test_asset_paths_must_stay_inside_the_pack(tmp_path: Path, asset: str) -> None:
    folder = copy_core(tmp_path / "pack")
    (folder / "link").symlink_to("/etc")
    data = read_toml(folder / "pack.toml")
    data["assets"] = [{"path": asset, "source": "ours", "licence": "CC0-1.0"}]
    write_toml(folder / "pack.toml", data)
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    clear_cache()
    assert [str(p) for p in caught.value.problems] == [
        f"{folder / 'pack.toml'}: assets[0].path: must be a path inside the pack, such as "
        "assets/table.png"]


def test_an_asset_inside_the_pack_is_fine(tmp_path: Path) -> None:
    folder = copy_core(tmp_path / "pack")
    (folder / "assets").mkdir()
    (folder / "assets" / "table.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    data = read_toml(folder / "pack.toml")
    data["assets"] = [{"path": "assets/table.png", "source": "ours", "licence": "CC0-1.0"},
                      {"path": "assets/missing.png", "source": "ours", "licence": "CC0-1.0"}]
    write_toml(folder / "pack.toml", data)
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    clear_cache()
    assert [p.message for p in caught.value.problems] == [
        "asset file assets/missing.png does not exist"]
