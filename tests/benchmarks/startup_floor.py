"""The floor of a Tilewise start: only what any start must do beyond a bare window, leanly.

A program (run by ``bench_startup`` as the bare window is: a fresh process, ``READY <CPU
seconds>`` on the first turn of the event loop after the window's first paint) that imports
none of Tilewise's modules and does, with PySide6 and the standard library alone, what the
app must do before its library is seen (issue 21, start-up time; the goal is the app's start
at most 1.3x the bare window's):

- register the fonts the app registers (every ``.ttf``/``.otf`` of ``resources/fonts``);
- load the interface's catalog (``--catalog``: a compiled ``.mo``, as the app keeps in
  ``cache/catalogs``; none for English, as the app) and look every visible string up in it;
- read the settings file (``config/settings.toml``, with ``rtoml`` as the app, else
  ``tomllib``) and open and read the learner store as the app does (``PRAGMA
  integrity_check``, the schema version and tables, WAL, the learner, their lessons'
  progress);
- set the app's style sheet (the text of ``--sheet``, written before by the caller from
  ``tilewise.gui.style.style_sheet``), the system's colour scheme asked first, as the app
  asks it to choose light or dark (``QStyleHints.colorScheme()``, which makes the ``Qt``
  namespace's 93 enum types: about 19 ms of CPU here; ``--scheme no`` leaves it out);
- show a library with the same texts and the same widgets as the app's: a main window with
  its two menus, the heading, for the kept library entry of each pack (the newest
  ``cache/shelf-*.json``, written by an earlier start) its title, summary and one framed card
  per lesson (title, its button, goal, then either what to finish first or the status, a
  progress bar and the mastery), in a grid of two columns in a scroll area, then the note and
  the practice and review buttons; a lesson is locked as the app locks it (a prerequisite of
  the same pack not completed).

What it leaves out is what the gap between this floor and the app is made of: our modules'
imports (and PySide6's import hook reading each one), the one-window-per-learner lock, the
pack folders' checksums that find the kept entry, the log file, Qt's own translations, the
app icon, the review's suggestion, the after-paint tasks.

Measured on 2026-12-01 (2-core machine, CPU to READY, medians of 9 interleaved runs): the bare
window 110 ms; this floor 180 ms (1.63x), 166 ms (1.51x) without the ``Qt`` namespace; with
no lesson card at all 157 ms (1.43x; 143 ms, 1.30x, without the namespace); the app 206 ms
(1.87x). Its first paint is pixel for pixel the app's (the core pack, a new learner, 796x796
offscreen). So the issue's 1.3x is out of reach for a library of Qt widgets styled by a style
sheet, whatever the app's own code does.

Usage: ``python startup_floor.py --root REPO --home TILEWISE_HOME --profile NAME [--catalog
MO] [--sheet FILE] [--scheme yes|no] [--plain format|property] [--lessons N] [--skip
PART,...]``. To see what each part costs: ``--skip`` leaves parts out (PART one of fonts,
catalog, store, sheet, library); ``--lessons N`` gives only the first N lessons of a pack a
card; ``--plain property`` makes a label plain text without the ``Qt`` namespace (its
``textFormat`` property set to 0; a card's button then sits in the middle of its row, not at
the top), which with ``--scheme no`` leaves that namespace unmade. ``startup_ab.py`` beside
this file runs it so, interleaved with the bare window and the app (``floor:--lessons,0``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    import gettext
    from collections.abc import Callable


PLAIN = ["format"]  # how a label is made plain text (--plain: format or property)
LESSONS: list[int | None] = [None]  # how many lessons of each pack get a card (all)


class Options:
    """The command line (read by hand: ``argparse`` and what it imports cost about 3 ms of CPU
    that the floor need not pay)."""

    def __init__(self, argv: list[str]) -> None:
        given = dict(zip(argv[::2], argv[1::2], strict=False))
        self.root, self.home = Path(given["--root"]), Path(given["--home"])
        self.profile = given["--profile"]
        self.catalog = Path(given["--catalog"]) if "--catalog" in given else None
        self.sheet = Path(given["--sheet"]) if "--sheet" in given else None
        self.scheme = given.get("--scheme", "yes") == "yes"
        self.skip = set(filter(None, given.get("--skip", "").split(",")))
        self.lessons = int(given["--lessons"]) if "--lessons" in given else None
        self.plain = given.get("--plain", "format")


def _store(home: Path, name: str) -> tuple[str, dict[str, tuple[int, float, bool]]]:
    """The learner's name and, per lesson id, (step index, mastery, completed)."""
    import sqlite3

    conn = sqlite3.connect(home / "data" / "progress.sqlite3", isolation_level=None, timeout=5)
    conn.row_factory = sqlite3.Row
    if [tuple(r) for r in conn.execute("PRAGMA integrity_check")] != [("ok",)]:
        raise SystemExit("damaged store")
    conn.execute("PRAGMA user_version").fetchone()
    conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    rows = conn.execute("SELECT id, name, language, created FROM profiles ORDER BY id").fetchall()
    profile = next(r for r in rows if r["name"] == name)
    progress = conn.execute(
        "SELECT pack_id, lesson_id, step_index, attempts, hints, mastery, completed, updated "
        "FROM progress WHERE profile_id = ? ORDER BY pack_id, lesson_id",
        (profile["id"],)).fetchall()
    return profile["name"], {r["lesson_id"]: (r["step_index"], r["mastery"], bool(r["completed"]))
                             for r in progress}


