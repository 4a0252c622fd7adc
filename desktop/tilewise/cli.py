"""The ``tilewise`` command.

``tilewise`` alone opens the app; subcommands reach the same code without a window:

- ``tilewise referee FILE... [--check]``: judge referee scenarios (``rules.referee``).
- ``tilewise pack check|extract|install ...``: lesson pack tools (``lessons.packtool``).
- ``tilewise play --ruleset american|wsm --seed N --auto``: a whole hand with four computer
  seats, headless (``lessons.hand.play``).
- ``tilewise review --profile NAME --list``: a learner's mistakes due for review
  (``store.commands``).
- ``tilewise learner export|import ...``, ``tilewise backup [--list | --restore N]``: move a
  learner to another computer; copies of the store (``store.commands``).
- ``tilewise report --profile NAME --out card.pdf``: a learner's progress card
  (``gui.review.report``).
- ``tilewise render ...``: draw a lesson step or a tile contact sheet to PNG (``gui.render``).
- ``tilewise translate DIR --lang LANG``: a translator's preview of a pack
  (``gui.translate.preview``).

Each subcommand's module is imported only when it is used, so ``tilewise referee`` never loads
Qt. Every handler takes the remaining arguments and returns a process exit code.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Callable, Sequence

# subcommand -> (module, function); the function takes argv (list[str]) and returns an int.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "referee": ("tilewise.rules.referee", "main"),
    "pack": ("tilewise.lessons.packtool", "main"),
    "render": ("tilewise.gui.render", "main"),
    "translate": ("tilewise.gui.translate.preview", "main"),
    "play": ("tilewise.lessons.hand.play", "main"),
    "review": ("tilewise.store.commands", "review_main"),
    "learner": ("tilewise.store.commands", "learner_main"),
    "backup": ("tilewise.store.commands", "backup_main"),
    "report": ("tilewise.gui.review.report", "main"),
}


def _handler(module: str, function: str) -> Callable[[list[str]], int]:
    handler: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return handler


def _pack_install_defaults(args: list[str]) -> list[str]:
    """``--into data_dir()/packs`` and ``--builtin lessons_dir()`` unless given (the lessons
    layer may not import ``tilewise.store``, so the command supplies the folders)."""
    from tilewise.store.paths import installed_packs_dir, lessons_dir

    extra = []
    if not any(a == "--into" or a.startswith("--into=") for a in args):
        extra += ["--into", str(installed_packs_dir())]
    if not any(a == "--builtin" or a.startswith("--builtin=") for a in args):
        extra += ["--builtin", str(lessons_dir())]
    return extra


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tilewise`` command with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:2] == ["pack", "install"]:
        args += _pack_install_defaults(args)
    if args[:1] == ["play"] and not any(a == "--pack" or a.startswith("--pack=") for a in args):
        from tilewise.store.paths import lessons_dir

        args += ["--pack", str(lessons_dir() / "core")]
    if args and args[0] in SUBCOMMANDS:
        module, function = SUBCOMMANDS[args[0]]
        return _handler(module, function)(args[1:])
    # The window: Python's cycle collector waits for its first paint, from before its modules
    # are imported (gui.app.pause_collector and resume_collector; issue 21, start-up time).
    gc.disable()
    return _handler("tilewise.gui.app", "main")(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
