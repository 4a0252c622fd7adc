"""Debian's package checker on the .deb: nothing but the tags packaging/lintian-overrides explains.

The release build itself runs lintian (errors, warnings and information tags) on the real .deb
and fails on any tag no override explains or any override that matches nothing; the slow test
reads that verdict from the session's one build (conftest.release_build) instead of paying for
a second lintian run (about 50 s). The fast tests check that the gate can fail at all (a small
.deb with known faults) and that every override is explained.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import PACKAGING, ReleaseBuild, tiny_deb

OVERRIDES = PACKAGING / "lintian-overrides"


def test_every_override_is_explained() -> None:
    """Each override line follows a comment that says why (no bare, unexplained override)."""
    lines = OVERRIDES.read_text().splitlines()
    overrides = [n for n, line in enumerate(lines) if line.startswith("tilewise: ")]
    assert overrides
    for n in overrides:
        before = n - 1
        while before >= 0 and lines[before].startswith("tilewise: "):
            before -= 1
        assert before >= 0 and lines[before].startswith("# "), lines[n]
    assert all(ln.startswith(("#", "tilewise: ")) or not ln.strip() for ln in lines)
    assert not [ln for ln in lines if ln.startswith("tilewise: ") and "opt/tilewise" not in ln
                and "[" in ln], "every override with a path stays inside /opt/tilewise"


@pytest.mark.slow
def test_lintian_gate_reports_tags_on_a_faulty_package(build: ModuleType, tmp_path: Path) -> None:
    if shutil.which("lintian") is None:
        pytest.skip("lintian is not installed (bash packaging/release-deps.sh)")
    deb = tiny_deb(tmp_path)
    tags = " ".join(build.lintian_problems(deb))
    for tag in ("no-copyright-file", "no-changelog", "dir-or-file-in-opt",
                "no-md5sums-control-file"):
        assert tag in tags, tags


@pytest.mark.slow
def test_release_build_is_lintian_clean(release_build: ReleaseBuild) -> None:
    assert "lintian: clean" in release_build.output, release_build.output[-3000:]
    deb = next(release_build.out.glob("tilewise_*.deb"))
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    assert "./usr/share/lintian/overrides/tilewise" in listing
    shipped = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], capture_output=True,
                             check=True).stdout
    assert OVERRIDES.read_bytes() in shipped  # the file that was checked is the one shipped
