"""From a task step to what the table offers, and from the learner's moves to a protocol action.

No Qt here and no rule: this reads the pack's task data (``tilewise.lessons.model.Task``: the
state, the seat, the ``allow`` list of action types, the listed answers) and names drop zones
and buttons; the learner's drops and presses become one referee-protocol action
(``../shared/referee/PROTOCOL.md`` "Actions and answers") that the lesson session judges.

Zone ids: ``pass``, ``courtesy``, ``discard``, ``group``, ``claim``, ``kong``, ``kong_left``,
``kong_right``, ``swap:<seat>:<meld index>``, ``keep`` (card_need: the rack tiles a card line
uses). Commands (buttons): ``as:<kind>`` (group), ``claim:<kind>``, ``vote:continue``,
``vote:stop``, ``offer``, ``declare_win``, ``check:card_need``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

SEAT_ORDER = ("E", "S", "W", "N")

#: Claim buttons each ruleset always offers (PROTOCOL.md ``claim``), besides those the task lists.
CLAIM_KINDS = {
    "wsm": ("chi", "pong", "kong", "win"),
    "american": ("pung", "kong", "quint", "mahjong"),
}


def seat_at(me: str, relation: str) -> str:
    """The seat at ``relation`` (``right`` = next in turn, ``across``, ``left``) from ``me``."""
    offset = {"you": 0, "right": 1, "across": 2, "left": 3}[relation]
    return SEAT_ORDER[(SEAT_ORDER.index(me) + offset) % 4]


def relation(me: str, other: str) -> str:
    """Where ``other`` sits seen from ``me``: ``you``, ``right``, ``across`` or ``left``."""
    step = (SEAT_ORDER.index(other) - SEAT_ORDER.index(me)) % 4
    return ("you", "right", "across", "left")[step]


@dataclass
class ZoneSpec:
    """A drop target. ``kind``: ``pass``, ``courtesy``, ``discard``, ``group``, ``claim``,
    ``kong``, ``kong_end``, ``swap`` or ``keep``; ``target`` is the receiving seat (pass, courtesy) or the
    exposure's seat (swap); ``meld`` the exposure index (swap); ``end`` for ``kong_end``."""

    id: str
    kind: str
    slots: int
    target: str | None = None
    meld: int | None = None
    end: str | None = None


@dataclass
class TableSpec:
    """What the table shows for one task step."""

    seat: str
    rack: list[str]
    seats: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    melds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    last_discard: dict[str, str] | None = None
    zones: list[ZoneSpec] = field(default_factory=list)
    incoming: int = 0  # face-down tiles arriving that may be passed on blind
    preplaced: dict[str, list[str]] = field(default_factory=dict)  # zone id -> tiles on the table
    commands: list[str] = field(default_factory=list)
    movable: bool = True
    ruleset: str = "american"
    step: str | None = None  # the Charleston step, if any


def _actions(task: Any) -> list[Mapping[str, Any]]:
    listed = [a.action for a in getattr(task, "answers", ())]
    listed += [w.action for w in getattr(task, "wrong", ())]
    return listed


