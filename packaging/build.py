"""Tilewise release pipeline: one command from source tree to signed Linux installers.

    python packaging/build.py release [--sign] [--skip-checks] [--out DIR]
    python packaging/build.py verify DIR [--key PUBKEY]
    python packaging/build.py measure [--runs N] [--out DIR]
    python packaging/build.py icons

Run it with the project's virtualenv (``.venv/bin/python``: it needs PyInstaller and babel) or
through ``make release`` / ``make release-signed``. See packaging/README.md.

``release`` runs, in order: the checks (``make test``; skipped with ``--skip-checks``), catalog
compilation (``i18n/catalogs.py compile`` when it exists, then babel for any ``.po`` still
without an up-to-date ``.mo``), PyInstaller (``packaging/tilewise.spec``, one folder), the
bundle check (``TILEWISE_BUNDLE_CHECK=1``, see ``packaging/hooks/rthook_tilewise.py``), the
frozen app's ``--self-test`` (skipped with a warning while ``tilewise.gui.app`` has none), the
.deb (dpkg-deb) and the portable .tar.xz, desktop-entry and AppStream validation, and
``SHA256SUMS``. With ``--sign`` it also signs the .deb (debsigs, an ``_gpgorigin`` member) and
writes ``SHA256SUMS.asc`` (detached, armoured). The key comes only from the environment:
``TILEWISE_SIGNING_KEY`` (ASCII-armoured OpenPGP secret key) and optionally
``TILEWISE_SIGNING_PASSPHRASE``; it is imported into a temporary ``GNUPGHOME`` that is deleted
afterwards. Without the key, ``--sign`` stops before any work is done (exit 2).

``verify`` exits 0 for a good release and 1 (naming every problem) for a tampered file, a
tampered checksum list, a missing or bad signature or a wrong key.

``measure`` freezes the app and ``packaging/bench/bare_window.py`` with the same spec, then
reports installer sizes and the median wall and CPU time of a warm start to the first shown
window (``TILEWISE_STARTUP_PROBE=1``; the app settled first, as a learner's start finds it) of
each, as ``tests/benchmarks`` style rows ``(name, value, unit)``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tilewise.spec"
DEFAULT_KEY = HERE / "keys" / "tilewise-release.asc"
DEFAULT_OUT = ROOT / "dist"
WORK = ROOT / "build" / "release"

KEY_ENV = "TILEWISE_SIGNING_KEY"
PASSPHRASE_ENV = "TILEWISE_SIGNING_PASSPHRASE"
SUMS = "SHA256SUMS"
SUMS_SIG = "SHA256SUMS.asc"
PLACEHOLDER_MARK = "PLACEHOLDER"
GNUPG_PREFIX = "tw-gpg-"
# Environment variables that hold secrets: no child process ever gets them (child_env).
SECRET_ENV_PREFIXES: tuple[str, ...] = (
    "TILEWISE_SIGNING_", "WINDOWS_CERT_", "MACOS_CERT_", "NOTARY_",
)
SELF_TEST_TIMEOUT_S = 600


def _load_by_path(name: str, path: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _load_bundle() -> ModuleType:
    return _load_by_path("tilewise_bundle", HERE / "bundle.py")


bundle = _load_bundle()
manpage = _load_by_path("tilewise_manpage", HERE / "manpage.py")
releasekey = _load_by_path("tilewise_releasekey", ROOT / "desktop" / "tilewise" / "releasekey.py")


class ReleaseError(RuntimeError):
    """A step of the pipeline failed; the message says which and why."""


def log(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def child_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default ``os.environ``) without any secret: what every child process gets.

    Drops the OpenPGP key and passphrase (``TILEWISE_SIGNING_*``) and the CI's other signing
    secrets (``SECRET_ENV_PREFIXES``), whatever step asked for the environment.
    """
    source = os.environ if env is None else env
    return {k: v for k, v in source.items() if not k.startswith(SECRET_ENV_PREFIXES)}


