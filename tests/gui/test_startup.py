"""Start-up work after the first paint (issue 21): gui/startup.py (its use for the store's
backup at each start: tests/gui/test_review.py)."""

from __future__ import annotations

from typing import Any

import pytest


def test_tasks_wait_for_the_first_paint_run_in_order_and_survive_a_failure(
        qtbot: Any, caplog: pytest.LogCaptureFixture) -> None:
    from PySide6.QtWidgets import QApplication, QLabel

    from tilewise.gui.startup import AfterFirstPaint

    label = QLabel("start")
    qtbot.addWidget(label)
    later = AfterFirstPaint(label)
    ran: list[str] = []

    def broken() -> None:
        ran.append("broken")
        raise RuntimeError("boom")

    later.add(lambda: ran.append("second"))
    later.add(broken)
    later.add(lambda: ran.append("first"), first=True)
    for _ in range(5):
        QApplication.processEvents()
    assert ran == [] and not later.painted  # never shown: never painted, nothing ran
    label.show()
    qtbot.waitUntil(lambda: len(ran) == 3, timeout=3000)
    assert later.painted and ran == ["first", "second", "broken"]
    assert "a start-up task failed" in caplog.text
    later.add(lambda: ran.append("after the paint"))
    qtbot.waitUntil(lambda: len(ran) == 4, timeout=3000)

