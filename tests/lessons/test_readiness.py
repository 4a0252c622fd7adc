"""A half-translated language is never offered as complete (``tilewise.lessons.readiness``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lessons.conftest import WritePack
from tests.lessons.test_translation_workflow import SPANISH, fill, start
from tilewise.lessons.pack import clear_cache, load_pack
from tilewise.lessons.readiness import DEFAULT_THRESHOLD, Readiness, language_readiness

ROOT = Path(__file__).resolve().parents[2]

HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_HOME", str(tmp_path / "home"))
    clear_cache()


def interface(folder: Path, catalogs: dict[str, dict[str, str]], *, template: bool = True) -> Path:
    """An ``i18n`` folder: a template of four messages and a catalog per language."""
    messages = ("Settings", "Library", "Next", "Back")
    if template:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "tilewise.pot").write_text(
            HEADER + "".join(f'msgid "{m}"\nmsgstr ""\n\n' for m in messages), encoding="utf-8")
    for lang, texts in catalogs.items():
        po = folder / lang / "LC_MESSAGES" / "tilewise.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_text(HEADER + "".join(f'msgid "{m}"\nmsgstr "{texts.get(m, "")}"\n\n'
                                       for m in messages), encoding="utf-8")
    return folder


FULL = {"Settings": "Ajustes", "Library": "Biblioteca", "Next": "Siguiente", "Back": "Atrás"}


def test_a_complete_language_is_ready_and_english_always(write_pack: WritePack,
                                                         tmp_path: Path) -> None:
    folder = start(write_pack)
    fill(folder / "po" / "es.po", SPANISH, everything="Texto.")
    ui = interface(tmp_path / "i18n", {"es": FULL})
    en, es = language_readiness(["en", "es"], [load_pack(folder, check_moves=False)], ui)
    assert en == Readiness("en", 100.0, 100.0) and en.ready()
    assert es == Readiness("es", 100.0, 100.0) and es.ready(DEFAULT_THRESHOLD)


def test_a_half_translated_language_is_not_offered_as_complete(write_pack: WritePack,
                                                               tmp_path: Path) -> None:
    folder = start(write_pack)
    fill(folder / "po" / "es.po", SPANISH)  # 5 of the pack's texts only
    ui = interface(tmp_path / "i18n", {"es": {"Settings": "Ajustes", "Next": "Siguiente"},
                                       "de": FULL})
    pack = load_pack(folder, check_moves=False)
    es, de = language_readiness(["es", "de"], [pack], ui)
    assert es.interface == 50.0 and 0 < es.lessons < 50 and es.percent == es.lessons
    assert not es.ready() and es.ready(threshold=es.lessons) and not es.ready(es.lessons + 1)
    assert de.interface == 100.0 and de.lessons == 0.0 and not de.ready(1)  # no pack catalog


def test_fuzzy_entries_do_not_count_and_a_saved_po_counts_at_once(write_pack: WritePack,
                                                                  tmp_path: Path) -> None:
    folder = start(write_pack)
    po = folder / "po" / "es.po"
    fill(po, SPANISH, everything="Texto.")
    ui = interface(tmp_path / "i18n", {"es": FULL})
    pack = load_pack(folder, check_moves=False)
    assert language_readiness(["es"], [pack], ui)[0].ready()
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgctxt "one/pass"\nmsgid "Pass right."',
                               '#, fuzzy\nmsgctxt "one/pass"\nmsgid "Pass right."'),
                  encoding="utf-8")
    assert not language_readiness(["es"], [pack], ui)[0].ready()


def test_a_release_bundle_without_templates_counts_shipped_interface_catalogs(
        tmp_path: Path) -> None:
    ui = interface(tmp_path / "i18n", {"es": FULL}, template=False)
    es, hi = language_readiness(["es", "hi"], [], ui)
    assert es == Readiness("es", 100.0, 100.0)  # no packs: nothing to translate there
    assert hi.interface == 0.0 and not hi.ready()


def test_the_shipped_languages_are_complete() -> None:
    pack = load_pack(ROOT / "lessons" / "core", check_moves=False)
    found = language_readiness(["en", "es", "de", "hi"], [pack], ROOT / "i18n")
    assert [r.code for r in found if r.ready()] == ["en", "es", "de", "hi"], found
