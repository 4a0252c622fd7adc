"""The pack check's fast paths (issue 21) give the answers of the plain ones.

Each shortcut is checked against the slow path it stands in for: the compiled TOML reader
against ``tomllib`` (and ``tomllib``'s own errors when it refuses), the dotted-key and shape
shortcuts against the token walk and the full walk, the kept card-line answers against a fresh
reading, the remembered referee answers against the referee, and a plain copy against
``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import datetime
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilewise import tomltext
from tilewise.lessons import moves, pack, packlimits, tilecodes
from tilewise.lessons.model import PackError
from tilewise.lessons.packlimits import LIMITS, PackLimits, long_dotted_key, shape_problems
from tilewise.rules.referee import judge

CORE = Path(__file__).resolve().parents[2] / "lessons" / "core"
SETTINGS = settings(derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("file", sorted(CORE.glob("*.toml")), ids=lambda f: f.name)
def test_the_compiled_reader_reads_every_core_file_as_tomllib(file: Path) -> None:
    text = file.read_text(encoding="utf-8")
    assert pack.read_toml(text) == tomllib.loads(text)


@pytest.mark.parametrize("text", ["a = 1\nb = [", "big = 99999999999999999999999", "x = 1\nx = 2"])
def test_what_the_compiled_reader_refuses_is_read_by_tomllib(text: str) -> None:
    try:
        expected: Any = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        with pytest.raises(tomllib.TOMLDecodeError, match=str(error).split("(")[0]):
            pack.read_toml(text)
    else:
        assert pack.read_toml(text) == expected  # a 23-digit integer: tomllib reads it


def test_without_the_compiled_reader_tomllib_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomltext, "_rtoml", None)
    assert pack.read_toml("when = 1979-05-27\n") == {"when": datetime.date(1979, 5, 27)}


PIECES = ["a", ".", ".", ".", '"', "'", '"""', "'''", "#", "=", ",", "[", "]", "{", "}",
          "\n", " ", "\\", '"x.y"', "1.5"]


@settings(SETTINGS, max_examples=400)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.integers(2, 5))
def test_the_dotted_key_shortcut_finds_what_the_token_walk_finds(
        pieces: list[str], parts: int) -> None:
    # 400 derandomized texts of dots, quotes, comments and separators, open strings included
    text = "".join(pieces)
    assert long_dotted_key(text, parts) == packlimits._dotted_key_line(text, parts)


SMALL = PackLimits(depth=3, items=3, chars=4, key_chars=3, problems=4)
VALUES = st.recursive(
    st.one_of(st.text(max_size=6), st.integers(), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=5), inner, max_size=5)),
    max_leaves=30)


@settings(SETTINGS, max_examples=300)
@given(st.dictionaries(st.text(max_size=5), VALUES, max_size=5))
def test_the_shape_shortcut_agrees_with_the_full_walk(data: dict[str, Any]) -> None:
    # 300 derandomized tables against small limits, so that about half break one
    found = shape_problems(data, SMALL)
    assert (found == []) == packlimits._within(data, 0, SMALL)


def test_kept_card_line_answers_are_those_of_a_fresh_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tilecodes, "LINES_KEPT", 2)
    good = [{"kind": "kong", "tile": "1a"}, {"kind": "pair", "tiles": ["F", "F"]}]
    bad = [{"kind": "kong", "tile": "J"}]
    for _ in range(2):
        assert tilecodes.card_line_problem(good) is None
        assert tilecodes.card_line_problem(bad) == "a card line names natural tiles, never a joker"
        assert tilecodes.card_line_problem([{"kind": "pung", "tile": "9b"}]) is None
    assert len(tilecodes._LINES) <= 2
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    assert tilecodes.card_line_problem(deep) == "a card group must be an object"
    assert tilecodes.card_token_problem("x+1a") is None
    assert tilecodes.card_token_problem("J") == "a card line names natural tiles, never a joker"


