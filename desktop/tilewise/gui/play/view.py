"""The play room: a whole hand, American or WSM, the learner in one seat, three computer partners,
and a coach that can be turned off, on the same table view as the lessons.

The table is the lessons' table view (``gui.table``: the same drawing, drags and keys) drawing
:class:`tilewise.lessons.hand.desk.HandDesk`, the hand's table model: the learner's rack, the
partners' concealed racks (backs) and exposures (the claimed tile sideways), every seat's
discards, the wall count, and the zones of what the table waits for from the learner. The
learner drags tiles: three into the pass zone (the tiles arriving face down on a blind step
can be passed on), one into the discard zone, the tiles to expose with a discard into the claim
zone (then the claim's button), a natural tile onto an exposed joker (or its zone) to redeem
it, the courtesy offer into its zone; the keyboard does the same (arrows, Space, 1-9, Enter).
The buttons are the spoken ones: draw, the claims, let it go, the stop vote, the offer, Mah
Jongg / a win (keys D, L, M). All state is the engine's; every move goes to it (the referee
judges it) and a refusal shows the reason's sentence. The deal code above the table gives every
computer the same hand. Sentences for partners' reasons, table events and the coach are written
here from the engine's codes.

An American Mah Jongg declared on the learner's own turn or called on a discard in a free hand
is asked first (Yes / No, No by default: a wrong call kills the hand in both cases, DECISIONS
24-25; a WSM false win is only
refused, DECISIONS 17, and a guided hand's script never plays a wrong move).

When a hand ends, the winner's rack lies face up on the table (every rack at a wall game), the
winner's hand is drawn set by set beside the prompt with the winning tile framed, and the words
at the top of the column say how it was won (``gui/play/ending.py``, from
``tilewise.lessons.hand.ending``); ``finished(engine)`` is emitted once (the practice hub saves
the result and the hand's key moments).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.plaintext import plain_label
from tilewise.gui.play.ending import ending_text, hand_picture, hand_words
from tilewise.gui.player.player import command_label, keyboard_help
from tilewise.gui.practice.widgets import (
    refusal_text,
    table_beside_words,
    tile_list,
)
from tilewise.gui.reasons import seat_name, tile_name
from tilewise.gui.scroll import RoomLabel
from tilewise.gui.table import access
from tilewise.gui.table.drops import DeskDrops
from tilewise.gui.table.scene import TableScene
from tilewise.gui.table.view import TableView
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import N_, _, current_language, ngettext
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.hand.card import CardLine, PracticeCard, card_from_pack
from tilewise.lessons.hand.coach import claim_advice, closest_lines, partner_reasons, waiting_for
from tilewise.lessons.hand.dealcode import MAX_SEED, DealCodeError, decode
from tilewise.lessons.hand.desk import HandDesk
from tilewise.lessons.hand.engine import Event, HandEngine, replayed
from tilewise.lessons.hand.guided import Guidance, GuidedHand
from tilewise.lessons.hand.moments import Moment, Slip, key_moments
from tilewise.lessons.model import HandScript, Pack
from tilewise.lessons.steptable import Outcome
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import sort_tiles
from tilewise.rules.verdict import Verdict

_CLAIM_NAMES = {
    "chi": N_("Chi"), "pong": N_("Pong"), "kong": N_("Kong"), "win": N_("Win"),
    "pung": N_("Pung"), "quint": N_("Quint"), "sextet": N_("Sextet"),
    "mahjong": N_("Mah Jongg"), "pair": N_("Win"),
}
_STEP_NAMES = {
    "first_right": N_("first Charleston, pass right"),
    "first_across": N_("first Charleston, pass across"),
    "first_left": N_("first Charleston, pass left (blind allowed)"),
    "second_left": N_("second Charleston, pass left"),
    "second_across": N_("second Charleston, pass across"),
    "second_right": N_("second Charleston, last right (blind allowed)"),
}


def pack_card(packs: Sequence[Pack]) -> tuple[PracticeCard | None, Callable[[CardLine], str]]:
    """The practice card of the first pack that has one (American hands; None when none
    does) and the translator of its line labels (the pack's catalog, current language)."""
    for pack in packs:
        try:
            card, path = card_from_pack(pack), Path(pack.path)
        except (KeyError, ValueError):
            continue

        def line_name(line: CardLine, path: Path = path) -> str:
            return PackCatalog(path, current_language()).text(line.context, line.label)
        return card, line_name
    return None, lambda line: line.label


def claim_name(claim: str) -> str:
    """The translated name of a claim word (``pung``, ``chi``, ``mahjong`` ...)."""
    return _(_CLAIM_NAMES.get(claim, claim))


def button_label(command: str, ruleset: str) -> str:
    """The text of a play-room button: a table command's (``command_label``), ``draw`` and
    ``no_claim`` with their keys."""
    if command == "draw":
        return _("Draw (D)")
    if command == "no_claim":
        return _("Let it go (L)")
    if command == "declare_win":
        return (_("Declare Mah Jongg (M)") if ruleset == "american"
                else _("Declare a win (M)"))
    return command_label(command, ruleset)


class PlayView(DeskDrops, QWidget):
    """The play room. Public methods (tests drive them): :meth:`deal`, :meth:`guide`,
    :meth:`carry_on`, :meth:`drop`, :meth:`miss`, :meth:`send_selection` (:class:`DeskDrops`), :meth:`command`,
    :meth:`act`,
    :meth:`retranslate`. ``card`` is the practice card (American), ``line_name`` translates a
    card line's label. ``finished(engine)``: a hand ended (once per hand)."""

    leave = Signal()
    finished = Signal(object)
    #: A free hand was dealt or moved on and is not over (``progressed(engine)``: the hub
    #: saves it, so a hand left unfinished is there to continue, :meth:`offer_resume`).
    progressed = Signal(object)

    def __init__(self, images: TileImages, card: PracticeCard | None,
                 line_name: Callable[[CardLine], str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.line_name = line_name or (lambda line: line.label)
        self.engine: HandEngine | None = None
        self.desk: HandDesk | None = None
        self.last_refusal: Verdict | None = None
        #: A lesson's guided hand being played (None: free play), its pack-text translator,
        #: and the answer to the learner's last move.
        self.guided: GuidedHand | None = None
        self.pack_text: Callable[[str | None], str] = lambda text: text or ""
        self.guidance: Guidance | None = None
        self._reported: HandEngine | None = None
        #: A guided hand's off-plan moves (``tilewise.lessons.hand.moments.Slip``).
        self.slips: list[Slip] = []
        #: The key moments of the hand just ended (shown under the table's words).
        self.moments: list[Moment] = []
        self._record = (0, 0)  # hands played, won (show_record)
        #: In presenter mode (:meth:`set_presenting`): no deal row.
        self.presenting = False
        self.title = QLabel()
        self.title.setObjectName("lessonTitle")
        self.ruleset_label, self.seat_label, self.code_label = QLabel(), QLabel(), QLabel()
        self.ruleset = QComboBox()
        self.ruleset.addItem("American", "american")
        self.ruleset.addItem("WSM", "wsm")
        self.seat = QComboBox()
        for seat in SEATS:
            self.seat.addItem(seat, seat)
        self.seat.setCurrentIndex(1)
        self.code = QLineEdit()
        self.code.setObjectName("play:code")
        self.code.setMaxLength(9)
        self.code.setMaximumWidth(110)
        self.deal_button = QPushButton()
        self.deal_button.setObjectName("play:deal")
        self.new_button = QPushButton()
        #: "Continue your unfinished hand": shown when a saved one is offered and no hand is on.
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("play:resume")
        self._unfinished: dict[str, Any] | None = None
        self.back_button = QPushButton()
        self.coach_on = QCheckBox()
        self.coach_on.setChecked(True)
        self.prompt = RoomLabel("stepTitle")  # three lines kept: the table never jumps
        #: The end of a hand: how it was won, and the winner's hand set by set.
        self.ending_words = plain_label()
        self.ending_words.setObjectName("play:ending")
        self.ending_hand = QLabel()
        self.ending_hand.setObjectName("play:winning-hand")
        self.ending_hand.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a screen reader reaches it
        self.images = images
        #: Seats the presenter showed face up (:meth:`reveal`); the end adds the desk's.
        self.cued: set[str] = set()
        self.status = plain_label()
        self.record = plain_label()
        self.record.setObjectName("play:record")
        access.install()  # the table's tiles and zones for screen readers
        self.table_scene = TableScene(images, self)
        self.table_scene.whole_hand = True
        self.table = TableView(self.table_scene)
        self.table.setMinimumSize(360, 260)
        self.table.dropped.connect(self.drop)
        self.table.missed.connect(self.miss)
        self.table.send.connect(self.send_selection)
        self.commands = QHBoxLayout()
        #: The button of each command shown now (``draw``, ``claim:pung``, ``no_claim`` ...).
        self.buttons: dict[str, QPushButton] = {}
        self.coach = plain_label("cardNote")
        self.feedback = plain_label("feedback")
        self.log = plain_label()
        top = QHBoxLayout()
        for widget in (self.ruleset_label, self.ruleset, self.seat_label, self.seat,
                       self.code_label, self.code, self.deal_button, self.new_button):
            top.addWidget(widget)
        top.addStretch(1)
        # "Back to practice" beside the title, not at the end of the deal row: that row
        # would be wider than a 1024 px screen in German (newcomer report, issue 16).
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.back_button)
        # The table as large as the page allows; the words in a column beside it, which
        # scrolls when the coach says much (the window never grows past the screen): the
        # practice rooms' own row, whose area gives wrapped text its full height.
        side = QVBoxLayout()
        column: tuple[tuple[QWidget, int], ...] = (
            (self.ending_words, 0), (self.status, 0), (self.feedback, 0), (self.coach_on, 0),
            (self.coach, 0),
            (self.log, 1), (self.record, 0))
        for part, stretch in column:
            side.addWidget(part, stretch)
        middle, self.side = table_beside_words(self.table, side, 340)
        self.side.setMinimumWidth(200)
        root = QVBoxLayout(self)
        root.addLayout(heading)
        root.addLayout(top)
        # The winner's hand beside the prompt ("North wins this hand."), its words at the
        # top of the column beside the table: the table keeps its size at the end.
        prompt_row = QHBoxLayout()
        prompt_row.addWidget(self.prompt, 1)
        prompt_row.addWidget(self.ending_hand, 0, Qt.AlignmentFlag.AlignVCenter)
        # beside the prompt (only while no hand is on): the deal row has no room left in
        # German at 1024 px
        prompt_row.addWidget(self.resume_button, 0, Qt.AlignmentFlag.AlignVCenter)
        root.addLayout(prompt_row)
        root.addLayout(middle, 1)
        bar = QWidget()  # keeps its height when no button shows (the table never jumps)
        bar.setLayout(self.commands)
        self.commands.setContentsMargins(0, 0, 0, 0)
        bar.setMinimumHeight(QPushButton("Ag").sizeHint().height())
        root.addWidget(bar)
        self.deal_button.clicked.connect(self.deal_code)
        # Enter in the code field does what "Deal this code" does (tester's report: it did
        # nothing); in a lesson's hand the field is read-only and the button hidden
        self.code.returnPressed.connect(self._code_entered)
        self.new_button.clicked.connect(self.new_deal)
        self.resume_button.clicked.connect(self.resume)
        self.back_button.clicked.connect(self.leave.emit)
        self.coach_on.toggled.connect(lambda _on: self._texts())
        for key, command in (("D", "draw"), ("L", "no_claim"), ("M", "declare_win")):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(lambda c=command: self._key(c))
        self._redraw()

    # ---- dealing ------------------------------------------------------------------------
    def deal(self, ruleset: str, seed: int, seat: str) -> None:
        """Start a hand: ``ruleset``, deal ``seed``, the learner in ``seat``."""
        self.ruleset.setCurrentIndex(0 if ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(seat))
        card = self.card if ruleset == "american" else None
        self.guided = self.guidance = None
        self._start(HandEngine(ruleset, seed, card=card, learner=seat))

    def guide(self, hand: HandScript, text: Callable[[str | None], str]) -> None:
        """Play a lesson's guided hand: its deal and seat; each move checked against the
        script (``tilewise.lessons.hand.guided``); ``text`` translates the script's text."""
        self.guided = GuidedHand(hand, self.card)
        self.pack_text = text
        self.guidance = None
        self.ruleset.setCurrentIndex(0 if hand.ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(hand.seat))
        self._start(self.guided.engine)

    def free_play(self) -> None:
        """Leave a lesson's guided hand for free play: an empty table until the learner
        deals. The room opened from the practice page kept the lesson's hand, with "Back to
        the lesson" and no deal buttons (nothing happens when no guided hand is on)."""
        if self.guided is None:
            return
        self.put_away()

    def put_away(self) -> None:
        """Clear the table, whatever hand is on it (another learner takes over: their hand
        in progress was saved after its last move and is offered to them again)."""
        self.guided = self.guidance = None
        self.engine, self.desk, self.last_refusal = None, None, None
        self.slips, self.moments = [], []
        self._redraw()

    def carry_on(self, other: PlayView) -> None:
        """Play on the hand in progress of ``other`` (another play room: the main window's,
        or the presenter's): the same engine object, guided hand, off-plan moves and key
        moments, so a move made in either room is made in the one hand, and a hand that
        ended is reported once (``finished``). Nothing changes when ``other`` has no hand."""
        engine = other.engine
        if engine is None or engine.learner is None:
            return
        self.ruleset.setCurrentIndex(0 if engine.ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(engine.learner))
        self.guided, self.pack_text, self.guidance = other.guided, other.pack_text, other.guidance
        self.engine = engine
        self.slips, self.moments = other.slips, other.moments  # shared: one hand
        self._reported = other._reported
        self.desk = HandDesk(engine, self._submit)
        self.code.setText(engine.code)
        self.last_refusal = other.last_refusal
        self._redraw()

    def _start(self, engine: HandEngine) -> None:
        self.engine = engine
        self.slips, self.moments = [], []
        self.desk = HandDesk(engine, self._submit)
        self.code.setText(engine.code)
        self.last_refusal = None
        self.cued = set()
        self._unfinished = None  # a hand is on: the saved one is this one, or replaced by it
        self._redraw()
        self.table.setFocus()  # the keyboard plays at once, not from the Deal button
        self._progressed()

    def _progressed(self) -> None:
        engine = self.engine
        if engine is not None and not engine.over and self.guided is None:
            self.progressed.emit(engine)

    def offer_resume(self, saved: dict[str, Any] | None) -> None:
        """Offer to continue the learner's unfinished free hand (the store's
        ``unfinished_hand``: ruleset, deal code, seat, the learner's moves), by a button shown
        while no hand is on; None offers nothing."""
        self._unfinished = dict(saved) if saved is not None else None
        self._texts()

    def _resume_text(self, unfinished: dict[str, Any]) -> str:
        """The Continue button's words: the hand's rules and seat with its deal code, which the
        Rules and seat boxes beside it need not show (they said "American" while offering a
        WSM hand: tester 7, shot 145)."""
        code = str(unfinished.get("deal", ""))
        ruleset, seat = unfinished.get("ruleset"), unfinished.get("seat")
        if ruleset not in ("american", "wsm") or seat not in SEATS:
            # TRANSLATORS: play room: a button that continues the hand the learner left
            # unfinished (a damaged save: its rules or seat unknown)
            return _("Continue your unfinished hand (deal {code})", code=code)
        # TRANSLATORS: play room: a button that continues the hand the learner left
        # unfinished; {rules} is "American" or "WSM", {seat} a seat such as "South"
        return _("Continue your unfinished hand ({rules}, {seat}, deal {code})",
                 rules=_("American") if ruleset == "american" else _("WSM"),
                 seat=seat_name(str(seat)), code=code)

    def resume(self) -> bool:
        """Continue the offered unfinished hand: dealt again from its code and the learner's
        moves played again (``tilewise.lessons.hand.engine.replayed``: the same table, wall
        and moves). False, with a sentence, when it cannot be set up (a damaged save, or a
        card that changed since); nothing else changes."""
        saved = self._unfinished
        if saved is None:
            return False
        try:
            ruleset, seed = decode(str(saved.get("deal")))
            moves = saved.get("moves")
            seat = str(saved.get("seat"))
            if not isinstance(moves, list) or seat not in SEATS or ruleset != saved.get(
                    "ruleset"):
                raise ValueError("not an unfinished hand")
            engine = replayed(ruleset, seed, seat, moves,
                              card=self.card if ruleset == "american" else None)
        except (DealCodeError, ValueError, KeyError, TypeError):
            # no Continue to press again: it would say the same (the saved hand stays in the
            # store until a new hand replaces it)
            self._unfinished = None
            self._texts()
            self._say(_("That unfinished hand could not be set up again. Deal a new one."))
            return False
        self.ruleset.setCurrentIndex(0 if ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(seat))
        self.guided = self.guidance = None
        self._start(engine)
        return True

    def deal_code(self) -> None:
        """Deal the hand of the code typed in (its ruleset comes with it)."""
        try:
            ruleset, seed = decode(self.code.text())
        except DealCodeError:
            self._say(_("That deal code cannot be read. It has six letters and digits, like "
                        "000-01X."))
            return
        self.deal(ruleset, seed, str(self.seat.currentData()))

    def _code_entered(self) -> None:
        if self.guided is None and not self.presenting:  # where "Deal this code" is shown
            self.deal_code()

    def new_deal(self) -> None:
        """A fresh random deal in the chosen ruleset (its code is shown to share)."""
        ruleset = str(self.ruleset.currentData())
        self.deal(ruleset, random.randint(0, MAX_SEED), str(self.seat.currentData()))

    def set_presenting(self) -> None:
        """For a room (presenter mode): no title or deal row (the presenter shows the deal
        code large above), the words beside the table in smaller type, so the table gets
        the screen."""
        self.presenting = True
        for widget in (self.title, self.ruleset_label, self.ruleset, self.seat_label,
                       self.seat, self.code_label, self.code, self.deal_button,
                       self.new_button, self.back_button):
            widget.hide()
        self.side.setMaximumWidth(300)
        # its type is the presenter's (``presenter_sheet``: QWidget#playSide), no smaller
        # than a desk's
        self.side.setObjectName("playSide")

    def reveal(self, seat: str, shown: bool = True) -> None:
        """Show ``seat``'s concealed rack face up on the table (the presenter's cue), or
        face down again."""
        if shown:
            self.cued.add(seat)
        else:
            self.cued.discard(seat)
        self._redraw()

    # ---- moves: each one operation on the desk, then a redraw from it --------------------
    @property
    def me(self) -> str:
        """The learner's seat."""
        return str(self.seat.currentData())

    def _submit(self, action: dict[str, Any]) -> Verdict | None:
        """The desk's way to play a move: checked against the script of a guided hand, else
        straight to the engine; a refusal is kept for its sentence."""
        if self.engine is None:
            return None
        if self.guided is not None:
            point = self.guided.point
            answer = self.guided.attempt(action)
            self.guidance = answer
            self.last_refusal = answer.verdict if answer.kind == "refused" else None
            if answer.kind != "right" and point is not None:  # never played: kept here
                verdict = answer.verdict
                self.slips.append((len(self.engine.moves), dict(action), dict(point.expect),
                                   None if verdict.legal else str(verdict.reason)))
            return answer.verdict
        verdict = self.engine.act({**action, "seat": self.engine.learner})
        self.last_refusal = None if verdict.legal else verdict
        return verdict

    def act(self, action: dict[str, Any]) -> Verdict | None:
        """Play one move of the learner as it is (tests; the table's moves go through the
        desk): the verdict, the table drawn again."""
        if self.desk is None:
            return None
        self._after(self.desk.play(action))
        return self.desk.last

    def command(self, command: str) -> None:
        """A button: ``draw``, ``no_claim``, ``claim:<kind>`` (with the tiles in the claim
        zone), ``vote:continue`` / ``vote:stop``, ``offer``, ``declare_win`` (asked first
        when a wrong call would kill the hand: :meth:`risky_declaration`)."""
        if self.desk is None:
            return
        if command in ("declare_win", "claim:mahjong") and self.risky_declaration(command) \
                and not self.ask_declare():
            return
        self._after(self.desk.command(command))

    def risky_declaration(self, command: str = "declare_win") -> bool:
        """True when ``command`` now would kill the learner's hand if it is no Mah Jongg: in
        an American free hand, Mah Jongg declared on the learner's turn (``declare_win``) or
        called on a discard (``claim:mahjong``; it was judged at once, without asking: tester
        report) (DECISIONS 24-25; a guided hand's script refuses a wrong move without playing
        it, a WSM table only refuses the call)."""
        engine = self.engine
        stage = {"declare_win": "turn", "claim:mahjong": "claims"}.get(command)
        return (engine is not None and self.guided is None and engine.ruleset == "american"
                and engine.false_mahjong_kills and engine.stage == stage)

    def ask_declare(self) -> bool:
        """Ask the learner before a risky declaration (one key, M, ended the whole hand: a
        newcomer report): Yes or No, No by default (Enter), Escape is No. The question never
        tells whether the hand is complete."""
        from PySide6.QtWidgets import QMessageBox  # its enums cost time at start (issue 21)

        box = QMessageBox(self)
        box.setObjectName("play:confirm-declare")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_("Declare Mah Jongg"))
        box.setText(_("Declare Mah Jongg?"))
        box.setInformativeText(_("A wrong call makes your hand dead for the rest of the hand."))
        # TRANSLATORS: the answer to "Declare Mah Jongg?" that declares
        yes = box.addButton(_("Yes, declare"), QMessageBox.ButtonRole.YesRole)
        # TRANSLATORS: the answer to "Declare Mah Jongg?" that goes back to the hand
        no = box.addButton(_("No"), QMessageBox.ButtonRole.NoRole)
        box.setDefaultButton(no)
        box.setEscapeButton(no)
        box.exec()
        self.table.setFocus()
        return box.clickedButton() is yes

    def _key(self, command: str) -> None:
        if self.desk is not None and command in self.desk.commands:
            self.command(command)

    def _after(self, outcome: Outcome, held: int | None = None) -> None:
        desk = self.desk
        if desk is not None and desk.preview is not None:
            self.last_refusal, self.guidance = desk.preview, None
        if desk is not None and outcome.changed:
            self._redraw()
        elif held is not None:
            self.table_scene.put_back(held)
        self._texts()
        engine = self.engine
        if engine is not None and not engine.over:
            self._progressed()
        if engine is not None and engine.over and self._reported is not engine:
            self._reported = engine
            try:
                self.moments = key_moments(engine, self.slips)
            except ValueError:  # a hand not dealt from its seed (tests): no moments
                self.moments = []
            self._texts()
            self.finished.emit(engine)

    def _redraw(self) -> None:
        desk = self.desk
        if desk is not None:
            # face up: what the presenter showed, and at the end the winner's rack (every
            # rack at a wall game)
            self.table_scene.revealed = self.cued | set(desk.face_up)
            self.table_scene.show_table(desk.table)
            self.table.fit()
        else:  # nothing dealt: an empty felt, and nothing of an earlier hand left to
            # redraw (a resize) or to focus (the scene's lists held deleted items)
            scene = self.table_scene
            scene.clear()
            scene.model, scene.tiles, scene.zones, scene.zone_captions = None, [], {}, {}
            scene.selected = []
        self._buttons()
        self._show_ending()
        self._texts()

    def _show_ending(self) -> None:
        """The winner's hand drawn set by set (hidden while the hand goes on, and at a wall
        game, whose racks the table shows)."""
        ending = self.desk.ending if self.desk is not None else None
        shown = ending is not None and bool(ending.groups)
        if ending is not None and shown:
            self.ending_hand.setPixmap(hand_picture(self.images, ending,
                                                    self.devicePixelRatioF()))
        else:
            self.ending_hand.clear()
        self.ending_hand.setVisible(shown)

    def _buttons(self) -> None:
        """The buttons of the moves offered now, made again after each move. When one of the
        old ones had the keyboard focus (the one just pressed, by click or key), the table
        takes it: Qt handed it on to "Back to practice", and the table's Space then left the
        hand (tester 7, shots 101-102, 142-144)."""
        focus = self.window().focusWidget()
        pressed = focus is not None and focus in self.buttons.values()
        while self.commands.count():
            item = self.commands.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        if pressed:
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.buttons = {}
        for command in self.desk.commands if self.desk is not None else []:
            button = QPushButton()
            button.setObjectName(f"play:{command}")
            button.clicked.connect(lambda _c=False, cmd=command: self.command(cmd))
            self.commands.addWidget(button)
            button.show()
            self.buttons[command] = button
        self.commands.addStretch(1)

    # ---- text ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language, the table's too (an i18n listener: a language
        or tile theme switched in the settings). The table and the winner's hand are drawn
        again from the desk, as a move does (the GUI holds no table state): its captions
        ("Wall: 83 tiles left", the seats, "Discards") were in the old language until the
        next move, and the winner's hand in the old theme (tester report)."""
        desk = self.desk
        if desk is not None:
            self.table_scene.revealed = self.cued | set(desk.face_up)
            self.table_scene.show_table(desk.table)
            self._show_ending()
        self._texts()

    def _texts(self) -> None:
        """Every text beside the table in the current language (after each move)."""
        self.title.setText(_("Play a whole hand"))
        self.ruleset_label.setText(_("Rules"))
        self.ruleset.setItemText(0, _("American"))
        self.ruleset.setItemText(1, _("WSM"))
        self.seat_label.setText(_("Your seat"))
        for index, seat in enumerate(SEATS):
            self.seat.setItemText(index, seat_name(seat))
        self.code_label.setText(_("Deal code"))
        self.deal_button.setText(_("Deal this code"))
        self.new_button.setText(_("New deal"))
        # A lesson's guided hand: no other deal (its deal code is shown, to share, but
        # "Deal this code" left the lesson's hand for a free one: newcomer report), its
        # rules and seat fixed, and the way back is to the lesson.
        free = self.guided is None
        for widget in (self.deal_button, self.new_button):
            widget.setVisible(free and not self.presenting)
        unfinished = self._unfinished
        self.resume_button.setVisible(unfinished is not None and self.engine is None
                                      and not self.presenting)
        self.resume_button.setText(self._resume_text(unfinished) if unfinished else "")
        self.ruleset.setEnabled(free)
        self.seat.setEnabled(free)
        self.code.setReadOnly(not free)
        self.back_button.setText(_("Back to the lesson") if self.guided is not None
                                 else _("Back to practice"))
        self.coach_on.setText(_("Coach"))
        self.table.setAccessibleName(_("Table"))
        self.table.setAccessibleDescription(keyboard_help())
        for command, button in self.buttons.items():
            button.setText(button_label(command, self._ruleset()))
        self.prompt.setText(self._prompt_text())
        ending = self.desk.ending if self.desk is not None else None
        self.ending_words.setVisible(ending is not None)
        self.ending_words.setText(ending_text(ending, self.me, self._line)
                                  if ending is not None else "")
        words = hand_words(ending) if ending is not None else ""
        # TRANSLATORS: screen readers: the picture of the hand that won
        self.ending_hand.setAccessibleName(_("The winning hand"))
        self.ending_hand.setAccessibleDescription(words)
        self.ending_hand.setToolTip(words)
        self.status.setText(self._table_text())
        self.coach.setVisible(self.coach_on.isChecked())
        self.coach.setText(self._coach_text() if self.coach_on.isChecked() else "")
        # a wrapped label keeps the height of its first text unless told (clipped lines)
        self.prompt.setMinimumHeight(max(0, self.prompt.heightForWidth(
            max(self.prompt.width(), 600))))
        self._say(self._feedback_text())
        self.log.setText("\n".join(self._log_lines()))
        played, won = self._record
        self.record.setText(ngettext("Hands played: {n}, won {won}.",
                                     "Hands played: {n}, won {won}.", played, won=won)
                            if played else "")

    def show_record(self, played: int, won: int) -> None:
        """Show the learner's record of whole hands (from the progress store)."""
        self._record = (played, won)
        self._texts()

    def _say(self, text: str) -> None:
        """Show ``text`` in the feedback box, or no box at all when there is nothing to say
        (an empty framed box beside the table read as a broken answer field)."""
        self.feedback.setText(text)
        self.feedback.setVisible(bool(text))

    def _feedback_text(self) -> str:
        answer = self.guidance
        if answer is not None and answer.kind == "right":
            return _("Right.")
        if answer is not None and answer.kind == "wrong" and answer.wrong is not None:
            said = self.pack_text(answer.wrong.feedback) if answer.wrong.feedback else ""
            if answer.verdict.legal:
                return said or _("That move is legal, but not the plan of this hand.")
            return f"{refusal_text(answer.verdict, self._ruleset())} {said}".strip()
        if answer is not None and answer.kind == "otherwise" and self.guided is not None:
            point = self.guided.point
            plan = move_text(point.expect) if point is not None else ""
            return _("That move is legal, but this hand's plan is: {move}.", move=plan)
        return refusal_text(self.last_refusal, self._ruleset()) if self.last_refusal else ""

    def _ruleset(self) -> str:
        return self.engine.ruleset if self.engine is not None else ""

    def _prompt_text(self) -> str:
        guided = self.guided
        if guided is not None and guided.point is not None and not guided.over:
            point = guided.point
            said = self.pack_text(point.text) if point.text else ""
            return said or _("Next: {move}.", move=move_text(point.expect))
        engine = self.engine
        if engine is None:
            return _("Choose the rules and your seat, then start a new deal or type a deal "
                     "code.")
        result = engine.result
        if result is not None:
            if result.winner is None:
                return _("The wall is empty: a wall game. Nobody wins this hand.")
            if result.winner == self.me:
                return _("You win this hand!")
            return _("{seat} wins this hand.", seat=seat_name(result.winner))
        if self.me in engine.dead:
            return _("Your hand is dead: it sits out while the others play on.")
        allowed = engine.allowed(self.me)
        if not allowed:
            return _("The partners are playing.")
        stage = engine.stage
        if stage == "pass":
            return _("Charleston: {step}. Drag three tiles into the pass zone (never a "
                     "joker).",
                     step=_(_STEP_NAMES[str(engine.step)]))
        if stage == "vote":
            return _("The first Charleston is done. Go on with the second one, or stop it?")
        if stage == "courtesy":
            return _("Courtesy pass: drag 0 to 3 tiles into the zone to offer the player "
                     "across, then offer.")
        if stage == "draw":
            return _("Your turn: draw a tile from the wall.")
        if stage == "turn":
            return _("Drag a tile into the discard zone, or declare if your hand is "
                     "complete.")
        by = engine.discarder()
        tile = engine.claim_tile()
        assert by is not None and tile is not None
        if stage == "rob":
            return _("{seat} adds the {tile} to a pong. Rob the kong with a win, or let it go?",
                     seat=seat_name(by), tile=tile_name(tile))
        return _("{seat} discards the {tile}. To claim it, drag the tiles you expose with it "
                 "into the claim zone and press the claim; or let it go.", seat=seat_name(by),
                 tile=tile_name(tile))

    def _table_text(self) -> str:
        """The deal and the wall in words (the table draws the rest), and the dead hands."""
        engine = self.engine
        if engine is None:
            return ""
        lines = [_("Deal {code}. Tiles left in the wall: {count}.", code=engine.code,
                   count=len(engine.wall))]
        lines += [_("{seat}'s hand is dead and sits out.", seat=seat_name(seat))
                  for seat in engine.dead if seat != self.me]
        return "\n".join(lines)

    def _coach_text(self) -> str:
        engine = self.engine
        if engine is None or engine.over:  # after the hand its key moments speak
            return ""
        me = self.me
        lines: list[str] = []
        point = self.guided.point if self.guided is not None else None
        if point is not None:
            lines += [_("Hint: {hint}", hint=self.pack_text(hint)) for hint in point.hints]
        if "claim" in engine.allowed(me):
            for advice in claim_advice(engine, me):
                lines.append(advice_text(advice.code, advice.params))
        if engine.ruleset == "american":
            for need in closest_lines(engine, me):
                lines.append(self._need_text(need.index, need.missing, need.tiles,
                                             need.joker_ok, need.jokers))
        else:
            waits = waiting_for(engine, me)
            if waits:
                lines.append(_("You are ready: you wait for {tiles}.", tiles=tile_list(waits)))
            elif len(engine.hand(me)) + 3 * len(engine.melds(me)) == 13:
                lines.append(_("You are not ready yet: no single tile completes your hand."))
        mine = [m.number for m in engine.moves if m.seat == me]
        for move in partner_reasons(engine, mine[-2] if len(mine) > 1 else 0)[-4:]:
            lines.append(_("{seat}: {why}", seat=seat_name(move.seat),
                           why=why_text(move.why.code, move.why.params, self._line)))
        return "\n".join(lines)

    def _line(self, index: int) -> str:
        if self.card is None or not 0 <= index < len(self.card.lines):
            return str(index + 1)
        return self.line_name(self.card.lines[index])

    def _need_text(self, index: int, missing: int, tiles: Sequence[str],
                   joker_ok: Sequence[str], jokers: int) -> str:
        line = self._line(index)
        if missing == 0:
            return _("{line} is complete: declare Mah Jongg!", line=line)
        parts = list(tiles) + list(joker_ok)
        text = ngettext("{line}: {n} tile to go ({tiles}).", "{line}: {n} tiles to go ({tiles}).",
                        missing, line=line, tiles=tile_list(sort_tiles(parts)))
        if joker_ok:
            text += " " + _("A joker may stand in for any of {tiles}.",
                            tiles=tile_list(sort_tiles(set(joker_ok))))
        return text

    def _log_lines(self) -> list[str]:
        engine = self.engine
        if engine is None:
            return []
        if self.moments:  # the hand is over: its key moments
            return [_("Key moments of this hand:")] + [
                moment_text(m, engine.ruleset)
                for m in self.moments[-12:]]
        shown = [e for e in engine.events if e.kind not in ("drew",)]
        return [event_text(event, self.me) for event in shown[-6:]]


