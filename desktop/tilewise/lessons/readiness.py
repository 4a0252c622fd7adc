"""How far each language is translated, for the language menu: ``language_readiness(...)``.

A learner who picks a language should never be surprised by English. So the language menu
offers a language as ready only when both the interface (``i18n/<lang>/LC_MESSAGES``) and the
lesson packs reach a set completeness (the ``language_threshold`` setting, 100% by default);
below it the menu shows the language as incomplete, with its percentage.

- Interface: the share of the template's messages (``i18n/tilewise.pot``) the catalog
  translates (fuzzy entries do not count). A release bundle ships no template and no ``.po``:
  there a catalog that exists counts as complete, because the build refuses an incomplete
  interface catalog (``make i18n-check``).
- Lessons: the share of all the packs' texts (every loaded pack's extracted messages,
  ``tilewise.lessons.catalogcheck.pack_keys``) the pack catalogs translate; a pack without
  that language counts as untranslated.

Both read catalogs through :func:`tilewise.i18n.compiled.translations`, so a ``.po`` saved a
moment ago counts, never an older ``.mo``. English, the source, is always complete.
"""

from __future__ import annotations

import gettext
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tilewise.i18n.compiled import translations
from tilewise.i18n.pocheck import Key, catalog_keys
from tilewise.lessons.catalogcheck import SOURCE_LANGUAGE, pack_keys
from tilewise.lessons.model import Pack

__all__ = ["DEFAULT_THRESHOLD", "Readiness", "language_readiness", "translated_share"]

#: Percent both the interface and the packs must reach for a language to be offered as ready.
DEFAULT_THRESHOLD = 100.0


@dataclass(frozen=True)
class Readiness:
    """One language: ``interface`` and ``lessons`` translated, in percent (0..100)."""

    code: str
    interface: float
    lessons: float

    @property
    def percent(self) -> float:
        """The lower of the two: what the learner can count on."""
        return min(self.interface, self.lessons)

    def ready(self, threshold: float = DEFAULT_THRESHOLD) -> bool:
        """True when both parts reach ``threshold`` percent."""
        return self.percent >= threshold


def _compiled_keys(catalog: gettext.NullTranslations) -> set[Key]:
    raw: dict[object, object] = getattr(catalog, "_catalog", {})
    out: set[Key] = set()
    for key, value in raw.items():
        text = key[0] if isinstance(key, tuple) else key
        if not isinstance(text, str) or not text or not value:
            continue
        context, sep, msgid = text.partition("\x04")
        out.add((context, msgid) if sep else (None, text))
    return out


def translated_share(po: Path, expected: Collection[Key]) -> float:
    """Percent of ``expected`` that the catalog ``po`` (or its ``.mo``) translates (0 for an
    empty ``expected``, which weighs nothing in :func:`language_readiness`)."""
    found = _compiled_keys(translations(po))
    return 100.0 * len(found & set(expected)) / max(1, len(expected))


def language_readiness(codes: Iterable[str], packs: Sequence[Pack],
                       interface_dir: Path) -> list[Readiness]:
    """:class:`Readiness` of each of ``codes``, in that order.

    ``interface_dir`` is the folder holding ``tilewise.pot`` and ``<lang>/LC_MESSAGES/``
    (``tilewise.store.paths.i18n_dir()``). Reads every catalog; for a menu, not a loop.
    """
    pot = interface_dir / "tilewise.pot"
    interface_keys = catalog_keys(pot) if pot.is_file() else None
    per_pack = [(Path(pack.path), pack_keys(pack)) for pack in packs]
    total = sum(len(keys) for _, keys in per_pack)
    out = []
    for code in codes:
        if code == SOURCE_LANGUAGE:
            out.append(Readiness(code, 100.0, 100.0))
            continue
        po = interface_dir / code / "LC_MESSAGES" / "tilewise.po"
        if interface_keys is not None:
            interface = translated_share(po, interface_keys)
        else:
            exists = po.is_file() or po.with_suffix(".mo").is_file()
            interface = 100.0 if exists else 0.0
        done = sum(translated_share(folder / "po" / f"{code}.po", keys) * len(keys) / 100
                   for folder, keys in per_pack)
        lessons = 100.0 if total == 0 else 100.0 * done / total
        out.append(Readiness(code, interface, lessons))
    return out
