"""The main window: the lesson library and the lesson player, menus, profiles and settings.

Progress goes to ``ProgressStore`` after every move; resuming a lesson puts the learner back
on its step. A save that fails is kept by the store and retried; the banner above the page
says what was not saved and what to do (``gui.faults.SaveBanner``, issue 15), and quitting
with moves still unsaved asks first. Language switches at run time: every widget's ``retranslate()`` is an i18n
listener, and Qt's own catalog is swapped too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.dialogs.transfer import install_learner_files
from tilewise.gui.faults import (
    ProfileLock,
    RaiseWatcher,
    SaveBanner,
    ask_running,
    confirm_quit_unsaved,
    signal_running,
)
from tilewise.gui.library.library import LibraryView
from tilewise.gui.practice.hub import install_practice
from tilewise.gui.qtlang import install_qt_translations
from tilewise.gui.review.room import install_review
from tilewise.gui.startup import AfterFirstPaint, BeforeInput, forget_source_lines
from tilewise.gui.style import app_style_sheet, screen_times, text_scale_for
from tilewise.i18n import _, add_listener, current_language, remove_listener, set_language
from tilewise.lessons.shelf import PackEntry, entry_of
from tilewise.store.progress import Profile, ProgressStore, SaveFailed
from tilewise.store.settings import Settings

if TYPE_CHECKING:
    from tilewise.gui.glossary.glossary import GlossaryView
    from tilewise.gui.library.lesson_end import LessonEndView
    from tilewise.gui.player.player import LessonPlayer
    from tilewise.gui.present.presenter import PresenterWindow
    from tilewise.gui.tiles.images import TileImages
    from tilewise.lessons.model import Lesson, Pack
    from tilewise.lessons.pack import MovesCheck
    from tilewise.lessons.readiness import Readiness

log = logging.getLogger(__name__)

#: Loads the packs of a window shown from their library entries (:meth:`MainWindow.load_later`;
#: ``gui.app.load_packs``): given the list to append moves checks still to do to, it returns
#: the packs that loaded and the problems of those that did not (``file: key: problem``).
PackLoader = Callable[[list["MovesCheck"]], tuple[list["Pack"], list[str]]]


class MainWindow(QMainWindow):
    """Library + player for the current profile.

    Only the library is built at start (issue 10, cold start): the lesson player is built on
    first use (``player``), the dialogs and presenter mode import on first use too. With
    ``shown`` (what ``lessons.shelf`` kept of each pack), the library shows those entries and
    ``packs`` stays empty until :meth:`load_later` loads them (issue 21, start-up time).
    """

    def __init__(self, store: ProgressStore, settings: Settings, packs: list[Pack],
                 profile: Profile, *, settings_path: Path | None = None,
                 problems: list[str] | None = None,
                 shown: list[PackEntry] | None = None) -> None:
        super().__init__()
        self.store, self.settings, self.profile = store, settings, profile
        self._packs = packs
        self._shown = shown  # the library's entries until the packs are loaded
        self._load: PackLoader | None = None  # how, until they are (``load_later``)
        self.settings_path = settings_path
        self._closed = False
        self.problems = problems or []
        # start-up work the first screen does not show waits for its first paint (issue 21)
        self.after_paint = AfterFirstPaint(self)
        self.pending: list[MovesCheck] = []  # packs shown whose moves check is not done yet
        self._gate = BeforeInput(self.finish_checks, self)
        self._images: TileImages | None = None  # the tile faces, on first use (``images``)
        self.library = LibraryView()
        self._player: LessonPlayer | None = None
        self.lesson_end: LessonEndView | None = None  # built on the first finished lesson
        self.glossary: GlossaryView | None = None  # built when first opened
        self.stack = QStackedWidget()
        self.stack.addWidget(self.library)
        self.banner = SaveBanner(store)
        self.lock: ProfileLock | None = None  # set by app.start: one window per learner
        self.raise_watcher: RaiseWatcher | None = None
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.library.open_lesson.connect(self.open_lesson)
        self.library.show_problems.connect(self.report_problems)
        self._menus()
        add_listener(self.retranslate)
        # as large beside its type as on a 1080p screen (a 4K TV at 96 dpi: twice as large)
        times = screen_times()
        self.resize(round(1280 * times), round(860 * times))
        self.retranslate()
        self.show_library()
        self.practice = install_practice(self)  # practice modes (issue 8, gui/practice/hub.py)
        self.review = install_review(self)  # review of mistakes (issue 19, gui/review/room.py)
        if shown is None:  # else once the packs are loaded (it needs their steps)
            self.review.suggest()
        self.learner_files = install_learner_files(self)  # export, import, restore (issue 19)

    def _menus(self) -> None:
        bar = self.menuBar()
        self.app_menu = QMenu(self)
        self.help_menu = QMenu(self)
        bar.addMenu(self.app_menu)
        bar.addMenu(self.help_menu)
        self.act_library = QAction(self)
        self.act_library.triggered.connect(self.show_library)
        self.act_profiles = QAction(self)
        self.act_profiles.triggered.connect(self.choose_profile)
        self.act_settings = QAction(self)
        self.act_settings.triggered.connect(self.edit_settings)
        self.act_quit = QAction(self)
        self.act_quit.triggered.connect(self.close)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_help = QAction(self)
        self.act_help.triggered.connect(self.show_help)
        self.act_help.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.act_notes = QAction(self)
        self.act_notes.setCheckable(True)
        self.act_notes.toggled.connect(self.set_teacher_notes)
        self.act_about = QAction(self)
        self.act_about.triggered.connect(self.show_about)
        self.act_glossary = QAction(self)  # the glossary room (gui/glossary/glossary.py)
        self.act_glossary.triggered.connect(self.show_glossary)
        self.act_present = QAction(self)  # presenter mode (issue 7, gui/present/presenter.py)
        self.act_present.setShortcut(QKeySequence("F5"))
        self.act_present.triggered.connect(self.present)
        self.app_menu.addAction(self.act_present)
        for action in (self.act_present, self.act_glossary):  # nothing to show without one
            self.library.offer_with_packs(action)
        self.presenter: PresenterWindow | None = None
        for action in (self.act_library, self.act_profiles, self.act_settings, self.act_notes):
            self.app_menu.addAction(action)
        self.app_menu.addSeparator()
        self.app_menu.addAction(self.act_quit)
        self.help_menu.addAction(self.act_help)
        self.help_menu.addAction(self.act_glossary)
        self.help_menu.addAction(self.act_about)

    @property
    def images(self) -> TileImages:
        """The tile faces in the settings' theme, shared by the rooms; made (and the SVG
        renderer imported) on first use: the library draws no tile (issue 21)."""
        if self._images is None:
            from tilewise.gui.tiles.images import TileImages

            self._images = TileImages(self.settings.theme)
        return self._images

    @property
    def player(self) -> LessonPlayer:
        """The lesson player, built (and added to ``stack``) on first use."""
        if self._player is None:
            from tilewise.gui.player.player import LessonPlayer

            player = LessonPlayer(self.images)  # retranslates itself when built
            player.show_notes = self.act_notes.isChecked()
            player.animate = not self.settings.reduced_motion
            self.stack.addWidget(player)
            player.changed.connect(self.save_progress)
            player.leave.connect(self.show_library)
            player.finished.connect(self.show_lesson_end)
            player.play_hand.connect(
                lambda hand, text: self.practice.open_guided(hand, text, back_to=player))
            self._player = player
            forget_source_lines()  # what its imports left in linecache (gui/startup.py)
        return self._player

    def show_help(self) -> None:
        """The "how to play" dialog."""
        from tilewise.gui.dialogs.dialogs import HelpDialog

        HelpDialog(self).exec()

    def show_about(self) -> None:
        """The about dialog."""
        from tilewise.gui.dialogs.dialogs import AboutDialog

        AboutDialog(self).exec()

    def retranslate(self) -> None:
        """Every text of the window in the current language (an i18n listener)."""
        self.setWindowTitle(_("Tilewise: {name}", name=self.profile.name))
        self.app_menu.setTitle(_("&Tilewise"))
        self.help_menu.setTitle(_("&Help"))
        self.act_library.setText(_("Less&on library"))
        self.act_profiles.setText(_("&Learners…"))
        self.act_settings.setText(_("&Settings…"))
        self.act_notes.setText(_("Teacher &notes"))
        self.act_present.setText(_("&Present to a room"))
        self.act_quit.setText(_("&Quit"))
        self.act_help.setText(_("How to &play"))
        self.act_about.setText(_("&About Tilewise"))
        # TRANSLATORS: Help menu: the glossary of terms at each kind of table
        self.act_glossary.setText(_("&Glossary"))
        self.library.retranslate()
        if self._player is not None:  # a player built later translates itself
            self._player.retranslate()
        if self.lesson_end is not None:
            self.lesson_end.retranslate()
        if self.glossary is not None:
            self.glossary.retranslate()

    def set_teacher_notes(self, shown: bool) -> None:
        """Presenter mode: show each step's notes for the person teaching."""
        if self._player is None:  # the player reads the checked action when it is built
            return
        self._player.show_notes = shown
        self._player.render_step(keep_feedback=True)

    def present(self) -> PresenterWindow | None:
        """Presenter mode (F5, again to leave): the open lesson as it is (its session's
        moves and verdict: a step done shows done), else the library's lesson
        (:meth:`_library_lesson`, at the learner's saved step), full screen on
        the chosen screen; see :mod:`tilewise.gui.present.presenter`. Leaving it, the main
        window goes to the step the presenter was on. Returns the presenter window (None
        when there is no pack, or when F5 closed an open presenter)."""
        from tilewise.gui.present.presenter import PresenterWindow

        if self.presenter is not None:  # F5 toggles
            self.presenter.close()
            return None
        if not self.packs:
            return None
        player = self._player
        feedback = None
        room = self.stack.currentWidget()
        play: Any = getattr(self.practice, "_play", None)  # the play room, if built
        in_play = play is not None and play.engine is not None and room is play
        guided = in_play and play.guided is not None and player is not None \
            and player.session is not None and player.session.step.hand is not None
        if player is not None and player.pack is not None and player.lesson is not None \
                and player.session is not None and (room is player or guided):
            pack, lesson = player.pack, player.lesson
            saved: dict[str, object] | None = player.session.to_dict()  # a copy: own session
            feedback = player.last_feedback if room is player else None
        elif (taught := self._lesson_of_room(room)) is not None:
            pack, lesson = taught  # a drill's own lesson (see _lesson_of_room)
            saved = self._saved_session(pack.id, lesson.id)
        else:  # the library's selected lesson, or (from elsewhere) the one the class is on
            pack, lesson = self._library_lesson(focused=room is self.library)
            saved = self._saved_session(pack.id, lesson.id)
        window = PresenterWindow(self.packs, pack, lesson, saved, theme=self.settings.theme,
                                 text_scale=self.settings.text_scale or 1.0,  # by height
                                 screen_choice=self.settings.present_screen, feedback=feedback)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        window.closed.connect(lambda: self._presenter_closed(window.pack, window.place_now()))
        self.presenter = window
        window.place()
        if in_play:
            # From the play room: its hand in progress on the projector, the same hand (a
            # separate copy dealt again from move 1 lost what was played there: tester
            # report); a hand that ends there is saved as the room's (hands played, its
            # mistakes into review), and leaving, the room carries on from there.
            window.play_on(play)
            shown = window.hand_view
            assert shown is not None
            shown.finished.connect(lambda engine: self._presented_hand_ended(shown, engine))
            shown.progressed.connect(self.practice.save_unfinished)  # kept as on the desk
            window.closed.connect(lambda: self._hand_back_from(shown))
        return window

    def _lesson_of_room(self, room: QWidget | None) -> tuple[Pack, Lesson] | None:
        """The lesson presenter mode opens from a practice drill it cannot project: the one
        that teaches the drill (the Charleston practice: "The Charleston"; the claims drill:
        "Claiming discards"), at this learner's saved step. F5 there opened the lesson under
        way, "Know your tiles" for a new learner (tester report). The presenter shows a lesson
        or a whole hand only; a drill's dealt table and coach have no presenter view (its
        scores are the learner's own), so the class sees the lesson the drill practises.
        None in every other room, or when the core pack (or that lesson) is not loaded."""
        practice = getattr(self, "practice", None)
        if practice is None or room is None:
            return None
        lesson_id = {id(getattr(practice, "_charleston", None)): "charleston",
                     id(getattr(practice, "_claims", None)): "claims"}.get(id(room))
        return self._find_lesson("core", lesson_id) if lesson_id is not None else None

    def _presented_hand_ended(self, shown: Any, engine: Any) -> None:
        """A hand carried on from the play room ended in presenter mode: the room takes it
        back and the practice hub saves it as any hand of the room (``PracticeHub.save_hand``)."""
        play: Any = getattr(self.practice, "_play", None)
        if play is not None and shown.engine is engine:
            play.carry_on(shown)
            self.practice.save_hand(engine)

    def _hand_back_from(self, shown: Any) -> None:
        """Leaving presenter mode: the play room carries on with the hand where the presenter
        left it (the same engine; its moves, refusals and the off-plan moves of a guided
        hand)."""
        from shiboken6 import isValid

        play: Any = getattr(self.practice, "_play", None)
        if play is not None and isValid(shown) and shown.engine is not None:
            play.carry_on(shown)

    def _presenter_closed(self, pack: Pack, place: tuple[str, int] | None) -> None:
        """Back from presenter mode: the player at the lesson and step it was on (the
        learner's own record of each step kept; the presenter's moves are not saved)."""
        self.presenter = None
        if place is not None and self._player is not None \
                and self.stack.currentWidget() is self._player:
            lesson_id, index = place
            player = self._player
            if player.session is not None and player.session.lesson.id == lesson_id \
                    and player.pack is not None and player.pack.id == pack.id:
                saved = player.session.to_dict()
                if saved["index"] != index:
                    saved["index"] = index
                    player.open(pack, pack.lesson(lesson_id), saved)
                    self.save_progress()
            else:
                self.open_lesson(pack.id, lesson_id, at_step=index)
        self.activateWindow()

    # ---- navigation ------------------------------------------------------------------------
    @property
    def packs(self) -> list[Pack]:
        """The loaded packs. A window shown from the packs' library entries loads them at the
        first use of this (:meth:`finish_loading`), if the start-up tasks after its first
        paint have not yet: whatever asks for them finds them (issue 21)."""
        if self._load is not None:
            self.finish_loading()
        return self._packs

    @packs.setter
    def packs(self, packs: list[Pack]) -> None:
        self._packs = packs

    @property
    def loading(self) -> bool:
        """True while the packs are still to be loaded (:meth:`load_later`)."""
        return self._load is not None

    @property
    def shelf(self) -> list[PackEntry]:
        """What the library shows of each pack: the entries it was shown from until the
        packs are loaded (:meth:`load_later`), then the loaded packs' own."""
        if self._shown is not None:
            return self._shown
        return [entry_of(pack) for pack in self.packs]

    def show_library(self) -> None:
        """Show the library with this profile's progress."""
        self.library.show_packs(self.shelf, self.store.lesson_summaries(self.profile.id),
                                self.profile.name, unlock_all=self.settings.unlock_all,
                                left_out=bool(self.problems))
        review = getattr(self, "review", None)  # built after the library's first showing
        if review is not None:
            review.suggest()  # what to practise next, under the lesson cards
        self.stack.setCurrentWidget(self.library)
        # The keys start on the card of the lesson under way (else the next to do): Enter
        # goes on with it, and presenter mode opens that one (``_library_lesson``).
        place = self._library_place(focused=False)
        if place is None and self.library.problems_button is not None:
            self.library.problems_button.setFocus(Qt.FocusReason.OtherFocusReason)
        if place is not None:
            try:
                button = self.library.card(*place).button
            except KeyError:  # pragma: no cover - every shown lesson has its card
                return
            if button.isEnabled():
                button.setFocus(Qt.FocusReason.OtherFocusReason)
            else:  # (locked: opened out of order) no card selected; Tab goes to the first
                self.library.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_glossary(self) -> None:
        """The glossary room: every pack's terms per table and language, searchable."""
        if self.glossary is None:
            from tilewise.gui.glossary.glossary import GlossaryView

            self.glossary = GlossaryView()
            self.glossary.leave.connect(self.show_library)
            self.glossary.open_step.connect(self._reopen_step)
            self.stack.addWidget(self.glossary)
        self.glossary.show_packs(self.packs)
        self.stack.setCurrentWidget(self.glossary)

    def show_lesson_end(self) -> None:
        """The end of a lesson: score, steps to go back to, what opened, a way to practise."""
        from tilewise.gui.library.lesson_end import LessonEndView
        from tilewise.lessons.lesson_end import lesson_end

        player = self._player
        if player is None or player.session is None or player.pack is None:
            self.show_library()
            return
        pack, session = player.pack, player.session
        summaries = self.store.lesson_summaries(self.profile.id)
        done_before = {lid for (pid, lid), summary in summaries.items()
                       if pid == pack.id and summary.completed and lid != session.lesson.id}
        if self.lesson_end is None:
            self.lesson_end = LessonEndView()
            self.lesson_end.back_to_library.connect(self.show_library)
            self.lesson_end.practise.connect(self.practice.show_page)
            self.lesson_end.open_step.connect(self._reopen_step)
            self.stack.addWidget(self.lesson_end)
        self.lesson_end.show_end(pack, session.lesson, lesson_end(pack, session, done_before))
        self.stack.setCurrentWidget(self.lesson_end)

    # ---- packs loaded and checked after the first paint (issue 21) --------------------------
    def load_later(self, load: PackLoader) -> None:
        """Load this window's packs with ``load`` after the first paint (the library shows its
        entries, ``shown``, until then), or at once before the learner's first mouse or key
        press (``BeforeInput``; :meth:`finish_checks`): that press then finds them, so a card
        pressed at once opens its lesson. Packs with moves checks still to do are checked as
        :meth:`check_later` does; a pack that did not load is reported as at any start
        (:meth:`report_problems`), and the library is shown again from the loaded packs when
        they differ from its entries (one was left out)."""
        self._load = load
        self.after_paint.add(self.finish_loading, first=True)
        self._gate.arm()

    def finish_loading(self) -> None:
        """Load the packs :meth:`load_later` was given, now (nothing when done already)."""
        load, self._load = self._load, None
        if load is None:
            return
        checks: list[MovesCheck] = []
        packs, problems = load(checks)
        self._packs = packs
        shown, self._shown = self._shown, None
        self.problems.extend(problems)
        self.check_later(checks)
        if not self.pending:
            self._gate.disarm()
        if shown != self.shelf and self.stack.currentWidget() is self.library:
            self.show_library()  # what did not load is not shown
        else:
            self.review.suggest()  # it needs the packs' steps
        if problems:
            self.after_paint.add(self.report_problems)

    def check_later(self, checks: list[MovesCheck]) -> None:
        """Run the moves checks of packs already shown (``app.load_packs``) after the first
        paint, one lesson per turn of the event loop. The learner's first mouse or key press
        before they are done runs them to the end first (``BeforeInput``), so no lesson,
        practice or presenter opens from a pack not checked. A pack that fails is left out
        (:meth:`leave_out`) as at any start."""
        for check in checks:
            self.pending.append(check)
            self.after_paint.add(partial(self._check_step, check))
        if self.pending:
            self._gate.arm()

    def _check_step(self, check: MovesCheck) -> None:
        if check not in self.pending:  # finished already, before the learner's input
            return
        if check.step():
            self._checked(check)
        else:
            self.after_paint.add(partial(self._check_step, check))

    def _checked(self, check: MovesCheck) -> None:
        self.pending.remove(check)
        if not self.pending and self._load is None:
            self._gate.disarm()
        if check.problems:
            self.leave_out(check.pack, [str(p) for p in check.problems])
        else:
            log.info("pack %s checked", check.pack.id)

    def finish_checks(self) -> None:
        """Load the packs still to load (:meth:`finish_loading`) and run every pack check
        still to do to its end, at once."""
        self.finish_loading()
        for check in list(self.pending):
            check.finish()
            self._checked(check)

    def leave_out(self, pack: Pack, problems: list[str]) -> None:
        """Take ``pack`` out of this window (its lessons no longer open) and report
        ``problems``: the library shows the others and the problems box comes up, on the
        next turn of the event loop (this may run before a press on one of its cards is
        delivered)."""
        log.error("pack %s did not pass its check: %s", pack.path, "; ".join(problems[:5]))
        if pack in self.packs:
            self.packs.remove(pack)
        self.problems.extend(problems)

        def show() -> None:
            if self.stack.currentWidget() is self.library:
                self.show_library()
            self.report_problems()

        self.after_paint.add(show)

    def _reopen_step(self, pack_id: str, lesson_id: str, index: int) -> None:
        self.open_lesson(pack_id, lesson_id, at_step=index)

    def pack(self, pack_id: str) -> Pack:
        """A loaded pack by id (KeyError)."""
        for pack in self.packs:
            if pack.id == pack_id:
                return pack
        raise KeyError(pack_id)

    def open_lesson(self, pack_id: str, lesson_id: str, at_step: int | None = None) -> None:
        """Open (or resume) a lesson in the player. A finished lesson opens at step 1 (its
        review), or at ``at_step`` (0-based) when given. A pack left out meanwhile (its check
        failed) opens nothing."""
        if not any(p.id == pack_id for p in self.packs):
            return
        pack = self.pack(pack_id)
        saved = self._saved_session(pack_id, lesson_id, at_step)
        self.player.learner = str(self.profile.id)  # each learner's own quiz option order
        self.player.open(pack, pack.lesson(lesson_id), saved)
        self.stack.setCurrentWidget(self.player)

    def _saved_session(self, pack_id: str, lesson_id: str,
                       at_step: int | None = None) -> dict[str, Any] | None:
        """The session a lesson opens with: the learner's saved one (None: not started); a
        finished lesson at step 1 (its review), or at ``at_step`` (0-based) when given."""
        saved = self.store.load_lesson(self.profile.id, pack_id, lesson_id)
        summary = self.store.lesson_summaries(self.profile.id).get((pack_id, lesson_id))
        if saved is not None and (at_step is not None or (summary and summary.completed)):
            saved = {**saved, "index": at_step or 0}
        elif saved is None and at_step is not None:  # a lesson not started, opened at a step
            saved = {"lesson": lesson_id, "index": at_step}
        return saved

    def _library_lesson(self, *, focused: bool = True) -> tuple[Pack, Lesson]:
        """The lesson presenter mode opens from the library (newcomer report: it always
        opened the first lesson): :meth:`_library_place`'s, of the loaded packs (the first
        lesson when it is not loaded)."""
        place = self._library_place(focused=focused)
        found = self._find_lesson(*place) if place is not None else None
        return found if found is not None else (self.packs[0], self.packs[0].lessons[0])

    def _library_place(self, *, focused: bool = True) -> tuple[str, str] | None:
        """The pack and lesson ids of the library's lesson: the lesson whose card has the
        keyboard focus (the one the teacher selected; only when ``focused``: opened from the
        library), else the unfinished lesson this learner saved last (the one the class is
        on), else the first unfinished lesson in pack order, else the first; of the lessons
        the library shows (:attr:`shelf`); None when it shows none."""
        shelf = self.shelf
        shown = {(pack.id, lesson.id) for pack in shelf for lesson in pack.lessons}
        card = self.library.focused_card() if focused else None
        if card is not None and (card.pack_id, card.lesson_id) in shown:
            return card.pack_id, card.lesson_id
        summaries = self.store.lesson_summaries(self.profile.id)
        for summary in sorted(summaries.values(), key=lambda s: s.updated, reverse=True):
            if (summary.pack_id, summary.lesson_id) in shown and not summary.completed:
                return summary.pack_id, summary.lesson_id
        done = {key for key, summary in summaries.items() if summary.completed}
        places = [(pack.id, lesson.id) for pack in shelf for lesson in pack.lessons]
        return next((place for place in places if place not in done),
                    places[0] if places else None)

    def _find_lesson(self, pack_id: str, lesson_id: str) -> tuple[Pack, Lesson] | None:
        """The loaded pack and lesson of these ids (None when either is not loaded)."""
        try:
            pack = self.pack(pack_id)
            return pack, pack.lesson(lesson_id)
        except KeyError:  # progress of a pack or lesson no longer installed
            return None

    def save_progress(self) -> None:
        """Write the player's session to the progress store (one transaction)."""
        if self._player is None:
            return
        session, pack = self._player.session, self._player.pack
        if session is None or pack is None:
            return
        review = getattr(self, "review", None)
        if review is not None and review.run is not None:  # a review keeps lesson progress as it is
            try:
                review.note(session)
            except SaveFailed as failure:  # the answer is kept by the store and retried
                self.save_failed(failure)
            return
        try:
            self.store.save_lesson(self.profile.id, pack.id, session.lesson.id,
                                   session.to_dict(), session.mastery, session.complete)
        except SaveFailed as failure:  # kept by the store; the banner tells and retries
            self.save_failed(failure)
        mistakes = [m.to_dict() for m in session.take_mistakes()]
        if mistakes:  # kept for review (issue 19), in a transaction of their own
            from tilewise.store.review import ReviewQueue  # fsrs: not needed to start

            try:
                ReviewQueue(self.store).keep_mistakes(self.profile.id, pack.id,
                                                      session.lesson.id, mistakes)
            except SaveFailed as failure:  # kept by the store and retried with the progress
                self.save_failed(failure)

    def save_failed(self, failure: SaveFailed) -> None:
        """Tell the learner a save failed (the store keeps it and the banner retries)."""
        self.banner.failed(failure)

    def bring_forward(self) -> None:
        """A second start for this learner asked for this window."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()

    # ---- profiles and settings ---------------------------------------------------------------
    def switch_profile(self, profile: Profile) -> None:
        """Make ``profile`` current: its language, its progress. A learner open in another
        Tilewise window is not taken over: the learner may switch to that window instead."""
        if self.lock is not None and profile.id != self.profile.id:
            lock = ProfileLock(self.lock.data_dir, profile.id)
            if not lock.acquire():
                if ask_running(self, profile.name) == "switch":
                    signal_running(lock)
                return
            self.lock.release()
            self.lock = lock
        if profile.id != self.profile.id:
            self.practice.learner_changed()
        self.profile = profile
        self.settings.last_profile = profile.id
        self._save_settings()
        self.apply_language(profile.language)
        self.show_library()

    def choose_profile(self) -> None:
        """The learners dialog: switch, or add a learner."""
        from tilewise.gui.dialogs.dialogs import NewProfileDialog, ProfilesDialog

        dialog = ProfilesDialog(self.store.profiles(), self.profile.id, self, store=self.store)
        if not dialog.exec():
            return
        if dialog.add_requested:
            new = NewProfileDialog(current_language(), self, readiness=self.language_readiness(),
                                   threshold=self.settings.language_threshold,
                                   taken=self.store.name_taken)
            if new.exec():
                name, language = new.result_values()
                self.switch_profile(self.store.create_profile(name, language))
            return
        chosen = dialog.chosen()
        profile = self.store.profile(chosen) if chosen is not None else None
        if profile is not None:
            self.switch_profile(profile)
        else:
            self.profile = self.store.profile(self.profile.id) or self.profile  # renamed
            self.retranslate()

    def language_readiness(self) -> list[Readiness]:
        """How complete each language is with this window's packs (for the language menu)."""
        from tilewise.gui.dialogs.languages import readiness_of

        return readiness_of(self.packs)

    def edit_settings(self) -> None:
        """The settings dialog; a new language applies at once, without a restart."""
        from tilewise.gui.dialogs.dialogs import SettingsDialog

        s = self.settings
        shown_scale = text_scale_for(s.text_scale)  # the screen's when none was chosen
        dialog = SettingsDialog(current_language(), s.theme, s.tile_size, shown_scale, self,
                                present_screen=s.present_screen, unlock_all=s.unlock_all,
                                reduced_motion=s.reduced_motion,
                                readiness=self.language_readiness(),
                                threshold=s.language_threshold)
        if not dialog.exec():
            return
        language, theme, tile_size, text_scale = dialog.values()
        s.present_screen = dialog.screen_choice()
        s.unlock_all = dialog.unlock_all.isChecked()
        s.reduced_motion = dialog.motion_choice()
        if self._player is not None:
            self._player.animate = self._player.table_scene.animate = not s.reduced_motion
        practice = getattr(self.practice, "_charleston", None)
        if practice is not None:
            practice.table_scene.animate = not s.reduced_motion
        s.theme, s.tile_size = theme, tile_size
        if text_scale != shown_scale:  # chosen: it wins over the screen's from now on
            s.text_scale = text_scale
        self.store.set_profile_language(self.profile.id, language)
        self.profile = self.store.profile(self.profile.id) or self.profile
        self._save_settings()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setStyleSheet(app_style_sheet(theme, s.text_scale))
        if self._images is not None:  # else made in the new theme when first used
            self._images.set_theme(theme)
        self.apply_language(language)  # listeners re-render the library and the step

    def apply_language(self, language: str) -> None:
        """Switch Tilewise's and Qt's catalogs; listeners re-render every widget."""
        app = QApplication.instance()
        if app is not None:
            install_qt_translations(app, language)
        set_language(language)

    def _save_settings(self) -> None:
        try:
            self.settings.save(self.settings_path)
        except OSError:
            log.exception("settings could not be saved")

    def report_problems(self) -> None:
        """Tell the learner which packs did not load (file, key path, problem)."""
        if not self.problems:
            return
        from tilewise.gui.dialogs.problems import pack_problems_box  # on first use (issue 21)

        pack_problems_box(self.problems, none_opened=not self.packs, parent=self).exec()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self._closed:
            self.save_progress()
            pending = len(self.store.pending)
            if pending and not self.store.read_only and not self.store.retry_pending() \
                    and not confirm_quit_unsaved(self, pending, self.store.last_failure,
                                             self.store.path.parent):
                event.ignore()
                return
            self._closed = True
            self.banner.timer.stop()
            remove_listener(self.retranslate)
            if self.lock is not None:
                self.lock.release()
        super().closeEvent(event)


