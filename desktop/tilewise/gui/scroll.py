"""Scroll areas that keep a page within its window (issue 16, the layout contract).

Nothing a page shows may make the main window larger than the screen: text, pictures, logs
and summaries that are taller than the room they get scroll inside it instead.

- :class:`PageArea`: the part of a page between its heading and its buttons; scrolls
  vertically only, never asks for more height than a few lines, and asks for the width its
  content needs (nothing is cut off sideways).
- :class:`TextArea`: a block of words. With ``fit`` on it is as tall as its text for the
  width it gets (a layout gives it the whole text; the page around it scrolls); with ``fit``
  off it takes the height it is given and scrolls inside it (the band of words over a task's
  table, so the table keeps its size whatever the text).

Both are never focused (the widgets inside are) and draw no frame of their own.

- :class:`StatusLine`: a short status text in a fixed height (two lines of its font): it wraps,
  and what still does not fit ends in "…", the whole text in its tooltip and accessible
  description (the focused tile's line in the step buttons' row, Spanish at 1024x768).
- :func:`own_viewport`: a scroll area's or graphics view's viewport made here, as Qt makes it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

#: The height (logical px) a scrolling area asks for at least: a few lines of text.
LEAST_HEIGHT = 80


def own_viewport(area: QAbstractScrollArea) -> QWidget:
    """Give ``area`` (a ``QScrollArea`` or a ``QGraphicsView``, just made) a viewport made here,
    set up as Qt sets up the one it makes, and return it; call before ``setWidget``.

    The first widget Qt made that reaches Python (``viewport()`` returns one) costs ~0.9 MB
    for the rest of the session: to find its Python type, PySide loads every widget class it
    has not loaded yet, about 70 (QCalendarWidget, QWizard, QMdiArea...), each with its enums
    (issue 21, peak memory). A viewport made here has its type already.

    As Qt's own: a graphics view's (its constructor makes a plain widget, then sets input
    methods on); a scroll area's (named ``qt_scrollarea_viewport``, its background filled, in
    no role of its own as ``QScrollArea`` leaves it). Either then gets ``setViewport``'s
    set-up: focus proxy, gestures, and the view's ``setupViewport``."""
    viewport = QWidget()
    if area.inherits("QGraphicsView"):
        viewport.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    else:
        viewport.setObjectName("qt_scrollarea_viewport")
        viewport.setAutoFillBackground(True)
    area.setViewport(viewport)
    return viewport


class _Area(QScrollArea):
    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)  # (its viewport is asked for below)
        self.setWidget(content)
        self.setWidgetResizable(False)  # sized by :meth:`_place`, at once
        content.installEventFilter(self)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.viewport().setAutoFillBackground(False)
        content.setAutoFillBackground(False)

    def _extra_width(self) -> int:
        bar = self.verticalScrollBar()
        shown = bar.sizeHint().width() if self.verticalScrollBarPolicy() != (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff) else 0
        return 2 * self.frameWidth() + shown

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self._place()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place()

    def _least_height(self, width: int) -> int:
        """The content's height at ``width`` (each kind of area has its own)."""
        content = self.widget()
        return content.minimumSizeHint().height() if content is not None else 0

    def _place(self) -> None:
        """The content as wide as the area (less the scroll bar when it shows) and as tall as
        the area, or as :meth:`_least_height` when that is taller (then it scrolls)."""
        content = self.widget()
        if content is None:
            return
        frame = 2 * self.frameWidth()
        width, height = self.width() - frame, self.height() - frame
        need = self._least_height(width)
        if need > height and self.verticalScrollBarPolicy() != (
                Qt.ScrollBarPolicy.ScrollBarAlwaysOff):
            width -= self.verticalScrollBar().sizeHint().width()  # the bar shows: its width
            need = self._least_height(width)
        size = QSize(width, max(height, need))
        if content.size() != size:
            content.resize(size)

    def to_top(self) -> None:
        """Scroll back to the first line (a new step, a new summary)."""
        self.verticalScrollBar().setValue(0)


