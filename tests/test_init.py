"""``sakshi init DIR``: a starter folder whose packs are green right away."""

from __future__ import annotations

import json
import re
import sys
from importlib.resources import files
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

from sakshi.cli import main
from sakshi.commands.init import Placeholders, render

EXPECTED = [
    ".gitignore",
    "README.md",
    "ci/constraints.txt",
    "ci/pre-commit-hook.yml",
    "ci/sakshi.yml",
    "packs/docs/complaint-email.txt",
    "packs/live.yaml",
    "packs/none.yaml",
    "packs/partial.yaml",
    "packs/stubbed.yaml",
]


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # relative DIRs, and no pyproject.toml route


def listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_init_writes_a_starter_whose_packs_are_green(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "init", "evals")
    assert code == 0, err
    assert listing(tmp_path / "evals") == EXPECTED
    assert "sakshi run context evals/packs" in out

    code, out, err = run(capsys, "run", "context", "evals/packs", "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert {p["engine_state"] for p in report["packs"]} == {"live", "partial", "stubbed", "none"}
    assert all(p["verdict"] == "green" and p["held"] for p in report["packs"])
    assert (report["held"], report["failed"]) == (4, 0)
    # The whole folder holds the CI's YAML files too: each YAML file found must be a pack
    # (SPEC 4), so that is exit 2 naming one of them, never a silent skip.
    code, _, err = run(capsys, "run", "context", "evals")
    assert code == 2 and "evals/ci/" in err
    # The live pack qualifies for prove, and every mutant flips.
    assert run(capsys, "prove", "evals/packs")[0] == 0


def test_every_document_body_kind_is_shown(tmp_path: Path) -> None:
    assert main(["init", "s"]) == 0
    kinds = set()
    for pack in (tmp_path / "s" / "packs").glob("*.yaml"):
        data = yaml.safe_load(pack.read_text(encoding="utf-8"))
        for doc in data.get("documents", []):
            kinds |= {"text", "pages", "blocks", "file"} & set(doc)
    assert kinds == {"text", "pages", "blocks", "file"}
    # The file document keeps its CRLF line ends byte for byte.
    assert b"\r\n" in (tmp_path / "s" / "packs" / "docs" / "complaint-email.txt").read_bytes()


def test_the_ci_snippets_name_the_packs_folder(tmp_path: Path) -> None:
    assert main(["init", "tools/sakshi-evals"]) == 0
    root = tmp_path / "tools" / "sakshi-evals"
    workflow = yaml.safe_load((root / "ci" / "sakshi.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["evidence-gate"]["steps"]
    [action] = [s for s in steps if "/" in s.get("uses", "") and "actions/" not in s["uses"]]
    assert action["with"] == {
        "python": "python",
        "sakshi": "",
        "constraints": "tools/sakshi-evals/ci/constraints.txt",
        "packs": "tools/sakshi-evals/packs",
        "report-dir": "tools/sakshi-evals/reports",
    }
    assert steps[-1] == {"run": "sakshi prove tools/sakshi-evals/packs"}
    hook = yaml.safe_load((root / "ci" / "pre-commit-hook.yml").read_text(encoding="utf-8"))
    [entry] = hook["repos"]
    assert entry["repo"] == "local"
    [h] = entry["hooks"]
    assert h["entry"] == "sakshi run context tools/sakshi-evals/packs"
    assert h["language"] == "system" and h["pass_filenames"] is False
    assert re.match(h["files"], "tools/sakshi-evals/packs/live.yaml")
    assert not re.match(h["files"], "tools/other/live.yaml")
    assert "{{" not in (root / "README.md").read_text(encoding="utf-8")


def test_an_absolute_dir_inside_the_cwd_is_named_relatively(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path / "evals")]) == 0
    assert "packs: evals/packs\n" in (tmp_path / "evals" / "ci" / "sakshi.yml").read_text("utf-8")


def test_an_empty_existing_dir_is_used(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert run(capsys, "init", "empty")[0] == 0
    assert listing(tmp_path / "empty") == EXPECTED


def test_a_non_empty_dir_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "keep.txt").write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "init", "busy")
    assert code == 2 and "not empty" in err and err.count("\n") == 1
    assert listing(tmp_path / "busy") == ["keep.txt"]


def test_a_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x", encoding="utf-8")
    code, _, err = run(capsys, "init", "f")
    assert code == 2 and "not a folder" in err


def test_the_templates_ship_as_package_data() -> None:
    root = files("sakshi") / "templates" / "init"
    assert (root / "packs" / "live.yaml").is_file()
    assert (root / "ci" / "sakshi.yml").is_file()


def test_render_fills_only_text_templates() -> None:
    values = Placeholders("d", "d/packs", "team/sakshi@" + "a" * 40, 'x @ "y"')
    assert render(b"run {{packs}} in {{dir}}", "x.yml", values) == b"run d/packs in d"
    assert render(b"{{packs}}", "doc.txt", values) == b"{{packs}}"
    # The install line goes in as a string YAML reads back exactly.
    assert render(b"s: {{install_yaml}}", "x.yml", values) == b's: "x @ \\"y\\""'
    assert yaml.safe_load(render(b"s: {{install_yaml}}", "x.yml", values)) == {"s": 'x @ "y"'}


def _action_step(folder: Path) -> dict[str, object]:
    workflow = yaml.safe_load((folder / "ci" / "sakshi.yml").read_text("utf-8"))
    [step] = [
        s
        for s in workflow["jobs"]["evidence-gate"]["steps"]
        if "with" in s and "python" in s["with"]
    ]
    assert isinstance(step, dict)
    return step


