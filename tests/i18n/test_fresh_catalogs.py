"""A stale .mo is never used; every shipped catalog passes GNU msgfmt -c and our checks.

``tilewise.i18n.compiled.translations`` uses a ``.mo`` only when it is at least as new as its
``.po``; otherwise it compiles the ``.po`` into the cache folder (named by content). GNU
``msgfmt -c`` is what Poedit and Weblate run when a translator saves: the interface catalogs
used to fail it (obsolete ``#~`` entries repeating live ones) while babel compiled them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tilewise.i18n as i18n
from tests.i18n.catalog_tool import load_catalogs_tool
from tilewise.i18n.compiled import cached_mo, translations
from tilewise.i18n.pocheck import check_po, compile_mo
from tilewise.lessons.catalog import PackCatalog

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(ROOT.glob("i18n/*/LC_MESSAGES/*.po")) + sorted(ROOT.glob("lessons/*/po/*.po"))
tool = load_catalogs_tool()


def po_text(translation: str, *, context: str = "pack") -> str:
    return ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            f'msgctxt "{context}"\nmsgid "Tiles"\nmsgstr "{translation}"\n')


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def write_po(path: Path, translation: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(po_text(translation), encoding="utf-8")
    return path


def write_mo(po: Path, translation: str, *, age: int) -> Path:
    """A .mo for ``translation`` beside ``po``, ``age`` seconds older (negative: newer)."""
    scratch = po.with_name("scratch.po")
    write_po(scratch, translation)
    mo = po.with_suffix(".mo")
    mo.write_bytes(compile_mo(scratch))
    scratch.unlink()
    stamp = po.stat().st_mtime - age
    os.utime(mo, (stamp, stamp))
    return mo


def test_a_mo_older_than_its_po_is_not_used(tmp_path: Path, home: Path) -> None:
    po = write_po(tmp_path / "po" / "es.po", "Fichas nuevas")
    write_mo(po, "Fichas viejas", age=60)
    assert translations(po).pgettext("pack", "Tiles") == "Fichas nuevas"
    assert cached_mo(po).is_file() and cached_mo(po).is_relative_to(home / "cache")
    assert not list((tmp_path / "po").glob("*.mo.*"))  # nothing else written beside the .po
    po.write_text(po_text("Fichas de hoy"), encoding="utf-8")  # saved again: new content
    assert translations(po).pgettext("pack", "Tiles") == "Fichas de hoy"


def test_a_built_mo_as_new_as_its_po_is_used_and_a_lone_mo_too(tmp_path: Path,
                                                                home: Path) -> None:
    po = write_po(tmp_path / "po" / "es.po", "Fichas del po")
    mo = write_mo(po, "Fichas del mo", age=-60)
    assert translations(po).pgettext("pack", "Tiles") == "Fichas del mo"
    assert not (home / "cache" / "catalogs").exists()
    po.unlink()  # a release bundle ships the .mo alone
    assert translations(po, mo).pgettext("pack", "Tiles") == "Fichas del mo"
    mo.unlink()
    assert type(translations(po)) is type(translations(tmp_path / "none.po"))


def test_a_broken_po_gives_english_not_its_old_mo(tmp_path: Path, home: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    po = write_po(tmp_path / "po" / "es.po", "Fichas")
    write_mo(po, "Fichas viejas", age=60)
    po.write_text('msgid "Tiles"\nmsgstr "Fichas\n', encoding="utf-8")
    assert translations(po).pgettext("pack", "Tiles") == "Tiles"
    assert "not used" in caplog.text
    damaged = tmp_path / "damaged.mo"
    damaged.write_bytes(b"\x00" * 40)
    assert translations(tmp_path / "damaged.po", damaged).gettext("Tiles") == "Tiles"


def test_the_interface_reads_a_po_saved_after_its_mo(tmp_path: Path, home: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "i18n" / "de" / "LC_MESSAGES" / "tilewise.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Settings"\nmsgstr "Einstellungen (neu)"\n', encoding="utf-8")
    write_mo(po, "alt", age=60)
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path / "i18n")
    i18n.set_language("de")
    assert i18n._("Settings") == "Einstellungen (neu)"


def test_a_pack_catalog_is_never_stale_and_qps_lengthens_pack_text(tmp_path: Path,
                                                                   home: Path) -> None:
    po = write_po(tmp_path / "pack" / "po" / "hi.po", "टाइलें")
    write_mo(po, "पुरानी", age=60)
    catalog = PackCatalog(tmp_path / "pack", "hi")
    assert catalog.translated and catalog.text("pack", "Tiles") == "टाइलें"
    pseudo = PackCatalog(tmp_path / "pack", "qps")
    assert pseudo.translated
    text = pseudo.text("pack", "Pass three tiles to the right.")
    assert text.startswith("[Þàšš") and len(text) >= 1.35 * len("Pass three tiles to the right.")


# -- every shipped catalog --------------------------------------------------------------------


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_catalog_passes_gnu_msgfmt_check(po: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "GNU msgfmt is missing: bash packaging/system-deps.sh installs gettext"
    run = subprocess.run([msgfmt, "-c", "-o", os.devnull, str(po)], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_catalog_passes_the_enforced_pofilter_checks(po: Path) -> None:
    lang = po.parent.parent.name if po.parent.name == "LC_MESSAGES" else po.stem
    accelerators = "&" if po.parent.name == "LC_MESSAGES" else ""
    result = check_po(po, lang, accelerators=accelerators)
    problems = [str(f) for f in result.findings]
    assert problems == [], "\n".join(problems[:20])
    assert result.stats.percent == 100.0


def test_msgfmt_and_the_checker_refuse_an_obsolete_entry_repeating_a_live_one(
        tmp_path: Path) -> None:
    po = tmp_path / "de.po"
    po.write_text(po_text("Steine", context="seat relation")
                  + '\n#~ msgctxt "seat relation"\n#~ msgid "Tiles"\n#~ msgstr ""\n',
                  encoding="utf-8")
    assert any("duplicate message definition" in line for line in tool.msgfmt_problems(po))
    errors = [f for f in check_po(po, "de").findings if f.severity == "error"]
    assert [f.problem.split(" (GNU")[0] for f in errors] == [
        "an obsolete entry (#~) repeats this live entry"]
    assert tool.pofilter_problems(po, "de", {("Tiles", "seat relation")})


@pytest.mark.parametrize(("translation", "problem"), [
    ("Ziehen", "accelerators"),  # the &Drag mnemonic lost
    ("Zieh  Steine", "doublespacing"),
    ("Steine ", "endwhitespace"),
    ("<b>Steine", "xmltags"),
])
def test_the_enforced_checks_catch_real_mistakes(tmp_path: Path, translation: str,
                                                 problem: str) -> None:
    po = tmp_path / "de.po"
    source = "&Drag" if problem == "accelerators" else "Drag tiles"
    if problem == "xmltags":
        source = "<b>Drag</b>"
    po.write_text(po_text(translation).replace('msgid "Tiles"', f'msgid "{source}"'),
                  encoding="utf-8")
    found = [f.problem for f in check_po(po, "de", accelerators="&").findings]
    assert any(p.startswith(problem) for p in found), found


def test_msgfmt_missing_is_said(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tool.shutil, "which", lambda _name: None)
    assert "install gettext" in tool.msgfmt_problems(tmp_path / "x.po")[0]
