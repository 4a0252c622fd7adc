"""The problems box speaks the learner's language (issue 21's left-alone list): a pack that
fails its check, the app in German, showed the checker's lines in English.

Every line of the pack checker (``lessons.pack``, ``lessons.packlimits``, ``lessons.moves``,
``lessons.hand.guided``) is made in the interface's language, in the shape ``file: key path:
problem`` (the key path is the pack's own words, a line or byte number translated); the
command line ``tilewise pack check`` never sets a language, so authors read English there.
Walked as a person meets it: ``tilewise --lang de --pack A --pack B``; A fails when it is read
(an unknown key in pack.toml), B after the first paint, when its moves are played
through the rules core (an expected result the core does not give).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.gui.conftest import start_shown
from tilewise.gui.dialogs.problems import ProblemsDialog
from tilewise.i18n import set_language

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"


def _copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(CORE, folder)
    meta = folder / "pack.toml"
    meta.write_text(meta.read_text(encoding="utf-8").replace('id = "core"', f'id = "{name}"', 1),
                    encoding="utf-8")
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_failed_packs_lines_are_in_the_learners_language(
        home: Path, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise.lessons.pack import PackError, load_pack

    read_fails = _copy(tmp_path, "readfails")
    _edit(read_fails / "pack.toml", 'licence = "CC-BY-SA-4.0"',
          'licence = "CC-BY-SA-4.0"\nfarbe = "rot"')
    moves_fail = _copy(tmp_path, "movesfail")
    _edit(moves_fail / "01a-table.toml", 'tile = "9C" }, result = { next = "W" }',
          'tile = "9C" }, result = { next = "N" }')
    shown: list[str] = []
    monkeypatch.setattr(ProblemsDialog, "exec", lambda box: shown.append(box.text()) or 0)
    try:
        window = start_shown(qtbot, ["--profile", "Lee", "--lang", "de", "--pack", str(read_fails),
                                     "--pack", str(moves_fail)])
        window.report_problems()  # as the start does once the window is shown
        qtbot.waitUntil(lambda: not window.pending and len(shown) == 2, timeout=20000)
        assert [p.id for p in window.packs] == ["core"]
        at_start, after_check = shown
        assert at_start.startswith("Ein Paket mit diesen Problemen wurde weggelassen")
        assert "tilewise pack check ORDNER" in at_start  # the command kept, its folder German
        assert f"{read_fails / 'pack.toml'}: farbe: unbekannter Schlüssel" in at_start
        line = next(t for t in after_check.splitlines() if "01a-table.toml" in t)
        assert ".result: erwartet: " in line and "; der Regelkern antwortet " in line, line
        assert "expected" not in after_check and "the core" not in after_check
        window.close()
        window.store.close()
    finally:
        set_language("en")
    # the command line's check (no language set) still reads English, for pack authors
    with pytest.raises(PackError) as failed:
        load_pack(moves_fail)
    assert any("; the core answers " in p.message and p.message.startswith("expected ")
               for p in failed.value.problems), failed.value.problems