def run(cmd: Sequence[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` (text mode, checked) with a secret-free environment (``child_env``).

    An ``env=`` given is stripped too. Raises ReleaseError with the output when it fails.
    """
    env = kwargs.pop("env", None)
    kwargs["env"] = child_env(env)  # type: ignore[arg-type]
    try:
        return subprocess.run(  # type: ignore[call-overload, no-any-return]
            [str(c) for c in cmd], check=True, text=True, **kwargs
        )
    except subprocess.CalledProcessError as exc:
        detail = "\n".join(x for x in (exc.stdout, exc.stderr) if x)
        raise ReleaseError(f"{' '.join(map(str, cmd))} failed ({exc.returncode})\n{detail}") from exc
    except FileNotFoundError as exc:
        raise ReleaseError(f"{cmd[0]} not found: run `bash packaging/release-deps.sh`") from exc


@contextlib.contextmanager
def step(name: str) -> Iterator[None]:
    """Log how long the step ``name`` took (seconds, wall clock)."""
    started = time.monotonic()
    yield
    log(f"{name}: {time.monotonic() - started:.0f} s")


# --------------------------------------------------------------------------- signing keys


@dataclass(frozen=True)
class SigningKey:
    """Key material read from the environment (never from a file in the repository)."""

    armored: str
    passphrase: str | None


def signing_key_from_env(env: MutableMapping[str, str] | None = None) -> SigningKey:
    """Take ``TILEWISE_SIGNING_KEY`` / ``TILEWISE_SIGNING_PASSPHRASE`` out of ``env`` (os.environ).

    Both variables are removed from ``env`` as they are read, so that no process this one
    starts afterwards can inherit them (``run`` strips them as well); the key then lives only
    in this process's memory and reaches gpg on its standard input. Raises ReleaseError with
    what to set when the key is missing or not an armoured secret key.
    """
    env = os.environ if env is None else env
    armored = env.pop(KEY_ENV, "").strip()
    passphrase = env.pop(PASSPHRASE_ENV, "") or None
    if not armored:
        raise ReleaseError(
            f"--sign needs the release key in the environment: set {KEY_ENV} to the "
            f"ASCII-armoured OpenPGP secret key (and {PASSPHRASE_ENV} if it has a passphrase). "
            "Nothing was built."
        )
    if "BEGIN PGP PRIVATE KEY BLOCK" not in armored:
        raise ReleaseError(
            f"{KEY_ENV} is set but holds no ASCII-armoured OpenPGP secret key "
            "('-----BEGIN PGP PRIVATE KEY BLOCK-----'). Nothing was built."
        )
    return SigningKey(armored=armored + "\n", passphrase=passphrase)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def sweep_stale_gnupghomes(parent: Path | None = None) -> list[Path]:
    """Remove the ``tw-gpg-<pid>-*`` homes of builds that no longer run; return them.

    A build killed with SIGKILL (or a power cut) cannot clean up: its home, with the imported
    secret key, stays on disk and its gpg-agent keeps running. Every new GnuPG home starts by
    stopping those agents (``gpgconf --kill all``) and deleting those folders. Homes of a live
    process, or not ours, are left alone.
    """
    parent = Path(tempfile.gettempdir()) if parent is None else parent
    removed = []
    for home in parent.glob(f"{GNUPG_PREFIX}*"):
        match = re.fullmatch(rf"{GNUPG_PREFIX}(\d+)-\w+", home.name)
        try:
            mine = home.is_dir() and not home.is_symlink() and home.stat().st_uid == os.getuid()
        except OSError:
            continue
        if match is None or not mine or _pid_alive(int(match.group(1))):
            continue
        subprocess.run(["gpgconf", "--homedir", str(home), "--kill", "all"],
                       capture_output=True, check=False, env=child_env())
        shutil.rmtree(home, ignore_errors=True)
        removed.append(home)
    return removed


@contextlib.contextmanager
def temporary_gnupghome() -> Iterator[Path]:
    """A private, empty GNUPGHOME (mode 700) that is wiped, agent included, on exit.

    Named ``tw-gpg-<pid>-<random>`` in the temporary folder so that a later build can tell a
    killed build's leftover (``sweep_stale_gnupghomes``, run first) from a running one's. It is
    removed on normal exit and on any exception; ``main`` turns SIGTERM and SIGHUP into
    SystemExit, so those reach this ``finally`` too.
    """
    sweep_stale_gnupghomes()
    home = Path(tempfile.mkdtemp(prefix=f"{GNUPG_PREFIX}{os.getpid()}-"))
    home.chmod(0o700)
    try:
        yield home
    finally:
        subprocess.run(["gpgconf", "--homedir", str(home), "--kill", "all"],
                       capture_output=True, check=False, env=child_env())
        shutil.rmtree(home, ignore_errors=True)


def _gpg(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run(["gpg", "--homedir", str(home), "--batch", "--no-tty", *args],
               input=stdin, capture_output=True)


class Signer:
    """Signs with a key imported into a temporary GNUPGHOME.

    A passphrase, if any, is handed to gpg-agent with gpg-preset-passphrase so that tools
    which call gpg themselves (debsigs) sign without a prompt.
    """

    def __init__(self, home: Path, key: SigningKey) -> None:
        self.home = home
        if key.passphrase:
            (home / "gpg-agent.conf").write_text("allow-preset-passphrase\n")
        _gpg(home, "--import", stdin=key.armored)
        listing = _gpg(home, "--with-colons", "--with-keygrip", "--list-secret-keys").stdout
        fprs = [line.split(":")[9] for line in listing.splitlines() if line.startswith("fpr:")]
        if not fprs:
            raise ReleaseError(f"{KEY_ENV} imported no secret key")
        self.fingerprint = fprs[0]
        if key.passphrase:
            libexec = run(["gpgconf", "--list-dirs", "libexecdir"], capture_output=True).stdout.strip()
            grips = [ln.split(":")[9] for ln in listing.splitlines() if ln.startswith("grp:")]
            for grip in grips:
                run([Path(libexec) / "gpg-preset-passphrase", "--homedir", str(home), "--preset", grip],
                    input=key.passphrase, capture_output=True)

    @property
    def env(self) -> dict[str, str]:
        """A secret-free environment pointing gpg (and debsigs) at the temporary home."""
        return {**child_env(), "GNUPGHOME": str(self.home)}

    def detach_sign(self, path: Path, out: Path) -> None:
        """Write an armoured detached signature of ``path`` to ``out``."""
        out.unlink(missing_ok=True)
        _gpg(self.home, "--local-user", self.fingerprint, "--armor", "--detach-sign",
             "--output", str(out), str(path))

    def clearsign(self, path: Path, out: Path) -> None:
        """Write ``path`` with an inline (cleartext) signature to ``out`` (apt's InRelease)."""
        out.unlink(missing_ok=True)
        _gpg(self.home, "--local-user", self.fingerprint, "--clearsign", "--digest-algo",
             "SHA512", "--output", str(out), str(path))

    def public_key(self) -> str:
        """The public key, ASCII-armoured."""
        return _gpg(self.home, "--armor", "--export", self.fingerprint).stdout

    def public_keyring(self, out: Path) -> Path:
        """The public key as a binary keyring file (what apt's ``signed-by`` points at)."""
        out.unlink(missing_ok=True)
        _gpg(self.home, "--export", "--output", str(out), self.fingerprint)
        return out

    def sign_deb(self, deb: Path) -> None:
        """Embed an origin signature (``_gpgorigin``) in ``deb`` with debsigs."""
        if shutil.which("debsigs") is None:
            raise ReleaseError("debsigs is missing: run `bash packaging/release-deps.sh`")
        run(["debsigs", "--sign=origin", f"--default-key={self.fingerprint}", deb],
            env=self.env, capture_output=True)


# --------------------------------------------------------------------------- checksums


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(directory: Path, names: Sequence[str]) -> Path:
    """Write ``SHA256SUMS`` (``<hex>  <name>`` lines, sha256sum format) for ``names``."""
    lines = [f"{sha256(directory / name)}  {name}\n" for name in sorted(names)]
    out = directory / SUMS
    out.write_text("".join(lines))
    return out


_SUM_LINE = re.compile(r"^([0-9a-f]{64}) [ *]([^/\\]+)$")


def parse_sums(text: str) -> tuple[dict[str, str], list[str]]:
    """Parse a ``SHA256SUMS`` text into ``({name: hex}, problems)``; names must be plain."""
    sums: dict[str, str] = {}
    problems: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        match = _SUM_LINE.match(line)
        if match is None:
            problems.append(f"{SUMS} line {n} is not '<sha256>  <file name>': {line!r}")
        elif match.group(2) in sums:
            problems.append(f"{SUMS} lists {match.group(2)} twice")
        else:
            sums[match.group(2)] = match.group(1)
    return sums, problems


# --------------------------------------------------------------------------- .deb members


def ar_members(path: Path) -> list[tuple[str, bytes]]:
    """The members ``(name, data)`` of an ``ar`` archive (a .deb), in order.

    Raises ReleaseError for a file that is not a well-formed ar archive.
    """
    data = path.read_bytes()
    if not data.startswith(b"!<arch>\n"):
        raise ReleaseError(f"{path.name} is not an ar archive (.deb)")
    members: list[tuple[str, bytes]] = []
    pos = 8
    while pos < len(data):
        header = data[pos:pos + 60]
        if len(header) < 60 or header[58:60] != b"`\n":
            raise ReleaseError(f"{path.name}: damaged ar header at byte {pos}")
        name = header[:16].decode("ascii", "replace").strip().rstrip("/")
        try:
            size = int(header[48:58].decode("ascii").strip())
        except ValueError as exc:
            raise ReleaseError(f"{path.name}: damaged ar member size at byte {pos}") from exc
        start = pos + 60
        body = data[start:start + size]
        if len(body) != size:
            raise ReleaseError(f"{path.name}: truncated member {name}")
        members.append((name, body))
        pos = start + size + (size % 2)
    return members


def deb_signed_payload(members: Sequence[tuple[str, bytes]]) -> tuple[bytes, bytes | None]:
    """``(payload, origin signature or None)`` as debsigs signs them.

    The payload is ``debian-binary``, ``control.tar.*`` and ``data.tar.*`` concatenated in
    archive order (every member not named ``_gpg*``); the signature is ``_gpgorigin``.
    """
    payload = b"".join(body for name, body in members if not name.startswith("_gpg"))
    signature = next((body for name, body in members if name == "_gpgorigin"), None)
    return payload, signature


# --------------------------------------------------------------------------- verify


def _keyring_from(pubkey: Path, home: Path) -> Path:
    text = pubkey.read_bytes()
    if PLACEHOLDER_MARK.encode() in text and b"BEGIN PGP PUBLIC KEY BLOCK" not in text:
        raise ReleaseError(
            f"{pubkey} is the placeholder, not a real release key (see packaging/README.md, "
            "'Release key'); pass the published key with --key"
        )
    if b"PRIVATE KEY" in text:
        raise ReleaseError(f"{pubkey} holds a secret key; verify with the public key only")
    _gpg(home, "--import", str(pubkey))
    keyring = home / "release-keyring.gpg"
    exported = subprocess.run(["gpg", "--homedir", str(home), "--batch", "--export"],
                              capture_output=True, check=True, env=child_env()).stdout
    if not exported:
        raise ReleaseError(f"{pubkey} holds no OpenPGP public key")
    keyring.write_bytes(exported)
    return keyring


def _gpgv(keyring: Path, signature: Path, data: Path) -> bool:
    result = subprocess.run(["gpgv", "--keyring", str(keyring), str(signature), str(data)],
                            capture_output=True, text=True, check=False, env=child_env())
    return result.returncode == 0


def verify_release(directory: Path, pubkey: Path = DEFAULT_KEY) -> list[str]:
    """Check a release folder against ``pubkey``; return the problems (empty = good).

    1. ``SHA256SUMS.asc`` is a good signature of ``SHA256SUMS`` by ``pubkey`` (gpgv);
    2. every file listed there exists and has that SHA-256, and every installer in the folder
       (``*.deb``, ``*.tar.xz``, ``*.exe``, ``*.dmg``) is listed;
    3. every ``.deb`` carries a good origin signature (``_gpgorigin``) by ``pubkey``.
    Raises ReleaseError when the key itself is unusable (placeholder, secret, empty).
    """
    problems: list[str] = []
    sums_path, sig_path = directory / SUMS, directory / SUMS_SIG
    for needed in (sums_path, sig_path):
        if not needed.is_file():
            problems.append(f"{needed.name} is missing")
    if problems:
        return problems
    with temporary_gnupghome() as home:
        keyring = _keyring_from(pubkey, home)
        if not _gpgv(keyring, sig_path, sums_path):
            problems.append(f"{SUMS_SIG} is not a good signature of {SUMS} by {pubkey.name}")
            return problems
        sums, parse_problems = parse_sums(sums_path.read_text(errors="replace"))
        problems += parse_problems
        for name, expected in sums.items():
            path = directory / name
            if not path.is_file():
                problems.append(f"{name} is listed in {SUMS} but missing")
            elif sha256(path) != expected:
                problems.append(f"{name} does not match its SHA-256 in {SUMS} (altered?)")
        installers = [p for p in sorted(directory.iterdir())
                      if p.is_file() and p.name.endswith((".deb", ".tar.xz", ".exe", ".dmg"))]
        for path in installers:
            if path.name not in sums:
                problems.append(f"{path.name} is not listed in {SUMS}")
        for deb in (p for p in installers if p.suffix == ".deb"):
            try:
                payload, signature = deb_signed_payload(ar_members(deb))
            except ReleaseError as exc:
                problems.append(str(exc))
                continue
            if signature is None:
                problems.append(f"{deb.name} has no origin signature (_gpgorigin)")
                continue
            with tempfile.TemporaryDirectory() as tmp:
                data, sig = Path(tmp) / "payload", Path(tmp) / "_gpgorigin"
                data.write_bytes(payload)
                sig.write_bytes(signature)
                if not _gpgv(keyring, sig, data):
                    problems.append(f"{deb.name}: its origin signature is not good for {pubkey.name}")
    return problems


# --------------------------------------------------------------------------- build steps


def run_checks() -> None:
    log("checks: make test")
    run(["make", "--no-print-directory", "test"], cwd=ROOT)


def compile_catalogs() -> list[Path]:
    """Compile every ``.po`` under ``i18n/`` and ``lessons/*/po/`` to ``.mo``; return the .mo files.

    ``i18n/catalogs.py compile`` runs first when it exists (it owns the UI catalogs); babel then
    compiles any ``.po`` whose ``.mo`` is missing or older, so lesson packs are covered too.
    Raises ReleaseError when a catalog has errors.
    """
    script = ROOT / "i18n" / "catalogs.py"
    if script.is_file():
        log("catalogs: i18n/catalogs.py compile")
        run([sys.executable, script, "compile"], cwd=ROOT)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled: list[Path] = []
    sources = sorted(ROOT.glob("i18n/*/LC_MESSAGES/*.po")) + sorted(ROOT.glob("lessons/*/po/*.po"))
    for po in sources:
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=po.stem if po.parent.name == "po" else None)
            errors = [f"{po}: {msg.id!r}: {err}" for msg, errs in catalog.check() for err in errs]
            if errors:
                raise ReleaseError("catalog errors:\n" + "\n".join(errors))
            with mo.open("wb") as fh:
                write_mo(fh, catalog, use_fuzzy=False)
        compiled.append(mo)
    log(f"catalogs: {len(compiled)} compiled catalogs")
    return compiled


def freeze(*, bare: bool = False, work: Path = WORK) -> Path:
    """Run PyInstaller on the spec; return the one-folder bundle (``.../tilewise`` or ``bare_window``)."""
    name = "bare_window" if bare else bundle.EXECUTABLE
    dist, build = work / "dist", work / ("pyi-bare" if bare else "pyi")
    log(f"freeze: PyInstaller -> {dist / name}")
    cmd: list[str | Path] = [sys.executable, "-m", "PyInstaller", SPEC, "--noconfirm",
                             "--distpath", dist, "--workpath", build, "--log-level", "WARN"]
    if bare:
        cmd += ["--", "--bare"]
    run(cmd, cwd=ROOT, capture_output=True)
    return dist / name


def executable(app_dir: Path) -> Path:
    """The frozen app's executable in a one-folder bundle (``tilewise`` / ``tilewise.exe``)."""
    name = str(bundle.EXECUTABLE) + (".exe" if sys.platform == "win32" else "")
    return app_dir / name


def frozen_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in child_env().items() if not k.startswith(("TILEWISE_", "PYTHON"))}
    env.update(QT_QPA_PLATFORM="offscreen", TILEWISE_HOME=str(home))
    return env


