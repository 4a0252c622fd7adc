"""``tilewise pack ...``: lesson pack tools for authors, translators and CI.

- ``tilewise pack check PATH [--strict] [--terms] [--verbose]``: validate the pack in folder PATH (schema,
  ids, prerequisites, tile codes and supply, assets, every task answer and wrong answer played
  through the rules core) and every catalog in ``PATH/po`` (``tilewise.lessons.catalogcheck``:
  completeness, fuzzy, obsolete and stale entries, placeholders, plural forms, the term list
  ``terms/<lang>.tbx``). Prints a table per language, then each finding as
  ``file: entry: problem``. Exit 1 for an error; with ``--strict`` also unless every language
  is complete (no untranslated, fuzzy, missing or obsolete entry); with ``--terms`` also where
  a translation does not use the term list's word. Unfinished entries that do not fail are
  one summary line; ``--verbose`` lists each.
- ``tilewise pack extract PATH [--out FILE]``: write the pack's gettext template (default
  ``PATH/po/<pack id>.pot``).
- ``tilewise pack update PATH``: extract the template and merge it into every
  ``po/<lang>.po``: translations are kept, a translation whose English changed is kept as
  fuzzy (with the old English beside it), entries no longer in the pack are dropped.
- ``tilewise pack new-language PATH LANG``: start ``po/<LANG>.po`` from the template (with the
  CLDR plural forms of LANG) and add LANG to ``languages`` in ``pack.toml``.
- ``tilewise pack install FILE.zip --into DIR [--builtin DIR] [--replace]``: install a zipped
  pack into ``DIR/<pack id>/`` after the same checks (``tilewise.lessons.packinstall``); the
  ids of the packs in ``--builtin`` are refused. The ``tilewise`` command fills in ``--into``
  (``data_dir()/packs``) and ``--builtin`` (the bundled lessons folder).

The findings are in English, the authors' language: these commands set no interface
language (the pack checker makes each line in the interface's language, ``tilewise.i18n``;
the app's problems box shows the same lines in the learner's).

``extract``, ``update`` and ``new-language`` need babel (``pip install 'tilewise[i18n]'``), a
tool for authors that the app itself never loads.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tilewise.i18n.pocheck import catalog_keys
from tilewise.lessons.catalogcheck import PackCatalogReport, check_pack_catalogs
from tilewise.lessons.model import Pack, PackError
from tilewise.lessons.pack import load_pack

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LANGUAGE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
_LANGUAGES_LINE = re.compile(r"^(\"?languages\"?\s*=\s*\[)([^\]\n]*)(\])", re.MULTILINE)
PO_WIDTH = 96  # as the shipped catalogs are wrapped


def main(argv: list[str]) -> int:
    """Run ``tilewise pack`` with ``argv``; return the exit code (0 ok, 1 problems, 2 usage)."""
    parser = argparse.ArgumentParser(prog="tilewise pack", description="Lesson pack tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a lesson pack and its translations")
    check.add_argument("path", type=Path)
    check.add_argument("--strict", action="store_true",
                       help="also fail unless every language is complete")
    check.add_argument("--terms", action="store_true",
                       help="also fail where a translation does not keep the term list")
    check.add_argument("--verbose", action="store_true",
                       help="also list each untranslated, fuzzy, missing or obsolete entry")
    extract = commands.add_parser("extract", help="write the pack's .pot template")
    extract.add_argument("path", type=Path)
    extract.add_argument("--out", type=Path, default=None)
    update = commands.add_parser("update", help="extract and merge into every language")
    update.add_argument("path", type=Path)
    new = commands.add_parser("new-language", help="start a translation into a new language")
    new.add_argument("path", type=Path)
    new.add_argument("lang", help="language code, e.g. mr (Marathi) or pt_BR")
    install = commands.add_parser("install", help="install a zipped lesson pack")
    install.add_argument("path", type=Path)
    install.add_argument("--into", type=Path, default=None,
                         help="the installed-packs folder (default: this learner's data "
                              "folder's packs, as the app reads them)")
    install.add_argument("--builtin", type=Path,
                         help="folder of built-in packs, whose ids are refused (default: the "
                              "app's own lessons)")
    install.add_argument("--replace", action="store_true", help="replace an installed pack")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "install":
        if args.into is None:  # only without the tilewise command, which always gives it
            print("pack install: --into FOLDER is needed", file=sys.stderr)
            return 2
        return _install(args.path, args.into, args.builtin, args.replace)
    if args.command == "new-language" and not LANGUAGE.match(args.lang):
        print(f"{args.lang!r} is not a language code (two or three lower-case letters, "
              "optionally _ and a region: mr, pt_BR)", file=sys.stderr)
        return 2
    try:
        pack = load_pack(args.path, check_moves=args.command == "check")
    except PackError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{args.path}: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    if args.command == "check":
        return _check(pack, args.path, args.strict, args.terms, args.verbose)
    if args.command == "extract":
        out = args.out or args.path / "po" / f"{pack.id}.pot"
        print(f"{out}: {len(_template(pack, out))} messages")
        return 0
    if args.command == "update":
        return _update(pack, args.path)
    return _new_language(pack, args.path, args.lang)


def _check(pack: Pack, path: Path, strict: bool, terms: bool, verbose: bool = False) -> int:
    steps = sum(len(lesson.steps) for lesson in pack.lessons)
    acting = sum(1 for lesson in pack.lessons for step in lesson.steps if step.acting)
    report = check_pack_catalogs(pack, path)
    findings = report.all_findings()
    fatal = {"error"} | ({"incomplete"} if strict else set()) | ({"term"} if terms else set())
    failing = [f for f in findings if f.severity in fatal]
    verdict = "OK" if not failing else f"{len(failing)} problem(s)"
    print(f"{path}: pack {pack.id} {pack.version}: {len(pack.lessons)} lessons, "
          f"{steps} steps, {acting} tasks and quizzes: {verdict}")
    print_table(report)
    # An unfinished language is one summary line (the table counts its entries) unless
    # --verbose or --strict asks for the list: a fresh language has one per entry.
    unfinished = [f for f in findings if f.severity == "incomplete" and f not in failing
                  and f.entry not in ("file", "header")]  # a whole file's note stays listed
    shown = [f for f in findings if (terms or f.severity != "term")
             and (verbose or f not in unfinished)]
    for finding in shown:
        tag = "" if finding.severity == "error" else f" [{finding.severity}]"
        print(f"{path}/{finding}{tag}", file=sys.stderr if finding in failing else sys.stdout)
    if unfinished and not verbose:
        print(f"{len(unfinished)} note(s) on unfinished entries (untranslated, fuzzy, missing "
              "or obsolete; the table counts them): an incomplete language still installs; "
              "add --verbose to list them")
    terms_left = sum(1 for f in findings if f.severity == "term" and not terms)
    if terms_left:
        print(f"{terms_left} translation(s) do not use the term list's words "
              "(terms/<lang>.tbx): add --terms to list them")
    return 1 if failing else 0


def print_table(report: PackCatalogReport) -> None:
    """One line per language: translated of total (percent) and the count of each finding."""
    head = ("language", "translated", "fuzzy", "untranslated", "missing", "obsolete", "stale",
            "errors", "terms")
    rows = [head]
    for lang, result in report.languages.items():
        s = result.stats
        rows.append((lang, f"{s.translated}/{s.total} {s.percent:.0f}%", str(s.fuzzy),
                     str(s.untranslated), str(s.missing), str(s.obsolete), str(s.stale),
                     str(len(result.of("error"))), str(len(result.of("term")))))
    if len(rows) == 1:
        print("  no translations (po/<lang>.po): English only")
        return
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths,
                                                                        strict=True)).rstrip())


def _template(pack: Pack, out: Path) -> Catalog:
    from tilewise.lessons.extract import template, write_template

    write_template(pack, out)
    return template(pack)


def _read(path: Path, lang: str) -> Catalog:
    """Read a catalog with babel, which takes a ``#| msgid`` (the old English of a fuzzy entry)
    for a translator comment: put it back as the entry's previous msgid."""
    from babel.messages.pofile import denormalize, read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, abort_invalid=True)
    for message in catalog:
        previous = [c[1:].strip() for c in message.user_comments if c.startswith("|")]
        if previous:
            message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
            lines = [line.removeprefix("msgid").strip() for line in previous
                     if not line.startswith(("msgctxt", "msgid_plural"))]
            message.previous_id = [denormalize("\n".join(lines))]
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    from tilewise.lessons.extract import write_catalog

    write_catalog(path, catalog, width=PO_WIDTH)


