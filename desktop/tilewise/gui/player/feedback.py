"""The feedback panel under the table: the verdict's icon and at most three lines of text.

On a task step it has room of its own: a fixed height (three lines of its font), so the table
above does not change size, or scale, when the text changes (issue 13: "2 more tiles to pass."
appearing moved the rack under the next drag). A verdict longer than that room gets the height
it needs, taken from the table as long as the rack's tiles stay readable (``grow``: the whole
verdict without scrolling, issue 16); past that it scrolls inside. On a quiz it is as tall as its text (the page scrolls when it must), never
squeezed below it by the layout of the step before.

For screen readers the panel's label is named "Feedback" (translated) and its description is
the text shown, so the verdict can be read again after it was spoken. :func:`announce` sends
one announcement per turn of the event loop (one key press or drop): the most important of
what was asked for in that turn (a refusal, then a verdict, then the focused tile's name),
so "2 more tiles to pass.", "1 more tile to pass." and the tile's name never drown the
verdict (issue 16).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QColor,
    QPainter,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QWidget
from shiboken6 import isValid

from tilewise.i18n import _

LINES = 3


class FeedbackLabel(QLabel):
    """The panel's text; its accessible name is "Feedback" (in the current language) and its
    description the text shown."""

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        """Show ``text`` (plain) and give it to assistive technology as the description."""
        super().setText(text)
        self.retranslate()
        self.setAccessibleDescription(text)

    def retranslate(self) -> None:
        """The accessible name in the current language."""
        # TRANSLATORS: screen readers: the box under the table that says whether a move was right
        self.setAccessibleName(_("Feedback"))


class _TextRoom(QScrollArea):
    """The label's scroll area: with ``fit`` (a step without a table) as tall as the label's
    text for its width (a vertical layout then never gives it less: the panel's own layout
    asks its items, not the panel, for a height for a width), else no preference (the fixed
    room; longer text scrolls inside)."""

    fit = False

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return self.fit

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """The label's height at ``width`` (logical px), at least its minimum; -1 unfitted."""
        label = self.widget()
        if not self.fit or label is None:
            return -1
        return max(label.heightForWidth(width), label.minimumSizeHint().height()) + 2


