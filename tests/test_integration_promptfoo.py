"""``sakshi.integrations.promptfoo.get_assert``: promptfoo's result shape, and the real
promptfoo CLI (from npm, pinned; .ci/run installs it and sets SAKSHI_PROMPTFOO_BIN, which
makes this test required) on a config of green and red tests, offline. promptfoo's own
counts and each test's reason must be run context's verdicts for the same packs. The
config is the one docs/integrations.md shows, with the shared cases added."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from integration_cases import CASES, DOCUMENTS, QTY, doc_files, run_context

from sakshi.context.grade import Verdict
from sakshi.errors import InputError
from sakshi.integrations.grading import Outcome
from sakshi.integrations.promptfoo import get_assert

REPO = Path(__file__).resolve().parents[1]
PROMPTFOO_VERSION = "0.121.20"  # the last release that runs on Node.js 20 (.ci/run pins it)
CACHED = REPO / ".ci-cache" / "promptfoo" / "node_modules" / ".bin" / "promptfoo"
# No telemetry, update check, sharing or remote generation; anything it still sends over
# HTTP(S) goes to a closed port on loopback (see bench/peers.py): nothing leaves.
OFFLINE = {
    "DO_NOT_TRACK": "1",
    "NO_COLOR": "1",
    "PROMPTFOO_DISABLE_TELEMETRY": "1",
    "PROMPTFOO_DISABLE_UPDATE": "1",
    "PROMPTFOO_DISABLE_SHARING": "1",
    "PROMPTFOO_DISABLE_REMOTE_GENERATION": "1",
    "PROMPTFOO_DISABLE_REDTEAM_REMOTE_GENERATION": "1",
    "PROMPTFOO_DISABLE_RUNTIME_WARNINGS": "1",
    "HTTP_PROXY": "http://127.0.0.1:9",
    "HTTPS_PROXY": "http://127.0.0.1:9",
    "http_proxy": "http://127.0.0.1:9",
    "https_proxy": "http://127.0.0.1:9",
    "NO_PROXY": "",
    "no_proxy": "",
}


def find_promptfoo() -> str | None:
    """SAKSHI_PROMPTFOO_BIN when set (then it must work: CI sets it), else .ci-cache's."""
    named = os.environ.get("SAKSHI_PROMPTFOO_BIN")
    if named:
        return named
    return str(CACHED) if os.access(CACHED, os.X_OK) else None


PROMPTFOO = find_promptfoo()
needs_promptfoo = pytest.mark.skipif(
    PROMPTFOO is None,
    reason=f"no promptfoo binary: set SAKSHI_PROMPTFOO_BIN, or npm install promptfoo@"
    f"{PROMPTFOO_VERSION} into .ci-cache/promptfoo (.ci/run does)",
)


def _context(case_vars: dict[str, Any], description: str = "t") -> dict[str, Any]:
    return {"vars": case_vars, "test": {"description": description}, "prompt": "{{answer}}"}


# --- the assertion as promptfoo calls it ---------------------------------------------------


def test_get_assert_returns_promptfoos_grading_result() -> None:
    green = get_assert(json.dumps([QTY]), _context({"documents": DOCUMENTS}))
    assert green == {
        "pass": True,
        "score": 1.0,
        "reason": "sakshi: green at engine_state live: every check held",
    }
    red = get_assert(json.dumps([{**QTY, "why": ""}]), _context({"documents": DOCUMENTS}))
    assert (red["pass"], red["score"]) == (False, 0.0)
    assert red["reason"].startswith("sakshi: red at engine_state live: WHY_MISSING")


def test_structured_output_is_graded_as_data() -> None:
    assert get_assert([QTY], _context({"documents": DOCUMENTS}))["pass"] is True
    none = get_assert(None, _context({"documents": DOCUMENTS}))
    assert none["pass"] is False and "TURN_MALFORMED" in none["reason"]


def test_a_test_without_documents_cannot_be_graded() -> None:
    with pytest.raises(InputError) as raised:
        get_assert("[]", _context({"answer": "[]"}, "no docs"))
    assert (raised.value.source, raised.value.key) == ("promptfoo test 'no docs' vars", "documents")
    with pytest.raises(InputError, match="documents_root"):
        get_assert("[]", _context({"documents": DOCUMENTS, "documents_root": 3}))


