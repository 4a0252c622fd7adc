"""The lesson player: step text and picture, the table or quiz, feedback, and navigation.

Every handler is a few lines (house rule 7): decode the event, call one method of this class
(public, so tests drive the same path), which makes one operation on the step's table model
(``tilewise.lessons.steptable.LessonTable``: move, take back, command, undo, reset; it judges
through the ``LessonSession``) or one ``LessonSession`` call (quiz, hint, navigation), then
redraws: the table scene draws the model (``gui.table.scene``), the feedback panel says what
happened. Public methods: :meth:`open`, :meth:`drop`, :meth:`miss`, :meth:`send_selection`,
:meth:`command`, :meth:`choose`, :meth:`show_hint`, :meth:`undo`, :meth:`next_step`,
:meth:`previous_step`, :meth:`reset_step`, :meth:`retranslate`.

A partial move is the model's too: tiles dropped into a pass zone wait there until it holds
three (tiles + blind); a tile the core refuses at once (a joker) goes back with its reason.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import (
    QIcon,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.memory import PixmapIcon, release_soon
from tilewise.gui.plaintext import plain_tip
from tilewise.gui.player.feedback import LINES as FEEDBACK_LINES
from tilewise.gui.player.feedback import FeedbackPanel, announce, verdict_icon
from tilewise.gui.player.pictures import PictureView
from tilewise.gui.player.text import set_text_with_tiles, tile_row
from tilewise.gui.reasons import explain, see_step
from tilewise.gui.scroll import PageArea, StatusLine, TextArea
from tilewise.gui.table import access
from tilewise.gui.table.items import TILE_H, TileItem, tile_name
from tilewise.gui.table.scene import MIN_TILE_PX, TableScene
from tilewise.gui.table.view import TableView
from tilewise.gui.tiles.images import TileImages
from tilewise.gui.tiles.paint import TileRenderer
from tilewise.i18n import _, ngettext, pgettext
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.model import Lesson, Pack
from tilewise.lessons.quiz import option_order, teaching_step
from tilewise.lessons.session import Feedback, LessonSession
from tilewise.lessons.steptable import LessonTable, Outcome
from tilewise.lessons.table import command_zone

log = logging.getLogger(__name__)

#: Presenter mode: the most of the window's height a step's title and text take before their
#: type steps down (:meth:`LessonPlayer._presenter_words`).
PRESENTER_WORDS_SHARE = 0.26
#: Height (logical px) of the tiles drawn on a quiz option (as large as the rack's at 1024x768).
OPTION_TILE_PX = 56
TABLE_MINIMUM = QSize(320, 190)  # the table fits its scene to any size above this


def command_label(command: str, ruleset: str = "") -> str:
    """Translated button text for a table command (one literal per command); ``ruleset``
    ("american" or "wsm") picks the table's own term where they differ (declaring a win:
    "Mah Jongg" at an American table; no "Chi!" there)."""
    head, _sep, arg = command.partition(":")
    if head == "as":
        labels = {
            "pair": _("Check as a pair"), "pung": _("Check as a pung"),
            "pong": _("Check as a pong"), "kong": _("Check as a kong"),
            "quint": _("Check as a quint"), "sextet": _("Check as a sextet"),
            "chi": _("Check as a chi"), "news": _("Check as NEWS"), "run": _("Check as a run"),
        }
        return labels.get(arg, _("Check as {kind}", kind=arg))
    if head == "claim" and arg == "chi" and ruleset == "american":
        # No chi at an American table (REFERENCE: calls are for identical tiles or Mah
        # Jongg); a lesson may still offer the run-call a beginner tries, in American words.
        # TRANSLATORS: claim button at an American table: calling a discard to make a run
        return pgettext("claim", "Call it for a run!")
    if head == "claim":
        labels = {
            # TRANSLATORS: claim buttons are the spoken announcement at the table
            "chi": pgettext("claim", "Chi!"), "pong": pgettext("claim", "Pong!"),
            "pung": pgettext("claim", "Pung!"), "kong": pgettext("claim", "Kong!"),
            "quint": pgettext("claim", "Quint!"), "sextet": pgettext("claim", "Sextet!"),
            "win": pgettext("claim", "Win!"), "mahjong": pgettext("claim", "Mah Jongg!"),
            "pair": pgettext("claim", "Pair for the win!"),
        }
        return labels.get(arg, arg)
    if command == "declare_win" and ruleset == "american":
        return _("Declare Mah Jongg")
    labels = {
        "vote:continue": _("Play the second Charleston"),
        "vote:stop": _("Stop the Charleston"),
        "offer": _("Offer these tiles"),
        "declare_win": _("Declare a win"),
        # TRANSLATORS: button of a card-reading task: check the tiles placed for the line
        "check:card_need": _("Check these tiles"),
    }
    return labels.get(command, command)


class LessonPlayer(QWidget):
    """Plays one lesson through a :class:`LessonSession`.

    ``changed`` is emitted after anything the progress store should save; ``leave`` when the
    learner asks for the library.
    """

    changed = Signal()
    leave = Signal()
    finished = Signal()  # the last step of a lesson done: the window shows the lesson's end
    #: A ``hand`` step's guided hand to play: (``HandScript``, pack-text translator).
    play_hand = Signal(object, object)
    next_override: Callable[[], bool] | None = None  # a review's "next situation" (issue 19)
    #: In a review run (``gui/review/room.py``): (this situation's number, how many), shown
    #: instead of the lesson's step counter; None in a lesson.
    review: tuple[int, int] | None = None
    finish_review = Signal()  # "Finish review": the run ends, its result is shown

    def __init__(self, images: TileImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        access.install()  # the table's tiles and zones for screen readers
        self.images = images
        self.pack: Pack | None = None
        self.lesson: Lesson | None = None
        self.catalog: PackCatalog | None = None
        self.session: LessonSession | None = None
        self.desk: LessonTable | None = None  # the task step's table model
        self.animate = True  # tiles slide after a verdict (off: the reduced-motion setting)
        self.last_feedback: Feedback | None = None
        self._feedback_parts: tuple[str, str, str] = ("", "", "")
        self._hint: str | None = None
        self.learner = ""  # the learner's name: the seed of each quiz's option order
        # what else the order hangs on: "" in a lesson; a review's day (the review room), so
        # a situation reviewed is not shown in the order the lesson taught it
        self.quiz_round = ""
        self._counting = False  # the panel says how many tiles the pass still needs
        self._note = False  # a presenter's note is shown (also on a step without a table)
        self._build()
        self.retranslate()

    # ---- widgets --------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("lessonTitle")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.counter = QLabel()
        self.counter.setObjectName("stepCounter")
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(10)
        self.step_title = QLabel()
        self.step_title.setObjectName("stepTitle")
        self.step_title.setWordWrap(True)
        self.step_title.setTextFormat(Qt.TextFormat.PlainText)
        self.text = QLabel()
        self.text.setObjectName("stepText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.notes = QLabel()
        self.notes.setObjectName("teacherNotes")
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setVisible(False)
        self.show_notes = False  # presenter mode: the step's notes for whoever teaches
        self.picture = PictureView(self.images)
        self.table_scene = TableScene(self.images, self)
        self.table = TableView(self.table_scene)
        self.table.dropped.connect(self.drop)
        self.table.missed.connect(self.miss)
        self.table.send.connect(self.send_selection)
        self.table.focus_moved.connect(self._announce)
        # The options' group takes the focus first on a quiz: a first Space or Enter answers
        # nothing (a double Space answered the first option unread: newcomer report); an
        # arrow key or Tab goes into the options, and the arrows follow their grid
        # (``option_group``: Down goes to the option below, not the one to the right).
        self.quiz = QWidget()
        self.quiz.setObjectName("quizOptions")
        self.quiz.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.quiz.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.quiz.installEventFilter(self)
        self.quiz_layout = QGridLayout(self.quiz)
        self.option_group = QButtonGroup(self.quiz)
        self.option_group.setExclusive(False)
        self.stage = QStackedWidget()
        self.stage.addWidget(self.picture)
        self.stage.addWidget(self.table)
        self.stage.addWidget(self.quiz)
        self.commands = QHBoxLayout()
        self.feedback_box = FeedbackPanel()
        self.feedback = self.feedback_box.label
        self.feedback_icon = self.feedback_box.icon
        self.presenting = False
        self.status = StatusLine()
        self.status.setObjectName("focusStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setVisible(False)
        self.library_button = QPushButton()
        self.finish_button = QPushButton()
        self.finish_button.setObjectName("player:finish-review")
        self.finish_button.clicked.connect(self.finish_review.emit)
        self.finish_button.setVisible(False)
        self.undo_button = QPushButton()
        self.undo_button.clicked.connect(self.undo)
        self.back_button = QPushButton()
        self.hint_button = QPushButton()
        self.answer_button = QPushButton()
        self.answer_button.clicked.connect(self.show_answer)
        self.hand_button = QPushButton()
        self.hand_button.setObjectName("player:hand")
        self.hand_button.clicked.connect(self.open_hand)
        self.reset_button = QPushButton()
        self.next_button = QPushButton()
        self.next_button.setDefault(True)
        self.library_button.clicked.connect(self.leave.emit)
        self.back_button.clicked.connect(self.previous_step)
        self.hint_button.clicked.connect(self.show_hint)
        self.reset_button.clicked.connect(self.reset_step)
        self.next_button.clicked.connect(self.next_step)

        self.head = head = QHBoxLayout()  # presenter mode puts its way out here too
        head.addWidget(self.library_button)
        head.addWidget(self.finish_button)
        head.addWidget(self.title, 1)
        head.addWidget(self.counter)
        self.side_picture = PictureView(self.images)
        self.side_picture.setMinimumHeight(150)
        words = QVBoxLayout()
        words.setContentsMargins(0, 0, 0, 0)
        words.addWidget(self.step_title)
        words.addWidget(self.text)
        words.addWidget(self.notes)
        words.addStretch(1)
        words_box = QWidget()
        words_box.setLayout(words)
        # The step's words scroll inside their own area: within the band over the table on a
        # task step (the table keeps its size whatever the text), as tall as they need on the
        # other steps (the page scrolls then, ``body``).
        self.words_area = TextArea(words_box)
        # Explain and quiz steps: words and picture side by side, the stage on the right.
        # Task steps: words (and a small picture) in a band on top, the table below, full width.
        self.side = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.side.setContentsMargins(0, 0, 0, 0)
        self.side.addWidget(self.words_area, 0)
        # Quiz steps with a picture: the picture, and beside it a column of the options over
        # the feedback (``answers``), so a seat diagram gets the height of the page.
        self.picture_row = QHBoxLayout()
        self.picture_row.setContentsMargins(0, 0, 0, 0)
        self.picture_row.addWidget(self.side_picture, 3)
        self.answers = QWidget()
        self.answers_layout = QVBoxLayout(self.answers)
        self.answers_layout.setContentsMargins(0, 0, 0, 0)
        self.answers.setVisible(False)
        self.picture_row.addWidget(self.answers, 2)
        self.side.addLayout(self.picture_row, 1)
        self.side_box = QWidget()
        self.side_box.setLayout(self.side)
        self.middle = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.middle.addWidget(self.side_box, 2)
        self.middle.addWidget(self.stage, 5)
        nav = QHBoxLayout()
        nav.addWidget(self.back_button)
        nav.addWidget(self.hint_button)
        nav.addWidget(self.answer_button)
        nav.addWidget(self.hand_button)
        nav.addWidget(self.undo_button)
        nav.addWidget(self.reset_button)
        # The focused tile's status line sits in the step buttons' row: it never pushes the
        # page taller (a row of its own made task steps overflow 768 pixels). It wraps into
        # two lines there (Spanish tile names at 1024x768), cut with "…" beyond, all of it in
        # its tooltip.
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        nav.addWidget(self.status, 1)
        nav.addStretch(0)
        nav.addWidget(self.next_button)
        # Everything between the title and the step buttons scrolls when it is taller than
        # the window (a long quiz in German on a 1024x768 projector): the window never grows.
        page = QWidget()
        page.setObjectName("stepPage")
        self.body_layout = QVBoxLayout(page)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.addLayout(self.middle, 1)
        self.body_layout.addLayout(self.commands)
        self.body_layout.addWidget(self.feedback_box)
        self.body = PageArea(page)
        root = QVBoxLayout(self)
        root.addLayout(head)
        root.addWidget(self.bar)
        root.addWidget(self.body, 1)
        self.root = root
        self.nav_box = QWidget()
        nav.setContentsMargins(0, 0, 0, 0)
        self.nav_box.setLayout(nav)
        root.addWidget(self.nav_box)
        # Lesson text is reachable by Tab (a screen reader reads it), then the table, buttons.
        self.text.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        # Enter (and Right, away from the table's tiles) goes on once the step is done.
        for widget in (self.table, self.text, self.library_button, self.back_button,
                       self.hint_button, self.answer_button, self.hand_button,
                       self.undo_button, self.reset_button, self.next_button):
            widget.installEventFilter(self)
        for keys, slot in ((QKeySequence.StandardKey.ZoomIn, self.table.zoom_in),
                           (QKeySequence.StandardKey.ZoomOut, self.table.zoom_out),
                           (QKeySequence("Ctrl+="), self.table.zoom_in),
                           (QKeySequence("Ctrl+0"), self.table.zoom_reset)):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def retranslate(self) -> None:
        """Set every text in the current language and re-render the step."""
        self.library_button.setText(_("Lessons"))
        self.quiz.setAccessibleName(_("Answers"))
        self.quiz.setAccessibleDescription(_(
            "Go through the answers with the arrow keys, then press Space or Enter to choose one."))
        self.finish_button.setText(_("Finish review"))
        self.back_button.setText(_("Back"))
        self.hint_button.setText(_("Hint"))
        self.answer_button.setText(_("Show me"))
        self.hand_button.setText(_("Play this hand"))
        self.reset_button.setText(_("Start this step again"))
        # TRANSLATORS: take back the last accepted move of the step
        self.undo_button.setText(_("Undo"))
        self.next_button.setText(_("Next"))
        self.text.setAccessibleName(_("Lesson text"))
        self.table.setAccessibleName(_("Table"))
        self.table.setAccessibleDescription(keyboard_help())
        if self.session is not None and self.pack is not None:
            self.catalog = PackCatalog(pack_dir_of(self.pack), current_lang())
            self.render_step(keep_feedback=True)

    # ---- opening and rendering ------------------------------------------------------------
    def open(self, pack: Pack, lesson: Lesson, saved: dict[str, Any] | None = None) -> None:
        """Start (or resume from ``saved``, a ``LessonSession.to_dict()``) ``lesson``."""
        self.pack, self.lesson = pack, lesson
        self.catalog = PackCatalog(pack_dir_of(pack), current_lang())
        try:
            self.session = LessonSession(lesson, saved=saved)
        except ValueError:
            log.warning("saved progress for %s does not fit; starting over", lesson.id)
            self.session = LessonSession(lesson)
        self._clear_feedback()
        self.render_step()

    def pack_text(self, msgid: str | None) -> str:
        """Translate pack text of the current step (context ``<lesson>/<step>``)."""
        if not msgid or self.catalog is None or self.session is None or self.lesson is None:
            return msgid or ""
        return self.catalog.text(self.lesson.context(self.session.step), msgid)

    def render_step(self, *, keep_feedback: bool = False) -> None:
        """Show the current step: text, picture, table or quiz, buttons."""
        session, lesson = self.session, self.lesson
        if session is None or lesson is None or self.catalog is None:
            return
        step = session.step
        total = len(lesson.steps)
        TileRenderer.next_screen()  # the faces of steps left behind go (gui/tiles/paint.py)
        release_soon()  # the previous step's widgets, once deleted, give their memory back
        self.title.setText(self.catalog.text(lesson.context(), lesson.title))
        review = self.review
        if review is not None:  # a review says it is one, and where the run is
            number, count = review
            self.counter.setText(_("Review {number} of {total}", number=number, total=count))
            self._set_bar(number, count)
        else:
            self.counter.setText(_("Step {number} of {total}", number=session.index + 1,
                                   total=total))
            self._set_bar(session.index + 1, total)
        # a review's way out is "Finish review" (its result); a lesson's the library
        self.finish_button.setVisible(review is not None and not self.presenting)
        self.library_button.setVisible(review is None and not self.presenting)
        self.step_title.setText(self.pack_text(step.title))
        self.step_title.setVisible(bool(step.title))
        body = self.pack_text(step.text)
        if step.points:
            body += "\n\n" + "\n".join("• " + self.pack_text(p) for p in step.points)
        set_text_with_tiles(self.text, body, self.images)
        notes = self.pack_text(step.notes) if step.notes else ""
        # TRANSLATORS: presenter mode; {notes} is the lesson author's note for the teacher
        self.notes.setText(_("Teacher notes: {notes}", notes=notes) if notes else "")
        self.notes.setVisible(self.show_notes and bool(notes))
        self._clear_commands()
        # Nothing of the previous step stays: its focused tile's status line, its options
        # (their widths would hold the page wide), its layout constraints (``_arrange``).
        self.status.set_status("")
        self.status.setVisible(False)
        self._clear_quiz()
        # Explain and recap steps take no moves; on the others the panel keeps its room.
        self.feedback_box.setVisible(step.acting)
        # A task's panel keeps its room (the table never jumps under a drag); presenter mode
        # reserves none: the room's table gets the height until a verdict comes.
        self.feedback_box.set_fixed(step.task is not None and not self.presenting)
        self.feedback.setVisible(step.acting)
        self.table_scene.text_scale = 1.3 if self.presenting else 1.0
        kind = (step.picture or {}).get("kind")
        in_band = step.picture is not None and not (
            step.kind == "task" and kind in ("rack", "seat_diagram"))
        self._arrange(step.kind, has_picture=in_band,
                      wide=kind in ("rack", "tile_grid", "exposures", "kong"),
                      long=kind in ("rack", "exposures", "kong"))
        if step.task is not None:
            if self.desk is None or self.desk.session is not session or (
                    self.desk.index != session.index):
                self.desk = LessonTable(session)
            self.table_scene.animate = self.animate
            self._redraw()
            self.stage.setCurrentWidget(self.table)
            # Never smaller than its rack readable: with larger text the page scrolls instead.
            self.table.readable_floor = TABLE_MINIMUM
            self.table.fit()
            # The table already is a rack and a seat diagram with the pass arrow: those
            # pictures would be a small second copy; others (exposures, kongs) stay beside it.
            shown_by_table = ("rack", "seat_diagram")
            side = (step.picture if step.picture and step.picture.get("kind") not in shown_by_table
                    else None)
            # what the task is about (the card's line to fill): its words readable too
            self.side_picture.readable = True
            self.side_picture.show_picture(side, self.pack_text)
            self.side_picture.setVisible(side is not None)
            # A picture view the step does not show keeps no drawing of an earlier step (a
            # card is ~100 text items, 1.2 MB: issue 21, peak memory); each step draws its own.
            self.picture.show_picture(None, self.pack_text)
            self._add_commands(self.desk.table.commands)
        elif step.quiz is not None:
            self.desk = None
            self._build_quiz(beside_picture=self.answers.isVisibleTo(self))
            self.stage.setCurrentWidget(self.quiz)
            self.side_picture.readable = True
            self.side_picture.show_picture(step.picture, self.pack_text)
            self.side_picture.setVisible(step.picture is not None)
            self.picture.show_picture(None, self.pack_text)
        else:
            self.desk = None
            self.picture.show_picture(step.picture, self.pack_text)
            self.stage.setCurrentWidget(self.picture)
            self.side_picture.setVisible(False)
            self.side_picture.show_picture(None, self.pack_text)
        if session.record().done and step.acting:
            self._show_feedback(_("Done. This step is complete."), "", "", good=True)
        elif keep_feedback:
            self._refresh_feedback()
        else:
            self._clear_feedback()
        self._update_nav()
        self._tab_order()
        if self.presenting:  # no empty feedback box on the projector
            self._presenter_feedback()
            self._presenter_words()
        self.body.refit()
        if not keep_feedback:  # a new step starts at its first line
            self.body.to_top()
            self.words_area.to_top()
            if not self.presenting:  # the presenter keeps the keys for stepping through
                self._focus_first()

    def _set_bar(self, value: int, maximum: int) -> None:
        """The progress bar at ``value`` of ``maximum`` (steps), painted with the rest of the
        step in the next paint.

        ``QProgressBar.setValue`` paints at once, and a paint at once paints every part of the
        window waiting for one: in the middle of building the next step, the table of the
        step left was drawn again, into a new still layer (2.2 MB at 1280x860) that the quiz
        or picture hiding the table dropped a moment later. That was the peak of the memory
        walked through every step (issue 21). With the bar's updates off while it changes,
        it asks for an ordinary paint instead (``setUpdatesEnabled(True)`` calls ``update``).
        """
        self.bar.setUpdatesEnabled(False)
        try:
            self.bar.setRange(0, maximum)
            self.bar.setValue(value)
        finally:
            self.bar.setUpdatesEnabled(True)

    def _focus_first(self) -> None:
        """A new step: the keyboard starts on the table (a task), the options' group (a quiz),
        "Play this hand" (a hand step whose hand is still to play: its Next is disabled, so
        the focus stayed on "Back") or Next (a step to read), never on "Lessons"."""
        hand = self.session is not None and self.session.step.hand is not None
        if self.stage.currentWidget() is self.table and not self.stage.isHidden():
            self.table.setFocus()
        elif self.stage.currentWidget() is self.quiz and self._options():
            self.quiz.setFocus()  # the group, not an option: Space answers nothing yet
        elif hand and not self.next_button.isEnabled():
            self.hand_button.setFocus()
        else:
            self.next_button.setFocus()

    def _options(self) -> list[QPushButton]:
        """The quiz's option buttons in reading order (the order they were laid out in)."""
        items = [self.quiz_layout.itemAt(n) for n in range(self.quiz_layout.count())]
        return [w for item in items
                if item is not None and isinstance(w := item.widget(), QPushButton)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Enter, Page Down, or Right away from the table, goes on once the step is done;
        Page Up goes back; Enter on a quiz option answers with it; an arrow on the options'
        group goes into the options. The presenter has keys of its own."""
        if event.type() != QEvent.Type.KeyPress or self.presenting or self.session is None:
            return False
        assert isinstance(event, QKeyEvent)
        key, plain = event.key(), event.modifiers() in (
            Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain
        right = key == Qt.Key.Key_Right and plain and watched is not self.table
        # Page Down / Page Up step as in presenter mode (a clicker sends them; on the desk
        # they did nothing: tester report): Page Down only once the step is done.
        if key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp) and plain:
            if key == Qt.Key.Key_PageDown and self.next_button.isEnabled():
                self.next_step()
            elif key == Qt.Key.Key_PageUp and not self.back_button.isHidden() and (
                    self.back_button.isEnabled()):
                self.previous_step()
            return True
        arrow = key in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_Left, Qt.Key.Key_Right)
        if watched is self.quiz and arrow and plain and not self.next_button.isEnabled():
            options = self._options()
            if options:  # an arrow goes into the options: the first one, nothing chosen
                options[0].setFocus(Qt.FocusReason.TabFocusReason)
                return True
        if not (enter or right):
            return False
        if self.next_button.isEnabled():
            self.next_step()
            return True
        if enter and isinstance(watched, QPushButton) and watched.property("role") == "option":
            watched.click()
            return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        """Keys no child took (nothing focused): as :meth:`eventFilter`."""
        if not self.eventFilter(self, event):
            super().keyPressEvent(event)

    def _tab_order(self) -> None:
        """Tab goes text, table (or quiz options), table buttons, then the step buttons."""
        chain: list[QWidget] = [self.text]
        if self.stage.currentWidget() is self.table and not self.stage.isHidden():
            chain.append(self.table)
        elif self.stage.currentWidget() is self.quiz:
            chain += [self.quiz, *self._options()]
        items = [self.commands.itemAt(n) for n in range(self.commands.count())]
        chain += [w for item in items
                  if item is not None and isinstance(w := item.widget(), QPushButton)]
        chain += [self.back_button, self.hint_button, self.answer_button, self.undo_button,
                  self.reset_button, self.next_button, self.library_button, self.finish_button]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def set_presenting(self, on: bool) -> None:
        """Presenter mode: no library button, progress bar, hints or step buttons (the teacher
        uses keys); larger table content. Notes follow :attr:`show_notes`."""
        self.presenting = on
        self.feedback_box.lines = 2 if on else FEEDBACK_LINES
        for widget in (self.library_button, self.bar, self.nav_box):
            widget.setVisible(not on)
        self.render_step(keep_feedback=True)

    def _arrange(self, kind: str, *, has_picture: bool, wide: bool = False,
                 long: bool = False) -> None:
        """Where text, picture and stage go (``wide``: a rack or tile rows, wider than tall;
        ``long``: a rack or exposures, several times wider than tall).

        Task: a band of text (and a small picture) over the full-width table. Quiz: text
        across, then the picture with the options and feedback beside it; a long picture
        goes above the options instead, full width. Explain: text beside a square
        picture, or above a wide one; recap (or no picture): the text alone across the page.
        """
        top, across = QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.LeftToRight
        beside = kind == "quiz" and has_picture and not long
        self._place_answers(beside_picture=beside)
        self.stage.setVisible(kind != "recap" and (kind != "explain" or has_picture))
        big = 16777215
        if kind == "task" and has_picture:
            # A picture the task is about (a card's line, a kong) beside the table: the words
            # over it in a column at the left, the table on the right; in a band over the
            # table it was a small reminder, its words about 7 px high (issue 16).
            layout = (across, top, 4, 5, 420 if self.presenting else 440, big, big)
        elif kind == "task":
            layout = (top, across, 0, 1, big, 260 if self.presenting else 190, 320)
        elif kind == "recap" or not has_picture:
            layout = (top, top, 1, 0, big, big, big) if beside else (top, top, 3, 2, big, big, big)
        elif kind == "quiz":  # with a picture: options beside it (``_place_answers``)
            layout = (top, top, 1, 0, big, big, big) if beside else (top, top, 3, 2, big, big, big)
        elif wide:
            layout = (top, top, 0, 1, big, big, big)
        else:
            layout = (across, top, 2, 3, 560, big, big)
        middle, side, side_stretch, stage_stretch, max_w, max_h, picture_w = layout
        # Those widths are for the type of a desk at a text scale of 1.0 (18 px) or of the
        # presenter at 768 px high (30): as much wider as the type is larger. At 3840x2160
        # the words beside a seat diagram were a 560 px column of 83 px type, the picture
        # pushed the page past the screen (presenter), and a desk's 40 px type wrapped
        # after a few words (a 4K screen's own text scale, gui.style.screen_text_scale).
        self.ensurePolished()
        grow = max(1.0, self.fontInfo().pixelSize() / (30 if self.presenting else 18))
        max_w, max_h, picture_w = (round(w * grow) if w != big else w
                                   for w in (max_w, max_h, picture_w))
        # A task's band of words scrolls inside its height; elsewhere the words take the
        # room they need and the page scrolls.
        band = kind == "task" and not has_picture
        column = kind == "task" and has_picture  # the words over the picture beside the table
        self.words_area.set_fit(not band and not column)
        # in the column, long words scroll and leave the picture its room
        self.words_area.set_cap(max_h if band else round((220 if self.presenting else 160)
                                                         * grow) if column else 0)
        self.middle.setDirection(middle)
        self.side.setDirection(side)
        self.middle.setStretch(0, side_stretch)
        if self.middle.indexOf(self.stage) == 1:
            self.middle.setStretch(1, stage_stretch)
        self.side_box.setMaximumWidth(max_w)
        self.side_box.setMaximumHeight(max_h)
        self.side_picture.setMaximumWidth(picture_w)
        # A long picture over the quiz options may be short; the table's floor counts only
        # on task steps (a stacked page's minimum holds the page up even when hidden).
        self.side_picture.setMinimumHeight(90 if kind == "quiz" and long else
                                           240 if column else 150)
        # over the options it asks for that least height; the rest of the page's height is
        # shared by stretch (its own hint followed its last scale: the options overlapped)
        self.side_picture.hint_height = 90 if kind == "quiz" and long else None
        self.side_picture.updateGeometry()
        self.table.readable_floor = None  # set again with the task's table (render_step)
        self.table.setMinimumSize(TABLE_MINIMUM if kind == "task" else QSize(0, 0))

    def _clear_quiz(self) -> None:
        """Take the options away (on every step: left on the hidden options page, a past
        quiz's buttons held the page wide) and the grid's row stretch with them."""
        while self.quiz_layout.count():
            item = self.quiz_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QPushButton):
                self.option_group.removeButton(widget)
            if widget is not None:
                widget.hide()  # gone now, not at the next turn of the event loop
                widget.deleteLater()
        for row in range(self.quiz_layout.rowCount()):
            self.quiz_layout.setRowStretch(row, 0)

    def _place_answers(self, *, beside_picture: bool) -> None:
        """Options and feedback beside the picture (a quiz with a picture), or the stage in
        the middle row and the feedback across the page (every other step)."""
        if beside_picture and self.answers_layout.indexOf(self.stage) < 0:
            self.middle.removeWidget(self.stage)
            self.body_layout.removeWidget(self.feedback_box)
            self.answers_layout.addWidget(self.stage, 1)
            self.answers_layout.addWidget(self.feedback_box, 0)
        elif not beside_picture and self.middle.indexOf(self.stage) < 0:
            self.answers_layout.removeWidget(self.stage)
            self.answers_layout.removeWidget(self.feedback_box)
            self.middle.addWidget(self.stage, 5)
            self.body_layout.addWidget(self.feedback_box)
        self.answers.setVisible(beside_picture)

    def _build_quiz(self, *, beside_picture: bool = False) -> None:
        """One button per option; one column beside a picture (long texts wrap there)."""
        self._clear_quiz()
        step = self.session.step if self.session else None
        if step is None or step.quiz is None:
            return
        columns = 1 if beside_picture or any(len(self._option_text(o)) > 28 or len(o.tiles) > 1
                                             for o in step.quiz.options) else 2
        for number, option in enumerate(option_order(step.quiz, self._quiz_seed())):
            tiles = option.tiles or ((option.tile,) if option.tile else ())
            # A row of several tiles is shown as tiles; its names are the accessible text.
            shown = "" if len(tiles) > 1 and not option.text else self._option_text(option)
            # a narrow column, or a sentence longer than a line of the page: it wraps
            wrap = not tiles and len(shown) > (24 if beside_picture else 60)
            button = QPushButton("" if wrap else shown)
            if wrap:  # a narrow column: the text wraps inside the button
                words = QLabel(shown, button)
                words.setWordWrap(True)
                words.setTextFormat(Qt.TextFormat.PlainText)
                words.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
                inside = QHBoxLayout(button)
                inside.setContentsMargins(20, 6, 18, 6)  # as the text of an unwrapped option
                inside.addWidget(words)
                button.setMinimumHeight(max(56, words.fontMetrics().height() * 3 + 12))
            button.setAccessibleName(self._option_text(option))
            button.setToolTip(plain_tip(self._option_text(option)))
            button.setObjectName(f"option:{option.id}")
            button.setProperty("role", "option")
            button.installEventFilter(self)
            self.option_group.addButton(button)
            # "Show me" marked it: still marked when the step is drawn again (a new language)
            button.setProperty("revealed", option.id == step.quiz.answer and (
                self.session is not None and self.session.record().revealed))
            button.setMinimumHeight(max(56, button.minimumHeight()))
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            if tiles:
                icon = tile_row(self.images, tiles, self.option_tile_px(),
                                self.devicePixelRatioF())
                button.setIcon(QIcon(PixmapIcon(icon)))  # kept by nothing once gone
                button.setIconSize(icon.deviceIndependentSize().toSize())
            button.clicked.connect(lambda _c=False, oid=option.id: self.choose(oid))
            self.quiz_layout.addWidget(button, number // columns, number % columns)
            if tiles:  # in the page now: its style sheet's padding and border count
                button.ensurePolished()
                button.setMinimumHeight(button.sizeHint().height())  # the tiles never cut
        self.quiz_layout.setRowStretch(len(step.quiz.options), 1)

    def option_tile_px(self) -> int:
        """Height (logical px) of the tiles on a quiz option: :data:`OPTION_TILE_PX`; in
        presenter mode as much larger as its type is than the desk's (issue 16: every part
        of the projected step at least as large as on a desk)."""
        if not self.presenting:
            return OPTION_TILE_PX
        self.ensurePolished()
        return max(OPTION_TILE_PX, round(OPTION_TILE_PX * self.fontInfo().pixelSize() / 24))

    def _quiz_seed(self) -> str:
        """The seed of the quiz's option order: the learner and the step, so the order is the
        learner's own and stays the same on a retry."""
        session = self.session
        pack_id = self.pack.id if self.pack is not None else ""
        step_id = session.step.id if session is not None else ""
        lesson_id = session.lesson.id if session is not None else ""
        seed = f"{self.learner}/{pack_id}/{lesson_id}/{step_id}"
        return f"{seed}/{self.quiz_round}" if self.quiz_round else seed

    def _option_text(self, option: Any) -> str:
        if option.text:
            return self.pack_text(option.text)
        tiles = option.tiles or ((option.tile,) if option.tile else ())
        # TRANSLATORS: separator between tile names in a quiz option
        return pgettext("list separator", ", ").join(tile_name(t) for t in tiles)

    def _clear_commands(self) -> None:
        while self.commands.count():
            item = self.commands.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone now, not at the next turn of the event loop
                widget.deleteLater()

    def _add_commands(self, commands: list[str]) -> None:
        for command in commands:
            ruleset = self.desk.task.ruleset if self.desk else ""
            button = QPushButton(command_label(command, ruleset))
            button.setObjectName(f"command:{command}")
            button.installEventFilter(self)
            button.setMinimumHeight(48)
            button.clicked.connect(lambda _c=False, cmd=command: self.command(cmd))
            self.commands.addWidget(button)
        zones = self.desk.table.zones if self.desk is not None else []
        if zones and not self.presenting:
            send = QPushButton(_("Send selected tiles"))
            send.setObjectName("command:send")
            send.setMinimumHeight(48)
            send.clicked.connect(lambda: self.send_selection(zones[0].id))
            self.commands.addWidget(send)
        self.commands.addStretch(1)

    def _update_nav(self) -> None:
        session = self.session
        if session is None:
            return
        step = session.step
        # a hand step is done once its guided hand has ended (hand_finished), not before
        done = session.record().done or not (step.acting or step.hand is not None)
        last = session.index + 1 >= len(session.lesson.steps)
        self.next_button.setEnabled(done)
        review = self.review
        if review is not None:  # Next opens the next situation; after the last, the result
            self.next_button.setText(_("Finish review") if review[0] >= review[1] else _("Next"))
        else:
            self.next_button.setText(_("Finish the lesson") if last else _("Next"))
        # a review plays one situation: the lesson's other steps are not part of it
        self.back_button.setVisible(review is None)
        self.back_button.setEnabled(session.index > 0)
        record = session.record()
        self.undo_button.setVisible(step.task is not None)
        self.undo_button.setEnabled(self.desk is not None and self.desk.can_undo
                                    and not record.done)
        # a pass made is final (the lesson says so): Undo is off, and its tooltip says why;
        # so is a right answer (tester 6): Undo would only take it back and switch Next off,
        # which "Start this step again" does too (hints cleared as well)
        final = (_("A pass is final: the tiles that left your rack do not come back. To pass "
                   "again, start this step again.")
                 if self.desk is not None and self.desk.committed
                 else _("Your answer was right, so there is nothing to undo. To try this step "
                        "again, start it again.")
                 if step.task is not None and record.done else "")
        self.undo_button.setToolTip(final)
        self.undo_button.setAccessibleDescription(final)
        self.hint_button.setEnabled(step.acting and len(step.hints) > record.hints_used)
        # "Show me" once the learner has tried (a revealed answer no longer counts first-try).
        self.answer_button.setVisible(step.acting)
        self.answer_button.setEnabled(step.acting and not record.done and record.attempts > 0)
        self.reset_button.setEnabled(step.task is not None)
        self.hand_button.setVisible(step.hand is not None)
        # a hand step's button takes the place of the step buttons it has no use for
        self.hint_button.setVisible(step.hand is None)
        self.reset_button.setVisible(step.hand is None)

    def open_hand(self) -> None:
        """Open the current ``hand`` step's guided hand (``play_hand``: the play room)."""
        if self.session is not None and self.session.step.hand is not None:
            self.play_hand.emit(self.session.step.hand, self.pack_text)

    def hand_finished(self) -> None:
        """The current ``hand`` step's guided hand ended in the play room: the step is done
        and Next goes on (nothing happens on another step)."""
        if self.session is None or self.session.step.hand is None:
            return
        self.session.finish_hand()
        self.changed.emit()
        self._update_nav()

    # ---- feedback -------------------------------------------------------------------------
    def _clear_feedback(self) -> None:
        self.last_feedback = None
        self._hint = None
        # Before the first move of a task, the panel says how to move tiles by keyboard: only
        # when its table has a zone to send tiles to (the stop vote has none, and said "Arrow
        # keys move between tiles...": tester 7, shot 057).
        desk, session = self.desk, self.session
        zones = (session is not None and session.step.task is not None and desk is not None
                 and desk.index == session.index and bool(desk.table.zones))
        shown = keyboard_help() if zones and not self.presenting else ""
        self._show_feedback(shown, "", "", verdict="none")

    def _show_feedback(self, headline: str, detail: str, source: str, *,
                       good: bool = True, verdict: str | None = None) -> None:
        """At most three lines: verdict and the step's word, the rule's explanation, the
        rule's source. The panel keeps its height, so the table never jumps under a drag."""
        lines = [part for part in (headline, detail, source) if part]
        self.feedback.setText("\n".join(lines))
        if self.presenting:  # no empty box on the projector
            self._presenter_feedback()
        shown = verdict or ("good" if good else "bad")
        self.feedback_icon.setPixmap(verdict_icon(shown if lines else "none", 44,
                                                  self.devicePixelRatioF()))
        self.feedback_icon.setVisible(self.feedback.isVisibleTo(self) and shown != "none")
        if verdict != "none" and lines:
            announce(self.feedback, " ".join(lines), assertive=not good)
        self.feedback.setProperty("verdict", verdict or ("good" if good else "bad"))
        self.feedback.style().unpolish(self.feedback)
        self.feedback.style().polish(self.feedback)
        self.feedback_box.text_changed()  # its height for the new text and border
        self._fit_feedback()

    def _fit_feedback(self) -> None:
        """A task's panel (a fixed room of three lines) gets the height its verdict needs,
        taken from the table as far as the smallest rack tile stays ``MIN_TILE_PX`` high on
        screen (the table's scale shrinks with its height at most in proportion); beyond
        that the verdict scrolls (issue 16: at 1024x768 a refusal's second and third lines
        were cut). A shorter text gives the height back."""
        box = self.feedback_box
        if not box.fixed:
            box.grow(0)
            return
        want = box.text_height() - box.room if self.feedback.isVisible() else 0
        if want <= 0:
            box.grow(0)
            return
        rack = [TILE_H * tile.sceneTransform().m22() * self.table.transform().m22()
                for tile in self.table_scene.items()
                if isinstance(tile, TileItem) and tile.area == "rack" and tile.isVisible()]
        least = min(rack, default=0.0)
        height = self.table.height()
        if least <= 0 or height <= 0 or not self.table.isVisible():
            box.grow(0)
            return
        # at the height ``height + box.extra - extra`` the tiles are at least
        # ``least * that / height`` high (less when the table is held by its width)
        spare = box.extra + height * (1 - MIN_TILE_PX / least)
        box.grow(min(want, int(spare)))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        """A new width wraps the verdict anew: its panel's height follows."""
        super().resizeEvent(event)
        if self.session is not None and self.session.step.task is not None:
            self._fit_feedback()

    def _presenter_words(self) -> None:
        """Presenter mode: the step's title and text in the largest of the presenter's
        type sizes (``fit`` 0, 1, 2: the type, 0.9 and 0.8 of it, ``presenter_sheet``) at
        which they take at most :data:`PRESENTER_WORDS_SHARE` of the height, so a long text
        leaves the picture or table its room (six lines of 30 px text made the first step's
        tiles smaller than on a desk, issue 16); the smallest size otherwise (the words
        scroll inside their band then)."""
        budget = PRESENTER_WORDS_SHARE * self.height()
        width = max(1, self.width() - 40)
        labels = [label for label in (self.step_title, self.text) if not label.isHidden()]
        for level in range(3):
            for label in labels:
                label.setProperty("fit", str(level))
                label.style().unpolish(label)
                label.style().polish(label)
            need = sum(label.heightForWidth(width) for label in labels)
            if need <= budget:
                break

    def _presenter_feedback(self) -> None:
        """Presenter mode: the feedback panel shows only with a text (no empty box on the
        projector, and the table has its room until then)."""
        acting = self.session is not None and self.session.step.acting
        shown = (acting or self._note) and bool(self.feedback.text())
        self.feedback.setVisible(shown)
        self.feedback_box.setVisible(shown)
        self.feedback_icon.setVisible(shown and self.feedback.property("verdict") != "none")

    def show_note(self, text: str) -> None:
        """Show ``text`` where the verdicts are, as a hint: news for the room that is no
        verdict (presenter mode: the lesson's end), on any step, a recap too."""
        self._note = True
        self._show_feedback(text, "", "", verdict="hint")
        self._note = False

    def _refresh_feedback(self) -> None:
        if self.last_feedback is not None:
            self._present(self.last_feedback)
        elif self._hint:
            self._show_feedback(_("Hint"), self.pack_text(self._hint), "", verdict="hint")

    def _present(self, feedback: Feedback) -> None:
        """Show a verdict: what happened, why (the step's or the option's own words, or the
        rule's sentence at this table's ruleset), and where the rule is taught."""
        self.last_feedback = feedback
        self._counting = False
        message = self.pack_text(feedback.message)
        if feedback.accepted:
            headline = _("Well done!") if feedback.step_done else _("Good.")
            self._show_feedback(headline, message, "", good=True)
        elif not feedback.legal and feedback.reason:
            # The step's own words for this refusal say it in the lesson's terms; the rule's
            # sentence under them said the same thing again (two lines, one meaning: the
            # newcomer report at the Charleston's stop vote). The rule's sentence is the
            # explanation when the step has none.
            headline = _("Not allowed.")
            if message:
                headline = _("{verdict} {message}", verdict=headline, message=message)
            explained = "" if message else explain(feedback.reason, self._ruleset())
            self._show_feedback(headline, explained, self._see_step(feedback.reason),
                                good=False)
        elif feedback.legal:
            self._show_feedback(_("That is allowed, but it is not what this step asks."), message,
                                "", good=False)
        else:
            self._show_feedback(_("Not quite."), message, "", good=False)
        self._update_nav()

    def _ruleset(self) -> str:
        """The ruleset of the step's table (``american``/``wsm``), or "" when it has none."""
        step = self.session.step if self.session else None
        if step is not None and step.task is not None:
            return step.task.ruleset
        if step is not None and step.quiz is not None and step.quiz.verify is not None:
            return str(step.quiz.verify.get("ruleset", ""))
        return ""

    def _see_step(self, reason: str) -> str:
        """"See: The Charleston, step 6" for the step that teaches ``reason``'s rule, unless
        the learner is on it already."""
        if self.pack is None or self.session is None:
            return ""
        found = teaching_step(self.pack, reason, self._ruleset())  # WSM to WSM (shot 124)
        if found is None:
            return ""
        lesson, index = found
        if lesson.id == self.session.lesson.id and index == self.session.index:
            return ""
        return see_step(self.catalog.text(lesson.context(), lesson.title) if self.catalog
                        else lesson.title, index + 1)

    def feedback_text(self) -> str:
        """The feedback panel's text (what the learner reads after a move)."""
        return self.feedback.text()

    # ---- moves (called by the handlers and by tests) ---------------------------------------
    # Each is one operation on the table model (``LessonTable``), then a redraw from it.
    def drop(self, tile_id: int, zone_id: str, slot: int = -1) -> Feedback | None:
        """The learner dropped model tile ``tile_id`` on ``zone_id`` (slot ``slot``). A tile
        dragged out of a selection carries the selection: the others follow it into the zone
        in rack order, as :meth:`send_selection` sends them ("Drag them, or press 1 to send
        them" after Show me: only the dragged one moved, tester 7, shot 030); they stay
        selected when the tile is refused or the zone is judged full with it.

        Returns the feedback when the drop was judged (a whole move, or a tile the core
        refused at once), else None (the tile waits in the zone, or nothing happened).
        """
        if self.desk is None:
            return None
        carried = [t.tile_id for t in self.table_scene.selection()]
        feedback = self._move(tile_id, zone_id, slot)
        if feedback is None and tile_id in carried and len(carried) > 1 \
                and self.desk.table.tiles[tile_id].place.area == "zone":
            return self.send_selection(zone_id)
        return feedback

    def _move(self, tile_id: int, zone_id: str, slot: int = -1) -> Feedback | None:
        if self.desk is None:
            return None
        return self._after(self.desk.move(tile_id, zone_id, None if slot < 0 else slot),
                           tile_id)

    def miss(self, tile_id: int) -> None:
        """A tile was released away from every zone: a staged one goes home, one from the
        rack back to its place."""
        if self.desk is not None:
            self._after(self.desk.take_back(tile_id), tile_id)

    def select(self, tile_id: int, selected: bool = True) -> None:
        """Select or unselect a tile (what Space does on the focused tile)."""
        item = self.table_scene.item_for(tile_id)
        if item is not None:
            self.table_scene.select(item, selected)

    def send_selection(self, zone_id: str) -> Feedback | None:
        """Send the selected tiles, in rack order, to ``zone_id`` (keyboard and button)."""
        feedback = None
        for tile_id in [t.tile_id for t in self.table_scene.selection()]:
            if self.desk is None or self.desk.done:
                break
            feedback = self._move(tile_id, zone_id) or feedback
        self.table_scene.selected = []
        self._redraw()
        self._announce(self.table_scene.announce())
        return feedback

    def command(self, command: str) -> Feedback | None:
        """A table button (claim, vote, group kind, offer, declare). The selected tiles are
        what a button of tiles acts on: they go to its zone first (``command_zone``), so 7
        crak and two jokers selected and "Call for a kong" make that claim (tester 7b, shots
        045-048: it was refused as a claim of no tiles and kept as a mistake)."""
        if self.desk is None:
            return None
        zone_id = command_zone(command)
        if zone_id and self.desk.table.zone(zone_id) is not None \
                and self.table_scene.selection():
            self.send_selection(zone_id)
        return self._after(self.desk.command(command))

    def _redraw(self, outcome: Outcome | None = None) -> None:
        if self.desk is not None:
            self.table_scene.show_table(self.desk.table, outcome.motions if outcome else ())
        self._refresh_status()

    def _after(self, outcome: Outcome, held: int | None = None) -> Feedback | None:
        """Redraw from the model (a drop that changed nothing only puts the ``held`` tile
        back), then say what happened: the verdict, or how many tiles the pass still needs."""
        feedback = outcome.feedback
        if self.desk is not None:
            self.table_scene.show_outcome(self.desk.table, outcome, held)
        self._refresh_status()
        if feedback is not None:
            self._present(feedback)
            self.changed.emit()
        elif outcome.missing:
            self._group_status(outcome.missing)
        elif outcome.changed:
            self._pass_status()
        self._update_nav()
        return feedback

    def _group_status(self, missing: int) -> None:
        """"Put 3 tiles in the group first." for a group button pressed on too few tiles:
        no verdict and no mistake kept (``LessonTable.command``; tester 7, shots 028, 214)."""
        table = self.desk.table if self.desk is not None else None
        if table is not None and table.staged("group"):
            # TRANSLATORS: "Check as a pung" (or kong...) pressed with some tiles in the group
            text = ngettext("Put {n} more tile in the group first.",
                            "Put {n} more tiles in the group first.", missing)
        else:
            # TRANSLATORS: "Check as a pung" (or kong...) pressed with the group still empty
            text = ngettext("Put {n} tile in the group first.",
                            "Put {n} tiles in the group first.", missing)
        self.last_feedback = None
        self._show_feedback(text, "", "", verdict="hint")

    def _pass_status(self) -> None:
        """"2 more tiles to pass." while a pass is half made; the keyboard help when the
        learner has taken every staged tile back."""
        table = self.desk.table if self.desk is not None else None
        if table is None or self.desk is None or self.desk.done:
            return
        staged = [i for z in table.zones for i in table.staged(z.id) if not table.tiles[i].given]
        missing = table.pass_missing()
        counting = ngettext("{n} more tile to pass.", "{n} more tiles to pass.", missing)
        if table.zone("pass") is not None and table.staged("pass") and missing > 0:
            self.last_feedback = None
            self._show_feedback(counting, "", "", verdict="hint")
            self._counting = True
        elif self._counting and not table.staged("pass"):
            self._counting = False  # the pass was taken back out: what was said before
            if self._hint:
                self._show_feedback(_("Hint"), self.pack_text(self._hint), "", verdict="hint")
            elif not staged:
                self._clear_feedback()

    def choose(self, option_id: str) -> Feedback | None:
        """Answer the quiz with ``option_id``."""
        if self.session is None or self.session.record().done:
            return None
        feedback = self.session.choose(option_id)
        self._present(feedback)
        self.changed.emit()
        # A right answer hands the keyboard to Next (one key goes on; it took many Tabs:
        # newcomer report); a wrong one leaves the focus on the options to try again.
        if feedback.accepted and self.next_button.isEnabled():
            self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)
        return feedback

    def show_hint(self) -> str | None:
        """Show the next hint of the step (it counts against mastery)."""
        if self.session is None:
            return None
        hint = self.session.hint()
        if hint is not None:
            self._hint = hint
            self.last_feedback = None
            self._show_feedback(_("Hint"), self.pack_text(hint), "", verdict="hint")
            self.changed.emit()
        focused = self.hint_button.hasFocus()
        self._update_nav()
        if focused and not self.hint_button.isEnabled():
            # The last hint turned its button off: Qt handed the focus on to "Lessons", and
            # the next Enter left the lesson (newcomer report). The keys go back to the work.
            self._focus_work()
        return hint

    def _focus_work(self) -> None:
        """The focus to where the step's work is: the table (a task), the options (a quiz:
        the one that had it last, else their group), else Next."""
        if self.stage.currentWidget() is self.table and not self.stage.isHidden():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.stage.currentWidget() is self.quiz and self._options():
            self.quiz.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_answer(self) -> dict[str, Any] | None:
        """Reveal the expected answer: its tiles are selected on the table, which takes the
        keyboard focus (1 or Enter sends them, as the hint says: the focus stayed on "Show me"
        and 1 did nothing, tester 7, shots 026-029), or the right quiz option is marked (its
        own dashed frame, ``revealed``: not the focus ring, not the colours of a verdict) and
        named in words, the focus where it was."""
        if self.session is None or not self.session.step.acting or self.session.record().done:
            return None
        answer = self.session.reveal()
        if "option" in answer:
            button = self.quiz.findChild(QPushButton, f"option:{answer['option']}")
            if button is not None:
                button.setProperty("revealed", True)
                button.style().unpolish(button)
                button.style().polish(button)
                self._show_feedback(
                    # TRANSLATORS: "Show me" on a quiz; {answer} is the right option's words
                    _("The right answer is: {answer}", answer=button.accessibleName()),
                    _("It has a dashed frame. Choose it to go on."), "", verdict="hint")
        else:
            if self.desk is not None:
                answer = {"action": self.desk.answer()}
            wanted = list(answer_tiles(answer["action"], self.session.step.task))
            self.table_scene.selected = []
            for tile in self.table_scene.rack_tiles():
                if tile.code in wanted and not tile.blind:
                    wanted.remove(tile.code)
                    self.table_scene.selected.append(tile.tile_id)
            self._redraw()
            self._show_feedback(
                _("The tiles to move are selected. Drag them, or press 1 to send them."), "", "",
                verdict="hint")
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.last_feedback = None
        self.changed.emit()
        return answer

    def next_step(self) -> bool:
        """Go on (a task or quiz must be done first); on the last step, back to the library.
        A review session (``next_override``, gui/review/room.py) opens its next situation."""
        if self.session is None:
            return False
        if self.next_override is not None and self.session.record().done:
            return self.next_override()
        last = self.session.index + 1 >= len(self.session.lesson.steps)
        moved = self.session.advance()
        self.changed.emit()
        if moved:
            self._clear_feedback()
            self.render_step()
        elif last and self.session.complete:
            self.finished.emit()
        return moved

    def previous_step(self) -> bool:
        """Go back one step."""
        if self.session is None or not self.session.back():
            return False
        self.table_scene.selected = []  # the step starts again: nothing chosen (tester 7b, 044)
        self.changed.emit()
        self._clear_feedback()
        self.render_step()
        return True

    def undo(self) -> bool:
        """Take back the learner's last move: a staged tile, or the accepted move of the step
        (``LessonTable.undo``). False when there was nothing to take back, and on a step
        already judged right (its Undo button is off then: "Start this step again" goes back;
        presenter mode's U and Ctrl+Z come here too)."""
        if self.desk is None or self.desk.done or not self.desk.undo().changed:
            return False
        self.changed.emit()
        self._clear_feedback()
        self._redraw()
        self._show_feedback(_("Move taken back."), "", "", verdict="hint")  # news, not praise
        self._update_nav()
        return True

    def reset_step(self) -> None:
        """Put the current step back as it was (tiles home, moves cleared)."""
        if self.session is None:
            return
        if self.desk is not None:
            self.desk.reset()
        else:
            self.session.reset_step()
        self.table_scene.selected = []  # the step starts again: nothing chosen (tester 7b, 044)
        self.changed.emit()
        self._clear_feedback()
        self.render_step()

    def _refresh_status(self) -> None:
        """The status line describes the table as it is now, after a redraw: a tile that
        left the rack (passed, discarded, placed in a zone) is no longer named as it was
        (newcomer report, issue 16). Nothing is spoken: the key press's own verdict or focus
        announcement says it once (``feedback.announce``)."""
        if self.status.isVisibleTo(self):
            text = self.table_scene.announce()
            self.status.set_status(text)
            self.status.setVisible(bool(text))

    def _announce(self, text: str) -> None:
        """The focused tile's name in the status line and, unless a verdict of the same key
        press outranks it (``feedback.announce``), spoken. The table's description stays the
        keyboard help: the focused tile is its focus child, named on its own."""
        self.status.set_status(text)
        self.status.setVisible(bool(text))
        announce(self.table, text)


def keyboard_help() -> str:
    """How to move tiles without a mouse (the table's description, the empty panel's text)."""
    return _("Arrow keys move between tiles, Space selects, 1 to 9 send the selection to a zone.")


def answer_tiles(action: dict[str, Any], task: Any) -> list[str]:
    """The learner's own tiles in an action (for "Show me")."""
    seat = getattr(task, "seat", "")
    if "tiles" in action:
        return [str(t) for t in action["tiles"]]
    if "tile" in action:
        return [str(action["tile"])]
    if "offers" in action:
        return [str(t) for t in action["offers"].get(seat, [])]
    for claim in action.get("claims", []):
        if claim.get("seat", seat) == seat:
            return [str(t) for t in claim.get("tiles", [])]
    return []


def current_lang() -> str:
    """The UI language (pack text follows it)."""
    from tilewise.i18n import current_language

    return current_language()


def pack_dir_of(pack: Pack) -> Any:
    """The folder a pack was loaded from."""
    from pathlib import Path

    return Path(pack.path)


__all__ = ["LessonPlayer", "command_label"]
