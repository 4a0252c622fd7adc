"""Card lines with "any suit", like numbers, consecutive runs and matching dragons
(REFERENCE.md section 13, DECISIONS 26), the ``card_need`` reading task and ``waits``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.notation import answer, hand
from tilewise.rules.cardlines import (
    CardError,
    CardGroup,
    CardLine,
    display,
    expansions,
    parse_card,
    parse_line,
)
from tilewise.rules.jokers import card_line_for, line_matches
from tilewise.rules.state import Meld, ScenarioError, Table

# Our own practice lines (for learning only, not any league's card).
RUN = {"groups": [{"kind": "pair", "tile": "F"}, {"kind": "pung", "tile": "xa"},
                  {"kind": "pung", "tile": "x+1a"}, {"kind": "kong", "tile": "x+2a"},
                  {"kind": "pair", "tile": "Da"}], "value": 25}
LIKE = [{"kind": "kong", "tile": "xa"}, {"kind": "kong", "tile": "xb"},
        {"kind": "kong", "tile": "xc"}, {"kind": "pair", "tile": "F"}]
HIDDEN = {"groups": [{"kind": "pair", "tile": "N"}, {"kind": "pung", "tile": "1a"},
                     {"kind": "pung", "tile": "9a"}, {"kind": "pung", "tile": "1b"},
                     {"kind": "pung", "tile": "9b"}], "concealed": True, "value": 35}
NEWS = [{"kind": "news", "tiles": ["N", "E", "W", "S"]}, {"kind": "kong", "tile": "2B"},
        {"kind": "pung", "tile": "Db"}, {"kind": "pung", "tile": "Dc"}]
CARD = [RUN, LIKE, HIDDEN, NEWS]


def table(rack: str, melds: list[dict[str, Any]] | None = None, **state: Any) -> dict[str, Any]:
    return {"hands": {"S": hand(rack)}, "melds": {"S": melds or []}, "card": CARD, **state}


def need(rack: str, line: int, melds: list[dict[str, Any]] | None = None,
         tiles: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "card_need", "seat": "S", "line": line}
    if tiles is not None:
        action["tiles"] = hand(tiles)
    return answer("american", table(rack, melds), action)


# -- reading lines --------------------------------------------------------------------------


def test_a_line_reads_both_shapes() -> None:
    line = parse_line(RUN)
    assert line.value == 25 and not line.concealed and line.size == 14
    assert line.groups[1] == CardGroup("pung", ("xa", "xa", "xa"))
    assert parse_line(LIKE) == CardLine(tuple(CardGroup("kong", (t,) * 4) for t in
                                              ("xa", "xb", "xc")) + (CardGroup("pair", ("F", "F")),))
    assert parse_line(HIDDEN).concealed
    assert len(line) == 5 and line[1] is line.groups[1] and list(line) == list(line.groups)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (5, "card must be a list"),
        ([5], "must be a list of groups"),
        ([[]], "must be a list of groups"),
        ([{"groups": [], "value": 5}], "must be a list of groups"),
        ([{"groups": LIKE, "colour": "red"}], "unknown keys"),
        ([{"groups": LIKE, "concealed": "yes"}], "concealed must be true or false"),
        ([{"groups": LIKE, "value": 0}], "value must be a positive"),
        ([{"groups": LIKE, "value": True}], "value must be a positive"),
        ([["pung"]], "must be an object"),
        ([[{"kind": "pung", "tile": "1a", "size": 3}]], "unknown keys"),
        ([[{"tile": "1a"}]], "needs a kind"),
        ([[{"kind": "run", "tile": "1a"}]], "'tile' names a group of identical tiles"),
        ([[{"kind": "pung", "tile": "1a", "tiles": ["1a"]}]], "'tile' names"),
        ([[{"kind": "run", "tiles": []}]], "needs at least one tile"),
        ([[{"kind": "pung", "tiles": ["1a", "1a"]}]], "a pung is 3 identical tiles"),
        ([[{"kind": "pung", "tiles": ["1a", "1b", "1a"]}]], "a pung is 3 identical tiles"),
        ([[{"kind": "pung", "tile": "J"}]], "never a joker"),
        ([[{"kind": "pung", "tile": "1d"}]], "'1d' is not a tile or a card pattern"),
        ([[{"kind": "pung", "tile": "x+9a"}]], "not a tile or a card pattern"),
        ([[{"kind": "pung", "tile": "Dx"}]], "not a tile or a card pattern"),
        ([[{"kind": "pung", "tile": 7}]], "not a tile or a card pattern"),
    ],
)
def test_broken_cards_are_named(value: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        parse_card(value)


def test_a_broken_card_in_a_state_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="never a joker"):
        Table("american", {"card": [[{"kind": "pung", "tile": "J"}]]})


def test_any_suit_and_runs_expand() -> None:
    forms = list(expansions(parse_line(RUN)))
    assert len(forms) == 3 * 7  # three suits, x = 1..7
    first = forms[0]
    assert [g.tiles[0] for g in first] == ["F", "1B", "2B", "3B", "GD"]
    assert [g.tiles[0] for g in forms[-1]] == ["F", "7D", "8D", "9D", "WD"]
    assert {g.tiles[0] for form in forms for g in form if g.kind == "pair" and g.tiles[0] != "F"} \
        == {"GD", "RD", "WD"}


def test_like_numbers_take_three_different_suits() -> None:
    forms = list(expansions(parse_line(LIKE)))
    assert len(forms) == 6 * 9
    for form in forms:
        suits = {g.tiles[0][1] for g in form[:3]}
        ranks = {g.tiles[0][0] for g in form[:3]}
        assert suits == {"B", "C", "D"} and len(ranks) == 1


def test_different_number_letters_differ() -> None:
    line = parse_line([{"kind": "pung", "tile": "xB"}, {"kind": "pung", "tile": "yB"}])
    forms = list(expansions(line))
    assert len(forms) == 9 * 8
    assert all(form[0].tiles[0] != form[1].tiles[0] for form in forms)


def test_a_plain_line_is_its_own_form() -> None:
    line = parse_line(NEWS[:2])
    assert list(expansions(line)) == [line.groups]


def test_display_colours_suits_in_reading_order() -> None:
    assert display(parse_line(RUN)) == (
        (("F", 0), ("F", 0)), (("1", 1),) * 3, (("2", 1),) * 3, (("3", 1),) * 4, (("D", 1),) * 2)
    shown = display(parse_line(NEWS))
    assert shown[0] == (("N", 0), ("E", 0), ("W", 0), ("S", 0))
    assert shown[1] == (("2", 1),) * 4 and shown[2] == (("D", 2),) * 3 and shown[3][0] == ("D", 3)
    plain = parse_line([{"kind": "pung", "tile": "3C"}, {"kind": "pung", "tile": "RD"},
                        {"kind": "pung", "tile": "GD"}, {"kind": "pair", "tile": "yB"}])
    assert [group[0] for group in display(plain)] == [("3", 1), ("D", 1), ("D", 2), ("1", 2)]


# -- Mah Jongg against such lines -----------------------------------------------------------


@pytest.mark.parametrize(
    ("rack", "melds", "line"),
    [
        ("F F 4C 4C 4C 5C 5C 5C 6C 6C 6C 6C RD RD", [], 0),
        ("F F 7D 7D J 8D 8D 8D 9D J J J WD WD", [], 0),
        ("F F 7D 7D 7D 8D 8D 8D WD WD", [("kong", "9D 9D J J")], 0),
        ("F F 4C 4C 4C 5C 5C 5C 6C 6C 6C 6C GD GD", [], None),  # green goes with bams
        ("F F 4C 4C 4C 5C 5C 5C 6B 6B 6B 6B RD RD", [], None),  # a run stays in one suit
        ("3B 3B 3B 3B 3C 3C J J 3D 3D 3D 3D F F", [], 1),
        ("3B 3B 3B 3B 4C 4C 4C 4C 3D 3D 3D 3D F F", [], None),  # not like numbers
        ("3B 3B 3B 3B 3D 3D 3D 3D 3D 3D J J F F", [], None),  # two kongs in one suit
        ("N N 1C 1C 1C 9C 9C 9C 1D 1D 1D 9D 9D 9D", [], 2),
        ("N N 1C 1C 1C 9C 9C 9C 1D 1D 1D", [("pung", "9D 9D 9D")], None),  # concealed line
        ("N E W S 2B 2B 2B 2B RD RD RD WD WD WD", [], 3),
        ("N E W S 2B 2B 2B 2B GD GD GD WD WD WD", [], None),  # Db, Dc: other suits than bams
    ],
)
def test_winning_against_patterned_lines(rack: str, melds: list[tuple[str, str]],
                                         line: int | None) -> None:
    exposed = [Meld(kind, tuple(hand(tiles)), "E") for kind, tiles in melds]
    assert card_line_for(parse_card(CARD), hand(rack), exposed) == line


def test_a_wrong_count_never_matches() -> None:
    assert not line_matches(parse_line(RUN), hand("F F"), [])


def test_declare_win_uses_the_patterned_card() -> None:
    state = {"turn": {"seat": "S", "stage": "discard", "after": "wall"}, "phase": "play",
             **table("3B 3B 3B 3B 3C 3C J J 3D 3D 3D 3D F F")}
    assert answer("american", state, {"type": "declare_win", "seat": "S"})["legal"]


@settings(max_examples=60, derandomize=True)
@given(st.sampled_from(["B", "C", "D"]), st.integers(1, 7))
def test_every_run_form_wins(suit: str, low: int) -> None:
    dragon = {"B": "GD", "C": "RD", "D": "WD"}[suit]
    rack = (["F"] * 2 + [f"{low}{suit}"] * 3 + [f"{low + 1}{suit}"] * 3
            + [f"{low + 2}{suit}"] * 4 + [dragon] * 2)
    assert card_line_for(parse_card(CARD), rack, []) == 0


# -- card_need --------------------------------------------------------------------------------


def test_card_need_reports_the_best_form() -> None:
    got = need("F F 4C 4C 5C 5C 5C 6C J RD RD 2D 9B N", 0)
    assert got["legal"] and got["possible"] and got["blocked_by"] is None
    assert got["keep"] == hand("4C 4C 5C 5C 5C 6C RD RD F F J")
    assert got["missing"] == hand("4C 6C 6C 6C")
    assert got["jokers"] == 1
    assert "right" not in got


def test_card_need_accepts_exactly_the_tiles_the_line_uses() -> None:
    got = need("F F 4C 4C 5C 5C 5C 6C J RD RD 2D 9B N", 0,
               tiles="J RD F 4C 5C 6C 5C RD F 4C 5C")
    assert got["right"] and got["extra"] == [] and got["left_out"] == []


def test_card_need_names_a_tile_the_line_cannot_use() -> None:
    got = need("F F 4C 4C 5C 5C 5C 6C J RD RD 2D 9B N", 0,
               tiles="F F N 2D 4C 4C 5C 5C 5C 6C J RD RD")
    assert not got["right"]
    assert got["extra"] == ["2D", "N"] and got["left_out"] == []


def test_card_need_names_the_tiles_left_out() -> None:
    got = need("F F 4C 4C 5C 5C 5C 6C J RD RD 2D 9B N", 0, tiles="F F 4C 4C")
    assert not got["right"] and got["extra"] == []
    assert got["left_out"] == hand("5C 5C 5C 6C RD RD J")


def test_card_need_prefers_the_suit_that_uses_more() -> None:
    # 1-2-3 bams fit a bam form, but the crak form uses more of the rack.
    rack = "F F 4C 4C 4C 5C 5C 5C 1B 2B 3B 2D 9B N"
    got = need(rack, 0, tiles="1B 2B 3B F F")
    assert not got["right"]
    assert got["extra"] == hand("1B 2B 3B") and got["left_out"] == hand("4C 4C 4C 5C 5C 5C")
    assert need(rack, 0)["keep"] == hand("4C 4C 4C 5C 5C 5C F F")


def test_card_need_ties_accept_either_form() -> None:
    rack = "F F 4C 4C 4C 4D 4D 4D N"
    assert need(rack, 0, tiles="F F 4C 4C 4C")["right"]
    assert need(rack, 0, tiles="F F 4D 4D 4D")["right"]


def test_card_need_with_an_exposure() -> None:
    melds = [{"kind": "kong", "tiles": ["6C", "6C", "6C", "J"], "from": "W"}]
    got = need("F 4C 4C 5C J RD 2D 9B N 1B", 0, melds)
    assert got["keep"] == hand("4C 4C 5C RD F J") and got["missing"] == hand("4C 5C 5C RD F")


def test_card_need_when_exposures_rule_the_line_out() -> None:
    melds = [{"kind": "pung", "tiles": ["7B", "7B", "7B"], "from": "W"}]
    got = need("F 4C 4C", 1, melds)
    assert (got["possible"], got["blocked_by"], got["keep"]) == (False, "exposure", [])
    assert need("F 4C 4C", 2, melds)["blocked_by"] == "concealed"
    assert need("F 4C 4C", 2, melds, tiles="")["right"]
    got = need("F 4C 4C", 2, melds, tiles="F")
    assert not got["right"] and got["extra"] == ["F"]


def test_card_need_only_from_the_rack() -> None:
    got = need("F F 4C", 0, tiles="F F F")
    assert (got["reason"], got["tiles"]) == ("TILE_NOT_IN_HAND", ["F"])


def test_card_need_jokers_never_fill_pairs_or_news() -> None:
    got = need("J J J J J N", 3)
    assert got["keep"] == hand("N J J J J J")
    assert got["jokers"] == 5  # the kong and the two pungs have ten free places
    assert got["missing"] == hand("2B 2B 2B 2B E S W RD RD RD WD WD WD")


@pytest.mark.parametrize("line", [-1, 4, "0", None])
def test_card_need_without_that_line(line: object) -> None:
    with pytest.raises(ScenarioError, match="no line"):
        answer("american", table("F"), {"type": "card_need", "seat": "S", "line": line})


# -- waits --------------------------------------------------------------------------------------


def waits(ruleset: str, rack: str, tiles: str | None = None, **state: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "waits", "seat": "S"}
    if tiles is not None:
        action["tiles"] = hand(tiles)
    body = {"hands": {"S": hand(rack)}, **state}
    if ruleset == "american":
        body.setdefault("card", CARD)
    return answer(ruleset, body, action)


@pytest.mark.parametrize(
    ("rack", "expected"),
    [
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 6B", "4B 7B"),  # two-sided
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E S S", "E S"),  # two pairs
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E 5B", "5B"),  # single tile
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 7B", "6B"),  # middle
        ("1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D", "1D 2D 3D 4D 5D 6D 7D 8D 9D"),
        ("1B 1B 3C 3C 5D 5D 7B 7B E E RD RD N", "N"),  # seven pairs
        ("1B 9B 1C 9C 1D 9D E S W N RD GD WD", "1B 9B 1C 9C 1D 9D E S W N RD GD WD"),
        ("1B 2B 4C 5C 7D 8D E S W N RD GD WD", ""),  # not ready
    ],
)
def test_wsm_waits(rack: str, expected: str) -> None:
    got = waits("wsm", rack)
    assert got["waits"] == hand(expected) and got["ready"] is bool(expected)


def test_a_wait_whose_tiles_are_all_in_sight_is_no_wait() -> None:
    rack = "1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 6B"
    got = waits("wsm", rack, discards={"W": hand("7B 7B 7B 7B")})
    assert got["waits"] == ["4B"]


def test_waits_count_exposures_and_kongs_as_three() -> None:
    melds = {"S": [{"kind": "kong_concealed", "tiles": hand("9C 9C 9C 9C"), "face_down": [0, 3]}]}
    got = waits("wsm", "1B 2B 3B 4C 5C 6C E E 5B 6B", melds=melds)
    assert got["waits"] == ["4B", "7B"]


def test_american_waits_by_the_card() -> None:
    assert waits("american", "F F 4C 4C 4C 5C 5C 5C 6C 6C 6C 6C RD")["waits"] == ["RD"]
    got = waits("american", "F F 7D 7D 7D 8D 8D 8D 9D 9D 9D 9D WD")
    assert got["waits"] == ["WD"]  # 6D would need a pair of soap: no
    assert waits("american", "3B 3B 3B 3B 3C 3C 3C 3C 3D 3D 3D 3D F")["waits"] == ["F"]


@pytest.mark.parametrize(
    ("tiles", "right", "extra", "left_out"),
    [
        ("4B 7B", True, "", ""),
        ("7B 4B 4B", True, "", ""),
        ("4B 7B 8B", False, "8B", ""),
        ("4B J", False, "J", "7B"),
        ("4B", False, "", "7B"),
        ("", False, "", "4B 7B"),
    ],
)
def test_picking_the_waits(tiles: str, right: bool, extra: str, left_out: str) -> None:
    got = waits("wsm", "1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 6B", tiles)
    assert got["legal"] and got["right"] is right
    assert got["extra"] == hand(extra) and got["left_out"] == hand(left_out)


def test_not_ready_and_picking_nothing_is_right() -> None:
    got = waits("wsm", "1B 2B 4C 5C 7D 8D E S W N RD GD WD", "")
    assert got["right"] and not got["ready"]


@pytest.mark.parametrize(
    ("rack", "state", "reason"),
    [
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 6B 6B", {}, "LONG_HAND"),
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B", {}, "SHORT_HAND"),
        ("1B 2B 3B 4C 5C 6C 7D 8D 9D E E 5B 6B", {"dead": ["S"]}, "DEAD_HAND"),
    ],
)
def test_waits_need_a_live_hand_one_tile_short(rack: str, state: dict[str, Any],
                                               reason: str) -> None:
    assert waits("wsm", rack, **state)["reason"] == reason
