"""The translator's preview (``tilewise translate``) and the language menu's readiness marks.

The preview reloads after the ``.po`` is saved (QFileSystemWatcher), marks untranslated and
fuzzy text, and flags a step that does not fit 1024x768. The language menu offers only
complete languages as ready; a half-translated one is listed as incomplete with its percent.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tilewise.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]
ENTRY = 'msgctxt "tiles/suits"\nmsgid "Three suits"\nmsgstr "'


def small_pack(tmp_path: Path) -> Path:
    """The core pack with its first lesson only (its catalogs keep the other lessons' text)."""
    folder = tmp_path / "pack"
    shutil.copytree(ROOT / "lessons" / "core", folder, ignore=shutil.ignore_patterns("*.mo"))
    for lesson in sorted(folder.glob("*.toml")):
        if lesson.name not in ("pack.toml", "01-tiles.toml"):
            lesson.unlink()
    manifest = folder / "pack.toml"  # its glossary names lessons cut out here: drop it
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.split("\n[[glossary]]", 1)[0] + "\n", encoding="utf-8")
    return folder


@pytest.fixture
def preview(qtbot: Any, home: Path, tmp_path: Path) -> Any:
    from tilewise.gui.app import make_application
    from tilewise.gui.translate.preview import TranslatePreview

    make_application()
    widget = TranslatePreview(small_pack(tmp_path), "es")
    qtbot.addWidget(widget)
    yield widget
    set_language("en")


def row_of(preview: Any, context: str) -> int:
    return next(i for i, p in enumerate(preview.places) if p.context == context)


def test_the_preview_shows_source_beside_translation_and_reloads_on_save(
        preview: Any, qtbot: Any) -> None:
    if ENTRY not in preview.po.read_text(encoding="utf-8"):
        pytest.skip("the core pack's first step changed; pick another entry")
    row = row_of(preview, "tiles/suits")
    preview.places_list.setCurrentRow(row)
    english = [preview.table.item(r, 1).text() for r in range(preview.table.rowCount())]
    assert "Three suits" in english
    r = english.index("Three suits")
    assert preview.table.item(r, 2).text() == "Tres palos"
    assert "untranslated" not in preview.places_list.item(row).text()
    # the count is of the pack's texts: its catalog also keeps the cut lessons' entries
    # (tester 7: "1872 of 1872 translated" with the pack's new title untranslated)
    texts = len({(m.context, m.msgid) for ts in preview.texts.values() for m in ts})
    assert f"{texts} of {texts} texts translated, 0 fuzzy" in preview.status.text()
    text = preview.po.read_text(encoding="utf-8")
    with qtbot.waitSignal(preview.reloaded, timeout=5000):
        preview.po.write_text(text.replace(ENTRY + 'Tres palos"', ENTRY + '"'), encoding="utf-8")
    assert preview.table.item(r, 2).text() == ""
    total = preview.table.rowCount()  # one text of the step is untranslated, not all of it
    assert f"· 1 of {total} untranslated" in preview.places_list.item(row).text()
    assert f"{texts - 1} of {texts} texts translated" in preview.status.text()
    with qtbot.waitSignal(preview.reloaded, timeout=5000):  # an editor that replaces the file
        replaced = preview.po.with_name("es.po.new")
        replaced.write_text(text.replace(ENTRY + 'Tres palos"', '#, fuzzy\n' + ENTRY + 'Familias"'),
                            encoding="utf-8")
        replaced.replace(preview.po)
    assert preview.table.item(r, 2).text() == "Familias"
    assert "· 1 fuzzy text" in preview.places_list.item(row).text()
    assert preview.catalog.text("tiles/suits", "Three suits") == "Three suits"  # fuzzy: English


def test_a_step_that_does_not_fit_1024_by_768_is_flagged(preview: Any, qtbot: Any) -> None:
    row = row_of(preview, "tiles/suits")
    preview.places_list.setCurrentRow(row)
    assert preview.fit.text() == "This step fits a 1024×768 projector."
    text = preview.po.read_text(encoding="utf-8")
    long = " ".join(["Los palos de las fichas son tres y cada uno va del uno al nueve."] * 150)
    start = text.index('msgctxt "tiles/suits"\nmsgid ""\n"Most tiles')
    end = text.index("\n\n", start)
    entry = text[start:end]
    head = entry[: entry.index("msgstr")]
    with qtbot.waitSignal(preview.reloaded, timeout=5000):
        preview.po.write_text(text.replace(entry, f'{head}msgstr "{long}"'), encoding="utf-8")
    # Pages scroll instead of growing the window (issue 16): 150 sentences (about 80 lines at
    # 1024 px) are not cut off, the page scrolls; a step that scrolls on the projector is
    # flagged all the same.
    assert "does not fit" in preview.places_list.item(row).text()
    assert preview.fit.text().startswith("The page scrolls: "), preview.fit.text()


