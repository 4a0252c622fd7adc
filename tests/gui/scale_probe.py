"""Run by test_scaling.py in a fresh process (QT_SCALE_FACTOR is read at QApplication start).

Opens the Charleston's first pass, drags the 1 crak with mouse events to pass slot 2 (index
1) and prints one JSON line: the slot it landed in, the device pixel ratio, and whether the
drop was decoded by the session path (the tile is placed).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TILEWISE_HOME", tempfile.mkdtemp(prefix="tilewise-scale-"))


def main() -> int:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tilewise.gui.app import make_application
    from tilewise.gui.mainwindow import MainWindow
    from tilewise.lessons.pack import load_pack
    from tilewise.store.paths import lessons_dir
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    make_application()
    pack = load_pack(lessons_dir() / "core")
    store = ProgressStore()
    win = MainWindow(store, Settings(), [pack], store.create_profile("Scale", "en"))
    win.resize(1024, 768)
    win.show()
    QApplication.processEvents()
    lesson = pack.lesson("charleston")
    index = [s.id for s in lesson.steps].index("first-right")
    win.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
    win.stack.setCurrentWidget(win.player)
    QApplication.processEvents()
    player = win.player
    scene, view = player.table_scene, player.table
    tile = next(t for t in scene.tiles if t.code == "1C")
    start = view.mapFromScene(tile.sceneBoundingRect().center())
    end = view.mapFromScene(scene.slot_centre("pass", 1))
    port = view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 8):
        QTest.mouseMove(port, QPoint(start.x() + (end.x() - start.x()) * k // 7,
                                     start.y() + (end.y() - start.y()) * k // 7))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    # Faces are rasterised at the size they cover in device pixels (sharp, INPUTS 19).
    from tilewise.gui.table.items import TILE_H
    from tilewise.gui.tiles.paint import TileRenderer

    TileRenderer.clear_cache()
    port.grab()
    heights = sorted({key[2] for key in TileRenderer._pixmaps if key[1] == "5B"})
    dropped = scene.item_for(tile.tile_id)  # the scene was drawn again from the model
    print(json.dumps({"placed": dropped.placed if dropped else None,
                      "dpr": port.devicePixelRatioF(),
                      "zoom": view.transform().m11(), "face_heights": heights,
                      "device_height": TILE_H * view.transform().m11() * port.devicePixelRatioF()}))
    win.close()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
