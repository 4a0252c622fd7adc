"""``make fuzz``: thousands of seeded whole hands per ruleset, every move checked.

The same checks as ``tests/lessons/hand/test_properties.py`` (which plays a few hundred in
``make test``); here only with ``TILEWISE_FULL=1``.
"""

from __future__ import annotations

import os

import pytest

from tests.hardening.counts import count
from tests.lessons.conftest import CORE
from tests.lessons.hand.test_properties import FULL_HANDS, run_many
from tilewise.lessons.hand.card import card_from_pack
from tilewise.lessons.pack import load_pack

pytestmark = pytest.mark.skipif(os.environ.get("TILEWISE_FULL") != "1",
                                reason="long run: make fuzz")


@pytest.mark.parametrize("ruleset", ["american", "wsm"])
def test_thousands_of_whole_hands(ruleset: str) -> None:
    seen = run_many(ruleset, FULL_HANDS, card_from_pack(load_pack(CORE)))
    assert seen["win"] + seen["wall game"] == FULL_HANDS
    for outcome in ("win", "wall game", "moves judged"):
        count(f"whole hands ({ruleset})", outcome, seen[outcome])
    count(f"whole hands ({ruleset})", "crashes", 0)
    print(f"{ruleset}: {FULL_HANDS} hands, {seen['win']} wins, {seen['wall game']} wall games, "
          f"{seen['moves judged']} moves judged, 0 refused")