def test_a_broken_catalog_is_named_with_its_line_and_the_pack_row_gets_the_room(
        preview: Any, qtbot: Any) -> None:
    """A syntax error names the file and its line at the start of the status line (the
    detail in its tooltip); the pack's own texts (no step to draw) get the whole height."""
    preview.places_list.setCurrentRow(0)
    assert preview.picture.isHidden()
    preview.places_list.setCurrentRow(row_of(preview, "tiles/suits"))
    assert not preview.picture.isHidden()
    text = preview.po.read_text(encoding="utf-8")
    broken = text.replace('msgstr "Tres palos"', 'msgstr "Tres palos', 1)
    line = broken[: broken.index('msgstr "Tres palos')].count("\n") + 1
    with qtbot.waitSignal(preview.reloaded, timeout=5000):
        preview.po.write_text(broken, encoding="utf-8")
    assert preview.status.text().startswith(f"es.po cannot be read (line {line}), so "
                                            "learners would see every text in English.")
    assert preview.status.toolTip()
    with qtbot.waitSignal(preview.reloaded, timeout=5000):
        preview.po.write_text(text, encoding="utf-8")
    assert "texts translated" in preview.status.text() and not preview.status.toolTip()


def test_the_preview_fits_a_projector_screen() -> None:
    from PySide6.QtCore import QSize

    from tilewise.gui.translate.preview import window_size

    assert window_size(QSize(1024, 740)) == QSize(1024, 740)
    assert window_size(QSize(3840, 2100)) == QSize(1200, 800)


def test_translate_check_command_reports_the_steps(home: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from tilewise import cli

    assert cli.main(["translate", str(small_pack(tmp_path)), "--lang", "de", "--check"]) == 0
    assert "0 step(s) do not fit 1024x768" in capsys.readouterr().out
    assert cli.main(["translate", str(tmp_path / "nothing"), "--lang", "de", "--check"]) == 1
    assert cli.main(["translate", "--help"]) == 0
    set_language("en")


# -- the language menu ------------------------------------------------------------------------


def test_the_menu_marks_a_half_translated_language_incomplete(qtbot: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QComboBox

    from tilewise.gui.dialogs.languages import fill_language_box
    from tilewise.lessons.readiness import Readiness

    combo = QComboBox()
    qtbot.addWidget(combo)
    readiness = [Readiness("en", 100, 100), Readiness("es", 100, 100),
                 Readiness("de", 100, 99.7), Readiness("hi", 43.2, 100)]
    fill_language_box(combo, "de", readiness)
    items = [combo.itemText(i) for i in range(combo.count())]
    assert items == ["English", "Español", "", "Deutsch (incomplete: 99%)",
                     "हिन्दी (incomplete: 43%)"]
    assert combo.currentData() == "de"
    assert "lessons 99%" in combo.itemData(3, Qt.ItemDataRole.ToolTipRole)
    fill_language_box(combo, "hi", readiness, threshold=40)
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "English", "Español", "Deutsch", "हिन्दी"]


def test_the_separator_before_incomplete_languages_is_a_line_not_an_empty_row(qtbot: Any) -> None:
    """The open list shows the separator as a short row with a line across it; it was an
    empty row as tall as a language's (a tester read it as a missing language)."""
    from PySide6.QtWidgets import QApplication, QComboBox

    from tilewise.gui.dialogs.languages import SEPARATOR_HEIGHT, fill_language_box
    from tilewise.lessons.readiness import Readiness

    combo = QComboBox()
    qtbot.addWidget(combo)
    fill_language_box(combo, "en", [Readiness("en", 100, 100), Readiness("es", 100, 99)])
    combo.show()
    combo.showPopup()
    QApplication.processEvents()
    try:
        view = combo.view()
        rows = [view.visualRect(view.model().index(row, 0)) for row in range(3)]
        assert rows[1].height() == SEPARATOR_HEIGHT < rows[0].height() // 2
        assert rows[1].top() == rows[0].bottom() + 1 and rows[2].top() == rows[1].bottom() + 1
        image = view.viewport().grab().toImage()
        x, middle = rows[1].center().x(), rows[1].center().y()
        assert image.pixelColor(x, middle) != image.pixelColor(x, rows[1].top())  # the line
        assert image.pixelColor(x, rows[1].top()) == image.pixelColor(x, rows[1].bottom())
    finally:
        combo.hidePopup()


def test_the_settings_dialog_offers_the_shipped_languages_as_ready(window: Any) -> None:
    from tilewise.gui.dialogs.dialogs import NewProfileDialog, SettingsDialog

    dialog = SettingsDialog("de", "classic", 64, 1.0, window,
                            readiness=window.language_readiness())
    names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert names == ["English", "Español", "Deutsch", "हिन्दी"]
    first = NewProfileDialog("hi", window)  # first start: works out readiness from disk
    assert first.language.currentData() == "hi" and first.language.count() == 4