class FeedbackPanel(QWidget):
    """``label`` (object name ``feedback``, its ``verdict`` property styles the border) and
    ``icon`` side by side, in a box :data:`LINES` lines high."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = FeedbackLabel()
        self.label.setObjectName("feedback")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setFrameShape(QFrame.Shape.StyledPanel)
        self.label.retranslate()
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        keep = self.label.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.label.setSizePolicy(keep)
        # The verdict is a word and an icon (tick, cross), never a colour alone.
        self.icon = QLabel()
        self.icon.setObjectName("feedbackIcon")
        self.icon.setFixedWidth(52)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        keep = QSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Ignored)
        keep.setRetainSizeWhenHidden(True)
        self.icon.setSizePolicy(keep)  # its 44-pixel icon never holds the panel taller
        self.area = _TextRoom()
        self.area.setWidget(self.label)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.icon)
        row.addWidget(self.area, 1)
        self.fix_height()

    fixed = True  # a table step: the panel keeps its height (see the module docstring)
    #: Lines of room: :data:`LINES`; two in presenter mode, where the type is larger and the
    #: table needs the height (longer text scrolls inside).
    lines = LINES

    def set_fixed(self, fixed: bool) -> None:
        """Fixed room (a task: the table must not move) or as tall as the text (a quiz,
        whose picture may use the space an empty panel leaves)."""
        self.fixed = fixed
        self.fix_height()

    def fix_height(self) -> None:
        """Room for :data:`LINES` lines of the label's font (as the style sheet sets it: the
        label is polished first, else a hidden label measured the default font and the room
        was too small), its padding and border; on a step without a table, as tall as the
        text (its scroll area's height for its width), never squeezed below it (the page
        scrolls instead)."""
        self.label.ensurePolished()
        metrics = self.label.fontMetrics()
        # The lines as the label lays them out (a line's height, not its spacing), its frame
        # (the style sheet's border and padding) and the label's own margins: the verdict
        # and its "See:" line fit at 1024x768 (the old sum of spacings cut the third line).
        sample = metrics.boundingRect(QRect(0, 0, 10000, 10000), Qt.TextFlag.TextWordWrap,
                                      "\n".join(["X"] * self.lines)).height()
        full = max(metrics.lineSpacing() * self.lines + 2 * 8 + 2 * 4 + 4,
                   sample + 2 * self.label.frameWidth() + 16)
        self.room = full
        if self.fixed:
            self.area.setMinimumHeight(0)
            self.setFixedHeight(full + self.extra)
            self.area.fit = False
            self.area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        else:
            # As tall as its text: no bar (one shown for a moment took its width from the
            # text, which then wrapped a line more than the room held, and the bar stayed).
            self.area.fit = True
            self.area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            one_line = metrics.lineSpacing() + 2 * 8 + 2 * 4 + 4
            self.setMinimumHeight(one_line)
            self.setMaximumHeight(16777215)
            self.area.setMinimumHeight(0)
        self.updateGeometry()

    #: The fixed room's height (logical px) for :data:`LINES` lines (:meth:`fix_height`), and
    #: what it is given more for a longer verdict (:meth:`grow`).
    room = 0
    extra = 0

    def text_height(self) -> int:
        """The height (logical px) the panel needs to show its whole text at its width, no
        scroll bar (the label's height for the area's width, and the area's frame)."""
        width = max(1, self.area.width() - 2 * self.area.frameWidth())
        return self.label.heightForWidth(width) + 2 * self.area.frameWidth()

    def grow(self, extra: int) -> None:
        """A fixed panel: ``extra`` logical px more than its room (0: its room), so a verdict
        longer than :data:`LINES` lines shows whole (issue 16: the verdict's second and
        third lines were cut at 1024x768, behind a scroll bar). The player decides how much
        the table can give (:meth:`LessonPlayer._fit_feedback`)."""
        extra = max(0, extra)
        if extra != self.extra:
            self.extra = extra
            if self.fixed:
                self.setFixedHeight(self.room + extra)

    def text_changed(self) -> None:
        """Tell the page the text's height changed (the label sits in a scroll area, whose
        layout request never reaches the page: it kept the last text's height, a verdict was
        cut to one line under a stale layout, the newcomer test at 1024x768)."""
        self.area.updateGeometry()  # the row's cached height for a width, then the page's
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """As tall as the text (within the fixed room)."""
        hint = super().sizeHint()
        if not self.fixed:
            inner = max(1, self.area.width() if self.area.width() > 0 else hint.width())
            hint.setHeight(max(self.minimumHeight(), self.area.heightForWidth(inner)))
        return hint

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fix_height()


@lru_cache(maxsize=16)
def verdict_icon(verdict: str, size: int, dpr: float) -> QPixmap:
    """The feedback's icon: a tick in a ring (``good``), a cross in a ring (``bad``), an
    "i" in a ring (``hint``: never the success colours), or nothing (``none``); its shape, not
    its colour, says which. ``size`` logical pixels square at ``dpr``.

    The same QPixmap is returned for the same arguments (shared: never paint on it). Qt keeps
    a copy of every pixmap a label shows in its pixmap cache, keyed by that pixmap; a new
    pixmap per step filled the cache with copies never used again (issue 15, item 8)."""
    pix = QPixmap(round(size * dpr), round(size * dpr))
    pix.setDevicePixelRatio(dpr)
    pix.fill(Qt.GlobalColor.transparent)
    if verdict not in ("good", "bad", "hint"):
        return pix
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor({"good": "#1d6b3a", "bad": "#a32020", "hint": "#5a3d00"}[verdict])
    painter.setPen(QPen(colour, size / 11, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    ring = QRectF(size * 0.08, size * 0.08, size * 0.84, size * 0.84)
    painter.drawEllipse(ring)
    if verdict == "hint":
        painter.drawLine(QPointF(size * 0.5, size * 0.44), QPointF(size * 0.5, size * 0.72))
        painter.drawPoint(QPointF(size * 0.5, size * 0.29))
    elif verdict == "good":
        painter.drawPolyline([QPointF(size * 0.28, size * 0.52), QPointF(size * 0.44, size * 0.68),
                              QPointF(size * 0.72, size * 0.34)])
    else:
        painter.drawLine(QPointF(size * 0.33, size * 0.33), QPointF(size * 0.67, size * 0.67))
        painter.drawLine(QPointF(size * 0.67, size * 0.33), QPointF(size * 0.33, size * 0.67))
    painter.end()
    return pix


#: How much an announcement matters (:func:`announce`): the focused tile's name, a verdict or
#: progress in the feedback panel, a refused move.
FOCUS, VERDICT, REFUSAL = 0, 1, 2

_pending: list[tuple[int, int, QWidget, str, bool]] = []


def announce(widget: QWidget, text: str, *, assertive: bool = False) -> None:
    """Have a screen reader speak ``text`` once this turn of the event loop ends (INPUTS 21:
    "Five Dot, 3 of 14, selected 1 of 3"; a refused move's reason is assertive, interrupting).

    Of the texts asked for within one turn, only one is sent: the refusal (``assertive``),
    else the feedback panel's last text (``widget`` is a :class:`FeedbackLabel`), else the
    last other one (the focused tile). Empty text is ignored."""
    if not text:
        return
    level = REFUSAL if assertive else VERDICT if isinstance(widget, FeedbackLabel) else FOCUS
    if not _pending:
        QTimer.singleShot(0, flush)
    _pending.append((level, len(_pending), widget, text, assertive))


def flush() -> None:
    """Send the one announcement this turn asked for (see :func:`announce`); the tests call
    it to finish a turn."""
    if not _pending:
        return
    _level, _order, widget, text, assertive = max(_pending)
    _pending.clear()
    if isValid(widget):
        send(widget, text, assertive=assertive)


def send(widget: QWidget, text: str, *, assertive: bool = False) -> None:
    """One ``QAccessibleAnnouncementEvent`` for ``text`` from ``widget`` (now)."""
    event = QAccessibleAnnouncementEvent(widget, text)
    if assertive:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)


__all__ = ["FOCUS", "REFUSAL", "VERDICT", "FeedbackLabel", "FeedbackPanel", "LINES", "announce", "flush",
           "send", "verdict_icon"]
