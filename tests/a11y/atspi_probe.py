#!/usr/bin/env python3
"""Read the lesson player through the real AT-SPI bus, as a screen reader (Orca) does.

Not part of ``make test``: ``make a11y`` installs what it needs (packaging/system-deps.sh
a11y: at-spi2-core, python3-pyatspi, dbus, Xvfb) and runs it with the system ``python3``
(pyatspi is a Debian package, not on PyPI). It starts, inside ``dbus-run-session``, an
Xvfb display, the AT-SPI bus (``at-spi-bus-launcher``) and the app at the Charleston's
first pass (``tests/a11y/app_at_step.py``, with ``QT_ACCESSIBILITY=1`` and
``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``), then, in a separate process (this one) through
pyatspi, per language (en, es):

- the instruction: a label whose words are the step's text, described "Lesson text";
- the feedback: named "Feedback" (translated); after a wrong move made through AT-SPI
  actions (toggle the Joker, press the pass zone) its description holds the refusal;
- one announcement for that press, holding the refusal (``object:announcement``);
- the pass zone: focusable, with Press and SetFocus actions, focused after SetFocus;
- a selection event when a tile is toggled;
- the learner's own seat ("You: East") and the pass arrows in the tree.

It prints one ``PASS``/``FAIL`` line per check and exits 1 if any failed.
Usage: ``python3 tests/a11y/atspi_probe.py [LANG...]`` (from the repository root).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VENV_PY = ROOT / ".venv" / "bin" / "python"
LESSON, STEP = "charleston", "first-right"


def main(argv: list[str]) -> int:
    """Re-run inside a private session bus, then probe each language in ``argv``."""
    if os.environ.get("TILEWISE_A11Y_INSIDE") != "1":
        if shutil.which("dbus-run-session") is None:
            print("FAIL setup: dbus-run-session not found (bash packaging/system-deps.sh a11y)")
            return 1
        env = dict(os.environ, TILEWISE_A11Y_INSIDE="1")
        return subprocess.call(["dbus-run-session", "--", sys.executable, __file__, *argv],
                               env=env)
    try:
        import pyatspi  # noqa: F401  # the system's python3-pyatspi
    except ImportError as error:
        print(f"FAIL setup: pyatspi not importable ({error}); bash packaging/system-deps.sh a11y")
        return 1
    langs = argv or ["en", "es"]
    procs: list[subprocess.Popen[bytes]] = []
    try:
        display = start_xvfb(procs)
        os.environ["DISPLAY"] = display
        procs.append(subprocess.Popen(["/usr/libexec/at-spi-bus-launcher",
                                       "--launch-immediately"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(1.0)
        failed = 0
        for lang in langs:
            failed += probe(lang)
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(f"{'FAIL' if failed else 'PASS'} all: {failed} check(s) failed")
    return 1 if failed else 0


def start_xvfb(procs: list[subprocess.Popen[bytes]]) -> str:
    """A private X display; its name (":N")."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stderr=subprocess.DEVNULL)
    procs.append(proc)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    os.close(read)
    return ":" + number.decode().strip()


