"""SHA-256 without mapping OpenSSL (issue 21, peak memory).

``import hashlib`` loads ``_hashlib``, which maps the OpenSSL library (``libcrypto``): about
3.5 MB more resident memory for a process that only needs a few short SHA-256 digests (the
quiz option order, deal codes and the wall, the compiled catalogs' file names). CPython
ships its own SHA-256 as ``_sha256`` (3.11) or ``_sha2`` (3.12 and later): the same digest to
the bit (FIPS 180-4), a few hundred kB. :func:`sha256` uses it, and ``hashlib``'s where
neither is built in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = ["sha256"]


class _Hash(Protocol):
    def digest(self) -> bytes: ...  # pragma: no cover - a type

    def hexdigest(self) -> str: ...  # pragma: no cover - a type


def _constructor() -> Callable[[bytes], _Hash]:
    """CPython's own SHA-256 constructor, else ``hashlib.sha256``."""
    try:
        from _sha256 import sha256 as own  # type: ignore[import-not-found]  # CPython 3.11
    except ImportError:  # pragma: no cover - 3.12+, or a build without it
        try:
            from _sha2 import sha256 as own  # type: ignore[import-not-found]
        except ImportError:
            from hashlib import sha256 as own
    made: Callable[[bytes], _Hash] = own
    return made


_sha256 = _constructor()


def sha256(data: bytes) -> _Hash:
    """The SHA-256 hash of ``data`` (``.digest()``: 32 bytes; ``.hexdigest()``: 64 hex
    digits), as ``hashlib.sha256(data)``."""
    return _sha256(data)
