"""The Charleston practice's card lines are readable on a projector (issue 16).

At 1024x768 a newcomer saw the card lines' tiles about 16 px high: each line's 14 buttons
(icons 34 px) were squeezed into a column about 365 px wide. A line is what the learner aims
at, so its tiles take the table's rule (``MIN_TILE_PX``, 40 px at 768, in proportion on a taller
screen: ``readable_tile_px``) and wrap onto a second line instead of shrinking.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from tilewise.gui.practice.widgets import readable_tile_px
from tilewise.gui.table.scene import MIN_TILE_PX


def test_the_card_lines_tiles_are_readable_and_whole_at_1024_by_768(window: Any) -> None:
    view = window.practice.charleston
    window.practice.show_page()
    view.deal(40, "S")
    window.stack.setCurrentWidget(view)
    QApplication.processEvents()
    assert window.size().width() == 1024 and window.size().height() == 768
    assert readable_tile_px(view) >= MIN_TILE_PX
    column = view.side_area.viewport()
    for row in view.line_rows:
        assert len(row.buttons) == 14
        lines = set()
        for button in row.buttons:
            shown = button.iconSize()
            assert shown.height() >= MIN_TILE_PX, shown
            # the whole button is on its row (not squeezed below its icon), and the row is
            # within the column beside the table
            assert button.width() >= button.sizeHint().width(), button.objectName()
            assert button.height() >= button.sizeHint().height(), button.objectName()
            assert row.rect().contains(button.geometry()), button.objectName()
            lines.add(button.y())
        assert row.mapTo(column, row.rect().bottomRight()).x() <= column.width()
        assert len(lines) >= 2  # fourteen readable tiles do not fit one line here
