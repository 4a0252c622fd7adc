"""How a whole hand ended, as the table shows it: the winner's hand face up, read as sets.

:func:`hand_ending` reads a finished :class:`~tilewise.lessons.hand.engine.HandEngine`:

- who won and how: ``self_drawn`` (the winning tile drawn from the wall or as a supplement),
  ``discard`` (called or claimed from ``by``'s discard), ``robbed_kong`` (robbing ``by``'s added
  kong, WSM, REFERENCE section 8), or ``wall_game`` (nobody won, REFERENCE section 3);
- the winner's whole hand as the referee read it: WSM, the pair and the sets of
  :func:`tilewise.rules.wins.wsm_winning_split` (four sets and a pair, seven pairs, or thirteen
  terminals, REFERENCE section 9); American, the groups of the practice-card line the hand
  made (the engine's ``Result.line``, REFERENCE section 5: jokers stand only in groups of three
  or more identical tiles, DECISIONS 6), concealed groups first, then the exposures;
- where the winning tile lies in those groups (it always joins the concealed tiles);
- which racks the table shows face up: the winner's, or every rack at a wall game.

Pure: no Qt; the play room draws it and writes its sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tilewise.lessons.hand.card import CardLine, open_groups
from tilewise.lessons.hand.engine import HandEngine
from tilewise.rules.jokers import IDENTICAL_SIZES
from tilewise.rules.seats import SEATS
from tilewise.rules.state import Meld
from tilewise.rules.tiles import JOKER
from tilewise.rules.wins import wsm_winning_split

HOW = ("self_drawn", "discard", "robbed_kong", "wall_game")


@dataclass(frozen=True)
class HandGroup:
    """One set of the winner's hand: ``kind`` in the table's words (WSM ``pair``, ``chi``,
    ``pong``, ``kong``, ``single`` of thirteen terminals; American the card's ``single``,
    ``pair``, ``pung``, ``kong``, ``quint``, ``sextet``, ``news``), its
    ``tiles`` in table order, and ``exposed`` (it lies on the table: claimed, or a declared
    kong)."""

    kind: str
    tiles: tuple[str, ...]
    exposed: bool = False


@dataclass(frozen=True)
class Ending:
    """A finished hand (see the module docstring). ``winner`` None at a wall game; ``how``
    one of :data:`HOW`; ``by`` the discarder of the winning tile or the robbed kong's owner;
    ``tile`` the winning tile; ``line`` the American card line made (its index on the card);
    ``groups`` the winner's hand; ``winning`` (group index, tile index) of the winning tile
    in ``groups``; ``face_up`` the seats whose racks are shown."""

    winner: str | None
    how: str
    by: str | None = None
    tile: str | None = None
    line: int | None = None
    groups: tuple[HandGroup, ...] = ()
    winning: tuple[int, int] | None = None
    face_up: tuple[str, ...] = ()

    @property
    def rack_order(self) -> list[str]:
        """The winner's concealed tiles in the order of their groups (the rack shown face
        up reads set by set)."""
        return [tile for group in self.groups if not group.exposed for tile in group.tiles]


def _wsm_kind(tiles: Sequence[str]) -> str:
    """The WSM word for a concealed set (TERMS: chi, pong, kong; the pair; a single of
    thirteen terminals)."""
    if len(tiles) == 1:
        return "single"
    if len(tiles) == 2:
        return "pair"
    return "chi" if len(set(tiles)) > 1 else "pong"


def _exposed(melds: Sequence[Meld]) -> list[HandGroup]:
    return [HandGroup("kong" if meld.kind.startswith("kong") else meld.kind, tuple(meld.tiles),
                      True) for meld in melds]


def wsm_groups(concealed: Sequence[str], melds: Sequence[Meld]) -> tuple[HandGroup, ...]:
    """A complete WSM hand as its sets: the concealed split (pair first), then the melds.
    ValueError for a hand that does not win (REFERENCE section 9)."""
    split = wsm_winning_split(concealed, melds)
    if split is None:
        raise ValueError("this WSM hand does not win")
    hidden = split[:len(split) - len(melds)]
    return (*(HandGroup(_wsm_kind(group), tuple(group)) for group in hidden),
            *_exposed(melds))


def american_groups(line: CardLine, concealed: Sequence[str],
                    melds: Sequence[Meld]) -> tuple[HandGroup, ...]:
    """A Mah Jongg hand as the groups of the card ``line`` it makes: each concealed group
    takes its natural tiles, then jokers fill the free places of identical groups of three or
    more (DECISIONS 6); then the exposures. ValueError when the hand does not make ``line``."""
    rest = open_groups(line, melds)
    if rest is None:
        raise ValueError("an exposure fits no group of this line")
    have = Counter(concealed)
    groups: list[HandGroup] = []
    for group in rest:
        tiles: list[str] = []
        for tile in group.tiles:
            if have[tile] > 0:
                have[tile] -= 1
                tiles.append(tile)
            elif group.kind in IDENTICAL_SIZES and have[JOKER] > 0:
                have[JOKER] -= 1
                tiles.append(JOKER)
            else:
                raise ValueError(f"the hand lacks a {tile} for this line")
        groups.append(HandGroup(group.kind, tuple(tiles)))
    if +have:
        raise ValueError("the hand holds tiles this line has no place for")
    return (*groups, *_exposed(melds))


def winning_place(groups: Sequence[HandGroup], tile: str | None) -> tuple[int, int] | None:
    """(group index, tile index) of the first ``tile`` among the concealed groups (the
    winning tile always joins the concealed tiles), or None (no tile, or none there)."""
    places = [(number, group.tiles.index(tile)) for number, group in enumerate(groups)
              if tile is not None and not group.exposed and tile in group.tiles]
    return places[0] if places else None


def hand_ending(engine: HandEngine) -> Ending | None:
    """How ``engine``'s hand ended (see the module docstring), or None while it goes on."""
    result = engine.result
    if result is None:
        return None
    if result.winner is None:
        return Ending(None, "wall_game", face_up=SEATS)
    seat = result.winner
    hand, melds = engine.hand(seat), engine.melds(seat)
    if engine.ruleset == "american":
        assert engine.card is not None and result.line is not None
        groups = american_groups(engine.card.lines[result.line], hand, melds)
    else:
        groups = wsm_groups(hand, melds)
    how = ("self_drawn" if result.self_drawn else "robbed_kong" if result.robbed
           else "discard")
    return Ending(seat, how, None if result.self_drawn else result.by, result.tile,
                  result.line, groups, winning_place(groups, result.tile), (seat,))


__all__ = ["HOW", "Ending", "HandGroup", "american_groups", "hand_ending", "winning_place",
           "wsm_groups"]