def test_a_card_found_clean_is_not_walked_again_and_a_card_with_a_problem_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = pack._PackReader(tmp_path, [])
    walked: list[object] = []
    line = reader.card_line
    monkeypatch.setattr(reader, "card_line", lambda *a: walked.append(a) or line(*a))
    clean = [[{"kind": "pair", "tiles": ["F", "F"]}], [{"kind": "kong", "tile": "1a"}]]
    reader.check_card(clean, "a.card")
    reader.check_card(copy.deepcopy(clean), "b.card")  # an equal card, read from another place
    assert reader.problems == [] and len(walked) == 2  # two lines, walked once
    near = copy.deepcopy(clean)
    near[1][0]["tile"] = "1q"  # one token from the clean card
    for where in ("c.card", "d.card"):
        reader.check_card(near, where)
    assert [(p.key_path, p.message) for p in reader.problems] == [
        (f"{where}[1][0].tile", "'1q' is not a tile code or a card pattern")
        for where in ("c.card", "d.card")]
    dated = [[{"kind": "pair", "tiles": ["F", datetime.date(2026, 12, 1)]}]]  # marshal: no
    for where in ("e.card", "f.card"):
        reader.check_card(dated, where)
    assert [p.key_path for p in reader.problems[2:]] == ["e.card[0][0].tiles[1]",
                                                         "f.card[0][0].tiles[1]"]
    reader.check_card(clean[0], "g.card")  # a line, not a list of lines: the shape refused
    assert reader.problems[-1].key_path == "g.card" and len(reader.clean_cards) == 1


def test_a_pack_whose_second_card_differs_by_one_tile_names_it(write_pack: Any) -> None:
    from tests.lessons.conftest import lesson

    data = lesson()
    card = [[{"kind": "pair", "tiles": ["F", "F"]}, {"kind": "kong", "tile": "1a"}]]
    data["steps"][1]["task"]["state"]["card"] = card
    data["steps"][2]["quiz"]["verify"]["state"]["card"] = [[card[0][0], {"kind": "kong",
                                                                         "tile": "J"}]]
    with pytest.raises(PackError) as caught:
        pack.load_pack(write_pack(lessons={"01-one.toml": data}), check_moves=False)
    assert [(p.key_path, p.message) for p in caught.value.problems] == [
        ("steps[2].quiz.verify.state.card[0][1].tile",
         "a card line names natural tiles, never a joker")]


def test_remembered_answers_are_the_referees_and_each_callers_own() -> None:
    asked: list[Any] = []

    def counting(question: Any) -> dict[str, Any]:
        asked.append(question)
        return judge(question)

    ask = moves.remembering(counting)
    question = {"ruleset": "wsm", "state": {"hands": {"E": ["1B", "1B", "1B"]}},
                "action": {"type": "group", "tiles": ["1B", "1B", "1B"], "as": "pong"}}
    first = ask(question)
    first["legal"] = "changed by the caller"
    assert ask(copy.deepcopy(question)) == judge(question) and len(asked) == 1
    other = copy.deepcopy(question)
    other["action"]["tiles"][2] = "2B"
    assert ask(other)["reason"] == "GROUP_TILES_DIFFER" and len(asked) == 2
    when = dict(question, when=datetime.date(2026, 1, 1))  # no key for it: asked every time
    ask(when)
    ask(when)
    assert len(asked) == 4
    # the key is the scenario by value and kind: JSON wrote both of these as {"1": "x"}
    seen: list[Any] = []
    fake = moves.remembering(lambda q: seen.append(q) or {"legal": len(seen)})
    assert fake({"action": {1: "x"}}) == {"legal": 1}
    assert fake({"action": {"1": "x"}}) == {"legal": 2}
    assert fake({"action": ("1B",)}) == {"legal": 3} and fake({"action": ["1B"]}) == {"legal": 4}
    assert fake({"action": ["1B"]}) == {"legal": 4} and len(seen) == 4


@pytest.mark.parametrize("value", [
    {"a": [1, 2.5, True, None, "x", {"b": []}]},
    [datetime.time(1, 2), {"t": datetime.date(2026, 1, 1)}],
    (1, [2]),
])
def test_a_plain_copy_is_a_deep_copy(value: Any) -> None:
    copied = moves.plain_copy(value)
    assert copied == copy.deepcopy(value)
    if isinstance(value, dict):
        copied["a"][5]["b"].append(1)
        assert value["a"][5]["b"] == []


def test_the_limits_in_force_are_not_the_test_ones() -> None:
    assert LIMITS.depth > SMALL.depth  # the shortcut is exercised with the real limits too
    assert shape_problems({"x": [[["deep"]]]}) == []


