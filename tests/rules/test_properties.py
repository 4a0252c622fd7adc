"""Properties of the rules core (issue 14), on random positions (hypothesis, derandomized).

- ``test_hints_and_judge_agree``: on random legal positions (both rulesets: claim windows open
  and closed, shown chis, robbable kongs, dead seats, practice cards), every claim
  ``possible_claims`` offers is legal under ``judge``, and every claim ``judge`` accepts is
  offered. 150 examples per ruleset.
- ``test_supply_is_never_exceeded_silently``: a random position, written in any of the ways
  the protocol allows (a pending kong as the pong plus its tile or as four tiles, the last
  discard in the river or not, flowers as ``F`` or by face), holds more copies of a tile or
  face than the set has exactly when the judge says ``TILE_SUPPLY_EXCEEDED``. 300 examples.
- ``test_card_matcher_agrees_with_brute_force``: the practice-card matcher, the referee's
  Mah Jongg check and an independent brute force (every way to share the hand's jokers among
  the groups) agree for random hands with 0-8 jokers, with and without exposures; a joker is
  never assigned to a single or a pair. 400 examples.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilewise.rules.claims import possible_claims
from tilewise.rules.jokers import IDENTICAL_SIZES, card_line_for
from tilewise.rules.referee import judge
from tilewise.rules.seats import SEATS, across_of, right_of, seats_after
from tilewise.rules.state import CardGroup, Meld, ScenarioError
from tilewise.rules.tiles import FLOWER_FACES, JOKER, STANDARD, plays_as, rank_of, suit_of, tile_set

SETTINGS = settings(derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)


# -- random positions ------------------------------------------------------------------------


class Pool:
    """The tiles of one set not yet placed, drawn at random (``rng``)."""

    def __init__(self, ruleset: str, rng: random.Random) -> None:
        self.left = Counter(tile_set(ruleset))
        self.rng = rng

    def take(self, tile: str) -> bool:
        if self.left[tile] > 0:
            self.left[tile] -= 1
            return True
        return False

    def take_all(self, tiles: list[str]) -> bool:
        need = Counter(tiles)
        if any(self.left[t] < n for t, n in need.items()):
            return False
        self.left.subtract(need)
        return True

    def draw(self, count: int, jokers: bool = True) -> list[str]:
        tiles = sorted(t for t in self.left.elements() if jokers or t != JOKER)
        chosen = self.rng.sample(tiles, min(count, len(tiles)))
        self.left.subtract(Counter(chosen))
        return chosen


def neighbours(tile: str) -> list[str]:
    suit, rank = suit_of(tile), rank_of(tile)
    if suit is None or rank is None:
        return []
    return [f"{r}{suit}" for r in range(rank - 2, rank + 3) if 1 <= r <= 9 and r != rank]


def random_line(rng: random.Random, pool_tiles: list[str]) -> list[dict[str, Any]]:
    """A practice-card line of 14 tiles, each group on its own tile."""
    while True:
        line = _try_line(rng, pool_tiles)
        if line is not None:
            return line


def _try_line(rng: random.Random, pool_tiles: list[str]) -> list[dict[str, Any]] | None:
    groups: list[dict[str, Any]] = []
    used: set[str] = set()
    total = 0
    while total < 14:
        room = 14 - total
        kinds = [k for k, n in (("single", 1), ("pair", 2), ("pung", 3), ("kong", 4),
                                ("quint", 5), ("news", 4)) if n <= room]
        kind = rng.choice(kinds)
        if kind == "news":
            if used & set("NEWS"):
                continue
            tiles = ["N", "E", "W", "S"]
        else:
            free = [t for t in pool_tiles if t not in used]
            if not free:
                return None
            tile = rng.choice(free)
            tiles = [tile] * {"single": 1, "pair": 2, "pung": 3, "kong": 4, "quint": 5}[kind]
        used.update(tiles)
        groups.append({"kind": kind, "tiles": tiles})
        total += len(tiles)
    return groups


def with_jokers(rng: random.Random, groups: list[dict[str, Any]], jokers: int) -> list[str]:
    """The line's tiles with up to ``jokers`` naturals of identical groups turned into jokers."""
    tiles: list[str] = []
    spots = []
    for group in groups:
        for tile in group["tiles"]:
            if group["kind"] in IDENTICAL_SIZES:
                spots.append(len(tiles))
            tiles.append(tile)
    for index in rng.sample(spots, min(jokers, len(spots))):
        tiles[index] = JOKER
    return tiles


