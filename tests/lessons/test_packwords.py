"""Pack check details from outside the checker, in the interface's language
(``lessons.packwords``): tomllib's syntax errors, OS errors by errno, the rules core's scenario
and tile refusals, unexpected faults. They came through in English inside translated lines
(note 6, "Noticed and left alone"). English stays as the source said it; a message not known
keeps its English."""

from __future__ import annotations

import errno
import inspect
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from tomllib import _parser as tomllib_parser
from types import ModuleType

import pytest

from tilewise.i18n import set_language
from tilewise.lessons import packwords
from tilewise.lessons.packlimits import asset_problem, read_pack_file
from tilewise.lessons.packwords import (
    CORE_MESSAGES,
    TOML_MESSAGES,
    core_error_said,
    fault_said,
    os_error_said,
    toml_error_said,
)
from tilewise.rules import cardneed, charleston, claims, jokers, kongs, referee, state
from tilewise.rules.referee import judge
from tilewise.rules.state import ScenarioError
from tilewise.rules.tiles import TileError, parse_tile


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def _toml_error(text: str) -> tomllib.TOMLDecodeError:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


def test_a_toml_syntax_error_is_said_with_its_line_and_column(german: None, tmp_path: Path) -> None:
    bad = tmp_path / "01-one.toml"
    bad.write_text('id = "one"\nprerequisites = [\n"a" "b"]\n', encoding="utf-8")
    table, problems = read_pack_file(bad)  # as every pack file is read
    assert table is None
    assert problems == [("Zeile 3", "TOML kann nicht gelesen werden: eine Liste ist nicht mit ] "
                                    "geschlossen (in Zeile 3, Spalte 5)")], problems
    assert toml_error_said(_toml_error("a = b")) == (
        1, "TOML kann nicht gelesen werden: ungültiger Wert (ein Text braucht "
           "Anführungszeichen) (in Zeile 1, Spalte 5)")
    # a field of the message is kept as tomllib gave it
    assert toml_error_said(_toml_error("[a.b]\n[a.b]\n"))[1].startswith(
        "TOML kann nicht gelesen werden: a.b wird zweimal angegeben")
    assert toml_error_said(_toml_error('a = {b = 1, b = 2}'))[1].startswith(
        "TOML kann nicht gelesen werden: der Schlüssel 'b' steht zweimal")  # not a tuple
    assert packwords._dotted("(1, 2)") == "(1, 2)" and packwords._dotted("('a'") == "('a'"
    line, said = toml_error_said(_toml_error('a = "open'))
    assert line is None and said.endswith("(am Ende der Datei)"), said
    assert "Text ist nicht geschlossen" in said
    # not known here, or with no place: tomllib's English inside the German frame
    assert toml_error_said(ValueError("Something new (at line 2, column 4)")) == (
        2, "TOML kann nicht gelesen werden: Something new (in Zeile 2, Spalte 4)")
    assert toml_error_said(ValueError("odd")) == (None, "TOML kann nicht gelesen werden: odd")
    assert toml_error_said(RecursionError("maximum recursion depth exceeded")) == (
        None, "TOML kann nicht gelesen werden: Tabellen oder Listen sind zu tief ineinander "
              "verschachtelt")


def test_english_toml_lines_are_tomllibs_own() -> None:
    error = _toml_error("a = b")
    assert toml_error_said(error) == (1, f"cannot read TOML: {error}")


def test_os_errors_are_said_by_errno(german: None, tmp_path: Path) -> None:
    assert asset_problem(tmp_path / "gone.png") == \
        "die Datei kann nicht gelesen werden: die Datei fehlt"
    said = {code: os_error_said(OSError(code, "raw English")) for code in (
        errno.EACCES, errno.EPERM, errno.EISDIR, errno.ENOSPC, errno.ENOTDIR, errno.EROFS,
        errno.EIO, errno.ELOOP, errno.ENAMETOOLONG, errno.EMFILE, errno.ENFILE)}
    assert said[errno.EACCES] == said[errno.EPERM] and "nicht gelesen werden" in said[errno.EACCES]
    assert said[errno.ENOSPC] == "der Datenträger ist voll"
    assert said[errno.EISDIR] == "das ist ein Ordner, keine Datei"
    assert not any("raw English" in words for words in said.values())
    # an errno not known here: the system's words; none: the error's text, else its type
    assert os_error_said(OSError(errno.EXDEV, "Invalid cross-device link")) == \
        "Invalid cross-device link"
    assert os_error_said(OSError("a plain message")) == "a plain message"
    assert os_error_said(OSError()) == "OSError"


def test_the_cores_refusals_are_said_in_german(german: None) -> None:
    with pytest.raises(TileError) as unknown:  # raised by the core itself
        parse_tile("5Q")
    assert core_error_said(unknown.value) == "'5Q' ist kein Steincode"
    with pytest.raises(ScenarioError) as action:
        judge({"ruleset": "wsm", "state": {}, "action": {"type": "dance"}})
    assert core_error_said(action.value) == "unbekannte Aktion 'dance'"
    assert core_error_said("TILE_NOT_IN_SET: F3") == \
        "der Stein F3 gehört nicht zum Spielsatz dieser Regeln"
    assert core_error_said("TILE_SUPPLY_EXCEEDED: 1B (5 > 4)") == \
        "Stein 1B: 5 Exemplare, aber der Spielsatz hat 4"
    assert core_error_said("a chi meld has 3 tiles, not 4") == \
        "eine Gruppe chi hat 3 Steine, nicht 4"
    # not known: the core's English; an empty message names its type
    assert core_error_said("a message of tomorrow's core") == "a message of tomorrow's core"
    assert core_error_said(ValueError()) == "ValueError"


def test_unexpected_faults_keep_their_type_unless_there_are_words(german: None) -> None:
    assert fault_said(FileNotFoundError(errno.ENOENT, "No such file")) == "die Datei fehlt"
    assert fault_said(RecursionError()) == \
        "Tabellen oder Listen sind zu tief ineinander verschachtelt"
    assert fault_said(MemoryError()) == "es ist nicht genug Speicher frei"
    assert fault_said(KeyError("x")) == "KeyError: 'x'"  # a bug: no better words


SAMPLES = {"owner": "E", "size": "3", "count": "4", "seat": "W", "target": "{seat, meld}"}


def _example(template: str) -> str:
    fields = {name: SAMPLES.get(name, "'x'") for name in re.findall(r"\{(\w+)\}", template)}
    return template.format(**fields) if fields else template


def _source(*modules: ModuleType) -> str:
    # a source's '\\' is one backslash in the message
    return "".join(inspect.getsource(m) for m in modules).replace("\\\\", "\\")


@pytest.mark.parametrize(("table", "modules"), [
    (TOML_MESSAGES, (tomllib_parser,)),
    (CORE_MESSAGES, (state, charleston, claims, jokers, kongs, referee, cardneed)),
], ids=["tomllib", "rules core"])
def test_every_known_message_is_still_said_by_its_source_and_translated(
        table: tuple[tuple[re.Pattern[str], str], ...], modules: tuple[ModuleType, ...],
        german: None) -> None:
    """Each pattern's words are in the source that raises them (a changed message would fall
    back to English unnoticed otherwise), it matches its own English, and German differs."""
    text = _source(*modules)
    for pattern, template in table:
        for words in re.split(r"\{\w+\}", template):
            assert words.strip() == "" or words in text, (template, words)
        example = _example(template)
        assert pattern.fullmatch(example) is not None, template
        said = packwords._said(example, table)
        assert said is not None and said != example, template
