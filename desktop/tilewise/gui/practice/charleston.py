"""Charleston practice view: a seeded deal, the learner's rack, pass / vote / offer buttons.

Drives :class:`tilewise.lessons.practice.charleston.CharlestonPractice`; every refusal shows
the core's reason sentence. At the end it shows the tile-by-tile account against the
learner's best practice line and reports the score through ``on_score``.
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

from tilewise.gui.practice.widgets import TileRow, refusal_text, tile_list
from tilewise.gui.reasons import charleston_step_name, pass_count_label, seat_name, tile_name
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _, ngettext, pgettext
from tilewise.lessons.practice.charleston import CharlestonPractice, PartnerPolicy, Summary
from tilewise.lessons.practice.lines import PracticeLine
from tilewise.rules.charleston import PASS_DIRECTIONS
from tilewise.rules.seats import SEATS, across_of
from tilewise.rules.verdict import Verdict

#: ``on_score(mode, right, asked, level, seed, details)``
ScoreSink = Callable[[str, int, int, int, int, dict[str, Any]], None]


class CharlestonPracticeView(QWidget):
    """The Charleston practice table. Public methods (tests drive them): :meth:`deal`,
    :meth:`pass_selected`, :meth:`vote`, :meth:`offer_selected`, :meth:`retranslate`."""

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
        self.last_refusal: Verdict | None = None
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
        self.line_labels = [QLabel() for _ in self.lines]
        self.line_rows = [TileRow(images, 34) for _ in self.lines]
        for row, line in zip(self.line_rows, self.lines, strict=True):
            row.set_tiles(line.tiles, checkable=False)
        self.rack = TileRow(images)
        self.blind_label = QLabel()
        self.blind = QSpinBox()
        self.blind.setRange(0, 3)
        self.pass_button = QPushButton()
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
        for widget in (self.blind_label, self.blind, self.pass_button, self.continue_button,
                       self.stop_button, self.offer_button):
            moves.addWidget(widget)
        moves.addStretch(1)
        root = QVBoxLayout(self)
        root.addWidget(self.title)
        root.addLayout(top)
        root.addWidget(self.policy)
        root.addWidget(self.status)
        for label, row in zip(self.line_labels, self.line_rows, strict=True):
            line_box = QHBoxLayout()
            line_box.addWidget(label)
            line_box.addWidget(row)
            line_box.addStretch(1)
            root.addLayout(line_box)
        root.addWidget(self.progress)
        root.addWidget(self.rack)
        root.addLayout(moves)
        root.addWidget(self.feedback)
        root.addWidget(self.log, 1)
        self.deal_button.clicked.connect(
            lambda: self.deal(self.seed.value(), str(self.seat.currentData())))
        self.back_button.clicked.connect(self.leave.emit)
        self.pass_button.clicked.connect(self.pass_selected)
        self.continue_button.clicked.connect(lambda: self.vote(True))
        self.stop_button.clicked.connect(lambda: self.vote(False))
        self.offer_button.clicked.connect(self.offer_selected)
        self.rack.changed.connect(self.retranslate)
        self.retranslate()

    # ---- actions (one engine call each, then repaint) ----------------------------------------
    def deal(self, seed: int, seat: str) -> None:
        """Start the practice on deal number ``seed`` with the learner in ``seat``."""
        self.seed.setValue(seed)
        self.seat.setCurrentIndex(SEATS.index(seat))
        self.practice = CharlestonPractice(seed, self.lines, seat=seat)
        self.last_refusal = None
        self._refresh_rack()

    def pass_selected(self) -> None:
        """Pass the selected rack tiles plus the blind count."""
        if self.practice is not None:
            self._after(self.practice.pass_tiles(self.rack.selected(), self.blind.value()))

    def vote(self, keep_going: bool) -> None:
        """Vote at the stop vote (True: play the second Charleston)."""
        if self.practice is not None:
            self._after(self.practice.vote(keep_going))

    def offer_selected(self) -> None:
        """Offer the selected tiles (0-3) in the courtesy pass."""
        if self.practice is not None:
            self._after(self.practice.offer(self.rack.selected()))

    def _after(self, verdict: Verdict) -> None:
        self.last_refusal = None if verdict.legal else verdict
        if verdict.legal:
            self._refresh_rack()
            if self.practice is not None and self.practice.done and self.on_score is not None:
                right, asked = self.practice.score()
                summary = self.practice.summary()
                self.on_score("charleston", right, asked, 0, self.practice.seed,
                              {"seat": self.practice.seat, "line": summary.line,
                               "start": summary.start, "end": summary.end,
                               "refused": list(self.practice.refused)})
        else:
            self.retranslate()

    def _refresh_rack(self) -> None:
        self.blind.setValue(0)
        hand = self.practice.hand if self.practice is not None else []
        self.rack.set_tiles(hand)
        self.retranslate()

    # ---- text -------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language (also after each move)."""
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
        self.blind_label.setText(_("Forward blind"))
        self.continue_button.setText(_("Play the second Charleston"))
        self.stop_button.setText(_("Stop"))
        self.offer_button.setText(ngettext("Offer {n} tile across", "Offer {n} tiles across",
                                           len(self.rack.selected())))
        self.rack.retranslate()
        for label, row, line in zip(self.line_labels, self.line_rows, self.lines, strict=True):
            label.setText(self.line_name(line))
            row.retranslate()
        step = p.step if p is not None else ""
        direction = PASS_DIRECTIONS.get(step)
        self.pass_button.setText(pass_count_label(direction or "right",
                                                  len(self.rack.selected()) + self.blind.value()))
        self.pass_button.setVisible(direction is not None)
        self.blind.setEnabled(p is not None and p.blind_allowed())
        self.blind_label.setEnabled(self.blind.isEnabled())
        for button in (self.continue_button, self.stop_button):
            button.setVisible(step == "stop_vote")
        self.offer_button.setVisible(step == "courtesy")
        self.status.setText(self._status_text())
        self.progress.setText(self._progress_text())
        self.feedback.setText(refusal_text(self.last_refusal, "american") if self.last_refusal else "")
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
