"""The core pack's translations (``lessons/core/po/<lang>.po``) are complete and usable.

For every language the pack ships (``pack.toml`` ``languages``, English being the source):
the catalog parses strictly, has the CLDR plural forms of its language, translates every text
of a fresh extraction of the pack (not only the committed ``core.pot``), has no fuzzy, empty,
stale or obsolete entry, keeps every ``{placeholder}``, tile code (``7C``, ``WD``) and
capitalised name (``JOKER``, ``WSM``) of the English, and reads back through ``PackCatalog``
once compiled. See i18n/README.md "Translating or correcting a language".
"""

from __future__ import annotations

import io
import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tests.i18n.catalog_tool import load_catalogs_tool
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.extract import messages
from tilewise.lessons.pack import load_pack

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "lessons" / "core"
LANGS = ("es", "de", "hi")
# Tile codes as the referee protocol writes them, and all-capital words of two or more letters
# (JOKER as printed on the tile, NEWS, WSM, MCR, ROLLOR): a translation keeps them as they are.
KEPT = re.compile(r"\b(?:[1-9][BCD]|[RGW]D|[A-Z]{2,})\b")

Key = tuple[str, str]

tool = load_catalogs_tool()


@cache
def pack_keys() -> frozenset[Key]:
    """(context, msgid) of every text of the core pack, freshly extracted."""
    pack = load_pack(CORE, check_moves=False)
    return frozenset((m.context, m.msgid) for m in messages(pack))


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as fileobj:
        return read_po(fileobj, locale=lang, abort_invalid=True)


def problems(catalog: Catalog, expected: frozenset[Key]) -> list[str]:
    """Every reason ``catalog`` is not a complete, faithful translation of ``expected``."""
    found: list[str] = []
    cldr = Catalog(locale=str(catalog.locale))
    if catalog.plural_forms != cldr.plural_forms:
        found.append(f"Plural-Forms {catalog.plural_forms!r} != CLDR {cldr.plural_forms!r}")
    present: set[Key] = set()
    for message in catalog:
        if not message.id:
            continue
        msgid = str(message.id)
        key = (str(message.context), msgid)
        present.add(key)
        if key not in expected:
            found.append(f"stale entry {key!r}: no longer in the pack")
        if message.fuzzy:
            found.append(f"fuzzy: {key!r}")
        text = str(message.string or "")
        if not text.strip():
            found.append(f"untranslated: {key!r}")
            continue
        found.extend(f"{key!r}: {p}" for p in tool.placeholder_problems(message))
        lost = sorted(set(KEPT.findall(msgid)) - set(KEPT.findall(text)))
        if lost:
            found.append(f"{key!r}: lost {lost}")
    found.extend(f"missing: {key!r}" for key in sorted(expected - present))
    found.extend(f"obsolete entry kept: {m.id!r}" for m in catalog.obsolete.values())
    return found


def test_pack_lists_exactly_the_shipped_languages() -> None:
    pack = load_pack(CORE, check_moves=False)
    shipped = {path.stem for path in (CORE / "po").glob("*.po")}
    assert set(pack.languages) - {"en"} == shipped == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_core_catalog_is_complete(lang: str) -> None:
    catalog = read_catalog(CORE / "po" / f"{lang}.po", lang)
    found = problems(catalog, pack_keys())
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_reads_back_through_pack_catalog(lang: str, tmp_path: Path) -> None:
    source = CORE / "po" / f"{lang}.po"
    catalog = read_catalog(source, lang)
    (tmp_path / "po").mkdir()
    shutil.copy(source, tmp_path / "po" / source.name)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    (tmp_path / "po" / f"{lang}.mo").write_bytes(buf.getvalue())
    reader = PackCatalog(tmp_path, lang)
    assert reader.translated
    for message in catalog:
        if message.id:
            assert reader.text(str(message.context), str(message.id)) == message.string


def _catalog(*entries: tuple[str, str, str, bool]) -> Catalog:
    catalog = Catalog(locale="es")
    for context, msgid, msgstr, fuzzy in entries:
        catalog.add(msgid, msgstr, context=context, flags=["fuzzy"] if fuzzy else [])
    return catalog


@pytest.mark.parametrize(
    ("entry", "complaint"),
    [
        (("tiles/x", "Take the 7C.", "Toma el 7D.", False), "lost ['7C']"),
        (("tiles/x", "It says JOKER.", "Dice COMODÍN.", False), "lost ['JOKER']"),
        (("tiles/x", "To {seat}", "A {asiento}", False), "fields"),
        (("tiles/x", "Kong", "Kong", True), "fuzzy"),
        (("tiles/x", "Kong", "", False), "untranslated"),
        (("tiles/gone", "Kong", "Kong", False), "stale entry"),
    ],
)
def test_problems_catches_each_kind_of_fault(entry: tuple[str, str, str, bool],
                                             complaint: str) -> None:
    expected = frozenset({(entry[0], entry[1])}) if entry[0] != "tiles/gone" else frozenset()
    found = problems(_catalog(entry), expected)
    assert any(complaint in line for line in found), found


def test_problems_reports_missing_messages_and_wrong_plural_forms() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "tiles/x"\nmsgid "Kong"\nmsgstr "Kong"\n'
    )
    catalog = read_po(io.BytesIO(text.encode()), locale="es", abort_invalid=True)
    found = problems(catalog, frozenset({("tiles/x", "Kong"), ("tiles/y", "Pung")}))
    assert any(line.startswith("missing: ('tiles/y'") for line in found), found
    assert any(line.startswith("Plural-Forms") for line in found), found


def test_problems_accepts_a_faithful_translation() -> None:
    catalog = _catalog(("tiles/x", "Make a kong of 3C with {n} jokers (WSM).",
                        "Forma un kong de 3C con {n} comodines (WSM).", False))
    expected = frozenset({("tiles/x", "Make a kong of 3C with {n} jokers (WSM).")})
    assert problems(catalog, expected) == []
