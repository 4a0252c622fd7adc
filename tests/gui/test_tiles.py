"""Tile faces: every face exists in every theme, regenerates byte for byte, and every two
different tiles look different at 24 px and 96 px tile height (colour-blind theme also in grey).

Visibly different, measured: both faces are rendered at the same size onto a mid-grey table,
and we count the samples (R, G, B values; or grey values) that change by at least 64 of 255 (a
quarter of the range: clearly visible, far above anti-aliasing noise on identical geometry).
The count divided by the number of samples is the pair's *changed fraction*. Every pair must
reach MIN_CHANGED = 2 % of the tile (at 24 px: about 9 of 432 pixels, the area of one dot;
at 96 px: about 140 pixels, a 12 x 12 patch). Pairs a beginner confuses (6D/8D, 2B/3B, flowers
vs soap vs joker) must reach MIN_CONFUSABLE = 5 %.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from tilewise.gui import render as render_cmd
from tilewise.gui.tiles import paint as tilepaint
from tilewise.gui.tiles.paint import TileRenderer, face_file, register_fonts, tile_width
from tilewise.store.paths import resource_dir

ROOT = Path(__file__).resolve().parents[2]
# The tile-face generator is a build-time tool outside the app's package (resources/tiles/).
sys.path.insert(0, str(ROOT / "resources" / "tiles"))
import tileart  # noqa: E402

MIN_CHANGED = 0.02
MIN_CONFUSABLE = 0.05
DELTA = 64
HEIGHTS = (24, 96)

RECIPES = tileart.load_recipes()
AMERICAN = RECIPES.sets["american"]
# face -> the play code it shows; faces with the same play code may look alike.
PLAYS_AS = {**{code: code for code in AMERICAN}, "WD0": "WD", "J_alt1": "J", "J_alt2": "J"}
FACES = list(PLAYS_AS)
CONFUSABLE = {("6D", "8D"), ("2B", "3B")} | {
    (a, b) for a in ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")
    for b in ("WD", "WD0", "J", "J_alt1", "J_alt2")
}


# ---------------------------------------------------------------- the metric


def _samples(image: QImage, grey: bool) -> bytes:
    """The face over a mid-grey table, as tightly packed grey or RGB bytes."""
    table = QImage(image.size(), QImage.Format.Format_RGB32)
    table.fill(QColor("#808080"))
    painter = QPainter(table)
    painter.drawImage(0, 0, image)
    painter.end()
    fmt = QImage.Format.Format_Grayscale8 if grey else QImage.Format.Format_RGB888
    flat = table.convertToFormat(fmt)
    row = flat.width() * (1 if grey else 3)
    stride = flat.bytesPerLine()
    raw = bytes(flat.constBits())
    return b"".join(raw[y * stride:y * stride + row] for y in range(flat.height()))


def _lanes(value: int, n: int) -> int:
    return int.from_bytes(value.to_bytes(2, "big") * n, "big")


def _packed(data: bytes) -> int:
    """Each byte in its own 16-bit lane of one big int, so lane arithmetic runs in C."""
    buf = bytearray(2 * len(data))
    buf[1::2] = data
    return int.from_bytes(buf, "big")


def changed_fraction_packed(a: bytes, b: bytes) -> float:
    """Fraction of samples with |a - b| >= DELTA, using 16-bit lanes (lane = 256 + a - b)."""
    n = len(a)
    lane = _packed(a) + _lanes(256, n) - _packed(b)
    bit9 = _lanes(512, n)
    up = ((lane + _lanes(512 - 256 - DELTA, n)) & bit9).bit_count()  # a - b >= DELTA
    down = n - ((lane + _lanes(512 - 256 + DELTA - 1, n)) & bit9).bit_count()  # b - a >= DELTA
    return (up + down) / n


def changed_fraction_plain(a: bytes, b: bytes) -> float:
    """The same fraction, one sample at a time (the reference for the fast version)."""
    return sum(1 for x, y in zip(a, b, strict=True) if abs(x - y) >= DELTA) / len(a)


def test_fast_metric_matches_the_plain_count() -> None:
    a = bytes([0, 63, 64, 200, 255, 10, 128, 127, 0, 255])
    b = bytes([64, 0, 0, 136, 192, 73, 64, 191, 63, 0])
    assert changed_fraction_packed(a, b) == changed_fraction_plain(a, b) == 0.6


# ---------------------------------------------------------------- files


@pytest.mark.parametrize("theme", tileart.THEMES)
def test_every_face_exists_and_is_valid_svg(qapp: object, theme: str) -> None:
    for name in [*tileart.face_names(RECIPES), "back", "blank"]:
        path = face_file(theme, name)
        assert QSvgRenderer(str(path)).isValid(), path
    with (resource_dir() / "tiles" / theme / "tileset.toml").open("rb") as handle:
        tileset = tomllib.load(handle)
    assert tileset["theme"] == theme and tileset["author"] == "Tilewise contributors"
    assert tileset["licence"] == "CC-BY-4.0" and tileset["generator_version"]
    assert set(tileset["faces"]) == {*tileart.face_names(RECIPES), "back", "blank"}


def test_faces_draw_no_text_from_fonts() -> None:
    for path in sorted((resource_dir() / "tiles").glob("*/*.svg")):
        text = path.read_text(encoding="utf-8")
        assert "<text" not in text and "font" not in text, path


def test_runtime_and_generator_agree_on_themes() -> None:
    assert tilepaint.THEMES == tileart.THEMES
    assert tilepaint.TILE_ASPECT == RECIPES.width / RECIPES.height


def test_every_code_the_rules_core_knows_has_a_face() -> None:
    tiles = pytest.importorskip("tilewise.rules.tiles")
    for ruleset in tiles.RULESETS:
        codes = set(tiles.tile_set(ruleset)) | (
            set(tiles.FLOWER_FACES) if tiles.FLOWER in tiles.tile_set(ruleset) else set()
        )
        for code in codes:
            assert tiles.is_tile(code)
            for theme in tileart.THEMES:
                assert face_file(theme, code).is_file(), (ruleset, theme, code)
    assert set(RECIPES.sets["wsm"]) == set(tiles.tile_set("wsm"))
    american = set(tiles.tile_set("american")) - {tiles.FLOWER} | set(tiles.FLOWER_FACES)
    assert set(AMERICAN) == american


def test_regenerating_changes_nothing(tmp_path: Path) -> None:
    written = tileart.generate(tmp_path)
    committed = resource_dir() / "tiles"
    assert len(written) == len({p.relative_to(tmp_path) for p in written})
    for path in written:
        twin = committed / path.relative_to(tmp_path)
        assert twin.read_bytes() == path.read_bytes(), f"{twin} is stale: run tileart generate"
    for theme in tileart.THEMES:
        assert {p.name for p in (committed / theme).iterdir()} == {
            p.name for p in (tmp_path / theme).iterdir()
        }


def test_generator_imports_without_qt() -> None:
    code = "import sys, tileart; sys.exit('PySide6' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "resources" / "tiles", check=False)
    assert done.returncode == 0


# ---------------------------------------------------------------- distinctness


def _pairs_below(theme: str, height: int, grey: bool) -> list[str]:
    renderer = TileRenderer(theme)
    data = {face: _samples(renderer.image(face, height), grey) for face in FACES}
    problems = []
    for a, b in itertools.combinations(FACES, 2):
        if PLAYS_AS[a] == PLAYS_AS[b]:
            continue
        floor = MIN_CONFUSABLE if (a, b) in CONFUSABLE or (b, a) in CONFUSABLE else MIN_CHANGED
        fraction = changed_fraction_packed(data[a], data[b])
        if fraction < floor:
            problems.append(f"{a}/{b}: {fraction:.3f} < {floor}")
    return problems


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("theme", tileart.THEMES)
def test_different_tiles_look_different(qapp: object, theme: str, height: int) -> None:
    assert _pairs_below(theme, height, grey=False) == []


@pytest.mark.parametrize("height", HEIGHTS)
def test_colourblind_tiles_differ_in_greyscale(qapp: object, height: int) -> None:
    assert _pairs_below("colourblind", height, grey=True) == []


def test_same_face_scores_zero_and_6d_8d_is_far_apart(qapp: object) -> None:
    renderer = TileRenderer("classic")
    six = _samples(renderer.image("6D", 24), grey=False)
    again = _samples(renderer.image("6D", 24), grey=False)
    eight = _samples(renderer.image("8D", 24), grey=False)
    assert changed_fraction_packed(six, again) == 0
    assert changed_fraction_packed(six, eight) >= MIN_CONFUSABLE


# ---------------------------------------------------------------- runtime renderer


def test_pixmap_is_rendered_at_the_device_pixel_ratio_and_cached(qapp: object) -> None:
    renderer = TileRenderer("contrast")
    pixmap = renderer.pixmap("5D", 96, 1.5)
    assert (pixmap.width(), pixmap.height()) == (108, 144)
    assert pixmap.devicePixelRatio() == 1.5
    assert round(pixmap.deviceIndependentSize().width()) == tile_width(96) == 72
    assert renderer.pixmap("5D", 96, 1.5).cacheKey() == pixmap.cacheKey()
    assert TileRenderer("classic").pixmap("5D", 96, 1.5).cacheKey() != pixmap.cacheKey()
    assert renderer.pixmap("5D", 96, 2.0).height() == 192


def test_the_face_cache_keeps_its_byte_budget_dropping_the_least_used(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Faces at many sizes (zooming a projected table) never hold more than the budget."""
    TileRenderer.clear_cache()
    renderer = TileRenderer("classic")
    one = renderer.pixmap("5D", 100)  # 75 x 100 x 4 bytes
    monkeypatch.setattr(tilepaint, "CACHE_BYTES", 3 * 75 * 100 * 4)
    monkeypatch.setattr(tilepaint, "SCREENS_KEPT", 0)  # windows other tests left open
    kept = renderer.pixmap("6D", 100)
    renderer.pixmap("7D", 100)
    assert renderer.pixmap("5D", 100).cacheKey() == one.cacheKey()  # used again: kept longest
    renderer.pixmap("8D", 100)  # over the budget: 6D, the least recently used, goes
    assert [key[1] for key in TileRenderer._pixmaps] == ["7D", "5D", "8D"]
    assert TileRenderer._bytes == 3 * 75 * 100 * 4
    assert renderer.pixmap("6D", 100).cacheKey() != kept.cacheKey()  # rendered again
    for height in range(40, 400, 20):
        renderer.pixmap("1B", height)
        assert TileRenderer._bytes <= tilepaint.CACHE_BYTES or len(TileRenderer._pixmaps) == 1
    TileRenderer.clear_cache()
    assert TileRenderer._bytes == 0 and not TileRenderer._pixmaps


