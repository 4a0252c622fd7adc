"""TOML text to tables, for lesson packs (``lessons.pack``) and the settings file
(``store.settings``).

With ``rtoml`` (compiled: about 8x ``tomllib`` on our packs, issue 21) when it is installed
and reads the text, else with ``tomllib``, whose errors (``TOMLDecodeError``, a ``ValueError``
naming the line; ``RecursionError``) are the ones reported: a text ``rtoml`` refuses, for any
reason, is read again by ``tomllib``. Both give the same tables for the same valid text (TOML
1.0). ``tomllib`` is imported only then: its import (regular expressions compiled) is about
2 ms of CPU that the start no longer pays (issue 21, start-up time).
"""

from __future__ import annotations

from typing import Any

try:
    import rtoml as _rtoml
except ImportError:  # pragma: no cover - a build without it reads with tomllib alone
    _rtoml = None  # type: ignore[assignment]

__all__ = ["read_toml"]


def read_toml(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` into a table (see the module docstring). Raises
    ``tomllib.TOMLDecodeError`` (a ``ValueError``) or ``RecursionError`` for a text that is
    not TOML."""
    if _rtoml is not None:
        try:
            data: dict[str, Any] = _rtoml.loads(text)
            return data
        except Exception:  # noqa: BLE001 - tomllib names the problem (or reads what it can)
            pass
    import tomllib

    return tomllib.loads(text)
