#!/usr/bin/env python3
"""Read the lesson player through the real AT-SPI bus, as a screen reader (Orca) does.

Part of ``make test`` (the Makefile's ``pytest`` target runs it after the widget tests, beside
the other pytest process) and of ``make a11y``: both install what it needs first
(packaging/system-deps.sh a11y: at-spi2-core, python3-pyatspi, dbus, Xvfb). It runs with the
system ``python3`` (pyatspi is a Debian package, not on PyPI) and starts, inside its own
``dbus-run-session``, an Xvfb display (a free display number: ``-displayfd``), the AT-SPI bus
(``at-spi-bus-launcher``, waited for until it answers ``org.a11y.Bus.GetAddress``) and, per
language, the app at the Charleston's first pass (``tests/a11y/app_at_step.py``, with
``QT_ACCESSIBILITY=1`` and ``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``). This process reads it
through pyatspi, making every move through AT-SPI actions:

- the instruction: a label whose words are the step's text, described "Lesson text";
- every tile of the rack, in the rack's order from the rules model: "Five Bam, 1 of 14",
  each a focusable, selectable list item with Toggle and SetFocus;
- the learner's own seat ("You: East") and the pass arrows;
- the pass zone: focusable, with Press and SetFocus, focused after SetFocus; its state in its
  name ("Pass to the right: South, 0 of 3 tiles") before and after a refused drop;
- the feedback: named "Feedback" (translated); after a wrong move (toggle the Joker, press
  the zone) its description holds the refusal, and one announcement says it;
- a selection event on a toggle;
- the pass, made in two presses: one tile sent (the zone says "1 of 3 tiles"), then two more
  toggled (each says its place in the selection: "..., selected 2 of 2") and the zone
  pressed: one announcement, the verdict; the feedback's description holds it; the zone
  emptied towards South ("0 of 3 tiles"); the rack the model's tiles without the three
  passed, in order, and three arrivals ("Red Dragon, 12 of 14, just arrived");
- the library, reached by pressing the player's "Lessons" button: every lesson's button names
  its lesson ("Continue: The Charleston", "Start: Know your tiles").

Robustness (it must not flake in a loaded CI): every wait is for a condition with a deadline
(no fixed sleeps decide a check, but 0.8 s after a verdict for a second announcement that
must not come); names and roles are asked afresh (``getRole()``: the cached ``role`` of a
rebuilt library page read stale for tens of seconds); Xvfb and the bus are started up to three times; an app that
does not reach the bus is started once more; the whole run has a deadline
(``TILEWISE_A11Y_TIMEOUT``, 300 s) after which it fails saying at which stage it was; every
process it starts runs in a process group of its own and is ended (TERM, then KILL) on every
way out, the session bus with ``dbus-run-session``.

It prints one ``PASS``/``FAIL`` line per check and exits 1 if any failed.
Usage: ``python3 tests/a11y/atspi_probe.py [LANG...]`` (from anywhere; default en es de hi).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VENV_PY = ROOT / ".venv" / "bin" / "python"
LESSON, STEP = "charleston", "first-right"
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
#: Seconds for the whole probe (every language), then it fails; CI machines are slow.
TIMEOUT = float(os.environ.get("TILEWISE_A11Y_TIMEOUT", "300"))
TRIES = 3
EVENTS = ("object:announcement", "object:selection-changed",
          "object:state-changed:selected", "object:state-changed:focused")
stage = "start"  # what the probe is doing, for a timeout's message


class ProbeTimeout(Exception):
    """The whole probe ran past :data:`TIMEOUT`."""


def main(argv: list[str]) -> int:
    """Re-run inside a private session bus, then probe each language in ``argv``."""
    langs = argv or ["en", "es", "de", "hi"]
    if os.environ.get("TILEWISE_A11Y_INSIDE") != "1":
        return outside(langs)
    return inside(langs)


def outside(langs: list[str]) -> int:
    """Run :func:`inside` under ``dbus-run-session`` (its own process group, ended on a
    deadline a little after the inside one's)."""
    missing = [tool for tool in ("dbus-run-session", "Xvfb") if shutil.which(tool) is None]
    missing += [LAUNCHER] if not os.access(LAUNCHER, os.X_OK) else []
    missing += [str(VENV_PY)] if not os.access(VENV_PY, os.X_OK) else []
    if missing:
        print(f"FAIL setup: not found: {', '.join(missing)} "
              "(bash packaging/system-deps.sh a11y; make .venv/.installed-stamp)")
        return 1
    env = dict(os.environ, TILEWISE_A11Y_INSIDE="1")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen(["dbus-run-session", "--", sys.executable, __file__, *langs],
                            env=env, start_new_session=True)
    try:
        return proc.wait(TIMEOUT + 30)
    except subprocess.TimeoutExpired:
        print(f"FAIL all: the probe did not end within {TIMEOUT + 30:.0f} s; ended it")
        end_group(proc)
        return 1
    except KeyboardInterrupt:
        end_group(proc)
        raise


def inside(langs: list[str]) -> int:
    """Start Xvfb and the AT-SPI bus; probe each language; end everything started."""
    global stage

    def expired(signum: int, _frame: Any) -> None:
        if signum == signal.SIGTERM:
            raise ProbeTimeout(f"ended by SIGTERM at {stage}")
        raise ProbeTimeout(f"no answer within {TIMEOUT:.0f} s, at {stage}")

    signal.signal(signal.SIGALRM, expired)
    signal.signal(signal.SIGTERM, expired)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
    procs: list[subprocess.Popen[bytes]] = []
    failed = 0
    started = time.monotonic()
    try:
        stage = "Xvfb"
        os.environ["DISPLAY"] = retry("Xvfb", lambda: start_xvfb(procs))
        stage = "the AT-SPI bus"
        retry("the AT-SPI bus", lambda: start_bus(procs))
        try:
            import pyatspi  # noqa: F401  # the system's python3-pyatspi
        except ImportError as error:
            print(f"FAIL setup: pyatspi not importable ({error}); "
                  "bash packaging/system-deps.sh a11y")
            return 1
        for lang in langs:
            stage = f"[{lang}]"
            failed += probe(lang)
    except ProbeTimeout as error:
        print(f"FAIL all: {error}", flush=True)
        failed += 1
    except SetupError as error:
        print(f"FAIL setup: {error}", flush=True)
        failed += 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for proc in reversed(procs):
            end_group(proc)
    print(f"{'FAIL' if failed else 'PASS'} all: {failed} check(s) failed "
          f"({', '.join(langs)}; {time.monotonic() - started:.1f} s)", flush=True)
    return 1 if failed else 0


class SetupError(Exception):
    """Xvfb, the bus or the app would not start (with what was seen)."""


def retry(what: str, start: Callable[[], str]) -> str:
    """``start()`` up to :data:`TRIES` times; its result, or SetupError with each reason."""
    reasons = []
    for attempt in range(1, TRIES + 1):
        try:
            return start()
        except SetupError as error:
            reasons.append(str(error))
            print(f"note: {what} did not start (try {attempt} of {TRIES}): {error}", flush=True)
    raise SetupError(f"{what} did not start in {TRIES} tries: {'; '.join(reasons)}")


def end_group(proc: subprocess.Popen[Any]) -> None:
    """End ``proc`` and its process group: TERM, then KILL after 5 s."""
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


def start_xvfb(procs: list[subprocess.Popen[bytes]]) -> str:
    """A private X display on a free number (``-displayfd``); its name (":N")."""
    read, write = os.pipe()
    errors = tempfile.TemporaryFile()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                            stderr=errors, start_new_session=True)
    os.close(write)
    number = b""
    end = time.monotonic() + 20
    try:
        while not number.endswith(b"\n"):
            ready, _w, _x = select.select([read], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                end_group(proc)
                errors.seek(0)
                said = errors.read().decode(errors="replace").strip().splitlines()[-3:]
                raise SetupError("Xvfb gave no display number within 20 s "
                                 f"(exit {proc.poll()}): {' / '.join(said)}")
            number += chunk
    finally:
        os.close(read)
    procs.append(proc)
    return ":" + number.decode().strip()


def start_bus(procs: list[subprocess.Popen[bytes]]) -> str:
    """The AT-SPI bus (at-spi-bus-launcher), once it answers on the session bus; its
    address."""
    from gi.repository import Gio, GLib

    proc = subprocess.Popen([LAUNCHER, "--launch-immediately"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    end = time.monotonic() + 20
    last = ""
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SetupError(f"at-spi-bus-launcher exited ({proc.returncode})")
        try:
            reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                      "GetAddress", None, GLib.VariantType("(s)"),
                                      Gio.DBusCallFlags.NO_AUTO_START, 2000, None)
            address = str(reply.unpack()[0])
            if address:
                procs.append(proc)
                return address
        except GLib.Error as error:
            last = error.message
        time.sleep(0.2)
    end_group(proc)
    raise SetupError(f"org.a11y.Bus did not answer within 20 s ({last})")


class Report:
    """PASS/FAIL lines; counts the failures."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.failed = 0

    def check(self, name: str, ok: bool, detail: str) -> None:
        """One line: ``PASS [lang] name: detail``."""
        self.failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} [{self.lang}] {name}: {detail}", flush=True)


class App:
    """The app at the probe's step in one language, in a process group of its own."""

    def __init__(self, lang: str) -> None:
        self.home = tempfile.mkdtemp(prefix="tilewise-a11y-")
        self.errors = tempfile.TemporaryFile()
        env = dict(os.environ, QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
                   QT_QPA_PLATFORM="xcb", TILEWISE_HOME=self.home, TILEWISE_RELEASE_TEST="0")
        self.proc = subprocess.Popen(
            [str(VENV_PY), str(ROOT / "tests" / "a11y" / "app_at_step.py"), lang, LESSON, STEP],
            env=env, stdout=subprocess.PIPE, stderr=self.errors, cwd=ROOT,
            start_new_session=True)

    def ready(self, timeout: float = 90.0) -> dict[str, Any]:
        """The app's ``ready`` line (what the bus should carry); SetupError if it has none
        within ``timeout`` seconds (a cold start on a loaded machine takes tens of them)."""
        assert self.proc.stdout is not None
        end = time.monotonic() + timeout
        line = b""
        while not line.endswith(b"\n"):
            ready, _w, _x = select.select([self.proc.stdout], [], [],
                                          max(0.0, end - time.monotonic()))
            chunk = os.read(self.proc.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                raise SetupError(f"the app printed no 'ready' line within {timeout:.0f} s "
                                 f"(exit {self.proc.poll()}; printed {line[:80]!r}; "
                                 f"stderr: {self.stderr()})")
            line += chunk
        text = line.decode()
        if not text.startswith("ready "):
            raise SetupError(f"the app printed {text[:80]!r} (stderr: {self.stderr()})")
        expected: dict[str, Any] = json.loads(text[len("ready "):])
        return expected

    def stderr(self) -> str:
        """The last lines the app wrote to stderr."""
        self.errors.seek(0)
        lines = self.errors.read().decode(errors="replace").strip().splitlines()
        return " / ".join(lines[-4:]) or "nothing"

    def end(self) -> None:
        """End the app and remove its home."""
        end_group(self.proc)
        shutil.rmtree(self.home, ignore_errors=True)


def probe(lang: str) -> int:
    """Start the app in ``lang`` (twice at most, if it does not reach the bus) and run every
    check; the number that failed."""
    import pyatspi

    report = Report(lang)
    for attempt in (1, 2):
        app = App(lang)
        try:
            try:
                expected = app.ready()
                root = find_app(pyatspi, app.proc.pid)
                if root is None:
                    raise SetupError("no accessible application with its pid on the bus "
                                     f"within 60 s (app stderr: {app.stderr()})")
            except SetupError as error:
                if attempt == 2:
                    report.check("app started and on the bus", False, str(error))
                    return report.failed
                print(f"note: [{lang}] {error}; starting the app once more", flush=True)
                continue
            report.check("app started and on the bus", True, f"pid {app.proc.pid}")
            checks(report, pyatspi, root, expected)
            return report.failed
        finally:
            app.end()
    return report.failed


def checks(report: Report, pyatspi: Any, root: Any, expected: dict[str, Any]) -> None:
    """Every check of the module doc on the app under ``root``."""
    from gi.repository import GLib

    heard: list[tuple[str, str]] = []

    def listen(event: Any) -> None:
        name = event.source.name if event.type.endswith("focused") and event.detail1 else ""
        heard.append((str(event.type), name or str(event.any_data or "")))

    def spoken() -> list[str]:
        return [d for k, d in heard if k.startswith("object:announcement")]

    for kind in EVENTS:
        pyatspi.Registry.registerEventListener(listen, kind)
    try:
        nodes = settled(root, GLib, len(expected["rack"]))
        if os.environ.get("TILEWISE_A11Y_DUMP"):
            for n in nodes:
                print("  node", n.getRoleName(), repr(n.name[:60]), action_names(n))

        def named(test: Callable[[Any], bool], among: list[Any] | None = None) -> list[Any]:
            return [n for n in (nodes if among is None else among) if test(n)]

        # -- the instruction's words
        text = named(lambda n: n.description == expected["lesson_text"])
        words = text[0].name if text else ""
        report.check("instruction words", bool(text) and words.startswith(expected["instruction"])
                     and words != expected["lesson_text"],
                     f"name {words[:70]!r}..., description {expected['lesson_text']!r}")
        # -- every tile of the rack, in the model's order
        tiles = named(lambda n: n.getRole() == pyatspi.ROLE_LIST_ITEM and n.parent is not None
                      and n.parent.getRole() == pyatspi.ROLE_LIST)
        rack = expected["rack"]
        want = [expected["tile_focus"].format(tile=name, position=k + 1, total=len(rack))
                for k, name in enumerate(rack)]
        got = [t.name for t in tiles]
        wrong_state = [t.name for t in tiles if not {"toggle", "setfocus"} <= {
            a.lower() for a in action_names(t)} or not (
            t.getState().contains(pyatspi.STATE_FOCUSABLE)
            and t.getState().contains(pyatspi.STATE_SELECTABLE))]
        report.check("every tile of the rack, in order, with its place",
                     got == want and not wrong_state,
                     f"{len(got)} of {len(want)} read as the model holds them"
                     if got == want else f"bus {got} vs model {want}")
        report.check("every tile focusable, selectable, with Toggle and SetFocus",
                     bool(tiles) and not wrong_state,
                     f"{len(tiles) - len(wrong_state)} of {len(tiles)}; not: {wrong_state[:3]}")
        # -- the learner's seat and the arrows
        seat = named(lambda n: n.name == expected["you"])
        arrows = named(lambda n: n.getRole() == pyatspi.ROLE_IMAGE and n.name)
        report.check("own seat in the tree", bool(seat), f"{expected['you']!r}: {len(seat)} node(s)")
        report.check("pass arrows in the tree", len(arrows) >= 2,
                     f"{len(arrows)} image node(s): {[a.name for a in arrows][:3]}")
        # -- the pass zone: its actions, focus, and its state before any move
        zones = named(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.parent is not None
                      and n.parent.getRole() == pyatspi.ROLE_LIST)
        zone = zones[0] if zones else None
        actions = action_names(zone) if zone is not None else []
        report.check("pass zone actions", {"press", "setfocus"} <= {a.lower() for a in actions},
                     f"{zone.name if zone is not None else None!r}: {actions}")
        report.check("pass zone state before a move",
                     zone is not None and zone.name == expected["zone"][0],
                     f"{zone.name if zone is not None else None!r}, "
                     f"expected {expected['zone'][0]!r}")
        focusable = zone is not None and zone.getState().contains(pyatspi.STATE_FOCUSABLE)
        focused = False
        if zone is not None and "setfocus" in {a.lower() for a in actions}:
            heard.clear()
            do_action(zone, "SetFocus")
            focused = wait_for(GLib, lambda: zone.getState().contains(pyatspi.STATE_FOCUSED)
                               and any(k == "object:state-changed:focused" and d == zone.name
                                       for k, d in heard))
        report.check("pass zone focusable and focused by SetFocus", focusable and focused,
                     f"focusable={focusable}, focused with a focus event naming it={focused}")
        # -- a wrong move through actions: toggle the Joker, press the zone
        feedback = named(lambda n: n.name == expected["feedback"])
        report.check("feedback named in this language", bool(feedback),
                     f"{expected['feedback']!r}: {len(feedback)} node(s)")
        joker = named(lambda n: n.name.startswith(expected["joker"] + ","), tiles)
        selected = False
        if joker:
            heard.clear()
            do_action(joker[0], "Toggle")
            selected = wait_for(GLib, lambda: joker[0].getState().contains(pyatspi.STATE_SELECTED)
                                and any("select" in k for k, _d in heard))
            kinds = sorted({k for k, _d in heard if "select" in k})
            report.check("selection event on toggle", selected,
                         f"selected={joker[0].getState().contains(pyatspi.STATE_SELECTED)}, "
                         f"events {kinds}")
        else:
            report.check("selection event on toggle", False, "no Joker tile in the tree")
        if zone is not None and selected:
            heard.clear()
            do_action(zone, "Press")
            said = verdict(GLib, feedback, heard, spoken, expected["not_allowed"])
            report.check("feedback holds the verdict after a wrong drop",
                         said.startswith(expected["not_allowed"]), f"description {said[:90]!r}")
            report.check("one announcement, holding the verdict",
                         len(spoken()) == 1 and spoken()[0].startswith(expected["not_allowed"]),
                         f"{len(spoken())} announcement(s): {[s[:60] for s in spoken()]}")
            now = zone_now(pyatspi, root)
            report.check("pass zone state after the refused drop", now == expected["zone"][0],
                         f"{now!r}")
        else:
            report.check("feedback holds the verdict after a wrong drop", False,
                         "no zone or the Joker was not selected")
        # -- the pass itself: one tile sent (the zone says 1 of 3), then two more toggled
        #    (each says its place in the selection) and the zone pressed: one announcement,
        #    the verdict; the zone emptied towards South, the rack's arrivals marked
        if zone is not None:
            nodes = walk(root)
            chosen = [next((n for n in nodes if n.getRole() == pyatspi.ROLE_LIST_ITEM
                            and n.name.startswith(name + ",")), None)
                      for name in expected["right"]]
            first = chosen[0]
            if first is not None:
                do_action(first, "Toggle")
                wait_for(GLib, lambda: first.getState().contains(pyatspi.STATE_SELECTED))
                do_action(zone, "Press")
                wait_for(GLib, lambda: zone_now(pyatspi, root) == expected["zone"][1])
            now = zone_now(pyatspi, root)
            report.check("pass zone state with one tile in it", now == expected["zone"][1],
                         f"{now!r}, expected {expected['zone'][1]!r}")
            rest = [t for t in chosen[1:] if t is not None]
            for tile in rest:
                do_action(tile, "Toggle")
            wait_for(GLib, lambda: all(t.getState().contains(pyatspi.STATE_SELECTED)
                                       for t in rest))
            count = len(rest)
            marks = [expected["tile_selected"].format(focus="", number=k + 1, count=count)
                     for k in range(count)]
            names = [t.name for t in rest]
            report.check("each toggled tile says it is selected, k of n",
                         count == 2 and all(n.endswith(m) for n, m in zip(names, marks, strict=False))
                         and all(t.getState().contains(pyatspi.STATE_SELECTED) for t in rest),
                         f"{names}")
            heard.clear()
            do_action(zone, "Press")
            said = verdict(GLib, feedback, heard, spoken, expected["well_done"])
            report.check("a pass by Press: one announcement, the verdict",
                         len(spoken()) == 1 and spoken()[0].startswith(expected["well_done"]),
                         f"{len(spoken())} announcement(s): {[s[:60] for s in spoken()]}")
            report.check("feedback holds the verdict after the pass",
                         said.startswith(expected["well_done"]), f"description {said[:90]!r}")
            now = zone_now(pyatspi, root)
            report.check("pass zone state after the pass: emptied towards South",
                         now == expected["zone"][0], f"{now!r}")
            after = [n.name for n in walk(root) if n.getRole() == pyatspi.ROLE_LIST_ITEM]
            kept = list(rack)
            for name in expected["right"]:
                kept.remove(name)
            arrived = expected["arrived"].format(focus="")
            old = [n for n in after if not n.endswith(arrived)]
            report.check("after the pass: the rack without the passed tiles, 3 arrivals",
                         len(after) == len(rack) and len(old) == len(kept)
                         and all(n.startswith(k + ",") for n, k in zip(old, kept, strict=False))
                         and len(after) - len(old) == 3,
                         f"{len(after)} tile(s); arrived: "
                         f"{[n for n in after if n.endswith(arrived)]}")
        # -- the library, through the player's "Lessons" button
        back = next((n for n in walk(root) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                     and n.name == expected["lessons_button"]), None)
        buttons: list[str] = []
        if back is not None and do_action(back, "Press"):
            def library() -> bool:
                buttons[:] = [n.name for n in walk(root)
                              if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and ": " in n.name]
                return expected["continue"] in buttons
            wait_for(GLib, library, 30.0, every=0.5)
        report.check("the lesson's library button names it", expected["continue"] in buttons,
                     f"{expected['continue']!r} in {len(buttons)} button(s)")
        titles = expected["titles"]
        cards = {b.split(": ", 1)[1] for b in buttons
                 if b.split(": ", 1)[0] in expected["action_words"]}
        unnamed = [title for title in titles if title not in cards]
        report.check("every lesson's library button names its action and lesson",
                     not unnamed, f"{len(titles) - len(unnamed)} of {len(titles)} lessons "
                     f"(e.g. {[b for b in buttons if b.endswith(titles[0])]}); "
                     f"without one: {unnamed[:3]}")
    finally:
        for kind in EVENTS:
            pyatspi.Registry.deregisterEventListener(listen, kind)


def verdict(glib: Any, feedback: list[Any], heard: list[tuple[str, str]],
            spoken: Callable[[], list[str]], start: str) -> str:
    """After a press: wait for an announcement and the feedback's description starting with
    ``start``, then 0.8 s more (a second announcement would come in it); the description."""
    said = [""]

    def arrived() -> bool:
        said[0] = str(feedback[0].description) if feedback else ""
        return bool(spoken()) and said[0].startswith(start)

    wait_for(glib, arrived, 20.0)
    pump(glib, 0.8)
    return said[0]


def zone_now(pyatspi: Any, root: Any) -> str | None:
    """The pass zone's name now (a fresh walk)."""
    zone = next((n for n in walk(root) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                 and n.parent is not None and n.parent.getRole() == pyatspi.ROLE_LIST), None)
    return None if zone is None else str(zone.name)


def pump(glib: Any, seconds: float) -> None:
    """Let AT-SPI events arrive for ``seconds``."""
    context = glib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.02)


def wait_for(glib: Any, ready: Callable[[], bool], timeout: float = 15.0,
             every: float = 0.1) -> bool:
    """Pump events until ``ready()`` (checked ``every`` seconds) or ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        pump(glib, every)
        try:
            if ready():
                return True
        except Exception:  # noqa: BLE001 - a node gone while the tree changes: ask again
            pass
        if time.monotonic() > end:
            return False


def settled(root: Any, glib: Any, tiles: int, timeout: float = 30.0) -> list[Any]:
    """The tree once the table (a list) holds ``tiles`` list items and two walks 0.5 s apart
    read the same roles and names: the window is laid out."""
    end = time.monotonic() + timeout
    before: list[tuple[str, str]] = []
    while True:
        pump(glib, 0.5)
        try:
            nodes = walk(root)
            now = [(n.getRoleName(), n.name) for n in nodes]
        except Exception:  # noqa: BLE001 - a node gone while the window is built
            continue
        if (now == before and sum(r == "list item" for r, _n in now) >= tiles) or (
                time.monotonic() > end):
            return nodes
        before = now


def find_app(pyatspi: Any, pid: int, timeout: float = 60.0) -> Any:
    """The accessible application of process ``pid`` on the bus (None after ``timeout``)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for number in range(desktop.childCount):
            try:
                app = desktop.getChildAtIndex(number)
                if app is not None and app.get_process_id() == pid and app.childCount:
                    return app
            except Exception:  # noqa: BLE001 - a dead application on the bus
                continue
        time.sleep(0.5)
    return None


def walk(node: Any, depth: int = 0) -> list[Any]:
    """Every node under ``node`` (at most 30 levels deep)."""
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
    try:
        action = node.queryAction()
    except NotImplementedError:
        return False
    for number in range(action.nActions):
        if action.getName(number).lower() == name.lower():
            return bool(action.doAction(number))
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
