"""Baseline for the frozen start-up benchmark: an empty PySide6 QMainWindow, nothing else.

Frozen by ``packaging/tilewise.spec -- --bare`` with the same excludes, plugin filter, strip and
runtime hook as the app, so ``build.py measure`` compares like with like.
"""

import sys

from PySide6.QtWidgets import QApplication, QMainWindow


def main() -> int:
    app = QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle("bare")
    window.resize(800, 600)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
