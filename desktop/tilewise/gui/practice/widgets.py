"""Small widgets the practice modes share: a row of tile buttons (wrapping) and verdict
sentences.

Handlers stay thin (ARCHITECTURE house rule 7): the engines in
``tilewise.lessons.practice`` judge every move; these widgets only show tiles and selections.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from tilewise.gui.memory import PixmapIcon
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


class FlowLayout(QLayout):
    """Items left to right, wrapping onto a new line when the width is full (each line as
    tall as its tallest item): a row of tiles that would be cut or squeezed in a narrow
    column takes two lines instead. Height-for-width, so the column grows to hold it."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def count(self) -> int:  # noqa: D102
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        return self._lay_out(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        """As wide as the widest item (everything else wraps), as tall as one line."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _lay_out(self, rect: QRect, *, move: bool) -> int:
        x, y, line = rect.x(), rect.y(), 0
        gap = self.spacing()
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, line = rect.x(), y + line + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line = max(line, hint.height())
        return y + line - rect.y()


def readable_tile_px(widget: QWidget) -> int:
    """The least height (logical px) of a tile a task is about, on ``widget``'s screen:
    :data:`~tilewise.gui.table.scene.MIN_TILE_PX` (40) on a screen 768 px tall, in proportion
    on a taller one (issue 16; the same rule as the table's)."""
    from tilewise.gui.table.scene import MIN_TILE_PX

    screen = widget.screen() or QGuiApplication.primaryScreen()
    tall = screen.availableGeometry().height() if screen is not None else 768
    return round(MIN_TILE_PX * max(1.0, tall / 768))


class TileRow(QWidget):
    """A row of tile buttons (faces from :class:`TileImages`); checkable ones can be selected.
    A row too long for its width wraps onto a new line (:class:`FlowLayout`).

    ``height``: the tiles' height in logical px; None (the default): readable on this
    screen (:func:`readable_tile_px`). ``limit`` caps how many may be checked at once (the
    oldest check is dropped); ``changed`` fires when the selection changes.
    """

    changed = Signal()

    def __init__(self, images: TileImages, height: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.tile_height = height if height is not None else readable_tile_px(self)
        self.codes: list[str] = []
        self.buttons: list[QToolButton] = []
        self.limit: int | None = None
        self._order: list[int] = []
        #: The tile theme the faces were drawn in (:meth:`refresh_faces`).
        self.theme = images.theme
        self.row = FlowLayout(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
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
            self._set_face(button, code, ratio)
            button.setIconSize(size)
            button.setCheckable(checkable)
            button.toggled.connect(self._toggled(index))
            self.row.addWidget(button)
            button.show()  # a button added to a row already on screen stays hidden otherwise
            self.buttons.append(button)
        self.row.invalidate()
        self.updateGeometry()
        self.retranslate()

    def _set_face(self, button: QToolButton, code: str, ratio: float) -> None:
        face = self.images.pixmap(code, self.tile_height, ratio)
        button.setIcon(QIcon(PixmapIcon(face)))  # nothing kept once the button goes
        self.theme = self.images.theme

    def refresh_faces(self) -> None:
        """Draw the faces again in the images' current theme (a theme switched in the
        settings); the selection stays. Nothing is drawn when the theme is the one drawn."""
        if self.buttons and self.theme != self.images.theme:
            ratio = self.devicePixelRatioF()
            for button, code in zip(self.buttons, self.codes, strict=True):
                self._set_face(button, code, ratio)

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
