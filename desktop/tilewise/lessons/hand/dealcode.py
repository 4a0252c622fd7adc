"""Deal codes and the wall: a short code a class reads aloud reproduces one hand everywhere.

A **deal code** is six Crockford base32 symbols (digits and capital letters without I, L, O,
U), written ``XXX-XXX``: 30 bits = 1 bit ruleset (0 ``american``, 1 ``wsm``), 25 bits seed
(0 .. 33,554,431) and a 4-bit check, so a misheard symbol is caught 15 times in 16. Reading is
forgiving as Crockford's alphabet intends: lower case, ``I``/``L`` for ``1``, ``O`` for ``0``,
spaces and hyphens are all accepted.

The **wall** is the ruleset's whole set (152 or 136 tiles, REFERENCE.md section 1) shuffled by
a Fisher-Yates pass driven by SHA-256 in counter mode over ``"tilewise-wall/<ruleset>/<seed>"``.
It depends on nothing but the standard library's hash, so the same code gives the same wall and
deal on every computer and every Python version (``random.Random`` promises no such thing).
"""

from __future__ import annotations

from collections.abc import Iterator

from tilewise.digest import sha256
from tilewise.i18n import N_, _
from tilewise.rules.tiles import sort_tiles, tile_set

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {symbol: value for value, symbol in enumerate(ALPHABET)}
_READ.update({"I": 1, "L": 1, "O": 0})
RULESET_BITS = {"american": 0, "wsm": 1}
SEED_BITS = 25
MAX_SEED = (1 << SEED_BITS) - 1
LENGTH = 6


class DealCodeError(ValueError):
    """A deal code that cannot be read: wrong length, a symbol outside the alphabet, or a check
    that does not match (``problem`` is ``length``, ``symbol`` or ``check``)."""

    def __init__(self, problem: str, code: str) -> None:
        # a pack check line (a guided hand's deal) in the interface's language
        super().__init__(_(_SAID[problem], code=repr(code)))
        self.problem = problem


#: What each problem says (English: ``deal code 'X': <problem>``).
_SAID = {"length": N_("deal code {code}: length"), "symbol": N_("deal code {code}: symbol"),
         "check": N_("deal code {code}: check")}


def _check(payload: int) -> int:
    digest = sha256(f"tilewise-deal/{payload}".encode()).digest()
    return digest[0] & 0xF


def encode(ruleset: str, seed: int) -> str:
    """The deal code of ``seed`` in ``ruleset``, e.g. ``encode("american", 7)``.

    Raises ``ValueError`` for an unknown ruleset or a seed outside 0 .. :data:`MAX_SEED`.
    """
    if ruleset not in RULESET_BITS:
        raise ValueError(f"unknown ruleset {ruleset!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be 0..{MAX_SEED}")
    payload = (RULESET_BITS[ruleset] << SEED_BITS) | seed
    value = (payload << 4) | _check(payload)
    symbols = "".join(ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(LENGTH)))
    return f"{symbols[:3]}-{symbols[3:]}"


def decode(code: str) -> tuple[str, int]:
    """``(ruleset, seed)`` of a deal code; raises :class:`DealCodeError`."""
    symbols = code.upper().replace("-", "").replace(" ", "")
    if len(symbols) != LENGTH:
        raise DealCodeError("length", code)
    value = 0
    for symbol in symbols:
        if symbol not in _READ:
            raise DealCodeError("symbol", code)
        value = (value << 5) | _READ[symbol]
    payload = value >> 4
    if value & 0xF != _check(payload):
        raise DealCodeError("check", code)
    ruleset = "wsm" if payload >> SEED_BITS else "american"
    return ruleset, payload & MAX_SEED


def _stream(ruleset: str, seed: int) -> Iterator[int]:
    """32-bit numbers from SHA-256 in counter mode (eight per block)."""
    counter = 0
    while True:
        block = sha256(f"tilewise-wall/{ruleset}/{seed}/{counter}".encode()).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset:offset + 4], "big")
        counter += 1


def shuffled_wall(ruleset: str, seed: int) -> list[str]:
    """The whole set of ``ruleset`` in wall order for ``seed`` (draw from the front).

    Fisher-Yates from the last place down; each index is drawn without bias by rejecting the
    top of the 32-bit range. Raises ``ValueError`` for an unknown ruleset.
    """
    tiles = sort_tiles(tile_set(ruleset).elements())
    numbers = _stream(ruleset, seed)
    for last in range(len(tiles) - 1, 0, -1):
        span = last + 1
        limit = (1 << 32) - (1 << 32) % span
        number = next(numbers)
        while number >= limit:  # pragma: no cover - happens about once in 10^7 draws
            number = next(numbers)
        index = number % span
        tiles[last], tiles[index] = tiles[index], tiles[last]
    return tiles
