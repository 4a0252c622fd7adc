"""The signed apt repository, used the way a school's IT volunteer would: add, install, upgrade.

apt runs against the session's release build (conftest.release_build) through a ``file:``
source, in a private configuration: its own sources list, keyrings, lists, cache and logs
(``APT_CONFIG`` plus ``Dir::*``), and dpkg with ``--root`` in a temporary folder whose status
file is a copy of this machine's (so that the package's dependencies count as installed).
Nothing of the machine's own apt or dpkg state is read or changed, so parallel test runs do not
meet. Tampering with ``Packages``, ``Release`` or the .deb, and a wrong ``signed-by`` key, must
make apt refuse; a second version published into the same folder must arrive with
``apt-get upgrade``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import BUILD_PASSPHRASE, PACKAGING, Key, ReleaseBuild

pytestmark = pytest.mark.slow

UPGRADE_VERSION_SUFFIX = "+upgrade1"


@dataclass
class Apt:
    """An apt + dpkg that see only ``base`` (see the module docstring)."""

    base: Path
    root: Path
    config: Path

    @classmethod
    def create(cls, base: Path, source_line: str) -> Apt:
        root = base / "root"
        admin = root / "var" / "lib" / "dpkg"
        for folder in (admin / "info", admin / "updates", base / "etc" / "apt.conf.d",
                       base / "etc" / "preferences.d", base / "etc" / "sources.list.d",
                       base / "etc" / "trusted.gpg.d", base / "state" / "lists" / "partial",
                       base / "cache" / "archives" / "partial", base / "log"):
            folder.mkdir(parents=True)
        shutil.copyfile("/var/lib/dpkg/status", admin / "status")
        (admin / "available").touch()
        (base / "etc" / "sources.list").write_text(source_line + "\n")
        config = base / "apt.conf"
        config.write_text(f"""
Dir::Etc "{base}/etc/";
Dir::Etc::main "apt.conf";
Dir::Etc::Parts "apt.conf.d";
Dir::Etc::SourceList "sources.list";
Dir::Etc::SourceParts "sources.list.d";
Dir::Etc::Preferences "preferences";
Dir::Etc::PreferencesParts "preferences.d";
Dir::Etc::Trusted "trusted.gpg";
Dir::Etc::TrustedParts "trusted.gpg.d";
Dir::State "{base}/state/";
Dir::State::status "{admin}/status";
Dir::Cache "{base}/cache/";
Dir::Log "{base}/log/";
APT::Sandbox::User "root";
Acquire::Languages "none";
APT::Install-Recommends "false";
Dpkg::Use-Pty "false";
DPkg::Options {{ "--root={root}"; "--log={base}/dpkg.log"; }};
""")
        return cls(base=base, root=root, config=config)

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "APT_CONFIG": str(self.config), "DEBIAN_FRONTEND": "noninteractive"}
        return subprocess.run(["apt-get", "-q", *args], env=env, capture_output=True, text=True,
                              timeout=300, check=False)

    def dpkg(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["dpkg", f"--root={self.root}", *args], capture_output=True,
                              text=True, timeout=120, check=False)

    def installed_version(self) -> str | None:
        result = self.dpkg("-s", "tilewise")
        for line in result.stdout.splitlines():
            if line.startswith("Version: ") and "install ok installed" in result.stdout:
                return line.split(" ", 1)[1]
        return None


def _source(build: ModuleType, repo: Path, keyring: Path) -> str:
    return build.apt_source_line(f"file:{repo}", keyring=str(keyring))


@pytest.fixture(scope="module")
def repo(release_build: ReleaseBuild) -> Path:
    if shutil.which("apt-get") is None:
        pytest.skip("apt-get is not installed")
    return release_build.repo


def _copy_repo(repo: Path, target: Path) -> Path:
    """A copy of the repository (the pool's .deb hard-linked unless it is to be changed)."""
    shutil.copytree(repo, target, copy_function=os.link)
    for path in (target / "dists").rglob("*"):  # indices: real copies, safe to edit
        if path.is_file():
            data = path.read_bytes()
            path.unlink()
            path.write_bytes(data)
    return target


def test_repository_layout(repo: Path, release_build: ReleaseBuild) -> None:
    dist = repo / "dists" / "stable"
    for name in ("InRelease", "Release", "Release.gpg", "main/binary-amd64/Packages",
                 "main/binary-amd64/Packages.gz"):
        assert (dist / name).is_file(), name
    debs = list((repo / "pool" / "main" / "t" / "tilewise").glob("tilewise_*.deb"))
    assert [d.name for d in debs] == [next(release_build.out.glob("tilewise_*.deb")).name]
    release = (dist / "Release").read_text()
    assert "Suite: stable" in release and "SHA256:" in release and "Valid-Until" not in release
    packages = (dist / "main" / "binary-amd64" / "Packages").read_text()
    assert "Package: tilewise" in packages and "SHA256: " in packages
    assert (repo / "tilewise-archive-keyring.gpg").is_file()


def test_install_verify_and_upgrade(build: ModuleType, repo: Path, release_build: ReleaseBuild,
                                    tmp_path: Path) -> None:
    """apt-get update + install; dpkg --verify clean (and it notices a change); then a second
    version published into the same folder arrives with apt-get upgrade."""
    served = _copy_repo(repo, tmp_path / "served")
    apt = Apt.create(tmp_path / "apt", _source(build, served, served / "tilewise-archive-keyring.gpg"))
    update = apt.run("update")
    assert update.returncode == 0 and "tilewise" not in update.stderr, update.stdout + update.stderr
    install = apt.run("install", "-y", "tilewise")
    assert install.returncode == 0, install.stdout + install.stderr
    version = build.bundle.project_metadata().version
    assert apt.installed_version() == version
    assert (apt.root / "opt" / "tilewise" / "tilewise").is_file()
    assert os.readlink(apt.root / "usr" / "bin" / "tilewise") == "/opt/tilewise/tilewise"
    verify = apt.dpkg("--verify", "tilewise")
    assert verify.returncode == 0 and verify.stdout == "", verify.stdout + verify.stderr
    changed = apt.root / "opt" / "tilewise" / "_internal" / "resources" / "fonts" / "SOURCES.md"
    changed.write_text(changed.read_text() + "edited\n")
    assert "??5" in apt.dpkg("--verify", "tilewise").stdout  # dpkg --verify sees the change

    # a second version: the same package with a higher version, published with build.py
    unpacked = tmp_path / "v2"
    deb = next(release_build.out.glob("tilewise_*.deb"))
    subprocess.run(["dpkg-deb", "-R", str(deb), str(unpacked)], check=True, capture_output=True)
    control = unpacked / "DEBIAN" / "control"
    newer = version + UPGRADE_VERSION_SUFFIX
    control.write_text(control.read_text().replace(f"Version: {version}\n", f"Version: {newer}\n"))
    deb2 = tmp_path / f"tilewise_{newer}_{build.deb_arch()}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "-z1", "--build", str(unpacked),
                    str(deb2)], check=True, capture_output=True)
    env = {**os.environ, "TILEWISE_SIGNING_KEY": release_build.key.secret,
           "TILEWISE_SIGNING_PASSPHRASE": BUILD_PASSPHRASE}
    publish = subprocess.run([sys.executable, str(PACKAGING / "build.py"), "publish-repo",
                              str(served), str(deb2), "--unpublished-key"], env=env,
                             capture_output=True, text=True, timeout=300)
    assert publish.returncode == 0, publish.stdout + publish.stderr
    pool = sorted(p.name for p in (served / "pool" / "main" / "t" / "tilewise").iterdir())
    assert pool == sorted([deb.name, deb2.name])  # the old version stays available
    assert apt.run("update").returncode == 0
    upgrade = apt.run("upgrade", "-y")
    assert upgrade.returncode == 0, upgrade.stdout + upgrade.stderr
    assert apt.installed_version() == newer
    assert apt.dpkg("--verify", "tilewise").stdout == ""  # the edited file was replaced