def test_a_new_screen_lets_go_of_the_faces_no_screen_drew_lately(qapp: object) -> None:
    """The faces of the screen shown and of the one before stay (the same pixmaps, not
    rendered again); faces last drawn before that go, their bytes and parsed SVGs with them;
    the calls of one turn of the event loop begin one screen (issue 21, peak memory)."""
    from PySide6.QtWidgets import QApplication

    TileRenderer.clear_cache()
    renderer = TileRenderer("classic")
    first = renderer.pixmap("5D", 100)
    renderer.pixmap("6D", 100)
    for _ in range(3):  # a step opened: the player and its table both say so
        TileRenderer.next_screen()
    assert len(TileRenderer._pixmaps) == 2  # nothing goes before the loop turns
    QApplication.processEvents()
    assert TileRenderer._screen == 1 and len(TileRenderer._pixmaps) == 2  # the one before
    kept = renderer.pixmap("5D", 100)  # asked again on the new screen
    assert kept.cacheKey() == first.cacheKey()
    renderer.pixmap("7D", 60)
    TileRenderer.next_screen()
    QApplication.processEvents()
    assert TileRenderer._screen == 2
    assert sorted(key[1] for key in TileRenderer._pixmaps) == ["5D", "7D"]  # 6D went
    assert sorted(TileRenderer._svgs) == [("classic", "5D"), ("classic", "7D")]  # its SVG too
    assert TileRenderer._bytes == 75 * 100 * 4 + 45 * 60 * 4
    renderer.pixmap("7D", 60)  # drawn on screen 2; 5D last on screen 1
    with pytest.raises(KeyError):
        renderer.pixmap("10B", 60)  # no such face: nothing kept of it
    assert TileRenderer.new_screen() == 1 and [k[1] for k in TileRenderer._pixmaps] == ["7D"]
    assert TileRenderer.new_screen() == 1 and TileRenderer._bytes == 0
    assert not TileRenderer._svgs  # no face kept: no parsed SVG either
    assert TileRenderer.new_screen() == 0
    again = renderer.pixmap("5D", 100)
    assert again.cacheKey() != first.cacheKey()  # rendered again: the same pixels
    assert again.toImage() == first.toImage()
    TileRenderer.clear_cache()
    assert not TileRenderer._used