def __getattr__(name: str) -> object:
    """The dialog classes, imported on first use (``mainwindow.NewProfileDialog`` etc.)."""
    if name in ("AboutDialog", "HelpDialog", "NewProfileDialog", "ProfilesDialog",
                "SettingsDialog"):
        from tilewise.gui.dialogs import dialogs

        return getattr(dialogs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def first_profile(store: ProgressStore, settings: Settings, name: str | None, language: str,
                  parent: QWidget | None = None) -> Profile | None:
    """The profile to start with: ``name`` (created if new), the last one used, or (first
    start) one made from the welcome dialog, or brought from another computer there ("Import
    a learner…": ``gui.dialogs.transfer.import_learner_file``). None if the person cancelled
    it and then chose to quit (``gui.dialogs.dialogs.leave_welcome``; "Go back" keeps the
    welcome open, as it was)."""
    profiles = store.profiles()
    if name:
        return store.profile_named(name) or store.create_profile(name, language)
    if settings.last_profile is not None:
        last = store.profile(settings.last_profile)
        if last is not None:
            return last
    if profiles:
        return profiles[0]
    from tilewise.gui.dialogs import transfer
    from tilewise.gui.dialogs.dialogs import NewProfileDialog, leave_welcome

    def importer() -> tuple[Profile | None, str]:
        chosen = transfer.ask_learner_file(dialog)
        return transfer.import_learner_file(store, Path(chosen)) if chosen else (None, "")

    # Cancel (or closing it) asks first: back to the welcome, or quit (it quit at once)
    dialog = NewProfileDialog(language, parent, threshold=settings.language_threshold,
                              taken=store.name_taken, importer=importer,
                              ask_leave=leave_welcome)
    from tilewise.gui.startup import person_waits

    with person_waits():  # not start-up time (the log's "interactive after" line)
        accepted = dialog.exec()
    if not accepted:
        return None
    if dialog.imported is not None:
        return dialog.imported
    entered, chosen = dialog.result_values()
    return store.create_profile(entered, chosen)
