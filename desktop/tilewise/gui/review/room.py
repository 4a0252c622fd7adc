"""The Review room inside the main window: a library button and a menu entry, the page
(:class:`tilewise.gui.review.page.ReviewPage`, built on first use), and review sessions on the
window's lesson player (:class:`tilewise.gui.review.page.ReviewRun`).

While a run is on, the main window hands the player's saves to :meth:`ReviewRoom.note`
instead of saving lesson progress (a review never changes a lesson's own progress), and the
player's Next opens the next situation; the player's way back to the library ends the run.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton

from tilewise.gui.review.suggest import PracticeLine
from tilewise.i18n import _, add_listener, remove_listener

if TYPE_CHECKING:  # the page (its chart and runs) is imported when first shown (issue 21)
    from tilewise.gui.review.page import ReviewPage, ReviewRun
    from tilewise.lessons.mastery import Practice
    from tilewise.lessons.session import LessonSession
    from tilewise.store.review import ReviewQueue


class ReviewRoom:
    """See the module docstring. ``run`` is the review session on the player, else None."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.run: ReviewRun | None = None
        self._page: ReviewPage | None = None
        self.suggestion = PracticeLine()
        self.suggestion.review.connect(self.show_page)
        self.suggestion.open_step.connect(
            lambda pack, lesson, index: window.open_lesson(pack, lesson, at_step=index))
        window.library.add_line(self.suggestion)
        self.open_button = QPushButton()
        self.open_button.setObjectName("open:review")
        self.open_button.clicked.connect(lambda _checked=False: self.show_page())
        self.action = QAction(window)
        self.action.triggered.connect(lambda _checked=False: self.show_page())
        window.app_menu.insertAction(window.act_profiles, self.action)
        window.library.add_action(self.open_button, self.action)
        add_listener(self.retranslate)
        window.destroyed.connect(lambda *_args: remove_listener(self.retranslate))
        self.retranslate()  # the main window asks for the first suggestion (``suggest``)

    @property
    def queue(self) -> ReviewQueue:
        """The learner's review queue in the window's store."""
        from tilewise.store.review import ReviewQueue  # after the first paint (issue 21)

        return ReviewQueue(self.window.store)

    @property
    def page(self) -> ReviewPage:
        """The Review page, built (and added to the window's stack) on first use."""
        if self._page is None:
            from tilewise.gui.review.page import ReviewPage

            page = ReviewPage()
            page.start.connect(self.start)
            page.back.connect(self.window.show_library)
            self.window.stack.addWidget(page)
            self._page = page
        return self._page

    def retranslate(self) -> None:
        """The button and menu entry in the current language (the page does its own)."""
        self.open_button.setText(_("Review my mistakes"))
        self.action.setText(_("&Review my mistakes"))
        self.suggestion.retranslate()
        if self._page is not None:
            self._page.retranslate()

    def suggest(self, *, now: datetime | None = None) -> Practice | None:
        """Work out what to practise next (``lessons.mastery.suggest_practice``: the reviews
        due today, else the weakest rule and the step that teaches it) and show it in the
        library's line; return it. The main window calls it each time the library is shown."""
        profile = self.window.profile.id
        packs = list(self.window.packs)
        if not packs:  # none loaded (yet: the library is shown before them, issue 21)
            self.suggestion.show_practice(None, [])
            return None
        from tilewise.gui.review.scores import learner_scores  # the lessons' model: after
        from tilewise.lessons.mastery import suggest_practice  # the first paint (issue 21)

        practice = suggest_practice(learner_scores(self.window.store, packs, profile), packs,
                                    self.queue.due_today(profile, now=now))
        self.suggestion.show_practice(practice, packs)
        return practice

    def show_page(self, finished: tuple[int, int] | None = None) -> None:
        """Show the page: what is due today and the chart of mastery per rule."""
        from tilewise.gui.review.scores import learner_scores

        self.stop()
        profile = self.window.profile.id
        queue = self.queue
        self.window.stack.setCurrentWidget(self.page)
        self.page.show_state(queue.due_today(profile),
                             learner_scores(self.window.store, list(self.window.packs), profile),
                             finished, due_now=len(queue.due_list(profile)))

    def start(self) -> None:
        """Start a review session over everything due by the end of today."""
        from tilewise.store.review import end_of_day

        now = datetime.now().astimezone()
        items = self.queue.due_list(self.window.profile.id, until=end_of_day(now))
        from tilewise.gui.review.page import ReviewRun

        self.run = ReviewRun(self.queue, items)
        player = self.window.player
        player.next_override = self.next_situation
        player.leave.connect(self.stop)
        player.finish_review.connect(self.finish)
        self.next_situation()

    def finish(self) -> None:
        """"Finish review" on the player: the run ends now, and the page shows its result
        (the situations not reached stay due)."""
        run = self.run
        if run is not None:
            self.show_page((run.right, run.answered))

    def next_situation(self) -> bool:
        """Open the run's next situation on the player; at the end, back to the page with the
        session's result. Returns True (the player's Next was handled)."""
        run = self.run
        if run is None:
            return False
        found = run.next_situation(list(self.window.packs))
        if found is None:
            self.show_page((run.right, run.answered))
            return True
        pack, lesson, saved = found
        player = self.window.player
        skipped = len(run.skipped)
        player.review = (run.position + 1 - skipped, len(run.items) - skipped)
        # the learner's own order, shuffled again for the day's review: the lesson's order
        # came back in the review (tester report), so the place of the answer was learnt
        player.learner = str(self.window.profile.id)
        player.quiz_round = f"review {datetime.now().astimezone().date().isoformat()}"
        player.open(pack, lesson, saved)
        self.window.stack.setCurrentWidget(player)
        return True

    def note(self, session: LessonSession) -> None:
        """The player's save during a run: the review's rating once the first answer is in."""
        if self.run is not None:
            self.run.note(session)

    def stop(self) -> None:
        """End the run (the player goes back to its lessons)."""
        if self.run is None:
            return
        self.run = None
        player = self.window.player
        player.next_override = None
        player.quiz_round = ""  # a lesson's own order again
        player.review = None  # the next lesson opened shows its steps and the library button
        try:
            player.leave.disconnect(self.stop)
            player.finish_review.disconnect(self.finish)
        except (RuntimeError, TypeError):  # pragma: no cover - already disconnected
            pass


def install_review(window: Any) -> ReviewRoom:
    """Add the Review room to ``window`` (a ``MainWindow``); returns it."""
    return ReviewRoom(window)


__all__ = ["ReviewRoom", "install_review"]
