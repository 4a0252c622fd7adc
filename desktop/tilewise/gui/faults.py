"""What the learner is told when the disk or another program gets in the way (issue 15).

- :class:`SaveBanner`: a line above the page when a save failed (``store.SaveFailed``): what
  was not saved, why, what to do; the store keeps the moves and :class:`SaveBanner` retries on
  a timer (off the hot path: a move never waits more than the store's short busy timeout).
- :func:`failure_text` / :func:`show_failure`: the window that ends every start-up failure
  (newer schema, a folder where the progress file should be, a file locked for long, anything
  unexpected), with the log's place. Never a bare traceback.
- :class:`ProfileLock`, :func:`signal_running`, :class:`RaiseWatcher`: one Tilewise per
  learner (a ``QLockFile`` per profile in the data folder); a second start for the same
  learner asks the running window to come forward (a request file the window watches: no
  socket, Tilewise has no network code) or lets the learner choose another profile.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QLockFile, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from tilewise.gui.qtlang import translate_buttons
from tilewise.i18n import _, ngettext
from tilewise.store.progress import ProgressStore, ProgressStoreError, SaveFailed

log = logging.getLogger(__name__)

RETRY_MS = 3000  # a kept save is tried again every 3 s


def reason_text(failure: SaveFailed, folder: Path) -> str:
    """Why a save failed and what to do, in the learner's words."""
    if failure.reason == "full":
        return _("The disk is full. Free some space (empty the wastebasket, delete files you "
                 "do not need); Tilewise keeps trying.")
    if failure.reason == "busy":
        return _("Another Tilewise window or program is using your progress file. Close the "
                 "other window; Tilewise keeps trying.")
    if failure.reason == "readonly":
        return _("Tilewise may not write in the folder {folder}. Ask whoever looks after "
                 "this computer to allow it, or start Tilewise as a user who may.",
                 folder=str(folder))
    return _("The disk reported an error ({detail}). Check the disk; Tilewise keeps trying.",
             detail=failure.detail)


def unsaved_text(count: int) -> str:
    """What is not saved yet."""
    return ngettext("Your last move is not saved yet.",
                    "Your last {n} moves are not saved yet.", count)


