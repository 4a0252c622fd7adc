"""Charleston practice view: a seeded deal on the same table as the lessons.

The table is the lessons' table view (``gui.table``) drawing
:class:`tilewise.lessons.practice.table.PracticeTable`, the practice engine's table model:
the learner drags (or picks with the keyboard) three tiles into the pass zone toward the
receiving seat; the tiles arriving face down are there only on a step where a blind pass is
allowed; the tiles received are marked in the rack and slide in from the seat that passed them.
The stop vote and the courtesy offer are buttons. Every refusal shows the core's reason
sentence. At the end it shows the tile-by-tile account against the learner's best practice
line and reports the score through ``on_score``. Handlers decode and call one table operation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.plaintext import make_plain
from tilewise.gui.practice.widgets import TileRow, refusal_text, table_beside_words, tile_list
from tilewise.gui.reasons import charleston_step_name, explain, seat_name, tile_name
from tilewise.gui.table import access
from tilewise.gui.table.drops import DeskDrops
from tilewise.gui.table.scene import TableScene
from tilewise.gui.table.view import TableView
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _, ngettext, pgettext
from tilewise.lessons.practice.charleston import CharlestonPractice, PartnerPolicy, Summary
from tilewise.lessons.practice.lines import PracticeLine
from tilewise.lessons.practice.table import PracticeTable
from tilewise.lessons.steptable import Outcome
from tilewise.rules.seats import SEATS, across_of
from tilewise.rules.verdict import Verdict

#: ``on_score(mode, right, asked, level, seed, details)``
ScoreSink = Callable[[str, int, int, int, int, dict[str, Any]], None]


class CharlestonPracticeView(DeskDrops, QWidget):
    """The Charleston practice table. Public methods (tests drive them): :meth:`deal`,
    :meth:`drop`, :meth:`miss`, :meth:`send_selection`, :meth:`vote`, :meth:`offer_selected`,
    :meth:`retranslate`."""

    leave = Signal()

    def __init__(self, images: TileImages, lines: Sequence[PracticeLine],
                 on_score: ScoreSink | None = None,
                 line_name: Callable[[PracticeLine], str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = tuple(lines)
        self.line_name = line_name or (lambda line: line.label)
        self.on_score = on_score
        self.practice: CharlestonPractice | None = None
        self.desk: PracticeTable | None = None
        self.last_refusal: Verdict | None = None
        self.refused_reason: str | None = None
        self.title = QLabel()
        self.title.setObjectName("lessonTitle")
        self.seed_label = QLabel()
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seat_label = QLabel()
        self.seat = QComboBox()
        for seat in SEATS:
            self.seat.addItem(seat, seat)
        self.deal_button = QPushButton()
        self.back_button = QPushButton()
        self.policy = QLabel()
        self.policy.setWordWrap(True)
        self.policy.setObjectName("cardNote")
        self.status = QLabel()
        self.status.setObjectName("stepTitle")
        self.status.setWordWrap(True)
        self.progress = QLabel()
        self.progress.setWordWrap(True)
        self.line_labels = [QLabel() for _ in self.lines]
        make_plain(self.title, self.policy, self.status, self.progress, *self.line_labels)
        # the line of the card the learner aims at: readable on a projector (issue 16)
        self.line_rows = [TileRow(images) for _ in self.lines]
        for row, line in zip(self.line_rows, self.lines, strict=True):
            row.set_tiles(line.tiles, checkable=False)
        access.install()
        self.table_scene = TableScene(images, self)
        self.table = TableView(self.table_scene)
        self.table.setMinimumHeight(260)
        self.table.dropped.connect(self.drop)
        self.table.missed.connect(self.miss)
        self.table.send.connect(self.send_selection)
        self.continue_button = QPushButton()
        self.stop_button = QPushButton()
        self.offer_button = QPushButton()
        self.feedback = QLabel()
        self.feedback.setObjectName("feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)
        self.log = QLabel()
        self.log.setWordWrap(True)
        self.log.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        for widget in (self.seed_label, self.seed, self.seat_label, self.seat, self.deal_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.back_button)
        moves = QHBoxLayout()
        for widget in (self.continue_button, self.stop_button, self.offer_button):
            moves.addWidget(widget)
        moves.addStretch(1)
        # The table on the left, as large as the page allows; the words beside it.
        side = QVBoxLayout()
        side.addWidget(self.status)
        side.addWidget(self.progress)
        for label, row in zip(self.line_labels, self.line_rows, strict=True):
            side.addWidget(label)
            side.addWidget(row)
        side.addWidget(self.feedback)
        side.addWidget(self.log, 1)
        side.addWidget(self.policy)
        # the summary at the end is longer than a 1024x768 screen is tall: it scrolls
        middle, self.side_area = table_beside_words(self.table, side, 400)
        root = QVBoxLayout(self)
        root.addWidget(self.title)
        root.addLayout(top)
        root.addLayout(middle, 1)
        root.addLayout(moves)
        self.deal_button.clicked.connect(
            lambda: self.deal(self.seed.value(), str(self.seat.currentData())))
        self.back_button.clicked.connect(self.leave.emit)
        self.continue_button.clicked.connect(lambda: self.vote(True))
        self.stop_button.clicked.connect(lambda: self.vote(False))
        self.offer_button.clicked.connect(self.offer_selected)
        self.retranslate()

    # ---- actions (one table operation each, then a redraw from the model) ------------------
    def deal(self, seed: int, seat: str) -> None:
        """Start the practice on deal number ``seed`` with the learner in ``seat``. The
        keyboard goes to the table, so the arrow keys and Space play at once (the Deal
        button kept it: Right then Space pressed "Back to practice", newcomer report)."""
        self.seed.setValue(seed)
        self.seat.setCurrentIndex(SEATS.index(seat))
        self.practice = CharlestonPractice(seed, self.lines, seat=seat)
        self.desk = PracticeTable(self.practice)
        self.last_refusal, self.refused_reason = None, None
        self._redraw()
        self._texts()
        self.table.setFocus()

    def vote(self, keep_going: bool) -> None:
        """Vote at the stop vote (True: play the second Charleston). The keyboard goes back
        to the table (the vote's buttons hide; the deal-number box must not take the digit
        keys)."""
        if self.desk is not None:
            self._after(self.desk.command("vote:continue" if keep_going else "vote:stop"))
        self.table.setFocus()

    def offer_selected(self) -> None:
        """Offer the tiles in the courtesy zone (0-3) to the across partner; the keyboard
        goes back to the table."""
        if self.desk is not None:
            self._after(self.desk.command("offer"))
        self.table.setFocus()

    def _redraw(self, outcome: Outcome | None = None) -> None:
        if self.desk is not None:
            self.table_scene.show_table(self.desk.table, outcome.motions if outcome else ())
            self.table.fit()

    def _after(self, outcome: Outcome, held: int | None = None) -> None:
        feedback = outcome.feedback
        if self.desk is not None:
            self.table_scene.show_outcome(self.desk.table, outcome, held)
            self.table.fit()
        if feedback is not None:
            self.refused_reason = None if feedback.accepted else feedback.reason
            self.last_refusal = None if feedback.accepted else (
                self.desk.last if self.desk is not None and self.desk.last is not None
                and not self.desk.last.legal else None)
        if feedback is not None and feedback.accepted and self.practice is not None and (
                self.practice.done and self.on_score is not None):
            right, asked = self.practice.score()
            summary = self.practice.summary()
            self.on_score("charleston", right, asked, 0, self.practice.seed,
                          {"seat": self.practice.seat, "line": summary.line,
                           "start": summary.start, "end": summary.end,
                           "refused": list(self.practice.refused)})
        self._texts()

    # ---- text -------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language, the table's too (an i18n listener: a language
        or tile theme switched in the settings): the table is drawn again from the practice
        table (its captions were in the old language until the next move) and the practice
        lines' tiles in the current theme (they stayed Classic: tester report)."""
        if self.desk is not None:
            self.table_scene.show_table(self.desk.table)
        for row in self.line_rows:
            row.refresh_faces()
        self._texts()

    def _texts(self) -> None:
        """Every text in the current language (after each move)."""
        p = self.practice
        self.title.setText(_("Charleston practice"))
        self.seed_label.setText(_("Deal number"))
        self.seat_label.setText(_("Your seat"))
        for index, seat in enumerate(SEATS):
            self.seat.setItemText(index, seat_name(seat))
        self.deal_button.setText(_("Deal"))
        self.back_button.setText(_("Back to practice"))
        self.policy.setText(_(
            "Your three partners play by a simple policy. They never pass a joker. They keep "
            "pairs and tiles that fit a practice line, and pass what helps neither line. A "
            "partner whose best line has {count} tiles or more votes to stop, passes a whole "
            "blind pass unseen, and offers nothing in the courtesy pass; a partner without "
            "three spare tiles forwards the missing ones blind.", count=PartnerPolicy().stop_at))
        self.continue_button.setText(_("Play the second Charleston"))
        self.stop_button.setText(_("Stop"))
        offered = len(self.desk.table.staged("courtesy")) if self.desk is not None else 0
        self.offer_button.setText(ngettext("Offer {n} tile across", "Offer {n} tiles across",
                                           offered))
        for label, row, line in zip(self.line_labels, self.line_rows, self.lines, strict=True):
            label.setText(self.line_name(line))
            row.retranslate()
        step = p.step if p is not None else ""
        for button in (self.continue_button, self.stop_button):
            button.setVisible(step == "stop_vote")
        self.offer_button.setVisible(step == "courtesy")
        self.status.setText(self._status_text())
        self.progress.setText(self._progress_text())
        if self.last_refusal is not None:
            self.feedback.setText(refusal_text(self.last_refusal, "american"))
        elif self.refused_reason is not None:  # a tile the core sent back at once
            self.feedback.setText(_("Not allowed: {why}",
                                    why=explain(self.refused_reason, "american")))
        else:
            self.feedback.setText("")
        if self.desk is not None and self.desk.table.staged("pass") and p is not None:
            missing = self.desk.table.pass_missing()
            self.feedback.setText(ngettext("{n} more tile to pass.", "{n} more tiles to pass.",
                                           missing))
        self.log.setText(self._log_text())

    def _status_text(self) -> str:
        p = self.practice
        if p is None:
            return _("Choose a deal number and your seat, then deal.")
        if p.done:
            return _("The Charleston is over.")
        if p.step == "courtesy":
            return _("Courtesy pass: offer 0 to 3 tiles to {seat}, across.",
                     seat=seat_name(across_of(p.seat)))
        if p.step == "stop_vote":
            return _("Stop vote: play the second Charleston, or stop?")
        return _("{step}: pass three tiles to {seat}.", step=charleston_step_name(p.step),
                 seat=seat_name(p.table.target(p.seat)))

    def _progress_text(self) -> str:
        p = self.practice
        if p is None:
            return ""
        index, count = p.progress()
        return _("Your best practice line: {line}, {count} of {total} tiles.",
                 line=self.line_name(self.lines[index]), count=count, total=len(self.lines[index].tiles))

    def _log_text(self) -> str:
        p = self.practice
        if p is None or not p.records:
            return ""
        if p.done:
            courtesy = p.records[-1]
            pairs = [_("Courtesy pass, {a} and {b}: offers of {x} and {y}, so {n} moved each way.",
                       a=seat_name(a), b=seat_name(b), x=len(courtesy.offers[a]),
                       y=len(courtesy.offers[b]), n=courtesy.exchanged[f"{a}-{b}"])
                     for a, b in (("E", "W"), ("S", "N"))]
            return "\n".join([summary_text(p.summary(), self.lines, self.line_name), *pairs])
        record = p.records[-1]
        parts = [_("You received: {tiles}", tiles=tile_list(record.received[p.seat]) or "-")]
        for seat in p.partners:
            blind = record.blind[seat]
            if blind:
                parts.append(ngettext("{seat} forwarded {n} tile blind.",
                                      "{seat} forwarded {n} tiles blind.", blind,
                                      seat=seat_name(seat)))
        if p.votes and record.step == "first_left":
            stops = [seat_name(s) for s, keep in p.votes.items() if not keep]
            if stops:
                parts.append(_("Stopped by: {seats}",
                               seats=pgettext("list separator", ", ").join(stops)))
        return "\n".join(parts)


