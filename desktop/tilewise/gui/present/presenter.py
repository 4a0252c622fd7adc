"""Presenter mode: a lesson shown full screen to a room, stepped through by a teacher.

:class:`PresenterWindow` holds its own :class:`~tilewise.gui.player.player.LessonPlayer` (so the
learner's progress is not touched) in presenter style: the high-contrast tiles (unless the
colour-blind set is chosen), type sized from the window height (readable from the back of a
hall at 1024x768 and at 4K), no library button, progress bar or hints; its own Back and Next
(large, beside the way out, never focused) for a teacher with a mouse, over the lesson's steps
(not over a hand played here, whose own buttons are there; the keys step from it).

Keys (a presentation clicker sends Page Up / Page Down):

==========================  ============================================================
Page Down, Right, Down      next step (a task need not be done: the teacher decides);
                            on the lesson's last step it says so and names the next
                            lesson, and a second press opens it
Page Up, Left, Up           previous step; on the first, a second press opens the
                            lesson before at its last step
Home                        first step of the lesson
B, full stop                blank the screen (black); again to show it
Esc, F5                     leave presenter mode (so does the small button at the
                            bottom right); the main window then shows the step the
                            presenter was on
A                           show the answer of the task or quiz
U, Ctrl+Z                   undo the last move
R                           start the step again
N                           presenter notes on the projected screen (one screen)
H, Shift+H                  ring the next / previous seat, zone or tile (the pointer);
                            a click rings what is under it, a second click takes it away
Ctrl +, Ctrl -, Ctrl 0      zoom the table (faces are re-rendered, never blurred)
C                           the deal code of a whole hand, large (again: smaller)
V                           in a whole hand, show the next seat's concealed rack face up
                            (East, South, West, North, then none); a click on a seat's
                            plate shows or hides that rack
==========================  ============================================================

A ``hand`` step (a guided whole hand) shows its deal code above the step, large, so the class
types it into the play room and every computer deals the same hand; "Play this hand" plays it
here in a play room of the presenter's own (:class:`~tilewise.gui.play.view.PlayView`, the
learner's progress untouched), where the teacher reveals a chosen rack on cue. Page Up / Down
go back to the lesson's steps. F5 in the main window's play room opens the presenter on the
room's hand in progress, the same hand at the move it is on (:meth:`PresenterWindow.play_on`;
a lesson's guided hand over that lesson's hand step, a free deal over the lesson under way),
and leaving, the room carries on from where the presenter left it; from the Charleston
practice or the claims drill (which it cannot project), the lesson that teaches that drill;
from any other room, the lesson under way (``MainWindow.present``).

With two screens the table fills the chosen screen (``Settings.present_screen``, default the
last one) and :class:`NotesWindow` shows, on the other, what to say for the step, what
learners get wrong (the pack's ``notes``, translated with the pack catalog), the answer and
the next step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QScreen,
    QShortcut,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tilewise.gui.play.view import PlayView, pack_card
from tilewise.gui.player.player import LessonPlayer, answer_tiles, command_label
from tilewise.gui.table.items import Plate, tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _, add_listener, pgettext, remove_listener
from tilewise.lessons.model import HandScript, Lesson, Pack
from tilewise.rules.seats import SEATS

STEPPER_MARGIN = 8
"""Logical pixels between ◀, ▶, the window's edges and the feedback box."""

WIDGET_MAX = 16_777_215
"""Qt's largest widget size (QWIDGETSIZE_MAX): no maximum."""


def present_theme(theme: str) -> str:
    """Tile theme on the projector: high contrast, unless the colour-blind set is chosen."""
    return "colourblind" if theme == "colourblind" else "contrast"


def choose_screens(screens: list[QScreen], choice: int,
                   primary: QScreen | None) -> tuple[QScreen | None, QScreen | None]:
    """(projector screen, notes screen or None) for ``choice`` (-1 = the last screen)."""
    if not screens:
        return None, None
    show = screens[choice] if 0 <= choice < len(screens) else screens[-1]
    others = [s for s in screens if s is not show]
    if not others:
        return show, None
    return show, primary if primary in others else others[0]


