"""``sakshi run recovery`` and ``sakshi identity`` end to end, through ``sakshi.cli.main``.

Run folders are built in tmp_path: ``case.json``, a trace (sakshi.trace.v1 or a Pi
session) and ``probe.json``. The content-free test plants canaries everywhere a run carries
content and proves that no output format leaks them, nor their hashes or encodings.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

HANDLE = "/tmp/pi-bash-1a2b3c4d.log"

CORPUS_YAML = """\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: t.temp
    kind: temp-output
    producer: bash
    prompt: "{prompt} Run cat on the file once and report the token on line L00050."
    source: {{path: {src}/big.txt, lines: 100, fact_line: 50}}
    fact: {fact}
  - id: t.offset
    kind: read-offset
    prompt: "{prompt} Read the file and report the token on line L00050."
    source: {{path: {src}/big.txt, lines: 100, fact_line: 50}}
    fact: {offset_fact}
"""

FACT = "QX7-TAMARIND-4471"
OFFSET_FACT = "VK2-MARIGOLD-9038"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without --out a report goes to ./reports/<stamp>/: keep it out of the repository.
    monkeypatch.chdir(tmp_path)


def write_corpus(
    folder: Path,
    *,
    prompt: str = "Please.",
    src: str = "notes",
    fact: str = FACT,
    offset_fact: str = OFFSET_FACT,
) -> Path:
    path = folder / "corpus.yaml"
    path.write_text(
        CORPUS_YAML.format(prompt=prompt, src=src, fact=fact, offset_fact=offset_fact),
        encoding="utf-8",
    )
    return path


def jsonl(lines: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(line).encode("utf-8") + b"\n" for line in lines)


def temp_trace(
    *,
    fact: str = FACT,
    handle: str = HANDLE,
    src: str = "notes",
    prompt: str = "Please.",
    arg: str = "",
    text: str = "",
) -> list[dict[str, Any]]:
    """A sakshi.trace.v1 temp-output run that holds the whole chain (with ``temp_probe``)."""
    return [
        {"kind": "message", "role": "user", "text": prompt},
        {
            "kind": "tool_call",
            "call_id": "c1",
            "tool": "bash",
            "args": {"command": f"cat {src}/big.txt {arg}"},
        },
        {
            "kind": "tool_result",
            "call_id": "c1",
            "tool": "bash",
            "is_error": False,
            "text": (
                f"L00099 amber {text}\nL00100 onyx\n\n"
                f"[Showing lines 51-100 of 100. Full output: {handle}]"
            ),
            "details": {"fullOutputPath": handle},
        },
        {"kind": "tool_call", "call_id": "c2", "tool": "read", "args": {"path": handle}},
        {
            "kind": "tool_result",
            "call_id": "c2",
            "tool": "read",
            "is_error": False,
            "text": (
                f"L00001 kelp {text}\n\n[Showing lines 1-50 of 100. Use offset=51 to continue.]"
            ),
        },
        {
            "kind": "tool_call",
            "call_id": "c3",
            "tool": "read",
            "args": {"path": handle, "offset": 51},
        },
        {
            "kind": "tool_result",
            "call_id": "c3",
            "tool": "read",
            "is_error": False,
            "text": f"L00050 {fact}\nL00051 {text}",
        },
        {"kind": "message", "role": "assistant", "text": fact},
    ]


def temp_probe(
    *, handle: str = HANDLE, src: str = "notes", extra: str = "", verified: bool = True
) -> dict[str, Any]:
    """The harness's probe; ``verified=False`` breaks the chain (CLEANUP_UNVERIFIED)."""
    return {
        "events": [
            {
                "event": "source_deleted",
                "path": f"/home/dev/proj/{src}/big.txt",
                "verified": verified,
                "after_call_id": "c1",
                "note": extra,
            },
            {
                "event": "handle_checked",
                "handle": handle,
                "readable": True,
                "fact_present": True,
                "after_call_id": "c1",
            },
        ]
    }