def test_the_same_guided_hand_is_played_once_and_reported_each_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from tilewise.lessons.hand import guided

    core = pack.load_pack(CORE, check_moves=False)
    hand = next(step.hand for lesson in core.lessons for step in lesson.steps if step.hand)
    short = dataclasses.replace(hand, script=hand.script[:1])  # the hand goes on after it
    played: list[object] = []
    check = guided.check_script
    monkeypatch.setattr(guided, "check_script", lambda h, c: played.append(h) or check(h, c))
    scripts: dict[str, list[tuple[str, str]]] = {}
    reported: list[tuple[str, str]] = []
    for _ in range(2):
        moves._check_hand(core, short, lambda key, message: reported.append((key, message)),
                          scripts)
    assert len(played) == 1
    assert len(reported) == 2 and reported[0] == reported[1]
    assert reported[0][0].startswith("hand.")


def test_the_disk_cache_is_keyed_on_every_byte_and_the_validator(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import shutil

    folder, cache = tmp_path / "pack", tmp_path / "cache"
    shutil.copytree(CORE, folder)
    pack.clear_cache()
    pack.load_pack(folder, cache_dir=cache)
    file = next(folder.glob("0*.toml"))
    before = file.stat()
    # the same size and time, one byte changed: a tile that is no code, refused again
    text = file.read_text(encoding="utf-8").replace('"1B"', '"1X"', 1)
    assert text != file.read_text(encoding="utf-8")
    file.write_text(text, encoding="utf-8")
    os.utime(file, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert file.stat().st_size == before.st_size
    pack.clear_cache()
    with pytest.raises(pack.PackError, match="1X"):
        pack.load_pack(folder, cache_dir=cache)
    # a new validator checks a kept pack again (it may refuse what the old one took)
    file.write_text(text.replace('"1X"', '"1B"', 1), encoding="utf-8")
    pack.clear_cache()
    pack.load_pack(folder, cache_dir=cache)
    asked: list[object] = []
    monkeypatch.setattr(pack, "VALIDATOR_VERSION", pack.VALIDATOR_VERSION + 1)
    monkeypatch.setattr(moves, "check_lessons", lambda p, j=None: asked.append(p) or iter([]))
    pack.clear_cache()
    pack.load_pack(folder, cache_dir=cache)
    assert len(asked) == 1
    unreadable = folder / "99-fifo.toml"
    os.mkfifo(unreadable)  # never read to make a key: the reader refuses it, no cache
    pack.clear_cache()
    with pytest.raises(pack.PackError, match="not a plain file"):
        pack.load_pack(folder, cache_dir=cache)


def test_the_cycle_collector_is_paused_while_reading_and_then_as_it_was() -> None:
    import gc

    seen: list[bool] = []

    def watching(question: Any) -> dict[str, Any]:
        seen.append(gc.isenabled())
        return judge(question)

    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            with pack._paused_gc():
                seen.append(gc.isenabled())
            assert gc.isenabled() is enabled
        assert seen == [False, False]
        gc.enable()
        with pytest.raises(pack.PackError):
            pack.load_pack(CORE / "po")  # no pack.toml: refused, the collector back on
        assert gc.isenabled()
        _, check = pack.open_pack(CORE, judge=watching)  # a judge: never from the cache
        assert check is not None and gc.isenabled()
        while not seen[2:]:  # the first lessons may judge nothing
            check.step()
        assert gc.isenabled() and not any(seen)
        # what the pause made goes to the oldest generation as it is: no young collection
        # walks it after the pause (a plain gc.enable() would run one at the next allocation)
        starts: list[int] = []

        def watch(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                starts.append(info["generation"])

        gc.callbacks.append(watch)
        with pack._paused_gc(keep=True):
            made = [[] for _ in range(2000)]
        after: list[list[Any]] = [[] for _ in range(100)]
        assert starts == [] and after
        assert any(thing is made for thing in gc.get_objects(generation=2))
        with pack._paused_gc():  # a moves check's: the next young collection looks at it
            left = [[] for _ in range(2000)]
        after = [[] for _ in range(100)]
        gc.callbacks.remove(watch)
        assert starts[:1] == [0] and left
    finally:
        gc.enable()


def test_the_shape_shortcut_leaves_other_kinds_of_table_and_text_to_the_full_walk() -> None:
    from collections import OrderedDict, UserString

    class Text(str):
        pass

    class Tiles(list[Any]):
        pass

    long = Text("x" * (LIMITS.chars + 1))
    over = [("a[0]", f"{LIMITS.chars + 1} characters; a text may hold at most {LIMITS.chars}")]
    assert shape_problems({"a": [long]}) == over
    assert shape_problems({"a": Tiles([long])}) == over
    assert shape_problems(OrderedDict(a=[long])) == over
    assert not packlimits._within(OrderedDict(), 0, LIMITS)  # the full walk decides
    assert packlimits._within({"a": ["short", 1, 2.5, True, None, UserString("x")]}, 0, LIMITS)
    short = {"a": [Text("short")]}
    assert not packlimits._within(short, 0, LIMITS) and shape_problems(short) == []
    assert packlimits._within("a top-level text is not measured", 0, LIMITS)


def _sorted_by_json(value: Any) -> Any:
    """``moves._normal`` as it was: every list sorted by its items' JSON text."""
    if isinstance(value, dict):
        return {key: _sorted_by_json(item) for key, item in value.items()}
    if isinstance(value, list):
        import json

        return sorted((_sorted_by_json(item) for item in value),
                      key=lambda v: json.dumps(v, sort_keys=True, default=str))
    return value


ITEMS = st.recursive(
    st.one_of(st.sampled_from(["1B", "2B", "F1", "é", "z", ""]), st.integers(0, 2),
              st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["tiles", "seat"]), inner,
                                            max_size=2)),
    max_leaves=8)


@settings(SETTINGS, max_examples=300)
@given(st.lists(ITEMS, max_size=5), st.lists(ITEMS, max_size=5), st.randoms())
def test_comparing_moves_up_to_order_agrees_with_sorting_by_json(
        a: list[Any], b: list[Any], shuffle: Any) -> None:
    # 300 derandomized pairs of tile-like lists (strings, numbers, booleans, nested), and
    # each against a shuffled copy of itself
    assert moves.same_action({"t": a}, {"t": b}) == (_sorted_by_json(a) == _sorted_by_json(b))
    mixed = list(a)
    shuffle.shuffle(mixed)
    assert moves.same_action({"t": a}, {"t": mixed})


SAFE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><title>abcdefg</title></svg>'
SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert</script></svg>'  # same size
ENTITY_SVG = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "&#60;script&#62;">]>'
              '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>&a;</svg>')


