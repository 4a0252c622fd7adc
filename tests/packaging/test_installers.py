"""The .deb and .tar.xz layouts, built fast from a fake one-folder bundle (a shell script).

The real bundle is covered by test_release.py (slow); here the installer steps of build.py run
on a stand-in so that their layout, the /usr/bin link and install.sh are checked on every
`make test`. Desktop-file validation is tested in test_bundle.py and stubbed out here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture()
def fake_bundle(tmp_path: Path) -> Path:
    app = tmp_path / "bundle" / "tilewise"
    (app / "_internal" / "resources").mkdir(parents=True)
    exe = app / "tilewise"
    exe.write_text('#!/bin/sh\necho "fake tilewise $*"\n')
    exe.chmod(0o755)
    return app


@pytest.fixture()
def no_validation(build: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "validate_desktop_files", lambda share: None)


def test_deb_layout_and_control(build: ModuleType, fake_bundle: Path, tmp_path: Path,
                                no_validation: None) -> None:
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not installed")
    version = build.bundle.project_metadata().version  # CHANGELOG.md must cover it
    meta = build.bundle.Metadata("tilewise", version, "A test build.")
    deb = build.build_deb(fake_bundle, meta, tmp_path, tmp_path / "work")
    assert deb.name == f"tilewise_{version}_{build.deb_arch()}.deb"
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    assert "./usr/bin/tilewise -> /opt/tilewise/tilewise" in listing
    for path in ("./opt/tilewise/tilewise", "./usr/share/doc/tilewise/copyright",
                 "./usr/share/doc/tilewise/changelog.gz", "./usr/share/man/man1/tilewise.1.gz",
                 "./usr/share/lintian/overrides/tilewise",
                 "./usr/share/applications/org.tilewise.Tilewise.desktop",
                 "./usr/share/metainfo/org.tilewise.Tilewise.metainfo.xml",
                 "./usr/share/icons/hicolor/48x48/apps/org.tilewise.Tilewise.png"):
        assert path in listing, path
    assert "root/root" in listing.splitlines()[0]
    control = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    assert f"Version: {version}" in control and "Section: education" in control
    md5sums = subprocess.run(["dpkg-deb", "--info", str(deb), "md5sums"], capture_output=True,
                             text=True, check=True).stdout
    assert "  opt/tilewise/tilewise\n" in md5sums
    assert "usr/share/man/man1/tilewise.1.gz" in md5sums
    assert f"libc6 (>= {build.glibc_floor()})" in control and "libxcb-cursor0" in control


def test_portable_install_and_uninstall(build: ModuleType, fake_bundle: Path, tmp_path: Path,
                                        no_validation: None) -> None:
    meta = build.bundle.Metadata("tilewise", "1.2.3", "A test build.")
    tarball = build.build_tarball(fake_bundle, meta, tmp_path, tmp_path / "work")
    assert tarball.name.startswith("tilewise-1.2.3-linux-") and tarball.name.endswith(".tar.xz")
    with tarfile.open(tarball) as tar:
        names = tar.getnames()
        assert all(m.uid == 0 and m.gid == 0 for m in tar.getmembers())
        tar.extractall(tmp_path / "unpacked", filter="tar")
    top = names[0].split("/")[0]
    assert f"{top}/install.sh" in names and f"{top}/tilewise/tilewise" in names
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    install = tmp_path / "unpacked" / top / "install.sh"
    subprocess.run(["sh", str(install)], env=env, check=True, capture_output=True)
    app = home / ".local/bin/tilewise"
    assert subprocess.run([str(app), "--x"], capture_output=True, text=True,
                          check=True).stdout == "fake tilewise --x\n"
    desktop = home / ".local/share/applications/org.tilewise.Tilewise.desktop"
    assert f"Exec={home}/.local/opt/tilewise/tilewise\n" in desktop.read_text()
    icons = home / ".local/share/icons/hicolor"
    assert (icons / "scalable/apps/org.tilewise.Tilewise.svg").is_file()
    subprocess.run(["sh", str(install)], env=env, check=True, capture_output=True)  # update
    subprocess.run(["sh", str(install), "--uninstall"], env=env, check=True, capture_output=True)
    assert not app.exists() and not app.is_symlink() and not desktop.exists()
    assert not (home / ".local/opt/tilewise").exists()
    assert not list(icons.rglob("org.tilewise.Tilewise.*"))