def offset_trace(
    *, fact: str = OFFSET_FACT, src: str = "notes", text: str = ""
) -> list[dict[str, Any]]:
    return [
        {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": f"{src}/big.txt"}},
        {
            "kind": "tool_result",
            "call_id": "c1",
            "tool": "read",
            "is_error": False,
            "text": (
                f"L00001 kelp {text}\n\n[Showing lines 1-40 of 100. Use offset=41 to continue.]"
            ),
        },
        {
            "kind": "tool_call",
            "call_id": "c2",
            "tool": "read",
            "args": {"path": f"{src}/big.txt", "offset": 41},
        },
        {
            "kind": "tool_result",
            "call_id": "c2",
            "tool": "read",
            "is_error": False,
            "text": f"L00050 {fact}",
        },
        {"kind": "message", "role": "assistant", "text": f"The token is {fact}."},
    ]


def make_run(
    runs: Path,
    name: str,
    case_id: str | None,
    trace: bytes | None,
    probe: dict[str, Any] | bytes | None = None,
    trace_name: str = "trace.jsonl",
) -> Path:
    folder = runs / name
    folder.mkdir(parents=True)
    if case_id is not None:
        (folder / "case.json").write_text(json.dumps({"case_id": case_id}), encoding="utf-8")
    if trace is not None:
        (folder / trace_name).write_bytes(trace)
    if probe is not None:
        (folder / "probe.json").write_bytes(
            probe if isinstance(probe, bytes) else json.dumps(probe).encode()
        )
    return folder


def passing_runs(tmp_path: Path) -> tuple[Path, Path]:
    corpus = write_corpus(tmp_path)
    runs = tmp_path / "runs"
    make_run(runs, "run-a", "t.temp", jsonl(temp_trace()), temp_probe())
    make_run(runs, "run-b", "t.offset", jsonl(offset_trace()))
    return runs, corpus


def recover(
    capsys: pytest.CaptureFixture[str], runs: Path, corpus: Path, *options: str
) -> tuple[int, str, str]:
    """``sakshi run recovery RUNS --corpus CORPUS OPTIONS...`` through ``main``."""
    return run(capsys, "run", "recovery", str(runs), "--corpus", str(corpus), *options)


# --- exit codes --------------------------------------------------------------------------------


def test_exit_0_when_every_case_passed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    code, out, err = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 0, err
    report = json.loads(out)
    assert [(c["run"], c["id"], c["status"], c["reasons"]) for c in report["cases"]] == [
        ("run-a", "t.temp", "pass", []),
        ("run-b", "t.offset", "pass", []),
    ]


def test_exit_1_with_a_failing_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", jsonl(temp_trace()), temp_probe(verified=False))
    code, out, _ = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 1
    failed = json.loads(out)["cases"][2]
    assert failed["run"] == "run-c"
    assert failed["status"] == "fail"
    assert failed["reasons"] == ["CLEANUP_UNVERIFIED"]
    assert (failed["task_pass"], failed["strategy_pass"]) == (True, False)


def test_exit_2_for_an_unknown_case_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-z", "t.nope", jsonl(temp_trace()))
    code, out, err = recover(capsys, runs, corpus, "--out", str(tmp_path / "r.txt"))
    assert code == 2
    assert "t.nope" in err
    assert out == ""
    assert not (tmp_path / "r.txt").exists()


def test_exit_2_for_a_run_folder_without_case_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-z", None, jsonl(temp_trace()))
    code, _, err = recover(capsys, runs, corpus, "--out", str(tmp_path / "r.txt"))
    assert code == 2
    assert "case.json" in err
    assert not (tmp_path / "r.txt").exists()


@pytest.mark.parametrize(
    "bad",
    [
        (
            b'{"kind": "tool_call", "call_id": "c1", "tool": "bash"}\n'
            b'{"kind": "tool_result", "call_id": "c1", "text": '
        ),
        b'{"kind": "thought"}\n',
        b"\x00\xff garbage\n",
    ],
)
def test_exit_2_and_trace_malformed_for_an_unreadable_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: bytes
) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", bad)
    code, out, err = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 2
    report = json.loads(out)
    broken = report["cases"][2]
    assert broken["run"] == "run-c"
    assert broken["status"] == "error"
    assert broken["reasons"] == ["TRACE_MALFORMED"]
    assert (broken["task_pass"], broken["strategy_pass"]) == (False, False)
    assert [c["status"] for c in report["cases"][:2]] == [
        "pass",
        "pass",
    ]  # the others are still graded
    assert report["summary"]["error"] == 1
    assert "sakshi: error:" in err
    assert (tmp_path / "r.json").read_bytes() == out.encode()


