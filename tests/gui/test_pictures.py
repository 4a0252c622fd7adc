"""Lesson pictures (tilewise.gui.player.pictures): labels stay clear of seats in every language.

Every seat diagram and exposures picture of the core pack is drawn in each shipped language;
the seat notes, arrow labels and caption must not cover a seat's disc (nor, except an arrow's
label, the table), a seat's name must sit inside its disc, no line may break inside a word, and
an exposure's note has at most one pair of brackets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
)

from tilewise.gui.player.pictures import (
    TEXT_MARGIN,
    ArrowItem,
    PictureScene,
    fitted_text,
    glyph_item,
    text_item,
)
from tilewise.gui.tiles.images import TileImages
from tilewise.i18n import _, set_language

LANGS = ("en", "es", "de", "hi")


@pytest.fixture
def scene(qapp: Any) -> Iterator[PictureScene]:
    yield PictureScene(TileImages("classic"))
    set_language("en")


def pictures(pack: Any, kind: str) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{lesson.id}/{step.id}", step.picture) for lesson in pack.lessons
            for step in lesson.steps if step.picture and step.picture.get("kind") == kind]


def texts(scene: PictureScene) -> list[QGraphicsTextItem]:
    return [i for i in scene.items() if isinstance(i, QGraphicsTextItem)]


def all_texts(scene: PictureScene) -> list[QGraphicsTextItem | QGraphicsSimpleTextItem]:
    """Every text item: the words (documents) and a card's letters and numbers (glyph_item)."""
    return [i for i in scene.items() if isinstance(i, (QGraphicsTextItem, QGraphicsSimpleTextItem))]


def shown_text(item: QGraphicsTextItem | QGraphicsSimpleTextItem) -> str:
    return item.toPlainText() if isinstance(item, QGraphicsTextItem) else item.text()


