"""``tilewise play``: a whole hand with four computer seats, headless, for tests and teachers.

``tilewise play --ruleset american|wsm --seed N --auto [--pack DIR] [--moves]`` or
``tilewise play --code XXX-XXX --auto``: deals the hand (the same wall and deal on every
computer, :mod:`tilewise.lessons.hand.dealcode`), plays it through with the computer partners
(:mod:`tilewise.lessons.hand.partners`), every move judged by the referee, and prints one line::

    deal 000-01X (american, seed 3): W wins (self-drawn, Line A); moves judged: 151, refused: 0

``--moves`` first prints every move and table event, one per line. The American practice card
is read from the core pack in ``--pack`` (the ``tilewise`` command passes the bundled one).
Exit code 0 when no move was refused, 1 otherwise, 2 for a usage error or an unreadable code.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tilewise.lessons.hand.card import PracticeCard, card_from_pack
from tilewise.lessons.hand.dealcode import MAX_SEED, DealCodeError, decode
from tilewise.lessons.hand.engine import HandEngine
from tilewise.lessons.model import PackError
from tilewise.lessons.pack import load_pack


def result_line(engine: HandEngine) -> str:
    """The command's one line for a finished hand (four computer seats always finish)."""
    result = engine.result
    assert result is not None
    outcome = result.summary()
    if result.line is not None and engine.card is not None:
        outcome = outcome.replace(f"line {result.line + 1}", engine.card.lines[result.line].label)
    return (f"deal {engine.code} ({engine.ruleset}, seed {engine.seed}): {outcome}; "
            f"moves judged: {engine.judged}, refused: {engine.refused}")


def main(argv: list[str]) -> int:
    """Run ``tilewise play`` with ``argv``; return the exit code."""
    parser = argparse.ArgumentParser(prog="tilewise play",
                                     description="Play a whole hand with four computer seats.")
    parser.add_argument("--ruleset", choices=("american", "wsm"), default="american")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--code", default=None, help="a deal code such as 000-01X")
    parser.add_argument("--auto", action="store_true", help="four computer seats (required)")
    parser.add_argument("--pack", type=Path, default=Path("lessons/core"),
                        help="the core lesson pack (its practice card)")
    parser.add_argument("--moves", action="store_true", help="print every move first")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if not args.auto:
        print("tilewise play: only --auto runs without the app (four computer seats)",
              file=sys.stderr)
        return 2
    ruleset, seed = args.ruleset, args.seed
    if args.code is not None:
        try:
            ruleset, seed = decode(args.code)
        except DealCodeError as error:
            print(f"tilewise play: {error}", file=sys.stderr)
            return 2
    if seed is None or not 0 <= seed <= MAX_SEED:
        print(f"tilewise play: give --seed 0..{MAX_SEED} or --code", file=sys.stderr)
        return 2
    card: PracticeCard | None = None
    if ruleset == "american":
        try:
            card = card_from_pack(load_pack(args.pack, check_moves=False))
        except (PackError, KeyError, ValueError) as error:
            print(f"tilewise play: no practice card in {args.pack}: {error}", file=sys.stderr)
            return 2
    engine = HandEngine(ruleset, seed, card=card)
    if args.moves:
        for move in engine.moves:
            why = "" if move.why is None else f"  [{move.why.code} {dict(move.why.params)}]"
            print(f"{move.number:4} {move.seat} {move.action}{why}")
        for event in engine.events:
            print(f"     {event.kind} {event.seat or ''} {event.tile or ''} {event.detail}")
    print(result_line(engine))
    return int(engine.refused != 0)
