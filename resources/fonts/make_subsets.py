"""Rebuild the font subsets Tilewise ships in ``resources/fonts/``.

Sources are the Debian packages ``fonts-noto-cjk`` and ``fonts-noto-core`` (SIL OFL 1.1; exact
versions in SOURCES.md). Run from the repository root after
``apt-get install -y fonts-noto-cjk fonts-noto-core``::

    .venv/bin/python resources/fonts/make_subsets.py [--check]

It writes the subset fonts and ``OFL.txt`` (the licence text, taken from the packages'
``copyright`` files) next to this script. ``--check`` builds into memory and exits 1 if any
committed file differs (same fontTools version needed; see SOURCES.md).

Subsets:

- ``NotoSansCJKtc-Bold-tiles.otf``: only the tile characters 一..九 萬 東 南 西 北 中 發 (Noto Sans
  CJK TC Bold, face 3 of the .ttc). Used by the tile generator (``resources/tiles/tileart.py``) to turn
  characters into SVG paths; never needed at run time, shipped so the SVGs can be regenerated.
- ``NotoSans-{Regular,Bold}-ui.ttf``: Latin for the UI and tile indices: ASCII, Latin-1,
  Latin Extended-A, general punctuation, a few symbols and arrows; all layout features kept.
- ``NotoSansDevanagari-{Regular,Bold}-ui.ttf``: the full Devanagari block and Devanagari
  Extended, ZWJ/ZWNJ, dotted circle, ASCII; all GSUB/GPOS features kept (layout closure on) so
  Hindi conjuncts and matras shape correctly.

Hinting is dropped (size); timestamps are not recalculated, so output is byte-reproducible.
"""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
COPYRIGHT_FILES = (
    Path("/usr/share/doc/fonts-noto-cjk/copyright"),
    Path("/usr/share/doc/fonts-noto-core/copyright"),
)

TILE_TEXT = "一二三四五六七八九萬東南西北中發"

LATIN_RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 Supplement: ¿¡ñáéíóúüÄÖÜß «» · °
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2030, 0x203A),  # per mille, primes, single guillemets
    (0x20AC, 0x20AC),  # euro
    (0x2122, 0x2122),  # trade mark
    (0x2190, 0x2193),  # arrows (pass directions)
    (0x2212, 0x2212),  # minus
    (0x00D7, 0x00D7),  # multiplication sign
    (0x2713, 0x2713),  # check mark (if present in the font)
    (0x25CF, 0x25CF),  # black circle (if present)
]

DEVANAGARI_RANGES = [
    (0x0020, 0x007E),  # ASCII (digits, punctuation inside Hindi text)
    (0x0900, 0x097F),  # Devanagari
    (0xA8E0, 0xA8FF),  # Devanagari Extended
    (0x1CD0, 0x1CFF),  # Vedic Extensions (present in Noto Sans Devanagari)
    (0x200B, 0x200D),  # ZWSP, ZWNJ, ZWJ (shaping control)
    (0x2010, 0x2027),  # dashes, quotes, ellipsis
    (0x20B9, 0x20B9),  # rupee sign
    (0x25CC, 0x25CC),  # dotted circle (shown for a stray combining mark)
]


@dataclass(frozen=True)
class Job:
    """One subset: source file (and face number in a collection) -> output name."""

    source: Path
    font_number: int
    output: str
    unicodes: tuple[int, ...]


def _expand(ranges: list[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(sorted({cp for lo, hi in ranges for cp in range(lo, hi + 1)}))


JOBS = (
    Job(NOTO_CJK / "NotoSansCJK-Bold.ttc", 3, "NotoSansCJKtc-Bold-tiles.otf",
        tuple(sorted(ord(c) for c in TILE_TEXT))),
    Job(NOTO_CORE / "NotoSans-Regular.ttf", -1, "NotoSans-Regular-ui.ttf", _expand(LATIN_RANGES)),
    Job(NOTO_CORE / "NotoSans-Bold.ttf", -1, "NotoSans-Bold-ui.ttf", _expand(LATIN_RANGES)),
    Job(NOTO_CORE / "NotoSansDevanagari-Regular.ttf", -1, "NotoSansDevanagari-Regular-ui.ttf",
        _expand(DEVANAGARI_RANGES)),
    Job(NOTO_CORE / "NotoSansDevanagari-Bold.ttf", -1, "NotoSansDevanagari-Bold-ui.ttf",
        _expand(DEVANAGARI_RANGES)),
)


def _options() -> subset.Options:
    options = subset.Options()
    options.layout_features = ["*"]  # keep every GSUB/GPOS feature (Devanagari shaping, kern)
    options.layout_closure = True
    options.name_IDs = ["*"]  # keep copyright, licence and family names
    options.name_languages = ["*"]
    options.hinting = False
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.drop_tables += ["DSIG"]
    return options


def build(job: Job) -> bytes:
    """Return the subset font for ``job`` as bytes."""
    font = TTFont(job.source, fontNumber=job.font_number, lazy=False, recalcTimestamp=False)
    subsetter = subset.Subsetter(options=_options())
    subsetter.populate(unicodes=job.unicodes)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def ofl_text() -> str:
    """The SIL OFL 1.1 text and copyright lines, from the Debian packages' copyright files."""
    lines = [
        "Fonts in this folder are subsets of Noto fonts, licensed under the SIL Open Font",
        "License, Version 1.1 (text below).",
        "",
        "Noto Sans CJK: Copyright 2010-2012 Google Corporation (Debian package fonts-noto-cjk).",
        "Noto Sans, Noto Sans Devanagari: Copyright 2010, 2012-2020 Google Inc.;",
        "2015-2020 Google LLC (Debian package fonts-noto-core).",
        "The subsets were made with fontTools by the Tilewise contributors (make_subsets.py).",
        "",
    ]
    text = COPYRIGHT_FILES[0].read_text(encoding="utf-8")
    stanza = text.rsplit("\nLicense: SIL-1.1\n", 1)[1]
    for raw in stanza.splitlines():
        if raw and not raw.startswith(" "):
            break
        body = raw[1:] if raw.startswith(" ") else raw
        lines.append("" if body == "." else body)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    outputs = {job.output: build(job) for job in JOBS}
    outputs["OFL.txt"] = ofl_text().encode("utf-8")
    status = 0
    for name, data in outputs.items():
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                print(f"differs: {path}")
                status = 1
        else:
            path.write_bytes(data)
            print(f"{path.name}: {len(data)} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main())
