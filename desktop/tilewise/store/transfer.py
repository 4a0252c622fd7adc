"""Move a learner to another computer: one JSON file, and rotating backups of the store.

**Export** (:func:`export_learner`): one UTF-8 JSON object ``{"format": "tilewise-learner",
"schema": 1, "exported", "profile", "progress", "practice", "situations", "hands", "unfinished"}`` with
everything the store keeps about one learner: lesson progress (with the saved sessions),
practice scores, the situations to review with their FSRS cards, answers and the variants shown
in review (``"variants": {"1": time}``, absent in files from before them;
``tilewise.store.review``), the whole hands played (``"hands"``, absent in files from
before them), and the learner's unfinished whole hand (``"unfinished"``: the play room's
saved hand, ``ProgressStore.unfinished_hand``, with ``"updated"``; null when there is none,
absent in files from before it), so a hand stopped on one computer goes on on the other.

**Import** (:func:`import_learner`): the whole file is read and checked before anything is
written (size at most :data:`MAX_FILE_BYTES`; the format name; a schema this Tilewise knows;
every field of the right type); then one transaction adds the learner as a new profile. A
damaged file, or one from a newer Tilewise, raises :class:`TransferError` with a message that
says which, and the store is left as it was.

**Backups** (:func:`make_backup`, :func:`backups`, :func:`restore_backup`): a copy of the whole
store through SQLite's online backup (consistent while the app runs) into
``data_dir()/backups/progress-<UTC time>.sqlite3``; the newest :data:`KEEP` are kept. A restore
checks the chosen copy (a SQLite file that passes ``integrity_check``, a schema this Tilewise
knows), backs the current store up first, then copies the chosen one over it in one SQLite
backup step (the store file must not be open).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tilewise.store.paths import data_dir
from tilewise.store.progress import (
    HAND_RESULTS,
    HAND_RULESETS,
    SCHEMA_VERSION,
    Profile,
    ProgressStore,
)

# tilewise.store.review (and fsrs with it) is imported by the functions that need it: a
# backup is made at every start (issue 21: start-up time)

FORMAT = "tilewise-learner"
EXPORT_SCHEMA = 1
MAX_FILE_BYTES = 64 * 1024 * 1024
KEEP = 10
BACKUP_GLOB = "progress-*.sqlite3"


TransferKind = Literal["damaged", "foreign", "newer", "unreadable", "missing"]


class TransferError(ValueError):
    """An import file or backup that cannot be used; the message says why (for the learner's
    teacher: damaged, not a learner file, from a newer Tilewise). ``kind`` says it as a code
    the app turns into its own translated sentence: ``"damaged"``, ``"foreign"`` (not a
    Tilewise learner file), ``"newer"`` (from a newer Tilewise), ``"unreadable"`` (the file
    cannot be read) or ``"missing"`` (no such backup)."""

    def __init__(self, message: str, kind: TransferKind = "damaged") -> None:
        super().__init__(message)
        self.kind: TransferKind = kind


# -- export --------------------------------------------------------------------------------


def export_learner(store: ProgressStore, profile_id: int) -> dict[str, Any]:
    """Everything the store keeps about one learner, as JSON-ready data (KeyError for an
    unknown profile)."""
    from tilewise.store.review import due_text, unpack_setup

    profile = store.profile(profile_id)
    if profile is None:
        raise KeyError(profile_id)
    conn = store._conn
    progress = [
        {"pack": r["pack_id"], "lesson": r["lesson_id"], "step_index": r["step_index"],
         "attempts": r["attempts"], "hints": r["hints"], "mastery": r["mastery"],
         "completed": bool(r["completed"]), "session": json.loads(r["session"]),
         "updated": r["updated"]}
        for r in conn.execute("SELECT * FROM progress WHERE profile_id = ? "
                              "ORDER BY pack_id, lesson_id", (profile_id,))]
    practice = [
        {"mode": r["mode"], "level": r["level"], "seed": r["seed"], "right": r["correct"],
         "asked": r["asked"], "details": json.loads(r["details"]), "played": r["played"]}
        for r in conn.execute("SELECT * FROM practice_scores WHERE profile_id = ? ORDER BY id",
                              (profile_id,))]
    situations = []
    for r in conn.execute("SELECT * FROM situations WHERE profile_id = ? ORDER BY id",
                          (profile_id,)).fetchall():
        state, before = unpack_setup(r["setup"])
        answers = [{"rating": a["rating"], "reviewed": a["reviewed"],
                    "in_review": bool(a["in_review"])}
                   for a in conn.execute("SELECT * FROM reviews WHERE situation_id = ? "
                                         "ORDER BY id", (r["id"],))]
        situations.append({
            "pack": r["pack_id"], "lesson": r["lesson_id"], "step_id": r["step_id"],
            "step_index": r["step_index"], "kind": r["kind"], "action": json.loads(r["action"]),
            "reason": r["reason"], "rule": r["rule"], "state": state, "before": before,
            "created": r["created"], "due": r["due"], "reviews": r["reviews"],
            "lapses": r["lapses"], "card": json.loads(r["card"]), "answers": answers,
            "variants": {str(v["variant"]): v["shown"] for v in conn.execute(
                "SELECT variant, shown FROM variants_shown WHERE situation_id = ? "
                "ORDER BY variant", (r["id"],))}})
    hands = [{"ruleset": r["ruleset"], "deal": r["deal"], "result": r["result"],
              "details": json.loads(r["details"]), "played": r["played"]}
             for r in conn.execute("SELECT * FROM hands_played WHERE profile_id = ? ORDER BY id",
                                   (profile_id,))]
    hand = store.unfinished_hand(profile_id)
    row = conn.execute("SELECT updated FROM hand_unfinished WHERE profile_id = ?",
                       (profile_id,)).fetchone()
    # a save still kept after a failed write has no row yet: it is as new as the export
    updated = row["updated"] if row is not None else due_text(datetime.now(UTC))
    unfinished = None if hand is None else {"hand": hand, "updated": updated}
    return {"format": FORMAT, "schema": EXPORT_SCHEMA, "exported": due_text(datetime.now(UTC)),
            "profile": {"name": profile.name, "language": profile.language,
                        "created": profile.created},
            "progress": progress, "practice": practice, "situations": situations,
            "hands": hands, "unfinished": unfinished}


def write_export(store: ProgressStore, profile_id: int, path: Path) -> None:
    """:func:`export_learner` into ``path`` (written whole to a side file, then renamed)."""
    text = json.dumps(export_learner(store, profile_id), ensure_ascii=False, indent=1,
                      sort_keys=True, allow_nan=False)
    side = path.with_name(path.name + ".part")
    side.write_text(text + "\n", encoding="utf-8")
    side.replace(path)


# -- import --------------------------------------------------------------------------------


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise TransferError(f"this learner file is damaged: {where} {what}")


def _text(data: Mapping[str, Any], key: str, where: str, *, empty: bool = False) -> str:
    value = data.get(key)
    _need(isinstance(value, str) and (empty or bool(value.strip())), f"{where}.{key}",
          "must be text")
    return str(value)


def _int(data: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value = data.get(key)
    _need(isinstance(value, int) and not isinstance(value, bool) and value >= low,
          f"{where}.{key}", f"must be a whole number >= {low}")
    return int(value)  # type: ignore[arg-type]


def _table(data: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key)
    _need(isinstance(value, dict), f"{where}.{key}", "must be a table")
    return dict(value)  # type: ignore[arg-type]


def _rows(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key)
    _need(isinstance(value, list) and all(isinstance(v, dict) for v in value), key,
          "must be a list of tables")
    return list(value)  # type: ignore[arg-type]


def read_export(path: Path) -> dict[str, Any]:
    """The checked contents of a learner file (:class:`TransferError` otherwise)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise TransferError(f"{path.name} is larger than a learner file can be")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TransferError(f"{path} cannot be read: {error.strerror or error}",
                            "unreadable") from error
    except (UnicodeDecodeError, ValueError) as error:
        raise TransferError(f"{path.name} is damaged: it is not JSON text ({error})") from error
    return check_export(data)


