"""The end of a lesson: the score, how many steps were right first time, each step that took
another try (a button back to it), what the lesson opened next, and a way to practise.

Draws :class:`tilewise.lessons.lesson_end.LessonEnd`; holds no progress of its own. Pack text
is plain text (house rule 11).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tilewise.i18n import _, current_language, ngettext, pgettext
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.lesson_end import LessonEnd
from tilewise.lessons.model import Lesson, Pack


def _plain(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class LessonEndView(QWidget):
    """One page; :meth:`show_end` fills it. Signals: ``open_step(pack_id, lesson_id, index)``,
    ``practise()``, ``back_to_library()``."""

    open_step = Signal(str, str, int)
    practise = Signal()
    back_to_library = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonEnd")
        self.pack: Pack | None = None
        self.lesson: Lesson | None = None
        self.end: LessonEnd | None = None
        self.heading = _plain()
        self.heading.setObjectName("stepTitle")
        self.score = _plain()
        self.score.setObjectName("stepText")
        self.retried_label = _plain()
        self.unlocked = _plain()
        self.steps_box = QVBoxLayout()
        steps = QWidget()
        steps.setLayout(self.steps_box)
        scroller = QScrollArea()  # a long list scrolls; the window never grows (issue 16)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(steps)
        self.practise_button = QPushButton()
        self.practise_button.setObjectName("end:practise")
        self.practise_button.clicked.connect(self.practise.emit)
        self.library_button = QPushButton()
        self.library_button.setObjectName("end:library")
        self.library_button.setDefault(True)
        self.library_button.clicked.connect(self.back_to_library.emit)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.practise_button)
        buttons.addWidget(self.library_button)
        root = QVBoxLayout(self)
        for widget in (self.heading, self.score, self.retried_label):
            root.addWidget(widget)
        root.addWidget(scroller, 1)
        root.addWidget(self.unlocked)
        root.addLayout(buttons)
        self.step_buttons: list[QPushButton] = []  # the main window retranslates this page

    def show_end(self, pack: Pack, lesson: Lesson, end: LessonEnd) -> None:
        """Show the end of ``lesson`` (of ``pack``) as summed up in ``end``."""
        self.pack, self.lesson, self.end = pack, lesson, end
        self.retranslate()
        self.library_button.setFocus()

    def retranslate(self) -> None:
        """Every text in the current language (the step buttons are built again)."""
        self.practise_button.setText(_("Practise"))
        self.library_button.setText(_("Back to the lessons"))
        pack, lesson, end = self.pack, self.lesson, self.end
        while self.steps_box.count():  # the old step buttons and the stretch under them
            item = self.steps_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.step_buttons = []
        if pack is None or lesson is None or end is None:
            return
        catalog = PackCatalog(Path(pack.path), current_language())
        self.heading.setText(_("You finished: {lesson}",
                               lesson=catalog.text(lesson.id, lesson.title)))
        self.score.setText(_("Mastery {percent}%. Right first time: {right} of {total}.",
                             percent=round(end.mastery * 100), right=end.first_time,
                             total=end.acting))
        self.retried_label.setText(
            ngettext("This step took another try. Go back to it:",
                     "These steps took another try. Go back to any of them:", len(end.retried))
            if end.retried else _("Every step was right at the first try."))
        for index in end.retried:
            step = lesson.steps[index]
            words = catalog.text(lesson.context(step), step.title or step.text)
            if len(words) > 90:
                words = words[:89].rstrip() + "…"
            button = QPushButton(_("Step {number}: {words}", number=index + 1, words=words))
            button.setObjectName(f"end:step:{index}")
            button.clicked.connect(lambda _c=False, i=index: self.open_step.emit(
                pack.id, lesson.id, i))
            self.steps_box.addWidget(button)
            self.step_buttons.append(button)
        self.steps_box.addStretch(1)
        titles = [catalog.text(other, pack.lesson(other).title) for other in end.unlocked]
        self.unlocked.setText(_("Now open: {lessons}",
                                lessons=pgettext("list separator", ", ").join(titles))
                              if titles else "")
        self.unlocked.setVisible(bool(titles))
