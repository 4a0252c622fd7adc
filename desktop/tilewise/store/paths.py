"""Where Tilewise's files live: read-only resources and the learner's own folders.

Read-only resources (``resources/``, ``i18n/``, ``lessons/``) sit at the repository root when
running from the source tree, and at the bundle root (``sys._MEIPASS``) in a PyInstaller build.
User folders (data, config, logs) come from platformdirs with the app name "Tilewise"; the
environment variable ``TILEWISE_HOME`` overrides all of them (tests and portable installs use it):
``$TILEWISE_HOME/data``, ``$TILEWISE_HOME/config``, ``$TILEWISE_HOME/logs``.

No function here creates a read-only folder; the user-folder functions create theirs on demand.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "Tilewise"
HOME_ENV = "TILEWISE_HOME"

__all__ = [
    "APP_NAME",
    "HOME_ENV",
    "cache_dir",
    "clean_temporary_files",
    "config_dir",
    "data_dir",
    "i18n_dir",
    "installed_packs_dir",
    "is_frozen",
    "lessons_dir",
    "log_dir",
    "pack_dirs",
    "resource_dir",
    "root_dir",
]


def is_frozen() -> bool:
    """True inside a PyInstaller (or similar) bundle: ``sys.frozen`` is set."""
    return bool(getattr(sys, "frozen", False))


def root_dir() -> Path:
    """The folder that holds ``resources/``, ``i18n/`` and ``lessons/``.

    Frozen: ``sys._MEIPASS`` (PyInstaller's bundle root), else the executable's folder.
    Source tree: the repository root (three levels above ``desktop/tilewise/store/``).
    """
    if is_frozen():
        meipass = getattr(sys, "_MEIPASS", None)
        if meipass:
            return Path(meipass)
        return Path(sys.executable).resolve().parent
    return Path(__file__).resolve().parents[3]


def resource_dir() -> Path:
    """``<root>/resources``: tile faces, fonts, icons (read-only)."""
    return root_dir() / "resources"


def i18n_dir() -> Path:
    """``<root>/i18n``: holds ``<lang>/LC_MESSAGES/tilewise.mo`` (read-only)."""
    return root_dir() / "i18n"


def lessons_dir() -> Path:
    """``<root>/lessons``: the bundled lesson packs, one folder per pack (read-only)."""
    return root_dir() / "lessons"


def _user_dir(sub: str, platform_path: str, create: bool = True) -> Path:
    home = os.environ.get(HOME_ENV)
    path = Path(home) / sub if home else Path(platform_path)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir(create: bool = True) -> Path:
    """The learner's data folder (progress database); created if missing (unless ``create``
    is false: a read-only start only needs its name). ``OSError`` when it cannot be made.

    ``$TILEWISE_HOME/data`` when set, else platformdirs' user data dir for "Tilewise".
    """
    return _user_dir("data", platformdirs.user_data_dir(APP_NAME, appauthor=False), create)


def config_dir() -> Path:
    """The settings folder (``settings.toml``); created if missing.

    ``$TILEWISE_HOME/config`` when set, else platformdirs' user config dir for "Tilewise".
    """
    return _user_dir("config", platformdirs.user_config_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Files Tilewise can always rebuild (validated lesson packs as JSON); created if missing.

    ``$TILEWISE_HOME/cache`` when set, else platformdirs' user cache dir for "Tilewise".
    """
    return _user_dir("cache", platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """The log folder; created if missing.

    ``$TILEWISE_HOME/logs`` when set, else platformdirs' user log dir for "Tilewise".
    """
    return _user_dir("logs", platformdirs.user_log_dir(APP_NAME, appauthor=False))


def installed_packs_dir() -> Path:
    """``data_dir()/packs``: lesson packs the learner installed (``tilewise pack install``),
    one folder per pack id; created if missing."""
    path = data_dir() / "packs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def pack_dirs() -> list[Path]:
    """Every lesson pack folder the app should load: the bundled ``lessons_dir()/*`` (sorted)
    then the installed ``installed_packs_dir()/*`` (sorted). Only folders holding a
    ``pack.toml`` count; hidden folders (an install in progress, ``.install-*``) never do."""
    found: list[Path] = []
    for parent in (lessons_dir(), data_dir(create=False) / "packs"):
        if parent.is_dir():
            found += sorted(p for p in parent.iterdir()
                            if not p.name.startswith(".") and (p / "pack.toml").is_file())
    return found


def aside_path(path: Path, label: str) -> Path:
    """A free name beside ``path`` for keeping a damaged file instead of overwriting it:
    ``<stem>.<label>-<UTC stamp><suffix>``, with ``-1``, ``-2`` ... added while that name is
    taken (e.g. ``progress.corrupt-20261129T171500Z.sqlite3``). Never an existing file."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    stem = path.name.split(".")[0]
    candidate = path.with_name(f"{stem}.{label}-{stamp}{path.suffix}")
    serial = 1
    while candidate.exists():
        candidate = path.with_name(f"{stem}.{label}-{stamp}-{serial}{path.suffix}")
        serial += 1
    return candidate


# What a killed save or install leaves behind: (folder, name pattern). Settings are written to
# ``.settings-*.tmp`` then renamed (``store.settings``), a pack's JSON cache to ``pack-*.tmp``,
# an install works in ``.install-*`` (``lessons.packinstall``).
_TEMPORARY = (("config", ".settings-*.tmp"), ("cache", "pack-*.tmp"), ("cache", "shelf-*.tmp"),
              ("packs", ".install-*"))


def clean_temporary_files(older_than: float = 600.0) -> list[Path]:
    """Remove what a killed save or install left behind (issue 15): ``.settings-*.tmp`` in
    ``config_dir()``, ``pack-*.tmp`` and ``shelf-*.tmp`` (the library's entries of packs,
    ``lessons.shelf``) in ``cache_dir()``, ``.install-*`` folders in
    ``installed_packs_dir()``, each only when last changed more than ``older_than`` seconds
    ago (another Tilewise may be writing one now). Returns what was removed; a file that
    cannot be removed is logged and left."""
    folders = {"config": config_dir, "cache": cache_dir, "packs": installed_packs_dir}
    removed: list[Path] = []
    now = time.time()
    for key, pattern in _TEMPORARY:
        try:
            found = list(folders[key]().glob(pattern))
        except OSError:
            continue
        for path in found:
            try:
                if now - path.lstat().st_mtime < older_than:
                    continue
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
            except OSError as error:
                log.warning("could not remove %s: %s", path, error)
                continue
            removed.append(path)
    return removed
