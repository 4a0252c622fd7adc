"""The OpenPGP key that signs Tilewise releases, as a learner or a school's IT volunteer sees it.

``FINGERPRINT`` is the full fingerprint (40 hex digits) of the release key: it signs every
``.deb``, ``SHA256SUMS`` and the apt repository's ``InRelease``. The key file itself
(``packaging/keys/tilewise-release.asc``) comes with the download; this fingerprint travels by
other channels, so that a swapped key can be noticed: the About dialog of an installed copy,
the project's README (on the source host) and the AppStream metadata (software centres).
``packaging/VERIFY.md`` says how to compare them. ``None`` while no release key is published
(the key file is a placeholder); ``packaging/build.py set-release-key KEY.asc`` writes the key
file, this value, the README line and the AppStream value together, and
``tests/packaging/test_release_key.py`` checks that all four agree.

Pure Python, no Qt: the gui shows it, packaging/build.py loads this file by path.
"""

from __future__ import annotations

FINGERPRINT: str | None = None


def grouped(fingerprint: str) -> str:
    """``fingerprint`` in groups of four hex digits, as ``gpg --fingerprint`` prints it.

    ``"0123456789ABCDEF0123456789ABCDEF01234567"`` ->
    ``"0123 4567 89AB CDEF 0123  4567 89AB CDEF 0123 4567"`` (upper case; the double space
    halves a 40-digit fingerprint). Spaces already in ``fingerprint`` are ignored.
    """
    digits = fingerprint.replace(" ", "").upper()
    groups = [digits[i:i + 4] for i in range(0, len(digits), 4)]
    if len(groups) == 10:
        return " ".join(groups[:5]) + "  " + " ".join(groups[5:])
    return " ".join(groups)
