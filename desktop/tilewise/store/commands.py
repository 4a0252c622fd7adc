"""Learner commands without a window: ``tilewise review``.

``tilewise review --profile NAME --list [--at ISO-TIME]`` prints the learner's situations due
now (or at ``--at``), soonest first, one per line, tab-separated:
``<id>\\t<pack>/<lesson> step <n>\\t<rule>\\t<due, UTC>`` (``n`` counts from 1, as the player
shows it; the rule is its stable id, ``tilewise.lessons.mastery``), then nothing else; exit 0.
A profile name that no learner has: a message on stderr, exit 2. The store is the learner's
own (``TILEWISE_HOME`` or the platform data folder), or ``--store FILE``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from tilewise.store.progress import Profile, ProgressStore
from tilewise.store.review import ReviewQueue


def find_profile(store: ProgressStore, name: str) -> Profile | None:
    """The oldest profile called ``name`` (stripped, case-sensitive), or None."""
    return next((p for p in store.profiles() if p.name == name.strip()), None)


def _when(text: str | None) -> datetime:
    if text is None:
        return datetime.now(UTC)
    when = datetime.fromisoformat(text)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def review_main(argv: Sequence[str]) -> int:
    """``tilewise review`` (see the module docstring); returns the exit code."""
    parser = argparse.ArgumentParser(prog="tilewise review",
                                     description="A learner's mistakes, due for review.")
    parser.add_argument("--profile", required=True, help="the learner's name")
    parser.add_argument("--list", action="store_true", help="print the situations due")
    parser.add_argument("--at", help="list what is due at this ISO time instead of now")
    parser.add_argument("--store", type=Path, help="the progress file (default: the learner's)")
    args = parser.parse_args(list(argv))
    if not args.list:
        parser.error("say --list (the review itself is played in the app)")
    try:
        until = _when(args.at)
    except ValueError:
        parser.error(f"--at needs an ISO time, not {args.at!r}")
    with ProgressStore(args.store) as store:
        profile = find_profile(store, args.profile)
        if profile is None:
            print(f"tilewise review: no learner is called {args.profile!r}", file=sys.stderr)
            return 2
        for situation in ReviewQueue(store).due(profile.id, until=until):
            print(f"{situation.id}\t{situation.pack_id}/{situation.lesson_id} step "
                  f"{situation.step_index + 1}\t{situation.rule}\t{situation.due}")
    return 0


__all__ = ["find_profile", "review_main"]
