"""Pruning the pack cache of pack versions no longer in use: tilewise/store/cachetrim.py, with
the names of what this process's packs use (lessons.pack.cache_names_used, lessons.shelf) and
the start-up task that runs it after the packs are loaded (gui.app.prune_cache)."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.lessons.conftest import WritePack
from tilewise.lessons import shelf
from tilewise.lessons.pack import cache_names_used, clear_cache, load_pack
from tilewise.store import cachetrim
from tilewise.store.cachetrim import SPARE, prune_cache


def start(folder: Path, cache: Path) -> set[str]:
    """What a start does with the cache (gui.app): the pack loaded and checked, its library
    entry kept, then the cache pruned; returns the names this start used."""
    clear_cache()  # a new process
    digest = shelf.pack_digest(folder)
    assert digest is not None
    pack = load_pack(folder, cache_dir=cache)
    assert shelf.write_entry(shelf.entry_of(pack), cache, digest)
    used = set(cache_names_used()) | {f"shelf-{digest}.json"}
    prune_cache(cache, used)
    return used


def names(cache: Path, kind: str) -> set[str]:
    return {p.name for p in cache.glob(f"{kind}-*.json")}


def test_after_many_edits_of_a_pack_only_its_current_entries_and_a_few_more_remain(
        write_pack: WritePack, tmp_path: Path) -> None:
    folder = write_pack()
    cache = tmp_path / "cache"
    lesson_file = folder / "01-one.toml"
    for edit in range(SPARE + 4):  # a translator's edits, one start after each
        lesson_file.write_text(lesson_file.read_text().replace('"Look', f'"Look {edit}'))
        used = start(folder, cache)
        for name in used:  # distinct times, the latest edit's newest
            os.utime(cache / name, ns=(edit * 10**9, edit * 10**9))
    [pack_file] = [n for n in used if n.startswith("pack-")]
    for kind in ("pack", "shelf"):
        assert {n for n in used if n.startswith(kind)} <= names(cache, kind)
        assert len(names(cache, kind)) == 1 + SPARE  # not one per edit (8)
    # the current ones are what the next start reads: its pack is not checked again
    clear_cache()
    load_pack(folder, cache_dir=cache)
    assert cache_names_used() == {pack_file}
    # with no spare, only this start's files remain
    prune_cache(cache, used, spare=0)
    assert {p.name for p in cache.iterdir()} == used


def test_only_our_own_names_are_removed(tmp_path: Path) -> None:
    """Foreign files, ours being written (.tmp), links, folders and names of ours with
    something more are left alone; another folder is never looked into."""
    cache = tmp_path / "cache"
    (cache / "catalogs").mkdir(parents=True)
    outside = tmp_path / "pack-0123456789abcdef12.json"
    outside.write_text("{}")
    keep = ["notes.txt", "pack-0123456789abcdef12.json.4242.tmp", "pack-0123456789abcdef.tmp",
            "pack-0123456789abcdef12.json.bak", "pack-XYZ456789abcdef12.json", "pack-.json",
            "shelf-0123456789abcdef12.JSON", "my-pack-0123456789abcdef12.json"]
    for name in keep:
        (cache / name).write_text("{}")
    (cache / "catalogs" / "pack-0123456789abcdef12.json").write_text("{}")
    (cache / "pack-00000000000000001.json").symlink_to(outside)
    (cache / "shelf-0123456789abcdef12.json").mkdir()
    old = cache / "pack-fedcba9876543210ff.json"
    old.write_text("{}")
    assert prune_cache(cache, set(), spare=0) == [old]
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [*keep, "catalogs", "pack-00000000000000001.json", "shelf-0123456789abcdef12.json"])
    assert outside.exists() and (cache / "catalogs" / "pack-0123456789abcdef12.json").exists()
    assert prune_cache(tmp_path / "missing", set()) == []  # no folder: nothing, no error


def test_a_failure_to_remove_is_harmless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture) -> None:
    cache = tmp_path
    files = [cache / f"shelf-{n:017x}.json" for n in range(3)]
    for file in files:
        file.write_text("{}")
    real_unlink = Path.unlink

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if path == files[0]:
            raise PermissionError("in use")  # as Windows says of a file another process reads
        if path == files[1]:
            real_unlink(path)  # another Tilewise removed it first
            raise FileNotFoundError(path)
        real_unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    assert prune_cache(cache, set(), spare=0) == [files[2]]
    assert files[0].exists() and not files[1].exists()
    assert "could not remove" in caplog.text and "in use" in caplog.text


def test_a_file_gone_while_listed_is_skipped(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pack-0123456789abcdef12.json").write_text("{}")

    class Gone:
        name = "pack-0123456789abcdef12.json"

        def is_file(self, follow_symlinks: bool = True) -> bool:
            raise FileNotFoundError(self.name)

    class Listing:
        def __enter__(self) -> list[Any]:
            return [Gone()]

        def __exit__(self, *exc: object) -> None:
            return None

    monkeypatch.setattr(cachetrim.os, "scandir", lambda folder: Listing())
    assert prune_cache(tmp_path, set(), spare=0) == []


def test_the_start_up_task_prunes_only_once_the_packs_are_loaded_and_checked(
        write_pack: WritePack, tmp_path: Path) -> None:
    from tilewise.gui.app import prune_cache as after_start

    folder = write_pack()
    cache = tmp_path / "cache"
    cache.mkdir()
    old = [cache / "pack-0123456789abcdef12.json", cache / "shelf-0123456789abcdef12.json"]
    for file in old:
        file.write_text("{}")
    clear_cache()
    pack = load_pack(folder, cache_dir=cache)
    digest = shelf.pack_digest(folder)
    assert digest is not None and shelf.write_entry(shelf.entry_of(pack), cache, digest)
    digests = {folder: digest}
    for loading, pending in ((True, []), (False, ["a check"])):
        after_start(SimpleNamespace(loading=loading, pending=pending), digests, cache, spare=0)
        assert all(file.exists() for file in old)  # what is in use is not known yet
    after_start(SimpleNamespace(loading=False, pending=[]), digests, None, spare=0)
    assert all(file.exists() for file in old)
    after_start(SimpleNamespace(loading=False, pending=[]), digests, cache, spare=0)
    assert {p.name for p in cache.iterdir()} == set(cache_names_used()) | {
        f"shelf-{digest}.json"}


def test_a_checked_pack_is_written_through_a_temporary_file_of_its_own(
        write_pack: WritePack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another Tilewise writing the same pack's cache file at the same moment keeps its own
    temporary file (both wrote ``pack-<digest>.tmp``, one renaming the other's half-written
    file into place); a write that fails leaves no temporary file."""
    folder = write_pack()
    cache = tmp_path / "cache"
    clear_cache()
    load_pack(folder, cache_dir=cache)
    [name] = cache_names_used()
    (cache / name).unlink()
    others = [cache / f"{name}.1.tmp", cache / name.replace(".json", ".tmp")]
    for other in others:
        other.write_text('{"half": ')
    clear_cache()
    load_pack(folder, cache_dir=cache)
    assert all(other.read_text() == '{"half": ' for other in others)
    assert (cache / name).read_text().startswith("{")
    for other in others:
        other.unlink()
    (cache / name).unlink()

    def refuse(path: Path, target: Path) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "replace", refuse)
    clear_cache()
    load_pack(folder, cache_dir=cache)
    assert list(cache.iterdir()) == []
