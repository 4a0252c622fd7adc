"""What goes into the frozen Tilewise bundle, in one place, read by the spec, build.py and tests.

This file is loaded by path (``packaging/`` is never an importable package: ``packaging`` is a
PyPI name). It imports only the standard library, so the PyInstaller spec, ``build.py`` and the
tests can all read it.

Bundle layout (one folder, PyInstaller 6): ``<bundle>/tilewise`` (the executable) and
``<bundle>/_internal/`` (``sys._MEIPASS``) holding ``lessons/``, ``resources/``, ``i18n/`` and
``PySide6/Qt/{lib,plugins,translations}``.
"""

from __future__ import annotations

import posixpath
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"

APP_ID = "org.tilewise.Tilewise"
EXECUTABLE = "tilewise"

# Languages the app ships (tilewise.i18n.LANGUAGES; a test checks they agree once it exists).
LANGUAGES: tuple[str, ...] = ("en", "es", "de", "hi")
# Qt ships no Hindi catalog (there is no qtbase_hi.qm or qt_hi.qm in Qt 6): Hindi learners see
# Qt's few built-in strings (standard dialog buttons) in English.
QT_CATALOG_PREFIXES: tuple[str, ...] = ("qtbase", "qt")

# Modules of the package that are build-time tools, never imported by the running app: left
# out of the bundle (with what only they need). None today: the tile-face generator lives outside
# the package, in resources/tiles/tileart.py, and fontTools (its only user) is excluded below.
BUILD_TIME_MODULES: tuple[str, ...] = ()

# Python modules the app never uses. Qt modules first: the app is Widgets + Svg only, and it has
# no network code at all, so QtNetwork must never be in the bundle (tests check the bundle).
EXCLUDED_QT_MODULES: tuple[str, ...] = (
    "QtNetwork", "QtQml", "QtQuick", "QtQuickControls2", "QtQuickWidgets", "QtQuickTest",
    "QtQmlFeatures", "Qt3DCore", "Qt3DRender", "Qt3DInput", "Qt3DLogic", "Qt3DAnimation",
    "Qt3DExtras", "QtWebEngineCore", "QtWebEngineWidgets", "QtWebEngineQuick", "QtWebChannel",
    "QtWebSockets", "QtMultimedia", "QtMultimediaWidgets", "QtSql", "QtTest", "QtDesigner",
    "QtHelp", "QtUiTools", "QtOpenGL", "QtOpenGLWidgets", "QtPrintSupport", "QtXml", "QtDBus",
    "QtConcurrent", "QtLabsStyleKit", "QtBluetooth", "QtNfc", "QtPositioning", "QtLocation",
    "QtSerialPort", "QtRemoteObjects", "QtCharts", "QtDataVisualization", "QtGraphs",
    "QtPdf", "QtPdfWidgets", "QtSpatialAudio", "QtTextToSpeech", "QtHttpServer", "QtScxml",
    "QtSensors", "QtStateMachine",
)
EXCLUDED_MODULES: tuple[str, ...] = tuple(f"PySide6.{m}" for m in EXCLUDED_QT_MODULES) + (
    # build-time and test-time tools
    "babel", "pytest", "_pytest", "pytestqt", "hypothesis", "coverage", "mypy", "ruff",
    "importlinter", "grimp", "fontTools", "PyInstaller", "setuptools", "pip", "wheel",
    "tests", "tkinter", "_tkinter", "pydoc_data", "lib2to3", "ensurepip", "idlelib",
    # no network code, so no TLS: this also drops OpenSSL's libcrypto (4.7 MB). hashlib keeps
    # working without _hashlib (CPython falls back to its built-in sha2/md5/blake2 modules).
    "ssl", "_ssl", "_hashlib",
    # no process pools: multiprocessing came in only through asyncio -> concurrent.futures
    # (lxml, typing_extensions), and in the bundle PyInstaller's runtime hook for it imported
    # it at every start (about 9 ms of the frozen start-up, issue 21)
    "multiprocessing", "concurrent.futures.process",
) + BUILD_TIME_MODULES

# Excluded modules the app may still import indirectly, harmlessly (a fallback exists).
EXCLUDED_WITH_FALLBACK: frozenset[str] = frozenset({"_hashlib"})

# Shared libraries that must not be in the bundle (Qt libraries of excluded modules). Matched
# against the file name, so ``libQt6Network.so.6`` and ``Qt6Network.dll`` both count.
EXCLUDED_QT_LIBRARIES: tuple[str, ...] = (
    "Qt6Network", "Qt6Qml", "Qt6Quick", "Qt6Pdf", "Qt6WebEngine", "Qt6Multimedia", "Qt63D",
    "Qt6Sql", "Qt6Test", "Qt6Designer", "Qt6Help", "Qt6VirtualKeyboard", "Qt6Labs",
    "Qt6WaylandCompositor",
)

