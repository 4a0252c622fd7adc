"""The translators' workflow on a pack: new-language, update, check (and install agreeing).

``tilewise pack check`` reads every ``po/<lang>.po``: each defect a volunteer can make (an
emptied entry, a fuzzy one, a translation of English that changed, a broken placeholder, an
obsolete entry, a word the term list forbids) is reported naming file, entry and problem;
``pack update`` keeps translations and marks changed ones fuzzy. i18n/README.md, "From 'I want to
translate Tilewise into Marathi' to a classroom PC", is the page these commands serve.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.lessons.conftest import MANIFEST, WritePack
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.catalogcheck import check_pack_catalogs
from tilewise.lessons.pack import clear_cache, load_pack
from tilewise.lessons.packtool import main

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "lessons" / "core"

SPANISH = {
    ("pack", "Demo pack"): "Paquete de prueba",
    ("pack", "A pack for tests."): "Un paquete para pruebas.",
    ("one", "One"): "Uno",
    ("one", "Learn one thing."): "Aprende una cosa.",
    ("one/pass", "Pass right."): "Pasa a la derecha.",
}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled-catalog cache goes to a throwaway TILEWISE_HOME."""
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    clear_cache()


def start(write_pack: WritePack, lang: str = "es") -> Path:
    """A demo pack with a new, empty ``lang`` catalog (made by ``pack new-language``)."""
    folder = write_pack()
    assert main(["new-language", str(folder), lang]) == 0
    return folder


def fill(po: Path, translations: dict[tuple[str, str], str], *, everything: str = "") -> None:
    """Translate entries of ``po`` in place (babel), ``everything`` for the rest if given."""
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale=po.stem)
    for message in catalog:
        if message.id:
            text = translations.get((str(message.context), str(message.id)), everything)
            if text:
                message.string = text
    with po.open("wb") as handle:
        write_po(handle, catalog, width=96, include_lineno=False)