def test_a_malformed_probe_is_trace_malformed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", jsonl(temp_trace()), b"{not json")
    make_run(
        runs,
        "run-d",
        "t.temp",
        jsonl(temp_trace()),
        {"events": [{"event": "x", "after_call_id": "c99"}]},
    )
    code, out, _ = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 2
    assert [c["status"] for c in json.loads(out)["cases"]] == ["pass", "pass", "error", "error"]


def test_a_single_run_folder_is_a_runs_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    code, out, _ = recover(
        capsys, runs / "run-b", corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 0
    assert [c["run"] for c in json.loads(out)["cases"]] == ["run-b"]


def test_exit_2_for_no_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_corpus(tmp_path)
    (tmp_path / "empty").mkdir()
    assert recover(capsys, tmp_path / "empty", corpus)[0] == 2
    assert recover(capsys, tmp_path / "missing", corpus)[0] == 2


# --- formats -----------------------------------------------------------------------------------

CASE_KEYS = {"id", "run", "status", "reasons", "task_pass", "strategy_pass", "tool_names", "counts"}


def test_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", jsonl(temp_trace()), temp_probe(verified=False))
    code, out, _ = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 1
    report = json.loads(out)
    assert report["report"] == "sakshi.recovery-report.v2"
    identity = report["identity"]
    assert identity["identity"] == "sakshi.run-identity.v1"
    assert {"versions", "git", "sources", "runtime"} <= set(identity)
    assert {"python", "platform", "arch", "sakshi"} <= set(identity["runtime"])
    assert set(identity["git"]) == {"head", "dirty"}
    assert len(report["cases"]) == 3
    for case in report["cases"]:
        assert CASE_KEYS <= set(case)
        assert case["status"] in ("pass", "fail", "unknown", "error")
        assert all(isinstance(code, str) and code.isupper() for code in case["reasons"])
        assert isinstance(case["task_pass"], bool) and isinstance(case["strategy_pass"], bool)
        assert all(isinstance(name, str) for name in case["tool_names"])
        assert all(isinstance(v, int) for v in case["counts"].values())
    first = report["cases"][0]
    assert first["tool_names"] == ["bash", "read"]
    assert first["counts"]["tool_calls"] == 3
    assert first["counts"]["harness_events"] == 2
    assert report["summary"] == {"pass": 2, "fail": 1, "unknown": 0, "error": 0}


def test_junit_parses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", jsonl(temp_trace()), temp_probe(verified=False))
    make_run(runs, "run-d", "t.temp", b"{oops\n")
    code, out, _ = recover(
        capsys, runs, corpus, "--format", "junit", "--out", str(tmp_path / "r.xml")
    )
    assert code == 2
    root = ET.fromstring(out)
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("4", "1", "1")
    cases = root.findall("./testsuite/testcase")
    assert [c.get("name") for c in cases] == ["run-a", "run-b", "run-c", "run-d"]
    assert cases[0].find("failure") is None and cases[0].find("error") is None
    failure = cases[2].find("failure")
    assert failure is not None and "CLEANUP_UNVERIFIED" in (failure.get("message") or "")
    error = cases[3].find("error")
    assert error is not None and "TRACE_MALFORMED" in (error.get("message") or "")


def many_runs(tmp_path: Path, count: int) -> tuple[Path, Path]:
    """``count`` runs of every outcome (pass, fail, error; both kinds; sakshi and Pi)."""
    corpus = write_corpus(tmp_path)
    runs = tmp_path / "runs"
    for index in range(count):
        name = f"run-{index:03d}"
        shape = index % 5
        if shape == 0:
            make_run(runs, name, "t.temp", jsonl(temp_trace()), temp_probe())
        elif shape == 1:
            make_run(runs, name, "t.offset", jsonl(offset_trace()))
        elif shape == 2:
            make_run(runs, name, "t.temp", jsonl(temp_trace()), temp_probe(verified=False))
        elif shape == 3:
            make_run(runs, name, "t.offset", pi_session(), trace_name="session.jsonl")
        else:
            make_run(runs, name, "t.offset", b"{not json\n")
    return runs, corpus


def test_jobs_never_changes_a_byte_of_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # SPEC 7: --jobs N never changes the output. 23 runs: more than one batch of 10 per
    # worker, and a last batch that is short, so a pool that drops, repeats or reorders
    # runs (the last one in particular) shows here.
    runs, corpus = many_runs(tmp_path, 23)
    outputs = {}
    for jobs in (1, 2, 3):
        out_file = tmp_path / f"report-{jobs}.json"
        code, out, _ = recover(
            capsys, runs, corpus, "--format", "json", "--out", str(out_file), "--jobs", str(jobs)
        )
        assert code == 2  # the unreadable runs
        assert out_file.read_bytes() == out.encode()
        outputs[jobs] = out
    assert outputs[1] == outputs[2] == outputs[3]
    cases = json.loads(outputs[1])["cases"]
    assert [case["run"] for case in cases] == [f"run-{index:03d}" for index in range(23)]
    assert {case["status"] for case in cases} == {"pass", "fail", "error"}


def test_text_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    code, out, _ = recover(capsys, runs, corpus, "--out", str(tmp_path / "r.txt"))
    assert code == 0
    assert "run-a" in out and "t.temp" in out and "pass=2" in out


def test_out_writes_a_new_file_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    target = tmp_path / "report.json"
    code, out, _ = recover(capsys, runs, corpus, "--format", "json", "--out", str(target))
    assert code == 0
    assert target.read_bytes() == out.encode()
    old = target.read_bytes()
    make_run(runs, "run-c", "t.temp", jsonl(temp_trace()), temp_probe(verified=False))
    code, _, err = recover(capsys, runs, corpus, "--format", "json", "--out", str(target))
    assert code == 2
    assert "already exists" in err
    assert target.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".sakshi-")] == []


