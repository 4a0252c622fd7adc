"""Reason codes, tiles, seats and pass directions as translated text for the learner.

The rules core returns stable reason codes (ARCHITECTURE, house rule 3); this table turns each
code into one beginner-friendly sentence in the current language. Every sentence is marked with
``N_`` here (so the extractor sees it) and translated only when it is shown, so a language
switch takes effect at once. This module imports only ``tilewise.i18n`` (no Qt).

Codes: the closed list in ``referee/PROTOCOL.md`` ("Reason codes"). Each code has a neutral
sentence and, where the games' words differ, one for an American and one for a WSM table.
Rule sources (``rules/REFERENCE.md`` sections, ``rules/DECISIONS.md`` points) stay in this
table for engineers; learners never see our internal document names.
"""

from __future__ import annotations

from typing import NamedTuple

from tilewise.i18n import N_, _, ngettext, pgettext


class ReasonText(NamedTuple):
    """One reason code's English sentences (``N_`` msgids) and where its rule comes from.

    ``sentence`` is the default; ``american`` and ``wsm`` replace it at a table of that
    ruleset, where the two games use different words (pung and call and Mah Jongg at an
    American table; pong, claim and win at a WSM one). Each sentence says what was wrong and
    what to do instead. ``source`` (the section of ``rules/REFERENCE.md`` and the point of
    ``rules/DECISIONS.md``) is for engineers and tests: it is never shown to a learner, who
    sees at most a link to the lesson step that teaches the rule.
    """

    sentence: str
    source: str
    american: str | None = None
    wsm: str | None = None


