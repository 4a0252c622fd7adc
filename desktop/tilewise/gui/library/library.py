"""The lesson library: packs and their lessons with goal, prerequisites, progress and mastery.

A lesson is locked until its prerequisites are complete; a locked card says which lessons to
finish first. ``open_lesson(pack_id, lesson_id)`` is emitted when the learner starts one.
It shows what ``tilewise.lessons.shelf`` keeps of each pack (``PackEntry``: titles, goals,
prerequisites, step counts), so that the app can show it before the packs themselves are
loaded (issue 21, start-up time); ``shelf.entry_of`` gives a loaded pack's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.plaintext import breakable
from tilewise.i18n import _, current_language, pgettext
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.shelf import LessonEntry, PackEntry
from tilewise.store.progress import LessonSummary


def locked_by(lesson: LessonEntry, pack: PackEntry, done: set[str]) -> list[str]:
    """Ids of ``lesson``'s prerequisites (same pack) that are not complete yet."""
    known = {other.id for other in pack.lessons}
    return [p for p in lesson.prerequisites if p in known and p not in done]


class LessonCard(QFrame):
    """One lesson: title and its button, goal, then progress and mastery (or what to finish
    first), compact so a 1024x768 projector shows two to three rows of cards (issue 16: it
    showed about 1.3); the prerequisites are the card's tooltip and accessible description."""

    def __init__(self, library: LibraryView, pack: PackEntry, lesson: LessonEntry,
                 catalog: PackCatalog,
                 summary: LessonSummary | None, missing: list[str]) -> None:
        super().__init__()
        self.setObjectName("lessonCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.pack_id, self.lesson_id = pack.id, lesson.id
        titles = {other.id: catalog.text(other.id, other.title) for other in pack.lessons}
        name = catalog.text(lesson.id, lesson.title)
        title = _wrapped(name)
        title.setObjectName("cardTitle")
        goal = _wrapped(catalog.text(lesson.id, lesson.goal))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(4)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        self.button = QPushButton()
        self.button.setProperty("role", "card")  # less padding: the card stays compact
        head.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        layout.addWidget(goal)
        # TRANSLATORS: separator between lesson titles in a list
        sep = pgettext("list separator", ", ")
        if lesson.prerequisites and not missing:
            before = _("Before this: {lessons}",
                       lessons=sep.join(titles.get(p, p) for p in lesson.prerequisites))
            self.setToolTip(before)
            self.setAccessibleDescription(before)
        total = lesson.steps
        row = QHBoxLayout()
        if missing:
            self.button.setEnabled(False)
            self.button.setText(_("Locked"))
            lock = _wrapped(_("First finish: {lessons}",
                              lessons=sep.join(titles.get(p, p) for p in missing)))
            lock.setObjectName("cardLocked")
            layout.addWidget(lock)
        else:
            bar = QProgressBar()
            bar.setRange(0, 100)
            bar.setTextVisible(False)
            bar.setMaximumHeight(12)
            if summary is not None:
                done_steps = total if summary.completed else summary.step_index
                status = _("Step {number} of {total}", number=min(done_steps + 1, total),
                           total=total)
                if summary.completed:
                    status = _("Completed")
                bar.setValue(round(100 * done_steps / max(1, total)))
                mastery: QLabel | None = QLabel(
                    _("Mastery {percent}%", percent=round(summary.mastery * 100)))
            else:
                status = _("Not started")
                mastery = None  # no empty label (one widget less a card: issue 21)
            row.addWidget(QLabel(status))
            row.addWidget(bar, 1)
            if mastery is not None:
                row.addWidget(mastery)
            layout.addLayout(row)
            if summary is None:
                self.button.setText(_("Start"))
            elif summary.completed:
                self.button.setText(_("Review"))
            else:
                self.button.setText(_("Continue"))
        self.button.setObjectName(f"open:{pack.id}/{lesson.id}")
        # A screen reader hears what the button acts on: "Continue: The Charleston".
        self.button.setAccessibleName(_("{action}: {lesson}", action=self.button.text(),
                                        lesson=name))
        self.button.clicked.connect(lambda: library.open_lesson.emit(pack.id, lesson.id))
        layout.addStretch(1)


class LibraryView(QWidget):
    """Every loaded pack and its lessons for the current profile."""

    open_lesson = Signal(str, str)
    show_problems = Signal()
    """The learner asked to see why the packs could not be opened (the empty library's
    button, shown when every pack was left out for its problems)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.packs: list[PackEntry] = []
        self.summaries: Mapping[tuple[str, str], LessonSummary] = {}
        self.profile_name = ""
        self.unlock_all = False
        self.left_out = False  # packs were left out for their problems (``show_packs``)
        self.problems_button: QPushButton | None = None  # the empty library's, when shown
        self.heading = _wrapped("")  # holds the learner's name
        self.heading.setObjectName("libraryHeading")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("cardNote")
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        # Never a focus stop of its own (it showed no ring: newcomer report); Tab goes from
        # button to button and the area scrolls to the focused one.
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._revealed: tuple[str, int] | None = None  # reveal_pack's pack and scroll value
        self.scroller.verticalScrollBar().rangeChanged.connect(self._keep_revealed)
        root = QVBoxLayout(self)
        root.addWidget(self.heading)
        root.addWidget(self.scroller, 1)
        root.addWidget(self.note)
        # the rooms' buttons (practice, review) side by side: a row, not a row each
        self.action_row = QHBoxLayout()
        root.addLayout(self.action_row)
        self.cards: list[LessonCard] = []
        self.room_lines: list[QWidget] = []  # rooms' lines under the cards (``add_line``)
        self.room_buttons: list[QPushButton] = []  # the rooms' buttons (``add_action``)
        self.room_actions: list[QAction] = []  # and their menu entries
        self.retranslate()

    def show_packs(self, packs: list[PackEntry],
                   summaries: Mapping[tuple[str, str], LessonSummary], profile_name: str, *,
                   unlock_all: bool = False, left_out: bool = False) -> None:
        """Show ``packs`` with the progress ``summaries`` of the current profile; with
        ``unlock_all`` (a teacher's setting) no lesson is locked. ``left_out``: some pack
        could not be opened for problems in its files; with no pack to show, the library
        says so (not that none is installed: tester's report, shots 10-11) and offers to
        show the problems (:attr:`show_problems`)."""
        self.packs, self.summaries, self.profile_name = packs, summaries, profile_name
        self.unlock_all = unlock_all
        self.left_out = left_out
        self.retranslate()

    def retranslate(self) -> None:
        """Rebuild every text (and card) in the current language."""
        self.heading.setText(breakable(_("Lessons for {name}", name=self.profile_name)
                                       if self.profile_name else _("Lessons")))
        self.note.setText(_("The practice lines in these lessons are for learning. "
                            "They are not an official card of any league or year."))
        body = QWidget()
        grid = QGridLayout(body)
        grid.setSpacing(10)
        # the two columns of cards share the width evenly, whatever their texts ask for
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        self.cards = []
        row = 0
        for pack in self.packs:
            catalog = PackCatalog(Path(pack.path), current_language())
            title = _wrapped(catalog.text("pack", pack.title))
            title.setObjectName("packTitle")
            title.setProperty("packId", pack.id)
            grid.addWidget(title, row, 0, 1, 2)
            row += 1
            if pack.summary:
                summary = _wrapped(catalog.text("pack", pack.summary))
                grid.addWidget(summary, row, 0, 1, 2)
                row += 1
            done = {lid for (pid, lid), s in self.summaries.items() if pid == pack.id and s.completed}
            for number, lesson in enumerate(pack.lessons):
                card = LessonCard(self, pack, lesson, catalog,
                                  self.summaries.get((pack.id, lesson.id)),
                                  [] if self.unlock_all else locked_by(lesson, pack, done))
                self.cards.append(card)
                grid.addWidget(card, row + number // 2, number % 2)
            row += (len(pack.lessons) + 1) // 2
        self.problems_button = None
        if not self.packs:
            grid.addWidget(self._empty(), 0, 0, 1, 2)
            row = 1  # the lines (and button) at the top, the room under them left empty
        grid.setRowStretch(row, 1)
        self.scroller.setWidget(body)
        self._rooms_shown()
        self._tab_order()

    def _empty(self) -> QWidget:
        """The empty library: no pack installed, or (``left_out``) every pack left out for
        its problems, then a button to them (a pack was installed, only broken: it said none
        was installed); and why Practice and Review are not offered (:meth:`_rooms_shown`)."""
        box = QWidget()
        box.setObjectName("packsUnopened" if self.left_out else "packsNone")
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        if self.left_out:
            # TRANSLATORS: the library when every lesson pack was left out for problems in
            # its files
            why = QLabel(_("No lesson pack could be opened, because of problems in the pack "
                           "files."))
            why.setObjectName("packsUnopenedWhy")
            # TRANSLATORS: under the line above, over the button "Show the problems"
            lines = [why, QLabel(_("The problems name each file and line to fix."))]
        else:
            lines = [QLabel(_("No lesson pack is installed."))]
        # TRANSLATORS: the empty library, where the buttons "Practice: ..." and "Review my
        # mistakes" are not shown (their practice lines and mistakes come from the lessons)
        rooms = QLabel(_("Practice and review use the lessons, so they come back once a "
                         "lesson pack opens."))
        rooms.setObjectName("packsNoRooms")
        for label in (*lines, rooms):
            label.setWordWrap(True)
            column.addWidget(label)
        if self.left_out:
            self.problems_button = QPushButton(_("Show the problems"))
            self.problems_button.setObjectName("showProblems")
            self.problems_button.clicked.connect(self.show_problems.emit)
            column.insertWidget(len(lines), self.problems_button, 0,
                                Qt.AlignmentFlag.AlignLeft)
        return box

    def _rooms_shown(self) -> None:
        """Practice and Review (their buttons, menu entries, and the note on the practice
        lines), presenter mode's and the glossary's menu entries (F5 did nothing there, the
        glossary was an empty table) only with a lesson pack to show: the empty library led a learner into a
        practice without its Charleston lines or card, and a review of mistakes in lessons
        that are not there (tester's report). Hidden, not disabled: Tab goes to what can be
        done, and the empty library's own line says why they are not there."""
        shown = bool(self.packs)
        self.note.setVisible(shown)
        for button in self.room_buttons:
            button.setVisible(shown)
        for action in self.room_actions:
            action.setEnabled(shown)

    def add_line(self, widget: QWidget) -> None:
        """Put a room's line (the review's suggestion) under the lesson cards, over the row
        of buttons."""
        root = self.layout()
        assert isinstance(root, QVBoxLayout)
        root.insertWidget(root.indexOf(self.note) + 1, widget)
        self.room_lines.append(widget)
        self._tab_order()

    def offer_with_packs(self, action: QAction) -> None:
        """Keep ``action`` (a menu entry into a room of the packs: presenter mode, the
        glossary) on only while a pack is shown (:meth:`_rooms_shown`)."""
        self.room_actions.append(action)
        self._rooms_shown()

    def add_action(self, button: QPushButton, action: QAction | None = None) -> None:
        """Put a room's button (practice, review) in the row under the lesson cards; it and
        the room's menu ``action`` are offered only while a pack is shown
        (:meth:`_rooms_shown`)."""
        self.action_row.addWidget(button, 1)
        self.room_buttons.append(button)
        if action is not None:
            self.room_actions.append(action)
        self._rooms_shown()
        self._tab_order()

    def _tab_order(self) -> None:
        """Tab goes as the page reads: the cards' buttons, a room's line (the review's
        suggestion, under the cards), then the rooms' buttons (the suggestion came last)."""
        chain = [card.button for card in self.cards]
        if self.problems_button is not None:
            chain.append(self.problems_button)
        chain += [b for line in self.room_lines for b in line.findChildren(QPushButton)]
        chain += self.room_buttons
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        """Enter on a focused button of the library presses it, as Space does (only Space
        did: a button outside a dialog takes no Enter; newcomer report). The button passes
        the key on to its parents, so one handler here serves every card's and room's
        button: no event filter on each, which Python was called for at each of their events
        while the library was built (issue 21, start-up time). The focused button is the
        window's, not the application's: in an X session without a window manager the
        window is never activated (``QApplication.focusWidget()`` is None) and its keys
        still come (tests/gui/test_library_enter.py)."""
        focus = self.window().focusWidget()
        if (isinstance(focus, QPushButton) and self.isAncestorOf(focus) and focus.isEnabled()
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                          Qt.KeyboardModifier.KeypadModifier)):
            focus.click()
            event.accept()
            return
        super().keyPressEvent(event)

    def reveal_pack(self, pack_id: str) -> bool:
        """Scroll so ``pack_id``'s title is at the top of the library (the pack opened with
        ``--pack``: a copy of the core pack looked just like it at both ends of the list),
        and keep it there while the library's room changes before the person scrolls (the
        review line shown once the packs are loaded made the view shorter, which cut off a
        last pack's card: a tester's screenshot). Returns False when no such pack is shown."""
        self._revealed = None
        bar = self.scroller.verticalScrollBar()
        for title in self.scroller.findChildren(QLabel, "packTitle"):
            if title.property("packId") == pack_id:
                body = self.scroller.widget()
                grid = body.layout() if body is not None else None
                if grid is not None:
                    grid.activate()  # place the title before the window is first laid out
                bar.setValue(title.y())
                self._revealed = (pack_id, bar.value())
                return True
        return False

    def _keep_revealed(self, _least: int, _most: int) -> None:
        """The scroll range changed: the pack :meth:`reveal_pack` showed is shown again, while
        the view is still where it put it (not once the person has scrolled)."""
        if self._revealed is None:
            return
        pack_id, value = self._revealed
        if self.scroller.verticalScrollBar().value() == value:
            self.reveal_pack(pack_id)
        else:
            self._revealed = None

    def focused_card(self) -> LessonCard | None:
        """The card whose button (or any part) has the keyboard focus: the lesson a teacher
        selected with Tab or the arrow keys, kept while another window (presenter mode's)
        is active (None when no card has it)."""
        focus = self.window().focusWidget()
        return next((card for card in self.cards
                     if focus is not None and (focus is card or card.isAncestorOf(focus))), None)

    def card(self, pack_id: str, lesson_id: str) -> LessonCard:
        """The card of one lesson (KeyError if not shown)."""
        for card in self.cards:
            if (card.pack_id, card.lesson_id) == (pack_id, lesson_id):
                return card
        raise KeyError((pack_id, lesson_id))


def _wrapped(text: str) -> QLabel:
    """A word-wrapped label that shows ``text`` literally: pack and learner text is never read
    as HTML (a title holding ``<img src='/dev/zero'>`` stopped the app from starting; issue 15).
    It never makes the library wider than the window (tester 7, shots 080, 085, 086, 191: a long
    pack title did not wrap, a long unbroken lesson title widened every card): a run too long
    to keep whole may break anywhere (``gui.plaintext.breakable``), and the label asks for no
    least width of its own, so a word wider than the room is cut at the label's edge rather than
    widening the grid."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setMinimumWidth(1)
    label.setText(breakable(text))
    return label
