"""Learner commands without a window: ``tilewise review``, ``tilewise learner``, ``tilewise backup``.

``tilewise review --profile NAME --list [--at ISO-TIME]`` prints the learner's situations due
now (or at ``--at``), soonest first, one per line, tab-separated:
``<id>\\t<pack>/<lesson> step <n>\\t<rule>\\t<due, UTC>`` (``n`` counts from 1, as the player
shows it; the rule is its stable id, ``tilewise.lessons.mastery``), then nothing else; exit 0.
A profile name that no learner has: a message on stderr, exit 2. The store is the learner's
own (``TILEWISE_HOME`` or the platform data folder), or ``--store FILE``.

``tilewise learner export --profile NAME --out FILE`` writes the learner's file and prints
``exported NAME to FILE`` (a file that cannot be written: the reason on stderr, exit 1);
``tilewise learner import FILE`` adds the learner it holds (prints the new profile's name);
a damaged or newer file: the reason on stderr, exit 1, nothing changed
(``tilewise.store.transfer``).

``tilewise backup`` copies the store into ``data_dir()/backups`` (the newest 10 are kept) and
prints the copy's path; ``--list`` prints the backups, newest first, numbered from 1;
``--restore N`` (a number from the list, or a file) puts that one back (the current store is
backed up first); a damaged backup: the reason on stderr, exit 1, nothing changed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from tilewise.store.progress import Profile, ProgressStore
from tilewise.store.review import ReviewQueue
from tilewise.store.transfer import (
    TransferError,
    backups,
    import_learner,
    make_backup,
    read_export,
    restore_backup,
    write_export,
)


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
        for situation in ReviewQueue(store).due_list(profile.id, until=until):
            print(f"{situation.id}\t{situation.pack_id}/{situation.lesson_id} step "
                  f"{situation.step_index + 1}\t{situation.rule}\t{situation.due}")
    return 0


def learner_main(argv: Sequence[str]) -> int:
    """``tilewise learner export|import`` (see the module docstring); returns the exit code."""
    parser = argparse.ArgumentParser(prog="tilewise learner",
                                     description="Move a learner to another computer.")
    sub = parser.add_subparsers(dest="command", required=True)
    out = sub.add_parser("export", help="write one learner's file")
    out.add_argument("--profile", required=True, help="the learner's name")
    out.add_argument("--out", required=True, type=Path, help="the JSON file to write")
    into = sub.add_parser("import", help="add the learner of a file")
    into.add_argument("file", type=Path)
    for each in (out, into):
        each.add_argument("--store", type=Path, help="the progress file (default: the learner's)")
    args = parser.parse_args(list(argv))
    if args.command == "import":
        try:
            data = read_export(args.file)
        except TransferError as error:
            print(f"tilewise learner import: {error}; nothing was changed", file=sys.stderr)
            return 1
    with ProgressStore(args.store) as store:
        if args.command == "import":
            print(import_learner(store, data).name)
            return 0
        profile = find_profile(store, args.profile)
        if profile is None:
            print(f"tilewise learner: no learner is called {args.profile!r}", file=sys.stderr)
            return 2
        try:
            write_export(store, profile.id, args.out)
        except OSError as error:
            print(f"tilewise learner export: cannot write {args.out}: "
                  f"{error.strerror or error}; nothing was written", file=sys.stderr)
            return 1
        print(f"exported {profile.name} to {args.out}")
    return 0


def backup_main(argv: Sequence[str]) -> int:
    """``tilewise backup [--list | --restore N]`` (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="tilewise backup",
                                     description="Copies of the progress store.")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--list", action="store_true", help="list the backups, newest first")
    what.add_argument("--restore", metavar="N", help="put backup N (or a file) back")
    parser.add_argument("--store", type=Path, help="the progress file (default: the learner's)")
    parser.add_argument("--folder", type=Path, help="the backups folder (default: the learner's)")
    args = parser.parse_args(list(argv))
    found = backups(args.folder)
    if args.list:
        for number, path in enumerate(found, start=1):
            print(f"{number}\t{path}")
        return 0
    if args.restore is not None:
        chosen = Path(args.restore)
        if args.restore.isdigit():
            if not 1 <= int(args.restore) <= len(found):
                print(f"tilewise backup: there is no backup {args.restore}", file=sys.stderr)
                return 1
            chosen = found[int(args.restore) - 1]
        try:
            safety = restore_backup(chosen, args.store, folder=args.folder)
        except TransferError as error:
            print(f"tilewise backup: {error}; nothing was changed", file=sys.stderr)
            return 1
        print(f"restored {chosen.name}; the store before is kept as {safety.name}")
        return 0
    with ProgressStore(args.store) as store:
        print(make_backup(store, args.folder))
    return 0


__all__ = ["backup_main", "find_profile", "learner_main", "review_main"]
