"""Fixtures for the packaging tests: packaging/build.py loaded by path, throwaway OpenPGP keys.

``packaging/`` is not importable (``packaging`` is a PyPI name), so build.py and bundle.py are
loaded from their files. Keys are generated on the fly (``gpg --batch --quick-gen-key``, ed25519,
no passphrase unless asked) in a temporary GNUPGHOME; none is ever written to the repository.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
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


def tiny_deb(tmp: Path, name: str = "tilewise_0.0.1_all.deb") -> Path:
    """A one-file .deb (``/opt/hello.txt``) made by dpkg-deb, in ``tmp/out``."""
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not installed")
    root = tmp / "debroot"
    (root / "DEBIAN").mkdir(parents=True)
    (root / "DEBIAN" / "control").write_text(
        "Package: tilewise\nVersion: 0.0.1\nArchitecture: all\nMaintainer: t <t@t.invalid>\n"
        "Description: test\n test\n")
    (root / "opt").mkdir()
    (root / "opt" / "hello.txt").write_text("hello\n")
    deb = tmp / "out" / name
    deb.parent.mkdir(exist_ok=True)
    subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(root), str(deb)],
                   check=True, capture_output=True)
    return deb



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


# --------------------------------------------------------------------------- the one release build

RELEASE_TEST_ON = os.environ.get("TILEWISE_RELEASE_TEST") == "1"
RELEASE_TEST_REASON = ("builds the frozen app, the installers and the apt repository (minutes): "
                       "`make test` and `make release-test` run it (TILEWISE_RELEASE_TEST=1)")
BUILD_PASSPHRASE = "correct horse battery staple"
# Tools whose environment the release build's children are checked for (PATH shims).
SHIMMED_TOOLS = ("gpg", "dpkg-deb", "debsigs", "apt-ftparchive", "lintian", "patchelf", "tar",
                 "git")


@dataclass(frozen=True)
class ReleaseBuild:
    """What `build.py release --sign` left: folders, its output, time, and children's envs."""

    out: Path
    work: Path
    repo: Path
    seconds: float
    output: str
    env_logs: Path
    key: Key


def _write_shims(shims: Path, logs: Path) -> None:
    """A script per SHIMMED_TOOLS tool that saves its environment, then runs the real tool."""
    shims.mkdir()
    logs.mkdir()
    for tool in SHIMMED_TOOLS:
        real = shutil.which(tool)
        if real is None:
            continue
        script = shims / tool
        script.write_text(f'#!/bin/sh\nenv > "{logs}/{tool}.$$"\nexec "{real}" "$@"\n')
        script.chmod(0o755)


@pytest.fixture(scope="session")
def build_key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    """The release build's key: passphrase-protected, so the passphrase path is exercised."""
    return make_key(tmp_path_factory.mktemp("key-build"), "Tilewise build <build@tilewise.invalid>",
                    passphrase=BUILD_PASSPHRASE)


@pytest.fixture(scope="session")
def release_build(build: ModuleType, build_key: Key,
                  tmp_path_factory: pytest.TempPathFactory) -> ReleaseBuild:
    """Run `build.py release --sign --skip-checks` ONCE for every slow packaging test, with the
    test's xz preset (``build.TEST_XZ_LEVEL``: the same files, faster compression).

    The release, apt repository, lintian and secret-hygiene tests all read this one build
    (freeze, self-test, .deb + tar.xz, lintian, signatures, apt repository). Its children run
    through PATH shims that record their environments (``env_logs``).
    """
    if not RELEASE_TEST_ON:
        pytest.skip(RELEASE_TEST_REASON)
    missing = [t for t in ("dpkg-deb", "debsigs", "desktop-file-validate", "appstreamcli", "gpg",
                           "apt-ftparchive", "lintian", "patchelf") if shutil.which(t) is None]
    if missing:
        pytest.fail(f"release tools missing: {missing}; run `bash packaging/release-deps.sh`")
    base = tmp_path_factory.mktemp("release")
    out, work = base / "dist", base / "work"
    _write_shims(base / "shims", base / "env-logs")
    env = {**os.environ, "TILEWISE_SIGNING_KEY": build_key.secret,
           "TILEWISE_SIGNING_PASSPHRASE": BUILD_PASSPHRASE,
           "PATH": f"{base / 'shims'}:{os.environ['PATH']}"}
    cmd = [sys.executable, str(PACKAGING / "build.py"), "release", "--sign", "--skip-checks",
           "--unpublished-key", "--out", str(out), "--work", str(work),
           "--xz-level", str(build.TEST_XZ_LEVEL)]
    if build.app_has_self_test():
        cmd.append("--require-self-test")
    started = time.monotonic()
    result = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=1500)
    seconds = time.monotonic() - started
    assert result.returncode == 0, result.stdout + result.stderr
    print(f"\nrelease --sign took {seconds:.0f} s\n{result.stdout}")
    return ReleaseBuild(out=out, work=work, repo=out / "apt", seconds=seconds,
                        output=result.stdout + result.stderr, env_logs=base / "env-logs",
                        key=build_key)
