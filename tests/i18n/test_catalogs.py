"""The shipped catalogs pass `catalogs.py check`, and the checker does catch problems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from tests.i18n.catalog_tool import load_catalogs_tool, read_ui_catalog

tool = load_catalogs_tool()


def test_catalogs_check_passes() -> None:
    problems = tool.check_all()
    assert problems == [], "\n".join(problems[:40])


@pytest.mark.parametrize("lang", ["es", "de", "hi"])
def test_every_catalog_keeps_placeholder_names(lang: str) -> None:
    catalog = read_ui_catalog(lang)
    for message in catalog:
        if message.id:
            assert tool.placeholder_problems(message) == [], message.id


@pytest.mark.parametrize(
    ("msgid", "msgstr", "bad"),
    [
        ("Rule: {source}", "Regla: {fuente}", True),
        ("Rule: {source}", "Regla: {source}", False),
        ("Rule: {source}", "Regla", True),
        (("Pass {n} tile", "Pass {n} tiles"), ("Pasa una ficha", "Pasa {n} fichas"), False),
        (("{n} of {seat}", "{n} of {seat}"), ("uno", "{n} de {seat}"), True),
        (("{n} tile", "{n} tiles"), ("{n} ficha", "{count} fichas"), True),
    ],
)
def test_placeholder_checker_catches_renamed_fields(msgid: object, msgstr: object,
                                                    bad: bool) -> None:
    message = Message(msgid, msgstr)  # type: ignore[arg-type]
    assert bool(tool.placeholder_problems(message)) is bad


def _write(path: Path, catalog: Catalog) -> Path:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fileobj:
        write_po(fileobj, catalog)
    return path


def test_checker_reports_fuzzy_untranslated_missing_and_wrong_plurals(tmp_path: Path) -> None:
    catalog = Catalog(locale="es")
    catalog.add("Joker", "Comodín", flags=["fuzzy"])
    catalog.add("Flower", "")
    catalog.add(("{n} tile", "{n} tiles"), ("{n} ficha", "{n} fichas"))  # es needs 3 forms
    path = _write(tmp_path / "es.po", catalog)
    expected = {("Joker", None), ("Flower", None), ("{n} tile", None), ("Red Dragon", None)}
    problems = "\n".join(tool.check_catalog(path, "es", expected))
    assert "'Joker' is fuzzy" in problems
    assert "'Flower' is not translated" in problems
    assert "missing message 'Red Dragon'" in problems
    # babel pads the missing third form with "", so it shows up as untranslated
    assert "'{n} tile' is not translated" in problems


def test_checker_reports_wrong_plural_forms_header(tmp_path: Path) -> None:
    catalog = Catalog(locale="de")
    catalog.add("Joker", "Joker")
    path = _write(tmp_path / "hi.po", catalog)  # German header claimed for Hindi
    text = path.read_text(encoding="utf-8").replace("plural=(n != 1)", "plural=(n != 1 )")
    path.write_text(text, encoding="utf-8")
    problems = tool.check_catalog(path, "hi", {("Joker", None)})
    assert any("Plural-Forms" in p for p in problems)


def test_checker_reports_an_unparsable_catalog(tmp_path: Path) -> None:
    path = tmp_path / "broken.po"
    path.write_text('msgid "a"\nmsgstr "b\nmsgid\n', encoding="utf-8")
    problems = tool.check_catalog(path, "de", set())
    assert problems and "cannot parse" in problems[0]


def test_template_matches_a_fresh_extraction() -> None:
    pot = tool.read_catalog(tool.POT)
    assert tool.keys(pot) == tool.keys(tool.extract_template())


def test_compile_writes_ui_and_lesson_pack_catalogs(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import gettext

    ui = Catalog(locale="de")
    ui.add("Joker", "Joker")
    ui.add("Red Dragon", "Roter Drache")
    ui.add("Stale", "Alt", flags=["fuzzy"])
    _write(tmp_path / "i18n" / "de" / "LC_MESSAGES" / "tilewise.po", ui)
    pack = Catalog(locale="es")
    pack.add("Pass three tiles.", "Pasa tres fichas.", context="charleston-1/intro")
    _write(tmp_path / "lessons" / "core" / "po" / "es.po", pack)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "I18N", tmp_path / "i18n")
    monkeypatch.setattr(tool, "LESSONS", tmp_path / "lessons")
    assert tool.cmd_compile() == 0
    ui_mo = tmp_path / "i18n" / "de" / "LC_MESSAGES" / "tilewise.mo"
    with ui_mo.open("rb") as fileobj:
        de = gettext.GNUTranslations(fileobj)
    assert de.gettext("Red Dragon") == "Roter Drache"
    assert de.gettext("Stale") == "Stale"  # fuzzy entries are left out
    with (tmp_path / "lessons" / "core" / "po" / "es.mo").open("rb") as fileobj:
        es = gettext.GNUTranslations(fileobj)
    assert es.pgettext("charleston-1/intro", "Pass three tiles.") == "Pasa tres fichas."
    (tmp_path / "lessons" / "core" / "po" / "de.po").write_text('msgid "x\n', encoding="utf-8")
    assert tool.cmd_compile() == 1


def test_extract_does_not_rewrite_an_unchanged_template(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pot = tmp_path / "tilewise.pot"
    monkeypatch.setattr(tool, "POT", pot)
    tool.cmd_extract()
    first = pot.read_bytes()
    pot.write_bytes(first.replace(b"POT-Creation-Date: ", b"POT-Creation-Date: 1999"))
    changed = pot.read_bytes()
    tool.cmd_extract()
    assert pot.read_bytes() == changed  # only the date differs: left alone
    assert b'msgid "Not allowed: {why}"' in first


#: Where a tile's name may stand in a German sentence: German declines "Roter Drache" ("den
#: Roten Drachen", "mit dem Roten Drachen"), and the name comes in the nominative, so it
#: stands only where the nominative is right: after a colon ("Abgeworfen: Roter Drache"), in
#: brackets, after "viermal"/"dazu", first, or as the subject ("{tile} macht ...").
GERMAN_TILE_BEFORE = re.compile(r"(^|: |\(|mal |dazu |; )$")
GERMAN_TILE_AFTER = re.compile(r"( kam| macht|,| ✓| \(| und \{n\})")


def test_german_puts_tile_names_only_where_the_nominative_fits() -> None:
    """Tester report: "Ich habe Roter Drache abgeworfen" (the name in the accusative slot)."""
    catalog = read_ui_catalog("de")
    wrong = []
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts if message.id else ():
            for field in re.finditer(r"\{tiles?\}", text):
                if not (GERMAN_TILE_BEFORE.search(text[:field.start()])
                        or GERMAN_TILE_AFTER.match(text[field.end():])):
                    wrong.append(text)
    assert wrong == []
    assert GERMAN_TILE_BEFORE.search("Ich habe ") is None  # the rule does catch the old text
    line = catalog.get("I let go of the {tile}: it has the fewest partners in my hand.")
    assert line is not None and line.string.format(tile="Roter Drache") == (
        "Abgeworfen: Roter Drache. Dieser Stein passt am wenigsten zu meiner Hand.")


def test_spanish_puts_no_gendered_article_before_a_tile_name() -> None:
    """"el {tile}" read "el Flor" (flor is feminine): no article stands before a tile's name."""
    catalog = read_ui_catalog("es")
    article = re.compile(r"\b(el|la|los|las|del|al|un|una) \{tiles?\}")
    wrong = [text for message in catalog if message.id
             for text in (message.string if isinstance(message.string, tuple)
                          else (message.string,)) if article.search(text)]
    assert wrong == []
    assert article.search("{seat} descarta el {tile}.")  # the old text is caught
