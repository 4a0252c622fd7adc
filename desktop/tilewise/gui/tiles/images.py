"""Tile faces for the table and the pictures: ``tiles.paint.TileRenderer``.

``TileImages(theme).pixmap(code, height_px, dpr)`` asks the renderer (which caches per
theme, code, size and ratio) and falls back to the ``blank`` face, logged, for a code with no
face (a newer pack on an older app), so a picture never crashes the player.
"""

from __future__ import annotations

import logging

from PySide6.QtGui import QPixmap

from tilewise.gui.tiles.paint import TILE_ASPECT, TileRenderer

log = logging.getLogger(__name__)

#: Tile width / height of every face.
ASPECT = TILE_ASPECT


class TileImages:
    """Pixmaps of tile faces for one theme (``classic``, ``contrast``, ``colourblind``)."""

    def __init__(self, theme: str = "classic") -> None:
        self.set_theme(theme)

    def set_theme(self, theme: str) -> None:
        """Use ``theme`` from now on (items repaint with it); an unknown one gives classic."""
        try:
            self.renderer = TileRenderer(theme)
        except KeyError:
            log.warning("unknown tile theme %r; using classic", theme)
            self.renderer = TileRenderer("classic")
        self.theme = self.renderer.theme

    def pixmap(self, code: str, height_px: int, dpr: float = 1.0) -> QPixmap:
        """Face of ``code`` (protocol code, ``back`` or ``blank``) ``height_px`` logical px high."""
        height_px = max(8, int(height_px))
        dpr = round(float(dpr), 3)
        try:
            return self.renderer.pixmap(code, height_px, dpr)
        except KeyError:
            log.warning("no tile face for %r", code)
            return self.renderer.pixmap("blank", height_px, dpr)
