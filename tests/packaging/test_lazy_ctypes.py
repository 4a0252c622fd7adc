"""The frozen bootstrap's ctypes stand-in (``packaging/hooks/lazy_ctypes.py``, issue 21): ctypes
is no longer imported at start, and PyInstaller's ctypes hooks are installed at its first
import, exactly once, before the import returns it.

Run here without freezing, in fresh interpreters: the stand-in is loaded as the bootstrap loads
it (module ``pyimod03_ctypes``, then ``install()``), with the hooks module either a recorder or
PyInstaller's own ``loader/pyimod03_ctypes.py`` under the name the spec gives it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.conftest import PACKAGING

STAND_IN = PACKAGING / "hooks" / "lazy_ctypes.py"

BOOT = """
import importlib.util, json, sys
sys.path.insert(0, {hooks_dir!r})
spec = importlib.util.spec_from_file_location("pyimod03_ctypes", {stand_in!r})
boot = importlib.util.module_from_spec(spec)
sys.modules["pyimod03_ctypes"] = boot
spec.loader.exec_module(boot)
boot.install()
boot.install()  # a second call adds no second finder
report = {{"finders": sys.meta_path.count(boot.FirstCtypesImport),
           "at_start": "ctypes" in sys.modules}}
"""

RECORDER = """
import ctypes, sys
sys.modules[__name__].calls = getattr(sys.modules[__name__], "calls", 0)


def install():
    sys.modules[__name__].calls += 1
    sys.modules[__name__].saw_cdll = hasattr(ctypes, "CDLL")  # ctypes was whole by then
"""


def _run(code: str, hooks_dir: Path) -> dict[str, object]:
    script = BOOT.format(hooks_dir=str(hooks_dir), stand_in=str(STAND_IN)) + code
    script += "\nprint(json.dumps(report))\n"
    result = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True,
                            text=True, timeout=60, check=True)
    report: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return report


def test_ctypes_waits_for_its_first_import_and_is_hooked_once(tmp_path: Path) -> None:
    (tmp_path / "_pyi_ctypes_hooks.py").write_text(RECORDER)
    report = _run("""
import decimal, json  # other imports pass the finder untouched
report["after_others"] = "ctypes" in sys.modules or "_pyi_ctypes_hooks" in sys.modules
import ctypes.util
import ctypes
hooks = sys.modules["_pyi_ctypes_hooks"]
report.update(calls=hooks.calls, saw_cdll=hooks.saw_cdll,
              finders_after=sys.meta_path.count(boot.FirstCtypesImport),
              loaded_from=type(ctypes.__spec__.loader).__name__)
""", tmp_path)
    assert report == {"finders": 1, "at_start": False, "after_others": False, "calls": 1,
                      "saw_cdll": True, "finders_after": 0, "loaded_from": "SourceFileLoader"}


def test_without_ctypes_the_import_fails_as_before_and_nothing_is_hooked(tmp_path: Path) -> None:
    (tmp_path / "_pyi_ctypes_hooks.py").write_text(RECORDER)
    report = _run("""
sys.meta_path[:] = [boot.FirstCtypesImport]  # no other finder: a bundle without ctypes
try:
    import ctypes
    report["imported"] = True
except ImportError:
    report["imported"] = False
report.update(hooks_loaded="_pyi_ctypes_hooks" in sys.modules,
              finders_after=sys.meta_path.count(boot.FirstCtypesImport))
""", tmp_path)
    assert report == {"finders": 1, "at_start": False, "imported": False, "hooks_loaded": False,
                      "finders_after": 0}


def test_pyinstallers_own_hooks_are_installed_at_the_first_import(tmp_path: Path) -> None:
    """PyInstaller's module, under the spec's name: ctypes.CDLL is its class afterwards and a
    library named by a path that does not exist is looked for in the bundle folder."""
    pytest.importorskip("PyInstaller", reason="PyInstaller is a release dependency (.[release])")
    from PyInstaller.depend.analysis import get_bootstrap_modules

    from tests.packaging.conftest import load_by_path

    bundle = load_by_path("tilewise_bundle", PACKAGING / "bundle.py")
    source = Path(bundle.bootstrap_source(get_bootstrap_modules(), "pyimod03_ctypes"))
    (tmp_path / "_pyi_ctypes_hooks.py").write_text(source.read_text(encoding="utf-8"))
    import _ctypes

    library = Path(getattr(_ctypes, "__file__", ""))  # a shared library that surely loads
    if not library.is_file():
        pytest.skip("_ctypes is built into this interpreter")
    report = _run(f"""
sys._MEIPASS = {str(library.parent)!r}  # the bundle folder, as the bootloader sets it
import ctypes
report["cdll_from"] = ctypes.CDLL.__module__
report["found_in_bundle"] = ctypes.CDLL({"/no/such/folder/" + library.name!r})._name
""", tmp_path)
    assert report == {"finders": 1, "at_start": False, "cdll_from": "_pyi_ctypes_hooks",
                      "found_in_bundle": str(library)}


def test_a_changed_pyinstaller_bootstrap_stops_the_build() -> None:
    from tests.packaging.conftest import load_by_path

    bundle = load_by_path("tilewise_bundle", PACKAGING / "bundle.py")
    toc = [("struct", "/x/struct.pyc", "PYMODULE"), ("pyimod03_ctypes", "/x/c.pyc", "PYMODULE"),
           ("pyiboot01_bootstrap", "/x/boot.py", "PYSOURCE")]
    assert bundle.replace_bootstrap_module(toc, "pyimod03_ctypes", "/y/lazy.pyc") == [
        ("struct", "/x/struct.pyc", "PYMODULE"), ("pyimod03_ctypes", "/y/lazy.pyc", "PYMODULE"),
        ("pyiboot01_bootstrap", "/x/boot.py", "PYSOURCE")]
    assert bundle.bootstrap_source(toc, "pyimod03_ctypes") == "/x/c.pyc"
    with pytest.raises(LookupError, match="pyimod04"):
        bundle.replace_bootstrap_module(toc, "pyimod04_ctypes", "/y/lazy.pyc")
    with pytest.raises(LookupError, match="pyiboot01_bootstrap"):
        bundle.bootstrap_source(toc, "pyiboot01_bootstrap")  # a script, not a module
