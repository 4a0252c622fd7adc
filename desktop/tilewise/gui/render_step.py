"""``tilewise render`` for lesson steps: draw a step offscreen exactly as the player shows it.

- ``tilewise render --pack core --lesson ID --step N --lang L --size WxH --out file.png
  [--theme T]``: one step. ``--step`` is 1-based (``1`` is the first step) or a step id.
- ``tilewise render --all --out DIR --size WxH [--lang L] [--theme T]``: ``library.png`` plus
  every step of every lesson, ``DIR/<pack>/<lesson>/<NN>-<step id>.png``.
- ``tilewise render --library --out file.png``: the lesson library only.
- ``--present``: the same in presenter mode; ``tilewise render --present --all --out DIR
  --size 1024x768,3840x2160`` draws each lesson's first task at each size,
  ``DIR/<W>x<H>/<pack>-<lesson>.png``.

``--pack`` is a pack id among the bundled packs or a pack folder. The window is laid out at
a logical size of W/s x H/s, where ``s`` = the largest quarter step <= min(W/1280, H/800) (at
least 1), and painted at device pixel ratio ``s``: a 3840x2160 shot looks like a 4K screen at
250 %, not a huge window with tiny type. Rendering uses a throw-away ``TILEWISE_HOME`` unless
one is set, so it never touches a learner's progress.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the step mode (``render.py`` adds --pack, --lesson, --step, --out)."""
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="1024x768", help="WxH in pixels")
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--all", action="store_true", help="every step of every lesson")
    parser.add_argument("--library", action="store_true", help="the lesson library")
    parser.add_argument("--present", action="store_true",
                        help="presenter mode; with --all: each lesson's first task, at every "
                             "--size (comma-separated), DIR/<W>x<H>/<lesson>.png")


def parse_size(text: str) -> tuple[int, int]:
    """``"1024x768"`` -> (1024, 768); ValueError otherwise."""
    w, _sep, h = text.lower().partition("x")
    width, height = int(w), int(h)
    if width < 320 or height < 240:
        raise ValueError(f"size too small: {text}")
    return width, height


def scale_for(width: int, height: int) -> float:
    """Device pixel ratio used for a shot of ``width`` x ``height`` pixels."""
    raw = min(width / 1280, height / 800)
    return max(1.0, int(raw * 4) / 4)


class Renderer:
    """One offscreen main window reused for many shots."""

    def __init__(self, lang: str, theme: str, extra_packs: list[Path]) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        if not os.environ.get("TILEWISE_HOME"):
            os.environ["TILEWISE_HOME"] = tempfile.mkdtemp(prefix="tilewise-render-")
        from tilewise.gui.app import load_packs, make_application, pack_folders
        from tilewise.gui.mainwindow import MainWindow
        from tilewise.gui.qtlang import install_qt_translations
        from tilewise.gui.style import style_sheet
        from tilewise.i18n import set_language
        from tilewise.store.progress import ProgressStore
        from tilewise.store.settings import Settings

        self.app = make_application()
        set_language(lang)
        install_qt_translations(self.app, lang)
        settings = Settings(language=lang, theme=theme)
        self.app.setStyleSheet(style_sheet(theme, 1.0))  # never the screen's: the same PNG
        # A throwaway store and settings file: a render never writes into a learner's data,
        # even when TILEWISE_HOME names a real data folder (issue 16).
        scratch = Path(tempfile.mkdtemp(prefix="tilewise-render-"))
        store = ProgressStore(scratch / "progress.sqlite3")
        profile = store.create_profile("Sam", lang)
        packs, problems = load_packs(pack_folders(extra_packs))
        if problems:
            raise RuntimeError("pack problems: " + "; ".join(problems[:5]))
        self.window = MainWindow(store, settings, packs, profile,
                                 settings_path=scratch / "settings.toml")

    def shoot(self, size: tuple[int, int], out: Path) -> Path:
        """Paint the window at ``size`` device pixels into ``out`` (PNG)."""
        from PySide6.QtGui import QPixmap
        from PySide6.QtWidgets import QApplication

        width, height = size
        scale = scale_for(width, height)
        self.window.resize(round(width / scale), round(height / scale))
        self.window.show()
        for _n in range(3):
            QApplication.processEvents()
        pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(scale)
        self.window.render(pixmap)
        out.parent.mkdir(parents=True, exist_ok=True)
        if not pixmap.save(str(out), "PNG"):
            raise OSError(f"could not write {out}")
        return out

    def present(self, pack_id: str, lesson_id: str, index: int, size: tuple[int, int],
                out: Path) -> Path:
        """Step ``index`` of a lesson in presenter mode (a window of the screen's size)."""
        from PySide6.QtCore import QEvent
        from PySide6.QtGui import QPixmap
        from PySide6.QtWidgets import QApplication

        from tilewise.gui.present.presenter import PresenterWindow

        pack = self.window.pack(pack_id)
        lesson = pack.lesson(lesson_id)
        presenter = PresenterWindow(self.window.packs, pack, lesson,
                                    {"lesson": lesson.id, "index": index},
                                    theme=self.window.settings.theme)
        width, height = size
        scale = scale_for(width, height)
        presenter.resize(round(width / scale), round(height / scale))
        presenter.show()
        for _n in range(3):
            QApplication.processEvents()
        pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(scale)
        presenter.render(pixmap)
        presenter.close()
        presenter.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        out.parent.mkdir(parents=True, exist_ok=True)
        if not pixmap.save(str(out), "PNG"):
            raise OSError(f"could not write {out}")
        return out

    def library(self, size: tuple[int, int], out: Path) -> Path:
        """The lesson library."""
        self.window.show_library()
        return self.shoot(size, out)

    def step(self, pack_id: str, lesson_id: str, index: int, size: tuple[int, int],
             out: Path) -> Path:
        """Step ``index`` (0-based) of a lesson, as the player shows it on arrival."""
        pack = self.window.pack(pack_id)
        lesson = pack.lesson(lesson_id)
        self.window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
        self.window.stack.setCurrentWidget(self.window.player)
        return self.shoot(size, out)