# Qt plugins kept, by "<type>/<file stem without lib prefix>"; every other plugin is dropped.
# Widgets + SVG need: platforms (xcb for X11, wayland, offscreen for the self-test and CI),
# the SVG image format and icon engine (PNG is built into QtGui), xcb's GL integrations and
# Wayland's shell/decoration/graphics plugins (without them those platforms do not start),
# and the compose/ibus input contexts (dead keys for es/de, input methods for Hindi).
KEPT_QT_PLUGINS: frozenset[str] = frozenset({
    "platforms/qxcb", "platforms/qoffscreen", "platforms/qwayland",
    "imageformats/qsvg", "iconengines/qsvgicon",
    "xcbglintegrations/qxcb-glx-integration", "xcbglintegrations/qxcb-egl-integration",
    "wayland-shell-integration/xdg-shell",
    "wayland-decoration-client/bradient",
    "wayland-graphics-integration-client/qt-plugin-wayland-egl",
    "wayland-graphics-integration-client/shm-emulation-server",
    "platforminputcontexts/composeplatforminputcontextplugin",
    "platforminputcontexts/ibusplatforminputcontextplugin",
    # Windows / macOS equivalents (same role; used by the CI builds)
    "platforms/qwindows", "platforms/qcocoa", "styles/qmodernwindowsstyle", "styles/qmacstyle",
})

# Debian packages the frozen app needs from the system (Qt's wheel brings Qt itself; X11/xcb,
# GL, fonts and D-Bus come from the distribution). Same list as packaging/system-deps.sh gui.
DEB_DEPENDS: tuple[str, ...] = (
    "libegl1", "libgl1", "libxkbcommon0", "libfontconfig1", "libfreetype6", "libdbus-1-3",
    "libglib2.0-0", "libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-image0",
    "libxcb-render-util0", "libxcb-shape0", "libxcb-xinerama0", "libxcb-xkb1",
    "libxkbcommon-x11-0", "libxcb-randr0", "hicolor-icon-theme",
)


@dataclass(frozen=True)
class Metadata:
    """Project name, version and one-line summary, read from ``pyproject.toml`` [project]."""

    name: str
    version: str
    description: str


def project_metadata(pyproject: Path = PYPROJECT) -> Metadata:
    """Read ``[project] name/version/description`` from ``pyproject`` (tomllib).

    Raises ``KeyError`` when ``name`` or ``version`` is missing (a dynamic version is not
    supported: the installers need a literal one).
    """
    with pyproject.open("rb") as fh:
        project = tomllib.load(fh)["project"]
    return Metadata(
        name=str(project["name"]),
        version=str(project["version"]),
        description=str(project.get("description", "")),
    )


def _parts(dest: str) -> tuple[str, ...]:
    return PurePosixPath(dest.replace("\\", "/")).parts


def qt_plugin_key(dest: str) -> str | None:
    """``"<type>/<stem>"`` for a Qt plugin at bundle path ``dest``, or None if it is not one.

    ``PySide6/Qt/plugins/platforms/libqxcb.so`` -> ``"platforms/qxcb"``;
    ``PySide6/plugins/platforms/qwindows.dll`` -> ``"platforms/qwindows"``.
    """
    parts = _parts(dest)
    if "plugins" not in parts or parts[0] != "PySide6":
        return None
    i = parts.index("plugins")
    if len(parts) != i + 3:
        return None
    name = parts[i + 2]
    stem = name.split(".")[0]
    if stem.startswith("lib"):
        stem = stem[3:]
    return f"{parts[i + 1]}/{stem}"


def keep_binary(dest: str) -> bool:
    """Whether a binary at bundle path ``dest`` belongs in the bundle (plugins and Qt libraries)."""
    key = qt_plugin_key(dest)
    if key is not None:
        return key in KEPT_QT_PLUGINS
    name = _parts(dest)[-1]
    if any(lib in name for lib in EXCLUDED_QT_LIBRARIES):
        return False
    stem = name.split(".")[0]
    return not (_parts(dest)[0] == "PySide6" and stem in EXCLUDED_QT_MODULES)


def keep_qt_translation(name: str) -> bool:
    """Whether Qt's catalog file ``name`` (e.g. ``qtbase_de.qm``) is for a shipped language."""
    if not name.endswith(".qm") or "_" not in name:
        return False
    prefix, lang = name[: -len(".qm")].rsplit("_", 1)
    return prefix in QT_CATALOG_PREFIXES and lang in LANGUAGES


def keep_data(dest: str) -> bool:
    """Whether a data file at bundle path ``dest`` belongs in the bundle.

    Drops Qt catalogs other than qtbase/qt for the shipped languages, QML files, and
    translation sources (``.po``/``.pot``; only compiled ``.mo`` ship).
    """
    parts = _parts(dest)
    if parts[0] == "PySide6":
        if "translations" in parts:
            return keep_qt_translation(parts[-1])
        if "qml" in parts:
            return False
    return not parts[-1].endswith((".po", ".pot"))


