"""Hostile: the run identity was fooled, or made to run a command (issue 22).

Every report's identity says which code produced it: the hash of each ``--source`` tree
and git's HEAD and dirty state. Three ways a repository beat it:

1. A link in a source tree to a file outside ``--root`` was followed, so bytes from
   anywhere passed for part of the tree. Now a link counts as the file it reaches only
   when that is a regular file inside the root; any other link is hashed as a link
   (``symlink:`` and the SHA-256 of its target's text), which no file can equal.
2. A tracked file changed under ``git update-index --assume-unchanged`` or
   ``--skip-worktree`` left ``git.dirty`` false (``git status`` hides it). Now those
   entries are hashed and compared with the index; a missing one differs too.
3. ``git status`` ran what the repository configured: ``core.fsmonitor``, a filter
   driver's clean command, the ``post-index-change`` hook; and the caller's ``GIT_DIR``,
   ``core.worktree`` or a replaced HEAD commit could make it describe another tree. Now
   git runs with none of those (see ``sakshi.inputs.gitrepo``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.identity import tree_sha256
from sakshi.inputs.gitrepo import config_arguments, filter_overrides, git_state, parse_index

pytestmark = pytest.mark.skipif(
    os.name == "nt" or shutil.which("git") is None, reason="POSIX links, git and sh"
)
SECRET = b"bytes outside the root that must never pass for the tree\n"


def identity(capsys: pytest.CaptureFixture[str], root: Path, *sources: str) -> dict[str, object]:
    argv = ["identity", "--root", str(root)]
    for spec in sources:
        argv += ["--source", spec]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


def _tree(lines: dict[str, str]) -> str:
    """The tree hash from ``{path: digest}``, computed independently."""
    body = b"".join(f"{p}\0{d}\n".encode() for p, d in sorted(lines.items()))
    return hashlib.sha256(body).hexdigest()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- 1. links out of the root -----------------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    (folder / "src").mkdir(parents=True)
    (folder / "src" / "a.py").write_bytes(b"print('a')\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.py").write_bytes(SECRET)
    (tmp_path / "outside" / "other.py").write_bytes(SECRET)
    return folder


@pytest.mark.parametrize("spec", ["code=src", "all=."])
@pytest.mark.parametrize("relative", [False, True], ids=["absolute", "relative"])
def test_a_link_out_of_the_root_is_hashed_as_a_link(
    root: Path, capsys: pytest.CaptureFixture[str], spec: str, relative: bool
) -> None:
    secret = root.parent / "outside" / "secret.py"
    target = Path("../../outside/secret.py") if relative else secret
    (root / "src" / "evil.py").symlink_to(target)
    first = identity(capsys, root, spec)["sources"]
    prefix = "" if spec == "code=src" else "src/"
    assert first == {
        spec.split("=")[0]: _tree(
            {
                f"{prefix}a.py": _sha(b"print('a')\n"),
                f"{prefix}evil.py": "symlink:" + _sha(os.fsencode(target)),
            }
        )
    }
    secret.write_bytes(b"other bytes entirely\n")  # what it points at is not the tree
    assert identity(capsys, root, spec)["sources"] == first
    (root / "src" / "evil.py").unlink()
    (root / "src" / "evil.py").symlink_to(root.parent / "outside" / "other.py")
    assert identity(capsys, root, spec)["sources"] != first  # the link itself is


def test_the_core_hashes_the_same_and_never_a_link_as_its_text(root: Path) -> None:
    src = root / "src"
    (src / "evil.py").symlink_to(root.parent / "outside" / "secret.py")
    linked = tree_sha256(src, root)
    # Through a folder link out of the root, and through a chain of links: still a link.
    (root / "out").symlink_to(root.parent / "outside")
    (src / "evil.py").unlink()
    (src / "evil.py").symlink_to(Path("../out/secret.py"))
    (src / "hop.py").symlink_to("evil.py")
    text = os.fsencode("../out/secret.py")
    assert tree_sha256(src, root) == _tree(
        {
            "a.py": _sha(b"print('a')\n"),
            "evil.py": "symlink:" + _sha(text),
            "hop.py": "symlink:" + _sha(b"evil.py"),
        }
    )
    # A file whose bytes are a link's target text is not that link.
    (src / "hop.py").unlink()
    (src / "evil.py").unlink()
    (src / "evil.py").write_bytes(os.fsencode(root.parent / "outside" / "secret.py"))
    assert tree_sha256(src, root) != linked


def test_links_that_reach_nothing_in_the_root_are_links(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = root / "src"
    (src / "dangling").symlink_to("nowhere")
    (src / "loop").symlink_to("loop")
    (src / "folder").symlink_to(root.parent / "outside")  # never walked
    (src / "fifo").symlink_to(root / "pipe")
    os.mkfifo(root / "pipe")  # a link to a FIFO in the root: not read, no hang
    assert identity(capsys, root, "code=src")["sources"] == {
        "code": _tree(
            {
                "a.py": _sha(b"print('a')\n"),
                "dangling": "symlink:" + _sha(b"nowhere"),
                "fifo": "symlink:" + _sha(os.fsencode(root / "pipe")),
                "folder": "symlink:" + _sha(os.fsencode(root.parent / "outside")),
                "loop": "symlink:" + _sha(b"loop"),
            }
        )
    }


def test_a_link_to_a_file_inside_the_root_counts_by_its_bytes(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (root / "README").write_bytes(b"inside\n")
    (root / "src" / "readme").symlink_to("../README")
    sources = identity(capsys, root, "code=src", "one=src/readme")["sources"]
    assert sources == {
        "code": _tree({"a.py": _sha(b"print('a')\n"), "readme": _sha(b"inside\n")}),
        "one": _sha(b"inside\n"),
    }


# --- 2 and 3. git's HEAD and dirty state --------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    """git as a test's author runs it: their own config ignored, nothing hardened."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env |= {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    names = ["-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    command = ["git", "-C", str(repo), *names, "-c", "commit.gpgsign=false", *args]
    return subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / "a.py").write_bytes(b"A = 1\n")
    (folder / "b.py").write_bytes(b"B = 1\n")
    (folder / "link").symlink_to("a.py")
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "init")
    return folder