def bundle_check(app_dir: Path) -> dict[str, object]:
    """Run the frozen app with ``TILEWISE_BUNDLE_CHECK=1`` and check the bundle's files.

    Returns the hook's report. Raises ReleaseError when a check fails, when QtNetwork (or any
    Qt network library) is in the bundle, or when a Qt catalog for es/de is missing.
    """
    offenders = [str(p.relative_to(app_dir)) for p in app_dir.rglob("*")
                 if "QtNetwork" in p.name or "Qt6Network" in p.name]
    if offenders:
        raise ReleaseError(f"QtNetwork must not be in the bundle: {offenders}")
    with tempfile.TemporaryDirectory() as home:
        report_file = Path(home) / "bundle-check.txt"
        env = {**frozen_env(Path(home)), "TILEWISE_BUNDLE_CHECK": "1",
               "TILEWISE_BUNDLE_CHECK_REPORT": str(report_file)}
        result = subprocess.run([str(executable(app_dir))], env=env, capture_output=True,
                                text=True, timeout=120, check=False)
        text = report_file.read_text(encoding="utf-8") if report_file.exists() else result.stdout
    line = next((ln for ln in text.splitlines() if ln.startswith("TILEWISE_BUNDLE_CHECK ")), None)
    if line is None:
        raise ReleaseError(f"bundle check printed no report (exit {result.returncode}):\n"
                           f"{result.stdout}\n{result.stderr}")
    report: dict[str, object] = json.loads(line.split(" ", 1)[1])
    if result.returncode != 0:
        raise ReleaseError(f"bundle check failed: {json.dumps(report, indent=2)}")
    log(f"bundle check: Qt catalogs at {report['qt_translations']}; loaded {report['qtbase_loaded']}")
    return report


def app_has_self_test(root: Path = ROOT) -> bool:
    """Whether ``tilewise.gui.app`` handles ``--self-test`` yet (its source mentions the flag)."""
    app = root / "desktop" / "tilewise" / "gui" / "app.py"
    return app.is_file() and "--self-test" in app.read_text(encoding="utf-8")


