"""``tilewise pack install``: a zipped pack from a stranger is installed only when every check
passes; otherwise it is refused with file, key and problem, and nothing is written."""

from __future__ import annotations

import io
import json
import os
import re
import stat
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.packs import (
    copy_core,
    folder_members,
    read_toml,
    set_general_flag,
    write_toml,
    zip_folder,
    zip_members,
)
from tilewise import cli
from tilewise.lessons import packinstall, packtool
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.pack import clear_cache, load_pack
from tilewise.lessons.packinstall import Limits, PackInstallError, install_pack

CORE_MANIFEST = Path(__file__).resolve().parents[2] / "lessons" / "core" / "pack.toml"
SUMMARY = tomllib.loads(CORE_MANIFEST.read_text(encoding="utf-8"))["summary"]
PO_ES = f"""\
# Spanish translation of a community pack
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: es\\n"

msgctxt "pack"
msgid "Mahjong basics"
msgstr "Lo básico del mahjong"

#, fuzzy
msgctxt "pack"
msgid {json.dumps(SUMMARY, ensure_ascii=False)}
msgstr "Cinco lecciones"
"""


def listing(folder: Path) -> list[str]:
    """Every path under ``folder`` (relative), to compare before and after a refusal."""
    if not folder.exists():
        return ["<missing>"]
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


@pytest.fixture
def source(tmp_path: Path) -> Path:
    folder = copy_core(tmp_path / "src")
    (folder / "po" / "es.po").write_text(PO_ES, encoding="utf-8")
    return folder


@pytest.fixture
def packs(tmp_path: Path) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "other").mkdir()
    (folder / "other" / "pack.toml").write_text('id = "other"\n', encoding="utf-8")
    return folder


def refused(archive: Path, packs: Path, **kwargs: Any) -> list[str]:
    """Install must fail and leave ``packs`` as it was; return the problems as text."""
    before = listing(packs)
    with pytest.raises(PackInstallError) as caught:
        install_pack(archive, packs, **kwargs)
    assert listing(packs) == before
    problems = caught.value.problems
    assert problems and all(p.file and p.message for p in problems)
    return [str(p) for p in problems]


# -- installing --------------------------------------------------------------------------------


