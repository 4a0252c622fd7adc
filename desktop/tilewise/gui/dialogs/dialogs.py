"""Dialogs: first start (name and language), profiles, settings, about, help.

Every dialog sets its texts in ``retranslate()``; standard buttons get our own texts
(``qtlang.translate_buttons``) so Hindi has them too.
"""

from __future__ import annotations

import logging
import platform
import sqlite3
import sys
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tilewise import __version__, releasekey
from tilewise.gui.dialogs.languages import bundled_packs, fill_language_box, readiness_of
from tilewise.gui.plaintext import unbroken
from tilewise.gui.qtlang import translate_buttons
from tilewise.i18n import LANGUAGES, _, current_language, pgettext, set_language
from tilewise.lessons.readiness import DEFAULT_THRESHOLD, Readiness
from tilewise.store.paths import resource_dir
from tilewise.store.progress import Profile, ProgressStore
from tilewise.store.settings import THEMES, TILE_SIZE_RANGE

log = logging.getLogger(__name__)

PROFILE_NAME_LIMIT = 40
"""The longest learner name, in characters (a name fits on a library heading)."""


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def _languages(combo: QComboBox, current: str, readiness: Sequence[Readiness] | None,
               threshold: float) -> None:
    """The language menu (``languages.fill_language_box``); ``readiness`` None: work it out
    from the packs on disk (the first-start dialog comes before the packs are loaded)."""
    if readiness is None:
        readiness = readiness_of(bundled_packs())
    fill_language_box(combo, current, readiness, threshold)


def taken_text(name: str) -> str:
    """Why a learner's name is refused: another learner has it."""
    return _("There is already a learner called {name}. Choose another name (add a letter "
             "of the family name, or a number).", name=name)


class NewProfileDialog(QDialog):
    """Asks a new learner's name and language (default: the system's).

    Choosing a language shows the dialog (and the app) in it at once, so a learner who
    picks Español reads the rest in Spanish; Cancel goes back to the language it opened in.
    ``taken(name)`` (the store's ``name_taken``) keeps OK off for another learner's name,
    with a line saying why.

    With ``importer`` (the first start's welcome) the dialog also has "Import a learner…",
    for a learner moved from another computer: ``importer()`` asks for the file and adds its
    learner, returning (the profile, a sentence) or (None, why not; "" when the person
    cancelled). A learner added closes the dialog as OK with :attr:`imported` set; a file
    refused says why in the dialog, which stays open. ``ask_leave(dialog)``: asked on Cancel
    (and on closing it), True to close (:meth:`reject`).
    """

    def __init__(self, language: str, parent: QWidget | None = None, *,
                 readiness: Sequence[Readiness] | None = None,
                 threshold: float = DEFAULT_THRESHOLD,
                 taken: Callable[[str], bool] | None = None,
                 importer: Callable[[], tuple[Profile | None, str]] | None = None,
                 ask_leave: Callable[[QWidget], bool] | None = None) -> None:
        super().__init__(parent)
        self.opened_in = current_language()
        self.ask_leave = ask_leave
        self.taken = taken
        self.importer = importer
        self.imported: Profile | None = None
        self.welcome = QLabel()
        self.welcome.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setObjectName("nameProblem")
        self.name = QLineEdit()
        self.name.setMaxLength(PROFILE_NAME_LIMIT)
        self.language = QComboBox()
        _languages(self.language, language, readiness, threshold)
        self.form = QFormLayout()
        self.name_label, self.language_label = QLabel(), QLabel()
        self.form.addRow(self.name_label, self.name)
        self.form.addRow(self.language_label, self.language)
        self.box = _buttons(self)
        self.import_button: QPushButton | None = None
        if importer is not None:
            self.import_button = self.box.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
            self.import_button.clicked.connect(self._import)
        self.refused = ""  # why the last learner file was refused
        layout = QVBoxLayout(self)
        layout.addWidget(self.welcome)
        layout.addLayout(self.form)
        layout.addWidget(self.problem)
        layout.addWidget(self.box)
        self.name.textChanged.connect(self._check)
        self.language.currentIndexChanged.connect(self._language_chosen)
        self.retranslate()
        self._check()

    def _language_chosen(self) -> None:
        code = self.language.currentData()
        if isinstance(code, str) and code in LANGUAGES and code != current_language():
            self._speak(code)

    def _speak(self, code: str) -> None:
        """The app, Qt's own button texts and this dialog in language ``code``."""
        from PySide6.QtCore import QCoreApplication

        from tilewise.gui.qtlang import install_qt_translations

        set_language(code)
        app = QCoreApplication.instance()
        if app is not None:
            install_qt_translations(app, code)
        self.retranslate()

    def reject(self) -> None:
        """Cancel: the app goes back to the language the dialog opened in. With ``ask_leave``
        (the first start's :func:`leave_welcome`) it asks first, in the language chosen here,
        and stays open as it was unless the person chooses to leave."""
        if self.ask_leave is not None and not self.ask_leave(self):
            return
        if current_language() != self.opened_in:
            self._speak(self.opened_in)
        super().reject()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("Welcome to Tilewise"))
        self.welcome.setText(_("Who is learning? Each learner keeps their own progress."))
        self.name_label.setText(_("Your name"))
        self.language_label.setText(_("Language"))
        translate_buttons(self.box)
        if self.import_button is not None:
            self.import_button.setText(_("&Import a learner…"))
        self._check()

    def _import(self) -> None:
        assert self.importer is not None
        profile, text = self.importer()
        if profile is not None:
            self.imported = profile
            self.accept()
        elif text:  # refused: why, in the dialog (a cancelled file choice changes nothing)
            self.refused = text
            self._check()

    def _check(self) -> None:
        name = self.name.text().strip()
        clash = bool(name) and self.taken is not None and self.taken(name)
        if clash:
            self.refused = ""  # the name's problem is the one that matters now
        said = taken_text(name) if clash else self.refused
        self.problem.setText(said)
        if self.problem.isHidden() == bool(said):  # shown or hidden now: the dialog fits it
            self.problem.setVisible(bool(said))
            self.adjustSize()
        ok = self.box.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(bool(name) and not clash)

    def result_values(self) -> tuple[str, str]:
        """(name, language code) entered."""
        return self.name.text().strip(), str(self.language.currentData())


