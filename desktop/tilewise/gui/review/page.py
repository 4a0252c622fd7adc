"""The Review room: how many of the learner's mistakes are due today, a review session that
plays them again on the lesson player, and the chart of mastery per rule.

:class:`ReviewPage` shows the count and the chart; its ``start`` signal asks the main window
for a :class:`ReviewRun`. A run goes through the due situations (``ReviewQueue.due_list`` up to
the end of today): each is opened in the same lesson player, on the step it was made, with the
table it was made on (``tilewise.lessons.review.replay_saved``), so the same move gets the same
verdict and feedback; or, when the step's task gives variants (the same rule on other tiles),
on a variant the learner has not seen yet (which one is kept with the review). The first answer is the review (``review_rating``: again, hard or good),
recorded in the store at once; the player's Next goes to the next situation. A situation whose
pack or step is gone is skipped. The GUI holds no rule: the player and the session judge.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from tilewise.gui.review.chart import MasteryChart
from tilewise.i18n import _, ngettext
from tilewise.lessons.hand.moments import hand_of, moment_lesson
from tilewise.lessons.mastery import RuleScore
from tilewise.lessons.model import Lesson, Pack
from tilewise.lessons.review import (
    ReviewError,
    pick_variant,
    replay_saved,
    review_rating,
    variant_count,
    variant_lesson,
)
from tilewise.lessons.session import LessonSession
from tilewise.store.review import DueItem, ReviewQueue, Situation

log = logging.getLogger(__name__)


@dataclass
class ReviewRun:
    """One review session over ``items`` (the due list), in order. ``current`` is the
    situation on the player; ``rated`` its rating once given; ``variant`` the table it is
    played on (0: the mistake's own; n: the task's variant n, one not seen yet when there is
    one, ``tilewise.lessons.review.pick_variant``); ``right``/``answered`` count the session's
    reviews."""

    queue: ReviewQueue
    items: list[DueItem]
    position: int = -1
    current: Situation | None = None
    rated: str | None = None
    right: int = 0
    answered: int = 0
    skipped: list[int] = field(default_factory=list)
    variant: int = 0

    def next_situation(self, packs: list[Pack]) -> tuple[Pack, Lesson, dict[str, object]] | None:
        """Move on to the next situation that still fits its pack: ``(pack, lesson, saved
        session)`` for the player, or None at the end."""
        while self.position + 1 < len(self.items):
            self.position += 1
            item = self.items[self.position]
            situation = self.queue.situation(item.id)
            pack = next((p for p in packs if p.id == item.pack_id), None)
            lesson = next((x for x in pack.lessons if x.id == item.lesson_id), None) \
                if pack is not None else None
            hand = hand_of(situation.mistake()) if situation is not None else None
            if hand is not None and pack is not None:  # a mistake of a whole hand (issue 20)
                lesson = hand_lesson(situation, str(hand.get("kind")))  # type: ignore[arg-type]
            if situation is None or pack is None or lesson is None:
                self.skipped.append(item.id)
                continue
            try:
                mistake = situation.mistake()
                variant = pick_variant(variant_count(lesson, mistake),
                                       self.queue.shown_variants(situation.id))
                lesson = variant_lesson(lesson, mistake, variant)
                saved = replay_saved(lesson, mistake)
            except (ReviewError, ValueError) as error:
                log.warning("situation %s no longer fits its lesson: %s", item.id, error)
                self.skipped.append(item.id)
                continue
            self.current, self.rated, self.variant = situation, None, variant
            return pack, lesson, dict(saved)
        self.current = None
        return None

    def note(self, session: LessonSession) -> str | None:
        """Record the review of the current situation once its first answer is in (called
        where the player's progress would be saved); return the rating when it was just
        recorded. Mistakes made in review are this situation's, not new ones."""
        wrong = session.take_mistakes()  # a tile refused at once is a wrong answer too
        if self.current is None or self.rated is not None:
            return None
        rating = "again" if wrong else review_rating(session.record())
        if rating is None:
            return None
        self.rated = rating
        self.answered += 1
        self.right += rating != "again"
        # SaveFailed: the store keeps the answer and retries it with the progress (issue 15)
        self.queue.keep_review(self.current.id, rating, variant=self.variant)
        return rating


def hand_lesson(situation: Situation, kind: str) -> Lesson | None:
    """The one-step lesson that plays a whole hand's mistake again
    (``tilewise.lessons.hand.moments.moment_lesson``), its words in the current language;
    None when the situation cannot be set up."""
    from tilewise.gui.play.view import moment_texts

    title, text = moment_texts(kind)
    try:
        return moment_lesson(situation.mistake(), lesson_id=situation.lesson_id, title=title,
                             text=text)
    except (KeyError, TypeError, ValueError):
        return None


def _plain(text: str = "", *, name: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


class ReviewPage(QWidget):
    """The Review page (see the module docstring). Signals: ``start()``, ``back()``."""

    start = Signal()
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review-page")
        self.due = self.due_now = 0
        self.finished: tuple[int, int] | None = None
        self.title = _plain(name="libraryHeading")
        self.due_label = _plain(name="review-due")
        self.result_label = _plain(name="review-result")
        self.start_button = QPushButton()
        self.start_button.setObjectName("review-start")
        self.start_button.clicked.connect(self.start.emit)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.back.emit)
        self.chart_title = _plain(name="packTitle")
        self.chart = MasteryChart()
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.addWidget(self.title)
        column.addWidget(self.due_label)
        column.addWidget(self.result_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)
        column.addLayout(buttons)
        column.addWidget(self.chart_title)
        column.addWidget(self.chart)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.retranslate()

    def show_state(self, due: int, scores: list[RuleScore],
                   finished: tuple[int, int] | None = None, *, due_now: int | None = None) -> None:
        """``due`` situations due today (what Start plays), ``due_now`` of them due already
        (the store's due list, as ``tilewise review --list`` prints it; default all), the
        chart's ``scores``, and ``finished`` = ``(right, answered)`` after a review session
        (None otherwise). After a session the focus is on the way back, not on Start."""
        self.due, self.finished = due, finished
        self.due_now = due if due_now is None else min(due, due_now)
        self.chart.set_scores(scores)
        self.retranslate()
        if finished is not None or not self.start_button.isEnabled():
            self.back_button.setFocus()
        else:
            self.start_button.setFocus()

    def retranslate(self) -> None:
        """Every text of the page in the current language."""
        self.title.setText(_("Review your mistakes"))
        later = self.due - self.due_now
        if self.due and not later:
            self.due_label.setText(ngettext("{n} situation to review is due today.",
                                            "{n} situations to review are due today.",
                                            self.due))
        elif self.due:
            # A mistake (and a review still being learnt) comes back minutes later: the page
            # said "2 due" after "2 of 2 right", and the command line listed none (tester).
            now = ngettext("{n} situation to review is due now.",
                           "{n} situations to review are due now.",
                           self.due_now) if self.due_now else _("Nothing is due for review now.")
            self.due_label.setText(now + " " + ngettext(
                "{n} situation comes back later today (a mistake is tried again a few minutes "
                "after it was made or last reviewed); you may review it now.",
                "{n} situations come back later today (a mistake is tried again a few minutes "
                "after it was made or last reviewed); you may review them now.", later))
        else:
            self.due_label.setText(_("Nothing is due for review today."))
        if self.finished is None:
            self.result_label.hide()
        elif self.finished[1] == 0:  # ended before any answer ("0 of 0 right")
            self.result_label.setText(_("Review ended before any answer: nothing was counted."))
            self.result_label.show()
        else:
            right, answered = self.finished
            self.result_label.setText(ngettext(
                "Review done: {right} of {n} situation right.",
                "Review done: {right} of {n} situations right.", answered, right=right))
            self.result_label.show()
        self.start_button.setText(_("Start the review"))
        self.start_button.setEnabled(self.due > 0)
        self.back_button.setText(_("Back to the library"))
        self.chart_title.setText(_("Mastery per rule"))
        self.chart.update()


__all__ = ["ReviewPage", "ReviewRun"]