def test_a_good_pack_is_installed_and_its_catalog_read_without_a_mo(
        source: Path, packs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    target = install_pack(zip_folder(source, tmp_path / "p.zip"), packs)
    assert target == packs / "community"
    assert sorted(p.name for p in packs.iterdir()) == ["community", "other"]
    assert load_pack(target).id == "community"
    assert list(target.rglob("*.mo")) == []  # compiled into the cache when read, not the pack
    catalog = PackCatalog(target, "es")
    assert catalog.translated
    assert catalog.text("pack", "Mahjong basics") == "Lo básico del mahjong"
    assert catalog.text("pack", SUMMARY) == SUMMARY  # fuzzy: left out
    assert list((tmp_path / "home" / "cache" / "catalogs").glob("*.mo"))


def test_a_pack_inside_one_folder_is_installed(source: Path, packs: Path, tmp_path: Path) -> None:
    archive = zip_folder(source, tmp_path / "p.zip", prefix="community-1.0/")
    assert (install_pack(archive, packs) / "pack.toml").is_file()


def test_replace_swaps_an_installed_pack_only_when_asked(source: Path, packs: Path,
                                                         tmp_path: Path) -> None:
    archive = zip_folder(source, tmp_path / "p.zip")
    install_pack(archive, packs)
    (packs / "community" / "marker.txt").write_text("old", encoding="utf-8")
    problems = refused(archive, packs)
    assert problems == ["pack.toml: id: a pack 'community' is already installed (use --replace)"]
    install_pack(archive, packs, replace=True)
    assert not (packs / "community" / "marker.txt").exists()
    assert [p.name for p in packs.iterdir() if p.name.startswith(".")] == []


def test_a_failed_final_rename_puts_the_old_pack_back(source: Path, packs: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    archive = zip_folder(source, tmp_path / "p.zip")
    install_pack(archive, packs)
    (packs / "community" / "marker.txt").write_text("old", encoding="utf-8")
    real_rename = os.rename

    def failing(src: Any, dst: Any) -> None:
        if Path(src).name == "pack":
            raise OSError(28, "No space left on device")
        real_rename(src, dst)

    monkeypatch.setattr(packinstall.os, "rename", failing)
    with pytest.raises(OSError):
        install_pack(archive, packs, replace=True)
    assert (packs / "community" / "marker.txt").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in packs.iterdir()) == ["community", "other"]


def test_a_failed_first_install_removes_nothing_but_its_work(source: Path, packs: Path,
                                                            tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(packinstall.os, "rename", failing)
    with pytest.raises(OSError):
        install_pack(zip_folder(source, tmp_path / "p.zip"), packs)
    assert listing(packs) == ["other", "other/pack.toml"]


def test_the_core_id_is_reserved(source: Path, packs: Path, tmp_path: Path) -> None:
    text = (source / "pack.toml").read_text(encoding="utf-8")
    (source / "pack.toml").write_text(text.replace('id = "community"', 'id = "core"'),
                                      encoding="utf-8")
    archive = zip_folder(source, tmp_path / "p.zip")
    problems = refused(archive, packs, replace=True)
    assert problems == ["pack.toml: id: the id 'core' belongs to a built-in pack; "
                        "choose another id"]


def test_a_missing_packs_folder_is_created_and_removed_again_on_refusal(
        tmp_path: Path) -> None:
    archive = zip_members(tmp_path / "p.zip", [("notes.txt", b"no pack here")])
    target = tmp_path / "new" / "packs"
    with pytest.raises(PackInstallError):
        install_pack(archive, target)
    assert not target.exists()


# -- refusals: the archive's structure ----------------------------------------------------------


def pack_with(source: Path, tmp_path: Path, extra: list[tuple[Any, bytes]]) -> Path:
    return zip_members(tmp_path / "p.zip", folder_members(source) + extra)


@pytest.mark.parametrize(("name", "expected"), [
    ("../evil.toml", "the path leaves the pack folder"),
    ("assets/../../evil.txt", "the path leaves the pack folder"),
    ("assets//x.png", "empty part"),
    ("/etc/evil.toml", "absolute paths"),
    ("C:/evil.toml", "absolute paths"),
    ("c:evil.toml", "absolute paths"),
    ("assets\\..\\evil.txt", "backslashes"),
    ("assets/bell\x07.png", "control characters"),
    ("assets/a:b.png", "colons"),
    ("assets/" + "x" * 250 + ".png", "too long"),
    ("assets/a/b/c/d/e/f/g.png", "too deeply nested"),
    ("evil.exe", "not a pack file"),
    ("po/es.mo", "not a pack file"),
    ("po/sub/es.po", "not a pack file"),
    ("po/Spanish.po", "po/<language>.po"),
    ("terms/Spanish.tbx", "terms/<language>.tbx"),
    ("terms/es.csv", "not a pack file"),
    ("PACK.TOML", "holds this name twice"),
])
def test_unsafe_member_names_are_refused(source: Path, packs: Path, tmp_path: Path,
                                         name: str, expected: str) -> None:
    problems = refused(pack_with(source, tmp_path, [(name, b"x")]), packs)
    assert len(problems) == 1 and expected in problems[0]


@pytest.mark.parametrize(("mode", "expected"), [
    (stat.S_IFLNK | 0o777, "symbolic links"),
    (stat.S_IFIFO | 0o644, "only plain files"),
    (stat.S_IFCHR | 0o644, "only plain files"),
])
def test_links_and_special_files_are_refused(source: Path, packs: Path, tmp_path: Path,
                                             mode: int, expected: str) -> None:
    info = zipfile.ZipInfo("assets/link.png")
    info.create_system = 3
    info.external_attr = mode << 16
    problems = refused(pack_with(source, tmp_path, [(info, b"/etc/passwd")]), packs)
    assert problems == [f"assets/link.png: type: {problems[0].split(': ', 2)[2]}"]
    assert expected in problems[0]


def test_plain_files_and_folders_with_unix_modes_are_fine(source: Path, packs: Path,
                                                          tmp_path: Path) -> None:
    folder = zipfile.ZipInfo("assets/")
    folder.external_attr = (stat.S_IFDIR | 0o755) << 16
    file = zipfile.ZipInfo("assets/picture.png")
    file.external_attr = (stat.S_IFREG | 0o644) << 16
    manifest = read_toml(source / "pack.toml")
    manifest["assets"] = [{"path": "assets/picture.png", "source": "ours", "licence": "CC0-1.0"}]
    write_toml(source / "pack.toml", manifest)
    png = b"\x89PNG\r\n\x1a\n"
    installed = install_pack(pack_with(source, tmp_path, [(folder, b""), (file, png)]), packs)
    assert (installed / "assets" / "picture.png").read_bytes() == png


def test_an_encrypted_member_is_refused(source: Path, packs: Path, tmp_path: Path) -> None:
    archive = pack_with(source, tmp_path, [])
    archive.write_bytes(set_general_flag(archive.read_bytes(), 0x1))
    assert "encrypted" in refused(archive, packs)[0]


def test_too_many_files_are_refused(source: Path, packs: Path, tmp_path: Path) -> None:
    extra: list[tuple[Any, bytes]] = [(f"assets/{i}.txt", b"") for i in range(20)]
    problems = refused(pack_with(source, tmp_path, extra), packs, limits=Limits(files=15))
    assert problems[0].startswith("p.zip: ") and "at most 15" in problems[0]


def test_a_zip_bomb_is_refused_by_its_declared_size(source: Path, packs: Path,
                                                    tmp_path: Path) -> None:
    bomb = b"\0" * (5 * 1024 * 1024)  # deflates to a few kilobytes
    archive = pack_with(source, tmp_path, [("assets/bomb.bin", bomb)])
    assert archive.stat().st_size < len(bomb) // 5  # the bomb itself deflates to kilobytes
    problems = refused(archive, packs)
    assert problems == [f"assets/bomb.bin: size: {len(bomb)} bytes; a file may hold at most "
                        f"{Limits().file_bytes}"]


def test_the_total_size_is_limited(source: Path, packs: Path, tmp_path: Path) -> None:
    extra: list[tuple[Any, bytes]] = [(f"assets/{i}.bin", b"\0" * 60_000) for i in range(4)]
    problems = refused(pack_with(source, tmp_path, extra), packs,
                       limits=Limits(total_bytes=300_000))
    assert "bytes uncompressed; a pack may hold at most 300000" in problems[0]


def test_the_archive_size_is_limited(source: Path, packs: Path, tmp_path: Path) -> None:
    problems = refused(pack_with(source, tmp_path, []), packs, limits=Limits(archive_bytes=1000))
    assert "at most 1000" in problems[0]


def test_more_bytes_than_declared_stop_the_copy() -> None:
    sink = io.BytesIO()
    with pytest.raises(packinstall._Refused) as caught:
        packinstall._copy_limited(io.BytesIO(b"x" * 200_000), sink, "assets/a.bin", 100_000)
    assert caught.value.problem.file == "assets/a.bin"
    assert sink.tell() <= 100_000
    assert packinstall._copy_limited(io.BytesIO(b"abc"), io.BytesIO(), "a", 3) == 3


def test_a_lying_size_header_is_caught_while_extracting(source: Path, packs: Path,
                                                       tmp_path: Path) -> None:
    archive = pack_with(source, tmp_path, [("assets/a.png", b"y" * 5000)])
    data = bytearray(archive.read_bytes())
    # shrink the declared size of assets/a.png in both headers: zipfile then finds a bad CRC
    name = b"assets/a.png"
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        at = data.find(signature)
        while at != -1:
            if data[at + name_at: at + name_at + len(name)] == name:
                data[at + size_at: at + size_at + 4] = (10).to_bytes(4, "little")
            at = data.find(signature, at + 1)
    archive.write_bytes(bytes(data))
    assert "not a readable zip archive" in refused(archive, packs)[0]


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04 broken", b"plain text"])
def test_a_file_that_is_not_a_zip_is_refused(packs: Path, tmp_path: Path, content: bytes) -> None:
    archive = tmp_path / "p.zip"
    archive.write_bytes(content)
    assert refused(archive, packs)[0].startswith("p.zip: archive: not a readable zip archive")


def test_a_missing_archive_is_refused(packs: Path, tmp_path: Path) -> None:
    assert "cannot read the archive" in refused(tmp_path / "missing.zip", packs)[0]


@pytest.mark.parametrize("names", [["notes.txt"], ["a/pack.toml", "b/pack.toml"],
                                   ["a/notes.txt"]])
def test_an_archive_without_a_pack_toml_on_top_is_refused(packs: Path, tmp_path: Path,
                                                          names: list[str]) -> None:
    archive = zip_members(tmp_path / "p.zip", [(n, b'id = "x"\n') for n in names])
    assert "no pack.toml at the top" in refused(archive, packs)[0]


# -- refusals: the files ---------------------------------------------------------------------


def test_non_utf8_text_is_refused_with_its_byte_offset(source: Path, packs: Path,
                                                       tmp_path: Path) -> None:
    lesson = source / "01-tiles.toml"
    lesson.write_bytes(lesson.read_bytes() + b'\n# caf\xe9\n')
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert any(p.startswith("01-tiles.toml: byte ") and p.endswith("not UTF-8 text")
               for p in problems)


def test_a_non_utf8_po_is_refused(source: Path, packs: Path, tmp_path: Path) -> None:
    (source / "po" / "es.po").write_bytes(PO_ES.encode("latin-1"))
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert problems == [problems[0]] and problems[0].startswith("po/es.po: byte ")


def test_malformed_toml_is_refused_with_its_line(source: Path, packs: Path,
                                                 tmp_path: Path) -> None:
    lesson = source / "03-jokers.toml"
    lesson.write_text(lesson.read_text(encoding="utf-8") + '\n[[steps]\nid = "x"\n',
                      encoding="utf-8")
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert any(re.match(r"03-jokers\.toml: line \d+: cannot read TOML", p) for p in problems)


@pytest.mark.parametrize(("po", "expected"), [
    ('msgid "a"\nmsgstr "b\n', "po/es.po: line 2: cannot be read: end-of-line within string"),
    ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', "po/es.po: line 3: cannot be read: Syntax error"),
    ('msgid ""\nmsgstr "Content-Type: text/plain; charset=latin-1\\n"\n',
     "po/es.po: header: the header's Content-Type must say charset=UTF-8"),
    ('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n;\\n"\n',
     "po/es.po: header: gettext cannot use the header's Plural-Forms"),
    ('msgctxt "pack"\nmsgid "Mahjong basics"\nmsgstr "Básico {n}"\n',
     "po/es.po: pack | 'Mahjong basics': pythonbraceformat: "),
    ('msgctxt "pack"\nmsgid "Mahjong"\nmsgstr "Mahjong"\n',
     "po/es.po: pack | 'Mahjong': its English is no longer in the template"),
])
def test_a_malformed_po_is_refused_with_its_line(source: Path, packs: Path, tmp_path: Path,
                                                 po: str, expected: str) -> None:
    (source / "po" / "es.po").write_text(po, encoding="utf-8")
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert len(problems) == 1 and problems[0].startswith(expected)


@pytest.mark.parametrize("fuzzy", [True, False])
def test_broken_tags_refuse_a_catalog_only_when_the_entry_is_used(
        source: Path, packs: Path, tmp_path: Path, fuzzy: bool) -> None:
    """After ``pack update`` a changed English leaves fuzzy entries whose tags differ; gettext
    never uses a fuzzy entry, so the pack installs (the problem is a note for the translator);
    the same entry reviewed (not fuzzy) is refused."""
    po = PO_ES.replace('msgctxt "pack"\nmsgid "Mahjong basics"\nmsgstr "Lo básico del mahjong"',
                       ('#, fuzzy\n' if fuzzy else '') + 'msgctxt "pack"\nmsgid "Mahjong basics"'
                       '\nmsgstr "Lo <b>básico</b> del mahjong"')
    assert po != PO_ES
    (source / "po" / "es.po").write_text(po, encoding="utf-8")
    archive = zip_folder(source, tmp_path / "p.zip")
    if fuzzy:
        assert install_pack(archive, packs) == packs / "community"
        assert PackCatalog(packs / "community", "es").text("pack", "Mahjong basics") \
            == "Mahjong basics"  # the fuzzy entry is not used
    else:
        problems = refused(archive, packs)
        assert len(problems) == 1 and "xmltags" in problems[0], problems


def test_a_malformed_pot_is_refused_too(source: Path, packs: Path, tmp_path: Path) -> None:
    (source / "po" / "community.pot").write_text('msgid "a"\nmsgstr\n', encoding="utf-8")
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert problems[0].startswith("po/community.pot: line 2: ")


def test_unknown_keys_name_file_and_key(source: Path, packs: Path, tmp_path: Path) -> None:
    data = read_toml(source / "02-charleston.toml")
    data["steps"][1]["colour"] = "red"
    write_toml(source / "02-charleston.toml", data)
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert problems == ["02-charleston.toml: steps[1].colour: unknown key"]


def first_task(data: dict[str, Any]) -> dict[str, Any]:
    return next(s["task"] for s in data["steps"] if s["kind"] == "task")


def test_impossible_tile_counts_are_refused(source: Path, packs: Path, tmp_path: Path) -> None:
    data = read_toml(source / "02-charleston.toml")
    first_task(data)["state"]["hands"]["S"] += ["2B", "2B", "2B"]  # five 2B at the table
    write_toml(source / "02-charleston.toml", data)
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    assert any("tile 2B: 5 copies in this state; the american set holds 4" in p
               for p in problems)
    assert all(p.startswith("02-charleston.toml: ") for p in problems)


def test_a_task_the_rules_core_rejects_is_refused(source: Path, packs: Path,
                                                  tmp_path: Path) -> None:
    data = read_toml(source / "02-charleston.toml")
    first_task(data)["answers"][0]["action"]["tiles"] = ["1C", "2C", "7D", "8D"]  # four tiles
    write_toml(source / "02-charleston.toml", data)
    problems = refused(zip_folder(source, tmp_path / "p.zip"), packs)
    # The first problem is the refused answer; the tasks that continue that hand (issue 13)
    # then inherit a table that cannot be made, and say so too, all in the same file.
    assert problems[0].startswith("02-charleston.toml: steps[")
    assert "the core refuses this expected answer: PASS_NEEDS_THREE" in problems[0]
    assert all(p.startswith("02-charleston.toml: steps[") for p in problems)


# -- the command -------------------------------------------------------------------------------


def test_the_pack_install_command(source: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    archive = zip_folder(source, tmp_path / "p.zip")
    into = tmp_path / "packs"
    assert packtool.main(["install", str(archive), "--into", str(into)]) == 0
    assert "installed as" in capsys.readouterr().out
    assert packtool.main(["install", str(archive), "--into", str(into)]) == 1
    err = capsys.readouterr().err
    assert "p.zip: pack.toml: id: a pack 'community' is already installed" in err
    assert "refused, nothing installed (1 problem(s))" in err
    builtin = tmp_path / "builtin"
    (builtin / "community").mkdir(parents=True)
    (builtin / "community" / "pack.toml").write_text('id = "community"\n', encoding="utf-8")
    assert packtool.main(["install", str(archive), "--into", str(into), "--replace",
                          "--builtin", str(builtin)]) == 1
    assert "belongs to a built-in pack" in capsys.readouterr().err
    assert packtool.main(["install", str(archive)]) == 2  # alone, it needs the folder
    assert "--into FOLDER is needed" in capsys.readouterr().err


def test_the_tilewise_command_installs_into_the_data_folder(
        source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    from tilewise.store.paths import installed_packs_dir, lessons_dir, pack_dirs

    archive = zip_folder(source, tmp_path / "p.zip")
    assert cli.main(["pack", "install", str(archive)]) == 0
    assert pack_dirs() == sorted(p.parent for p in lessons_dir().glob("*/pack.toml")) + [
        installed_packs_dir() / "community"]
    assert cli._pack_install_defaults(["pack", "install", "x", "--into=a", "--builtin", "b"]) == []


def test_the_help_names_every_command_and_tilewise_home(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``tilewise --help`` lists each subcommand (a teacher or translator finds ``pack`` and
    ``translate`` there) and the ``TILEWISE_HOME`` folder; ``pack install --help`` shows
    ``--into`` as optional, since the command fills it in."""
    from tilewise.gui.app import parser

    shown = parser().format_help()
    listed = {line.split()[0] for line in shown.split("commands (", 1)[1].splitlines()[1:]
              if line.startswith("  ") and not line.startswith("   ")}
    assert set(cli.SUBCOMMANDS) <= listed, set(cli.SUBCOMMANDS) - listed
    assert "TILEWISE_HOME" in shown
    assert cli.main(["pack", "install", "--help"]) == 0
    assert "[--into INTO]" in capsys.readouterr().out


def test_problem_files_are_named_inside_the_pack(tmp_path: Path) -> None:
    from tilewise.lessons.model import Problem

    inside = Problem(str(tmp_path / "pack" / "01-a.toml"), "id", "m")
    assert packinstall._relative(inside, tmp_path / "pack") == Problem("01-a.toml", "id", "m")
    elsewhere = Problem("p.zip", "", "m")
    assert packinstall._relative(elsewhere, tmp_path / "pack") == elsewhere


def test_the_app_loads_bundled_then_installed_packs_with_a_cache(
        source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    from tilewise.store.paths import cache_dir, installed_packs_dir, lessons_dir

    gui_app = pytest.importorskip("tilewise.gui.app")
    install_pack(zip_folder(source, tmp_path / "p.zip"), installed_packs_dir())
    (installed_packs_dir() / ".install-leftover").mkdir()  # an interrupted install: ignored
    folders = gui_app.pack_folders([])
    bundled = sorted(p.parent.resolve() for p in lessons_dir().glob("*/pack.toml"))
    assert folders == bundled + [(installed_packs_dir() / "community").resolve()]
    clear_cache()  # packs other tests loaded stay in memory and would skip the disk cache
    packs, problems = gui_app.load_packs(folders)
    assert [p.id for p in packs][-1] == "community" and problems == []
    assert cache_dir() == tmp_path / "home" / "cache"
    assert len(list(cache_dir().glob("pack-*.json"))) == len(folders)


def test_the_command_reports_a_file_system_error_cleanly(
        source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def failing(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(packinstall.os, "rename", failing)
    archive = zip_folder(source, tmp_path / "p.zip")
    assert packtool.main(["install", str(archive), "--into", str(tmp_path / "packs")]) == 1
    assert "not installed: [Errno 28] No space left on device" in capsys.readouterr().err
