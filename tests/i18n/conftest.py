"""i18n tests run against catalogs compiled into a private folder, and reset the language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tilewise.i18n as i18n
from tests.i18n.catalog_tool import compile_ui_catalogs


@pytest.fixture(scope="session")
def compiled_i18n(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_ui_catalogs(tmp_path_factory.mktemp("i18n"))


@pytest.fixture(autouse=True)
def _private_catalogs(compiled_i18n: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "i18n_dir", lambda: compiled_i18n)
    yield
    i18n.set_language("en")