def _update(pack: Pack, path: Path) -> int:
    template = _template(pack, path / "po" / f"{pack.id}.pot")
    status = 0
    for po in sorted((path / "po").glob("*.po")):
        try:
            catalog_keys(po)  # translate-toolkit's strict reading: babel's skips some damage
            catalog = _read(po, po.stem)
        except Exception as error:  # noqa: BLE001 - babel raises several types for a bad file
            print(f"{po}: cannot be read, not updated: {error}", file=sys.stderr)
            status = 1
            continue
        previous = {(str(m.id), m.context): str(m.previous_id[0]) for m in catalog
                    if m.id and m.fuzzy and m.previous_id}
        previous.update(_carry_over(catalog, template))
        catalog.update(template, update_creation_date=False)
        for message in catalog:  # babel's merge forgets the old English of a kept fuzzy entry
            old = previous.get((str(message.id), message.context))
            if message.fuzzy and old is not None and not message.previous_id:
                message.previous_id = [old]
        _write(po, catalog)
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        empty = sum(1 for m in catalog if m.id and not m.string)
        print(f"{po}: {len(template)} messages, {fuzzy} fuzzy, {empty} untranslated")
    return status


def _carry_over(catalog: Catalog, template: Catalog) -> dict[tuple[str, str | None], str]:
    """Before babel's merge: a text whose English changed keeps its own translation, as fuzzy.

    A pack's context is its lesson and step, so the old English of a changed text is in the
    catalog under the same context. Each new text of a context takes the most similar old
    translation of that context (babel alone would match across the whole catalog and could
    give a step another step's words). Returns ``{(new msgid, context): old msgid}``.
    """
    from difflib import SequenceMatcher

    wanted = {(m.id, m.context) for m in template if m.id}
    carried: dict[tuple[str, str | None], str] = {}
    gone: dict[str | None, list[tuple[str, str]]] = {}
    for message in catalog:
        if message.id and message.string and (message.id, message.context) not in wanted:
            gone.setdefault(message.context, []).append((str(message.id), str(message.string)))
    for message in template:
        old = gone.get(message.context)
        if not message.id or not old or catalog.get(message.id, message.context) is not None:
            continue
        msgid = str(message.id)
        best = max(old, key=lambda pair: SequenceMatcher(None, pair[0], msgid).ratio())
        old.remove(best)
        catalog.delete(best[0], message.context)
        catalog.add(msgid, best[1], context=message.context, flags=["fuzzy"])
        carried[msgid, message.context] = best[0]
    return carried


