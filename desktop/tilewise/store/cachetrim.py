"""Pruning the pack cache: the checked packs (``pack-<digest>.json``, ``lessons.pack``) and the
library's entries (``shelf-<digest>.json``, ``lessons.shelf``) of pack versions no longer in use.

Each version of a pack's files has its own key (digest), so a translator who edits a pack
leaves one file of each kind per edit (a checked pack is ~330 KB). Once this start's packs are
loaded and checked (after the first paint), :func:`prune_cache` keeps the files they use and
the :data:`SPARE` most recently changed others of each kind (another running Tilewise, of
another version or with another ``--pack``, may use those), and removes the rest.

Safety: only regular files directly in the given folder whose whole name is ours
(:data:`CACHE_NAME`: a kind, a hexadecimal digest, ``.json``) are ever removed: never a
``.tmp`` file being written (a writer renames it into place atomically), a link, a folder
(``catalogs/``) or anything else a person put there. A file another Tilewise is reading stays
readable to it once removed (POSIX); where it cannot be removed (Windows, permissions) it is
left and logged, and the next start tries again. A removed entry in use by another Tilewise is
only read and checked again at its next start.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Collection
from pathlib import Path

__all__ = ["CACHE_NAME", "SPARE", "prune_cache"]

log = logging.getLogger(__name__)

#: The names this module may remove: ``pack-`` or ``shelf-``, the digest the writers make
#: (CRC-32 and Adler-32 as 8 hex digits each, then the key's length in hex), ``.json``.
CACHE_NAME = re.compile(r"(pack|shelf)-[0-9a-f]{17,24}\.json")

#: Files not in use kept of each kind, the most recently changed first.
SPARE = 4


def prune_cache(folder: Path, in_use: Collection[str], spare: int = SPARE) -> list[Path]:
    """Remove from ``folder`` the cache files (:data:`CACHE_NAME`) whose names are not in
    ``in_use``, all but the ``spare`` most recently changed of each kind. Returns what was
    removed; a folder that cannot be listed removes nothing, a file that cannot be removed
    is logged and left (never raises ``OSError``)."""
    found: dict[str, list[tuple[int, str]]] = {"pack": [], "shelf": []}
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                match = CACHE_NAME.fullmatch(item.name)
                if match is None or item.name in in_use:
                    continue
                try:
                    if not item.is_file(follow_symlinks=False):
                        continue
                    changed = item.stat(follow_symlinks=False).st_mtime_ns
                except OSError:
                    continue
                found[match.group(1)].append((changed, item.name))
    except OSError as error:
        log.warning("the cache folder %s could not be listed: %s", folder, error)
        return []
    removed: list[Path] = []
    for files in found.values():
        files.sort(reverse=True)
        for _changed, name in files[max(0, spare):]:
            path = Path(folder) / name
            try:
                path.unlink()
            except FileNotFoundError:
                continue  # another Tilewise removed it first
            except OSError as error:
                log.warning("could not remove %s: %s", path, error)
                continue
            removed.append(path)
    return removed
