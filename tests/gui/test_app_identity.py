"""The app says who it is: desktop entry and icon match, and About shows the release key.

On Wayland the compositor ties a window to its desktop entry by the app id that
``QGuiApplication.setDesktopFileName`` sets; without it the window gets a generic icon. The
id must be the desktop file's name, the AppStream component id and the icon name at once.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, load_by_path
from tilewise.i18n import set_language

LINUX = ROOT / "resources" / "linux"


def test_desktop_file_name_and_icon_match_the_desktop_entry(qtbot: Any) -> None:
    from PySide6.QtCore import QSize

    from tilewise.gui.app import APP_ID, make_application

    bundle = load_by_path("tilewise_bundle", PACKAGING / "bundle.py")
    app = make_application()
    assert app.desktopFileName() == APP_ID == bundle.APP_ID
    desktop = (LINUX / f"{APP_ID}.desktop").read_text()
    assert f"\nIcon={APP_ID}\n" in desktop
    metainfo = (LINUX / f"{APP_ID}.metainfo.xml").read_text()
    assert f"<id>{APP_ID}</id>" in metainfo
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in metainfo
    icon = app.windowIcon()
    assert not icon.isNull()
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert {(16, 16), (48, 48), (256, 256)} <= sizes
    assert not icon.pixmap(QSize(64, 64)).isNull()  # the SVG draws any other size


@pytest.mark.parametrize("lang", ["en", "de", "hi"])
def test_about_shows_the_release_key_fingerprint(window: Any, lang: str, qtbot: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from tilewise import releasekey
    from tilewise.gui.dialogs.dialogs import AboutDialog
    from tilewise.i18n import _

    set_language(lang)
    try:
        fpr = "0123456789ABCDEF0123456789ABCDEF01234567"
        monkeypatch.setattr(releasekey, "FINGERPRINT", fpr)
        about = AboutDialog(window)
        qtbot.addWidget(about)  # closed and deleted with the test, before the window
        text = about.key.text()
        assert "0123 4567 89AB CDEF 0123  4567 89AB CDEF 0123 4567" in text
        assert ("compare it" in text) == (lang == "en")  # translated, not the English sentence
        monkeypatch.setattr(releasekey, "FINGERPRINT", None)
        about.retranslate()
        assert about.key.text() == _("Release signing key: none has been published yet, so "
                                     "this copy is not an official release.")
        assert not re.search(r"[0-9A-F]{4} [0-9A-F]{4}", about.key.text())
    finally:
        set_language("en")


def test_grouped_fingerprint() -> None:
    from tilewise.releasekey import grouped

    assert grouped("0123456789abcdef0123456789abcdef01234567") == (
        "0123 4567 89AB CDEF 0123  4567 89AB CDEF 0123 4567")
    assert grouped("0123 4567") == "0123 4567"


def test_every_option_has_help_for_the_man_page() -> None:
    from tilewise.gui.app import parser

    missing = [a.option_strings for a in parser()._actions if not a.help]
    assert missing == []


def test_the_start_adds_the_scalable_icon_after_the_first_paint(qtbot: Any, home: Any) -> None:
    """``app.start`` sets the icon's PNG sizes before the window is painted (every dialog
    and the window have the icon at once) and the SVG, which draws any other size, after the
    first paint (its icon engine costs start-up time, issue 21)."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QApplication

    from tilewise.gui import app

    window = app.start(app.parser().parse_args(["--profile", "Ana", "--lang", "en"]))
    assert window is not None
    qtbot.addWidget(window)
    qt = QApplication.instance()
    assert isinstance(qt, QApplication)
    early = qt.windowIcon()
    assert {(16, 16), (48, 48), (256, 256)} <= {(s.width(), s.height())
                                                for s in early.availableSizes()}
    assert early.pixmap(QSize(512, 512)).width() == 256  # no SVG yet: at most the 256 PNG
    window.show()
    qtbot.waitUntil(lambda: qt.windowIcon().pixmap(QSize(512, 512)).width() == 512,
                    timeout=5000)
    assert not window.windowIcon().isNull()
    window.close()
