"""Open the app at one lesson step on a real display, for ``atspi_probe.py`` (run with the
project's own Python: ``.venv/bin/python tests/a11y/app_at_step.py LANG LESSON STEP``).

Progress goes to a throwaway ``TILEWISE_HOME`` (the probe sets it), with the teacher's
"open every lesson" switch on, so the library names a lesson in progress "Continue: ..."
rather than "Locked: ...". The window stays open until the probe ends the process.

Its first line on stdout is ``ready {json}``: what the bus should carry in this language,
from the rules model and the catalogs (the tiles of the learner's rack by position, the
message templates), so the probe compares the bus with the model, not with the widgets.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(lang: str, lesson_id: str, step_id: str) -> int:
    """Show the main window at ``lesson_id``'s step ``step_id`` in ``lang``; run the loop."""
    import json
    import os

    from tilewise.gui.app import make_application
    from tilewise.gui.mainwindow import MainWindow
    from tilewise.gui.reasons import tile_name
    from tilewise.i18n import set_language
    from tilewise.lessons.pack import load_pack
    from tilewise.store.paths import lessons_dir
    from tilewise.store.progress import ProgressStore
    from tilewise.store.settings import Settings

    home = Path(os.environ["TILEWISE_HOME"])
    app = make_application()
    set_language(lang)
    pack = load_pack(lessons_dir() / "core")
    store = ProgressStore(home / "progress.sqlite3")
    profile = store.create_profile("Probe", lang)
    window = MainWindow(store, Settings(unlock_all=True), [pack], profile,
                        settings_path=home / "settings.toml")
    window.resize(1024, 768)
    window.show()
    lesson = pack.lesson(lesson_id)
    index = [s.id for s in lesson.steps].index(step_id)
    window.player.open(pack, lesson, {"lesson": lesson.id, "index": index})
    window.stack.setCurrentWidget(window.player)
    # What the bus should carry, in this language: the probe compares.
    from tilewise.gui.player.text import spoken
    from tilewise.i18n import _, ngettext

    player = window.player
    catalog = player.catalog
    assert catalog is not None
    desk = player.desk
    assert desk is not None, f"{lesson_id}/{step_id} is not a task step"
    table = desk.table
    rack = [tile_name(table.tiles[i].code) for i in table.rack(table.seat)]
    zone = player.table_scene.zones["pass"]
    slots = zone.spec.slots
    expected = {
        "instruction": spoken(player.pack_text(player.session.step.text)),
        "lesson_text": _("Lesson text"), "feedback": _("Feedback"),
        "not_allowed": _("Not allowed."), "you": player.table_scene.you.text(),
        "joker": tile_name("J"), "well_done": _("Well done!"),
        "right": [tile_name(code) for code in ("9C", "7D", "8D")],
        # every tile of the rack, by position, as the model holds it
        "rack": rack,
        "tile_focus": _("{tile}, {position} of {total}"),
        "tile_selected": _("{focus}, selected {number} of {count}"),
        "arrived": _("{focus}, just arrived"),
        # the pass zone, empty and full
        "zone": [ngettext("{zone}, {filled} of {n} tile", "{zone}, {filled} of {n} tiles",
                          slots, zone=zone.caption, filled=filled)
                 for filled in range(slots + 1)],
        # the library: the player's way back, and the lesson's card button
        "lessons_button": _("Lessons"),
        "continue": _("{action}: {lesson}", action=_("Continue"),
                      lesson=catalog.text(lesson.id, lesson.title)),
        "action_words": [_("Start"), _("Continue"), _("Review"), _("Locked")],
        "titles": [catalog.text(other.id, other.title) for other in pack.lessons],
    }
    print("ready " + json.dumps(expected), flush=True)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
