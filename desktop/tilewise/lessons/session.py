"""The lesson session: the pure state machine a learner plays one lesson through.

``LessonSession(lesson, *, saved=None, judge=None)`` keeps the current step, and per step the
attempts, the hints used, the moves made (for ``undo``), whether the answer was revealed and
whether the step is done. A task move goes to the rules core (``tilewise.rules.referee.judge``)
in the referee protocol's terms; the session only compares the core's answer with what the
step asks for. Partial moves (two of three tiles dropped) are GUI state, not session state.

Mastery (0..1) is the mean over the steps where the learner acts (tasks and quizzes) of:
1 if the step's first move was accepted and its answer had not been revealed before, else 0,
minus 0.25 for each hint used on the step (never below 0). Steps not yet tried score 0.
A lesson with no such step has mastery 1 once complete. Resetting or undoing a step does not
change its first-try result.

``to_dict()`` returns plain JSON-ready data; ``LessonSession(lesson, saved=data)`` resumes it.

Every refused task move and every wrong quiz answer is also kept as a :class:`Mistake` in
:attr:`LessonSession.mistakes` until the progress store takes them (:meth:`take_mistakes`): the
step, the table it was made on (the referee state, and the accepted moves of the task steps
before it, which set a continuing task's table up again), the wrong action, the core's reason
code and the rule it is about (``tilewise.lessons.mastery``). ``tilewise.lessons.review`` plays
one again. One idea is kept once: a step's mistake with the same kind and reason code as one kept
before in this session is not kept again (it is still a try): dragging three tiles one by one
into the wrong pass kept three mistakes of one idea, and the review played the step three times
(tester 7, shot 203).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from tilewise.lessons import moves
from tilewise.lessons.mastery import mistake_rule
from tilewise.lessons.model import Lesson, Step

HINT_PENALTY = 0.25
SAVE_VERSION = 1
SEAT_ACTIONS = ("pass", "vote", "discard", "claim", "kong_concealed", "kong_added",
                "joker_exchange", "declare_win", "card_need")
"""Action types that carry the acting ``seat``; the session fills in the learner's seat."""


class SessionError(ValueError):
    """A call that does not fit the current step (a move on an explain step, an action type
    the task does not offer, a move on a step already done, an unknown quiz option)."""


@dataclass(frozen=True)
class Feedback:
    """What the GUI shows after a move.

    ``accepted``: the move is what the step asks for. ``legal``: the rules core allows it.
    ``reason``: the core's reason code for a refused move (the GUI shows its translated
    explanation). ``message``: the step's own feedback msgid, or None. ``step_done``: the step
    is now done. ``verdict``: the referee's whole answer to a task move (the table model
    applies an accepted one), None for a quiz; not compared.
    """

    accepted: bool
    legal: bool
    reason: str | None
    message: str | None
    step_done: bool
    verdict: dict[str, Any] | None = field(default=None, compare=False)


