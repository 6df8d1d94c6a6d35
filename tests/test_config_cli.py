"""Configuration (sakshi.toml, [tool.sakshi]), shared documents and the report folder's
identity (issue 14 items 3, 6 and 10), through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli_fresh as run

from sakshi.cli import main


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # the search for a configuration stops here
    assert main(["init", "evals"]) == 0


def test_configured_packs_run_with_no_path_and_the_first_line_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "team"\n[tool.sakshi]\npacks = ["evals/packs"]\nformat = "json"\n',
        "utf-8",
    )
    code, out, err = run(capsys, "run", "context")
    assert code == 0, err
    assert err.splitlines()[0] == (
        "sakshi: running the project's packs ([tool.sakshi] packs in pyproject.toml): evals/packs"
    )
    assert {p["id"] for p in json.loads(out)["packs"]} == {
        "starter-live",
        "starter-none",
        "starter-partial",
        "starter-stubbed",
    }
    # A flag wins over the configured format.
    code, out, _ = run(capsys, "run", "context", "--format", "text")
    assert code == 0 and "4 held, 0 failed" in out


def test_no_configuration_runs_the_shipped_examples_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, _, err = run(capsys, "run", "context", "--format", "json")
    assert "example packs that ship with sakshi" in err.splitlines()[0]


def test_sakshi_toml_is_found_from_a_subfolder_and_its_paths_are_its_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sakshi.toml").write_text(
        'packs = ["evals/packs"]\noutputs = ["evals/out.json"]\n', "utf-8"
    )
    monkeypatch.chdir(tmp_path / "evals" / "ci")
    code, out, err = run(capsys, "run", "context")
    assert code == 0, err
    # The configured output goes to this run's own folder beside it (evals/<run>/out.json).
    [report] = (tmp_path / "evals").glob("*/out.json")
    assert out == "" and json.loads(report.read_text("utf-8"))
    assert "sakshi.toml" in err.splitlines()[0]
    assert f"sakshi: this run's folder: {report.parent}/ (outputs in" in err


def test_both_files_configuring_sakshi_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "sakshi.toml").write_text('packs = ["evals/packs"]\n', "utf-8")
    (tmp_path / "pyproject.toml").write_text('[tool.sakshi]\nroute = "reference"\n', "utf-8")
    code, _, err = run(capsys, "run", "context")
    assert code == 2 and "sakshi.toml" in err and "one of them" in err


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[tool.sakshi]\npakcs = ["evals"]\n', "tool.sakshi.pakcs"),
        ("[tool.sakshi]\npacks = 3\n", "tool.sakshi.packs"),
        ('[tool.sakshi]\nformat = "yaml"\n', "tool.sakshi.format"),
        ("[tool.sakshi]\nroute-timeout = -1\n", "tool.sakshi.route-timeout"),
        ("[tool.sakshi]\ndocuments = 7\n", "tool.sakshi.documents"),
    ],
)
def test_a_bad_key_is_exit_2_naming_the_file_and_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, key: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, "utf-8")
    code, out, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and out == ""
    assert "pyproject.toml" in err and key in err


def test_a_fifo_named_pyproject_is_refused_not_waited_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    os.mkfifo(tmp_path / "pyproject.toml")
    code, _, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and "FIFO" in err


def test_configured_route_exec(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(3)\n", "utf-8")
    command = f"{sys.executable} {crash}"
    (tmp_path / "sakshi.toml").write_text(f"route-exec = {json.dumps(command)}\n", "utf-8")
    code, out, _ = run(capsys, "run", "context", "evals/packs", "--format", "json")
    assert code == 1
    reasons = {p["id"]: p["reasons"] for p in json.loads(out)["packs"]}
    assert reasons["starter-live"] == ["ROUTE_FAILED"]


def test_a_configured_route_exec_that_cannot_run_names_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "sakshi.toml").write_text('route-exec = "no-such-program-for-sakshi"\n', "utf-8")
    code, out, err = run(capsys, "run", "context", "evals/packs", "--format", "json")
    assert (code, out) == (2, "")
    assert "route-exec in sakshi.toml: cannot run 'no-such-program-for-sakshi'" in err


# --- shared documents -------------------------------------------------------------------

SHARED_PACK = """\
pack: sakshi.pack.v1
id: {id}
engine_state: live
documents:
  - ref: lease
bundle: {{facts: []}}
turn:
  context_provenance: {{engine_state: live, bundle_sha256: "{digest}"}}
  values:
    - field: rent
      value: "Rs. 42,000"
      why: "The lease fixes the monthly rent."
      cite: {{doc: lease, quote: "Monthly rent: Rs. 42,000"}}