def moment_text(moment: Moment, ruleset: str = "wsm") -> str:
    """A key moment of a hand in one line (``tilewise.lessons.hand.moments.MOMENT_KINDS``),
    in the words of the ``ruleset``'s table (an American table calls a discard); mistakes are
    marked as kept for review."""
    kind, mistake, tile = moment.kind, moment.mistake, moment.tile
    name = tile_name(tile) if tile else ""
    american: dict[str, Callable[[], str]] = {
        "claim": lambda: _("You called the {tile}.", tile=name),
        "missed_claim": lambda: _("You let the {tile} go, and you could have called it.",
                                  tile=name),
        "wrong_claim": lambda: (
            _("Your call of Mah Jongg on the {tile} was false: your hand was dead for the "
              "rest of the hand.", tile=name)
            if moment.action.get("claim") == "mahjong" and moment.reason == "NOT_A_WINNING_HAND"
            else _("Your call of the {tile} was refused.", tile=name)),
    }
    texts: dict[str, Callable[[], str]] = {
        "pass": lambda: pass_text(list(moment.action.get("tiles") or []),
                                  int(moment.action.get("blind", 0) or 0)),
        "claim": lambda: _("You claimed the {tile}.", tile=name),
        "missed_claim": lambda: _("You let the {tile} go, and you could have claimed it.",
                                  tile=name),
        "wrong_claim": lambda: _("Your claim of the {tile} was refused.", tile=name),
        "joker_kept": lambda: _("You took a joker back for the {tile}.", tile=name),
        "joker_given": lambda: _("You threw a joker away: nobody may call it."),
        "false_win": lambda: (_("You declared Mah Jongg, but your hand made no line of the "
                                "card: it was dead for the rest of the hand.")
                              if ruleset == "american"
                              else _("You declared a win with a hand that was not complete: "
                                     "the call was refused.")),
        "winning_tile": lambda: (_("Your discard, the {tile}, gave another player the win.",
                                   tile=name) if mistake
                                 else _("The {tile} won you the hand.", tile=name)),
        "script": lambda: _("A move off this hand's plan."),
    }
    text = (american if ruleset == "american" and kind in american else texts)[kind]()
    # TRANSLATORS: after a key moment of a hand that is a mistake
    return _("{moment} Kept for review.", moment=text) if mistake else text


