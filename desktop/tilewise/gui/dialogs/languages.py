"""The language menu: ready languages by their own names, incomplete ones marked with a percent.

A language is offered as ready only when the interface and the lesson packs reach the
``language_threshold`` setting (100% by default; ``tilewise.lessons.readiness``). Below it, the
menu still lists it, after a separator, as "Deutsch (incomplete: 87%)", with a tooltip saying
how much of the interface and of the lessons is translated: a learner who picks it knows that
some English will show, and a translator can still switch to it to check their work.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QPainter, QPalette, QPen, QTextLayout
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem

from tilewise.i18n import LANGUAGES, _
from tilewise.lessons.model import Pack
from tilewise.lessons.readiness import DEFAULT_THRESHOLD, Readiness, language_readiness

__all__ = ["ITEM_PADDING", "SEPARATOR_HEIGHT", "RowDelegate", "bundled_packs", "fill_language_box", "fit_rows", "item_height",
           "readiness_of"]

#: Logical pixels above and below a language's name in the list (both together).
ITEM_PADDING = 12

#: Logical pixels of the separator's row (a line across its middle).
SEPARATOR_HEIGHT = 9

Index = QModelIndex | QPersistentModelIndex


def _is_separator(index: Index) -> bool:
    # what QComboBox.insertSeparator marks its row with
    return bool(index.data(Qt.ItemDataRole.AccessibleDescriptionRole) == "separator")


class RowDelegate(QStyledItemDelegate):
    """Rows of a combo box's list that honour an item's size hint (the combo's own menu
    delegate ignores it) and draw a separator as a thin line in a short row: a plain
    styled delegate drew it as an empty row of full height, which read as a missing
    language (a tester's screenshot of the language list)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if not _is_separator(index):
            super().paint(painter, option, index)
            return
        rect = option.rect
        painter.save()
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Mid), 1))
        middle = rect.center().y()
        painter.drawLine(rect.left() + 4, middle, rect.right() - 4, middle)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        if _is_separator(index):
            return QSize(0, SEPARATOR_HEIGHT)
        return super().sizeHint(option, index)


def bundled_packs() -> list[Pack]:
    """The packs the app will show (bundled and installed), read without playing their tasks
    (for the first-start dialog, which comes before the packs are loaded)."""
    from tilewise.lessons.pack import PackError, load_pack
    from tilewise.store.paths import pack_dirs

    packs = []
    for folder in pack_dirs():
        try:
            packs.append(load_pack(folder, check_moves=False))
        except (PackError, OSError):
            continue  # the library reports it once the packs are loaded
    return packs


def readiness_of(packs: Sequence[Pack]) -> list[Readiness]:
    """Readiness of every language of :data:`tilewise.i18n.LANGUAGES` with ``packs``."""
    from tilewise.store.paths import i18n_dir

    return language_readiness(LANGUAGES, packs, i18n_dir())


def fill_language_box(combo: QComboBox, current: str, readiness: Sequence[Readiness],
                      threshold: float = DEFAULT_THRESHOLD) -> None:
    """Fill ``combo`` (item data: the language code) and select ``current``.

    Ready languages come first, by their own names (never translated); the others follow a
    separator, marked incomplete with the lower of their two percentages (rounded down, so
    99.6% never reads as 100%).
    """
    combo.clear()
    ready = [r for r in readiness if r.ready(threshold)]
    waiting = [r for r in readiness if not r.ready(threshold)]
    for item in ready:
        combo.addItem(LANGUAGES.get(item.code, item.code), item.code)
    if ready and waiting:
        combo.insertSeparator(combo.count())
    for item in waiting:
        name = LANGUAGES.get(item.code, item.code)
        # TRANSLATORS: the language menu; {language} is a language's own name ("Deutsch"),
        # {percent} how much of the app and its lessons is translated into it
        combo.addItem(_("{language} (incomplete: {percent}%)", language=name,
                        percent=math.floor(item.percent)), item.code)
        combo.setItemData(combo.count() - 1, _(
            "Interface {interface}% translated, lessons {lessons}%: some text will show in "
            "English.", interface=math.floor(item.interface), lessons=math.floor(item.lessons)),
            Qt.ItemDataRole.ToolTipRole)
    fit_rows(combo)
    combo.setCurrentIndex(max(0, combo.findData(current)))


def fit_rows(combo: QComboBox) -> None:
    """Give each item of ``combo``'s list a size hint of :func:`item_height` ("हिन्दी" is
    taller than "English"), through a delegate that honours it (the combo's own menu
    delegate ignores an item's size hint) and draws a separator as a line
    (:class:`RowDelegate`). Call it after filling ``combo``."""
    combo.ensurePolished()  # the style sheet's font, not the default one
    if not isinstance(combo.itemDelegate(), RowDelegate):
        # the combo's own menu delegate ignores an item's size hint; this one honours it
        combo.setItemDelegate(RowDelegate(combo))
    for index in range(combo.count()):  # "हिन्दी" is taller than "English": room for each
        text = combo.itemText(index)
        if text:
            combo.setItemData(index, QSize(combo.fontMetrics().horizontalAdvance(text) + 16,
                                           item_height(combo, text)), Qt.ItemDataRole.SizeHintRole)


def item_height(combo: QComboBox, text: str) -> int:
    """The height in logical pixels of a list row that shows ``text`` whole in ``combo``'s
    font: the laid-out line (its tallest font, the fallback font of a script such as
    Devanagari included, whose marks reach below Latin letters) plus :data:`ITEM_PADDING`."""
    layout = QTextLayout(text, combo.font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    return math.ceil(max(line.height(), combo.fontMetrics().height())) + ITEM_PADDING
