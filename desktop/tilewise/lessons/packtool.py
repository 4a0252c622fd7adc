"""``tilewise pack ...``: lesson pack tools for authors and CI.

- ``tilewise pack check PATH``: validate the pack in folder PATH (schema, ids, prerequisites,
  tile codes and supply, assets, and every task answer and wrong answer played through the
  rules core). Prints each problem as ``file: key path: message``; exit 1 if any.
- ``tilewise pack extract PATH [--out FILE]``: write the pack's gettext template (default
  ``PATH/po/<pack id>.pot``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tilewise.lessons.model import PackError
from tilewise.lessons.pack import load_pack


def main(argv: list[str]) -> int:
    """Run ``tilewise pack`` with ``argv``; return the exit code (0 ok, 1 problems, 2 usage)."""
    parser = argparse.ArgumentParser(prog="tilewise pack", description="Lesson pack tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a lesson pack")
    check.add_argument("path", type=Path)
    extract = commands.add_parser("extract", help="write the pack's .pot template")
    extract.add_argument("path", type=Path)
    extract.add_argument("--out", type=Path, default=None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        pack = load_pack(args.path, check_moves=args.command == "check")
    except PackError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{args.path}: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    if args.command == "check":
        steps = sum(len(lesson.steps) for lesson in pack.lessons)
        acting = sum(1 for lesson in pack.lessons for step in lesson.steps if step.acting)
        print(f"{args.path}: pack {pack.id} {pack.version}: {len(pack.lessons)} lessons, "
              f"{steps} steps, {acting} tasks and quizzes: OK")
        return 0
    from tilewise.lessons.extract import write_template

    out = args.out or args.path / "po" / f"{pack.id}.pot"
    count = write_template(pack, out)
    print(f"{out}: {count} messages")
    return 0
