"""Stand-in for PyInstaller's bootstrap module ``pyimod03_ctypes`` (issue 21, frozen start-up).

``packaging/tilewise.spec`` puts this file into the executable's archive under that name.
PyInstaller's bootstrap calls ``pyimod03_ctypes.install()`` at every start, and PyInstaller's
own ``install`` imports ctypes right there, to wrap ``ctypes.CDLL`` and its kin so that a
library named by a path that does not exist is looked for in the bundle folder. Importing
ctypes (``_ctypes``, libffi, its classes) was about 5 ms of CPU of the frozen app's start
before its first paint; the app uses ctypes only later (``tilewise.gui.memory``: glibc's
``malloc_trim``) and the bare window never.

This ``install`` wraps ctypes as PyInstaller does, but at its first import: a finder first on
``sys.meta_path`` that finds nothing for any other name. For ``ctypes`` it leaves
``sys.meta_path``, finds the spec the finders after it find (so ctypes comes from where it
would have), and has its loader run PyInstaller's ``install`` (PyInstaller's module,
collected into the archive as :data:`HOOKS`) right after ctypes is executed, before the
import returns it. Without ctypes in the bundle (the bare window) that import fails as it
would have and nothing is installed.

It runs inside PyInstaller's bootstrap, before the import system is complete: it imports
``sys`` only (at the first ctypes import, the hooks module from the archive).
"""

import sys

TYPE_CHECKING = False  # not typing's: nothing more is imported during the bootstrap
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

HOOKS = "_pyi_ctypes_hooks"  # PyInstaller's loader/pyimod03_ctypes.py, as the spec collects it


class FirstCtypesImport:
    """The ``sys.meta_path`` finder that puts PyInstaller's ctypes hooks off until ctypes is
    first imported (see the module's docstring)."""

    @classmethod
    def find_spec(cls, name: str, path: object = None,
                  target: "ModuleType | None" = None) -> "ModuleSpec | None":
        if name != "ctypes":
            return None
        sys.meta_path.remove(cls)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec: ModuleSpec | None = find(name, path, target) if find is not None else None
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        execute = loader.exec_module

        def exec_module(module: "ModuleType") -> None:
            execute(module)
            __import__(HOOKS).install()

        loader.exec_module = exec_module  # type: ignore[method-assign]  # this loader only
        return spec


def install() -> None:
    """Called by PyInstaller's bootstrap: wrap ctypes at its first import, not now."""
    if FirstCtypesImport not in sys.meta_path:
        sys.meta_path.insert(0, FirstCtypesImport)
