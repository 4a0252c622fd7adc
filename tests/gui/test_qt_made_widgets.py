"""No widget Qt made reaches Python on the walk through a lesson's steps (issue 21, peak memory).

To find the Python type of the first such widget (a scroll area's or graphics view's
``viewport()``, a search of children for a class made in Python, the ``widget`` argument of a
scene item's ``paint``), PySide loads every widget class it has not loaded yet, about 70 of
them (``QCalendarWidget``, ``QWizard``, ``QMdiArea``...) with their enums: ~0.9 MB for the rest
of the session. The table, the pictures and the text areas have viewports made in Python
(``gui.scroll.own_viewport``). Run in a fresh process: other tests load those classes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

WALK = """
import sys
from PySide6.QtWidgets import QApplication
import PySide6.QtWidgets as widgets
from tilewise.gui.app import parser, start
window = start(parser().parse_args(["--profile", "Walker", "--lang", "en"]))
window.show()
app = QApplication.instance()
for _ in range(5):
    app.processEvents()
pack = window.packs[0]
for lesson_id in ("calls", "card"):  # tasks with a table, quizzes, card pictures
    lesson = pack.lesson(lesson_id)
    window.open_lesson(pack.id, lesson.id)
    for index in range(len(lesson.steps)):
        window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
        for _ in range(3):
            app.processEvents()
        window.player.table.viewport().update()  # asked for, as the table's code does
loaded = sorted(name for name, value in vars(widgets).items() if isinstance(value, type))
print("LOADED " + " ".join(loaded))
window.close()
"""


def test_the_walk_through_steps_hands_python_no_widget_qt_made(home: Any) -> None:
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home),
               PYTHONPATH=str(root / "desktop"))
    done = subprocess.run([sys.executable, "-c", WALK], env=env, capture_output=True,
                          text=True, timeout=120, check=False, cwd=root)
    line = next((x for x in done.stdout.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, done.stderr[-2000:]
    loaded = set(line.split()[1:])
    assert {"TableView", "QGraphicsView", "QScrollArea", "QPushButton"} - loaded <= {"TableView"}
    # none of the classes PySide loads only to find a Qt-made widget's type
    assert not loaded & {"QCalendarWidget", "QWizard", "QMdiArea", "QDial", "QLCDNumber"}, (
        sorted(loaded))