def test_ci_uses_the_action_at_a_full_commit_or_a_placeholder_that_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "init", "evals")
    assert code == 0, err
    uses = str(_action_step(tmp_path / "evals")["uses"])
    # Run from this checkout: its HEAD (OWNER/REPO when its origin is on GitHub), else
    # the placeholder no repository can be, and init says what to do.
    assert re.fullmatch(r"(?:[\w.-]+/[\w.-]+|<OWNER>/<REPO>)@(?:[0-9a-f]{40}|<COMMIT>)", uses)
    if "<" in uses:
        assert "warning:" in err and "--action OWNER/REPO@<commit>" in err
    workflow = (tmp_path / "evals" / "ci" / "sakshi.yml").read_text("utf-8")
    assert "pip install" not in workflow and "{{" not in workflow
    # The reports folder CI writes is gitignored by the folder's own new .gitignore.
    assert "/reports/" in (tmp_path / "evals" / ".gitignore").read_text("utf-8").splitlines()


def test_action_names_the_commit_the_workflow_uses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    commit = "0123456789abcdef" * 2 + "01234567"
    code, out, err = run(capsys, "init", "evals", "--action", f"team/sakshi@{commit}")
    assert code == 0, err
    assert _action_step(tmp_path / "evals")["uses"] == f"team/sakshi@{commit}"
    assert f"uses the Action team/sakshi@{commit}" in out and "warning" not in err


@pytest.mark.parametrize(
    "action",
    [
        "team/sakshi@main",
        "team/sakshi@v0.1.0",
        "team/sakshi@0123456",
        "sakshi@" + "a" * 40,
        "team/sakshi@" + "A" * 40,
        "./",
        "team/sakshi",
    ],
)
def test_action_refuses_a_moving_or_partial_ref(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, action: str
) -> None:
    code, _, err = run(capsys, "init", "evals", "--action", action)
    assert code == 2 and "--action" in err and "40-hex commit" in err
    assert not (tmp_path / "evals").exists()


def test_the_constraints_pin_every_dependency_as_installed(tmp_path: Path) -> None:
    from importlib import metadata

    assert main(["init", "evals"]) == 0
    lines = (tmp_path / "evals" / "ci" / "constraints.txt").read_text("utf-8").splitlines()
    pins = [line for line in lines if not line.startswith("#")]
    names = {pin.split("==")[0].lower() for pin in pins}
    # sakshi's own requirements, and theirs (rich brings markdown-it-py), never sakshi.
    assert {"pyyaml", "click", "orjson", "rich", "pypdf", "rfc8785", "markdown-it-py"} <= names
    assert "sakshi" not in names
    for pin in pins:
        name, version = pin.split("==")
        assert metadata.version(name) == version


@pytest.mark.parametrize(
    "requirement",
    [
        "sakshi==0.1.0",
        "sakshi[dask]==0.1.0 --hash=sha256:" + "a" * 64,
        "sakshi @ git+https://example.org/team/sakshi@" + "0123456789abcdef" * 2 + "01234567",
        "sakshi @ https://example.org/wheels/sakshi-0.1.0-py3-none-any.whl#sha256=" + "a" * 64,
        "file:wheels/sakshi-0.1.0-py3-none-any.whl#sha256=" + "a" * 64,
    ],
)
def test_install_takes_a_pinned_requirement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, requirement: str
) -> None:
    code, out, err = run(capsys, "init", "evals", "--install", requirement)
    assert code == 0, err
    assert _action_step(tmp_path / "evals")["with"]["sakshi"] == requirement  # type: ignore[index]
    assert requirement in out


@pytest.mark.parametrize(
    "requirement",
    [
        "sakshi",
        "sakshi>=0.1",
        "sakshi==0.*",
        "sakshi~=0.1.0",
        "sakshi==1\nevil",
        # Moving targets (every form: tests/hostile/test_init_pins.py).
        "sakshi @ git+https://example.org/team/sakshi@0123456789abcdef",
        "sakshi @ https://example.org/wheels/sakshi-0.1.0-py3-none-any.whl",
        "./wheels/sakshi-0.1.0-py3-none-any.whl",
    ],
)
def test_install_refuses_an_unpinned_requirement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, requirement: str
) -> None:
    code, _, err = run(capsys, "init", "evals", "--install", requirement)
    assert code == 2 and "--install" in err
    assert not (tmp_path / "evals").exists()


def test_the_starter_packs_declare_every_value_and_prove_the_value_flip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["init", "evals"]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "run", "context", "evals/packs", "--format", "json")
    assert code == 0, err
    checks = [
        value["value_check"]
        for entry in json.loads(out)["packs"]
        for value in entry["values"]
        if value["value_check"] is not None
    ]
    # Every produced value is read as its declared type, and its quote states it.
    assert checks and all(c["type_source"] == "declared" and c["ok"] for c in checks)
    code, out, err = run(capsys, "prove", "evals/packs", "--format", "json")
    assert code == 0, err
    (entry,) = json.loads(out)["packs"]
    (changed,) = [f for f in entry["flips"] if f["mutant"] == "value-changed@live"]
    assert changed["flipped"] and changed["reasons"] == ["VALUE_UNSUPPORTED"]
    for pack in (tmp_path / "evals" / "packs").glob("*.yaml"):
        assert "\nfields:" in pack.read_text(encoding="utf-8"), pack.name
