"""Build lesson packs and zip archives for the hardening tests, from the real core pack."""

from __future__ import annotations

import json
import re
import shutil
import struct
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from tilewise.store.paths import lessons_dir

CORE = lessons_dir() / "core"


def copy_core(dest: Path, pack_id: str = "community", source: Path = CORE) -> Path:
    """Copy ``lessons/core`` (or ``source``) to ``dest`` (which must not exist) with the pack id
    ``pack_id``."""
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("*.mo"))
    manifest = dest / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(re.sub(r'(?m)^id = "core"', f'id = "{pack_id}"', text), encoding="utf-8")
    return dest


def zip_folder(folder: Path, archive: Path, prefix: str = "") -> Path:
    """Zip every file under ``folder`` into ``archive``, names under ``prefix``."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                zipped.write(path, prefix + path.relative_to(folder).as_posix())
    return archive


def zip_members(archive: Path, members: list[tuple[str | zipfile.ZipInfo, bytes]]) -> Path:
    """Write ``archive`` holding exactly ``members`` (name or ZipInfo, content)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name, data in members:
            zipped.writestr(name, data)
    return archive


def folder_members(folder: Path) -> list[tuple[str | zipfile.ZipInfo, bytes]]:
    """(name, bytes) of every file under ``folder``."""
    return [(p.relative_to(folder).as_posix(), p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()]


def set_general_flag(data: bytes, bit: int) -> bytes:
    """Set a general-purpose flag bit in every local and central header of zip ``data``."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        for match in re.finditer(re.escape(signature), data):
            at = match.start() + offset
            (flags,) = struct.unpack_from("<H", out, at)
            struct.pack_into("<H", out, at, flags | bit)
    return bytes(out)


def read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def toml_value(value: Any) -> str:
    """``value`` as a one-line TOML value (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(type(value))


def write_toml(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as TOML (one ``key = value`` line per top-level key)."""
    lines = [f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in data.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