def self_test(app_dir: Path) -> bool:
    """Run ``<bundle>/tilewise --self-test`` offscreen; True if it ran, False if unavailable.

    Raises ReleaseError when the self-test exists and exits non-zero.
    """
    if not app_has_self_test():
        log("WARNING self-test: tilewise.gui.app has no --self-test yet; skipped")
        return False
    log("self-test: frozen app --self-test (offscreen)")
    with tempfile.TemporaryDirectory() as home:
        result = subprocess.run([str(executable(app_dir)), "--self-test"],
                                env=frozen_env(Path(home)), capture_output=True, text=True,
                                timeout=SELF_TEST_TIMEOUT_S, check=False)
    if result.returncode != 0:
        raise ReleaseError(f"frozen --self-test failed (exit {result.returncode}):\n"
                           f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return True


def deb_arch() -> str:
    return run(["dpkg", "--print-architecture"], capture_output=True).stdout.strip()


def glibc_floor() -> str:
    """The glibc version of this build machine: the oldest the frozen bundle runs on."""
    return platform.libc_ver()[1] or "2.17"


def _copy_desktop_files(dest_share: Path) -> None:
    """Desktop entry, AppStream metainfo and hicolor icons into a ``share/`` tree."""
    res = ROOT / "resources"
    apps = dest_share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copy2(res / "linux" / f"{bundle.APP_ID}.desktop", apps)
    meta = dest_share / "metainfo"
    meta.mkdir(parents=True, exist_ok=True)
    shutil.copy2(res / "linux" / f"{bundle.APP_ID}.metainfo.xml", meta)
    for icon in (res / "icons" / "hicolor").rglob(f"{bundle.APP_ID}.*"):
        target = dest_share / "icons" / "hicolor" / icon.relative_to(res / "icons" / "hicolor")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(icon, target)


def validate_desktop_files(share: Path) -> None:
    """desktop-file-validate and ``appstreamcli validate --no-net`` on a staged ``share/``."""
    desktop = share / "applications" / f"{bundle.APP_ID}.desktop"
    metainfo = share / "metainfo" / f"{bundle.APP_ID}.metainfo.xml"
    run(["desktop-file-validate", desktop], capture_output=True)
    run(["appstreamcli", "validate", "--no-net", metainfo], capture_output=True)


def check_metainfo_version(version: str) -> None:
    """The newest ``<release>`` in the metainfo must be ``version`` (pyproject)."""
    text = (ROOT / "resources" / "linux" / f"{bundle.APP_ID}.metainfo.xml").read_text()
    match = re.search(r'<release\s+version="([^"]+)"', text)
    if match is None or match.group(1) != version:
        found = match.group(1) if match else "none"
        raise ReleaseError(f"metainfo's newest <release> is {found}, pyproject says {version}: "
                           "add a <release> entry to resources/linux/*.metainfo.xml")


DEB_SECTION = "education"
# xz preset of the .deb and the tar.xz. -6 with threads, not -9: measured on the 2-core
# machine under load, -9 took 315 s for the bundle and -6 238 s single-threaded (and -6 splits
# into blocks two threads can share), for 32.1 MB instead of 31.3 MB.
XZ_LEVEL = 6
# The release test's preset (``release --xz-level 0``): the same files and formats, the
# compression only; -0 takes a small fraction of -6's time for a ~40% larger archive.
TEST_XZ_LEVEL = 0
# Size gates. A release (at XZ_LEVEL or above) fails when its .deb is over MAX_DEB_MB, what a
# school's slow line or a USB stick should carry (37.4 MB on 2026-12-01); every build, the
# test's included, fails when the installed files are over MAX_INSTALLED_MB (129.5 MB then: the
# same proportion to the .deb gate; what makes the .deb grow, measured without -6's cost).
MAX_DEB_MB = 40.0
MAX_INSTALLED_MB = 138.0
DEB_MAINTAINER = "The Tilewise team <release@tilewise.invalid>"
DEB_SYNOPSIS = "mahjong tutor with illustrated lessons, offline"
LINTIAN_OVERRIDES = HERE / "lintian-overrides"
CHANGELOG = ROOT / "CHANGELOG.md"
METAINFO = ROOT / "resources" / "linux" / f"{bundle.APP_ID}.metainfo.xml"


def _is_elf(path: Path) -> bool:
    if not path.is_file() or path.is_symlink():
        return False
    with path.open("rb") as fh:
        return fh.read(4) == b"\x7fELF"


def scrub_runpaths(app_dir: Path) -> list[Path]:
    """Remove build-machine library search paths from the bundle's ELF files; return them.

    A Python built with ``--enable-shared`` (pyenv, CI's setup-python) links libpython and its
    extension modules with ``RUNPATH=<its own prefix>/lib``: a folder of the build machine
    that must not be searched on a learner's computer (lintian ``custom-library-search-path``).
    Inside the bundle libpython is loaded by the bootloader, so the path is not needed; any
    entry other than ``$ORIGIN``-relative ones is dropped (patchelf). Raises ReleaseError when
    patchelf is missing.
    """
    if shutil.which("patchelf") is None:
        raise ReleaseError("patchelf is missing: run `bash packaging/release-deps.sh`")
    changed = []
    for path in sorted(p for p in app_dir.rglob("*") if _is_elf(p)):
        current = run(["patchelf", "--print-rpath", path], capture_output=True).stdout.strip()
        if not current:
            continue
        kept = [entry for entry in current.split(":") if entry.startswith("$ORIGIN")]
        if kept == current.split(":"):
            continue
        if kept:
            run(["patchelf", "--set-rpath", ":".join(kept), path], capture_output=True)
        else:
            run(["patchelf", "--remove-rpath", path], capture_output=True)
        changed.append(path)
    log(f"runpaths: removed build-machine paths from {len(changed)} ELF files")
    return changed


def release_dates(metainfo: Path = METAINFO) -> dict[str, str]:
    """``{version: "YYYY-MM-DD"}`` from the AppStream ``<release>`` entries."""
    text = metainfo.read_text(encoding="utf-8")
    return dict(re.findall(r'<release\s+version="([^"]+)"\s+date="([^"]+)"', text))


def debian_changelog(changelog: Path, dates: Mapping[str, str], version: str) -> str:
    """CHANGELOG.md as a Debian changelog (``/usr/share/doc/tilewise/changelog.gz``).

    One entry per ``## <version> ...`` heading, newest first, its ``- `` bullets as ``*``
    items wrapped at 79 columns, dated from the AppStream release of that version (the newest
    release date for a version without one). Raises ReleaseError when ``version`` has no
    heading: the changelog must say what a release brings.
    """
    import email.utils
    import textwrap
    from datetime import UTC, datetime

    sections: list[tuple[str, list[str]]] = []
    for line in changelog.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## (\S+)", line)
        if heading:
            sections.append((heading.group(1), []))
        elif sections and line.startswith("- "):
            sections[-1][1].append(line[2:].strip())
        elif sections and sections[-1][1] and line.startswith("  ") and line.strip():
            sections[-1][1][-1] += " " + line.strip()
    if version not in [v for v, _ in sections]:
        raise ReleaseError(f"{changelog.name} has no '## {version}' section: say what it brings")
    fallback = max(dates.values(), default="2026-01-01")
    entries = []
    for ver, items in sections:
        day = datetime.strptime(dates.get(ver, fallback), "%Y-%m-%d").replace(tzinfo=UTC)
        body = "\n".join(textwrap.fill(item, 79, initial_indent="  * ",
                                       subsequent_indent="    ") for item in items)
        entries.append(f"tilewise ({ver}) stable; urgency=medium\n\n{body}\n\n"
                       f" -- {DEB_MAINTAINER}  {email.utils.format_datetime(day)}\n")
    return "\n".join(entries)


def deb_description(summary: str) -> str:
    """The control file's ``Description:`` field: synopsis and a wrapped long description."""
    import textwrap

    paragraphs = [summary, "Lessons are data packs that volunteers translate. The app works "
                  "offline and never opens a network connection."]
    body = "\n .\n".join(textwrap.fill(p, 79, initial_indent=" ", subsequent_indent=" ")
                         for p in paragraphs)
    return f"Description: {DEB_SYNOPSIS}\n{body}\n"


def _gzip_file(text: str, target: Path) -> None:
    """``gzip -9n``: best compression, no name or time stamp (reproducible; lintian wants it)."""
    import gzip

    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw,
                                                 compresslevel=9, mtime=0) as fh:
        fh.write(text.encode("utf-8"))


def write_md5sums(root: Path) -> Path:
    """``DEBIAN/md5sums`` over every regular file of the package (what ``dpkg --verify`` checks)."""
    lines = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("DEBIAN/"):
            continue
        lines.append(f"{hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()}  {rel}\n")
    target = root / "DEBIAN" / "md5sums"
    target.write_text("".join(lines))
    return target


def fix_modes(root: Path) -> int:
    """Shared libraries not executable (0644), as Debian policy 8.1 asks; return how many."""
    count = 0
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink() and re.search(r"\.so(\.[0-9.]+)?$", path.name):
            if path.stat().st_mode & 0o111:
                path.chmod(0o644)
                count += 1
    return count


