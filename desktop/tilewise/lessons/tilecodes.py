"""The rules core's tile codes and reason codes, as the pack validator needs them.

Nothing here is a rule of its own: codes are parsed by ``tilewise.rules.tiles.parse_tile``,
set sizes come from ``tilewise.rules.tiles.tile_set`` and reason codes from
``tilewise.rules.verdict.Reason`` (PROTOCOL.md "Tiles" and "Reason codes"); practice-card
lines are read by ``tilewise.rules.cardlines``.
"""

from __future__ import annotations

import marshal
from collections import Counter
from functools import cache, lru_cache
from typing import Any, cast

from tilewise.i18n import _
from tilewise.rules import cardlines, tiles
from tilewise.rules.verdict import Reason

#: Every tile code of the referee protocol (PROTOCOL.md "Tiles"), faces included.
CODES: tuple[str, ...] = (*tiles.STANDARD, tiles.FLOWER, *tiles.FLOWER_FACES, tiles.JOKER)


@lru_cache(maxsize=4096)
def canonical(code: str) -> str | None:
    """The tile ``code`` plays as (``F3`` -> ``F``), or None when it is not a tile code.
    Answers are kept (a pack names the same few dozen codes tens of thousands of times;
    issue 21), at most 4,096 of them."""
    try:
        return tiles.parse_tile(code)
    except tiles.TileError:
        return None


@cache
def supply(ruleset: str) -> Counter[str]:
    """Copies of each tile in ``ruleset``'s set (play code -> count)."""
    return tiles.tile_set(ruleset)


@cache
def reason_codes() -> frozenset[str]:
    """Every referee reason code."""
    return frozenset(reason.value for reason in Reason)


def said(error: cardlines.CardError) -> str:
    """``error``'s message in the interface's language (``tilewise.i18n``; its English
    without one), as pack check lines are made."""
    return _(error.template, **error.fields)


@lru_cache(maxsize=1024)
def card_token_error(token: str) -> cardlines.CardError | None:
    """Why ``token`` cannot stand in a card line (not a code or a pattern such as ``x+1a``, or
    a joker), or None. The error is kept, not its words (the language may change)."""
    try:
        cardlines.parse_line([{"kind": "single", "tiles": [token]}])
    except cardlines.CardError as error:
        return error
    return None


def names_no_tile(error: cardlines.CardError) -> bool:
    """True when ``error`` says a token is neither a tile code nor a card pattern."""
    return error.template == cardlines.NOT_A_TILE


def card_token_problem(token: str) -> str | None:
    """:func:`card_token_error` in words (:func:`said`), or None."""
    error = card_token_error(token)
    return None if error is None else said(error)


def card_line_problem(line: object) -> str | None:
    """Why ``line`` is not a practice-card line (``tilewise.rules.cardlines.parse_line``), in
    words (:func:`said`), or None. Answers are kept by the line as ``marshal`` writes it
    (format 2: by value and kind, no references; twice as quick as its ``repr``), as a pack
    repeats its card lines in many states (issue 21); at most :data:`LINES_KEPT`. A line
    marshal cannot write (a date, nested past its depth) is read every time."""
    try:
        key = marshal.dumps(cast(Any, line), 2)  # what TOML gives, else ValueError
    except ValueError:
        error = _line_error(line)
    else:
        if key not in _LINES:
            if len(_LINES) >= LINES_KEPT:
                _LINES.clear()
            _LINES[key] = _line_error(line)
        error = _LINES[key]
    return None if error is None else said(error)


LINES_KEPT = 1024
_LINES: dict[bytes, cardlines.CardError | None] = {}


def _line_error(line: object) -> cardlines.CardError | None:
    try:
        cardlines.parse_line(line)
    except cardlines.CardError as error:
        return error
    return None