@dataclass
class StepRecord:
    """Progress on one step (serialised by ``LessonSession.to_dict``)."""

    attempts: int = 0
    hints_used: int = 0
    done: bool = False
    revealed: bool = False
    first_try: bool | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Mistake:
    """One refused task move or wrong quiz answer, as the progress store keeps it.

    ``step_id``/``step_index``: where; ``kind``: ``"task"`` or ``"quiz"``; ``action``: the
    referee-protocol action refused (a task) or ``{"option": id}`` (a quiz); ``reason``: the
    core's reason code (None for a legal move the step does not ask for, or a quiz); ``rule``:
    the rule id (``tilewise.lessons.mastery``); ``state``: the referee state the move was
    judged on (None for a quiz); ``before``: step id -> the accepted moves of each earlier task
    step (what a continuing task's table is built from).
    """

    step_id: str
    step_index: int
    kind: str
    action: dict[str, Any]
    reason: str | None
    rule: str
    state: dict[str, Any] | None = None
    before: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (the store's situation)."""
        return asdict(self)


class LessonSession:
    """One learner's way through one lesson (see the module docstring)."""

    def __init__(self, lesson: Lesson, *, saved: Mapping[str, Any] | None = None,
                 judge: moves.Judge | None = None) -> None:
        self.lesson = lesson
        self._judge = judge
        self._index = 0
        self._records = {step.id: StepRecord() for step in lesson.steps}
        self.mistakes: list[Mistake] = []
        """Mistakes made since the last :meth:`take_mistakes` (not part of :meth:`to_dict`)."""
        self._kept: dict[tuple[str, str, str | None], Mistake] = {}  # by (step, kind, reason)
        if saved is not None:
            self._restore(saved)

    # -- where we are -----------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The current step's position (0-based)."""
        return self._index

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self._index]

    def record(self, step: Step | None = None) -> StepRecord:
        """The progress record of ``step`` (default: the current step)."""
        return self._records[(step or self.step).id]

    @property
    def complete(self) -> bool:
        """True when every step is done."""
        return all(record.done for record in self._records.values())

    @property
    def mastery(self) -> float:
        """The mastery score, 0..1 (see the module docstring)."""
        acting = [step for step in self.lesson.steps if step.acting]
        if not acting:
            return 1.0 if self.complete else 0.0
        total = 0.0
        for step in acting:
            record = self._records[step.id]
            score = 1.0 if record.first_try else 0.0
            total += max(0.0, score - HINT_PENALTY * record.hints_used)
        return total / len(acting)

    # -- moving between steps ---------------------------------------------------------------

    def advance(self) -> bool:
        """Go to the next step. An explain or recap step is done once you leave it (or
        advance from the last step); a task or quiz must be done first, and a hand step's
        guided hand played to its end (:meth:`finish_hand`). Returns False, and stays, when
        the current step is not done or there is no next step."""
        step, record = self.step, self.record()
        if (step.acting or step.hand is not None) and not record.done:
            return False
        record.done = True
        if self._index + 1 >= len(self.lesson.steps):
            return False
        self._index += 1
        return True

    def finish_hand(self) -> None:
        """The current ``hand`` step's guided hand was played to its end: the step is done
        (the learner may go on). Raises ``SessionError`` when the step is not a hand step."""
        step = self.step
        if step.hand is None:
            raise SessionError(f"step {step.id!r} is a {step.kind}: no hand to finish")
        self.record().done = True

    def back(self) -> bool:
        """Go to the previous step; False at the first step."""
        if self._index == 0:
            return False
        self._index -= 1
        return True

    # -- acting -----------------------------------------------------------------------------

    def attempt(self, action: Mapping[str, Any], *,
                state: Mapping[str, Any] | None = None) -> Feedback:
        """Judge a task move (a referee-protocol action, e.g. ``{"type": "pass", "seat": "E",
        "tiles": [...], "blind": 0}``; a missing ``seat`` is the learner's seat) and record it.
        ``state``: the table the move is made on; by default the task's own state, or for a
        task that continues the hand the table it inherits
        (``tilewise.lessons.steptable.inherited_state``).

        Raises ``SessionError`` on a step that is not a task, a step already done, or an
        action type the task does not offer; ``ScenarioError`` (ValueError) comes from the
        rules core for an action it cannot read.
        """
        feedback, move, judged_on = self._judge_move(action, state)
        self._note(self.record(), feedback.accepted, {"action": move, "verdict": feedback.verdict})
        if not feedback.accepted:
            self._keep_mistake("task", move, feedback.reason, judged_on)
        return Feedback(feedback.accepted, feedback.legal, feedback.reason, feedback.message,
                        self.record().done, feedback.verdict)

    def preview(self, action: Mapping[str, Any], *,
                state: Mapping[str, Any] | None = None) -> Feedback:
        """What :meth:`attempt` would answer, without recording anything (no attempt counted):
        the table asks it for a partial move (two tiles of a pass). Same errors."""
        return self._judge_move(action, state)[0]

    def _judge_move(self, action: Mapping[str, Any], state: Mapping[str, Any] | None
                    ) -> tuple[Feedback, dict[str, Any], dict[str, Any]]:
        step, record = self.step, self.record()
        task = step.task
        if task is None:
            raise SessionError(f"step {step.id!r} is a {step.kind}, not a task")
        if record.done:
            raise SessionError(f"step {step.id!r} is done; advance, undo or reset it")
        if action.get("type") not in task.allow:
            raise SessionError(f"this task offers {', '.join(task.allow)}, not {action.get('type')}")
        move = dict(action)
        if move["type"] in SEAT_ACTIONS:
            move.setdefault("seat", task.seat)
        if state is None and task.continues:
            from tilewise.lessons.steptable import inherited_state  # steptable imports us

            state = inherited_state(self, self._judge)
        judge = self._judge or moves.default_judge()
        played = moves.scenario(task, move, state)
        verdict = judge(played)
        legal = bool(verdict.get("legal"))
        reason = None if legal else verdict.get("reason")
        wrong = next((w for w in task.wrong if moves.same_action(w.action, move)), None)
        if task.done == "legal":
            accepted = legal and (task.result is None or moves.matches(task.result, verdict))
        else:
            answer = next((a for a in task.answers if moves.same_action(a.action, move)), None)
            accepted = legal and answer is not None and (
                answer.result is None or moves.matches(answer.result, verdict))
        if accepted:
            message = None
        elif wrong is not None and wrong.feedback is not None:
            message = wrong.feedback
        elif reason is not None:
            message = step.feedback.get(reason)
        else:
            message = task.otherwise
        return Feedback(accepted, legal, reason, message, record.done, verdict), move, played["state"]

    def choose(self, option_id: str) -> Feedback:
        """Answer a quiz with an option id. Raises ``SessionError`` on a step that is not a
        quiz, a step already done, or an unknown option."""
        step, record = self.step, self.record()
        quiz = step.quiz
        if quiz is None:
            raise SessionError(f"step {step.id!r} is a {step.kind}, not a quiz")
        if record.done:
            raise SessionError(f"step {step.id!r} is done; advance, undo or reset it")
        option = next((o for o in quiz.options if o.id == option_id), None)
        if option is None:
            raise SessionError(f"quiz {step.id!r} has no option {option_id!r}")
        accepted = option.id == quiz.answer
        message = option.feedback  # why this option is right, or why it is wrong
        self._note(record, accepted, {"option": option_id})
        if not accepted:
            reason = None if option.result is None else option.result.get("reason")
            self._keep_mistake("quiz", {"option": option_id},
                               reason if isinstance(reason, str) else None, None)
        return Feedback(accepted, accepted, None, message, record.done)

    def _keep_mistake(self, kind: str, action: dict[str, Any], reason: str | None,
                      state: dict[str, Any] | None) -> None:
        idea = (self.step.id, kind, reason)
        if idea in self._kept:
            return  # the same idea on this step again: one situation to review (module doc)
        before = {step.id: [dict(m) for m in self._records[step.id].moves]
                  for step in self.lesson.steps[:self._index]
                  if step.task is not None and self._records[step.id].moves}
        self._kept[idea] = Mistake(self.step.id, self._index, kind, dict(action), reason,
                                   mistake_rule(self.step, reason), state, before)
        self.mistakes.append(self._kept[idea])

    def keep_refusal(self, action: Mapping[str, Any], reason: str | None, *,
                     state: Mapping[str, Any] | None = None) -> Mistake:
        """Keep a move the table refused before it was whole (a tile of a pass the core
        refuses at once, ``preview``) as a mistake, and count it as a try: the step is no
        longer right first time (the courtesy step refused three tiles, kept three mistakes
        and was still called right first time: tester 7, shots 203, 209). Returns the mistake
        kept for the step and reason (the first one when the idea was kept before: module
        doc). ``state`` as for :meth:`attempt`. Raises ``SessionError`` on a step that is not
        a task."""
        task = self.step.task
        if task is None:
            raise SessionError(f"step {self.step.id!r} is a {self.step.kind}, not a task")
        move = dict(action)
        if move.get("type") in SEAT_ACTIONS:
            move.setdefault("seat", task.seat)
        if state is None and task.continues:
            from tilewise.lessons.steptable import inherited_state  # steptable imports us

            state = inherited_state(self, self._judge)
        judged_on = moves.scenario(task, move, state)["state"]
        self._note(self.record(), False, {"action": move})
        self._keep_mistake("task", move, reason, judged_on)
        return self._kept[(self.step.id, "task", reason)]

    def take_mistakes(self) -> list[Mistake]:
        """The mistakes kept since the last call, oldest first; the list is emptied (call it
        where the progress is saved, so each mistake is stored once)."""
        taken, self.mistakes = self.mistakes, []
        return taken

    def _note(self, record: StepRecord, accepted: bool, move: dict[str, Any]) -> None:
        record.attempts += 1
        if record.first_try is None:
            record.first_try = accepted and not record.revealed
        if accepted:
            record.done = True
            record.moves.append(move)

    def hint(self) -> str | None:
        """The next hint msgid of the current step (counted for mastery), or None when the
        step has no hint left."""
        step, record = self.step, self.record()
        if record.hints_used >= len(step.hints):
            return None
        record.hints_used += 1
        return step.hints[record.hints_used - 1]

    def reveal(self) -> dict[str, Any]:
        """The expected answer of the current task or quiz: ``{"action": {...}}`` (a task's
        first listed answer, as the learner would make it) or ``{"option": id}``. A step
        whose answer was revealed before its first move no longer counts as first-try.
        Raises ``SessionError`` on an explain or recap step."""
        step, record = self.step, self.record()
        if step.task is not None:
            answer: dict[str, Any] = {"action": dict(step.task.answers[0].action)}
        elif step.quiz is not None:
            answer = {"option": step.quiz.answer}
        else:
            raise SessionError(f"step {step.id!r} is a {step.kind}: nothing to reveal")
        record.revealed = True
        return answer

    def undo(self) -> bool:
        """Take back the last accepted move of the current step (the step is no longer done).
        Returns False when there is no move to take back."""
        record = self.record()
        if not record.moves:
            return False
        record.moves.pop()
        record.done = False
        return True

    def reset_step(self) -> None:
        """Put the current step back as it was at the start (moves cleared, not done, hints
        and reveal cleared). Its first-try result and attempt count are kept for mastery."""
        record = self.record()
        self._records[self.step.id] = StepRecord(attempts=record.attempts,
                                                 first_try=record.first_try)

    # -- saving and resuming ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data to save (JSON-ready): the lesson id, the current index and each step's
        record, by step id."""
        return {
            "version": SAVE_VERSION,
            "lesson": self.lesson.id,
            "index": self._index,
            "steps": {step_id: asdict(record) for step_id, record in self._records.items()},
        }

    def _restore(self, saved: Mapping[str, Any]) -> None:
        if saved.get("lesson") != self.lesson.id:
            raise SessionError(f"saved progress is for lesson {saved.get('lesson')!r}")
        index = saved.get("index", 0)
        if isinstance(index, int) and 0 <= index < len(self.lesson.steps):
            self._index = index
        for step_id, data in saved.get("steps", {}).items():
            if step_id in self._records and isinstance(data, Mapping):
                known = {k: v for k, v in data.items() if k in StepRecord.__dataclass_fields__}
                self._records[step_id] = StepRecord(**known)