def build_deb(app_dir: Path, meta: object, out: Path, work: Path,
              xz_level: int = XZ_LEVEL) -> Path:
    """Build ``tilewise_<version>_<arch>.deb``: /opt/tilewise, /usr/bin/tilewise, share files.

    Also ``changelog.gz`` and ``copyright`` under /usr/share/doc/tilewise, the man page
    generated from the command's argparse help (``packaging/manpage.py``), the lintian
    overrides (``packaging/lintian-overrides``, each one explained there) and
    ``DEBIAN/md5sums`` so that ``dpkg --verify tilewise`` and debsums can check an installed
    copy.
    """
    version = meta.version  # type: ignore[attr-defined]
    arch = deb_arch()
    root = work / "deb-root"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(app_dir, root / "opt" / "tilewise", symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / "tilewise").symlink_to("/opt/tilewise/tilewise")
    share = root / "usr" / "share"
    _copy_desktop_files(share)
    doc = share / "doc" / "tilewise"
    doc.mkdir(parents=True)
    year = release_dates().get(version, "2026")[:4]
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: tilewise\n\nFiles: *\n"
        f"Copyright: {year} The Tilewise team\n"
        "License: GPL-3.0-or-later\n On Debian systems see /usr/share/common-licenses/GPL-3.\n"
        "Comment: /opt/tilewise bundles Python (PSF licence), Qt 6 and PySide6 (LGPL-3.0),\n"
        " and fonts under the SIL OFL 1.1 (see /opt/tilewise/_internal/resources/fonts).\n"
    )
    dates = release_dates()
    _gzip_file(debian_changelog(CHANGELOG, dates, version), doc / "changelog.gz")
    _gzip_file(manpage.render_tilewise(version, dates.get(version, max(dates.values()))),
               share / "man" / "man1" / "tilewise.1.gz")
    overrides = share / "lintian" / "overrides" / "tilewise"
    overrides.parent.mkdir(parents=True)
    shutil.copyfile(LINTIAN_OVERRIDES, overrides)
    validate_desktop_files(share)
    fixed = fix_modes(root)
    size_kib = sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    if size_kib * 1024 / 1e6 > MAX_INSTALLED_MB:
        raise ReleaseError(f"the installed package would be {size_kib * 1024 / 1e6:.1f} MB, over the "
                           f"{MAX_INSTALLED_MB:.0f} MB gate: see what the bundle gained "
                           "(packaging/tilewise.spec excludes)")
    depends = ", ".join((f"libc6 (>= {glibc_floor()})", *bundle.DEB_DEPENDS))
    control = root / "DEBIAN"
    control.mkdir()
    (control / "control").write_text(
        f"Package: tilewise\nVersion: {version}\nArchitecture: {arch}\n"
        f"Maintainer: {DEB_MAINTAINER}\n"
        f"Installed-Size: {size_kib}\nDepends: {depends}\nSection: {DEB_SECTION}\n"
        "Priority: optional\n"
        + deb_description(meta.description)  # type: ignore[attr-defined]
    )
    write_md5sums(root)
    for path in (root / "DEBIAN").iterdir():
        path.chmod(0o644)
    deb = out / f"tilewise_{version}_{arch}.deb"
    deb.unlink(missing_ok=True)
    log(f"deb: dpkg-deb -> {deb.name} ({fixed} libraries made non-executable)")
    run(["dpkg-deb", "--root-owner-group", "-Zxz", f"-z{xz_level}", "--build", root, deb],
        capture_output=True)
    check_deb_size(deb, xz_level)
    return deb


def check_deb_size(deb: Path, xz_level: int) -> None:
    """Raise ReleaseError when ``deb``, built at the release preset (``xz_level`` >=
    :data:`XZ_LEVEL`), is over :data:`MAX_DEB_MB` megabytes (10^6 bytes). A faster preset (the
    release test's) makes a larger file by design: only logged then."""
    megabytes = deb.stat().st_size / 1e6
    if xz_level < XZ_LEVEL:
        log(f"deb size: {megabytes:.1f} MB at xz -{xz_level} (the {MAX_DEB_MB:.0f} MB gate "
            f"applies at -{XZ_LEVEL})")
    elif megabytes > MAX_DEB_MB:
        raise ReleaseError(f"{deb.name} is {megabytes:.1f} MB, over the {MAX_DEB_MB:.0f} MB gate")


INSTALL_SH = r"""#!/bin/sh
# Tilewise portable install for one user (no root): copies the app to ~/.local/opt/tilewise,
# links ~/.local/bin/tilewise, and adds the menu entry and icons under ~/.local/share.
#   sh install.sh             install (or update)
#   sh install.sh --uninstall remove what install.sh put there (your progress stays)
set -eu
HERE=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
PREFIX=$HOME/.local/opt/tilewise
BIN=$HOME/.local/bin
APP_ID=@APP_ID@
if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$PREFIX" "$BIN/tilewise" "$DATA/applications/$APP_ID.desktop" "$DATA/metainfo/$APP_ID.metainfo.xml"
  find "$DATA/icons/hicolor" -name "$APP_ID.*" -delete 2>/dev/null || true
  echo "Tilewise removed."
  exit 0
fi
mkdir -p "$PREFIX" "$BIN" "$DATA/applications" "$DATA/metainfo"
rm -rf "$PREFIX"
cp -a "$HERE/tilewise" "$PREFIX"
ln -sf "$PREFIX/tilewise" "$BIN/tilewise"
sed "s|^Exec=tilewise|Exec=$PREFIX/tilewise|" "$HERE/share/applications/$APP_ID.desktop" \
  > "$DATA/applications/$APP_ID.desktop"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA/metainfo/"
(cd "$HERE/share/icons" && find hicolor -type f) | while read -r icon; do
  mkdir -p "$DATA/icons/$(dirname "$icon")"
  cp "$HERE/share/icons/$icon" "$DATA/icons/$icon"
done
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
echo "Tilewise installed: $BIN/tilewise (and in your applications menu)."
"""


def build_tarball(app_dir: Path, meta: object, out: Path, work: Path,
                  xz_level: int = XZ_LEVEL) -> Path:
    """Build ``tilewise-<version>-linux-<machine>.tar.xz`` with ``install.sh`` for ~/.local."""
    version = meta.version  # type: ignore[attr-defined]
    top = f"tilewise-{version}-linux-{platform.machine()}"
    stage = work / "tar-root" / top
    shutil.rmtree(stage.parent, ignore_errors=True)
    shutil.copytree(app_dir, stage / "tilewise", symlinks=True)
    _copy_desktop_files(stage / "share")
    validate_desktop_files(stage / "share")
    install = stage / "install.sh"
    install.write_text(INSTALL_SH.replace("@APP_ID@", bundle.APP_ID))
    install.chmod(0o755)
    tarball = out / f"{top}.tar.xz"
    log(f"tar.xz: -> {tarball.name}")
    run(["tar", "--owner=0", "--group=0", "--numeric-owner", "-C", stage.parent,
         "-I", f"xz -{xz_level} -T2", "-cf", tarball, top], capture_output=True)
    return tarball


# --------------------------------------------------------------------------- apt repository

APT_SUITE = "stable"
APT_COMPONENT = "main"
APT_KEYRING = "tilewise-archive-keyring.gpg"
# SHA-256 and SHA-512 only: apt ignores MD5 and SHA-1 for security anyway ("weak").
APT_WEAK_HASHES_OFF = ("-o", "APT::FTPArchive::MD5=false", "-o", "APT::FTPArchive::SHA1=false",
                       "-o", "APT::FTPArchive::Release::MD5=false",
                       "-o", "APT::FTPArchive::Release::SHA1=false")
APT_README = """Tilewise apt repository
=======================

Signed with the Tilewise release key, fingerprint
  {fingerprint}
Compare it with the one in the project's README and in the app's About dialog before you
trust this folder (packaging/VERIFY.md in the source says how).

Served from a web host (copy this whole folder there), on a school's server, or on a USB stick:
  sudo install -m 644 {keyring} /etc/apt/keyrings/tilewise.gpg
  echo "deb [signed-by=/etc/apt/keyrings/tilewise.gpg] file:/media/usb/tilewise-apt {suite} {component}" \\
    | sudo tee /etc/apt/sources.list.d/tilewise.list
  sudo apt update && sudo apt install tilewise
(for a web host, put its address, e.g. https://example.org/tilewise-apt, in place of the file: path).
Later releases arrive with `sudo apt update && sudo apt upgrade`.
"""


def _packages_index(repo: Path, arch: str) -> str:
    return run(["apt-ftparchive", *APT_WEAK_HASHES_OFF, "--arch", arch, "packages",
                f"pool/{APT_COMPONENT}"], cwd=repo, capture_output=True).stdout