def wsm_waiting(rng: random.Random, pool: Pool, tile: str) -> list[str] | None:
    """Thirteen tiles that win on ``tile`` (four sets and a pair), or ``None``."""
    shapes = [[tile, tile], [tile, tile, tile]]
    rank, suit = rank_of(tile), suit_of(tile)
    if rank is not None and suit is not None:
        shapes += [[f"{r}{suit}" for r in range(low, low + 3)]
                   for low in (rank - 2, rank - 1, rank) if 1 <= low <= 7]
    first = rng.choice(shapes)
    groups = [first]
    for _ in range(4 if len(first) == 2 else 3):
        base = rng.choice(STANDARD)
        if suit_of(base) is not None and (rank_of(base) or 9) <= 7 and rng.random() < 0.5:
            groups.append([f"{(rank_of(base) or 0) + i}{suit_of(base)}" for i in range(3)])
        else:
            groups.append([base] * 3)
    if len(first) != 2:
        groups.append([rng.choice(STANDARD)] * 2)
    hand = [t for group in groups for t in group]
    hand.remove(tile)
    if not pool.take_all(hand):
        return None
    return hand


def claim_position(seed: int, ruleset: str) -> dict[str, Any]:
    """A random position with a discard (or a pending kong) open to claims."""
    rng = random.Random(seed)
    pool = Pool(ruleset, rng)
    discarder = rng.choice(SEATS)
    tile = rng.choice([t for t in sorted(pool.left) if t != JOKER or rng.random() < 0.05])
    pool.take(tile)
    variant = rng.choice(["draw", "drawn", "elsewhere", "none", "chi", "kong", "concealed"])
    if variant in ("kong", "concealed") and not (ruleset == "wsm" and pool.take_all([tile] * 3)):
        variant = "draw"  # a kong needs the other three copies, and is WSM only
    state: dict[str, Any] = {"phase": "play", "hands": {}, "melds": {}}
    card = None
    if ruleset == "american" and rng.random() < 0.8:
        plain = [t for t in sorted(pool.left) if t != JOKER]
        lines = [random_line(rng, plain) for _ in range(rng.randint(1, 3))]
        if tile != JOKER and rng.random() < 0.7:  # a line that the discard completes
            lines[0][0] = {"kind": rng.choice(["single", "pair", "pung", "kong"]), "tiles": [tile]}
            lines[0][0]["tiles"] *= {"single": 1, "pair": 2, "pung": 3, "kong": 4}[
                lines[0][0]["kind"]]
        card = lines
        state["card"] = card
    dead = [s for s in SEATS if rng.random() < 0.15]
    if dead:
        state["dead"] = dead
    for seat in seats_after(discarder):
        if rng.random() < 0.15:
            continue  # no hand for this seat in the state
        hand: list[str] | None = None
        if ruleset == "wsm" and rng.random() < 0.3:
            hand = wsm_waiting(rng, pool, tile)
        elif card is not None and rng.random() < 0.4:
            tiles = with_jokers(rng, card[0], rng.randint(0, 8))
            if tile in tiles:
                tiles.remove(tile)
            if len(tiles) == 13 and pool.take_all(tiles):
                hand = tiles
        if hand is None:
            hand = []
            copies = rng.choice([0, 0, 1, 2, 3])
            hand += [tile] * copies if pool.take_all([tile] * copies) else []
            for near in neighbours(tile):
                if rng.random() < 0.3 and pool.take(near):
                    hand.append(near)
            jokers = rng.randint(0, 2) if ruleset == "american" else 0
            hand += [JOKER] * jokers if pool.take_all([JOKER] * jokers) else []
            hand += pool.draw(max(0, 13 - len(hand)))
        state["hands"][seat] = hand[: rng.choice([13, 13, 13, 12, 14])]
    state["hands"][discarder] = pool.draw(13)
    nxt = right_of(discarder)
    if variant in ("kong", "concealed"):
        kind = "added" if variant == "kong" else "concealed"
        state["pending_kong"] = {"seat": discarder, "tile": tile, "kind": kind}
        state["last_discard"] = None
        if kind == "added":
            state["melds"][discarder] = [{"kind": "pong", "tiles": [tile] * 3,
                                          "from": rng.choice(seats_after(discarder)),
                                          "rotated": rng.randint(0, 2)}]
        else:
            state["melds"][discarder] = [{"kind": "kong_concealed", "tiles": [tile] * 4,
                                          "face_down": [0, 3]}]
        state["hands"][discarder] = state["hands"][discarder][:10]
        state["turn"] = {"seat": discarder, "stage": "draw", "after": "kong"}
        return state
    state["discards"] = {discarder: pool.draw(rng.randint(0, 3), jokers=False) + [tile]}
    state["last_discard"] = {"tile": tile, "by": discarder}
    if variant == "draw":
        state["turn"] = {"seat": nxt, "stage": "draw"}
    elif variant == "drawn":
        state["turn"] = {"seat": nxt, "stage": "discard", "after": "wall"}
        state["next_drawn"] = True
        if nxt in state["hands"]:
            state["hands"][nxt] = state["hands"][nxt] + pool.draw(1)
    elif variant == "elsewhere":
        state["turn"] = {"seat": across_of(discarder), "stage": rng.choice(["draw", "discard"])}
    elif variant == "chi" and ruleset == "wsm" and suit_of(tile) is not None:
        rank, suit = rank_of(tile) or 0, suit_of(tile)
        low = max(1, min(rank - rng.randint(0, 2), 7))
        run = [f"{r}{suit}" for r in range(low, low + 3)]
        others = list(run)
        others.remove(tile)
        if pool.take_all(others):
            state["melds"][nxt] = [{"kind": "chi", "tiles": run, "from": discarder,
                                    "rotated": run.index(tile)}]
            state["hands"][nxt] = pool.draw(11)
            state["turn"] = {"seat": nxt, "stage": "discard", "after": "chi"}
            del state["discards"][discarder]
    return state