def pass_text(tiles: Sequence[str], blind: int) -> str:
    """A Charleston pass the learner made, as a key moment: the tiles from the rack and the
    count passed on blind (REFERENCE section 4); a whole blind pass names no tiles (it read
    "You passed  and 3 tiles blind.", newcomer report)."""
    if blind and not tiles:
        return ngettext("You passed {n} tile blind, as it arrived.",
                        "You passed all {n} tiles blind, as they arrived.", blind)
    if blind:
        return ngettext("You passed {tiles} and {n} tile blind.",
                        "You passed {tiles} and {n} tiles blind.", blind,
                        tiles=tile_list(tiles))
    return _("You passed {tiles}.", tiles=tile_list(tiles))


def moment_texts(kind: str) -> tuple[str, str]:
    """(title, text) of a hand's mistake played again in review (the lesson player shows
    them as they are: they come translated)."""
    texts = {
        "missed_claim": _("You let this discard go. Claim it now."),
        "wrong_claim": _("Your claim was refused here. Make a claim the rules allow."),
        "joker_given": _("You threw a joker away here. Discard another tile."),
        "false_win": _("Your hand was not complete here. Discard a tile and play on."),
        "winning_tile": _("This discard gave another player the win. Discard another tile."),
    }
    return (_("A moment of a whole hand"),
            texts.get(kind, _("Another move was better here. Make it now.")))


