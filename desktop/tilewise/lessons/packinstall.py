"""Install a zipped lesson pack from a stranger, safely: ``install_pack(archive, packs_dir)``.

Lesson packs come from volunteers and strangers, so an archive is untrusted input. It is
refused, with nothing left behind in ``packs_dir``, when:

- it is not a readable zip, is encrypted, or is larger than ``Limits.archive_bytes``;
- a member name escapes the pack folder (``..``, an absolute path, a drive letter, a
  backslash, a control character), is a symbolic link or other special file (zip external
  attributes), or is not where a pack keeps files (``*.toml`` and text at the top, ``po/*.po``
  and ``po/*.pot``, ``assets/<name>`` of a picture kind the format lists: SVG, PNG, JPEG);
  ``.mo`` files are never taken (we compile our own); a name that is both a file and a folder
  (``assets`` and ``assets/x.png``) is refused; dot-files (``.hidden.toml``, ``.git/...``) are
  skipped, never installed;
- it holds more than ``Limits.files`` members, or more bytes than ``Limits.file_bytes`` per
  file or ``Limits.total_bytes`` in all, by the declared sizes or by the bytes actually
  decompressed (zip bombs);
- a text file is not UTF-8, a ``.po`` catalog is malformed (``parse_po``), or the pack fails the
  full pack validator (``tilewise.lessons.pack.load_pack``: TOML syntax, unknown keys, tile
  codes and counts, limits, assets safe to draw, every task played through the rules core);
- a file under ``assets/`` is not listed in ``pack.toml``'s ``assets``;
- its id is reserved (a built-in pack such as ``core``), or a pack with that id is already
  installed and ``replace`` is false.

Steps: extract to a fresh hidden folder inside ``packs_dir``, validate it there, compile each
``po/<lang>.po`` to ``po/<lang>.mo``, then move it into place with one ``os.rename``. Every
refusal raises ``PackInstallError`` (a ``PackError``) whose ``.problems`` name the file (the
member name inside the archive), the key path or line (for the archive's own checks: ``archive``,
``files``, ``name``, ``type``, ``encryption`` or ``size``), and the problem.

This module takes the destination folder as a parameter (lessons may not import
``tilewise.store``); the app passes ``tilewise.store.paths.installed_packs_dir()``.
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import stat
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from tilewise.lessons.model import PackError, Problem
from tilewise.lessons.pack import Judge, load_pack
from tilewise.lessons.packlimits import ASSET_KINDS

__all__ = ["Limits", "PackInstallError", "PoEntry", "install_pack", "parse_po", "write_mo"]

TEXT_SUFFIXES = (".toml", ".po", ".pot", ".md", ".txt")
LANG_PATTERN = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
_DRIVE = re.compile(r"^[A-Za-z]:")
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """How big an archive may be. ``files``: members; ``file_bytes``: uncompressed bytes of one
    member; ``total_bytes``: uncompressed bytes of all members; ``archive_bytes``: the zip
    file itself; ``name_chars``/``depth``: length and folder depth of a member name."""

    files: int = 300
    file_bytes: int = 4 * 1024 * 1024
    total_bytes: int = 32 * 1024 * 1024
    archive_bytes: int = 32 * 1024 * 1024
    name_chars: int = 200
    depth: int = 6


class PackInstallError(PackError):
    """The archive was refused; ``.problems`` lists why (file, key path or line, message)."""


class _Refused(Exception):
    """Internal: stop at the first problem of the archive's structure."""

    def __init__(self, file: str, key: str, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(file, key, message)


def install_pack(archive: Path, packs_dir: Path, *, replace: bool = False,
                 reserved: Collection[str] = ("core",), limits: Limits | None = None,
                 judge: Judge | None = None) -> Path:
    """Install the pack zipped in ``archive`` as ``packs_dir/<pack id>/``; return that folder.

    ``reserved``: pack ids that may never be installed (the built-in packs). ``replace``:
    allow overwriting an installed pack of the same id. ``judge``: the rules core used to
    check the tasks (default ``tilewise.rules.referee.judge``).
    Raises ``PackInstallError``; then ``packs_dir`` is exactly as it was.
    """
    archive, packs_dir = Path(archive), Path(packs_dir)
    limits = limits or Limits()
    created = not packs_dir.exists()
    packs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".install-", dir=packs_dir))
    try:
        root = work / "pack"
        root.mkdir()
        try:
            _extract(archive, root, limits)
        except _Refused as refused:
            raise PackInstallError([refused.problem]) from None
        problems = _check_text(root)
        problems += _compile_catalogs(root)
        try:
            pack = load_pack(root, judge=judge)
        except PackError as error:
            problems += [_relative(p, root) for p in error.problems]
        else:
            problems += _unlisted_assets(root, {asset.path for asset in pack.assets})
        if problems:
            raise PackInstallError(problems)
        target = packs_dir / pack.id
        if pack.id in reserved:
            raise PackInstallError([Problem("pack.toml", "id", f"the id {pack.id!r} belongs to a "
                                            "built-in pack; choose another id")])
        if target.exists():
            if not replace:
                raise PackInstallError([Problem("pack.toml", "id", f"a pack {pack.id!r} is "
                                                "already installed (use --replace)")])
            os.rename(target, work / "old")  # the old copy is removed with the work folder
        try:
            os.rename(root, target)
        except OSError:
            if (work / "old").exists():
                os.rename(work / "old", target)
            raise
        return target
    except BaseException:
        if created:
            shutil.rmtree(packs_dir, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


# -- the archive ------------------------------------------------------------------------------


def _extract(archive: Path, root: Path, limits: Limits) -> None:
    """Check every member of ``archive``, then copy the pack's files under ``root``."""
    name = archive.name
    try:
        size = archive.stat().st_size
    except OSError as error:
        raise _Refused(name, "archive", f"cannot read the archive: {error.strerror}") from None
    if size > limits.archive_bytes:
        raise _Refused(name, "size", f"the archive is {size} bytes; at most {limits.archive_bytes}")
    try:
        with zipfile.ZipFile(archive) as zipped:
            members = zipped.infolist()
            prefix = _check_members(name, members, limits)
            for info in members:
                if info.is_dir() or _hidden(info.filename[len(prefix):]):
                    continue
                dest = root.joinpath(*PurePosixPath(info.filename[len(prefix):]).parts)
                dest.parent.mkdir(parents=True, exist_ok=True)
                with zipped.open(info) as source, dest.open("xb") as sink:
                    _copy_limited(source, sink, info.filename,
                                  min(info.file_size, limits.file_bytes))
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
            ValueError, OSError, struct.error) as error:
        raise _Refused(name, "archive", f"not a readable zip archive: {error}") from None


