"""Tile notation for test tables: ``hand("1B 1B J")`` and one-call judging of a scenario."""

from __future__ import annotations

from typing import Any

from tilewise.rules.referee import judge


def hand(text: str) -> list[str]:
    """``"1B 2B J"`` -> ``["1B", "2B", "J"]`` (empty text -> empty list)."""
    return text.split()


def answer(ruleset: str, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The referee's answer for one scenario."""
    return judge({"ruleset": ruleset, "state": state, "action": action})


def reason(ruleset: str, state: dict[str, Any], action: dict[str, Any]) -> str | None:
    """Only the reason code (``None`` when legal)."""
    result: str | None = answer(ruleset, state, action)["reason"]
    return result
