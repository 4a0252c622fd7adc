"""A damaged progress or settings file is kept aside and the learner is told where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tilewise.i18n import set_language


def test_damaged_files_are_kept_and_named(home: Path, qtbot: Any) -> None:
    from tilewise.gui import app
    from tilewise.store.paths import config_dir, data_dir

    garbage = b"this is not a SQLite database\x00\x01"
    (data_dir() / "progress.sqlite3").write_bytes(garbage)
    (config_dir() / "settings.toml").write_text("language = [broken", encoding="utf-8")
    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    notices = app.recovery_notices(window)
    assert len(notices) == 2
    kept = window.store.recovered_from
    assert kept is not None and kept.read_bytes() == garbage
    assert str(kept) in notices[0]
    assert str(window.settings.recovered_from) in notices[1]
    window.close()
    window.store.close()


def test_no_notice_when_nothing_was_damaged(home: Path, qtbot: Any) -> None:
    from tilewise.gui import app

    window = app.start(app.parser().parse_args(["--profile", "Sam", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    assert app.recovery_notices(window) == []
    window.close()
    window.store.close()


@pytest.fixture(autouse=True)
def _english() -> Any:
    yield
    set_language("en")
