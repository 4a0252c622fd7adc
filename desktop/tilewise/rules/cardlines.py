"""Practice-card lines: reading them, and turning "any suit" lines into concrete ones.

A line is a list of groups ``{"kind", "tiles"}`` (or ``{"kind", "tile"}`` for a group of
identical tiles, repeated to the kind's size), optionally wrapped in an object
``{"groups", "concealed", "value"}``. A tile in a line is either a protocol code (``1B``, ``F``,
``N``, ``RD``...; never a joker) or a pattern, written the way a card reader thinks of it
(sources below; REFERENCE.md section 5 for jokers; the shared reference has no card-reading
section yet, so the sources are named here):

- ``1a`` .. ``9a``: a number in *suit a*. Suit letters ``a``, ``b``, ``c`` stand for the three
  suits; different letters are different suits (a card prints them in different colours), and
  a letter is never a suit the same line names outright (``2B`` with ``Db`` and ``Dc``: the
  dragons of the other two suits);
- ``xa``, ``x+1a``, ``x+2b``: *like numbers* and *consecutive runs*: ``x`` is any number, the
  same in every group that names it; ``x+1`` is the next number. ``y`` and ``z`` are further
  numbers, each different from the others. The suit may also be a real one (``xB``);
- ``Da``: the dragon that belongs to suit a: red with craks, green with bams, white ("soap")
  with dots [ML270; IMC-term; MC-read].

``concealed`` (the card's "C") means the hand must be built without exposures; otherwise the
line may be exposed ("X") [ML144]. ``value`` is what the hand is worth; the core does not score.
A card prints each suit of a line in its own colour: one colour, one suit; three colours, three
different suits; a number in the line's note ("any 3 consecutive numbers") frees the printed
numbers [MC-read; MMD-read].

Sources: [ML270] https://mahjlife.com/wiki/handling-dragons-article-270 ;
[IMC-term] https://internationalmahjongcard.com/pages/terminology ;
[MC-read] https://mahjongculture.com/2020/02/05/mahjong-101-reading-the-card/ ;
[ML144] https://mahjlife.com/wiki/the-c-on-the-card-concealed-or-closed-article-144/ ;
[MMD-read] https://minimahjdaily.com/guides/how-to-read-mahjong-card .

Errors are :class:`CardError` (a ``ValueError``) with a one-line message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from tilewise.rules.tiles import JOKER, SUITS, describe, parse_tile

#: Identical-tile group kinds and their sizes (jokers may fill the last four, DECISIONS 6).
SIZES: dict[str, int] = {"pair": 2, "pung": 3, "pong": 3, "kong": 4, "quint": 5, "sextet": 6}
#: The dragon that belongs to each suit [ML270; IMC-term].
SUIT_DRAGON: dict[str, str] = {"B": "GD", "C": "RD", "D": "WD"}
SUIT_LETTERS = ("a", "b", "c")
NUMBER_LETTERS = ("x", "y", "z")

_SUITED = re.compile(r"^(?:(?P<rank>[1-9])|(?P<var>[xyz])(?:\+(?P<plus>[1-8]))?)"
                     r"(?P<suit>[abcBCD])$")
_DRAGON = re.compile(r"^D(?P<suit>[abc])$")
_LINE_KEYS = frozenset(("groups", "concealed", "value"))
_GROUP_KEYS = frozenset(("kind", "tiles", "tile"))


def N_(message: str) -> str:  # noqa: N802 - the gettext marker: extracted, not translated here
    """``message`` itself: marks a :class:`CardError` template for the interface's catalog
    (the rules core has no languages; ``tilewise.lessons.tilecodes`` translates)."""
    return message


#: The template of a token that is neither a tile code nor a card pattern.
NOT_A_TILE = N_("{token} is not a tile or a card pattern")


class CardError(ValueError):
    """A practice card that cannot be read (bad shape, an unknown pattern, a joker).

    ``template`` is the English message with named ``{fields}`` (``fields``), so a caller
    with languages can say it in the learner's (``tilewise.lessons.tilecodes.said``);
    ``str()`` is the English message."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template.format(**fields) if fields else template)
        self.template = template
        self.fields = fields


