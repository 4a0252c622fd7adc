"""Drag frame time: one tile dragged across a full table at 3840x2160 (offscreen).

Target: p95 at most 8 ms per frame. A frame is one mouse move delivered to the table view
plus the repaint of the region it changed (``QApplication.processEvents()`` after each
``QTest.mouseMove``; the paint events and their area are counted to show only part of the view
is repainted). The table is the real ``TableScene``/``TableView`` (``gui.table``) drawing a
table model (``lessons.table.Table``) of a full claim task: four seats with racks (counts),
two exposed melds each (one for the learner), the learner's 11-tile rack, a last discard.

Baseline, same run, same window size and path: a plain ``QGraphicsView`` over an empty scene
holding one movable ``QGraphicsPixmapItem`` of the same tile at the same size, dragged by the
same mouse events (Qt's own floor for moving a tile).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TILEWISE_HOME", tempfile.mkdtemp(prefix="tilewise-bench-drag-"))

WIDTH, HEIGHT = 3840, 2160
FRAMES = 240
TARGET_MS = 8.0


def full_table() -> Any:
    from tilewise.lessons.model import Answer, Task
    from tilewise.lessons.table import Table

    melds = {"E": [["1B", "1B", "1B"], ["RD", "RD", "RD", "RD"]],
             "S": [["2D", "3D", "4D"], ["N", "N", "N"]],
             "W": [["7C", "8C", "9C"], ["5B", "5B", "5B"]],
             "N": [["GD", "GD", "GD"], ["6D", "7D", "8D"]]}
    hands = {"E": ["2B", "3B", "4B", "6C", "6C", "1D", "2D", "3D", "S", "S", "WD"],
             "S": ["9B", "9B", "9B", "E", "E", "W", "W"],
             "W": ["1C", "2C", "3C", "4C", "5C", "6C", "7D"],
             "N": ["1D", "1D", "4D", "5D", "9D", "9D", "WD"]}
    state = {"phase": "play", "hands": hands, "discards": {"N": ["6B"]},
             "last_discard": {"tile": "6B", "by": "N"}, "turn": {"seat": "E", "stage": "draw"},
             "melds": {seat: [{"kind": "pong" if len(set(t)) == 1 else "chi", "tiles": t,
                               "from": "E" if seat != "E" else "N", "rotated": 0}
                              for t in melds[seat][: 1 if seat == "E" else 2]]
                       for seat in "ESWN"}}
    task = Task(ruleset="wsm", seat="E", allow=("claim",), state=state, given={}, done="legal",
                result=None, answers=(Answer({"type": "claim", "claim": "win", "tiles": []}),),
                wrong=())
    return Table(task)


class FrameTimer:
    """Counts paint events and painted area on a widget."""

    def __init__(self, widget: Any) -> None:
        from PySide6.QtCore import QEvent, QObject

        self.paints = 0
        self.area = 0

        class Filter(QObject):
            def eventFilter(inner, obj: Any, event: Any) -> bool:  # noqa: N802,N805
                if event.type() == QEvent.Type.Paint:
                    self.paints += 1
                    rect = event.rect()
                    self.area += rect.width() * rect.height()
                return False

        self.filter = Filter()
        widget.installEventFilter(self.filter)


def drag_frames(view: Any, start: Any, end: Any) -> tuple[list[float], FrameTimer]:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    port = view.viewport()
    counter = FrameTimer(port)
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QApplication.processEvents()
    counter.paints = counter.area = 0
    times = []
    for k in range(1, FRAMES + 1):
        point = QPoint(start.x() + (end.x() - start.x()) * k // FRAMES,
                       start.y() + (end.y() - start.y()) * k // FRAMES + (k % 7) * 3)
        began = time.perf_counter()
        QTest.mouseMove(port, point)
        QApplication.processEvents()
        times.append((time.perf_counter() - began) * 1000)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    QApplication.processEvents()
    return times, counter


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run() -> list[tuple[str, float, str]]:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import (
        QGraphicsItem,
        QGraphicsPixmapItem,
        QGraphicsScene,
        QGraphicsView,
        QMainWindow,
    )

    from tilewise.gui.app import make_application
    from tilewise.gui.table.items import TILE_H
    from tilewise.gui.table.scene import TableScene
    from tilewise.gui.table.view import TableView
    from tilewise.gui.tiles.images import TileImages

    app = make_application()
    images = TileImages("classic")
    scene = TableScene(images)
    scene.show_table(full_table())
    window = QMainWindow()
    view = TableView(scene)
    window.setCentralWidget(view)
    window.resize(WIDTH, HEIGHT)
    window.show()
    for _ in range(5):
        app.processEvents()
    view.fit()
    app.processEvents()
    tile = scene.tiles[0]
    start = view.mapFromScene(tile.sceneBoundingRect().center())
    end = QPoint(view.viewport().width() - start.x(), view.viewport().height() // 4)
    drag_frames(view, start, end)  # warm-up: pixmaps rendered and cached
    scene.put_back(tile.tile_id)
    app.processEvents()
    ours, counted = drag_frames(view, start, end)
    full_area = view.viewport().width() * view.viewport().height()
    items = len(scene.items())
    transform = view.transform()
    height_px = round(TILE_H * transform.m22())
    window.close()

    base_scene = QGraphicsScene()
    pixmap = images.pixmap(tile.code, height_px, 1.0)
    item = QGraphicsPixmapItem(pixmap)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
    base_view = QGraphicsView(base_scene)
    base_view.setRenderHints(view.renderHints())
    base_scene.setSceneRect(0, 0, base_view.width(), base_view.height())
    bare = QMainWindow()
    bare.setCentralWidget(base_view)
    bare.resize(WIDTH, HEIGHT)
    bare.show()
    for _ in range(5):
        app.processEvents()
    port = base_view.viewport()
    base_scene.setSceneRect(0, 0, port.width(), port.height())
    base_view.setSceneRect(base_scene.sceneRect())
    base_scene.addItem(item)
    item.setPos(base_view.mapToScene(start) - item.boundingRect().center())
    app.processEvents()
    drag_frames(base_view, start, end)
    item.setPos(base_view.mapToScene(start) - item.boundingRect().center())
    app.processEvents()
    baseline, _ = drag_frames(base_view, start, end)
    bare.close()
    app.processEvents()

    ours_p95, base_p95 = p95(ours), p95(baseline)
    return [
        ("drag: items on the full table", float(items), "items"),
        ("drag: frames", float(len(ours)), "frames"),
        ("drag: median frame, full table", statistics.median(ours), "ms"),
        ("drag: p95 frame, full table", ours_p95, f"ms (target <= {TARGET_MS:.0f})"),
        ("drag: p95 frame, empty scene (baseline)", base_p95, "ms"),
        ("drag: p95 full / empty", ours_p95 / base_p95, "x"),
        ("drag: repainted share of the view per frame",
         counted.area / max(1, counted.paints) / full_area, "fraction"),
        ("drag: paint events per frame", counted.paints / len(ours), "per frame"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:45s} {value:9.3f} {unit}")