def _copy_limited(source: IO[bytes], sink: IO[bytes], name: str, cap: int) -> int:
    """Copy ``source`` to ``sink``; refuse as soon as more than ``cap`` bytes come out."""
    written = 0
    while chunk := source.read(_CHUNK):
        written += len(chunk)
        if written > cap:
            raise _Refused(name, "size",
                           f"decompresses to more than its declared or allowed {cap} bytes")
        sink.write(chunk)
    return written


def _check_members(archive: str, members: list[zipfile.ZipInfo], limits: Limits) -> str:
    """Refuse unsafe or oversized members; return the folder prefix holding ``pack.toml``."""
    if len(members) > limits.files:
        raise _Refused(archive, "files",
                       f"{len(members)} files; a pack may hold at most {limits.files}")
    total = 0
    seen: set[str] = set()
    for info in members:
        _check_name(info.filename, limits)
        folded = info.filename.rstrip("/").casefold()
        if folded in seen:
            raise _Refused(info.filename, "name", "the archive holds this name twice")
        seen.add(folded)
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise _Refused(info.filename, "type", "symbolic links are not allowed in a pack")
        if stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise _Refused(info.filename, "type",
                           "only plain files and folders are allowed in a pack")
        if info.flag_bits & 0x1:
            raise _Refused(info.filename, "encryption", "encrypted files are not allowed in a pack")
        if info.file_size > limits.file_bytes:
            raise _Refused(info.filename, "size",
                           f"{info.file_size} bytes; a file may hold at most "
                           f"{limits.file_bytes}")
        total += info.file_size
    if total > limits.total_bytes:
        raise _Refused(archive, "size", f"{total} bytes uncompressed; a pack may hold at most "
                       f"{limits.total_bytes}")
    names = [info.filename for info in members if not info.is_dir()]
    folders = {"/".join(parts[:i]).casefold() for info in members
               for parts in [info.filename.rstrip("/").split("/")] for i in range(1, len(parts))}
    folders |= {info.filename.rstrip("/").casefold() for info in members if info.is_dir()}
    for file in names:
        if file.casefold() in folders:
            raise _Refused(file, "name", "this name is both a file and a folder in the archive")
    prefix = _pack_prefix(archive, names)
    for file in names:
        if not _hidden(file[len(prefix):]):
            _check_layout(file, file[len(prefix):])
    return prefix