def test_out_refuses_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, corpus = passing_runs(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    (tmp_path / "link.json").symlink_to(victim)
    code, _, _ = recover(capsys, runs, corpus, "--out", str(tmp_path / "link.json"))
    assert code == 2
    assert victim.read_bytes() == b"keep me"


def test_without_out_a_report_goes_to_a_new_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    code, out, _ = recover(capsys, runs, corpus, "--format", "json")
    assert code == 0
    code, out2, _ = recover(capsys, runs, corpus, "--format", "json")
    assert code == 0
    written = sorted((tmp_path / "reports").glob("*/recovery-report.json"))
    assert len(written) == 2
    assert {p.read_bytes() for p in written} == {out.encode(), out2.encode()}


# --- trace formats -----------------------------------------------------------------------------


def pi_session(fact: str = FACT) -> bytes:
    def entry(n: int, message: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "message",
            "id": f"{0xC0FFEE00 + n:08x}",
            "parentId": f"{0xC0FFEE00 + n - 1:08x}" if n else None,
            "timestamp": "2025-12-01T10:00:00.000Z",
            "message": message,
        }

    def call(cid: str, name: str, **arguments: Any) -> dict[str, Any]:
        return {
            "role": "assistant",
            "content": [{"type": "toolCall", "id": cid, "name": name, "arguments": arguments}],
            "provider": "anthropic",
            "model": "m",
            "stopReason": "toolUse",
            "timestamp": 1,
        }

    def result(
        cid: str, name: str, text: str, details: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        return {
            "role": "toolResult",
            "toolCallId": cid,
            "toolName": name,
            "content": [{"type": "text", "text": text}],
            "details": details,
            "isError": False,
            "timestamp": 2,
        }

    messages = [
        {"role": "user", "content": [{"type": "text", "text": "Please."}], "timestamp": 0},
        call("c1", "bash", command="cat notes/big.txt"),
        result(
            "c1",
            "bash",
            f"L00100 onyx\n\n[Showing lines 51-100 of 100. Full output: {HANDLE}]",
            {"fullOutputPath": HANDLE},
        ),
        call("c2", "read", path=HANDLE),
        result(
            "c2", "read", "L00001 kelp\n\n[Showing lines 1-50 of 100. Use offset=51 to continue.]"
        ),
        call("c3", "read", path=HANDLE, offset=51),
        result("c3", "read", f"L00050 {fact}"),
        {
            "role": "assistant",
            "content": [{"type": "text", "text": fact}],
            "stopReason": "stop",
            "timestamp": 3,
        },
    ]
    header = {
        "type": "session",
        "version": 3,
        "id": "0193a1f2-0000-7000-8000-000000000000",
        "timestamp": "2025-12-01T10:00:00.000Z",
        "cwd": "/home/dev/proj",
    }
    return jsonl([header, *[entry(n, m) for n, m in enumerate(messages)]])


def test_a_pi_session_run_folder_is_detected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path)
    runs = tmp_path / "runs"
    make_run(
        runs,
        "pi-1",
        "t.temp",
        pi_session(),
        temp_probe(),
        trace_name="2025-12-01T10-00-00-000Z_0193a1f2.jsonl",
    )
    code, out, err = recover(
        capsys, runs, corpus, "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 0, err
    assert json.loads(out)["cases"][0]["status"] == "pass"


def test_trace_format_pi_forces_the_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path)
    runs = tmp_path / "runs"
    make_run(runs, "pi-1", "t.temp", pi_session(), temp_probe(), trace_name="trace.jsonl")
    code, out, _ = recover(
        capsys,
        runs,
        corpus,
        "--format",
        "json",
        "--trace-format",
        "pi",
        "--out",
        str(tmp_path / "r1.json"),
    )
    assert code == 0
    assert json.loads(out)["identity"]["config"] == {"trace_format": "pi"}
    # The same reader forced on a sakshi trace cannot read it: error, exit 2.
    sakshi_runs = tmp_path / "sakshi-runs"
    make_run(sakshi_runs, "s-1", "t.temp", jsonl(temp_trace()), temp_probe())
    code, out, _ = recover(
        capsys, sakshi_runs, corpus, "--format", "json", "--out", str(tmp_path / "r2.json")
    )
    assert code == 0
    code, out, _ = recover(
        capsys,
        sakshi_runs,
        corpus,
        "--format",
        "json",
        "--trace-format",
        "pi",
        "--out",
        str(tmp_path / "r3.json"),
    )
    assert code == 2
    assert json.loads(out)["cases"][0]["reasons"] == ["TRACE_MALFORMED"]


def test_unknown_trace_format_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    assert recover(capsys, runs, corpus, "--trace-format", "nonesuch")[0] == 2


def test_the_shipped_corpus_is_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "r", "recovery.read-offset", jsonl(offset_trace(fact="QX7-TAMARIND-4471")))
    code, out, _ = run(
        capsys, "run", "recovery", str(runs), "--format", "json", "--out", str(tmp_path / "r.json")
    )
    assert code == 0
    assert json.loads(out)["cases"][0]["id"] == "recovery.read-offset"
    assert json.loads(out)["cases"][0]["status"] == "pass"


