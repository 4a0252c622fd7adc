"""The play room: a whole hand, American or WSM, the learner in one seat, three computer partners,
and a coach that can be turned off.

Drives :class:`tilewise.lessons.hand.engine.HandEngine`; every move goes to the engine, which
has the referee judge it; a refusal shows the reason's sentence. The learner selects tiles in
the rack (click, or Tab and Space) and acts with the buttons or their keys: D draw, X discard,
M declare (Mah Jongg or a win), L let a discard go, J exchange a joker, K kong (WSM), P pass
(Charleston), O offer (courtesy). A claim button appears for each claim the referee allows.
The deal code above the table gives every computer the same hand (a class plays it together;
the presenter shows the code). Sentences for partners' reasons, table events and the coach are
written here from the engine's codes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.practice.widgets import TileRow, plain_label, refusal_text, tile_list
from tilewise.gui.reasons import seat_name, tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import N_, _, ngettext
from tilewise.lessons.hand.card import CardLine, PracticeCard
from tilewise.lessons.hand.coach import claim_advice, closest_lines, partner_reasons, waiting_for
from tilewise.lessons.hand.dealcode import MAX_SEED, DealCodeError, decode
from tilewise.lessons.hand.engine import Event, HandEngine
from tilewise.lessons.hand.guided import Guidance, GuidedHand
from tilewise.lessons.model import HandScript
from tilewise.rules.seats import SEATS
from tilewise.rules.tiles import JOKER, sort_tiles
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


def claim_name(claim: str) -> str:
    """The translated name of a claim word (``pung``, ``chi``, ``mahjong`` ...)."""
    return _(_CLAIM_NAMES.get(claim, claim))


class PlayView(QWidget):
    """The play room. Public methods (tests drive them): :meth:`deal`, :meth:`act`,
    :meth:`draw`, :meth:`discard`, :meth:`declare`, :meth:`let_go`, :meth:`claim`,
    :meth:`exchange_joker`, :meth:`kong`, :meth:`pass_tiles`, :meth:`vote`, :meth:`offer`,
    :meth:`retranslate`. ``card`` is the practice card (American), ``line_name`` translates a
    card line's label."""

    leave = Signal()

    def __init__(self, images: TileImages, card: PracticeCard | None,
                 line_name: Callable[[CardLine], str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.line_name = line_name or (lambda line: line.label)
        self.engine: HandEngine | None = None
        self.last_refusal: Verdict | None = None
        #: A lesson's guided hand being played (None: free play), its pack-text translator,
        #: and the answer to the learner's last move.
        self.guided: GuidedHand | None = None
        self.pack_text: Callable[[str | None], str] = lambda text: text or ""
        self.guidance: Guidance | None = None
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
        self.back_button = QPushButton()
        self.coach_on = QCheckBox()
        self.coach_on.setChecked(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("stepTitle")
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.table = plain_label()
        self.open_tile = TileRow(images, 64)
        self.exposed = TileRow(images, 40)
        self.rack = TileRow(images)
        self.rack.setObjectName("play:rack")
        self.blind_label = QLabel()
        self.blind = QSpinBox()
        self.blind.setRange(0, 3)
        self.buttons: dict[str, QPushButton] = {}
        for name in ("draw", "discard", "declare", "let_go", "exchange", "kong", "pass",
                     "continue", "stop", "offer"):
            button = QPushButton()
            button.setObjectName(f"play:{name}")
            self.buttons[name] = button
        self.claim_row = QHBoxLayout()
        self.claim_buttons: list[QPushButton] = []
        #: The claim action behind each claim button (same order).
        self.claim_actions: list[dict[str, Any]] = []
        self.coach = plain_label("cardNote")
        self.feedback = plain_label("feedback")
        self.log = plain_label()
        top = QHBoxLayout()
        for widget in (self.ruleset_label, self.ruleset, self.seat_label, self.seat,
                       self.code_label, self.code, self.deal_button, self.new_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.back_button)
        actions = QHBoxLayout()
        for name in ("draw", "discard", "declare", "let_go", "exchange", "kong", "pass"):
            actions.addWidget(self.buttons[name])
        actions.addWidget(self.blind_label)
        actions.addWidget(self.blind)
        for name in ("continue", "stop", "offer"):
            actions.addWidget(self.buttons[name])
        actions.addStretch(1)
        root = QVBoxLayout(self)
        root.addWidget(self.title)
        root.addLayout(top)
        root.addWidget(self.prompt)
        root.addWidget(self.table)
        root.addWidget(self.open_tile)
        root.addLayout(self.claim_row)
        root.addWidget(self.exposed)
        root.addWidget(self.rack)
        root.addLayout(actions)
        root.addWidget(self.coach_on)
        root.addWidget(self.coach)
        root.addWidget(self.feedback)
        root.addWidget(self.log, 1)
        self.deal_button.clicked.connect(self.deal_code)
        self.new_button.clicked.connect(self.new_deal)
        self.back_button.clicked.connect(self.leave.emit)
        self.coach_on.toggled.connect(lambda _on: self.retranslate())
        handlers: dict[str, Callable[[], None]] = {
            "draw": self.draw, "discard": self.discard, "declare": self.declare,
            "let_go": self.let_go, "exchange": self.exchange_joker, "kong": self.kong,
            "pass": self.pass_tiles, "continue": lambda: self.vote(True),
            "stop": lambda: self.vote(False), "offer": self.offer,
        }
        keys = {"draw": "D", "discard": "X", "declare": "M", "let_go": "L", "exchange": "J",
                "kong": "K", "pass": "P", "offer": "O"}
        for name, handler in handlers.items():
            self.buttons[name].clicked.connect(lambda _c=False, h=handler: h())
            if name in keys:
                shortcut = QShortcut(QKeySequence(keys[name]), self)
                shortcut.activated.connect(handler)
        self.retranslate()

    # ---- dealing ------------------------------------------------------------------------
    def deal(self, ruleset: str, seed: int, seat: str) -> None:
        """Start a hand: ``ruleset``, deal ``seed``, the learner in ``seat``."""
        self.ruleset.setCurrentIndex(0 if ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(seat))
        card = self.card if ruleset == "american" else None
        self.engine = HandEngine(ruleset, seed, card=card, learner=seat)
        self.code.setText(self.engine.code)
        self.last_refusal = None
        self.guided = self.guidance = None
        self._refresh()

    def guide(self, hand: HandScript, text: Callable[[str | None], str]) -> None:
        """Play a lesson's guided hand: its deal and seat; each move checked against the
        script (``tilewise.lessons.hand.guided``); ``text`` translates the script's text."""
        self.guided = GuidedHand(hand, self.card)
        self.pack_text = text
        self.guidance = None
        self.last_refusal = None
        self.engine = self.guided.engine
        self.ruleset.setCurrentIndex(0 if hand.ruleset == "american" else 1)
        self.seat.setCurrentIndex(SEATS.index(hand.seat))
        self.code.setText(self.engine.code)
        self._refresh()

    def deal_code(self) -> None:
        """Deal the hand of the code typed in (its ruleset comes with it)."""
        try:
            ruleset, seed = decode(self.code.text())
        except DealCodeError:
            self.feedback.setText(_("That deal code cannot be read. It has six letters and "
                                    "digits, like 000-01X."))
            return
        self.deal(ruleset, seed, str(self.seat.currentData()))

    def new_deal(self) -> None:
        """A fresh random deal in the chosen ruleset (its code is shown to share)."""
        ruleset = str(self.ruleset.currentData())
        self.deal(ruleset, random.randint(0, MAX_SEED), str(self.seat.currentData()))

    # ---- moves --------------------------------------------------------------------------
    @property
    def me(self) -> str:
        """The learner's seat."""
        return str(self.seat.currentData())

    def act(self, action: dict[str, Any]) -> Verdict | None:
        """Send one move of the learner to the engine; show a refusal's reason."""
        if self.engine is None:
            return None
        if self.guided is not None:
            answer = self.guided.attempt(action)
            self.guidance = answer
            self.last_refusal = answer.verdict if answer.kind == "refused" else None
            self._refresh()
            return answer.verdict
        verdict = self.engine.act({**action, "seat": self.engine.learner})
        self.last_refusal = None if verdict.legal else verdict
        self._refresh()
        return verdict

    def draw(self) -> None:
        """Draw from the wall."""
        self.act({"type": "draw"})

    def discard(self) -> None:
        """Discard the selected tile."""
        chosen = self.rack.selected()
        if chosen:
            self.act({"type": "discard", "tile": chosen[0]})

    def declare(self) -> None:
        """Declare Mah Jongg (American) or a win (WSM) with the hand as it is."""
        self.act({"type": "declare_win"})

    def let_go(self) -> None:
        """Let the open discard (or added kong) go."""
        self.act({"type": "no_claim"})

    def claim(self, action: dict[str, Any]) -> None:
        """Make one of the claims the coach lists (the referee allows it)."""
        self.act(dict(action))

    def exchange_joker(self) -> None:
        """Swap the selected rack tile for a joker in an exposure it matches."""
        engine = self.engine
        chosen = self.rack.selected()
        if engine is None or not chosen:
            return
        tile = chosen[0]
        for owner in SEATS:
            for index, meld in enumerate(engine.melds(owner)):
                if JOKER in meld.tiles and tile in meld.tiles:
                    self.act({"type": "joker_exchange", "tile": tile,
                              "target": {"seat": owner, "meld": index}})
                    return
        target = next(((owner, index) for owner in SEATS
                       for index, meld in enumerate(engine.melds(owner)) if JOKER in meld.tiles),
                      None)
        if target is None:
            self.last_refusal = None
            self._refresh()
            self.feedback.setText(_("No exposure on the table holds a joker."))
            return
        # the referee explains why this tile cannot redeem that joker
        self.act({"type": "joker_exchange", "tile": tile,
                  "target": {"seat": target[0], "meld": target[1]}})

    def kong(self) -> None:
        """WSM: a concealed kong of the selected tile, or add it to your exposed pong."""
        engine = self.engine
        chosen = self.rack.selected()
        if engine is None or not chosen:
            return
        tile = chosen[0]
        pong = next((m for m in engine.melds(self.me) if m.kind == "pong" and m.tiles[0] == tile),
                    None)
        if pong is None:
            self.act({"type": "kong_concealed", "tile": tile})
            return
        end = "left" if pong.rotated == 2 else "right"
        self.act({"type": "kong_added", "tile": tile, "end": end})

    def pass_tiles(self) -> None:
        """Pass the selected tiles, and as many unseen ones as the blind box says."""
        self.act({"type": "pass", "tiles": self.rack.selected(), "blind": self.blind.value()})

    def vote(self, keep_going: bool) -> None:
        """Vote at the stop vote: go on with the second Charleston, or stop it."""
        self.act({"type": "vote", "continue": keep_going})

    def offer(self) -> None:
        """Offer the selected tiles (0-3) in the courtesy pass."""
        self.act({"type": "offer", "tiles": self.rack.selected()})

    # ---- drawing the table --------------------------------------------------------------
    def _refresh(self) -> None:
        engine = self.engine
        me = self.me
        self.rack.set_tiles(sort_tiles(engine.hand(me)) if engine else [])
        exposed = [t for m in engine.melds(me) for t in m.tiles] if engine else []
        self.exposed.set_tiles(exposed, checkable=False)
        tile = engine.claim_tile() if engine else None
        self.open_tile.set_tiles([tile] if tile else [], checkable=False)
        for button in self.claim_buttons:
            self.claim_row.removeWidget(button)
            button.hide()
            button.setParent(None)
            button.deleteLater()
        self.claim_buttons, self.claim_actions = [], []
        if engine is not None and me in engine.waiting() and "claim" in engine.allowed(me):
            for advice in claim_advice(engine, me):
                if advice.code == "claim":
                    button = QPushButton()
                    button.setObjectName(f"play:claim:{advice.params['claim']}")
                    action = dict(advice.params["action"])
                    button.clicked.connect(lambda _c=False, a=action: self.claim(a))
                    self.claim_row.addWidget(button)
                    button.show()
                    self.claim_buttons.append(button)
                    self.claim_actions.append(action)
        self.retranslate()

    # ---- text ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language (also after each move)."""
        engine = self.engine
        me = self.me
        allowed = engine.allowed(me) if engine else ()
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
        self.back_button.setText(_("Back to practice"))
        self.coach_on.setText(_("Coach"))
        self.blind_label.setText(_("Blind"))
        texts = {
            "draw": _("Draw (D)"), "discard": _("Discard (X)"),
            "declare": _("Declare Mah Jongg (M)") if engine is None or engine.ruleset == "american"
            else _("Declare a win (M)"),
            "let_go": _("Let it go (L)"), "exchange": _("Exchange a joker (J)"),
            "kong": _("Kong (K)"), "pass": _("Pass (P)"), "continue": _("Go on"),
            "stop": _("Stop"), "offer": _("Offer (O)"),
        }
        visible = {
            "draw": "draw" in allowed, "discard": "discard" in allowed,
            "declare": "declare_win" in allowed, "let_go": "no_claim" in allowed,
            "exchange": "joker_exchange" in allowed, "kong": "kong_concealed" in allowed,
            "pass": "pass" in allowed, "continue": "vote" in allowed, "stop": "vote" in allowed,
            "offer": "offer" in allowed,
        }
        for name, button in self.buttons.items():
            button.setText(texts[name])
            button.setVisible(visible[name])
        self.blind.setVisible("pass" in allowed)
        self.blind_label.setVisible("pass" in allowed)
        for button, action in zip(self.claim_buttons, self.claim_actions, strict=True):
            tiles = tile_list(action["tiles"])
            name = claim_name(str(action["claim"]))
            button.setText(_("{claim} with {tiles}", claim=name, tiles=tiles) if tiles else name)
        self.rack.retranslate()
        self.open_tile.retranslate()
        self.exposed.retranslate()
        self.prompt.setText(self._prompt_text())
        self.table.setText(self._table_text())
        self.coach.setVisible(self.coach_on.isChecked())
        self.coach.setText(self._coach_text() if self.coach_on.isChecked() else "")
        # a wrapped label keeps the height of its first text unless told (clipped lines)
        for label in (self.coach, self.table):
            label.setMinimumHeight(max(0, label.heightForWidth(max(label.width(), 600))))
        self.feedback.setText(self._feedback_text())
        self.log.setText("\n".join(self._log_lines()))

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
            return _("Charleston: {step}. Select three tiles to pass (never a joker).",
                     step=_(_STEP_NAMES[str(engine.step)]))
        if stage == "vote":
            return _("The first Charleston is done. Go on with the second one, or stop it?")
        if stage == "courtesy":
            return _("Courtesy pass: select 0 to 3 tiles to offer the player across, then "
                     "offer.")
        if stage == "draw":
            return _("Your turn: draw a tile from the wall.")
        if stage == "turn":
            return _("Select a tile and discard it, or declare if your hand is complete.")
        by = engine.discarder()
        tile = engine.claim_tile()
        assert by is not None and tile is not None
        if stage == "rob":
            return _("{seat} adds the {tile} to a pong. Rob the kong with a win, or let it go?",
                     seat=seat_name(by), tile=tile_name(tile))
        return _("{seat} discards the {tile}. Claim it, or let it go?", seat=seat_name(by),
                 tile=tile_name(tile))

    def _table_text(self) -> str:
        engine = self.engine
        if engine is None:
            return ""
        lines = [_("Deal {code}. Tiles left in the wall: {count}.", code=engine.code,
                   count=len(engine.wall))]
        for seat in SEATS:
            if seat == self.me:
                continue
            melds = engine.melds(seat)
            shown = "; ".join(tile_list(m.tiles) for m in melds)
            river = engine.state["discards"][seat][-6:]
            text = _("{seat}: {count} in the rack.", seat=seat_name(seat),
                     count=len(engine.hand(seat)))
            if shown:
                text += " " + _("Exposed: {tiles}.", tiles=shown)
            if river:
                text += " " + _("Last discards: {tiles}.", tiles=tile_list(river))
            if seat in engine.dead:
                text += " " + _("Dead hand.")
            lines.append(text)
        return "\n".join(lines)

    def _coach_text(self) -> str:
        engine = self.engine
        if engine is None:
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
        shown = [e for e in engine.events if e.kind not in ("drew",)]
        return [event_text(event, self.me) for event in shown[-6:]]


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
