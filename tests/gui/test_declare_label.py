"""The declare-win button speaks the table's term: "Declare Mah Jongg" at an American table
(as the jokers lesson says), "Declare a win" at a WSM table."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QPushButton

from tests.gui.conftest import open_step
from tilewise.gui.player.player import command_label


def test_declare_button_follows_the_ruleset(window: Any) -> None:
    seen: dict[str, set[str]] = {}
    for lesson in window.packs[0].lessons:
        for step in lesson.steps:
            if step.task is None:
                continue
            player = open_step(window, lesson.id, step.id)
            button = player.findChild(QPushButton, "command:declare_win")
            if button is not None and button.isVisible():
                seen.setdefault(step.task.ruleset, set()).add(button.text())
    assert seen.get("american") == {"Declare Mah Jongg"}, seen
    assert set(seen.get("wsm", {"Declare a win"})) == {"Declare a win"}, seen


def test_declare_label_by_ruleset() -> None:
    assert command_label("declare_win", "american") == "Declare Mah Jongg"
    assert command_label("declare_win", "wsm") == "Declare a win"


def test_no_chi_button_at_an_american_table(window: Any) -> None:
    """jokers/call-kong offers the run-call a beginner tries (refused with its reason), in
    American words: "Chi!" is a WSM word and is shown only at WSM tables."""
    player = open_step(window, "jokers", "call-kong")
    texts = {b.text() for b in player.findChildren(QPushButton) if b.isVisible()}
    assert "Call it for a run!" in texts and "Chi!" not in texts, texts
    player = open_step(window, "claims", "chi")
    texts = {b.text() for b in player.findChildren(QPushButton) if b.isVisible()}
    assert "Chi!" in texts, texts
