"""The referee: one scenario in, one protocol answer out (PROTOCOL.md), and its command.

``judge(scenario)`` answers ``{"legal", "reason", ...result}``; a scenario it cannot read (bad
shape, unknown action, missing state key the action needs) raises :class:`ScenarioError`.

``tilewise referee FILE... [--check]`` reads scenario files (``-`` for standard input), prints
one JSON line per scenario (``{"id", "legal", "reason", ...}`` or ``{"id", "error"}``); with
``--check`` it compares each answer with the scenario's ``expect`` (only the keys given; a list
in ``rotated`` accepts either index), prints each failure with id, expected and actual value,
ends with ``N passed, M failed`` and exits 1 if any failed. Broken files and scenarios are
reported with their id on one line, count as failed, and never stop the run.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from tilewise.rules.cardneed import judge_card_need
from tilewise.rules.charleston import (
    judge_courtesy,
    judge_pass,
    judge_vote,
    judge_votes,
)
from tilewise.rules.claims import judge_claim, judge_claims
from tilewise.rules.jokers import forget_card_answers, group_reason, judge_joker_exchange
from tilewise.rules.kongs import judge_kong_added, judge_kong_concealed
from tilewise.rules.state import ScenarioError, Table, next_live, seat_value, tile_refusal
from tilewise.rules.tiles import (
    TileError,
    check_in_set,
    check_supply,
    describe,
    parse_tile,
    parse_tiles,
)
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow, refuse
from tilewise.rules.waits import judge_waits
from tilewise.rules.wins import forget_splits, judge_declare_win

__all__ = ["ScenarioError", "forget_hands", "judge", "judge_verdict", "main", "matches",
           "tile_refusal"]


def judge_group(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``group``: can ``tiles`` form a group ``as`` (pair, pung, kong, quint, sextet, chi, run,
    news)? The group's own tiles must fit the set (TILE_NOT_IN_SET, TILE_SUPPLY_EXCEEDED);
    then :func:`tilewise.rules.jokers.group_reason`."""
    tiles = parse_tiles(action.get("tiles"))
    kind = action.get("as")
    if not isinstance(kind, str):
        raise ScenarioError("group needs 'as'")
    check_supply(Counter(tiles), table.ruleset)
    reason = group_reason(kind, tiles)
    return allow() if reason is None else refuse(reason, *tiles)


