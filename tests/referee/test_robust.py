"""No input crashes the referee (issue 14): any JSON value, however deep or oddly typed, gives
one line per scenario (an answer or ``{"id", "error"}``) and the run goes on to the next
scenario and the next file.

Hypothesis (derandomized): ``test_any_json_scenario`` 400 examples of random JSON trees in
scenario position; ``test_mutated_cases`` 1000 examples of the shared and project cases with
one subtree replaced by random JSON; ``test_any_json_file`` 60 whole files through the command.
"""

from __future__ import annotations

import copy
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT, SHARED
from tilewise.rules import referee
from tilewise.rules.referee import ScenarioError, judge, main

SEEDS: list[dict[str, Any]] = [
    case
    for folder in (SHARED / "referee" / "cases", ROOT / "tests" / "referee" / "cases")
    for path in sorted(folder.glob("*.json"))
    for case in json.loads(path.read_text(encoding="utf-8"))
]

SCALARS = (st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=True)
           | st.sampled_from(["", "E", "S", "1B", "F3", "J", "pong", "win", "play", "kong_added",
                              "chi", "pung", "added", "discard", "draw", "first_left", "\n"])
           | st.text(max_size=6))
JSON = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "tiles", "seat", "kind", "tile", "by", "hands",
                                       "melds", "card", "turn", "from", "rotated", "id", "x"]),
                      children, max_size=4),
    max_leaves=20,
)
SETTINGS = settings(derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def answer_line(scenario: Any) -> dict[str, Any]:
    """What the command prints for ``scenario`` (never raises, one JSON object)."""
    line = referee._answer(scenario, "file[0]")
    text = json.dumps(line)
    assert "\n" not in text
    assert "internal error" not in str(line.get("error", "")), line
    return line


def deep(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (its root included)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def replace(value: Any, where: tuple[Any, ...], new: Any) -> Any:
    if not where:
        return new
    value = copy.deepcopy(value)
    node = value
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = new
    return value


@pytest.mark.parametrize(
    ("scenario", "words"),
    [
        ({"ruleset": "wsm", "action": {"type": ["claim"]}}, "unknown action a list"),
        ({"ruleset": "wsm", "action": {"type": {"x": 1}}}, "unknown action an object"),
        ({"ruleset": "wsm", "action": {"type": deep(5000)}}, "unknown action a list"),
        ({"ruleset": deep(3000), "action": {"type": "vote"}}, "unknown ruleset a list"),
        ({"ruleset": "wsm", "state": {"melds": {"S": [{"kind": "pong", "tiles": []}]}},
          "action": {"type": "claim", "seat": "S", "claim": "pong"}}, "has 3 tiles, not 0"),
        ({"ruleset": "american", "state": {"card": [[{"kind": "pung", "tiles": []}]]},
          "action": {"type": "declare_win", "seat": "S"}}, "at least one tile"),
        ({"ruleset": "wsm", "state": {"melds": {"S": [{"kind": "pong", "tiles": ["1B"] * 3,
                                                       "face_down": [7]}]}},
          "action": {"type": "discard", "seat": "S", "tile": "1B"}}, "face_down"),
        ({"ruleset": "wsm", "state": {"phase": ["play"]}, "action": {"type": "discard"}},
         "unknown phase a list"),
        ({"ruleset": "wsm", "state": {"dealer": "x" * 500}, "action": {"type": "discard"}},
         "dealer must be one of E S W N, not 'xxxxx"),
    ],
)
def test_malformed_scenarios_are_one_line_errors(scenario: Any, words: str) -> None:
    with pytest.raises(ScenarioError, match=words) as caught:
        judge(scenario)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_an_unknown_tile_of_any_type_is_named_briefly() -> None:
    state = {"hands": {"S": ["1B", deep(2000)]}}
    result = judge({"ruleset": "wsm", "state": state,
                    "action": {"type": "discard", "seat": "S", "tile": "1B"}})
    assert result == {"legal": False, "reason": "UNKNOWN_TILE", "tiles": ["a list"]}
    long_code = judge({"ruleset": "wsm", "state": {"hands": {"S": ["Q" * 300]}},
                       "action": {"type": "discard", "seat": "S", "tile": "1B"}})
    assert long_code["tiles"] == ["'" + "Q" * 36 + "..."]


def test_deep_json_in_a_file_is_one_line_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep_file = tmp_path / "deep.json"
    deep_file.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps([SEEDS[0]]), encoding="utf-8")
    # deep, but within what the JSON reader takes: compared and printed on one short line
    nested_expect = json.dumps({**SEEDS[0], "id": [1], "expect": {"legal": "HERE"}}).replace(
        '"HERE"', "[" * 900 + "]" * 900)
    odd = tmp_path / "odd.json"
    odd.write_text(f'[{nested_expect}, {{"id": true, "action": {{"type": ["x"]}}}}]',
                   encoding="utf-8")
    code = main([str(deep_file), str(odd), str(good), "--check"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert f"FAIL {deep_file}: error: cannot read {deep_file}: nested too deeply" in lines
    [deep_fail] = [line for line in lines if line.startswith(f"FAIL {odd}[0]: legal: expected")]
    assert len(deep_fail) < len(str(odd)) + 200 and deep_fail.endswith(", got true")
    assert f"FAIL {odd}[1]: error: unknown action a list" in lines
    assert lines[-1] == "1 passed, 3 failed"


def test_an_expect_too_deep_to_compare_is_one_error() -> None:
    scenario = {"expect": {"legal": deep(20_000)}}
    assert referee._failures(scenario, {"legal": deep(20_000)}) == [
        "error: expect is nested too deeply to compare"]


def test_an_empty_error_message_still_names_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(scenario: Any) -> dict[str, Any]:
        raise ScenarioError("")

    monkeypatch.setattr(referee, "judge", explode)
    assert referee._answer({"id": "T"}) == {"id": "T", "error": "ScenarioError"}


def test_a_deep_scenario_the_reader_accepted_is_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def recurse(scenario: Any) -> dict[str, Any]:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(referee, "judge", recurse)
    assert referee._answer({"id": 7}) == {
        "id": 7, "error": "the scenario is nested too deeply to read"}


@settings(SETTINGS, max_examples=400)
@given(JSON)
def test_any_json_scenario(value: Any) -> None:
    answer_line(value)
    answer_line({"ruleset": "wsm", "state": value, "action": {"type": "discard", "seat": "E"}})


@settings(SETTINGS, max_examples=1000)
@given(st.sampled_from(range(len(SEEDS))), st.integers(0, 10_000), JSON)
def test_mutated_cases(index: int, spot: int, new: Any) -> None:
    """A real case with one subtree (its state, a hand, a meld, a card group, an action field)
    replaced by random JSON still gives one line, never an internal error."""
    case = SEEDS[index]
    places = paths(case)
    answer_line(replace(case, places[spot % len(places)], new))


@settings(max_examples=60, derandomize=True, deadline=None, database=None)
@given(st.lists(JSON, max_size=3))
def test_any_json_file(tmp_path_factory: pytest.TempPathFactory, values: list[Any]) -> None:
    folder = tmp_path_factory.mktemp("files")
    names = []
    for number, value in enumerate(values):
        path = folder / f"{number}.json"
        path.write_text(json.dumps(value), encoding="utf-8")
        names.append(str(path))
    good = folder / "good.json"
    good.write_text(json.dumps([SEEDS[0]]), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        code = main([*names, str(good), "--check"])
    lines = out.getvalue().splitlines()
    assert code in (0, 1) and "internal error" not in out.getvalue()
    assert json.loads(lines[-2]) == {"id": SEEDS[0]["id"], **judge(SEEDS[0])}
    assert lines[-1].endswith(" failed") and not lines[-1].startswith("0 passed")
