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


SMALL_PO = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            'msgctxt "pack"\nmsgid "Mahjong basics"\nmsgstr "Lo b\u00e1sico"\n')


def small_core(dest: Path, pack_id: str = "community", charleston_steps: int | None = None,
               source: Path = CORE) -> Path:
    """The core pack (or ``source``) cut down to its first lessons (tiles, charleston: its
    first ``charleston_steps`` steps when given) with one-entry catalogs, at ``dest``: work
    on it costs the same whatever the core pack grows to. No glossary (it names lessons cut
    out)."""
    folder = copy_core(dest, pack_id, source)
    for path in folder.glob("*.toml"):
        if path.name not in ("pack.toml", "01-tiles.toml", "02-charleston.toml"):
            path.unlink()
    charleston = folder / "02-charleston.toml"
    if charleston_steps is None:  # the file as the author wrote it (its line numbers too)
        text = charleston.read_text(encoding="utf-8")
        start = text.index("\nprerequisites = ")
        end = text.index("\n", start + 1)
        charleston.write_text(text[:start] + '\nprerequisites = ["tiles"]' + text[end:],
                              encoding="utf-8")
    else:
        data = read_toml(charleston)
        data.update(prerequisites=["tiles"], steps=data["steps"][:charleston_steps])
        write_toml(charleston, data)
    manifest = read_toml(folder / "pack.toml")
    manifest.pop("glossary", None)
    write_toml(folder / "pack.toml", manifest)
    for po in (folder / "po").glob("*.po*"):
        po.unlink()
    for lang in ("es", "de", "hi"):
        (folder / "po" / f"{lang}.po").write_text(SMALL_PO, encoding="utf-8")
    return folder


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


def text_kind(key_path: str) -> str:
    """A text's key path without its indexes and reason codes (``steps[].quiz.options[].text``):
    the kind of field it is."""
    return re.sub(r"feedback\.[A-Z_]+", "feedback.CODE", re.sub(r"\[\d+\]", "[]", key_path))


def _mark_at(data: Any, key_path: str, mark: str) -> None:
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", key_path)
    node = data
    for number, part in enumerate(parts, 1):
        key: Any = int(part[1:-1]) if part.startswith("[") else part
        if number == len(parts):
            node[key] = f"{mark} {node[key]}"
        else:
            node = node[key]


#: Core lessons whose steps hold every kind of text a pack has (quiz options and feedback,
#: picture captions, rows, arrows, rungs, card lines, task feedback, a guided hand).
HTML_LESSONS = ("01-tiles.toml", "02-charleston.toml", "03b-card.toml", "04-claims.toml",
                "07-first-hand-wsm.toml")


def marked_pack(dest: Path, mark: str) -> Path:
    """A small valid pack at ``dest`` (which must not exist): the lessons
    :data:`HTML_LESSONS` of the core pack cut to the first step of each kind and each kind of
    text, without prerequisites, every text of the pack (as ``tilewise pack update`` extracts
    them: titles, goals, step texts, notes, hints, feedback, quiz options, picture labels, card
    lines, glossary entries, guided-hand script) starting with ``mark``, English only."""
    from tilewise.lessons.extract import messages
    from tilewise.lessons.pack import clear_cache, load_pack

    core = load_pack(CORE)
    found = list(messages(core))
    folder = copy_core(dest)
    for path in folder.glob("*.toml"):
        if path.name != "pack.toml" and path.name not in HTML_LESSONS:
            path.unlink()
    kept: set[tuple[str, str]] = set()
    for lesson in core.lessons:
        name = Path(lesson.file).name
        if name not in HTML_LESSONS:
            continue
        mine = [m for m in found if m.file.endswith("/" + name)]
        first: dict[str, int] = {}
        for message in mine:
            if message.key_path.startswith("steps["):
                index = int(message.key_path[6:message.key_path.index("]")])
                first.setdefault(text_kind(message.key_path), index)
        for index, step in enumerate(lesson.steps):
            first.setdefault("kind:" + step.kind, index)
        data = read_toml(folder / name)
        for message in mine:
            _mark_at(data, message.key_path, mark)
        data["steps"] = [s for i, s in enumerate(data["steps"]) if i in set(first.values())]
        data["prerequisites"] = []
        kept |= {(lesson.id, str(s["id"])) for s in data["steps"]}
        write_toml(folder / name, data)
    manifest = read_toml(folder / "pack.toml")
    for message in found:
        if message.file.endswith("/pack.toml"):
            _mark_at(manifest, message.key_path, mark)
    manifest["glossary"] = [g for g in manifest.get("glossary", [])
                            if (g["lesson"], g["step"]) in kept]
    manifest["languages"] = ["en"]
    write_toml(folder / "pack.toml", manifest)
    shutil.rmtree(folder / "po")
    for _round in range(3):  # a text said twice in a step is extracted once: mark the others
        left = [m for m in messages(load_pack(folder)) if not m.msgid.startswith(mark)]
        clear_cache()
        for message in left:
            path = folder / Path(message.file).name
            data = read_toml(path)
            _mark_at(data, message.key_path, mark)
            write_toml(path, data)
    return folder
