"""The GUI fixtures (``home``, ``core_pack``, ``window``) are shared with tests/gui."""

from tests.gui.conftest import core_pack, home, window  # noqa: F401