def move_text(action: dict[str, Any]) -> str:
    """A move of the learner in words: "discard the Five Dot", "pung with ..." (guided hands)."""
    kind = action.get("type")
    tiles = tile_list(action.get("tiles") or [])
    tile = tile_name(str(action["tile"])) if action.get("tile") else ""
    if kind == "pass":
        blind = int(action.get("blind", 0))
        if blind:
            return ngettext("pass {tiles} and {n} tile blind", "pass {tiles} and {n} tiles blind",
                            blind, tiles=tiles)
        return _("pass {tiles}", tiles=tiles)
    if kind == "vote":
        return _("go on with the second Charleston") if action.get("continue") else _(
            "stop the Charleston")
    if kind == "offer":
        return _("offer {tiles}", tiles=tiles) if tiles else _("offer nothing")
    if kind == "discard":
        return _("discard the {tile}", tile=tile)
    if kind == "claim":
        name = claim_name(str(action.get("claim")))
        return _("{claim} with {tiles}", claim=name, tiles=tiles) if tiles else name
    if kind == "no_claim":
        return _("let it go")
    if kind == "joker_exchange":
        return _("give the {tile} for a joker", tile=tile)
    if kind in ("kong_concealed", "kong_added"):
        return _("a kong of {tile}", tile=tile)
    return _("declare your hand complete")


