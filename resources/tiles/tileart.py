"""Tile face generator: recipes (TOML data) + font subsets -> SVG faces, one folder per theme.

Pure Python (standard library + fontTools); importing it needs no QApplication. Run::

    python resources/tiles/tileart.py generate [--out DIR] [--theme NAME ...]

to (re)write ``resources/tiles/<theme>/<face>.svg``, ``back.svg``, ``blank.svg`` and
``tileset.toml`` (name, author, licence, generator version, face list). ``--out`` writes
elsewhere (the tests regenerate into a temporary folder and compare bytes).

Inputs: ``resources/tiles/recipes.toml`` (what each face shows, the themes' colours and
sizes) and the subsets in ``resources/fonts/`` (``NotoSansCJKtc-Bold-tiles.otf`` for 一..九 萬
東南西北 中 發, ``NotoSans-Bold-ui.ttf`` for indices and JOKER). Every character is converted to
an SVG path here, so the SVGs never depend on a font at run time (bugs/INPUTS.md no. 13:
gameplay never draws tiles from a text font). Output is deterministic: same inputs, same bytes.

Face names: every play code of the American set (``1B``..``9B``, ``1C``..``9C``, ``1D``..``9D``,
``E S W N``, ``RD GD WD``, ``F1``..``F8``, ``J``), plus ``F`` (a flower without a number: F1's
art), ``WD0`` (soap printed with a zero), ``J_alt1`` and ``J_alt2`` (other joker designs).
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
from fontTools.pens.svgPathPen import SVGPathPen  # type: ignore[import-untyped]
from fontTools.pens.transformPen import TransformPen  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from tilewise.store.paths import resource_dir

__all__ = [
    "EXTRA_FACES",
    "THEMES",
    "Recipes",
    "face_names",
    "generate",
    "load_recipes",
    "main",
    "render_face",
    "tiles_dir",
]

THEMES = ("classic", "contrast", "colourblind")
# Faces written beside the play codes (and back/blank).
EXTRA_FACES = ("F", "WD0", "J_alt1", "J_alt2")
CJK_FONT = "NotoSansCJKtc-Bold-tiles.otf"
LATIN_FONT = "NotoSans-Bold-ui.ttf"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in face units


def tiles_dir() -> Path:
    """``resources/tiles``: the recipes and one folder of generated faces per theme."""
    return resource_dir() / "tiles"


def fmt(value: float) -> str:
    """A number for SVG output: one decimal, no trailing ``.0``, never ``-0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


# ---------------------------------------------------------------- recipes and themes


@dataclass(frozen=True)
class Theme:
    """One theme's parameters from ``[themes.<name>]`` in recipes.toml."""

    name: str
    title: str
    face: str
    edge: str
    edge_w: float
    shade: str
    back: str
    back_mark: str
    index_h: float
    stroke: float
    stick_scale: float
    badge: bool
    dot_styles: dict[str, str]
    colours: dict[str, str]

    def colour(self, role: str) -> str:
        """The colour for a role name; ``KeyError`` names the role if the theme lacks it."""
        try:
            return self.colours[role]
        except KeyError:
            raise KeyError(f"theme {self.name!r} has no colour for role {role!r}") from None


@dataclass(frozen=True)
class Recipes:
    """The parsed recipes file: meta, sets, aliases, themes and per-face recipes."""

    meta: dict[str, Any]
    sets: dict[str, list[str]]
    aliases: dict[str, str]
    themes: dict[str, Theme]
    tiles: dict[str, dict[str, Any]]

    @property
    def width(self) -> float:
        return float(self.meta["width"])

    @property
    def height(self) -> float:
        return float(self.meta["height"])


def load_recipes(path: Path | None = None) -> Recipes:
    """Read recipes.toml (default ``resources/tiles/recipes.toml``)."""
    path = path or tiles_dir() / "recipes.toml"
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    themes = {
        name: Theme(
            name=name,
            title=str(raw["title"]),
            face=str(raw["face"]),
            edge=str(raw["edge"]),
            edge_w=float(raw["edge_w"]),
            shade=str(raw["shade"]),
            back=str(raw["back"]),
            back_mark=str(raw["back_mark"]),
            index_h=float(raw["index_h"]),
            stroke=float(raw["stroke"]),
            stick_scale=float(raw["stick_scale"]),
            badge=bool(raw["badge"]),
            dot_styles=dict(raw["dot_styles"]),
            colours=dict(raw["colours"]),
        )
        for name, raw in data["themes"].items()
    }
    return Recipes(
        meta=dict(data["meta"]),
        sets={k: list(v) for k, v in data["sets"].items()},
        aliases=dict(data.get("aliases", {})),
        themes=themes,
        tiles={k: dict(v) for k, v in data["tiles"].items()},
    )