# --- content-free reports ----------------------------------------------------------------------

CANARIES = {
    "fact": "FACTCANARY-Vw93-7731",
    "offset_fact": "OFFSETCANARY-Jb40-2288",
    "prompt": "PROMPTCANARY-Zq81",
    "src": "srccanary-kx2",
    "arg": "ARGCANARY-Hp55",
    "path": "PATHCANARY-Lm07",
    "text": "TEXTCANARY-Rt44",
    "probe": "PROBECANARY-Ny62",
    "env": "ENVCANARY-Qe19-5503",
}


def _b64_fragments(raw: bytes) -> set[str]:
    """Pieces any base64 encoding of data holding ``raw`` must contain, at each alignment."""
    out = set()
    for shift in range(3):
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            enc = encode(b"\0" * shift + raw).decode()
            start = 4 if shift else 0
            out.add(enc[start:-4])
    return {f for f in out if len(f) >= 8}


def forbidden_forms(value: str) -> set[str]:
    raw = value.encode("utf-8")
    forms = {value.lower(), raw.hex()}
    for algo in ("sha256", "sha1", "md5", "sha512"):
        forms.add(hashlib.new(algo, raw).hexdigest())
    forms |= {f.lower() for f in _b64_fragments(raw)}
    return forms


def _leaks(blob: bytes) -> list[tuple[str, str]]:
    text = blob.decode("utf-8", "replace").lower()
    return [
        (name, form)
        for name, value in CANARIES.items()
        for form in forbidden_forms(value)
        if form.lower() in text
    ]


def canary_runs(tmp_path: Path) -> tuple[Path, Path]:
    c = CANARIES
    corpus = write_corpus(
        tmp_path, prompt=c["prompt"], src=c["src"], fact=c["fact"], offset_fact=c["offset_fact"]
    )
    handle = f"/tmp/{c['path']}/pi-bash-1a2b3c4d.log"
    runs = tmp_path / "runs"
    common = {"src": c["src"], "text": c["text"]}
    make_run(
        runs,
        "run-a",
        "t.temp",
        jsonl(
            temp_trace(fact=c["fact"], handle=handle, prompt=c["prompt"], arg=c["arg"], **common)
        ),
        temp_probe(handle=handle, src=c["src"], extra=c["probe"]),
    )
    make_run(
        runs,
        "run-b",
        "t.temp",
        jsonl(
            temp_trace(fact=c["fact"], handle=handle, prompt=c["prompt"], arg=c["arg"], **common)
        ),
        temp_probe(handle=handle, src=c["src"], extra=c["probe"], verified=False),
    )
    make_run(runs, "run-c", "t.offset", jsonl(offset_trace(fact=c["offset_fact"], **common)))
    make_run(
        runs,
        "run-d",
        "t.temp",
        jsonl(temp_trace(fact=c["fact"], handle=handle, **common)),
        temp_probe(handle=handle + "x", src=c["src"], extra=c["probe"]),
    )
    return runs, corpus


