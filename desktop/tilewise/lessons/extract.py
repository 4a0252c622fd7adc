"""Extract a pack's text to a gettext template (``lessons/<pack>/po/<pack>.pot``).

Every English text of the pack becomes one message with context ``"<lesson_id>/<step_id>"``
(step text), ``"<lesson_id>"`` (lesson title and goal) or ``"pack"`` (pack title and summary),
a ``TRANSLATORS:`` comment saying where the text is shown, the author's ``translator_note``,
and its source as ``file: key path``. Babel (a build-time tool) is imported inside
``template`` and ``write_template`` only, never when the app runs.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tilewise.lessons.model import Lesson, Pack, Step

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog


@dataclass(frozen=True)
class Message:
    """One text to translate, with its context, source file, key path and comments."""

    context: str
    msgid: str
    file: str
    key_path: str
    comments: tuple[str, ...]


ROLE = {
    "title": "a title",
    "summary": "the pack's one-paragraph summary in the lesson library",
    "goal": "the lesson's goal, shown before it starts",
    "text.explain": "explanation text shown beside a picture",
    "text.task": "the instruction for a task on the table",
    "text.quiz": "a quiz question",
    "text.recap": "the recap at the end of a lesson",
    "notes": "presenter notes for a teacher (what to say, common mistakes); not shown to learners",
    "hints": "a hint, shown when the learner asks for one",
    "feedback": "shown when the rules core refuses a move with reason code {code}",
    "points": "one point of a recap list",
    "caption": "the caption under a picture",
    "label": "a short label inside a picture",
    "glossary_meaning": "a glossary entry: what the term means, in one short sentence",
    "glossary_name": "a glossary entry: the word players at a {variant} table use for this "
                     "(keep a loan word such as pung, kan or tenpai as your players say it)",
    "card_note": "a practice-card line's note: which suits and numbers the line allows",
    "otherwise": "shown when a move is legal but is not what the task asks",
    "wrong": "shown when the learner makes this particular wrong move",
    "option": "a quiz option",
    "option_feedback": "shown when the learner picks this quiz option: why it is right or wrong",
    "script": "what the coach says at one move of a guided whole hand",
    "text.hand": "the introduction to a guided whole hand",
}


def _comment(role: str, **fields: str) -> str:
    return "TRANSLATORS: " + ROLE[role].format(**fields)


def messages(pack: Pack) -> Iterator[Message]:
    """Every text of ``pack`` in file order."""
    root = Path(pack.path).resolve()  # "." is a folder with a name too (no "lessons//")
    manifest = f"lessons/{root.name}/pack.toml"
    yield Message("pack", pack.title, manifest, "title", (_comment("title"),))
    yield Message("pack", pack.summary, manifest, "summary", (_comment("summary"),))
    for i, entry in enumerate(pack.glossary):
        yield Message(entry.context, entry.meaning, manifest, f"glossary[{i}].meaning",
                      (_comment("glossary_meaning"),))
        for variant, name in entry.names.items():
            yield Message(entry.context, name, manifest, f"glossary[{i}].{variant}",
                          (_comment("glossary_name", variant=variant),))
    for lesson in pack.lessons:
        yield from _lesson_messages(lesson, f"lessons/{root.name}/{Path(lesson.file).name}")


def _lesson_messages(lesson: Lesson, file: str) -> Iterator[Message]:
    yield Message(lesson.id, lesson.title, file, "title", (_comment("title"),))
    yield Message(lesson.id, lesson.goal, file, "goal", (_comment("goal"),))
    for i, step in enumerate(lesson.steps):
        for key, msgid, comment in _step_texts(step):
            notes = (comment,) + ((f"TRANSLATORS: {step.translator_note}",)
                                  if step.translator_note else ())
            yield Message(lesson.context(step), msgid, file, f"steps[{i}].{key}", notes)


def _step_texts(step: Step) -> Iterator[tuple[str, str, str]]:
    if step.title:
        yield "title", step.title, _comment("title")
    yield "text", step.text, _comment(f"text.{step.kind}")
    if step.notes:
        yield "notes", step.notes, _comment("notes")
    for j, hint in enumerate(step.hints):
        yield f"hints[{j}]", hint, _comment("hints")
    for code, message in step.feedback.items():
        yield f"feedback.{code}", message, _comment("feedback", code=code)
    for j, point in enumerate(step.points):
        yield f"points[{j}]", point, _comment("points")
    picture = step.picture or {}
    if picture.get("caption"):
        yield "picture.caption", picture["caption"], _comment("caption")
    for group in ("arrows", "zones", "rungs", "rows"):
        for j, item in enumerate(picture.get(group, [])):
            if item.get("label"):
                yield f"picture.{group}[{j}].label", item["label"], _comment("label")
    for j, line in enumerate(picture.get("lines", [])):
        if line.get("label"):
            yield f"picture.lines[{j}].label", line["label"], _comment("label")
        if line.get("note"):
            yield f"picture.lines[{j}].note", line["note"], _comment("card_note")
    if step.task is not None:
        if step.task.otherwise:
            yield "task.otherwise", step.task.otherwise, _comment("otherwise")
        for j, wrong in enumerate(step.task.wrong):
            if wrong.feedback:
                yield f"task.wrong[{j}].feedback", wrong.feedback, _comment("wrong")
        yield from _variant_texts(step)
    if step.hand is not None:
        for j, move in enumerate(step.hand.script):
            if move.text:
                yield f"hand.script[{j}].text", move.text, _comment("script")
            for k, hint in enumerate(move.hints):
                yield f"hand.script[{j}].hints[{k}]", hint, _comment("hints")
            for k, wrong in enumerate(move.wrong):
                if wrong.feedback:
                    yield f"hand.script[{j}].wrong[{k}].feedback", wrong.feedback, _comment("wrong")
    if step.quiz is not None:
        for j, option in enumerate(step.quiz.options):
            if option.text:
                yield f"quiz.options[{j}].text", option.text, _comment("option")
            if option.feedback:
                yield f"quiz.options[{j}].feedback", option.feedback, _comment("option_feedback")


def _variant_texts(step: Step) -> Iterator[tuple[str, str, str]]:
    """The texts each of the step's task variants gives of its own (``task.variants[k]...``):
    its text, hints, picture labels, ``otherwise`` and wrong-move feedback; a text the task
    itself already has is not repeated."""
    assert step.task is not None
    if not step.task.variants:
        return
    plain = replace(step, task=replace(step.task, variants=()))
    known = {msgid for _key, msgid, _note in _step_texts(plain)}
    for k, variant in enumerate(step.task.variants):
        own = replace(step, title=None, notes=None, feedback={}, points=(), quiz=None,
                      hand=None, text=variant.text or "", hints=variant.hints or (),
                      picture=variant.picture,
                      task=replace(variant.task, variants=()))
        for key, msgid, comment in _step_texts(own):
            if msgid and msgid not in known:
                known.add(msgid)
                yield f"task.variants[{k}].{key.removeprefix('task.')}", msgid, comment


def template(pack: Pack) -> Catalog:
    """``pack``'s template as a babel catalog (every text of :func:`messages`, with comments)."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project=f"Tilewise lesson pack {pack.id}", version=pack.version,
                      copyright_holder=", ".join(pack.authors), fuzzy=False)
    for message in messages(pack):
        catalog.add(
            message.msgid,
            locations=[(message.file, 0)],
            auto_comments=[*message.comments, f"source: {message.file}: {message.key_path}"],
            context=message.context,
        )
    return catalog


def write_template(pack: Pack, out: Path) -> int:
    """Write ``pack``'s template to ``out`` (folders created); return the message count."""
    catalog = template(pack)
    write_catalog(out, catalog, width=100)
    return len(catalog)


_VOLATILE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date):.*$', re.MULTILINE)


def write_catalog(path: Path, catalog: Catalog, *, width: int) -> bool:
    """Write ``catalog`` to ``path`` as a .po/.pot without obsolete entries (babel's writer);
    leave the file alone when only its dates would change. True when it was written."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=width, include_lineno=False, ignore_obsolete=True,
             include_previous=True)
    data = buffer.getvalue()
    if path.is_file() and _VOLATILE.sub(b"", path.read_bytes()) == _VOLATILE.sub(b"", data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True
