"""Move a learner between computers, and go back to a backup, from the app menu (issue 19).

:class:`LearnerFiles` adds three entries to the Tilewise menu, after Learners:

- **Export this learner…**: a file dialog, then ``tilewise.store.transfer.write_export`` (one
  JSON file with everything the store keeps about the learner);
- **Import a learner…**: a file dialog, then ``read_export`` and ``import_learner``: the whole
  file is checked before anything is written, so a damaged file, a file that is no learner
  file, or one from a newer Tilewise is refused with a sentence that says which, and the store
  is left as it was;
- **Restore a backup…**: :class:`tilewise.gui.dialogs.restore.RestoreDialog` lists the rotating backups (newest first, each
  with its date and time in the learner's language); the chosen one is checked first (a
  damaged or newer one is refused, nothing changed), then restored after a confirm: the store
  is closed, the current one is backed up, the backup copied over it and the store opened
  again (``restore_backup``); a restore that fails reopens the store as it is.

Every sentence is our own translated text (the store's English messages go to the log only).
Learner names and file names are shown as plain text. The questions are attributes
(:attr:`LearnerFiles.save_name`, ``open_name``, ``choose_backup``, ``confirm``, ``tell``) so
tests answer them.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction

from tilewise.gui.plaintext import unbroken
from tilewise.i18n import _, add_listener, remove_listener
from tilewise.store.progress import Profile, ProgressStore, SaveFailed

# tilewise.store.transfer is imported by the entries when chosen: not needed to start (issue 21)
if TYPE_CHECKING:
    from tilewise.store.transfer import TransferError

log = logging.getLogger(__name__)


def file_name(name: str) -> str:
    """A file name for a learner's export: the name without characters a file system
    refuses, then ``-tilewise.json``."""
    safe = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "_", name).strip(" .") or "learner"
    return f"{safe}-tilewise.json"


def ask_learner_file(parent: Any) -> str:
    """The learner file the person chooses to import ("" when cancelled)."""
    from PySide6.QtWidgets import QFileDialog

    name, _filter = QFileDialog.getOpenFileName(
        parent, _("Import a learner"), str(Path.home()), _("Tilewise learner files (*.json)"))
    return name


def import_learner_file(store: ProgressStore, path: Path) -> tuple[Profile | None, str]:
    """Check the learner file ``path`` whole, then add its learner to ``store``
    (``store.transfer.read_export`` and ``import_learner``): (the new profile, the sentence
    that says so) or (None, why not, in the learner's words: nothing was changed)."""
    from tilewise.store.transfer import TransferError, import_learner, read_export

    try:
        data = read_export(path)
        profile = import_learner(store, data)
    except TransferError as error:
        log.warning("import of %s refused: %s", path, error)
        return None, _refusal(error, unbroken(path.name))
    except (SaveFailed, sqlite3.Error, OSError) as error:
        log.warning("import of %s could not be saved: %s", path, error)
        return None, _("The learner in {file} could not be added: the progress file cannot "
                       "be written now. Nothing was changed.", file=unbroken(path.name))
    original = str(data["profile"]["name"]).strip()
    if profile.name != original:  # a learner here has that name already
        return profile, _("There is already a learner called {name}, so the learner in {file} "
                          "was added as {new}, with all of their progress. Choose them in "
                          "Learners to go on (you can rename them there).", name=original,
                          file=unbroken(path.name), new=profile.name)
    return profile, _("{name} was added as a learner, with all of their progress. Choose them "
                      "in Learners to go on.", name=profile.name)


def _refusal(error: TransferError, name: str) -> str:
    """Why the learner file ``name`` was refused, in the learner's words."""
    if error.kind == "foreign":
        return _("{file} is not a Tilewise learner file. Nothing was changed.", file=name)
    if error.kind == "newer":
        return _("{file} was made by a newer Tilewise. Update Tilewise on this computer, "
                 "then import it again. Nothing was changed.", file=name)
    if error.kind == "unreadable":
        return _("{file} cannot be read. Nothing was changed.", file=name)
    return _("{file} is damaged, so it cannot be imported. Nothing was changed. Export "
             "the learner again on the other computer.", file=name)


class LearnerFiles:
    """The export, import and restore entries of a main window (see the module docstring)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.act_export = QAction(window)
        self.act_export.triggered.connect(lambda _checked=False: self.export())
        self.act_import = QAction(window)
        self.act_import.triggered.connect(lambda _checked=False: self.import_file())
        self.act_restore = QAction(window)
        self.act_restore.triggered.connect(lambda _checked=False: self.restore())
        for action in (self.act_export, self.act_import, self.act_restore):
            window.app_menu.insertAction(window.act_settings, action)
        self.save_name: Callable[[str], str] = self._save_name
        self.open_name: Callable[[], str] = self._open_name
        self.choose_backup: Callable[[list[Path]], Path | None] = self._choose_backup
        self.confirm: Callable[[str], bool] = self._confirm
        self.tell: Callable[[str, bool], None] = self._tell
        add_listener(self.retranslate)
        window.destroyed.connect(lambda *_args: remove_listener(self.retranslate))
        self.retranslate()

    def retranslate(self) -> None:
        """The menu entries in the current language."""
        self.act_export.setText(_("&Export this learner…"))
        self.act_import.setText(_("&Import a learner…"))
        self.act_restore.setText(_("Restore a &backup…"))

    @property
    def store(self) -> ProgressStore:
        """The window's progress store (a new one after a restore)."""
        store: ProgressStore = self.window.store
        return store

    # -- export ----------------------------------------------------------------------------

    def export(self) -> Path | None:
        """Ask where, then write the current learner's file; return it (None: cancelled or
        failed, and told)."""
        profile: Profile = self.window.profile
        chosen = self.save_name(file_name(profile.name))
        if not chosen:
            return None
        path = Path(chosen)
        self.window.save_progress()  # the file holds the step the learner is on
        from tilewise.store.transfer import write_export

        try:
            write_export(self.store, profile.id, path)
        except (OSError, sqlite3.Error, ValueError) as error:
            log.warning("export to %s failed: %s", path, error)
            self.tell(_("The file {file} could not be written. Choose another folder, or make "
                        "some room on the disk.", file=unbroken(path.name)), True)
            return None
        self.tell(_("{name}'s progress is in the file {file}. On the other computer, choose "
                    "Import a learner in the Tilewise menu.", name=profile.name,
                    file=unbroken(path.name)), False)
        return path

    # -- import ----------------------------------------------------------------------------

    def import_file(self) -> Profile | None:
        """Ask for a learner file, check it whole, then add its learner; return the new
        profile (None: cancelled or refused, and told; nothing is changed then)."""
        if self._read_only():
            return None
        chosen = self.open_name()
        if not chosen:
            return None
        profile, text = import_learner_file(self.store, Path(chosen))
        self.tell(text, profile is None)
        return profile

    # -- restore ---------------------------------------------------------------------------

    def restore(self) -> Path | None:
        """Choose a backup, check it, confirm, then restore it (the current store is backed
        up first); return the backup restored (None: cancelled, refused or failed, and
        told)."""
        if self._read_only():
            return None
        from tilewise.store.transfer import (
            TransferError,
            backup_time,
            backups,
            check_backup,
            restore_backup,
        )

        found = backups(self._backup_folder())
        if not found:
            self.tell(_("There is no backup yet. Tilewise makes one each time it starts."),
                      False)
            return None
        chosen = self.choose_backup(found)
        if chosen is None:
            return None
        from tilewise.gui.dialogs.restore import when_text

        when = when_text(backup_time(chosen))
        try:
            check_backup(chosen)
        except TransferError as error:
            log.warning("backup %s refused: %s", chosen, error)
            if error.kind == "newer":
                self.tell(_("The backup of {date} was made by a newer Tilewise, so it cannot be "
                            "restored. Nothing was changed.", date=when), True)
            else:
                self.tell(_("The backup of {date} is damaged, so it cannot be restored. "
                            "Nothing was changed.", date=when), True)
            return None
        if not self.confirm(_("Go back to the progress of {date}? The progress of every "
                              "learner since then is replaced. The progress you have now is "
                              "kept as a backup first, so you can come back to it.", date=when)):
            return None
        window = self.window
        window.save_progress()
        if self.store.pending and not self.store.retry_pending():
            self.tell(_("Some progress is not saved yet, so no backup is restored now. Try "
                        "again in a moment."), True)
            return None
        path = self.store.path
        self.store.close()
        try:
            restore_backup(chosen, path, folder=self._backup_folder())
        except (TransferError, OSError, sqlite3.Error) as error:
            log.exception("restoring %s failed: %s", chosen, error)
            self._reopen(path)
            self.tell(_("The backup of {date} could not be restored: the progress file or the "
                        "backups folder cannot be written now. Tilewise goes on with the "
                        "progress it had.", date=when), True)
            return None
        self._reopen(path)
        self.tell(_("The progress of {date} is back. The progress from before is kept as a "
                    "backup.", date=when), False)
        return chosen

    def _backup_folder(self) -> Path:
        """The backups folder beside the store's own file (``backup_dir()`` for the usual
        store, where each start puts its copy)."""
        from tilewise.store.transfer import backup_dir

        return self.store.path.parent / backup_dir().name

    def _read_only(self) -> bool:
        """Tell, and return True, when the store cannot be written (a read-only data folder:
        the app runs on a copy in memory)."""
        if not self.store.read_only:
            return False
        self.tell(_("Tilewise can only read the progress file now (its folder is read-only), "
                    "so no learner can be added and no backup restored."), True)
        return True

    def _reopen(self, path: Path) -> None:
        """Open the store at ``path`` again and show its learner (the same one when the
        restored store has them, else its first; a store with none gets the learner back)."""
        window = self.window
        store = ProgressStore(path)
        window.store = store
        window.banner.store = store
        old: Profile = window.profile
        profile = store.profile(old.id)
        if profile is None or profile.name != old.name:
            profiles = store.profiles()
            profile = profiles[0] if profiles else store.create_profile(old.name, old.language)
            window.switch_profile(profile)
            return
        window.profile = profile
        window.apply_language(profile.language)
        window.show_library()

    # -- the questions (tests answer them; their dialogs are imported when first asked) -----

    def _save_name(self, suggested: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        name, _filter = QFileDialog.getSaveFileName(
            self.window, _("Export this learner"), str(Path.home() / suggested),
            _("Tilewise learner files (*.json)"))
        return name

    def _open_name(self) -> str:
        return ask_learner_file(self.window)

    def _choose_backup(self, found: list[Path]) -> Path | None:
        from tilewise.gui.dialogs.restore import RestoreDialog

        dialog = RestoreDialog(found, self.window)
        return dialog.chosen() if dialog.exec() else None

    def _confirm(self, text: str) -> bool:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        from tilewise.gui.qtlang import translate_buttons

        box = QMessageBox(QMessageBox.Icon.Question, _("Restore a backup"), text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)
        translate_buttons(box)
        return box.exec() == QMessageBox.StandardButton.Yes

    def _tell(self, text: str, problem: bool) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        from tilewise.gui.qtlang import translate_buttons

        icon = QMessageBox.Icon.Warning if problem else QMessageBox.Icon.Information
        box = QMessageBox(icon, _("Tilewise"), text, QMessageBox.StandardButton.Ok, self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)  # learner and file names
        translate_buttons(box)
        box.exec()


def install_learner_files(window: Any) -> LearnerFiles:
    """Add export, import and restore to ``window``'s Tilewise menu (a ``MainWindow``)."""
    return LearnerFiles(window)


__all__ = ["LearnerFiles", "ask_learner_file", "file_name", "import_learner_file",
           "install_learner_files"]
