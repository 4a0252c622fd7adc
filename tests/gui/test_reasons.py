"""Every reason code in PROTOCOL.md has a beginner sentence, in each ruleset's own words, in
every language; rule sources stay in the table and never reach the learner."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import tilewise.i18n as i18n
from tests.conftest import SHARED
from tests.i18n.catalog_tool import compile_ui_catalogs
from tilewise.gui import reasons
from tilewise.rules.verdict import LOCAL_REASONS

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


PROTOCOL_CODES = protocol_reason_codes()
# The core's codes not yet in the shared PROTOCOL.md (rules.verdict.LOCAL_REASONS).
CODES = PROTOCOL_CODES + sorted(set(LOCAL_REASONS) - set(PROTOCOL_CODES))


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
    assert len(PROTOCOL_CODES) == 39
    assert "EXPOSURE_CANNOT_GROW" in CODES
    assert "JOKER_NOT_PASSABLE" in CODES and "SHORT_HAND" in CODES


def test_the_table_covers_exactly_the_protocol_codes() -> None:
    assert sorted(reasons.REASONS) == sorted(CODES)


def test_table_matches_the_rules_core_enum_when_present() -> None:
    verdict = pytest.importorskip("tilewise.rules.verdict")
    assert sorted(r.value for r in verdict.Reason) == sorted(reasons.REASONS)


INTERNAL = re.compile(r"REFERENCE|DECISIONS|PROTOCOL|§")


@pytest.mark.parametrize("code", CODES)
def test_english_sentences_and_their_source_kept_for_engineers(code: str) -> None:
    entry = reasons.REASONS[code]
    assert reasons.explain(code) == entry.sentence
    assert reasons.explain(code, "american") == (entry.american or entry.sentence)
    assert reasons.explain(code, "wsm") == (entry.wsm or entry.sentence)
    for sentence in reasons.sentences(code):
        assert sentence.endswith(".") and code not in sentence
        assert not INTERNAL.search(sentence), sentence  # learners never see our documents
        assert re.search(r"[.:,] ", sentence), sentence  # what was wrong, and what instead
    assert re.search(r"(REFERENCE|PROTOCOL)", entry.source)


# Words of the other game: an American table calls, exposes pungs and declares Mah Jongg; a
# WSM table claims pongs and wins, and knows no quint, sextet or joker.
NOT_AMERICAN = re.compile(r"\bpong|\bclaim", re.IGNORECASE)
NOT_WSM = re.compile(r"\bpung|quint|sextet|Mah Jongg|\bcall|joker|exposure", re.IGNORECASE)


@pytest.mark.parametrize("code", CODES)
def test_each_table_hears_its_own_words(code: str) -> None:
    american = reasons.explain(code, "american")
    wsm = reasons.explain(code, "wsm")
    if code not in ("DISCARDED_JOKER_DEAD", "JOKER_NOT_PASSABLE", "JOKER_ONLY_IN_IDENTICAL_GROUPS",
                    "JOKER_EXCHANGE_NOT_YOUR_TURN", "JOKER_EXCHANGE_TILE_MISMATCH",
                    "NO_JOKER_IN_MELD", "DISCARD_CANNOT_REDEEM_JOKER", "NO_REVERSE_EXCHANGE",
                    "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG", "TILE_NOT_IN_SET",
                    "EXPOSURE_CANNOT_GROW"):
        # (codes only an American table can give may use American words in every wording)
        assert not NOT_WSM.search(wsm), (code, wsm)
    if code not in ("CHI_ONLY_FROM_UPPER_SEAT", "CHI_NOT_A_SEQUENCE", "CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG",
                    "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM", "ADDED_TILE_PLACEMENT",
                    "CONCEALED_KONG_CANNOT_BE_ROBBED", "LONG_HAND", "SHORT_HAND", "WRONG_PHASE"):
        # (codes only a WSM table gives keep the WSM words)
        assert not NOT_AMERICAN.search(american), (code, american)


def test_the_pung_refusal_differs_by_table() -> None:
    american = reasons.explain("PONG_NEEDS_PAIR", "american")
    assert "pung" in american and "joker" in american and "pong" not in american
    assert "pong" in reasons.explain("PONG_NEEDS_PAIR", "wsm")
    assert "quint" not in reasons.explain("GROUP_TILES_DIFFER", "wsm")


@pytest.mark.parametrize("lang", LANGS)
def test_every_explanation_is_translated(lang: str) -> None:
    i18n.set_language(lang)
    untranslated = [(c, s) for c in CODES for s in reasons.sentences(c) if i18n._(s) == s]
    assert untranslated == []
    assert reasons.see_step("X", 6) != "See: X, step 6"


def test_the_joker_sentence_in_each_language() -> None:
    i18n.set_language("es")
    assert "comodín" in reasons.explain("JOKER_NOT_PASSABLE")
    i18n.set_language("de")
    assert "Joker" in reasons.explain("JOKER_NOT_PASSABLE")
    i18n.set_language("hi")
    assert "जोकर" in reasons.explain("JOKER_NOT_PASSABLE")


def test_unknown_code_gets_a_generic_sentence() -> None:
    assert reasons.explain("NO_SUCH_CODE") == "That move is not allowed here."
    assert reasons.sentences("NO_SUCH_CODE") == ()
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
    Jongg kills the hand; at a WSM table a dead hand plays on (DECISIONS 17-18)."""
    i18n.set_language(lang)
    for code in ("DEAD_HAND", "NOT_A_WINNING_HAND"):
        entry = reasons.REASONS[code]
        american = reasons.explain(code, "american")
        assert american != reasons.explain(code, "wsm") != reasons.explain(code) != american
        assert re.search(r"DECISIONS .*\b2[45]\b", entry.source), entry.source
        if lang != "en":
            assert american != entry.american
    if lang == "en":
        assert "sits out" in reasons.explain("DEAD_HAND", "american")
        assert "Keep drawing" in reasons.explain("DEAD_HAND", "wsm")
        assert "dead" in reasons.explain("NOT_A_WINNING_HAND", "american")
