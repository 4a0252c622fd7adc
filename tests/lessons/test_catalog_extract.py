"""The pack text extractor (.pot), the pack catalog (gettext over po/<lang>.mo) and the
``tilewise pack`` command."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tests.lessons.conftest import CORE, WritePack
from tilewise.lessons.catalog import PackCatalog
from tilewise.lessons.extract import messages
from tilewise.lessons.pack import load_pack
from tilewise.lessons.packtool import main


def read_template(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as handle:
        return read_po(handle)


def test_extract_writes_contexts_comments_and_sources(write_pack: WritePack, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_pack()
    out = tmp_path / "out" / "demo.pot"
    assert main(["extract", str(folder), "--out", str(out)]) == 0
    assert f"{out}: " in capsys.readouterr().out
    catalog = read_template(out)
    by_key = {(m.context, m.id): m for m in catalog if m.id}
    assert ("pack", "Demo pack") in by_key and ("pack", "A pack for tests.") in by_key
    assert ("one", "One") in by_key and ("one", "Learn one thing.") in by_key
    expected = {
        ("one/look", "Look."), ("one/look", "Say it."), ("one/look", "Seats."),
        ("one/look", "right"), ("one/pass", "Pass right."), ("one/pass", "Three."),
        ("one/pass", "Craks."), ("one/pass", "Three tiles."), ("one/pass", "Keep the joker."),
        ("one/pass", "Legal, but pass the craks."), ("one/pass", "Legal, but not this one."),
        ("one/where", "Where do East's tiles go?"), ("one/where", "South"),
        ("one/where", "North"), ("one/where", "Right!"), ("one/end", "Done."),
        ("one/end", "Right is next."),
    }
    assert expected <= set(by_key)
    hint = by_key[("one/pass", "Three.")]
    assert "TRANSLATORS: a hint, shown when the learner asks for one" in hint.auto_comments
    assert "TRANSLATORS: Pass means give." in hint.auto_comments
    assert "source: lessons/demo/01-one.toml: steps[1].hints[0]" in hint.auto_comments
    assert hint.locations == [("lessons/demo/01-one.toml", None)]
    feedback = by_key[("one/pass", "Three tiles.")]
    assert any("reason code PASS_NEEDS_THREE" in c for c in feedback.auto_comments)
    notes = by_key[("one/look", "Say it.")]
    assert any("presenter notes" in c for c in notes.auto_comments)


def test_extract_default_path_and_every_text_of_core(tmp_path: Path) -> None:
    pack = load_pack(CORE)
    found = list(messages(pack))
    contexts = {m.context for m in found}
    for lesson in pack.lessons:
        assert lesson.id in contexts
        for step in lesson.steps:
            assert (lesson.context(step), step.text) in {(m.context, m.msgid) for m in found}
    committed = read_template(CORE / "po" / "core.pot")
    assert {(m.context, m.msgid) for m in found} == {(m.context, m.id) for m in committed if m.id}


def test_extract_default_output(write_pack: WritePack) -> None:
    folder = write_pack()
    assert main(["extract", str(folder)]) == 0
    assert (folder / "po" / "demo.pot").is_file()


def test_a_pack_given_as_dot_keeps_its_folder_name_in_the_sources(
        write_pack: WritePack, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pack new-language . mr`` inside the pack folder: sources read lessons/<name>/...,
    never ``lessons//``."""
    folder = write_pack()
    monkeypatch.chdir(folder)
    found = list(messages(load_pack(Path("."))))
    assert found and {m.file.split("/")[1] for m in found} == {folder.name}


def test_check_command(write_pack: WritePack, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(write_pack())]) == 0
    assert "1 lessons, 4 steps, 2 tasks and quizzes: OK" in capsys.readouterr().out


def test_check_command_lists_problems(write_pack: WritePack,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_pack(raw={"02-bad.toml": 'id = "bad"\ntitle = "Bad"\n'})
    assert main(["check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"{folder / '02-bad.toml'}: goal: missing required key" in err
    assert f"{folder / '02-bad.toml'}: steps: missing required key" in err
    assert "2 problem(s)" in err
    assert main(["extract", str(folder)]) == 1


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["--help"]) == 0


def test_core_pack_passes_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CORE)]) == 0
    assert "OK" in capsys.readouterr().out


