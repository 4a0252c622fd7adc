"""Mastery per rule as a picture: one horizontal bar per rule, drawn with QPainter.

:func:`paint_mastery` draws :class:`tilewise.lessons.mastery.RuleScore` rows into any paint
device (the Review page's :class:`MasteryChart` widget, the PDF progress card): the rule's
translated name on the left (wrapped to two lines when long), a bar 0-100 % with a light track,
the percentage and the counts on the right. Text goes through ``QPainter.drawText`` with a
rectangle, so Qt shapes it (Hindi conjuncts and matras; never drawn per code point). Sizes
follow the font given, so the chart reads on a 1024x768 projector at the app's type size.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from tilewise.gui.review.rulenames import rule_name
from tilewise.i18n import _
from tilewise.lessons.mastery import RuleScore

FONT_FAMILIES = ["Noto Sans", "Noto Sans Devanagari"]
BAR = QColor("#2f6fb3")
TRACK = QColor("#dfe6ee")
WEAK = QColor("#c0562b")


def chart_font(pixel_size: int, *, bold: bool = False) -> QFont:
    """The chart's font: Noto Sans with Noto Sans Devanagari for Hindi, ``pixel_size`` px."""
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPixelSize(max(6, pixel_size))
    font.setBold(bold)
    return font


def row_height(font: QFont) -> float:
    """The height of one bar's row: two lines of ``font`` and a gap."""
    return QFontMetricsF(font).lineSpacing() * 2.6


def paint_mastery(painter: QPainter, area: QRectF, scores: Sequence[RuleScore], font: QFont,
                  *, ink: QColor | None = None) -> float:
    """Draw ``scores`` into ``area`` (logical units of ``painter``); return the height used.
    With no scores, one line says there is nothing to show yet."""
    ink = ink or QColor("#1d1d1d")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    line = metrics.lineSpacing()
    if not scores:
        painter.setPen(ink)
        painter.drawText(area, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft,
                         _("No mistakes to learn from yet: mastery per rule appears here once "
                           "you have answered a few tasks."))
        painter.restore()
        return line * 2
    label_w = area.width() * 0.42
    value_w = max(metrics.horizontalAdvance("100 %  (99/99)"), area.width() * 0.16)
    bar_w = max(10.0, area.width() - label_w - value_w - line)
    step = row_height(font)
    y = area.top()
    for score in scores:
        label = QRectF(area.left(), y, label_w - line * 0.5, step)
        painter.setPen(ink)
        painter.drawText(label, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignVCenter
                         | Qt.AlignmentFlag.AlignLeft, rule_name(score.rule))
        track = QRectF(area.left() + label_w, y + step * 0.25, bar_w, step * 0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        painter.drawRoundedRect(track, 4, 4)
        painter.setBrush(BAR if score.score >= 0.5 else WEAK)
        filled = QRectF(track.left(), track.top(), max(2.0, track.width() * score.score),
                        track.height())
        painter.drawRoundedRect(filled, 4, 4)
        painter.setPen(ink)
        value = QRectF(track.right() + line * 0.5, y, value_w, step)
        painter.drawText(value, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         _("{percent} % ({right}/{total})", percent=round(score.score * 100),
                           right=score.right, total=score.right + score.wrong))
        y += step
    painter.restore()
    return y - area.top()


class MasteryChart(QWidget):
    """The Review page's chart of mastery per rule (see :func:`paint_mastery`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mastery-chart")
        self.scores: list[RuleScore] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_scores(self, scores: Sequence[RuleScore]) -> None:
        """Show ``scores`` (redraws)."""
        self.scores = list(scores)
        self.updateGeometry()
        self.update()

    def _font(self) -> QFont:
        return chart_font(max(14, self.font().pixelSize() if self.font().pixelSize() > 0
                              else round(self.font().pointSizeF() * 4 / 3)))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        rows = max(2, len(self.scores))
        return QSize(640, round(row_height(self._font()) * rows) + 8)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        try:
            paint_mastery(painter, QRectF(self.rect()).adjusted(4, 4, -4, -4), self.scores,
                          self._font(), ink=self.palette().windowText().color())
        finally:
            painter.end()


__all__ = ["MasteryChart", "chart_font", "paint_mastery", "row_height"]