def presenter_text_px(height: int, text_scale: float = 1.0) -> int:
    """The presenter's type at a window ``height`` (logical px): about 1/26 of the height (30 px
    at 768), so it reads from the back of a room at any resolution; at least 22."""
    return max(22, round(height / 26 * text_scale))


def picture_text_px(height: int, text_scale: float = 1.0) -> int:
    """The least size on screen of a picture's words in presenter mode (the seat diagram's
    seats, notes and arrow labels, a caption): the presenter's smaller type, as its step
    counter and notes (0.8 of :func:`presenter_text_px`: 24 px at 768). It was a desk's
    14 px, small beside the 30 px step text on a projector (tester's report, shot 89)."""
    return round(presenter_text_px(height, text_scale) * 0.8)


def presenter_sheet(height: int, text_scale: float = 1.0) -> str:
    """Style sheet for the presenter at a window ``height`` (logical px): type of
    :func:`presenter_text_px`, so it reads from the back of a room at any resolution. The
    Leave button's padding grows with its type (a fixed 2 px 12 px left the Hindi words
    touching its border at 3840x2160: tester 7, shot 122); 1024x768 is as before."""
    base = presenter_text_px(height, text_scale)
    return f"""
QWidget {{ font-size: {base}px; }}
LessonPlayer {{ background: #ffffff; }}
QLabel#lessonTitle {{ font-size: {round(base * 1.15)}px; font-weight: bold; }}
QLabel#stepCounter {{ font-size: {round(base * 0.8)}px; font-weight: bold; }}
QLabel#stepTitle {{ font-size: {round(base * 1.2)}px; font-weight: bold; }}
QLabel#stepTitle[fit="1"] {{ font-size: {round(base * 1.1)}px; }}
QLabel#stepTitle[fit="2"] {{ font-size: {round(base)}px; }}
QLabel#dealCode {{ font-size: {round(base * 2.4)}px; font-weight: bold; }}
QLabel#dealCode[small="true"] {{ font-size: {round(base * 1.1)}px; }}
QLabel#stepText {{ font-size: {base}px; }}
QLabel#stepText[fit="1"] {{ font-size: {round(base * 0.9)}px; }}
QLabel#stepText[fit="2"] {{ font-size: {round(base * 0.8)}px; }}
QLabel#teacherNotes {{ font-size: {round(base * 0.8)}px; }}
QLabel#feedback {{ font-size: {round(base * 0.9)}px; min-height: {round(base * 2.6)}px; }}
QPushButton {{ font-size: {round(base * 0.85)}px; min-height: {round(base * 1.6)}px; }}
QPushButton[role="option"] {{ font-size: {base}px; }}
PlayView QLabel#stepTitle {{ font-size: {round(base * 0.9)}px; }}
QWidget#playSide QLabel, QWidget#playSide QCheckBox {{ font-size: {round(base * 0.65)}px; }}
QPushButton#presenterBack, QPushButton#presenterNext {{ padding: 2px 12px;
                              min-width: {round(base * 1.6)}px; }}
QPushButton#leavePresenter {{ font-size: {round(base * 0.8)}px;
                              padding: {max(2, round(base * 0.08))}px {max(12, round(base * 0.4))}px;
                              min-height: {round(base * 1.3)}px; }}
"""


