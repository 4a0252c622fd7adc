"""``tilewise play``: one line per hand, usage errors, and the same hand from a deal code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.lessons.conftest import CORE, ROOT
from tilewise.lessons.hand.play import main


def test_one_line_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ruleset", "american", "--seed", "3", "--auto", "--pack", str(CORE)]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("deal 000-01X (american, seed 3): ")
    assert line.endswith("refused: 0") and "moves judged: " in line
    assert "\n" not in line


def test_a_deal_code_gives_the_same_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ruleset", "wsm", "--seed", "3", "--auto"]) == 0
    by_seed = capsys.readouterr().out
    assert main(["--code", "g00-01m", "--auto"]) == 0
    assert capsys.readouterr().out == by_seed


def test_moves_are_listed_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--code", "000-01X", "--auto", "--moves", "--pack", str(CORE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].strip().startswith("1 E {'type': 'pass'")
    assert any("won" in line or "wall_game" in line for line in lines)


@pytest.mark.parametrize("argv", [
    ["--seed", "3"], ["--auto"], ["--auto", "--seed", "-4"], ["--code", "000-01Y", "--auto"],
    ["--auto", "--seed", "3", "--pack", "no/such/pack"], ["--ruleset", "chinese"],
])
def test_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


def test_the_command_on_a_fresh_data_folder(tmp_path: Path) -> None:
    """The installed command finds the bundled pack itself and gives the same hand."""
    env = {"TILEWISE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-m", "tilewise", "play", "--code", "000-01X", "--auto"]
    out = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path,
                         check=True).stdout
    assert out.startswith("deal 000-01X (american, seed 3)") and out.rstrip().endswith(
        "refused: 0")
    assert ROOT.is_dir()
