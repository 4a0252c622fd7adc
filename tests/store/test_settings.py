"""Settings: TOML round trip, bad values, malformed file aside, TILEWISE_HOME."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewise.store.settings import Settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path))
    return tmp_path


def test_missing_file_gives_defaults(home: Path) -> None:
    settings = Settings.load()
    assert settings == Settings()
    assert settings.recovered_from is None
    assert (settings.language, settings.theme, settings.tile_size, settings.text_scale,
            settings.last_profile) == ("", "classic", 64, None, None)  # no scale chosen


def test_round_trip_in_tilewise_home(home: Path) -> None:
    original = Settings(language="hi", theme="colourblind", tile_size=96, text_scale=1.25,
                        last_profile=3, reduced_motion=True)
    written = original.save()
    assert written == home / "config" / "settings.toml"
    assert Settings.load() == original
    assert tomllib.loads(written.read_text(encoding="utf-8"))["theme"] == "colourblind"


def test_none_is_left_out_and_strings_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    Settings(language="de", last_profile=None).save(path)
    assert "last_profile" not in path.read_text(encoding="utf-8")
    text = Settings(language='x"\\\n').to_toml()
    assert tomllib.loads(text)["language"] == 'x"\\\n'


def test_malformed_file_is_kept_aside_and_defaults_used(home: Path) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text("language = \ntheme = [", encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings()
    assert settings.recovered_from is not None
    assert settings.recovered_from.name.startswith("settings.malformed-")
    assert settings.recovered_from.read_text(encoding="utf-8") == "language = \ntheme = ["
    assert not path.exists()
    path.write_bytes(b"\xff\xfe not utf-8")
    again = Settings.load()
    assert again.recovered_from is not None and again.recovered_from != settings.recovered_from


# Pieces of settings files, good and broken (what a hand edit or a cut-off write leaves).
PIECES = ["language", "theme", " = ", "=", '"de"', "'de'", '"""x"""', '"', "'", "64", "1.25",
          "1e3", "nan", "inf", "+1", "0x1f", "true", "false", "[", "]", "{", "}", ",", ".",
          "\n", "\r", "\t", " ", "#", "\\", "1979-05-27", "-", "_", "\x00"]


@settings(derandomize=True, deadline=None, database=None, max_examples=300)
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_a_settings_text_is_read_as_tomllib_reads_it_or_moved_aside_as_it_refuses(
        tmp_path_factory: pytest.TempPathFactory, pieces: list[str]) -> None:
    """The file is read with the compiled reader first (``tilewise.tomltext``, issue 21): it
    gives ``tomllib``'s settings for every text ``tomllib`` reads, and every text ``tomllib``
    refuses is moved aside, whatever the compiled reader would make of it (300 texts)."""
    text = "".join(pieces)
    path = tmp_path_factory.mktemp("s") / "settings.toml"
    path.write_text(text, encoding="utf-8", newline="")
    loaded = Settings.load(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert loaded.recovered_from is not None and not path.exists()
    else:
        assert loaded.recovered_from is None and loaded == Settings._from_mapping(data)


@pytest.mark.parametrize(
    ("line", "field", "default"),
    [
        ('theme = "neon"', "theme", "classic"),
        ("tile_size = 9000", "tile_size", 64),
        ("tile_size = true", "tile_size", 64),
        ("text_scale = 0.1", "text_scale", None),
        ('text_scale = "big"', "text_scale", None),
        ("last_profile = -2", "last_profile", None),
        ('language = "not a language"', "language", ""),
        ("reduced_motion = 1", "reduced_motion", False),
    ],
)
def test_a_bad_value_falls_back_to_its_default_only(tmp_path: Path, line: str, field: str,
                                                    default: object) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f'{line}\nlanguage_unused = 1\ntheme_ok = "x"\n', encoding="utf-8")
    if field != "theme":
        path.write_text(path.read_text(encoding="utf-8") + 'theme = "contrast"\n',
                        encoding="utf-8")
    settings = Settings.load(path)
    assert getattr(settings, field) == default
    assert settings.recovered_from is None
    if field != "theme":
        assert settings.theme == "contrast"


def test_a_text_scale_is_kept_only_once_chosen(tmp_path: Path) -> None:
    """None until chosen (the window then takes the screen's); a chosen 1.0 is kept as chosen;
    the 1.0 every older settings file holds, chosen or not, reads as not chosen."""
    path = tmp_path / "settings.toml"
    Settings().save(path)
    assert "text_scale" not in path.read_text(encoding="utf-8")
    assert Settings.load(path).text_scale is None
    Settings(text_scale=1.0).save(path)
    assert "text_scale_chosen = true" in path.read_text(encoding="utf-8")
    assert Settings.load(path).text_scale == 1.0
    path.write_text('theme = "classic"\ntile_size = 64\ntext_scale = 1.0\n', encoding="utf-8")
    assert Settings.load(path).text_scale is None  # an older Tilewise's default
    path.write_text("text_scale = 1.5\n", encoding="utf-8")
    assert Settings.load(path).text_scale == 1.5  # an older file's choice (not the default)
    path.write_text("text_scale = 1.0\ntext_scale_chosen = 1\n", encoding="utf-8")
    assert Settings.load(path).text_scale is None  # the mark is true or nothing


def test_integer_text_scale_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("text_scale = 2\n", encoding="utf-8")
    assert Settings.load(path).text_scale == 2.0


def test_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    Settings().save(tmp_path / "settings.toml")
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
