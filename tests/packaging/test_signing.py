"""Signing and verification on small fake files with throwaway keys (fast; no freezing).

The .deb here is a real ar archive made by dpkg-deb from one file; its origin signature is
added the way debsigs does it (a ``_gpgorigin`` member signing the other members' bytes), or
by debsigs itself where it is installed. test_release.py repeats all this on the real build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, Key, make_key
from tests.packaging.conftest import tiny_deb as _tiny_deb


def _ar_member(name: str, data: bytes) -> bytes:
    header = f"{name:<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n".encode()
    return header + data + (b"\n" if len(data) % 2 else b"")


def _origin_sign(build: ModuleType, signer: object, deb: Path) -> None:
    """Embed an origin signature: with debsigs when installed, else as debsigs lays it out."""
    if shutil.which("debsigs"):
        signer.sign_deb(deb)  # type: ignore[attr-defined]
        return
    payload, _sig = build.deb_signed_payload(build.ar_members(deb))
    tmp = deb.with_suffix(".payload")
    tmp.write_bytes(payload)
    signer.detach_sign(tmp, tmp.with_suffix(".sig"))  # type: ignore[attr-defined]
    with deb.open("ab") as fh:
        fh.write(_ar_member("_gpgorigin", tmp.with_suffix(".sig").read_bytes()))
    tmp.unlink()
    tmp.with_suffix(".sig").unlink()


@pytest.fixture()
def release_dir(build: ModuleType, signer: object, tmp_path: Path) -> Path:
    """A signed release of fake files: a tiny signed .deb, a fake tar.xz, SHA256SUMS(.asc)."""
    deb = _tiny_deb(tmp_path)
    out = deb.parent
    (out / "tilewise-0.0.1-linux-x86_64.tar.xz").write_bytes(b"not really xz, but bytes\n" * 50)
    _origin_sign(build, signer, deb)
    sums = build.write_sums(out, [deb.name, "tilewise-0.0.1-linux-x86_64.tar.xz"])
    signer.detach_sign(sums, out / build.SUMS_SIG)  # type: ignore[attr-defined]
    return out


def test_good_release_verifies(build: ModuleType, release_dir: Path, release_key: Key) -> None:
    assert build.verify_release(release_dir, release_key.public) == []


def test_tampered_file_is_caught(build: ModuleType, release_dir: Path, release_key: Key) -> None:
    tarball = release_dir / "tilewise-0.0.1-linux-x86_64.tar.xz"
    tarball.write_bytes(tarball.read_bytes() + b"x")
    problems = build.verify_release(release_dir, release_key.public)
    assert problems == [f"{tarball.name} does not match its SHA-256 in SHA256SUMS (altered?)"]


def test_tampered_checksum_list_is_caught(build: ModuleType, release_dir: Path,
                                          release_key: Key) -> None:
    tarball = release_dir / "tilewise-0.0.1-linux-x86_64.tar.xz"
    tarball.write_bytes(b"evil")
    sums = release_dir / "SHA256SUMS"
    lines = [ln for ln in sums.read_text().splitlines() if tarball.name not in ln]
    sums.write_text("\n".join([*lines, f"{build.sha256(tarball)}  {tarball.name}"]) + "\n")
    problems = build.verify_release(release_dir, release_key.public)
    assert problems == ["SHA256SUMS.asc is not a good signature of SHA256SUMS by release.asc"]


def test_wrong_key_is_rejected(build: ModuleType, release_dir: Path, wrong_key: Key) -> None:
    problems = build.verify_release(release_dir, wrong_key.public)
    assert problems == ["SHA256SUMS.asc is not a good signature of SHA256SUMS by release.asc"]


def test_tampered_deb_is_caught_by_sums_and_origin_signature(
        build: ModuleType, release_dir: Path, release_key: Key, signer: object) -> None:
    deb = next(release_dir.glob("*.deb"))
    members = build.ar_members(deb)
    data = bytearray(deb.read_bytes())
    data[-len(members[-1][1]) - 200] ^= 0xFF  # flip a byte inside data.tar.*
    deb.write_bytes(bytes(data))
    # re-sign the checksum list so that only the .deb's own signature can catch it
    sums = build.write_sums(release_dir, [deb.name, "tilewise-0.0.1-linux-x86_64.tar.xz"])
    signer.detach_sign(sums, release_dir / build.SUMS_SIG)  # type: ignore[attr-defined]
    problems = build.verify_release(release_dir, release_key.public)
    assert problems == [f"{deb.name}: its origin signature is not good for release.asc"]


def test_unsigned_deb_and_unlisted_installer_are_rejected(
        build: ModuleType, signer: object, release_key: Key, tmp_path: Path) -> None:
    deb = _tiny_deb(tmp_path)
    out = deb.parent
    sums = build.write_sums(out, [deb.name])
    signer.detach_sign(sums, out / build.SUMS_SIG)  # type: ignore[attr-defined]
    (out / "tilewise-extra.tar.xz").write_bytes(b"smuggled")
    problems = build.verify_release(out, release_key.public)
    assert problems == ["tilewise-extra.tar.xz is not listed in SHA256SUMS",
                        f"{deb.name} has no origin signature (_gpgorigin)"]


def test_missing_signature_file_is_rejected(build: ModuleType, release_dir: Path,
                                            release_key: Key) -> None:
    (release_dir / build.SUMS_SIG).unlink()
    assert build.verify_release(release_dir, release_key.public) == ["SHA256SUMS.asc is missing"]


def test_sums_parser_rejects_paths_and_garbage(build: ModuleType) -> None:
    good = "a" * 64
    sums, problems = build.parse_sums(f"{good}  ok.deb\n{good}  ../etc/passwd\nnonsense\n")
    assert sums == {"ok.deb": good}
    assert len(problems) == 2


def test_placeholder_key_is_refused(build: ModuleType, release_dir: Path) -> None:
    placeholder = PACKAGING / "keys" / "tilewise-release.asc"
    if "BEGIN PGP PUBLIC KEY BLOCK" in placeholder.read_text():
        pytest.skip("the real release key has been published")
    with pytest.raises(build.ReleaseError, match="placeholder"):
        build.verify_release(release_dir, placeholder)


def test_secret_key_is_refused_for_verification(build: ModuleType, release_dir: Path,
                                                release_key: Key, tmp_path: Path) -> None:
    secret = tmp_path / "secret.asc"
    secret.write_text(release_key.secret)
    with pytest.raises(build.ReleaseError, match="secret key"):
        build.verify_release(release_dir, secret)


def test_passphrase_protected_key_signs_without_prompt(build: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "pp").mkdir()
    key = make_key(tmp_path / "pp", "Tilewise pp <pp@tilewise.invalid>", passphrase="correct horse")
    deb = _tiny_deb(tmp_path)
    signing = build.SigningKey(armored=key.secret, passphrase=key.passphrase)
    with build.temporary_gnupghome() as home:
        signer = build.Signer(home, signing)
        _origin_sign(build, signer, deb)
        sums = build.write_sums(deb.parent, [deb.name])
        signer.detach_sign(sums, deb.parent / build.SUMS_SIG)
    assert build.verify_release(deb.parent, key.public) == []


@pytest.mark.parametrize("env", [{}, {"TILEWISE_SIGNING_KEY": "  "},
                                 {"TILEWISE_SIGNING_KEY": "-----BEGIN PGP PUBLIC KEY BLOCK-----"}])
def test_signing_key_comes_only_from_env(build: ModuleType, env: dict[str, str]) -> None:
    with pytest.raises(build.ReleaseError, match="TILEWISE_SIGNING_KEY"):
        build.signing_key_from_env(env)


def test_release_sign_without_key_fails_fast_and_builds_nothing(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TILEWISE_SIGNING")}
    out = tmp_path / "dist"
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(PACKAGING / "build.py"), "release", "--sign", "--out", str(out)],
        env=env, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2
    assert "TILEWISE_SIGNING_KEY" in result.stderr and "Nothing was built" in result.stderr
    assert time.monotonic() - started < 20
    assert not out.exists()


def test_verify_command_exit_codes(release_dir: Path, release_key: Key, wrong_key: Key) -> None:
    cmd = [sys.executable, str(PACKAGING / "build.py"), "verify", str(release_dir)]
    good = subprocess.run([*cmd, "--key", str(release_key.public)], capture_output=True, text=True)
    assert good.returncode == 0 and "OK" in good.stdout
    bad = subprocess.run([*cmd, "--key", str(wrong_key.public)], capture_output=True, text=True)
    assert bad.returncode == 1 and "FAIL SHA256SUMS.asc" in bad.stdout
