"""The rules of ``tilewise.lessons.mastery`` named for the learner, in the current language.

Each rule id has one short name (a chart label: a few words, readable on a projector) marked
with ``N_`` and translated when shown. No Qt here.
"""

from __future__ import annotations

from tilewise.i18n import N_, _

# TRANSLATORS: short names of the rules a learner is scored on (labels of a chart, a few words
# each). "Pass", "blind pass", "courtesy pass", "joker", "chi", "pong", "kong", "upper seat",
# "claim", "discard", "wall", "exposure", "supplement tile" and "ready hand" are the words of
# the glossary.
RULE_NAMES: dict[str, str] = {
    "know_tiles": N_("Knowing the tiles"),
    "table_setup": N_("Wall, deal and hand size"),
    "turn_order": N_("Whose turn it is"),
    "pass_three": N_("A pass is three tiles"),
    "joker_never_passed": N_("A joker is never passed"),
    "blind_last_pass": N_("Blind pass only on the last pass"),
    "charleston_order": N_("The order of the Charleston"),
    "courtesy_across": N_("The courtesy pass goes across"),
    "joker_identical_groups": N_("Jokers only in groups of identical tiles"),
    "discarded_joker_dead": N_("A discarded joker is dead"),
    "joker_exchange": N_("Redeeming a joker"),
    "call_for_exposure": N_("Call only to expose or for Mah Jongg"),
    "claim_latest_discard": N_("Claim only the latest discard"),
    "chi_upper_seat": N_("Chi only from the upper seat"),
    "meld_tiles": N_("The tiles a chi, pong or kong needs"),
    "claim_precedence": N_("Who gets a discard"),
    "meld_layout": N_("Laying out an exposure"),
    "kong_timing": N_("When a kong may be made"),
    "kong_supplement": N_("A kong and its supplement tile"),
    "ready_hand": N_("What a ready hand waits for"),
    "winning_hand": N_("A winning hand"),
    "dead_hand": N_("Dead, short and long hands"),
    "choice": N_("Choosing the best move"),
}


def rule_name(rule: str) -> str:
    """The rule's name in the current language (the id itself for an unknown rule)."""
    msgid = RULE_NAMES.get(rule)
    return _(msgid) if msgid is not None else rule


__all__ = ["RULE_NAMES", "rule_name"]
