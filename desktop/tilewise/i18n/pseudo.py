"""The pseudo-locale ``qps``: accented, about 40% longer text for finding clipped labels.

No catalog: every string is transformed on the fly. Named placeholders (``{name}``), Qt
mnemonics (``&``) and markup tags (``<b>``) are kept as they are, so formatting still works.
"""

from __future__ import annotations

import gettext
import re

PSEUDO_LANGUAGE = "qps"

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþʠŕšţûṽŵẋýžÀßÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# Placeholders, markup tags and HTML entities pass through untouched.
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-zA-Z]+;|&#\d+;)")
_PAD = "·~"
_GROWTH = 0.4
_PAD_WORD = 10  # characters of padding between two spaces


def pseudo_translate(text: str) -> str:
    """Return ``text`` accented and padded to about 140% of its length, in brackets.

    ``pseudo_translate("Pass {n} tiles")`` -> ``"[Þàšš {n} ţîĺéš·~·~·]"``. An empty string
    stays empty (gettext's header msgid).
    """
    if not text:
        return text
    parts = _KEEP.split(text)
    out = []
    visible = 0
    for index, part in enumerate(parts):
        if index % 2:  # a kept token
            out.append(part)
        else:
            out.append(part.translate(_ACCENTS))
            visible += len(part)
    pad_len = max(1, round(visible * _GROWTH) - 2)
    pad = (_PAD * (pad_len // len(_PAD) + 1))[:pad_len]
    # A long text's padding comes in words, as a real language's longer text would: one
    # unbreakable run of 40 characters would hold a wrapped paragraph wider than any screen.
    pad = " ".join(pad[i:i + _PAD_WORD] for i in range(0, len(pad), _PAD_WORD))
    return "[" + "".join(out) + pad + "]"


class PseudoTranslations(gettext.NullTranslations):
    """A translations object whose every lookup returns :func:`pseudo_translate` of the English."""

    def gettext(self, message: str) -> str:
        return pseudo_translate(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_translate(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo_translate(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_translate(msgid1 if n == 1 else msgid2)