def _dirty(capsys: pytest.CaptureFixture[str], repo: Path) -> object:
    through_cli = identity(capsys, repo)["git"]
    assert isinstance(through_cli, dict)
    assert through_cli == git_state(repo)
    assert through_cli["head"] == git(repo, "rev-parse", "HEAD").strip()
    return through_cli["dirty"]


def _change_contents(repo: Path) -> None:
    (repo / "a.py").write_bytes(b"A = 2\n")


def _remove(repo: Path) -> None:
    (repo / "a.py").unlink()


def _make_executable(repo: Path) -> None:
    (repo / "a.py").chmod(0o755)


def _retarget_link(repo: Path) -> None:
    (repo / "link").unlink()
    (repo / "link").symlink_to("b.py")


def _link_for_file(repo: Path) -> None:
    (repo / "a.py").unlink()
    (repo / "a.py").symlink_to("b.py")


@pytest.mark.parametrize("flag", ["--assume-unchanged", "--skip-worktree"])
@pytest.mark.parametrize(
    "change", [_change_contents, _remove, _make_executable, _retarget_link, _link_for_file]
)
def test_a_flagged_file_that_changed_is_dirty(
    repo: Path, capsys: pytest.CaptureFixture[str], flag: str, change: object
) -> None:
    git(repo, "update-index", flag, "a.py", "link")
    assert _dirty(capsys, repo) is False  # flagged and unchanged: no false alarm
    assert callable(change)
    change(repo)
    assert git(repo, "status", "--porcelain") == ""  # git hides it...
    assert _dirty(capsys, repo) is True  # ...the identity does not


def test_the_index_listing_reads_both_flags() -> None:
    listing = (
        b"h 100644 " + b"1" * 40 + b" 0\ta.py\0"
        b"S 100755 " + b"2" * 40 + b" 0\tdir/b c.py\0"
        b"s 120000 " + b"3" * 40 + b" 0\tl\0"
        b"H 100644 " + b"4" * 40 + b" 0\tclean.py\0"
    )
    entries = parse_index(listing)
    assert [(e.path, e.mode, e.flagged) for e in entries] == [
        (b"a.py", 0o100644, True),
        (b"dir/b c.py", 0o100755, True),
        (b"l", 0o120000, True),
        (b"clean.py", 0o100644, False),
    ]
    assert parse_index(b"garbage\0")[0].flagged  # what does not parse can only differ


MARKER_SCRIPT = '#!/bin/sh\ntouch "{marker}"\ncat\n'


