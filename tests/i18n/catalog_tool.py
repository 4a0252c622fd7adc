"""Test helpers: load i18n/catalogs.py and compile the UI catalogs into a private folder."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def load_catalogs_tool() -> ModuleType:
    """Import ``i18n/catalogs.py`` (a script, not a package module)."""
    name = "tilewise_i18n_catalogs_tool"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "i18n" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def compile_ui_catalogs(dest: Path) -> Path:
    """Compile every ``i18n/<lang>/LC_MESSAGES/tilewise.po`` to ``dest/<lang>/...mo``."""
    for po in sorted((ROOT / "i18n").glob("*/LC_MESSAGES/tilewise.po")):
        lang = po.parent.parent.name
        with po.open("rb") as fileobj:
            catalog = read_po(fileobj, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        out = dest / lang / "LC_MESSAGES" / "tilewise.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(buf.getvalue())
    return dest


def read_ui_catalog(lang: str):  # type: ignore[no-untyped-def]
    """The parsed ``i18n/<lang>/LC_MESSAGES/tilewise.po``."""
    with (ROOT / "i18n" / lang / "LC_MESSAGES" / "tilewise.po").open("rb") as fileobj:
        return read_po(fileobj, locale=lang)
