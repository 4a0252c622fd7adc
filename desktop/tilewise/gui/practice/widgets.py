"""Small widgets the practice modes share: a row of tile buttons and verdict sentences.

Handlers stay thin (ARCHITECTURE house rule 7): the engines in
``tilewise.lessons.practice`` judge every move; these widgets only show tiles and selections.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QHBoxLayout, QLayout, QToolButton, QWidget

from tilewise.gui.reasons import explain, tile_name
from tilewise.gui.scroll import PageArea
from tilewise.gui.tiles.images import ASPECT, TileImages
from tilewise.i18n import _, pgettext
from tilewise.rules.verdict import Verdict


def tile_list(tiles: Sequence[str]) -> str:
    """Tile names joined with the translated list separator ("" for no tiles)."""
    # TRANSLATORS: separator between tile names in a list
    return pgettext("list separator", ", ").join(tile_name(t) for t in tiles)


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of ``layout`` and delete it (hidden now, not at the next turn of
    the event loop): a row of buttons built again for the next prompt."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


def table_beside_words(table: QWidget, side: QLayout, max_width: int) -> tuple[QHBoxLayout, PageArea]:
    """A practice room's middle row: ``table`` (3 parts) beside the column ``side`` (2 parts,
    at most ``max_width`` px wide), the column in a :class:`PageArea` so that its words scroll
    when they are taller than the page: the window never grows (issue 16). Returns the row
    and the scrolling area."""
    box = QWidget()
    box.setLayout(side)
    area = PageArea(box)
    area.setMaximumWidth(max_width)
    middle = QHBoxLayout()
    middle.addWidget(table, 3)
    middle.addWidget(area, 2)
    return middle, area


def refusal_text(verdict: Verdict, ruleset: str) -> str:
    """The translated sentence for a refused move at a table of ``ruleset`` (``american`` for
    the Charleston practice, ``wsm`` for the claims drill), in that game's own words."""
    return _("Not allowed: {why}", why=explain(str(verdict.reason), ruleset))


class TileRow(QWidget):
    """A row of tile buttons (faces from :class:`TileImages`); checkable ones can be selected.

    ``limit`` caps how many may be checked at once (the oldest check is dropped);
    ``changed`` fires when the selection changes.
    """

    changed = Signal()

    def __init__(self, images: TileImages, height: int = 56, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.tile_height = height
        self.codes: list[str] = []
        self.buttons: list[QToolButton] = []
        self.limit: int | None = None
        self._order: list[int] = []
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(4)
        self.row.addStretch(1)
        self.setStyleSheet("QToolButton { border: 3px solid transparent; border-radius: 6px; }"
                           "QToolButton:checked { border-color: #1f5c45; background: #cfe8d8; }")

    def set_tiles(self, codes: Sequence[str], *, checkable: bool = True,
                  limit: int | None = None) -> None:
        """Show ``codes`` (protocol codes) as buttons; nothing selected."""
        for button in self.buttons:
            self.row.removeWidget(button)
            button.hide()
            button.setParent(None)
            button.deleteLater()
        self.codes, self.buttons, self.limit, self._order = list(codes), [], limit, []
        size = QSize(round(self.tile_height * ASPECT), self.tile_height)
        ratio = self.devicePixelRatioF()
        for index, code in enumerate(self.codes):
            button = QToolButton()
            button.setObjectName(f"tile:{index}:{code}")
            button.setIcon(QIcon(self.images.pixmap(code, self.tile_height, ratio)))
            button.setIconSize(size)
            button.setCheckable(checkable)
            button.toggled.connect(self._toggled(index))
            self.row.insertWidget(index, button)
            button.show()  # a button added to a row already on screen stays hidden otherwise
            self.buttons.append(button)
        self.retranslate()

    def _toggled(self, index: int) -> Callable[[bool], None]:
        def handle(checked: bool) -> None:
            if checked:
                self._order.append(index)
                if self.limit is not None and len(self._order) > self.limit:
                    self.buttons[self._order[0]].setChecked(False)
            elif index in self._order:
                self._order.remove(index)
            self.changed.emit()
        return handle

    def selected(self) -> list[str]:
        """Codes of the checked buttons, left to right."""
        return [code for code, b in zip(self.codes, self.buttons, strict=True) if b.isChecked()]

    def selected_indices(self) -> list[int]:
        """Indices of the checked buttons, left to right."""
        return [i for i, b in enumerate(self.buttons) if b.isChecked()]

    def select(self, codes: Sequence[str]) -> None:
        """Check one button per code given (left-most unchecked first); clear the rest."""
        for button in self.buttons:
            button.setChecked(False)
        for code in codes:
            for button, own in zip(self.buttons, self.codes, strict=True):
                if own == code and not button.isChecked():
                    button.setChecked(True)
                    break

    def retranslate(self) -> None:
        """Tooltips and accessible names: the tile's translated name."""
        for button, code in zip(self.buttons, self.codes, strict=True):
            button.setToolTip(tile_name(code))
            button.setAccessibleName(tile_name(code))
