"""What each long hardening run did, printed at the end of ``make fuzz`` (``conftest.py``'s
terminal summary): examples run, refused as expected, crashes (always 0 on a passing run: a
crash fails its test), per fuzzer."""

from __future__ import annotations

from collections import Counter

COUNTS: dict[str, Counter[str]] = {}


def count(fuzzer: str, outcome: str, n: int = 1) -> None:
    """Add ``n`` to ``outcome`` of ``fuzzer`` (the outcome is created at 0 when ``n`` is 0)."""
    COUNTS.setdefault(fuzzer, Counter())[outcome] += n


def summary() -> list[str]:
    """One line per fuzzer that counted anything: ``fuzzer: outcome N, outcome N, ...``."""
    return [f"{fuzzer}: " + ", ".join(f"{outcome} {number:,}" for outcome, number in seen.items())
            for fuzzer, seen in COUNTS.items()]