"""


def shared_project(tmp_path: Path) -> None:
    from sakshi.context.turns import bundle_sha256

    docs = tmp_path / "documents"
    docs.mkdir()
    (docs / "lease.txt").write_bytes(b"LEASE\r\nMonthly rent: Rs. 42,000\r\n")
    packs = tmp_path / "shared-packs"
    packs.mkdir()
    for pack_id in ("lease-a", "lease-b"):
        (packs / f"{pack_id}.yaml").write_text(
            SHARED_PACK.format(id=pack_id, digest=bundle_sha256({"facts": []})), "utf-8"
        )
    (tmp_path / "sakshi.toml").write_text('documents = "documents"\n', "utf-8")


def test_two_packs_cite_one_shared_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shared_project(tmp_path)
    code, out, err = run(capsys, "run", "context", "shared-packs", "--format", "json")
    assert code == 0, err
    assert [p["verdict"] for p in json.loads(out)["packs"]] == ["green", "green"]


def test_a_docs_extract_output_serves_as_a_shared_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shared_project(tmp_path)
    (tmp_path / "documents" / "lease.txt").unlink()
    (tmp_path / "documents" / "lease.yaml").write_text(
        "documents:\n  - id: lease\n    meta: {extractor: pypdf}\n"
        '    pages: ["LEASE\\nMonthly rent: Rs. 42,000\\n"]\n',
        "utf-8",
    )
    code, _, err = run(capsys, "run", "context", "shared-packs")
    assert code == 0, err


def test_a_shared_document_without_a_root_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shared_project(tmp_path)
    (tmp_path / "sakshi.toml").unlink()
    code, _, err = run(capsys, "run", "context", "shared-packs")
    assert code == 2 and "documents root" in err and "documents[0].ref" in err


@pytest.mark.parametrize("ref", ["../secret", "sub/lease", ".hidden"])
def test_a_ref_is_a_plain_id(capsys: pytest.CaptureFixture[str], tmp_path: Path, ref: str) -> None:
    shared_project(tmp_path)
    pack = tmp_path / "shared-packs" / "lease-a.yaml"
    pack.write_text(pack.read_text("utf-8").replace("ref: lease", f'ref: "{ref}"'), "utf-8")
    code, _, err = run(capsys, "run", "context", "shared-packs")
    assert code == 2 and "document id" in err


def test_a_symlink_out_of_the_documents_root_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shared_project(tmp_path)
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"LEASE\r\nMonthly rent: Rs. 42,000\r\n")
    (tmp_path / "documents" / "lease.txt").unlink()
    (tmp_path / "documents" / "lease.txt").symlink_to(outside)
    code, _, err = run(capsys, "run", "context", "shared-packs")
    assert code == 2 and "outside the documents root" in err


# --- the report folder and the run identity ------------------------------------------------


def git(tmp_path: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)


def test_reports_never_make_the_next_run_dirty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from test_recovery_cli import passing_runs

    runs, corpus = passing_runs(tmp_path)
    (tmp_path / ".git").rmdir()
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    # CI's reports (init's workflow writes them under the gitignored evals/reports/) ...
    (tmp_path / "evals" / "reports").mkdir()
    assert run(capsys, "run", "context", "evals/packs", "--out", "evals/reports/r.json")[0] == 0
    # ... and a recovery run's default report folder, reports/, which sakshi makes.
    assert run(capsys, "run", "recovery", str(runs), "--corpus", str(corpus))[0] == 0
    assert (tmp_path / "reports" / ".gitignore").is_file()
    code, out, _ = run(capsys, "identity")
    assert code == 0 and json.loads(out)["git"]["dirty"] is False
    # A real source change still shows.
    (tmp_path / "evals" / "packs" / "extra.txt").write_text("new", "utf-8")
    assert json.loads(run(capsys, "identity")[1])["git"]["dirty"] is True


def test_a_reports_folder_the_project_has_is_left_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from test_recovery_cli import passing_runs

    runs, corpus = passing_runs(tmp_path)
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "q3.md").write_text("the team's own", "utf-8")
    assert run(capsys, "run", "recovery", str(runs), "--corpus", str(corpus))[0] == 0
    assert not (tmp_path / "reports" / ".gitignore").exists()


# --- fields files ----------------------------------------------------------------------------

FIELDS = """\
fields:
  promised_date: {type: date, cues: [delivery by]}
  price: {type: money, currency: INR, cues: [price]}
  delivered_date: {type: date, cues: [received]}
"""


def move_fields_out(tmp_path: Path, price: str) -> None:
    live = tmp_path / "evals" / "packs" / "live.yaml"
    lines = live.read_text("utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("fields:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith(" "))
    text = "".join(lines[:start] + lines[end:])
    live.write_text(text.replace('value: "Rs 6,40,000"', f'value: "{price}"'), "utf-8")
    (tmp_path / "evals" / "fields.yaml").write_text(FIELDS, "utf-8")


def test_configured_fields_files_serve_packs_without_their_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    move_fields_out(tmp_path, "Rs 6,50,000")
    (tmp_path / "sakshi.toml").write_text('fields = ["evals/fields.yaml"]\n', "utf-8")
    code, out, _ = run(capsys, "run", "context", "evals/packs", "--format", "json")
    reasons = {p["id"]: p["reasons"] for p in json.loads(out)["packs"]}
    assert code == 1 and reasons["starter-live"] == ["VALUE_UNSUPPORTED"]


def test_a_bad_fields_file_is_exit_2_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    move_fields_out(tmp_path, "Rs 6,40,000")
    (tmp_path / "evals" / "fields.yaml").write_text("fields:\n  price: {type: moolah}\n", "utf-8")
    (tmp_path / "sakshi.toml").write_text('fields = ["evals/fields.yaml"]\n', "utf-8")
    code, _, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and "evals/fields.yaml" in err and "fields.price" in err
