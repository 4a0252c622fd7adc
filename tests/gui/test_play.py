"""The play room: reached from the practice page, a whole hand of each ruleset played as the
learner with mouse clicks (and the keys), the coach, refusals, deal codes, and a language
switch. Screenshots: ``TILEWISE_SHOTS=dir`` saves one per ruleset."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tilewise.gui.reasons import explain
from tilewise.i18n import set_language
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.hand.partners import Partners

LEFT = Qt.MouseButton.LeftButton


def open_play(qtbot: Any, window: Any) -> Any:
    hub = window.practice
    qtbot.mouseClick(hub.open_button, LEFT)
    qtbot.mouseClick(hub.page.play_button, LEFT)
    assert window.stack.currentWidget() is hub.play
    return hub.play


def select(qtbot: Any, view: Any, tiles: list[str]) -> None:
    """Click one rack tile per code (the left-most not yet selected)."""
    for code in tiles:
        button = next(b for b, own in zip(view.rack.buttons, view.rack.codes, strict=True)
                      if own == code and not b.isChecked())
        qtbot.mouseClick(button, LEFT)
    assert sorted(view.rack.selected()) == sorted(tiles)


def click(qtbot: Any, view: Any, name: str) -> None:
    button = view.buttons[name]
    assert button.isVisible(), name
    qtbot.mouseClick(button, LEFT)


def play_by_mouse(qtbot: Any, view: Any) -> int:
    """Play the learner's seat to the end as the partners would, by clicks; return moves."""
    engine = view.engine
    policy = Partners()
    moves = 0
    while not engine.over and view.me in engine.waiting():
        action, _ = policy.decide(engine, view.me)
        kind = action["type"]
        before = len(engine.moves)
        if kind == "pass":
            select(qtbot, view, action["tiles"])
            view.blind.setValue(action["blind"])
            click(qtbot, view, "pass")
        elif kind == "vote":
            click(qtbot, view, "continue" if action["continue"] else "stop")
        elif kind == "offer":
            select(qtbot, view, action["tiles"])
            click(qtbot, view, "offer")
        elif kind == "draw":
            click(qtbot, view, "draw")
        elif kind in ("discard", "joker_exchange", "kong_concealed", "kong_added"):
            select(qtbot, view, [action["tile"]])
            name = {"discard": "discard", "joker_exchange": "exchange"}.get(kind, "kong")
            click(qtbot, view, name)
        elif kind == "declare_win":
            click(qtbot, view, "declare")
        elif kind == "no_claim":
            click(qtbot, view, "let_go")
        else:
            button = view.claim_buttons[view.claim_actions.index(action)]
            assert button.isVisible() and button.text()
            qtbot.mouseClick(button, LEFT)
        assert len(engine.moves) > before and engine.moves[before].legal, action
        moves += 1
    return moves