def build_apt_repo(repo: Path, debs: Sequence[Path], signer: Signer) -> list[Path]:
    """Add ``debs`` to the apt repository in ``repo`` and (re)write its signed indices.

    Layout (Debian's, made with apt-ftparchive from apt-utils)::

        pool/main/t/tilewise/<every .deb published so far>
        dists/stable/main/binary-<arch>/Packages, Packages.gz
        dists/stable/Release, InRelease (clearsigned), Release.gpg (detached)
        tilewise-archive-keyring.gpg (the public key, for ``signed-by``), README.txt

    Earlier ``.deb`` files stay in the pool, so ``apt-get upgrade`` moves a machine from any
    published version to the newest. Release has no Valid-Until: a USB stick a year old still
    installs (an old copy can hold updates back but cannot smuggle in a package). Returns the
    index files written. Raises ReleaseError when apt-ftparchive is missing or fails.
    """
    if shutil.which("apt-ftparchive") is None:
        raise ReleaseError("apt-ftparchive is missing (apt-utils): run `bash packaging/release-deps.sh`")
    pool = repo / "pool" / APT_COMPONENT / "t" / "tilewise"
    pool.mkdir(parents=True, exist_ok=True)
    for deb in debs:
        shutil.copy2(deb, pool / deb.name)
    arches = sorted({run(["dpkg-deb", "-f", d, "Architecture"], capture_output=True).stdout.strip()
                     for d in pool.glob("*.deb")})
    dist = repo / "dists" / APT_SUITE
    shutil.rmtree(dist, ignore_errors=True)
    written = []
    for arch in arches:
        binary = dist / APT_COMPONENT / f"binary-{arch}"
        binary.mkdir(parents=True)
        index = _packages_index(repo, arch)
        (binary / "Packages").write_text(index)
        _gzip_file(index, binary / "Packages.gz")
        written += [binary / "Packages", binary / "Packages.gz"]
    fields = {"Origin": "Tilewise", "Label": "Tilewise", "Suite": APT_SUITE,
              "Codename": APT_SUITE, "Components": APT_COMPONENT,
              "Architectures": " ".join(arches),
              "Description": "Tilewise releases (signed with the Tilewise release key)"}
    options = [arg for k, v in fields.items()
               for arg in ("-o", f"APT::FTPArchive::Release::{k}={v}")]
    release_text = run(["apt-ftparchive", *APT_WEAK_HASHES_OFF, *options, "release",
                        f"dists/{APT_SUITE}"],
                       cwd=repo, capture_output=True).stdout
    release_file = dist / "Release"
    release_file.write_text(release_text)
    signer.clearsign(release_file, dist / "InRelease")
    signer.detach_sign(release_file, dist / "Release.gpg")
    keyring = signer.public_keyring(repo / APT_KEYRING)
    (repo / "README.txt").write_text(APT_README.format(
        fingerprint=releasekey.grouped(signer.fingerprint), keyring=APT_KEYRING,
        suite=APT_SUITE, component=APT_COMPONENT))
    written += [release_file, dist / "InRelease", dist / "Release.gpg", keyring]
    log(f"apt repository: {len(list(pool.glob('*.deb')))} package(s) in {repo}")
    return written


def apt_source_line(uri: str, keyring: str = "/etc/apt/keyrings/tilewise.gpg") -> str:
    """The one ``sources.list`` line for the repository at ``uri`` (``file:/...`` or https)."""
    return f"deb [signed-by={keyring}] {uri} {APT_SUITE} {APT_COMPONENT}"


# --------------------------------------------------------------------------- published key


def published_fingerprint() -> str | None:
    """The release key's fingerprint as the app, the README and AppStream publish it."""
    value: str | None = releasekey.FINGERPRINT
    return value


def check_signing_key(fingerprint: str, *, allow_unpublished: bool) -> None:
    """Refuse to sign with a key other than the published one (users could not verify it).

    ``allow_unpublished`` (``--unpublished-key``, for test keys) only warns. While no key is
    published (the placeholder), every key is unpublished: a warning, not an error.
    """
    published = published_fingerprint()
    if published is not None and fingerprint.upper() == published.upper():
        return
    what = ("no release key is published yet (packaging/keys/tilewise-release.asc is a "
            "placeholder)" if published is None else f"the published key is {published}")
    if published is not None and not allow_unpublished:
        raise ReleaseError(f"the signing key {fingerprint} is not the published release key: "
                           f"{what}. Users could not verify this release. (--unpublished-key "
                           "signs anyway, for tests.)")
    log(f"WARNING sign: {fingerprint} is not the published release key; {what}")


# --------------------------------------------------------------------------- tested commits


TESTED_DIR = ROOT / "build" / "tested"


def tree_key(root: Path = ROOT) -> str | None:
    """``<commit>-<hash of uncommitted changes>`` of the work tree, or None outside git.

    The changes are ``git diff HEAD`` and the untracked files that are not ignored (names and
    bytes), so an edit after `make test` gives another key.
    """
    try:
        head = run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True).stdout.strip()
        diff = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=root, capture_output=True,
                              check=True, env=child_env()).stdout
        untracked = run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=root,
                        capture_output=True).stdout.split("\0")
    except ReleaseError:
        return None
    digest = hashlib.sha256(diff)
    for name in sorted(n for n in untracked if n):
        path = root / name
        digest.update(name.encode() + b"\0")
        if path.is_file():
            digest.update(path.read_bytes())
    return f"{head}-{digest.hexdigest()[:16]}"


def mark_tested(key: str, tested_dir: Path = TESTED_DIR) -> Path:
    """Record that ``make test`` passed on the tree ``key`` (``tree_key`` when it started)."""
    tested_dir.mkdir(parents=True, exist_ok=True)
    stamp = tested_dir / key
    stamp.write_text(time.strftime("%Y-%m-%dT%H:%M:%SZ\n", time.gmtime()))
    return stamp


def was_tested(root: Path = ROOT, tested_dir: Path = TESTED_DIR) -> bool:
    """Whether ``make test`` passed on exactly this tree (commit and uncommitted changes)."""
    key = tree_key(root)
    return key is not None and (tested_dir / key).is_file()


def frozen_app(*, skip_checks: bool, work: Path = WORK, require_self_test: bool = False) -> Path:
    """Checks, catalogs, PyInstaller, bundle check and frozen ``--self-test``; return the bundle.

    The part of the pipeline every OS shares (the Windows and macOS CI jobs run it as
    ``build.py freeze``); the installers are built from the returned folder. The checks are
    skipped when ``make test`` already passed on this very tree (``was_tested``) or with
    ``skip_checks`` (CI, after its own ``make test`` on the same commit).
    """
    if skip_checks:
        log("checks: skipped (--skip-checks)")
    elif was_tested():
        log(f"checks: `make test` passed on this tree ({tree_key()}); not run again")
    else:
        with step("checks"):
            run_checks()
    with step("catalogs"):
        compile_catalogs()
    with step("freeze"):
        app_dir = freeze(work=work)
    if sys.platform.startswith("linux"):
        scrub_runpaths(app_dir)
    with step("bundle check and self-test"):
        bundle_check(app_dir)
        ran = self_test(app_dir)
    if require_self_test and not ran:
        raise ReleaseError("--require-self-test: the app has no --self-test")
    return app_dir


