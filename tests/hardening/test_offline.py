"""Tilewise never reaches the network: no module under desktop/ imports networking code, and
the running app (``tilewise --self-test``: every pack, every step, every language) loads no
networking module of Qt or of the standard library.

(tests/conftest.py also blocks every INET socket in every test.)
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "desktop"

# Imports that mean network code (top-level names, or exact dotted modules).
FORBIDDEN_TOP = {
    "socket", "ssl", "http", "urllib", "ftplib", "smtplib", "poplib", "imaplib", "nntplib",
    "telnetlib", "xmlrpc", "socketserver", "asyncio", "requests", "httpx", "aiohttp",
    "websockets", "websocket", "urllib3",
}
FORBIDDEN_QT = ("QtNetwork", "QtWebSockets", "QtWebEngine", "QtWebChannel", "QtWebView",
                "QtRemoteObjects", "QtHttpServer", "QtNetworkAuth")
# Loaded by the running app = networking in use. (``socket`` itself is imported by the standard
# library's logging.handlers and subprocess and is blocked at run time instead; ``urllib.parse``
# is plain string handling.)
FORBIDDEN_LOADED = ("ssl", "http.client", "urllib.request", "ftplib", "smtplib", "xmlrpc.client",
                    "asyncio", "socketserver")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_module_under_desktop_imports_networking_code() -> None:
    offenders = []
    files = sorted(DESKTOP.rglob("*.py"))
    assert len(files) > 20
    for path in files:
        for name in imported_modules(path):
            if name.split(".")[0] in FORBIDDEN_TOP or any(q in name for q in FORBIDDEN_QT):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
        text = path.read_text(encoding="utf-8")
        offenders += [f"{path.relative_to(ROOT)}: mentions {q}" for q in FORBIDDEN_QT if q in text]
        offenders += [f"{path.relative_to(ROOT)}: dynamic import of {m!r}" for m in FORBIDDEN_TOP
                      if f"import_module(\"{m}" in text or f"__import__(\"{m}" in text]
    assert offenders == []


def test_the_checker_sees_network_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import socket\nfrom PySide6.QtNetwork import QTcpSocket\n"
                      "from urllib.request import urlopen\n", encoding="utf-8")
    names = imported_modules(sample)
    assert {"socket", "PySide6.QtNetwork", "urllib.request"} <= names


PROBE = """
import json, sys
from tilewise.cli import main
code = main(["--self-test"])
print("MODULES " + json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def test_the_running_app_loads_no_networking_module(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(tmp_path),
               PYTHONPATH=str(DESKTOP))
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "self-test ok" in done.stdout and "in 4 language(s)" in done.stdout
    line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES "))
    modules = json.loads(line.removeprefix("MODULES "))
    assert "PySide6.QtWidgets" in modules and "tilewise.gui.mainwindow" in modules
    loaded = [m for m in modules if any(q in m for q in FORBIDDEN_QT)
              or m in FORBIDDEN_LOADED or m.split(".")[0] in ("requests", "httpx", "aiohttp")]
    assert loaded == []
