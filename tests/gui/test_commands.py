"""The command ``tilewise render`` for a lesson step. (``tilewise --self-test`` in every
language runs in tests/hardening/test_offline.py's probe and in the release build; the
installed app's ``--self-test --lang hi`` in tests/packaging/test_release.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home),
               PYTHONPATH=str(ROOT / "desktop"))
    code = "import sys; from tilewise.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                          text=True, timeout=170, check=False)


def test_render_one_step_writes_the_png_at_the_asked_size(tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "step.png"
    done = _run(["render", "--pack", "core", "--lesson", "charleston", "--step", "first-right",
                 "--lang", "de", "--size", "800x600", "--out", str(out)], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)


def test_render_rejects_an_unknown_step(tmp_path: Path) -> None:
    done = _run(["render", "--pack", "core", "--lesson", "charleston", "--step", "99",
                 "--out", str(tmp_path / "x.png")], tmp_path)
    assert done.returncode == 2
    assert "steps 1.." in done.stderr


def test_render_in_a_language_the_interface_lacks_says_where_to_look(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``render --lang mr`` (a pack translated into Marathi, the interface not yet) ends with
    a line naming the translator's preview, never a traceback."""
    from tilewise import cli

    assert cli.main(["render", "--pack", "core", "--lesson", "tiles", "--step", "1",
                     "--lang", "mr", "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "--lang mr" in err and "tilewise translate PACK --lang mr" in err
    assert "Traceback" not in err and not (tmp_path / "x.png").exists()


def test_an_extra_pack_is_opened_once(tmp_path: Path) -> None:
    from tilewise.gui.app import pack_folders
    from tilewise.store.paths import lessons_dir

    core = lessons_dir() / "core"
    folders = pack_folders([core, tmp_path, tmp_path])
    assert folders.count(core.resolve()) == 1
    assert folders.count(tmp_path.resolve()) == 1 and folders[-1] == tmp_path.resolve()