def _hidden(inner: str) -> bool:
    """True for a dot-file or anything in a dot-folder (skipped, never installed)."""
    return any(part.startswith(".") for part in inner.split("/"))


def _check_name(name: str, limits: Limits) -> None:
    shown = name if name.isprintable() else repr(name)
    if "\\" in name:
        raise _Refused(shown, "name", "backslashes are not allowed in file names")
    if name.startswith("/") or _DRIVE.match(name):
        raise _Refused(shown, "name", "absolute paths are not allowed in a pack")
    if not name.isprintable() or ":" in name:
        raise _Refused(shown, "name", "control characters and colons are not allowed in file names")
    parts = name.rstrip("/").split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise _Refused(shown, "name", "the path leaves the pack folder or has an empty part")
    if len(name) > limits.name_chars or len(parts) > limits.depth:
        raise _Refused(shown, "name", "the file name is too long or too deeply nested")


def _pack_prefix(archive: str, names: list[str]) -> str:
    """``""`` when ``pack.toml`` is at the top, ``"<folder>/"`` when everything sits in one
    folder that holds it."""
    if "pack.toml" in names:
        return ""
    tops = {name.split("/", 1)[0] for name in names}
    if len(tops) == 1:
        (top,) = tops
        if f"{top}/pack.toml" in names:
            return f"{top}/"
    raise _Refused(archive, "files",
                   "no pack.toml at the top of the archive (or of its one folder)")


def _check_layout(member: str, inner: str) -> None:
    parts = inner.split("/")
    suffix = PurePosixPath(inner).suffix.lower()
    if len(parts) == 1 and (suffix in TEXT_SUFFIXES or parts[0].upper().startswith("LICENSE")):
        return
    if len(parts) == 2 and parts[0] == "po" and suffix in (".po", ".pot"):
        if suffix == ".po" and not LANG_PATTERN.match(PurePosixPath(inner).stem):
            raise _Refused(member, "name", "a catalog is named po/<language>.po, such as po/es.po")
        return
    if len(parts) >= 2 and parts[0] == "assets":
        if suffix not in ASSET_KINDS:
            raise _Refused(member, "name", "an asset must be a picture: "
                           + ", ".join(sorted(ASSET_KINDS)))
        return
    raise _Refused(member, "name", "not a pack file: a pack holds *.toml at the top, po/<lang>.po "
                   "and assets/...")


def _unlisted_assets(root: Path, listed: set[str]) -> list[Problem]:
    """A problem for each file under ``assets/`` that ``pack.toml`` does not list."""
    folder = root / "assets"
    return [Problem(path.relative_to(root).as_posix(), "assets", "not listed in pack.toml's "
                    "assets (with its source and licence)")
            for path in sorted(folder.rglob("*"))
            if path.is_file() and path.relative_to(root).as_posix() not in listed]


# -- the files --------------------------------------------------------------------------------


