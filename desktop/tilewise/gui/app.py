"""``tilewise``: open the app (or ``--self-test`` it offscreen).

Options: ``--lang L`` (en, es, de, hi), ``--profile NAME`` (created if new), ``--pack PATH``
(open an extra lesson pack; repeatable), ``--fullscreen``, ``--present`` (presenter mode,
issue 7), ``--self-test``.

Every start-up failure ends in a window that says what happened, how to fix it and where the
log is (``gui.faults.show_failure``; issue 15): a progress file from a newer Tilewise, a folder
where it should be, a file another program keeps locked, anything unexpected. A data folder
that cannot be written starts the app read-only with a banner; a log folder that cannot be
written logs to the temporary folder. One window per learner (``gui.faults.ProfileLock``): a
second start for the same learner offers to switch to the open window or to pick another
learner. What killed saves and installs left behind is removed (``clean_temporary_files``).

``--self-test`` runs on the offscreen platform with a throw-away ``TILEWISE_HOME`` (unless one
is set), loads every pack, renders every step of every lesson in every language, prints one
line (``self-test ok: ...`` or ``self-test FAILED: ...``) and exits 0 or 1.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sqlite3
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

# The pure layers the start needs, imported before PySide6 is: PySide6's import hook reads the
# whole source of each module imported after it (to look for ``from __feature__ import``),
# about 0.1 ms of CPU a module (issue 21, start-up time). Their names are still looked up
# where they are used (tests replace some).
import tilewise.i18n
import tilewise.lessons.catalog
import tilewise.lessons.shelf
import tilewise.store.progress
import tilewise.store.settings  # noqa: F401

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from tilewise.gui.mainwindow import MainWindow
    from tilewise.lessons.model import Pack
    from tilewise.lessons.pack import MovesCheck
    from tilewise.lessons.shelf import PackEntry
    from tilewise.store.progress import Profile, ProgressStore
    from tilewise.store.settings import Settings

log = logging.getLogger("tilewise")

# The desktop entry, AppStream component and icon name (packaging/bundle.py APP_ID).
APP_ID = "org.tilewise.Tilewise"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_BYTES = 1_000_000  # the log file is rotated past this size (3 old files kept)


COMMANDS_HELP = """\
commands (tilewise COMMAND --help for each):
  pack check|extract|update|new-language|install   lesson pack tools for authors and
                                                   translators
  translate DIR --lang LANG    a translator's preview of a pack, redrawn on each save
  render                       draw a lesson step or the tiles to a PNG
  play                         a whole hand with four computer seats, without a window
  review --profile NAME --list a learner's mistakes due for review
  learner export|import        move a learner to another computer
  backup [--list|--restore N]  copies of the progress file
  report --profile NAME --out card.pdf   a learner's progress card
  referee FILE...              judge rules scenarios (JSON)

