"""Pack and learner text is plain text (issue 15, item 1): a pack whose texts hold HTML (an image
of /dev/zero that ate memory until the app aborted, a large red warning) is shown literally, as
the characters the author typed: in the library, and (the second test) every text of a pack in
every room that shows it: player, pictures, table, guided hand, presenter, lesson end, glossary."""

from __future__ import annotations

import html
import re
import resource
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tests.hardening.packs import CORE, copy_core, marked_pack, read_toml, text_kind, write_toml
from tilewise.lessons import packtool
from tilewise.lessons.pack import clear_cache, load_pack

HTML = "<img src='/dev/zero'><b style='color:red;font-size:40pt'>YOUR PROGRESS WAS DELETED</b>"


def test_html_in_pack_text_shows_literally_in_the_library(tmp_path: Path, window: Any) -> None:
    folder = copy_core(tmp_path / "html")
    manifest = read_toml(folder / "pack.toml")
    manifest.update(title="Pack " + HTML, summary="Summary " + HTML)
    manifest.pop("glossary", None)
    write_toml(folder / "pack.toml", manifest)
    for path in sorted(folder.glob("0*.toml")):
        data = read_toml(path)
        data.update(title="Title " + HTML, goal="Goal " + HTML)
        write_toml(path, data)
    pack = load_pack(folder)
    clear_cache()
    window.packs = [pack]
    window.profile = window.store.create_profile("<i>Kim</i>", "en")
    window.show_library()
    labels = window.library.findChildren(QLabel)
    # the characters the author typed, with at most the invisible places to break that a long
    # run with no space gets (gui.plaintext.breakable, ZERO WIDTH SPACE)
    shown = [label for label in labels if HTML in label.text().replace("\u200b", "")]
    assert len(shown) >= 2 + 2 * len(pack.lessons)
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in shown)
    # a screen reader hears each card's title as typed, with no break in it
    names = [card.button.accessibleName() for card in window.library.cards]
    assert len(names) == len(pack.lessons)
    assert all(name.endswith("Title " + HTML) for name in names)
    heading = window.library.heading
    assert "<i>Kim</i>" in heading.text() and heading.textFormat() == Qt.TextFormat.PlainText


MARK = "<img src='/dev/zero'><b>X</b>"