# -- property 1: the hint path and the judge agree -------------------------------------------


def scenario(ruleset: str, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    return {"ruleset": ruleset, "state": state, "action": action}


def legal(ruleset: str, state: dict[str, Any], action: dict[str, Any]) -> bool:
    try:
        return bool(judge(scenario(ruleset, state, action))["legal"])
    except ScenarioError:
        return False


_CANON = {"chow": "chi", "pung": "pong", "mahjong": "win", "pair": "win"}


def normal(ruleset: str, action: dict[str, Any]) -> tuple[Any, ...]:
    """One form per claim: the seat, the claim judged and (for a set) its tiles, sorted."""
    kind = action["claim"]
    kind = {"pong": "pung"}.get(kind, kind) if ruleset == "american" else _CANON.get(kind, kind)
    if kind in ("win", "mahjong", "pair"):
        return (action["seat"], "win")
    return (action["seat"], kind, tuple(sorted(plays_as(t) for t in action["tiles"])))


def every_claim(ruleset: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every claim worth asking about: each seat, each claim word, each choice of tiles that
    could make the set (the claimed tile, its neighbours, jokers)."""
    pending = state.get("pending_kong")
    last = state.get("last_discard")
    tile = pending["tile"] if pending else last["tile"] if last else "1B"
    words = (["chi", "pong", "kong", "win", "pair"] if ruleset == "wsm"
             else ["pung", "kong", "quint", "sextet", "mahjong", "pair"])
    near = sorted({tile, *neighbours(tile)} if ruleset == "wsm" else {tile, JOKER})
    found = []
    for seat in SEATS:
        for word in words:
            if word in ("win", "mahjong", "pair"):
                found.append({"type": "claim", "seat": seat, "claim": word, "tiles": []})
                continue
            sizes = {"chi": 2, "pong": 2, "kong": 3, "pung": 2, "quint": 4, "sextet": 5}[word]
            for tiles in itertools.combinations_with_replacement(near, sizes):
                found.append({"type": "claim", "seat": seat, "claim": word,
                              "tiles": list(tiles)})
    return found


def check_hints(ruleset: str, seed: int, extra: list[str], word: str) -> None:
    state = claim_position(seed, ruleset)
    offered = possible_claims(state, ruleset)
    for action in offered:
        assert legal(ruleset, state, action), (action, state)
    accepted = {normal(ruleset, a) for a in every_claim(ruleset, state) if legal(ruleset, state, a)}
    assert accepted == {normal(ruleset, a) for a in offered}, state
    for seat in SEATS:  # a claim with any tiles at all: offered whenever the judge takes it
        probe = {"type": "claim", "seat": seat, "claim": word, "tiles": extra}
        if legal(ruleset, state, probe):
            assert normal(ruleset, probe) in {normal(ruleset, a) for a in offered}, probe


@settings(SETTINGS, max_examples=150)
@given(SEEDS, st.lists(st.sampled_from(["5D", "6D", "4D", "E", "1B", "J"]), max_size=4),
       st.sampled_from(["chi", "chow", "pong", "pung", "kong", "win", "mahjong", "pair"]))
def test_hints_and_judge_agree_wsm(seed: int, extra: list[str], word: str) -> None:
    check_hints("wsm", seed, extra, word)


@settings(SETTINGS, max_examples=150)
@given(SEEDS, st.lists(st.sampled_from(["5D", "F", "F3", "E", "J"]), max_size=5),
       st.sampled_from(["pung", "pong", "kong", "quint", "sextet", "mahjong", "win", "pair"]))
def test_hints_and_judge_agree_american(seed: int, extra: list[str], word: str) -> None:
    check_hints("american", seed, extra, word)


def test_the_positions_reach_every_kind_of_claim() -> None:
    """The generator is not idle: over a few seeds it offers chi, pong, kong and wins (WSM) and
    pung, kong, quint and Mah Jongg (American), and hits windows that are closed."""
    seen: Counter[str] = Counter()
    for ruleset in ("wsm", "american"):
        for seed in range(150):
            for action in possible_claims(claim_position(seed, ruleset), ruleset):
                seen[f"{ruleset}:{action['claim']}"] += 1
    for key in ("wsm:chi", "wsm:pong", "wsm:kong", "wsm:win", "american:pung",
                "american:kong", "american:quint", "american:mahjong"):
        assert seen[key] > 0, seen


# -- property 2: supply --------------------------------------------------------------------------

ALPHABET = {"american": ["5D", "E", "F", "F3", "F5", "J", "1B"], "wsm": ["5D", "E", "1B", "9C"]}


def supply_position(seed: int, ruleset: str) -> tuple[dict[str, Any], bool]:
    """A random position over a few tiles, written in one of the protocol's ways, and whether
    it holds more of some tile (or flower face) than the set has."""
    rng = random.Random(seed)
    codes = ALPHABET[ruleset]
    physical: Counter[str] = Counter()
    state: dict[str, Any] = {"hands": {}, "melds": {}, "discards": {}}
    for seat in SEATS:
        hand = [rng.choice(codes) for _ in range(rng.randint(0, 3))]
        state["hands"][seat] = hand
        physical.update(hand)
        river = [rng.choice(codes) for _ in range(rng.randint(0, 1))]
        state["discards"][seat] = river
        physical.update(river)
    for seat in rng.sample(SEATS, rng.randint(0, 1)):
        tile = rng.choice([c for c in codes if c not in FLOWER_FACES])
        kind = "pung" if ruleset == "american" else "pong"
        state["melds"][seat] = [{"kind": kind, "tiles": [tile] * 3}]
    # an added kong in flight: the pong plus the tile, or the kong written with four tiles
    pending = ruleset == "wsm" and rng.random() < 0.5
    if pending:
        seat, tile = rng.choice(SEATS), rng.choice(codes)
        state["pending_kong"] = {"seat": seat, "tile": tile, "kind": "added"}
        state["melds"][seat] = [{"kind": "pong", "tiles": [tile] * 3}]
        if rng.random() < 0.5:
            state["melds"][seat] = [{"kind": "kong_added", "tiles": [tile] * 4}]
        physical[tile] += 1  # the tile in flight (its pong's three are counted below)
    for melds in state["melds"].values():
        physical.update(melds[0]["tiles"][:3])
    # the latest discard: in flight, or written at the end of its discarder's river too (a
    # river that already ends with that tile reads as holding it: the protocol's convention)
    if not pending and rng.random() < 0.7:
        tile, by = rng.choice(codes), rng.choice(SEATS)
        state["last_discard"] = {"tile": tile, "by": by}
        river = state["discards"][by]
        if river and plays_as(river[-1]) == plays_as(tile):
            state["last_discard"]["tile"] = river[-1]  # read as the river's last tile
        else:
            physical[tile] += 1
            if rng.random() < 0.5:
                state["discards"][by] = [*river, tile]
    limits = tile_set(ruleset)
    flowers = sum(n for code, n in physical.items() if plays_as(code) == "F")
    over = (any(physical[code] > limits[code] for code in physical if code in limits)
            or flowers > limits["F"] or any(physical[face] > 1 for face in FLOWER_FACES))
    return state, over


@settings(SETTINGS, max_examples=300)
@given(SEEDS, st.sampled_from(["american", "wsm"]))
def test_supply_is_never_exceeded_silently(seed: int, ruleset: str) -> None:
    state, over = supply_position(seed, ruleset)
    action = {"type": "discard", "seat": "E", "tile": "5D"}
    result = judge(scenario(ruleset, state, action))
    assert (result["reason"] == "TILE_SUPPLY_EXCEEDED") is over, (state, result)
    if over:
        assert possible_claims(state, ruleset) == []


# -- property 3: the card matcher -----------------------------------------------------------------


def brute_force(line: list[CardGroup], concealed: list[str], melds: list[Meld]) -> bool:
    """Independent of the matcher: try every pairing of exposures with groups and every way to
    share the jokers among the identical groups (pung and larger) that are left."""
    groups = list(line)
    for order in itertools.permutations(range(len(groups)), len(melds)):
        if not all(_exposure_fits(groups[index], meld) for index, meld in zip(order, melds,
                                                                              strict=True)):
            continue
        rest = [group for index, group in enumerate(groups) if index not in order]
        if _concealed_fits(rest, concealed):
            return True
    return False


def _exposure_fits(group: CardGroup, meld: Meld) -> bool:
    naturals = {t for t in meld.tiles if t != JOKER}
    return (group.kind in IDENTICAL_SIZES and len(group.tiles) == len(meld.tiles)
            and naturals == {group.tiles[0]})


def _concealed_fits(groups: list[CardGroup], concealed: list[str]) -> bool:
    have = Counter(concealed)
    jokers = have.pop(JOKER, 0)
    identical = [g for g in groups if g.kind in IDENTICAL_SIZES]
    exact = Counter(t for g in groups if g.kind not in IDENTICAL_SIZES for t in g.tiles)
    for shares in itertools.product(*(range(len(g.tiles) + 1) for g in identical)):
        if sum(shares) != jokers:
            continue
        need = exact + Counter({})
        for group, share in zip(identical, shares, strict=True):
            need[group.tiles[0]] += len(group.tiles) - share
        if need == have:
            return True
    return False


CARD_TILES = ["1B", "2B", "3C", "5D", "9D", "E", "RD", "GD", "WD", "F"]


@settings(SETTINGS, max_examples=400)
@given(SEEDS, st.integers(0, 8), st.integers(0, 2), st.booleans())
def test_card_matcher_agrees_with_brute_force(seed: int, jokers: int, exposed: int,
                                              spoil: bool) -> None:
    rng = random.Random(seed)
    raw_lines = [random_line(rng, CARD_TILES) for _ in range(2)]
    card = tuple(tuple(CardGroup(g["kind"], tuple(g["tiles"])) for g in line)
                 for line in raw_lines)
    # a hand made from line 0 with jokers anywhere (singles and pairs too), maybe spoiled
    tiles = [t for g in raw_lines[0] for t in g["tiles"]]
    for index in rng.sample(range(len(tiles)), min(jokers, len(tiles))):
        tiles[index] = JOKER
    if spoil:
        tiles[rng.randrange(len(tiles))] = rng.choice(CARD_TILES + [JOKER])
    # expose some identical groups of line 0 (each keeps at least one natural)
    melds: list[Meld] = []
    concealed = list(tiles)
    for group in raw_lines[0][:exposed]:
        size = len(group["tiles"])
        if group["kind"] not in IDENTICAL_SIZES:
            continue
        used = rng.randint(0, min(size - 1, concealed.count(JOKER)))
        naturals = size - used
        if concealed.count(group["tiles"][0]) < naturals:
            continue
        for _ in range(naturals):
            concealed.remove(group["tiles"][0])
        for _ in range(used):
            concealed.remove(JOKER)
        melds.append(Meld(group["kind"], (group["tiles"][0],) * naturals + (JOKER,) * used))
    expected = [brute_force(list(line), concealed, melds) for line in card]
    found = card_line_for(card, concealed, melds)
    assert found == (expected.index(True) if True in expected else None), (card, concealed,
                                                                           melds)
    # a joker standing in a single or pair never makes the line
    line0 = raw_lines[0]
    small = [t for g in line0 if g["kind"] in ("single", "pair") for t in g["tiles"]]
    if small and not melds:
        broken = [t for g in line0 for t in g["tiles"]]
        broken[broken.index(small[0])] = JOKER
        assert card_line_for(card[:1], broken, []) is None
    # the referee's Mah Jongg check says the same (a 14-tile hand on its own turn)
    state = {"phase": "play", "turn": {"seat": "S", "stage": "discard", "after": "wall"},
             "hands": {"S": concealed},
             "melds": {"S": [m.to_dict() for m in melds]}, "card": raw_lines}
    result = judge(scenario("american", state, {"type": "declare_win", "seat": "S"}))
    if result["reason"] != "TILE_SUPPLY_EXCEEDED":
        assert result["legal"] is (found is not None), (state, result)
