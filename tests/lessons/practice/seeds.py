"""Find deal numbers that show each rule in the practice modes (for teachers and the report).

Run: ``.venv/bin/python -m tests.lessons.practice.seeds [LIMIT]`` (default 600 seeds).

Charleston (learner East, playing like a partner and voting to continue): the first seed with
a blind pass, a stop, and a courtesy pass of 3 against 1, and one seed showing all three.
Claims drill (learner South passing every window): the first seed at each level whose game
ends in a robbed added kong. Every seed printed is replayed and checked before it is printed.
"""

from __future__ import annotations

import sys
from typing import Any

from tilewise.lessons.pack import load_pack
from tilewise.lessons.practice.charleston import CharlestonPractice
from tilewise.lessons.practice.claims import ClaimsDrill
from tilewise.lessons.practice.lines import lines_from_pack
from tilewise.store.paths import lessons_dir


def play_charleston(seed: int, lines: Any, seat: str = "E") -> CharlestonPractice:
    """The learner plays ``seat`` like a partner but always votes to continue."""
    practice = CharlestonPractice(seed, lines, seat=seat)
    while not practice.done:
        if practice.step == "stop_vote":
            practice.vote(True)
        elif practice.step == "courtesy":
            practice.offer(practice.partner_offer(seat))
        else:
            practice.pass_tiles(*practice.partner_pass(seat))
    return practice


def charleston_shows(practice: CharlestonPractice) -> set[str]:
    """Which of ``blind``, ``stop``, ``courtesy_3_1`` the played deal shows."""
    shown = set()
    if any(n for r in practice.records if r.step != "courtesy" for n in r.blind.values()):
        shown.add("blind")
    if practice.table.second_charleston is False:
        shown.add("stop")
    courtesy = practice.records[-1]
    for a, b in (("E", "W"), ("S", "N")):
        if sorted((len(courtesy.offers[a]), len(courtesy.offers[b]))) == [1, 3]:
            shown.add("courtesy_3_1")
    return shown


def play_claims(seed: int, level: int, seat: str = "S") -> ClaimsDrill:
    """The learner passes every claim window and answers the other prompts with anything."""
    drill = ClaimsDrill(seed, seat=seat, level=level)
    while drill.prompt is not None:
        if drill.prompt.kind == "claim":
            drill.pass_claim()
        elif drill.prompt.kind == "precedence":
            drill.answer(seat, "win_first")
        else:  # a passing learner is never awarded a set; answer anything
            drill.lay_out([], 0)
    return drill


def main(argv: list[str]) -> int:
    limit = int(argv[0]) if argv else 600
    lines = lines_from_pack(load_pack(lessons_dir() / "core"))
    first: dict[str, int] = {}
    for seed in range(limit):
        shown = charleston_shows(play_charleston(seed, lines))
        for rule in shown:
            first.setdefault(rule, seed)
        if len(shown) == 3:
            first.setdefault("all_three", seed)
        if len(first) == 4:
            break
    for rule, seed in sorted(first.items()):
        replay = charleston_shows(play_charleston(seed, lines))
        assert rule in replay or (rule == "all_three" and len(replay) == 3)
        print(f"charleston {rule}: seed {seed} (learner E)")
    for level in (1, 2, 3, 4):
        for seed in range(limit):
            drill = play_claims(seed, level)
            if drill.result is not None and drill.result["robbed"]:
                again = play_claims(seed, level)
                assert again.result == drill.result
                owner = again.events[-3].seat
                print(f"claims robbed kong: seed {seed} level {level} (learner S passing): "
                      f"{again.result['winner']} robs {owner}'s added kong of "
                      f"{again.events[-3].tile}")
                break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