@pytest.mark.parametrize(("ruleset", "seed"), [("american", 8), ("wsm", 8)])
def test_a_whole_hand_by_mouse(qtbot: Any, window: Any, ruleset: str, seed: int) -> None:
    view = open_play(qtbot, window)
    view.deal(ruleset, seed, "S")
    assert view.code.text() == view.engine.code
    assert view.prompt.text() and view.coach.text()
    moves = play_by_mouse(qtbot, view)
    auto = HandEngine(ruleset, seed, card=view.card)
    assert moves > 5 and view.engine.events == auto.events
    assert view.engine.refused == 0 and view.prompt.text()
    assert view.log.text()
    shots = os.environ.get("TILEWISE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        view.grab().save(str(Path(shots) / f"play-{ruleset}-end.png"))


def test_coach_refusals_and_keys(qtbot: Any, window: Any) -> None:
    view = open_play(qtbot, window)
    view.deal("american", 4, "E")
    assert "Charleston" in view.prompt.text()
    view.rack.select(view.rack.codes[:2])
    click(qtbot, view, "pass")
    assert explain("PASS_NEEDS_THREE", "american") in view.feedback.text()
    assert view.coach.isVisible() and "Line" in view.coach.text()
    view.coach_on.setChecked(False)
    assert not view.coach.isVisible()
    view.coach_on.setChecked(True)
    # keys: M declares (refused: the hand is not complete), the reason is shown
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert explain("NOT_A_WINNING_HAND", "american") in view.feedback.text()
    shots = os.environ.get("TILEWISE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        view.grab().save(str(Path(shots) / "play-american-charleston.png"))


def test_deal_codes_and_languages(qtbot: Any, window: Any) -> None:
    view = open_play(qtbot, window)
    view.code.setText("000-01y")
    qtbot.mouseClick(view.deal_button, LEFT)
    assert view.engine is None and "deal code" in view.feedback.text()
    view.code.setText("g00-01m")
    qtbot.mouseClick(view.deal_button, LEFT)
    assert view.engine.ruleset == "wsm" and view.engine.seed == 3
    qtbot.mouseClick(view.new_button, LEFT)
    assert view.engine.ruleset == "wsm" and view.code.text() == view.engine.code
    english = view.title.text()
    set_language("de")
    try:
        assert view.title.text() != english and view.prompt.text()
    finally:
        set_language("en")


def perform(qtbot: Any, view: Any, action: dict[str, Any]) -> None:
    """Make one learner move by mouse clicks (rack tiles, then the move's button)."""
    kind = action["type"]
    if kind == "pass":
        select(qtbot, view, action["tiles"])
        view.blind.setValue(action["blind"])
        click(qtbot, view, "pass")
    elif kind == "vote":
        click(qtbot, view, "continue" if action["continue"] else "stop")
    elif kind == "offer":
        select(qtbot, view, action["tiles"])
        click(qtbot, view, "offer")
    elif kind == "draw":
        click(qtbot, view, "draw")
    elif kind in ("discard", "joker_exchange", "kong_concealed", "kong_added"):
        select(qtbot, view, [action["tile"]])
        name = {"discard": "discard", "joker_exchange": "exchange"}.get(kind, "kong")
        click(qtbot, view, name)
    elif kind == "declare_win":
        click(qtbot, view, "declare")
    elif kind == "no_claim":
        click(qtbot, view, "let_go")
    else:
        from tilewise.lessons.moves import same_action

        index = next(i for i, a in enumerate(view.claim_actions)
                     if same_action({k: v for k, v in a.items() if k not in ("seat",)},
                                    {k: v for k, v in action.items() if k != "seat"}))
        button = view.claim_buttons[index]
        assert button.isVisible() and button.text()
        qtbot.mouseClick(button, LEFT)


@pytest.mark.parametrize("lesson_id", ["first-hand-wsm", "first-hand-american"])
def test_a_guided_first_hand_from_its_lesson(qtbot: Any, window: Any, core_pack: Any,
                                             lesson_id: str) -> None:
    window.open_lesson(core_pack.id, lesson_id)
    player = window.player
    while player.session.step.kind != "hand":
        qtbot.mouseClick(player.next_button, LEFT)
    assert player.hand_button.isVisible()
    qtbot.mouseClick(player.hand_button, LEFT)
    view = window.practice.play
    assert window.stack.currentWidget() is view and view.guided is not None
    guided = view.guided
    # a move off the plan is explained and not played
    if guided.point.expect["type"] == "discard":
        other = next(t for t in view.rack.codes if t != guided.point.expect["tile"])
        select(qtbot, view, [other])
        click(qtbot, view, "discard")
        assert guided.index == 0 and view.feedback.text()
    for point in guided.hand.script:
        assert guided.point is point and view.prompt.text()
        perform(qtbot, view, point.expect)
        assert view.guidance is not None and view.guidance.kind == "right", point.expect
    assert guided.over and guided.engine.result.winner == guided.hand.seat
    assert view.prompt.text() == "You win this hand!"
    shots = os.environ.get("TILEWISE_SHOTS")
    if shots:
        view.grab().save(str(Path(shots) / f"guided-{lesson_id}-end.png"))
    qtbot.mouseClick(view.back_button, LEFT)
    assert window.stack.currentWidget() is player
