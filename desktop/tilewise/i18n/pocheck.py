"""Check one gettext catalog the way a translator's tools do: ``check_po(path, lang, ...)``.

One checker for every catalog Tilewise reads, the interface's (``i18n/catalogs.py check``) and
the lesson packs' (``tilewise pack check`` and ``tilewise pack install``, so the two never
disagree). The catalog is read with translate-toolkit (``translate.storage.pypo``, the reader
behind Weblate and ``pofilter``), never with a parser of our own, and each entry goes through
the translate-toolkit checks in :data:`ENFORCED` (the ``pofilter`` tests we keep; see
i18n/README.md "Checks" for the ones we looked at and why the others are left out).

Each finding names the file, the entry (``msgctxt | msgid``, shortened) and the problem, and
has a severity:

- ``error``: the catalog is wrong and must not be used as it is: it does not parse, an entry
  is given twice (GNU ``msgfmt -c`` refuses that too), a translation breaks a ``{placeholder}``,
  a tag, an escape or a line break, has the wrong number of plural forms, or translates a text
  that is no longer in the template (the English changed: run the update).
- ``incomplete``: the catalog works but a learner would see English: an entry is empty, fuzzy
  or missing, or an obsolete ``#~`` entry is kept. A broken placeholder, tag or plural count
  in a *fuzzy* entry is ``incomplete`` too: fuzzy entries are never used (gettext skips them).
- ``term``: a translation does not use the word of the term list (``terms/<lang>.tbx``) for a
  term its English uses, or uses a word the list forbids.

Counts for the table of ``pack check`` are in :class:`Stats`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

__all__ = [
    "ENFORCED",
    "CatalogResult",
    "Finding",
    "Key",
    "Severity",
    "Stats",
    "Term",
    "Entry",
    "catalog_entries",
    "catalog_keys",
    "check_po",
    "compile_mo",
    "entry_label",
    "read_terms",
    "refuse_nul",
    "where",
]

Severity = Literal["error", "incomplete", "term"]
#: (msgctxt or None, msgid): how an entry is known, in a template and in a catalog.
Key = tuple[str | None, str]

#: translate-toolkit (pofilter) checks that make a finding of severity ``error``.
ENFORCED: tuple[str, ...] = (
    "pythonbraceformat", "printf", "xmltags", "escapes", "newlines", "tabs",
    "doublespacing", "startwhitespace", "endwhitespace", "accelerators", "urls", "emails",
    "filepaths", "purepunc", "validchars",
)

_LABEL_CHARS = 60


@dataclass(frozen=True)
class Finding:
    """One problem: ``file`` (as given), ``entry`` (:func:`entry_label`, or ``line N`` /
    ``header`` for the file itself), ``problem`` (a sentence) and ``severity``."""

    file: str
    entry: str
    problem: str
    severity: Severity

    def __str__(self) -> str:
        return f"{self.file}: {self.entry}: {self.problem}"


@dataclass
class Stats:
    """Entry counts of one catalog against its template (``total`` = the template's size)."""

    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    missing: int = 0
    obsolete: int = 0
    stale: int = 0

    @property
    def percent(self) -> float:
        """Translated entries of the template, 0..100 (100 for an empty template)."""
        return 100.0 if self.total == 0 else 100.0 * self.translated / self.total


@dataclass
class CatalogResult:
    """What :func:`check_po` found: the counts and every finding, in file order."""

    stats: Stats = field(default_factory=Stats)
    findings: list[Finding] = field(default_factory=list)

    def of(self, severity: Severity) -> list[Finding]:
        """The findings of one severity."""
        return [f for f in self.findings if f.severity == severity]


@dataclass(frozen=True)
class Term:
    """One concept of a term list: English forms, accepted translations, forbidden ones."""

    source: tuple[str, ...]
    targets: tuple[str, ...]
    forbidden: tuple[str, ...] = ()
    note: str = ""


def entry_label(context: str | None, msgid: str) -> str:
    """``"tiles/suits | The three suits…"``: how findings name an entry."""
    text = " ".join(msgid.split())
    if len(text) > _LABEL_CHARS:
        text = text[: _LABEL_CHARS - 1] + "…"
    return f"{context} | {text!r}" if context else repr(text)


def _strings(value: Any) -> tuple[str, ...]:
    """A translate-toolkit multistring as its forms (one, or one per plural form)."""
    strings = getattr(value, "strings", None)
    if strings is not None:
        return tuple(str(s) for s in strings)
    return (str(value or ""),)


def _nplurals(store: Any) -> int | None:
    header = store.parseheader()
    match = re.search(r"nplurals\s*=\s*(\d+)", header.get("Plural-Forms", ""))
    return int(match.group(1)) if match else None


def _header_problems(store: Any) -> Iterator[str]:
    """The header as GNU gettext reads it: UTF-8, and a Plural-Forms it can evaluate."""
    import gettext

    header = store.parseheader()
    charset = re.search(r"charset=([^\s;]+)", header.get("Content-Type", "charset=UTF-8"))
    if charset is None or charset.group(1).lower().replace("-", "") != "utf8":
        yield "the header's Content-Type must say charset=UTF-8"
    plural = re.search(r"plural\s*=\s*([^;]*)", header.get("Plural-Forms", ""))
    if plural is not None:
        try:
            gettext.c2py(plural.group(1))
        except (ValueError, SyntaxError, RecursionError) as error:
            yield f"gettext cannot use the header's Plural-Forms: {error}"


class ReadError(ValueError):
    """A catalog that cannot be read; ``line`` (1-based) when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def line_of(error: ValueError) -> int | None:
    """The 1-based line a reading error knows or names, else None."""
    line = getattr(error, "line", None)
    if line is None:
        found = re.search(r"line (\d+)", str(error))
        line = int(found.group(1)) if found else None
    return int(line) if line else None


def where(error: ValueError) -> str:
    """``line N`` when a reading error knows or names its line, else ``file``."""
    line = line_of(error)
    return f"line {line}" if line else "file"


def _checker(lang: str, accelerators: str) -> Any:
    from translate.filters import checks
    from translate.filters.checks import config

    settings = config.CheckerConfig(targetlanguage=lang,
                                    accelmarkers=[accelerators] if accelerators else [])
    return checks.StandardChecker(checkerconfig=settings, limitfilters=list(ENFORCED))


def check_po(path: Path, lang: str, *, expected: Collection[Key] | None = None,
             terms: Iterable[Term] = (), name: str | None = None,
             accelerators: str = "") -> CatalogResult:
    """Check the catalog at ``path`` for language ``lang``.

    ``expected``: the template's keys (``(msgctxt, msgid)``); when given, an entry not in it is
    an ``error`` (stale: its English changed) and a key not in the catalog is ``incomplete``
    (missing), and :class:`Stats` counts against it. ``terms``: the term list to hold the
    translations to. ``name``: how findings name the file (default ``str(path)``).
    ``accelerators``: the interface's mnemonic marker (``"&"``), kept by a translation.
    Never raises for a bad catalog: an unreadable one is one ``error`` finding.
    """
    file = name or str(path)
    result = CatalogResult()
    try:
        store = _read(path)
    except ValueError as error:
        result.findings.append(Finding(file, where(error), str(error), "error"))
        result.stats.total = len(expected or ())
        result.stats.missing = result.stats.total
        return result
    found = result.findings
    found.extend(Finding(file, "header", problem, "error") for problem in _header_problems(store))
    nplurals = _nplurals(store)
    checker = _checker(lang, accelerators)
    term_list = list(terms)
    seen: set[Key] = set()
    obsolete: list[Key] = []
    for unit in store.units:
        if unit.isheader():
            continue
        key: Key = (unit.getcontext() or None, str(unit.source))
        label = entry_label(*key)
        if unit.isobsolete():
            result.stats.obsolete += 1
            obsolete.append(key)
            found.append(Finding(file, label, "obsolete entry (#~) kept: remove it (the update "
                                 "does)", "incomplete"))
            continue
        if key in seen:
            found.append(Finding(file, label, "given twice (GNU msgfmt refuses the file)",
                                 "error"))
            continue
        seen.add(key)
        if expected is not None and key not in expected:
            result.stats.stale += 1
            found.append(Finding(file, label, "its English is no longer in the template (it "
                                 "changed or was removed): run the update, which keeps this "
                                 "translation as fuzzy", "error"))
            continue
        forms = _strings(unit.target)
        if unit.isfuzzy():
            result.stats.fuzzy += 1
            found.append(Finding(file, label, "fuzzy (needs review; not shown to learners)",
                                 "incomplete"))
        elif not all(form.strip() for form in forms):
            result.stats.untranslated += 1
            found.append(Finding(file, label, "not translated", "incomplete"))
            continue
        else:
            result.stats.translated += 1
        # A fuzzy entry is never used (gettext and compile_mo leave it out), so what is wrong
        # in it is for the translator's review, not a reason to refuse the catalog.
        severity: Severity = "incomplete" if unit.isfuzzy() else "error"
        note = " (in a fuzzy entry, not used until reviewed)" if unit.isfuzzy() else ""
        if unit.hasplural() and nplurals is not None and len(forms) != nplurals:
            found.append(Finding(file, label, f"has {len(forms)} plural forms; the header "
                                 f"says {nplurals}{note}", severity))
        for test, message in sorted(checker.run_filters(unit).items()):
            found.append(Finding(file, label, f"{test}: {message}{note}", severity))
        found.extend(Finding(file, label, problem, "term")
                     for problem in _term_problems(term_list, _strings(unit.source), forms))
    found.extend(Finding(file, entry_label(*key), "an obsolete entry (#~) repeats this live "
                         "entry (GNU msgfmt refuses the file): remove it", "error")
                 for key in obsolete if key in seen)
    if expected is not None:
        result.stats.total = len(expected)
        missing = [key for key in expected if key not in seen]
        result.stats.missing = len(missing)
        found.extend(Finding(file, entry_label(*key), "missing: not in the catalog (run the "
                             "update)", "incomplete") for key in sorted(missing, key=str))
    else:
        result.stats.total = len(seen)
    return result


def _term_problems(terms: list[Term], sources: tuple[str, ...],
                   targets: tuple[str, ...]) -> Iterator[str]:
    source = " ".join(sources)
    target = " ".join(targets).casefold()
    for term in terms:
        if not any(_mentions(source, word) for word in term.source):
            continue
        shown = term.source[0]
        bad = [word for word in term.forbidden if word.casefold() in target]
        if bad:
            yield f"term {shown!r}: uses {bad[0]!r}, which the term list forbids"
        if term.targets and not any(word.casefold() in target for word in term.targets):
            yield f"term {shown!r}: the term list says {term.targets[0]!r}"


def _mentions(text: str, word: str) -> bool:
    """``word`` (or its English plural) occurs in ``text`` as a whole word, any case."""
    return re.search(rf"(?<!\w){re.escape(word)}(?:s|es)?(?!\w)", text, re.IGNORECASE) is not None


def read_terms(path: Path, lang: str) -> list[Term]:
    """The concepts of the TBX term list at ``path`` with their ``lang`` terms.

    Read with translate-toolkit's TBX reader (the one Weblate uses for glossaries). A term
    whose ``administrativeStatus`` is deprecated (Weblate: "forbidden translation") goes into
    :attr:`Term.forbidden`. Raises ``ValueError`` when the file cannot be read.
    """
    from translate.storage import tbx

    try:
        store = tbx.tbxfile(path.read_bytes())
    except Exception as error:  # noqa: BLE001 - lxml and the reader raise several types
        raise ValueError(f"not a TBX term list: {error}") from None
    out = []
    for unit in store.units:
        sources = tuple(t.text for t in unit.get_source_terms() if t.text)
        if not sources:
            continue
        targets = unit.get_target_terms(lang)
        out.append(Term(
            source=sources,
            targets=tuple(t.text for t in targets if t.text and not t.deprecated),
            forbidden=tuple(t.text for t in targets if t.text and t.deprecated),
            note="; ".join(n.text for n in unit.get_common_notes(source=True)),
        ))
    return out


def catalog_keys(path: Path) -> set[Key]:
    """The keys of the live (not obsolete) entries of the catalog or template at ``path``.
    Raises ``ValueError`` when it cannot be read."""
    return {(u.getcontext() or None, str(u.source)) for u in _read(path).units
            if not u.isheader() and not u.isobsolete()}


@dataclass(frozen=True)
class Entry:
    """One live entry of a catalog: ``state`` is ``translated``, ``fuzzy`` or ``untranslated``;
    ``text`` the translation as written (a fuzzy one too; plural forms joined by `` | ``)."""

    state: Literal["translated", "fuzzy", "untranslated"]
    text: str


def catalog_entries(path: Path) -> dict[Key, Entry]:
    """Every live entry of the catalog at ``path`` by key (translator's preview). Raises
    ``ValueError`` when it cannot be read."""
    out: dict[Key, Entry] = {}
    for unit in _read(path).units:
        if unit.isheader() or unit.isobsolete():
            continue
        forms = _strings(unit.target)
        text = " | ".join(forms)
        state: Literal["translated", "fuzzy", "untranslated"] = (
            "fuzzy" if unit.isfuzzy() and text.strip() else
            "translated" if all(f.strip() for f in forms) else "untranslated")
        out[unit.getcontext() or None, str(unit.source)] = Entry(state, text)
    return out


def refuse_nul(data: bytes) -> None:
    """Raise :class:`ReadError` (with its line) when ``data`` holds a NUL byte: a ``.mo`` uses
    NUL to separate strings, so no catalog may contain one. Cheap: no parsing."""
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise ReadError("a NUL byte is not allowed in a catalog", line)


def _read(path: Path) -> Any:
    from translate.storage import pypo

    data = path.read_bytes()
    refuse_nul(data)
    try:
        return pypo.pofile(data)
    except Exception as error:  # noqa: BLE001 - any failure to read
        raise ReadError(f"cannot be read: {error}") from None


def compile_mo(path: Path) -> bytes:
    """The GNU ``.mo`` of the catalog at ``path`` (translated, non-fuzzy entries and the header),
    by translate-toolkit's ``pocompile``. Raises ``ValueError`` when it cannot be read."""
    from translate.tools.pocompile import POCompile

    return bytes(POCompile.convertstore(_read(path), includefuzzy=False))  # type: ignore[no-untyped-call]