def _label(text: str, name: str = "", wrap: bool = False) -> QLabel:
    """A label of plain text (pack and learner text is never read as markup, as the app's):
    its format set with ``Qt.TextFormat.PlainText`` (the ``Qt`` namespace's enum types made at
    the first), or with ``--plain property`` through Qt's property system as the number 0 (no
    Python enum type made)."""
    label = QLabel()
    if PLAIN[0] == "property":
        label.setProperty("textFormat", 0)
    else:
        from PySide6.QtCore import Qt

        label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    if name:
        label.setObjectName(name)
    label.setWordWrap(wrap)
    if wrap:  # no least width of its own (the app's library: a long title, tester 7)
        label.setMinimumWidth(1)
    return label


def _library(window: QMainWindow, t: gettext.NullTranslations, learner: str,
             progress: dict[str, tuple[int, float, bool]], packs: list[dict[str, object]]
             ) -> None:
    """The library in ``window``, built in the order the app builds it: the window's menus,
    column and rooms, the library's page in them, then the cards' body, set into the scroll
    area last. (Built the other way round, every widget was laid out and polished by the style
    sheet once before it was in the window and again after: about 250 million instructions
    more, valgrind.)"""
    _ = t.gettext
    menus = window.menuBar()
    for title, actions in ((_("&Tilewise"), 9), (_("&Help"), 3)):
        menu = QMenu(window)
        menu.setTitle(title)
        for n in range(actions):
            menu.addAction(f"{title} {n}")
        menus.addMenu(menu)
    central = QWidget()  # the window's column (the app's holds its save banner) and rooms
    rooms = QStackedWidget()
    column = QVBoxLayout(central)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(rooms, 1)
    window.setCentralWidget(central)
    page = QWidget()
    rooms.addWidget(page)
    root = QVBoxLayout(page)
    root.addWidget(_label(_("Lessons for {name}").format(name=learner), "libraryHeading",
                          wrap=True))
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QFrame.Shape.NoFrame)
    root.addWidget(scroller, 1)
    root.addWidget(_label(_("The practice lines in these lessons are for learning. "
                            "They are not an official card of any league or year."),
                          "cardNote", wrap=True))
    row_of_buttons = QHBoxLayout()
    for text in (_("Practice: Charleston, claims and whole hands"), _("Review my mistakes")):
        row_of_buttons.addWidget(QPushButton(text), 1)
    root.addLayout(row_of_buttons)
    body = QWidget()
    grid = QGridLayout(body)
    grid.setSpacing(10)
    grid.setColumnStretch(0, 1)
    grid.setColumnStretch(1, 1)
    row = 0
    done = {lesson for lesson, (_step, _mastery, completed) in progress.items() if completed}
    for pack in packs:
        grid.addWidget(_label(str(pack["title"]), "packTitle", wrap=True), row, 0, 1, 2)
        grid.addWidget(_label(str(pack["summary"]), wrap=True), row + 1, 0, 1, 2)
        row += 2
        lessons: list[dict[str, object]] = pack["lessons"]  # type: ignore[assignment]
        lessons = lessons[:LESSONS[0]]
        titles = {str(lesson["id"]): str(lesson["title"]) for lesson in lessons}
        for number, lesson in enumerate(lessons):
            grid.addWidget(_card(_, lesson, titles, done, progress), row + number // 2,
                           number % 2)
        row += (len(lessons) + 1) // 2
    grid.setRowStretch(row, 1)
    scroller.setWidget(body)
    first = next((b for b in body.findChildren(QPushButton) if b.isEnabled()), None)
    if first is not None:  # the keys start on the first lesson to do, as the app's
        first.setFocus()


