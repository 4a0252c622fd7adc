#!/usr/bin/env python3
"""Tilewise message catalogs: extract, update, compile and check (babel's Python API).

Usage: ``python i18n/catalogs.py {extract,update,compile,check}``

- ``extract``: scan desktop/tilewise with i18n/babel.cfg into i18n/tilewise.pot (keywords
  ``_ ngettext pgettext npgettext N_``; ``# TRANSLATORS:`` comments are kept).
- ``update``: merge the .pot into i18n/<lang>/LC_MESSAGES/tilewise.po for every language
  (a new language gets a fresh catalog with CLDR plural forms). A changed English text keeps
  its translation as fuzzy; entries no longer in the code are dropped, not kept as ``#~``
  (babel kept obsolete entries that repeated live ones, which GNU msgfmt refuses).
- ``compile``: every i18n/<lang>/LC_MESSAGES/*.po and every lessons/*/po/<lang>.po to a .mo
  beside it (fuzzy entries are left out). A catalog GNU ``msgfmt -c`` refuses is not compiled
  and fails the command: babel alone is more lenient than the translators' tools. The .mo
  files are build output (gitignored).
- ``check``: the .pot matches the code (re-extracted in memory); every UI catalog parses,
  has no fuzzy or obsolete entry, translates every message of the .pot, keeps the
  ``{placeholder}`` names and has the CLDR plural forms of its language, passes the pofilter
  checks of ``tilewise.i18n.pocheck.ENFORCED`` and ``msgfmt -c``; every lesson-pack .po parses
  and passes ``msgfmt -c`` (``tilewise pack check`` checks the rest of a pack).

Files are rewritten only when their messages change (the creation date alone does not count),
so running ``extract``/``update`` on unchanged code leaves git clean. Exit status 0 or 1.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

I18N = Path(__file__).resolve().parent
ROOT = I18N.parent
SOURCE = ROOT / "desktop" / "tilewise"
LESSONS = ROOT / "lessons"
POT = I18N / "tilewise.pot"
CFG = I18N / "babel.cfg"
DOMAIN = "tilewise"
LANGUAGES = ("es", "de", "hi")
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("TRANSLATORS:",)
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")
_VOLATILE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date):.*$', re.MULTILINE)

Key = tuple[str, str | None]


def po_path(lang: str) -> Path:
    """``i18n/<lang>/LC_MESSAGES/tilewise.po``."""
    return I18N / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _rel(path: Path) -> str:
    """``path`` relative to the repository root when it is inside it (for messages)."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
    return match.group(1) if match else "0"


