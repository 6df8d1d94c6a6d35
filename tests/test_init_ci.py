"""What ``sakshi init`` learns for its CI (commands/init_ci.py): the Action's repository
and commit, the dependencies' pins, the repository's root."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sakshi.commands.init_ci import (
    PLACEHOLDER,
    ActionRef,
    Installed,
    action_from,
    dependency_pins,
    github_repository,
    repository_root,
)

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/team/sakshi", "team/sakshi"),
        ("https://github.com/team/sakshi.git", "team/sakshi"),
        ("git+https://github.com/team/sakshi.git", "team/sakshi"),
        ("https://token@github.com/team/sakshi/", "team/sakshi"),
        ("git@github.com:team/sakshi.git", "team/sakshi"),
        ("ssh://git@github.com/team/sa.kshi", "team/sa.kshi"),
        ("https://gitlab.com/team/sakshi", None),
        ("https://github.com.evil.example/team/sakshi", None),
        ("https://github.com/team", None),
        ("https://github.com/team/sakshi/tree/main", None),
        ("/srv/git/sakshi", None),
        (None, None),
    ],
)
def test_github_repository(url: str | None, expected: str | None) -> None:
    assert github_repository(url) == expected


def test_a_ref_with_an_unknown_part_is_a_placeholder_no_repository_can_be() -> None:
    assert ActionRef("team/sakshi", COMMIT, "x").uses == f"team/sakshi@{COMMIT}"
    assert ActionRef(None, COMMIT, "x").uses == f"<OWNER>/<REPO>@{COMMIT}"
    assert ActionRef(None, None, "x").uses == PLACEHOLDER
    assert not ActionRef("team/sakshi", None, "x").complete


def test_pips_record_of_a_git_url_names_the_commit() -> None:
    direct = {
        "url": "https://github.com/team/sakshi.git",
        "vcs_info": {"vcs": "git", "commit_id": COMMIT, "requested_revision": "main"},
    }
    assert action_from(direct, []) == ActionRef(
        "team/sakshi", COMMIT, "pip installed it from https://github.com/team/sakshi.git"
    )
    # A record without a full commit, or of another VCS, names none.
    short = {"url": direct["url"], "vcs_info": {"vcs": "git", "commit_id": "main"}}
    assert action_from(short, []).commit is None
    hg = {"url": direct["url"], "vcs_info": {"vcs": "hg", "commit_id": COMMIT}}
    assert action_from(hg, []).commit is None


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def _checkout(tmp_path: Path, origin: str | None) -> tuple[Path, str]:
    root = tmp_path / "sakshi"
    (root / "src" / "sakshi").mkdir(parents=True)
    (root / "src" / "sakshi" / "__init__.py").write_text("", "utf-8")
    (root / "action.yml").write_text("name: sakshi\n", "utf-8")
    _git(root, "init", "-q")
    if origin:
        _git(root, "remote", "add", "origin", origin)
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "one")
    return root, _git(root, "rev-parse", "HEAD")


def test_a_checkout_gives_its_head_and_its_github_origin(tmp_path: Path) -> None:
    root, head = _checkout(tmp_path, "git@github.com:team/sakshi.git")
    found = action_from({"url": root.as_uri(), "dir_info": {}}, [tmp_path / "nothing", root])
    assert (found.repository, found.commit, found.dirty) == ("team/sakshi", head, False)
    (root / "action.yml").write_text("name: changed\n", "utf-8")
    assert action_from(None, [root]).dirty  # CI runs the commit, not these changes


def test_a_checkout_elsewhere_gives_the_commit_and_a_placeholder_repository(
    tmp_path: Path,
) -> None:
    root, head = _checkout(tmp_path, "https://git.example.org/team/sakshi")
    assert action_from(None, [root]).uses == f"<OWNER>/<REPO>@{head}"


def test_a_folder_that_is_not_sakshis_checkout_is_passed_over(tmp_path: Path) -> None:
    # A site-packages inside a team's own repository must never give the team's HEAD.
    team = tmp_path / "team"
    team.mkdir()
    _git(team, "init", "-q")
    assert action_from(None, [team]).uses == PLACEHOLDER


def test_the_pins_follow_requirements_and_their_extras_but_not_unasked_extras() -> None:
    installed = {
        "rich": Installed("rich", "13.0", ("markdown-it-py>=2", 'ipywidgets; extra == "jupyter"')),
        "markdown-it-py": Installed("markdown-it-py", "3.0", ('mdit-plugins; extra == "plugins"',)),
        "dask": Installed("dask", "2024.1", ('distributed==2024.1; extra == "distributed"',)),
        "distributed": Installed("distributed", "2024.1", ("tornado",)),
        "tornado": Installed("tornado", "6.4", ()),
        "pyyaml": Installed("PyYAML", "6.0.1", ()),
        "ipywidgets": Installed("ipywidgets", "8", ()),
    }
    requires = [
        "rich>=13",
        "PyYAML>=6.0",
        "dask[distributed]>=2024.1",
        "colorama; platform_system == 'Windows'",  # not installed here: no line
        'pytest>=8; extra == "test"',
    ]
    pins = dependency_pins(requires, lambda name: installed.get(name))
    assert pins == [
        "dask==2024.1",
        "distributed==2024.1",
        "markdown-it-py==3.0",
        "PyYAML==6.0.1",
        "rich==13.0",
        "tornado==6.4",
    ]


def test_the_root_is_the_nearest_folder_with_git(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "a" / "b").mkdir(parents=True)
    assert repository_root(tmp_path / "repo" / "a" / "b" / "new") == (tmp_path / "repo").resolve()
    (tmp_path / "repo" / "a" / ".git").write_text("gitdir: elsewhere\n", "utf-8")  # a worktree
    assert repository_root(tmp_path / "repo" / "a" / "b") == (tmp_path / "repo" / "a").resolve()
    assert repository_root(tmp_path / "elsewhere") is None
