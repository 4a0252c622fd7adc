"""Learners: rename and delete (with a question first, never the learner in use); render and
help as a teacher meets them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.test_commands import _run
from tilewise.gui.dialogs.dialogs import HelpDialog, ProfilesDialog


def dialog_for(window: Any, qtbot: Any) -> ProfilesDialog:
    dialog = ProfilesDialog(window.store.profiles(), window.profile.id, window,
                            store=window.store)
    qtbot.addWidget(dialog)
    return dialog


def select(dialog: ProfilesDialog, name: str) -> None:
    for row in range(dialog.list.count()):
        if dialog.list.item(row).text().startswith(name + " ("):
            dialog.list.setCurrentRow(row)
            return
    raise LookupError(name)


def test_rename_a_learner_and_refuse_an_empty_name(window: Any, qtbot: Any) -> None:
    window.store.create_profile("Ana", "es")
    dialog = dialog_for(window, qtbot)
    select(dialog, "Ana")
    dialog.ask_name = lambda current: "   "
    dialog.rename.click()
    assert dialog.message.text() == "A learner needs a name."
    assert [p.name for p in window.store.profiles()] == ["Sam", "Ana"]
    dialog.ask_name = lambda current: None  # cancelled: nothing changes
    dialog.rename.click()
    dialog.ask_name = lambda current: f"<b>{current}</b> María"
    dialog.rename.click()
    assert [p.name for p in window.store.profiles()] == ["Sam", "<b>Ana</b> María"]
    assert dialog.list.currentItem().text().startswith("<b>Ana</b> María")  # plain, as typed


def test_a_second_learner_with_the_same_name_is_refused_with_a_reason(window: Any,
                                                                      qtbot: Any) -> None:
    """Adding or renaming to another learner's name (case aside) keeps OK off / changes
    nothing, and says why; the learner's own name in another case is fine."""
    from tilewise.gui.dialogs.dialogs import NewProfileDialog

    window.store.create_profile("Ana", "es")
    new = NewProfileDialog("en", window, taken=window.store.name_taken)
    qtbot.addWidget(new)
    ok = new.box.button(new.box.StandardButton.Ok)
    new.show()
    new.name.setText(" sam ")
    assert not ok.isEnabled() and "already a learner called sam" in new.problem.text()
    assert not new.problem.isHidden()
    # the dialog grows to show the whole reason (it kept its first size: text cut, rows
    # squashed to 17 px)
    assert new.problem.height() >= new.problem.heightForWidth(new.problem.width())
    assert new.name.height() >= new.name.sizeHint().height()
    new.name.setText("Samira")
    assert ok.isEnabled() and new.problem.isHidden()
    dialog = dialog_for(window, qtbot)
    select(dialog, "Ana")
    dialog.ask_name = lambda current: "SAM"
    dialog.rename.click()
    assert "already a learner called SAM" in dialog.message.text()
    assert [p.name for p in window.store.profiles()] == ["Sam", "Ana"]
    select(dialog, "Sam")  # another learner chosen: the refusal about Ana goes
    assert dialog.message.text() == ""
    select(dialog, "Ana")
    dialog.ask_name = lambda current: "ANA"
    dialog.rename.click()
    assert [p.name for p in window.store.profiles()] == ["Sam", "ANA"]


def test_the_welcome_dialog_speaks_the_language_chosen_in_it(window: Any, qtbot: Any) -> None:
    """Picking Español in the first-start dialog shows it in Spanish at once; Cancel goes
    back to the language it opened in."""
    from tilewise.gui.dialogs.dialogs import NewProfileDialog
    from tilewise.i18n import current_language, set_language

    new = NewProfileDialog("en", window)
    qtbot.addWidget(new)
    english = new.windowTitle()
    try:
        new.language.setCurrentIndex(new.language.findData("es"))
        assert current_language() == "es" and new.windowTitle() != english
        assert new.name_label.text() != "Your name"
        cancel = new.box.button(new.box.StandardButton.Cancel)
        assert cancel.text() == "Cancelar"  # Qt's own button texts too
        new.reject()
        assert current_language() == "en" and new.windowTitle() == english
        assert cancel.text() == "Cancel"
    finally:
        set_language("en")


