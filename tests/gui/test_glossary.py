"""The glossary room: every core term per table, searchable, in the chosen language, each row
opening the step that teaches it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tilewise.i18n import _, set_language
from tilewise.lessons.model import GLOSSARY_VARIANTS


def open_glossary(window: Any) -> Any:
    window.act_glossary.trigger()
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.glossary
    return window.glossary


def test_every_term_is_listed_with_its_words_per_table(window: Any) -> None:
    view = open_glossary(window)
    pack = window.packs[0]
    assert view.visible_terms() == [entry.id for entry in pack.glossary]
    assert view.table.columnCount() == 1 + len(GLOSSARY_VARIANTS)
    row = [entry.id for entry in pack.glossary].index("pung")
    assert [view.table.item(row, c).text() for c in range(5)] == [
        "Three identical tiles.", "pung", "pong", "pon", "pong"]
    chi = [entry.id for entry in pack.glossary].index("chi")
    assert view.table.item(chi, 1).text() == "\u2014"  # no chi at an American table
    assert view.table.item(chi, 4).text() == "chow"


def test_search_filters_by_any_word_and_by_english(window: Any) -> None:
    view = open_glossary(window)
    view.search.setText("CHOW")
    assert view.visible_terms() == ["chi", "run"]
    view.search.setText("tenpai")
    assert view.visible_terms() == ["ready"]
    view.search.setText("no such word")
    assert view.visible_terms() == []
    view.search.clear()
    assert len(view.visible_terms()) == len(window.packs[0].glossary)


def test_terms_in_another_language_and_search_still_finds_english(window: Any) -> None:
    view = open_glossary(window)
    view.language.setCurrentIndex(view.language.findData("de"))
    row = view.rows.index(next(r for r in view.rows if r[1].id == "pair"))
    assert view.table.item(row, 1).text() == "Paar"
    assert view.table.item(row, 0).text() == "Zwei gleiche Steine."
    view.search.setText("pair")
    assert "pair" in view.visible_terms()
    view.search.setText("Paar")
    assert "pair" in view.visible_terms()
    # each language's name has a row tall enough for its script ("हिन्दी" too)
    from tilewise.gui.dialogs.languages import item_height

    for index in range(view.language.count()):
        hint = view.language.itemData(index, Qt.ItemDataRole.SizeHintRole)
        assert hint.height() == item_height(view.language, view.language.itemText(index))


def test_interface_language_sets_headings_and_default_term_language(window: Any) -> None:
    set_language("es")
    try:
        view = open_glossary(window)
        assert view.chosen_language() == "es"
        assert view.table.horizontalHeaderItem(0).text() == _("Meaning") != "Meaning"
        assert view.heading.text() == _("Glossary")
    finally:
        set_language("en")


def test_a_term_opens_the_step_that_teaches_it(window: Any) -> None:
    view = open_glossary(window)
    assert not view.open_button.isEnabled()
    assert view.select("tenpai") is False
    assert view.select("ready")
    assert view.open_button.isEnabled() and "step" in view.taught.text()
    view.open_button.click()
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.player
    assert (window.player.lesson.id, window.player.session.step.id) == ("waits-wsm", "ready")


def test_a_hidden_row_cannot_be_opened(window: Any) -> None:
    view = open_glossary(window)
    view.select("kong")
    view.search.setText("tenpai")
    view.open_selected()
    assert window.stack.currentWidget() is view
    view.back.click()
    assert window.stack.currentWidget() is window.library
