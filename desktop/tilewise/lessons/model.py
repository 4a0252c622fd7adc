"""The lesson pack model: plain frozen records built by ``tilewise.lessons.pack.load_pack``.

Every text field holds an English msgid; the GUI translates it with
``PackCatalog.text(step_context(lesson, step), msgid)``. Table states and actions are in the
referee protocol's terms (``../shared/referee/PROTOCOL.md``); a pack holds no rule of its own.
The format is described for authors in ``lessons/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

STEP_KINDS = ("explain", "task", "quiz", "recap", "hand")
"""The closed set of step kinds."""

ACTING_KINDS = ("task", "quiz")
"""Step kinds where the learner acts (they count for mastery and completion)."""

PICTURE_KINDS = ("seat_diagram", "rack", "exposures", "kong", "precedence_ladder", "tile_grid",
                 "card")
"""The closed set of picture kinds (the GUI draws each from its data)."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a pack: the file, the key path inside it, and what is wrong.

    The checker makes ``message`` (and a key path's words, "line 3") in the interface's
    language (``tilewise.i18n``; English where none is set, as for ``tilewise pack check``),
    so the app's problems box reads in the learner's language."""

    file: str
    key_path: str
    message: str

    def __str__(self) -> str:
        if self.key_path:
            return f"{self.file}: {self.key_path}: {self.message}"
        return f"{self.file}: {self.message}"


class PackError(ValueError):
    """A pack failed to load or validate; ``.problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = "\n".join(str(p) for p in problems)
        super().__init__(f"{len(problems)} problem(s) in lesson pack:\n{lines}")


@dataclass(frozen=True)
class Asset:
    """A file shipped in the pack (``assets/...``) with where it came from and its licence."""

    path: str
    source: str
    licence: str


@dataclass(frozen=True)
class Answer:
    """An acceptable learner action; ``result`` names referee answer fields it must carry."""

    action: dict[str, Any]
    result: dict[str, Any] | None = None


@dataclass(frozen=True)
class WrongAnswer:
    """A listed wrong move. With ``reason`` the core must refuse it with that code; without
    one it is a legal move that does not do what the task asks, and ``feedback`` says why."""

    action: dict[str, Any]
    reason: str | None = None
    feedback: str | None = None


@dataclass(frozen=True)
class Task:
    """A table the learner acts on.

    ``ruleset`` and ``state`` are referee-protocol terms; ``seat`` is the seat the learner
    plays; ``allow`` the action types the GUI offers; ``given`` is merged into every learner
    action (the other seats' parts of a ``courtesy`` or ``claims`` action, say).
    ``done`` is ``"listed"`` (the move must match one of ``answers``) or ``"legal"`` (any move the
    core accepts, carrying ``result`` when given). ``otherwise`` is the message for a legal
    move that is not what a ``"listed"`` task asks. ``continues``: the task starts from the
    final table of the task step before it (``tilewise.lessons.table.start_table``).
    """

    ruleset: str
    seat: str
    allow: tuple[str, ...]
    state: dict[str, Any]
    given: dict[str, Any]
    done: str
    result: dict[str, Any] | None
    answers: tuple[Answer, ...]
    wrong: tuple[WrongAnswer, ...]
    otherwise: str | None = None
    continues: bool = False
    variants: tuple[Variant, ...] = ()


@dataclass(frozen=True)
class Variant:
    """Another table for the same task: the same rule, other tiles (``task.variants`` in a
    pack, ``lessons/README.md`` "Variants"). Review plays a variant the learner has not seen
    yet (``tilewise.lessons.review.pick_variant``); a lesson always plays the task itself.

    ``task``: the whole task with this variant's ``state``, ``answers`` and optional
    ``wrong``, ``given``, ``result`` and ``otherwise`` in place of the task's (ruleset, seat,
    allow and done stay the task's; no variants of its own). ``text``, ``hints`` and
    ``picture`` replace the step's when given (None: the step's own).
    """

    task: Task
    text: str | None = None
    hints: tuple[str, ...] | None = None
    picture: dict[str, Any] | None = None


@dataclass(frozen=True)
class Option:
    """A quiz option: text, or a tile (the GUI shows the tile or its standard name), or
    tiles; ``result`` (with a quiz ``verify`` scenario) is the referee answer it stands for.
    ``feedback`` says why this option is right or wrong (every option of a pack has one)."""

    id: str
    text: str | None = None
    tile: str | None = None
    tiles: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    feedback: str | None = None


QUIZ_ORDERS = ("shuffle", "fixed")
"""How a quiz's options are shown: in an order of their own per learner (the default, so a
position tells nothing), or as written (numbers, steps of a procedure)."""


@dataclass(frozen=True)
class Quiz:
    """Choose one option; ``answer`` is the right option's id. ``verify`` (optional) is a
    referee scenario ``{ruleset, state, action}`` whose answer must match the right option's
    ``result`` and no other option's. ``order`` is one of ``QUIZ_ORDERS``."""

    options: tuple[Option, ...]
    answer: str
    verify: dict[str, Any] | None = None
    order: str = "shuffle"


@dataclass(frozen=True)
class ScriptMove:
    """One point of a guided hand where the learner acts: ``expect`` the move the script
    wants (an action of the hand engine, without ``seat``), ``text`` what the coach says there
    (optional: the GUI then names the move), ``hints``, and ``wrong`` moves worth explaining
    (with ``reason`` the referee must refuse them with that code; without, they are legal but
    not the plan, and ``feedback`` says why)."""

    expect: dict[str, Any]
    text: str | None = None
    hints: tuple[str, ...] = ()
    wrong: tuple[WrongAnswer, ...] = ()


@dataclass(frozen=True)
class HandScript:
    """A guided whole hand (step kind ``hand``): the ``deal`` code (it names the ruleset and
    the wall, ``tilewise.lessons.hand.dealcode``), the learner's ``seat``, and the ``script``:
    one :class:`ScriptMove` for every point where the learner acts, in order, except draws
    and claim windows with no claim worth weighing (the coach plays those; the rule is
    ``tilewise.lessons.hand.guided.scripted_point``).
    Played through by ``tilewise.lessons.hand.guided``."""

    ruleset: str
    deal: str
    seat: str
    script: tuple[ScriptMove, ...]


@dataclass(frozen=True)
class Step:
    """One step of a lesson (``kind`` in ``STEP_KINDS``). ``rule`` (tasks and quizzes,
    optional) is the id of the rule the step teaches (``tilewise.lessons.mastery.RULES``),
    for a step whose own reason codes do not name it: a quiz's result counts under it."""

    id: str
    kind: str
    text: str
    title: str | None = None
    notes: str | None = None
    hints: tuple[str, ...] = ()
    feedback: dict[str, str] = field(default_factory=dict)
    picture: dict[str, Any] | None = None
    points: tuple[str, ...] = ()
    task: Task | None = None
    quiz: Quiz | None = None
    translator_note: str | None = None
    hand: HandScript | None = None
    rule: str | None = None

    @property
    def acting(self) -> bool:
        """True for steps where the learner acts (task and quiz)."""
        return self.kind in ACTING_KINDS

    def variant(self, number: int) -> Step:
        """The step as variant ``number`` of its task shows it (1 = the task's first variant;
        0 = the step itself): that variant's task, and its text, hints and picture where it
        gives them. ``IndexError`` when the task has no such variant (or the step no task)."""
        if number == 0:
            return self
        variants = self.task.variants if self.task is not None else ()
        if not 0 < number <= len(variants):
            raise IndexError(f"step {self.id!r} has no variant {number}")
        chosen = variants[number - 1]
        return replace(self, task=chosen.task,
                       text=self.text if chosen.text is None else chosen.text,
                       hints=self.hints if chosen.hints is None else chosen.hints,
                       picture=self.picture if chosen.picture is None else chosen.picture)


@dataclass(frozen=True)
class Lesson:
    """One lesson file: ``steps`` in order; ``prerequisites`` are lesson ids of the same pack."""

    id: str
    title: str
    goal: str
    prerequisites: tuple[str, ...]
    steps: list[Step]
    file: str = ""

    def context(self, step: Step | None = None) -> str:
        """The gettext message context for this lesson's text: ``"<lesson_id>/<step_id>"``,
        or ``"<lesson_id>"`` for the lesson's own title and goal."""
        return self.id if step is None else f"{self.id}/{step.id}"


GLOSSARY_VARIANTS = ("american", "wsm", "riichi", "hongkong")
"""The tables a glossary entry names a term for, in column order."""


@dataclass(frozen=True)
class GlossaryEntry:
    """One glossary term (``pack.toml`` ``[[glossary]]``): ``meaning`` and the word each
    variant uses (``names``: variant -> msgid; a variant without the thing is absent), and the
    step that teaches it (``lesson``, ``step`` ids). Texts translate in context
    ``glossary/<id>`` (:meth:`context`)."""

    id: str
    meaning: str
    names: dict[str, str]
    lesson: str
    step: str

    @property
    def context(self) -> str:
        """The gettext message context of this entry's texts."""
        return f"glossary/{self.id}"


@dataclass(frozen=True)
class Pack:
    """A loaded, validated lesson pack (``lessons/<pack>/``); lessons in file-name order."""

    id: str
    version: str
    title: str
    summary: str
    languages: tuple[str, ...]
    min_app_version: str
    authors: tuple[str, ...]
    licence: str
    assets: tuple[Asset, ...]
    lessons: list[Lesson]
    path: str = ""
    glossary: tuple[GlossaryEntry, ...] = ()

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson with this id; raises ``KeyError``."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)
