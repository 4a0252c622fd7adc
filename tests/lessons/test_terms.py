"""Every shipped catalog uses the game words native teachers use (issue 17).

The words come from the project's terminology table (``shared/lessons/TERMS.md``: one word for
one thing, in the interface and in every lesson pack). This test keeps the slips that table
names out of the translations (``msgstr`` only: the English source may say "rack" or "soap"),
and checks that the chosen words are really used somewhere, so a catalog cannot pass by simply
never naming the thing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]

#: Per language: (pattern that must not appear, the word to use instead).
AVOID: dict[str, list[tuple[str, str]]] = {
    "de": [
        (r"\bBank\b", "Ständer (the rack)"),
        (r"Blindtausch", "Blind-Pass"),
        (r"Höflichkeitspass", "Höflichkeitstausch"),
        (r"fertige Hand", "wartende Hand (a ready hand)"),
        (r"Gewonnen!", "„Mahjong!“ (the call for a win)"),
        (r"die weiße Drache", "der weiße Drache"),
        (r"Seife", "„Soap“ (the English nickname, in quotes)"),
        (r"\b[Dd]as (Kong|Chi|Pong)\b", "der Kong / der Chi / der Pong (one gender)"),
        (r"\b(ein|kein)(es)? (verdecktes|offenes|erweitertes|großes) Kong\b", "masculine Kong"),
    ],
    "es": [
        (r"al frente", "enfrente (el de enfrente)"),
        (r"muralla", "muro"),
        (r"¡Victoria!", "ganar / triunfo"),
        (r"[Jj]abón", "«soap» (the English nickname)"),
        (r"[Kk]ong pequeño oculto", "kong pequeño expuesto"),
        (r"[Tt]arjeta", "carta"),
    ],
    "hi": [
        (r"बिना देखे पास", "अंधा पास"),
        (r"कर्टसी पास|शिष्टाचार पास", "विनम्र आदान-प्रदान"),
        (r"विरोधी", "सामने वाला (the player across)"),
        (r"चेहर", "सामने की ओर (a joker's face)"),
        (r"तुम", "आप (one register throughout)"),
        (r"चार्ल्सटन", "चार्लस्टन"),
    ],
}

#: Per language: words that must be used somewhere in the catalogs.
USE: dict[str, list[str]] = {
    "de": ["Ständer", "Blind-Pass", "Höflichkeitstausch", "wartende Hand", "Mauer"],
    "es": ["enfrente", "muro", "pase a ciegas", "intercambio de cortesía", "mano llamando"],
    "hi": ["अंधा पास", "विनम्र आदान-प्रदान", "सामने", "दीवार", "तैयार हाथ"],
}


def catalogs(lang: str) -> list[Path]:
    """The interface catalog and every lesson pack catalog of ``lang``."""
    return [ROOT / "i18n" / lang / "LC_MESSAGES" / "tilewise.po",
            *sorted((ROOT / "lessons").glob(f"*/po/{lang}.po"))]


def translations(path: Path, lang: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every entry; each plural form counts as a translation."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        msgid = str(message.id[0] if isinstance(message.id, tuple) else message.id)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.extend((msgid, str(text or "")) for text in strings)
    return found


@pytest.mark.parametrize("lang", sorted(AVOID))
def test_no_word_the_terms_table_rules_out(lang: str) -> None:
    slips = [
        f"{path.relative_to(ROOT)}: {msgid[:50]!r} uses {pattern!r}; use {instead}"
        for path in catalogs(lang)
        for msgid, text in translations(path, lang)
        for pattern, instead in AVOID[lang]
        if re.search(pattern, text)
    ]
    assert not slips, "\n".join(slips)


@pytest.mark.parametrize("lang", sorted(USE))
def test_the_chosen_words_are_used(lang: str) -> None:
    text = " ".join(t for path in catalogs(lang) for _, t in translations(path, lang))
    missing = [word for word in USE[lang] if word not in text]
    assert not missing, missing


def test_the_check_finds_a_slip(tmp_path: Path) -> None:
    """The patterns are live: a catalog entry with a ruled-out word is caught."""
    po = tmp_path / "de.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
                  'msgid "Your rack"\nmsgstr "Deine Bank"\n', encoding="utf-8")
    texts = [t for _, t in translations(po, "de")]
    assert texts == ["Deine Bank"]
    assert any(re.search(pattern, texts[0]) for pattern, _ in AVOID["de"])
