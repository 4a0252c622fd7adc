"""The bundled fonts (``resources/fonts``) in Qt's application font database.

Kept apart from the tile renderer (``gui.tiles.paint``, which needs QtSvg, QImage and
QPainter) so that the start-up, which registers the fonts before the library is shown, does
not import the renderer: the library draws no tile (issue 21, start-up time).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontDatabase

from tilewise.store.paths import resource_dir

__all__ = ["register_fonts"]

_registered: dict[Path, list[str]] = {}


def register_fonts(fonts_dir: Path | None = None) -> list[str]:
    """Add every ``.ttf``/``.otf`` in ``resources/fonts`` to QFontDatabase; return the family
    names added (sorted, unique). Needs a QGuiApplication. Calling it again adds nothing new
    and returns the same list. Raises ``OSError`` if Qt rejects a font file."""
    folder = fonts_dir or resource_dir() / "fonts"
    families: set[str] = set()
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in (".ttf", ".otf"):
            continue
        if path not in _registered:
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id < 0:
                raise OSError(f"Qt could not load font {path}")
            _registered[path] = list(QFontDatabase.applicationFontFamilies(font_id))
        families.update(_registered[path])
    return sorted(families)
