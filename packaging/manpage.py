"""The ``tilewise(1)`` manual page, generated from the command's own argparse parser.

Loaded by path like bundle.py (``packaging/`` is not importable). Nothing here is written by
hand that the code also says: the synopsis and OPTIONS come from ``tilewise.gui.app.parser()``
(the options of the app), COMMANDS from the bullet list in ``tilewise.cli``'s docstring (the
subcommands), the version from ``pyproject.toml`` and the date from the newest AppStream
``<release>``. build.py renders it into every .deb (``/usr/share/man/man1/tilewise.1.gz``), so
the page cannot drift from ``tilewise --help``; ``build.py man`` prints it for a look
(``man -l -``).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable

SECTION = "1"
TITLE = "TILEWISE"

DESCRIPTION = (
    "Tilewise teaches mahjong with short illustrated lessons: the tiles, the American "
    "Charleston, jokers, and claiming discards. Without a subcommand it opens the app's window. "
    "It works offline and never opens a network connection; the interface is in English, "
    "Spanish, German and Hindi."
)
FILES = (
    ("~/.local/share/Tilewise/", "progress and installed lesson packs of each learner"),
    ("~/.config/Tilewise/", "settings"),
    ("/opt/tilewise/", "the installed program (Debian package)"),
)
ENVIRONMENT = (
    ("TILEWISE_HOME", "keep data, settings and logs in $TILEWISE_HOME/data, /config and /logs "
     "instead (a portable copy on a USB stick, or a test)"),
)
SEE_ALSO = "The app's Help menu; /usr/share/doc/tilewise/."

_COMMAND_LINE = re.compile(
    r"^- (?P<usages>``tilewise [^`]+``(?:, ``tilewise [^`]+``)*): (?P<text>.+?)(?: \(``[^`]+``\))?\.?$")


def roff(text: str) -> str:
    """Escape plain ``text`` for roff: backslashes, hyphens, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"(?m)^([.'])", r"\\&\1", text)


def _option(action: argparse.Action) -> str:
    names = ", ".join(f"\\fB{roff(name)}\\fR" for name in action.option_strings)
    if action.nargs == 0:
        return names
    metavar = action.metavar or action.dest.upper()
    return f"{names} \\fI{roff(str(metavar))}\\fR"


def _synopsis_item(action: argparse.Action) -> str:
    name = f"\\fB{roff(action.option_strings[-1])}\\fR"
    if action.nargs == 0:
        return f"[{name}]"
    metavar = action.metavar or action.dest.upper()
    return f"[{name} \\fI{roff(str(metavar))}\\fR]"


def commands_from_docstring(doc: str) -> list[tuple[str, str]]:
    """``(usage, description)`` for each ``tilewise X`` of the ``- ``tilewise X``: text`` bullets.

    A bullet may go on over indented lines, and may name several commands (``- ``tilewise a``,
    ``tilewise b``: text``): each gets the bullet's text.
    """
    bullets: list[str] = []
    for line in doc.splitlines():
        if line.startswith("- "):
            bullets.append(line.strip())
        elif bullets and bullets[-1] and line.startswith("  ") and line.strip():
            bullets[-1] += " " + line.strip()
        else:
            bullets.append("")  # anything else ends the bullet
    found = []
    for bullet in bullets:
        match = _COMMAND_LINE.match(bullet)
        if match:
            for usage in re.findall(r"``tilewise ([^`]+)``", match.group("usages")):
                found.append((usage, match.group("text")))
    return found


def render(parser: argparse.ArgumentParser, commands: Iterable[tuple[str, str]], *,
           version: str, date: str) -> str:
    """The page as roff (man(7) macros). ``date`` is ``YYYY-MM-DD``.

    Every option of ``parser`` but ``--help`` is listed with its help text; an option without
    help text is listed bare (a test asks every option to have one).
    """
    prog = parser.prog
    actions = [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]
    description = (parser.description or "").rstrip(".")
    summary = roff(description[:1].lower() + description[1:])
    out = [
        f'.TH {TITLE} {SECTION} "{date}" "{prog} {roff(version)}" "User Commands"',
        ".SH NAME",
        f"{prog} \\- {summary}",
        ".SH SYNOPSIS",
        f".B {prog}",
        " ".join(_synopsis_item(a) for a in actions),
        ".br",
        f".B {prog}",
        "\\fICOMMAND\\fR [\\fIARGUMENTS\\fR]",
        ".SH DESCRIPTION",
        roff(DESCRIPTION),
        ".SH OPTIONS",
        ".TP",
        "\\fB\\-h\\fR, \\fB\\-\\-help\\fR",
        "show the options and exit",
    ]
    for action in actions:
        out += [".TP", _option(action)]
        if action.help:
            out.append(roff(action.help))
    out.append(".SH COMMANDS")
    for usage, text in commands:
        out += [".TP", f"\\fB{prog} {roff(usage)}\\fR", roff(text)]
    out.append(".SH FILES")
    for path, text in FILES:
        out += [".TP", f"\\fI{roff(path)}\\fR", roff(text)]
    out.append(".SH ENVIRONMENT")
    for name, text in ENVIRONMENT:
        out += [".TP", f"\\fB{roff(name)}\\fR", roff(text)]
    out += [".SH SEE ALSO", roff(SEE_ALSO), ""]
    return "\n".join(out)


def render_tilewise(version: str, date: str) -> str:
    """The page of the installed ``tilewise`` command (imports ``tilewise.gui.app``; no Qt)."""
    import tilewise.cli
    from tilewise.gui.app import parser

    return render(parser(), commands_from_docstring(tilewise.cli.__doc__ or ""),
                  version=version, date=date)
