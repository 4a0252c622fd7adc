"""``tilewise render``: draw to a PNG without opening a window.

Two modes share this command:

- ``tilewise render --tiles --theme T --out sheet.png [--ruleset american|wsm]
  [--height 24,96] [--dpr 1.0]``: a contact sheet of every face of a set (``render_tiles``).
  One block per tile height; each tile has its code written under it (a code, not a word).
  With ``american`` the sheet also shows the extra faces ``WD0``, ``J_alt1``, ``J_alt2``.
- anything else (``--pack P --lesson L --step S --out step.png`` ...): handed to
  ``tilewise.gui.render_step.main_step(args)``, imported only then. If that module defines
  ``add_arguments(parser)``, it is called first so it can add its own options.

Both run on the ``offscreen`` Qt platform unless ``QT_QPA_PLATFORM`` says otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["SHEET_EXTRAS", "main", "render_tiles", "sheet_rows", "tiles_parser"]

# Faces shown on an American contact sheet besides the play codes.
SHEET_EXTRAS = ("WD0", "J_alt1", "J_alt2")

_SUITS = ("B", "C", "D")
_HONOURS = ("E", "S", "W", "N", "RD", "GD", "WD")
_FLOWERS = tuple(f"F{n}" for n in range(1, 9))


def sheet_rows(ruleset: str) -> list[list[str]]:
    """The faces of a contact sheet, one list per row. ``ruleset``: ``american`` or ``wsm``."""
    rows = [[f"{n}{suit}" for n in range(1, 10)] for suit in _SUITS]
    rows.append(list(_HONOURS))
    if ruleset == "american":
        rows.append([*_FLOWERS, "J"])
        rows.append([*SHEET_EXTRAS, "back", "blank"])
    elif ruleset == "wsm":
        rows.append(["back", "blank"])
    else:
        raise ValueError(f"unknown ruleset {ruleset!r}; use american or wsm")
    return rows


def _heights(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--height wants pixel heights like 24,96: {text!r}") from None
    if not values or min(values) < 8 or max(values) > 1024:
        raise argparse.ArgumentTypeError(f"tile heights must be 8..1024 px: {text!r}")
    return values


def tiles_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``--tiles`` mode."""
    parser = argparse.ArgumentParser(prog="tilewise render --tiles",
                                     description="Draw a contact sheet of tile faces.")
    parser.add_argument("--tiles", action="store_true", required=True)
    parser.add_argument("--theme", default="classic",
                        choices=("classic", "contrast", "colourblind"))
    parser.add_argument("--out", type=Path, required=True, help="PNG file to write")
    parser.add_argument("--ruleset", default="american", choices=("american", "wsm"))
    parser.add_argument("--height", type=_heights, default=[24, 96],
                        help="comma-separated tile heights in logical px (default 24,96)")
    parser.add_argument("--dpr", type=float, default=1.0,
                        help="device pixel ratio of the sheet (default 1.0)")
    return parser


def _ensure_app() -> object:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    return app if app is not None else QGuiApplication([sys.argv[0] if sys.argv else "tilewise"])


def render_tiles(theme: str, out: Path, ruleset: str = "american",
                 heights: Sequence[int] = (24, 96), dpr: float = 1.0) -> Path:
    """Draw the contact sheet of ``ruleset`` in ``theme`` at each tile height to ``out`` (PNG).

    Returns ``out``. Raises ``OSError`` if the PNG cannot be written, ``KeyError`` for an
    unknown theme or missing face.
    """
    _app = _ensure_app()  # noqa: F841  (kept alive while painting)
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

    from tilewise.gui.tiles.paint import TileRenderer, register_fonts, tile_width

    families = register_fonts()
    renderer = TileRenderer(theme)
    rows = sheet_rows(ruleset)
    gap, margin = 8, 12

    # Lay out every block first (logical px), then paint.
    blocks = []
    y = float(margin)
    sheet_w = 0.0
    for height in heights:
        label_px = max(9, min(16, round(height * 0.16)))
        font = QFont("Noto Sans" if "Noto Sans" in families else "")
        font.setPixelSize(label_px)
        metrics = QFontMetricsF(font)
        cell_w = max(tile_width(height),
                     max(metrics.horizontalAdvance(code) for row in rows for code in row)) + gap
        cell_h = height + metrics.height() + gap
        blocks.append((height, font, cell_w, cell_h, y))
        sheet_w = max(sheet_w, margin * 2 + cell_w * max(len(row) for row in rows))
        y += cell_h * len(rows) + margin * 2
    sheet_h = y

    image = QImage(round(sheet_w * dpr), round(sheet_h * dpr), QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(dpr)
    image.fill(QColor("#cfd3d6"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    for height, font, cell_w, cell_h, top in blocks:
        painter.setFont(font)
        painter.setPen(QColor("#111111"))
        for r, row in enumerate(rows):
            for c, code in enumerate(row):
                x = margin + c * cell_w
                ty = top + r * cell_h
                tw = tile_width(height)
                painter.drawPixmap(QPointF(x + (cell_w - gap - tw) / 2, ty),
                                   renderer.pixmap(code, height, dpr))
                painter.drawText(QRectF(x, ty + height + 1, cell_w - gap, cell_h - height),
                                 int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
                                 code)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    saved: bool = image.save(str(out), "PNG")  # type: ignore[call-overload]
    if not saved:
        raise OSError(f"could not write {out}")
    return out


def _step_mode(argv: list[str]) -> int:
    try:
        module = importlib.import_module("tilewise.gui.render_step")
    except ModuleNotFoundError as err:
        if err.name != "tilewise.gui.render_step":
            raise
        print("tilewise render: lesson-step rendering is not available in this build; "
              "use --tiles for a tile contact sheet", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog="tilewise render",
                                     description="Draw a lesson step to a PNG.")
    parser.add_argument("--pack")
    parser.add_argument("--lesson")
    parser.add_argument("--step")
    parser.add_argument("--out", type=Path)
    add_arguments = getattr(module, "add_arguments", None)
    if add_arguments is not None:
        add_arguments(parser)
    args = parser.parse_args(argv)
    status: int = module.main_step(args)
    return status


def main(argv: list[str]) -> int:
    """Entry point of ``tilewise render``; returns the exit code."""
    if "--tiles" in argv:
        args = tiles_parser().parse_args(argv)
        out = render_tiles(args.theme, args.out, args.ruleset, args.height, args.dpr)
        print(out)
        return 0
    return _step_mode(list(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
