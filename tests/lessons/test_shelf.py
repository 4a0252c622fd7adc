"""The library's entries of packs, kept for the exact bytes of their files (issue 21, start-up
time): tilewise/lessons/shelf.py."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.lessons.conftest import WritePack, lesson, toml_text
from tilewise.lessons import shelf
from tilewise.lessons.pack import load_pack


def test_an_entry_is_what_the_library_shows_and_is_found_for_those_bytes_only(
        write_pack: WritePack, tmp_path: Path) -> None:
    folder = write_pack(lessons={"01-one.toml": lesson("one"),
                                 "02-two.toml": lesson("two", ["one"])})
    cache = tmp_path / "cache"
    entry = shelf.entry_of(load_pack(folder, check_moves=False))
    assert [(e.id, e.prerequisites, e.steps) for e in entry.lessons] == [
        ("one", (), 4), ("two", ("one",), 4)]
    assert entry.lesson("two") is entry.lessons[1] and entry.path == str(folder)
    with pytest.raises(KeyError):
        entry.lesson("three")
    digest = shelf.pack_digest(folder)
    assert digest is not None and shelf.read_entry(folder, cache) is None  # none kept yet
    assert shelf.write_entry(entry, cache, digest)
    found = shelf.read_entry(folder, cache)
    assert found == entry and hash(found) == hash(entry) and repr(found) == repr(entry)
    assert found != entry.lessons[0] and entry.lessons[0] != entry
    assert "LessonEntry(" in repr(entry.lessons[0])
    assert {entry.lessons[0]: 1}[found.lessons[0]] == 1
    # one byte more in a lesson, a lesson file more, the same files in another folder, a new
    # app version: no entry (the pack is read and checked before it is shown)
    second = folder / "02-two.toml"
    text = second.read_text(encoding="utf-8")
    second.write_text(text + "\n", encoding="utf-8")
    assert shelf.pack_digest(folder) != digest and shelf.read_entry(folder, cache) is None
    second.write_text(text, encoding="utf-8")
    os.utime(second, (0, 0))  # its time does not matter, its bytes do
    assert shelf.read_entry(folder, cache) == entry
    (folder / "03-three.toml").write_text(toml_text(lesson("three")), encoding="utf-8")
    assert shelf.read_entry(folder, cache) is None
    (folder / "03-three.toml").unlink()
    (folder / ".hidden.toml").write_text("not the pack's", encoding="utf-8")
    assert shelf.read_entry(folder, cache) == entry
    moved = folder.rename(tmp_path / "moved")
    assert shelf.read_entry(moved, cache) is None
    moved.rename(folder)
    shelf.SHELF_VERSION += 1
    try:
        assert shelf.read_entry(folder, cache) is None
    finally:
        shelf.SHELF_VERSION -= 1
    assert shelf.read_entry(folder, cache, digest) == entry


@pytest.mark.parametrize("change", [
    "not json", "[]", '{"id": "demo"}', "lesson id a number", "steps negative", "steps text",
    "prerequisites not a list"])
def test_an_entry_file_that_is_not_one_is_not_used(
        write_pack: WritePack, tmp_path: Path, change: str) -> None:
    folder, cache = write_pack(), tmp_path / "cache"
    digest = shelf.pack_digest(folder)
    assert digest is not None
    assert shelf.write_entry(shelf.entry_of(load_pack(folder, check_moves=False)), cache, digest)
    (kept,) = cache.glob("shelf-*.json")
    raw = json.loads(kept.read_text(encoding="utf-8"))
    first = raw["lessons"][0]
    if change == "lesson id a number":
        first["id"] = 1
    elif change == "steps negative":
        first["steps"] = -1
    elif change == "steps text":
        first["steps"] = "3"
    elif change == "prerequisites not a list":
        first["prerequisites"] = 7
    text = {"not json": "{", "[]": "[]", '{"id": "demo"}': '{"id": "demo"}'}.get(
        change, json.dumps(raw))
    kept.write_text(text, encoding="utf-8")
    assert shelf.read_entry(folder, cache) is None


def test_no_key_for_a_pack_file_that_is_not_one_or_too_many_files(
        write_pack: WritePack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write_pack()
    link = folder / "02-link.toml"
    link.symlink_to(folder / "01-one.toml")
    assert shelf.pack_digest(folder) is None and shelf.read_entry(folder, tmp_path) is None
    link.unlink()
    assert shelf.pack_digest(folder) is not None
    from dataclasses import replace

    monkeypatch.setattr(shelf, "LIMITS", replace(shelf.LIMITS, lesson_files=0))
    assert shelf.pack_digest(folder) is None


def test_an_entry_that_cannot_be_written_is_left_out(write_pack: WritePack,
                                                      tmp_path: Path) -> None:
    folder = write_pack()
    entry = shelf.entry_of(load_pack(folder, check_moves=False))
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    assert not shelf.write_entry(entry, blocked, "0")  # the cache folder is a file
    assert not list(tmp_path.glob("**/*.tmp"))


def test_an_entry_read_from_the_files_is_the_loaded_packs_and_none_for_what_is_not_one(
        write_pack: WritePack, tmp_path: Path) -> None:
    """A pack with no entry kept is shown from its files as they are (before it is checked);
    a file that is not one, or a field the library shows missing or of another type, gives
    none (the pack is then read and checked before the library is shown)."""
    bare = lesson("two")
    del bare["prerequisites"]
    folder = write_pack(lessons={"01-one.toml": lesson("one"), "02-two.toml": bare})
    assert shelf.entry_from_files(folder) == shelf.entry_of(load_pack(folder, check_moves=False))
    assert shelf.entry_from_files(folder).lessons[1].prerequisites == ()  # type: ignore[union-attr]
    two = folder / "02-two.toml"
    good = two.read_text(encoding="utf-8")
    for text in ("id = [not toml", toml_text({**bare, "title": 3}),
                 toml_text({**bare, "steps": "none"}), toml_text({**bare, "steps": [1, 2]}),
                 toml_text({**bare, "prerequisites": "one"})):
        two.write_text(text, encoding="utf-8")
        assert shelf.entry_from_files(folder) is None, text
    two.write_text(good, encoding="utf-8")
    assert shelf.entry_from_files(tmp_path) is None  # no pack.toml
    (folder / "pack.toml").unlink()
    assert shelf.entry_from_files(folder) is None


def test_no_entry_from_more_lesson_files_than_a_pack_may_hold(
        write_pack: WritePack, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    folder = write_pack()
    monkeypatch.setattr(shelf, "LIMITS", replace(shelf.LIMITS, lesson_files=0))
    assert shelf.entry_from_files(folder) is None
