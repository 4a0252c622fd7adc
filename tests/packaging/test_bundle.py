"""What the frozen bundle holds: spec wiring, Qt filters, pruning, metadata (fast, no freezing)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from tests.packaging.conftest import PACKAGING, ROOT


def _run_spec(args: list[str], workpath: Path) -> dict[str, Any]:
    """Execute packaging/tilewise.spec with PyInstaller's build objects replaced by recorders
    (a PYZ holds PyInstaller's bootstrap modules, as the real one does; what the spec compiles
    goes under ``workpath``)."""
    from PyInstaller.depend.analysis import get_bootstrap_modules

    calls: dict[str, Any] = {}

    def recorder(kind: str) -> Any:
        def make(*a: Any, **kw: Any) -> SimpleNamespace:
            calls[kind] = SimpleNamespace(args=a, kwargs=kw)
            if kind == "Analysis":
                toc = [(f"{dest}/{Path(src).name}", src, "DATA") for src, dest in kw["datas"]]
                return SimpleNamespace(binaries=[], datas=toc, pure=[], scripts=[])
            if kind == "PYZ":
                return SimpleNamespace(dependencies=list(get_bootstrap_modules()))
            return SimpleNamespace()
        return make

    namespace: dict[str, Any] = {name: recorder(name)
                                 for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(PACKAGING), __file__=str(PACKAGING / "tilewise.spec"),
                     workpath=str(workpath))
    saved = sys.argv
    sys.argv = [str(PACKAGING / "tilewise.spec"), *args]
    try:
        code = compile((PACKAGING / "tilewise.spec").read_text(), "tilewise.spec", "exec")
        exec(code, namespace)
    finally:
        sys.argv = saved
    calls["namespace"] = namespace
    return calls


@pytest.fixture(scope="module")
def spec_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pytest.importorskip("PyInstaller", reason="PyInstaller is a release dependency (.[release])")
    return _run_spec([], tmp_path_factory.mktemp("spec"))


def test_spec_reads_name_and_version_from_pyproject(spec_run: dict[str, Any]) -> None:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        project = tomllib.load(fh)["project"]
    meta = spec_run["namespace"]["META"]
    assert (meta.name, meta.version) == (project["name"], project["version"])


def test_project_metadata_follows_the_file(bundle: ModuleType, tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "tilewise"\nversion = "9.8.7"\ndescription = "d"\n')
    assert bundle.project_metadata(pyproject) == bundle.Metadata("tilewise", "9.8.7", "d")
    pyproject.write_text('[project]\nname = "tilewise"\ndynamic = ["version"]\n')
    with pytest.raises(KeyError):
        bundle.project_metadata(pyproject)


def test_spec_is_one_folder_stripped_without_network_or_build_tools(spec_run: dict[str, Any]) -> None:
    exe, coll = spec_run["EXE"].kwargs, spec_run["COLLECT"].kwargs
    assert exe["exclude_binaries"] is True  # one folder: binaries go to COLLECT, not into the exe
    assert exe["strip"] is True and coll["strip"] is True
    excludes = set(spec_run["Analysis"].kwargs["excludes"])
    assert {"PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "babel", "pytest",
            "hypothesis"} <= excludes
    hidden = spec_run["Analysis"].kwargs["hiddenimports"]
    assert "tilewise.gui.app" in hidden or not (ROOT / "desktop/tilewise/gui/app.py").exists()
    assert not [name for name in hidden if "tileart" in name]  # build-time generator stays out
    assert not list((ROOT / "desktop/tilewise").rglob("tileart.py"))  # ... and outside the package


def test_spec_bundles_app_files_and_only_shipped_qt_catalogs(spec_run: dict[str, Any]) -> None:
    datas = spec_run["Analysis"].kwargs["datas"]
    qt = sorted(Path(src).name for src, dest in datas if dest == "PySide6/Qt/translations")
    assert qt == ["qt_de.qm", "qt_en.qm", "qt_es.qm", "qtbase_de.qm", "qtbase_en.qm", "qtbase_es.qm"]
    dests = {dest for _src, dest in datas}
    icons = "resources/icons/hicolor/scalable/apps"
    assert icons in dests
    assert not any(src.endswith((".po", ".pot", ".py")) for src, _dest in datas)


def test_bare_window_is_frozen_with_the_same_excludes(spec_run: dict[str, Any],
                                                     tmp_path: Path) -> None:
    bare = _run_spec(["--bare"], tmp_path)
    assert bare["Analysis"].args[0][0].endswith("bare_window.py")
    assert bare["Analysis"].kwargs["excludes"] == spec_run["Analysis"].kwargs["excludes"]
    assert bare["Analysis"].kwargs["runtime_hooks"] == spec_run["Analysis"].kwargs["runtime_hooks"]
    assert bare["EXE"].kwargs["strip"] is True


def test_ctypes_waits_for_its_first_import_in_both_bundles(spec_run: dict[str, Any],
                                                           tmp_path: Path) -> None:
    """The bootstrap's pyimod03_ctypes is the stand-in (tests/packaging/test_lazy_ctypes.py),
    in its place; PyInstaller's own module goes into the archive as the hooks it installs."""
    import marshal

    from PyInstaller.depend.analysis import get_bootstrap_modules

    for run in (spec_run, _run_spec(["--bare"], tmp_path)):
        (pure,), _ = run["PYZ"].args, run["PYZ"].kwargs
        hooks = [entry for entry in pure if entry[0] == "_pyi_ctypes_hooks"]
        assert len(hooks) == 1 and hooks[0][1].endswith(("loader/pyimod03_ctypes.py",
                                                         "loader\\pyimod03_ctypes.py"))
        deps = run["namespace"]["pyz"].dependencies
        names = [name for name, _path, _kind in deps]
        assert names == [name for name, _path, _kind in get_bootstrap_modules()]
        stand_in = next(path for name, path, _kind in deps if name == "pyimod03_ctypes")
        assert "tilewise-localpycs" in stand_in
        code = marshal.loads(Path(stand_in).read_bytes()[16:])  # after the .pyc header
        assert "FirstCtypesImport" in code.co_names


