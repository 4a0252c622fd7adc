"""The play room's sentences written from the engine's codes: a key moment's pass, blind or not
(newcomer report: "You passed  and 3 tiles blind." after a whole blind pass)."""

from __future__ import annotations

from tilewise.gui.play.view import moment_text
from tilewise.lessons.hand.moments import Moment


def _pass(tiles: list[str], blind: int) -> Moment:
    return Moment(3, "pass", {"type": "pass", "tiles": tiles, "blind": blind}, {})


def test_a_pass_in_words_names_its_tiles_and_its_blind_count() -> None:
    assert moment_text(_pass([], 3), "american") == "You passed all 3 tiles blind, as they arrived."
    assert moment_text(_pass(["5B"], 2), "american") == "You passed Five Bam and 2 tiles blind."
    assert moment_text(_pass(["5B", "N"], 1), "american") == (
        "You passed Five Bam, North Wind and 1 tile blind.")
    assert moment_text(_pass(["5B", "N", "F"], 0), "american") == (
        "You passed Five Bam, North Wind, Flower.")
    for moment in (_pass([], 3), _pass(["5B"], 2), _pass(["5B", "N", "F"], 0)):
        assert "  " not in moment_text(moment, "american")
