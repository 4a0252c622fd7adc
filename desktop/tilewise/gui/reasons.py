"""Reason codes, tiles, seats and pass directions as translated text for the learner.

The rules core returns stable reason codes (ARCHITECTURE, house rule 3); this table turns each
code into one beginner-friendly sentence in the current language. Every sentence is marked with
``N_`` here (so the extractor sees it) and translated only when it is shown, so a language
switch takes effect at once. This module imports only ``tilewise.i18n`` (no Qt).

Codes: the closed list in ``referee/PROTOCOL.md`` ("Reason codes"). Rule sources name the
section of ``rules/REFERENCE.md`` and the numbered point of ``rules/DECISIONS.md``.
"""

from __future__ import annotations

from typing import NamedTuple

from tilewise.i18n import N_, _, ngettext, pgettext


class ReasonText(NamedTuple):
    """One reason code's English sentence (an ``N_`` msgid) and its rule source label."""

    sentence: str
    source: str


# TRANSLATORS: these sentences explain to a beginner why a move was refused. Keep them short,
# friendly and in the second person. "Pung"/"pong", "kong", "chi", "quint", "sextet",
# "Charleston" and "Mah Jongg" are the game's own words; use the terms your players use.
REASONS: dict[str, ReasonText] = {
    "UNKNOWN_TILE": ReasonText(
        N_("Tilewise does not know that tile."),
        "PROTOCOL Tiles, REFERENCE §1",
    ),
    "TILE_NOT_IN_SET": ReasonText(
        N_("That tile is not part of the set for these rules. A WSM game, for example, "
           "has no flowers and no jokers."),
        "REFERENCE §1, DECISIONS 9-10",
    ),
    "TILE_SUPPLY_EXCEEDED": ReasonText(
        N_("There are more copies of that tile here than the set has. Each wind, dragon and "
           "numbered tile exists only four times."),
        "REFERENCE §1",
    ),
    "TILE_NOT_IN_HAND": ReasonText(
        N_("You can only use tiles that are in your own hand."),
        "REFERENCE §3",
    ),
    "WRONG_PHASE": ReasonText(
        N_("That move belongs to another part of the game, not to this one."),
        "REFERENCE §4",
    ),
    "NOT_YOUR_TURN": ReasonText(
        N_("It is not your turn yet. Wait until play comes to you."),
        "REFERENCE §2",
    ),
    "JOKER_NOT_PASSABLE": ReasonText(
        N_("A joker never leaves your rack in the Charleston or the courtesy pass, "
           "not even blind."),
        "REFERENCE §4, DECISIONS 5",
    ),
    "PASS_NEEDS_THREE": ReasonText(
        N_("Every Charleston pass is exactly three tiles, counting any tiles you pass blind."),
        "REFERENCE §4, DECISIONS 2",
    ),
    "BLIND_NOT_ALLOWED": ReasonText(
        N_("You may pass blind only on the first left and the last right pass."),
        "REFERENCE §4, DECISIONS 2",
    ),
    "FIRST_CHARLESTON_MANDATORY": ReasonText(
        N_("The first Charleston cannot be stopped: everyone makes all three passes."),
        "REFERENCE §4, DECISIONS 3",
    ),
    "SECOND_CHARLESTON_UNDERWAY": ReasonText(
        N_("The second Charleston has already started, so it must be finished."),
        "REFERENCE §4, DECISIONS 3",
    ),
    "COURTESY_ACROSS_ONLY": ReasonText(
        N_("The courtesy pass goes only to the player sitting across from you."),
        "REFERENCE §4, DECISIONS 4",
    ),
    "COURTESY_COUNT_OUT_OF_RANGE": ReasonText(
        N_("In the courtesy pass you may offer zero, one, two or three tiles."),
        "REFERENCE §4, DECISIONS 4",
    ),
    "JOKER_ONLY_IN_IDENTICAL_GROUPS": ReasonText(
        N_("A joker can only stand in for a tile in a group of three or more identical tiles "
           "(pung, kong, quint or sextet), never in a single, a pair or a run."),
        "REFERENCE §5, DECISIONS 6",
    ),
    "GROUP_TILES_DIFFER": ReasonText(
        N_("These tiles do not make that group: a pung, kong, quint or sextet needs tiles "
           "that are all the same."),
        "REFERENCE §5, DECISIONS 6",
    ),
    "DISCARDED_JOKER_DEAD": ReasonText(
        N_("A discarded joker is dead: nobody may claim it, not even for Mah Jongg."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "JOKER_EXCHANGE_NOT_YOUR_TURN": ReasonText(
        N_("You may swap for a joker only on your own turn, after you draw a tile or finish "
           "an exposure."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "JOKER_EXCHANGE_TILE_MISMATCH": ReasonText(
        N_("To take a joker you must give the exact tile it stands for in that exposure."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "NO_JOKER_IN_MELD": ReasonText(
        N_("There is no joker in that exposure to swap."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "DISCARD_CANNOT_REDEEM_JOKER": ReasonText(
        N_("You cannot call a discard just to swap it for a joker. Call a discard only for a "
           "new exposure or for Mah Jongg."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "NO_REVERSE_EXCHANGE": ReasonText(
        N_("You cannot put a joker into an exposure to take a real tile out."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG": ReasonText(
        N_("You may call a discard only to complete a pung, kong, quint or sextet, or to "
           "declare Mah Jongg."),
        "REFERENCE §6, DECISIONS 8",
    ),
    "NOT_LATEST_DISCARD": ReasonText(
        N_("Only the most recent discard can be claimed."),
        "REFERENCE §6-7, DECISIONS 11",
    ),
    "CLAIM_WINDOW_CLOSED": ReasonText(
        N_("Too late: the moment to claim that discard has passed."),
        "REFERENCE §7, DECISIONS 11",
    ),
    "CANNOT_CLAIM_OWN_DISCARD": ReasonText(
        N_("You cannot claim a tile that you discarded yourself."),
        "REFERENCE §7",
    ),
    "CHI_ONLY_FROM_UPPER_SEAT": ReasonText(
        N_("You may chi only a tile discarded by the player on your left (your upper seat)."),
        "REFERENCE §7",
    ),
    "CHI_NOT_A_SEQUENCE": ReasonText(
        N_("A chi needs three numbers in a row in one suit. Winds and dragons never make a "
           "chi, and 9 does not wrap around to 1."),
        "REFERENCE §7",
    ),
    "PONG_NEEDS_PAIR": ReasonText(
        N_("To pong a discard you need two tiles just like it in your hand."),
        "REFERENCE §7",
    ),
    "KONG_NEEDS_TRIPLET": ReasonText(
        N_("A kong needs three tiles just like the discard in your hand, or all four for a "
           "concealed kong."),
        "REFERENCE §8",
    ),
    "PAIR_CLAIM_ONLY_FOR_WIN": ReasonText(
        N_("You may claim a discard to make a pair only when it completes a winning hand."),
        "REFERENCE §7, §9",
    ),
    "CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG": ReasonText(
        N_("A discard cannot turn your exposed pong into a kong. The fourth tile must come "
           "from your own hand, on your own turn."),
        "REFERENCE §8, DECISIONS 15",
    ),
    "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM": ReasonText(
        N_("Right after claiming a chi or pong you must discard. You can declare that kong "
           "after a later draw."),
        "REFERENCE §8, DECISIONS 14",
    ),
    "KONG_ONLY_ON_OWN_TURN": ReasonText(
        N_("You may declare this kong only on your own turn, after you draw."),
        "REFERENCE §8, DECISIONS 14",
    ),
    "ADDED_TILE_PLACEMENT": ReasonText(
        N_("The fourth tile goes on the end of the pong away from the sideways tile."),
        "REFERENCE §8, DECISIONS 14",
    ),
    "CONCEALED_KONG_CANNOT_BE_ROBBED": ReasonText(
        N_("A concealed kong can never be robbed."),
        "REFERENCE §8-9, DECISIONS 14",
    ),
    "NOT_A_WINNING_HAND": ReasonText(
        N_("This hand is not complete yet, so it cannot win. Play goes on."),
        "REFERENCE §9, DECISIONS 16-17",
    ),
    "DEAD_HAND": ReasonText(
        N_("This hand is dead: it can no longer claim, declare a kong or win. Keep playing "
           "to the end of the game."),
        "REFERENCE §10, DECISIONS 18",
    ),
    "LONG_HAND": ReasonText(
        N_("This hand has too many tiles, so it is dead: it cannot claim, declare a kong or "
           "win."),
        "REFERENCE §10, DECISIONS 18",
    ),
    "SHORT_HAND": ReasonText(
        N_("This hand has too few tiles, so it is dead and cannot win."),
        "REFERENCE §10, DECISIONS 18",
    ),
}

# Where a code means something else at one table: an American dead hand sits out (DECISIONS
# 24), and a Mah Jongg declared in error kills the hand (DECISIONS 25); at a WSM table a dead
# hand plays on and a false win does not kill it (DECISIONS 17-18), as the sentences above say.
RULESET_REASONS: dict[tuple[str, str], ReasonText] = {
    ("american", "DEAD_HAND"): ReasonText(
        N_("This hand is dead: it sits out until this game ends. It takes no more turns, calls "
           "no tiles, exchanges no jokers and cannot declare Mah Jongg. Its exposures stay on "
           "the table."),
        "REFERENCE §5, DECISIONS 24",
    ),
    ("american", "NOT_A_WINNING_HAND"): ReasonText(
        N_("This hand does not make a line of the card, so it is not Mah Jongg. A Mah Jongg "
           "declared in error makes the hand dead: it sits out until this game ends."),
        "REFERENCE §5, DECISIONS 24-25",
    ),
}

_UNKNOWN_REASON = N_("That move is not allowed here.")


def _entry(reason: str, ruleset: str) -> ReasonText | None:
    return RULESET_REASONS.get((ruleset, reason)) or REASONS.get(reason)


def explain(reason: str, ruleset: str = "") -> str:
    """The translated, beginner-friendly sentence for a protocol reason code at a table of
    ``ruleset`` (``american``, ``wsm`` or ``""`` for the general sentence).

    An unknown code gets a generic sentence ("That move is not allowed here.") rather than an
    error, so a newer rules core never breaks the GUI.
    """
    entry = _entry(reason, ruleset)
    return _(entry.sentence if entry else _UNKNOWN_REASON)


def rule_source(reason: str, ruleset: str = "") -> str:
    """A translated label naming where the rule comes from, e.g. "Rule: REFERENCE §4, ...".

    The source names the section of rules/REFERENCE.md and the point of rules/DECISIONS.md
    (for ``ruleset`` where the rule differs, :data:`RULESET_REASONS`); an unknown code gives "".
    """
    entry = _entry(reason, ruleset)
    if entry is None:
        return ""
    # TRANSLATORS: {source} names sections of the rules documents, e.g. "REFERENCE §4, DECISIONS 5".
    return _("Rule: {source}", source=entry.source)


# TRANSLATORS: tile names. Bams (bamboo), craks (characters) and dots (circles) are the suits;
# use the names your players use for them.
TILE_NAMES: dict[str, str] = {
    "1B": N_("One Bam"), "2B": N_("Two Bam"), "3B": N_("Three Bam"),
    "4B": N_("Four Bam"), "5B": N_("Five Bam"), "6B": N_("Six Bam"),
    "7B": N_("Seven Bam"), "8B": N_("Eight Bam"), "9B": N_("Nine Bam"),
    "1C": N_("One Crak"), "2C": N_("Two Crak"), "3C": N_("Three Crak"),
    "4C": N_("Four Crak"), "5C": N_("Five Crak"), "6C": N_("Six Crak"),
    "7C": N_("Seven Crak"), "8C": N_("Eight Crak"), "9C": N_("Nine Crak"),
    "1D": N_("One Dot"), "2D": N_("Two Dot"), "3D": N_("Three Dot"),
    "4D": N_("Four Dot"), "5D": N_("Five Dot"), "6D": N_("Six Dot"),
    "7D": N_("Seven Dot"), "8D": N_("Eight Dot"), "9D": N_("Nine Dot"),
    "E": N_("East Wind"), "S": N_("South Wind"), "W": N_("West Wind"), "N": N_("North Wind"),
    "RD": N_("Red Dragon"), "GD": N_("Green Dragon"),
    # TRANSLATORS: the white dragon, nicknamed "soap" in American play.
    "WD": N_("White Dragon"),
    "F": N_("Flower"),
    "F1": N_("Flower 1"), "F2": N_("Flower 2"), "F3": N_("Flower 3"), "F4": N_("Flower 4"),
    "F5": N_("Flower 5"), "F6": N_("Flower 6"), "F7": N_("Flower 7"), "F8": N_("Flower 8"),
    "J": N_("Joker"),
}


def tile_name(code: str) -> str:
    """The translated name of a tile code (``"5D"`` -> "Five Dot"); ValueError if unknown.

    Codes: PROTOCOL.md "Tiles" (canonical upper case; lower case is accepted here).
    """
    msgid = TILE_NAMES.get(code.strip().upper())
    if msgid is None:
        raise ValueError(f"unknown tile code {code!r}")
    return _(msgid)


def seat_name(seat: str) -> str:
    """The translated name of a seat ``E``/``S``/``W``/``N`` ("East" ...); ValueError if unknown."""
    names = {
        "E": pgettext("seat", "East"),
        "S": pgettext("seat", "South"),
        "W": pgettext("seat", "West"),
        "N": pgettext("seat", "North"),
    }
    try:
        return names[seat.strip().upper()]
    except KeyError:
        raise ValueError(f"unknown seat {seat!r}") from None


def relative_seat_name(relation: str) -> str:
    """Where a seat sits from the learner: ``right`` / ``across`` / ``left`` (REFERENCE §2).

    Gives the American word and the WSM one together: "Right (lower seat)". ValueError if unknown.
    """
    names = {
        "right": _("Right (lower seat)"),
        "across": _("Across (opposite seat)"),
        "left": _("Left (upper seat)"),
    }
    try:
        return names[relation]
    except KeyError:
        raise ValueError(f"unknown relation {relation!r}") from None


def pass_direction_label(direction: str) -> str:
    """The label for a Charleston pass direction (``right``/``across``/``left``).

    One literal per direction, never concatenation (INPUTS 16). ValueError if unknown.
    """
    labels = {
        "right": _("Pass to the right"),
        "across": _("Pass across"),
        "left": _("Pass to the left"),
    }
    try:
        return labels[direction]
    except KeyError:
        raise ValueError(f"unknown direction {direction!r}") from None


def pass_count_label(direction: str, n: int) -> str:
    """"Pass 3 tiles to the right" with plural forms; ``n`` is the tile count (0-3)."""
    if direction == "right":
        return ngettext("Pass {n} tile to the right", "Pass {n} tiles to the right", n)
    if direction == "across":
        return ngettext("Pass {n} tile across", "Pass {n} tiles across", n)
    if direction == "left":
        return ngettext("Pass {n} tile to the left", "Pass {n} tiles to the left", n)
    raise ValueError(f"unknown direction {direction!r}")


def charleston_step_name(step: str) -> str:
    """The translated name of a Charleston step (PROTOCOL.md ``step``); ValueError if unknown."""
    names = {
        "first_right": _("First right"),
        "first_across": _("First across"),
        "first_left": _("First left"),
        "stop_vote": _("Stop vote"),
        "second_left": _("Second left"),
        "second_across": _("Second across"),
        # TRANSLATORS: the last pass of the second Charleston ("last right").
        "second_right": _("Last right"),
    }
    try:
        return names[step]
    except KeyError:
        raise ValueError(f"unknown Charleston step {step!r}") from None
