"""The printable progress card for a teacher: ``tilewise report --profile NAME --out card.pdf``.

One A4 page drawn with QPainter on a ``QPdfWriter`` (QtGui; QtPrintSupport is not in the
bundle), in the learner's own language (the profile's, or ``--lang``): the learner's name and
the date, the lessons done (their titles in that language, from the pack catalogs) and those
under way (at which step), how many situations are due for review, and the chart of mastery per
rule
(:func:`tilewise.gui.review.chart.paint_mastery`). Every text is drawn with
``QPainter.drawText`` into a rectangle, so Qt shapes it (Hindi with Noto Sans Devanagari).
Learner and pack text is plain text. Exit 0; 2 for an unknown learner; 1 when the file cannot
be written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPageLayout, QPageSize, QPainter, QPdfWriter

from tilewise.gui.review.chart import chart_font, paint_mastery
from tilewise.gui.review.scores import learner_scores
from tilewise.i18n import _, ngettext, normalize_language, set_language
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.mastery import RuleScore
from tilewise.lessons.model import Pack
from tilewise.store.progress import Profile, ProgressStore
from tilewise.store.review import ReviewQueue

RESOLUTION = 150  # dots per inch of the PDF's drawing units


def lesson_progress(store: ProgressStore, profile: Profile, packs: Sequence[Pack],
                    lang: str) -> tuple[list[str], list[str]]:
    """The learner's lessons in ``lang``, in pack order: the titles of those completed, and
    "<title>: step N of M" for each one started and not finished (N the step the learner is
    on, 1-based, as the library shows it; the card listed finished lessons only, so a
    learner halfway through the course looked as if nothing had been done)."""
    summaries = store.lesson_summaries(profile.id)
    done, under_way = [], []
    for pack in packs:
        catalog = PackCatalog(Path(pack.path), lang)
        for lesson in pack.lessons:
            summary = summaries.get((pack.id, lesson.id))
            title = catalog.text(lesson.context(), lesson.title)
            if summary is not None and summary.completed:
                done.append(title)
            elif summary is not None:
                total = len(lesson.steps)
                # TRANSLATORS: a lesson under way on the printed progress card
                under_way.append(_("{lesson}: step {number} of {total}", lesson=title,
                                   number=min(summary.step_index + 1, total), total=total))
    return done, under_way


def draw_card(writer: QPdfWriter, name: str, done: Sequence[str], due: int,
              scores: Sequence[RuleScore], when: datetime,
              under_way: Sequence[str] = ()) -> None:
    """Draw the card on ``writer``'s page (texts in the current language): ``done`` lesson
    titles, ``under_way`` lines ("<title>: step N of M", :func:`lesson_progress`)."""
    painter = QPainter(writer)
    try:
        page = QRectF(0, 0, writer.width(), writer.height())
        px = RESOLUTION / 96  # one logical px of the app in PDF units
        ink = QColor("#1d1d1d")
        y = page.top()

        def text(line: str, size: int, *, bold: bool = False, gap: float = 0.6) -> None:
            nonlocal y
            font = chart_font(round(size * px), bold=bold)
            painter.setFont(font)
            painter.setPen(ink)
            box = QRectF(page.left(), y, page.width(), page.height() - y)
            used = painter.boundingRect(box, Qt.TextFlag.TextWordWrap, line)
            painter.drawText(box, Qt.TextFlag.TextWordWrap, line)
            y += used.height() + QFontMetricsF(font).lineSpacing() * gap

        text(_("Tilewise progress card"), 26, bold=True, gap=0.2)
        text(_("Learner: {name}", name=name), 18, gap=0.1)
        text(_("Date: {date}", date=when.strftime("%Y-%m-%d")), 14, gap=1.0)
        text(_("Lessons done"), 18, bold=True, gap=0.2)
        if done:
            text("\n".join(f"• {title}" for title in done), 14, gap=1.0)
        else:
            text(_("No lesson done yet."), 14, gap=1.0)
        if under_way:
            text(_("Lessons under way"), 18, bold=True, gap=0.2)
            text("\n".join(f"• {line}" for line in under_way), 14, gap=1.0)
        text(ngettext("{n} situation to review is due today.",
                      "{n} situations to review are due today.", due), 14, gap=1.0)
        text(_("Mastery per rule"), 18, bold=True, gap=0.4)
        paint_mastery(painter, QRectF(page.left(), y, page.width(), page.height() - y), scores,
                      chart_font(round(13 * px)), ink=ink)
    finally:
        painter.end()


def write_card(path: Path, store: ProgressStore, profile: Profile, packs: Sequence[Pack],
               lang: str, *, when: datetime | None = None) -> None:
    """Write the learner's progress card to ``path`` (PDF, one A4 page) in ``lang``.
    Raises ``OSError`` when the file cannot be written."""
    set_language(lang)
    queue = ReviewQueue(store)
    writer = QPdfWriter(str(path))
    writer.setResolution(RESOLUTION)
    writer.setTitle(_("Tilewise progress card"))
    writer.setCreator("Tilewise")
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(18, 18, 18, 18), QPageLayout.Unit.Millimeter))
    now = when or datetime.now().astimezone()
    done, under_way = lesson_progress(store, profile, packs, lang)
    draw_card(writer, profile.name, done, queue.due_today(profile.id, now=now),
              learner_scores(store, packs, profile.id), now, under_way)
    if not path.is_file() or path.stat().st_size == 0:
        raise OSError(f"{path} could not be written")


def main(argv: Sequence[str]) -> int:
    """``tilewise report --profile NAME --out FILE [--lang CODE] [--store FILE]``."""
    parser = argparse.ArgumentParser(prog="tilewise report",
                                     description="A learner's progress card as a PDF.")
    parser.add_argument("--profile", required=True, help="the learner's name")
    parser.add_argument("--out", required=True, type=Path, help="the PDF file to write")
    parser.add_argument("--lang", help="language code (default: the learner's)")
    parser.add_argument("--store", type=Path, help="the progress file (default: the learner's)")
    args = parser.parse_args(list(argv))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a report needs no window
    from tilewise.gui.app import load_packs, make_application, pack_folders
    from tilewise.store.commands import find_profile

    make_application()
    with ProgressStore(args.store) as store:
        profile = find_profile(store, args.profile)
        if profile is None:
            print(f"tilewise report: no learner is called {args.profile!r}", file=sys.stderr)
            return 2
        lang = normalize_language(args.lang or profile.language) or "en"
        packs, _problems = load_packs(pack_folders([]))
        args.out.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_card(args.out, store, profile, packs, lang)
        except OSError as error:
            print(f"tilewise report: {error}", file=sys.stderr)
            return 1
    print(args.out)
    return 0


__all__ = ["draw_card", "lesson_progress", "main", "write_card"]