def check_export(data: Any) -> dict[str, Any]:
    """``data`` when it is a whole learner file this Tilewise can read (see the module doc)."""
    from tilewise.store.review import KINDS

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("this is not a Tilewise learner file", "foreign")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise TransferError("this learner file is damaged: it has no schema version")
    if schema > EXPORT_SCHEMA:
        raise TransferError(f"this learner file was made by a newer Tilewise (schema {schema}; "
                            f"this one reads up to {EXPORT_SCHEMA}): update Tilewise first",
                            "newer")
    profile = _table(data, "profile", "file")
    for key in ("name", "language", "created"):
        _text(profile, key, "profile")
    for i, row in enumerate(_rows(data, "progress")):
        where = f"progress[{i}]"
        _text(row, "pack", where), _text(row, "lesson", where), _text(row, "updated", where)
        _int(row, "step_index", where), _int(row, "attempts", where), _int(row, "hints", where)
        mastery = row.get("mastery")
        _need(isinstance(mastery, (int, float)) and not isinstance(mastery, bool)
              and 0 <= mastery <= 1, f"{where}.mastery", "must be within 0..1")
        _need(isinstance(row.get("completed"), bool), f"{where}.completed", "must be true/false")
        _table(row, "session", where)
    for i, row in enumerate(_rows(data, "practice")):
        where = f"practice[{i}]"
        _text(row, "mode", where), _text(row, "played", where), _table(row, "details", where)
        _int(row, "level", where), _int(row, "seed", where, low=-(2**63))
        _need(0 <= _int(row, "right", where) <= _int(row, "asked", where), f"{where}.right",
              "must be at most asked")
    for i, row in enumerate(_rows(data, "hands") if "hands" in data else []):
        where = f"hands[{i}]"
        _text(row, "deal", where), _text(row, "played", where), _table(row, "details", where)
        _need(row.get("ruleset") in HAND_RULESETS, f"{where}.ruleset", "must be american or wsm")
        _need(row.get("result") in HAND_RESULTS, f"{where}.result", "must be won, lost or wall")
    unfinished = data.get("unfinished")  # absent in files from before it
    if unfinished is not None:
        _need(isinstance(unfinished, dict), "unfinished", "must be a table or null")
        _text(unfinished, "updated", "unfinished")
        hand = _table(unfinished, "hand", "unfinished")
        # what the play room needs to deal it again (``gui.play.view.PlayView.resume`` checks
        # the moves themselves and says so when they cannot be played)
        _need(hand.get("ruleset") in HAND_RULESETS, "unfinished.hand.ruleset",
              "must be american or wsm")
        _text(hand, "deal", "unfinished.hand"), _text(hand, "seat", "unfinished.hand")
        _need(isinstance(hand.get("moves"), list), "unfinished.hand.moves", "must be a list")
    for i, row in enumerate(_rows(data, "situations")):
        where = f"situations[{i}]"
        for key in ("pack", "lesson", "step_id", "rule", "created", "due"):
            _text(row, key, where)
        _need(row.get("kind") in KINDS, f"{where}.kind", "must be task or quiz")
        _int(row, "step_index", where), _int(row, "reviews", where), _int(row, "lapses", where)
        _table(row, "action", where), _table(row, "before", where), _table(row, "card", where)
        _need(row.get("reason") is None or isinstance(row.get("reason"), str),
              f"{where}.reason", "must be text")
        _need(row.get("state") is None or isinstance(row.get("state"), dict),
              f"{where}.state", "must be a table")
        for j, answer in enumerate(_rows(row, "answers")):
            _int(answer, "rating", f"{where}.answers[{j}]", low=1)
            _need(answer["rating"] <= 4, f"{where}.answers[{j}].rating", "must be 1..4")
            _text(answer, "reviewed", f"{where}.answers[{j}]")
            _need(isinstance(answer.get("in_review"), bool), f"{where}.answers[{j}].in_review",
                  "must be true/false")
        shown = row.get("variants", {})  # variant -> when shown (absent in older files)
        _need(isinstance(shown, dict) and all(
            isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 6
            and isinstance(v, str)
            for k, v in shown.items()), f"{where}.variants", "must map variant numbers to times")
        try:
            from fsrs import Card

            Card.from_dict(row["card"])
        except (KeyError, TypeError, ValueError) as error:
            raise TransferError(f"this learner file is damaged: {where}.card ({error})") from error
    return data