def check(folder: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, str]:
    code = main(["check", *flags, str(folder)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


# -- new-language ------------------------------------------------------------------------------


def test_new_language_starts_an_empty_catalog_and_lists_the_language(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack, "mr")
    out = capsys.readouterr().out
    assert "Marathi" in out and "added to `languages`" in out
    text = (folder / "po" / "mr.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in text
    assert 'msgctxt "one/pass"\nmsgid "Pass right."\nmsgstr ""' in text
    assert (folder / "po" / "demo.pot").is_file()
    assert load_pack(folder, check_moves=False).languages == ("en", "mr")
    code, out = check(folder, capsys)
    assert code == 0 and re.search(r"mr\s+0/\d+ 0%", out)
    code, out = check(folder, capsys, "--strict")
    assert code == 1 and "po/mr.po: one/pass | 'Pass right.': not translated [incomplete]" in out


def test_new_language_refuses_an_existing_catalog_and_bad_codes(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    assert main(["new-language", str(folder), "es"]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["new-language", str(folder), "Marathi"]) == 2
    assert main(["new-language", str(folder), "qq"]) == 1
    assert "does not know this language" in capsys.readouterr().err


def test_new_language_leaves_an_unusual_manifest_to_the_author(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    manifest = "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in MANIFEST.items()
                       if k != "languages") + 'languages = [\n  "en",\n]\n'
    folder = write_pack(manifest=False, raw={"pack.toml": manifest})
    assert main(["new-language", str(folder), "de"]) == 0
    assert "by hand" in capsys.readouterr().out
    listed = write_pack(manifest={**MANIFEST, "languages": ["en", "de"]}, name="listed")
    assert main(["new-language", str(listed), "de"]) == 0
    assert "already listed" in capsys.readouterr().out


# -- check: each defect, named ----------------------------------------------------------------


def test_a_complete_catalog_passes_strict(write_pack: WritePack,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    fill(folder / "po" / "es.po", SPANISH, everything="Texto.")
    code, out = check(folder, capsys, "--strict")
    assert code == 0, out
    assert re.search(r"es\s+(\d+)/\1 100%", out)


@pytest.mark.parametrize(("defect", "strict_only", "problem"), [
    ("emptied", True, "one/pass | 'Pass right.': not translated [incomplete]"),
    ("fuzzy", True, "one/pass | 'Pass right.': fuzzy (needs review; not shown to learners)"),
    ("changed source", False, "one/pass | 'Pass right now.': its English is no longer in the "
                              "template"),
    ("placeholder", False, "one/pass | 'Pass right.': pythonbraceformat: Unknown named "
                           "placeholders in translation: {seat}"),
    ("obsolete", True, "one/gone | 'Old text.': obsolete entry (#~) kept"),
])
def test_check_names_file_entry_and_problem(write_pack: WritePack,
                                            capsys: pytest.CaptureFixture[str], defect: str,
                                            strict_only: bool, problem: str) -> None:
    folder = start(write_pack)
    po = folder / "po" / "es.po"
    fill(po, SPANISH, everything="Texto.")
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "one/pass"\nmsgid "Pass right."\nmsgstr "Pasa a la derecha."'
    assert entry in text
    broken = {
        "emptied": 'msgctxt "one/pass"\nmsgid "Pass right."\nmsgstr ""',
        "fuzzy": '#, fuzzy\nmsgctxt "one/pass"\nmsgid "Pass right."\nmsgstr "Pasa."',
        "changed source": 'msgctxt "one/pass"\nmsgid "Pass right now."\nmsgstr "Pasa ya."',
        "placeholder": 'msgctxt "one/pass"\nmsgid "Pass right."\nmsgstr "Pasa a {seat}."',
        "obsolete": entry + '\n\n#~ msgctxt "one/gone"\n#~ msgid "Old text."\n#~ msgstr "Viejo."',
    }[defect]
    po.write_text(text.replace(entry, broken), encoding="utf-8")
    code, out = check(folder, capsys, "--verbose")
    assert f"{folder}/po/es.po: {problem}" in out
    assert code == (0 if strict_only else 1)
    code, out = check(folder, capsys)  # plain: an unfinished entry is only counted
    assert (f"{folder}/po/es.po: {problem}" in out) == (not strict_only)
    assert "1 note(s) on unfinished entries" in out or not strict_only
    assert check(folder, capsys, "--strict")[0] == 1


def test_a_missing_catalog_a_stale_template_and_an_unlisted_language(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    (folder / "po" / "es.po").rename(folder / "po" / "de.po")
    pot = folder / "po" / "demo.pot"
    pot.write_text(pot.read_text(encoding="utf-8").replace('"Pass right."', '"Pass left."'),
                   encoding="utf-8")
    code, out = check(folder, capsys)
    assert code == 1
    assert f"{folder}/po/demo.pot: file: out of date (2 texts differ" in out
    assert "po/es.po: file: pack.toml lists this language but there is no catalog" in out
    assert "po/de.po: file: pack.toml does not list this language" in out
    pot.write_text('msgid "a"\nmsgstr\n', encoding="utf-8")
    assert f"{folder}/po/demo.pot: line 2: cannot be read" in check(folder, capsys)[1]


def test_a_pack_without_translations_says_english_only(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(write_pack(), capsys, "--strict")
    assert code == 0 and "English only" in out


def test_an_unreadable_catalog_is_one_error_with_its_line(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    (folder / "po" / "es.po").write_text('msgid "a"\nmsgstr "b\n', encoding="utf-8")
    code, out = check(folder, capsys)
    assert code == 1 and f"{folder}/po/es.po: line 2: cannot be read" in out
    assert re.search(r"es\s+0/\d+ 0%", out)


# -- the term list ----------------------------------------------------------------------------

TBX = """<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en"><martifHeader><fileDesc><sourceDesc><p>test</p></sourceDesc>
</fileDesc></martifHeader><text><body>
<termEntry id="right"><descrip>a direction</descrip>
<langSet xml:lang="en"><tig><term>right</term></tig></langSet>
<langSet xml:lang="es"><tig><term>derecha</term></tig>
<tig><term>diestra</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>
</tig></langSet></termEntry>
<termEntry id="empty"><langSet xml:lang="en"></langSet></termEntry>
</body></text></martif>
"""


def test_the_term_list_is_checked(write_pack: WritePack,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    fill(folder / "po" / "es.po", {**SPANISH, ("one/pass", "Pass right."): "Pasa a la diestra."},
         everything="Texto.")
    (folder / "terms").mkdir()
    (folder / "terms" / "es.tbx").write_text(TBX, encoding="utf-8")
    code, out = check(folder, capsys, "--strict")
    assert code == 0 and "translation(s) do not use the term list's words" in out
    code, out = check(folder, capsys, "--terms")
    assert code == 1
    assert ("po/es.po: one/pass | 'Pass right.': term 'right': uses 'diestra', which the term "
            "list forbids [term]") in out
    assert "term 'right': the term list says 'derecha' [term]" in out
    (folder / "terms" / "es.tbx").write_text("<martif", encoding="utf-8")
    code, out = check(folder, capsys)
    assert code == 1 and f"{folder}/terms/es.tbx: file: not a TBX term list" in out


def test_the_core_pack_ships_a_term_list_per_language() -> None:
    from tilewise.i18n.pocheck import read_terms

    for lang in ("es", "de", "hi"):
        terms = read_terms(CORE / "terms" / f"{lang}.tbx", lang)
        words = {t.source[0]: t for t in terms}
        assert {"joker", "rack", "Charleston", "blind pass", "courtesy pass"} <= set(words)
        assert all(t.targets for t in terms), lang
    de = {t.source[0]: t for t in read_terms(CORE / "terms" / "de.tbx", "de")}
    assert de["rack"].targets == ("Ständer",) and de["rack"].forbidden == ("Bank",)


# -- update -----------------------------------------------------------------------------------


def test_update_keeps_translations_and_marks_changed_ones_fuzzy(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    po = folder / "po" / "es.po"
    fill(po, SPANISH, everything="Texto.")
    lesson = folder / "01-one.toml"
    lesson.write_text(lesson.read_text(encoding="utf-8")
                      .replace('"Pass right."', '"Pass three tiles right."')
                      .replace('"Done."', '"All done, well played."'), encoding="utf-8")
    clear_cache()
    assert check(folder, capsys)[0] == 1  # the catalog translates English the pack lost
    assert main(["update", str(folder)]) == 0
    assert re.search(r"es.po: \d+ messages, 2 fuzzy, 0 untranslated", capsys.readouterr().out)
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    changed = catalog.get("Pass three tiles right.", context="one/pass")
    assert changed is not None and changed.fuzzy and changed.string == "Pasa a la derecha."
    assert ('#, fuzzy\n#| msgid "Pass right."\nmsgctxt "one/pass"\nmsgid "Pass three tiles right."'
            in po.read_text(encoding="utf-8"))  # Poedit shows the old English beside it
    kept = catalog.get("Learn one thing.", context="one")
    assert kept is not None and not kept.fuzzy and kept.string == "Aprende una cosa."
    assert catalog.get("Pass right.", context="one/pass") is None and not catalog.obsolete
    assert "#~" not in po.read_text(encoding="utf-8")
    code, out = check(folder, capsys)
    assert code == 0 and "fuzzy (needs review" not in out
    assert "2 note(s) on unfinished entries" in out and "--verbose" in out
    code, out = check(folder, capsys, "--verbose")
    assert code == 0 and out.count("fuzzy (needs review") == 2
    before = po.read_bytes()
    assert main(["update", str(folder)]) == 0
    assert po.read_text(encoding="utf-8") == before.decode()  # nothing changed: file and dates stay


def test_update_reports_an_unreadable_catalog_and_goes_on(
        write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    folder = start(write_pack)
    start_de = main(["new-language", str(folder), "de"])
    assert start_de == 0
    (folder / "po" / "de.po").write_text('msgid "a"\nmsgstr "b\n', encoding="utf-8")
    assert main(["update", str(folder)]) == 1
    captured = capsys.readouterr()
    assert "de.po: cannot be read, not updated" in captured.err
    assert "es.po: " in captured.out


def test_update_and_extract_refuse_a_broken_pack(write_pack: WritePack,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_pack(raw={"02-bad.toml": 'id = "bad"\n'})
    assert main(["update", str(folder)]) == 1
    assert main(["new-language", str(folder), "es"]) == 1


# -- check and install agree ------------------------------------------------------------------


def test_install_refuses_what_check_fails_and_takes_what_it_passes(
        write_pack: WritePack, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.hardening.packs import zip_folder
    from tilewise.lessons.packinstall import PackInstallError, install_pack

    folder = start(write_pack)
    po = folder / "po" / "es.po"
    fill(po, SPANISH)  # half translated: check passes (not --strict), install takes it
    assert check(folder, capsys)[0] == 0
    target = install_pack(zip_folder(folder, tmp_path / "ok.zip"), tmp_path / "packs")
    assert PackCatalog(target, "es").text("one/pass", "Pass right.") == "Pasa a la derecha."
    po.write_text(po.read_text(encoding="utf-8").replace('"Pasa a la derecha."',
                                                         '"Pasa a {seat}."'), encoding="utf-8")
    assert check(folder, capsys)[0] == 1
    with pytest.raises(PackInstallError) as refused:
        install_pack(zip_folder(folder, tmp_path / "bad.zip"), tmp_path / "packs", replace=True)
    assert [str(p) for p in refused.value.problems] == [
        str(f).replace(f"{folder}/", "") for f in check_pack_catalogs(
            load_pack(folder, check_moves=False), folder).errors]


def test_the_core_pack_is_complete_and_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(CORE, capsys, "--strict")
    assert code == 0, out
    for lang in ("de", "es", "hi"):
        assert re.search(rf"{lang}\s+(\d+)/\1 100%\s+0\s+0\s+0\s+0\s+0\s+0", out), out
