"""Accessibility: the table's accessible tree, marks that do not rely on colour, the system's
dark scheme and font size, and every lesson completable with Tab, arrows, Space and Enter."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAccessible, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.gui.conftest import open_step, rack_index
from tilewise.gui.reasons import tile_name
from tilewise.gui.style import style_sheet
from tilewise.gui.table.access import FOCUS, PRESS, TOGGLE
from tilewise.gui.table.items import BADGE_H, TILE_W


def tree(view: Any) -> list[tuple[Any, str, Any]]:
    """(role, name, state) of every accessible child of the table view."""
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None
    children = []
    for number in range(iface.childCount()):
        child = iface.child(number)
        assert child is not None and child.isValid()
        assert iface.indexOfChild(child) == number
        assert child.parent() is iface or child.parent().object() is view
        children.append((child.role(), child.text(QAccessible.Text.Name), child.state()))
    return children


def test_the_charleston_table_is_an_accessible_list_of_tiles_zones_and_seats(window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    view = player.table
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.role() == QAccessible.Role.List
    assert iface.text(QAccessible.Text.Name) == "Table"
    children = tree(view)
    tiles = player.table_scene.tiles
    assert len(tiles) == 14
    for number, tile in enumerate(tiles):
        role, name, state = children[number]
        assert role == QAccessible.Role.ListItem
        assert name == f"{tile_name(tile.code)}, {number + 1} of 14"
        assert state.focusable and state.selectable and not state.selected
    role, name, _state = children[14]
    assert (role, name) == (QAccessible.Role.Button, "Pass to the right: South, 0 of 3 tiles")
    assert iface.child(14).text(QAccessible.Text.Description) == (
        "Press 1 to send the selected tiles here.")
    seats = [(r, n) for r, n, _s in children[15:]]
    assert seats == [
        (QAccessible.Role.StaticText, "West, Across (opposite seat), 13 tiles"),
        (QAccessible.Role.StaticText, "North, Left (upper seat), 13 tiles"),
        (QAccessible.Role.StaticText, "South, Right (lower seat), 13 tiles"),
        (QAccessible.Role.StaticText, "You: East"),
        (QAccessible.Role.Graphic, "Arrow from your rack to the pass zone"),
        (QAccessible.Role.Graphic, "Arrow from the pass zone to South"),
    ]
    # Every arrow and the learner's seat lie on the screen (a rect a screen reader can show).
    assert all(not iface.child(n).rect().isEmpty() for n in range(18, 21))


def test_zones_are_focusable_and_pressable_and_tiles_toggle(window: Any) -> None:
    """The actions AT-SPI offers (issue 16: the pass zone could be neither focused nor
    pressed): toggling a tile selects it, pressing the zone sends the selection there."""
    player = open_step(window, "charleston", "first-right")
    iface = QAccessible.queryAccessibleInterface(player.table)
    zone = iface.child(14)
    assert zone.state().focusable and not zone.state().focused
    actions = zone.actionInterface()
    assert actions.actionNames() == [PRESS, FOCUS]
    assert actions.keyBindingsForAction(PRESS) == ["1"]
    assert iface.child(18).actionInterface().actionNames() == []  # "You: East" does nothing
    actions.doAction(FOCUS)
    assert iface.focusChild() is zone and zone.state().focused
    nine = next(n for n, t in enumerate(player.table_scene.tiles) if t.code == "9C")
    iface.child(nine).actionInterface().doAction(TOGGLE)
    assert iface.child(nine).state().selected and iface.focusChild() is iface.child(nine)
    actions.doAction(PRESS)
    assert zone.text(QAccessible.Text.Name) == "Pass to the right: South, 1 of 3 tiles"
    assert TOGGLE not in iface.child(nine).actionInterface().actionNames()  # placed now
    actions.doAction(FOCUS)
    QTest.keyClick(player.table, Qt.Key.Key_Right)  # a key: the focus is on the tiles again
    assert iface.focusChild().role() == QAccessible.Role.ListItem and not zone.state().focused
    # Pressing an empty selection is refused by the table, not by the accessible layer.
    actions.doAction("no such action")
    assert zone.text(QAccessible.Text.Name) == "Pass to the right: South, 1 of 3 tiles"


def test_instruction_and_feedback_carry_their_words_in_spanish(window: Any) -> None:
    from tilewise.gui.player.text import spoken
    from tilewise.i18n import _, set_language

    set_language("es")
    player = open_step(window, "charleston", "first-right")
    text = QAccessible.queryAccessibleInterface(player.text)
    words = spoken(player.pack_text(player.session.step.text))
    assert len(words.split()) > 5 and text.text(QAccessible.Text.Name).startswith(words)
    assert text.text(QAccessible.Text.Description) == _("Lesson text") != "Lesson text"
    player.drop(rack_index(player, "J"), "pass")
    box = QAccessible.queryAccessibleInterface(player.feedback)
    assert box.text(QAccessible.Text.Name) == _("Feedback") != "Feedback"
    assert box.text(QAccessible.Text.Description) == player.feedback_text()
    assert player.feedback_text().startswith(_("Not allowed."))
    assert spoken("Pasa \U0001F02A\ufe0f y \U0001F007.") == (
        f"Pasa {tile_name('J')} y {tile_name('1C')}.")


def test_one_key_press_says_one_thing_and_the_verdict_wins(window: Any,
                                                           monkeypatch: Any) -> None:
    """Enter sends three tiles: "2 more tiles to pass.", "1 more tile to pass.", the verdict
    and the focused tile's name are asked for; only the verdict is spoken, once. Space sends
    one selection event for the tile."""
    from tilewise.gui.player import feedback

    said: list[tuple[str, bool]] = []
    monkeypatch.setattr(feedback, "send",
                        lambda _w, text, assertive=False: said.append((text, assertive)))
    events: list[tuple[Any, int]] = []
    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(QAccessible, "updateAccessibility",
                        staticmethod(lambda e: events.append((e.type(), e.child()))))
    player = open_step(window, "charleston", "first-right")
    view, scene = player.table, player.table_scene
    view.setFocus()
    QApplication.processEvents()
    said.clear()
    for code in ("9C", "7D", "8D"):
        scene.focus_index = next(t.index for t in scene.tiles if t.code == code)
        events.clear()
        said.clear()
        QTest.keyClick(view, Qt.Key.Key_Space)
        QApplication.processEvents()
        assert (QAccessible.Event.SelectionAdd, scene.focus_index) in events
        assert len(said) == 1 and said[0][0].startswith(f"{tile_name(code)}, ")
        assert ", selected " in said[0][0]
    said.clear()
    QTest.keyClick(view, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert said == [(player.feedback_text().replace("\n", " "), False)]
    assert said[0][0].startswith("Well done!")
    # A refused move: its reason, assertive, is the one thing said.
    player = open_step(window, "charleston", "first-right")
    player.table.setFocus()
    scene = player.table_scene
    scene.focus_index = next(t.index for t in scene.tiles if t.code == "J")
    QTest.keyClick(player.table, Qt.Key.Key_Space)
    QApplication.processEvents()
    said.clear()
    QTest.keyClick(player.table, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert len(said) == 1 and said[0][1] and said[0][0].startswith("Not allowed.")


def test_selection_focus_and_drops_show_in_the_tree(window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    view = player.table
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Space)
    iface = QAccessible.queryAccessibleInterface(view)
    focus = iface.focusChild()
    assert focus is not None and iface.indexOfChild(focus) == 1
    assert focus.text(QAccessible.Text.Name) == "Five Bam, 2 of 14, selected 1 of 1"
    assert focus.state().selected and focus.state().focused
    assert not iface.child(0).state().focused
    player.drop(rack_index(player, "9C"), "pass")
    zone = iface.child(len(player.table_scene.tiles))
    assert zone.text(QAccessible.Text.Name) == "Pass to the right: South, 1 of 3 tiles"
    placed = iface.child(5)
    assert placed.text(QAccessible.Text.Name).endswith(", placed")
    # A rebuilt, smaller table never leaves a child that claims to be there.
    open_step(window, "jokers", "build-pung")
    assert not iface.child(0).isValid() or iface.child(0).text(QAccessible.Text.Name)
    assert iface.childCount() == len(tree(view))


def test_exposed_tiles_are_named_with_their_seat(window: Any) -> None:
    pack = window.packs[0]
    for lesson in pack.lessons:
        for step in lesson.steps:
            melds = (step.task.state.get("melds") or {}) if step.task is not None else {}
            if any(melds.values()):
                open_step(window, lesson.id, step.id)
                names = [n for _r, n, _s in tree(window.player.table)]
                assert any(", exposed by " in n for n in names), names
                return
    pytest.fail("no step with exposures in the core pack")


def test_selected_tiles_carry_a_mark_besides_colour(window: Any) -> None:
    """A selected tile gets a badge (tick and number) outside the face: the pixels there
    change, and differ between the first and second selected tile."""
    player = open_step(window, "charleston", "first-right")
    view, scene = player.table, player.table_scene
    window.resize(1024, 768)
    QApplication.processEvents()
    tile = scene.tiles[3]
    tag = view.mapFromScene(tile.mapToScene(QPointF(TILE_W / 2, -BADGE_H / 2 - 6)))
    box = view.viewport().grab().toImage()

    def patch(image: QImage) -> list[int]:
        return [image.pixel(tag.x() + dx, tag.y() + dy) for dx in range(-12, 13, 4)
                for dy in range(-6, 7, 3)]

    before = patch(box)
    player.select(tile.tile_id)
    first = patch(view.viewport().grab().toImage())
    assert first != before
    assert tile.selection_number() == 1
    player.select(scene.tiles[1].tile_id)
    assert tile.selection_number() == 2
    second = patch(view.viewport().grab().toImage())
    assert second != first  # the number in the tag changed from 1 to 2
    # A press on the tag above a tile does not pick the tile up (only the face does).
    assert view._tile_at(tile.mapToScene(QPointF(TILE_W / 2, -BADGE_H / 2))) is None
    assert view._tile_at(tile.mapToScene(QPointF(TILE_W / 2, 50))) is tile


def test_feedback_has_a_word_and_an_icon(window: Any) -> None:
    player = open_step(window, "charleston", "first-right")
    player.drop(rack_index(player, "J"), "pass")
    assert player.feedback_text().startswith("Not allowed.")
    assert player.feedback_icon.isVisible() and not player.feedback_icon.pixmap().isNull()
    bad = player.feedback_icon.pixmap().toImage()
    for code in ("9C", "7D", "8D"):
        player.drop(rack_index(player, code), "pass")
    assert player.feedback_text().startswith("Well done!")
    assert player.feedback_icon.pixmap().toImage() != bad


def test_style_follows_dark_scheme_and_system_font_size() -> None:
    light = style_sheet("classic", 1.0, dark=False, system_px=40 / 3)
    dark = style_sheet("classic", 1.0, dark=True, system_px=40 / 3)
    assert "color: #1b1b1b" in light and "color: #ececec" in dark
    assert "font-size: 18px" in light
    bigger = style_sheet("classic", 1.0, dark=False, system_px=20)
    assert "font-size: 27px" in bigger  # 18 * 20 / 13.33
    assert "font-size: 36px" in style_sheet("classic", 2.0, dark=False, system_px=12)
    assert "#000000" in style_sheet("contrast", 1.0, dark=True, system_px=12)


def test_tiles_have_their_name_as_tooltip_in_the_learners_language(window: Any) -> None:
    from tilewise.i18n import set_language

    set_language("es")
    player = open_step(window, "charleston", "first-right")
    tile = player.table_scene.tiles[0]
    assert tile.toolTip() == tile_name(tile.code) != "Five Bam"


def test_tab_order_is_text_table_then_buttons(window: Any) -> None:
    player = open_step(window, "claims", "chi")
    player.text.setFocus()
    QApplication.processEvents()
    order = [QApplication.focusWidget()]
    for _n in range(4):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    assert order[0] is player.text
    assert order[1] is player.table
    assert all(isinstance(w, QPushButton) for w in order[2:])
    assert order[2].objectName().startswith("command:")


# ---- keyboard only -------------------------------------------------------------------------

def plan(player: Any, action: dict[str, Any], task: Any) -> tuple[list[str], str | None, str | None]:
    """(tiles to select, zone to send them to, command button) for ``action``."""
    kind, seat = action["type"], task.seat
    if kind == "pass":
        return [*action.get("tiles", []), *["back"] * int(action.get("blind", 0) or 0)], "pass", None
    if kind == "courtesy":
        return list(action["offers"].get(seat, [])), "courtesy", "offer"
    if kind == "group":
        on_table = Counter(t.code for t in player.table_scene.tiles if not t.movable)
        tiles = list((Counter(action["tiles"]) - on_table).elements())
        return tiles, "group", f"as:{action.get('as') or task.given.get('as')}"
    if kind in ("claim", "claims"):
        claim = action if kind == "claim" else next(
            c for c in action["claims"] if c.get("seat", seat) == seat)
        return list(claim.get("tiles", [])), "claim", f"claim:{claim['claim']}"
    if kind in ("vote", "votes"):
        keep = action["continue"] if kind == "vote" else action["continue"][seat]
        return [], None, "vote:continue" if keep else "vote:stop"
    if kind == "discard":
        return [action["tile"]], "discard", None
    if kind == "kong_concealed":
        return [action["tile"]], "kong", None
    if kind == "kong_added":
        return [action["tile"]], f"kong_{action['end']}", None
    if kind == "joker_exchange":
        target = action["target"]
        return [action["tile"]], f"swap:{target['seat']}:{target['meld']}", None
    if kind == "declare_win":
        return [], None, "declare_win"
    if kind == "card_need":
        return list(action["tiles"]), "keep", "check:card_need"
    raise AssertionError(kind)


def by_keyboard(player: Any, tiles: list[str], zone: str | None, command: str | None) -> None:
    """Tab from the lesson text to the table, arrows and Space to select, Enter to send,
    Tab to the command button and Space to press it."""
    player.text.setFocus()
    QApplication.processEvents()
    QTest.keyClick(player.text, Qt.Key.Key_Tab)
    view = player.table
    assert QApplication.focusWidget() is view
    scene = player.table_scene
    wanted = Counter(tiles)
    for _n in range(2 * len(scene.tiles) + 2):
        if not +wanted:
            break
        tile = scene.focused_tile()
        if tile is not None and wanted[tile.code] > 0 and not tile.selected_ and tile.placed is None:
            QTest.keyClick(view, Qt.Key.Key_Space)
            wanted[tile.code] -= 1
        else:
            QTest.keyClick(view, Qt.Key.Key_Right)
    assert not +wanted, f"could not reach {dict(wanted)}"
    if zone is not None:
        assert list(scene.zones)[0] == zone
        QTest.keyClick(view, Qt.Key.Key_Return)
    if command is not None:
        for _n in range(20):
            QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            if QApplication.focusWidget().objectName() == f"command:{command}":
                break
        button = QApplication.focusWidget()
        assert button.objectName() == f"command:{command}"
        QTest.keyClick(button, Qt.Key.Key_Space)


def test_one_task_per_lesson_by_keyboard_alone(window: Any) -> None:
    pack = window.packs[0]
    done = []
    for lesson in pack.lessons:
        for step in lesson.steps:
            if step.task is None:
                continue
            player = open_step(window, lesson.id, step.id)
            tiles, zone, command = plan(player, dict(step.task.answers[0].action), step.task)
            if zone is not None and list(player.table_scene.zones)[0] != zone:
                continue  # a task for the digit keys; take the next one
            by_keyboard(player, tiles, zone, command)
            assert player.session.record().done, (lesson.id, step.id, player.feedback_text())
            done.append(lesson.id)
            break
    # a guided whole hand has no table task: the play room's keys test covers it
    assert done == [lesson.id for lesson in pack.lessons
                    if any(step.task is not None for step in lesson.steps)]


def test_a_quiz_by_keyboard_alone(window: Any) -> None:
    pack = window.packs[0]
    lesson = next(x for x in pack.lessons if any(s.quiz is not None for s in x.steps))
    step = next(s for s in lesson.steps if s.quiz is not None)
    player = open_step(window, lesson.id, step.id)
    player.text.setFocus()
    QApplication.processEvents()
    for _n in range(20):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget().objectName() == f"option:{step.quiz.answer}":
            break
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert player.session.record().done


def mnemonics(menu: Any) -> list[tuple[str, str]]:
    """(accelerator letter, text) of each action in ``menu`` that has one ("&&" is no mark)."""
    marks = []
    for action in menu.actions():
        text = action.text().replace("&&", "")
        if "&" in text and not action.isSeparator():
            marks.append((text[text.index("&") + 1].casefold(), action.text()))
    return marks


@pytest.mark.parametrize("language", ["en", "es", "de", "hi"])
def test_no_two_items_of_a_menu_share_an_accelerator(window: Any, language: str) -> None:
    """Alt+letter reaches one item: within the menu bar and within each menu, every "&x"
    letter is used once, in each language the app ships."""
    from tilewise.i18n import set_language

    set_language(language)
    try:
        bar = window.menuBar()
        menus = [action.menu() for action in bar.actions() if action.menu() is not None]
        assert len(menus) >= 2
        for marks in [mnemonics(bar)] + [mnemonics(menu) for menu in menus]:
            assert len(marks) >= 2  # every item is marked, so the check has something to see
            letters = Counter(letter for letter, _text in marks)
            assert [m for m in marks if letters[m[0]] > 1] == [], language
    finally:
        set_language("en")