def import_learner(store: ProgressStore, data: Any) -> Profile:
    """Add the learner of a checked file (:func:`read_export`/:func:`check_export`) as a new
    profile, with all of its progress, in one transaction; return the profile. Nothing is
    written when the data is not a whole learner file (:class:`TransferError`)."""
    from tilewise.store.review import pack_setup

    checked = check_export(data)
    profile = checked["profile"]
    dump = json.dumps
    with store._transaction() as conn:
        cursor = conn.execute("INSERT INTO profiles (name, language, created) VALUES (?, ?, ?)",
                              (store.free_name(profile["name"]), profile["language"],
                               profile["created"]))
        new_id = cursor.lastrowid
        assert new_id is not None
        for r in checked["progress"]:
            conn.execute(
                """INSERT INTO progress (profile_id, pack_id, lesson_id, step_index, attempts,
                   hints, mastery, completed, session, updated)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (new_id, r["pack"], r["lesson"], r["step_index"], r["attempts"], r["hints"],
                 float(r["mastery"]), int(r["completed"]),
                 dump(r["session"], ensure_ascii=False, sort_keys=True), r["updated"]))
        for r in checked["practice"]:
            conn.execute(
                """INSERT INTO practice_scores (profile_id, mode, level, seed, correct, asked,
                   details, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (new_id, r["mode"], r["level"], r["seed"], r["right"], r["asked"],
                 dump(r["details"], ensure_ascii=False, sort_keys=True), r["played"]))
        for r in checked["situations"]:
            cursor = conn.execute(
                """INSERT INTO situations (profile_id, pack_id, lesson_id, step_id, step_index,
                   kind, action, reason, rule, setup, created, due, reviews, lapses, card)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (new_id, r["pack"], r["lesson"], r["step_id"], r["step_index"], r["kind"],
                 dump(r["action"], ensure_ascii=False, sort_keys=True), r["reason"], r["rule"],
                 pack_setup(r["state"], r["before"]), r["created"], r["due"], r["reviews"],
                 r["lapses"], dump(r["card"], sort_keys=True)))
            for a in r["answers"]:
                conn.execute("INSERT INTO reviews (situation_id, rating, reviewed, in_review) "
                             "VALUES (?, ?, ?, ?)",
                             (cursor.lastrowid, a["rating"], a["reviewed"], int(a["in_review"])))
            for number, shown in r.get("variants", {}).items():
                conn.execute("INSERT INTO variants_shown (situation_id, variant, shown) "
                             "VALUES (?, ?, ?)", (cursor.lastrowid, int(number), shown))
        for r in checked.get("hands", []):
            conn.execute(
                """INSERT INTO hands_played (profile_id, ruleset, deal, result, details, played)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (new_id, r["ruleset"], r["deal"], r["result"],
                 dump(r["details"], ensure_ascii=False, sort_keys=True), r["played"]))
        unfinished = checked.get("unfinished")
        if unfinished is not None:
            conn.execute("INSERT INTO hand_unfinished (profile_id, hand, updated) VALUES (?, ?, ?)",
                         (new_id, dump(unfinished["hand"], ensure_ascii=False, sort_keys=True),
                          unfinished["updated"]))
    found = store.profile(new_id)
    assert found is not None
    return found


# -- backups -------------------------------------------------------------------------------


def backup_dir() -> Path:
    """``data_dir()/backups``: where :func:`make_backup` puts its copies by default."""
    return data_dir() / "backups"


def backups(folder: Path | None = None) -> list[Path]:
    """The backups in ``folder`` (default :func:`backup_dir`), newest first."""
    where = folder if folder is not None else backup_dir()
    return sorted(where.glob(BACKUP_GLOB), reverse=True) if where.is_dir() else []


def backup_time(path: Path) -> datetime | None:
    """When the backup ``path`` was made (UTC, from its name ``progress-<UTC time>.sqlite3``
    as :func:`make_backup` writes it), or None for a name that does not say."""
    stamp = path.name.removeprefix("progress-").removesuffix(".sqlite3")
    try:
        return datetime.strptime(stamp, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def make_backup(store: ProgressStore, folder: Path | None = None, *, keep: int | None = KEEP,
                now: datetime | None = None) -> Path:
    """Copy the whole store (SQLite online backup) to a new file in ``folder``; delete all but
    the newest ``keep`` (>= 1, ValueError; None deletes none). Returns the new file."""
    if keep is not None and keep < 1:
        raise ValueError("keep at least one backup")
    where = folder if folder is not None else backup_dir()
    where.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = where / f"progress-{stamp}.sqlite3"
    side = target.with_name(target.name + ".part")
    with sqlite3.connect(side) as copy:
        store._conn.backup(copy)
    copy.close()
    side.replace(target)
    if keep is not None:
        rotate(where, keep)
    return target


def rotate(folder: Path, keep: int = KEEP) -> None:
    """Delete all but the newest ``keep`` backups in ``folder``."""
    for old in backups(folder)[keep:]:
        old.unlink()


def check_backup(path: Path) -> None:
    """:class:`TransferError` unless ``path`` is a whole progress store this Tilewise reads."""
    if not path.is_file():
        raise TransferError(f"there is no backup {path.name}", "missing")
    with path.open("rb") as fileobj:
        if fileobj.read(16) != b"SQLite format 3\x00":
            raise TransferError(f"the backup {path.name} is damaged")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise TransferError(f"the backup {path.name} is damaged ({error})") from error
    if not ok or "profiles" not in tables:
        raise TransferError(f"the backup {path.name} is damaged")
    if version > SCHEMA_VERSION:
        raise TransferError(f"the backup {path.name} was made by a newer Tilewise", "newer")


def restore_backup(backup: Path, store_path: Path | None = None, *,
                   folder: Path | None = None) -> Path:
    """Put ``backup`` back as the store (default ``data_dir()/progress.sqlite3``, which must
    not be open). The backup is checked first (:class:`TransferError`, nothing changed); the
    current store is backed up into ``folder`` before it is replaced. Returns that safety copy
    (or the store path when there was no store)."""
    check_backup(backup)
    target = store_path if store_path is not None else data_dir() / "progress.sqlite3"
    where = folder if folder is not None else backup.parent
    safety = target
    if target.exists():
        with ProgressStore(target) as current:
            safety = make_backup(current, where, keep=None)  # rotated once the restore is done
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        with sqlite3.connect(target) as dest:
            source.backup(dest)
        dest.close()
    finally:
        source.close()
    rotate(where)
    return safety


__all__ = ["EXPORT_SCHEMA", "FORMAT", "KEEP", "TransferError", "TransferKind", "backup_dir",
           "backup_time", "backups",
           "check_backup", "check_export", "export_learner", "import_learner", "make_backup",
           "read_export", "restore_backup", "rotate", "write_export"]