# TRANSLATORS: these sentences explain to a beginner why a move was refused and what to do
# instead. Keep them short, friendly and in the second person. "Pung" (American) and "pong"
# (WSM), "kong", "chi", "quint", "sextet", "exposure", "call", "claim", "Charleston" and
# "Mah Jongg" are the game's own words: use the terms your players use (lessons/TERMS.md).
REASONS: dict[str, ReasonText] = {
    "UNKNOWN_TILE": ReasonText(
        N_("Tilewise does not know that tile. Use one of the tiles shown on the table."),
        "PROTOCOL Tiles, REFERENCE §1",
    ),
    "TILE_NOT_IN_SET": ReasonText(
        N_("That tile is not part of the set for these rules. Use only tiles this game plays "
           "with."),
        "REFERENCE §1, DECISIONS 9-10",
        american=N_("That tile is not part of an American set. Use only the tiles of the set: "
                    "suits, winds, dragons, flowers and jokers."),
        wsm=N_("That tile is not part of a WSM set: it has no flowers and no jokers. Use only "
               "suit tiles, winds and dragons."),
    ),
    "TILE_SUPPLY_EXCEEDED": ReasonText(
        N_("There are more copies of that tile here than the set has. Each wind, dragon and "
           "numbered tile exists only four times, and each numbered flower once."),
        "REFERENCE §1, DECISIONS 23",
    ),
    "TILE_NOT_IN_HAND": ReasonText(
        N_("You can only use tiles that are in your own hand. Pick tiles from your rack."),
        "REFERENCE §3",
    ),
    "WRONG_PHASE": ReasonText(
        N_("That move belongs to another part of the game, not to this one. Look at what the "
           "step asks you to do now."),
        "REFERENCE §4, DECISIONS 22",
        wsm=N_("A WSM game has no Charleston and no courtesy pass: nobody passes tiles before "
               "play. Play starts with the dealer's discard."),
    ),
    "NOT_YOUR_TURN": ReasonText(
        N_("It is not your turn yet. Wait until play comes to you."),
        "REFERENCE §2",
    ),
    "JOKER_NOT_PASSABLE": ReasonText(
        N_("A joker never leaves your rack in the Charleston or the courtesy pass, "
           "not even blind. Pass another tile instead."),
        "REFERENCE §4, DECISIONS 5",
    ),
    "PASS_NEEDS_THREE": ReasonText(
        N_("Every Charleston pass is exactly three tiles, counting any tiles you pass blind. "
           "Make it three."),
        "REFERENCE §4, DECISIONS 2",
    ),
    "BLIND_NOT_ALLOWED": ReasonText(
        N_("You may pass blind only on the first left and the last right pass. Here, pass "
           "three tiles from your own rack."),
        "REFERENCE §4, DECISIONS 2",
    ),
    "FIRST_CHARLESTON_MANDATORY": ReasonText(
        N_("The first Charleston cannot be stopped: everyone makes all three passes. You can "
           "vote to stop only before the second one."),
        "REFERENCE §4, DECISIONS 3",
    ),
    "SECOND_CHARLESTON_UNDERWAY": ReasonText(
        N_("The second Charleston has already started, so it must be finished. Make the pass."),
        "REFERENCE §4, DECISIONS 3",
    ),
    "COURTESY_ACROSS_ONLY": ReasonText(
        N_("The courtesy pass goes only to the player sitting across from you. Offer your tiles "
           "across."),
        "REFERENCE §4, DECISIONS 4",
    ),
    "COURTESY_COUNT_OUT_OF_RANGE": ReasonText(
        N_("In the courtesy pass you may offer zero, one, two or three tiles. Offer three or "
           "fewer."),
        "REFERENCE §4, DECISIONS 4",
    ),
    "JOKER_ONLY_IN_IDENTICAL_GROUPS": ReasonText(
        N_("A joker can only stand in for a tile in a group of three or more identical tiles "
           "(pung, kong, quint or sextet), never in a single, a pair or a run. Use real "
           "tiles there."),
        "REFERENCE §5, DECISIONS 6",
    ),
    "GROUP_TILES_DIFFER": ReasonText(
        N_("These tiles do not make that group: its tiles must all be the same. Choose "
           "matching tiles."),
        "REFERENCE §5, DECISIONS 6",
        american=N_("These tiles do not make that group: a pung, kong, quint or sextet needs "
                    "tiles that are all the same (jokers may stand in). Choose matching tiles."),
        wsm=N_("These tiles do not make that group: a pong or a kong needs tiles that are all "
               "the same. Choose matching tiles."),
    ),
    "DISCARDED_JOKER_DEAD": ReasonText(
        N_("A discarded joker is dead: nobody may call it, not even for Mah Jongg. Wait for "
           "the next discard."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "JOKER_EXCHANGE_NOT_YOUR_TURN": ReasonText(
        N_("You may swap for a joker only on your own turn, after you pick a tile or finish "
           "an exposure. Wait for your turn."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "JOKER_EXCHANGE_TILE_MISMATCH": ReasonText(
        N_("To take a joker you must give the exact tile it stands for in that exposure. "
           "Look at the other tiles of the exposure."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "NO_JOKER_IN_MELD": ReasonText(
        N_("There is no joker in that exposure to swap. Look for an exposure that shows one."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "DISCARD_CANNOT_REDEEM_JOKER": ReasonText(
        N_("You cannot call a discard just to swap it for a joker. Call a discard only for a "
           "new exposure or for Mah Jongg."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "NO_REVERSE_EXCHANGE": ReasonText(
        N_("You cannot put a joker into an exposure to take a real tile out. A swap only "
           "goes the other way: your real tile in, the joker out."),
        "REFERENCE §5, DECISIONS 7",
    ),
    "CALL_ONLY_FOR_EXPOSURE_OR_MAHJONG": ReasonText(
        N_("You may call a discard only to complete a pung, kong, quint or sextet, or to "
           "declare Mah Jongg. Otherwise let it go and pick from the wall."),
        "REFERENCE §6, DECISIONS 8",
    ),
    "NOT_LATEST_DISCARD": ReasonText(
        N_("Only the most recent discard can be claimed. Older discards are out of play."),
        "REFERENCE §6-7, DECISIONS 11",
        american=N_("Only the most recent discard can be called. Older discards are out of "
                    "play."),
    ),
    "CLAIM_WINDOW_CLOSED": ReasonText(
        N_("Too late: the moment to claim that discard has passed. Claim sooner next time."),
        "REFERENCE §7, DECISIONS 11",
        american=N_("Too late: the moment to call that discard has passed. Call before the next "
                    "player picks and discards."),
        wsm=N_("Too late: that discard could be claimed only until the next player had drawn "
               "and discarded. Claim sooner next time."),
    ),
    "CANNOT_CLAIM_OWN_DISCARD": ReasonText(
        N_("You cannot claim a tile that you discarded yourself. Wait for another player's "
           "discard."),
        "REFERENCE §7",
        american=N_("You cannot call a tile that you discarded yourself. Wait for another "
                    "player's discard."),
    ),
    "CHI_ONLY_FROM_UPPER_SEAT": ReasonText(
        N_("You may chi only a tile discarded by the player on your left (your upper seat). "
           "From another seat you may pong, kong or win, but not chi."),
        "REFERENCE §7",
        american=N_("An American table has no chi: you may call a discard only for an exposure "
                    "of identical tiles or for Mah Jongg."),
    ),
    "CHI_NOT_A_SEQUENCE": ReasonText(
        N_("A chi needs three numbers in a row in one suit. Winds and dragons never make a "
           "chi, and 9 does not wrap around to 1. Choose two tiles that make a run with it."),
        "REFERENCE §7",
        american=N_("An American table has no chi: runs are never made from a called discard. "
                    "Call only for an exposure of identical tiles or for Mah Jongg."),
    ),
    "PONG_NEEDS_PAIR": ReasonText(
        N_("To pong a discard you need two tiles just like it in your hand. Without them, let "
           "the discard go."),
        "REFERENCE §7",
        american=N_("To call a discard for a pung you need two more of that tile in your rack: "
                    "matching tiles, jokers, or one of each. Without them, let it go."),
    ),
    "KONG_NEEDS_TRIPLET": ReasonText(
        N_("A kong needs three tiles just like the discard in your hand, or all four for a "
           "concealed kong. Without them, pong it or let it go."),
        "REFERENCE §8",
        american=N_("To call a discard for a kong you need three more of that tile in your "
                    "rack: matching tiles or jokers. Without them, let it go."),
    ),
    "PAIR_CLAIM_ONLY_FOR_WIN": ReasonText(
        N_("You may claim a discard to make a pair only when it completes a winning hand. "
           "Otherwise let it go."),
        "REFERENCE §7, §9",
        american=N_("You may call a discard for a pair or a single only when it gives you Mah "
                    "Jongg. Otherwise let it go."),
    ),
    "CANNOT_KONG_DISCARD_ONTO_EXPOSED_PONG": ReasonText(
        N_("A discard cannot turn your exposed pong into a kong. The fourth tile must come "
           "from your own hand, on your own turn."),
        "REFERENCE §8, DECISIONS 15",
    ),
    "KONG_NOT_ALLOWED_RIGHT_AFTER_CLAIM": ReasonText(
        N_("Right after claiming a chi or pong you must discard. You can declare that kong "
           "after a later draw."),
        "REFERENCE §8, DECISIONS 14, 21",
    ),
    "KONG_ONLY_ON_OWN_TURN": ReasonText(
        N_("You may declare this kong only on your own turn, after you draw."),
        "REFERENCE §8, DECISIONS 14",
    ),
    "ADDED_TILE_PLACEMENT": ReasonText(
        N_("The fourth tile goes on the end of the pong away from the sideways tile. Put it on "
           "the other end."),
        "REFERENCE §8, DECISIONS 14",
    ),
    "CONCEALED_KONG_CANNOT_BE_ROBBED": ReasonText(
        N_("A concealed kong can never be robbed. Wait for another tile."),
        "REFERENCE §8-9, DECISIONS 14",
    ),
    "NOT_A_WINNING_HAND": ReasonText(
        N_("This hand is not complete yet, so it cannot win. Keep playing until one tile "
           "completes it."),
        "REFERENCE §9, DECISIONS 16-17, 25",
        american=N_("This hand does not make a line of the card, so it is not Mah Jongg. A "
                    "Mah Jongg declared in error makes the hand dead: it sits out until this game "
                    "ends."),
        wsm=N_("This hand is not complete yet, so it cannot win: it needs four sets and a pair "
               "(or seven pairs, or the thirteen terminals). Play goes on."),
    ),
    "DEAD_HAND": ReasonText(
        N_("This hand is dead: it can no longer claim, declare a kong or win."),
        "REFERENCE §10, DECISIONS 18, 24",
        american=N_("This hand is dead: it sits out until this game ends. It takes no more "
                    "turns, calls no tiles, exchanges no jokers and cannot declare Mah Jongg. Its "
                    "exposures stay on the table."),
        wsm=N_("This hand is dead: it can no longer claim, declare a kong or win. Keep drawing "
               "and discarding to the end of the hand."),
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
    "EXPOSURE_CANNOT_GROW": ReasonText(
        N_("At this table an exposure stays as you made it: a pung never grows into a kong, "
           "not with the fourth tile and not with a joker. Keep the tile or discard it."),
        "REFERENCE §6; NMJL, Mah Jongg Made Easy (an exposure is made only by calling a "
        "discard); hand engine note EXPOSURE_GROWTH",
    ),
}

_UNKNOWN_REASON = N_("That move is not allowed here.")


def explain(reason: str, ruleset: str = "") -> str:
    """The translated, beginner-friendly sentence for a protocol reason code at a table of
    ``ruleset`` (``"american"``, ``"wsm"``, or ``""`` for the neutral wording).

    An unknown code gets a generic sentence ("That move is not allowed here.") rather than an
    error, so a newer rules core never breaks the GUI. Codes: PROTOCOL.md "Reason codes".
    """
    entry = REASONS.get(reason)
    if entry is None:
        return _(_UNKNOWN_REASON)
    if ruleset == "american" and entry.american:
        return _(entry.american)
    if ruleset == "wsm" and entry.wsm:
        return _(entry.wsm)
    return _(entry.sentence)


def sentences(reason: str) -> tuple[str, ...]:
    """Every English msgid a reason code can be shown with (default first); () if unknown."""
    entry = REASONS.get(reason)
    if entry is None:
        return ()
    return tuple(s for s in (entry.sentence, entry.american, entry.wsm) if s)


def see_step(lesson_title: str, step_number: int) -> str:
    """The link line under a refusal: "See: The Charleston, step 6" (1-based step number)."""
    # TRANSLATORS: points the learner to the lesson step that teaches a rule.
    return _("See: {lesson}, step {number}", lesson=lesson_title, number=step_number)


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
