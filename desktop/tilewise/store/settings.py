"""App settings: one flat TOML file, ``config_dir()/settings.toml``.

Read with ``tilewise.tomltext.read_toml`` (``rtoml``, else ``tomllib`` and its refusals);
written by a tiny writer for the flat keys below (strings, integers, floats; a key whose value
is None is left out), atomically (temporary file + ``os.replace``).

- A file that is not valid TOML (or not a table) is moved aside to
  ``settings.malformed-<UTC timestamp>.toml`` and the defaults are used;
  :attr:`Settings.recovered_from` names the moved file so the GUI can say so.
- A known key with a wrong type or out-of-range value falls back to its default; unknown
  keys are ignored (a newer Tilewise may have written them). Neither moves the file.
- A file that cannot be read at all (a folder of that name, no permission) gives the
  defaults; it is left as it is.
- ``text_scale`` is None until the learner chooses one (the window then picks one from its
  screen's size: ``gui.style.text_scale_for``); a chosen one is written with
  ``text_scale_chosen = true``. Tilewise before that wrote ``text_scale = 1.0`` into every
  settings file, chosen or not: without the mark, 1.0 reads as not chosen.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeGuard

from tilewise.store.paths import aside_path, config_dir
from tilewise.tomltext import read_toml

SETTINGS_NAME = "settings.toml"
THEMES = ("classic", "contrast", "colourblind")
TILE_SIZE_RANGE = (24, 256)  # tile height in device-independent pixels
TEXT_SCALE_RANGE = (0.5, 3.0)  # multiplier of the system font size
_LANGUAGE = re.compile(r"^[a-z]{2,3}$")


@dataclass
class Settings:
    """The learner's settings.

    ``language``: a language code, or "" to follow the system language;
    ``theme``: one of :data:`THEMES`; ``tile_size``: tile height in device-independent pixels
    (24-256); ``text_scale``: 0.5-3.0 times the system font size, None while the learner has
    not chosen one (see the module doc); ``last_profile``: the id of
    the profile last used, or None; ``unlock_all``: a teacher's switch that opens every lesson
    whatever its prerequisites; ``present_screen``: the screen presenter mode fills
    (0-based, -1 = the last screen, i.e. a projector when two are connected; issue 7);
    ``reduced_motion``: tiles do not slide after a move (issue 13);
    ``language_threshold``: how complete (percent, 0-100, interface and lesson packs alike) a
    language's translation must be for the language menu to offer it as ready; below it the
    menu marks it incomplete with its percentage (issue 18; a translator may lower it).
    ``recovered_from`` is not saved: see the module doc.
    """

    language: str = ""
    theme: str = "classic"
    tile_size: int = 64
    text_scale: float | None = None
    last_profile: int | None = None
    present_screen: int = -1  # presenter mode: screen number, -1 = the last one (a projector)
    unlock_all: bool = False  # a teacher's switch: every lesson open, prerequisites or not
    reduced_motion: bool = False
    language_threshold: float = 100.0  # percent translated before a language is offered as ready
    recovered_from: Path | None = field(default=None, compare=False, repr=False)

    @classmethod
    def default_path(cls) -> Path:
        """``config_dir()/settings.toml``."""
        return config_dir() / SETTINGS_NAME

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read settings; a missing file gives the defaults (see the module doc for errors)."""
        target = path if path is not None else cls.default_path()
        try:
            raw = target.read_bytes()
        except FileNotFoundError:
            return cls()
        except OSError:  # a folder of that name, no permission: the defaults, and say nothing
            return cls()  # more (saving fails too and is logged)
        try:
            data: Any = read_toml(raw.decode("utf-8"))
        except ValueError:  # tomllib.TOMLDecodeError, UnicodeDecodeError
            return cls(recovered_from=_move_aside(target))
        return cls._from_mapping(data)

    @classmethod
    def _from_mapping(cls, data: object) -> Settings:
        result = cls()
        if not isinstance(data, dict):
            return result
        language = data.get("language")
        if isinstance(language, str) and (language == "" or _LANGUAGE.match(language)):
            result.language = language
        theme = data.get("theme")
        if theme in THEMES:
            result.theme = theme
        size = data.get("tile_size")
        if _is_int(size) and TILE_SIZE_RANGE[0] <= size <= TILE_SIZE_RANGE[1]:
            result.tile_size = size
        scale = data.get("text_scale")
        if (isinstance(scale, (int, float)) and not isinstance(scale, bool)
                and TEXT_SCALE_RANGE[0] <= scale <= TEXT_SCALE_RANGE[1]):
            # an old file's 1.0 was written whether chosen or not (module doc)
            if scale != 1.0 or data.get("text_scale_chosen") is True:
                result.text_scale = float(scale)
        screen = data.get("present_screen")
        if _is_int(screen) and -1 <= screen <= 16:
            result.present_screen = screen
        still = data.get("reduced_motion")
        if isinstance(still, bool):
            result.reduced_motion = still
        threshold = data.get("language_threshold")
        if (isinstance(threshold, (int, float)) and not isinstance(threshold, bool)
                and 0 <= threshold <= 100):
            result.language_threshold = float(threshold)
        last = data.get("last_profile")
        if _is_int(last) and last > 0:
            result.last_profile = last
        unlock = data.get("unlock_all")
        if isinstance(unlock, bool):
            result.unlock_all = unlock
        return result

    def save(self, path: Path | None = None) -> Path:
        """Write the settings atomically and return the path written."""
        target = path if path is not None else self.default_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        text = self.to_toml()
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fileobj:
                fileobj.write(text)
                fileobj.flush()
                os.fsync(fileobj.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def to_toml(self) -> str:
        """The settings as flat TOML (``key = value`` lines; None values left out)."""
        lines = ["# Tilewise settings. Written by the app; safe to edit while it is closed."]
        for item in fields(self):
            if item.name == "recovered_from":
                continue
            value = getattr(self, item.name)
            if value is None:
                continue
            lines.append(f"{item.name} = {_toml_value(value)}")
            if item.name == "text_scale":
                lines.append("text_scale_chosen = true")
        return "\n".join(lines) + "\n"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"settings cannot store {value!r}")
        return repr(value)
    if isinstance(value, str):
        # JSON string escapes (\" \\ \n \t \uXXXX ...) are all valid TOML basic-string escapes.
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"settings cannot store {type(value).__name__}")


def _move_aside(path: Path) -> Path:
    candidate = aside_path(path, "malformed")
    path.rename(candidate)
    return candidate
