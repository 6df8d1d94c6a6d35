"""Hostile: ``sakshi init --install`` calling a moving target "pinned".

The CI that ``sakshi init`` writes installs exactly the ``--install`` line (the Action's
``sakshi`` input; the Action checks it by this same rule: test_action_pins.py);
``--install`` refuses a line that is not pinned (exit 2, nothing written). It took any
``NAME @ ANYTHING`` and any wheel URL: a branch (``git+https://...@main``), a repository
without a ref, and a wheel URL without a hash were written as "pinned", and CI installed
whatever the branch or the server held that day. Pinned now means only an exact version
(``sakshi==X.Y.Z``), a VCS URL at a full 40-hex commit, or a file or URL carrying
``#sha256=<64 hex>`` (lowercase, as pip compares it); every other form is refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from cli_main import run_cli as run

from sakshi.errors import InputError
from sakshi.inputs.pins import check_pinned

COMMIT = "0123456789abcdef0123456789abcdef01234567"
SHA256 = "d3bd30a98b9468a01ee783556560bfc9ea44e7099e078dc1049cb12c15c53321"
REPO = "git+https://example.org/team/sakshi"
WHEEL = "https://example.org/wheels/sakshi-1.0.0-py3-none-any.whl"

PINNED = {
    "exact version": "sakshi==1.0.0",
    "two-part version": "sakshi==1.0",
    "spaces around ==": "sakshi == 1.0.0",
    "pre-release": "sakshi==1.0.0rc1",
    "post and dev release": "sakshi==1.0.0.post1.dev2",
    "extras": "sakshi[x]==1.0",
    "several extras": "sakshi[dask,inspect]==1.0.0",
    "exact, with --hash": f"sakshi==1.0.0 --hash=sha256:{SHA256}",
    "git at a full commit": f"sakshi @ {REPO}@{COMMIT}",
    "git over ssh at a full commit": f"sakshi @ git+ssh://git@example.org/team/sakshi.git@{COMMIT}",
    "git URL alone at a full commit": f"{REPO}@{COMMIT}#egg=sakshi",
    "Mercurial at a full changeset": f"sakshi @ hg+https://example.org/sakshi@{COMMIT}",
    "wheel URL with sha256": f"sakshi @ {WHEEL}#sha256={SHA256}",
    "wheel URL alone with sha256": f"{WHEEL}#sha256={SHA256}",
    "sdist URL with egg and sha256": f"sakshi @ {WHEEL[:-29]}.tar.gz#egg=sakshi&sha256={SHA256}",
    "file URL with sha256": f"sakshi @ file:///opt/wheels/sakshi-1.0.0-py3-none-any.whl#sha256={SHA256}",
    "relative file URL with sha256": f"file:wheels/sakshi-1.0.0-py3-none-any.whl#sha256={SHA256}",
}

NOT_PINNED = {
    "branch": (f"sakshi @ {REPO}@main", "branch, a tag or a short commit"),
    "branch, URL alone": (f"{REPO}@main#egg=sakshi", "branch, a tag or a short commit"),
    "bare repository URL": (f"sakshi @ {REPO}", "without @<commit>"),
    "bare repository URL alone": (REPO, "without @<commit>"),
    "tag": (f"sakshi @ {REPO}@v1.0", "'@v1.0' is a branch, a tag or a short commit"),
    "short sha": (f"sakshi @ {REPO}@0123456", "'@0123456' is"),
    "16-digit sha": (f"sakshi @ {REPO}@{COMMIT[:16]}", "not a full 40-hex commit"),
    "41-digit sha": (f"sakshi @ {REPO}@{COMMIT}0", "not a full 40-hex commit"),
    "uppercase commit": (f"sakshi @ {REPO}@{COMMIT.upper()}", "lowercase hex"),
    "commit in the fragment": (f"sakshi @ {REPO}@main#{COMMIT}", "'@main' is"),
    "svn revision": ("sakshi @ svn+https://example.org/sakshi@1234", "only a git or Mercurial"),
    "unhashed wheel URL": (f"sakshi @ {WHEEL}", "without #sha256"),
    "unhashed wheel URL alone": (WHEEL, "without #sha256"),
    "unhashed file URL": ("file:///opt/sakshi-1.0.0-py3-none-any.whl", "without #sha256"),
    "wheel path": ("./wheels/sakshi-1.0.0-py3-none-any.whl", "a file path can change"),
    "wheel file name": ("sakshi-1.0.0-py3-none-any.whl", "a file path can change"),
    "wheel path with sha256": (
        f"./wheels/sakshi-1.0.0-py3-none-any.whl#sha256={SHA256}",
        "pip takes no #sha256 on a plain path",
    ),
    "uppercase sha256": (f"sakshi @ {WHEEL}#sha256={SHA256.upper()}", "never matches"),
    "short sha256": (f"sakshi @ {WHEEL}#sha256={SHA256[:63]}", "not 64 hex digits"),
    "md5": (f"sakshi @ {WHEEL}#md5=0db94991801bd951da55fb07d7ece1f5", "'md5=' is not sha256"),
    "sha1": (f"sakshi @ {WHEEL}#sha1={COMMIT}", "'sha1=' is not sha256"),
    "md5 before sha256": (f"sakshi @ {WHEEL}#md5=0db9&sha256={SHA256}", "more than one hash"),
    # pip reads no hash from "?sha256=", but reads "&sha256=" in a query before the '#'.
    "sha256 as the query": (f"sakshi @ {WHEEL}?sha256={SHA256}", "without #sha256"),
    "sha256 in the query and fragment": (
        f"sakshi @ {WHEEL}?a=1&sha256={'0' * 64}#sha256={SHA256}",
        "in the URL's query",
    ),
    "URL with --hash only": (f"sakshi @ {WHEEL} --hash=sha256:{SHA256}", "without #sha256"),
    "ftp URL": (f"sakshi @ ftp://example.org/sakshi.whl#sha256={SHA256}", "no 'ftp:' URL"),
    "bare name": ("sakshi", "a bare name"),
    "lower bound": ("sakshi>=1", "a version range"),
    "compatible release": ("sakshi~=1.0", "a version range"),
    "exclusion": ("sakshi!=1.0", "a version range"),
    "exact within a range": ("sakshi==1.0,<2", "a version range"),
    "bounds that meet": ("sakshi>=1.0,<=1.0", "a version range"),
    "wildcard": ("sakshi==1.*", "a wildcard"),
    "arbitrary equality": ("sakshi===1.0", "'===' compares the version's text"),
    "not a version": ("sakshi==latest", "not one pip prints"),
    "extras with a range": ("sakshi[x]>=1.0", "a version range"),
    "marker": ("sakshi==1.0; python_version < '3'", "an environment marker"),
    "index option": ("sakshi==1.0 --index-url https://evil.example", "a pip option"),
    "editable": (f"-e {REPO}@{COMMIT}#egg=sakshi", "a pip option"),
    "another requirements file": ("-r other.txt", "a pip option"),
    "weak --hash": ("sakshi==1.0 --hash=md5:0db94991801bd951da55fb07d7ece1f5", "only --hash="),
    "uppercase --hash": (f"sakshi==1.0 --hash=sha256:{SHA256.upper()}", "only --hash="),
}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("form", PINNED.values(), ids=PINNED.keys())
def test_a_pinned_form_is_written_as_given(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_pinned(f"  {form}\n") == form
    code, out, err = run(capsys, "init", "evals", "--install", form)
    assert code == 0, err
    workflow = yaml.safe_load((tmp_path / "evals" / "ci" / "sakshi.yml").read_text("utf-8"))
    [action] = [
        s
        for s in workflow["jobs"]["evidence-gate"]["steps"]
        if "with" in s and "sakshi" in s["with"]
    ]
    assert action["with"]["sakshi"] == form and f"installs {form};" in out


@pytest.mark.parametrize(("form", "why"), NOT_PINNED.values(), ids=NOT_PINNED.keys())
def test_anything_else_is_refused_and_nothing_is_written(
    form: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(InputError) as caught:
        check_pinned(form)
    assert caught.value.key is None and caught.value.source == "--install"
    assert why in caught.value.problem and "is not pinned" in caught.value.problem
    code, out, err = run(capsys, "init", "evals", "--install", form)
    assert code == 2 and out == ""
    assert err.startswith("sakshi: error: --install: ") and len(err.strip().splitlines()) == 1
    assert why in err and "Traceback" not in err
    assert not (tmp_path / "evals").exists()