def judge_discard(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``discard``: WRONG_PHASE outside play, DEAD_HAND for a dead American hand (it takes no
    more turns, DECISIONS 24; a dead WSM hand still discards, DECISIONS 18), NOT_YOUR_TURN
    unless the seat holds its extra tile, TILE_NOT_IN_HAND; result ``next`` (the seat that
    draws: the discarder's right, at an American table the next live seat). A joker may be
    discarded (it is dead, REFERENCE.md section 5)."""
    seat = seat_value(action.get("seat"), "action.seat")
    tile = parse_tile(action.get("tile"))
    check_in_set([tile], table.ruleset)
    if table.phase not in (None, "play"):
        raise Refusal(Reason.WRONG_PHASE)
    if table.ruleset == "american" and seat in table.dead:
        raise Refusal(Reason.DEAD_HAND)
    if not table.holds_extra_tile(seat):
        raise Refusal(Reason.NOT_YOUR_TURN)
    if tile not in table.need_hand(seat):
        raise Refusal(Reason.TILE_NOT_IN_HAND, tile)
    return allow(next=next_live(table, seat))


ACTIONS: dict[str, Callable[[Table, Mapping[str, Any]], Verdict]] = {
    "pass": judge_pass,
    "vote": judge_vote,
    "votes": judge_votes,
    "courtesy": judge_courtesy,
    "group": judge_group,
    "discard": judge_discard,
    "claim": judge_claim,
    "claims": judge_claims,
    "kong_concealed": judge_kong_concealed,
    "kong_added": judge_kong_added,
    "joker_exchange": judge_joker_exchange,
    "declare_win": judge_declare_win,
    "card_need": judge_card_need,
    "waits": judge_waits,
}


def judge_verdict(scenario: Mapping[str, Any]) -> Verdict:
    """The :class:`Verdict` for one scenario (``ruleset``, ``state``, ``action``).

    Order: the whole state's tiles are read and checked against the set first (UNKNOWN_TILE,
    TILE_NOT_IN_SET, TILE_SUPPLY_EXCEEDED with ``count`` and ``limit``), then the action's own
    checks.
    Raises ScenarioError for a scenario it cannot read.
    """
    if type(scenario) is not dict and not isinstance(scenario, Mapping):
        raise ScenarioError("a scenario must be a JSON object")
    action = scenario.get("action")
    if type(action) is not dict and not isinstance(action, Mapping):
        raise ScenarioError("a scenario needs an action object")
    kind = action.get("type")
    handler = ACTIONS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise ScenarioError(f"unknown action {describe(kind)}")
    try:
        table = Table(scenario.get("ruleset"), scenario.get("state", {}))
    except TileError as error:
        return tile_refusal(error)
    return table.judge(handler, action)


def judge(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol answer for one scenario: ``{"legal", "reason", ...result}``.

    Raises :class:`ScenarioError` (a ``ValueError``) with a one-line message for a scenario it
    cannot read: bad JSON shape, unknown action, a state key the action needs is missing.
    """
    return judge_verdict(scenario).to_answer()


def forget_hands() -> None:
    """Forget the answers the core keeps per hand (WSM winning splits, the card line an
    American hand makes); what it keeps per practice card stays. Answers never change by it,
    only the time they take: ``make bench`` calls it before each pass over the same scenarios,
    so that every pass judges each hand afresh (issue 21)."""
    forget_splits()
    forget_card_answers()


def matches(expected: object, actual: object, key: str = "") -> bool:
    """True when ``actual`` equals ``expected``; under a ``rotated`` key a list accepts any of
    its indices. Objects compare as a whole (same keys), lists item by item; ``true`` never
    equals ``1``."""
    if key == "rotated" and isinstance(expected, list):
        return any(matches(option, actual) for option in expected)
    if isinstance(expected, Mapping):
        return (
            isinstance(actual, Mapping)
            and set(expected) == set(actual)
            and all(matches(value, actual[name], name) for name, value in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return type(expected) is type(actual) and expected == actual


def _first_line(error: BaseException) -> str:
    lines = str(error).splitlines()
    return lines[0] if lines else type(error).__name__


def _ident(scenario: object, fallback: str) -> object:
    """The scenario's ``id`` when it is a string or a whole number, else ``fallback`` (the
    file and position), so that every printed line names its scenario and stays short."""
    ident = scenario.get("id") if isinstance(scenario, Mapping) else None
    if isinstance(ident, str) or (type(ident) is int):
        return ident
    return fallback


def _answer(scenario: object, fallback: str = "") -> dict[str, Any]:
    ident = _ident(scenario, fallback)
    try:
        answer = judge(scenario)  # type: ignore[arg-type]
    except ScenarioError as error:
        return {"id": ident, "error": _first_line(error)}
    except RecursionError:
        return {"id": ident, "error": "the scenario is nested too deeply to read"}
    except Exception as error:  # a bug must not stop the run; it is reported and fails
        return {"id": ident, "error": f"internal error: {type(error).__name__}: "
                                      f"{_first_line(error)}"}
    return {"id": ident, **answer}


def _brief(value: object, width: int = 160) -> str:
    """``value`` as JSON on one line, cut to ``width`` characters."""
    text = json.dumps(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _failures(scenario: object, answer: Mapping[str, Any]) -> list[str]:
    if "error" in answer:
        return [f"error: {answer['error']}"]
    expect = scenario.get("expect") if isinstance(scenario, Mapping) else None
    if not isinstance(expect, Mapping):
        return ["error: no expect to check"]
    try:
        return [
            f"{key}: expected {_brief(value)}, got {_brief(answer.get(key))}"
            for key, value in expect.items()
            if not (key in answer and matches(value, answer[key], key))
        ]
    except RecursionError:
        return ["error: expect is nested too deeply to compare"]


def _load(name: str, stdin: TextIO) -> list[Any]:
    """The scenarios in file ``name`` (``-``: stdin); ScenarioError when it cannot be read
    (missing, not UTF-8, not JSON, or nested too deeply for the JSON reader)."""
    try:
        if name == "-":
            text = stdin.read()
        else:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ScenarioError(f"cannot read {name}: {_first_line(error)}") from error
    except RecursionError as error:
        raise ScenarioError(f"cannot read {name}: nested too deeply") from error
    return data if isinstance(data, list) else [data]


def main(argv: list[str]) -> int:
    """``tilewise referee FILE... [--check]``; returns the exit code (PROTOCOL.md)."""
    check = "--check" in argv
    names = [arg for arg in argv if arg != "--check"]
    out = sys.stdout
    if not names or any(name.startswith("--") for name in names):
        print("usage: tilewise referee FILE... [--check]   (FILE '-' reads standard input)",
              file=sys.stderr)
        return 2
    passed = failed = 0
    for name in names:
        try:
            scenarios = _load(name, sys.stdin)
        except ScenarioError as error:
            failed += 1
            print(json.dumps({"id": name, "error": str(error)}), file=out)
            if check:
                print(f"FAIL {name}: error: {error}", file=out)
            continue
        for index, scenario in enumerate(scenarios):
            answer = _answer(scenario, f"{name}[{index}]")
            print(json.dumps(answer), file=out)
            problems = _failures(scenario, answer) if check else []
            if check and problems:
                failed += 1
                for problem in problems:
                    print(f"FAIL {answer['id']}: {problem}", file=out)
            elif "error" in answer:
                failed += 1
            else:
                passed += 1
    if check:
        print(f"{passed} passed, {failed} failed", file=out)
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
