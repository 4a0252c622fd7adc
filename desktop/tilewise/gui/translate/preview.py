"""``tilewise translate DIR --lang LANG``: a translator's preview of one lesson pack.

The window lists every place the pack shows text (the pack itself, each lesson, each step).
For the one picked it shows each text's English beside its translation, marks the ones still
untranslated (English is shown to learners) and the fuzzy ones (not shown until reviewed),
and draws the step in the real lesson player at 1024x768, the classroom projector's size,
saying whether it fits there (``fit_problems``: the page needs more room, a text is cut off,
or the page scrolls: the layout contract's measures, ``gui.fits``). "Check every step" runs that over the whole pack and marks each step that does not
fit.

It watches ``DIR/po/LANG.po`` (``QFileSystemWatcher``): when Poedit or any editor saves it,
the preview reads it again and redraws, so a translator sees a change a moment after saving.
The app itself compiles the same catalog into its cache folder when it next starts
(``tilewise.i18n.compiled``). Pack text is plain text; nothing here is interpreted as markup.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.fits import cut_off, out_of_sight
from tilewise.i18n import LANGUAGES, _, ngettext
from tilewise.i18n.pocheck import Entry, catalog_entries, line_of
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.extract import Message, messages
from tilewise.lessons.model import Lesson, Pack
from tilewise.lessons.pack import load_pack

__all__ = ["PROJECTOR", "TranslatePreview", "fit_problems", "main"]

#: The classroom projector every step must fit (ARCHITECTURE: 1024x768 is the smallest screen).
PROJECTOR = QSize(1024, 768)
_MENU_AND_FRAME = 32  # the main window's menu bar takes this much of the 768
UNTRANSLATED = QColor("#f6c7c3")
FUZZY = QColor("#f7e3a1")


@dataclass(frozen=True)
class Place:
    """One place that shows text: the pack, a lesson, or a step (``lesson``/``index`` set)."""

    context: str
    label: str
    lesson: Lesson | None = None
    index: int = -1


def fit_problems(player: QWidget, size: QSize = PROJECTOR) -> list[str]:
    """Why ``player``, laid out in ``size``, does not show all its text at once (empty: it
    fits).

    The layout contract's own measures (issue 16, ``gui.fits``): the page's minimum size must
    fit ``size``; no text may be cut off (``cut_off``: a wrapped label shorter than its text,
    a label or button smaller than its words); and nothing may be out of sight
    (``out_of_sight``): pages scroll rather than grow the window, but a step a translation
    makes scroll on a 1024x768 projector hides part of itself from the room, so the
    translator is told, with the pixels to win back.
    """
    problems = []
    need = player.minimumSizeHint()
    if need.width() > size.width() or need.height() > size.height():
        problems.append(_("The page needs {width}×{height} pixels; the projector has "
                          "{screen_width}×{screen_height}.", width=need.width(),
                          height=need.height(), screen_width=size.width(),
                          screen_height=size.height()))
    for cut in cut_off(player):
        across = cut.kind != "wrapped" and cut.needed.width() > cut.shown.width() + 1
        shown = cut.shown.width() if across else cut.shown.height()
        needed = cut.needed.width() if across else cut.needed.height()
        start = " ".join(cut.text.split())[:40]
        problems.append(_("Text cut off ({shown} of {needed} pixels shown): {start}…",
                          shown=shown, needed=needed, start=start))
    hidden = out_of_sight(player)
    if hidden > 1:
        # TRANSLATORS: the translator's preview; the step is taller than a 1024x768 screen
        problems.append(_("The page scrolls: {hidden} pixels of it are out of sight at "
                          "{screen_width}×{screen_height}.", hidden=hidden,
                          screen_width=size.width(), screen_height=size.height()))
    return problems


def window_size(available: QSize) -> QSize:
    """The preview's size: 1200x800, or the screen's room when it is smaller (a translator
    on the 1024x768 projector the steps are checked for)."""
    return QSize(min(1200, available.width()), min(800, available.height()))


class TranslatePreview(QWidget):
    """The preview of the pack in ``pack_dir`` translated into ``lang`` (see the module doc).

    ``reloaded`` is emitted after the catalog was read again (on a save, or :meth:`reload`).
    """

    reloaded = Signal()

    def __init__(self, pack_dir: Path, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from tilewise.gui.player.player import LessonPlayer
        from tilewise.gui.tiles.images import TileImages

        self.pack_dir = Path(pack_dir)
        self.lang = lang
        self.po = self.pack_dir / "po" / f"{lang}.po"
        self.pack: Pack = load_pack(self.pack_dir, check_moves=False)
        self.texts: dict[str, list[Message]] = {}
        for message in messages(self.pack):
            self.texts.setdefault(message.context, []).append(message)
        self.places = self._places()
        self.entries: dict[tuple[str | None, str], Entry] = {}
        self.read_error = ""
        self.too_big: dict[str, list[str]] = {}
        self.player = LessonPlayer(TileImages())
        self.player.resize(PROJECTOR.width(), PROJECTOR.height() - _MENU_AND_FRAME)
        self.player.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        self.player.show()
        self._build()
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self.watcher.directoryChanged.connect(self._changed)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(150)  # an editor's save is often a write and a rename
        self._debounce.timeout.connect(self.reload)
        self.reload()
        self.places_list.setCurrentRow(0)

    # ---- building ---------------------------------------------------------------------------
    def _places(self) -> list[Place]:
        places = [Place("pack", _("The pack: title and summary"))]
        for lesson in self.pack.lessons:
            places.append(Place(lesson.id, _("Lesson {lesson}: title and goal", lesson=lesson.id)))
            for index, step in enumerate(lesson.steps):
                places.append(Place(lesson.context(step), f"{lesson.id} / {step.id}", lesson,
                                    index))
        return places

    def _build(self) -> None:
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.places_list = QListWidget()
        self.places_list.currentRowChanged.connect(self.show_place)
        self.table = QTableWidget(0, 3)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()  # English and translation share the room
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(0, 130)
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(400, 300)
        self.fit = QLabel()
        self.fit.setWordWrap(True)
        self.fit.setTextFormat(Qt.TextFormat.PlainText)
        self.check_all_button = QPushButton()
        self.check_all_button.clicked.connect(self.check_all)
        right = QVBoxLayout()
        right.addWidget(self.table, 3)
        right.addWidget(self.picture, 4)
        right.addWidget(self.fit)
        right_box = QWidget()
        right_box.setLayout(right)
        split = QSplitter()
        split.addWidget(self.places_list)
        split.addWidget(right_box)
        split.setStretchFactor(1, 3)
        bar = QHBoxLayout()
        bar.addWidget(self.status, 1)
        bar.addWidget(self.check_all_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        self.setWindowTitle(_("Tilewise translation preview: {pack} in {language}",
                              pack=self.pack.id, language=LANGUAGES.get(self.lang, self.lang)))
        self.table.setHorizontalHeaderLabels([_("Where"), _("English"), _("Translation")])
        self.check_all_button.setText(_("Check every step at 1024×768"))
        self.resize(window_size(self.screen().availableGeometry().size()))

    # ---- the catalog --------------------------------------------------------------------------
    def _changed(self, _path: str) -> None:
        self._debounce.start()

    def reload(self) -> None:
        """Read the catalog again, refresh the marks and redraw the current place."""
        for path in (str(self.po), str(self.po.parent)):
            if Path(path).exists() and path not in self.watcher.files() + self.watcher.directories():
                self.watcher.addPath(path)  # a replaced file drops out of the watch list
        try:
            self.entries = catalog_entries(self.po) if self.po.is_file() else {}
            self.read_error = ""
        except ValueError as error:
            number = line_of(error)
            # TRANSLATORS: the translator's preview, when the .po file has a syntax error
            self.entries, self.read_error = {}, (_(
                "{file} cannot be read (line {number}), so learners would see every text in "
                "English. Fix it and save again (the detail is in this line's tooltip).",
                file=self.po.name, number=number) if number is not None else _(
                "{file} cannot be read, so learners would see every text in English. Fix it "
                "and save again (the detail is in this line's tooltip).", file=self.po.name))
            self.status.setToolTip(str(error))
        else:
            self.status.setToolTip("")
        self.catalog = PackCatalog(self.pack_dir, self.lang)
        # counted over the pack's own texts: the catalog's entries for texts the pack no
        # longer has (a title changed) made "1872 of 1872 translated" beside the title marked
        # untranslated (tester 7, shot 110; pack check said 1871)
        keys = {(m.context, m.msgid) for texts in self.texts.values() for m in texts}
        states = [entry.state for key in keys if (entry := self.entries.get(key)) is not None]
        done, fuzzy, total = states.count("translated"), states.count("fuzzy"), len(keys)
        self.status.setText(self.read_error or _(
            "{file}: {done} of {total} texts translated, {fuzzy} fuzzy. Saved changes show "
            "here at once.", file=str(self.po), done=done, total=total, fuzzy=fuzzy))
        for row, place in enumerate(self.places):
            self._mark(row, place)
        self.show_place(self.places_list.currentRow())
        self.reloaded.emit()

    def state(self, message: Message) -> str:
        """``translated``, ``fuzzy`` or ``untranslated`` for one text of the pack."""
        entry = self.entries.get((message.context, message.msgid))
        return "untranslated" if entry is None else entry.state

    def _mark(self, row: int, place: Place) -> None:
        texts = self.texts.get(place.context, [])
        counted = [self.state(m) for m in texts]
        states = set(counted)
        label = place.label
        missing, fuzzy = counted.count("untranslated"), counted.count("fuzzy")
        if missing == len(texts) and texts:
            label += "  · " + _("untranslated")
        elif missing:
            # TRANSLATORS: the translator's preview: some texts of a step are not translated
            label += "  · " + _("{missing} of {total} untranslated", missing=missing,
                                total=len(texts))
        if fuzzy:
            label += "  · " + ngettext("{n} fuzzy text", "{n} fuzzy texts", fuzzy)
        if self.too_big.get(place.context):
            label += "  · " + _("does not fit")
        item = self.places_list.item(row)
        if item is None:
            item = QListWidgetItem()
            self.places_list.addItem(item)
        item.setText(label)
        colour = UNTRANSLATED if "untranslated" in states else FUZZY if "fuzzy" in states else None
        item.setBackground(QBrush(colour) if colour else QBrush())

    # ---- one place ----------------------------------------------------------------------------
    def show_place(self, row: int) -> None:
        """Show the texts of place ``row`` and, for a step, the step at 1024x768."""
        if not 0 <= row < len(self.places):
            return
        place = self.places[row]
        texts = self.texts.get(place.context, [])
        self.table.setRowCount(len(texts))
        for i, message in enumerate(texts):
            entry = self.entries.get((message.context, message.msgid))
            state = self.state(message)
            shown = entry.text if entry is not None else ""
            cells = [message.key_path, message.msgid, shown]
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if column == 2 and state != "translated":
                    cell.setBackground(QBrush(UNTRANSLATED if state == "untranslated" else FUZZY))
                    cell.setToolTip(_("Untranslated: learners see the English.")
                                    if state == "untranslated" else
                                    _("Fuzzy: learners see the English until you review it."))
                self.table.setItem(i, column, cell)
        self.table.resizeRowsToContents()
        if place.lesson is None:  # the pack's or a lesson's own texts: the table gets the room
            self.picture.clear()
            self.picture.hide()
            self.fit.setText("")
            return
        self.picture.show()
        problems = self.render_place(place)
        self._mark(row, place)
        shot = self.player.grab()
        self.picture.setPixmap(shot.scaled(self.picture.size(), Qt.AspectRatioMode.KeepAspectRatio,
                                           Qt.TransformationMode.SmoothTransformation))
        self.fit.setText("\n".join(problems) if problems else
                         _("This step fits a 1024×768 projector."))

    def render_place(self, place: Place) -> list[str]:
        """Open ``place``'s step in the player in this language; return its fit problems."""
        assert place.lesson is not None
        self.player.open(self.pack, place.lesson, {"lesson": place.lesson.id,
                                                   "index": place.index})
        self.player.catalog = self.catalog  # this language, whatever the interface's
        self.player.render_step()
        for _n in range(3):  # the player lays a step out over a few event-loop turns
            QApplication.processEvents()
        problems = fit_problems(self.player, QSize(PROJECTOR.width(),
                                                   PROJECTOR.height() - _MENU_AND_FRAME))
        self.too_big[place.context] = problems
        return problems

    def check_all(self) -> int:
        """Draw every step at 1024x768 and mark those that do not fit; return their count."""
        current = self.places_list.currentRow()
        bad = 0
        for row, place in enumerate(self.places):
            if place.lesson is not None:
                bad += bool(self.render_place(place))
                self._mark(row, place)
        self.show_place(current)
        return bad


