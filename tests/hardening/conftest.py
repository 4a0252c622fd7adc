"""The GUI fixtures (``home``, ``core_pack``, ``window``) are shared with tests/gui; the fuzz
counts (``counts.py``) are printed at the end of the run."""

from typing import Any

from tests.gui.conftest import core_pack, home, window  # noqa: F401
from tests.hardening.counts import summary


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = summary()
    if lines:
        terminalreporter.section("fuzz counts")
        for line in lines:
            terminalreporter.write_line(line)
