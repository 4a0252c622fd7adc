"""The pack-problems box: which lesson packs were left out, and why (``file: key: problem``).

It was a message box, which grows with its text: a pack with many long problems in German
made it 500x1740 px on a 1024x768 screen, its OK button and most lines off-screen (tester's
report, shot 14). Here the box fits the screen it is on (the available geometry, less the
window frame), the problem lines scroll in a read-only text field (a screen reader reads it,
a person can select and copy it, arrow keys and Page Down scroll it), and the OK button stays
in sight; it is the default button and has the focus, so Enter and Esc close the box as
before. Every line is plain text: the lines quote pack files.

:func:`pack_problems_box` is the box the main window shows: every problem up to
:data:`SHOWN_LINES` (the box listed the first 20 and said nothing of the rest), then how many
more there are; its first sentence says whether the other lessons are there (some pack
opened) or none could be opened (every pack failed: it said "the other lessons are as
before" then too).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QIcon, QShowEvent, QTextDocument, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.qtlang import translate_buttons
from tilewise.i18n import _, ngettext

WIDTH = 720
"""The box's width when the screen has room, in logical pixels at the type of a text scale of
1.0 (18 px; as wide as the message box was at 1024x768, so a ``file: key: problem`` line of
the core pack takes two lines); as much wider as its type is larger (a 4K screen's text
scale 2.0: 1440, not a tall narrow column)."""

BASE_PX = 18
"""The type's pixel size at a text scale of 1.0 (``gui.style``), that :data:`WIDTH` is for."""

SHOWN_LINES = 200
"""At most this many problem lines are listed (they scroll); a last line says how many more
there are. A pack that fails everywhere (a tile code misspelt in every step) can give
thousands, which the box would lay out for nothing: the author runs ``tilewise pack check``."""

FRAME_ROOM = 48
"""Logical pixels kept free around the box inside the screen's available geometry, for the
window manager's title bar and border (the box's own size cannot include them before it is
shown)."""