class PageArea(_Area):
    """A page's middle part: as tall as the window when its content fits, else as tall as the
    content's minimum for the width (text is never squeezed below its lines, pictures and
    tables go down to their own minimum first), scrolling vertically.

    Qt's own resizable scroll area gives content with wrapped text its *preferred* height,
    so a picture that could shrink made the page scroll; this one sizes the content itself
    (``minimumHeightForWidth``) on every resize and every layout change of the content."""

    def refit(self) -> None:
        """Size the content, and the text areas in it, for what they hold now (a new step was
        put in), at once, not one round of the event loop later."""
        content = self.widget()
        layout = content.layout() if content is not None else None
        if content is None:
            return
        # The scroll areas (found by Qt's type), then ours among them: a search for a class
        # made in Python hands every child to Python, the scroll bars' containers Qt made too,
        # and the first such widget costs ~0.9 MB (see own_viewport).
        areas = [a for a in content.findChildren(QScrollArea) if isinstance(a, TextArea)]
        for area in areas:
            area.refit()
        if layout is not None:
            layout.activate()
        self._place()
        for area in areas:  # the boxes between the content and each area, outermost first
            boxes = []
            box = area.parentWidget()
            while box is not None and box is not content:
                boxes.append(box)
                box = box.parentWidget()
            for box in reversed(boxes):
                inner = box.layout()
                if inner is not None:
                    inner.activate()

    def _least_height(self, width: int) -> int:
        """The content's minimum height at ``width`` (wrapped text at its full height)."""
        content = self.widget()
        layout = content.layout() if content is not None else None
        if content is None:
            return 0
        if layout is None:
            return content.minimumSizeHint().height()
        if layout.hasHeightForWidth():
            return max(layout.minimumHeightForWidth(width), content.minimumHeight())
        return max(layout.minimumSize().height(), content.minimumHeight())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """The content's minimum width (plus the scroll bar), a few lines high."""
        content = self.widget()
        width = content.minimumSizeHint().width() if content is not None else 0
        return QSize(width + self._extra_width(), LEAST_HEIGHT)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """The content's own size hint (plus the scroll bar)."""
        content = self.widget()
        hint = content.sizeHint() if content is not None else QSize(0, 0)
        return QSize(hint.width() + self._extra_width(), hint.height() + 2 * self.frameWidth())


