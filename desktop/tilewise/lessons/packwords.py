"""The details of a pack check line that come from outside the checker, in the interface's
language: a TOML syntax error (``tomllib``), an operating-system error (``OSError``), the
rules core's refusal of a scenario or a tile (``ScenarioError``, ``TileError``), and an
unexpected fault. They came through in English inside translated lines (issue 21's
left-alone list; note 6).

The rules core stays language-free: its messages are English sentences (PROTOCOL.md,
"Errors"), and they are said here, as :func:`tilewise.lessons.tilecodes.said` says a card's.
Each known message's English is its msgid, so the English lines are the same as before;
another language gets the translation, its fields (a key, a tile, a seat) kept as the
message gave them. A message not known here (a new one of the core, another Python's
``tomllib``) keeps its English words: nothing better exists for it.
"""

from __future__ import annotations

import ast
import errno
import re
from collections.abc import Callable

from tilewise.i18n import N_, _

__all__ = ["core_error_said", "fault_said", "os_error_said", "toml_error_said"]

def _patterns(*templates: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each English template with the pattern that matches it whole: its words as they are,
    each ``{field}`` any text (a named group)."""
    return tuple((re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+)", re.escape(template))),
                  template) for template in templates)


#: ``tomllib``'s own messages (CPython 3.11-3.13 ``tomllib._parser``), the msgids; the first
#: that matches is used (the bare "Expected {what}" last).
TOML_MESSAGES = _patterns(
    N_("Invalid value"), N_("Invalid statement"), N_("Unterminated string"),
    N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Invalid initial character for a key part"), N_("Cannot overwrite a value"),
    N_("Cannot declare {key} twice"), N_("Duplicate inline table key {key}"),
    N_("Invalid date or datetime"), N_("Unescaped '\\' in a string"),
    N_("Illegal character {char}"), N_("Found invalid character {char}"),
    N_("Expected {what}"))

_TOML_AT = re.compile(r"^(?P<what>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)"
                      r"|(?P<end>end of document))\)$", re.DOTALL)

#: The rules core's scenario messages a pack's task can meet (``tilewise.rules``: the state
#: reader, Charleston, claims, jokers, kongs, the card), the msgids, as :data:`TOML_MESSAGES`.
CORE_MESSAGES = _patterns(
    N_("state.card is needed to judge an American hand"),
    N_("a claim needs state.last_discard"), N_("kongs are declared only in the wsm ruleset"),
    N_("kong_added needs end 'left' or 'right'"), N_("joker_exchange needs a target {target}"),
    N_("the card has no line {line}"), N_("blind must be a whole number 0-3"),
    N_("state.step is needed in the Charleston"), N_("unknown Charleston step {step}"),
    N_("vote needs continue: true or false"), N_("unknown action {action}"),
    N_("unknown claim {claim}"), N_("a scenario needs an action object"),
    N_("a {kind} meld has {size} tiles, not {count}"),
    N_("a meld's rotated index {index} is out of range"),
    N_("state.hands has no hand for {seat}"), N_("{what} must be one of E S W N, not {value}"),
    N_("{owner} has no meld {index}"))

#: ``tilewise.rules.tiles.TileError``'s text: ``REASON: tile`` and, for the supply, the count.
_TILE_ERROR = re.compile(r"(?P<reason>UNKNOWN_TILE|TILE_NOT_IN_SET|TILE_SUPPLY_EXCEEDED): "
                         r"(?P<tile>\S+)(?: \((?P<count>\d+) > (?P<limit>\d+)\))?")


def _said(text: str, table: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
    for pattern, template in table:
        found = pattern.fullmatch(text)
        if found is not None:
            fields = found.groupdict()
            if "key" in fields:
                fields["key"] = _dotted(fields["key"])
            return _(template, **fields)
    return None


def _dotted(key: str) -> str:
    """A TOML key as a pack's author writes it: ``('a', 'b')`` (tomllib's tuple) as ``a.b``."""
    try:
        parts = ast.literal_eval(key)
    except (ValueError, SyntaxError):
        return key
    if isinstance(parts, tuple) and parts and all(isinstance(p, str) for p in parts):
        return ".".join(parts)
    return key


def toml_error_said(error: ValueError | RecursionError) -> tuple[int | None, str]:
    """``(line, message)`` for a text ``tomllib`` cannot read: the line it names (None at the
    end of the file, or when it names none) and "cannot read TOML: <what> (at line L, column
    C)" in the interface's language; a message of its not known here keeps its English.
    A ``RecursionError`` (tables or lists nested past Python's limit) has no line."""
    if isinstance(error, RecursionError):
        return None, _("cannot read TOML: {error}", error=_("tables or lists are nested too "
                                                             "deeply"))
    text = str(error)
    at = _TOML_AT.match(text)
    if at is None:
        return None, _("cannot read TOML: {error}", error=text)
    what = at.group("what")
    said = _said(what, TOML_MESSAGES) or what
    if at.group("end"):
        # TRANSLATORS: pack check: a TOML syntax error at the end of a pack's file ({what}:
        # what is wrong, such as "Unterminated string")
        return None, _("cannot read TOML: {what} (at the end of the file)", what=said)
    line = int(at.group("line"))
    # TRANSLATORS: pack check: a TOML syntax error in a pack's file ({what}: what is wrong,
    # such as "Invalid value"); the line is also named before it ("line 7: ...")
    return line, _("cannot read TOML: {what} (at line {line}, column {column})", what=said,
                   line=line, column=int(at.group("column")))


#: What each common operating-system error says of a file (by ``errno``).
_OS_WORDS: dict[int, Callable[[], str]] = {
    errno.ENOENT: lambda: _("the file is missing"),
    errno.EACCES: lambda: _("reading it is not allowed (see the file's permissions)"),
    errno.EPERM: lambda: _("reading it is not allowed (see the file's permissions)"),
    errno.EISDIR: lambda: _("it is a folder, not a file"),
    errno.ENOTDIR: lambda: _("a folder in its path is a file"),
    errno.ENOSPC: lambda: _("the disk is full"),
    errno.EROFS: lambda: _("the disk can only be read"),
    errno.EIO: lambda: _("the disk could not read it"),
    errno.ELOOP: lambda: _("it is a symbolic link"),
    errno.ENAMETOOLONG: lambda: _("its name is too long"),
    errno.EMFILE: lambda: _("too many files are open"),
    errno.ENFILE: lambda: _("too many files are open"),
}


def os_error_said(error: OSError) -> str:
    """What ``error`` says of a file, in the interface's language for the common ones (by
    ``errno``: missing, not allowed, a folder, the disk full ...), else the system's own
    words (``strerror``, in English), else the error's text."""
    words = _OS_WORDS.get(error.errno) if error.errno is not None else None
    if words is not None:
        return words()
    return error.strerror or str(error) or type(error).__name__


def core_error_said(error: ValueError | str) -> str:
    """The rules core's refusal of a scenario (``ScenarioError``; ``{"error"}`` of an answer)
    or of a tile (``TileError``) in the interface's language; a message not known here keeps
    the core's English."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    tile = _TILE_ERROR.fullmatch(text)
    if tile is not None:
        code, reason = tile.group("tile"), tile.group("reason")
        if reason == "UNKNOWN_TILE":
            return _("{code} is not a tile code", code=repr(code))
        if reason == "TILE_NOT_IN_SET":
            # TRANSLATORS: pack check: the rules core refuses a tile its ruleset's set lacks
            return _("tile {code} is not in this ruleset's set", code=code)
        # TRANSLATORS: pack check: more copies of a tile than the set holds
        return _("tile {code}: {count} copies, but the set holds {limit}", code=code,
                 count=tile.group("count") or "?", limit=tile.group("limit") or "?")
    return _said(text, CORE_MESSAGES) or text


def fault_said(error: BaseException) -> str:
    """An unexpected fault (a bug of the core or the app, a file vanishing) as a pack check
    line names it: an ``OSError`` or a nesting too deep in words, else its type and English
    message (a bug has no better words)."""
    if isinstance(error, OSError):
        return os_error_said(error)
    if isinstance(error, RecursionError):
        return _("tables or lists are nested too deeply")
    if isinstance(error, MemoryError):
        return _("there is not enough memory")
    return f"{type(error).__name__}: {error}"
