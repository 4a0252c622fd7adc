"""The gettext runtime: switching, listeners, plural forms, contexts, pseudo-locale."""

from __future__ import annotations

from pathlib import Path

import pytest

import tilewise.i18n as i18n
from tilewise.i18n import (
    LANGUAGES,
    N_,
    _,
    add_listener,
    current_language,
    ngettext,
    normalize_language,
    npgettext,
    pgettext,
    pseudo_translate,
    remove_listener,
    set_language,
    system_language,
    text_direction,
)

KNOWN = {  # English msgid -> expected text per language (a fluent translator's choice)
    "es": ("Pass to the left", "Pasar a la izquierda"),
    "de": ("Red Dragon", "Roter Drache"),
    "hi": ("Joker", "जोकर"),
}


def test_language_table() -> None:
    assert LANGUAGES == {"en": "English", "es": "Español", "de": "Deutsch", "hi": "हिन्दी"}
    assert current_language() == "en"


@pytest.mark.parametrize("lang", ["es", "de", "hi"])
def test_switching_language_changes_the_output(lang: str) -> None:
    msgid, expected = KNOWN[lang]
    assert _(msgid) == msgid
    set_language(lang)
    assert current_language() == lang
    assert _(msgid) == expected
    set_language("en")
    assert _(msgid) == msgid


def test_named_fields_are_filled_after_translation() -> None:
    set_language("de")
    assert _("Not allowed: {why}", why="X.") == "Nicht erlaubt: X."
    assert _("{not a field}") == "{not a field}"  # no keywords: no formatting


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", 1, "Pass 1 tile to the left"),
        ("en", 3, "Pass 3 tiles to the left"),
        ("es", 1, "Pasar 1 ficha a la izquierda"),
        ("es", 3, "Pasar 3 fichas a la izquierda"),
        ("es", 1000000, "Pasar 1000000 de fichas a la izquierda"),  # CLDR "many"
        ("de", 1, "1 Stein nach links weitergeben"),
        ("de", 0, "0 Steine nach links weitergeben"),
        ("hi", 0, "0 टाइल बाईं ओर पास करें"),  # CLDR: 0 is "one" in Hindi
        ("hi", 1, "1 टाइल बाईं ओर पास करें"),
        ("hi", 2, "2 टाइलें बाईं ओर पास करें"),
    ],
)
def test_plural_forms_follow_cldr(lang: str, n: int, expected: str) -> None:
    set_language(lang)
    assert ngettext("Pass {n} tile to the left", "Pass {n} tiles to the left", n) == expected


def test_context_separates_seat_from_wind() -> None:
    set_language("es")
    assert pgettext("seat", "East") == "Este"
    assert _("East Wind") == "Viento Este"
    assert pgettext("no such context", "East") == "East"


def test_untranslated_plural_with_context_falls_back_to_english() -> None:
    set_language("de")
    assert npgettext("ctx", "{n} apple {what}", "{n} apples {what}", 2, what="x") == "2 apples x"


def test_listeners_are_called_in_order_after_the_switch_and_can_be_removed() -> None:
    seen: list[tuple[str, str]] = []

    def first() -> None:
        seen.append(("first", _("Joker")))

    def second() -> None:
        seen.append(("second", current_language()))

    add_listener(first)
    add_listener(second)
    add_listener(first)  # registered once only
    try:
        set_language("hi")
        assert seen == [("first", "जोकर"), ("second", "hi")]
        remove_listener(first)
        remove_listener(first)  # harmless
        set_language("es")
        assert seen[2:] == [("second", "es")]
    finally:
        remove_listener(second)


def test_a_failing_listener_does_not_stop_the_others() -> None:
    calls: list[str] = []

    def broken() -> None:
        raise RuntimeError("boom")

    def fine() -> None:
        calls.append(current_language())

    add_listener(broken)
    add_listener(fine)
    try:
        with pytest.raises(RuntimeError, match="boom"):
            set_language("de")
        assert calls == ["de"]
        assert current_language() == "de"
    finally:
        remove_listener(broken)
        remove_listener(fine)


def test_unknown_language_is_refused_and_nothing_changes() -> None:
    set_language("es")
    with pytest.raises(ValueError):
        set_language("fr")
    assert current_language() == "es"


@pytest.mark.parametrize(
    ("code", "expected"),
    [("de_DE.UTF-8", "de"), ("es-419", "es"), ("hi_IN", "hi"), ("en_GB@euro", "en"),
     ("German_Germany.1252", "de"), ("qps", "qps"), ("fr_FR", None), ("", None)],
)
def test_normalize_language(code: str, expected: str | None) -> None:
    assert normalize_language(code) == expected


def test_missing_catalog_falls_back_to_english(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    set_language("hi")
    assert _("Joker") == "Joker"


def test_system_language_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: (None, None))
    assert system_language() == "en"
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "fr:hi_IN:es")
    assert system_language() == "hi"
    monkeypatch.setenv("LANGUAGE", "qps")
    monkeypatch.setenv("LANG", "C")
    assert system_language() == "en"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: ("es_MX", "UTF-8"))
    assert system_language() == "es"


def test_text_direction() -> None:
    assert [text_direction(c) for c in ("en", "es", "de", "hi", "qps")] == ["ltr"] * 5
    assert text_direction("ar_EG") == "rtl"
    assert text_direction("he") == "rtl"


def test_pseudo_locale_is_accented_longer_and_keeps_fields() -> None:
    source = "Pass {n} tiles to the <b>left</b> &amp; wait"
    fake = pseudo_translate(source)
    assert fake.startswith("[") and fake.endswith("]")
    assert "{n}" in fake and "<b>" in fake and "&amp;" in fake
    plain = "Pass three tiles to the left and wait"
    assert len(pseudo_translate(plain)) >= 1.35 * len(plain)
    assert not any(ch in fake.replace("&amp;", "") for ch in "aeiou")
    assert pseudo_translate("") == ""
    set_language("qps")
    assert _("Joker") == pseudo_translate("Joker")
    assert "3" in ngettext("Pass {n} tile across", "Pass {n} tiles across", 3)
    assert pgettext("seat", "East") == pseudo_translate("East")
    assert npgettext("c", "{n} one", "{n} many", 1) == pseudo_translate("{n} one").format(n=1)


def test_n_marks_without_translating() -> None:
    set_language("es")
    marked = N_("Joker")
    assert marked == "Joker"
    assert _(marked) == "Comodín"