def _plant(repo: Path, marker: Path, name: str) -> str:
    script = repo.parent / f"{name}.sh"
    script.write_text(MARKER_SCRIPT.format(marker=marker), encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def _fires_under_plain_git(repo: Path, marker: Path) -> None:
    """The planted command does run when git is asked plainly (so its absence below
    proves something); the marker is then removed."""
    os.utime(repo / "a.py", (1_000_000_000, 1_000_000_000))  # git must look at the bytes
    git(repo, "status", "--porcelain")
    assert marker.exists()
    marker.unlink()
    os.utime(repo / "a.py", (1_100_000_000, 1_100_000_000))


def test_fsmonitor_never_runs(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marker = repo.parent / "fsmonitor-ran"
    git(repo, "config", "core.fsmonitor", _plant(repo, marker, "fsmonitor"))
    _fires_under_plain_git(repo, marker)
    assert _dirty(capsys, repo) is False
    assert not marker.exists()


def test_filter_drivers_hooks_and_diff_commands_never_run(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = repo.parent / "command-ran"
    script = _plant(repo, marker, "evil")
    (repo / ".gitattributes").write_text("* filter=evil diff=evil\n", encoding="utf-8")
    git(repo, "add", ".gitattributes")
    git(repo, "commit", "-q", "-m", "attributes")
    for key in ("clean", "smudge"):
        git(repo, "config", f"filter.evil.{key}", script)
    git(repo, "config", "filter.evil.required", "true")
    for key, value in (("diff.evil.textconv", script), ("diff.external", script)):
        git(repo, "config", key, value)
    hook = repo / ".git" / "hooks" / "post-index-change"
    hook.write_text(MARKER_SCRIPT.format(marker=marker), encoding="utf-8")
    hook.chmod(0o755)
    _fires_under_plain_git(repo, marker)
    git(repo, "config", "filter.evil.process", script)  # plain git would fail on this one
    assert _dirty(capsys, repo) is False  # the bytes as they are match the index
    assert not marker.exists()
    _change_contents(repo)
    assert _dirty(capsys, repo) is True
    assert not marker.exists()


def test_filter_names_of_any_shape_are_emptied() -> None:
    pairs = [('filter.a"b\\c=d e.x.clean', "run"), ("FILTER.Lfs.process", "x"), ("f.y", "z")]
    assert filter_overrides(pairs) == [
        ("filter.Lfs.clean", ""),
        ("filter.Lfs.smudge", ""),
        ("filter.Lfs.process", ""),
        ("filter.Lfs.required", "false"),
        ('filter.a"b\\c=d e.x.clean', ""),
        ('filter.a"b\\c=d e.x.smudge', ""),
        ('filter.a"b\\c=d e.x.process', ""),
        ('filter.a"b\\c=d e.x.required', "false"),
    ]


def test_a_filter_name_no_command_line_can_say_leaves_dirty_unknown(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = repo.parent / "odd-filter-ran"
    (repo / ".gitattributes").write_text("* filter=a=b\n", encoding="utf-8")
    git(repo, "add", ".gitattributes")
    git(repo, "commit", "-q", "-m", "attributes")
    git(repo, "config", "filter.a=b.clean", _plant(repo, marker, "odd"))
    _fires_under_plain_git(repo, marker)
    assert _dirty(capsys, repo) is None  # never false: git was not asked
    assert not marker.exists()
    assert config_arguments([("filter.a=b.clean", "")]) is None
    assert config_arguments([("filter.x.clean", "")]) == ["-c", "filter.x.clean="]


def test_the_callers_git_config_and_variables_are_not_used(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "global-ran"
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text(
        f"[core]\n\tfsmonitor = {_plant(repo, marker, 'global')}\n", encoding="utf-8"
    )
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    git(other, "commit", "-q", "--allow-empty", "-m", "other")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))  # another repository's HEAD
    (repo / "new.py").write_bytes(b"untracked\n")
    assert _dirty(capsys, repo) is True
    assert not marker.exists()


def test_a_work_tree_elsewhere_is_dirty(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = tmp_path / "clean-copy"
    shutil.copytree(repo, clean, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    git(repo, "config", "core.worktree", str(clean))
    _change_contents(repo)
    assert git(repo, "status", "--porcelain") == ""  # git compares the clean copy
    assert _dirty(capsys, repo) is True


def test_a_replaced_head_commit_is_not_the_head(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _change_contents(repo)
    git(repo, "add", "a.py")
    tree = git(repo, "write-tree").strip()
    fake = git(repo, "commit-tree", tree, "-m", "looks like HEAD").strip()
    git(repo, "replace", "HEAD", fake)
    assert git(repo, "status", "--porcelain") == ""  # git compares the replacement
    assert _dirty(capsys, repo) is True


def test_a_submodule_is_looked_into_without_running_its_commands(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sub = repo / "sub"
    sub.mkdir()
    (sub / "s.py").write_bytes(b"S = 1\n")
    git(sub, "init", "-q")
    git(sub, "add", "-A")
    git(sub, "commit", "-q", "-m", "sub")
    git(repo, "add", "sub")  # a gitlink, as a checked-out submodule is
    git(repo, "commit", "-q", "-m", "with sub")
    marker = repo.parent / "sub-fsmonitor-ran"
    git(sub, "config", "core.fsmonitor", _plant(repo, marker, "sub"))
    git(repo, "status", "--porcelain")
    assert marker.exists()  # plain git runs the submodule's own config
    marker.unlink()
    assert _dirty(capsys, repo) is False
    (sub / "s.py").write_bytes(b"S = 2\n")
    git(sub, "update-index", "--assume-unchanged", "s.py")
    marker.unlink()  # the plain update-index ran it
    assert _dirty(capsys, repo) is True
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_repository_another_account_owns_stays_readable(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for path in [repo, *repo.rglob("*")]:
        os.lchown(path, 65534, 65534)
    monkeypatch.setenv("GIT_CONFIG_SYSTEM", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    assert git_state(repo) == {"head": None, "dirty": None}  # git refuses: dubious ownership
    trusted = tmp_path / "global.gitconfig"
    trusted.write_text(f"[safe]\n\tdirectory = {repo}\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(trusted))  # the caller's own trust is kept
    state = git_state(repo)
    assert state["dirty"] is False and state["head"] is not None
