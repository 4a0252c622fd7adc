"""The dialog that lists the rotating backups to restore (issue 19), newest first, each with
its date and time in the learner's language; opened from the Tilewise menu's Restore a
backup (:class:`tilewise.gui.dialogs.transfer.LearnerFiles`), imported when first shown so the
menu costs nothing at start (issue 21).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tilewise.gui.qtlang import translate_buttons
from tilewise.i18n import _, current_language
from tilewise.store.transfer import KEEP, backup_time


def when_text(when: datetime | None) -> str:
    """A backup's date and time in the current language (local time), e.g. "1 December 2026
    at 09:20"; "?" when unknown."""
    if when is None:
        return "?"
    local = QDateTime.fromSecsSinceEpoch(int(when.timestamp()))
    locale = QLocale(current_language())
    return _("{date} at {time}", date=locale.toString(local.date(), QLocale.FormatType.LongFormat),
             time=locale.toString(local.time(), QLocale.FormatType.ShortFormat))


class RestoreDialog(QDialog):
    """The backups to choose from, newest first, each with its date (see the module doc)."""

    def __init__(self, found: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restore-backup")
        self.found = found
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("backups")
        for path in found:
            item = QListWidgetItem(when_text(backup_time(path)))
            item.setData(256, str(path))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                    | QDialogButtonBox.StandardButton.Cancel)
        self.box.accepted.connect(self.accept)
        self.box.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.box)
        self.resize(560, 420)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("Restore a backup"))
        self.intro.setText(_("Tilewise keeps a copy of all progress each time it starts (the "
                             "newest {n}). Choose the one to go back to.", n=KEEP))
        translate_buttons(self.box)
        ok = self.box.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText(_("Restore…"))

    def chosen(self) -> Path | None:
        """The selected backup."""
        item = self.list.currentItem()
        return None if item is None else Path(str(item.data(256)))


__all__ = ["RestoreDialog", "when_text"]