def face_names(recipes: Recipes) -> list[str]:
    """Every face file name (without ``.svg``) a theme folder holds, besides back and blank."""
    names = list(recipes.sets["american"])
    names += [name for name in EXTRA_FACES if name not in names]
    return names


# ---------------------------------------------------------------- glyphs -> paths


class GlyphFont:
    """A shipped font subset whose glyphs are turned into SVG path data."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.font = TTFont(path, lazy=False)
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        self.upm = float(self.font["head"].unitsPerEm)
        self.hmtx = self.font["hmtx"]

    @cached_property
    def cap_height(self) -> float:
        return float(self.font["OS/2"].sCapHeight)

    def glyph_name(self, char: str) -> str:
        try:
            return str(self.cmap[ord(char)])
        except KeyError:
            raise KeyError(f"{self.path.name} has no glyph for {char!r}") from None

    def bounds(self, char: str) -> tuple[float, float, float, float]:
        pen = BoundsPen(self.glyphs)
        self.glyphs[self.glyph_name(char)].draw(pen)
        assert pen.bounds is not None, char
        xmin, ymin, xmax, ymax = pen.bounds
        return float(xmin), float(ymin), float(xmax), float(ymax)

    def advance(self, char: str) -> float:
        return float(self.hmtx[self.glyph_name(char)][0])

    def outline(self, char: str, scale: float, dx: float, dy: float) -> str:
        """Path data for ``char`` scaled by ``scale`` (y flipped) with its origin at (dx, dy)."""
        pen = SVGPathPen(self.glyphs, ntos=fmt)
        self.glyphs[self.glyph_name(char)].draw(
            TransformPen(pen, (scale, 0, 0, -scale, dx, dy))
        )
        return str(pen.getCommands())


class Fonts:
    """The two fonts the faces use, loaded from ``resources/fonts``."""

    def __init__(self, fonts_dir: Path | None = None) -> None:
        fonts_dir = fonts_dir or resource_dir() / "fonts"
        self.cjk = GlyphFont(fonts_dir / CJK_FONT)
        self.latin = GlyphFont(fonts_dir / LATIN_FONT)


def cjk_char(fonts: Fonts, char: str, cx: float, cy: float, em: float, fill: str) -> str:
    """A CJK character as one path: ``em`` face units per em, its outline centred on (cx, cy)."""
    font = fonts.cjk
    scale = em / font.upm
    xmin, ymin, xmax, ymax = font.bounds(char)
    dx = cx - (xmin + xmax) / 2 * scale
    dy = cy + (ymin + ymax) / 2 * scale
    return f'<path fill="{fill}" d="{font.outline(char, scale, dx, dy)}"/>'


def latin_run(
    fonts: Fonts, text: str, x: float, top: float, cap_h: float, fill: str, anchor: str = "start"
) -> tuple[str, float]:
    """Latin text as one path with cap height ``cap_h`` and its cap top at ``top``.

    ``anchor`` is ``start`` (x = left edge) or ``middle`` (x = centre). Returns the element and
    the run's advance width in face units.
    """
    font = fonts.latin
    scale = cap_h / font.cap_height
    width = sum(font.advance(c) for c in text) * scale
    # Start at the left ink edge of the first glyph so the run sits where it is asked to.
    lsb = font.bounds(text[0])[0] * scale if text.strip() else 0.0
    pen_x = x - lsb if anchor == "start" else x - width / 2
    baseline = top + cap_h
    parts = []
    for char in text:
        if char != " ":
            parts.append(font.outline(char, scale, pen_x, baseline))
        pen_x += font.advance(char) * scale
    return f'<path fill="{fill}" d="{"".join(parts)}"/>', width


def latin_fit(
    fonts: Fonts, text: str, box: Box, fill: str, max_cap: float
) -> str:
    """Latin text centred in ``box``, as large as fits (cap height at most ``max_cap``)."""
    x0, y0, x1, y1 = box
    font = fonts.latin
    width_per_cap = sum(font.advance(c) for c in text) / font.cap_height
    cap = min(max_cap, (x1 - x0) / width_per_cap, y1 - y0)
    element, _ = latin_run(fonts, text, (x0 + x1) / 2, (y0 + y1) / 2 - cap / 2, cap, fill,
                           "middle")
    return element


# ---------------------------------------------------------------- face parts


class Face:
    """Builds one face's SVG for one theme."""

    def __init__(self, recipes: Recipes, theme: Theme, fonts: Fonts) -> None:
        self.r = recipes
        self.t = theme
        self.fonts = fonts
        self.w = recipes.width
        self.h = recipes.height

    # -- frame
    def body(self, fill: str | None = None) -> list[str]:
        inset = self.t.edge_w / 2 + 2
        radius = 0.085 * self.w
        parts = [
            f'<rect x="{fmt(inset)}" y="{fmt(inset)}" width="{fmt(self.w - 2 * inset)}" '
            f'height="{fmt(self.h - 2 * inset)}" rx="{fmt(radius)}" '
            f'fill="{fill or self.t.face}" stroke="{self.t.edge}" '
            f'stroke-width="{fmt(self.t.edge_w)}"/>'
        ]
        if fill is None and self.t.shade != self.t.face:
            pad = inset + self.t.edge_w / 2 + 7
            parts.append(
                f'<rect x="{fmt(pad)}" y="{fmt(pad)}" width="{fmt(self.w - 2 * pad)}" '
                f'height="{fmt(self.h - 2 * pad)}" rx="{fmt(radius * 0.7)}" fill="none" '
                f'stroke="{self.t.shade}" stroke-width="3"/>'
            )
        return parts

    def margin(self) -> float:
        return self.t.edge_w + 20

    def index_origin(self) -> tuple[float, float]:
        pad = 8.0 if self.t.badge else 0.0
        return self.margin() + pad, self.margin() - 2 + pad

    def content_box(self, with_index: bool) -> Box:
        m = self.margin()
        if not with_index:
            return m + 4, m + 6, self.w - m - 4, self.h - m - 4
        _, top = self.index_origin()
        gap = 22.0 if self.t.badge else 14.0
        return m + 4, top + self.t.index_h + gap, self.w - m - 4, self.h - m - 4

    def index(self, text: str, colour: str, badge: str | None) -> list[str]:
        x, top = self.index_origin()
        cap = self.t.index_h
        element, width = latin_run(self.fonts, text, x, top, cap, colour)
        parts = []
        if self.t.badge and badge:
            pad = 8.0
            bx0, by0, bx1, by1 = x - pad, top - pad, x + width + pad, top + cap + pad
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            sw = fmt(4 * self.t.stroke)
            if badge == "circle":
                rad = max(bx1 - bx0, by1 - by0) / 2 + 2
                parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(rad)}" '
                             f'fill="none" stroke="{colour}" stroke-width="{sw}"/>')
            elif badge == "bar":
                parts.append(f'<rect x="{fmt(bx0)}" y="{fmt(by0 - 4)}" width="{fmt(bx1 - bx0)}" '
                             f'height="{fmt(by1 - by0 + 8)}" rx="3" '
                             f'fill="none" stroke="{colour}" stroke-width="{sw}"/>')
            elif badge == "diamond":
                half = max(bx1 - bx0, by1 - by0) / 2 + 10
                points = [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]
                parts.append(f'<polygon points="{pts(points)}" fill="none" stroke="{colour}" '
                             f'stroke-width="{sw}"/>')
        parts.append(element)
        return parts

    @staticmethod
    def place(box: Box, fx: float, fy: float) -> tuple[float, float]:
        x0, y0, x1, y1 = box
        return x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)

    # -- dots
    def dot(self, cx: float, cy: float, r: float, role: str) -> list[str]:
        c = self.t.colour(role)
        face = self.t.face
        style = self.t.dot_styles.get(role, "ring")
        at = f'cx="{fmt(cx)}" cy="{fmt(cy)}"'
        if style == "hollow":
            return [f'<circle {at} r="{fmt(r * 0.8)}" fill="none" stroke="{c}" '
                    f'stroke-width="{fmt(r * 0.4)}"/>',
                    f'<circle {at} r="{fmt(r * 0.24)}" fill="{c}"/>']
        parts = [f'<circle {at} r="{fmt(r)}" fill="{c}"/>']
        if style == "ring":
            parts += [f'<circle {at} r="{fmt(r * 0.6)}" fill="none" stroke="{face}" '
                      f'stroke-width="{fmt(r * 0.13)}"/>',
                      f'<circle {at} r="{fmt(r * 0.2)}" fill="{face}"/>']
        elif style == "cross":
            arm, thick = r * 0.78, r * 0.3
            parts += [f'<rect x="{fmt(cx - arm)}" y="{fmt(cy - thick / 2)}" width="{fmt(2 * arm)}" '
                      f'height="{fmt(thick)}" fill="{face}"/>',
                      f'<rect x="{fmt(cx - thick / 2)}" y="{fmt(cy - arm)}" width="{fmt(thick)}" '
                      f'height="{fmt(2 * arm)}" fill="{face}"/>']
        else:  # solid
            parts.append(f'<circle {at} r="{fmt(r * 0.22)}" fill="{face}"/>')
        return parts

    def big_dot(self, cx: float, cy: float, r: float) -> list[str]:
        face = self.t.face
        at = f'cx="{fmt(cx)}" cy="{fmt(cy)}"'
        parts = [f'<circle {at} r="{fmt(r)}" fill="{self.t.colour("blue")}"/>',
                 f'<circle {at} r="{fmt(r * 0.84)}" fill="none" stroke="{face}" '
                 f'stroke-width="{fmt(r * 0.06)}"/>']
        for k in range(8):
            angle = math.radians(k * 45 + 22.5)
            parts.append(f'<circle cx="{fmt(cx + r * 0.68 * math.cos(angle))}" '
                         f'cy="{fmt(cy + r * 0.68 * math.sin(angle))}" r="{fmt(r * 0.08)}" '
                         f'fill="{face}"/>')
        parts += [f'<circle {at} r="{fmt(r * 0.46)}" fill="{self.t.colour("red")}"/>',
                  f'<circle {at} r="{fmt(r * 0.16)}" fill="{face}"/>']
        return parts

    # -- bams
    def stick(self, x: float, y: float, angle: float, role: str, w: float, h: float) -> list[str]:
        c = self.t.colour(role)
        face = self.t.face
        hollow = self.t.dot_styles.get(role) == "hollow"
        parts = []
        if hollow:
            sw = w * 0.24
            parts.append(f'<rect x="{fmt(x - w / 2 + sw / 2)}" y="{fmt(y - h / 2 + sw / 2)}" '
                         f'width="{fmt(w - sw)}" height="{fmt(h - sw)}" rx="{fmt(w * 0.3)}" '
                         f'fill="none" stroke="{c}" stroke-width="{fmt(sw)}"/>')
            joint = c
        else:
            parts.append(f'<rect x="{fmt(x - w / 2)}" y="{fmt(y - h / 2)}" width="{fmt(w)}" '
                         f'height="{fmt(h)}" rx="{fmt(w * 0.4)}" fill="{c}"/>')
            joint = face
            parts.append(f'<rect x="{fmt(x - w * 0.07)}" y="{fmt(y - h * 0.4)}" '
                         f'width="{fmt(w * 0.14)}" height="{fmt(h * 0.8)}" fill="{face}" '
                         f'fill-opacity="0.55"/>')
        for fy in (-1 / 6, 1 / 6):
            jy = y + fy * h
            parts.append(f'<rect x="{fmt(x - w / 2)}" y="{fmt(jy - h * 0.025)}" width="{fmt(w)}" '
                         f'height="{fmt(h * 0.05)}" fill="{joint}"/>')
        if angle:
            return [f'<g transform="rotate({fmt(angle)} {fmt(x)} {fmt(y)})">', *parts, "</g>"]
        return parts

    def bird(self, box: Box) -> list[str]:
        x0, y0, x1, y1 = box
        bw, bh = x1 - x0, y1 - y0
        s = bw  # sizes are fractions of the box width

        def p(fx: float, fy: float) -> tuple[float, float]:
            return x0 + fx * bw, y0 + fy * bh

        col = self.t.colour
        parts = []
        # perch
        px0, py = p(0.08, 0.86)
        px1, _ = p(0.92, 0.86)
        parts.append(f'<rect x="{fmt(px0)}" y="{fmt(py - 0.03 * s)}" width="{fmt(px1 - px0)}" '
                     f'height="{fmt(0.06 * s)}" rx="{fmt(0.03 * s)}" fill="{col("brown")}"/>')
        # legs
        for fx0, fx1 in ((0.46, 0.42), (0.56, 0.58)):
            ax, ay = p(fx0, 0.62)
            bx, by = p(fx1, 0.85)
            parts.append(f'<line x1="{fmt(ax)}" y1="{fmt(ay)}" x2="{fmt(bx)}" y2="{fmt(by)}" '
                         f'stroke="{col("brown")}" stroke-width="{fmt(0.03 * s)}" '
                         f'stroke-linecap="round"/>')
        # tail: three long feathers fanning down-left
        tx, ty = p(0.3, 0.56)
        for angle, role in ((-150, "blue"), (-130, "red"), (-110, "green")):
            parts.append(self._ellipse(tx - 0.2 * s * math.cos(math.radians(angle + 180)),
                                       ty - 0.2 * s * math.sin(math.radians(angle + 180)),
                                       0.24 * s, 0.055 * s, angle + 180, col(role)))
        # body, wing, head, beak, eye, crest
        bx, by = p(0.52, 0.48)
        parts.append(self._ellipse(bx, by, 0.27 * s, 0.17 * s, -25, col("green")))
        wx, wy = p(0.47, 0.47)
        parts.append(self._ellipse(wx, wy, 0.17 * s, 0.075 * s, -35, col("blue")))
        hx, hy = p(0.74, 0.25)
        parts.append(f'<circle cx="{fmt(hx)}" cy="{fmt(hy)}" r="{fmt(0.11 * s)}" '
                     f'fill="{col("red")}"/>')
        beak = [(hx + 0.09 * s, hy - 0.04 * s), (hx + 0.24 * s, hy + 0.02 * s),
                (hx + 0.09 * s, hy + 0.06 * s)]
        parts.append(f'<polygon points="{pts(beak)}" fill="{col("gold")}"/>')
        crest = [(hx - 0.06 * s, hy - 0.08 * s), (hx - 0.02 * s, hy - 0.22 * s),
                 (hx + 0.04 * s, hy - 0.09 * s)]
        parts.append(f'<polygon points="{pts(crest)}" fill="{col("red")}"/>')
        parts.append(f'<circle cx="{fmt(hx + 0.03 * s)}" cy="{fmt(hy - 0.02 * s)}" '
                     f'r="{fmt(0.035 * s)}" fill="{col("white")}"/>')
        parts.append(f'<circle cx="{fmt(hx + 0.04 * s)}" cy="{fmt(hy - 0.02 * s)}" '
                     f'r="{fmt(0.016 * s)}" fill="{col("ink")}"/>')
        return parts

    @staticmethod
    def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float, fill: str) -> str:
        return (f'<ellipse cx="{fmt(cx)}" cy="{fmt(cy)}" rx="{fmt(rx)}" ry="{fmt(ry)}" '
                f'transform="rotate({fmt(angle)} {fmt(cx)} {fmt(cy)})" fill="{fill}"/>')

    # -- flowers
    def motif(self, box: Box, shapes: Sequence[Sequence[Any]]) -> list[str]:
        x0, y0, x1, y1 = box
        s = x1 - x0
        col = self.t.colour
        parts: list[str] = []
        for shape in shapes:
            kind, args = shape[0], list(shape[1:])
            if kind == "petals":
                cx, cy = self.place(box, args[0], args[1])
                count, dist, rad, role = int(args[2]), args[3] * s, args[4] * s, args[5]
                for k in range(count):
                    a = math.radians(-90 + k * 360 / count)
                    parts.append(f'<circle cx="{fmt(cx + dist * math.cos(a))}" '
                                 f'cy="{fmt(cy + dist * math.sin(a))}" r="{fmt(rad)}" '
                                 f'fill="{col(role)}"/>')
            elif kind == "blades":
                cx, cy = self.place(box, args[0], args[1])
                count, length, width, role, start = (int(args[2]), args[3] * s, args[4] * s,
                                                     args[5], float(args[6]))
                for k in range(count):
                    a = start + k * 360 / count
                    ex = cx + length / 2 * math.cos(math.radians(a))
                    ey = cy + length / 2 * math.sin(math.radians(a))
                    parts.append(self._ellipse(ex, ey, length / 2, width / 2, a, col(role)))
            elif kind == "disc":
                cx, cy = self.place(box, args[0], args[1])
                parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(args[2] * s)}" '
                             f'fill="{col(args[3])}"/>')
            elif kind == "stem":
                ax, ay = self.place(box, args[0], args[1])
                bx, by = self.place(box, args[2], args[3])
                parts.append(f'<line x1="{fmt(ax)}" y1="{fmt(ay)}" x2="{fmt(bx)}" y2="{fmt(by)}" '
                             f'stroke="{col(args[4])}" stroke-width="{fmt(0.05 * s)}" '
                             f'stroke-linecap="round"/>')
            elif kind == "leaf":
                cx, cy = self.place(box, args[0], args[1])
                parts.append(self._ellipse(cx, cy, args[2] * s / 2, args[3] * s / 2,
                                           float(args[4]), col(args[5])))
            elif kind == "rays":
                cx, cy = self.place(box, args[0], args[1])
                count, r_in, r_out, role = int(args[2]), args[3] * s, args[4] * s, args[5]
                half = math.pi / count * 0.55
                for k in range(count):
                    a = 2 * math.pi * k / count
                    tri = [(cx + r_in * math.cos(a - half), cy + r_in * math.sin(a - half)),
                           (cx + r_out * math.cos(a), cy + r_out * math.sin(a)),
                           (cx + r_in * math.cos(a + half), cy + r_in * math.sin(a + half))]
                    parts.append(f'<polygon points="{pts(tri)}" fill="{col(role)}"/>')
            elif kind == "star":
                cx, cy = self.place(box, args[0], args[1])
                n, r_out, r_in, role = int(args[2]), args[3] * s, args[4] * s, args[5]
                star = []
                for k in range(2 * n):
                    a = -math.pi / 2 + math.pi * k / n
                    rad = r_out if k % 2 == 0 else r_in
                    star.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
                parts.append(f'<polygon points="{pts(star)}" fill="{col(role)}"/>')
            elif kind == "crescent":
                cx, cy = self.place(box, args[0], args[1])
                rad = args[2] * s
                # a disc with an offset disc of the face colour laid over it
                parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(rad)}" '
                             f'fill="{col(args[3])}"/>')
                parts.append(f'<circle cx="{fmt(cx + rad * 0.42)}" cy="{fmt(cy - rad * 0.22)}" '
                             f'r="{fmt(rad * 0.82)}" fill="{self.t.face}"/>')
            elif kind == "cup":
                cx, cy = self.place(box, args[0], args[1])
                cw, ch = args[2] * s, args[3] * s
                left, right, top, bottom = cx - cw / 2, cx + cw / 2, cy - ch / 2, cy + ch / 2
                d = (f"M{fmt(left)} {fmt(top)}L{fmt(cx - cw / 4)} {fmt(top + ch * 0.3)}"
                     f"L{fmt(cx)} {fmt(top)}L{fmt(cx + cw / 4)} {fmt(top + ch * 0.3)}"
                     f"L{fmt(right)} {fmt(top)}L{fmt(right)} {fmt(cy + ch * 0.1)}"
                     f"Q{fmt(right)} {fmt(bottom)} {fmt(cx)} {fmt(bottom)}"
                     f"Q{fmt(left)} {fmt(bottom)} {fmt(left)} {fmt(cy + ch * 0.1)}Z")
                parts.append(f'<path fill="{col(args[4])}" d="{d}"/>')
            elif kind == "bar":
                cx, cy = self.place(box, args[0], args[1])
                bw, bh = args[2] * s, args[3] * (y1 - y0)
                parts.append(f'<rect x="{fmt(cx - bw / 2)}" y="{fmt(cy - bh / 2)}" '
                             f'width="{fmt(bw)}" height="{fmt(bh)}" rx="{fmt(min(bw, bh) / 3)}" '
                             f'fill="{col(args[4])}"/>')
            else:
                raise ValueError(f"unknown motif shape {kind!r}")
        return parts

    # -- jokers
    def joker(self, design: str) -> list[str]:
        col = self.t.colour
        w, h = self.w, self.h
        m = self.margin()
        parts: list[str] = []
        if design == "band":
            band = (m - 6, h * 0.37, w - m + 6, h * 0.63)
            parts.append(f'<rect x="{fmt(band[0])}" y="{fmt(band[1])}" '
                         f'width="{fmt(band[2] - band[0])}" height="{fmt(band[3] - band[1])}" '
                         f'rx="12" fill="{col("purple")}"/>')
            parts.append(latin_fit(self.fonts, "JOKER", (band[0] + 10, band[1] + 12,
                                                         band[2] - 10, band[3] - 12),
                                   col("white"), 200))
            for cy in (h * 0.2, h * 0.8):
                parts += self.motif((0, 0, w, h), [["star", 0.5, cy / h, 5, 0.16, 0.065,
                                                    "gold"]])
        elif design == "vertical":
            # a tall band; JOKER runs up it (rotated), so it differs from "band" at any size
            cx, cy, half_w = w / 2, h / 2, w * 0.25
            parts.append(f'<rect x="{fmt(cx - half_w)}" y="{fmt(m - 4)}" width="{fmt(2 * half_w)}" '
                         f'height="{fmt(h - 2 * m + 8)}" rx="14" fill="{col("red")}"/>')
            length = h - 2 * m - 24
            text = latin_fit(self.fonts, "JOKER", (cx - length / 2, cy - half_w + 14,
                                                   cx + length / 2, cy + half_w - 14),
                             col("white"), 200)
            parts += [f'<g transform="rotate(-90 {fmt(cx)} {fmt(cy)})">', text, "</g>"]
        elif design == "bigj":
            cx, cy, rad = w / 2, h * 0.38, w * 0.36
            parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(rad)}" '
                         f'fill="{col("gold")}"/>')
            element, _ = latin_run(self.fonts, "J", cx, cy - rad * 0.62, rad * 1.24, col("purple"),
                                   "middle")
            parts.append(element)
            parts.append(latin_fit(self.fonts, "JOKER", (m, h * 0.74, w - m, h - m - 8),
                                   col("ink"), 200))
        else:
            raise ValueError(f"unknown joker design {design!r}")
        return parts

    # -- whole faces
    def svg(self, title: str, parts: Iterable[str]) -> str:
        body = "\n".join(parts)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(self.w)} '
                f'{fmt(self.h)}" width="{fmt(self.w)}" height="{fmt(self.h)}">\n'
                f"<title>{title}</title>\n{body}\n</svg>\n")

    def face(self, name: str) -> str:
        recipe = self.r.tiles[self.r.aliases.get(name, name)]
        kind = recipe["kind"]
        col = self.t.colour
        parts = self.body()
        index = str(recipe.get("index", ""))
        box = self.content_box(with_index=bool(index))
        if kind == "dots":
            x0, _, x1, _ = box
            bw = x1 - x0
            for fx, fy, fr, role in recipe["dots"]:
                cx, cy = self.place(box, fx, fy)
                if recipe.get("big"):
                    parts += self.big_dot(cx, cy, fr * bw)
                else:
                    parts += self.dot(cx, cy, fr * bw, role)
            parts += self.index(index, col("index_dots"), "circle")
        elif kind == "bams":
            x0, y0, x1, y1 = box
            sw = recipe["stick_w"] * self.t.stick_scale * (x1 - x0)
            sh = recipe["stick_h"] * (y1 - y0)
            for fx, fy, angle, role in recipe["sticks"]:
                cx, cy = self.place(box, fx, fy)
                parts += self.stick(cx, cy, float(angle), role, sw, sh)
            parts += self.index(index, col("index_bams"), "bar")
        elif kind == "bird":
            parts += self.bird(box)
            parts += self.index(index, col("index_bams"), "bar")
        elif kind == "craks":
            x0, y0, x1, y1 = box
            bh = y1 - y0
            # The numeral is what tells craks apart: it gets the larger share of the face.
            parts.append(cjk_char(self.fonts, recipe["numeral"], (x0 + x1) / 2, y0 + 0.24 * bh,
                                  min(0.54 * bh, 0.98 * (x1 - x0)), col("ink")))
            parts.append(cjk_char(self.fonts, "萬", (x0 + x1) / 2, y0 + 0.76 * bh,
                                  min(0.46 * bh, 0.95 * (x1 - x0)), col("red")))
            parts += self.index(index, col("index_craks"), "diamond")
        elif kind == "wind":
            x0, y0, x1, y1 = box
            em = min(x1 - x0, y1 - y0) * 0.98
            parts.append(cjk_char(self.fonts, recipe["char"], (x0 + x1) / 2, (y0 + y1) / 2, em,
                                  col("ink")))
            parts += self.index(index, col("index_winds"), None)
        elif kind == "dragon":
            x0, y0, x1, y1 = box
            em = min(x1 - x0, y1 - y0) * 0.98
            parts.append(cjk_char(self.fonts, recipe["char"], (x0 + x1) / 2, (y0 + y1) / 2, em,
                                  col(recipe["colour"])))
        elif kind == "soap":
            parts += self.soap(box, bool(recipe.get("zero")))
            if index:
                parts += self.index(index, col("soap"), None)
        elif kind == "flower":
            parts += self.motif(box, recipe["motif"])
            parts += self.index(index, col("index_flowers"), None)
        elif kind == "joker":
            parts += self.joker(recipe["design"])
        else:
            raise ValueError(f"unknown tile kind {kind!r} for {name}")
        return self.svg(name, parts)

    def soap(self, box: Box, zero: bool) -> list[str]:
        x0, y0, x1, y1 = box
        c = self.t.colour("soap")
        outer = 12 * self.t.stroke
        inner = 5 * self.t.stroke
        gap = outer + 10
        parts = [
            f'<rect x="{fmt(x0 + outer / 2)}" y="{fmt(y0 + outer / 2)}" '
            f'width="{fmt(x1 - x0 - outer)}" height="{fmt(y1 - y0 - outer)}" rx="10" '
            f'fill="none" stroke="{c}" stroke-width="{fmt(outer)}"/>',
            f'<rect x="{fmt(x0 + gap)}" y="{fmt(y0 + gap)}" width="{fmt(x1 - x0 - 2 * gap)}" '
            f'height="{fmt(y1 - y0 - 2 * gap)}" rx="6" fill="none" stroke="{c}" '
            f'stroke-width="{fmt(inner)}"/>',
        ]
        if zero:
            cap = (y1 - y0) * 0.42
            element, _ = latin_run(self.fonts, "0", (x0 + x1) / 2, (y0 + y1) / 2 - cap / 2, cap,
                                   c, "middle")
            parts.append(element)
        return parts

    def back(self) -> str:
        parts = self.body(fill=self.t.back)
        m = self.margin()
        w, h = self.w, self.h
        parts.append(f'<rect x="{fmt(m)}" y="{fmt(m)}" width="{fmt(w - 2 * m)}" '
                     f'height="{fmt(h - 2 * m)}" rx="14" fill="none" stroke="{self.t.back_mark}" '
                     f'stroke-width="{fmt(6 * self.t.stroke)}"/>')
        cx, cy, half = w / 2, h / 2, w * 0.22
        diamond = [(cx, cy - half * 1.3), (cx + half, cy), (cx, cy + half * 1.3), (cx - half, cy)]
        parts.append(f'<polygon points="{pts(diamond)}" fill="{self.t.back_mark}"/>')
        return self.svg("back", parts)

    def blank(self) -> str:
        return self.svg("blank", self.body())


