"""``tilewise referee FILE... [--check]`` (PROTOCOL.md "The command")."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SHARED
from tilewise.rules import referee
from tilewise.rules.referee import ScenarioError, judge, main, matches

GOOD = {"id": "T-1", "ruleset": "wsm", "state": {"phase": "play"},
        "action": {"type": "group", "tiles": ["3D", "4D", "5D"], "as": "chi"},
        "expect": {"legal": True}}
WRONG = {**GOOD, "id": "T-2", "expect": {"legal": False, "reason": "CHI_NOT_A_SEQUENCE"}}
BROKEN = {**GOOD, "id": "T-3", "action": {"type": "dance"}}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(args)
    return code, capsys.readouterr().out.splitlines()


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_shared_cases_all_pass(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in (SHARED / "referee" / "cases").glob("*.json"))
    code, lines = run([*files, "--check"], capsys)
    assert lines[-1] == "153 passed, 0 failed" and code == 0


def test_one_json_line_per_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run([write(tmp_path, "a.json", [GOOD, WRONG])], capsys)
    assert code == 0
    assert [json.loads(line) for line in lines] == [
        {"id": "T-1", "legal": True, "reason": None},
        {"id": "T-2", "legal": True, "reason": None}]


def test_check_reports_failures_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [write(tmp_path, "a.json", [GOOD, WRONG, BROKEN, "oops"]),
             write(tmp_path, "bad.json", "[{"), str(tmp_path / "missing.json"),
             write(tmp_path, "one.json", GOOD), write(tmp_path, "noexpect.json",
                                                     [{**GOOD, "expect": None}])]
    code, lines = run([*files, "--check"], capsys)
    assert code == 1
    fails = [line for line in lines if line.startswith("FAIL")]
    assert fails[0] == 'FAIL T-2: legal: expected false, got true'
    assert fails[1] == 'FAIL T-2: reason: expected "CHI_NOT_A_SEQUENCE", got null'
    assert fails[2] == "FAIL T-3: error: unknown action 'dance'"
    assert fails[3] == f"FAIL {files[0]}[3]: error: a scenario must be a JSON object"
    assert fails[4].startswith("FAIL ") and "bad.json: error: cannot read" in fails[4]
    assert "missing.json: error: cannot read" in fails[5]
    assert fails[6] == "FAIL T-1: error: no expect to check"
    assert lines[-1] == "2 passed, 6 failed"


def test_without_check_errors_still_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = run([write(tmp_path, "a.json", [GOOD, BROKEN])], capsys)
    assert code == 1
    assert json.loads(lines[1]) == {"id": "T-3", "error": "unknown action 'dance'"}


def test_unreadable_file_without_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = run([write(tmp_path, "bad.json", "nope")], capsys)
    assert code == 1 and "cannot read" in json.loads(lines[0])["error"]


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps([GOOD])))
    code, lines = run(["-", "--check"], capsys)
    assert (code, lines[-1]) == (0, "1 passed, 0 failed")


def test_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["--verbose", "x.json"]) == 2
    assert "usage" in capsys.readouterr().err


def test_a_bug_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def explode(scenario: Any) -> dict[str, Any]:
        raise KeyError("boom")

    monkeypatch.setattr(referee, "judge", explode)
    code, lines = run([write(tmp_path, "a.json", [GOOD])], capsys)
    assert code == 1 and "internal error: KeyError" in json.loads(lines[0])["error"]


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ([], "JSON object"),
        ({"ruleset": "wsm"}, "action object"),
        ({"ruleset": "wsm", "action": {"type": "fly"}}, "unknown action"),
        ({"ruleset": "go", "action": {"type": "vote"}}, "unknown ruleset"),
    ],
)
def test_scenario_errors(scenario: Any, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        judge(scenario)


@pytest.mark.parametrize(
    ("expected", "actual", "key", "same"),
    [
        ([1, 2], 2, "rotated", True),
        ([1, 2], 3, "rotated", False),
        ({"rotated": [1, 2], "kind": "kong_big"}, {"rotated": 1, "kind": "kong_big"}, "", True),
        ({"rotated": 1}, {"rotated": 1, "extra": 0}, "", False),
        ({"a": 1}, [1], "", False),
        ([1, 2], [1, 2], "", True),
        ([1, 2], [1], "", False),
        ([1], "1", "", False),
        (True, 1, "", False),
        (None, None, "", True),
    ],
)
def test_matches(expected: Any, actual: Any, key: str, same: bool) -> None:
    assert matches(expected, actual, key) is same


def test_discard(capsys: pytest.CaptureFixture[str]) -> None:
    state = {"phase": "play", "hands": {"S": ["1B", "2B"]},
             "turn": {"seat": "S", "stage": "discard"}}
    base = {"ruleset": "wsm", "state": state}
    act = {"type": "discard", "seat": "S", "tile": "1B"}
    assert judge({**base, "action": act})["next"] == "W"
    assert judge({**base, "action": {**act, "tile": "3B"}})["reason"] == "TILE_NOT_IN_HAND"
    assert judge({**base, "action": {**act, "seat": "W"}})["reason"] == "NOT_YOUR_TURN"
    assert judge({**base, "action": {**act, "tile": "F"}})["reason"] == "TILE_NOT_IN_SET"
    assert judge({"ruleset": "wsm", "state": {**state, "phase": "courtesy"}, "action": act})[
        "reason"] == "WRONG_PHASE"