def extract_template() -> Catalog:
    """Extract the UI messages of desktop/tilewise into a new template catalog."""
    with CFG.open(encoding="utf-8") as fileobj:
        method_map, options_map = parse_mapping_cfg(fileobj, str(CFG))  # type: ignore[no-untyped-call]
    template = Catalog(
        project="Tilewise",
        version=_version(),
        copyright_holder="The Tilewise team",
        charset="utf-8",
        fuzzy=False,
    )
    results = extract_from_dir(
        SOURCE,
        method_map,
        options_map,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in results:
        where = (SOURCE.relative_to(ROOT) / filename).as_posix()
        template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


def _render(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=96, include_lineno=False, sort_output=False,
             ignore_obsolete=True)
    return buf.getvalue()


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and _VOLATILE.sub(b"", path.read_bytes()) == _VOLATILE.sub(b"", data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def keys(catalog: Catalog) -> set[Key]:
    """(msgid, context) of every message except the header; plural ids use the singular."""
    return {(_singular(m), m.context) for m in catalog if m.id}


def _singular(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def _strings(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple of texts (one, or one per plural form)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(v or "") for v in value)
    return (str(value or ""),)


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """Parse a .po/.pot strictly (``abort_invalid``): raises on a malformed file."""
    with path.open("rb") as fileobj:
        return read_po(fileobj, locale=lang, abort_invalid=True)


def cmd_extract() -> int:
    template = extract_template()
    changed = _write_if_changed(POT, _render(template))
    count = len(keys(template))
    print(f"{_rel(POT)}: {count} messages" + (" (written)" if changed else ""))
    return 0


def cmd_update(languages: Iterable[str] = LANGUAGES) -> int:
    template = read_catalog(POT)
    for lang in languages:
        path = po_path(lang)
        if path.exists():
            catalog = read_catalog(path, lang)
        else:
            catalog = Catalog(locale=lang, project="Tilewise", version=_version(),
                              copyright_holder="The Tilewise team", charset="utf-8",
                              fuzzy=False)
            catalog.language_team = f"{lang} <tilewise-translators>"
        catalog.update(template, update_creation_date=False)
        changed = _write_if_changed(path, _render(catalog))
        missing = untranslated(catalog)
        fuzzy = [m for m in catalog if m.id and m.fuzzy]
        print(f"{_rel(path)}: {len(missing)} untranslated, {len(fuzzy)} fuzzy"
              + (" (written)" if changed else ""))
    return 0


def cmd_compile() -> int:
    sources = sorted(I18N.glob("*/LC_MESSAGES/*.po")) + sorted(LESSONS.glob("*/po/*.po"))
    failed = 0
    for path in sources:
        lang = path.parent.parent.name if path.parent.name == "LC_MESSAGES" else path.stem
        try:
            catalog = read_catalog(path, lang)
        except Exception as exc:  # babel raises several types for a malformed file
            print(f"{_rel(path)}: cannot parse: {exc}", file=sys.stderr)
            failed += 1
            continue
        refused = msgfmt_problems(path)
        if refused:
            # babel would compile it, but Poedit, Weblate and GNU gettext would not
            for line in refused:
                print(line, file=sys.stderr)
            failed += 1
            continue
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            mo.write_bytes(buf.getvalue())
        elif mo.stat().st_mtime_ns < path.stat().st_mtime_ns:
            os.utime(mo)  # same messages: mark it current, or the app would compile the .po again
    print(f"compiled {len(sources) - failed} catalogs" + (f", {failed} failed" if failed else ""))
    return 1 if failed else 0


def msgfmt_problems(path: Path) -> list[str]:
    """What GNU ``msgfmt -c`` (the compiler of Poedit, Weblate and gettext) says is wrong with
    the catalog at ``path``, one line each; empty when it accepts it. Without msgfmt on the PATH
    (the ``gettext`` package; ``packaging/system-deps.sh`` installs it) one line says so."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return [f"{_rel(path)}: GNU msgfmt not found: install gettext "
                "(bash packaging/system-deps.sh)"]
    run = subprocess.run([msgfmt, "-c", "-o", os.devnull, str(path)], capture_output=True,
                         text=True, check=False)
    if run.returncode == 0:
        return []
    return [line for line in run.stderr.splitlines() if line.strip()]


def pofilter_problems(path: Path, lang: str, expected: set[Key]) -> list[str]:
    """The errors ``tilewise.i18n.pocheck`` finds (the enforced pofilter checks, entries given
    twice, obsolete entries repeating live ones), as ``"<path>: <entry>: <problem>"``."""
    from tilewise.i18n.pocheck import check_po

    wanted = {(ctx, msgid) for msgid, ctx in expected}
    result = check_po(path, lang, expected=wanted, name=_rel(path), accelerators="&")
    return [str(f) for f in result.findings if f.severity == "error"
            and not f.problem.startswith("its English")]  # stale: reported as missing below


def untranslated(catalog: Catalog) -> list[Message]:
    """Messages (not the header) with an empty msgstr or any empty plural form."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        if not all(_strings(message.string)):
            out.append(message)
    return out


def placeholders(text: str) -> set[str]:
    """Named ``{placeholder}`` fields in ``text`` (``{{`` escapes are ignored)."""
    return set(PLACEHOLDER.findall(text))


def placeholder_problems(message: Message) -> list[str]:
    """Each translation must use exactly the source's named fields.

    Plural messages: every form may drop ``{n}`` (e.g. "one tile") but may not drop another
    field, and no form may add a field the source does not have.
    """
    problems = []
    if message.pluralizable:
        source: set[str] = set().union(*(placeholders(i) for i in _strings(message.id)))
        required = source - {"n"}
        for index, form in enumerate(_strings(message.string)):
            got = placeholders(form)
            if got - source or required - got:
                problems.append(f"plural form {index}: fields {sorted(got)} != {sorted(source)}")
    else:
        want, got = placeholders(_singular(message)), placeholders(_strings(message.string)[0])
        if message.string and want != got:
            problems.append(f"fields {sorted(got)} != {sorted(want)}")
    return problems


def check_catalog(path: Path, lang: str, expected: set[Key]) -> list[str]:
    """Every problem with one UI catalog, as ``"<path>: <problem>"`` lines (empty when fine)."""
    rel = _rel(path)
    try:
        catalog = read_catalog(path, lang)
    except Exception as exc:  # babel raises several types for a malformed file
        return [f"{rel}: cannot parse: {exc}"]
    problems = []
    cldr = Catalog(locale=lang)
    if catalog.plural_forms != cldr.plural_forms:
        problems.append(f"{rel}: Plural-Forms {catalog.plural_forms!r}, CLDR says "
                        f"{cldr.plural_forms!r}")
    present = keys(catalog)
    for msgid, ctx in sorted(expected - present, key=str):
        problems.append(f"{rel}: missing message {msgid!r}" + (f" (context {ctx})" if ctx else ""))
    for message in catalog:
        if not message.id:
            continue
        label = f"{rel}: {_singular(message)!r}"
        if message.fuzzy:
            problems.append(f"{label} is fuzzy")
        if message in untranslated(catalog):
            problems.append(f"{label} is not translated")
        if message.pluralizable:
            forms = _strings(message.string)
            if len(forms) != cldr.num_plurals:
                problems.append(f"{label} has {len(forms)} plural forms, needs "
                                f"{cldr.num_plurals}")
        problems.extend(f"{label}: {p}" for p in placeholder_problems(message))
    for obsolete in catalog.obsolete.values():
        problems.append(f"{rel}: obsolete entry {_singular(obsolete)!r} kept: run "
                        "`make i18n-update`")
    problems.extend(pofilter_problems(path, lang, expected))
    problems.extend(msgfmt_problems(path))
    return problems


def check_all() -> list[str]:
    """Every problem found by ``check`` (empty list: all good)."""
    problems = []
    if not POT.exists():
        return [f"{_rel(POT)} is missing: run `make i18n-update`"]
    pot = read_catalog(POT)
    current = keys(extract_template())
    in_pot = keys(pot)
    for msgid, ctx in sorted(current - in_pot, key=str):
        problems.append(f"tilewise.pot lacks {msgid!r}" + (f" (context {ctx})" if ctx else "")
                        + ": run `make i18n-update`")
    for msgid, ctx in sorted(in_pot - current, key=str):
        problems.append(f"tilewise.pot has stale {msgid!r}" + (f" (context {ctx})" if ctx else "")
                        + ": run `make i18n-update`")
    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.exists():
            problems.append(f"{_rel(path)} is missing")
            continue
        problems.extend(check_catalog(path, lang, current))
    for path in sorted(LESSONS.glob("*/po/*.po")):
        try:
            read_catalog(path, path.stem)
        except Exception as exc:  # babel raises several types for a malformed file
            problems.append(f"{_rel(path)}: cannot parse: {exc}")
        problems.extend(msgfmt_problems(path))
    return problems


def cmd_check() -> int:
    problems = check_all()
    for line in problems:
        print(line)
    print("catalogs check: " + ("OK" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="catalogs.py", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    args = parser.parse_args(argv)
    commands = {"extract": cmd_extract, "update": cmd_update, "compile": cmd_compile,
                "check": cmd_check}
    return commands[args.command]()


if __name__ == "__main__":
    sys.exit(main())