def compile_catalog(folder: Path, lang: str, translations: dict[tuple[str, str], str]) -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=lang)
    for (context, msgid), text in translations.items():
        catalog.add(msgid, text, context=context)
    (folder / "po").mkdir(exist_ok=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "po" / f"{lang}.mo").write_bytes(buffer.getvalue())


def test_catalog_translates_by_context(write_pack: WritePack) -> None:
    folder = write_pack()
    compile_catalog(folder, "es", {("one/pass", "Three."): "Tres.",
                                   ("one/where", "South"): "Sur",
                                   ("pack", "Demo pack"): "Paquete de prueba"})
    catalog = PackCatalog(folder, "es")
    assert catalog.translated
    assert catalog.text("one/pass", "Three.") == "Tres."
    assert catalog.text("pack", "Demo pack") == "Paquete de prueba"
    assert catalog.text("one/look", "Three.") == "Three."  # other context: not translated
    assert catalog.text("one/pass", "Craks.") == "Craks."  # untranslated: the msgid
    assert catalog.text("one/pass", "") == ""


def test_catalog_without_mo_falls_back_to_english(write_pack: WritePack) -> None:
    catalog = PackCatalog(write_pack(), "hi")
    assert not catalog.translated
    assert catalog.text("one/pass", "Three.") == "Three."


def test_card_lines_and_glossary_are_extracted(write_pack: WritePack) -> None:
    from tests.lessons.conftest import MANIFEST, lesson

    data = lesson()
    data["steps"][0]["picture"] = {"kind": "card", "lines": [
        {"label": "Line 1", "note": "Any one suit.", "groups": [{"kind": "pair", "tile": "F"}]},
        {"groups": [{"kind": "pung", "tile": "xa"}]}]}
    manifest = dict(MANIFEST, glossary=[{"id": "pung", "meaning": "Three identical tiles.",
                                         "american": "pung", "wsm": "pong",
                                         "lesson": "one", "step": "look"}])
    pack = load_pack(write_pack(manifest, {"01-one.toml": data}))
    found = {(m.context, m.msgid, m.key_path) for m in messages(pack)}
    assert ("one/look", "Line 1", "steps[0].picture.lines[0].label") in found
    assert ("one/look", "Any one suit.", "steps[0].picture.lines[0].note") in found
    assert not any("lines[1]" in key for _c, _m, key in found)
    assert {("glossary/pung", "Three identical tiles.", "glossary[0].meaning"),
            ("glossary/pung", "pung", "glossary[0].american"),
            ("glossary/pung", "pong", "glossary[0].wsm")} <= found


def test_texts_that_are_absent_are_not_extracted() -> None:
    """A wrong move refused by reason alone, or an option still without its feedback (a
    pack being written: extract runs before the check passes), yields no empty message."""
    from tilewise.lessons.extract import _step_texts
    from tilewise.lessons.model import HandScript, Option, Quiz, ScriptMove, Step, WrongAnswer

    move = ScriptMove(expect={"type": "discard", "tile": "5B"}, wrong=(
        WrongAnswer(action={"type": "discard", "tile": "9C"}, reason="TILE_NOT_IN_HAND"),
        WrongAnswer(action={"type": "discard", "tile": "1C"}, feedback="Keep the pair.")))
    step = Step(id="s", kind="hand", text="Play.", hand=HandScript(
        ruleset="wsm", deal="x", seat="east", script=(move,)))
    keys = {key: text for key, text, _comment in _step_texts(step)}
    assert keys == {"text": "Play.", "hand.script[0].wrong[1].feedback": "Keep the pair."}
    quiz = Step(id="q", kind="quiz", text="Which?", quiz=Quiz(answer="a", options=(
        Option(id="a", text="Ten", feedback="Yes."), Option(id="b", tile="5B"))))
    keys = {key: text for key, text, _comment in _step_texts(quiz)}
    assert keys == {"text": "Which?", "quiz.options[0].text": "Ten",
                    "quiz.options[0].feedback": "Yes."}