def test_delete_asks_first_and_never_the_learner_in_use(window: Any, qtbot: Any) -> None:
    window.store.create_profile("Ana", "es")
    dialog = dialog_for(window, qtbot)
    select(dialog, "Sam")
    assert not dialog.delete.isEnabled() and dialog.delete.toolTip()
    select(dialog, "Ana")
    asked: list[str] = []
    dialog.confirm = lambda text: asked.append(text) or "cancel"  # "No"
    dialog.delete.click()
    assert asked and "Ana" in asked[0] and [p.name for p in window.store.profiles()] == ["Sam", "Ana"]
    dialog.confirm = lambda text: "delete"
    dialog.delete.click()
    assert [p.name for p in window.store.profiles()] == ["Sam"]
    assert dialog.message.text() == "Ana was deleted."
    assert dialog.list.count() == 1


def test_render_writes_nothing_into_a_learners_data(tmp_path: Path) -> None:
    from tilewise.store.progress import ProgressStore

    home = tmp_path / "real-home"
    home.mkdir()
    out = tmp_path / "shot.png"
    done = _run(["render", "--pack", "core", "--lesson", "tiles", "--step", "1", "--size",
                 "800x600", "--out", str(out)], home)
    assert done.returncode == 0, done.stderr[-2000:]
    stores = list(home.rglob("progress.sqlite3"))
    for path in stores:  # if the app made a store there, it holds no learner from render
        with ProgressStore(path) as store:
            assert store.profiles() == []


def test_help_scrolls_and_opens_at_its_first_line(window: Any, qtbot: Any) -> None:
    """The window opens a new Help dialog each time (``show_help``): at its top, scrolling
    inside itself when the text is longer than the dialog."""
    dialog = HelpDialog(window)
    qtbot.addWidget(dialog)
    dialog.resize(320, 160)  # far too small: it scrolls
    dialog.show()
    qtbot.waitExposed(dialog)
    bar = dialog.scroller.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    assert dialog.text.textFormat() == Qt.TextFormat.PlainText


def test_delete_saves_a_copy_first_and_deletes_only_once_it_is_written(
        window: Any, qtbot: Any, tmp_path: Path) -> None:
    """"Save a copy first...": the learner's file (read back by Import a learner), then the
    delete; a cancelled file dialog or a file that cannot be written deletes nothing."""
    from tilewise.gui.plaintext import unbroken
    from tilewise.store.transfer import import_learner, read_export

    ana = window.store.create_profile("Ana/Marí:a", "es")
    window.store.save_lesson(ana.id, "core", "tiles", {"lesson": "tiles", "index": 3}, 0.5, False)
    dialog = dialog_for(window, qtbot)
    select(dialog, "Ana/Marí:a")
    seen: list[str] = []

    def press(label: str) -> None:  # the real question, answered by its buttons
        box = next(w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMessageBox) and w.isVisible())
        no = box.button(QMessageBox.StandardButton.No)  # Qt's own word, in Qt's language
        seen.append(" | ".join(sorted(b.text() for b in box.buttons() if b is not no)))
        chosen = [b for b in box.buttons() if b.text() == label or (label == "No" and b is no)]
        (chosen[0] if chosen else box.buttons()[0]).click()  # never left open

    QTimer.singleShot(0, lambda: press("Save a copy first…"))
    assert dialog.confirm("Delete Ana?") == "save"
    QTimer.singleShot(0, lambda: press("Delete"))
    assert dialog.confirm("Delete Ana?") == "delete"
    assert seen[0] == "Delete | Save a copy first…", seen
    QTimer.singleShot(0, lambda: press("No"))
    assert dialog.confirm("Delete Ana?") == "cancel"
    dialog.confirm = lambda text: "save"
    suggested: list[str] = []
    dialog.save_name = lambda name: suggested.append(name) or ""  # cancelled
    dialog.delete.click()
    assert suggested == ["Ana_Marí_a-tilewise.json"]  # the name, safe for a file system
    assert len(window.store.profiles()) == 2 and "Nothing was deleted" in dialog.message.text()
    blocked = tmp_path / "no-folder" / "ana.json"  # its folder does not exist: not written
    dialog.save_name = lambda name: str(blocked)
    dialog.delete.click()
    assert len(window.store.profiles()) == 2 and "could not be written" in dialog.message.text()
    target = tmp_path / "ana-copy.json"
    dialog.save_name = lambda name: str(target)
    dialog.delete.click()
    assert [p.name for p in window.store.profiles()] == ["Sam"]
    # the name kept from breaking at its hyphen when the line wraps (tester 6)
    told = dialog.message.text()
    assert unbroken("ana-copy.json") in told and "ana-copy.json" not in told
    back = import_learner(window.store, read_export(target))  # the copy reads back whole
    assert back.name == "Ana/Marí:a" and back.language == "es"
    saved = window.store.load_lesson(back.id, "core", "tiles")
    assert saved is not None and saved["index"] == 3