@dataclass(frozen=True, slots=True)
class CardGroup:
    """One group of a card line: ``kind`` and its ``tiles`` (protocol codes or patterns)."""

    kind: str
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardLine:
    """One line of the card: ``groups``; ``concealed`` (the card's "C"); ``value`` or None.

    A line reads as the sequence of its groups (``line[0]``, ``len(line)``, ``for group in
    line``), as the plain lists of groups that older callers pass."""

    groups: tuple[CardGroup, ...]
    concealed: bool = False
    value: int | None = None

    def __getitem__(self, index: int) -> CardGroup:
        return self.groups[index]

    def __len__(self) -> int:
        return len(self.groups)

    def __iter__(self) -> Iterator[CardGroup]:
        return iter(self.groups)

    @property
    def size(self) -> int:
        """How many tiles the line holds (14 for a whole hand)."""
        return sum(len(group.tiles) for group in self.groups)


def _pattern(token: object) -> tuple[str | None, str | None, int, str]:
    """``(rank or None, number letter or None, offset, suit letter or code)`` of a pattern,
    ``(code, None, 0, "")`` for a protocol code; raises CardError."""
    if not isinstance(token, str):
        raise CardError(NOT_A_TILE, token=describe(token))
    suited = _SUITED.match(token)
    if suited:
        return suited["rank"], suited["var"], int(suited["plus"] or 0), suited["suit"]
    dragon = _DRAGON.match(token)
    if dragon:
        return None, None, 0, "D" + dragon["suit"]
    try:
        code = parse_tile(token)
    except ValueError as error:
        raise CardError(NOT_A_TILE, token=describe(token)) from error
    if code == JOKER:
        raise CardError(N_("a card line names natural tiles, never a joker"))
    return code, None, 0, ""


def _group(value: object) -> CardGroup:
    if not isinstance(value, Mapping):
        raise CardError(N_("a card group must be an object"))
    unknown = set(value) - _GROUP_KEYS
    if unknown:
        raise CardError(N_("a card group has unknown keys {keys}"), keys=sorted(unknown))
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise CardError(N_("a card group needs a kind"))
    size = SIZES.get(kind)
    if "tile" in value:
        if size is None or "tiles" in value:
            raise CardError(N_("'tile' names a group of identical tiles, not a {kind}"), kind=kind)
        tiles: tuple[Any, ...] = (value["tile"],) * size
    else:
        raw = value.get("tiles")
        if not isinstance(raw, list) or not raw:
            raise CardError(N_("a card group needs at least one tile"))
        tiles = tuple(raw)
    for token in tiles:
        _pattern(token)
    if size is not None and (len(tiles) != size or len(set(tiles)) != 1):
        raise CardError(N_("a {kind} is {size} identical tiles"), kind=kind, size=size)
    return CardGroup(kind, tuple(str(t) for t in tiles))


def parse_line(value: object) -> CardLine:
    """Read one card line (a list of groups, or ``{"groups", "concealed", "value"}``)."""
    concealed: object = False
    points: object = None
    if isinstance(value, Mapping):
        unknown = set(value) - _LINE_KEYS
        if unknown:
            raise CardError(N_("a card line has unknown keys {keys}"), keys=sorted(unknown))
        concealed, points = value.get("concealed", False), value.get("value")
        value = value.get("groups")
    if not isinstance(value, list) or not value:
        raise CardError(N_("a card line must be a list of groups"))
    if not isinstance(concealed, bool):
        raise CardError(N_("a card line's concealed must be true or false"))
    if points is not None and (type(points) is not int or points <= 0):
        raise CardError(N_("a card line's value must be a positive whole number"))
    return CardLine(tuple(_group(group) for group in value), concealed, points)


def parse_card(value: object) -> tuple[CardLine, ...]:
    """Read a practice card: a list of lines; raises CardError."""
    if not isinstance(value, list):
        raise CardError(N_("card must be a list of lines"))
    return tuple(parse_line(line) for line in value)


def _letters(line: CardLine) -> tuple[list[str], dict[str, int], set[str]]:
    """The suit letters a line uses (first-seen order), each number letter's top offset, and
    the real suits it names outright."""
    suits: list[str] = []
    numbers: dict[str, int] = {}
    named: set[str] = set()
    for group in line.groups:
        for token in group.tiles:
            _rank, var, plus, suit = _pattern(token)
            letter = suit[-1] if suit else ""
            if letter in SUIT_LETTERS and letter not in suits:
                suits.append(letter)
            elif letter in SUITS:
                named.add(letter)
            if var is not None:
                numbers[var] = max(numbers.get(var, 0), plus)
    return suits, numbers, named