def answer_text(player: LessonPlayer) -> str:
    """The step's expected answer in words (for the teacher's notes), "" when it has none.
    Read from the pack, so it does not count as "Show me" for the session."""
    session = player.session
    if session is None:
        return ""
    step = session.step
    if step.quiz is not None:
        for option in step.quiz.options:
            if option.id == step.quiz.answer:
                return str(player._option_text(option))
        return ""
    if step.task is None or not step.task.answers:
        return ""
    action = dict(step.task.answers[0].action)
    # TRANSLATORS: separator between tile names
    names = pgettext("list separator", ", ").join(
        tile_name(t) for t in answer_tiles(action, step.task))
    blind = int(action.get("blind", 0) or 0)
    parts = [names] if names else []
    if blind:
        parts.append(_("{n} blind", n=blind))
    if action.get("type") in ("vote", "votes"):
        keep = action.get("continue")
        keep = keep.get(step.task.seat) if isinstance(keep, dict) else keep
        parts.append(command_label("vote:continue" if keep else "vote:stop"))
    elif action.get("type") in ("claim", "claims"):
        claims = [action] if action["type"] == "claim" else action.get("claims", [])
        for claim in claims:
            if claim.get("seat", step.task.seat) == step.task.seat:
                parts.append(command_label(f"claim:{claim.get('claim', '')}"))
    elif action.get("type") == "declare_win":
        parts.append(command_label("declare_win", step.task.ruleset))
    return pgettext("list separator", ", ").join(parts)


def keys_help() -> str:
    """The presenter's keys, one per line (shown with the notes)."""
    return "\n".join((
        _("Page Down or Right: next step. Page Up or Left: back."),
        _("B: blank the screen. Esc or F5: leave presenter mode."),
        _("A: show the answer. U: undo. R: start the step again."),
        _("H: ring the next seat or tile (or click it). N: notes."),
        _("Ctrl + and Ctrl -: zoom the table. Ctrl 0: whole table."),
        _("C: the deal code, large. V: show the next seat's rack (or click its seat)."),
    ))


class NotesWindow(QWidget):
    """The teacher's screen: lesson, step, notes, answer, next step and the keys."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("presenterNotes")
        self.heading = QLabel()
        self.heading.setObjectName("lessonTitle")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.body = QLabel()
        self.body.setObjectName("notesBody")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.keys = QLabel()
        self.keys.setObjectName("notesKeys")
        self.keys.setWordWrap(True)
        self.keys.setTextFormat(Qt.TextFormat.PlainText)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.keys)
        self.setStyleSheet("QLabel { font-size: 22px; } QLabel#lessonTitle { font-size: 28px; "
                           "font-weight: bold; } QLabel#notesKeys { font-size: 17px; "
                           "color: #444444; }")
        self.arrows: Any = None  # the presenter's handler for arrow keys pressed here

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        """Arrow keys on the teacher's screen step through the lesson too."""
        if self.arrows is not None and event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right,
                                                       Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.arrows(event)
        else:
            super().keyPressEvent(event)

    def show_step(self, player: LessonPlayer) -> None:
        """Fill in the notes of ``player``'s current step."""
        session, lesson = player.session, player.lesson
        if session is None or lesson is None or player.catalog is None:
            return
        self.setWindowTitle(_("Presenter notes"))
        step = session.step
        self.heading.setText(player.catalog.text(lesson.context(), lesson.title))
        lines = [_("Step {number} of {total}", number=session.index + 1,
                   total=len(lesson.steps))]
        if step.title:
            lines[0] += ": " + player.pack_text(step.title)
        notes = player.pack_text(step.notes) if step.notes else ""
        lines.append(notes or _("No notes for this step."))
        answer = answer_text(player)
        if answer:
            # TRANSLATORS: presenter notes; {answer} is the task's answer in words
            lines.append(_("Answer: {answer}", answer=answer))
        if session.index + 1 < len(lesson.steps):
            upcoming = lesson.steps[session.index + 1]
            title = player.catalog.text(lesson.context(upcoming),
                                        upcoming.title or upcoming.text or "")
            if len(title) > 90:
                title = title[:88].rsplit(" ", 1)[0] + " …"
            if title:
                lines.append(_("Next: {title}", title=title))
        self.body.setText("\n\n".join(lines))
        self.keys.setText(keys_help())


