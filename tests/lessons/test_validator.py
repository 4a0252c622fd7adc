"""The pack validator: each kind of broken pack names the file, the key path and the problem."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.lessons.conftest import HANDS, MANIFEST, WritePack, lesson
from tilewise.lessons import moves
from tilewise.lessons.model import PackError
from tilewise.lessons.pack import _find_cycle, clear_cache, load_pack

Mutate = Callable[[dict[str, Any], dict[str, Any]], None]


def step(lessons: dict[str, Any], index: int) -> dict[str, Any]:
    return lessons["01-one.toml"]["steps"][index]


def task(lessons: dict[str, Any]) -> dict[str, Any]:
    return step(lessons, 1)["task"]


def quiz(lessons: dict[str, Any]) -> dict[str, Any]:
    return step(lessons, 2)["quiz"]


def picture(lessons: dict[str, Any]) -> dict[str, Any]:
    return step(lessons, 0)["picture"]


def set_picture(data: dict[str, Any]) -> Mutate:
    def mutate(manifest: dict[str, Any], lessons: dict[str, Any]) -> None:
        step(lessons, 0)["picture"] = data
    return mutate


def add_lesson(name: str, data: dict[str, Any]) -> Mutate:
    def mutate(manifest: dict[str, Any], lessons: dict[str, Any]) -> None:
        lessons[name] = data
    return mutate


L1 = "01-one.toml"
S1 = "steps[1].task"

# (id, mutation, file name, key path, words in the message)
BROKEN: list[tuple[str, Mutate, str, str, str]] = [
    ("unknown pack key", lambda m, ls: m.update(colour="red"), "pack.toml", "colour", "unknown key"),
    ("missing pack key", lambda m, ls: m.pop("licence"), "pack.toml", "licence", "missing"),
    ("bad pack id", lambda m, ls: m.update(id="Demo Pack"), "pack.toml", "id", "lower-case"),
    ("title not text", lambda m, ls: m.update(title=3), "pack.toml", "title", "non-empty string"),
    ("languages not list", lambda m, ls: m.update(languages="en"), "pack.toml", "languages",
     "list of non-empty strings"),
    ("bad app version", lambda m, ls: m.update(min_app_version="soon"), "pack.toml",
     "min_app_version", "version"),
    ("app too old", lambda m, ls: m.update(min_app_version="99.0"), "pack.toml",
     "min_app_version", "needs app 99.0"),
    ("assets not tables", lambda m, ls: m.update(assets=["x.svg"]), "pack.toml", "assets",
     "list of tables"),
    ("missing asset", lambda m, ls: m.update(
        assets=[{"path": "assets/x.svg", "source": "ours", "licence": "CC0-1.0"}]),
     "pack.toml", "assets[0].path", "does not exist"),
    ("asset without path", lambda m, ls: m.update(
        assets=[{"source": "ours", "licence": "CC0-1.0"}]), "pack.toml", "assets[0].path",
     "missing"),
    ("asset without licence", lambda m, ls: m.update(
        assets=[{"path": "pack.toml", "source": "ours"}]), "pack.toml", "assets[0].licence",
     "missing"),
    ("unknown lesson key", lambda m, ls: ls[L1].update(level=2), L1, "level", "unknown key"),
    # a key TOML takes only quoted is named quoted (an empty key had no key path: make fuzz)
    ("empty unknown key", lambda m, ls: ls[L1].update({"": 2}), L1, '""', "unknown key"),
    ("spaced unknown key", lambda m, ls: ls[L1]["steps"][0].update({"a b": 2}), L1,
     'steps[0]."a b"', "unknown key"),
    ("steps empty", lambda m, ls: ls[L1].update(steps=[]), L1, "steps", "at least one step"),
    ("duplicate lesson id", add_lesson("02-two.toml", lesson("one")), "02-two.toml", "id",
     "also used in"),
    ("missing prerequisite", add_lesson("02-two.toml", lesson("two", ["zero"])), "02-two.toml",
     "prerequisites[0]", "no lesson 'zero'"),
    ("prerequisite cycle", lambda m, ls: (ls.update({"02-two.toml": lesson("two", ["three"]),
                                                     "03-three.toml": lesson("three", ["two"])})),
     "02-two.toml", "prerequisites", "cycle: two -> three -> two"),
    ("self prerequisite", lambda m, ls: ls[L1].update(prerequisites=["one"]), L1,
     "prerequisites", "cycle: one -> one"),
    ("duplicate step id", lambda m, ls: step(ls, 3).update(id="look"), L1, "steps[3].id",
     "used twice"),
    ("unknown step kind", lambda m, ls: step(ls, 0).update(kind="video"), L1, "steps[0].kind",
     "not one of"),
    ("step missing text", lambda m, ls: step(ls, 3).pop("text"), L1, "steps[3].text", "missing"),
    ("key of another kind", lambda m, ls: step(ls, 0).update(points=["x"]), L1,
     "steps[0].points", "unknown key"),
    ("feedback not a reason", lambda m, ls: step(ls, 1)["feedback"].update(OOPS="x"), L1,
     "steps[1].feedback.OOPS", "not a referee reason code"),
    ("feedback not text", lambda m, ls: step(ls, 1)["feedback"].update(PASS_NEEDS_THREE=1), L1,
     "steps[1].feedback.PASS_NEEDS_THREE", "non-empty string"),
    ("picture not a table", lambda m, ls: step(ls, 0).update(picture="seats.png"), L1,
     "steps[0].picture", "must be a table"),
    ("task not a table", lambda m, ls: step(ls, 1).update(task=[1]), L1, "steps[1].task",
     "must be a table"),
    ("unknown ruleset", lambda m, ls: task(ls).update(ruleset="riichi"), L1, f"{S1}.ruleset",
     "not one of"),
    ("bad seat", lambda m, ls: task(ls).update(seat="X"), L1, f"{S1}.seat", "not one of"),
    ("allow empty", lambda m, ls: task(ls).update(allow=[]), L1, f"{S1}.allow",
     "at least one action type"),
    ("allow unknown action", lambda m, ls: task(ls).update(allow=["pass", "fly"]), L1,
     f"{S1}.allow[1]", "not one of"),
    ("bad done", lambda m, ls: task(ls).update(done="maybe"), L1, f"{S1}.done", "not one of"),
    ("result needs done legal", lambda m, ls: task(ls).update(result={"to": "S"}), L1,
     f"{S1}.result", 'done = "legal"'),
    ("answers empty", lambda m, ls: task(ls).update(answers=[]), L1, f"{S1}.answers",
     "at least one expected answer"),
    ("answer type not allowed", lambda m, ls: task(ls)["answers"][0]["action"].update(
        type="vote"), L1, f"{S1}.answers[0].action.type", "not among the task's allow list"),
    ("unknown answer key", lambda m, ls: task(ls)["answers"][0].update(why="x"), L1,
     f"{S1}.answers[0].why", "unknown key"),
    ("wrong reason unknown", lambda m, ls: task(ls)["wrong"][0].update(reason="NOPE"), L1,
     f"{S1}.wrong[0].reason", "not a referee reason code"),
    ("wrong needs reason or feedback", lambda m, ls: task(ls)["wrong"][1].pop("feedback"), L1,
     f"{S1}.wrong[1]", "needs a reason code, or feedback"),
    ("legal wrong with done legal", lambda m, ls: task(ls).update(done="legal"), L1,
     f"{S1}.wrong[1]", "cannot be wrong"),
    ("unknown state key", lambda m, ls: task(ls)["state"].update(wind="E"), L1,
     f"{S1}.state.wind", "unknown state key"),
    ("bad tile code", lambda m, ls: task(ls)["state"]["hands"]["E"].__setitem__(2, "1X"), L1,
     f"{S1}.state.hands.E[2]", "'1X' is not a tile code"),
    ("tile not text", lambda m, ls: task(ls)["state"]["hands"]["S"].__setitem__(0, 5), L1,
     f"{S1}.state.hands.S[0]", "5 is not a tile code"),
    ("hand not a list", lambda m, ls: task(ls)["state"]["hands"].update(N="3B"), L1,
     f"{S1}.state.hands.N", "list of tile codes"),
    ("bad hand seat", lambda m, ls: task(ls)["state"]["hands"].update(X=["1B"]), L1,
     f"{S1}.state.hands.X", "not one of"),
    ("joker at a WSM table", lambda m, ls: task(ls).update(
        ruleset="wsm", state={"phase": "play", "hands": {"S": ["1B", "J"]}}), L1,
     f"{S1}.state.hands.S[1]", "not in the wsm set"),
    ("five of a tile", lambda m, ls: task(ls)["state"].update(
        hands={"E": ["4B", "4B"], "W": ["1C"]},
        melds={"W": [{"kind": "pung", "tiles": ["4B", "4B", "4B"]}]},
        discards={"S": ["4B"]}, last_discard={"tile": "4B", "by": "S"}), L1,
     f"{S1}.state.melds.W[0].tiles[1]", "tile 4B: 6 copies in this state; the american set holds 4"),
    ("two tiles over, the first", lambda m, ls: task(ls)["state"].update(
        hands={"E": ["5B", "4B", "4B", "5B", "4B", "5B"], "W": ["4B", "4B", "5B", "5B"]}), L1,
     f"{S1}.state.hands.W[1]", "tile 4B: 5 copies in this state"),
    ("two tiles over, the second", lambda m, ls: task(ls)["state"].update(
        hands={"E": ["5B", "4B", "4B", "5B", "4B", "5B"], "W": ["4B", "4B", "5B", "5B"]}), L1,
     f"{S1}.state.hands.W[3]", "tile 5B: 5 copies in this state"),
    ("last discard counted", lambda m, ls: task(ls)["state"].update(
        hands={"E": ["4B", "4B", "4B", "4B"]}, last_discard={"tile": "4B", "by": "S"}), L1,
     f"{S1}.state.last_discard.tile", "tile 4B: 5 copies"),
    ("nine jokers", lambda m, ls: task(ls)["state"]["hands"].update(
        S=["J"] * 7), L1, f"{S1}.state.hands.W[12]", "tile J: 9 copies"),
    ("melds not a list", lambda m, ls: task(ls)["state"].update(melds={"W": "pung"}), L1,
     f"{S1}.state.melds.W", "list of melds"),
    ("meld not a table", lambda m, ls: task(ls)["state"].update(melds={"W": ["pung"]}), L1,
     f"{S1}.state.melds.W[0]", "must be a table"),
    ("meld unknown key", lambda m, ls: task(ls)["state"].update(
        melds={"W": [{"kind": "pung", "tiles": ["1B", "1B", "1B"], "owner": "W"}]}), L1,
     f"{S1}.state.melds.W[0].owner", "unknown key"),
    ("bad pending kong tile", lambda m, ls: task(ls)["state"].update(
        pending_kong={"seat": "S", "tile": "6X", "kind": "added"}), L1,
     f"{S1}.state.pending_kong.tile", "not a tile code"),
    ("bad card tile", lambda m, ls: task(ls)["state"].update(
        card=[[{"tiles": ["F", "Q"], "kind": "pair"}]]), L1,
     f"{S1}.state.card[0][0].tiles[1]", "'Q' is not a tile code"),
    ("empty card group", lambda m, ls: task(ls)["state"].update(
        card=[[{"tiles": ["F", "F"], "kind": "pair"}, {"tiles": [], "kind": "pung"}]]), L1,
     f"{S1}.state.card[0][1].tiles", "card group needs at least one tile"),
    ("card group without tiles", lambda m, ls: task(ls)["state"].update(
        card=[[{"kind": "pung"}]]), L1,
     f"{S1}.state.card[0][0].tiles", "card group needs at least one tile"),
    ("empty meld", lambda m, ls: task(ls)["state"].update(
        melds={"W": [{"kind": "pung", "tiles": []}]}), L1,
     f"{S1}.state.melds.W[0].tiles", "meld needs its tiles"),
    ("bad answer tile", lambda m, ls: task(ls)["answers"][0]["action"].update(
        tiles=["1C", "2C", "3Z"]), L1, f"{S1}.answers[0].action.tiles[2]", "not a tile code"),
    ("bad nested answer tile", lambda m, ls: task(ls)["answers"][0]["action"].update(
        target={"tile": "0D"}, extra=[{"tile": "J"}]), L1,
     f"{S1}.answers[0].action.target.tile", "not a tile code"),
    ("quiz one option", lambda m, ls: quiz(ls).update(options=[{"id": "s", "text": "S"}]), L1,
     "steps[2].quiz.options", "at least two options"),
    ("quiz duplicate option", lambda m, ls: quiz(ls)["options"][1].update(id="s"), L1,
     "steps[2].quiz.options[1].id", "used twice"),
    ("quiz empty option", lambda m, ls: quiz(ls)["options"][1].pop("text"), L1,
     "steps[2].quiz.options[1]", "needs text, a tile or tiles"),
    ("quiz bad option tile", lambda m, ls: quiz(ls)["options"][2].update(tile="W1"), L1,
     "steps[2].quiz.options[2].tile", "not a tile code"),
    ("quiz bad option tiles", lambda m, ls: quiz(ls)["options"][2].update(tiles=["E", "X"]),
     L1, "steps[2].quiz.options[2].tiles[1]", "not a tile code"),
    ("quiz answer unknown", lambda m, ls: quiz(ls).update(answer="e"), L1,
     "steps[2].quiz.answer", "not an option id"),
    ("quiz result without verify", lambda m, ls: quiz(ls).pop("verify"), L1,
     "steps[2].quiz.options[0].result", "needs a quiz verify"),
    ("quiz right option lacks result", lambda m, ls: quiz(ls)["options"][0].pop("result"), L1,
     "steps[2].quiz.answer", "needs a result"),
    ("verify unknown key", lambda m, ls: quiz(ls)["verify"].update(expect={}), L1,
     "steps[2].quiz.verify.expect", "unknown key"),
    ("verify bad action", lambda m, ls: quiz(ls)["verify"]["action"].update(type="fly"), L1,
     "steps[2].quiz.verify.action.type", "not one of"),
    ("picture kind unknown", set_picture({"kind": "photo"}), L1, "steps[0].picture.kind",
     "not one of"),
    ("picture key unknown", set_picture({"kind": "rack", "tiles": ["1B"], "size": 2}), L1,
     "steps[0].picture.size", "unknown key"),
    ("picture bad seat", set_picture({"kind": "seat_diagram", "you": "Q"}), L1,
     "steps[0].picture.you", "not one of"),
    ("picture bad highlight", set_picture({"kind": "seat_diagram", "highlight": ["E", "Z"]}),
     L1, "steps[0].picture.highlight[1]", "not one of"),
    ("picture bad hand count", set_picture({"kind": "seat_diagram", "hand_counts": {"E": "x"}}),
     L1, "steps[0].picture.hand_counts.E", "whole number"),
    ("picture bad arrow", set_picture({"kind": "seat_diagram", "arrows": [{"from": "E"}]}), L1,
     "steps[0].picture.arrows[0].to", "missing"),
    ("picture arrow seat", set_picture({"kind": "seat_diagram",
                                        "arrows": [{"from": "E", "to": "U"}]}), L1,
     "steps[0].picture.arrows[0].to", "not one of"),
    ("rack bad tile", set_picture({"kind": "rack", "tiles": ["1B", "10B"]}), L1,
     "steps[0].picture.tiles[1]", "not a tile code"),
    ("rack bad mark", set_picture({"kind": "rack", "tiles": ["1B"], "marked": [1]}), L1,
     "steps[0].picture.marked[0]", "not a tile index (0 to 0)"),
    ("rack mark is bool", set_picture({"kind": "rack", "tiles": ["1B"], "marked": [True]}), L1,
     "steps[0].picture.marked[0]", "not a tile index"),
    ("rack zone", set_picture({"kind": "rack", "tiles": ["1B", "2B"],
                               "zones": [{"to": "X", "tiles": [0, 5], "label": ""}]}), L1,
     "steps[0].picture.zones[0].tiles[1]", "not a tile index"),
    ("exposure bad tile", set_picture({"kind": "exposures", "melds": [
        {"kind": "pong", "tiles": ["7D", "7D", "7X"], "from": "E", "rotated": 0}]}), L1,
     "steps[0].picture.melds[0].tiles[2]", "not a tile code"),
    ("exposure bad rotated", set_picture({"kind": "exposures", "melds": [
        {"kind": "pong", "tiles": ["7D", "7D", "7D"], "from": "E", "rotated": 3}]}), L1,
     "steps[0].picture.melds[0].rotated", "not a tile index (0 to 2)"),
    ("exposure bad from", set_picture({"kind": "exposures", "melds": [
        {"kind": "pong", "tiles": ["7D", "7D", "7D"], "from": "Y"}]}), L1,
     "steps[0].picture.melds[0].from", "not one of"),
    ("kong bad face down", set_picture({"kind": "kong", "meld": {
        "kind": "kong_concealed", "tiles": ["7D"] * 4, "face_down": [0, 4]}}), L1,
     "steps[0].picture.meld.face_down[1]", "not a tile index"),
    ("kong bad added", set_picture({"kind": "kong", "added": 9, "meld": {
        "kind": "kong_added", "tiles": ["7D"] * 4}}), L1, "steps[0].picture.added",
     "not a tile index"),
    ("zone without target", set_picture({"kind": "rack", "tiles": ["1B"],
                                         "zones": [{"tiles": [0]}]}), L1,
     "steps[0].picture.zones[0].to", "missing"),
    ("ladder bad seat", set_picture({"kind": "precedence_ladder", "discarder": "E", "rungs": [
        {"claims": ["win"], "seats": ["S", "Q"]}]}), L1, "steps[0].picture.rungs[0].seats[1]",
     "not one of"),
    ("ladder rung key", set_picture({"kind": "precedence_ladder", "rungs": [
        {"claims": ["chi"], "colour": "red"}]}), L1, "steps[0].picture.rungs[0].colour",
     "unknown key"),
    ("highlight not a list", set_picture({"kind": "seat_diagram", "highlight": "E"}), L1,
     "steps[0].picture.highlight", "must be a list"),
    ("added kong without tile list", set_picture({"kind": "kong", "added": 0, "meld": {
        "kind": "kong_added", "tiles": "8C"}}), L1, "steps[0].picture.added",
     "not a tile index (0 to -1)"),
    ("quiz answer not text", lambda m, ls: quiz(ls).update(answer=["s"]), L1,
     "steps[2].quiz.answer", "not an option id"),
    ("wrong reason not text", lambda m, ls: task(ls)["wrong"][0].update(
        reason=["JOKER_NOT_PASSABLE"]), L1, f"{S1}.wrong[0].reason", "not a referee reason code"),
    ("card not lines", lambda m, ls: task(ls)["state"].update(card=[{"tiles": ["F"]}]), L1,
     f"{S1}.state.card", "must be a list of lines"),
    ("discards not a table", lambda m, ls: task(ls)["state"].update(
        discards=["4B"], last_discard={"tile": "4B", "by": ["S"]}), L1,
     f"{S1}.state.discards", "must be a table"),
    ("grid bad theme", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["7C"], "theme": "neon"}]}), L1, "steps[0].picture.rows[0].theme", "not one of"),
    ("card picture bad pattern", set_picture({"kind": "card", "lines": [
        {"label": "Line 1", "groups": [{"kind": "pung", "tile": "xq"}]}]}), L1,
     "steps[0].picture.lines[0].groups[0].tile", "'xq' is not a tile code or a card pattern"),
    ("card picture joker", set_picture({"kind": "card", "lines": [
        {"groups": [{"kind": "pung", "tiles": ["J", "J", "J"]}]}]}), L1,
     "steps[0].picture.lines[0].groups[0].tiles[0]", "never a joker"),
    ("card picture tile not text", set_picture({"kind": "card", "lines": [
        {"groups": [{"kind": "run", "tiles": ["1a", 2]}]}]}), L1,
     "steps[0].picture.lines[0].groups[0].tiles[1]", "2 is not a tile code or a card pattern"),
    ("card picture uneven pung", set_picture({"kind": "card", "lines": [
        {"groups": [{"kind": "pung", "tiles": ["1a", "1a"]}], "value": 25}]}), L1,
     "steps[0].picture.lines[0]", "a pung is 3 identical tiles"),
    ("card picture bad value", set_picture({"kind": "card", "lines": [
        {"groups": [{"kind": "pair", "tile": "F"}], "value": -5, "note": "Any suit."}]}), L1,
     "steps[0].picture.lines[0]", "value must be a positive"),
    ("card picture unknown key", set_picture({"kind": "card", "lines": [
        {"groups": [{"kind": "pair", "tile": "F"}], "colour": "red"}]}), L1,
     "steps[0].picture.lines[0].colour", "unknown key"),
    ("card picture group not a table", set_picture({"kind": "card", "lines": [
        {"groups": ["FF"]}]}), L1, "steps[0].picture.lines[0]", "must be an object"),
    ("card picture focus", set_picture({"kind": "card", "focus": 2, "lines": [
        {"groups": [{"kind": "pair", "tile": "F"}]}]}), L1, "steps[0].picture.focus",
     "not a tile index (0 to 0)"),
    ("state card wrapped line", lambda m, ls: task(ls)["state"].update(
        card=[{"groups": [{"kind": "kong", "tile": "x+9a"}]}]), L1,
     f"{S1}.state.card[0].groups[0].tile", "not a tile code or a card pattern"),
    ("state card concealed not bool", lambda m, ls: task(ls)["state"].update(
        card=[{"groups": [{"kind": "kong", "tile": "xa"}], "concealed": 1}]), L1,
     f"{S1}.state.card[0]", "concealed must be true or false"),
    ("legal wrong without result", lambda m, ls: task(ls).update(done="legal"), L1,
     f"{S1}.wrong[1]", 'cannot be wrong when done = "legal" without a result'),
    ("glossary unknown key", lambda m, ls: m.update(glossary=[{"id": "pung", "meaning": "Three.",
     "american": "pung", "lesson": "one", "step": "look", "chinese": "peng"}]), "pack.toml",
     "glossary[0].chinese", "unknown key"),
    ("glossary no names", lambda m, ls: m.update(glossary=[{"id": "pung", "meaning": "Three.",
     "lesson": "one", "step": "look"}]), "pack.toml", "glossary[0]", "at least one variant"),
    ("glossary twice", lambda m, ls: m.update(glossary=[
        {"id": "pung", "meaning": "Three.", "wsm": "pong", "lesson": "one", "step": "look"},
        {"id": "pung", "meaning": "Again.", "wsm": "pong", "lesson": "one", "step": "look"}]),
     "pack.toml", "glossary[1].id", "used twice"),
    ("glossary no lesson", lambda m, ls: m.update(glossary=[{"id": "pung", "meaning": "Three.",
     "riichi": "pon", "lesson": "two", "step": "look"}]), "pack.toml", "glossary[0].lesson",
     "no lesson 'two'"),
    ("glossary no step", lambda m, ls: m.update(glossary=[{"id": "pung", "meaning": "Three.",
     "hongkong": "pong", "lesson": "one", "step": "gone"}]), "pack.toml", "glossary[0].step",
     "has no step 'gone'"),
    ("glossary missing meaning", lambda m, ls: m.update(glossary=[{"id": "pung",
     "american": "pung", "lesson": "one", "step": "look"}]), "pack.toml", "glossary[0].meaning",
     "missing required key"),
    # tester 7 (shot 081): "x 99999999999999999" was drawn; a set holds 4 of a tile (8 of
    # the American flowers and jokers)
    ("grid count too large", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["7C", "8C"], "count": 99999999999999999}]}), L1,
     "steps[0].picture.rows[0].count",
     "99999999999999999 is not a whole number from 1 to 4: a set holds at most 4 of each"),
    ("grid count 5 of a tile", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["F", "J", "N"], "count": 5}]}), L1, "steps[0].picture.rows[0].count",
     "from 1 to 4"),
    ("grid count 9 flowers", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["F1", "J"], "count": 9}]}), L1, "steps[0].picture.rows[0].count",
     "9 is not a whole number from 1 to 8"),
    ("grid count zero", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["1B"], "count": 0}]}), L1, "steps[0].picture.rows[0].count", "0 is not"),
    ("grid count text", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["1B"], "count": "4"}]}), L1, "steps[0].picture.rows[0].count", "'4' is not"),
    ("grid count true", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["1B"], "count": True}]}), L1, "steps[0].picture.rows[0].count", "True is not"),
    ("grid bad tile", set_picture({"kind": "tile_grid", "rows": [
        {"tiles": ["7C", "C7"], "label": "x"}]}), L1, "steps[0].picture.rows[0].tiles[1]",
     "not a tile code"),
    # a wrong option without its reason got a bare "Not quite.", a right one a bare "Well done!"
    ("option without feedback", lambda m, ls: ls["01-one.toml"]["steps"][2]["quiz"]["options"][2]
     .pop("feedback"), L1, "steps[2].quiz.options[2].feedback",
     "every option needs feedback: why it is right, or why it is wrong"),
    ("quiz order unknown", lambda m, ls: ls["01-one.toml"]["steps"][2]["quiz"].update(order="random"),
     L1, "steps[2].quiz.order", "'random' is not one of: shuffle, fixed"),
    # a quiz's answers counted under "Choosing the best move", whatever it taught
    ("quiz with no rule", lambda m, ls: ls["01-one.toml"]["steps"][2].pop("rule"), L1,
     "steps[2]", "a quiz counts for the rule it teaches: name it"),
    ("quiz rule unknown", lambda m, ls: ls["01-one.toml"]["steps"][2].update(rule="charleston"),
     L1, "steps[2].rule", "'charleston' is not one of: know_tiles, table_setup"),
    ("quiz rule is choosing", lambda m, ls: ls["01-one.toml"]["steps"][2].update(rule="choice"),
     L1, "steps[2].rule", "'choice' is not one of"),
    ("rule on an explain step", lambda m, ls: ls["01-one.toml"]["steps"][0].update(
        rule="pass_three"), L1, "steps[0].rule", "unknown key"),
]


@pytest.mark.parametrize(("mutate", "file", "key_path", "words"),
                         [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_broken_pack_names_file_key_and_problem(write_pack: WritePack, mutate: Mutate,
                                                file: str, key_path: str, words: str) -> None:
    manifest = copy.deepcopy(MANIFEST)
    lessons = {"01-one.toml": lesson()}
    mutate(manifest, lessons)
    folder = write_pack(manifest, lessons)
    with pytest.raises(PackError) as caught:
        load_pack(folder, check_moves=False)
    found = [(Path(p.file).name, p.key_path, p.message) for p in caught.value.problems]
    assert any(f == file and k == key_path and words in m for f, k, m in found), found
    assert str(folder / file) in str(caught.value)


def test_valid_pack_loads_with_its_model(write_pack: WritePack) -> None:
    pack = load_pack(write_pack())
    assert (pack.id, pack.title, pack.languages, pack.assets) == ("demo", "Demo pack", ("en",), ())
    [one] = pack.lessons
    assert [s.kind for s in one.steps] == ["explain", "task", "quiz", "recap"]
    assert [s.acting for s in one.steps] == [False, True, True, False]
    task = one.steps[1].task
    assert task is not None and task.state["hands"]["E"][0] == "5B"
    assert task.allow == ("pass",) and task.done == "listed" and task.given == {}
    assert one.steps[1].feedback == {"PASS_NEEDS_THREE": "Three tiles."}
    assert one.steps[3].points == ("Right is next.",)
    assert pack.lesson("one") is one
    assert [s.rule for s in one.steps] == [None, None, "charleston_order", None]
    with pytest.raises(KeyError):
        pack.lesson("two")
    assert one.context() == "one" and one.context(one.steps[1]) == "one/pass"


def test_a_tile_grid_counts_up_to_what_a_set_holds(write_pack: WritePack) -> None:
    """8 flowers and 8 jokers (American), 4 of any other tile: the most a row may say."""
    lessons = {"01-one.toml": lesson()}
    set_picture({"kind": "tile_grid", "rows": [{"tiles": ["F1", "F8", "J"], "count": 8},
                                               {"tiles": ["1B", "N"], "count": 4},
                                               {"tiles": ["WD"], "count": 1}]})({}, lessons)
    pack = load_pack(write_pack(lessons=lessons), check_moves=False)
    picture = pack.lessons[0].steps[0].picture
    assert picture is not None and [r["count"] for r in picture["rows"]] == [8, 4, 1]


def test_card_picture_and_patterned_state_card_load(write_pack: WritePack) -> None:
    lessons = {"01-one.toml": lesson()}
    step(lessons, 0)["picture"] = {"kind": "card", "focus": 1, "caption": "Ours.", "lines": [
        {"label": "Line 1", "note": "Any one suit.", "value": 25, "groups": [
            {"kind": "pair", "tile": "F"}, {"kind": "pung", "tile": "xa"},
            {"kind": "run", "tiles": ["1a", "2a", "3a"]}]},
        {"concealed": True, "groups": [{"kind": "kong", "tile": "Da"}]}]}
    task(lessons)["state"]["card"] = [
        {"groups": [{"kind": "pung", "tile": "x+1b"}], "value": 30},
        [{"kind": "pair", "tiles": ["N", "N"]}]]
    pack = load_pack(write_pack(lessons=lessons))
    picture = pack.lessons[0].steps[0].picture
    assert picture is not None and picture["kind"] == "card" and len(picture["lines"]) == 2


def test_glossary_loads_with_its_step(write_pack: WritePack) -> None:
    manifest = copy.deepcopy(MANIFEST)
    manifest["glossary"] = [{"id": "pung", "meaning": "Three identical tiles.",
                             "american": "pung", "wsm": "pong", "lesson": "one", "step": "pass"}]
    pack = load_pack(write_pack(manifest))
    [entry] = pack.glossary
    assert entry.names == {"american": "pung", "wsm": "pong"} and entry.context == "glossary/pung"
    assert (entry.lesson, entry.step) == ("one", "pass")


def test_asset_with_source_and_licence_loads(write_pack: WritePack) -> None:
    manifest = dict(MANIFEST, assets=[{"path": "assets/seat.svg", "source": "drawn by us",
                                       "licence": "CC0-1.0"}])
    folder = write_pack(manifest, raw={})
    (folder / "assets").mkdir()
    (folder / "assets" / "seat.svg").write_text("<svg/>")
    pack = load_pack(folder)
    assert pack.assets[0].licence == "CC0-1.0"


@pytest.mark.parametrize(("raw", "file", "words"), [
    ({"01-one.toml": "id = 'one'\nsteps = [\n"}, "01-one.toml", "cannot read TOML"),
    ({"pack.toml": "id = \n"}, "pack.toml", "cannot read TOML"),
    ({"02-deep.toml": "x = " + "[" * 5000 + "]" * 5000 + "\n"}, "02-deep.toml",
     "cannot read TOML"),
])
def test_unreadable_toml(write_pack: WritePack, raw: dict[str, str], file: str,
                         words: str) -> None:
    folder = write_pack(raw=raw)
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    assert any(Path(p.file).name == file and words in p.message for p in caught.value.problems)


def test_missing_manifest_and_no_lessons(write_pack: WritePack, tmp_path: Path) -> None:
    with pytest.raises(PackError, match="no pack.toml"):
        load_pack(write_pack(manifest=False, name="nomanifest"))
    with pytest.raises(PackError, match="no lesson files"):
        load_pack(write_pack(lessons={}, name="empty"))


def test_every_problem_is_listed_and_nothing_half_loads(write_pack: WritePack) -> None:
    bad = lesson()
    bad["steps"][1]["task"]["seat"] = "X"
    bad["steps"][2]["quiz"]["answer"] = "zz"
    second = lesson("two", ["missing"])
    folder = write_pack(lessons={"01-one.toml": bad, "02-two.toml": second})
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    keys = {(Path(p.file).name, p.key_path) for p in caught.value.problems}
    assert {("01-one.toml", "steps[1].task.seat"), ("01-one.toml", "steps[2].quiz.answer"),
            ("02-two.toml", "prerequisites[0]")} <= keys


def test_broken_step_is_reported_not_kept(write_pack: WritePack) -> None:
    data = lesson()
    del data["steps"][0]["id"]
    with pytest.raises(PackError) as caught:
        load_pack(write_pack(lessons={"01-one.toml": data}))
    assert [p.key_path for p in caught.value.problems] == ["steps[0].id"]


def test_cache_in_memory_and_on_disk(write_pack: WritePack, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write_pack()
    clear_cache()
    first = load_pack(folder)
    assert load_pack(folder) is first
    clear_cache()
    cache = tmp_path / "cache"
    cold = load_pack(folder, cache_dir=cache)
    [stored] = cache.glob("pack-*.json")
    clear_cache()

    def refuse(scenario: object) -> dict[str, Any]:
        raise AssertionError("a cached pack is not played again")

    with monkeypatch.context() as patch:
        patch.setattr(moves, "default_judge", lambda: refuse)
        warm = load_pack(folder, cache_dir=cache)
    assert warm == cold and warm is not cold
    # a changed file changes the signature: no stale pack
    text = (folder / "01-one.toml").read_text().replace('"Look."', '"Look again."')
    (folder / "01-one.toml").write_text(text)
    clear_cache()
    assert load_pack(folder, cache_dir=cache).lessons[0].steps[0].text == "Look again."
    assert len(list(cache.glob("pack-*.json"))) == 2


def test_disk_cache_skips_a_list_file_and_unwritable_folder(write_pack: WritePack,
                                                             tmp_path: Path) -> None:
    folder = write_pack()
    cache = tmp_path / "cache"
    cache.mkdir()
    clear_cache()
    load_pack(folder, cache_dir=cache)
    [stored] = cache.glob("pack-*.json")
    for junk in ("{not json", "[1, 2]"):  # unreadable, or not a table: read the TOML again
        stored.write_text(junk)
        clear_cache()
        assert load_pack(folder, cache_dir=cache).id == "demo"
        assert stored.read_text().startswith("{")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder")
    clear_cache()
    assert load_pack(folder, cache_dir=blocked).id == "demo"


def test_hands_for_each_seat_are_checked_with_four_copies(write_pack: WritePack) -> None:
    data = lesson()
    data["steps"][1]["task"]["state"]["hands"] = copy.deepcopy(HANDS)
    assert load_pack(write_pack(lessons={"01-one.toml": data})).lessons[0].id == "one"


def test_explicit_judge_is_used_and_not_cached(write_pack: WritePack) -> None:
    from tilewise.rules.referee import judge

    calls: list[object] = []

    def counting(scenario: Any) -> dict[str, Any]:
        calls.append(scenario)
        return judge(scenario)

    folder = write_pack()
    first = load_pack(folder, judge=counting)
    second = load_pack(folder, judge=counting)
    assert first == second and first is not second
    assert len(calls) == 8  # (1 answer + 2 wrong + 1 verify) x 2 loads


@pytest.mark.parametrize(("graph", "cycle"), [
    ({"a": ("b", "c"), "b": ("c",), "c": ()}, []),
    ({"a": ("x",), "b": ("a",)}, []),
    ({"a": (), "b": ("a",), "c": ("b", "a")}, []),
    ({"a": ("b",), "b": ("c",), "c": ("b",)}, ["b", "c", "b"]),
    ({"x": (), "a": ("x", "b"), "b": ("a",)}, ["a", "b", "a"]),
])
def test_find_cycle(graph: dict[str, tuple[str, ...]], cycle: list[str]) -> None:
    assert _find_cycle(graph) == cycle


def test_lesson_file_that_is_not_utf8(write_pack: WritePack) -> None:
    folder = write_pack()
    (folder / "02-latin1.toml").write_bytes('id = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    [problem] = caught.value.problems
    assert (Path(problem.file).name, problem.key_path, problem.message) == (
        "02-latin1.toml", "byte 9", "not UTF-8 text")



def test_quiz_order_defaults_to_shuffle_and_can_be_pinned(write_pack: WritePack) -> None:
    data = lesson()
    assert load_pack(write_pack(lessons={"01-one.toml": data})).lessons[0].steps[2].quiz.order \
        == "shuffle"
    data["steps"][2]["quiz"]["order"] = "fixed"
    pinned = load_pack(write_pack(lessons={"01-one.toml": data}, name="pinned"))
    assert pinned.lessons[0].steps[2].quiz.order == "fixed"


def test_open_pack_leaves_the_moves_check_to_run_a_lesson_at_a_time(
        write_pack: WritePack, tmp_path: Path) -> None:
    """The app shows a pack first and checks its moves after the first paint (issue 21):
    ``open_pack`` reads and checks the shape now, the moves check a lesson per ``step``; a
    pack that passes is cached as if loaded whole, one that fails is not."""
    from tilewise.lessons.pack import open_pack

    folder = write_pack(lessons={"01-one.toml": lesson(), "02-two.toml": lesson("two")})
    cache = tmp_path / "cache"
    clear_cache()
    pack, check = open_pack(folder, cache_dir=cache)
    assert check is not None and [x.id for x in pack.lessons] == ["one", "two"]
    assert not list(cache.glob("pack-*.json"))  # nothing kept before the check passed
    assert [check.step(), check.step()] == [False, False] and not check.done
    assert check.step() and check.done and check.problems == []
    assert check.step()  # done stays done
    [stored] = cache.glob("pack-*.json")
    assert open_pack(folder, cache_dir=cache) == (pack, None)  # in memory, not checked again
    clear_cache()
    again, none = open_pack(folder, cache_dir=cache)  # from the disk: no check to do
    assert none is None and again == pack
    assert open_pack(folder, check_moves=False)[1] is None

    bad = lesson("bad")
    bad["steps"][2]["quiz"]["options"][1]["result"] = {"to": "S"}  # a wrong option "right"
    broken = write_pack(lessons={"01-bad.toml": bad}, name="broken")
    clear_cache()
    _pack, failing = open_pack(broken, cache_dir=cache)
    assert failing is not None
    assert [p.key_path for p in failing.finish()] == ["steps[2].quiz.options[1].result"]
    assert failing.step() and len(list(cache.glob("pack-*.json"))) == 1  # not kept
    with pytest.raises(PackError):
        load_pack(broken, cache_dir=cache)
