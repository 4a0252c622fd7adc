"""Fixtures for the packaging tests: packaging/build.py loaded by path, throwaway OpenPGP keys.

``packaging/`` is not importable (``packaging`` is a PyPI name), so build.py and bundle.py are
loaded from their files. Keys are generated on the fly (``gpg --batch --quick-gen-key``, ed25519,
no passphrase unless asked) in a temporary GNUPGHOME; none is ever written to the repository.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load_by_path(name: str, path: Path) -> ModuleType:
    """Import ``path`` as module ``name`` (registered in sys.modules for dataclasses)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build() -> ModuleType:
    """packaging/build.py as a module."""
    return load_by_path("tilewise_build", PACKAGING / "build.py")


@pytest.fixture(scope="session")
def bundle() -> ModuleType:
    """packaging/bundle.py as a module (the same object build.py uses)."""
    return load_by_path("tilewise_bundle", PACKAGING / "bundle.py")


@dataclass(frozen=True)
class Key:
    """A throwaway key: armoured secret key (as the env var holds it) and a public key file."""

    secret: str
    public: Path
    fingerprint: str
    passphrase: str | None


def make_key(tmp: Path, uid: str, passphrase: str | None = None) -> Key:
    """Generate an ed25519 signing key in a private GNUPGHOME under ``tmp``."""
    if shutil.which("gpg") is None:
        pytest.skip("gpg is not installed (bash packaging/release-deps.sh)")
    home = tmp / "gnupg"
    home.mkdir(mode=0o700)
    gpg = ["gpg", "--homedir", str(home), "--batch", "--no-tty"]
    try:
        subprocess.run([*gpg, "--pinentry-mode", "loopback", "--passphrase", passphrase or "",
                        "--quick-gen-key", uid, "ed25519", "sign", "never"],
                       check=True, capture_output=True)
        listing = subprocess.run([*gpg, "--with-colons", "--list-keys"], check=True,
                                 capture_output=True, text=True).stdout
        fpr = next(line.split(":")[9] for line in listing.splitlines() if line.startswith("fpr:"))
        secret = subprocess.run([*gpg, "--pinentry-mode", "loopback", "--passphrase",
                                 passphrase or "", "--armor", "--export-secret-keys", fpr],
                                check=True, capture_output=True, text=True).stdout
        public = tmp / "release.asc"
        public.write_text(subprocess.run([*gpg, "--armor", "--export", fpr], check=True,
                                         capture_output=True, text=True).stdout)
    finally:
        subprocess.run(["gpgconf", "--homedir", str(home), "--kill", "all"], capture_output=True)
    return Key(secret=secret, public=public, fingerprint=fpr, passphrase=passphrase)


@pytest.fixture(scope="session")
def release_key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    return make_key(tmp_path_factory.mktemp("key-release"), "Tilewise test <test@tilewise.invalid>")


@pytest.fixture(scope="session")
def wrong_key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    return make_key(tmp_path_factory.mktemp("key-wrong"), "Someone else <other@tilewise.invalid>")


@pytest.fixture()
def signer(build: ModuleType, release_key: Key) -> Iterator[object]:
    """A build.Signer holding the release key in a temporary GNUPGHOME."""
    key = build.SigningKey(armored=release_key.secret, passphrase=None)
    with build.temporary_gnupghome() as home:
        yield build.Signer(home, key)
