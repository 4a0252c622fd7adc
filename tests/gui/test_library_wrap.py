"""The library is never wider than its window (tester 7, shots 080, 085, 086, 191): a pack title
of 106 characters did not wrap, and a lesson title of 3990 characters with no space (under the
pack format's 4000) made every card thousands of pixels wide; the library showed a horizontal
scroll bar and cut off its right column of cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QLabel

from tests.gui.conftest import start_shown
from tilewise.gui.plaintext import LONGEST_RUN, breakable

TITLE = ("Mahjong für Fortgeschrittene: Charleston, Joker und Ansagen am amerikanischen Tisch, "
         "mit vielen Beispielen")


def test_breakable_breaks_only_long_runs_and_keeps_clusters_whole() -> None:
    word = "aufeinanderfolgender"  # the core pack's longest word: kept whole
    assert len(word) == LONGEST_RUN and breakable(f"{word} x") == f"{word} x"
    assert breakable("T" * 21) == "\u200b".join("T" * 21)
    assert breakable("a-" + "b" * 20 + "/c") == "a-" + "b" * 20 + "/c"
    # Devanagari: no break before a vowel sign, after a virama, or inside a cluster
    broken = breakable("क्षत्रिय" * 4)
    assert broken.replace("\u200b", "") == "क्षत्रिय" * 4
    assert "\u200b" in broken and "\u094d\u200b" not in broken and "\u200b\u093f" not in broken


def _pack(folder: Path) -> Path:
    folder.mkdir()
    (folder / "pack.toml").write_text(
        f'id = "wide"\nversion = "1.0.0"\ntitle = "{TITLE}"\nsummary = "{"S" * 300}"\n'
        'languages = ["en"]\nmin_app_version = "0.1.0"\nauthors = ["A"]\n'
        'licence = "CC-BY-SA-4.0"\nassets = []\n', encoding="utf-8")
    for number, (lesson, title) in enumerate((("long", "T" * 3990), ("short", "Short"))):
        (folder / f"0{number}-{lesson}.toml").write_text(
            f'id = "{lesson}"\ntitle = "{title}"\ngoal = "{"G" * 500}"\nprerequisites = []\n'
            '[[steps]]\nid = "e"\nkind = "explain"\ntitle = "t"\ntext = "x"\n',
            encoding="utf-8")
    return folder


def test_a_long_title_and_an_unbroken_lesson_title_fit_the_window(
        home: Path, qtbot: Any, tmp_path: Path) -> None:
    window = start_shown(qtbot, ["--profile", "Cem", "--pack", str(_pack(tmp_path / "wide"))])
    try:
        window.finish_checks()
        library = window.library
        qtbot.waitUntil(lambda: any(p.id == "wide" for p in library.packs), timeout=10000)
        assert library.reveal_pack("wide")
        QApplication.processEvents()
        assert (window.width(), window.height()) == (1024, 768)
        view = library.scroller.viewport()
        body = library.scroller.widget()
        assert not library.scroller.horizontalScrollBar().isVisible()
        assert body.width() <= view.width(), (body.width(), view.width())
        heading = next(t for t in body.findChildren(QLabel, "packTitle")
                       if t.property("packId") == "wide")
        assert heading.width() <= view.width()
        assert heading.height() > 1.5 * heading.fontMetrics().height()  # wrapped: two lines
        long_card, short_card = library.card("wide", "long"), library.card("wide", "short")
        for card in (long_card, short_card):
            assert card.mapTo(body, card.rect().topRight()).x() <= view.width()
        assert abs(long_card.width() - short_card.width()) <= 1  # the columns share the width
        title = long_card.findChild(QLabel, "cardTitle")
        assert title.width() + long_card.button.width() < long_card.width()
        assert title.text().replace("\u200b", "") == "T" * 3990
        # a screen reader hears the title without the invisible breaks
        assert long_card.button.accessibleName() == "Start: " + "T" * 3990
    finally:
        window.close()
        window.store.close()
