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
- presenter mode larger (``not_larger``): on every step the presenter's scenes meet the
  desk's minimums too, and its smallest tile, table text and picture text are each at
  least what the main window shows on that step (a pixel of rounding let off) or the
  desk's minimum times the presenter's type factor (24/18 at 768: 53 px tiles, 18.7 px
  table text, 16 px picture text), whichever is less. Before e66de46 this failed on 17 of
  the English steps (presenter rack tiles 40-52 px where the desk showed 50-58).

The style sheet is ``style_sheet("classic", 1.0)``, the one ``app.start()`` applies (a test run
unstyled measures smaller type than a learner sees). The languages are en, es, de, hi and the
pseudo-locale ``qps`` (every interface and pack string built from the English on the fly,
accented and about 40% longer: ``tilewise.i18n.pseudo``).

Every lesson step (299 x 5 languages x 2 modes: each step on the desk, then presenting, in
one test per language) and the practice screens in every language, in ``make test``. Cost: the whole file took 2 min 20 s of wall time (124 s CPU) on the shared
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

import warnings
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
#: Known presenter steps smaller than on the desk (``not_larger``), reported to the lead and
#: owned by the table/player layout work: each is a warning in the test's summary (with its
#: figures), not a failure, while it lasts, and a warning to remove it once it passes. The
#: desk's minimums still hold on them.
KNOWN_NOT_LARGER: dict[tuple[str, str, str], str] = {}


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