class PresenterWindow(QWidget):
    """A lesson for a room (see the module doc for the keys). ``closed`` when it is left."""

    closed = Signal()

    def __init__(self, packs: list[Pack], pack: Pack, lesson: Lesson,
                 saved: dict[str, Any] | None = None, *, theme: str = "classic",
                 text_scale: float = 1.0, screen_choice: int = -1,
                 feedback: Any = None) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("presenter")
        self.packs, self.pack = packs, pack
        # (+1 or -1, lesson id): Page Down/Up was pressed once at that lesson's end or start;
        # a second press crosses into the next lesson or the one before
        self._edge: tuple[int, str] | None = None
        self.text_scale = text_scale
        self.screen_choice = screen_choice
        self.images = TileImages(present_theme(theme))
        self.player = LessonPlayer(self.images)
        self.player.presenting = True
        self.player.leave.connect(self.close)
        self.player.table.clicked.connect(self.player.table_scene.spot_at)
        self.blank = QWidget(self)
        self.blank.setObjectName("blank")
        self.blank.setStyleSheet("QWidget#blank { background: black; }")
        self.blank.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.blank.hide()
        self.setStyleSheet("QWidget#presenter { background: #ffffff; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.code = QLabel()
        self.code.setObjectName("dealCode")
        self.code.setTextFormat(Qt.TextFormat.PlainText)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.hide()
        self.code_large = True
        #: The presenter's own play room for a hand step (built on first use).
        self.hand_view: PlayView | None = None
        self.player.play_hand.connect(self.play_hand)
        self._layout = layout = QVBoxLayout(self)
        # no margin of its own: the player keeps the same margins as on a desk (its picture
        # is as wide as there, so its tiles are no smaller)
        layout.setContentsMargins(0, 0, 0, 0)
        self.code_row = QHBoxLayout()
        self.code_row.setContentsMargins(9, 0, 9, 0)
        self.code_row.addWidget(self.code, 1)
        layout.addLayout(self.code_row)
        layout.addWidget(self.player, 1)
        # A way out for a mouse user (the keys are not on screen): top right, beside the step
        # counter and in its type (a row of its own at the bottom took the table's height,
        # and its 13 px text was smaller than on a desk: issue 16).
        self.leave_button = QPushButton()
        self.leave_button.setObjectName("leavePresenter")
        self.leave_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay the window's
        self.leave_button.clicked.connect(self.close)
        self.player.head.addWidget(self.leave_button)
        # Back and Next on screen for a teacher with a mouse (only keys stepped: tester
        # report), in the presenter's large button type; never focused, so the keys stay
        # the window's (a clicker's Page Down, the arrows). They float in the bottom right
        # corner (``_place_steppers``): in the heading's row they squeezed a long title
        # into more lines, and the step's picture lost its height (the layout contract).
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("presenterBack")
        self.back_button.clicked.connect(self.previous_step)
        self.next_button = QPushButton(self)
        self.next_button.setObjectName("presenterNext")
        self.next_button.clicked.connect(self.next_step)
        for button in (self.back_button, self.next_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.notes_window: NotesWindow | None = None
        # the feedback box is kept clear of them when it is laid out anew (it shows with a
        # verdict, or moves beside a picture): ``_feedback_clear_of_steppers``
        self.player.feedback_box.installEventFilter(self)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._keys()
        self._closed = False
        add_listener(self.retranslate)
        self._texts()
        self.player.set_presenting(True)
        shown, _notes = choose_screens(list(QGuiApplication.screens()), screen_choice,
                                       QGuiApplication.primaryScreen())
        if shown is not None:  # the type of the screen it goes to, before the step is drawn
            self.resize(shown.geometry().size())
            self._style()
        self.open(lesson, saved, feedback)

    # ---- set-up ---------------------------------------------------------------------------
    def _keys(self, target: QWidget | None = None) -> None:
        """The presenter's keys on ``target`` (this window, or the notes window, so the
        teacher's screen takes them too)."""
        bindings = (
            (("PgDown",), self.next_step), (("PgUp",), self.previous_step),
            (("Home",), lambda: self.go(0)),
            (("B", "."), self.toggle_blank), (("Esc", "F5"), self.close),
            (("A",), self.reveal), (("U", "Ctrl+Z"), self.undo), (("R",), self.reset_step),
            (("N",), self.toggle_notes), (("H",), lambda: self.spot(1)),
            (("Shift+H",), lambda: self.spot(-1)),
            (("C",), self.toggle_code), (("V",), self.reveal_next),
        )
        if target is None:
            self.shortcuts: list[QShortcut] = []
        for keys, slot in bindings:
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), target or self)
                shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
                shortcut.activated.connect(slot)
                self.shortcuts.append(shortcut)

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        """Arrows step through the lesson unless the table has them (for its tiles)."""
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.next_step()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.previous_step()
        else:
            super().keyPressEvent(event)

    def _texts(self) -> None:
        self.setWindowTitle(_("Tilewise: presenter mode"))
        # TRANSLATORS: presenter mode, a small button at the bottom right of the projected screen
        self.leave_button.setText(_("Leave presenter mode (Esc)"))
        # arrows, so the lesson's title keeps its line; their words for a screen reader and
        # the pointer
        for button, arrow, words in ((self.back_button, "\u25c0", _("Back")),
                                     (self.next_button, "\u25b6", _("Next"))):
            button.setText(arrow)
            button.setAccessibleName(words)
            button.setToolTip(words)

    def retranslate(self) -> None:
        """Texts in the current language (an i18n listener)."""
        self._texts()
        self.player.retranslate()
        if self.hand_view is not None:  # the hand played here: its table too
            self.hand_view.retranslate()
        self._after_step()

    def place(self) -> None:
        """Full screen on the chosen screen; the notes window on the other one, if any."""
        app = QGuiApplication.instance()
        screens = list(QGuiApplication.screens()) if app is not None else []
        show, notes = choose_screens(screens, self.screen_choice, QGuiApplication.primaryScreen())
        if show is not None:
            self.setScreen(show)
            self.setGeometry(show.geometry())
        self.showFullScreen()
        if notes is not None:
            self.notes_window = NotesWindow()
            self.notes_window.arrows = self.keyPressEvent
            self._keys(self.notes_window)
            self.notes_window.setScreen(notes)
            self.notes_window.setGeometry(notes.availableGeometry())
            self.notes_window.show()
            self._after_step()
        self.activateWindow()
        self.setFocus()

    # ---- the lesson -----------------------------------------------------------------------
    def open(self, lesson: Lesson, saved: dict[str, Any] | None = None,
             feedback: Any = None) -> None:
        """Show ``lesson`` (at ``saved``'s step when given: a ``LessonSession.to_dict()``,
        so a step already done shows done, its moves on the table). ``feedback``: the
        verdict the main window last showed on that step (``Well done!``), shown again."""
        self.player.open(self.pack, lesson, saved)
        if feedback is not None and self.player.session is not None:
            self.player._present(feedback)
        self._after_step()

    def place_now(self) -> tuple[str, int] | None:
        """(lesson id, step index) shown now, for the main window to go to on leaving;
        None when no lesson is open."""
        session, lesson = self.player.session, self.player.lesson
        if session is None or lesson is None:
            return None
        return lesson.id, session.index

    def go(self, index: int) -> bool:
        """Show step ``index`` (0-based) of the lesson, done or not; False when out of range."""
        self.leave_hand()
        player = self.player
        if player.session is None or player.lesson is None:
            return False
        if not 0 <= index < len(player.lesson.steps):
            return False
        saved = player.session.to_dict()
        saved["index"] = index
        player.open(self.pack, player.lesson, saved)
        self._after_step()
        return True

    def next_step(self) -> bool:
        """The next step of the lesson. At its last step the first press stops and says so,
        naming the next lesson of the pack; a second press opens it (the teacher decides:
        presenter mode keeps no progress, so a lesson the learner's library keeps locked is
        the teacher's to show). Page Down once ran on into the next lesson unannounced, also
        a locked one (tester 7b, shots 151-pres-de-15, -16). False when nothing moved."""
        return self._step_by(+1)

    def previous_step(self) -> bool:
        """The step before in the lesson. At its first step the first press stays and says
        so; a second press opens the lesson before at its last step. False when nothing
        moved."""
        return self._step_by(-1)

    def _step_by(self, way: int) -> bool:
        """One step forward (``way`` +1) or back (-1); at the lesson's edge, the press that
        says so, or the second one that crosses into the pack's neighbouring lesson."""
        session, lesson = self.player.session, self.player.lesson
        if session is None or lesson is None:
            return False
        if self.go(session.index + way):
            return True
        lessons = self.pack.lessons
        here = [x.id for x in lessons].index(lesson.id) + way
        other = lessons[here] if 0 <= here < len(lessons) else None
        if other is not None and self._edge == (way, lesson.id):
            self.open(other, None if way > 0 else
                      {"lesson": other.id, "index": len(other.steps) - 1})
            return True
        self._edge = (way, lesson.id)
        if other is None and way > 0:
            # TRANSLATORS: presenter mode, Page Down on the last step of the pack's last lesson
            self._end(_("The lesson ends here. It is the last lesson of this pack."))
        elif other is None:
            # TRANSLATORS: presenter mode, Page Up on the first step of the pack's first lesson
            self._end(_("This is the lesson's first step."))
        elif way > 0:
            # TRANSLATORS: presenter mode, Page Down (or the arrow button) on the lesson's
            # last step; {lesson} is the next lesson's title
            self._end(_("The lesson ends here. Page Down again opens the next lesson: "
                        "{lesson}.", lesson=self._title(other)))
        else:
            # TRANSLATORS: presenter mode, Page Up (or the arrow button) on the lesson's first
            # step; {lesson} is the title of the lesson before
            self._end(_("This is the lesson's first step. Page Up again opens the lesson "
                        "before: {lesson}.", lesson=self._title(other)))
        return False

    def _title(self, lesson: Lesson) -> str:
        """``lesson``'s title in the pack's catalog (the language shown)."""
        catalog = self.player.catalog
        return catalog.text(lesson.context(), lesson.title) if catalog else lesson.title

    def _end(self, text: str) -> None:
        """Say ``text`` (the lesson's end or start) where the verdicts show, as a hint."""
        self.player.show_note(text)
        self._feedback_clear_of_steppers()

    def reveal(self) -> dict[str, Any] | None:
        """Show the answer of the task (its tiles selected: Enter or 1 sends them) or quiz."""
        answer = self.player.show_answer()
        self._after_step(refocus=answer is None or "option" not in answer)
        return answer

    def undo(self) -> bool:
        """Take back the last move of the step."""
        done = self.player.undo()
        self._after_step()
        return done

    def reset_step(self) -> None:
        """Start the step again."""
        self.player.reset_step()
        self._after_step()

    def toggle_blank(self) -> bool:
        """Black screen on / off (returns True when now blank)."""
        blank = not self.blank.isVisible()
        self.blank.setGeometry(self.rect())
        self.blank.setVisible(blank)
        if blank:
            self.blank.raise_()
        return blank

    def is_blank(self) -> bool:
        """True while the screen is blanked."""
        return self.blank.isVisible()

    def toggle_notes(self) -> bool:
        """Notes on the projected screen on / off (returns True when shown)."""
        self.player.show_notes = not self.player.show_notes
        self.player.render_step(keep_feedback=True)
        self._after_step()
        return self.player.show_notes

    def spot(self, delta: int) -> None:
        """Ring the next (``delta`` 1) or previous (-1) seat, zone or tile."""
        self.player.table_scene.spot_next(delta)

    # ---- a whole hand ---------------------------------------------------------------------
    def hand_step(self) -> HandScript | None:
        """The guided hand of the step shown (None for any other step)."""
        session = self.player.session
        return session.step.hand if session is not None else None

    def _play_room(self) -> PlayView:
        """The presenter's own play room (built on first use)."""
        view = self.hand_view
        if view is None:
            card, line_name = pack_card([self.pack, *self.packs])
            view = PlayView(self.images, card, line_name=line_name)
            view.table_scene.text_scale = 1.1  # larger words than a desk; the tiles too
            view.set_presenting()
            view.leave.connect(self.leave_hand)
            view.table.clicked.connect(self._click_seat)
            self._layout.addWidget(view, 1)
            self.hand_view = view
            self._style()
        return view

    def play_hand(self, hand: HandScript, text: Any) -> None:
        """Play the step's guided hand here (the player's "Play this hand")."""
        view = self._play_room()
        view.guide(hand, text)
        self._show_hand(view)

    def play_on(self, room: PlayView) -> bool:
        """Project the hand in progress of the main window's play ``room`` (F5 there): the
        same hand (:meth:`PlayView.carry_on`: its engine, at the move it is on), played on
        here; the main window carries on from where the presenter left it. False (nothing
        changes) when the room has no hand."""
        if room.engine is None:
            return False
        view = self._play_room()
        view.carry_on(room)
        self._show_hand(view)
        return True

    def _show_hand(self, view: PlayView) -> None:
        # the way out and the deal code share a row over the hand (the lesson's heading,
        # where the way out sits otherwise, is hidden); the code in its smaller type (C:
        # large), so the table keeps the room a desk gives it
        self.code_row.addWidget(self.leave_button)
        self.code_large = False
        self.player.hide()
        view.show()
        view.table.setFocus()
        self._place_steppers()
        self._after_step()

    def playing(self) -> bool:
        """True while the hand step's hand is played here."""
        return self.hand_view is not None and self.hand_view.isVisible()

    def leave_hand(self) -> None:
        """Back from the hand to the lesson's steps."""
        if self.playing():
            assert self.hand_view is not None
            self.hand_view.hide()
            self.player.head.addWidget(self.leave_button)
            self.code_large = True
            self.player.show()
            self._place_steppers()

    def toggle_code(self) -> bool:
        """The deal code large, or smaller; returns True when large now."""
        self.code_large = not self.code_large
        self._after_step()
        return self.code_large

    def reveal_next(self) -> str | None:
        """In the hand: show the next seat's concealed rack face up (East, South, West,
        North, then none again); returns the seat shown, or None."""
        view = self.hand_view
        if not self.playing() or view is None:
            return None
        shown = sorted(view.table_scene.revealed, key=SEATS.index)
        others = [s for s in SEATS if s != view.me]
        after = others.index(shown[-1]) + 1 if shown and shown[-1] in others else 0
        for seat in shown:
            view.reveal(seat, False)
        if after >= len(others):
            return None
        view.reveal(others[after])
        return others[after]

    def _click_seat(self, point: Any) -> None:
        """A click on a seat's plate in the hand shows or hides that seat's rack."""
        view = self.hand_view
        if view is None:
            return
        for item in view.table_scene.items(point):
            if isinstance(item, Plate) and item.seat and item.seat != view.me:
                view.reveal(item.seat, item.seat not in view.table_scene.revealed)
                return

    def _after_step(self, *, refocus: bool = True) -> None:
        self._edge = None  # a step shown: the next press at an edge says so again
        hand = self.hand_step()
        deal = hand.deal if hand is not None else None
        if self.playing() and self.hand_view is not None and self.hand_view.engine is not None:
            deal = self.hand_view.engine.code  # the hand played here (a free deal too)
        if deal is not None:
            # TRANSLATORS: presenter mode, above a whole hand: the class types this code
            self.code.setText(_("Deal code: {code}", code=deal))
            self.code.setProperty("small", "false" if self.code_large else "true")
            self.code.style().unpolish(self.code)
            self.code.style().polish(self.code)
        self.code.setVisible(deal is not None)
        if self.notes_window is not None:
            self.notes_window.show_step(self.player)
        if self.playing():
            assert self.hand_view is not None
            if refocus and not self.hand_view.table.hasFocus():
                self.hand_view.table.setFocus()  # the arrows and Space are the table's
        elif refocus and not self.player.table.hasFocus():
            self.setFocus()
        self._feedback_clear_of_steppers()  # the box may have moved (beside a picture)

    # ---- window ---------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._style()
        self.blank.setGeometry(self.rect())
        self._place_steppers()

    def steppers_shown(self) -> bool:
        """Whether ◀ and ▶ are on screen: not while a hand is played here (the play room's,
        :meth:`play_on`, or a lesson's, :meth:`play_hand`). Over the hand they showed,
        enabled, and a click did nothing: the hand's view, added after them, lay over them
        and took it (tester's report, shot 113); raised, they would cover the hand's own
        buttons at the bottom right (Declare a win). Page Up and Page Down still go to the
        lesson's steps from the hand, Esc back to the play room."""
        view = self.hand_view
        return view is None or view.isHidden()

    def _place_steppers(self) -> None:
        """Back and Next side by side in the bottom right corner, over the step (raised over
        any view added after them, so clicks reach them), the black screen over them; hidden
        while a hand is played here (:meth:`steppers_shown`)."""
        margin = STEPPER_MARGIN
        right = self.width() - margin
        shown = self.steppers_shown()
        for button in (self.next_button, self.back_button):
            button.setVisible(shown)
            button.adjustSize()
            size = button.sizeHint()
            button.setGeometry(right - size.width(), self.height() - margin - size.height(),
                               size.width(), size.height())
            right -= size.width() + margin
            button.raise_()
        if self.blank.isVisible():
            self.blank.raise_()
        self._feedback_clear_of_steppers()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """The feedback box shown or moved: it ends left of ◀ ▶ again."""
        if watched is self.player.feedback_box and event.type() in (QEvent.Type.Show,
                                                                     QEvent.Type.Move):
            self._feedback_clear_of_steppers()
        return super().eventFilter(watched, event)

    def _feedback_clear_of_steppers(self) -> None:
        """The step's feedback box ends left of ◀ ▶ (its text wraps before them): at the
        bottom of the page, across it or under a quiz's options, its bottom right corner lay
        under them (tester's report, shots 88 and 93: 'Nicht ganz.' at 1024x768). With the
        steppers hidden (a hand played here) it has the whole width again."""
        box = self.player.feedback_box
        holder = box.parentWidget()
        if holder is None or not self.steppers_shown():
            box.setMaximumWidth(WIDGET_MAX)
            return
        left = box.mapTo(self, QPoint(0, 0)).x()  # the box keeps its left edge
        room = self.back_button.x() - STEPPER_MARGIN - left
        box.setMaximumWidth(max(room, self.width() // 2))

    def _style(self) -> None:
        """Type sized from the window height, on the step, the deal code and the hand; the
        step's pictures keep their words at least :func:`picture_text_px`."""
        least = picture_text_px(self.height(), self.text_scale)
        for view in (self.player.picture, self.player.side_picture):  # explain; quiz, task
            view.set_min_text_px(least)
        sheet = presenter_sheet(self.height(), self.text_scale)
        for widget in (self.player, self.code, self.hand_view, self.back_button,
                       self.next_button):
            if widget is not None and widget.styleSheet() != sheet:
                widget.setStyleSheet(sheet)
                if widget is self.player and self.player.session is not None:
                    # sizes taken from the type when the step was drawn (a quiz option's
                    # tiles) follow it; the verdict shown stays
                    feedback = self.player.last_feedback
                    self.player.render_step(keep_feedback=True)
                    if feedback is not None:
                        self.player._present(feedback)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self._closed:
            self._closed = True
            remove_listener(self.retranslate)
            self.player.table_scene.clear_spotlight()
            if self.notes_window is not None:
                self.notes_window.close()
                self.notes_window.deleteLater()
                self.notes_window = None
            self.closed.emit()
        super().closeEvent(event)


__all__ = ["NotesWindow", "PresenterWindow", "answer_text", "choose_screens", "keys_help",
           "present_theme", "presenter_sheet"]