def test_qt_has_no_hindi_catalog() -> None:
    """Why hi is missing from the bundle's Qt catalogs: Qt itself ships none."""
    pyside = pytest.importorskip("PySide6")
    translations = Path(pyside.__file__).parent / "Qt" / "translations"
    assert (translations / "qtbase_de.qm").exists()
    assert not list(translations.glob("qt*_hi.qm"))


@pytest.mark.parametrize(("dest", "kept"), [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
    ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
    ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
    ("PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so", False),
    ("PySide6/plugins/platforms/qwindows.dll", True),
    ("PySide6/Qt/lib/libQt6Network.so.6", False),
    ("libQt6Network.so.6", False),
    ("PySide6/Qt/lib/libQt6Qml.so.6", False),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
    ("PySide6/QtNetwork.abi3.so", False),
    ("PySide6/QtWidgets.abi3.so", True),
    ("PySide6/QtSvg.abi3.so", True),
])
def test_keep_binary(bundle: ModuleType, dest: str, kept: bool) -> None:
    assert bundle.keep_binary(dest) is kept


@pytest.mark.parametrize(("dest", "kept"), [
    ("PySide6/Qt/translations/qtbase_de.qm", True),
    ("PySide6/Qt/translations/qt_es.qm", True),
    ("PySide6/Qt/translations/qtbase_fr.qm", False),
    ("PySide6/Qt/translations/qtdeclarative_de.qm", False),
    ("PySide6/Qt/translations/qt_help_de.qm", False),
    ("PySide6/Qt/qml/QtQuick/qmldir", False),
    ("lessons/core/po/de.mo", True),
    ("lessons/core/po/de.po", False),
    ("i18n/de/LC_MESSAGES/tilewise.mo", True),
    ("resources/tiles/classic/1B.svg", True),
])
def test_keep_data(bundle: ModuleType, dest: str, kept: bool) -> None:
    assert bundle.keep_data(dest) is kept