def _check_text(root: Path) -> list[Problem]:
    problems = []
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() not in TEXT_SUFFIXES or not path.is_file():
            continue
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as error:
            problems.append(Problem(path.relative_to(root).as_posix(), f"byte {error.start}",
                                    "not UTF-8 text"))
    return problems


def _compile_catalogs(root: Path) -> list[Problem]:
    """Parse every ``po/*.po``/``.pot``; write ``po/<lang>.mo`` for each valid ``.po``."""
    problems: list[Problem] = []
    folder = root / "po"
    for path in sorted(folder.glob("*.po*")):
        name = path.relative_to(root).as_posix()
        try:
            entries = parse_po(path.read_bytes().decode("utf-8"))
        except UnicodeDecodeError:
            continue  # reported by _check_text
        except _PoSyntaxError as error:
            problems.append(Problem(name, f"line {error.line}", str(error)))
            continue
        if path.suffix == ".po":
            mo = path.with_suffix(".mo")
            write_mo(entries, mo)
            try:
                with mo.open("rb") as handle:
                    gettext.GNUTranslations(handle)
            except Exception as error:  # noqa: BLE001 - any failure is a refusal of the file
                problems.append(Problem(name, "header", f"gettext cannot use this catalog: "
                                        f"{type(error).__name__}: {error}"))
    return problems


def _relative(problem: Problem, root: Path) -> Problem:
    file = problem.file
    if file.startswith(str(root)):
        file = Path(file).relative_to(root).as_posix()
    return Problem(file, problem.key_path, problem.message)


# -- gettext catalogs -------------------------------------------------------------------------


@dataclass(frozen=True)
class PoEntry:
    """One catalog entry. ``msgstr`` holds one string, or one per plural form."""

    msgctxt: str | None
    msgid: str
    msgid_plural: str | None
    msgstr: tuple[str, ...]
    fuzzy: bool
    line: int


class _PoSyntaxError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