class SaveBanner(QLabel):
    """A warning line for failed saves; hidden while everything is saved.

    ``failed(failure)`` shows it and starts retrying ``store.retry_pending()`` every
    :data:`RETRY_MS`; when a retry writes everything, it says so briefly and hides.
    """

    def __init__(self, store: ProgressStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setObjectName("saveBanner")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setStyleSheet("#saveBanner { background: #fff3cd; color: #3d2e00; "
                           "border: 2px solid #b38600; padding: 6px; }")
        self.setAccessibleName(_("Saving"))
        self.timer = QTimer(self)
        self.timer.setInterval(RETRY_MS)
        self.timer.timeout.connect(self.retry)
        self.hide()

    def failed(self, failure: SaveFailed) -> None:
        """Tell the learner (plain words: what, why, what to do) and keep retrying."""
        count = len(self.store.pending) or failure.pending
        self.setText(unsaved_text(count) + " " + reason_text(failure, self.store.path.parent))
        self.show()
        if not self.timer.isActive() and not self.store.read_only:
            self.timer.start()

    def retry(self) -> bool:
        """Try the kept saves again; True when everything is saved."""
        if self.store.retry_pending():
            self.timer.stop()
            self.setText(_("Your progress is saved again."))
            QTimer.singleShot(4000, self._hide_if_saved)
            return True
        if self.store.last_failure is not None:
            self.failed(self.store.last_failure)
        return False

    def _hide_if_saved(self) -> None:
        if not self.store.pending:
            self.hide()

    def read_only(self) -> None:
        """The data folder cannot be written: say so for the whole session."""
        self.setText(_("Tilewise cannot save in {folder}, so your progress in this session "
                       "will not be kept. Ask whoever looks after this computer to allow "
                       "writing there.", folder=str(self.store.path.parent)))
        self.show()


def confirm_quit_unsaved(parent: QWidget, count: int, failure: SaveFailed | None,
                         folder: Path) -> bool:
    """Ask before quitting with ``count`` saves still kept in memory; True to quit anyway.

    The question says what is lost and what to do about the cause of ``failure`` (a full
    disk, another window, a folder that may not be written); "Keep Tilewise open" is the
    default and the Escape answer, so Enter never loses the moves.
    """
    lost = ngettext("If you quit now, it is lost.", "If you quit now, they are lost.", count)
    advice = (reason_text(failure, folder) if failure is not None
              else _("Tilewise keeps trying to save."))
    return ask_to_leave(parent, _("Progress not saved"),
                        unsaved_text(count) + " " + lost + " " + advice + " " +
                        _("Keep Tilewise open until it says your progress is saved again."),
                        leave=_("Quit anyway"), stay=_("Keep Tilewise open"))


def ask_to_leave(parent: QWidget | None, title: str, text: str, *, leave: str, stay: str,
                 more: str = "", warning: bool = True) -> bool:
    """A plain-text question with two answers, ``stay`` (the default and the Escape answer,
    so Enter never leaves) and ``leave``; True when ``leave`` was chosen. ``more``: a second
    paragraph; ``warning`` off: the question mark instead of the warning sign."""
    from PySide6.QtWidgets import QMessageBox  # its enums cost time at start (issue 21)

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if more:
        box.setInformativeText(more)
    leave_button = box.addButton(leave, QMessageBox.ButtonRole.DestructiveRole)
    stay_button = box.addButton(stay, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(stay_button)
    box.setEscapeButton(stay_button)
    box.exec()
    return box.clickedButton() is leave_button


# -- start-up failures ---------------------------------------------------------------------------


def failure_text(error: BaseException, log_file: Path | None) -> tuple[str, str]:
    """(title, text) for a start-up failure: what happened, how to fix it, where the log is."""
    where = (_("Details are in the log: {path}", path=str(log_file)) if log_file is not None
             else _("Tilewise could not write a log."))
    if isinstance(error, ProgressStoreError) and error.kind == "newer":
        return _("Progress from a newer Tilewise"), _(
            "Your progress file {path} was written by a newer version of Tilewise. Install "
            "that version again to go on. The file was not changed.",
            path=str(error.path)) + "\n\n" + where
    if isinstance(error, ProgressStoreError) and error.kind == "folder":
        return _("The progress file is a folder"), _(
            "Tilewise keeps your progress in the file {path}, but a folder has that name. Move "
            "or rename the folder, then start Tilewise again.", path=str(error.path)) + \
            "\n\n" + where
    if "locked" in str(error).lower():
        return _("The progress file is in use"), _(
            "Another program is using your progress file. Close it (or restart the computer), "
            "then start Tilewise again.") + "\n\n" + where
    return _("Tilewise could not start"), _(
        "Something unexpected stopped Tilewise: {error}. Please send the log to whoever gave "
        "you Tilewise.", error=type(error).__name__ + ": " + str(error)) + "\n\n" + where


def show_failure(error: BaseException, log_file: Path | None) -> None:
    """Show the start-up failure window (blocks until closed)."""
    from PySide6.QtWidgets import QMessageBox  # its enums cost time at start (issue 21)

    title, text = failure_text(error, log_file)
    box = QMessageBox()
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    translate_buttons(box)
    box.exec()


# -- one instance per learner ----------------------------------------------------------------------


class ProfileLock:
    """``data_dir/profile-<id>.lock``, held while a window works for that learner. A lock
    left by a killed Tilewise is taken over (``QLockFile`` checks the process is gone)."""

    def __init__(self, data_dir: Path, profile_id: int) -> None:
        self.data_dir, self.profile_id = data_dir, profile_id
        self.lock = QLockFile(str(data_dir / f"profile-{profile_id}.lock"))
        self.lock.setStaleLockTime(0)

    def acquire(self) -> bool:
        """True when this process now holds the lock (or could not write one at all: a
        read-only folder cannot be shared by two writers anyway)."""
        if self.lock.tryLock(100):
            return True
        return self.lock.error() != QLockFile.LockError.LockFailedError

    def release(self) -> None:
        """Let go of the lock (safe when not held)."""
        if self.lock.isLocked():
            self.lock.unlock()

    @property
    def request(self) -> Path:
        """The file a second start writes to ask this window to come forward."""
        return self.data_dir / f"profile-{self.profile_id}.raise"


class RaiseWatcher(QObject):
    """Watches for :attr:`ProfileLock.request` (a file, not a socket: Tilewise has no
    network code at all); ``asked`` is emitted and the file removed when it appears."""

    asked = Signal()

    def __init__(self, lock: ProfileLock, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lock = lock
        self.watcher = QFileSystemWatcher([str(lock.data_dir)], self)
        self.watcher.directoryChanged.connect(self.check)
        self.timer = QTimer(self)  # a folder watcher can miss changes (network folders)
        self.timer.timeout.connect(self.check)
        self.timer.start(1000)

    def check(self) -> None:
        """Emit ``asked`` when a second start left its request."""
        try:
            self.lock.request.unlink()
        except OSError:
            return
        self.asked.emit()


def signal_running(lock: ProfileLock, wait: float = 3.0) -> bool:
    """Ask the window holding ``lock`` to come forward; True when it took the request within
    ``wait`` seconds."""
    try:
        lock.request.write_text("raise\n", encoding="utf-8")
    except OSError:
        return False
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if not lock.request.exists():
            return True
        time.sleep(0.05)
    lock.request.unlink(missing_ok=True)
    return False


def ask_running(parent: QWidget | None, name: str) -> str:
    """The learner ``name`` already has a Tilewise window: ``"switch"`` to it, ``"other"``
    learner, or ``"quit"``."""
    from PySide6.QtWidgets import QMessageBox  # its enums cost time at start (issue 21)

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(_("Tilewise is already open"))
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(_("Tilewise is already open for {name}. Two windows for one learner would "
                  "overwrite each other's progress.", name=name))
    switch = box.addButton(_("Switch to that window"), QMessageBox.ButtonRole.AcceptRole)
    other = box.addButton(_("Open another learner"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(_("Quit"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    clicked = box.clickedButton()
    return "switch" if clicked is switch else "other" if clicked is other else "quit"
