"""The way into the practice modes from the main window: a "Practice" page with the two modes,
a button under the lesson library, and a menu entry.

``install_practice(window)`` adds everything to a ``MainWindow`` without changing its own code
beyond that one call: the pages go into ``window.stack``, the button into the library's layout,
the action into ``window.app_menu``. Scores go to ``window.store.save_practice_score`` for the
current ``window.profile``. The practice lines come from the loaded core pack (the pack whose
Charleston lesson has the ``two-lines`` step).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from tilewise.gui.plaintext import make_plain
from tilewise.i18n import _, add_listener, current_language, remove_listener
from tilewise.lessons.catalog import PackCatalog
from tilewise.store.progress import PracticeScore, SaveFailed

if TYPE_CHECKING:  # the lessons' model: after the first paint (issue 21)
    from tilewise.gui.play.view import PlayView
    from tilewise.gui.practice.charleston import CharlestonPracticeView
    from tilewise.gui.practice.claims import ClaimsDrillView
    from tilewise.lessons.model import Pack
    from tilewise.lessons.practice.lines import PracticeLine

log = logging.getLogger(__name__)


def practice_lines(packs: list[Pack]) -> tuple[tuple[PracticeLine, ...], Pack | None]:
    """The practice lines of the first pack that has them (empty and None when none does)."""
    from tilewise.lessons.practice.lines import lines_from_pack

    for pack in packs:
        try:
            return lines_from_pack(pack), pack
        except (KeyError, ValueError):
            continue
    return (), None


class PracticePage(QWidget):
    """The practice hub: what each mode is, and a button to open it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = QLabel()
        self.heading.setObjectName("libraryHeading")
        self.charleston_text = QLabel()
        self.charleston_text.setWordWrap(True)
        self.charleston_button = QPushButton()
        self.charleston_button.setObjectName("practice:charleston")
        self.claims_text = QLabel()
        self.claims_text.setWordWrap(True)
        self.claims_button = QPushButton()
        self.claims_button.setObjectName("practice:claims")
        self.play_text = QLabel()
        self.play_text.setWordWrap(True)
        self.play_button = QPushButton()
        self.play_button.setObjectName("practice:play")
        self.back_button = QPushButton()
        self.scores = QLabel()
        self.scores.setWordWrap(True)
        make_plain(self.heading, self.charleston_text, self.claims_text, self.play_text,
                   self.scores)
        root = QVBoxLayout(self)
        for widget in (self.heading, self.charleston_text, self.charleston_button,
                       self.claims_text, self.claims_button, self.play_text, self.play_button,
                       self.scores, self.back_button):
            root.addWidget(widget)
        root.addStretch(1)
        self.retranslate()

    def retranslate(self, lines_missing: bool = False) -> None:
        """Every text in the current language."""
        self.heading.setText(_("Practice"))
        self.charleston_text.setText(_(
            "Charleston practice: a whole deal with three computer partners. Pass, vote and "
            "make the courtesy pass; at the end see which passes helped your practice line."))
        self.charleston_button.setText(_("Practise the Charleston"))
        self.charleston_button.setEnabled(not lines_missing)
        self.claims_text.setText(_(
            "Claims drill (WSM): the computer deals and discards. Claim chi, pong, kong or win "
            "in time, lay out the meld, and say who gets a tile that several players want."))
        self.claims_button.setText(_("Start the claims drill"))
        self.play_text.setText(_(
            "A whole hand, American or WSM: you play your seat against three computer "
            "partners, with a coach. A deal code lets a class play the same hand."))
        self.play_button.setText(_("Play a whole hand"))
        self.back_button.setText(_("Back to lessons"))


def let_text_wrap(view: QWidget) -> None:
    """Let every paragraph of ``view`` wrap instead of widening the window.

    A word-wrapped label still asks for a wide minimum; an explicit small minimum lets the
    layout wrap it, so long translations fit a 1024x768 projector.
    """
    for label in view.findChildren(QLabel):
        if label.wordWrap():
            label.setMinimumWidth(160)