def leave_welcome(parent: QWidget | None) -> bool:
    """Asked when the first start's welcome dialog is cancelled or closed: Tilewise needs a
    learner's name to keep their progress. True to quit now; False (the default, Enter and
    Esc) to go back to the welcome, as a beginner who pressed Cancel by mistake expects (it
    quit with no word: tester's report). No learner is made without a name."""
    from tilewise.gui.faults import ask_to_leave

    title = _("Welcome to Tilewise")
    # TRANSLATORS: asked when the first start's welcome (a learner's name) is cancelled
    said = _("Tilewise needs a learner's name to keep their progress: each learner's lessons "
             "and mistakes are kept under their own name.")
    return ask_to_leave(parent, title, said,
                        more=_("Go back to type a name, or quit Tilewise for now."),
                        leave=_("Quit Tilewise"), stay=_("Go back"), warning=False)


class ProfilesDialog(QDialog):
    """Pick the learner (family, community centre), add one, rename or delete one.

    With ``store`` the dialog renames and deletes through it (each a transaction of the
    progress store); the learner in use (``current``) cannot be deleted. Deleting asks first,
    naming the learner, and offers to save a copy first: the learner's file, as "Export this
    learner" writes it (``store.transfer.write_export``), to a file the learner chooses; the
    learner is deleted only once the file is written (a cancelled file dialog or a failed write
    deletes nothing, and says so). The questions are attributes (tests answer them):
    :attr:`confirm` (text -> "delete", "save" or "cancel"), :attr:`save_name` (suggested file
    name -> the chosen path, "" when cancelled) and :attr:`ask_name`. Learner names are shown
    as plain text.
    """

    def __init__(self, profiles: list[Profile], current: int | None,
                 parent: QWidget | None = None, store: ProgressStore | None = None) -> None:
        super().__init__(parent)
        self.store, self.current = store, current
        self.list = QListWidget()
        self._fill(profiles)
        self.add = QPushButton()
        self.add_requested = False
        self.add.clicked.connect(self._add)
        self.rename = QPushButton()
        self.rename.clicked.connect(self._rename)
        self.delete = QPushButton()
        self.delete.clicked.connect(self._delete)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.box = _buttons(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        for button in (self.add, self.rename, self.delete):
            row.addWidget(button)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(self.box)
        self.rename.setVisible(store is not None)
        self.delete.setVisible(store is not None)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self._filling = False
        self.list.currentItemChanged.connect(lambda *_a: self._chosen_changed())
        self.confirm: Callable[[str], str] = self._confirm
        self.save_name: Callable[[str], str] = self._save_name
        self.ask_name = self._ask_name
        self.retranslate()

    def _chosen_changed(self) -> None:
        if not self._filling:  # the learner picked another row: an old refusal is stale
            self.message.setText("")
        self._update()

    def _fill(self, profiles: list[Profile]) -> None:
        chosen = self.chosen() if self.list.count() else self.current
        self._filling = True
        self.list.clear()
        for profile in profiles:
            item = QListWidgetItem(f"{profile.name} ({LANGUAGES.get(profile.language, profile.language)})")
            item.setData(256, profile.id)
            self.list.addItem(item)
            if profile.id == chosen:
                self.list.setCurrentItem(item)
        self._filling = False

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("Learners"))
        self.add.setText(_("Add a learner…"))
        self.rename.setText(_("Rename…"))
        self.delete.setText(_("Delete…"))
        translate_buttons(self.box)
        self._update()

    def _update(self) -> None:
        chosen = self.chosen()
        self.rename.setEnabled(chosen is not None)
        self.delete.setEnabled(chosen is not None and chosen != self.current)
        self.delete.setToolTip(_("The learner in use cannot be deleted: switch to another "
                                 "learner first.") if chosen == self.current else "")

    def _add(self) -> None:
        self.add_requested = True
        self.accept()

    def _name_of(self, profile_id: int) -> str:
        profile = self.store.profile(profile_id) if self.store is not None else None
        return profile.name if profile is not None else ""

    def _confirm(self, text: str) -> str:
        box = QMessageBox(QMessageBox.Icon.Question, _("Delete a learner"), text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the text holds the learner's name
        # TRANSLATORS: button of the delete-a-learner question: export the learner's file first
        save = box.addButton(_("Save a copy first…"), QMessageBox.ButtonRole.ActionRole)
        translate_buttons(box)
        yes = box.button(QMessageBox.StandardButton.Yes)
        if yes is not None:
            # TRANSLATORS: button of the delete-a-learner question
            yes.setText(_("Delete"))
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.exec()
        clicked = box.clickedButton()
        if clicked is save:
            return "save"
        return "delete" if clicked is yes else "cancel"

    def _save_name(self, suggested: str) -> str:
        name, _filter = QFileDialog.getSaveFileName(
            self, _("Save a copy of the learner"), str(Path.home() / suggested),
            _("Tilewise learner files (*.json)"))
        return name

    def _ask_name(self, current: str) -> str | None:
        name, ok = QInputDialog.getText(self, _("Rename a learner"), _("New name"), text=current)
        return name if ok else None

    def _rename(self) -> None:
        chosen = self.chosen()
        if self.store is None or chosen is None:
            return
        name = self.ask_name(self._name_of(chosen))
        if name is None:
            return
        if not name.strip():
            self.message.setText(_("A learner needs a name."))
            return
        if self.store.name_taken(name[:PROFILE_NAME_LIMIT], except_id=chosen):
            self.message.setText(taken_text(name.strip()))
            return
        self.store.rename_profile(chosen, name[:PROFILE_NAME_LIMIT])
        self.message.setText("")
        self._fill(self.store.profiles())

    def _delete(self) -> None:
        chosen = self.chosen()
        if self.store is None or chosen is None or chosen == self.current:
            return
        name = self._name_of(chosen)
        answer = self.confirm(_("Delete {name} and all of {name}'s progress? This cannot be "
                                "undone. You can save a copy first: a file that Import a "
                                "learner in the Tilewise menu reads back.", name=name))
        if answer == "save":
            saved = self._save_copy(chosen, name)
            if saved is None:
                return
            self.store.delete_profile(chosen)
            self.message.setText(_("{name} was deleted. A copy is in the file {file}.",
                                   name=name, file=unbroken(saved.name)))
        elif answer == "delete":
            self.store.delete_profile(chosen)
            self.message.setText(_("{name} was deleted.", name=name))
        else:
            return
        self._fill(self.store.profiles())
        self._update()

    def _save_copy(self, profile_id: int, name: str) -> Path | None:
        """Write the learner's file where the learner chooses; None (and said why) when the
        file dialog was cancelled or the file could not be written."""
        from tilewise.gui.dialogs.transfer import file_name
        from tilewise.store.transfer import write_export

        chosen = self.save_name(file_name(name))
        if not chosen or self.store is None:
            self.message.setText(_("Nothing was deleted: no copy was saved."))
            return None
        path = Path(chosen)
        try:
            write_export(self.store, profile_id, path)
        except (OSError, sqlite3.Error, ValueError) as error:
            log.warning("copy of a learner to %s failed: %s", path, error)
            self.message.setText(_("Nothing was deleted: the file {file} could not be written. "
                                   "Choose another folder, or make some room on the disk.",
                                   file=unbroken(path.name)))
            return None
        return path

    def chosen(self) -> int | None:
        """The selected profile id."""
        item = self.list.currentItem()
        return None if item is None else int(item.data(256))


class SettingsDialog(QDialog):
    """Language, tile theme, tile size, text size."""

    def __init__(self, language: str, theme: str, tile_size: int, text_scale: float,
                 parent: QWidget | None = None, present_screen: int = -1,
                 unlock_all: bool = False, reduced_motion: bool = False, *,
                 readiness: Sequence[Readiness] | None = None,
                 threshold: float = DEFAULT_THRESHOLD) -> None:
        super().__init__(parent)
        self.unlock_all = QCheckBox()  # a teacher's switch: every lesson open
        self.unlock_all.setChecked(unlock_all)
        self.still = QCheckBox()  # the reduced-motion setting (issue 13)
        self.still.setChecked(reduced_motion)
        self.language = QComboBox()
        self.present_screen = QComboBox()  # presenter mode's screen (issue 7)
        self._screen = present_screen
        _languages(self.language, language, readiness, threshold)
        self.theme = QComboBox()
        self.tile_size = QSpinBox()
        self.tile_size.setRange(*TILE_SIZE_RANGE)
        self.tile_size.setValue(tile_size)
        self.text_scale = QDoubleSpinBox()
        self.text_scale.setRange(0.5, 3.0)
        self.text_scale.setSingleStep(0.25)
        self.text_scale.setValue(text_scale)
        self._theme = theme
        self.labels = [QLabel() for _n in range(6)]
        form = QFormLayout()
        for label, field in zip(self.labels, self.labels_fields(), strict=True):
            form.addRow(label, field)
        form.addRow(self.unlock_all)
        self.box = _buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.box)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("Settings"))
        names = {
            "classic": pgettext("theme", "Classic"),
            "contrast": pgettext("theme", "High contrast (projector)"),
            "colourblind": pgettext("theme", "Colour-blind safe"),
        }
        current = self.theme.currentData() or self._theme
        self.theme.clear()
        for theme in THEMES:
            self.theme.addItem(names.get(theme, theme), theme)
        self.theme.setCurrentIndex(max(0, self.theme.findData(current)))
        # TRANSLATORS: the settings row of the reduced-motion choice
        self.still.setText(_("Tiles do not slide after a move"))
        for label, text in zip(self.labels, (_("Language"), _("Tiles"), _("Tile size"),
                                             _("Text size"), _("Presenter screen"),
                                             _("Motion")), strict=True):
            label.setText(text)
            label.setBuddy(self.labels_fields()[self.labels.index(label)])
        chosen = self.present_screen.currentData()
        chosen = self._screen if chosen is None else chosen
        self.present_screen.clear()
        # TRANSLATORS: presenter mode fills the last screen (a projector when there are two)
        self.present_screen.addItem(_("Automatic (the last screen)"), -1)
        for number, screen in enumerate(QGuiApplication.screens()):
            size = screen.size()
            self.present_screen.addItem(
                _("Screen {number}: {name} ({width}x{height})", number=number + 1,
                  name=screen.name(), width=size.width(), height=size.height()), number)
        self.present_screen.setCurrentIndex(max(0, self.present_screen.findData(chosen)))
        # TRANSLATORS: a teacher's setting: a learner who missed a week may open any lesson
        self.unlock_all.setText(_("Open every lesson (for teachers: no lesson waits for another)"))
        translate_buttons(self.box)

    def labels_fields(self) -> list[QWidget]:
        """The fields in the order of :attr:`labels`."""
        return [self.language, self.theme, self.tile_size, self.text_scale, self.present_screen,
                self.still]

    def motion_choice(self) -> bool:
        """True when tiles should not slide (reduced motion)."""
        return self.still.isChecked()

    def screen_choice(self) -> int:
        """The presenter screen chosen: its number, or -1 for automatic."""
        data = self.present_screen.currentData()
        return int(data) if data is not None else -1

    def values(self) -> tuple[str, str, int, float]:
        """(language, theme, tile size, text scale)."""
        return (str(self.language.currentData()), str(self.theme.currentData()),
                self.tile_size.value(), self.text_scale.value())


