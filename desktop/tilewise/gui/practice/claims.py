"""Claims drill view (WSM): a seeded game on the same table as the lessons.

The table is the lessons' table view (``gui.table``) drawing
:class:`tilewise.lessons.practice.claimstable.ClaimsTable`, the drill's table model: on the
learner's turn the tile is drawn for them (it slides into the rack, marked) and they drag a
tile (or pick it with the arrows and Space, then Enter) into their discard zone, or declare a
win; at a claim window they drag the tiles of their meld into the claim zone and press the
claim ("Chi!", "Pong!", "Kong!", "Win!", the lesson player's buttons), or pass. A claimed meld
is laid out with the claimed tile sideways, as the referee's meld answer says. When several
seats claim, the learner says who gets the tile and why. Every refusal shows the core's
reason sentence in the words of a WSM table; an optional clock passes for the learner. When
the drill ends the score goes to ``on_score`` (the progress store). Handlers decode and call
one table operation; the view keeps no table state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.plaintext import plain_label
from tilewise.gui.player.player import command_label
from tilewise.gui.practice.widgets import (
    clear_layout,
    refusal_text,
    table_beside_words,
)
from tilewise.gui.reasons import seat_name, tile_name
from tilewise.gui.table import access
from tilewise.gui.table.scene import TableScene
from tilewise.gui.table.view import TableView
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import N_, _, ngettext, pgettext
from tilewise.lessons.practice.claims import LEVELS, WHY, ClaimsDrill, Event
from tilewise.lessons.practice.claimstable import ClaimsTable
from tilewise.lessons.steptable import Outcome
from tilewise.rules.seats import SEATS, relation

ScoreSink = Callable[[str, int, int, int, int, dict[str, Any]], None]

_WHY_TEXT = {
    "win_first": N_("A win beats every other claim."),
    "pong_before_chi": N_("A pong or kong beats a chi."),
    "nearer_in_turn": N_("Equal claims: the seat first in turn after the discarder wins."),
}
_LEVEL_TEXT = {
    1: N_("Level 1: no clock; partners claim only wins"),
    2: N_("Level 2: no clock; partners also claim pongs and kongs"),
    3: N_("Level 3: {seconds} seconds; partners claim everything"),
    4: N_("Level 4: {seconds} seconds; partners claim everything"),
}


class ClaimsDrillView(QWidget):
    """The claims drill. Public methods (tests drive them): :meth:`deal`, :meth:`drop`,
    :meth:`miss`, :meth:`send_selection`, :meth:`command`, :meth:`answer`,
    :meth:`retranslate`."""

    leave = Signal()

    def __init__(self, images: TileImages, on_score: ScoreSink | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_score = on_score
        self.desk: ClaimsTable | None = None
        self.remaining = 0
        self._scored = False
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        self.title = QLabel()
        self.title.setObjectName("lessonTitle")
        self.seed_label, self.seat_label, self.level_label = QLabel(), QLabel(), QLabel()
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seat = QComboBox()
        for seat in SEATS:
            self.seat.addItem(seat, seat)
        self.seat.setCurrentIndex(1)
        self.level = QComboBox()
        for number in sorted(LEVELS):
            self.level.addItem(str(number), number)
        # the whole level description shows ("Stufe 1: ohne Uhr; Mitspieler ..."): the box
        # is as wide as its longest item, on a row of its own so it fits 1024 px
        self.level.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.deal_button = QPushButton()
        self.back_button = QPushButton()
        self.prompt = plain_label("stepTitle")
        self.how = plain_label()  # how to make the move the prompt asks for
        self.policy = plain_label("cardNote")
        self.who = QComboBox()
        for seat in SEATS:
            self.who.addItem(seat, seat)
        self.why = QComboBox()
        for why in WHY:
            self.why.addItem(why, why)
        # long translated reasons must not make the window wider than a 1024x768 projector
        self.why.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.why.setMinimumContentsLength(20)
        self.answer_button = QPushButton()
        self.clock = QLabel()
        self.score = QLabel()
        self.feedback = plain_label("feedback")
        self.feedback.setMinimumHeight(64)  # the words change, the table never moves
        self.log = plain_label()
        access.install()
        self.table_scene = TableScene(images, self)
        self.table_scene.whole_hand = True  # the play room's whole table, one scale throughout
        self.table = TableView(self.table_scene)
        self.table.setMinimumHeight(260)
        self.table.dropped.connect(self.drop)
        self.table.missed.connect(self.miss)
        self.table.send.connect(self.send_selection)
        self.commands = QHBoxLayout()
        self.command_buttons: dict[str, QPushButton] = {}
        top = QHBoxLayout()
        for widget in (self.seed_label, self.seed, self.seat_label, self.seat):
            top.addWidget(widget)
        top.addStretch(1)
        level_row = QHBoxLayout()
        level_row.addWidget(self.level_label)
        level_row.addWidget(self.level)
        level_row.addStretch(1)
        deal_row = QHBoxLayout()  # a row of its own: long translations stay within 1024 px
        deal_row.addWidget(self.deal_button)
        deal_row.addStretch(1)
        deal_row.addWidget(self.back_button)
        precedence = QHBoxLayout()
        for control in (self.who, self.why, self.answer_button):
            precedence.addWidget(control)
        precedence.addStretch(1)
        side = QVBoxLayout()
        side.addWidget(self.prompt)
        side.addWidget(self.how)
        side.addLayout(precedence)
        side.addWidget(self.feedback)
        scores = QHBoxLayout()
        scores.addWidget(self.score)
        scores.addStretch(1)
        scores.addWidget(self.clock)
        side.addLayout(scores)
        side.addWidget(self.log, 1)  # the last six events: the column scrolls if it must
        side.addWidget(self.policy)
        middle, self.side_area = table_beside_words(self.table, side, 320)
        root = QVBoxLayout(self)
        root.addWidget(self.title)
        root.addLayout(top)
        root.addLayout(level_row)
        root.addLayout(deal_row)
        root.addLayout(middle, 1)
        root.addLayout(self.commands)
        self.deal_button.clicked.connect(
            lambda: self.deal(self.seed.value(), str(self.seat.currentData()),
                              int(self.level.currentData())))
        self.back_button.clicked.connect(self.leave.emit)
        self.answer_button.clicked.connect(
            lambda: self.answer(str(self.who.currentData()), str(self.why.currentData())))
        self.retranslate()

    # ---- actions (one table operation each, then a redraw from the model) ------------------
    def deal(self, seed: int, seat: str, level: int) -> None:
        """Start a drill: deal number ``seed``, the learner in ``seat``, ``level`` (1-4).
        The keyboard goes to the table (not left on the Deal button), so it plays at once."""
        self.seed.setValue(seed)
        self.seat.setCurrentIndex(SEATS.index(seat))
        self.level.setCurrentIndex(sorted(LEVELS).index(level))
        self.desk = ClaimsTable(ClaimsDrill(seed, seat=seat, level=level))
        self._scored = False
        self._after(Outcome(True))
        self.table.setFocus()

    def drop(self, tile_id: int, zone_id: str, slot: int = -1) -> None:
        """A tile dropped on a zone (into the discard zone: the learner's discard)."""
        if self.desk is not None:
            self._after(self.desk.move(tile_id, zone_id, None if slot < 0 else slot), tile_id)

    def miss(self, tile_id: int) -> None:
        """A tile released away from every zone goes back."""
        if self.desk is not None:
            self._after(self.desk.take_back(tile_id), tile_id)

    def send_selection(self, zone_id: str) -> None:
        """The keyboard: the selected tiles, in rack order, to ``zone_id``."""
        for tile_id in [t.tile_id for t in self.table_scene.selection()]:
            self.drop(tile_id, zone_id)
        self.table_scene.selected = []
        if self.desk is not None:
            self.table_scene.show_table(self.desk.table)

    def command(self, command: str) -> None:
        """A button: ``claim:<kind>`` with the tiles in the claim zone, ``pass``,
        ``declare_win``. The keyboard goes back to the table (the pressed button is gone
        with the prompt; the deal-number box must not take the digit keys)."""
        if self.desk is not None:
            self._after(self.desk.command(command))
        self.table.setFocus()

    def answer(self, seat: str, why: str) -> None:
        """Answer who gets the tile and why; the keyboard goes back to the table."""
        if self.desk is not None:
            self._after(self.desk.answer_precedence(seat, why))
        self.table.setFocus()

    def tick(self) -> None:
        """One second of the claim window's clock; at zero the learner passes."""
        self.remaining -= 1
        if self.remaining <= 0 and self.desk is not None:
            self.timer.stop()
            self._after(self.desk.time_out())
        else:
            self.clock.setText(_("{seconds} s left", seconds=self.remaining))

    def _after(self, outcome: Outcome, held: int | None = None) -> None:
        desk = self.desk
        if desk is None:
            return
        prompt = desk.drill.prompt
        self.table_scene.show_outcome(desk.table, outcome, held)
        self.table.fit()
        if outcome.motions or outcome.feedback is not None or held is None:
            self._build_commands()
            self.timer.stop()
            seconds = desk.drill.level.window_seconds
            if prompt is not None and prompt.kind == "claim" and seconds is not None:
                self.remaining = round(seconds)
                self.timer.start()
        if desk.drill.over and self.on_score is not None and not self._scored:
            self._scored = True
            record = desk.drill.score_record()
            self.on_score("claims", record["right"], record["asked"], record["level"],
                          desk.drill.seed, record)
        self._texts()

    def _build_commands(self) -> None:
        clear_layout(self.commands)
        self.command_buttons = {}
        for command in self.desk.commands if self.desk is not None else []:
            button = QPushButton()
            button.setObjectName(f"command:{command}")
            button.setMinimumHeight(48)
            button.clicked.connect(lambda _c=False, cmd=command: self.command(cmd))
            self.commands.addWidget(button)
            self.command_buttons[command] = button
        self.commands.addStretch(1)

    # ---- text -------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language, the table's too (a language switch)."""
        if self.desk is not None:
            self.table_scene.show_table(self.desk.table)
        self._texts()

    def _texts(self) -> None:
        """Every text of the page in the current language (after each move)."""
        desk = self.desk
        drill = desk.drill if desk is not None else None
        prompt = drill.prompt if drill is not None else None
        kind = prompt.kind if prompt is not None else ""
        self.title.setText(_("Claims drill (WSM)"))
        self.seed_label.setText(_("Deal number"))
        self.seat_label.setText(_("Your seat"))
        self.level_label.setText(_("Level"))
        for index, seat in enumerate(SEATS):
            self.seat.setItemText(index, seat_name(seat))
            self.who.setItemText(index, seat_name(seat))
        for index, number in enumerate(sorted(LEVELS)):
            seconds = LEVELS[number].window_seconds
            self.level.setItemText(index, _(_LEVEL_TEXT[number], seconds=round(seconds or 0)))
        for index, why in enumerate(WHY):
            self.why.setItemText(index, _(_WHY_TEXT[why]))
        self.deal_button.setText(_("Deal"))
        self.policy.setText(_(
            "The computer plays the other three seats. It discards the tile with the fewest "
            "partners in its hand, declares every kong it can and wins whenever it can. On "
            "your turn your tile is drawn for you; you discard, declare a kong or declare a "
            "win. At each discard you claim or pass; partners claim by the level."))
        self.back_button.setText(_("Back to practice"))
        for command, button in self.command_buttons.items():
            button.setText(_("Pass") if command == "pass" else command_label(command, "wsm"))
        self.answer_button.setText(_("Answer"))
        for widget in (self.who, self.why, self.answer_button):
            widget.setVisible(kind == "precedence")
        self.clock.setText(_("{seconds} s left", seconds=self.remaining)
                           if self.timer.isActive() else "")
        self.prompt.setText(self._prompt_text())
        self.how.setText(self._how_text())
        score = drill.score if drill is not None else None
        self.score.setText(_("Score: {right} of {asked}", right=score.right, asked=score.asked)
                           if score is not None else "")
        self.feedback.setText(self._feedback_text())
        self.log.setText("\n".join(event_text(e) for e in (drill.events[-6:] if drill else [])))

    def _prompt_text(self) -> str:
        drill = self.desk.drill if self.desk is not None else None
        if drill is None:
            return _("Choose a deal number, your seat and a level, then deal.")
        prompt = drill.prompt
        if prompt is None:
            result = drill.result or {}
            winner = result.get("winner")
            if winner is None:
                return _("The wall is empty: nobody won.")
            return _("{seat} wins. The drill is over.", seat=seat_name(winner))
        tile, by = tile_name(prompt.tile), seat_name(prompt.by)
        if prompt.kind == "precedence":
            # TRANSLATORS: separator between claims in a list
            claims = pgettext("list separator", ", ").join(
                _("{seat}: {claim}", seat=seat_name(c["seat"]), claim=claim_name(c["claim"]))
                for c in prompt.claims)
            return _("Several seats claim the {tile} ({claims}). Who gets it, and why?",
                     tile=tile, claims=claims)
        if prompt.kind == "discard":
            if drill.state["turn"]["after"] in ("deal", "wall", "supplement"):
                return _("Your turn: the {tile} came to your rack. Drag a tile to your "
                         "discards, or declare a win.", tile=tile)
            return _("Your turn after your claim: drag a tile to your discards.")
        if prompt.robbing:
            return _("{seat} adds the {tile} to a pong. Rob the kong with a win, or pass?",
                     seat=by, tile=tile)
        where = {"upper": _("your upper seat"), "opposite": _("the opposite seat"),
                 "lower": _("your lower seat")}[relation(prompt.by, drill.seat)]
        return _("{seat} ({where}) discards the {tile}. Chi, pong, kong, win or pass?",
                 seat=by, where=where, tile=tile)

    def _how_text(self) -> str:
        prompt = self.desk.drill.prompt if self.desk is not None else None
        if prompt is not None and prompt.kind == "claim" and not prompt.robbing:
            return _("Drag the tiles of your meld into the claim zone, then press the claim.")
        if prompt is not None and prompt.kind == "discard" and any(
                o["type"] != "declare_win" for o in prompt.options):
            return _("You may declare a kong: drag its tile to the kong zone.")
        return ""

    def _feedback_text(self) -> str:
        desk = self.desk
        if desk is None:
            return ""
        if desk.last is not None and not desk.last.legal:
            return refusal_text(desk.last, "wsm")
        answer = desk.answer
        if answer is not None:
            if answer.right:
                return _("Right.")
            return _("Not quite: {seat} gets it. {why}", seat=seat_name(str(answer.seat)),
                     why=_(_WHY_TEXT[str(answer.why)]))
        if desk.laid_out:
            return _("Right: the sideways tile shows where the discard came from.")
        staged = desk.table.staged("claim")
        if staged:
            return ngettext("{n} tile in the claim zone.", "{n} tiles in the claim zone.",
                            len(staged))
        return ""


def claim_name(kind: str) -> str:
    """The translated name of a claim (``chi``, ``pong``, ``kong``, ``win``)."""
    names = {"chi": _("Chi"), "pong": _("Pong"), "kong": _("Kong"), "win": _("Win")}
    return names[kind]


def event_text(event: Event) -> str:
    """One table event as a sentence in the current language."""
    seat = seat_name(event.seat)
    tile = tile_name(event.tile) if event.tile else ""
    texts = {
        "draw": lambda: _("{seat} draws.", seat=seat),
        "supplement": lambda: _("{seat} draws a supplement tile.", seat=seat),
        "discard": lambda: _("{seat} discards the {tile}.", seat=seat, tile=tile),
        "claim": lambda: _("{seat} claims the {tile}: {claim}.", seat=seat, tile=tile,
                           claim=claim_name(str(event.claim))),
        "kong_concealed": lambda: _("{seat} declares a concealed kong.", seat=seat),
        "kong_added": lambda: _("{seat} adds the {tile} to a pong: an added kong.", seat=seat,
                                tile=tile),
        "robbed": lambda: _("{seat} robs the kong.", seat=seat),
        "win": lambda: (_("{seat} wins, self-drawn.", seat=seat) if event.self_drawn
                        else _("{seat} wins on the {tile}.", seat=seat, tile=tile)),
        "wall_empty": lambda: _("The wall is empty."),
    }
    return texts[event.kind]()
