"""Using the app reaches a steady state (issue 15, item 8): opening steps and dealing practice
hands from inside an event loop, as a learner's clicks do, leaves no widget behind. The memory
figures (RSS per step and per deal, levelling off) are ``make bench``'s (bench_growth.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication


def in_event_loop(actions: list[Callable[[], object]]) -> int:
    """Run ``actions`` one per turn of an event loop (deleted widgets really go, as in the
    app); return the number of widgets after them."""
    loop = QEventLoop()
    todo = iter(actions)

    def tick() -> None:
        action = next(todo, None)
        if action is None:
            loop.quit()
            return
        action()
        QTimer.singleShot(0, tick)

    QTimer.singleShot(0, tick)
    loop.exec()
    return len(QApplication.allWidgets())


def test_steps_and_deals_leave_no_widgets_behind(window: Any) -> None:
    pack = window.packs[0]
    steps = [(lesson, index) for lesson in pack.lessons for index in range(len(lesson.steps))
             if lesson.steps[index].kind in ("quiz", "task")]

    def opener(k: int) -> Callable[[], object]:
        lesson, index = steps[(k * 7) % len(steps)]  # quizzes and tasks of every lesson
        return lambda: (window.player.open(pack, lesson, {"lesson": lesson.id, "index": index}),
                        window.stack.setCurrentWidget(window.player))

    after_10 = in_event_loop([opener(k) for k in range(10)])
    after_30 = in_event_loop([opener(k) for k in range(10, 30)])
    assert abs(after_30 - after_10) <= 6, (after_10, after_30)  # options, commands: per step
    play = window.practice.play
    window.stack.setCurrentWidget(play)

    def dealer(k: int) -> Callable[[], object]:
        return lambda: play.deal("american" if k % 2 else "wsm", k, "S")

    after_3 = in_event_loop([dealer(k) for k in range(3)])
    after_9 = in_event_loop([dealer(k) for k in range(3, 9)])
    assert abs(after_9 - after_3) <= 3, (after_3, after_9)  # claim buttons: per table
    # (a deal left 14 rack buttons behind when deleted widgets were never deleted)