@pytest.mark.parametrize("tamper", ["Packages", "Release", "deb", "wrong key"])
def test_apt_refuses_a_tampered_repository(build: ModuleType, repo: Path, wrong_key: Key,
                                           tmp_path: Path, tamper: str) -> None:
    served = _copy_repo(repo, tmp_path / "served")
    keyring = served / "tilewise-archive-keyring.gpg"
    dist = served / "dists" / "stable"
    if tamper == "Packages":  # a changed index, Release left as it was signed
        packages = dist / "main" / "binary-amd64" / "Packages"
        text = packages.read_text().replace("Installed-Size: ", "Installed-Size: 1")
        packages.write_text(text)
        (dist / "main" / "binary-amd64" / "Packages.gz").unlink()
    elif tamper == "Release":  # the signed file edited after signing
        for name in ("InRelease", "Release"):
            path = dist / name
            path.write_text(path.read_text().replace("Label: Tilewise", "Label: Tilewize"))
    elif tamper == "deb":  # one flipped byte inside the package, indices untouched
        deb = next((served / "pool").rglob("*.deb"))
        data = bytearray(deb.read_bytes())
        deb.unlink()  # it was a hard link to the build's .deb
        data[len(data) // 2] ^= 0xFF
        deb.write_bytes(bytes(data))
    else:  # signed-by names a key that did not sign it
        keyring = tmp_path / "wrong.gpg"
        subprocess.run(["gpg", "--batch", "--yes", "--output", str(keyring), "--dearmor",
                        str(wrong_key.public)], check=True, capture_output=True)
    apt = Apt.create(tmp_path / "apt", _source(build, served, keyring))
    update = apt.run("update")
    install = apt.run("install", "-y", "tilewise")
    said = update.stdout + update.stderr + install.stdout + install.stderr
    assert install.returncode != 0, said
    assert apt.installed_version() is None
    assert not (apt.root / "opt" / "tilewise").exists()
    expected = {"Packages": "Hash Sum mismatch", "deb": "Hash Sum mismatch",
                "Release": "signature", "wrong key": "NO_PUBKEY"}[tamper]
    assert expected in said, said