def lintian_problems(deb: Path) -> list[str]:
    """Lintian's tags for ``deb`` (errors, warnings and information) that no override explains.

    ``packaging/lintian-overrides`` ships in the package; lintian hides the tags it covers and
    reports an override that matches nothing (``unused-override``, ``mismatched-override``), so
    the list stays true. Empty = clean. Raises ReleaseError when lintian is missing.
    """
    if shutil.which("lintian") is None:
        raise ReleaseError("lintian is missing: run `bash packaging/release-deps.sh`")
    result = subprocess.run(["lintian", "--display-info", "--no-tag-display-limit", str(deb)],
                            capture_output=True, text=True, check=False, env=child_env())
    tags = [ln for ln in result.stdout.splitlines() if re.match(r"^[EWIX]: ", ln)]
    if result.returncode not in (0, 1, 2) or (result.returncode and not tags):
        raise ReleaseError(f"lintian failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    signed = any(name == "_gpgorigin" for name, _ in ar_members(deb))
    if not signed:  # the override for debsigs' member is for signed packages only
        tags = [t for t in tags if "unused-override misplaced-extra-member-in-deb _gpgorigin" not in t]
    return tags


def release(*, sign: bool, skip_checks: bool, out: Path = DEFAULT_OUT, work: Path = WORK,
            require_self_test: bool = False, repo: Path | None = None,
            lintian: bool = True, unpublished_key: bool = False,
            xz_level: int = XZ_LEVEL) -> list[Path]:
    """The whole Linux pipeline (module docstring); returns the files written to ``out``.

    With ``sign``: the .deb gets its origin signature, ``SHA256SUMS.asc`` is written and the
    .deb is published in the apt repository ``repo`` (default ``out/apt``; earlier packages in
    it stay). ``lintian`` runs on the .deb (beside the tar.xz compression) and any tag no
    override explains fails the release.
    """
    key = signing_key_from_env() if sign else None  # fail fast, before any work
    for leftover in sweep_stale_gnupghomes():  # signed or not: a killed build's key goes now
        log(f"removed the GnuPG home of a killed build: {leftover}")
    tools = ["dpkg-deb", "desktop-file-validate", "appstreamcli", "xz", "tar", "patchelf"]
    tools += ["lintian"] if lintian else []
    tools += ["gpg", "gpgv", "debsigs", "apt-ftparchive"] if sign else []
    for tool in tools:
        if shutil.which(tool) is None:
            raise ReleaseError(f"{tool} is missing: run `bash packaging/release-deps.sh`")
    meta = bundle.project_metadata()
    check_metainfo_version(meta.version)
    repo = out / "apt" if repo is None else repo
    started = time.monotonic()
    app_dir = frozen_app(skip_checks=skip_checks, work=work, require_self_test=require_self_test)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("tilewise*"):
        old.unlink()
    for old in (out / SUMS, out / SUMS_SIG):
        old.unlink(missing_ok=True)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool, step("installers"):
        deb_job = pool.submit(build_deb, app_dir, meta, out, work, xz_level)
        tar_job = pool.submit(build_tarball, app_dir, meta, out, work, xz_level)
        deb = deb_job.result()
        with temporary_gnupghome() if key is not None else contextlib.nullcontext() as home:
            signer = Signer(home, key) if key is not None and home is not None else None
            if signer is not None:
                check_signing_key(signer.fingerprint, allow_unpublished=unpublished_key)
                log(f"sign: {deb.name} (debsigs origin) with {signer.fingerprint}")
                signer.sign_deb(deb)
            lint_job = pool.submit(lintian_problems, deb) if lintian else None
            tarball = tar_job.result()
            artifacts = [deb, tarball]
            sums = write_sums(out, [p.name for p in artifacts])
            artifacts.append(sums)
            if signer is not None:
                signer.detach_sign(sums, out / SUMS_SIG)
                artifacts.append(out / SUMS_SIG)
                build_apt_repo(repo, [deb], signer)
            else:
                log("unsigned build (no --sign): SHA256SUMS only, no apt repository")
        if lint_job is not None:
            problems = lint_job.result()
            if problems:
                raise ReleaseError("lintian reports tags that packaging/lintian-overrides does "
                                   "not explain:\n" + "\n".join(problems))
            log("lintian: clean (every remaining tag is explained in packaging/lintian-overrides)")
    for path in artifacts:
        log(f"  {path.name}: {path.stat().st_size / 1e6:.1f} MB")
    log(f"release done in {time.monotonic() - started:.0f} s -> {out}")
    return artifacts


def sign_sums(directory: Path, *, unpublished_key: bool = False) -> list[Path]:
    """Write ``SHA256SUMS`` over every installer in ``directory`` and sign it (key from env).

    Used by CI's last job, after the Linux, Windows and macOS installers are gathered in one
    folder. Raises ReleaseError without the key.
    """
    key = signing_key_from_env()
    names = [p.name for p in sorted(directory.iterdir())
             if p.is_file() and p.name.endswith((".deb", ".tar.xz", ".exe", ".dmg"))]
    if not names:
        raise ReleaseError(f"no installers in {directory}")
    with temporary_gnupghome() as home:
        signer = Signer(home, key)
        check_signing_key(signer.fingerprint, allow_unpublished=unpublished_key)
        sums = write_sums(directory, names)
        signer.detach_sign(sums, directory / SUMS_SIG)
    return [sums, directory / SUMS_SIG]


def publish_repo(repo: Path, debs: Sequence[Path], *, unpublished_key: bool = False) -> list[Path]:
    """Add ``debs`` to the apt repository ``repo`` and re-sign it (key from env).

    For a release manager's copy of the served repository, or a classroom's USB stick:
    ``build.py publish-repo REPO tilewise_<new>.deb``. Raises ReleaseError without the key.
    """
    key = signing_key_from_env()
    missing = [str(d) for d in debs if not d.is_file()]
    if missing:
        raise ReleaseError(f"no such .deb: {', '.join(missing)}")
    with temporary_gnupghome() as home:
        signer = Signer(home, key)
        check_signing_key(signer.fingerprint, allow_unpublished=unpublished_key)
        return build_apt_repo(repo, debs, signer)


# --------------------------------------------------------------------------- measure


APP_BENCH_ARGS = ("--profile", "bench", "--lang", "en")  # straight to the main window


@dataclass(frozen=True)
class Shown:
    """One frozen start to its first shown window (``TILEWISE_STARTUP_PROBE=1``): wall
    seconds from spawn and CPU seconds of the process (the probe's ``time.process_time()``,
    less hit by the load of a shared machine)."""

    wall: float
    cpu: float


def time_to_window(app: Path, runs: int, home: Path, args: Sequence[str] = ()) -> list[Shown]:
    """Each of ``runs`` starts of ``app`` to its first shown window (``TILEWISE_STARTUP_PROBE=1``).

    ``home`` is the ``TILEWISE_HOME`` (user data); reuse it, after :func:`settle`, to
    measure a warm start. Raises ReleaseError when a start shows no window.
    """
    starts = []
    env = {**frozen_env(home), "TILEWISE_STARTUP_PROBE": "1"}
    for _ in range(runs):
        t0 = time.time()
        result = subprocess.run([str(app), *args], env=env, capture_output=True, text=True,
                                timeout=120, check=False)
        shown = [ln for ln in result.stdout.splitlines() if ln.startswith("TILEWISE_SHOWN ")]
        if result.returncode != 0 or not shown:
            raise ReleaseError(f"{app.name} showed no window (exit {result.returncode}):\n"
                               f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
        _word, wall, cpu = shown[0].split()
        starts.append(Shown(wall=float(wall) - t0, cpu=float(cpu)))
    return starts


def settle(app: Path, home: Path, args: Sequence[str] = APP_BENCH_ARGS) -> None:
    """One start of the frozen app in ``home`` that runs on until its start-up tasks are done
    (``TILEWISE_EXIT_WHEN_READY``: it quits itself at ``SETTLED``), as a learner's start does.

    The probe ends a process at its first paint, before the packs checked after it are kept
    (issue 21): probe-only starts would each read and check the packs again, which no warm
    start of the installed app does (measured: 0.22 s of CPU each against 0.18 s once
    settled). Raises ReleaseError when the app fails.
    """
    env = {**frozen_env(home), "TILEWISE_EXIT_WHEN_READY": "1"}
    result = subprocess.run([str(app), *args], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    if result.returncode != 0 or "SETTLED" not in result.stdout:
        raise ReleaseError(f"{app.name} did not settle (exit {result.returncode}):\n"
                           f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}")


def measure(*, runs: int = 5, out: Path = DEFAULT_OUT, work: Path = WORK,
            build: bool = True) -> list[tuple[str, float, str]]:
    """Sizes of the installers in ``out`` and the warm frozen start of app vs bare window.

    Returns rows ``(name, value, unit)``. Both bundles are frozen in this run (unless
    ``build=False``) with the same spec, excludes, strip and hook. One home for all runs: the
    app settles there first (:func:`settle`), then each program starts once to warm the page
    cache; runs alternate per round so that machine load hits both alike; medians of
    ``runs``, wall and CPU (``tests/benchmarks/bench_startup.py`` measures the same way).
    """
    rows: list[tuple[str, float, str]] = []
    for pattern, name in (("*.deb", "deb size"), ("*.tar.xz", "tar.xz size")):
        found = sorted(out.glob(pattern))
        if found:
            rows.append((name, found[0].stat().st_size / 1e6, "MB"))
    app_dir = freeze(work=work) if build else work / "dist" / bundle.EXECUTABLE
    bare_dir = freeze(bare=True, work=work) if build else work / "dist" / "bare_window"
    for label, path in (("bundle size app", app_dir), ("bundle size bare", bare_dir)):
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
        rows.append((label, size / 1e6, "MB"))
    app_exe, bare_exe = app_dir / bundle.EXECUTABLE, bare_dir / "bare_window"
    app_t: list[Shown] = []
    bare_t: list[Shown] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        settle(app_exe, home)  # the profile, the packs checked and kept
        time_to_window(app_exe, 1, home, APP_BENCH_ARGS)  # the page cache
        time_to_window(bare_exe, 1, home)
        for _ in range(runs):
            app_t += time_to_window(app_exe, 1, home, APP_BENCH_ARGS)
            bare_t += time_to_window(bare_exe, 1, home)
    for field, suffix in (("wall", ""), ("cpu", " CPU")):
        app_s = statistics.median(getattr(s, field) for s in app_t)
        bare_s = statistics.median(getattr(s, field) for s in bare_t)
        rows += [
            (f"frozen start app{suffix} (median)", app_s * 1000, "ms"),
            (f"frozen start bare window{suffix} (median)", bare_s * 1000, "ms"),
            (f"frozen start ratio app/bare{suffix}", app_s / bare_s, "x"),
        ]
    return rows


# --------------------------------------------------------------------------- icons


def render_icons() -> list[Path]:
    """Render the scalable icon to hicolor PNGs (16..256), ``tilewise.ico`` and ``tilewise.icns``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])
    icons = ROOT / "resources" / "icons"
    svg = icons / "hicolor" / "scalable" / "apps" / f"{bundle.APP_ID}.svg"
    renderer = QSvgRenderer(str(svg))
    written: list[Path] = []
    images: dict[int, QImage] = {}
    for size in (16, 32, 48, 64, 128, 256, 512):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        images[size] = image
        if size <= 256:
            target = icons / "hicolor" / f"{size}x{size}" / "apps" / f"{bundle.APP_ID}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            image.save(str(target), "PNG")  # type: ignore[call-overload]  # stub wants bytes
            written.append(target)
    for name, fmt, size in (("tilewise.ico", "ICO", 256), ("tilewise.icns", "ICNS", 512)):
        if images[size].save(str(icons / name), fmt):  # type: ignore[call-overload]
            written.append(icons / name)
    del app
    return written


# --------------------------------------------------------------------------- command line


def _terminate(signum: int, _frame: object) -> None:
    """SIGTERM/SIGHUP -> SystemExit, so that ``finally`` blocks (GnuPG homes) still run."""
    raise SystemExit(128 + signum)


def set_release_key(pubkey: Path, root: Path = ROOT) -> str:
    """Publish ``pubkey`` as the release key everywhere at once; return its fingerprint.

    Writes ``packaging/keys/tilewise-release.asc``, ``FINGERPRINT`` in
    ``desktop/tilewise/releasekey.py``, the README's fingerprint line and the AppStream
    ``<custom>`` value (``releasekey`` docstring). Raises ReleaseError for a secret key, or a
    file that is not exactly one public key.
    """
    text = pubkey.read_text(encoding="ascii", errors="replace")
    if "PRIVATE KEY" in text or "BEGIN PGP PUBLIC KEY BLOCK" not in text:
        raise ReleaseError(f"{pubkey} is not an ASCII-armoured public key")
    with temporary_gnupghome() as home:
        listing = _gpg(home, "--with-colons", "--show-keys", str(pubkey)).stdout
    fprs = [ln.split(":")[9] for ln in listing.splitlines() if ln.startswith("fpr:")]
    primaries = [ln for ln in listing.splitlines() if ln.startswith("pub:")]
    if len(primaries) != 1 or not fprs:
        raise ReleaseError(f"{pubkey} must hold exactly one public key ({len(primaries)} found)")
    fpr = fprs[0].upper()
    (root / "packaging" / "keys" / "tilewise-release.asc").write_text(text)
    module = root / "desktop" / "tilewise" / "releasekey.py"
    module.write_text(re.sub(r"(?m)^FINGERPRINT: str \| None = .*$",
                             f'FINGERPRINT: str | None = "{fpr}"', module.read_text()))
    readme = root / "README.md"
    readme.write_text(re.sub(r"(?m)^Release key fingerprint: .*$",
                             f"Release key fingerprint: `{releasekey.grouped(fpr)}`",
                             readme.read_text()))
    metainfo = root / "resources" / "linux" / f"{bundle.APP_ID}.metainfo.xml"
    xml = metainfo.read_text(encoding="utf-8")
    xml = re.sub(r"\s*<custom>.*?</custom>", "", xml, flags=re.S)
    xml = xml.replace("</component>", "  <custom>\n    <value key=\"" + RELEASE_KEY_FIELD
                      + f"\">{fpr}</value>\n  </custom>\n</component>")
    metainfo.write_text(xml, encoding="utf-8")
    return fpr


RELEASE_KEY_FIELD = "org.tilewise.release-key-fingerprint"


def main(argv: Sequence[str] | None = None) -> int:
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _terminate)
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rel = sub.add_parser("release", help="checks, catalogs, freeze, self-test, .deb and .tar.xz")
    rel.add_argument("--sign", action="store_true",
                     help=f"sign with the key in ${KEY_ENV} and publish the apt repository")
    rel.add_argument("--skip-checks", action="store_true",
                     help="do not run `make test` first (CI ran it on this commit)")
    rel.add_argument("--require-self-test", action="store_true",
                     help="fail when the app has no --self-test yet")
    rel.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where installers go (dist/)")
    rel.add_argument("--work", type=Path, default=WORK, help="scratch folder (build/release/)")
    rel.add_argument("--repo", type=Path, default=None,
                     help="apt repository folder to publish into (OUT/apt)")
    rel.add_argument("--no-lintian", action="store_true", help="do not run lintian on the .deb")
    rel.add_argument("--unpublished-key", action="store_true",
                     help="sign even with a key that is not the published release key (tests)")
    rel.add_argument("--xz-level", type=int, choices=range(10), default=XZ_LEVEL,
                     metavar="0-9", help=f"xz preset of the .deb and .tar.xz ({XZ_LEVEL}; the "
                                         f"release test uses {TEST_XZ_LEVEL})")
    frz = sub.add_parser("freeze", help="checks, catalogs, freeze, bundle check, self-test")
    frz.add_argument("--skip-checks", action="store_true", help="do not run `make test` first")
    frz.add_argument("--work", type=Path, default=WORK, help="scratch folder (build/release/)")
    frz.add_argument("--require-self-test", action="store_true",
                     help="fail when the app has no --self-test yet")
    sgs = sub.add_parser("sign-sums", help="SHA256SUMS + SHA256SUMS.asc over a folder's installers")
    sgs.add_argument("directory", type=Path)
    sgs.add_argument("--unpublished-key", action="store_true")
    pub = sub.add_parser("publish-repo", help="add .deb files to an apt repository and re-sign it")
    pub.add_argument("repo", type=Path)
    pub.add_argument("debs", type=Path, nargs="+")
    pub.add_argument("--unpublished-key", action="store_true")
    ver = sub.add_parser("verify", help="verify a signed release folder")
    ver.add_argument("directory", type=Path)
    ver.add_argument("--key", type=Path, default=DEFAULT_KEY, help="release public key (.asc)")
    mea = sub.add_parser("measure", help="installer sizes and frozen start-up vs a bare window")
    mea.add_argument("--runs", type=int, default=5)
    mea.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder with the installers")
    mea.add_argument("--no-build", action="store_true", help="reuse the bundles in build/release")
    sub.add_parser("icons", help="render PNG/ICO/ICNS icons from the SVG")
    sub.add_parser("man", help="print the tilewise(1) man page (roff; view with `man -l -`)")
    tst = sub.add_parser("tested", help="print this tree's key; --mark KEY records a passed make test")
    tst.add_argument("--mark", metavar="KEY", help="the key printed when `make test` started")
    srk = sub.add_parser("set-release-key", help="publish a public key as the release key")
    srk.add_argument("pubkey", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "release":
            release(sign=args.sign, skip_checks=args.skip_checks, out=args.out, work=args.work,
                    require_self_test=args.require_self_test, repo=args.repo,
                    lintian=not args.no_lintian, unpublished_key=args.unpublished_key,
                    xz_level=args.xz_level)
        elif args.command == "freeze":
            print(frozen_app(skip_checks=args.skip_checks, work=args.work,
                             require_self_test=args.require_self_test))
        elif args.command == "sign-sums":
            for path in sign_sums(args.directory, unpublished_key=args.unpublished_key):
                print(path)
        elif args.command == "publish-repo":
            for path in publish_repo(args.repo, args.debs, unpublished_key=args.unpublished_key):
                print(path)
        elif args.command == "verify":
            problems = verify_release(args.directory, args.key)
            for problem in problems:
                print(f"FAIL {problem}")
            print("release verified: OK" if not problems else "release verification FAILED")
            return 1 if problems else 0
        elif args.command == "measure":
            for name, value, unit in measure(runs=args.runs, out=args.out, build=not args.no_build):
                print(f"{name:40s} {value:10.2f} {unit}")
        elif args.command == "icons":
            for path in render_icons():
                print(path.relative_to(ROOT))
        elif args.command == "man":
            meta = bundle.project_metadata()
            dates = release_dates()
            print(manpage.render_tilewise(meta.version, dates.get(meta.version, max(dates.values()))))
        elif args.command == "tested":
            if args.mark:
                print(mark_tested(args.mark))
            else:
                print(tree_key() or "")
        elif args.command == "set-release-key":
            print(set_release_key(args.pubkey))
    except ReleaseError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
