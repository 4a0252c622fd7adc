"""Translated text of one lesson pack: ``PackCatalog(pack_dir, lang).text(context, msgid)``.

A pack's catalog is ``<pack>/po/<lang>.po``. It is read through
:func:`tilewise.i18n.compiled.translations`: the built ``po/<lang>.mo`` when it is at least as
new as the ``.po`` (a release ships only the ``.mo``), otherwise the ``.po`` compiled into the
cache folder, so a translator who saves the ``.po`` sees the change at the next start (or
``tilewise render``) without compiling by hand, and an older ``.mo`` is never used.
The context is ``"<lesson_id>/<step_id>"`` for step text, ``"<lesson_id>"`` for a lesson's title
and goal, and ``"pack"`` for the pack's own title and summary (the same contexts
``tilewise pack extract`` writes). The pseudo-locale ``qps`` lengthens the English as the
interface's does (:func:`tilewise.i18n.pseudo_translate`).
"""

from __future__ import annotations

import gettext
from pathlib import Path

from tilewise.i18n import PSEUDO_LANGUAGE
from tilewise.i18n.compiled import translations
from tilewise.i18n.pseudo import PseudoTranslations


class PackCatalog:
    """The ``lang`` translation of the pack in ``pack_dir``; English (the msgids) when that
    language has no catalog."""

    def __init__(self, pack_dir: Path, lang: str) -> None:
        self.pack_dir = Path(pack_dir)
        self.lang = lang
        self._translations: gettext.NullTranslations
        if lang == PSEUDO_LANGUAGE:
            self._translations = PseudoTranslations()
        else:
            self._translations = translations(self.pack_dir / "po" / f"{lang}.po")

    @property
    def translated(self) -> bool:
        """True when a catalog for this language was found (or the pseudo-locale is on)."""
        return type(self._translations) is not gettext.NullTranslations

    def text(self, context: str, msgid: str) -> str:
        """The translation of ``msgid`` in ``context``; ``msgid`` itself when untranslated."""
        if not msgid:
            return msgid
        return self._translations.pgettext(context, msgid)
