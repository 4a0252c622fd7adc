"""Never a stale catalog: ``translations(po, mo)`` returns what the ``.po`` says today.

The app and ``tilewise render`` read catalogs through this module (the interface's
``i18n/<lang>/LC_MESSAGES/tilewise.po`` and each lesson pack's ``po/<lang>.po``):

- the ``.mo`` beside the ``.po`` is used when it is at least as new as the ``.po`` (a built
  catalog, or a release bundle, which ships the ``.mo`` without the ``.po``);
- otherwise the ``.po`` is compiled (translate-toolkit's ``pocompile``, through
  :func:`tilewise.i18n.pocheck.compile_mo`) into the cache folder,
  ``cache_dir()/catalogs/<sha256 of the .po>.mo``, never into the pack or ``i18n/`` (they may be
  read-only); the name is the content's hash, so a cached ``.mo`` can never be older than its
  ``.po``; one that cannot be compiled (a broken ``.po``) gives English (the msgids) and a
  warning, never an older translation.

Fuzzy entries are left out, as GNU ``msgfmt`` does.
"""

from __future__ import annotations

import gettext
import logging
import os
import tempfile
from pathlib import Path

from tilewise.store.paths import cache_dir

__all__ = ["cached_mo", "translations"]

log = logging.getLogger(__name__)


def cached_mo(po: Path) -> Path:
    """Where the compiled ``po`` is kept: ``cache_dir()/catalogs/<sha256>.mo``."""
    from tilewise.digest import sha256  # (not hashlib: it maps OpenSSL, ~3.5 MB)

    digest = sha256(po.read_bytes()).hexdigest()[:32]
    return cache_dir() / "catalogs" / f"{digest}.mo"


def _fresh(mo: Path, po: Path) -> bool:
    try:
        return mo.stat().st_mtime_ns >= po.stat().st_mtime_ns
    except OSError:
        return False


def translations(po: Path, mo: Path | None = None) -> gettext.NullTranslations:
    """The translations of catalog ``po`` (``mo``: its built ``.mo``, default beside it).

    Returns ``gettext.NullTranslations`` (English) when neither file exists or the ``.po``
    cannot be compiled. Raises nothing for a bad catalog; ``OSError`` only for an unreadable
    cache folder.
    """
    mo = po.with_suffix(".mo") if mo is None else mo
    if not po.is_file():
        return _read(mo) if mo.is_file() else gettext.NullTranslations()
    if mo.is_file() and _fresh(mo, po):
        return _read(mo)
    target = cached_mo(po)
    if not target.is_file():
        from tilewise.i18n.pocheck import compile_mo

        try:
            data = compile_mo(po)
        except ValueError as error:
            log.warning("catalog %s not used: %s", po, error)
            return gettext.NullTranslations()
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, target)
    return _read(target)


def _read(mo: Path) -> gettext.NullTranslations:
    try:
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except Exception as error:  # noqa: BLE001 - a damaged .mo (struct, magic, encoding): English
        log.warning("catalog %s not used: %s", mo, error)
        return gettext.NullTranslations()
