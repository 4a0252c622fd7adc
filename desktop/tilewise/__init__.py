"""Tilewise: learn mahjong offline, in your own language.

Packages: ``rules`` (pure rules core and referee), ``lessons`` (pack model, validator and the
lesson session), ``i18n`` (gettext runtime), ``store`` (profiles, progress, settings, paths) and
``gui`` (the only package that imports PySide6).
"""

__version__ = "0.1.0"