def _card(_: Callable[[str], str], lesson: dict[str, object], titles: dict[str, str],
          done: set[str], progress: dict[str, tuple[int, float, bool]]) -> QFrame:
    """One lesson's card, as the app's: title and button, goal, then what to finish first or
    the status, a progress bar and the mastery."""
    card = QFrame()
    card.setObjectName("lessonCard")
    card.setFrameShape(QFrame.Shape.StyledPanel)
    column = QVBoxLayout(card)
    column.setContentsMargins(10, 6, 10, 8)
    column.setSpacing(4)
    head = QHBoxLayout()
    title = str(lesson["title"])
    head.addWidget(_label(title, "cardTitle", wrap=True), 1)
    button = QPushButton()
    button.setProperty("role", "card")
    if PLAIN[0] == "property":  # the alignment's type is of the Qt namespace too
        head.addWidget(button, 0)
    else:
        from PySide6.QtCore import Qt

        head.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
    column.addLayout(head)
    column.addWidget(_label(str(lesson["goal"]), wrap=True))
    wanted: list[str] = lesson["prerequisites"]  # type: ignore[assignment]
    missing = [titles[p] for p in wanted if p in titles and p not in done]
    if missing:
        button.setEnabled(False)
        button.setText(_("Locked"))
        column.addWidget(_label(_("First finish: {lessons}").format(
            lessons=", ".join(missing)), "cardLocked", wrap=True))
    else:
        saved = progress.get(str(lesson["id"]))
        status = QHBoxLayout()
        bar = QProgressBar()
        bar.setRange(0, 100)
        bar.setTextVisible(False)
        bar.setMaximumHeight(12)
        status.addWidget(QLabel(_("Not started") if saved is None else
                                _("Step {number} of {total}").format(
                                    number=saved[0] + 1, total=lesson["steps"])))
        status.addWidget(bar, 1)
        if saved is not None:
            status.addWidget(QLabel(_("Mastery {percent}%").format(
                percent=round(saved[1] * 100))))
        column.addLayout(status)
        button.setText(_("Start") if saved is None else _("Continue"))
    button.setAccessibleName(f"{button.text()}: {title}")
    column.addStretch(1)
    return card


class FirstPaint(QObject):
    """READY (and SETTLED) on the first turn after the window's first paint, as the bare
    window's and the app's (``bench_startup``)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.UpdateRequest:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, _ready)
        return False


def _ready() -> None:
    print(f"READY {time.process_time():.4f}", flush=True)
    print(f"SETTLED {time.process_time():.4f}", flush=True)
    QApplication.quit()


def main() -> int:
    import gettext

    args = Options(sys.argv[1:])
    skip = args.skip
    PLAIN[0], LESSONS[0] = args.plain, args.lessons
    app = QApplication(sys.argv[:1])
    if "fonts" not in skip:
        for path in sorted((args.root / "resources" / "fonts").iterdir()):
            if path.suffix.lower() in (".ttf", ".otf"):
                QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(str(path)))
    translations = gettext.NullTranslations()
    if "catalog" not in skip and args.catalog is not None:
        with args.catalog.open("rb") as handle:
            translations = gettext.GNUTranslations(handle)
    learner, progress = args.profile, dict[str, tuple[int, float, bool]]()
    if "store" not in skip:
        settings = (args.home / "config" / "settings.toml").read_text(encoding="utf-8")
        try:
            import rtoml

            rtoml.loads(settings)
        except ImportError:
            import tomllib

            tomllib.loads(settings)
        learner, progress = _store(args.home, args.profile)
    if "sheet" not in skip and args.sheet is not None:
        if args.scheme:
            app.styleHints().colorScheme()
        app.setStyleSheet(args.sheet.read_text(encoding="utf-8"))
    window = QMainWindow()
    window.resize(1280, 860)  # the app's size, fitted to the screen as the app fits it
    if "library" not in skip:
        import json

        entries = sorted((args.home / "cache").glob("shelf-*.json"),
                         key=lambda p: p.stat().st_mtime)
        packs = [json.loads(entries[-1].read_bytes())] if entries else []
        _library(window, translations, learner, progress, packs)
    painted = FirstPaint()
    window.installEventFilter(painted)
    screen = window.screen().availableGeometry()
    if window.width() > screen.width() or window.height() > screen.height():
        window.resize(screen.size())
        window.showMaximized()
    else:
        window.show()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
