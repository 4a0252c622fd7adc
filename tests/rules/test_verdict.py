"""Verdicts and the closed list of reason codes (PROTOCOL.md "Reason codes")."""

from __future__ import annotations

import re

import pytest

from tests.conftest import SHARED
from tilewise.rules.verdict import LOCAL_REASONS, Reason, Refusal, Verdict, allow, refuse


def test_reason_codes_are_exactly_the_protocol_list_and_the_local_ones() -> None:
    text = (SHARED / "referee" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = text.split("## Reason codes", 1)[1].split("##", 1)[0]
    listed = set(re.findall(r"`([A-Z_]+)`", section))
    assert {str(reason) for reason in Reason} == listed | LOCAL_REASONS
    assert LOCAL_REASONS <= {str(reason) for reason in Reason}


def test_answer_shape() -> None:
    assert allow(to="S").to_answer() == {"legal": True, "reason": None, "to": "S"}
    assert refuse(Reason.TILE_NOT_IN_HAND, "7B").to_answer() == {
        "legal": False, "reason": "TILE_NOT_IN_HAND", "tiles": ["7B"]}
    assert Verdict(True).to_answer() == {"legal": True, "reason": None}


def test_refusal_carries_its_verdict() -> None:
    refusal = Refusal(Reason.DEAD_HAND)
    assert refusal.verdict == Verdict(False, Reason.DEAD_HAND)


def test_a_verdict_is_a_value_that_cannot_be_changed() -> None:
    verdict = allow(next="S")
    assert verdict == Verdict(True, None, (), {"next": "S"})
    assert verdict != refuse(Reason.DEAD_HAND)
    with pytest.raises(AttributeError):
        verdict.legal = False  # type: ignore[misc]
    assert verdict.legal is True
    refusal = Refusal(Reason.TILE_NOT_IN_HAND, "7B", "8B")
    assert refusal.verdict == refuse(Reason.TILE_NOT_IN_HAND, "7B", "8B")
    answer = refusal.verdict.to_answer()
    assert answer == {"legal": False, "reason": "TILE_NOT_IN_HAND", "tiles": ["7B", "8B"]}
    assert type(answer["reason"]) is str  # the code itself, not the enum member