_KEYWORD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[(\d+)\])?)\s+(".*)$')
_STRING = re.compile(r'^"(?:[^"\\]|\\.)*"$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_ESCAPE = re.compile(r"\\(.)")


def parse_po(text: str) -> list[PoEntry]:
    """Parse gettext ``.po`` text into entries (obsolete ``#~`` entries are skipped).

    Raises ``ValueError`` (with ``.line``, 1-based) for anything malformed: an unknown
    keyword, an unterminated string or bad escape, a msgstr without msgid, plural forms out of
    order, an entry given twice, or a header whose charset is not UTF-8.
    """
    entries: list[PoEntry] = []
    seen: set[tuple[str | None, str]] = set()
    fields: dict[str, Any] = {}
    last: str | None = None
    fuzzy = False
    start = 0

    def finish(line: int) -> None:
        nonlocal fields, last, fuzzy
        if not fields:
            fuzzy = False
            return
        if "msgid" not in fields:
            raise _PoSyntaxError(start, "an entry needs a msgid")
        plural = fields.get("msgid_plural")
        forms = fields.get("msgstr_n", {})
        if plural is None:
            if forms or "msgstr" not in fields:
                raise _PoSyntaxError(start, "a singular entry needs exactly one msgstr")
            msgstr: tuple[str, ...] = (fields["msgstr"],)
        else:
            if "msgstr" in fields or sorted(forms) != list(range(len(forms))) or not forms:
                raise _PoSyntaxError(start, "a plural entry needs msgstr[0], msgstr[1], ...")
            msgstr = tuple(forms[i] for i in range(len(forms)))
        key = (fields.get("msgctxt"), fields["msgid"])
        if key in seen:
            raise _PoSyntaxError(start, "this msgid (in this msgctxt) is given twice")
        seen.add(key)
        if fields["msgid"] == "" and key[0] is None:
            _check_header(msgstr[0], start)
        entries.append(PoEntry(key[0], fields["msgid"], plural, msgstr, fuzzy, start))
        fields, last, fuzzy = {}, None, False

    number = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if fields and last is not None and "msgstr" not in last:
                raise _PoSyntaxError(number, "a comment inside an entry")
            finish(number)
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                fuzzy = True
            continue
        if line.startswith('"'):
            if last is None:
                raise _PoSyntaxError(number, "a string continues nothing")
            _append(fields, last, _unquote(line, number))
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise _PoSyntaxError(number, f"cannot read this line: {line[:40]!r}")
        keyword, index, rest = match.groups()
        if keyword in ("msgctxt", "msgid") and fields and last is not None and "msgstr" in last:
            finish(number)
        if keyword == "msgid" and "msgctxt" not in fields and fields:
            raise _PoSyntaxError(number, "msgid follows an unfinished entry")
        if not fields:
            start = number
        slot = f"msgstr_n:{index}" if index is not None else keyword
        if slot in fields or (index is not None and int(index) in fields.get("msgstr_n", {})):
            raise _PoSyntaxError(number, f"{keyword} given twice in one entry")
        order = ("msgctxt", "msgid", "msgid_plural")
        if keyword in order and any(k in fields for k in order[order.index(keyword) + 1:]):
            raise _PoSyntaxError(number, f"{keyword} is out of order")
        if keyword.startswith("msgstr") and "msgid" not in fields:
            raise _PoSyntaxError(number, "msgstr without a msgid")
        value = _unquote(rest.strip(), number)
        if index is not None:
            fields.setdefault("msgstr_n", {})[int(index)] = value
        else:
            fields[keyword] = value
        last = slot
    finish(number)
    return entries


def _append(fields: dict[str, Any], slot: str, value: str) -> None:
    if slot.startswith("msgstr_n:"):
        fields["msgstr_n"][int(slot[9:])] += value
    else:
        fields[slot] += value


def _unquote(token: str, line: int) -> str:
    if not _STRING.match(token):
        raise _PoSyntaxError(line, "a string must be in double quotes, on one line")
    body = token[1:-1]
    if "\0" in body:
        raise _PoSyntaxError(line, "a NUL byte is not allowed in a catalog")
    for escape in re.findall(r"\\(.)", body):
        if escape not in _ESCAPES:
            raise _PoSyntaxError(line, f"unknown escape \\{escape}")
    # the escapes are C's (as Python's string literals); a table, not ast.literal_eval, which
    # took half of an install's time on the core pack's catalogs
    return _ESCAPE.sub(lambda match: _ESCAPES[match.group(1)], body)


def _check_header(header: str, line: int) -> None:
    for entry in header.split("\n"):
        name, _, value = entry.partition(":")
        if name.strip().lower() == "content-type":
            charset = re.search(r"charset=([^\s;]+)", value)
            if charset is None or charset.group(1).lower().replace("-", "") != "utf8":
                raise _PoSyntaxError(line, "the header's Content-Type must say charset=UTF-8")


def write_mo(entries: Iterable[PoEntry], path: Path) -> None:
    """Write a GNU ``.mo`` file of the translated, non-fuzzy ``entries`` (the header kept)."""
    pairs: dict[bytes, bytes] = {b"": b"Content-Type: text/plain; charset=UTF-8\n"}
    for entry in entries:
        if entry.fuzzy or not all(entry.msgstr) and entry.msgid:
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        value = "\0".join(entry.msgstr)
        if not key and "content-type:" not in value.lower():
            value += "\nContent-Type: text/plain; charset=UTF-8\n"
        pairs[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    header_size = 7 * 4
    originals = header_size
    translations = originals + 8 * count
    data_start = translations + 8 * count
    table_o: list[tuple[int, int]] = []
    table_t: list[tuple[int, int]] = []
    blob = bytearray()
    for original in keys:
        table_o.append((len(original), data_start + len(blob)))
        blob += original + b"\0"
    for original in keys:
        translated = pairs[original]
        table_t.append((len(translated), data_start + len(blob)))
        blob += translated + b"\0"
    out = bytearray(struct.pack("<7I", 0x950412DE, 0, count, originals, translations, 0, 0))
    for length, offset in table_o + table_t:
        out += struct.pack("<2I", length, offset)
    out += blob
    path.write_bytes(bytes(out))
