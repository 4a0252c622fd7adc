"""The files Debian's tools read, made fast without freezing: man page, changelog, control,
md5sums, the published release key, and the tested-tree stamp that lets `make release` skip
a second `make test`."""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, Key

# --------------------------------------------------------------------------- man page


def _page(build: ModuleType) -> str:
    return build.manpage.render_tilewise("9.9.9", "2026-01-02")


def test_man_page_lists_every_option_and_command_from_the_code(build: ModuleType) -> None:
    import tilewise.cli
    from tilewise.gui.app import parser

    page = _page(build)
    assert page.startswith('.TH TILEWISE 1 "2026-01-02" "tilewise 9.9.9"')
    for action in parser()._actions:
        for name in action.option_strings:
            assert f"\\fB{name.replace('-', chr(92) + '-')}\\fR" in page, name
        if action.help and action.dest != "help":
            assert build.manpage.roff(action.help) in page
    commands = build.manpage.commands_from_docstring(tilewise.cli.__doc__ or "")
    assert sorted(c.split()[0] for c, _ in commands) == sorted(tilewise.cli.SUBCOMMANDS)
    for usage, _text in commands:
        assert f"\\fBtilewise {build.manpage.roff(usage)}\\fR" in page


def test_man_page_renders_without_warnings(build: ModuleType, tmp_path: Path) -> None:
    if shutil.which("man") is None:
        pytest.skip("man (man-db) is not installed")
    page = tmp_path / "tilewise.1"
    page.write_text(_page(build))
    result = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", str(page)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    shown = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True,
                           env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin"}, check=True).stdout
    assert "--self-test" in shown and "tilewise referee" in shown


def test_roff_escapes_what_roff_would_eat(build: ModuleType) -> None:
    roff = build.manpage.roff
    assert roff("a-b") == "a\\-b"
    assert roff("C:\\x") == "C:\\ex"
    assert roff(".TH fake\n'quote") == "\\&.TH fake\n\\&'quote"


# --------------------------------------------------------------------------- changelog, control


def test_debian_changelog_from_changelog_md(build: ModuleType, tmp_path: Path) -> None:
    md = tmp_path / "CHANGELOG.md"
    md.write_text("# Changelog\n\n## 0.2.0 (2027)\n\n- A new thing that is described at such "
                  "length that it must be wrapped onto a second line of the Debian changelog.\n"
                  "  Continued here.\n\n## 0.1.0\n\n- First.\n")
    text = build.debian_changelog(md, {"0.1.0": "2026-11-29", "0.2.0": "2027-01-05"}, "0.2.0")
    entries = text.split("\n\ntilewise (")
    assert text.startswith("tilewise (0.2.0) stable; urgency=medium\n\n  * A new thing")
    items = [ln for ln in entries[0].splitlines() if ln.startswith("  ")]
    assert items[0].startswith("  * ") and all(ln.startswith("    ") for ln in items[1:])
    assert len(items) == 2 and items[-1].endswith("Continued here.")
    assert entries[1].startswith("0.1.0) stable")
    assert " -- The Tilewise team <release@tilewise.invalid>  Tue, 05 Jan 2027 00:00:00 +0000" in text
    assert max(len(line) for line in text.splitlines() if line.startswith("  ")) <= 80
    with pytest.raises(build.ReleaseError, match="0.3.0"):
        build.debian_changelog(md, {}, "0.3.0")


def test_project_changelog_covers_the_version(build: ModuleType) -> None:
    version = build.bundle.project_metadata().version
    assert f"tilewise ({version})" in build.debian_changelog(build.CHANGELOG,
                                                            build.release_dates(), version)


def test_description_lines_fit_lintian(build: ModuleType) -> None:
    field = build.deb_description("x " * 120)
    lines = field.splitlines()
    assert lines[0] == f"Description: {build.DEB_SYNOPSIS}"
    assert all(len(line) <= 80 and line.startswith(" ") for line in lines[1:])
    assert " ." in lines


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_md5sums_and_modes(build: ModuleType, tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "DEBIAN").mkdir(parents=True)
    (root / "opt" / "lib").mkdir(parents=True)
    lib = root / "opt" / "lib" / "libx.so.6"
    lib.write_bytes(b"\x7fELF fake")
    lib.chmod(0o755)
    exe = root / "opt" / "run"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    (root / "opt" / "link").symlink_to("run")
    assert build.fix_modes(root) == 1
    assert lib.stat().st_mode & 0o777 == 0o644 and exe.stat().st_mode & 0o111
    sums = build.write_md5sums(root).read_text().splitlines()
    assert [line.split("  ")[1] for line in sums] == ["opt/lib/libx.so.6", "opt/run"]
    assert sums[1] == "3e2b31c72181b87149ff995e7202c0e3  opt/run"  # `printf "#!/bin/sh\\n" | md5sum`


# --------------------------------------------------------------------------- the published key