class Report:
    """PASS/FAIL lines; counts the failures."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.failed = 0

    def check(self, name: str, ok: bool, detail: str) -> None:
        """One line: ``PASS [lang] name: detail``."""
        self.failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} [{self.lang}] {name}: {detail}", flush=True)


def probe(lang: str) -> int:
    """Start the app in ``lang`` and run every check; the number that failed."""
    import pyatspi
    from gi.repository import GLib

    report = Report(lang)
    home = tempfile.mkdtemp(prefix="tilewise-a11y-")
    env = dict(os.environ, QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               QT_QPA_PLATFORM="xcb", TILEWISE_HOME=home, TILEWISE_RELEASE_TEST="0")
    app = subprocess.Popen([str(VENV_PY), str(ROOT / "tests" / "a11y" / "app_at_step.py"),
                            lang, LESSON, STEP], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        assert app.stdout is not None
        line = app.stdout.readline().decode()
        if not line.startswith("ready "):
            report.check("app started", False, f"the app printed {line!r}")
            return report.failed
        expected: dict[str, str] = json.loads(line[len("ready "):])
        root = find_app(pyatspi, app.pid)
        report.check("app on the bus", root is not None,
                     "found" if root is not None else "no accessible application with its pid")
        if root is None:
            return report.failed
        heard: list[tuple[str, str]] = []

        def listen(event: Any) -> None:
            name = event.source.name if event.type.endswith("focused") and event.detail1 else ""
            heard.append((str(event.type), name or str(event.any_data or "")))

        for kind in ("object:announcement", "object:selection-changed",
                     "object:state-changed:selected", "object:state-changed:focused"):
            pyatspi.Registry.registerEventListener(listen, kind)
        nodes = settled(root, GLib)
        if os.environ.get("TILEWISE_A11Y_DUMP"):
            for n in nodes:
                print("  node", n.getRoleName(), n.role, repr(n.name[:50]), action_names(n),
                      n.parent.getRoleName() if n.parent else None)

        def named(test: Any) -> list[Any]:
            return [n for n in nodes if test(n)]

        # -- the instruction's words
        text = named(lambda n: n.description == expected["lesson_text"])
        words = text[0].name if text else ""
        report.check("instruction words", bool(text) and words.startswith(expected["instruction"])
                     and words != expected["lesson_text"],
                     f"name {words[:70]!r}..., description {expected['lesson_text']!r}")
        # -- the learner's seat and the arrows
        seat = named(lambda n: n.name == expected["you"])
        arrows = named(lambda n: n.role == pyatspi.ROLE_IMAGE and n.name)
        report.check("own seat in the tree", bool(seat), f"{expected['you']!r}: {len(seat)} node(s)")
        report.check("pass arrows in the tree", len(arrows) >= 2,
                     f"{len(arrows)} image node(s): {[a.name for a in arrows][:3]}")
        # -- the pass zone
        zones = named(lambda n: n.role == pyatspi.ROLE_PUSH_BUTTON and n.parent is not None
                      and n.parent.role == pyatspi.ROLE_LIST)
        zone = zones[0] if zones else None
        actions = action_names(zone) if zone is not None else []
        report.check("pass zone actions", {"press", "setfocus"} <= {a.lower() for a in actions},
                     f"{zone.name if zone is not None else None!r}: {actions}")
        focusable = zone is not None and zone.getState().contains(pyatspi.STATE_FOCUSABLE)
        focused = False
        focus_events = 0
        if zone is not None and "SetFocus" in actions:
            heard.clear()
            do_action(zone, "SetFocus")
            pump(GLib, 0.7)
            focused = zone.getState().contains(pyatspi.STATE_FOCUSED)
            focus_events = sum(k == "object:state-changed:focused" and d == zone.name
                               for k, d in heard)
        report.check("pass zone focusable and focused by SetFocus",
                     focusable and focused and focus_events >= 1,
                     f"focusable={focusable} focused after SetFocus={focused}, "
                     f"{focus_events} focus event(s) naming it")
        # -- a wrong move through actions: toggle the Joker, press the zone
        feedback = named(lambda n: n.name == expected["feedback"])
        report.check("feedback named in this language", bool(feedback),
                     f"{expected['feedback']!r}: {len(feedback)} node(s); names with 'eedback': "
                     f"{[n.name for n in nodes if 'eedback' in n.name]}")
        joker = named(lambda n: n.name.startswith(expected["joker"] + ","))
        selected = False
        if joker:
            heard.clear()
            do_action(joker[0], "Toggle")
            pump(GLib, 0.7)
            selected = joker[0].getState().contains(pyatspi.STATE_SELECTED)
            kinds = sorted({k for k, _d in heard if "selection" in k or "selected" in k})
            report.check("selection event on toggle", selected and bool(kinds),
                         f"selected={selected}, events {kinds}")
        else:
            report.check("selection event on toggle", False, "no Joker tile in the tree")
        if zone is not None and selected:
            heard.clear()
            do_action(zone, "Press")
            pump(GLib, 1.0)
            after = walk(root)
            box = [n for n in after if n.name == expected["feedback"]]
            said = box[0].description if box else ""
            report.check("feedback holds the verdict after a wrong drop",
                         said.startswith(expected["not_allowed"]), f"description {said[:90]!r}")
            spoken = [d for k, d in heard if k.startswith("object:announcement")]
            report.check("one announcement, holding the verdict",
                         len(spoken) == 1 and spoken[0].startswith(expected["not_allowed"]),
                         f"{len(spoken)} announcement(s): {[s[:60] for s in spoken]}")
        else:
            report.check("feedback holds the verdict after a wrong drop", False,
                         "no zone or the Joker was not selected")
        # -- the pass itself: three tiles toggled, the zone pressed (three drops, the
        #    progress lines and the focused tile ask to be said; the verdict alone is)
        if zone is not None:
            nodes = walk(root)
            for name in expected["right"]:
                tile = next((n for n in nodes if n.name.startswith(name + ",")), None)
                if tile is not None:
                    do_action(tile, "Toggle")
            pump(GLib, 0.5)
            heard.clear()
            do_action(zone, "Press")
            pump(GLib, 1.0)
            spoken = [d for k, d in heard if k.startswith("object:announcement")]
            report.check("a pass by Press: one announcement, the verdict",
                         len(spoken) == 1 and spoken[0].startswith(expected["well_done"]),
                         f"{len(spoken)} announcement(s): {[s[:60] for s in spoken]}")
        for kind in ("object:announcement", "object:selection-changed",
                     "object:state-changed:selected", "object:state-changed:focused"):
            pyatspi.Registry.deregisterEventListener(listen, kind)
        return report.failed
    finally:
        app.terminate()
        try:
            app.wait(10)
        except subprocess.TimeoutExpired:
            app.kill()
        shutil.rmtree(home, ignore_errors=True)


def pump(glib: Any, seconds: float) -> None:
    """Let AT-SPI events arrive for ``seconds``."""
    context = glib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.02)


def settled(root: Any, glib: Any, timeout: float = 15.0) -> list[Any]:
    """The tree once the table (a list) has its children and two walks 0.5 s apart read the
    same roles and names: the window is laid out."""
    end = time.monotonic() + timeout
    before: list[tuple[str, str]] = []
    while True:
        pump(glib, 0.5)
        nodes = walk(root)
        now = [(n.getRoleName(), n.name) for n in nodes]
        if now == before and any(r == "list" for r, _n in now) or time.monotonic() > end:
            return nodes
        before = now


def find_app(pyatspi: Any, pid: int, timeout: float = 30.0) -> Any:
    """The accessible application of process ``pid`` on the bus (None after ``timeout``)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for number in range(desktop.childCount):
            app = desktop.getChildAtIndex(number)
            try:
                if app is not None and app.get_process_id() == pid and app.childCount:
                    return app
            except Exception:  # noqa: BLE001 - a dead application on the bus
                continue
        time.sleep(0.5)
    return None


def walk(node: Any, depth: int = 0) -> list[Any]:
    """Every node under ``node`` (showing ones; at most 30 levels deep)."""
    found = [node]
    if depth > 30:
        return found
    for number in range(node.childCount):
        child = node.getChildAtIndex(number)
        if child is not None:
            found += walk(child, depth + 1)
    return found


def action_names(node: Any) -> list[str]:
    """The names of ``node``'s AT-SPI actions."""
    try:
        action = node.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def do_action(node: Any, name: str) -> bool:
    """Do ``node``'s action ``name`` (case-insensitive); whether it was there."""
    action = node.queryAction()
    for number in range(action.nActions):
        if action.getName(number).lower() == name.lower():
            return bool(action.doAction(number))
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
