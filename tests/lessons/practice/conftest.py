"""Fixtures for the practice engines: the core pack's practice lines."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.lessons.conftest import CORE
from tilewise.lessons.pack import load_pack
from tilewise.lessons.practice.lines import PracticeLine, lines_from_pack

#: ``TILEWISE_FULL=1`` runs the seeded-game properties with many more examples.
FULL = os.environ.get("TILEWISE_FULL") == "1"


@pytest.fixture(scope="session")
def core() -> Any:
    """The core pack as shipped (validated)."""
    return load_pack(CORE)


@pytest.fixture(scope="session")
def lines(core: Any) -> tuple[PracticeLine, ...]:
    """The Charleston lesson's two practice lines."""
    return lines_from_pack(core)