def _note(tile: str, fits: bool) -> str:
    # TRANSLATORS: a tile in the Charleston account; the check mark means it fits the line
    return _("{tile} ✓", tile=tile_name(tile)) if fits else tile_name(tile)


def summary_text(summary: Summary, lines: Sequence[PracticeLine],
                 line_name: Callable[[PracticeLine], str]) -> str:
    """The learner's tile-by-tile account, one line per step, in the current language."""
    line = lines[summary.line]
    out = [_("Your best line at the end: {line}. It went from {start} to {end} of {total} "
             "tiles.", line=line_name(line), start=summary.start, end=summary.end,
             total=len(line.tiles))]
    effects = {"helped": _("helped"), "hurt": _("hurt"), "even": _("no change")}
    for account in summary.steps:
        step = (_("Courtesy pass") if account.step == "courtesy"
                else charleston_step_name(account.step))
        sep = pgettext("list separator", ", ")
        gave = sep.join(_note(n.tile, n.fits) for n in account.passed)
        got = sep.join(_note(n.tile, n.fits) for n in account.received)
        out.append(_("{step} ({effect}): passed {passed}; received {received}",
                     step=step, effect=effects[account.effect], passed=gave or "-",
                     received=got or "-"))
    out.append(_("✓ marks a tile that fits your best line."))
    if not summary.second_charleston:
        out.append(_("The second Charleston was stopped."))
    return "\n".join(out)