def test_the_face_budget_is_one_screen_of_the_windows_shown(qapp: object) -> None:
    """Every face a window draws fits (they lie side by side on it), and no more: faces of
    other sizes go (a fixed 48 MB kept 74 table sizes, issue 15)."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QWidget

    def shown() -> float:
        return sum(w.width() * w.height() * w.devicePixelRatio() ** 2
                   for w in QGuiApplication.topLevelWindows() if w.isVisible())

    before = shown()
    window = QWidget()
    window.resize(1500, 1000)
    window.show()
    try:
        handle = window.windowHandle()
        assert handle is not None and handle.width() * handle.height() >= 1000 * 600
        pixels = handle.width() * handle.height() * handle.devicePixelRatio() ** 2
        assert tilepaint.cache_budget() == int(4 * (before + pixels)) > tilepaint.CACHE_BYTES
    finally:
        window.close()
    assert tilepaint.cache_budget() == max(tilepaint.CACHE_BYTES, int(4 * before))


def test_unknown_theme_or_face_is_a_key_error(qapp: object) -> None:
    with pytest.raises(KeyError):
        TileRenderer("neon")
    with pytest.raises(KeyError):
        TileRenderer("classic").pixmap("10B", 48)
    with pytest.raises(ValueError):
        TileRenderer("classic").pixmap("1B", 0)


def test_register_fonts_adds_the_shipped_families(qapp: object) -> None:
    families = register_fonts()
    assert {"Noto Sans", "Noto Sans Devanagari"} <= set(families)
    assert register_fonts() == families


def test_shipped_fonts_are_small_and_licensed() -> None:
    fonts = resource_dir() / "fonts"
    files = sorted(fonts.glob("*.[ot]tf"))
    assert len(files) == 5
    assert all(f.stat().st_size < 200_000 for f in files)
    assert "SIL OPEN FONT LICENSE Version 1.1" in (fonts / "OFL.txt").read_text(encoding="utf-8")
    assert "fonts-noto-cjk" in (fonts / "SOURCES.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------- contact sheet


def test_sheet_rows_follow_the_ruleset() -> None:
    american = [c for row in render_cmd.sheet_rows("american") for c in row]
    wsm = [c for row in render_cmd.sheet_rows("wsm") for c in row]
    assert set(AMERICAN) <= set(american) and "J_alt2" in american
    assert set(RECIPES.sets["wsm"]) <= set(wsm)
    assert not {"J", "F1", "WD0"} & set(wsm)
    with pytest.raises(ValueError):
        render_cmd.sheet_rows("riichi")


def test_render_tiles_command_writes_a_sheet(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    status = render_cmd.main(["--tiles", "--theme", "colourblind", "--out", str(out),
                              "--ruleset", "wsm", "--height", "24,48"])
    assert status == 0
    sheet = QImage(str(out))
    # 9 columns of at least a 48 px tile's width; two blocks of 5 rows of tiles.
    assert sheet.width() >= 9 * tile_width(48)
    assert sheet.height() >= 5 * (24 + 48)
    with pytest.raises(SystemExit):
        render_cmd.main(["--tiles", "--out", str(out), "--height", "4"])


def test_font_subsets_keep_what_the_languages_need() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    fonts = resource_dir() / "fonts"
    for name in ("NotoSansDevanagari-Regular-ui.ttf", "NotoSansDevanagari-Bold-ui.ttf"):
        font = ttlib.TTFont(fonts / name)
        cmap = font.getBestCmap()
        assert all(cp in cmap for cp in range(0x0900, 0x0980)), name  # the whole block
        gsub = {r.FeatureTag for r in font["GSUB"].table.FeatureList.FeatureRecord}
        gpos = {r.FeatureTag for r in font["GPOS"].table.FeatureList.FeatureRecord}
        assert {"akhn", "half", "rphf", "blwf", "pres", "abvs", "blws", "psts", "nukt"} <= gsub
        assert {"abvm", "blwm"} <= gpos
    for name in ("NotoSans-Regular-ui.ttf", "NotoSans-Bold-ui.ttf"):
        cmap = ttlib.TTFont(fonts / name).getBestCmap()
        assert all(ord(c) in cmap for c in "¿¡ñáéíóúüÄÖÜß«»–—…€"), name
    cjk = ttlib.TTFont(fonts / "NotoSansCJKtc-Bold-tiles.otf").getBestCmap()
    assert all(ord(c) in cjk for c in "一二三四五六七八九萬東南西北中發")