def test_fields_in_vars_are_graded_as_section_8_reads_them() -> None:
    """``vars.fields`` declares the fields: a wrong value with a real quote fails,
    VALUE_UNSUPPORTED; the right value, written otherwise, passes."""
    variables = {"documents": DOCUMENTS, "fields": {"qty": {"type": "quantity", "unit": "MT"}}}
    right = get_assert(json.dumps([{**QTY, "value": "42.5 MT"}]), _context(variables))
    assert right["pass"] is True, right["reason"]
    wrong = get_assert(json.dumps([{**QTY, "value": "43.5 MT"}]), _context(variables))
    assert (wrong["pass"], wrong["score"]) == (False, 0.0)
    assert "red at engine_state live: VALUE_UNSUPPORTED" in wrong["reason"]


def test_file_documents_come_from_documents_root(tmp_path: Path) -> None:
    (tmp_path / "grn.txt").write_text("Received 42.500 MT.", encoding="utf-8")
    variables = {
        "documents": [{"id": "grn-117", "file": "grn.txt"}],
        "documents_root": str(tmp_path),
    }
    cite = {"doc": "grn-117", "quote": "42.500 MT"}
    assert get_assert(json.dumps([{**QTY, "cite": cite}]), _context(variables))["pass"] is True


# --- the real promptfoo CLI -----------------------------------------------------------------


def _docs_config() -> tuple[dict[str, Any], str]:
    """docs/integrations.md's promptfoo config and its assertion file, as shown."""
    files = doc_files()
    return yaml.safe_load(files["promptfooconfig.yaml"]), files["sakshi_assert.py"]


def test_the_documented_config_passes_and_fails_as_it_says() -> None:
    config, _shim = _docs_config()
    defaults = config["defaultTest"]["vars"]
    results = [
        get_assert(test["vars"]["answer"], _context({**defaults, **test["vars"]}))
        for test in config["tests"]
    ]
    assert [result["pass"] for result in results] == [True, False]
    assert "FABRICATED_SPAN" in results[1]["reason"]


def _config(folder: Path) -> Path:
    """The documented config, its tests followed by one test per shared case (each case's
    vars override the documented default documents)."""
    config, shim = _docs_config()
    (folder / "sakshi_assert.py").write_text(shim, encoding="utf-8")
    config["tests"] += [
        {"description": case.name, "vars": {"answer": json.dumps(case.answer), **case.setup()}}
        for case in CASES
    ]
    path = folder / "promptfooconfig.yaml"
    path.write_text(json.dumps(config, indent=1), encoding="utf-8")  # JSON is YAML
    return path


@needs_promptfoo
def test_a_real_promptfoo_eval_reports_run_contexts_verdicts(tmp_path: Path) -> None:
    assert PROMPTFOO is not None
    config = _config(tmp_path)
    env = {
        **os.environ,
        **OFFLINE,
        "PROMPTFOO_PYTHON": sys.executable,
        "PROMPTFOO_CONFIG_DIR": str(tmp_path / "promptfoo-home"),
        "PROMPTFOO_CACHE_PATH": str(tmp_path / "promptfoo-cache"),
    }
    argv = [PROMPTFOO, "eval", "-c", str(config), "--no-cache", "--no-table", "--no-progress-bar"]
    argv += ["--no-write", "-o", str(tmp_path / "results.json")]
    proc = subprocess.run(
        argv, capture_output=True, env=env, cwd=tmp_path, check=False, timeout=300
    )
    # promptfoo exits 100 when a test failed; here the red ones must.
    assert proc.returncode == 100, proc.stdout.decode() + proc.stderr.decode()
    results = json.loads((tmp_path / "results.json").read_bytes())["results"]
    # The documented pair (1 passed, 1 failed), then the shared cases.
    greens = 1 + sum(case.expect == "green" for case in CASES)
    stats = results["stats"]
    assert (stats["successes"], stats["failures"], stats["errors"]) == (
        greens,
        len(CASES) + 2 - greens,
        0,
    )
    reference = run_context([case.pack() for case in CASES], tmp_path / "packs")
    rows = [row for row in results["results"] if row["testCase"]["description"] in reference]
    assert len(rows) == len(CASES)
    for row in rows:
        pack = reference[row["testCase"]["description"]]
        assert row["success"] == (pack["verdict"] == "green")
        [component] = row["gradingResult"]["componentResults"]
        outcome = Outcome(
            Verdict(pack["verdict"]),
            tuple(pack["reasons"]),
            tuple(pack["findings"]),
            {"engine_state": pack["engine_state"]},
        )
        assert component["reason"] == outcome.explanation()
