"""The desktop app: the only package that imports PySide6.

Importing this package first guards CPython 3.11 against a PySide6 6.12.0 binding fault:
every call of a Qt method that returns nothing (``QLabel.setText``, ``QPainter.drawPixmap``,
``QWidget.resize`` ...) hands back ``None`` without adding a reference, so each call lowers
``sys.getrefcount(None)`` by one (measured: 1000 calls, -1000), and after a few thousand calls
CPython aborts with "none_dealloc: deallocating None". CPython 3.12 makes ``None`` immortal
(PEP 683) and is unaffected; on 3.11 ``None`` gets a reference count no run can use up.
"""

import sys

if sys.version_info < (3, 12):  # pragma: no branch - depends on the interpreter
    import ctypes

    _NONE_REFS = 1 << 48
    ctypes.c_ssize_t.from_address(id(None)).value += _NONE_REFS
