"""Play a pack's moves through the rules core: the referee's answer is the only judge.

``scenario(task, action)`` builds the referee scenario a learner's move is judged in;
``matches(expected, answer)`` compares the result fields a pack names with the referee's answer;
``same_action(a, b)`` compares two actions, ignoring the order of tiles and list items;
``check_pack(pack, judge)`` plays every task answer and wrong answer (of the task and of each of its
``variants``, on the variant's own table) and every quiz ``verify`` scenario, and returns the
problems found (``lessons/<pack>/<file>: steps[i]...: message``). A task
that ``continues`` the hand is played on the table it inherits: the task before it played along
the pack's main line (each task's first answer; ``tilewise.lessons.steptable``), and again
after each other listed answer of the task just before it.

Reference: ``../shared/referee/PROTOCOL.md`` (scenarios, answers, reason codes).
"""

from __future__ import annotations

import copy
import json
import marshal
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from tilewise.i18n import _
from tilewise.lessons.model import HandScript, Lesson, Pack, Problem, Step, Task

if TYPE_CHECKING:
    from tilewise.lessons.steptable import Accepted
    from tilewise.lessons.table import Table

Judge = Callable[[Mapping[str, Any]], dict[str, Any]]


def default_judge() -> Judge:
    """``tilewise.rules.referee.judge`` (imported on first use)."""
    from tilewise.rules.referee import judge

    return judge


