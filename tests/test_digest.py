"""tilewise.digest: SHA-256 as hashlib gives it, without mapping OpenSSL (issue 21, memory)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from tilewise.digest import sha256

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("data", [b"", b"abc", b"Ana/core/jokers/who\x1fb",
                                  bytes(range(256)) * 4099])
def test_the_digest_is_hashlibs(data: bytes) -> None:
    assert sha256(data).digest() == hashlib.sha256(data).digest()
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_the_known_answer_and_text_is_refused() -> None:
    assert sha256(b"abc").hexdigest() == (  # FIPS 180-4, example B.1
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    with pytest.raises(TypeError):
        sha256("abc")  # type: ignore[arg-type]


def test_lessons_and_catalogs_never_load_openssl() -> None:
    """The modules that hash (quiz order, deal codes and the wall, compiled catalogs) leave
    ``_hashlib`` (OpenSSL's libcrypto, ~3.5 MB resident) unloaded; the quiz imported
    hashlib before."""
    code = ("import sys\n"
            "import tilewise.lessons.quiz, tilewise.lessons.hand.dealcode, tilewise.i18n.compiled\n"
            "from tilewise.lessons.hand.dealcode import encode, shuffled_wall\n"
            "encode('wsm', 7); shuffled_wall('american', 7)\n"
            "print('_hashlib' in sys.modules, 'libcrypto' in open('/proc/self/maps').read()"
            " if sys.platform.startswith('linux') else False)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "desktop")}, timeout=60,
                          check=True)
    assert done.stdout.split() == ["False", "False"], done.stdout
