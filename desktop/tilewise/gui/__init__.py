"""The desktop app: the only package that imports PySide6.

PySide6 is pinned to 6.11.3 in pyproject.toml: 6.12.0 on CPython 3.11 drops a reference to
``None`` on every Qt method that returns nothing (measured: 1000 ``QLabel.setText`` calls,
``sys.getrefcount(None)`` -1000), and CPython aborts with "none_dealloc" after a few thousand
calls. ``tests/gui/test_none_refcount_guard.py`` keeps that from coming back.
"""
