"""Claims drill view (WSM): the discard, the learner's rack, claim buttons, the precedence
question, the meld layout, an optional timer, and the score.

Drives :class:`tilewise.lessons.practice.claims.ClaimsDrill`; a refused claim shows the
referee's reason sentence. For a chi the learner selects the two rack tiles first. When the
drill ends the score goes to ``on_score`` (the progress store).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.practice.widgets import TileRow, refusal_text
from tilewise.gui.reasons import seat_name, tile_name
from tilewise.gui.scroll import PageArea, TextArea
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import N_, _, ngettext, pgettext
from tilewise.lessons.practice.claims import LEVELS, WHY, Answer, ClaimsDrill, Event
from tilewise.rules.seats import SEATS, relation
from tilewise.rules.tiles import rank_of
from tilewise.rules.verdict import Verdict

ScoreSink = Callable[[str, int, int, int, int, dict[str, Any]], None]

CLAIMS = ("chi", "pong", "kong", "win")
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
    """The claims drill. Public methods (tests drive them): :meth:`deal`, :meth:`claim`,
    :meth:`pass_claim`, :meth:`answer`, :meth:`lay_out`, :meth:`retranslate`."""

    leave = Signal()

    def __init__(self, images: TileImages, on_score: ScoreSink | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_score = on_score
        self.drill: ClaimsDrill | None = None
        self.last_refusal: Verdict | None = None
        self.last_answer: Answer | None = None
        self.remaining = 0
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
        # long translated level names must not widen the window (1024x768 projectors)
        self.level.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.level.setMinimumContentsLength(14)
        self.deal_button = QPushButton()
        self.back_button = QPushButton()
        self.prompt = QLabel()
        self.prompt.setObjectName("stepTitle")
        self.prompt.setWordWrap(True)
        self.discard = TileRow(images, 72)
        self.rack = TileRow(images)
        self.melds = QLabel()
        self.meld_row = TileRow(images, 44)
        self.policy = QLabel()
        self.policy.setWordWrap(True)
        self.policy.setObjectName("cardNote")
        self.claim_buttons = {kind: QPushButton() for kind in CLAIMS}
        self.pass_button = QPushButton()
        self.who = QComboBox()
        for seat in SEATS:
            self.who.addItem(seat, seat)
        self.why = QComboBox()
        for why in WHY:
            self.why.addItem(why, why)
        # long translated reasons must not make the window wider than a 1024x768 projector
        self.why.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.why.setMinimumContentsLength(24)
        self.answer_button = QPushButton()
        self.layout_row = TileRow(images)
        self.lay_out_button = QPushButton()
        self.clock = QLabel()
        self.score = QLabel()
        self.feedback = QLabel()
        self.feedback.setObjectName("feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)
        self.log = QLabel()
        self.log.setWordWrap(True)
        self.log.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        for widget in (self.seed_label, self.seed, self.seat_label, self.seat, self.level_label,
                       self.level):
            top.addWidget(widget)
        top.addStretch(1)
        deal_row = QHBoxLayout()  # a row of its own: long translations stay within 1024 px
        deal_row.addWidget(self.deal_button)
        deal_row.addStretch(1)
        deal_row.addWidget(self.back_button)
        claims = QHBoxLayout()
        for button in (*self.claim_buttons.values(), self.pass_button):
            claims.addWidget(button)
        claims.addStretch(1)
        claims.addWidget(self.clock)
        precedence = QHBoxLayout()
        for control in (self.who, self.why, self.answer_button):
            precedence.addWidget(control)
        precedence.addStretch(1)
        layout_line = QHBoxLayout()
        layout_line.addWidget(self.layout_row)
        layout_line.addWidget(self.lay_out_button)
        layout_line.addStretch(1)
        root = QVBoxLayout(self)
        root.addWidget(self.title)
        root.addLayout(top)
        root.addLayout(deal_row)
        # Below the deal controls the page scrolls when it is taller than the window, and the
        # log scrolls in the room left (each line made the window taller, issue 16).
        page = QWidget()
        self.page_area = PageArea(page)
        outer, root = root, QVBoxLayout(page)
        root.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.page_area, 1)
        root.addWidget(self.policy)
        root.addWidget(self.prompt)
        root.addWidget(self.discard)
        root.addLayout(claims)
        root.addLayout(precedence)
        root.addLayout(layout_line)
        root.addWidget(self.rack)
        melds = QHBoxLayout()
        melds.addWidget(self.melds)
        melds.addWidget(self.meld_row)
        melds.addStretch(1)
        root.addLayout(melds)
        root.addWidget(self.score)
        root.addWidget(self.feedback)
        self.log_area = TextArea(self.log)
        self.log_area.set_fit(False)
        bar = self.log_area.verticalScrollBar()  # the newest line (the last) stays in view
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high))
        root.addWidget(self.log_area, 1)
        self.deal_button.clicked.connect(
            lambda: self.deal(self.seed.value(), str(self.seat.currentData()),
                              int(self.level.currentData())))
        self.back_button.clicked.connect(self.leave.emit)
        for kind, button in self.claim_buttons.items():
            button.clicked.connect(lambda _c=False, k=kind: self.claim(k))
        self.pass_button.clicked.connect(lambda: self.pass_claim())
        self.answer_button.clicked.connect(
            lambda: self.answer(str(self.who.currentData()), str(self.why.currentData())))
        self.lay_out_button.clicked.connect(self.lay_out)
        self.retranslate()

    # ---- actions ----------------------------------------------------------------------------
    def deal(self, seed: int, seat: str, level: int) -> None:
        """Start a drill: deal number ``seed``, the learner in ``seat``, ``level`` (1-4)."""
        self.seed.setValue(seed)
        self.seat.setCurrentIndex(SEATS.index(seat))
        self.level.setCurrentIndex(sorted(LEVELS).index(level))
        self.drill = ClaimsDrill(seed, seat=seat, level=level)
        self.last_refusal = self.last_answer = None
        self._refresh()

    def claim(self, kind: str) -> None:
        """Claim the open tile as ``kind``; a chi uses the two selected rack tiles."""
        if self.drill is None or self.drill.prompt is None or self.drill.prompt.kind != "claim":
            return
        tiles = self.rack.selected() if kind == "chi" else None
        verdict = self.drill.claim(kind, tiles)
        self.last_refusal = None if verdict.legal else verdict
        self.last_answer = None
        self._refresh()

    def pass_claim(self, *, timed_out: bool = False) -> None:
        """Let the open tile go (also when the clock runs out)."""
        if self.drill is None or self.drill.prompt is None or self.drill.prompt.kind != "claim":
            return
        self.drill.pass_claim(timed_out=timed_out)
        self.last_refusal = self.last_answer = None
        self._refresh()

    def answer(self, seat: str, why: str) -> None:
        """Answer who gets the tile and why."""
        if self.drill is None or self.drill.prompt is None:
            return
        if self.drill.prompt.kind == "precedence":
            self.last_answer = self.drill.answer(seat, why)
            self.last_refusal = None
            self._refresh()

    def lay_out(self) -> None:
        """Lay out the awarded meld with the selected tile sideways."""
        if self.drill is None or self.drill.prompt is None or self.drill.prompt.kind != "layout":
            return
        chosen = self.layout_row.selected_indices()
        self.last_answer = self.drill.lay_out(self.layout_row.codes, chosen[0] if chosen else -1)
        self._refresh()

    def tick(self) -> None:
        """One second of the claim window's clock; at zero the learner passes."""
        self.remaining -= 1
        if self.remaining <= 0:
            self.timer.stop()
            self.pass_claim(timed_out=True)
        else:
            self.retranslate()

    def _refresh(self) -> None:
        drill = self.drill
        prompt = drill.prompt if drill is not None else None
        self.rack.set_tiles(drill.hand() if drill is not None else [], limit=2)
        self.discard.set_tiles([prompt.tile] if prompt is not None else [], checkable=False)
        layout: list[str] = []
        if prompt is not None and prompt.kind == "layout" and prompt.claim is not None:
            layout = sorted([*prompt.claim["tiles"], prompt.tile], key=lambda t: rank_of(t) or 0)
        self.layout_row.set_tiles(layout, limit=1)
        exposed = drill.state["melds"][drill.seat] if drill is not None else []
        self.meld_row.set_tiles([t for meld in exposed for t in meld["tiles"]], checkable=False)
        self.timer.stop()
        seconds = drill.level.window_seconds if drill is not None else None
        if prompt is not None and prompt.kind == "claim" and seconds is not None:
            self.remaining = round(seconds)
            self.timer.start()
        if drill is not None and drill.over and self.on_score is not None:
            record = drill.score_record()
            self.on_score("claims", record["right"], record["asked"], record["level"],
                          drill.seed, record)
        self.retranslate()

    # ---- text -------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language (also after each move)."""
        drill = self.drill
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
            "The computer plays every seat's draws and discards, yours too. It discards the "
            "tile with the fewest partners in its hand, declares every kong it can and wins "
            "whenever it can. At each discard you claim or pass; partners claim by the level."))
        self.back_button.setText(_("Back to practice"))
        for claim, button in self.claim_buttons.items():
            button.setText(claim_name(claim))
            button.setVisible(kind == "claim")
        self.pass_button.setText(_("Pass"))
        self.pass_button.setVisible(kind == "claim")
        self.answer_button.setText(_("Answer"))
        for widget in (self.who, self.why, self.answer_button):
            widget.setVisible(kind == "precedence")
        self.lay_out_button.setText(_("Lay out"))
        self.lay_out_button.setVisible(kind == "layout")
        self.layout_row.setVisible(kind == "layout")
        self.clock.setText(_("{seconds} s left", seconds=self.remaining)
                           if self.timer.isActive() else "")
        self.rack.retranslate()
        self.discard.retranslate()
        self.layout_row.retranslate()
        self.meld_row.retranslate()
        self.prompt.setText(self._prompt_text())
        self.melds.setText(self._melds_text())
        score = drill.score if drill is not None else None
        self.score.setText(_("Score: {right} of {asked}", right=score.right, asked=score.asked)
                           if score is not None else "")
        self.feedback.setText(self._feedback_text())
        self.log.setText("\n".join(event_text(e) for e in (drill.events[-8:] if drill else [])))

    def _prompt_text(self) -> str:
        drill = self.drill
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
        if prompt.kind == "layout":
            return _("Lay out your meld: select the tile that lies sideways, then lay it out.")
        if prompt.robbing:
            return _("{seat} adds the {tile} to a pong. Rob the kong with a win, or pass?",
                     seat=by, tile=tile)
        where = {"upper": _("your upper seat"), "opposite": _("the opposite seat"),
                 "lower": _("your lower seat")}[relation(prompt.by, drill.seat)]
        return _("{seat} ({where}) discards the {tile}. Chi, pong, kong, win or pass?",
                 seat=by, where=where, tile=tile)

    def _melds_text(self) -> str:
        drill = self.drill
        if drill is None:
            return ""
        melds = drill.state["melds"][drill.seat]
        return ngettext("You have {n} exposed set.", "You have {n} exposed sets.", len(melds))

    def _feedback_text(self) -> str:
        if self.last_refusal is not None:
            return refusal_text(self.last_refusal, "wsm")
        answer = self.last_answer
        if answer is None:
            return ""
        if answer.meld is not None:
            if answer.right:
                return _("Right: the sideways tile shows where the discard came from.")
            return _("Not quite: the tile from {seat} lies sideways at place {place}.",
                     seat=seat_name(str(answer.meld["from"])), place=answer.meld["rotated"] + 1)
        if answer.right:
            return _("Right.")
        return _("Not quite: {seat} gets it. {why}", seat=seat_name(str(answer.seat)),
                 why=_(_WHY_TEXT[str(answer.why)]))


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