def _new_language(pack: Pack, path: Path, lang: str) -> int:
    from babel import Locale, UnknownLocaleError
    from babel.messages.catalog import Catalog

    po = path / "po" / f"{lang}.po"
    if po.exists():
        print(f"{po} already exists: run `tilewise pack update {path}` to refresh it",
              file=sys.stderr)
        return 1
    try:
        name = Locale.parse(lang).get_display_name("en")
    except (UnknownLocaleError, ValueError):
        print(f"{lang!r}: babel (CLDR) does not know this language", file=sys.stderr)
        return 1
    template = _template(pack, path / "po" / f"{pack.id}.pot")
    catalog = Catalog(locale=lang, project=f"Tilewise lesson pack {pack.id}",
                      version=pack.version, copyright_holder=", ".join(pack.authors),
                      fuzzy=False)
    catalog.language_team = f"{name} <tilewise-translators>"
    catalog.update(template, update_creation_date=False)
    _write(po, catalog)
    manifest = path / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    match = _LANGUAGES_LINE.search(text)
    if lang in pack.languages:
        listed = "already listed in pack.toml"
    elif match is None:
        listed = f"add \"{lang}\" to `languages` in {manifest} by hand"
    else:
        items = match.group(2).rstrip().rstrip(",")
        joined = f"{items}, \"{lang}\"" if items.strip() else f"\"{lang}\""
        manifest.write_text(text[:match.start(2)] + joined + text[match.end(2):],
                            encoding="utf-8")
        listed = "added to `languages` in pack.toml"
    print(f"{po}: {name}, {len(template)} messages to translate; {lang} {listed}")
    return 0


def _install(archive: Path, into: Path, builtin: Path | None, replace: bool) -> int:
    from tilewise.lessons.packinstall import PackInstallError, install_pack

    reserved = {p.parent.name for p in builtin.glob("*/pack.toml")} if builtin else set()
    try:
        target = install_pack(archive, into, replace=replace, reserved=reserved | {"core"})
    except PackInstallError as exc:
        for problem in exc.problems:
            print(f"{archive.name}: {problem}", file=sys.stderr)
        print(f"{archive}: refused, nothing installed ({len(exc.problems)} problem(s))",
              file=sys.stderr)
        return 1
    except OSError as exc:  # disk full, no permission, a second install of the same pack
        print(f"{archive}: not installed: {exc}", file=sys.stderr)
        return 1
    print(f"{archive}: installed as {target}")
    return 0
