"""Limits on a lesson pack's size and shape, checked before any work that could recurse or
allocate without bound (a pack may come from a stranger; issue 15).

The numbers are in :data:`LIMITS` and documented for authors in ``lessons/README.md``
("Limits"). Each check returns problems as ``(key path, message)`` or raises
:class:`PackFileError` with a message; ``tilewise.lessons.pack`` turns them into
``Problem(file, key path, message)`` lines.

- :func:`read_regular`: a pack file must be a regular file (no symbolic link, folder, FIFO or
  device) of at most ``limit`` bytes; it is opened without following links and never read
  past the limit.
- :func:`decode_text`: UTF-8, a leading byte-order mark accepted (Windows Notepad writes one).
- :func:`long_dotted_key`: the line of a dotted key (``a.b.c = 1``) with more parts than
  ``key_parts``; Python's TOML parser takes time that grows with the cube of a key's length
  (3,000 parts: 0.3 s; 30,000: 40 s), so this runs on the text before parsing.
- :func:`shape_problems`: nesting depth, entries per list or table, characters per string and
  per key, walked without recursion.
- :func:`longest_chain`: the longest prerequisite chain, without recursion.
- :func:`asset_problem`: an asset is an SVG, PNG or JPEG of at most ``asset_bytes``; an SVG
  has no document type or entities, scripts, event handlers, embedded objects or links outside
  itself.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tilewise.i18n import _, ngettext

__all__ = [
    "ASSET_KINDS",
    "LIMITS",
    "PackFileError",
    "PackLimits",
    "asset_content_problem",
    "asset_problem",
    "decode_text",
    "long_dotted_key",
    "longest_chain",
    "read_regular",
    "shape_problems",
]

BOM = b"\xef\xbb\xbf"
ASSET_KINDS = {".svg": "SVG", ".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
_MAGIC = {"PNG": (b"\x89PNG\r\n\x1a\n",), "JPEG": (b"\xff\xd8\xff",)}


@dataclass(frozen=True)
class PackLimits:
    """How big a pack may be. ``lesson_files``: lesson files in one pack; ``file_bytes``: one
    TOML file; ``depth``: tables and lists inside one another; ``key_parts``: parts of one
    dotted key; ``items``: entries of one list or table; ``chars``: characters of one string
    (a step's text included: at 4,000 the player opens a step in well under a second);
    ``key_chars``: characters of one key; ``chain``: lessons in one prerequisite chain;
    ``asset_bytes``: one asset file; ``problems``: problems reported per file before the
    rest are summed up."""

    lesson_files: int = 100
    file_bytes: int = 1_000_000
    depth: int = 16
    key_parts: int = 32
    items: int = 500
    chars: int = 4_000
    key_chars: int = 100
    chain: int = 50
    asset_bytes: int = 4 * 1024 * 1024
    problems: int = 20


LIMITS = PackLimits()


class PackFileError(Exception):
    """A pack file cannot be taken; ``str()`` says why in the learner's and author's words."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit`` of them).

    Raises :class:`PackFileError` for a symbolic link, anything but a regular file (folder,
    FIFO, device, socket), or a file larger than ``limit``; ``OSError`` when it cannot be
    read. The file is opened without following links and without blocking, and checked again
    once open (it cannot be swapped for a FIFO in between).
    """
    info = os.lstat(path)
    _check_mode(info.st_mode)
    if info.st_size > limit:
        raise PackFileError(_("{n} bytes; a pack file may hold at most {most}", n=info.st_size,
                              most=limit))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        _check_mode(os.fstat(handle.fileno()).st_mode)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise PackFileError(_("more than {most} bytes; a pack file may hold at most {most}",
                               most=limit))
    return data


def read_pack_file(file: Path) -> tuple[dict[str, Any] | None, list[tuple[str, str]]]:
    """One pack TOML file read and parsed within the limits: (its table, []), or (None,
    ``(key path, message)`` of what is wrong: not a regular file or too large
    (:func:`read_regular`), not UTF-8, a dotted key too long (:func:`long_dotted_key`), not
    TOML (``tomltext.read_toml``), or too deep or large (:func:`shape_problems`))."""
    from tilewise.tomltext import read_toml

    try:
        text = decode_text(read_regular(file, LIMITS.file_bytes))
    except PackFileError as exc:
        return None, [("file", str(exc))]
    except OSError as exc:
        from tilewise.lessons.packwords import os_error_said  # only for a failure

        return None, [("file", _("cannot read the file: {error}", error=os_error_said(exc)))]
    except UnicodeDecodeError as exc:
        # TRANSLATORS: pack check: where in a pack's file a problem is ("file: byte 12:
        # not UTF-8 text"); the problems box lists these lines
        return None, [(_("byte {n}", n=exc.start), _("not UTF-8 text"))]
    line = long_dotted_key(text, LIMITS.key_parts)
    if line is not None:
        # TRANSLATORS: pack check: the line of a pack's file a problem is on
        return None, [(_("line {n}", n=line), _("a dotted key with more than {most} parts",
                                                 most=LIMITS.key_parts))]
    try:
        data = read_toml(text)
    except (ValueError, RecursionError) as exc:  # tomllib.TOMLDecodeError: a ValueError
        from tilewise.lessons.packwords import toml_error_said  # only for a failure

        line, said = toml_error_said(exc)  # its words in the interface's language
        return None, [(_("line {n}", n=line) if line is not None else "file", said)]
    over = shape_problems(data, LIMITS)
    return (None, over) if over else (data, [])


def _check_mode(mode: int) -> None:
    if stat.S_ISLNK(mode):
        raise PackFileError(_("is a symbolic link; a pack holds plain files only"))
    if not stat.S_ISREG(mode):
        raise PackFileError(_("is not a plain file (a folder, pipe or device); a pack holds "
                              "plain files only"))


def decode_text(data: bytes) -> str:
    """``data`` as UTF-8 text, without a leading byte-order mark. ``UnicodeDecodeError``
    (``.start`` counts from the file's first byte) when it is not UTF-8."""
    skip = len(BOM) if data.startswith(BOM) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as error:
        error.start += skip
        raise


# strings and comments (whose dots are not key separators)
_QUOTED = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|'
                     r"#[^\n]*", re.DOTALL)
# ... and what ends a key: the other tokens are single characters no string or comment starts
# with, so _QUOTED alone finds the strings and comments at the same places
_TOKEN = re.compile(_QUOTED.pattern + r"|[=,\[\]{}\n]|\.", re.DOTALL)


# what can put a line end inside a string token of _QUOTED: a multi-line string, or a
# backslash before the line end (``\\.`` takes any character)
_LINE_END_IN_STRING = re.compile(r'"""|' + r"'''|\\\n")


@functools.cache
def _dots_on_a_line(parts: int) -> re.Pattern[str]:
    """A pattern finding ``parts`` dots (at least one) with no line end between them."""
    return re.compile(r"\." + r"[^\n.]*\." * (max(parts, 1) - 1))


def long_dotted_key(text: str, parts: int) -> int | None:
    """The 1-based line of the first dotted key in TOML ``text`` with more than ``parts``
    parts, or None. Dots in strings and comments do not count; a value holds at most one dot
    per number, so a run of more than ``parts - 1`` dots between ``=``, ``,``, brackets and
    line ends can only be a key (or broken TOML)."""
    # Exact shortcuts (issue 21). First: the walk's count is of dots outside strings and
    # comments since the last line end outside them, and only a multi-line string or a
    # backslash before a line end (in a broken one-line string) puts a line end inside one;
    # so a text without those, whose every line holds fewer than ``parts`` dots, has no run
    # (a sixth of the time of the next shortcut on a 100-lesson pack).
    if not _LINE_END_IN_STRING.search(text) and not _dots_on_a_line(parts).search(text):
        return None
    # Then: strings and comments neither count nor end a run, so with them taken out, a run
    # is ``parts`` dots with no ``=``, ``,``, bracket or line end between; only a text that
    # has one is walked token by token for its line.
    bare = _QUOTED.sub("", text)
    if not re.search(r"(?:\.[^=,\[\]{}\n.]*)" + f"{{{parts}}}", bare):
        return None
    return _dotted_key_line(text, parts)


def _dotted_key_line(text: str, parts: int) -> int | None:
    """:func:`long_dotted_key` token by token (the walk its shortcut stands in for)."""
    dots = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token == ".":
            dots += 1
            if dots >= parts:
                return text.count("\n", 0, match.start()) + 1
        elif token[0] not in "\"'#":
            dots = 0
    return None


def shape_problems(data: Mapping[str, Any], limits: PackLimits = LIMITS) -> list[tuple[str, str]]:
    """``(key path, message)`` for each place in parsed TOML ``data`` deeper than
    ``limits.depth``, with more than ``limits.items`` entries, or with a string longer than
    ``limits.chars`` (a key longer than ``limits.key_chars``). Nothing below a too-deep place
    is visited. At most ``limits.problems`` are returned, the last one counting the rest."""
    if _within(data, 0, limits):  # the usual case, without a key path for every place
        return []
    found: list[tuple[str, str]] = []
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack:
        where, value, depth = stack.pop()
        if isinstance(value, str):
            if len(value) > limits.chars:
                found.append((where, ngettext("{n} character; a text may hold at most {most}",
                                              "{n} characters; a text may hold at most {most}",
                                              len(value), most=limits.chars)))
            continue
        if not isinstance(value, dict | list):
            continue
        if depth >= limits.depth:
            found.append((where, _("tables and lists nested more than {most} deep",
                                   most=limits.depth)))
            continue
        if len(value) > limits.items:
            found.append((where, ngettext("{n} entry; a list or table may hold at most {most}",
                                          "{n} entries; a list or table may hold at most "
                                          "{most}", len(value), most=limits.items)))
            continue
        children: list[tuple[str, Any, int]] = []
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > limits.key_chars:
                    found.append((_join(where, key[:20] + "..."), ngettext(
                        "a key of {n} character; a key may hold at most {most}",
                        "a key of {n} characters; a key may hold at most {most}",
                        len(key), most=limits.key_chars)))
                    continue
                children.append((_join(where, key), item, depth + 1))
        else:
            children = [(f"{where}[{i}]", item, depth + 1) for i, item in enumerate(value)]
        stack.extend(reversed(children))
    if len(found) > limits.problems:
        rest = len(found) - limits.problems + 1
        found = found[:limits.problems - 1] + [
            ("file", ngettext("and {n} more place over the limits",
                              "and {n} more places over the limits", rest))]
    return found


def _within(value: Any, depth: int, limits: PackLimits) -> bool:
    """True when :func:`shape_problems` finds nothing in ``value`` at ``depth`` (the same
    checks; it recurses at most ``limits.depth`` deep). ``value`` is what TOML gives, a table
    at the top: the strings in it are measured by the table or list that holds them."""
    kind = type(value)
    if kind is not dict and kind is not list:
        return not isinstance(value, dict | list)  # a subclass: the full walk decides
    return _fits(value, depth, limits.depth, limits.items, limits.chars, limits.key_chars)


def _fits(value: dict[str, Any] | list[Any], depth: int, depth_limit: int, items: int,
          chars: int, key_chars: int) -> bool:
    """:func:`_within` for a table or list (exactly ``dict`` or ``list``), the limits as
    plain numbers. Most leaves are strings (tile codes, texts): measured by the table or list
    that holds them, told apart by their exact type, a loop over the keys instead of
    ``any()``: half the time of the check on a 100-lesson pack (issue 21)."""
    if depth >= depth_limit or len(value) > items:
        return False
    if type(value) is dict:
        for key in value:
            if len(key) > key_chars:
                return False
        children: Iterable[Any] = value.values()
    else:
        children = value
    depth += 1
    for item in children:
        kind = type(item)
        if kind is str:
            if len(item) > chars:
                return False
        elif kind is dict or kind is list:
            if not _fits(item, depth, depth_limit, items, chars, key_chars):
                return False
        elif isinstance(item, str | dict | list):  # a subclass: the full walk decides
            return False
    return True


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def longest_chain(graph: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The longest prerequisite chain in the acyclic ``graph`` (lesson id -> prerequisite
    ids; ids not in the graph are ignored), first lesson to last prerequisite. Iterative, so
    any length is safe; ``[]`` for an empty graph."""
    best: dict[str, list[str]] = {}
    for start in graph:
        stack = [start]
        while stack:
            node = stack[-1]
            if node in best:
                stack.pop()
                continue
            pending = [p for p in graph[node] if p in graph and p not in best]
            if pending:
                stack.extend(pending)
                continue
            longest: list[str] = []
            for prereq in graph[node]:
                if prereq in best and len(best[prereq]) > len(longest):
                    longest = best[prereq]
            best[node] = [node] + longest
            stack.pop()
    return max(best.values(), key=len, default=[])


# -- assets ------------------------------------------------------------------------------------

_SVG_ELEMENTS = {"script", "foreignobject", "iframe", "embed", "object", "audio", "video",
                 "handler", "listener"}
_EXTERNAL_URL = re.compile(r"url\(\s*['\"]?(?!#)", re.IGNORECASE)


def asset_problem(path: Path, limits: PackLimits = LIMITS) -> str | None:
    """Why the asset file ``path`` cannot be shipped, or None when it can: its kind (by name:
    :data:`ASSET_KINDS`), a regular file of at most ``limits.asset_bytes``, content of that
    kind (PNG and JPEG signatures; an SVG that is safe to draw, see the module doc)."""
    if path.suffix.lower() not in ASSET_KINDS:
        return asset_content_problem(path, b"")
    try:
        data = read_regular(path, limits.asset_bytes)
    except PackFileError as error:
        return str(error)
    except OSError as error:
        from tilewise.lessons.packwords import os_error_said  # only for a failure

        return _("cannot read the file: {error}", error=os_error_said(error))
    return asset_content_problem(path, data)


def asset_content_problem(path: Path, data: bytes) -> str | None:
    """:func:`asset_problem` for the bytes ``data`` already read from ``path`` (its name
    gives the kind): the very bytes judged are those a caller keeps checksums of, so a
    file changed between the read and the check cannot pass as checked (issue 21)."""
    kind = ASSET_KINDS.get(path.suffix.lower())
    if kind is None:
        return _("an asset must be a picture: {kinds}", kinds=", ".join(sorted(ASSET_KINDS)))
    if kind == "SVG":
        return _svg_problem(data)
    if not data.startswith(_MAGIC[kind]):
        return _("the file is not a {kind} picture", kind=kind)
    return None


def _svg_problem(data: bytes) -> str | None:
    from xml.etree import ElementTree  # only for a pack's SVG: not needed to start (issue 21)

    try:
        text = decode_text(data)
    except UnicodeDecodeError:
        return _("an SVG picture must be UTF-8 text")
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        return _("an SVG picture may not have a document type or entities")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        return _("not a readable SVG picture: {error}", error=error)
    if _local(root.tag) != "svg":
        return _("not an SVG picture (the outer element is not <svg>)")
    for element in root.iter():
        name = _local(element.tag)
        if name in _SVG_ELEMENTS:
            return _("an SVG picture may not hold <{name}> elements", name=name)
        for attribute, value in element.attrib.items():
            local = _local(attribute)
            if local.startswith("on"):
                return _("an SVG picture may not run scripts ({attribute} on <{name}>)",
                         attribute=local, name=name)
            if (local == "href" and not value.strip().startswith("#")) or (
                    _EXTERNAL_URL.search(value) or "@import" in value):
                return _("an SVG picture may not link outside itself (<{name}> {attribute})",
                         name=name, attribute=local)
        if name == "style" and element.text and (_EXTERNAL_URL.search(element.text)
                                                  or "@import" in element.text):
            return _("an SVG picture may not link outside itself (<style>)")
    return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower()