def advice_text(code: str, params: dict[str, Any] | Any) -> str:
    """The coach's sentence for a claim advice code (:data:`~tilewise.lessons.hand.coach.ADVICE_CODES`)."""
    if code == "claim":
        name = claim_name(str(params["claim"]))
        if params["wins"]:
            return _("You may claim it: {claim}. It completes your hand.", claim=name)
        return _("You may claim it for an exposure: {claim} with {tiles}.", claim=name,
                 tiles=tile_list(params["tiles"]))
    if code == "no_claim_own":
        return _("That is your own discard.")
    if code == "no_claim_dead_joker":
        return _("A discarded joker is dead: nobody may claim it.")
    if code == "no_claim_nothing":
        return ngettext("You may not claim it: you hold {n} copy and it does not complete "
                        "your hand.", "You may not claim it: you hold {n} copies and it does "
                        "not complete your hand.", int(params["held"]))
    return _("No discard is open to claims now.")


def why_text(code: str, params: Any, line: Callable[[int], str]) -> str:
    """A partner's reason as a sentence (codes: ``tilewise.lessons.hand.partners.WHY_CODES``)."""
    tile = tile_name(str(params["tile"])) if params.get("tile") else ""
    tiles = tile_list(params.get("tiles") or [])
    named = line(int(params["line"])) if "line" in params else ""
    missing = int(params.get("missing", 0))
    texts: dict[str, Callable[[], str]] = {
        "pass_unwanted": lambda: _("I passed {tiles}: {line} does not want them.", tiles=tiles,
                                   line=named),
        "pass_blind": lambda: ngettext(
            "I passed {n} tile blind: I keep what {line} needs.",
            "I passed {n} tiles blind: I keep what {line} needs.",
            int(params.get("count", 0)), line=named),
        "vote_stop": lambda: _("I stopped the Charleston: {line} is near.", line=named),
        "vote_continue": lambda: _("I voted to go on: my hand needs more passes."),
        "offer": lambda: ngettext("I offered {n} tile across.", "I offered {n} tiles across.",
                                  int(params.get("count", 0))),
        "heavenly": lambda: _("My dealt hand is already Mah Jongg."),
        "mahjong": lambda: _("Mah Jongg: my hand makes {line}.", line=named),
        "exchange_joker": lambda: _("I gave the {tile} for a joker in {seat}'s exposure.",
                                    tile=tile, seat=seat_name(str(params.get("owner", "E")))),
        "call_exposure": lambda: _("I called the {tile} for a {claim}: {line} wants it.",
                                   tile=tile, claim=claim_name(str(params.get("claim"))),
                                   line=named),
        "call_mahjong": lambda: _("I called the {tile}: it completes my hand.", tile=tile),
        "discard_spare": lambda: ngettext(
            "I let go of the {tile}: {line} has no place for it ({n} tile to go).",
            "I let go of the {tile}: {line} has no place for it ({n} tiles to go).",
            missing, tile=tile, line=named),
        "discard_joker": lambda: _("I let go of a spare joker: {line} has no pung left to fill.",
                                   line=named),
        "win_self_drawn": lambda: _("I win with the tile I drew."),
        "win_discard": lambda: _("I win on the {tile}.", tile=tile),
        "rob_kong": lambda: _("I rob the kong: the {tile} completes my hand.", tile=tile),
        "kong_concealed": lambda: _("I hold four {tile}: a concealed kong.", tile=tile),
        "kong_added": lambda: _("I drew the fourth {tile}: I add it to my pong.", tile=tile),
        "claim_kong": lambda: _("I hold three {tile}: a big exposed kong.", tile=tile),
        "claim_pong": lambda: _("I pong the {tile}: I keep another pair for the eyes.", tile=tile),
        "claim_chi": lambda: _("I chi the {tile} with {tiles}.", tile=tile, tiles=tiles),
        "discard_lonely": lambda: _("I let go of the {tile}: it has the fewest partners in my "
                                    "hand.", tile=tile),
        "discard_after_claim": lambda: _("I discard the {tile} after my claim.", tile=tile),
    }
    return texts[code]()


