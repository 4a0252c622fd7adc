"""Run by test_text_scale.py in a fresh process, on the offscreen platform with the screen
the test gives (``QT_QPA_PLATFORM=offscreen:configfile=...``): Tilewise started as a person
starts it (``gui.app.start``, ``--profile Lee``), the first lesson opened from its card; then
the settings dialog accepted unchanged, then with a text scale of 1.0 chosen. Prints one JSON
line: the window's size, the lesson text's pixel size at each of the three moments, whether
the buttons' padding is twice as large then, and the text scale the settings file keeps."""

from __future__ import annotations

import json
import sys


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tilewise.gui import app
    from tilewise.gui.dialogs.dialogs import SettingsDialog
    from tilewise.store.settings import Settings

    window = app.start(app.parser().parse_args(["--profile", "Lee"]))
    assert window is not None
    app.show_fitted(window)
    QApplication.processEvents()
    window.finish_checks()
    size = [window.width(), window.height()]
    card = window.library.cards[0]
    card.button.click()  # the first lesson, as the learner opens it
    QApplication.processEvents()

    def text_px() -> int:
        QApplication.processEvents()
        return window.player.text.fontInfo().pixelSize()

    def padded() -> bool:  # a button's padding as at QT_SCALE_FACTOR=2 (8px 16px at 1.0)
        style = QApplication.instance()
        return "padding: 16px 32px" in style.styleSheet()  # type: ignore[union-attr]

    said: dict[str, object] = {"window": size, "auto": text_px(), "auto_padded": padded()}
    # the words beside a seat diagram (the Charleston's first step) on the desk, and in
    # presenter mode walked with Next to its third step: their column, and how far the page
    # reaches past the screen (0: not at all)
    pack = window.packs[0]
    charleston = pack.lesson("charleston")
    window.player.open(pack, charleston, {"lesson": charleston.id, "index": 0})
    window.stack.setCurrentWidget(window.player)
    QApplication.processEvents()
    said["desk_column"] = window.player.side_box.width()
    from tilewise.gui.present.presenter import PresenterWindow

    presenter = PresenterWindow(window.packs, pack, charleston, None)
    presenter.showFullScreen()
    QApplication.processEvents()
    for _step in range(2):
        presenter.next_step()
        QApplication.processEvents()
    body = presenter.player.body
    said["presenter_column"] = presenter.player.side_box.width()
    said["presenter_past"] = body.widget().height() - body.viewport().height()
    presenter.close()
    window.player.open(pack, pack.lessons[0], {"lesson": pack.lessons[0].id, "index": 0})
    QApplication.processEvents()
    for name, scale in (("unchanged", None), ("chosen", 1.0)):
        def answer(box: SettingsDialog, value: float | None = scale) -> int:
            if value is not None:
                box.text_scale.setValue(value)
            return 1

        SettingsDialog.exec = answer  # type: ignore[method-assign]
        window.edit_settings()
        said[name] = text_px()
        said[name + "_padded"] = padded()
        said[name + "_saved"] = Settings.load().text_scale
    QTimer.singleShot(0, window.close)
    print(json.dumps(said))
    window.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