def scene_sizes(player: Any) -> Iterator[tuple[str, float, str]]:
    """What a room must read in the scenes of ``player``'s step, one ``(kind, px on screen,
    what)`` each: ``"tile"``, a tile of the rack or of an exposure a joker exchange is about
    (its height); ``"table"``, text on the table; ``"picture"``, text in a step's picture (not
    a reminder picture beside a task's table, and not a word the picture shrank below its
    floor to fit its column whole: the card's heads)."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

    from tilewise.gui.table.items import TILE_H, FixedTile, TileItem

    views = [("table", player.table)] if player.table.isVisibleTo(player) else []
    views += [("picture", view) for view in (player.picture, player.side_picture)
              if view.isVisibleTo(player) and view.readable]
    exchange = player.desk is not None and "joker_exchange" in player.desk.task.allow
    for kind, view in views:
        scale = view.transform().m11()
        fitted = getattr(view.scene(), "text_floor", 0.0) - 0.5
        for shown in view.scene().items():
            if not shown.isVisible():
                continue
            if isinstance(shown, (QGraphicsSimpleTextItem, QGraphicsTextItem)):
                if shown.font().pixelSize() < fitted:
                    continue
                words = (shown.text() if isinstance(shown, QGraphicsSimpleTextItem)
                         else shown.toPlainText())
                yield kind, shown.font().pixelSize() * shown.scale() * scale, repr(words[:30])
            elif (isinstance(shown, TileItem) and shown.area == "rack") or (
                    exchange and isinstance(shown, FixedTile)
                    and getattr(shown, "exposure", (player.desk.table.seat,))[0]
                    != player.desk.table.seat):
                yield "tile", TILE_H * shown.scale() * scale, getattr(shown, "code", "?")


def least_px() -> dict[str, float]:
    """The readable minimum of each kind of :func:`scene_sizes` at 1024x768 on a desk (issue
    16): tiles ``MIN_TILE_PX`` (40), table text ``MIN_TEXT_PX`` (14), picture text 12."""
    from tilewise.gui.player.pictures import MIN_TEXT_PX as PICTURE_TEXT_PX
    from tilewise.gui.table.scene import MIN_TEXT_PX, MIN_TILE_PX

    return {"tile": MIN_TILE_PX, "table": MIN_TEXT_PX, "picture": PICTURE_TEXT_PX - 2}


def smallest(player: Any) -> dict[str, float]:
    """The smallest of each kind of :func:`scene_sizes` on ``player``'s step (kinds it
    shows only)."""
    found: dict[str, float] = {}
    for kind, px, _what in scene_sizes(player):
        found[kind] = min(px, found.get(kind, px))
    return found


def too_small(player: Any, body_px: int, *, scenes: bool = True) -> list[str]:
    """What a room cannot read on ``player``'s step (issue 16): a tile of the rack, or of an
    exposure a joker exchange is about, under ``MIN_TILE_PX`` high on screen; text on the
    table or in a picture under ``MIN_TEXT_PX``; a label or button of the page in a font
    under ``body_px`` (the body text size of the mode). ``scenes`` off: the widgets only."""
    found = []
    for widget in player.findChildren(QLabel) + player.findChildren(QPushButton):
        if widget.isVisibleTo(player) and widget.text() and widget.fontInfo().pixelSize() < body_px:
            found.append(f"{widget.objectName() or type(widget).__name__} text is "
                         f"{widget.fontInfo().pixelSize()} px: {widget.text()[:30]!r}")
    # The table's text grows towards MIN_TEXT_PX only up to MAX_TEXT_SCALE times its size
    # (its layout holds no more): half a pixel under it passes. A picture's floor is one
    # more pass from its first scale: it may end a little under (least_px gives 12 for 14).
    # Tiles: a pixel of rounding.
    least = least_px()
    slack = {"tile": 1.0, "table": 0.5 + 0.75, "picture": 0.75}
    for kind, px, what in scene_sizes(player) if scenes else ():
        if px < least[kind] - slack[kind]:
            found.append(f"tile {what} {px:.0f} px high" if kind == "tile"
                         else f"text {px:.1f} px: {what}")
    return found


def not_larger(desk: dict[str, float], shown: dict[str, float], factor: float) -> list[str]:
    """Presenter mode larger than a desk (issue 16): on one step, the presenter's smallest
    tile, table text and picture text (``shown``, :func:`smallest`) each at least the
    desk's smallest (``desk``, a pixel of rounding let off) or the desk's minimum
    (:func:`least_px`) times ``factor`` (the presenter's type over the desk's, 24/18 at
    768: 53 px tiles, 18.7 px table text, 16 px picture text), whichever is less: a projector
    never shows a step smaller than a desk does unless it is well over the room's minimum."""
    names = {"tile": "smallest tile", "table": "table text", "picture": "picture text"}
    found = []
    for kind, px in shown.items():
        need = min(desk.get(kind, float("inf")) - 1.0, least_px()[kind] * factor)
        if px < need:
            found.append(f"{names[kind]} {px:.1f} px, under {need:.1f} px (the desk shows "
                         f"{desk.get(kind, 0.0):.1f}, the minimum x {factor:.2f} is "
                         f"{least_px()[kind] * factor:.1f})")
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
def test_every_lesson_step_fits_1024_by_768_on_a_desk_and_presenting(styled: Any,
                                                                     lang: str) -> None:
    """Every step in the main window, then in presenter mode: fits (``check``), readable
    (``too_small``: on a desk at the body type; presenting at 0.8 of the presenter's type,
    and its scenes at the desk's minimums too) and, presenting, no smaller than on the desk
    (``not_larger``)."""
    from tilewise.gui.present.presenter import PresenterWindow

    window = styled
    pack = window.packs[0]
    set_language(lang)
    chosen = every_step(pack)
    assert len(chosen) >= 299
    presenter = PresenterWindow(window.packs, pack, pack.lessons[0], None)
    presenter.resize(*SCREEN)
    presenter.show()
    QApplication.processEvents()
    presenter_px = round(0.8 * max(22, round(presenter.height() / 26)))
    assert presenter_px > BODY_PX
    problems: list[str] = []
    measured = 0
    try:
        for lesson, index in chosen:
            window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
            window.stack.setCurrentWidget(window.player)
            where = f"{lang} {lesson.id} {index + 1} {lesson.steps[index].id}"
            check(window, where, problems)
            problems.extend(f"{where}: {p}" for p in too_small(window.player, BODY_PX))
            if lesson.steps[index].task is None and window.player.status.isVisible():
                problems.append(f"{where}: a task's focus line stays on a step without a table")
            desk = smallest(window.player)
            presenter.open(lesson, {"lesson": lesson.id, "index": index})
            where = f"{lang} presenter {lesson.id} {index + 1} {lesson.steps[index].id}"
            check(presenter, where, problems)
            # every part larger than on a desk: the step counter, at 0.8 of the type, least;
            # the scenes: the desk's minimums, and no smaller than the desk shows them
            problems.extend(f"{where}: {p}" for p in too_small(presenter.player, presenter_px))
            shown = smallest(presenter.player)
            measured += bool(shown)
            smaller = [f"{where}: {p}" for p in not_larger(desk, shown, presenter_px / BODY_PX)]
            known = KNOWN_NOT_LARGER.get((lang, lesson.id, lesson.steps[index].id))
            if known is None:
                problems.extend(smaller)
            elif smaller:
                warnings.warn(f"known, not fixed: {'; '.join(smaller)} ({known})", stacklevel=1)
            else:
                warnings.warn(f"{where}: presenter no longer smaller than the desk: remove it "
                              "from KNOWN_NOT_LARGER", stacklevel=1)
    finally:
        presenter.close()
        presenter.deleteLater()
    assert measured >= 150, f"only {measured} presenter steps had a table or picture measured"
    assert not problems, "\n".join(problems[:40])


def test_presenter_larger_fails_when_it_should() -> None:
    """``not_larger`` refuses a presenter table smaller than the desk's and under the scaled
    minimum (rack tiles 45 px presenting against 58 on the desk: the presenter's rack before
    e66de46 at its worst), and lets pass one under the desk but well over the minimum (a
    picture's text 34 px against 40)."""
    factor = 24 / 18
    assert not_larger({"tile": 58.0}, {"tile": 45.0}, factor) != []
    assert not_larger({"table": 16.0}, {"table": 16.5}, factor) == []
    assert not_larger({"picture": 40.4}, {"picture": 34.0}, factor) == []
    assert not_larger({}, {"table": 15.0}, factor) != []


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
