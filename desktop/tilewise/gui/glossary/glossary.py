"""The glossary screen: one row per term of the packs' glossaries (``pack.toml``
``[[glossary]]``, :class:`tilewise.lessons.model.GlossaryEntry`).

Columns: the meaning, then the word used at an American table, at a WSM table, by Riichi
players and by Hong Kong players (SYLLABUS section 5: pung and pong, chi and chow, kong, soap
and the white dragon, upper and lower seat). The terms are shown in a language of the learner's
choice among the pack's languages (the interface language first), so a teacher can put the
words of two languages side by side. The search box filters rows by any word shown, in the
chosen language or in English. "Open the lesson" takes the learner to the step that teaches
the term (``open_step(pack id, lesson id, step index)``). No rule and no game state here; every
pack text is shown as plain text.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.dialogs.languages import fit_rows
from tilewise.gui.plaintext import make_plain
from tilewise.i18n import LANGUAGES, _, current_language
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.model import GLOSSARY_VARIANTS, GlossaryEntry, Pack

#: A variant that has no word for a term (the thing does not exist at that table).
NONE = "\u2014"


def variant_heading(variant: str) -> str:
    """The translated column heading of a glossary variant."""
    return {
        # TRANSLATORS: glossary column: the word used at an American mah jongg table
        "american": _("American"),
        # TRANSLATORS: glossary column: the word in the World Series of Mahjong rules
        "wsm": _("WSM"),
        # TRANSLATORS: glossary column: the word Riichi (Japanese) mahjong players use
        "riichi": _("Riichi"),
        # TRANSLATORS: glossary column: the word Hong Kong mahjong players use
        "hongkong": _("Hong Kong"),
    }[variant]


class GlossaryView(QWidget):
    """The glossary room. ``leave`` goes back to the library; ``open_step`` opens a step."""

    leave = Signal()
    open_step = Signal(str, str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.packs: list[Pack] = []
        self.rows: list[tuple[Pack, GlossaryEntry]] = []
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        big = QFont(self.heading.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.heading.setFont(big)
        self.back = QPushButton()
        self.back.clicked.connect(self.leave.emit)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.language = QComboBox()
        self.language.currentIndexChanged.connect(self.fill)
        self.language_label = QLabel()
        self.language_label.setBuddy(self.language)
        self.table = QTableWidget(0, 1 + len(GLOSSARY_VARIANTS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, 1 + len(GLOSSARY_VARIANTS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._selected)
        self.table.itemActivated.connect(lambda _item: self.open_selected())
        self.open_button = QPushButton()
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self.open_selected)
        self.taught = QLabel()
        self.taught.setWordWrap(True)
        make_plain(self.heading, self.language_label, self.taught)
        top = QHBoxLayout()
        top.addWidget(self.back)
        top.addWidget(self.heading, 1)
        tools = QHBoxLayout()
        tools.addWidget(self.search, 3)
        tools.addWidget(self.language_label)
        tools.addWidget(self.language, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.taught, 1)
        bottom.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(tools)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self.retranslate()

    # ---- content -------------------------------------------------------------------------
    def show_packs(self, packs: list[Pack]) -> None:
        """Show the glossaries of ``packs`` (in pack order), terms in the interface language."""
        self.packs = packs
        self.rows = [(pack, entry) for pack in packs for entry in pack.glossary]
        languages = ["en", *sorted({lang for pack in packs for lang in pack.languages} - {"en"})]
        self.language.blockSignals(True)
        self.language.clear()
        for code in languages:
            self.language.addItem(LANGUAGES.get(code, code), code)
        fit_rows(self.language)  # each language's own script whole in the list
        here = self.language.findData(current_language())
        self.language.setCurrentIndex(max(here, 0))
        self.language.blockSignals(False)
        self.fill()

    def chosen_language(self) -> str:
        """The language the terms are shown in."""
        return str(self.language.currentData() or current_language())

    def fill(self) -> None:
        """Put every term in the table, in the chosen language; then apply the search."""
        lang = self.chosen_language()
        catalogs = {pack.id: PackCatalog(Path(pack.path), lang) for pack in self.packs}
        self.table.setRowCount(len(self.rows))
        for row, (pack, entry) in enumerate(self.rows):
            text = catalogs[pack.id].text
            cells = [text(entry.context, entry.meaning)] + [
                text(entry.context, entry.names[v]) if v in entry.names else NONE
                for v in GLOSSARY_VARIANTS]
            english = " ".join([entry.meaning, *entry.names.values()])
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)  # plain text: pack text is never markup
                item.setData(Qt.ItemDataRole.UserRole, english)
                if column and value == NONE:
                    # TRANSLATORS: glossary cell tooltip: that kind of table has no such thing
                    item.setToolTip(_("Not used at this table"))
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()
        self.filter(self.search.text())

    def filter(self, words: str) -> None:
        """Hide the rows where no cell (nor the English words) contains ``words``."""
        needle = words.strip().casefold()
        for row in range(self.table.rowCount()):
            cells = [self.table.item(row, c) for c in range(self.table.columnCount())]
            hay = " ".join(c.text() for c in cells if c is not None)
            first = cells[0]
            if first is not None:
                hay += " " + str(first.data(Qt.ItemDataRole.UserRole))
            self.table.setRowHidden(row, bool(needle) and needle not in hay.casefold())

    def visible_terms(self) -> list[str]:
        """Ids of the rows the search leaves on screen, in order (for tests and speech)."""
        return [self.rows[row][1].id for row in range(self.table.rowCount())
                if not self.table.isRowHidden(row)]

    # ---- opening the step that teaches a term -------------------------------------------
    def _current(self) -> tuple[Pack, GlossaryEntry] | None:
        row = self.table.currentRow()
        if 0 <= row < len(self.rows) and not self.table.isRowHidden(row):
            return self.rows[row]
        return None

    def _selected(self) -> None:
        current = self._current()
        self.open_button.setEnabled(current is not None)
        if current is None:
            self.taught.clear()
            return
        pack, entry = current
        lesson = pack.lesson(entry.lesson)
        title = PackCatalog(Path(pack.path), current_language()).text(lesson.context(), lesson.title)
        number = [step.id for step in lesson.steps].index(entry.step) + 1
        # TRANSLATORS: below the glossary: where the selected term is taught
        self.taught.setText(_("Taught in “{lesson}”, step {number}.", lesson=title, number=number))

    def select(self, term_id: str) -> bool:
        """Select the row of ``term_id`` (False when there is none)."""
        for row, (_pack, entry) in enumerate(self.rows):
            if entry.id == term_id:
                self.table.setCurrentCell(row, 0)
                return True
        return False

    def open_selected(self) -> None:
        """Open the lesson step that teaches the selected term."""
        current = self._current()
        if current is None:
            return
        pack, entry = current
        lesson = pack.lesson(entry.lesson)
        index = [step.id for step in lesson.steps].index(entry.step)
        self.open_step.emit(pack.id, lesson.id, index)

    def retranslate(self) -> None:
        """Every interface text of the room (an i18n listener via the main window)."""
        self.heading.setText(_("Glossary"))
        self.back.setText(_("Lessons"))
        # TRANSLATORS: placeholder of the glossary's search box
        self.search.setPlaceholderText(_("Search a word, in any of the columns"))
        self.search.setAccessibleName(_("Search the glossary"))
        # TRANSLATORS: label of the glossary's language chooser (the terms' language)
        self.language_label.setText(_("Terms in:"))
        self.open_button.setText(_("Open the lesson step"))
        # TRANSLATORS: glossary column: what the term means
        headings = [_("Meaning")] + [variant_heading(v) for v in GLOSSARY_VARIANTS]
        self.table.setHorizontalHeaderLabels(headings)
        if self.rows:
            self.fill()
            self._selected()
