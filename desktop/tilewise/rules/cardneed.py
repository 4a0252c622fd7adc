"""``card_need``: which tiles of a rack a practice-card line can use, and what it still lacks.

A reading exercise, judged with the same matcher as Mah Jongg (:mod:`tilewise.rules.jokers`,
:mod:`tilewise.rules.cardlines`, whose docstring names the card-reading sources): every concrete form of
the line ("any suit", like numbers, consecutive runs) is tried; the seat's exposures must be
groups of that form, and a concealed line ("C") takes none. Natural tiles serve their own
places; jokers serve only the free places of pungs, kongs, quints and sextets (DECISIONS 6).
The best form is the one that uses the most tiles of the rack (the first such, in
:func:`~tilewise.rules.cardlines.expansions` order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilewise.rules.cardlines import SIZES, CardGroup, CardLine, expansions
from tilewise.rules.jokers import fit_melds
from tilewise.rules.state import Meld, ScenarioError, Table, seat_value
from tilewise.rules.tiles import JOKER, parse_tiles, sort_tiles
from tilewise.rules.verdict import Reason, Refusal, Verdict, allow

_JOKER_KINDS = frozenset(kind for kind in SIZES if kind != "pair")


@dataclass(frozen=True, slots=True)
class Need:
    """What one concrete form of a line makes of a rack: ``keep`` (the rack's tiles it uses,
    jokers included) and ``missing`` (the natural tiles it still lacks, before jokers: the
    kept jokers fill ``jokers`` of them)."""

    keep: Counter[str]
    missing: tuple[str, ...]
    jokers: int

    @property
    def used(self) -> int:
        """How many rack tiles the form uses."""
        return sum(self.keep.values())


def need_for(groups: Sequence[CardGroup], rack: Sequence[str], melds: Sequence[Meld]) -> Need | None:
    """The :class:`Need` of one concrete line, or ``None`` when the exposures do not fit it."""
    rest = fit_melds(groups, melds)
    if rest is None:
        return None
    exact: Counter[str] = Counter()
    room: Counter[str] = Counter()
    for group in rest:
        (room if group.kind in _JOKER_KINDS else exact).update(group.tiles)
    have = Counter(rack)
    jokers = have.pop(JOKER, 0)
    keep: Counter[str] = Counter()
    missing: list[str] = []
    joker_room = 0
    for tile in exact.keys() | room.keys():
        wanted = exact[tile] + room[tile]
        kept = min(have[tile], wanted)
        keep[tile] = kept
        missing += [tile] * (wanted - kept)
        joker_room += room[tile] - max(0, kept - exact[tile])
    used_jokers = min(jokers, joker_room)
    if used_jokers:
        keep[JOKER] = used_jokers
    return Need(+keep, tuple(sort_tiles(missing)), used_jokers)


def needs(line: CardLine, rack: Sequence[str], melds: Sequence[Meld]) -> tuple[list[Need], str | None]:
    """The :class:`Need` of every concrete form of ``line`` that the exposures fit, and why
    there is none: ``"concealed"`` (a "C" line, and the seat has exposures) or ``"exposure"``
    (no form holds the exposures); ``None`` when there are forms."""
    if line.concealed and melds:
        return [], "concealed"
    found = [need for groups in expansions(line) if (need := need_for(groups, rack, melds))]
    return found, None if found else "exposure"


def _result(need: Need | None, blocked: str | None) -> dict[str, Any]:
    if need is None:
        return {"possible": False, "blocked_by": blocked, "keep": [], "missing": [], "jokers": 0}
    return {"possible": True, "blocked_by": None, "keep": sort_tiles(need.keep.elements()),
            "missing": list(need.missing), "jokers": need.jokers}


def judge_card_need(table: Table, action: Mapping[str, Any]) -> Verdict:
    """``card_need``: ``seat``, ``line`` (index into ``state.card``), optional ``tiles``.

    A reading question, so every well-formed question is legal; the answer says what the line
    makes of the rack (the best form). ``possible`` false with ``blocked_by`` ``"concealed"``
    or ``"exposure"`` when the seat's exposures rule the line out (then it uses nothing).
    ``keep``: the rack's tiles the line uses (sorted); ``missing``: the natural tiles it still
    lacks (sorted), of which ``jokers`` are filled by the kept jokers.

    With ``tiles`` (the learner's pick from the rack) the answer also carries ``right`` (the
    pick is exactly what the best form uses; ties between forms accept either), ``extra`` (the
    picked tiles the nearest form cannot use) and ``left_out`` (the tiles it uses that were not
    picked). Refusal: TILE_NOT_IN_HAND (a picked tile not in the rack). ScenarioError for a
    missing hand, card or line.
    """
    seat = seat_value(action.get("seat"), "action.seat")
    index = action.get("line")
    card = table.need_card()
    if type(index) is not int or not 0 <= index < len(card):
        raise ScenarioError(f"the card has no line {index!r}")
    rack = table.need_hand(seat)
    picked: Counter[str] | None = None
    if "tiles" in action:
        picked = Counter(parse_tiles(action.get("tiles")))
        short = picked - Counter(rack)
        if short:
            raise Refusal(Reason.TILE_NOT_IN_HAND, *sort_tiles(short.elements()))
    found, blocked = needs(card[index], rack, table.melds_of(seat))
    best = max((need.used for need in found), default=0)
    tops = [need for need in found if need.used == best]
    if picked is None:
        return allow(**_result(tops[0] if tops else None, blocked))
    if not tops:
        return allow(**_result(None, blocked), right=not picked,
                     extra=sort_tiles(picked.elements()), left_out=[])
    chosen = next((need for need in tops if need.keep == picked), None)
    if chosen is None:
        chosen = max(tops, key=lambda need: sum((picked & need.keep).values()))
    return allow(**_result(chosen, None), right=chosen.keep == picked,
                 extra=sort_tiles((picked - chosen.keep).elements()),
                 left_out=sort_tiles((chosen.keep - picked).elements()))