def licence_text() -> str:
    """Fonts and tile art with their sources and licences (SOURCES.md, tileset.toml)."""
    parts: list[str] = []
    sources = resource_dir() / "fonts" / "SOURCES.md"
    if sources.is_file():
        parts.append(sources.read_text(encoding="utf-8"))
    for tileset in sorted((resource_dir() / "tiles").glob("*/tileset.toml")):
        parts.append(f"== {tileset.parent.name} ==\n" + _tileset_summary(tileset))
    return "\n\n".join(parts)


def _tileset_summary(path: Path) -> str:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return path.read_text(encoding="utf-8", errors="replace")
    keys = ("name", "author", "licence", "fonts")
    return "\n".join(
        f"{key}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
        for key in keys if (value := data.get(key)) is not None)


def release_key_text() -> str:
    """The release key's fingerprint, for checking a download through a second channel.

    The same fingerprint is in the project's README and the AppStream metadata
    (``tilewise.releasekey``); packaging/VERIFY.md tells users to compare them.
    """
    fingerprint = releasekey.FINGERPRINT
    if fingerprint is None:
        return _("Release signing key: none has been published yet, so this copy "
                 "is not an official release.")
    return _("Release signing key (compare it with the one on the project's page before "
             "you trust a download or an update):\n{fingerprint}",
             fingerprint=releasekey.grouped(fingerprint))


