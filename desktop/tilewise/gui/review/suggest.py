"""The library's line about what to practise next (issue 19), under the lesson cards.

:class:`PracticeLine` shows a :class:`tilewise.lessons.mastery.Practice` (worked out by
``suggest_practice`` from mastery per rule and the due count): "3 of your mistakes are due
for review today" with a button that starts the review, or the weakest rule with the lesson
and step that teach it and a button that opens that step; hidden when nothing needs practice.
The lesson title is pack text, shown as plain text. No rule here: the pure function decides.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from tilewise.gui.plaintext import plain_label
from tilewise.gui.review.rulenames import rule_name
from tilewise.i18n import _, current_language, ngettext
from tilewise.lessons.catalog import PackCatalog

if TYPE_CHECKING:  # the lessons' model is imported after the first paint (issue 21)
    from tilewise.lessons.mastery import Practice
    from tilewise.lessons.model import Pack


class PracticeLine(QFrame):
    """See the module docstring. Signals: ``review()`` (start the review) and
    ``open_step(pack_id, lesson_id, step_index)``."""

    review = Signal()
    open_step = Signal(str, str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practice-next")
        self.practice: Practice | None = None
        self.packs: list[Pack] = []
        self.label = plain_label("practice-next-text")
        self.button = QPushButton()
        self.button.setObjectName("practice-next-go")
        self.button.setMinimumHeight(44)
        self.button.clicked.connect(self._go)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        self.hide()

    def show_practice(self, practice: Practice | None, packs: list[Pack]) -> None:
        """Show ``practice`` (None hides the line); ``packs`` name the lesson."""
        self.practice, self.packs = practice, packs
        self.retranslate()

    def retranslate(self) -> None:
        """The line in the current language."""
        practice = self.practice
        if practice is None:
            self.hide()
            return
        if practice.due:
            self.label.setText(ngettext(
                "Practise next: {n} of your mistakes is due for review today.",
                "Practise next: {n} of your mistakes are due for review today.", practice.due))
            self.button.setText(_("Review now"))
        else:
            pack = next((p for p in self.packs if p.id == practice.pack_id), None)
            lesson = next((x for x in pack.lessons if x.id == practice.lesson_id),
                          None) if pack is not None else None
            if pack is None or lesson is None:
                self.hide()
                return
            title = PackCatalog(Path(pack.path), current_language()).text(lesson.id, lesson.title)
            self.label.setText(_(
                "Practise next: {rule} (right so far: {percent}%). The lesson “{lesson}” "
                "teaches it at step {number}.", rule=rule_name(practice.rule or ""),
                percent=round(practice.score * 100), lesson=title,
                number=practice.step_index + 1))
            self.button.setText(_("Practise it"))
        self.button.setAccessibleName(self.label.text())
        self.show()

    def _go(self) -> None:
        practice = self.practice
        if practice is None:
            return
        if practice.due:
            self.review.emit()
        else:
            self.open_step.emit(practice.pack_id, practice.lesson_id, practice.step_index)


__all__ = ["PracticeLine"]
