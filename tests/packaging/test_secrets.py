"""Secret hygiene of the signing step: no child sees the key, no GnuPG home outlives a build.

Fast tests (a few seconds, part of every `make test`) run `build.py sign-sums` on a dummy
installer with a throwaway key; a PATH shim for ``gpg`` holds the build at its signing call so
that the test can look at the temporary GnuPG home and then kill the build with SIGTERM or
SIGKILL. The slow test reads the environments that the session's real release build handed to
its children (conftest.release_build's PATH shims).
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import BUILD_PASSPHRASE, PACKAGING, ROOT, Key, ReleaseBuild

BUILD = PACKAGING / "build.py"
POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals, sh and /proc")
SECRET_NAMES = ("TILEWISE_SIGNING_KEY", "TILEWISE_SIGNING_PASSPHRASE")


def _secret_markers(key: Key) -> list[str]:
    """Strings that appear only in the secret: two lines of the armoured key body, the phrase."""
    body = [ln for ln in key.secret.splitlines() if len(ln) > 40 and ":" not in ln]
    return [body[1], body[-2], BUILD_PASSPHRASE]


def test_child_env_drops_every_secret(build: ModuleType) -> None:
    env = {"PATH": "/usr/bin", "TILEWISE_SIGNING_KEY": "k", "TILEWISE_SIGNING_PASSPHRASE": "p",
           "WINDOWS_CERT_PASSWORD": "w", "MACOS_CERT_P12_BASE64": "m", "NOTARY_PASSWORD": "n",
           "TILEWISE_HOME": "/tmp/x"}
    assert build.child_env(env) == {"PATH": "/usr/bin", "TILEWISE_HOME": "/tmp/x"}


def test_run_never_hands_a_secret_to_a_child(build: ModuleType,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILEWISE_SIGNING_KEY", "-----BEGIN PGP PRIVATE KEY BLOCK----- sekrit")
    monkeypatch.setenv("TILEWISE_SIGNING_PASSPHRASE", "hunter2")
    dump = [sys.executable, "-c", "import os, json; print(json.dumps(dict(os.environ)))"]
    for env in (None, {**os.environ, "EXTRA": "1"}):  # inherited, or passed explicitly
        child = build.run(dump, capture_output=True, env=env).stdout
        assert "sekrit" not in child and "hunter2" not in child
        assert not any(name in child for name in SECRET_NAMES)


def test_reading_the_key_takes_it_out_of_the_environment(build: ModuleType,
                                                         release_key: Key) -> None:
    env = {"TILEWISE_SIGNING_KEY": release_key.secret, "TILEWISE_SIGNING_PASSPHRASE": "pp",
           "PATH": "/usr/bin"}
    key = build.signing_key_from_env(env)
    assert key.passphrase == "pp" and "PRIVATE KEY" in key.armored
    assert env == {"PATH": "/usr/bin"}


def test_gnupg_home_is_private_and_removed_on_exit_and_on_error(build: ModuleType) -> None:
    with build.temporary_gnupghome() as home:
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert home.name.startswith(f"tw-gpg-{os.getpid()}-")
    assert not home.exists()
    with pytest.raises(RuntimeError), build.temporary_gnupghome() as home2:
        (home2 / "private-keys-v1.d").mkdir()
        raise RuntimeError("a step failed")
    assert not home2.exists()


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


@POSIX_ONLY
def test_sweep_removes_only_homes_of_dead_builds(build: ModuleType, tmp_path: Path) -> None:
    dead = tmp_path / f"tw-gpg-{_dead_pid()}-abc123"
    alive = tmp_path / f"tw-gpg-{os.getpid()}-def456"
    other = tmp_path / "tw-gpg-notapid"
    for home in (dead, alive, other):
        home.mkdir(mode=0o700)
    (dead / "private-keys-v1.d").mkdir()
    assert build.sweep_stale_gnupghomes(tmp_path) == [dead]
    assert not dead.exists() and alive.exists() and other.exists()


# --------------------------------------------------------------------------- killed builds


def _agents_for(home: Path) -> list[int]:
    """Processes (gpg-agent, ...) whose command line names ``home``."""
    pids = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if str(home).encode() in cmdline:
                pids.append(int(proc.name))
    return pids


@pytest.fixture()
def short_tmp() -> Iterator[Path]:
    """A TMPDIR with a short path: gpg-agent's socket in the home must fit in 108 bytes."""
    path = Path(tempfile.mkdtemp(prefix="twt-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _holding_signing(tmp_path: Path, tmpdir: Path, key: Key
                     ) -> tuple[subprocess.Popen[str], Path, int]:
    """Start `build.py sign-sums` (TMPDIR ``tmpdir``); wait until it is inside gpg's signing call.

    Returns (build process, its GnuPG home, pid of the held gpg shim).
    """
    shims, folder = tmp_path / "shims", tmp_path / "release"
    for path in (shims, folder):
        path.mkdir()
    (folder / "tilewise-0.0.1-linux-x86_64.tar.xz").write_bytes(b"dummy installer\n")
    marker = tmp_path / "held"
    real_gpg = subprocess.run(["sh", "-c", "command -v gpg"], capture_output=True, text=True,
                              check=True).stdout.strip()
    (shims / "gpg").write_text(
        "#!/bin/sh\n"
        f'case " $* " in *" --detach-sign "*) echo $$ > "{marker}"; exec sleep 120;; esac\n'
        f'exec "{real_gpg}" "$@"\n')
    (shims / "gpg").chmod(0o755)
    env = {**os.environ, "TMPDIR": str(tmpdir), "PATH": f"{shims}:{os.environ['PATH']}",
           "TILEWISE_SIGNING_KEY": key.secret}
    env.pop("TILEWISE_SIGNING_PASSPHRASE", None)
    proc = subprocess.Popen([sys.executable, str(BUILD), "sign-sums", str(folder),
                             "--unpublished-key"], env=env, cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while not marker.exists() or not marker.read_text().strip():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"sign-sums never reached gpg --detach-sign:\n{proc.communicate()[0]}")
        time.sleep(0.05)
    homes = list(tmpdir.glob(f"tw-gpg-{proc.pid}-*"))
    assert len(homes) == 1, list(tmpdir.iterdir())
    return proc, homes[0], int(marker.read_text())


def _kill_quietly(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@POSIX_ONLY
def test_sigterm_mid_signing_removes_the_gnupg_home(release_key: Key, tmp_path: Path,
                                                    short_tmp: Path) -> None:
    proc, home, held = _holding_signing(tmp_path, short_tmp, release_key)
    try:
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert (home / "private-keys-v1.d").is_dir()  # the secret key is in there now
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=60)
        assert proc.returncode == 128 + signal.SIGTERM, output
        assert not home.exists()
        assert _agents_for(home) == []
    finally:
        _kill_quietly(held)
        if proc.poll() is None:
            proc.kill()


@POSIX_ONLY
def test_leftover_of_a_killed_build_is_removed_by_the_next(release_key: Key, tmp_path: Path,
                                                           short_tmp: Path) -> None:
    proc, home, held = _holding_signing(tmp_path, short_tmp, release_key)
    tmpdir = short_tmp
    try:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        assert home.exists() and (home / "private-keys-v1.d").is_dir()  # SIGKILL: no clean-up
        folder = tmp_path / "release"
        env = {**os.environ, "TMPDIR": str(tmpdir), "TILEWISE_SIGNING_KEY": release_key.secret}
        env.pop("TILEWISE_SIGNING_PASSPHRASE", None)
        again = subprocess.run([sys.executable, str(BUILD), "sign-sums", str(folder),
                                "--unpublished-key"], env=env, cwd=ROOT, capture_output=True,
                               text=True, timeout=120)
        assert again.returncode == 0, again.stdout + again.stderr
        assert not home.exists()
        assert _agents_for(home) == []
        assert list(tmpdir.glob("tw-gpg-*")) == []
    finally:
        _kill_quietly(held)


# --------------------------------------------------------------------------- the real build


@pytest.mark.slow
def test_no_child_of_the_release_build_sees_the_key(release_build: ReleaseBuild) -> None:
    logs = sorted(release_build.env_logs.iterdir())
    tools = {path.name.split(".")[0] for path in logs}
    assert {"gpg", "dpkg-deb", "debsigs", "apt-ftparchive", "lintian", "patchelf"} <= tools
    markers = _secret_markers(release_build.key)
    for path in logs:
        text = path.read_text(errors="replace")
        assert "PATH=" in text  # it is an environment dump
        leaked = [m for m in markers if m in text] + [n for n in SECRET_NAMES if n in text]
        assert not leaked, f"{path.name} got {leaked}"
