"""The empty library after a broken pack (tester's report, shots 10-11): with the core pack's
TOML broken, the library said "Es ist kein Lektionspaket installiert" though a pack is
installed, only broken. It now says, in the learner's language, that the packs could not be
opened, and its button shows the problems; with no pack at all it still says none is
installed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import start_shown
from tilewise.gui.dialogs.problems import ProblemsDialog
from tilewise.i18n import set_language

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"


def _texts(window: Any) -> str:
    from PySide6.QtWidgets import QLabel

    body = window.library.scroller.widget()
    return "\n".join(label.text() for label in body.findChildren(QLabel) if label.isVisible())


def test_a_broken_only_pack_is_said_so_in_german_and_its_problems_shown(
        home: Path, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise.gui import app

    folder = tmp_path / "core"
    shutil.copytree(CORE, folder)
    tiles = folder / "01-tiles.toml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace("prerequisites = []",
                                                               "prerequisites = [", 1),
                     encoding="utf-8")
    monkeypatch.setattr(app, "pack_folders", lambda extra: [folder])
    shown: list[str] = []
    monkeypatch.setattr(ProblemsDialog, "exec", lambda box: shown.append(box.text()) or 0)
    try:
        window = start_shown(qtbot, ["--profile", "Lee", "--lang", "de"])
        window.finish_checks()  # as the learner's first press does
        qtbot.waitUntil(lambda: "Lektionspaket" in _texts(window), timeout=10000)
        assert window.packs == []
        said = _texts(window)
        assert "Kein Lektionspaket konnte geöffnet werden" in said, said
        assert "kein Lektionspaket installiert" not in said
        button = window.library.problems_button
        assert button is not None and button.isVisible() and button.text() == "Probleme anzeigen"
        # no Practice or Review into rooms without lessons (they were offered): hidden, their
        # menu entries off, the line says why; the keys start on the problems' button
        rooms = window.library.room_buttons
        assert len(rooms) == 2 and not any(b.isVisible() for b in rooms)
        assert not window.practice.action.isEnabled() and not window.review.action.isEnabled()
        assert not window.act_present.isEnabled()  # F5 did nothing, its menu entry was on
        assert not window.act_glossary.isEnabled()  # an empty table
        assert "Übung und Wiederholung" in said, said
        assert not window.library.note.isVisible()
        assert window.focusWidget() is button
        shown.clear()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert len(shown) == 1 and "01-tiles.toml" in shown[0], shown
        # tomllib's words in German too (they came in English)
        assert "ungültiger Wert (ein Text braucht Anführungszeichen) (in Zeile 7, Spalte 3)" \
            in shown[0], shown[0]
        # every pack failed: not "the other lessons are as before"
        assert shown[0].startswith("Wegen dieser Probleme konnte kein Lektionspaket"), shown[0]
        window.close()
        window.store.close()
    finally:
        set_language("en")


def test_no_pack_at_all_still_says_none_is_installed(window: Any) -> None:
    window.problems = []
    shelf = window.shelf
    window.library.show_packs([], {}, "Sam")
    said = _texts(window)
    assert "No lesson pack is installed." in said
    assert "Practice and review use the lessons" in said
    assert window.library.problems_button is None
    rooms = window.library.room_buttons
    assert not any(b.isVisible() for b in rooms) and not window.practice.action.isEnabled()
    window.library.show_packs(shelf, {}, "Sam")  # a pack again: both rooms are offered
    assert all(b.isVisible() for b in rooms) and window.review.action.isEnabled()
    assert window.act_present.isEnabled() and window.act_glossary.isEnabled()
    assert window.library.note.isVisible()