def _rchar() -> int:
    """Bytes this process has read so far (``/proc/self/io``): reading /dev/zero adds without
    bound."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")


class Seen:
    """Every text the open windows show, and every place that would read it as markup."""

    def __init__(self) -> None:
        self.texts: set[str] = set()
        self.markup: set[str] = set()

    def look(self) -> None:
        """Read every widget, item and scene item of the application now."""
        from PySide6.QtWidgets import (
            QAbstractButton,
            QApplication,
            QComboBox,
            QGraphicsSimpleTextItem,
            QGraphicsTextItem,
            QGraphicsView,
            QListWidget,
            QMessageBox,
            QTableWidget,
        )

        QApplication.processEvents()
        for widget in QApplication.allWidgets():
            name = f"{type(widget).__name__}#{widget.objectName()}"
            for text in (widget.toolTip(), widget.windowTitle(), widget.accessibleName()):
                self.texts.add(text)
            if MARK in widget.toolTip():  # a tooltip with a tag in its first line is markup
                self.markup.add(f"{name} tooltip")
            if isinstance(widget, QLabel | QMessageBox):
                text = widget.text()
                if widget.textFormat() == Qt.TextFormat.PlainText:
                    self.texts.add(text)
                elif MARK in text:
                    self.markup.add(f"{name} {widget.textFormat()}")
                else:  # rich text of our own (tile pictures) with the pack text escaped
                    self.texts.add(html.unescape(re.sub(r"<[^>]*>", "", text)))
            elif isinstance(widget, QAbstractButton):
                self.texts.add(widget.text())
            elif isinstance(widget, QComboBox):
                self.texts |= {widget.itemText(i) for i in range(widget.count())}
            elif isinstance(widget, QTableWidget):
                self.texts |= {item.text() for r in range(widget.rowCount())
                               for c in range(widget.columnCount())
                               if (item := widget.item(r, c)) is not None}
            elif isinstance(widget, QListWidget):
                self.texts |= {widget.item(r).text() for r in range(widget.count())}
            elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
                for item in widget.scene().items():
                    if isinstance(item, QGraphicsTextItem):
                        self.texts.add(item.toPlainText())
                        if 'src="/dev/zero"' in item.toHtml():
                            self.markup.add(f"{name} scene text item")
                    elif isinstance(item, QGraphicsSimpleTextItem):
                        self.texts.add(item.text())

    def shown(self, text: str) -> bool:
        return any(text in seen for seen in self.texts)


@pytest.fixture
def bounded_memory() -> Iterator[None]:
    """At most 2 GiB more address space during the test: a label that reads an image from
    /dev/zero aborts the run at once instead of filling the machine's memory first."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    size = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (size + 2**31, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def test_html_in_every_text_of_a_pack_shows_literally_everywhere(
        tmp_path: Path, window: Any, bounded_memory: None) -> None:
    """Every text ``tilewise pack update`` extracts, in a valid pack, holding HTML: each step
    opened in the player (every quiz option chosen, every hint and listed wrong move shown),
    the guided hand played (its wrong moves too), presenter mode over every step, the lesson
    end, the glossary and the library. Each text is seen as typed, no widget reads it as
    markup (a label that did would read /dev/zero and abort the run), and nothing reads
    /dev/zero. About 5 s."""
    from tilewise.gui.present.presenter import NotesWindow
    from tilewise.lessons.extract import messages
    from tilewise.lessons.lesson_end import LessonEnd
    from tilewise.lessons.session import Feedback

    folder = marked_pack(tmp_path / "marked", MARK)
    assert packtool.main(["check", str(folder)]) == 0
    pack = load_pack(folder)
    clear_cache()
    texts = {m.msgid for m in messages(pack)}
    assert all(t.startswith(MARK) for t in texts)
    core_kinds = {text_kind(m.key_path) for m in messages(load_pack(CORE))}
    assert {text_kind(m.key_path) for m in messages(pack)} == core_kinds  # every kind of text
    read_before = _rchar()
    seen = Seen()
    window.packs = [pack]
    window.profile = window.store.create_profile(MARK, "en")
    window.show_library()
    seen.look()
    window.show_glossary()
    glossary = window.glossary
    for row in range(glossary.table.rowCount()):
        glossary.table.selectRow(row)
        seen.look()
    player = window.player
    shown_steps = [(lesson, index, step) for lesson in pack.lessons
                   for index, step in enumerate(lesson.steps)]
    for lesson, index, step in list(shown_steps):  # task variants, as a review shows them
        for number in range(1, 1 + len(step.task.variants if step.task else ())):
            steps = list(lesson.steps)
            steps[index] = step.variant(number)
            shown_steps.append((replace(lesson, steps=steps), index, steps[index]))
    for lesson, index, step in shown_steps:
        player.open(pack, lesson, {"lesson": lesson.id, "index": index})
        window.stack.setCurrentWidget(player)
        seen.look()
        for _hint in step.hints:
            player.show_hint()
            seen.look()
        if step.quiz is not None:
            for option in step.quiz.options:  # the wrong ones first: each is answered
                if option.id != step.quiz.answer:
                    player.choose(option.id)
                    seen.look()
            player.choose(step.quiz.answer)
            seen.look()
        if step.task is not None:
            for wrong in step.task.wrong:
                player._present(player.session.attempt(wrong.action))
                seen.look()
            # what the session says for another refusal with a listed reason code, and
            # for another legal move than the one asked
            shown = [Feedback(False, False, code, text, False)
                     for code, text in step.feedback.items()]
            if step.task.otherwise:
                shown.append(Feedback(False, True, None, step.task.otherwise, False))
            for feedback in shown:
                player._present(feedback)
                seen.look()
        if step.hand is not None:
            player.open_hand()
            view = window.practice.play
            for point in step.hand.script:
                seen.look()
                for wrong in point.wrong:
                    view.act(wrong.action)
                    seen.look()
                view.act(point.expect)
    for lesson in pack.lessons:
        end = LessonEnd(mastery=0.5, acting=len(lesson.steps), first_time=0,
                        retried=tuple(range(len(lesson.steps))),
                        unlocked=tuple(other.id for other in pack.lessons))
        window.show_lesson_end()  # builds the page; shown for this lesson below
        assert window.lesson_end is not None
        window.lesson_end.show_end(pack, lesson, end)
        window.stack.setCurrentWidget(window.lesson_end)
        seen.look()
    player.open(pack, pack.lessons[0], None)
    window.stack.setCurrentWidget(player)
    presenter: Any = window.present()
    presenter.notes_window = NotesWindow()  # the teacher's screen (one screen offscreen)
    presenter.notes_window.show()
    presenter.toggle_notes()  # the notes on the projected screen too
    for lesson in pack.lessons:  # the presenter stops at a lesson's end (tester 7b)
        presenter.open(lesson)
        for _step in lesson.steps:
            seen.look()
            presenter.next_step()
    presenter.close()
    assert sorted(seen.markup) == []
    missing = sorted(t for t in texts if not seen.shown(t))
    assert missing == [], "\n".join(missing)
    assert _rchar() - read_before < 64 * 2**20  # no image of /dev/zero was ever read
