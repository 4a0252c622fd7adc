"""A lesson pack's translations, checked: ``check_pack_catalogs(pack)``.

``tilewise pack check`` and ``tilewise pack install`` both call this, so a pack that one
accepts the other accepts too. For each ``po/<lang>.po`` (and each language ``pack.toml``
lists), :func:`tilewise.i18n.pocheck.check_po` compares the catalog with a fresh extraction of
the pack's text (``tilewise.lessons.extract.messages``, not the committed ``.pot``) and holds it
to the pack's term list ``terms/<lang>.tbx`` when there is one. The template ``po/<id>.pot``
must match that extraction too.

Severities (``Finding.severity``): ``error`` refuses an install and fails ``pack check``;
``incomplete`` and ``term`` are shown in the table, and fail ``pack check --strict`` only (a
half-translated language still installs; the app shows it as incomplete).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tilewise.i18n.pocheck import (
    CatalogResult,
    Finding,
    Key,
    Term,
    catalog_keys,
    check_po,
    read_terms,
    where,
)
from tilewise.lessons.extract import messages
from tilewise.lessons.model import Pack

__all__ = ["PackCatalogReport", "check_pack_catalogs", "pack_keys", "term_list_path"]

SOURCE_LANGUAGE = "en"


@dataclass
class PackCatalogReport:
    """Per language (sorted by code) the catalog's result; ``findings`` about the pack's
    files as a whole (the template, a term list that cannot be read)."""

    languages: dict[str, CatalogResult] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def all_findings(self) -> list[Finding]:
        """Every finding: the pack's own, then each language's in code order."""
        out = list(self.findings)
        for result in self.languages.values():
            out.extend(result.findings)
        return out

    @property
    def errors(self) -> list[Finding]:
        """The findings that refuse an install."""
        return [f for f in self.all_findings() if f.severity == "error"]


def pack_keys(pack: Pack) -> frozenset[Key]:
    """(msgctxt, msgid) of every text of ``pack``, freshly extracted."""
    return frozenset((m.context, m.msgid) for m in messages(pack))


def term_list_path(root: Path, lang: str) -> Path:
    """``<pack>/terms/<lang>.tbx``: the pack's term list for ``lang`` (English source)."""
    return root / "terms" / f"{lang}.tbx"


def check_pack_catalogs(pack: Pack, root: Path | None = None) -> PackCatalogReport:
    """Check every catalog of ``pack`` (folder ``root``, default ``pack.path``).

    Findings name files relative to the pack folder (``po/es.po``). Never raises for a bad
    catalog or term list: each is a finding.
    """
    root = Path(pack.path) if root is None else Path(root)
    report = PackCatalogReport()
    expected = pack_keys(pack)
    pot = root / "po" / f"{pack.id}.pot"
    if pot.is_file():
        try:
            differ = len(catalog_keys(pot) ^ expected)
        except ValueError as error:
            report.findings.append(Finding(f"po/{pot.name}", where(error), str(error), "error"))
        else:
            if differ:
                report.findings.append(Finding(
                    f"po/{pot.name}", "file", f"out of date ({differ} texts differ from the "
                    "pack's): run `tilewise pack update`", "error"))
    listed = {lang for lang in pack.languages if lang != SOURCE_LANGUAGE}
    present = {path.stem for path in (root / "po").glob("*.po")}
    for lang in sorted(listed | present):
        po = root / "po" / f"{lang}.po"
        name = f"po/{lang}.po"
        terms = _terms(root, lang, report)
        if lang not in present:
            result = CatalogResult()
            result.stats.total = result.stats.missing = len(expected)
            result.findings.append(Finding(name, "file", "pack.toml lists this language but "
                                           "there is no catalog: run `tilewise pack "
                                           f"new-language {root} {lang}`", "incomplete"))
        else:
            result = check_po(po, lang, expected=expected, terms=terms, name=name)
            if lang not in listed:
                result.findings.append(Finding(name, "file", "pack.toml does not list this "
                                               "language in `languages`", "incomplete"))
        report.languages[lang] = result
    return report


def _terms(root: Path, lang: str, report: PackCatalogReport) -> list[Term]:
    path = term_list_path(root, lang)
    if not path.is_file():
        return []
    try:
        return read_terms(path, lang)
    except ValueError as error:
        report.findings.append(Finding(f"terms/{path.name}", "file", str(error), "error"))
        return []
