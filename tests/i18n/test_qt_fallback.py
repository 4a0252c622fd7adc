"""Qt standard buttons in languages Qt ships no catalogue for (INPUTS 15)."""

from __future__ import annotations

import pytest

from tilewise.i18n import set_language
from tilewise.i18n.qt_fallback import QT_CONTEXT, QT_SOURCE_TEXTS, translate_qt


def test_english_and_other_contexts_are_left_to_qt() -> None:
    assert translate_qt(QT_CONTEXT, "&Yes") is None
    set_language("hi")
    assert translate_qt("QFileDialog", "&Yes") is None
    assert translate_qt(QT_CONTEXT, "Not a Qt button") is None


def test_hindi_yes_no_keep_a_mnemonic() -> None:
    set_language("hi")
    assert translate_qt(QT_CONTEXT, "&Yes") == "हाँ (&Y)"
    assert translate_qt(QT_CONTEXT, "&No") == "नहीं (&N)"


@pytest.mark.parametrize("lang", ["es", "de", "hi"])
def test_every_standard_button_is_translated(lang: str) -> None:
    set_language(lang)
    texts = {source: translate_qt(QT_CONTEXT, source) for source in QT_SOURCE_TEXTS}
    assert all(texts.values())
    for source, text in texts.items():
        assert text is not None
        assert ("&" in source) == ("&" in text), (source, text)
    if lang != "de":  # German keeps "OK"
        assert texts["OK"] != "OK"
