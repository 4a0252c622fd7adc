"""PyInstaller runtime hook for Tilewise (runs inside the frozen app before its main script).

Dormant unless one of two environment variables is set; the app itself never reads them:

- ``TILEWISE_BUNDLE_CHECK=1``: check the bundle and exit before the app starts. Prints one line
  ``TILEWISE_BUNDLE_CHECK {json}`` with: where Qt looks for its catalogs
  (``QLibraryInfo.path(TranslationsPath)``) and whether that is inside the bundle, which
  ``qtbase_<lang>`` catalogs load from there, whether QtNetwork can be imported, the image
  formats Qt can read, whether ctypes was left unimported by the bootstrap and gets
  PyInstaller's hooks at its first import (``packaging/hooks/lazy_ctypes.py``), and whether
  the app's read-only folders are present (also written to
  the file named by ``TILEWISE_BUNDLE_CHECK_REPORT``, if set). Exit code 0 when
  all required checks pass, else 1. Used by ``packaging/build.py`` after freezing.
- ``TILEWISE_STARTUP_PROBE=1``: measure start-up. Each window shown (``show``,
  ``showMaximized``, ``showFullScreen``, ``showNormal`` of a top-level widget, ``exec`` of a
  dialog or message box: main window or dialog) is watched for its first paint (its
  ``UpdateRequest``); on the next event-loop turn (that paint done) the hook prints
  ``TILEWISE_SHOWN <time.time()> <CPU seconds of the process>`` and ends the process at once
  (``os._exit(0)``). Used by ``build.py measure`` and ``tests/benchmarks/bench_startup.py``
  for the app and for the bare-window baseline alike (both are frozen with this hook).
"""

from __future__ import annotations

import os


def _bundle_check() -> None:
    import json
    import sys

    ctypes_at_start = "ctypes" in sys.modules  # the bootstrap leaves it to its first import
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QLibraryInfo, QTranslator
    from PySide6.QtGui import QImageReader
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.executable])
    bundle = os.path.realpath(getattr(sys, "_MEIPASS", ""))
    qt_translations = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    loaded: dict[str, bool] = {}
    for lang in ("en", "es", "de", "hi"):
        loaded[lang] = QTranslator().load(f"qtbase_{lang}", qt_translations)
    try:
        import PySide6.QtNetwork  # noqa: F401

        network = True
    except ImportError:
        network = False
    import hashlib  # without _hashlib (excluded with OpenSSL) it uses CPython's own digests

    hashlib_ok = hashlib.sha256(b"").hexdigest().startswith("e3b0c442")
    import ctypes

    ctypes_hooked = ctypes.CDLL.__module__ == "_pyi_ctypes_hooks"  # PyInstaller's, installed then
    formats = sorted(bytes(f.data()).decode() for f in QImageReader.supportedImageFormats())
    folders = {name: os.path.isdir(os.path.join(bundle, name)) for name in ("lessons", "resources", "i18n")}
    report = {
        "qt_translations": qt_translations,
        "qt_translations_in_bundle": os.path.realpath(qt_translations).startswith(bundle + os.sep),
        "qtbase_loaded": loaded,
        "qtnetwork_importable": network,
        "hashlib_ok": hashlib_ok,
        "ctypes_at_start": ctypes_at_start,
        "ctypes_hooked": ctypes_hooked,
        "image_formats": formats,
        "folders": folders,
        "platform": app.platformName(),
    }
    ok = (
        report["qt_translations_in_bundle"]
        and all(loaded[lang] for lang in ("en", "es", "de"))
        and not network
        and hashlib_ok
        and not ctypes_at_start
        and ctypes_hooked
        and "svg" in formats
        and "png" in formats
        and folders["resources"]
    )
    line = "TILEWISE_BUNDLE_CHECK " + json.dumps(report, sort_keys=True)
    target = os.environ.get("TILEWISE_BUNDLE_CHECK_REPORT")
    if target:  # a windowed (no console) build has no stdout
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(line + "\n")
    print(line, flush=True)
    os._exit(0 if ok else 1)


def _startup_probe() -> None:
    import sys
    import time
    from collections.abc import Callable
    from typing import Any

    from PySide6 import QtWidgets
    from PySide6.QtCore import QEvent, QObject, QTimer

    def shown() -> None:
        print(f"TILEWISE_SHOWN {time.time():.6f} {time.process_time():.4f}", flush=True)
        sys.stdout.flush()
        os._exit(0)

    class FirstPaint(QObject):
        """On the first paint of a window it watches (its ``UpdateRequest``), report on the
        next turn of the event loop, once that paint is done."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.UpdateRequest and watched.isVisible():
                QTimer.singleShot(0, shown)
            return False

    probe: list[FirstPaint] = []  # made at the first window shown (the application exists)

    def watching(original: Callable[..., Any]) -> Callable[..., Any]:
        def show(window: QtWidgets.QWidget, *args: Any) -> Any:
            if window.isWindow():
                if not probe:
                    probe.append(FirstPaint())
                window.installEventFilter(probe[0])
            return original(window, *args)

        return show

    # The window about to be shown is watched, not the application: a filter on the
    # application sees every event of every widget while the window is built (thousands in
    # the app, a few in the bare window) and makes a Python wrapper, with its class's enum
    # types, for each object: about 40 ms of CPU charged to the app alone (issue 21).
    for owner, name in ((QtWidgets.QWidget, "show"), (QtWidgets.QWidget, "showMaximized"),
                        (QtWidgets.QWidget, "showFullScreen"), (QtWidgets.QWidget, "showNormal"),
                        (QtWidgets.QDialog, "exec"), (QtWidgets.QMessageBox, "exec")):
        setattr(owner, name, watching(getattr(owner, name)))


if os.environ.get("TILEWISE_BUNDLE_CHECK") == "1":
    _bundle_check()
elif os.environ.get("TILEWISE_STARTUP_PROBE") == "1":
    _startup_probe()
