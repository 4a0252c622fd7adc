"""Turn a listed referee action into the table operations a learner makes (drags and buttons).

Shared by the table-model tests and the GUI tests (which perform the same plan with the mouse).
A plan is a list of ``("move", tile id, zone id)`` and ``("command", command)`` steps, or None
when the table cannot make the action (more tiles than a zone holds, a blind pass where no tile
arrives face down, a tile the rack does not hold): the table itself prevents such a move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tilewise.lessons.table import Table

Plan = list[tuple[Any, ...]]


def _rack_tiles(table: Table, codes: list[str], used: list[int]) -> list[int] | None:
    chosen = []
    for code in codes:
        rack = [i for i in table.rack(table.seat) if i not in used and i not in chosen]
        exact = [i for i in rack if table.tiles[i].code == code]
        play = [i for i in rack if table.tiles[i].code.rstrip("12345678") == code.rstrip("12345678")
                and table.tiles[i].code[0] == code[0]]
        pick = exact or play
        if not pick:
            return None
        chosen.append(pick[0])
    return chosen


def plan(table: Table, action: Mapping[str, Any]) -> Plan | None:
    """The steps that make ``action`` on ``table`` (see the module docstring)."""
    kind = action.get("type")
    seat = table.seat
    steps: Plan = []

    def drops(codes: list[str], zone_id: str) -> bool:
        zone = table.zone(zone_id)
        ids = _rack_tiles(table, codes, [])
        if zone is None or ids is None or len(ids) + len(table.staged(zone_id)) > zone.slots:
            return False
        if zone_id == "pass" and len(ids) + len(steps) > 3:
            return False
        steps.extend(("move", i, zone_id) for i in ids)
        return True

    if kind == "pass":  # the face-down tiles first, then the learner's own
        blind = int(action.get("blind", 0) or 0)
        own = [str(t) for t in action.get("tiles", [])]
        if blind > len(table.incoming()) or blind + len(own) > 3:
            return None
        steps.extend(("move", i, "pass") for i in table.incoming()[:blind])
        return steps if drops(own, "pass") else None
    if kind in ("vote", "votes"):
        keep = action["continue"] if kind == "vote" else action["continue"][seat]
        return [("command", "vote:continue" if keep else "vote:stop")]
    if kind == "courtesy":
        if not drops([str(t) for t in action["offers"].get(seat, [])], "courtesy"):
            return None
        return [*steps, ("command", "offer")]
    if kind == "group":
        codes = [str(t) for t in action.get("tiles", [])]
        for tile_id in table.staged("group"):
            if table.tiles[tile_id].code in codes:
                codes.remove(table.tiles[tile_id].code)
        if not drops(codes, "group"):
            return None
        return [*steps, ("command", f"as:{action.get('as') or table.task.given.get('as')}")]
    if kind == "declare_win":
        return [("command", "declare_win")]
    if kind == "card_need":
        if not drops([str(t) for t in action.get("tiles", [])], "keep"):
            return None
        return [*steps, ("command", "check:card_need")]
    if kind == "claim":
        if not drops([str(t) for t in action.get("tiles", [])], "claim"):
            return None
        aimed = action.get("discard")
        if aimed is not None:
            box = [i for i in table.discards(str(aimed["by"]))
                   if table.tiles[i].code == aimed["tile"]]
            if not box:
                return None
            steps.append(("move", box[-1], "claim"))
        return [*steps, ("command", f"claim:{action['claim']}")]
    zone_id = {"discard": "discard", "kong_concealed": "kong"}.get(str(kind))
    if kind == "kong_added":
        zone_id = f"kong_{action['end']}"
    if kind == "joker_exchange":
        zone_id = f"swap:{action['target']['seat']}:{action['target']['meld']}"
    if zone_id is None or not drops([str(action["tile"])], zone_id):
        return None
    return steps