def _ordered(values: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def _multiset_union(lists: Iterable[Iterable[str]]) -> list[str]:
    """Each tile as many times as the list that holds it most often, in first-seen order."""
    most: dict[str, int] = {}
    for tiles in lists:
        counts: dict[str, int] = {}
        for tile in tiles:
            counts[tile] = counts.get(tile, 0) + 1
        for tile, count in counts.items():
            most[tile] = max(most.get(tile, 0), count)
    return [tile for tile, count in most.items() for _n in range(count)]


def _group_table(task: Any, picture: Mapping[str, Any] | None,
                 listed: list[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """(rack, tiles already on the table) of a group task whose state deals no hand.

    The step's ``rack`` picture gives the tiles, its ``marked`` ones lying on the table;
    without one, the rack is every tile the listed moves use (each as often as one move uses
    it) and the learner places the whole group: which tiles already lie on the table is not
    guessed from the answers (they may all share tiles the learner holds).
    """
    groups = [[str(t) for t in a.get("tiles", [])] for a in listed if a.get("type") == "group"]
    if picture and picture.get("kind") == "rack" and picture.get("tiles"):
        tiles = [str(t) for t in picture["tiles"]]
        marked = set(picture.get("marked") or [])
        on_table = [t for i, t in enumerate(tiles) if i in marked]
        return [t for i, t in enumerate(tiles) if i not in marked], on_table
    return _multiset_union(groups), []


def table_spec(task: Any, picture: Mapping[str, Any] | None = None) -> TableSpec:
    """Build the :class:`TableSpec` of a ``Task`` (``tilewise.lessons.model.Task``);
    ``picture`` is the step's picture (a ``rack`` picture may deal the tiles of a group task).
    """
    state: Mapping[str, Any] = task.state
    seat: str = task.seat
    hands: Mapping[str, list[str]] = state.get("hands", {}) or {}
    melds: dict[str, list[dict[str, Any]]] = {
        s: list(m) for s, m in (state.get("melds", {}) or {}).items()
    }
    allow = tuple(task.allow)
    listed = _actions(task)
    spec = TableSpec(
        seat=seat,
        rack=[str(t) for t in hands.get(seat, [])],
        melds=melds,
        last_discard=state.get("last_discard"),
        ruleset=task.ruleset,
        step=state.get("step"),
    )
    shown = set(hands) | set(melds)
    if state.get("last_discard"):
        shown.add(state["last_discard"].get("by", seat))
    if {"pass", "courtesy", "vote", "votes"} & set(allow):
        shown |= set(SEAT_ORDER)
    spec.seats = [s for s in SEAT_ORDER if s in shown and s != seat]
    spec.counts = {s: len(hands[s]) for s in spec.seats if s in hands}
    for kind in allow:
        spec.zones.extend(_zones(kind, task, spec, listed))
        spec.commands.extend(_commands(kind, task, listed))
    if not spec.rack and "group" in allow:
        spec.rack, on_table = _group_table(task, picture, listed)
        if on_table:
            spec.preplaced["group"] = on_table
    if "pass" in allow:
        # Face-down arriving tiles are offered when the task lists a blind pass that the core
        # does not refuse as a blind pass (BLIND_NOT_ALLOWED): the pack data decides.
        refused = [w.action for w in getattr(task, "wrong", ()) if w.reason == "BLIND_NOT_ALLOWED"]
        spec.incoming = 3 if any(
            int(a.get("blind", 0) or 0) > 0 and a not in refused for a in listed) else 0
    return spec


def pass_relation(step: str | None) -> str:
    """The direction named by a Charleston step id (``first_right`` -> ``right``)."""
    if step and "_" in step:
        tail = step.rsplit("_", 1)[1]
        if tail in ("right", "across", "left"):
            return tail
    return "right"


def _zones(kind: str, task: Any, spec: TableSpec, listed: list[Mapping[str, Any]]) -> list[ZoneSpec]:
    seat = spec.seat
    sizes = [len(a.get("tiles", []) or []) for a in listed if a.get("type") == kind]
    if kind == "pass":
        return [ZoneSpec("pass", "pass", 3, seat_at(seat, pass_relation(spec.step)))]
    if kind == "courtesy":
        return [ZoneSpec("courtesy", "courtesy", 3, seat_at(seat, "across"))]
    if kind == "discard":
        return [ZoneSpec("discard", "discard", 1)]
    if kind == "group":
        return [ZoneSpec("group", "group", min(6, max([2, *sizes])))]
    if kind in ("claim", "claims"):
        inner = [
            len(c.get("tiles", []) or [])
            for a in listed if a.get("type") == "claims"
            for c in a.get("claims", []) if c.get("seat") == seat
        ]
        return [ZoneSpec("claim", "claim", min(5, max([1, *sizes, *inner])))]
    if kind == "kong_concealed":
        return [ZoneSpec("kong", "kong", 1)]
    if kind == "kong_added":
        return [ZoneSpec("kong_left", "kong_end", 1, end="left"),
                ZoneSpec("kong_right", "kong_end", 1, end="right")]
    if kind == "card_need":
        return [ZoneSpec("keep", "keep", 14)]
    if kind == "joker_exchange":
        return [
            ZoneSpec(f"swap:{owner}:{index}", "swap", 1, target=owner, meld=index)
            for owner, owned in spec.melds.items()
            for index, meld in enumerate(owned)
            if "J" in meld.get("tiles", [])
        ]
    return []


def _commands(kind: str, task: Any, listed: list[Mapping[str, Any]]) -> list[str]:
    if kind == "group":
        given_as = (getattr(task, "given", None) or {}).get("as")
        if given_as:
            return [f"as:{given_as}"]
        return [f"as:{k}" for k in _ordered(str(a.get("as")) for a in listed if a.get("as"))]
    if kind in ("claim", "claims"):
        named: list[str] = []
        for action in listed:
            if action.get("type") == "claim":
                named.append(str(action.get("claim")))
            for inner in action.get("claims", []) if action.get("type") == "claims" else []:
                if inner.get("seat") == task.seat:
                    named.append(str(inner.get("claim")))
        kinds = _ordered([*CLAIM_KINDS.get(task.ruleset, ()), *named])
        return [f"claim:{k}" for k in kinds]
    if kind in ("vote", "votes"):
        return ["vote:continue", "vote:stop"]
    if kind == "courtesy":
        return ["offer"]
    if kind == "declare_win":
        return ["declare_win"]
    if kind == "card_need":
        return ["check:card_need"]
    return []


def drop_action(spec: TableSpec, zone: ZoneSpec, staged: list[str], blind: int) -> dict[str, Any] | None:
    """The action for a drop into ``zone`` now holding ``staged`` (+ ``blind`` face-down tiles).

    Pass: always an action (a short pass is judged too: the core names a joker before a short
    count). Single-slot zones act at once. Group, claim and courtesy zones wait for a button
    (None).
    """
    seat = spec.seat
    if zone.kind == "pass":
        return {"type": "pass", "seat": seat, "tiles": list(staged), "blind": blind}
    if not staged:
        return None
    tile = staged[-1]
    if zone.kind == "discard":
        return {"type": "discard", "seat": seat, "tile": tile}
    if zone.kind == "kong":
        return {"type": "kong_concealed", "seat": seat, "tile": tile}
    if zone.kind == "kong_end":
        return {"type": "kong_added", "seat": seat, "tile": tile, "end": zone.end}
    if zone.kind == "swap":
        return {"type": "joker_exchange", "seat": seat, "tile": tile,
                "target": {"seat": zone.target, "meld": zone.meld}}
    return None


def command_action(spec: TableSpec, allow: Iterable[str], command: str,
                   staged: Mapping[str, list[str]],
                   given: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The action for a button ``command`` with the tiles ``staged`` per zone id.

    A field the task's ``given`` already holds is left out (the session fills it in), so the
    move reads exactly as the pack lists it.
    """
    seat = spec.seat
    allow = tuple(allow)
    head, _sep, arg = command.partition(":")
    if head == "as":
        group: dict[str, Any] = {"type": "group", "tiles": list(staged.get("group", []))}
        if (given or {}).get("as") != arg:
            group["as"] = arg
        return group
    if head == "claim":
        claim = {"seat": seat, "claim": arg, "tiles": list(staged.get("claim", []))}
        if "claim" in allow:
            return {"type": "claim", **claim}
        return {"type": "claims", "claims": [claim]}
    if head == "vote":
        keep = arg == "continue"
        if "vote" in allow:
            return {"type": "vote", "seat": seat, "continue": keep}
        return {"type": "votes", "continue": {seat: keep}}
    if head == "offer":
        return {"type": "courtesy", "offers": {seat: list(staged.get("courtesy", []))}}
    if head == "declare_win":
        return {"type": "declare_win", "seat": seat}
    if command == "check:card_need":
        return {"type": "card_need", "seat": seat, "tiles": list(staged.get("keep", []))}
    return None