def _concrete(token: str, suits: Mapping[str, str], numbers: Mapping[str, int]) -> str:
    rank, var, plus, suit = _pattern(token)
    if not suit:
        return str(rank)
    if suit.startswith("D") and len(suit) == 2:
        return SUIT_DRAGON[suits[suit[1]]]
    real = suits.get(suit, suit)
    number = int(rank) if rank is not None else numbers[str(var)] + plus
    return f"{number}{real}"


def expansions(line: CardLine) -> Iterator[tuple[CardGroup, ...]]:
    """Every concrete line ``line`` stands for, in a fixed order.

    The list is worked out once per line and kept (lines are frozen values; a few hundred
    concrete lines each at most): a hand's waits try every line for every tile kind, and
    expanding again each time was most of a cold pack check (issue 21, ``make bench``).

    Suit letters take different suits, none named outright in the line (bams, craks, dots
    order); number letters take different
    numbers 1-9 such that every ``x+k`` stays at most 9. A line without patterns yields itself.
    Example: ``x a`` pung, ``x+1 a`` pung -> ``1B 1B 1B 2B 2B 2B``, ``2B.. 3B..``, ... ``8D.. 9D..``.
    """
    return iter(_expanded(line))


@lru_cache(maxsize=512)
def _expanded(line: CardLine) -> tuple[tuple[CardGroup, ...], ...]:
    return tuple(_expand(line))


def _expand(line: CardLine) -> Iterator[tuple[CardGroup, ...]]:
    suit_letters, number_tops, named = _letters(line)
    number_letters = sorted(number_tops)
    free = tuple(suit for suit in SUITS if suit not in named)
    suit_choices = permutations(free, len(suit_letters))
    for suit_values in suit_choices:
        suits = dict(zip(suit_letters, suit_values, strict=True))
        ranges = [range(1, 10 - number_tops[letter]) for letter in number_letters]
        for number_values in product(*ranges):
            if len(set(number_values)) != len(number_values):
                continue
            numbers = dict(zip(number_letters, number_values, strict=True))
            yield tuple(
                CardGroup(group.kind, tuple(_concrete(t, suits, numbers) for t in group.tiles))
                for group in line.groups
            )


def display(line: CardLine) -> tuple[tuple[tuple[str, int], ...], ...]:
    """How a card prints ``line``: per group, per tile ``(label, colour)``.

    ``label`` is the number (a number letter shows its first value: ``x`` as 1, ``x+1`` as 2),
    ``F``, a wind letter, or ``D`` for a dragon. ``colour`` is 0 for a tile of no suit (flowers,
    winds, a dragon whose suit the line does not use), else 1, 2 or 3: the line's first, second
    and third suit in reading order; a dragon takes its suit's colour [MC-read].
    """
    _suits, number_tops, _named = _letters(line)
    numbers = {letter: 1 + index for index, letter in enumerate(sorted(number_tops))}
    order: list[str] = []
    for group in line.groups:
        for token in group.tiles:
            _rank, _var, _plus, suit = _pattern(token)
            key = suit[1] if suit.startswith("D") and len(suit) == 2 else suit
            if key and key not in order:
                order.append(key)
    dragon_suit = {dragon: suit for suit, dragon in SUIT_DRAGON.items()}
    out = []
    for group in line.groups:
        shown = []
        for token in group.tiles:
            rank, var, plus, suit = _pattern(token)
            if suit.startswith("D") and len(suit) == 2:
                shown.append(("D", order.index(suit[1]) + 1))
            elif suit:
                label = rank if rank is not None else str(numbers[str(var)] + plus)
                shown.append((str(label), order.index(suit) + 1))
            elif rank in dragon_suit:
                real = dragon_suit[str(rank)]
                shown.append(("D", order.index(real) + 1 if real in order else 0))
            else:
                shown.append((str(rank)[0], 0))
        out.append(tuple(shown))
    return tuple(out)
