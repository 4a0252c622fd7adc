"""Every shared referee case (../shared/referee/cases, never copied here) through ``judge``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SHARED
from tilewise.rules.referee import judge, matches

CASES_DIR = SHARED / "referee" / "cases"


def _cases() -> list[Any]:
    found = []
    for path in sorted(Path(CASES_DIR).glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            found.append(pytest.param(case, id=case["id"]))
    return found


CASES = _cases()


def test_the_shared_cases_are_there() -> None:
    assert len(CASES) >= 153


@pytest.mark.parametrize("case", CASES)
def test_shared_case(case: dict[str, Any]) -> None:
    answer = judge(case)
    for key, expected in case["expect"].items():
        assert key in answer, f"{case['id']}: no {key} in {answer}"
        assert matches(expected, answer[key], key), f"{case['id']}: {key} {answer[key]!r}"
