"""``tilewise pack ...``: lesson pack tools for authors and CI.

- ``tilewise pack check PATH``: validate the pack in folder PATH (schema, ids, prerequisites,
  tile codes and supply, assets, and every task answer and wrong answer played through the
  rules core). Prints each problem as ``file: key path: message``; exit 1 if any.
- ``tilewise pack extract PATH [--out FILE]``: write the pack's gettext template (default
  ``PATH/po/<pack id>.pot``).
- ``tilewise pack install FILE.zip --into DIR [--builtin DIR] [--replace]``: install a zipped
  pack into ``DIR/<pack id>/`` after the full check (``tilewise.lessons.packinstall``); the
  ids of the packs in ``--builtin`` are refused. The ``tilewise`` command fills in ``--into``
  (``data_dir()/packs``) and ``--builtin`` (the bundled lessons folder).
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
    install = commands.add_parser("install", help="install a zipped lesson pack")
    install.add_argument("path", type=Path)
    install.add_argument("--into", type=Path, required=True, help="the installed-packs folder")
    install.add_argument("--builtin", type=Path, help="folder of built-in packs (ids refused)")
    install.add_argument("--replace", action="store_true", help="replace an installed pack")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "install":
        return _install(args.path, args.into, args.builtin, args.replace)
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


def _install(archive: Path, into: Path, builtin: Path | None, replace: bool) -> int:
    from tilewise.lessons.packinstall import PackInstallError, install_pack

    reserved = {p.parent.name for p in builtin.glob("*/pack.toml")} if builtin else set()
    try:
        target = install_pack(archive, into, replace=replace, reserved=reserved | {"core"})
    except PackInstallError as exc:
        for problem in exc.problems:
            print(f"{archive.name}: {problem}", file=sys.stderr)
        print(f"{archive}: refused, nothing installed ({len(exc.problems)} problem(s))",
              file=sys.stderr)
        return 1
    except OSError as exc:  # disk full, no permission, a second install of the same pack
        print(f"{archive}: not installed: {exc}", file=sys.stderr)
        return 1
    print(f"{archive}: installed as {target}")
    return 0
