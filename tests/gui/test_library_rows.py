"""The library shows a teacher two to three rows of lesson cards at 1024x768 (issue 16).

A newcomer saw about 1.3 rows: tall cards (a roomy button, a line for the prerequisites, a
progress line under the lock note) and the practice and review buttons a row each. With the
app's style sheet, in en, es, de and hi: at least two whole rows of cards show under the pack's
title and summary, no text of the library is cut (``gui.fits.cut_off``) or under 14 px, and
the window stays 1024x768.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tilewise.gui.fits import cut_off
from tilewise.gui.style import style_sheet
from tilewise.i18n import set_language

LEAST_TEXT_PX = 14


def whole_rows(library: Any) -> float:
    """How many rows of cards the library's scroller shows at its top: whole rows, plus the
    shown part of the next one."""
    view = library.scroller.viewport()
    tops = sorted({card.mapTo(view, card.rect().topLeft()).y() for card in library.cards})
    height = max(card.height() for card in library.cards)
    shown = 0.0
    for top in tops:
        if top + height <= view.height():
            shown += 1
        elif top < view.height():
            shown += (view.height() - top) / height
    return shown


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_two_rows_of_lesson_cards_show_at_1024_by_768(window: Any, lang: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet(style_sheet("classic", 1.0))
    try:
        set_language(lang)
        window.resize(1024, 768)
        window.show_library()
        QApplication.processEvents()
        library = window.library
        assert (window.width(), window.height()) == (1024, 768)
        assert whole_rows(library) >= 2.0, whole_rows(library)
        assert not cut_off(library), [(c.name, c.text[:40]) for c in cut_off(library)]
        small = [w.text()[:30] for w in library.findChildren(QLabel)
                 + library.findChildren(QPushButton)
                 if w.isVisibleTo(library) and w.text()
                 and w.fontInfo().pixelSize() < LEAST_TEXT_PX]
        assert not small, small
    finally:
        app.setStyleSheet("")
        set_language("en")