def pack_with_one_picture(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """A small pack whose ``pack.toml`` lists one safe SVG picture, ``assets/x.svg``:
    (its folder, a disk-cache folder, its ``pack.toml``, the picture)."""
    from tests.hardening.packs import read_toml, small_core, write_toml

    folder, cache = small_core(tmp_path / "mypack"), tmp_path / "cache"
    manifest = folder / "pack.toml"
    write_toml(manifest, {**read_toml(manifest), "assets": [
        {"path": "assets/x.svg", "source": "drawn for this test", "licence": "CC0-1.0"}]})
    asset = folder / "assets" / "x.svg"
    asset.parent.mkdir()
    asset.write_text(SAFE_SVG, encoding="utf-8")
    return folder, cache, manifest, asset


def test_an_asset_made_to_share_the_checksums_of_the_checked_one_is_checked(
        tmp_path: Path) -> None:
    """What is kept of an asset's checked bytes is their SHA-256, not checksums an author can
    match with other bytes: a cache entry holding the size, CRC-32 and Adler-32 of the hostile
    bytes (what bytes made to collide with the checked ones would give) serves nothing
    unchecked; the kept entry is the digest of the bytes that passed."""
    import json
    import zlib

    from tilewise.digest import sha256

    folder, cache, _, asset = pack_with_one_picture(tmp_path)
    pack.clear_cache()
    pack.load_pack(folder, cache_dir=cache)
    (kept,) = cache.glob("pack-*.json")
    raw = json.loads(kept.read_text(encoding="utf-8"))
    safe = SAFE_SVG.encode()
    assert raw[pack.ASSET_SUMS] == {"assets/x.svg": [len(safe), sha256(safe).hexdigest()]}
    hostile = SCRIPT_SVG.encode()
    raw[pack.ASSET_SUMS] = {"assets/x.svg": [len(hostile), zlib.crc32(hostile),
                                             zlib.adler32(hostile)]}
    kept.write_text(json.dumps(raw), encoding="utf-8")
    asset.write_bytes(hostile)
    pack.clear_cache()
    with pytest.raises(pack.PackError, match="may not hold <script> elements"):
        pack.load_pack(folder, cache_dir=cache)
    pack.clear_cache()


def test_an_asset_changed_after_a_cached_load_is_checked_again(tmp_path: Path) -> None:
    """The caches' keys hold the TOML files; a pack from either cache still has each asset's
    bytes compared with those it was checked with (issue 15/21): a safe SVG swapped for a
    hostile one, even at the same size and time, is refused as ``pack check`` refuses it."""
    import os

    folder, cache, manifest, asset = pack_with_one_picture(tmp_path)
    pack.clear_cache()
    first = pack.load_pack(folder, cache_dir=cache)
    assert [a.path for a in first.assets] == ["assets/x.svg"]
    assert len(list(cache.glob("pack-*.json"))) == 1
    pack.clear_cache()
    assert pack.open_pack(folder, cache_dir=cache)[1] is None  # from the disk cache: no check
    before = asset.stat()
    asset.write_text(SCRIPT_SVG, encoding="utf-8")  # one changed run of bytes, same size, time
    os.utime(asset, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert asset.stat().st_size == before.st_size
    pack.clear_cache()
    with pytest.raises(pack.PackError, match=r"assets\[0\]\.path: assets/x\.svg: an SVG "
                       "picture may not hold <script> elements"):
        pack.load_pack(folder, cache_dir=cache)
    asset.write_text(ENTITY_SVG, encoding="utf-8")
    with pytest.raises(pack.PackError) as refused:
        pack.load_pack(folder, cache_dir=cache)
    assert [str(p) for p in refused.value.problems] == [
        f"{manifest}: assets[0].path: assets/x.svg: an SVG picture may not have a document "
        "type or entities"]
    # the memory cache too: the pack loaded once in this process, then its asset changed
    asset.write_text(SAFE_SVG, encoding="utf-8")
    assert pack.load_pack(folder, cache_dir=cache).assets == first.assets
    asset.write_text(ENTITY_SVG, encoding="utf-8")
    with pytest.raises(pack.PackError, match="document type or entities"):
        pack.load_pack(folder, cache_dir=cache)
    asset.unlink()  # a link is never read, even to a checked picture in the pack
    (folder / "assets" / "y.svg").write_text(SAFE_SVG, encoding="utf-8")
    asset.symlink_to("y.svg")
    with pytest.raises(pack.PackError, match="assets/x.svg: is a symbolic link"):
        pack.load_pack(folder, cache_dir=cache)
    asset.unlink()  # an asset gone since the check: said so, from the memory cache as well
    with pytest.raises(pack.PackError, match="asset file assets/x.svg does not exist"):
        pack.load_pack(folder, cache_dir=cache)
    pack.clear_cache()


def test_kept_card_answers_are_said_in_the_language_of_the_moment() -> None:
    """A card line's problem is a pack check line (the app's problems box): in the interface's
    language, also for a line whose answer was kept in another language."""
    from tilewise.i18n import set_language

    bad = [{"kind": "kong", "tile": "J"}, {"kind": "pung", "tile": "1a", "colour": "red"}]
    assert tilecodes.card_line_problem(bad) == "a card line names natural tiles, never a joker"
    set_language("de")
    try:
        assert tilecodes.card_line_problem(bad) == ("eine Kartenzeile nennt natürliche Steine, "
                                                    "nie einen Joker")
        assert tilecodes.card_token_problem("Q") == "'Q' ist kein Stein und kein Kartenmuster"
        group = tilecodes.card_line_problem([{"kind": "pung", "tile": "1a", "colour": "red"}])
        assert group == "eine Gruppe der Karte hat unbekannte Schlüssel ['colour']"
    finally:
        set_language("en")
    assert tilecodes.card_token_problem("Q") == "'Q' is not a tile or a card pattern"


def test_a_pack_check_in_english_does_not_import_the_stores_paths(tmp_path: Path) -> None:
    """A cold pack check reads no catalog in English (the command line's language): the
    interface's catalogs folder is looked up on first use (``tilewise.i18n.i18n_dir``), so
    the store's paths, platformdirs and logging stay out of it (issue 21: about 7 ms)."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from tilewise.lessons.pack import load_pack; "
            "load_pack(Path(sys.argv[1])); "
            "print([m for m in ('tilewise.store.paths', 'platformdirs') if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code, str(CORE)], capture_output=True,
                          text=True, timeout=120, check=True, env={
                              "PYTHONPATH": str(CORE.parents[1] / "desktop"),
                              "HOME": str(tmp_path)})
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