def test_the_canary_detector_works() -> None:
    secret = CANARIES["fact"]
    assert _leaks(b"... " + secret.encode() + b" ...")
    assert _leaks(hashlib.sha256(secret.encode()).hexdigest().upper().encode())
    for shift in range(3):
        assert _leaks(base64.b64encode(b"x" * shift + secret.encode() + b"tail"))
    assert not _leaks(b"nothing to see")


@pytest.mark.parametrize("fmt", ["json", "junit", "text"])
def test_no_output_format_carries_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    # The environment is a place content can come from too: a variable's name and value.
    monkeypatch.setenv("SAKSHI_TEST_SECRET", CANARIES["env"])
    monkeypatch.setenv(CANARIES["env"].replace("-", "_"), "1")
    runs, corpus = canary_runs(tmp_path)
    out_file = tmp_path / f"report.{fmt}"
    code, out, err = recover(capsys, runs, corpus, "--format", fmt, "--out", str(out_file))
    assert code == 1
    assert "run-a" in out and "run-b" in out  # the report is there...
    for blob in (out.encode(), out_file.read_bytes(), err.encode()):
        assert _leaks(blob) == []  # ...and holds none of the content
    # The report file holds the format asked for (SPEC 9), as stdout shows it.
    assert out_file.read_bytes() == out.encode()
    if fmt == "json":
        assert json.loads(out_file.read_bytes())["report"] == "sakshi.recovery-report.v2"
    assert str(tmp_path) not in out
    if fmt == "json":
        cases = json.loads(out)["cases"]
        assert [c["status"] for c in cases] == ["pass", "fail", "pass", "fail"]
        assert cases[3]["reasons"] == ["HANDLE_UNVERIFIED"]


def test_a_malformed_trace_does_not_leak_into_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = canary_runs(tmp_path)
    make_run(runs, "run-e", "t.temp", b'{"kind": "' + CANARIES["text"].encode() + b'"}\n')
    for fmt in ("json", "junit", "text"):
        out_file = tmp_path / f"bad.{fmt}"
        code, out, _ = recover(capsys, runs, corpus, "--format", fmt, "--out", str(out_file))
        assert code == 2
        assert _leaks(out.encode()) == [] and _leaks(out_file.read_bytes()) == []