def test_published_fingerprint_agrees_everywhere(build: ModuleType) -> None:
    """Key file, releasekey.FINGERPRINT, README and AppStream tell the same story."""
    from tilewise import releasekey

    key_text = (PACKAGING / "keys" / "tilewise-release.asc").read_text()
    readme = (ROOT / "README.md").read_text()
    metainfo = build.METAINFO.read_text()
    line = re.search(r"(?m)^Release key fingerprint: (.*)$", readme)
    assert line is not None, "README.md has no 'Release key fingerprint:' line"
    if "BEGIN PGP PUBLIC KEY BLOCK" not in key_text:  # the placeholder
        assert releasekey.FINGERPRINT is None
        assert "none published yet" in line.group(1)
        assert build.RELEASE_KEY_FIELD not in metainfo
        return
    listing = subprocess.run(["gpg", "--batch", "--with-colons", "--show-keys"],
                             input=key_text, capture_output=True, text=True, check=True).stdout
    fpr = next(ln.split(":")[9] for ln in listing.splitlines() if ln.startswith("fpr:"))
    assert releasekey.FINGERPRINT == fpr
    assert line.group(1) == f"`{releasekey.grouped(fpr)}`"
    assert f'<value key="{build.RELEASE_KEY_FIELD}">{fpr}</value>' in metainfo


def test_set_release_key_writes_every_place(build: ModuleType, release_key: Key,
                                            tmp_path: Path) -> None:
    for rel in ("packaging/keys/tilewise-release.asc", "desktop/tilewise/releasekey.py",
                "README.md", "resources/linux/org.tilewise.Tilewise.metainfo.xml"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / rel, tmp_path / rel)
    fpr = build.set_release_key(release_key.public, root=tmp_path)
    assert fpr == release_key.fingerprint
    assert "BEGIN PGP PUBLIC KEY BLOCK" in (tmp_path / "packaging/keys/tilewise-release.asc").read_text()
    assert f'FINGERPRINT: str | None = "{fpr}"' in (tmp_path / "desktop/tilewise/releasekey.py").read_text()
    grouped = build.releasekey.grouped(fpr)
    assert f"Release key fingerprint: `{grouped}`" in (tmp_path / "README.md").read_text()
    metainfo = tmp_path / "resources/linux/org.tilewise.Tilewise.metainfo.xml"
    assert metainfo.read_text().count(f">{fpr}</value>") == 1
    build.set_release_key(release_key.public, root=tmp_path)  # again: still one value
    assert metainfo.read_text().count("<custom>") == 1
    if shutil.which("appstreamcli"):
        subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], check=True,
                       capture_output=True)
    secret = tmp_path / "secret.asc"
    secret.write_text(release_key.secret)
    with pytest.raises(build.ReleaseError, match="not an ASCII-armoured public key"):
        build.set_release_key(secret, root=tmp_path)


@pytest.mark.parametrize("published", [None, "same", "other"])
def test_signing_with_an_unpublished_key(build: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                         published: str | None) -> None:
    fpr = "A" * 40
    value = {None: None, "same": fpr.lower(), "other": "B" * 40}[published]
    monkeypatch.setattr(build.releasekey, "FINGERPRINT", value)
    if published == "other":
        with pytest.raises(build.ReleaseError, match="not the published release key"):
            build.check_signing_key(fpr, allow_unpublished=False)
    else:
        build.check_signing_key(fpr, allow_unpublished=False)
    build.check_signing_key(fpr, allow_unpublished=True)


# --------------------------------------------------------------------------- tested trees


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t.invalid",
                    *args], check=True, capture_output=True)


def test_tested_stamp_follows_commit_and_changes(build: ModuleType, tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo, stamps = tmp_path / "repo", tmp_path / "tested"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "a.py").write_text("x = 1\n")
    _git(repo, "add", "a.py")
    _git(repo, "commit", "-qm", "one")
    key = build.tree_key(repo)
    assert key is not None and not build.was_tested(repo, stamps)
    build.mark_tested(key, stamps)
    assert build.was_tested(repo, stamps)
    (repo / "a.py").write_text("x = 2\n")  # an uncommitted edit is another tree
    assert build.tree_key(repo) != key and not build.was_tested(repo, stamps)
    (repo / "a.py").write_text("x = 1\n")
    (repo / "new.py").write_text("y = 1\n")  # so is a new file
    assert not build.was_tested(repo, stamps)
    (repo / "new.py").unlink()
    assert build.was_tested(repo, stamps)
    _git(repo, "commit", "-q", "--allow-empty", "-m", "two")  # and a new commit
    assert not build.was_tested(repo, stamps)
    assert build.tree_key(tmp_path / "not-a-repo") is None


def test_gzip_is_reproducible(build: ModuleType, tmp_path: Path) -> None:
    build._gzip_file("same text\n", tmp_path / "a.gz")
    build._gzip_file("same text\n", tmp_path / "b.gz")
    assert (tmp_path / "a.gz").read_bytes() == (tmp_path / "b.gz").read_bytes()
    assert gzip.decompress((tmp_path / "a.gz").read_bytes()) == b"same text\n"