def plain_copy(value: Any) -> Any:
    """A deep copy of a plain value (tables, lists and immutable leaves: what TOML, JSON and
    a table's state hold); anything else is left to ``copy.deepcopy``. Several times faster
    than ``deepcopy`` alone, which a pack check called for every scenario (issue 21)."""
    kind = type(value)
    if kind is dict:
        return {key: plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [plain_copy(item) for item in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


def merged(action: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """``action`` with the task's ``given`` parts filled in where the action lacks them
    (tables are merged key by key; the learner's own values win)."""
    out: dict[str, Any] = plain_copy(dict(given))
    for key, value in action.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merged(value, out[key])
        else:
            out[key] = plain_copy(value)
    return out


def scenario(task: Task, action: Mapping[str, Any],
             state: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The referee scenario ``{"ruleset", "state", "action"}`` for a learner's action, on the
    task's state or on ``state`` (the table a continuing task inherits)."""
    return {
        "ruleset": task.ruleset,
        "state": plain_copy(dict(task.state if state is None else state)),
        "action": merged(action, task.given),
    }


def matches(expected: Any, actual: Any) -> bool:
    """True when the referee's ``actual`` value satisfies the pack's ``expected`` one.

    Tables match key by key (only the keys the pack names); a list expected where the answer
    holds a single value means "any of these" (PROTOCOL.md: a rotated index that a rule leaves
    open); anything else must be equal.
    """
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            matches(value, actual.get(key)) for key, value in expected.items()
        )
    if isinstance(expected, list) and not isinstance(actual, list):
        return actual in expected
    return bool(expected == actual)


def _normal(value: Any) -> Any:
    """``value`` with every list sorted, for comparing (equal when equal up to the order of
    list items). A list of strings only (tiles, the usual list) is sorted as strings; any
    other by each item's JSON text. Both orders are total and tell unequal items apart, so
    two lists come out equal exactly when they hold the same items; a list of strings only
    never equals one holding anything else (a third of a pack check's comparing; issue 21)."""
    if isinstance(value, Mapping):
        return {key: _normal(item) for key, item in value.items()}
    if isinstance(value, list):
        if all(isinstance(item, str) for item in value):
            return sorted(value)
        return sorted((_normal(item) for item in value),
                      key=lambda v: json.dumps(v, sort_keys=True, default=str))
    return value


def same_action(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """True when two actions are the same move: equal, except that the order of items in
    lists (tiles passed, claims made) does not count."""
    return bool(_normal(a) == _normal(b))


def check_pack(pack: Pack, judge: Judge | None = None) -> list[Problem]:
    """Play every task and quiz ``verify`` of ``pack`` through ``judge``; return problems."""
    return [problem for lesson in check_lessons(pack, judge) for problem in lesson]


def check_lessons(pack: Pack, judge: Judge | None = None) -> Iterator[list[Problem]]:
    """:func:`check_pack` one lesson at a time: yields each lesson's problems, in the pack's
    order, so that a caller can run the check in pieces (the app, after its first paint;
    issue 21). Hands played before are not played again (one ``judge`` for the whole pack)."""
    from tilewise.lessons.steptable import main_line

    judge = judge or remembering(default_judge())
    scripts: dict[str, list[tuple[str, str]]] = {}
    for lesson in pack.lessons:
        problems: list[Problem] = []
        line = _Line(main_line(lesson, judge), {})
        for i, step in enumerate(lesson.steps):
            where = f"steps[{i}]"

            def report(key: str, message: str, file: str = lesson.file,
                       where: str = where, problems: list[Problem] = problems) -> None:
                problems.append(Problem(file, f"{where}.{key}", message))

            if step.hand is not None:
                _check_hand(pack, step.hand, report, scripts)
            if step.task is not None:
                state = _table_state(lesson, i, line, report)
                if state is not None:
                    _check_task(step.task, judge, report, state)
                    for after, other in _other_tables(lesson, i, judge, line, report, state):
                        _check_inherited(step.task, judge, _after(report, after), other)
                for k in range(len(step.task.variants)):
                    _check_variant(step, k, judge, report)
            if step.quiz is not None and step.quiz.verify is not None:
                answer = _ask(judge, step.quiz.verify, "quiz.verify", report)
                for j, option in enumerate(step.quiz.options):
                    if answer is None or option.result is None:
                        continue
                    hit = matches(option.result, answer)
                    if option.id == step.quiz.answer and not hit:
                        report(f"quiz.options[{j}].result",
                               _("the right option's result does not match the core: {answer}",
                                 answer=_show(answer)))
                    elif option.id != step.quiz.answer and hit:
                        report(f"quiz.options[{j}].result",
                               _("a wrong option's result matches the core's answer: {answer}",
                                 answer=_show(answer)))
        yield problems


def remembering(judge: Judge) -> Judge:
    """``judge`` answering a scenario it was asked before, the same to the byte as ``marshal``
    (format 2: by value alone, no references) writes it (``1``, ``1.0`` and ``True`` differ;
    so do a list and a tuple, and the order of keys), from memory: for the rules core, whose
    answer is a function of the scenario alone. A pack check asks the same scenario many
    times (each continuing task replays the main line before it; issue 21); the key written
    as JSON took three times as long (the 100-lesson pack's check 153-160 -> 145-148 ms CPU,
    the same 280 questions asked). Each caller gets its own copy of an answer;
    a scenario that marshal cannot write (a date, a table of another kind, nested past its
    depth), or that the judge cannot read, is asked every time."""
    answers: dict[bytes, dict[str, Any]] = {}

    def ask(question: Mapping[str, Any]) -> dict[str, Any]:
        try:
            key = marshal.dumps(cast(dict[str, Any], question), 2)  # a Mapping: ValueError
        except ValueError:
            return judge(question)
        if key not in answers:
            answers[key] = judge(question)
        answer: dict[str, Any] = plain_copy(answers[key])
        return answer
    return ask


def _check_hand(pack: Pack, hand: HandScript, report: Callable[[str, str], None],
                scripts: dict[str, list[tuple[str, str]]]) -> None:
    """Play a guided hand's script through the hand engine (``lessons.hand.guided``); the
    American practice card is the pack's own (``lessons.hand.card.card_from_pack``). The same
    script (by its text) is played once per check: ``scripts`` keeps the problems found."""
    from tilewise.lessons.hand.card import card_from_pack
    from tilewise.lessons.hand.guided import check_script

    card = None
    if hand.ruleset == "american":
        try:
            card = card_from_pack(pack)
        except (KeyError, ValueError) as error:
            # a KeyError names the missing lesson or lesson/step (``hand.card.CARD_STEPS``);
            # a ValueError's words are translated already
            # TRANSLATORS: pack check: {where} is a lesson id or lesson/step ids, as jokers/card
            why = _("{where} is not in this pack", where=error.args[0]) if isinstance(
                error, KeyError) else str(error)
            report("hand", _("an American hand needs the pack's practice card: {error}",
                             error=why))
            return
    key = repr((hand, card))
    if key not in scripts:
        scripts[key] = check_script(hand, card)
    for where, message in scripts[key]:
        report(f"hand.{where}", message)


class _Line(NamedTuple):
    """A lesson's main line (``tilewise.lessons.steptable.main_line``) and the final tables
    worked out on it so far (``steptable.final_table``'s ``kept``), for the whole lesson's
    check: each continuing task's table is then played from the one before it, not again from
    the chain's first task (issue 21)."""

    accepted: Accepted
    kept: dict[int, Table]


def _table_state(lesson: Lesson, index: int, line: _Line,
                 report: Callable[[str, str], None]) -> dict[str, Any] | None:
    """The state task step ``index`` is judged on: its own, or for a task that ``continues``
    the table it inherits along the pack's main line (``tilewise.lessons.steptable``). Reports
    a table that cannot be set up, and a main line broken by a refused first answer."""
    from tilewise.lessons.steptable import previous_task, start_table
    from tilewise.lessons.table import TableError

    task = lesson.steps[index].task
    assert task is not None
    before = previous_task(lesson, index)
    try:
        table = start_table(lesson, index, line.accepted, line.kept)
        if task.continues and before is not None and line.accepted(
                before, start_table(lesson, before, line.accepted, line.kept)) is None:
            step = f"steps[{before}]"
            report("task.continues", _("the task it continues ({step}) refuses its first "
                                       "answer, so its final table is unknown", step=step))
            return None
    except TableError as error:
        report("task.continues" if task.continues else "task.state",
               _("the table cannot be set up: {error}", error=error))
        return None
    except Exception as error:  # a fault in the core must not stop the check of the pack
        report("task.continues", _("the core failed on the main line: {error}",
                                   error=_fault(error)))
        return None
    return table.state() if task.continues else dict(task.state)


def _other_tables(lesson: Lesson, index: int, judge: Judge, main_line: _Line,
                  report: Callable[[str, str], None],
                  main: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """For a task that ``continues``: the tables it inherits when the task before it is
    played with each of its other listed answers (the learner may make any of them), as
    ``(which answer, state)``; an answer the core refuses there, or one that leaves the same
    table as the main line, is left out (the task before reports a refused answer itself).
    The tables before that task are the main line's (``main_line``'s kept ones)."""
    from tilewise.lessons.steptable import main_line as line_of
    from tilewise.lessons.steptable import previous_task, start_table

    task, before = lesson.steps[index].task, previous_task(lesson, index)
    if task is None or not task.continues or before is None:
        return []
    earlier = lesson.steps[before].task
    assert earlier is not None
    tables: list[tuple[str, dict[str, Any]]] = []
    for j in range(1, len(earlier.answers)):
        line = line_of(lesson, judge, {before: j})
        # the final tables before ``before`` are the main line's: only its answer differs
        kept = {k: table for k, table in main_line.kept.items() if k < before}
        answer = f"steps[{before}].task.answers[{j}]"
        after = _("after {answer}", answer=answer)
        try:
            if line(before, start_table(lesson, before, line, kept)) is None:
                continue
            state = start_table(lesson, index, line, kept).state()
        except Exception as error:  # a fault in the core must not stop the check of the pack
            report("task.continues", f"{after}: " + _("the core failed: {error}",
                                                      error=_fault(error)))
            continue
        if _normal(state) != _normal(main):  # the order of tiles in a hand does not count
            tables.append((after, state))
    return tables


def _fault(error: BaseException) -> str:
    """A fault of the core as a pack check line names it (``packwords.fault_said``: its type
    and message, an ``OSError`` in words)."""
    from tilewise.lessons.packwords import fault_said  # only for a failure

    return fault_said(error)


def _after(report: Callable[[str, str], None], after: str) -> Callable[[str, str], None]:
    """``report`` with each message saying which earlier answer made the table."""
    return lambda key, message: report(key, f"{after}: {message}")


def _check_inherited(task: Task, judge: Judge, report: Callable[[str, str], None],
                     state: Mapping[str, Any]) -> None:
    """A continuing task on a table another right answer before it left: the learner must
    still be able to finish it (some listed answer is accepted, its result as listed; "Show
    me" points at the first that fits), and no wrong move with a reason may be accepted
    there (it could complete a ``done = "legal"`` task). A wrong move refused for another
    reason is no problem: on that table it may be wrong twice over."""
    fits: list[str] = []
    for j, answer in enumerate(task.answers):
        key = f"task.answers[{j}]"
        verdict = _ask(judge, scenario(task, answer.action, state), key, report)
        if verdict is None:
            continue
        wanted = [w for w in (answer.result, task.result) if w is not None]
        if not verdict.get("legal"):
            fits.append(f"{key}: " + _("the core refuses it: {reason}",
                                       reason=verdict.get("reason")))
        elif not all(matches(w, verdict) for w in wanted):
            fits.append(f"{key}: " + _("the core answers {answer}", answer=_show(verdict)))
        else:
            fits = []
            break
    if fits:
        report("task.answers", _("no listed answer fits the table it inherits ({why})",
                                 why="; ".join(fits)))
    for j, wrong in enumerate(task.wrong):
        key = f"task.wrong[{j}]"
        if wrong.reason is None:
            continue
        verdict = _ask(judge, scenario(task, wrong.action, state), key, report)
        if verdict is not None and verdict.get("legal"):
            report(key, _("the core accepts this wrong answer (expected {reason})",
                          reason=wrong.reason))


def _check_variant(step: Step, k: int, judge: Judge,
                   report: Callable[[str, str], None]) -> None:
    """Play variant ``k`` of the step's task (``task.variants[k]``) like any task, on its own
    table; problems are keyed under ``task.variants[k]``."""
    from tilewise.lessons.table import Table, TableError

    shown = step.variant(k + 1)
    assert shown.task is not None

    def under(key: str, message: str) -> None:
        report(key.replace("task.", f"task.variants[{k}].", 1), message)

    try:
        Table(shown.task, shown.picture)
    except TableError as error:
        under("task.state", _("the table cannot be set up: {error}", error=error))
        return
    except Exception as error:  # as on the main line: a fault must not stop the check
        under("task.state", _("the table cannot be set up: {error}",
                              error=_fault(error)))
        return
    _check_task(shown.task, judge, under, shown.task.state)


def _check_task(task: Task, judge: Judge, report: Callable[[str, str], None],
                state: Mapping[str, Any]) -> None:
    for j, answer in enumerate(task.answers):
        key = f"task.answers[{j}]"
        verdict = _ask(judge, scenario(task, answer.action, state), key, report)
        if verdict is None:
            continue
        if not verdict.get("legal"):
            report(key, _("the core refuses this expected answer: {reason}",
                          reason=verdict.get("reason")))
            continue
        for name, wanted in ((f"{key}.result", answer.result), ("task.result", task.result)):
            if wanted is not None and not matches(wanted, verdict):
                report(name, _("expected {wanted}; the core answers {answer}",
                               wanted=_show(wanted), answer=_show(verdict)))
    for j, wrong in enumerate(task.wrong):
        key = f"task.wrong[{j}]"
        if any(same_action(wrong.action, answer.action) for answer in task.answers):
            report(key, _("this wrong answer is also listed as an expected answer"))
            continue
        verdict = _ask(judge, scenario(task, wrong.action, state), key, report)
        if verdict is None:
            continue
        if wrong.reason is None:
            if not verdict.get("legal"):
                report(key, _("listed as a legal move, but the core refuses it: {reason}",
                              reason=verdict.get("reason")))
            elif task.done == "legal" and task.result is not None and matches(task.result, verdict):
                report(key, _("this wrong answer completes the task: the core answers "
                              "{answer}", answer=_show(verdict)))
        elif verdict.get("legal"):
            report(key, _("the core accepts this wrong answer (expected {reason})",
                          reason=wrong.reason))
        elif verdict.get("reason") != wrong.reason:
            report(f"{key}.reason", _("the core refuses it with {reason}, not {wanted}",
                                      reason=verdict.get("reason"), wanted=wrong.reason))


def _ask(judge: Judge, question: Mapping[str, Any], key: str,
         report: Callable[[str, str], None]) -> dict[str, Any] | None:
    try:
        answer = judge(question)
    except ValueError as exc:  # tilewise.rules.referee.ScenarioError is a ValueError
        report(key, _("the core cannot read this scenario: {error}", error=_core_said(exc)))
        return None
    except Exception as exc:  # a fault in the core must not stop the check of the pack
        report(key, _("the core failed on this scenario: {error}",
                      error=_fault(exc)))
        return None
    if "error" in answer:
        report(key, _("the core cannot read this scenario: {error}",
                      error=_core_said(str(answer["error"]))))
        return None
    return answer


def _core_said(error: ValueError | str) -> str:
    """The core's refusal in the interface's language (``packwords.core_error_said``)."""
    from tilewise.lessons.packwords import core_error_said  # only for a failure

    return core_error_said(error)


def _show(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
