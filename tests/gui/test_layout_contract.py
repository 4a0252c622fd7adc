"""The layout contract (issue 16): every screen fits a 1024x768 projector with the app's real
style sheet, in every language, in normal and presenter mode.

What "fits" means, measured on every visible widget of the window after each screen is laid
out (``overflows``, by ``tilewise.gui.fits.cut_off``, which the translator's preview uses too):

- a word-wrapped label is as tall as its text at its width (``heightForWidth``);
- a label without wrapping is as wide and tall as its text (its minimum size hint: the font's
  ``horizontalAdvance`` of each line plus the style sheet's padding and border);
- a push button's contents rectangle (inside the style sheet's border and padding) holds its
  text (``horizontalAdvance``) and icon;
- the window stays 1024x768: nothing makes it larger (a log, a summary, a long quiz scrolls
  inside the page instead), and its minimum size is within the screen;
- readable sizes (``too_small``): labels and buttons in at least the body font (18 px; in
  presenter mode 0.8 of its type, 24 px at 768, so quiz text, options and task buttons are
  larger than on a desk); the rack's tiles and the exposures of a joker exchange at least
  ``MIN_TILE_PX`` (40 px) high; text on the table at least ``MIN_TEXT_PX`` (14 px; its
  words grow up to 1.5 times their size for it, and the table grows to hold them), in a
  step's picture at least 12 px (the picture's floor gets one more pass when the picture
  grows). No step is let off: ``procedure/kong-counts-three`` was (its picture repeated the
  table's kong and left the table 245 px high) until the picture went.

The style sheet is ``style_sheet("classic", 1.0)``, the one ``app.start()`` applies (a test run
unstyled measures smaller type than a learner sees). The languages are en, es, de, hi and the
pseudo-locale ``qps`` (every interface and pack string built from the English on the fly,
accented and about 40% longer: ``tilewise.i18n.pseudo``).

Every lesson step (299 x 5 languages x 2 modes) and the practice screens in every language,
in ``make test``. Cost: the whole file took 2 min 20 s of wall time (124 s CPU) on the shared
2-core machine while every step's widgets stayed alive: ``processEvents()`` never runs the
deferred deletes of the widgets a step replaces (only a return to the event loop does), so
each window kept every page it had shown and the next fixture's set-up and tear-down spent
3-6 s deleting them. :func:`check` now deletes them after each screen
(``sendPostedEvents(DeferredDelete)``, as the event loop would): 62 s CPU for the whole file,
so the sampling ``make test`` used (``TILEWISE_FULL=1`` lifted it) is gone. It runs in the widget
tests' pytest process beside the other one (the Makefile's ``pytest`` target), which ends
minutes before the other, so the full matrix costs ``make test`` no wall time while that is
so. A German Charleston step (tiles about 30 px, 120 px empty) passed the old sampled run
(every fourth German step) unseen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from tilewise.gui.fits import cut_off
from tilewise.gui.style import style_sheet
from tilewise.i18n import set_language

SCREEN = (1024, 768)
#: The style sheet's body text size at text scale 1 (``gui.style``): no smaller on a page.
BODY_PX = 18
ALL_LANGUAGES = ("en", "es", "de", "hi", "qps")


def overflows(root: QWidget) -> list[str]:
    """Every visible widget of ``root`` whose text does not fit it (``gui.fits.cut_off``, the
    measure the translator's preview uses too), one line each."""
    found = []
    for cut in cut_off(root):
        shown, need = cut.shown, cut.needed
        if cut.kind == "wrapped":
            found.append(f"label {cut.name} {shown.width()}x{shown.height()} needs "
                         f"{need.height()} px high: {cut.text[:60]!r}")
        elif cut.kind == "label":
            found.append(f"label {cut.name} {shown.width()}x{shown.height()} needs "
                         f"{need.width()}x{need.height()}: {cut.text[:60]!r}")
        else:
            found.append(f"button {cut.name} holds {shown.width()}x{shown.height()}, needs "
                         f"{need.width()}x{need.height()}: {cut.text[:40]!r}")
    return found


def too_small(player: Any, body_px: int, *, scenes: bool = True) -> list[str]:
    """What a room cannot read on ``player``'s step (issue 16): a tile of the rack, or of an
    exposure a joker exchange is about, under ``MIN_TILE_PX`` high on screen; text on the
    table or in a picture under ``MIN_TEXT_PX``; a label or button of the page in a font
    under ``body_px`` (the body text size of the mode). ``scenes`` off: the widgets only."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

    from tilewise.gui.player.pictures import MIN_TEXT_PX as PICTURE_TEXT_PX
    from tilewise.gui.table.items import TILE_H, FixedTile, TileItem
    from tilewise.gui.table.scene import MIN_TEXT_PX, MIN_TILE_PX

    found = []
    for widget in player.findChildren(QLabel) + player.findChildren(QPushButton):
        if widget.isVisibleTo(player) and widget.text() and widget.fontInfo().pixelSize() < body_px:
            found.append(f"{widget.objectName() or type(widget).__name__} text is "
                         f"{widget.fontInfo().pixelSize()} px: {widget.text()[:30]!r}")
    # The table's text grows towards MIN_TEXT_PX only up to MAX_TEXT_SCALE times its size
    # (its layout holds no more); a picture beside a task's table is a reminder, not read.
    # A picture's floor is one more pass from its first scale: it may end a little under.
    views = [(player.table, MIN_TEXT_PX - 0.5)] if player.table.isVisibleTo(player) else []
    views += [(view, PICTURE_TEXT_PX - 2) for view in (player.picture, player.side_picture)
              if view.isVisibleTo(player) and view.readable]
    exchange = player.desk is not None and "joker_exchange" in player.desk.task.allow
    if not scenes:
        views = []
    for view, least_text in views:
        scale = view.transform().m11()
        # a word shrunk below the picture's floor to fit its column whole (the card's heads)
        fitted = getattr(view.scene(), "text_floor", 0.0) - 0.5
        for shown in view.scene().items():
            if not shown.isVisible():
                continue
            if isinstance(shown, (QGraphicsSimpleTextItem, QGraphicsTextItem)):
                if shown.font().pixelSize() < fitted:
                    continue
                px = shown.font().pixelSize() * shown.scale() * scale
                words = (shown.text() if isinstance(shown, QGraphicsSimpleTextItem)
                         else shown.toPlainText())
                if px < least_text - 0.75:
                    found.append(f"text {px:.1f} px: {words[:30]!r}")
            elif (isinstance(shown, TileItem) and shown.area == "rack") or (
                    exchange and isinstance(shown, FixedTile)
                    and getattr(shown, "exposure", (player.desk.table.seat,))[0]
                    != player.desk.table.seat):
                px = TILE_H * shown.scale() * scale
                if px < MIN_TILE_PX - 1:
                    found.append(f"tile {getattr(shown, 'code', '?')} {px:.0f} px high")
    return found


def fits_screen(window: QWidget) -> list[str]:
    """The window is the screen's size, and its minimum is within it."""
    size, least = window.size(), window.minimumSizeHint()
    problems = []
    if (size.width(), size.height()) != SCREEN:
        problems.append(f"window grew to {size.width()}x{size.height()}")
    if least.width() > SCREEN[0] or least.height() > SCREEN[1]:
        problems.append(f"window minimum {least.width()}x{least.height()}")
    return problems


def check(window: QWidget, where: str, problems: list[str]) -> None:
    """Lay ``window`` out as on screen; add what does not fit to ``problems`` and put the
    window back at the screen's size (so one overflow is not reported on every later page)."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    found = fits_screen(window) + overflows(window)
    problems.extend(f"{where}: {p}" for p in found)
    if found:
        window.resize(*SCREEN)
        QApplication.processEvents()


@pytest.fixture
def styled(window: Any) -> Iterator[Any]:
    """The main window with the style sheet the app starts with (reset after the test)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyleSheet(style_sheet("classic", 1.0))
    window.resize(*SCREEN)
    QApplication.processEvents()
    yield window


def every_step(pack: Any) -> list[tuple[Any, int]]:
    """Every (lesson, index) pair of ``pack``, in order."""
    return [(lesson, index) for lesson in pack.lessons for index in range(len(lesson.steps))]


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_every_lesson_step_fits_1024_by_768(styled: Any, lang: str) -> None:
    window = styled
    pack = window.packs[0]
    set_language(lang)
    chosen = every_step(pack)
    assert len(chosen) >= 299
    problems: list[str] = []
    for lesson, index in chosen:
        window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
        window.stack.setCurrentWidget(window.player)
        where = f"{lang} {lesson.id} {index + 1} {lesson.steps[index].id}"
        check(window, where, problems)
        problems.extend(f"{where}: {p}" for p in too_small(window.player, BODY_PX))
        if lesson.steps[index].task is None and window.player.status.isVisible():
            problems.append(f"{where}: a task's focus line stays on a step without a table")
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_every_lesson_step_fits_in_presenter_mode(styled: Any, lang: str) -> None:
    from tilewise.gui.present.presenter import PresenterWindow

    window = styled
    pack = window.packs[0]
    set_language(lang)
    chosen = every_step(pack)
    presenter = PresenterWindow(window.packs, pack, pack.lessons[0], None)
    presenter.resize(*SCREEN)
    presenter.show()
    QApplication.processEvents()
    presenter_px = round(0.8 * max(22, round(presenter.height() / 26)))
    assert presenter_px > BODY_PX
    problems: list[str] = []
    try:
        for lesson, index in chosen:
            presenter.open(lesson, {"lesson": lesson.id, "index": index})
            where = f"{lang} presenter {lesson.id} {index + 1} {lesson.steps[index].id}"
            check(presenter, where, problems)
            # every part larger than on a desk: the step counter, at 0.8 of the type, least
            # (the scenes' own minimums are measured on the desk, above)
            problems.extend(f"{where}: {p}" for p in too_small(presenter.player, presenter_px,
                                                                 scenes=False))
    finally:
        presenter.close()
        presenter.deleteLater()
    assert not problems, "\n".join(problems[:40])


def play_charleston(window: Any, where: str, problems: list[str]) -> None:
    """A whole Charleston practice deal by the partners' own policy, measured after each
    move, the summary at the end included."""
    hub = window.practice
    view = hub.charleston
    view.deal(40, "S")
    window.stack.setCurrentWidget(view)
    check(window, f"{where} charleston deal", problems)
    practice, desk = view.practice, view.desk
    moves = 0
    while not practice.done and moves < 20:
        moves += 1
        seat = practice.seat
        if practice.step == "stop_vote":
            view.vote(True)
        elif practice.step == "courtesy":
            for code in practice.partner_offer(seat):
                tile = next(i for i in desk.table.rack(seat) if desk.table.tiles[i].code == code
                            and i not in desk.table.staged("courtesy"))
                view.drop(tile, "courtesy")
            view.offer_selected()
        else:
            own, blind = practice.partner_pass(seat)
            for code in own:
                tile = next(i for i in desk.table.rack(seat) if desk.table.tiles[i].code == code
                            and i not in desk.table.staged("pass"))
                view.drop(tile, "pass")
            for tile_id in desk.table.incoming()[:blind]:
                view.drop(tile_id, "pass")
        desk = view.desk
        check(window, f"{where} charleston {practice.step or 'end'}", problems)
    assert practice.done


def play_claims(window: Any, where: str, problems: list[str]) -> None:
    """A claims drill: passes at every discard until the drill ends (the log grows to its
    longest), measured after each."""
    view = window.practice.claims
    view.deal(454, "S", 1)
    window.stack.setCurrentWidget(view)
    check(window, f"{where} claims deal", problems)
    drill, turns = view.desk.drill, 0
    while not drill.over and turns < 200:
        turns += 1
        prompt = drill.prompt
        assert prompt is not None
        if prompt.kind == "claim":
            view.command("pass")
        elif prompt.kind == "precedence":
            view.answer(str(view.who.currentData()), str(view.why.currentData()))
        else:  # the learner's turn: a partner's discard, dropped on the discard zone
            tile = drill.suggested_discard()
            view.drop(next(i for i in view.desk.table.rack("S")
                           if view.desk.table.tiles[i].code == tile), "discard")
        if turns % 5 == 0 or drill.over:
            check(window, f"{where} claims turn {turns}", problems)
    assert drill.over


def play_hand(window: Any, where: str, problems: list[str]) -> None:
    """The play room (a whole hand): the empty page, then an American deal (the Charleston's
    first pass: the longest prompt and the coach's card lines), measured after each."""
    view = window.practice.play
    window.practice.open_play()
    check(window, f"{where} play room", problems)
    view.deal("american", 7, "S")
    check(window, f"{where} play room dealt", problems)


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_practice_screens_fit_1024_by_768(styled: Any, lang: str) -> None:
    window = styled
    set_language(lang)
    problems: list[str] = []
    window.show_library()
    check(window, f"{lang} library", problems)
    window.practice.show_page()
    check(window, f"{lang} practice page", problems)
    play_charleston(window, lang, problems)
    play_claims(window, lang, problems)
    play_hand(window, lang, problems)
    assert not problems, "\n".join(problems[:40])


def test_the_contract_catches_a_clipped_label_and_a_grown_window(styled: Any) -> None:
    """The measures fail when they should: a label squeezed below its text, a button too
    narrow for its words, a page that grew the window."""
    window = styled
    probe = QLabel("A sentence that cannot fit in forty pixels", window)
    probe.setGeometry(0, 0, 40, 20)
    probe.show()
    button = QPushButton("Start this step again", window)
    button.setGeometry(0, 30, 60, 56)
    button.show()
    found = overflows(window)
    assert any("cannot fit" in p for p in found) and any("Start this step" in p for p in found)
    probe.setWordWrap(True)
    assert any("needs" in p and "cannot fit" in p for p in overflows(window))
    probe.deleteLater()
    button.deleteLater()
    window.resize(1100, 800)
    QApplication.processEvents()
    assert fits_screen(window) == ["window grew to 1100x800"]
    window.resize(*SCREEN)



def test_the_claims_levels_show_whole_at_1024_in_every_language(styled: Any) -> None:
    """The level box of the claims drill shows each level's whole description (German cut
    "Stufe 1: ohne Uhr; Mi..." before), and the window stays 1024x768."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    window = styled
    view = window.practice.claims
    window.stack.setCurrentWidget(view)
    problems: list[str] = []
    try:
        for lang in ("en", "es", "de", "hi"):
            set_language(lang)
            for index in range(view.level.count()):
                view.level.setCurrentIndex(index)
                QApplication.processEvents()
                option = QStyleOptionComboBox()
                view.level.initStyleOption(option)
                field = view.level.style().subControlRect(
                    QStyle.ComplexControl.CC_ComboBox, option,
                    QStyle.SubControl.SC_ComboBoxEditField, view.level)
                need = view.level.fontMetrics().horizontalAdvance(view.level.currentText())
                if need > field.width() + 1:
                    problems.append(f"{lang} level {index + 1}: {field.width()} px of {need}")
            problems.extend(f"{lang}: {p}" for p in fits_screen(window))
    finally:
        set_language("en")
    assert not problems, "\n".join(problems)


def test_the_language_list_holds_each_name_whole(styled: Any) -> None:
    """The settings' language list: every row is its name's laid-out line (with the fallback
    font of Devanagari for "हिन्दी") plus room above and below, and the open list shows every
    row whole (the last one was cut at the bottom on a newcomer's screen)."""
    from PySide6.QtGui import QTextLayout

    from tilewise.gui.dialogs.dialogs import SettingsDialog

    dialog = SettingsDialog("hi", "classic", 64, 1.0, styled)
    dialog.show()
    combo = dialog.language
    assert "हिन्दी" in [combo.itemText(i) for i in range(combo.count())]
    combo.showPopup()
    QApplication.processEvents()
    view, problems = combo.view(), []
    try:
        for row in range(combo.count()):
            text = combo.itemText(row)
            if not text:
                continue  # the separator before incomplete languages
            layout = QTextLayout(text, combo.font())
            layout.beginLayout()
            line = layout.createLine()
            layout.endLayout()
            rect = view.visualRect(view.model().index(row, 0))
            if rect.height() < line.height() + 8:
                problems.append(f"{text}: row {rect.height()} px for a {line.height()} px line")
            if rect.bottom() >= view.viewport().height():
                problems.append(f"{text}: row ends at {rect.bottom()}, list {view.viewport().height()}")
    finally:
        combo.hidePopup()
        dialog.reject()
    assert not problems, "\n".join(problems)
