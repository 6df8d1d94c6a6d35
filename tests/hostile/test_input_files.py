"""Hostile: inputs that are not regular files (issue 11, item 9; SPEC sections 1 and 2).

A FIFO blocks whoever opens it; ``/dev/zero`` has a size of 0 and never ends, so a size
limit that trusts ``st_size`` reads it until memory runs out. Wherever sakshi reads a
file, such an input (and a folder, and a socket) is exit 2 with one line naming it, at
once. Each case runs the real command in a child process bounded in time and memory, so
a regression fails the test instead of hanging the suite or filling the machine.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from grade_inputs import DOCS_YAML, SPAN_LINE, turn_record

from sakshi.errors import InputError
from sakshi.inputs.files import open_regular, read_bytes

SECONDS = 30  # the refusals take milliseconds; this only bounds a regression
MEMORY = 1 << 30  # address space of the child: /dev/zero read whole dies here, not the host

TURN = turn_record()


@dataclass(frozen=True)
class Ran:
    """What the child process did."""

    code: int
    out: str
    err: str


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def sakshi(cwd: Path, *args: str, env: dict[str, str] | None = None) -> Ran:
    """``sakshi ARGS`` in ``cwd``, in a child process with a time and a memory bound."""
    completed = subprocess.run(
        [sys.executable, "-m", "sakshi", *args],
        cwd=cwd,
        capture_output=True,
        timeout=SECONDS,
        preexec_fn=_bounded,
        env={**os.environ, **(env or {})},
        check=False,
    )
    return Ran(
        completed.returncode,
        completed.stdout.decode("utf-8", "replace"),
        completed.stderr.decode("utf-8", "replace"),
    )


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


HOSTILE: dict[str, Callable[[Path], None]] = {"fifo": _fifo, "dev-zero": _dev_zero}
# How each is named in the refusal.
KIND = {"fifo": "FIFO", "dev-zero": "character device"}
# Under a folder that must hold the file (a pack's, --documents, --root), the link to
# /dev/zero is refused first for leaving the folder.
KIND_INSIDE = {"fifo": "FIFO", "dev-zero": "outside"}


def refused(ran: Ran, path: str, *problems: str) -> None:
    """Exit 2 with one line that names ``path`` and each of ``problems``."""
    assert ran.code == 2, ran.err
    assert ran.err.count("\n") == 1 and "Traceback" not in ran.err, ran.err
    assert "internal error" not in ran.err, ran.err
    assert path in ran.err and all(problem in ran.err for problem in problems), ran.err


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "docs.yaml").write_text(DOCS_YAML, encoding="utf-8")
    (tmp_path / "spans.jsonl").write_text(SPAN_LINE, encoding="utf-8")
    (tmp_path / "turns.jsonl").write_text(json.dumps(TURN) + "\n", encoding="utf-8")
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "grn.txt").write_text("Quantity received: 42.500 MT\n")
    return tmp_path


# --- each command's own input files ------------------------------------------------------

ARGV: dict[str, list[str]] = {
    "DOCS.yaml": ["verify-spans", "hostile", "spans.jsonl"],
    "SPANS": ["verify-spans", "docs.yaml", "hostile"],
    "TURNS": ["grade", "hostile", "--documents", "documents"],
    "corpus": ["run", "recovery", "documents", "--corpus", "hostile"],
    "reinterpret input": ["report", "reinterpret", "hostile", "--out", "new.json"],
    "import-citations response": [
        "import-citations",
        "hostile",
        "--from",
        "anthropic",
        "--request",
        "docs.yaml",
        "--out",
        "p.yaml",
    ],
    "import-citations request": [
        "import-citations",
        "spans.jsonl",
        "--from",
        "anthropic",
        "--request",
        "hostile",
        "--out",
        "p.yaml",
    ],
    "view input": ["view", "hostile", "--out", "v.html"],
    "PDF": ["docs", "extract", "hostile", "--out", "d.yaml"],
    "identity --source": ["identity", "--root", ".", "--source", "x=hostile"],
}


@pytest.mark.parametrize("form", HOSTILE)
@pytest.mark.parametrize("what", ARGV)
def test_a_command_input_that_is_not_a_file_is_refused(folder: Path, what: str, form: str) -> None:
    HOSTILE[form](folder / "hostile")
    kind = (KIND_INSIDE if what == "identity --source" else KIND)[form]
    refused(sakshi(folder, *ARGV[what]), "hostile", kind)
    assert not {"new.json", "p.yaml", "v.html", "d.yaml"} & {p.name for p in folder.iterdir()}


@pytest.mark.parametrize("form", HOSTILE)
def test_a_pack_that_is_not_a_file_is_refused(folder: Path, form: str) -> None:
    HOSTILE[form](folder / "pack.yaml")
    refused(sakshi(folder, "run", "context", "pack.yaml"), "pack.yaml")


@pytest.mark.parametrize("form", HOSTILE)
def test_models_json_that_is_not_a_file_is_refused(folder: Path, form: str) -> None:
    pi = folder / "pi"
    pi.write_text("#!/bin/sh\nexit 1\n")
    pi.chmod(0o755)
    HOSTILE[form](folder / "models.json")
    argv = ["live", "recovery", "--pi", str(pi), "--models-json", "models.json"]
    ran = sakshi(folder, *argv, env={"SAKSHI_EVAL_MODELS": "local/m"})
    refused(ran, "models.json", KIND[form])


# --- files a document or a run folder names ----------------------------------------------


@pytest.mark.parametrize("form", HOSTILE)
@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("file: hostile.txt", "documents[0].file"),
        ("pages_files: [ok.txt, hostile.txt]", "documents[0].pages_files[1]"),
    ],
)
def test_a_document_file_that_is_not_a_file_is_refused(
    folder: Path, form: str, body: str, key: str
) -> None:
    (folder / "ok.txt").write_text("Cheque No.: 004512")
    HOSTILE[form](folder / "hostile.txt")
    (folder / "docs.yaml").write_text(f"documents:\n  - id: memo\n    {body}\n")
    problem = {"fifo": "not a regular file", "dev-zero": "outside"}[form]
    refused(sakshi(folder, "verify-spans", "docs.yaml", "spans.jsonl"), key, problem)


@pytest.mark.parametrize("form", HOSTILE)
@pytest.mark.parametrize("name", ["grn.txt", "grn.yaml"])
def test_a_grade_document_that_is_not_a_file_is_refused(folder: Path, form: str, name: str) -> None:
    (folder / "documents" / "grn.txt").unlink()
    HOSTILE[form](folder / "documents" / name)
    ran = sakshi(folder, "grade", "turns.jsonl", "--documents", "documents")
    refused(ran, name, KIND_INSIDE[form])


@pytest.mark.parametrize("form", HOSTILE)
@pytest.mark.parametrize("name", ["trace.jsonl", "case.json"])
def test_a_run_file_that_is_not_a_file_never_hangs(folder: Path, form: str, name: str) -> None:
    run = folder / "runs" / "r1"
    run.mkdir(parents=True)
    (run / "case.json").write_text('{"case_id": "x"}')
    (run / "trace.jsonl").write_text("")
    (run / name).unlink()
    HOSTILE[form](run / name)
    ran = sakshi(folder, "run", "recovery", "runs", "--out", "r.json")
    assert ran.code == 2 and "Traceback" not in ran.err and "internal error" not in ran.err


# --- folders and sockets, and the reader itself -------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["verify-spans", "documents", "spans.jsonl"],
        ["verify-spans", "docs.yaml", "documents"],
        ["grade", "documents", "--documents", "documents"],
        ["view", "documents", "--out", "v.html"],
        ["report", "reinterpret", "documents", "--out", "n.json"],
    ],
    ids=["DOCS.yaml", "SPANS", "TURNS", "view", "reinterpret"],
)
def test_a_folder_is_refused_where_a_file_is_read(folder: Path, argv: list[str]) -> None:
    ran = sakshi(folder, *argv)
    assert ran.code == 2 and "documents" in ran.err and "Traceback" not in ran.err, ran.err


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(path))
    except OSError as exc:  # a path too long for a socket address
        listener.close()
        pytest.skip(f"no unix socket here: {exc}")
    yield path
    listener.close()


def test_a_socket_is_refused(unix_socket: Path) -> None:
    with pytest.raises(InputError, match="is a socket"):
        read_bytes(unix_socket, "sock", "a YAML file")


@pytest.mark.parametrize("form", HOSTILE)
def test_open_regular_never_blocks_and_names_the_kind(tmp_path: Path, form: str) -> None:
    # In process: guarded by the child-process tests above, which fail first if it hangs.
    HOSTILE[form](tmp_path / "hostile")
    with pytest.raises(InputError, match=KIND[form]):
        open_regular(tmp_path / "hostile", "hostile", "a file")


def test_a_file_that_grows_past_the_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 100)
    with pytest.raises(InputError, match="the limit is 10"):
        read_bytes(path, "grows.json", "a JSON file", limit=10)
    assert read_bytes(path, "grows.json", "a JSON file", limit=100) == b"x" * 100