class AboutDialog(QDialog):
    """Versions, and the licences of fonts and tile art."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.head = QLabel()
        self.head.setWordWrap(True)
        self.key = QLabel()
        self.key.setWordWrap(True)
        self.key.setTextFormat(Qt.TextFormat.PlainText)
        self.key.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.licences = QPlainTextEdit(licence_text())
        self.licences.setReadOnly(True)
        self.box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.box.rejected.connect(self.reject)
        self.box.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.head)
        layout.addWidget(self.key)
        layout.addWidget(self.licences, 1)
        layout.addWidget(self.box)
        self.resize(720, 520)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("About Tilewise"))
        self.head.setText(_(
            "Tilewise {version}: learn mahjong offline.\n"
            "Python {python}, Qt {qt}, PySide6 {pyside}, {system}.\n"
            "Licence: GPL-3.0-or-later. Fonts and tile art:",
            version=__version__, python=platform.python_version(), qt=qVersion(),
            pyside=pyside_version, system=sys.platform,
        ))
        self.key.setText(release_key_text())
        translate_buttons(self.box)


class HelpDialog(QDialog):
    """How to move tiles with mouse, touch and keyboard."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.text.setContentsMargins(4, 4, 4, 4)
        # A long help at a large text size scrolls inside the dialog, and opens at its top.
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setWidget(self.text)
        self.box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.box.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroller, 1)
        layout.addWidget(self.box)
        self.resize(640, 420)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None:
            self.setMaximumSize(screen.size())
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(_("Help"))
        self.text.setText(_(
            "Drag a tile with the mouse or a finger and drop it on a dashed slot. "
            "A move the rules allow stays; any other goes back to your rack, and the box below "
            "the table says why.\n\n"
            "Keyboard: click the table or press Tab to reach it, then use the arrow keys "
            "to move between tiles, Space to select, and 1 to 9 (or Enter for the first zone) "
            "to send the selected tiles there. The buttons under the table do the rest.\n\n"
            "Hint shows a clue (it lowers the step's mastery a little). "
            "Start this step again puts every tile back."
        ) + "\n\n" + _(
            "Teaching a room? Press F5 for presenter mode: full screen on the projector, large "
            "tiles, high contrast. Page Down and Page Up step through the lesson, B blanks the "
            "screen and Esc leaves. The teacher's notes list every key. Ctrl + and Ctrl - zoom "
            "the table."
        ))
        translate_buttons(self.box)
