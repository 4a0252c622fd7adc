"""Translated text of one lesson pack: ``PackCatalog(pack_dir, lang).text(context, msgid)``.

Catalogs are ``lessons/<pack>/po/<lang>.mo`` (compiled from ``<lang>.po`` at build time, not
committed), read with the standard library's gettext. The context is ``"<lesson_id>/<step_id>"``
for step text, ``"<lesson_id>"`` for a lesson's title and goal, and ``"pack"`` for the pack's
own title and summary (the same contexts ``tilewise pack extract`` writes).
"""

from __future__ import annotations

import gettext
from pathlib import Path


class PackCatalog:
    """The ``lang`` translation of the pack in ``pack_dir``; English (the msgids) when that
    language has no compiled catalog."""

    def __init__(self, pack_dir: Path, lang: str) -> None:
        self.pack_dir = Path(pack_dir)
        self.lang = lang
        mo = self.pack_dir / "po" / f"{lang}.mo"
        self._translations: gettext.NullTranslations
        if mo.is_file():
            with mo.open("rb") as handle:
                self._translations = gettext.GNUTranslations(handle)
        else:
            self._translations = gettext.NullTranslations()

    @property
    def translated(self) -> bool:
        """True when a compiled catalog for this language was found."""
        return isinstance(self._translations, gettext.GNUTranslations)

    def text(self, context: str, msgid: str) -> str:
        """The translation of ``msgid`` in ``context``; ``msgid`` itself when untranslated."""
        if not msgid:
            return msgid
        return self._translations.pgettext(context, msgid)