def app_data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """``(source file, bundle folder)`` pairs for the app's own read-only files.

    ``lessons/`` (pack TOML, assets and compiled ``po/*.mo``), ``resources/`` (tiles, fonts,
    icons, desktop entry) and ``i18n/<lang>/LC_MESSAGES/*.mo``. Sources (``.po``, ``.pot``,
    ``.py`` generators, ``babel.cfg``) stay out. Returns files, not folders, so that an empty
    folder costs nothing and every shipped file is listed.
    """
    pairs: list[tuple[str, str]] = []
    skip_suffixes = (".po", ".pot", ".py", ".pyc", ".cfg")
    for top in ("lessons", "resources"):
        base = root / top
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in skip_suffixes:
                pairs.append((str(path), str(path.parent.relative_to(root))))
    for mo in sorted((root / "i18n").glob("*/LC_MESSAGES/*.mo")):
        pairs.append((str(mo), str(mo.parent.relative_to(root))))
    return pairs


def prune_unreachable(
    entries: list[tuple[str, str, str]], needed: Callable[[str], Iterable[str]]
) -> list[tuple[str, str, str]]:
    """Drop shared libraries that nothing kept in the bundle links to any more.

    ``entries`` are PyInstaller TOC tuples ``(dest, source, typecode)`` after the plugin filter;
    ``needed(source)`` gives the library names a binary links to (ELF NEEDED / ``ldd``).
    PyInstaller adds the dependencies of every plugin before the spec can drop the plugin, so
    without this step e.g. the GTK theme plugin's cairo/pango/atk stay behind. Roots are Python
    extensions, Qt plugins and the Python library; every other binary stays only when a kept
    one links to it (by file name); a symlink stays when its target does.
    """
    def base(dest: str) -> str:
        return _parts(dest)[-1]

    by_name: dict[str, list[int]] = {}
    for i, (dest, _src, _kind) in enumerate(entries):
        by_name.setdefault(base(dest), []).append(i)
    dest_index = {dest: i for i, (dest, _src, _kind) in enumerate(entries)}

    def is_root(entry: tuple[str, str, str]) -> bool:
        dest, _src, kind = entry
        return (
            kind == "EXTENSION"
            or qt_plugin_key(dest) is not None
            or base(dest).startswith("libpython")
        )

    reached: set[int] = set()
    todo = [i for i, e in enumerate(entries) if e[2] in ("BINARY", "EXTENSION") and is_root(e)]
    while todo:
        i = todo.pop()
        if i in reached:
            continue
        reached.add(i)
        dest, src, kind = entries[i]
        if kind == "SYMLINK":
            target = posixpath.normpath(posixpath.join(posixpath.dirname(dest), src))
            j = dest_index.get(target)
            if j is not None:
                todo.append(j)
            continue
        for name in needed(src):
            todo.extend(by_name.get(PurePosixPath(name).name, []))
    return [
        e for i, e in enumerate(entries)
        if e[2] not in ("BINARY", "EXTENSION", "SYMLINK") or i in reached
    ]


def drop_dangling_symlinks(
    entries: list[tuple[str, str, str]], present: set[str]
) -> list[tuple[str, str, str]]:
    """Drop ``SYMLINK`` TOC entries whose target (bundle path) is not in ``present``.

    PyInstaller lists symlinks to Qt libraries among the data files; once a library is left
    out, its link would dangle (and name a module the app must not have, e.g. QtNetwork).
    """
    kept = []
    for dest, src, kind in entries:
        if kind == "SYMLINK":
            target = posixpath.normpath(posixpath.join(posixpath.dirname(dest), src))
            if target not in present:
                continue
        kept.append((dest, src, kind))
    return kept


def bootstrap_source(modules: Iterable[tuple[str, str, str]], name: str) -> str:
    """The source file of PyInstaller's bootstrap module ``name`` in ``modules`` (the TOC of
    ``PyInstaller.depend.analysis.get_bootstrap_modules()``: name, source path, typecode).

    Raises ``LookupError`` when PyInstaller has no such module (an upgrade changed its
    bootstrap): the spec's stand-in for it would then be wrong, and the build stops.
    """
    for entry_name, source, kind in modules:
        if entry_name == name and kind == "PYMODULE":
            return source
    raise LookupError(f"PyInstaller's bootstrap has no module {name!r}")


def replace_bootstrap_module(
    dependencies: list[tuple[str, str, str]], name: str, compiled: str
) -> list[tuple[str, str, str]]:
    """``dependencies`` (a PYZ's bootstrap TOC: name, compiled file, typecode) with module
    ``name``'s compiled file replaced by ``compiled``, in the same place (the bootstrap runs
    them in order). Raises ``LookupError`` when ``name`` is not among them."""
    if not any(entry[0] == name and entry[2] == "PYMODULE" for entry in dependencies):
        raise LookupError(f"PyInstaller's bootstrap has no module {name!r}")
    return [(n, compiled, kind) if n == name and kind == "PYMODULE" else (n, path, kind)
            for n, path, kind in dependencies]