environment:
  TILEWISE_HOME   keep settings, progress, packs and logs in this folder instead of the
                  usual places (a USB stick, a classroom's shared folder, a trial run)
"""


def parser() -> argparse.ArgumentParser:
    """The command line of the app."""
    p = argparse.ArgumentParser(
        prog="tilewise", description="Learn mahjong, offline.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=COMMANDS_HELP)
    p.add_argument("--lang", help="interface language: en, es, de, hi")
    p.add_argument("--profile", help="learner profile name (created if new)")
    p.add_argument("--pack", action="append", type=Path, default=[],
                   help="open an extra lesson pack folder (repeatable)")
    p.add_argument("--fullscreen", action="store_true", help="start with the window full screen")
    p.add_argument("--present", action="store_true",
                   help="start in presenter mode (full screen on the projector; F5 in the app)")
    p.add_argument("--self-test", action="store_true",
                   help="load every pack, render each step offscreen in every language (only "
                        "the --lang one when given), print a summary")
    return p


class StartLog(logging.FileHandler):
    """The log file until the window's first paint: lines appended as the rotating handler
    writes them (same file, same format). ``logging.handlers`` (with ``socket``, ``pickle``
    and ``queue``) costs about 3 ms of CPU to import, so the rotating handler takes over after
    the first paint (:func:`rotate_log`; issue 21, start-up time)."""


def setup_logging() -> Path | None:
    """Log to ``log_dir()/tilewise.log`` (rotated from the first paint on, :func:`rotate_log`);
    return the file. A log folder that cannot be written logs to the temporary folder
    instead; None when that fails too."""
    from tilewise.store.paths import log_dir

    handler: logging.Handler | None = None
    path: Path | None = None
    for folder in (log_dir, lambda: Path(tempfile.gettempdir())):
        try:
            path = folder() / "tilewise.log"
            handler = StartLog(path, encoding="utf-8")
            break
        except OSError:
            path = None
    if handler is None:
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    rotating = sys.modules.get("logging.handlers")  # loaded once a rotating handler was made
    ours = (StartLog,) if rotating is None else (StartLog, rotating.RotatingFileHandler)
    for existing in root.handlers:  # set up before (tests, a second start in one process)
        if isinstance(existing, ours):
            handler.close()
            return Path(existing.baseFilename)
    root.addHandler(handler)
    return path


def rotate_log() -> None:
    """Put the rotating handler (1 MB, 3 old files kept) in the place of :class:`StartLog`,
    on the same file; the next line written past 1 MB rotates it. A file that cannot be
    opened again keeps the plain handler (logged)."""
    import logging.handlers

    root = logging.getLogger()
    for existing in list(root.handlers):
        if type(existing) is not StartLog:
            continue
        try:
            rotating = logging.handlers.RotatingFileHandler(
                existing.baseFilename, maxBytes=LOG_BYTES, backupCount=3, encoding="utf-8")
        except OSError:
            log.exception("the log file cannot be rotated")
            return
        rotating.setFormatter(existing.formatter)
        root.addHandler(rotating)
        root.removeHandler(existing)
        existing.close()


def pack_folders(extra: list[Path]) -> list[Path]:
    """Bundled packs, installed packs (``store.paths.pack_dirs()``), then the extra ones."""
    from tilewise.store.paths import pack_dirs

    bundled = [p.resolve() for p in pack_dirs()]
    more = [p.resolve() for p in extra]
    return bundled + [p for n, p in enumerate(more) if p not in bundled and p not in more[:n]]


def load_packs(folders: list[Path], later: list[MovesCheck] | None = None
               ) -> tuple[list[Pack], list[str]]:
    """Load and validate each pack; a pack that fails is left out and its problems returned
    as lines ``file: key path: message``. With ``later``, a pack whose moves check is still
    to do (not cached from a start before) is returned already, read and its shape checked,
    and its check (``lessons.pack.MovesCheck``) appended to ``later`` to be run after the
    first paint (``MainWindow.check_later``; issue 21).

    Two folders with the same pack id (progress is kept per pack id, so both would share
    it): the later one is used (``folders`` go bundled, installed, ``--pack``: an installed
    update replaces the bundled pack, an author's working copy the installed one), and a
    line in the interface's language says which folder was left out.
    """
    from tilewise.lessons.pack import PackError, open_pack

    cache = pack_cache()  # a pack that passed the full check is not re-judged
    packs: list[Pack] = []
    problems: list[str] = []
    for folder in folders:
        try:
            pack, check = open_pack(folder, cache_dir=cache)
            if check is not None and later is not None:
                later.append(check)
            elif check is not None and check.finish():
                raise PackError(check.problems)
            packs.append(pack)
            log.info("pack %s %s loaded from %s", pack.id, pack.version, folder)
        except PackError as error:
            problems.extend(str(p) for p in error.problems)
            log.error("pack %s did not load: %s", folder, error)
        except Exception as error:  # noqa: BLE001 - one pack's failure, never the app's
            log.exception("pack %s did not load", folder)
            from tilewise.i18n import _
            from tilewise.lessons.packwords import fault_said  # its words, not Python's

            # TRANSLATORS: problems box: a pack that failed in a way the checker does not
            # name (a file vanishing as it was read, a fault of Tilewise)
            problems.append(f"{folder}: " + _("the pack could not be read: {error}",
                                              error=fault_said(error)))
    from tilewise.i18n import _

    kept: dict[str, Pack] = {}
    for pack in packs:
        earlier = kept.pop(pack.id, None)
        if earlier is not None:
            # TRANSLATORS: problems box; {pack_id} is a lesson pack's id in quotes, such as
            # 'core'; {folder} is the folder of the other pack with that id
            why = _("{pack_id} is also the id of {folder}, which is used instead",
                    pack_id=repr(pack.id), folder=str(pack.path))
            # "file: key: problem" as the checker's lines; the key is the pack's own word
            problems.append(f"{earlier.path}: id: {why}")
        kept[pack.id] = pack
    return list(kept.values()), problems


def pack_cache() -> Path | None:
    """The folder of the checked packs and their library entries (None when it cannot be
    made: every pack is read and checked at each start)."""
    from tilewise.store.paths import cache_dir

    try:
        return cache_dir()
    except OSError:
        return None


def shelf_entries(folders: list[Path], cache: Path | None
                  ) -> tuple[list[PackEntry] | None, dict[Path, str]]:
    """What the library shows of the pack in each of ``folders`` (``lessons.shelf``): the
    entry kept for its exact bytes, else read from its files as they are; and each readable
    folder's key (``shelf.pack_digest``, taken before its pack is read: :func:`keep_entries`).
    The entries are None, and the packs are read and checked before the library is shown
    (which reports why), when a folder has neither, or two have one pack id
    (:func:`load_packs` says which is used) (issue 21)."""
    from tilewise.lessons.shelf import entry_from_files, pack_digest, read_entry

    entries: list[PackEntry] | None = []
    digests: dict[Path, str] = {}
    for folder in folders:
        digest = pack_digest(folder)
        if digest is not None:
            digests[folder] = digest
        if entries is None:
            continue
        entry = read_entry(folder, cache, digest) if cache is not None and digest else None
        entry = entry if entry is not None else entry_from_files(folder)
        if entry is None:
            entries = None
        else:
            entries.append(entry)
    if not entries or len({entry.id for entry in entries}) < len(entries):
        return None, digests
    return entries, digests


def load_or_quit(folders: list[Path], log_file: Path | None, later: list[MovesCheck]
                 ) -> tuple[list[Pack], list[str]]:
    """:func:`load_packs` for a window shown before its packs were loaded; a failure of the
    whole load (one pack's is only that pack's) ends as a failure at start does: the failure
    window (:func:`start_failed`), then the app quits with exit code 1."""
    try:
        return load_packs(folders, later)
    except Exception as error:  # noqa: BLE001 - every start-up failure ends in a window
        log.exception("Tilewise could not start")
        from PySide6.QtWidgets import QApplication

        QApplication.exit(start_failed(error, log_file))
        return [], []


def keep_entries(window: MainWindow, digests: dict[Path, str], cache: Path | None) -> None:
    """Keep the library entry (``lessons.shelf.write_entry``) of each pack ``window`` loaded
    and checked whose entry is not kept yet (or is not this pack's), when its files' key is
    still ``digests``' (taken before it was read: the entry is of those bytes)."""
    from tilewise.lessons.shelf import pack_digest, read_entry, write_entry

    if cache is None or window.pending:
        return
    for entry in window.shelf:
        folder = Path(entry.path)
        digest = digests.get(folder)
        if digest is None or read_entry(folder, cache, digest) == entry:
            continue
        if pack_digest(folder) == digest and write_entry(entry, cache, digest):
            log.info("library entry of pack %s kept", entry.id)


def prune_cache(window: MainWindow, digests: dict[Path, str], cache: Path | None,
                spare: int | None = None) -> None:
    """Remove the cache files of pack versions no longer in use (``store.cachetrim``), once
    ``window``'s packs are loaded and checked (after :func:`keep_entries`): those of this
    start's packs (their checked packs, ``lessons.pack.cache_names_used``, and library
    entries, ``digests``) are kept. Nothing is removed while a pack is still to load or check
    (what it uses is not known yet). ``spare``: as ``store.cachetrim.prune_cache``'s."""
    if cache is None or window.loading or window.pending:
        return
    from tilewise.lessons.pack import cache_names_used
    from tilewise.store.cachetrim import SPARE
    from tilewise.store.cachetrim import prune_cache as prune

    in_use = cache_names_used() | {f"shelf-{digest}.json" for digest in digests.values()}
    for path in prune(cache, in_use, SPARE if spare is None else spare):
        log.info("removed a cache file no pack uses: %s", path.name)


def opened_pack(window: MainWindow, extra: list[Path]) -> str | None:
    """The id of the first ``--pack`` folder's pack that loaded (None if none did): the
    library scrolls to it so the person sees the pack they asked for."""
    wanted = [p.resolve() for p in extra]
    for folder in wanted:
        for pack in window.shelf:  # the packs shown (not loaded before the paint for this)
            if Path(pack.path).resolve() == folder:
                return pack.id
    return None


def route_qt_messages() -> None:
    """Send Qt's own messages to the log file (``log_dir()/tilewise.log``) instead of stderr.

    Platform notes such as the offscreen plugin's "does not support propagateSizeHints()" are
    of no use to a learner in a terminal; critical and fatal messages still reach stderr too.
    """
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    qt_log = logging.getLogger("tilewise.qt")
    levels = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING}

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        level = levels.get(kind, logging.CRITICAL)
        qt_log.log(level, "%s", message)
        if level >= logging.CRITICAL:
            print(f"Qt: {message}", file=sys.stderr)

    qInstallMessageHandler(handler)


def app_icon(*, scalable: bool = True) -> QIcon:
    """The app's icon from the bundled hicolor files: every PNG size (16 to 256 px) and,
    with ``scalable``, the SVG that draws any other size.

    The same files the desktop entry names (``Icon=org.tilewise.Tilewise``), so the window,
    the task bar and the menu show one icon, installed or not. The SVG loads Qt's SVG icon
    engine (the QtSvg library), about 3 ms at a start (issue 21): the start sets the PNG
    sizes before the first paint and the whole icon after it.
    """
    from PySide6.QtGui import QIcon

    from tilewise.store.paths import resource_dir

    icon = QIcon()
    for path in sorted((resource_dir() / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.*")):
        if scalable or path.suffix != ".svg":
            icon.addFile(str(path))
    return icon


def make_application(argv0: str = "tilewise", *, scalable_icon: bool = True) -> QApplication:
    """The QApplication (existing one reused), fonts registered, style applied.

    ``setDesktopFileName(APP_ID)`` ties the windows to ``org.tilewise.Tilewise.desktop`` (on
    Wayland the compositor matches the app id, not the window class); the window icon is the
    desktop entry's (``app_icon``; without ``scalable_icon`` its PNG sizes only, for the
    start: ``start`` adds the SVG after the first paint). The style is
    ``gui.baseline.BaselineStyle`` over Qt's own (Hindi button text on its baseline).
    """
    from PySide6.QtWidgets import QApplication

    from tilewise.gui.baseline import BaselineStyle
    from tilewise.gui.fonts import register_fonts

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([argv0])
    if not isinstance(app.style(), BaselineStyle):
        app.setStyle(BaselineStyle())
    app.setApplicationName("Tilewise")
    app.setOrganizationName("Tilewise")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon(scalable=scalable_icon))
    try:
        register_fonts()
    except OSError:
        log.exception("bundled fonts could not be registered")
    return app


def start(args: argparse.Namespace, *, log_file: Path | None = None) -> MainWindow | None:
    """Build the window for ``args`` (no event loop); None if the learner cancelled.
    ``log_file`` is named in the failure window of packs that could not be loaded at all
    after the first paint (:func:`load_or_quit`)."""
    from tilewise.gui.startup import forget_source_lines, keep_no_source_lines, person_waits

    keep_no_source_lines()  # before the imports below (gui/startup.py; issue 21, memory)
    # The lines the hook left for the modules imported before it (tilewise.cli's, this
    # module's: ~3.6 MB of str), dropped before the window's modules and widgets are made, so
    # that these reuse the memory; kept until the first paint's tasks or the player's first
    # build, they were freed only after those had taken new heap arenas (issue 21, peak memory).
    forget_source_lines()
    from tilewise.gui.faults import ProfileLock, RaiseWatcher, ask_running, signal_running
    from tilewise.gui.mainwindow import MainWindow, first_profile
    from tilewise.gui.qtlang import install_qt_translations
    from tilewise.gui.style import app_style_sheet
    from tilewise.i18n import normalize_language, set_language, system_language
    from tilewise.store.settings import Settings

    app = make_application(scalable_icon=False)  # the SVG too once painted (app_icon)
    try:
        settings = Settings.load()
    except OSError:  # the settings folder cannot be made: the defaults
        settings = Settings()
    language = normalize_language(args.lang or settings.language or system_language()) or "en"
    set_language(language)
    install_qt_translations(app, language)
    # the learner's text scale, else one for the screen's size (a 4K TV at 96 dpi: 2.0)
    app.setStyleSheet(app_style_sheet(settings.theme, settings.text_scale))
    # A system switch between light and dark applies at once.
    app.styleHints().colorSchemeChanged.connect(
        lambda _scheme: app.setStyleSheet(app_style_sheet(settings.theme, settings.text_scale)))
    store = open_store()
    profile = first_profile(store, settings, args.profile, language)
    lock = None
    while profile is not None and not store.read_only:
        lock = ProfileLock(store.path.parent, profile.id)
        if lock.acquire():
            break
        with person_waits():  # the dialogs wait for the person: not start-up time
            choice = ask_running(None, profile.name)
            if choice == "switch":
                signal_running(lock)
            profile = other_profile(store, profile, language) if choice == "other" else None
    if profile is None:
        return None
    if not args.lang and profile.language != language:
        language = normalize_language(profile.language) or language
        set_language(language)
        install_qt_translations(app, language)
    settings.last_profile = profile.id
    folders = pack_folders(list(args.pack))
    cache = pack_cache()
    # The library from the packs' entries, the packs loaded after the first paint; read and
    # checked first when one has none, for a self-test or presenter mode.
    entries, digests = shelf_entries(folders, cache)
    if entries is not None and not args.self_test and not args.present:
        window = MainWindow(store, settings, [], profile, shown=entries)
        window.load_later(partial(load_or_quit, folders, log_file))
    else:
        checks: list[MovesCheck] = []  # run after the first paint, unless a self-test
        packs, problems = load_packs(folders, None if args.self_test else checks)
        window = MainWindow(store, settings, packs, profile, problems=problems)
        window.check_later(checks)
    # once every check is done: the entries of packs that passed (for the next start)
    window.after_paint.add(partial(keep_entries, window, digests, cache), last=True)
    window.after_paint.add(partial(prune_cache, window, digests, cache), last=True)
    # the whole icon (its SVG) first once painted, before the packs' checks
    window.after_paint.add(lambda: app.setWindowIcon(app_icon()), first=True)
    if lock is not None:
        window.lock = lock
        window.raise_watcher = RaiseWatcher(lock, window)
        window.raise_watcher.asked.connect(window.bring_forward)
    if store.read_only:
        window.banner.read_only()
    else:  # a copy of the store at each start, the newest 10 kept (issue 19), once painted
        window.after_paint.add(lambda: back_up(window.store))
    window.after_paint.add(lambda: save_settings(settings))  # its fsync off the first paint
    window.after_paint.add(rotate_log)
    window.after_paint.add(clean_leftovers)  # no start-up reads them (hidden or .tmp names)
    window.after_paint.add(forget_source_lines)
    return window


def save_settings(settings: Settings) -> None:
    """Write ``settings`` (the learner chosen at this start); a failure is logged."""
    try:
        settings.save()
    except OSError:
        log.exception("settings could not be saved")


def back_up(store: ProgressStore) -> None:
    """A copy of ``store`` in the backups folder, the newest 10 kept (issue 19); a failure is
    logged, never shown (the next start tries again)."""
    from tilewise.store.transfer import make_backup

    try:
        make_backup(store)
    except (OSError, sqlite3.Error):
        log.exception("the progress store could not be backed up")


def clean_leftovers() -> None:
    """Remove what killed saves and installs left behind (never fatal)."""
    from tilewise.store.paths import clean_temporary_files

    try:
        for path in clean_temporary_files():
            log.info("removed a leftover temporary file: %s", path)
    except OSError:
        log.exception("temporary files could not be cleaned")


def open_store() -> ProgressStore:
    """The learner's progress store; in memory (read-only, with the file's rows) when the
    data folder or the file cannot be written. ``ProgressStoreError`` (newer schema, a folder
    in the file's place) and a file locked for long are left to the caller's failure window."""
    import sqlite3

    from tilewise.store.paths import data_dir
    from tilewise.store.progress import DB_NAME, ProgressStore, save_reason

    try:
        return ProgressStore()
    except (OSError, sqlite3.OperationalError) as error:
        if save_reason(error) == "busy":
            raise
        log.warning("progress cannot be written (%s); starting read-only", error)
        return ProgressStore(data_dir(create=False) / DB_NAME, read_only=True)


def other_profile(store: ProgressStore, current: Profile, language: str) -> Profile | None:
    """The learners dialog at start, for a learner already open in another window: pick
    another one or add one; None if cancelled."""
    from tilewise.gui.dialogs.dialogs import NewProfileDialog, ProfilesDialog

    others = [p for p in store.profiles() if p.id != current.id]
    dialog = ProfilesDialog(others, None)
    if not dialog.exec():
        return None
    if dialog.add_requested or not others:
        new = NewProfileDialog(language, taken=store.name_taken)
        if not new.exec():
            return None
        name, chosen_language = new.result_values()
        return store.create_profile(name, chosen_language)
    chosen = dialog.chosen()
    return store.profile(chosen) if chosen is not None else None


def start_failed(error: BaseException, log_file: Path | None) -> int:
    """Show the failure window for ``error`` (its own text on stderr too); exit code 1."""
    from tilewise.gui.faults import failure_text, show_failure

    title, text = failure_text(error, log_file)
    print(f"{title}\n{text}", file=sys.stderr)
    try:
        make_application()
        show_failure(error, log_file)
    except Exception:  # noqa: BLE001 - no display at all: the stderr lines above must do
        log.exception("the failure window could not be shown")
    return 1


def recovery_notices(window: MainWindow) -> list[str]:
    """Sentences telling the learner that a damaged file was kept aside (empty when none was).

    The store and the settings never overwrite a damaged file: they move it aside and start
    afresh (``ProgressStore.recovered_from``, ``Settings.recovered_from``); this says where.
    """
    from tilewise.i18n import _, ngettext

    notices = []
    store = window.store
    if store.recovered_from is not None and store.recovered_kind == "foreign":
        notices.append(_("The progress file belonged to another program, so Tilewise started "
                         "a new one. That file was kept, unchanged, here: {path}",
                         path=str(store.recovered_from)))
    elif store.recovered_from is not None:
        notices.append(_("Your progress file was damaged, so Tilewise started a new one. "
                         "The damaged file was kept, unchanged, here: {path}",
                         path=str(store.recovered_from)))
        if store.salvaged is not None and any(store.salvaged.values()):
            notices.append(_("Tilewise copied everything it could still read into the new "
                             "file: {profiles}, {lessons} and {scores}.",
                             profiles=ngettext("{n} learner", "{n} learners",
                                               store.salvaged["profiles"]),
                             lessons=ngettext("progress in {n} lesson",
                                              "progress in {n} lessons",
                                              store.salvaged["progress"]),
                             scores=ngettext("{n} practice score", "{n} practice scores",
                                             store.salvaged["practice_scores"])))
    if window.settings.recovered_from is not None:
        notices.append(_("Your settings file could not be read, so the usual settings are used. "
                         "The old file was kept, unchanged, here: {path}",
                         path=str(window.settings.recovered_from)))
    return notices


def show_notices(window: MainWindow, notices: list[str]) -> None:
    """Show ``notices`` in one warning box (standard buttons translated)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    from tilewise.gui.qtlang import translate_buttons
    from tilewise.gui.startup import person_waits
    from tilewise.i18n import _

    box = QMessageBox(window)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(_("A damaged file was kept aside"))
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText("\n\n".join(notices))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    translate_buttons(box)
    with person_waits():  # shown before the first paint: not start-up time
        box.exec()


def interactive_line(began: float) -> str:
    """The log's start-up line: the seconds from ``began`` (``time.perf_counter()`` at the
    start of :func:`main`) to now, the first paint, less the seconds a start-up dialog waited
    for the person (``gui.startup.person_waits``), which the line names when there were any."""
    from tilewise.gui.startup import waited_for_person

    waited = waited_for_person()
    took = time.perf_counter() - began - waited
    if waited <= 0:
        return f"interactive after {took:.3f} s (painted)"
    return (f"interactive after {took:.3f} s (painted; not counting {waited:.3f} s "
            "a dialog waited for the person)")


def self_test(window: MainWindow, languages: Sequence[str] | None = None) -> tuple[bool, str]:
    """Render every step of every lesson in each of ``languages`` (default: every language of
    the app); (ok, summary line)."""
    from PySide6.QtWidgets import QApplication

    from tilewise.i18n import LANGUAGES, set_language
    from tilewise.lessons.session import LessonSession

    if window.problems:
        return False, "pack problems: " + "; ".join(window.problems[:3])
    if not window.packs:
        return False, "no lesson pack found"
    player = window.player
    steps = 0
    window.resize(1024, 768)
    window.show()
    languages = tuple(languages or LANGUAGES)
    for language in languages:
        set_language(language)
        for pack in window.packs:
            for lesson in pack.lessons:
                for index, step in enumerate(lesson.steps):
                    try:
                        player.open(pack, lesson, {"lesson": lesson.id, "index": index})
                        window.stack.setCurrentWidget(player)
                        QApplication.processEvents()
                        image = window.grab()
                    except Exception as error:  # noqa: BLE001 - reported as the failure
                        return False, f"{pack.id}/{lesson.id}/{step.id} [{language}]: {error!r}"
                    if image.isNull():
                        return False, f"{pack.id}/{lesson.id}/{step.id} [{language}]: empty render"
                    steps += 1
    del LessonSession
    lessons = sum(len(p.lessons) for p in window.packs)
    return True, (f"self-test ok: {len(window.packs)} pack(s), {lessons} lesson(s), "
                  f"{steps} step renders in {len(languages)} language(s)")


def show_fitted(window: MainWindow) -> None:
    """Show the window at its preferred size, or maximised where the screen is smaller.

    A 1024x768 projector or a small laptop must never get a window wider than its screen.
    Maximised, the window is first sized to the screen less its frame where the platform
    tells the frame before the window is shown (``QWindow.frameMargins`` of the platform
    window, which ``show`` would make anyway; none known: the whole screen), so the library is
    laid out once at the size it is shown at, not again when the frame is taken off (issue
    21: about 3 ms of the start on the offscreen platform).
    """
    screen = window.screen()
    available = screen.availableGeometry() if screen is not None else None
    if available is not None and (window.width() > available.width()
                                  or window.height() > available.height()):
        window.winId()  # the platform window, made now
        handle = window.windowHandle()
        size = available.size()
        if handle is not None:
            size = size.shrunkBy(handle.frameMargins())
        window.resize(size)
        window.showMaximized()
    else:
        window.show()


def pause_collector() -> None:
    """Stop Python's cycle collector until the window's first paint (issue 21, start-up time;
    :func:`resume_collector` starts it again). Start-up makes long-lived objects (modules,
    classes, enum types, the packs, the library's widgets) and almost no garbage cycles, but
    each young collection on the way walks everything made since the last one: 60 of them,
    about 7 ms of CPU before the first paint. ``tilewise.cli`` pauses it before the window's
    modules are imported; a second pause changes nothing."""
    gc.disable()


def resume_collector() -> None:
    """Start the cycle collector again after :func:`pause_collector`: what was made during the
    pause moves to the oldest generation as it is (``gc.freeze`` then ``gc.unfreeze``: no
    walk), where the next full collection, which Python runs in its own time as it would
    have, looks at it; young collections walk only what is made from now on, so the first
    one after the start is as short as any. A collector that is running is left alone."""
    if not gc.isenabled():
        gc.freeze()
        gc.unfreeze()
        gc.enable()


def main(argv: list[str]) -> int:
    """Run the app; returns the exit code. The cycle collector is paused until the first
    paint (:func:`pause_collector`) and running again whatever way this returns."""
    pause_collector()
    try:
        return _run(argv)
    finally:
        resume_collector()  # a failure window or the self-test; a no-op after the paint


def _run(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    began = time.perf_counter()
    if args.self_test:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if not os.environ.get("TILEWISE_HOME"):
            os.environ["TILEWISE_HOME"] = tempfile.mkdtemp(prefix="tilewise-selftest-")
        args.profile = args.profile or "self-test"
    log_file = setup_logging()
    route_qt_messages()
    try:
        window = start(args, log_file=log_file)
    except Exception as error:  # noqa: BLE001 - every start-up failure ends in a window
        log.exception("Tilewise could not start")
        return start_failed(error, log_file)
    if window is None:
        return 0
    if args.self_test:
        resume_collector()  # it renders every step: the collector runs as in use
        try:
            ok, line = self_test(window, [args.lang] if args.lang else None)
        except Exception as error:  # noqa: BLE001 - one line, exit 1
            ok, line = False, f"self-test FAILED: {error!r}"
        print(line if ok else (line if line.startswith("self-test") else f"self-test FAILED: {line}"))
        window.close()
        return 0 if ok else 1
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    if args.fullscreen:
        window.showFullScreen()
    else:
        show_fitted(window)
    window.after_paint.add(lambda: log.info("%s", interactive_line(began)), first=True)
    window.after_paint.add(resume_collector, first=True)
    if os.environ.get("TILEWISE_EXIT_WHEN_READY"):  # the start-up benchmark
        # READY on the first turn after the first paint; SETTLED when the start-up tasks
        # queued after it are done (the CPU seconds of this process so far on each line)
        window.after_paint.add(lambda: print(f"READY {time.process_time():.4f}", flush=True),
                               first=True)
        window.after_paint.add(lambda: (print(f"SETTLED {time.process_time():.4f}",
                                              flush=True), QApplication.quit()), last=True)
    opened = opened_pack(window, list(args.pack))
    if opened is not None:
        QTimer.singleShot(0, lambda: window.library.reveal_pack(opened))
    if window.problems:
        QTimer.singleShot(0, window.report_problems)
    notices = recovery_notices(window)
    if notices:
        QTimer.singleShot(0, lambda: show_notices(window, notices))
    if args.present:
        QTimer.singleShot(0, window.present)
    return int(QApplication.instance().exec())  # type: ignore[union-attr]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