def broken_words(item: QGraphicsTextItem) -> list[str]:
    """Lines of ``item`` that end inside a word (a wrap that is not at a space)."""
    found = []
    block = item.document().begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for n in range(layout.lineCount() - 1):
            line = layout.lineAt(n)
            end = line.textStart() + line.textLength()
            if not (text[end - 1:end].isspace() or text[end:end + 1].isspace()):
                found.append(text[line.textStart():end])
        block = block.next()
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_seat_diagram_labels_never_cover_a_seat(scene: PictureScene, core_pack: Any,
                                                lang: str) -> None:
    set_language(lang)
    drawn = pictures(core_pack, "seat_diagram")
    assert len(drawn) >= 10
    for where, picture in drawn:
        scene.show_picture(picture, lambda msgid: msgid)
        discs = [i.sceneBoundingRect() for i in scene.items()
                 if isinstance(i, QGraphicsEllipseItem)]
        table = [i.sceneBoundingRect() for i in scene.items()
                 if isinstance(i, QGraphicsRectItem) and i.zValue() == 0][-1]
        assert len(discs) == 4, where
        shafts = [i for i in scene.items() if isinstance(i, ArrowItem)]
        labels = [t.sceneBoundingRect() for t in texts(scene) if t.zValue() == 3]
        assert not any(one.intersects(other) for n, one in enumerate(labels)
                       for other in labels[n + 1:]), (where, lang, "arrow labels overlap")
        for item in texts(scene):
            box = item.sceneBoundingRect()
            text = item.toPlainText()
            assert not broken_words(item), (where, lang, text)
            homes = [d for d in discs if d.contains(box)]
            if homes:  # the seat's own name, inside its disc
                continue
            assert not any(box.intersects(d) for d in discs), (where, lang, text)
            if item.zValue() < 3:  # arrow labels (on a white box) may cross the table
                assert not box.intersects(table), (where, lang, text)
                for shaft in shafts:  # nor does an arrow run over a seat's note
                    wide = box.adjusted(-shaft.width, -shaft.width, shaft.width, shaft.width)
                    points = [shaft.line.pointAt(k / 50) for k in range(51)]
                    assert not any(wide.contains(pt) for pt in points), (where, lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_exposure_notes_say_whose_seat_a_claim_came_from(scene: PictureScene, core_pack: Any,
                                                         lang: str) -> None:
    """An exposure's note names the seat it was claimed from relative to the exposure's owner,
    not "your upper seat": the learner may sit elsewhere (tester 7b, shots 052, 104: North's
    exposure "claimed from West (your upper seat)" shown to a learner sitting South)."""
    from tilewise.gui.reasons import seat_name
    from tilewise.lessons.table import relation

    set_language(lang)
    words = {"left": "claimed from {seat}, the upper seat of {owner}",
             "across": "claimed from {seat}, across from {owner}",
             "right": "claimed from {seat}, the lower seat of {owner}"}
    checked, every = 0, []
    for where, picture in pictures(core_pack, "exposures"):
        scene.show_picture(picture, lambda msgid: msgid)
        notes = [t.toPlainText() for t in texts(scene)]
        every += notes
        owner = picture.get("seat")
        for meld in picture.get("melds", []):
            source = meld.get("from")
            if not (owner and source and source != owner):
                continue
            said = _(words[relation(owner, source)], seat=seat_name(source),
                     owner=seat_name(owner))
            assert said in notes, (where, lang, said, notes)
            checked += 1
    # each such note is said once per meld, and nothing else names the claim's seat
    shapes = [re.compile(re.escape(_(w)).replace(r"\{seat\}", ".+").replace(r"\{owner\}", ".+"))
              for w in words.values()]
    assert sum(any(p.fullmatch(n) for p in shapes) for n in every) == checked
    assert checked >= 4  # the "sideways" step names where each pong came from


def test_sideways_quiz_picture_does_not_say_where_the_tile_came_from(
        scene: PictureScene, core_pack: Any) -> None:
    """claims/sideways-across asks which tile lies sideways: its picture must not answer."""
    picture = dict(pictures(core_pack, "exposures"))["claims/sideways-across"]
    scene.show_picture(picture, lambda msgid: msgid)
    words = " ".join(t.toPlainText() for t in texts(scene)).lower()
    assert "opposite" not in words and "across" not in words and "middle" not in words
    assert all(m.get("rotated") is None for m in picture["melds"])


def test_fitted_text_shrinks_a_long_word_instead_of_breaking_it(qapp: Any) -> None:
    from tilewise.gui.app import make_application

    make_application()  # the app's own fonts, as the app always has them (run alone, the
    # system's wider default font kept the word too wide even at the 14 px floor)
    word = "gegenüberliegender"
    item = fitted_text(f"Gegenüber ({word} Platz)", 30, 150)
    assert item.boundingRect().width() <= 150
    assert item.font().pixelSize() < 30
    assert not broken_words(item)
    roomy = fitted_text("du", 30, 300)
    assert roomy.font().pixelSize() == 30 and roomy.boundingRect().width() < 100


def test_tile_grid_prints_the_count_of_a_row(scene: PictureScene) -> None:
    """lessons/README.md: a tile_grid row's ``count`` prints "× n" after the row."""
    scene.show_picture({"kind": "tile_grid", "rows": [
        {"label": "Winds", "tiles": ["E", "S", "W", "N"], "count": 4},
        {"tiles": ["RD"]},
    ]}, lambda msgid: msgid)
    words = sorted(t.toPlainText() for t in texts(scene))
    assert words == ["Winds", "\u00d7 4"]
    times = next(t for t in texts(scene) if t.toPlainText() == "\u00d7 4")
    label = next(t for t in texts(scene) if t.toPlainText() == "Winds")
    assert times.sceneBoundingRect().left() > label.sceneBoundingRect().right() + 4 * 60


@pytest.mark.parametrize("lang", LANGS)
def test_card_pictures_print_the_notice_groups_marks_and_values(scene: PictureScene,
                                                                core_pack: Any, lang: str) -> None:
    """Each practice card of the core pack: the learning-only notice in the learner's language,
    one printed character per tile (14 a line), X or C and the value per line, no text
    running past the card's right edge."""
    set_language(lang)
    cards = pictures(core_pack, "card")
    assert cards
    for where, picture in cards:
        scene.show_picture(picture, lambda text: text)
        shown = [shown_text(item) for item in all_texts(scene)]
        assert _("For learning only. This is not any league's card of any year.") in shown, where
        glyphs = [s for s in shown if len(s) == 1 and (s.isdigit() or s in "FDNEWS")]
        lines = picture["lines"]
        assert len(glyphs) == 14 * len(lines), where
        marks = [s for s in shown if s in (_("X"), _("C"))]
        assert len(marks) == len(lines), where
        for line in lines:
            assert str(line["value"]) in shown, where
        sheet = max((i for i in scene.items() if isinstance(i, QGraphicsRectItem)),
                    key=lambda i: i.rect().width())
        for item in all_texts(scene):
            right = item.mapToScene(item.boundingRect().topRight()).x()
            assert right <= sheet.rect().right() + 1, (where, shown_text(item))
        # one text document per word, none per printed character (issue 21, peak memory): the
        # heading, notice, 3 column heads and key, and each line's label and note
        assert len(texts(scene)) <= 6 + 2 * len(lines), (where, len(texts(scene)))


def test_a_broken_card_line_draws_no_groups(scene: PictureScene) -> None:
    scene.show_picture({"kind": "card", "lines": [
        {"label": "Line 1", "groups": [{"kind": "pung", "tile": "J"}], "value": 25}]},
        lambda text: text)
    shown = [shown_text(item) for item in all_texts(scene)]
    assert "Line 1" in shown and "25" in shown and "J" not in shown


@pytest.mark.parametrize("scale", [1.0, 0.613, 1.37])
def test_a_glyph_item_draws_the_pixels_of_a_text_item(qapp: Any, scale: float) -> None:
    """A card's letters are documentless items (``glyph_item``); placed :data:`TEXT_MARGIN`
    further in, each draws the pixels the text item it replaced drew, at a picture's odd
    scales too (the walk through every step grabbed before and after: identical)."""
    def drawn(item: Any, at: QPointF) -> QImage:
        image = QImage(160, 120, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.white)
        other = PictureScene(TileImages("classic"))
        other.addItem(item)
        item.setPos(at)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.TextAntialiasing)
        painter.scale(scale, scale)
        other.render(painter, QRectF(0, 0, 160 / scale, 120 / scale),
                     QRectF(0, 0, 160 / scale, 120 / scale))
        painter.end()
        return image

    for text, size, colour in (("3", 48, QColor("#1d4fb8")), ("C", 42, QColor("#1b1b1b")),
                               ("25", 38, QColor("#c3241d"))):
        document = drawn(text_item(text, size, bold=True, colour=colour), QPointF(10.5, 7.25))
        glyph = drawn(glyph_item(text, size, bold=True, colour=colour),
                      QPointF(10.5 + TEXT_MARGIN, 7.25 + TEXT_MARGIN))
        assert document == glyph, (text, scale)
        assert document != drawn(glyph_item(text, size, bold=True, colour=colour),
                                 QPointF(10.5, 7.25)), (text, scale)  # the margin matters
