"""The pack-problems box fits its screen (tester's report, shot 14): a pack with many long
problems in German made the message box 500x1740 px on a 1024x768 screen, with no scroll bar,
its OK button and most lines off-screen. Now its lines scroll inside the box, the box stays
inside the screen's available geometry, and OK stays in sight with the focus."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from tilewise.gui.dialogs.problems import (
    FRAME_ROOM,
    SHOWN_LINES,
    ProblemsDialog,
    pack_problems_box,
)
from tilewise.i18n import set_language

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"


def _german_problems(tmp_path: Path) -> list[str]:
    """The problems of the core pack with every 5 of dots made an unknown code (as the tester
    did: ``sed -i 's/"5D"/"5Q"/g' lessons/core/03a-calls.toml``), said in German."""
    from tilewise.lessons.pack import PackError, load_pack

    folder = tmp_path / "core"
    shutil.copytree(CORE, folder)
    calls = folder / "03a-calls.toml"
    calls.write_text(calls.read_text(encoding="utf-8").replace('"5D"', '"5Q"'), encoding="utf-8")
    with pytest.raises(PackError) as failed:
        load_pack(folder)
    return [str(p) for p in failed.value.problems]


def _inside(outer: QRect, inner: QRect) -> bool:
    return outer.contains(inner.topLeft()) and outer.contains(inner.bottomRight())


def test_many_long_problems_fit_a_1024x768_screen_and_ok_stays_in_sight(
        window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("de")
    problems = _german_problems(tmp_path)
    assert len(problems) > 20 and all("ist kein Steincode" in p for p in problems)
    window.problems = problems
    boxes: list[ProblemsDialog] = []

    def opened(box: ProblemsDialog) -> int:  # what exec shows, without waiting for a click
        box.show()
        qtbot.waitExposed(box)
        boxes.append(box)
        return 0

    monkeypatch.setattr(ProblemsDialog, "exec", opened)
    window.report_problems()
    (box,) = boxes
    assert box.text().startswith("Ein Paket mit diesen Problemen wurde weggelassen")
    assert box.lines.toPlainText().splitlines() == problems  # all (the first 20 were shown)
    for area in (QRect(0, 0, 1024, 768), box.screen().availableGeometry()):  # 800x800 offscreen
        box.fit_to(area)
        qtbot.waitUntil(lambda a=area: box.height() <= a.height() - 2 * FRAME_ROOM)
        assert _inside(area, box.frameGeometry()), (area, box.frameGeometry())
        ok = box.ok_button()
        shown = QRect(ok.mapTo(box, QPoint(0, 0)), ok.size())
        assert ok.isVisible() and _inside(box.rect(), shown), (box.rect(), shown)
        assert box.lines.verticalScrollBar().maximum() > 0  # the rest scrolls, inside the box
        assert box.lines.horizontalScrollBar().maximum() == 0  # a long path wraps
    # the keyboard as in the message box: OK has the focus, Enter closes
    box.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box.ok_button())
    qtbot.keyClick(box.ok_button(), Qt.Key.Key_Return)
    assert box.result() == 1 and not box.isVisible()


def test_a_short_problem_gets_a_short_box_without_scrolling(qtbot: Any) -> None:
    box = ProblemsDialog("A pack was left out.", ["/packs/p/pack.toml: id: missing"])
    qtbot.addWidget(box)
    box.fit_to(QRect(0, 0, 1024, 768))
    box.show()
    qtbot.waitExposed(box)
    assert box.height() < 300, box.height()
    assert box.lines.verticalScrollBar().maximum() == 0  # every line in sight
    assert box.lines.isReadOnly() and box.lines.accessibleName() == "Problems"
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # Esc closes it too
    assert not box.isVisible()


def test_past_the_shown_lines_the_box_says_how_many_more_and_when_none_opened(qtbot: Any) -> None:
    """More problems than the box lists: the last line counts the rest in the catalog's
    plural; with every pack failed the first sentence does not say "the other lessons are as
    before"."""
    lines = [f"/packs/p/0{k}.toml: steps[{k}].tiles[0]: 'QQ' is not a tile code"
             for k in range(SHOWN_LINES + 3)]
    set_language("de")
    try:
        box = pack_problems_box(lines, none_opened=True)
        qtbot.addWidget(box)
        shown = box.lines.toPlainText().splitlines()
        assert shown[:-1] == lines[:SHOWN_LINES]
        assert shown[-1].startswith("... und 3 weitere Probleme."), shown[-1]
        assert box.text().startswith("Wegen dieser Probleme konnte kein Lektionspaket")
        assert "wie zuvor" not in box.text()
        one = pack_problems_box(lines[:SHOWN_LINES + 1], none_opened=False)
        qtbot.addWidget(one)
        assert one.lines.toPlainText().splitlines()[-1].startswith("... und 1 weiteres Problem.")
        assert one.text().startswith("Ein Paket mit diesen Problemen wurde weggelassen")
        exact = pack_problems_box(lines[:SHOWN_LINES], none_opened=False)
        qtbot.addWidget(exact)
        assert exact.lines.toPlainText().splitlines() == lines[:SHOWN_LINES]  # no "more" line
    finally:
        set_language("en")


def test_the_box_is_as_much_wider_as_its_type_is_larger(qtbot: Any) -> None:
    """At a text scale of 2.0 (a 4K screen's own, gui.style.screen_text_scale) the box was
    720 px wide with type twice as large: a tall narrow column. It is 1440 then, 720 at 1.0."""
    from tilewise.gui.style import style_sheet

    widths = []
    for scale in (1.0, 2.0):
        box = ProblemsDialog("A pack was left out.", ["/packs/p/pack.toml: id: missing"])
        box.setStyleSheet(style_sheet("classic", scale, dark=False, system_px=40 / 3))
        qtbot.addWidget(box)
        box.fit_to(QRect(0, 0, 3840, 2160))
        widths.append(box.width())
    assert widths == [720, 1440]
