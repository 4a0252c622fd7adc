"""Install a zipped lesson pack from a stranger, safely: ``install_pack(archive, packs_dir)``.

Lesson packs come from volunteers and strangers, so an archive is untrusted input. It is
refused, with nothing left behind in ``packs_dir``, when:

- it is not a readable zip, is encrypted, or is larger than ``Limits.archive_bytes``;
- a member name escapes the pack folder (``..``, an absolute path, a drive letter, a
  backslash, a control character), is a symbolic link or other special file (zip external
  attributes), or is not where a pack keeps files (``*.toml`` and text at the top, ``po/*.po``
  and ``po/*.pot``, ``terms/<lang>.tbx``, ``assets/<name>`` of a picture kind the format lists:
  SVG, PNG, JPEG); ``.mo`` files are never taken (we compile our own); a name that is both a
  file and a folder (``assets`` and ``assets/x.png``) is refused; dot-files (``.hidden.toml``,
  ``.git/...``) are skipped, never installed;
- it holds more than ``Limits.files`` members, or more bytes than ``Limits.file_bytes`` per
  file or ``Limits.total_bytes`` in all, by the declared sizes or by the bytes actually
  decompressed (zip bombs);
- a text file is not UTF-8, or the pack fails the full pack validator
  (``tilewise.lessons.pack.load_pack``: TOML syntax, unknown keys, tile codes and counts,
  limits, assets safe to draw, every task played through the rules core);
- a file under ``assets/`` is not listed in ``pack.toml``'s ``assets``;
- a catalog or term list has an error by the checks of ``tilewise pack check``
  (``tilewise.lessons.catalogcheck``: malformed, a NUL byte, an entry twice, a broken
  placeholder, a header gettext cannot use, a translation of English the pack no longer has);
- its id is reserved (a built-in pack such as ``core``), or a pack with that id is already
  installed and ``replace`` is false.

Steps: extract to a fresh hidden folder inside ``packs_dir``, validate it there, then move it
into place with one ``os.rename``. No ``.mo`` is written into the pack: the app compiles a
catalog into its cache folder when it first reads it (``tilewise.i18n.compiled``). Every
refusal raises ``PackInstallError`` (a ``PackError``) whose ``.problems`` name the file (the
member name inside the archive), the key path or line (for the archive's own checks: ``archive``,
``files``, ``name``, ``type``, ``encryption`` or ``size``), and the problem.

This module takes the destination folder as a parameter (lessons may not import
``tilewise.store``); the app passes ``tilewise.store.paths.installed_packs_dir()``.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import struct
import tempfile
import tomllib
import zipfile
import zlib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from tilewise.i18n.pocheck import refuse_nul, where
from tilewise.lessons.catalogcheck import check_pack_catalogs
from tilewise.lessons.model import PackError, Problem
from tilewise.lessons.pack import Judge, load_pack
from tilewise.lessons.packlimits import (
    ASSET_KINDS,
    LIMITS,
    PackFileError,
    decode_text,
    read_regular,
)

__all__ = ["Limits", "PackInstallError", "install_pack"]

TEXT_SUFFIXES = (".toml", ".po", ".pot", ".tbx", ".md", ".txt")
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
        problems += _unreadable_catalogs(root, {problem.file for problem in problems})
        if problems:  # hostile or broken text: refuse before the (slower) full checks
            raise PackInstallError(problems)
        problems += _unlisted_assets(root, _listed_assets(root))
        pack = None
        try:
            # refused already: the structural check still lists every problem, but the tasks
            # are not played through the rules core (a crafted archive is refused at once)
            pack = load_pack(root, judge=judge, check_moves=not problems)
        except PackError as error:
            problems += [_relative(p, root) for p in error.problems]
        if pack is not None and not problems:
            # the same catalog checks as `tilewise pack check` (its errors; an incomplete
            # language still installs and is shown as incomplete)
            problems += [Problem(f.file, f.entry, f.problem)
                         for f in check_pack_catalogs(pack, root).errors]
        if problems or pack is None:
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
    if len(parts) == 2 and parts[0] == "terms" and suffix == ".tbx":
        if not LANG_PATTERN.match(PurePosixPath(inner).stem):
            raise _Refused(member, "name", "a term list is named terms/<language>.tbx, such as "
                           "terms/es.tbx")
        return
    if len(parts) >= 2 and parts[0] == "assets":
        if suffix not in ASSET_KINDS:
            raise _Refused(member, "name", "an asset must be a picture: "
                           + ", ".join(sorted(ASSET_KINDS)))
        return
    raise _Refused(member, "name", "not a pack file: a pack holds *.toml at the top, po/<lang>.po, "
                   "terms/<lang>.tbx and assets/...")


def _listed_assets(root: Path) -> set[str] | None:
    """The asset paths ``pack.toml`` lists, or None when it cannot be read (``load_pack``
    then reports why)."""
    try:
        manifest = tomllib.loads(decode_text(read_regular(root / "pack.toml", LIMITS.file_bytes)))
    except (OSError, PackFileError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    assets = manifest.get("assets")
    return {str(entry.get("path")) for entry in assets if isinstance(entry, dict)} \
        if isinstance(assets, list) else set()


def _unlisted_assets(root: Path, listed: set[str] | None) -> list[Problem]:
    """A problem for each file under ``assets/`` that ``pack.toml`` does not list."""
    folder = root / "assets"
    if listed is None:
        return []
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


def _unreadable_catalogs(root: Path, reported: set[str]) -> list[Problem]:
    """A ``po/*.po``/``.pot`` holding a NUL byte (hostile: refused before anything else; the
    full reading comes with the catalog checks). Files in ``reported`` (not UTF-8) are skipped."""
    problems = []
    for path in sorted((root / "po").glob("*.po*")):
        if path.relative_to(root).as_posix() in reported:
            continue
        try:
            refuse_nul(path.read_bytes())
        except ValueError as error:
            problems.append(Problem(path.relative_to(root).as_posix(), where(error), str(error)))
    return problems


def _relative(problem: Problem, root: Path) -> Problem:
    file = problem.file
    if file.startswith(str(root)):
        file = Path(file).relative_to(root).as_posix()
    return Problem(file, problem.key_path, problem.message)
