"""Using the app reaches a steady state (issue 15, item 8): opening steps and dealing practice
hands from inside an event loop, as a learner's clicks do, leaves no widget behind, and the
app's memory after 1000 step opens and 100 deals is within 5 MB of its memory after the first
100 (a child process, ``growth_child.py``; ``make bench`` reports the same run's figures with
each cache's size, bench_growth.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from tests.hardening.eventloop import in_event_loop
from tests.hardening.growth_child import CHECK, DEALS, LIMIT_KB, OPENS, WIDGET_SLACK, measure


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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RSS is read from /proc")
def test_memory_after_1000_step_opens_and_100_deals_within_5_mb_of_after_the_first_100() -> None:
    """About 14 s: the app in a child process, 1100 actions in its own event loop."""
    figures = measure("--opens", str(OPENS), "--deals", str(DEALS), "--check", str(CHECK))
    assert figures["actions"] == OPENS + DEALS
    first, end = figures["check"], figures["end"]
    grown = end["rss"] - first["rss"]
    # (it grew 35 MB: faces kept at every table size up to 48 MB, and Qt's pixmap cache
    # filled with copies of each step's feedback icon and tile rows, never used again)
    assert grown <= LIMIT_KB, f"RSS {first['rss']} KB after {CHECK} actions, {end['rss']} KB after all"
    assert end["widgets"] - first["widgets"] <= WIDGET_SLACK, (first, end)