def event_text(event: Event, me: str) -> str:
    """One table event as a sentence in the current language."""
    seat = seat_name(event.seat) if event.seat else ""
    tile = tile_name(event.tile) if event.tile else ""
    detail = event.detail
    texts: dict[str, Callable[[], str]] = {
        "passed": lambda: _("The tiles of the {step} have moved.",
                            step=_(_STEP_NAMES[str(detail["step"])])),
        "votes": lambda: (_("Everyone goes on: the second Charleston.")
                          if all(detail["continue"].values())
                          else _("Someone stopped: no second Charleston.")),
        "courtesy": lambda: _("The courtesy pass is done. East discards first."),
        "supplement": lambda: _("{seat} draws a supplement tile.", seat=seat),
        "discarded": lambda: _("{seat} discards the {tile}.", seat=seat, tile=tile),
        "claimed": lambda: _("{seat} claims the {tile}: {claim}.", seat=seat, tile=tile,
                             claim=claim_name(str(detail["claim"]))),
        "exchanged": lambda: _("{seat} exchanges the {tile} for a joker.", seat=seat, tile=tile),
        "kong": lambda: _("{seat} declares a kong of {tile}.", seat=seat, tile=tile),
        "robbed": lambda: _("{seat}'s kong is robbed.", seat=seat),
        "dead": lambda: _("{seat}'s hand is dead and sits out.", seat=seat),
        "won": lambda: _("{seat} wins.", seat=seat),
        "wall_game": lambda: _("The wall is empty: a wall game."),
        "drew": lambda: _("{seat} draws.", seat=seat),
    }
    return texts[event.kind]()