class TextArea(_Area):
    """A block of words; ``fit`` (default True): as tall as the text, else it scrolls."""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(content, parent)
        self.fit = False
        self.set_fit(True)

    def set_fit(self, fit: bool) -> None:
        """As tall as the text (True), or the height it is given, scrolling inside (False).

        Fitted, it has no scroll bar: one that is not needed would still take its width
        from the text, which then needs a line more than the area was given."""
        if fit != self.fit:
            self.fit = fit
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fit
                                            else Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            self.updateGeometry()

    #: Scrolling (``fit`` off): the most height it asks for (the band over a task's table
    #: asks for its text up to this, then scrolls); 0: it asks for nothing (a log).
    cap = 0

    def set_cap(self, cap: int) -> None:
        """Scrolling, ask for the text's height up to ``cap`` logical px (0: nothing)."""
        if cap != self.cap:
            self.cap = cap
            self.updateGeometry()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return self.fit or self.cap > 0

    def refit(self) -> None:
        """Size the content for the text it holds now, and tell the layout around it that its
        height for its width changed (else that layout keeps the last text's height: a longer
        text was cut at the old height, a shorter one left a gap)."""
        content = self.widget()
        layout = content.layout() if content is not None else None
        if layout is not None:
            layout.activate()
        self._place()
        self.updateGeometry()

    def _least_height(self, width: int) -> int:
        content = self.widget()
        if content is None:
            return 0
        height = content.heightForWidth(width)
        return height if height >= 0 else content.sizeHint().height()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """The text's height at ``width`` (``fit``; scrolling, up to :attr:`cap`), else -1
        (no preference)."""
        content = self.widget()
        if content is None or not (self.fit or self.cap > 0):
            return -1
        frame = 2 * self.frameWidth()
        inner = content.heightForWidth(width - frame)
        inner = inner if inner >= 0 else content.sizeHint().height()
        if self.fit:
            return inner + frame
        if inner + frame > self.cap:  # it scrolls: the bar takes its width, the cap is all
            return self.cap
        return inner + frame

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        content = self.widget()
        if content is None:
            return QSize(0, 0)
        hint = content.minimumSizeHint()
        if self.fit:
            return QSize(hint.width() + 2 * self.frameWidth(),
                         hint.height() + 2 * self.frameWidth())
        return QSize(hint.width() + self._extra_width(), min(hint.height(), LEAST_HEIGHT // 2))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """The content's size hint, as tall as its text at the area's width when that is
        known (a band of two lines asks for two lines, not for a guess)."""
        content = self.widget()
        hint = content.sizeHint() if content is not None else QSize(0, 0)
        height = hint.height()
        if content is not None and self.width() > 0:
            wanted = content.heightForWidth(self.width() - self._extra_width())
            height = wanted if wanted >= 0 else height
        return QSize(hint.width() + self._extra_width(), height + 2 * self.frameWidth())


class StatusLine(QLabel):
    """Plain text in :attr:`lines` lines of its font at most; longer text is cut with "…"
    (:meth:`full_text`, the tooltip and the accessible description keep all of it)."""

    lines = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # Its room stays when it is hidden: a row it sits in never changes height when it
        # shows (the table above would be resized, and laid out again, under a drag).
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)

    def full_text(self) -> str:
        """The whole text, as set."""
        return self._full

    def set_status(self, text: str) -> None:
        """Show ``text`` (cut to fit when it must)."""
        self._full = text
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self._fit()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        """No: its height is :attr:`lines` lines whatever the text. A wrapping label's own
        height for a narrow width (all its text) made the step buttons' row grow under a long
        tile name, and the table above shrink one round of the event loop later (a drag then
        missed its zone, issue 13)."""
        return False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().sizeHint()
        return QSize(hint.width(), self._room())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(0, self._room())

    def _room(self) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().lineSpacing() * self.lines + margins.top() + margins.bottom()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The longest start of the text that wraps into the label's height."""
        text = self._full
        self.setText(text)
        width, height = self.width(), max(self.height(), self._room())
        if not text or width <= 0 or self.heightForWidth(width) <= height:
            return
        metrics = self.fontMetrics()
        budget = width * self.lines
        while budget > 0:
            cut = metrics.elidedText(text, Qt.TextElideMode.ElideRight, budget)
            self.setText(cut)
            if self.heightForWidth(width) <= height:
                return
            budget -= max(8, width // 8)
        self.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, width))


__all__ = ["LEAST_HEIGHT", "PageArea", "StatusLine", "TextArea"]


class RoomLabel(QLabel):
    """A wrapped plain-text label that keeps room for :attr:`lines` lines of its font at
    least (its text at the top), so what is under it stays put while its text changes
    between one and that many lines; a longer text takes the height it needs (nothing is
    cut). The play room's instruction: wrapping to three lines moved the table and rack
    36 px between turns, under the next drag (issue 16)."""

    lines = 3

    def __init__(self, object_name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if object_name:
            self.setObjectName(object_name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

    def _room(self) -> int:
        margins = self.contentsMargins()
        # a line's height as laid out (a wrapped line's, not its spacing), then the spacing
        metrics = self.fontMetrics()
        return (metrics.height() + metrics.lineSpacing() * (self.lines - 1)
                + margins.top() + margins.bottom())

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """The text's height at ``width``, at least :attr:`lines` lines."""
        return max(super().heightForWidth(width), self._room())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self._room()))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self._room()))
