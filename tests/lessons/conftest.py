"""Fixtures for the lesson tests: write small packs from Python data, in TOML."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "lessons" / "core"

HANDS = {
    "E": ["5B", "5B", "1C", "2C", "3C", "9C", "7D", "8D", "N", "GD", "WD", "F", "F", "J"],
    "S": ["2B", "2B", "4B", "6B", "8B", "1D", "3D", "3D", "9D", "E", "E", "RD", "F"],
    "W": ["1B", "9B", "6C", "6C", "7C", "4D", "5D", "6D", "S", "W", "WD", "F", "J"],
    "N": ["3B", "3B", "3B", "8C", "8C", "2D", "2D", "N", "N", "RD", "GD", "GD", "WD"],
}

MANIFEST: dict[str, Any] = {
    "id": "demo",
    "version": "1.0.0",
    "title": "Demo pack",
    "summary": "A pack for tests.",
    "languages": ["en"],
    "min_app_version": "0.1.0",
    "authors": ["Tests"],
    "licence": "CC0-1.0",
}


def pass_task() -> dict[str, Any]:
    """A first-right pass task for East, with one listed answer and two wrong ones."""
    return {
        "ruleset": "american",
        "seat": "E",
        "allow": ["pass"],
        "state": {"dealer": "E", "phase": "charleston", "step": "first_right",
                  "hands": copy.deepcopy(HANDS)},
        "answers": [{"action": {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"],
                                "blind": 0}, "result": {"to": "S"}}],
        "wrong": [
            {"action": {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "J"], "blind": 0},
             "reason": "JOKER_NOT_PASSABLE", "feedback": "Keep the joker."},
            {"action": {"type": "pass", "seat": "E", "tiles": ["9C", "7D", "8D"], "blind": 0},
             "feedback": "Legal, but pass the craks."},
        ],
        "otherwise": "Legal, but not this one.",
    }


def lesson(lesson_id: str = "one", prerequisites: list[str] | None = None) -> dict[str, Any]:
    """A small valid lesson: explain, task, quiz (with a verify scenario), recap."""
    return {
        "id": lesson_id,
        "title": "One",
        "goal": "Learn one thing.",
        "prerequisites": prerequisites or [],
        "steps": [
            {"id": "look", "kind": "explain", "text": "Look.", "notes": "Say it.",
             "picture": {"kind": "seat_diagram", "you": "E", "dealer": "E",
                         "arrows": [{"from": "E", "to": "S", "count": 3, "label": "right"}],
                         "highlight": ["S"], "hand_counts": {"E": 14}, "caption": "Seats."}},
            {"id": "pass", "kind": "task", "text": "Pass right.", "hints": ["Three.", "Craks."],
             "feedback": {"PASS_NEEDS_THREE": "Three tiles."}, "task": pass_task(),
             "translator_note": "Pass means give."},
            {"id": "where", "kind": "quiz", "text": "Where do East's tiles go?",
             "rule": "charleston_order", "quiz": {"answer": "s", "options": [
                 {"id": "s", "text": "South", "result": {"to": "S"},
                  "feedback": "Yes: South sits on East's right."},
                 {"id": "n", "text": "North", "result": {"to": "N"}, "feedback": "Right!"},
                 {"id": "w", "tile": "W", "feedback": "West is across from East."},
             ], "verify": {"ruleset": "american",
                           "state": {"phase": "charleston", "step": "first_right",
                                     "hands": {"E": HANDS["E"]}},
                           "action": {"type": "pass", "seat": "E", "tiles": ["1C", "2C", "3C"],
                                      "blind": 0}}}},
            {"id": "end", "kind": "recap", "text": "Done.", "points": ["Right is next."]},
        ],
    }


def toml_value(value: Any) -> str:
    """One value in TOML inline syntax (strings, numbers, booleans, arrays, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    raise TypeError(value)


def toml_text(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(key)} = {toml_value(value)}\n" for key, value in data.items())


WritePack = Callable[..., Path]


@pytest.fixture
def write_pack(tmp_path: Path) -> WritePack:
    """``write_pack(manifest=None, lessons=None, raw=None)``: write a pack folder and return
    it. ``lessons`` maps file names to lesson data; ``raw`` maps file names to literal text."""

    def write(manifest: dict[str, Any] | None = None,
              lessons: dict[str, dict[str, Any]] | None = None,
              raw: dict[str, str] | None = None, name: str = "demo") -> Path:
        folder = tmp_path / name
        folder.mkdir()
        if manifest is not False:
            (folder / "pack.toml").write_text(toml_text(manifest or MANIFEST), encoding="utf-8")
        for file, data in (lessons if lessons is not None else {"01-one.toml": lesson()}).items():
            (folder / file).write_text(toml_text(data), encoding="utf-8")
        for file, text in (raw or {}).items():
            (folder / file).write_text(text, encoding="utf-8")
        return folder

    return write