class PracticeHub:
    """The practice page and both mode views inside one main window (see the module doc).

    The two mode views are built (and imported) on first use (issue 10, cold start); so are
    the practice page and the practice lines, which the library does not show (issue 21:
    only the library's button and the menu entry are made at start). The lines come from the
    window's packs when first needed, so a pack its check left out gives none.
    """

    def __init__(self, window: Any) -> None:
        self.window = window
        self._lines: tuple[PracticeLine, ...] | None = None
        self._pack_path: Path | None = None
        self.scores: list[PracticeScore] = []
        self._page: PracticePage | None = None
        self._charleston: CharlestonPracticeView | None = None
        self._claims: ClaimsDrillView | None = None
        self._play: PlayView | None = None
        #: (pack, lesson) of the guided hand being played, for its review situations.
        self._guided_lesson: tuple[Any, Any] = (None, None)
        self._return_to: QWidget | None = None
        self.open_button = QPushButton()
        self.open_button.setObjectName("open:practice")
        self.open_button.clicked.connect(self.show_page)
        self.action = QAction(window)
        self.action.triggered.connect(self.show_page)
        window.app_menu.insertAction(window.act_profiles, self.action)
        window.library.add_action(self.open_button, self.action)
        add_listener(self.retranslate)
        window.destroyed.connect(lambda *_args: remove_listener(self.retranslate))
        self.retranslate()

    @property
    def lines(self) -> tuple[PracticeLine, ...]:
        """The practice lines (:func:`practice_lines` of the window's packs), on first use."""
        if self._lines is None:
            self._lines, pack = practice_lines(list(self.window.packs))
            self._pack_path = Path(pack.path) if pack is not None else None
        return self._lines

    @property
    def pack_path(self) -> Path | None:
        """The folder of the pack the practice lines come from (None when none has them)."""
        _ = self.lines
        return self._pack_path

    @property
    def page(self) -> PracticePage:
        """The practice page, built (and added to the stack) on first use."""
        if self._page is None:
            page = PracticePage()
            let_text_wrap(page)
            self.window.stack.addWidget(page)
            page.charleston_button.clicked.connect(self.open_charleston)
            page.claims_button.clicked.connect(self.open_claims)
            page.play_button.clicked.connect(self.open_play)
            page.back_button.clicked.connect(self.window.show_library)
            self._page = page
            self._retranslate_page()
        return self._page

    @property
    def charleston(self) -> CharlestonPracticeView:
        """Charleston practice, built (and added to the stack) on first use."""
        if self._charleston is None:
            from tilewise.gui.practice.charleston import CharlestonPracticeView

            view = CharlestonPracticeView(self.window.images, self.lines,
                                          on_score=self.save_score, line_name=self.line_name)
            settings = getattr(self.window, "settings", None)
            view.table_scene.animate = not getattr(settings, "reduced_motion", False)
            self._add_view(view)
            self._charleston = view
        return self._charleston

    @property
    def claims(self) -> ClaimsDrillView:
        """The claims drill, built (and added to the stack) on first use."""
        if self._claims is None:
            from tilewise.gui.practice.claims import ClaimsDrillView

            view = ClaimsDrillView(self.window.images, on_score=self.save_score)
            self._add_view(view)
            self._claims = view
        return self._claims

    @property
    def play(self) -> PlayView:
        """The play room (whole hands), built (and added to the stack) on first use."""
        if self._play is None:
            from tilewise.gui.play.view import PlayView, pack_card

            card, line_name = pack_card(list(self.window.packs))
            view = PlayView(self.window.images, card, line_name=line_name)
            view.finished.connect(self.save_hand)
            view.progressed.connect(self.save_unfinished)
            self._add_view(view)
            self._play = view
            self._show_hands()
        return self._play

    def open_play(self) -> None:
        """Open the play room (the learner deals when ready; a lesson's guided hand left
        there is put away)."""
        self._return_to = None
        self._guided_lesson = (None, None)
        self.play.free_play()
        self.window.stack.setCurrentWidget(self.play)
        self._show_hands()  # the learner may have changed since
        if self.play.engine is None:  # the hand this learner left unfinished, to continue
            self.play.offer_resume(self.window.store.unfinished_hand(self.window.profile.id))

    def learner_changed(self) -> None:
        """Another learner is current: the hand on the play room's table is put away (it was
        saved for its learner after each move, and is offered to them again); moves on it
        must never be saved under the new learner."""
        if self._play is not None:
            self._play.put_away()

    def save_unfinished(self, engine: Any) -> None:
        """Keep the free hand in progress for the current learner (``engine``: the
        ``HandEngine``), as its deal code, ruleset, seat and the learner's moves
        (``tilewise.lessons.hand.engine.learner_moves``), so it can be continued after the
        app is closed (tester: a hand at wall 81 was lost on quitting); the play room offers
        it when it opens (:meth:`open_play`). A failed save is kept and told by the banner."""
        from tilewise.lessons.hand.engine import learner_moves

        hand = {"ruleset": engine.ruleset, "deal": engine.code, "seat": engine.learner,
                "moves": learner_moves(engine)}
        self._keep_unfinished(hand)

    def _keep_unfinished(self, hand: dict[str, Any] | None) -> None:
        try:
            self.window.store.save_unfinished_hand(self.window.profile.id, hand)
        except SaveFailed as failure:  # kept by the store; the window's banner says so
            self.window.save_failed(failure)
        except (KeyError, ValueError, TypeError, OSError):
            log.exception("the unfinished hand could not be kept")

    def open_guided(self, hand: Any, text: Any, back_to: QWidget | None = None) -> None:
        """Play a lesson's guided hand (``HandScript``; ``text`` translates its pack text) in
        the play room; leaving it returns to ``back_to`` (the lesson player)."""
        self.play.guide(hand, text)
        player = getattr(back_to, "lesson", None)
        self._guided_lesson = (getattr(back_to, "pack", None), player)
        self._return_to = back_to
        self.window.stack.setCurrentWidget(self.play)

    def _add_view(self, view: CharlestonPracticeView | ClaimsDrillView | PlayView) -> None:
        view.retranslate()
        let_text_wrap(view)
        self.window.stack.addWidget(view)
        view.leave.connect(self.show_page)

    def line_name(self, line: PracticeLine) -> str:
        """A practice line's label in the learner's language (the pack's catalog)."""
        if self.pack_path is None:
            return line.label
        return PackCatalog(self.pack_path, current_language()).text(line.context, line.label)

    def show_page(self) -> None:
        """Show the practice page (or, after a lesson's guided hand, that lesson again)."""
        if self._return_to is not None:
            back, self._return_to = self._return_to, None
            self.window.stack.setCurrentWidget(back)
            return
        if self._claims is not None:
            self._claims.timer.stop()
        self.scores = self.window.store.practice_scores(self.window.profile.id)
        self.retranslate()
        self.window.stack.setCurrentWidget(self.page)

    def open_charleston(self) -> None:
        """Open Charleston practice on a fresh deal (the deal number shown); shown first, so
        the deal gives its table the keyboard."""
        self.window.stack.setCurrentWidget(self.charleston)
        self.charleston.deal(self.charleston.seed.value(), str(self.charleston.seat.currentData()))

    def open_claims(self) -> None:
        """Open the claims drill on a fresh deal at the chosen level (shown first, so the
        deal gives its table the keyboard)."""
        self.window.stack.setCurrentWidget(self.claims)
        self.claims.deal(self.claims.seed.value(), str(self.claims.seat.currentData()),
                         int(self.claims.level.currentData()))

    def save_score(self, mode: str, right: int, asked: int, level: int, seed: int,
                   details: dict[str, Any]) -> None:
        """Store one finished session for the current learner (logged, never fatal)."""
        try:
            self.window.store.save_practice_score(self.window.profile.id, mode, right, asked,
                                                  level=level, seed=seed, details=details)
        except SaveFailed as failure:  # kept by the store; the window's banner says so
            self.window.save_failed(failure)
        except (KeyError, ValueError, TypeError, OSError):
            log.exception("practice score could not be saved")

    def save_hand(self, engine: Any) -> None:
        """Store one finished whole hand for the current learner (``engine``: the
        ``HandEngine``; its ruleset, deal code and how it ended for the learner's seat), then
        show the learner's record. A failed save is kept and told by the banner. A lesson's
        guided hand that ended makes its hand step done (``LessonPlayer.hand_finished``)."""
        result = engine.result
        seat = engine.learner
        outcome = "wall" if result.winner is None else "won" if result.winner == seat else "lost"
        guided = self._play.guided if self._play is not None else None
        details = {"seat": seat, "winner": result.winner, "line": result.line,
                   "self_drawn": result.self_drawn, "judged": engine.judged,
                   "guided": guided is not None}
        try:
            self.window.store.save_hand(self.window.profile.id, engine.ruleset, engine.code,
                                        outcome, details=details)
        except SaveFailed as failure:  # kept by the store; the window's banner says so
            self.window.save_failed(failure)
        except (KeyError, ValueError, TypeError, OSError):
            log.exception("hand could not be saved")
        self._keep_moments(engine)
        if guided is None:
            self._keep_unfinished(None)  # it is finished: nothing left to continue
        self._show_hands()
        back = self._return_to
        if self._play is not None and self._play.guided is not None and back is not None:
            finish = getattr(back, "hand_finished", None)  # the lesson player's hand step
            if callable(finish):
                finish()

    def _keep_moments(self, engine: Any) -> None:
        """The hand's mistakes (``tilewise.lessons.hand.moments``) into the review queue:
        under the guided hand's lesson, else under ``hand`` in the pack of the practice card
        (each is played again as a one-step lesson of that pack)."""
        from tilewise.lessons.hand.moments import moment_mistake

        view = self._play
        pack, lesson = self._guided_lesson if view is not None and view.guided else (None, None)
        if pack is None:
            pack = next(iter(self.window.packs), None)
        if view is None or pack is None:
            return
        mistakes = [moment_mistake(m, ruleset=engine.ruleset, deal=engine.code,
                                   seat=engine.learner, step_id=f"hand-{engine.code}-{m.number}")
                    for m in view.moments if m.mistake]
        from tilewise.store.review import ReviewQueue  # fsrs: not needed to start

        try:
            ReviewQueue(self.window.store).keep_mistakes(
                self.window.profile.id, pack.id, lesson.id if lesson is not None else "hand",
                mistakes)
        except SaveFailed as failure:  # kept by the store; the window's banner says so
            self.window.save_failed(failure)
        except (KeyError, ValueError, TypeError, OSError):
            log.exception("the hand's mistakes could not be kept for review")

    def _show_hands(self) -> None:
        """The learner's record of whole hands in the play room (kept saves count)."""
        if self._play is not None:
            hands = self.window.store.hands_played(self.window.profile.id)
            self._play.show_record(len(hands), sum(h.result == "won" for h in hands))

    def retranslate(self) -> None:
        """Every text of the practice page and views (an i18n listener)."""
        self.open_button.setText(_("Practice: Charleston, claims and whole hands"))
        self.action.setText(_("Pr&actice"))
        if self._page is not None:  # built later: then
            self._retranslate_page()
        for view in (self._charleston, self._claims, self._play):  # built later: then
            if view is not None:
                view.retranslate()

    def _retranslate_page(self) -> None:
        page = self.page
        page.retranslate(lines_missing=not self.lines)
        page.scores.setText("\n".join(
            _("{mode}: {right} of {asked} (deal {seed})", mode=mode_name(s.mode), right=s.right,
              asked=s.asked, seed=s.seed) for s in self.scores[-5:]))


def mode_name(mode: str) -> str:
    """The translated name of a practice mode."""
    return _("Charleston practice") if mode == "charleston" else _("Claims drill (WSM)")


def install_practice(window: Any) -> PracticeHub:
    """Add the practice modes to ``window`` (a ``MainWindow``); returns the hub."""
    return PracticeHub(window)