def test_prune_drops_libraries_only_dropped_plugins_needed(bundle: ModuleType) -> None:
    toc = [
        ("PySide6/QtWidgets.abi3.so", "/s/QtWidgets.abi3.so", "EXTENSION"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/s/libqxcb.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/s/libQt6Widgets.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/s/libQt6XcbQpa.so.6", "BINARY"),
        ("libQt6XcbQpa.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6", "SYMLINK"),
        ("libxcb-cursor.so.0", "/usr/lib/libxcb-cursor.so.0", "BINARY"),
        ("libcairo.so.2", "/usr/lib/libcairo.so.2", "BINARY"),  # only the dropped gtk3 theme
        ("libpython3.11.so.1.0", "/py/libpython3.11.so.1.0", "BINARY"),
        ("base_library.zip", "/b/base_library.zip", "DATA"),
    ]
    needed = {
        "/s/QtWidgets.abi3.so": ["libQt6Widgets.so.6"],
        "/s/libqxcb.so": ["libQt6XcbQpa.so.6"],
        "/s/libQt6XcbQpa.so.6": ["libxcb-cursor.so.0", "libc.so.6"],
    }
    kept = bundle.prune_unreachable(toc, lambda src: needed.get(src, []))
    assert [dest for dest, _s, _k in kept] == [
        "PySide6/QtWidgets.abi3.so", "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/lib/libQt6Widgets.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "libQt6XcbQpa.so.6", "libxcb-cursor.so.0", "libpython3.11.so.1.0", "base_library.zip",
    ]


def test_dangling_symlinks_are_dropped(bundle: ModuleType) -> None:
    toc = [("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
           ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
           ("PySide6/Qt/lib/x.so", "../../y.so", "SYMLINK")]
    present = {"PySide6/Qt/lib/libQt6Gui.so.6", "PySide6/y.so"}
    assert [d for d, _s, _k in bundle.drop_dangling_symlinks(toc, present)] == [
        "libQt6Gui.so.6", "PySide6/Qt/lib/x.so"]


def test_shipped_languages_match_the_app(bundle: ModuleType) -> None:
    i18n = pytest.importorskip("tilewise.i18n")
    if not hasattr(i18n, "LANGUAGES"):
        pytest.skip("tilewise.i18n.LANGUAGES does not exist yet")
    assert set(bundle.LANGUAGES) == set(i18n.LANGUAGES)


def test_metainfo_release_matches_pyproject(build: ModuleType) -> None:
    build.check_metainfo_version(build.bundle.project_metadata().version)
    with pytest.raises(build.ReleaseError, match="pyproject says 0.0.0-not-this"):
        build.check_metainfo_version("0.0.0-not-this")


def test_installed_files_are_valid(build: ModuleType, tmp_path: Path) -> None:
    """The desktop entry and AppStream metainfo pass desktop-file-validate / appstreamcli."""
    import shutil

    missing = [t for t in ("desktop-file-validate", "appstreamcli") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{missing} not installed (bash packaging/release-deps.sh)")
    build._copy_desktop_files(tmp_path / "share")
    build.validate_desktop_files(tmp_path / "share")
    assert (tmp_path / "share/icons/hicolor/256x256/apps/org.tilewise.Tilewise.png").is_file()
    desktop = (tmp_path / "share/applications/org.tilewise.Tilewise.desktop").read_text()
    assert "Icon=org.tilewise.Tilewise" in desktop and "Exec=tilewise" in desktop


def test_packaging_is_not_importable() -> None:
    assert not (PACKAGING / "__init__.py").exists()


def test_app_imports_no_excluded_module(bundle: ModuleType) -> None:
    """Every tilewise module imports without QtNetwork or any other module the spec excludes.

    Run in a fresh interpreter so that other tests' imports do not count. An excluded module
    the app needs would crash the frozen app; QtNetwork in particular must never be needed.
    """
    import json
    import os
    import subprocess

    pytest.importorskip("PySide6")
    code = (
        "import importlib, json, pkgutil, sys, tilewise\n"
        "failed = []\n"
        f"skip = {list(bundle.BUILD_TIME_MODULES)!r}\n"
        "for m in pkgutil.walk_packages(tilewise.__path__, 'tilewise.'):\n"
        "    if m.name.endswith('__main__') or m.name in skip:\n"
        "        continue\n"
        "    try:\n"
        "        importlib.import_module(m.name)\n"
        "    except Exception as e:\n"
        "        failed.append(f'{m.name}: {e!r}')\n"
        "print(json.dumps({'modules': sorted(sys.modules), 'failed': failed}))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, cwd=ROOT, timeout=120, check=True)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    loaded = set(report["modules"])
    assert "PySide6.QtNetwork" not in loaded
    excluded = set(bundle.EXCLUDED_MODULES) - set(bundle.BUILD_TIME_MODULES)
    excluded -= bundle.EXCLUDED_WITH_FALLBACK
    assert sorted(loaded & excluded) == []
    assert report["failed"] == []