def pts(points: Iterable[tuple[float, float]]) -> str:
    """SVG ``points`` attribute text."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


# ---------------------------------------------------------------- generation


def render_face(name: str, theme: str, recipes: Recipes | None = None,
                fonts: Fonts | None = None) -> str:
    """The SVG text of face ``name`` (a face name, ``back`` or ``blank``) in ``theme``."""
    recipes = recipes or load_recipes()
    face = Face(recipes, recipes.themes[theme], fonts or Fonts())
    if name == "back":
        return face.back()
    if name == "blank":
        return face.blank()
    return face.face(name)


def tileset_toml(recipes: Recipes, theme: str) -> str:
    """The ``tileset.toml`` text for one theme folder."""
    meta = recipes.meta
    faces = face_names(recipes) + ["back", "blank"]
    lines = [
        "# Generated by resources/tiles/tileart.py from resources/tiles/recipes.toml; do not edit.",
        f'name = "{meta["name"]} - {recipes.themes[theme].title}"',
        f'theme = "{theme}"',
        f'author = "{meta["author"]}"',
        f'licence = "{meta["licence"]}"',
        f'generator_version = "{meta["generator_version"]}"',
        f'fonts = ["{CJK_FONT}", "{LATIN_FONT}"]',
        "width = " + fmt(recipes.width),
        "height = " + fmt(recipes.height),
        "faces = [" + ", ".join(f'"{f}"' for f in faces) + "]",
    ]
    return "\n".join(lines) + "\n"


def generate(out_dir: Path | None = None, themes: Sequence[str] | None = None,
             recipes_path: Path | None = None, fonts_dir: Path | None = None) -> list[Path]:
    """Write every face of every theme under ``out_dir`` (default ``resources/tiles``).

    Returns the files written, in a stable order. Raises ``KeyError`` for an unknown theme.
    """
    out_dir = out_dir or tiles_dir()
    recipes = load_recipes(recipes_path)
    fonts = Fonts(fonts_dir)
    written: list[Path] = []
    for theme in themes or THEMES:
        face = Face(recipes, recipes.themes[theme], fonts)
        folder = out_dir / theme
        folder.mkdir(parents=True, exist_ok=True)
        files = {f"{name}.svg": face.face(name) for name in face_names(recipes)}
        files["back.svg"] = face.back()
        files["blank.svg"] = face.blank()
        files["tileset.toml"] = tileset_toml(recipes, theme)
        for file_name, text in files.items():
            path = folder / file_name
            path.write_bytes(text.encode("utf-8"))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python resources/tiles/tileart.py generate [--out DIR] [--theme T ...]``."""
    parser = argparse.ArgumentParser(prog="python resources/tiles/tileart.py",
                                     description="Generate the tile face SVGs.")
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="(re)write resources/tiles/<theme>/*.svg")
    gen.add_argument("--out", type=Path, default=None, help="output folder (default resources/tiles)")
    gen.add_argument("--theme", action="append", choices=THEMES, help="only this theme")
    args = parser.parse_args(argv)
    written = generate(args.out, args.theme)
    print(f"wrote {len(written)} files under {(args.out or tiles_dir())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
