"""A language or tile theme switched in the settings redraws the practice tables at once,
through the settings dialog's own path (``MainWindow.edit_settings``): the play room's table
(and presenter mode's), the Charleston practice's table and its practice lines' tiles, the
claims drill's table (tester report: they kept the old language or theme until the next
move). And "Let it go" after a tile was dragged into the claim zone marks no tile as arrived."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from tests.gui.test_play import drag_tiles, press
from tests.gui.test_presenter import flush_deletes
from tilewise.gui.reasons import seat_name
from tilewise.i18n import ngettext, set_language


def choose_settings(window: Any, monkeypatch: pytest.MonkeyPatch, language: str,
                    theme: str) -> None:
    """Tilewise > Settings: ``language`` and ``theme`` chosen, then OK."""
    from tilewise.gui.dialogs import dialogs

    class Chosen(dialogs.SettingsDialog):
        def exec(self) -> int:
            self.language.setCurrentIndex(self.language.findData(language))
            self.theme.setCurrentIndex(self.theme.findData(theme))
            return 1

    monkeypatch.setattr(dialogs, "SettingsDialog", Chosen)
    window.edit_settings()


def table_texts(view: Any) -> set[str]:
    """Every caption drawn on ``view``'s table, its lines joined by spaces (a long caption is
    wrapped to stay clear of the seats' plates)."""
    return {" ".join(item.text().split()) for item in view.table_scene.items()
            if isinstance(item, QGraphicsSimpleTextItem)}


def wall_caption(view: Any) -> str:
    """The wall's caption in the current language for the table of ``view``."""
    count = len(view.desk.table.wall())
    return ngettext("Wall: {n} tile left", "Wall: {n} tiles left", count)


def faces(row: Any) -> list[QImage]:
    """The pictures of a practice line's tiles (``TileRow``)."""
    return [button.icon().pixmap(button.iconSize()).toImage() for button in row.buttons]


def test_a_language_switch_redraws_the_play_room_and_the_presenters_table(
        window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """WSM, New deal, then Settings > Español > OK: the wall, seat and zone captions of the
    table in Spanish at once, in the main window's play room and in presenter mode's."""
    hub = window.practice
    hub.open_play()
    view = hub.play
    view.deal("wsm", 7, "S")
    english = table_texts(view)
    assert wall_caption(view) in english and seat_name("N") in english
    shown = window.present()  # F5: the hand projected
    assert shown is not None and shown.hand_view is not None
    try:
        choose_settings(window, monkeypatch, "es", window.settings.theme)
        for room in (view, shown.hand_view):
            spanish = table_texts(room)
            assert wall_caption(room) in spanish and seat_name("N") in spanish, spanish
            assert not spanish & english - {view.engine.code}, spanish & english
    finally:
        set_language("en")
        shown.close()
        flush_deletes(shown)


def test_a_language_and_theme_switch_redraws_the_practice_tables(
        window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Charleston practice after a pass, then Settings > Deutsch, Colour-blind safe > OK:
    its table's captions in German and the practice lines' tiles in the new theme; the claims
    drill's table in German too."""
    hub = window.practice
    hub.open_charleston()
    charleston = hub.charleston
    rack = charleston.desk.table.rack(charleston.desk.table.seat)
    jokers = [i for i in rack if charleston.desk.table.tiles[i].code == "J"]
    for tile_id in [i for i in rack if i not in jokers][:3]:
        charleston.drop(tile_id, "pass")
    assert charleston.practice is not None and charleston.practice.step != "first_right"
    hub.open_claims()
    drill = hub.claims
    before_lines = [faces(row) for row in charleston.line_rows]
    english = {name: table_texts(v) for name, v in (("c", charleston), ("d", drill))}
    try:
        choose_settings(window, monkeypatch, "de", "colourblind")
        assert window.images.theme == "colourblind"
        for row, before in zip(charleston.line_rows, before_lines, strict=True):
            after = faces(row)
            assert len(after) == len(before) and all(
                a != b for a, b in zip(after, before, strict=True))
        for name, room in (("c", charleston), ("d", drill)):
            german = table_texts(room)
            assert german and not german & english[name] - {"", "West"}, \
                (name, german & english[name])
    finally:
        set_language("en")


def test_letting_a_discard_go_marks_no_tile_as_arrived(qtbot: Any, window: Any) -> None:
    """A rack tile dragged into the claim zone, then "Let it go": it is back in the rack and
    no tile has the "just arrived" mark (nothing was drawn)."""
    hub = window.practice
    hub.open_play()
    view = hub.play
    view.deal("wsm", 7, "S")
    engine = view.engine
    while "no_claim" not in engine.allowed("S"):
        if "draw" in engine.allowed("S"):
            view.command("draw")
        else:
            view.drop(view.desk.table.rack("S")[-1], "discard")
    QApplication.processEvents()
    code = view.desk.table.tiles[view.desk.table.rack("S")[0]].code
    drag_tiles(view, [code], "claim")
    assert view.desk.table.staged("claim")
    press(qtbot, view, "no_claim")
    assert not view.desk.table.staged("claim") if view.desk.table.zone("claim") else True
    assert not [t.code for t in view.desk.table.tiles if t.arrived]
    assert not [t for t in view.table_scene.tiles if getattr(t, "arrived", False)]
