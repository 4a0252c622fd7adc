"""Every reason code in PROTOCOL.md has a beginner sentence and a rule source in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import tilewise.i18n as i18n
from tests.conftest import SHARED
from tests.i18n.catalog_tool import compile_ui_catalogs
from tilewise.gui import reasons

PROTOCOL = SHARED / "referee" / "PROTOCOL.md"
LANGS = ("es", "de", "hi")
# Words that a fluent translator leaves as they are in English.
SAME_AS_ENGLISH = {("de", "Joker"), ("de", "West")}


def protocol_reason_codes() -> list[str]:
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text.split("## Reason codes", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"`([A-Z][A-Z_]+)`", section.split("\n\n")[1])


def protocol_tile_codes() -> list[str]:
    return [f"{rank}{suit}" for suit in "BCD" for rank in range(1, 10)] + [
        "E", "S", "W", "N", "RD", "GD", "WD", "F", *[f"F{i}" for i in range(1, 9)], "J"]


CODES = protocol_reason_codes()


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_ui_catalogs(tmp_path_factory.mktemp("i18n"))


@pytest.fixture(autouse=True)
def _catalogs(compiled: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "i18n_dir", lambda: compiled)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_protocol_lists_the_codes() -> None:
    assert len(CODES) == 39
    assert "JOKER_NOT_PASSABLE" in CODES and "SHORT_HAND" in CODES


def test_the_table_covers_exactly_the_protocol_codes() -> None:
    assert sorted(reasons.REASONS) == sorted(CODES)


def test_table_matches_the_rules_core_enum_when_present() -> None:
    verdict = pytest.importorskip("tilewise.rules.verdict")
    assert sorted(r.value for r in verdict.Reason) == sorted(reasons.REASONS)


@pytest.mark.parametrize("code", CODES)
def test_english_sentence_and_rule_source(code: str) -> None:
    sentence = reasons.explain(code)
    assert sentence == reasons.REASONS[code].sentence
    assert sentence.endswith(".") and code not in sentence
    assert re.fullmatch(r"Rule: .*(REFERENCE|PROTOCOL).*", reasons.rule_source(code))


@pytest.mark.parametrize("lang", LANGS)
def test_every_explanation_is_translated(lang: str) -> None:
    i18n.set_language(lang)
    untranslated = [c for c in CODES if reasons.explain(c) == reasons.REASONS[c].sentence]
    assert untranslated == []
    sources = {reasons.rule_source(c).split(":")[0] for c in CODES}
    assert len(sources) == 1 and sources != {"Rule"}


def test_the_joker_sentence_in_each_language() -> None:
    i18n.set_language("es")
    assert "comodín" in reasons.explain("JOKER_NOT_PASSABLE")
    i18n.set_language("de")
    assert "Joker" in reasons.explain("JOKER_NOT_PASSABLE")
    i18n.set_language("hi")
    assert "जोकर" in reasons.explain("JOKER_NOT_PASSABLE")


def test_unknown_code_gets_a_generic_sentence() -> None:
    assert reasons.explain("NO_SUCH_CODE") == "That move is not allowed here."
    assert reasons.rule_source("NO_SUCH_CODE") == ""
    i18n.set_language("es")
    assert reasons.explain("NO_SUCH_CODE") == "Esa jugada no está permitida aquí."


@pytest.mark.parametrize("lang", LANGS)
def test_tile_names_cover_every_code_and_are_translated(lang: str) -> None:
    english = {code: reasons.tile_name(code) for code in protocol_tile_codes()}
    assert english["5D"] == "Five Dot" and english["RD"] == "Red Dragon"
    assert len(set(english.values())) == len(english)
    i18n.set_language(lang)
    for code, name in english.items():
        if (lang, name) not in SAME_AS_ENGLISH:
            assert reasons.tile_name(code) != name, (lang, code)
    assert reasons.tile_name("5d") == reasons.tile_name("5D")
    with pytest.raises(ValueError):
        reasons.tile_name("0D")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_seats_directions_and_steps_have_one_literal_each(lang: str) -> None:
    i18n.set_language(lang)
    seats = [reasons.seat_name(s) for s in "ESWN"]
    relations = [reasons.relative_seat_name(r) for r in ("right", "across", "left")]
    passes = [reasons.pass_direction_label(d) for d in ("right", "across", "left")]
    steps = [reasons.charleston_step_name(s) for s in (
        "first_right", "first_across", "first_left", "stop_vote", "second_left",
        "second_across", "second_right")]
    for group in (seats, relations, passes, steps):
        assert len(set(group)) == len(group)
    counts = [reasons.pass_count_label(d, 3) for d in ("right", "across", "left")]
    assert len(set(counts)) == 3 and all("3" in c for c in counts)
    if lang != "en":
        assert passes != ["Pass to the right", "Pass across", "Pass to the left"]
        assert reasons.pass_count_label("left", 1) != "Pass 1 tile to the left"


def test_english_labels() -> None:
    assert reasons.pass_direction_label("right") == "Pass to the right"
    assert reasons.pass_count_label("across", 1) == "Pass 1 tile across"
    assert reasons.pass_count_label("left", 2) == "Pass 2 tiles to the left"
    assert reasons.seat_name("s") == "South"
    assert reasons.relative_seat_name("left") == "Left (upper seat)"
    assert reasons.charleston_step_name("second_right") == "Last right"


@pytest.mark.parametrize(
    "call",
    [
        lambda: reasons.seat_name("X"),
        lambda: reasons.relative_seat_name("behind"),
        lambda: reasons.pass_direction_label("up"),
        lambda: reasons.pass_count_label("up", 2),
        lambda: reasons.charleston_step_name("third_left"),
    ],
)
def test_unknown_names_raise(call: object) -> None:
    with pytest.raises(ValueError):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_an_american_dead_hand_sits_out(lang: str) -> None:
    """DECISIONS 24-25: at an American table a dead hand takes no more turns and a false Mah
    Jongg kills the hand; the WSM sentence (keep playing, DECISIONS 17-18) stays for wsm and
    for callers that name no table."""
    i18n.set_language(lang)
    for code in ("DEAD_HAND", "NOT_A_WINNING_HAND"):
        american = reasons.explain(code, "american")
        assert american != reasons.explain(code, "wsm") == reasons.explain(code)
        assert reasons.RULESET_REASONS[("american", code)].source in reasons.rule_source(
            code, "american")
        if lang != "en":
            assert american != reasons.RULESET_REASONS[("american", code)].sentence
    if lang == "en":
        assert "sits out" in reasons.explain("DEAD_HAND", "american")
        assert "Keep playing" in reasons.explain("DEAD_HAND", "wsm")
        assert "dead" in reasons.explain("NOT_A_WINNING_HAND", "american")
