"""Where files live: TILEWISE_HOME, source tree, frozen bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tilewise.store import paths

ROOT = Path(__file__).resolve().parents[2]


def test_tilewise_home_overrides_every_user_folder(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    assert paths.data_dir() == tmp_path / "data"
    assert paths.config_dir() == tmp_path / "config"
    assert paths.log_dir() == tmp_path / "logs"
    for folder in ("data", "config", "logs"):
        assert (tmp_path / folder).is_dir()


def test_without_tilewise_home_platformdirs_names_the_app(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.delenv("TILEWISE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    if sys.platform.startswith("linux"):
        assert paths.data_dir() == tmp_path / "xdg-data" / "Tilewise"
        assert paths.config_dir() == tmp_path / "xdg-config" / "Tilewise"
    assert "Tilewise" in str(paths.log_dir())


def test_source_tree_resources_are_the_repository_root() -> None:
    assert paths.root_dir() == ROOT
    assert paths.i18n_dir() == ROOT / "i18n"
    assert paths.lessons_dir() == ROOT / "lessons"
    assert paths.resource_dir() == ROOT / "resources"
    assert (paths.i18n_dir() / "catalogs.py").is_file()


def test_frozen_bundle_uses_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.is_frozen()
    assert paths.i18n_dir() == tmp_path / "i18n"
    assert paths.lessons_dir() == tmp_path / "lessons"
    assert paths.resource_dir() == tmp_path / "resources"


def test_frozen_without_meipass_uses_the_executable_folder(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "tilewise"))
    assert paths.root_dir() == tmp_path