class ProblemsDialog(QDialog):
    """``intro`` over the scrolling ``lines``, a warning icon, and OK.

    ``lines``: the problems (``file: key path: problem``), shown one a line as plain text.
    The box is at most the available geometry of its screen less :data:`FRAME_ROOM` on each
    side (:meth:`fit_to`), as tall as its lines need up to that; :meth:`text` gives what it
    says (the intro, a blank line, the lines), as the message box's ``text()`` did.
    """

    def __init__(self, intro: str, lines: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.intro = QLabel(intro)
        self.intro.setTextFormat(Qt.TextFormat.PlainText)
        self.intro.setWordWrap(True)
        self.intro.setObjectName("problemsIntro")
        self.icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_MessageBoxIconSize, None, self)
        self.icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxWarning, None, self).pixmap(size, size))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.lines = QPlainTextEdit()
        self.lines.setObjectName("problemsLines")
        self.lines.setReadOnly(True)
        self.lines.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                           | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.lines.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        # a long folder path is one word: it breaks where it must, never runs off sideways
        self.lines.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.lines.setPlainText("\n".join(lines))
        self.lines.setTabChangesFocus(True)
        self.box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.box.accepted.connect(self.accept)
        column = QVBoxLayout()
        column.addWidget(self.intro)
        column.addWidget(self.lines, 1)
        row = QHBoxLayout()
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(column, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(self.box)
        self.setWindowTitle(_("A lesson pack could not be loaded"))
        self.setAccessibleDescription(intro)
        # TRANSLATORS: the screen reader's name of the problems box's list of problems
        self.lines.setAccessibleName(_("Problems"))
        translate_buttons(self.box)
        ok = self.ok_button()
        ok.setDefault(True)
        ok.setIcon(QIcon())  # as the message box's: a word, no picture
        ok.setFocus()
        screen = self.screen()
        self.fit_to(screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 768))

    def ok_button(self) -> QPushButton:
        """The OK button."""
        ok = self.box.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        return ok

    def text(self) -> str:
        """What the box says: the intro, a blank line, then the lines."""
        return self.intro.text() + "\n\n" + self.lines.toPlainText()

    def fit_to(self, area: QRect) -> None:
        """Size the box for the screen area ``area`` (logical pixels): :data:`WIDTH` (as much
        wider as its type is larger than :data:`BASE_PX`) wide or
        the area less :data:`FRAME_ROOM` a side, as tall as the intro, every line and the
        button need, at most the area's height less :data:`FRAME_ROOM` a side (then the lines
        scroll); placed over the middle of its parent, inside ``area``."""
        room = QSize(max(240, area.width() - 2 * FRAME_ROOM),
                     max(200, area.height() - 2 * FRAME_ROOM))
        self.setMaximumSize(room)
        self.lines.ensurePolished()  # the style sheet's type
        grown = max(1.0, self.lines.fontInfo().pixelSize() / BASE_PX)
        width = min(round(WIDTH * grown), room.width())
        layout = self.layout()
        assert layout is not None
        layout.activate()
        # the lines' text width at this box width: the box less the icon, margins, spacing
        other = self.sizeHint().width() - self.lines.sizeHint().width()
        text_width = max(120, width - other - 2 * self.lines.frameWidth()
                         - int(self.lines.document().documentMargin() * 2) - 4)
        # the lines' height at that width, as a rich-text layout draws them (with the font
        # that draws each script: a Hindi line is taller than a Latin one of the same font)
        page = QTextDocument()
        page.setDefaultFont(self.lines.font())
        page.setDefaultTextOption(self.lines.document().defaultTextOption())
        page.setDocumentMargin(self.lines.document().documentMargin())
        page.setPlainText(self.lines.toPlainText())
        page.setTextWidth(text_width + 2 * page.documentMargin())
        needed = ceil(page.size().height()) + 2 * self.lines.frameWidth() \
            + self.lines.fontMetrics().lineSpacing() // 2
        rest = self.sizeHint().height() - self.lines.sizeHint().height()
        height = min(room.height(), rest + needed)
        self.resize(width, height)
        parent = self.parentWidget()
        centre = parent.window().frameGeometry().center() if parent is not None \
            else area.center()
        x = min(max(area.left() + FRAME_ROOM, centre.x() - width // 2),
                area.right() - FRAME_ROOM - width)
        y = min(max(area.top() + FRAME_ROOM, centre.y() - height // 2),
                area.bottom() - FRAME_ROOM - height)
        self.move(max(area.left(), x), max(area.top(), y))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        """Fit the screen the box opens on (it may be another than the one it was made on)."""
        screen = self.screen()
        if screen is not None:
            self.fit_to(screen.availableGeometry())
        super().showEvent(event)
        self.ok_button().setFocus()


def pack_problems_box(problems: Sequence[str], *, none_opened: bool,
                      parent: QWidget | None = None) -> ProblemsDialog:
    """The box for the packs left out with ``problems`` (``file: key path: problem`` lines,
    in the interface's language): every line up to :data:`SHOWN_LINES`, then one saying how
    many more (a plural of the catalog); ``none_opened``: no pack could be opened at all, so
    its first sentence does not say that the other lessons are as before."""
    if none_opened:
        # TRANSLATORS: problems box when every lesson pack failed; keep the command
        # "tilewise pack check", translate FOLDER (the pack's folder, which the person types)
        intro = _("No lesson pack could be opened, because of these problems. Fix the files, "
                  "check each pack with: tilewise pack check FOLDER, and start Tilewise "
                  "again.")
    else:
        # TRANSLATORS: problems box; keep the command "tilewise pack check", translate FOLDER
        # (the pack's folder, which the person types there)
        intro = _("A pack with these problems was left out; the other lessons are as before. "
                  "Fix the files, check the pack with: tilewise pack check FOLDER, and start "
                  "Tilewise again.")
    lines = list(problems[:SHOWN_LINES])
    more = len(problems) - len(lines)
    if more:
        # TRANSLATORS: the problems box's last line, under the problems it lists; keep the
        # command "tilewise pack check", translate FOLDER as in the box's first sentence
        lines.append(ngettext("... and {n} more problem. tilewise pack check FOLDER lists "
                              "every one.",
                              "... and {n} more problems. tilewise pack check FOLDER lists "
                              "every one.", more))
    return ProblemsDialog(intro, lines, parent)