def main(argv: list[str]) -> int:
    """``tilewise translate DIR --lang LANG [--check]``; exit 0, or 1 with ``--check`` when
    a step does not fit (without a window: for scripts), 2 for a usage error."""
    parser = argparse.ArgumentParser(prog="tilewise translate",
                                     description="Preview a lesson pack's translation.")
    parser.add_argument("path", type=Path, help="the pack folder, e.g. lessons/core")
    parser.add_argument("--lang", required=True, help="the language code, e.g. hi or qps")
    parser.add_argument("--check", action="store_true",
                        help="no window: print each step that does not fit 1024x768")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.check:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("TILEWISE_HOME", tempfile.mkdtemp(prefix="tilewise-translate-"))
    from tilewise.gui.app import make_application
    from tilewise.gui.style import style_sheet
    from tilewise.i18n import normalize_language, set_language
    from tilewise.lessons.model import PackError

    app = make_application()
    app.setStyleSheet(style_sheet("classic", 1.0))
    shown = normalize_language(args.lang)
    if shown is not None:
        set_language(shown)  # the interface in that language too, when Tilewise has it
    try:
        preview = TranslatePreview(args.path, args.lang)
    except PackError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 1
    if args.check:
        bad = preview.check_all()
        for place in preview.places:
            for line in preview.too_big.get(place.context, []):
                print(f"{place.label}: {line}")
        print(f"{bad} step(s) do not fit 1024x768")
        return 1 if bad else 0
    preview.show()
    return app.exec()