def _pack_id(renderer: Renderer, name: str) -> str:
    for pack in renderer.window.packs:
        if pack.id == name or Path(pack.path).resolve() == Path(name).resolve():
            return str(pack.id)
    raise KeyError(f"no pack {name!r}")


def _step_index(lesson: Any, text: str) -> int:
    if text.isdigit():
        index = int(text) - 1
        if not 0 <= index < len(lesson.steps):
            raise IndexError(f"lesson {lesson.id} has steps 1..{len(lesson.steps)}")
        return index
    for index, step in enumerate(lesson.steps):
        if step.id == text:
            return index
    raise KeyError(f"lesson {lesson.id} has no step {text!r}")


def main_step(args: argparse.Namespace) -> int:
    """Run the step mode with parsed ``args``; returns the exit code (2 for bad arguments)."""
    try:
        sizes = [parse_size(part) for part in str(args.size).split(",")]
        size = sizes[0]
    except ValueError as error:
        print(f"tilewise render: bad --size: {error}", file=sys.stderr)
        return 2
    if args.out is None:
        print("tilewise render: --out is required", file=sys.stderr)
        return 2
    from tilewise.i18n import normalize_language

    if normalize_language(args.lang) is None:
        # A pack can be translated into a language the interface has no catalog for yet;
        # the translator's preview draws those (the interface stays in English there).
        print(f"tilewise render: --lang {args.lang}: Tilewise's interface has no such "
              f"language; to see a pack in it use: tilewise translate PACK --lang {args.lang}",
              file=sys.stderr)
        return 2
    extra = [Path(args.pack)] if args.pack and Path(args.pack).is_dir() else []
    renderer = Renderer(args.lang, args.theme, extra)
    out = Path(args.out)
    if args.present and args.all:
        count = 0
        for each in sizes:
            for pack in renderer.window.packs:
                for lesson in pack.lessons:
                    first = next((n for n, s in enumerate(lesson.steps) if s.task is not None), 0)
                    name = f"{each[0]}x{each[1]}/{pack.id}-{lesson.id}.png"
                    renderer.present(pack.id, lesson.id, first, each, out / name)
                    count += 1
        print(f"{count} images in {out}")
        return 0
    if args.all:
        renderer.library(size, out / "library.png")
        count = 1
        for pack in renderer.window.packs:
            for lesson in pack.lessons:
                for index, step in enumerate(lesson.steps):
                    name = f"{index + 1:02d}-{step.id}.png"
                    renderer.step(pack.id, lesson.id, index, size, out / pack.id / lesson.id / name)
                    count += 1
        print(f"{count} images in {out}")
        return 0
    if args.library:
        print(renderer.library(size, out))
        return 0
    if not (args.pack and args.lesson and args.step):
        print("tilewise render: give --pack, --lesson and --step (or --all / --library)",
              file=sys.stderr)
        return 2
    try:
        pack_id = _pack_id(renderer, args.pack)
        pack = renderer.window.pack(pack_id)
        if args.lesson not in [lesson.id for lesson in pack.lessons]:
            raise KeyError(f"pack {pack_id} has no lesson {args.lesson!r}; it has "
                           + ", ".join(lesson.id for lesson in pack.lessons))
        lesson = pack.lesson(args.lesson)
        index = _step_index(lesson, str(args.step))
    except (KeyError, IndexError) as error:
        print(f"tilewise render: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    if args.present:
        print(renderer.present(pack_id, lesson.id, index, size, out))
        return 0
    print(renderer.step(pack_id, lesson.id, index, size, out))
    return 0