# --- identity ----------------------------------------------------------------------------------


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}
    return subprocess.run(
        [
            "git",
            "-C",
            str(repo),
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.invalid",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout


def spec_tree_hash(root: Path) -> str:
    """SPEC section 6, computed independently: ``<rel posix path>\\0<sha256 hex>\\n`` lines
    sorted by path, skipping .git/, __pycache__/ and *.pyc."""
    lines = []
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if (
            not path.is_file()
            or ".git" in rel.parts
            or "__pycache__" in rel.parts
            or path.name.endswith(".pyc")
        ):
            continue
        lines.append((rel.as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()))
    body = b"".join(p.encode() + b"\0" + h.encode() + b"\n" for p, h in sorted(lines))
    return hashlib.sha256(body).hexdigest()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    src = repo / "src" / "pkg"
    (src / "__pycache__").mkdir(parents=True)
    (src / "__init__.py").write_text('"""pkg."""\n')
    (src / "mod.py").write_bytes(b"x = 1\r\n\xef\xbb\xbfy = 2\n")  # bytes as they are: CRLF, a BOM
    (src / "__pycache__" / "mod.cpython-312.pyc").write_bytes(b"\x00pyc")
    (src / "stray.pyc").write_bytes(b"\x00pyc")
    (src / "data").mkdir()
    (src / "data" / "Zeta.txt").write_text("z")
    (src / "data" / "alpha.txt").write_text("a")
    (src / "data" / "naïve.txt").write_text("n")
    (repo / "src" / "top.py").write_text("t = 0\n")
    (repo / "src" / "sub" / ".git").mkdir(parents=True)  # a nested .git/ is skipped too
    (repo / "src" / "sub" / ".git" / "HEAD").write_text("ref: x\n")
    (repo / "README").write_text("readme\n")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "init")
    return repo


def test_identity_of_a_clean_then_dirty_repo(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "identity", "--root", str(repo), "--source", "src=src")
    assert code == 0, err
    assert str(tmp_path) not in out
    assert str(repo) not in out
    identity = json.loads(out)
    assert identity["identity"] == "sakshi.run-identity.v1"
    assert identity["git"] == {"head": _git(repo, "rev-parse", "HEAD").strip(), "dirty": False}
    assert identity["sources"] == {"src": spec_tree_hash(repo / "src")}
    assert {"python", "platform", "arch", "sakshi"} <= set(identity["runtime"])
    assert identity["versions"]["validator"] == "sakshi.validator.v2"

    (repo / "src" / "top.py").write_text("t = 1\n")
    code, out2, _ = run(capsys, "identity", "--root", str(repo), "--source", "src=src")
    assert code == 0
    changed = json.loads(out2)
    assert changed["git"]["dirty"] is True
    assert changed["git"]["head"] == identity["git"]["head"]
    assert changed["sources"]["src"] == spec_tree_hash(repo / "src") != identity["sources"]["src"]
    assert str(tmp_path) not in out2


def test_tree_hash_ignores_caches_and_counts_every_other_byte(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def src_hash() -> str:
        code, out, _ = run(capsys, "identity", "--root", str(repo), "--source", "src=src")
        assert code == 0
        return str(json.loads(out)["sources"]["src"])

    before = src_hash()
    (repo / "src" / "pkg" / "__pycache__" / "other.cpython-312.pyc").write_bytes(b"more")
    (repo / "src" / "pkg" / "another.pyc").write_bytes(b"more")
    (repo / "src" / "sub" / ".git" / "index").write_bytes(b"idx")
    assert src_hash() == before
    (repo / "src" / "pkg" / "data" / "new.txt").write_bytes(b"")
    after = src_hash()
    assert after != before
    assert after == spec_tree_hash(repo / "src")


def test_single_file_source_and_two_sources(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "identity",
        "--root",
        str(repo),
        "--source",
        "readme=README",
        "--source",
        "pkg=src/pkg",
    )
    assert code == 0
    sources = json.loads(out)["sources"]
    assert sources == {
        "pkg": spec_tree_hash(repo / "src" / "pkg"),
        "readme": hashlib.sha256((repo / "README").read_bytes()).hexdigest(),
    }


@pytest.mark.parametrize("spec", ["src", "=src", "src=", "x=/etc", "x=does-not-exist"])
def test_bad_source_is_exit_2(repo: Path, capsys: pytest.CaptureFixture[str], spec: str) -> None:
    assert run(capsys, "identity", "--root", str(repo), "--source", spec)[0] == 2


def test_identity_outside_a_repo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    code, out, _ = run(capsys, "identity", "--root", str(plain))
    assert code == 0
    identity = json.loads(out)
    assert identity["git"] == {"head": None, "dirty": None}
    assert identity["sources"] == {}
    assert str(tmp_path) not in out


def test_run_recovery_records_the_sources_it_was_given(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, corpus = passing_runs(tmp_path)
    code, out, _ = recover(
        capsys,
        runs,
        corpus,
        "--format",
        "json",
        "--root",
        str(repo),
        "--source",
        "src=src",
        "--out",
        str(tmp_path / "r.json"),
    )
    assert code == 0
    identity = json.loads(out)["identity"]
    assert identity["sources"] == {"src": spec_tree_hash(repo / "src")}
    assert identity["git"]["dirty"] is False
    assert str(tmp_path) not in out


def test_a_symlinked_file_counts_by_its_bytes(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A link to a file inside the root; one out of it is not followed
    # (tests/hostile/test_identity_trust.py).
    (repo / "src" / "link.txt").symlink_to(repo / "README")
    code, out, _ = run(capsys, "identity", "--root", str(repo), "--source", "src=src")
    assert code == 0
    assert json.loads(out)["sources"]["src"] == spec_tree_hash(repo / "src")


def test_identity_root_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "identity", "--root", str(tmp_path / "nowhere"))
    assert code == 2 and len(err.strip().splitlines()) == 1
