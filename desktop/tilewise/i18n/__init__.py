"""The gettext runtime: domains, ``_``/``ngettext``/``pgettext``/``N_``, the language table.

Standard library ``gettext`` at run time; babel is used only by the build-time catalog tool
(``i18n/catalogs.py``). Catalogs: ``<i18n_dir()>/<lang>/LC_MESSAGES/tilewise.po``, read through
:mod:`tilewise.i18n.compiled` (its ``.mo`` when that is up to date, else compiled into the cache
folder), so a changed ``.po`` is never shadowed by an older ``.mo``.

Rules for callers (ARCHITECTURE, house rules 5 and 6):

- Named placeholders only, filled by keyword: ``_("Pass {count} tiles", count=3)`` is not the
  plural form; use ``ngettext("Pass {n} tile", "Pass {n} tiles", n)``, which always supplies
  ``n`` (and any other keyword) to ``str.format``. ``_`` and ``pgettext`` format only when
  keywords are given, so a literal ``{`` in an unformatted message is safe.
- Text defined at import time is marked with ``N_()`` and translated where it is shown.
- After :func:`set_language` every listener registered with :func:`add_listener` is called
  with no arguments, in registration order (widgets call their ``retranslate()`` there).
"""

from __future__ import annotations

import gettext
import locale
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from tilewise.i18n.pseudo import PSEUDO_LANGUAGE, PseudoTranslations, pseudo_translate

if TYPE_CHECKING:
    from pathlib import Path

DOMAIN = "tilewise"
SOURCE_LANGUAGE = "en"

#: Shipped languages: code -> the language's own name (shown in the language menu untranslated).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "de": "Deutsch",
    "hi": "हिन्दी",
}

#: Languages written right to left (primary subtags). None of the shipped ones is, yet.
RTL_LANGUAGES = frozenset({"ar", "arc", "dv", "fa", "ha", "he", "khw", "ks", "ku", "ps", "ur", "yi"})

# Windows reports locale names in English ("German_Germany"); map the ones we ship.
_WINDOWS_NAMES = {"english": "en", "spanish": "es", "german": "de", "hindi": "hi"}

Listener = Callable[[], object]

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "PSEUDO_LANGUAGE",
    "SOURCE_LANGUAGE",
    "_",
    "add_listener",
    "current_language",
    "ngettext",
    "normalize_language",
    "npgettext",
    "pgettext",
    "pseudo_translate",
    "remove_listener",
    "set_language",
    "system_language",
    "text_direction",
]

_lock = threading.RLock()
_language = SOURCE_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Listener] = []


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark ``message`` for extraction without translating it (import-time text)."""
    return message


def _(message: str, /, **fields: object) -> str:
    """Translate ``message`` into the current language; format ``{name}`` fields if given."""
    text = _translations.gettext(message)
    return text.format(**fields) if fields else text


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """Translate a message with plural forms for count ``n`` (CLDR rules of the catalog).

    The result is always formatted with ``n=n`` plus ``fields``: ``{n}`` is the count.
    """
    return _translations.ngettext(singular, plural, n).format(n=n, **fields)


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """Translate ``message`` in ``context`` (disambiguates equal English words)."""
    text = _translations.pgettext(context, message)
    return text.format(**fields) if fields else text


def npgettext(context: str, singular: str, plural: str, n: int, /, **fields: object) -> str:
    """:func:`ngettext` with a context; the result is formatted with ``n=n`` plus ``fields``."""
    return _translations.npgettext(context, singular, plural, n).format(n=n, **fields)


def normalize_language(code: str) -> str | None:
    """Map a locale-ish code to a shipped language code, or None.

    ``"de_DE.UTF-8"`` -> ``"de"``, ``"es-419"`` -> ``"es"``, ``"qps"`` -> ``"qps"``,
    ``"German_Germany.1252"`` -> ``"de"``, ``"fr_FR"`` -> None.
    """
    raw = code.strip()
    if not raw:
        return None
    base = raw.split(".")[0].split("@")[0].replace("-", "_")
    primary = base.split("_")[0].lower()
    if primary == PSEUDO_LANGUAGE or primary in LANGUAGES:
        return primary
    return _WINDOWS_NAMES.get(primary)


def i18n_dir() -> Path:
    """The interface's catalogs folder (``tilewise.store.paths.i18n_dir``), its module
    imported on first use: a pack check in English reads no catalog, and no longer imports
    the store's paths (platformdirs, logging, tempfile: about 7 ms of CPU of a cold pack
    check, issue 21)."""
    from tilewise.store.paths import i18n_dir as folder

    return folder()


def _load(code: str) -> gettext.NullTranslations:
    if code == PSEUDO_LANGUAGE:
        return PseudoTranslations()
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from tilewise.i18n.compiled import translations

    return translations(i18n_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po")


def set_language(code: str) -> None:
    """Switch every later ``_()`` call to language ``code``, then notify the listeners.

    ``code`` is a key of :data:`LANGUAGES` or ``"qps"`` (or anything :func:`normalize_language`
    maps to one). A missing or broken catalog falls back to English without error; a ``.po``
    newer than its ``.mo`` is compiled first (:mod:`tilewise.i18n.compiled`). Raises ValueError for a language Tilewise does not ship. Listeners are
    called on every call, even when the language is unchanged; if any raise, the rest still
    run and the first exception is re-raised afterwards.
    """
    global _language, _translations
    normal = normalize_language(code)
    if normal is None:
        raise ValueError(f"unsupported language {code!r}; known: {sorted(LANGUAGES)} and 'qps'")
    with _lock:
        _translations = _load(normal)
        _language = normal
        listeners = list(_listeners)
    first_error: BaseException | None = None
    for listener in listeners:
        try:
            listener()
        except Exception as exc:  # noqa: BLE001 - re-raised below after every listener ran
            if first_error is None:
                first_error = exc
    if first_error is not None:
        raise first_error


def current_language() -> str:
    """The code passed (normalised) to the last :func:`set_language`; ``"en"`` at start."""
    return _language


def add_listener(listener: Listener) -> None:
    """Call ``listener()`` (no arguments) after each language switch. Added once only."""
    with _lock:
        if listener not in _listeners:
            _listeners.append(listener)


def remove_listener(listener: Listener) -> None:
    """Stop notifying ``listener``; removing one that is not registered does nothing."""
    with _lock:
        if listener in _listeners:
            _listeners.remove(listener)


def system_language() -> str:
    """The learner's language from the environment, if Tilewise ships it; else ``"en"``.

    Looks at ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the
    process locale (``locale.getlocale()``). Never returns the pseudo-locale.
    """
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        candidates.extend(part for part in value.split(":") if part)
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    if loc:
        candidates.append(loc)
    for candidate in candidates:
        if candidate in ("C", "POSIX"):
            continue
        normal = normalize_language(candidate)
        if normal is not None and normal != PSEUDO_LANGUAGE:
            return normal
    return SOURCE_LANGUAGE


def text_direction(code: str) -> str:
    """``"rtl"`` for a right-to-left language code (any region suffix), else ``"ltr"``."""
    primary = code.replace("-", "_").split("_")[0].lower()
    return "rtl" if primary in RTL_LANGUAGES else "ltr"
