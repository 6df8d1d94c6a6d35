"""Routes in any language (SPEC 4, issue 14 item 4): the bundle hash is RFC 8785 (JCS), so
a Node.js route that canonicalises with the npm JCS library `canonicalize` (pinned; .ci/run
installs it into .ci-cache/ and sets SAKSHI_JCS_NODE_MODULES) gets sakshi's hash, and one
that echoes the request's `bundle_sha256` mirrors it too. When a route hashes the old
sorted-key form, the diagnosis says so, with both full hashes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import yaml

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256, jcs_json, legacy_bundle_sha256

ROUTE = Path(__file__).resolve().parent / "fixtures" / "routes" / "jcs_route.js"
# 1.0 (JCS writes 1), non-ASCII keys (sorted by UTF-16 code units: an astral key sorts
# before U+FFxx, unlike Python's code point order), nested arrays, an exponent.
BUNDLE = {
    "engine": "jcs-test",
    "amount": 1.0,
    "rate": 0.5,
    "big": 1e21,
    "\u20b9 rupee": "₹ 7,85,000",
    "\U0001f600 face": [1, [2.0, [3.25, {"é": True, "e": None}]]],
    "\uff61 halfwidth": "last in UTF-16 order",
    "facts": [],
}


def node_modules() -> str | None:
    found = os.environ.get("SAKSHI_JCS_NODE_MODULES")
    if found:
        return found
    local = Path(__file__).resolve().parents[1] / ".ci-cache" / "canonicalize" / "node_modules"
    return str(local) if (local / "canonicalize").is_dir() else None


@pytest.fixture
def jcs_env(monkeypatch: pytest.MonkeyPatch) -> None:
    modules = node_modules()
    if shutil.which("node") is None or modules is None:
        if os.environ.get("SAKSHI_JCS_NODE_MODULES"):
            pytest.fail("SAKSHI_JCS_NODE_MODULES is set but node is missing")
        pytest.skip("node or the npm package canonicalize (.ci/run installs it) is missing")
    monkeypatch.setenv("SAKSHI_JCS_NODE_MODULES", modules)


def write_pack(folder: Path) -> Path:
    pack = {
        "pack": "sakshi.pack.v1",
        "id": "jcs-bundle",
        "engine_state": "stubbed",
        "bundle": BUNDLE,
        "command": {"name": "chronology", "args": {}},
    }
    path = folder / "jcs.yaml"
    path.write_text(yaml.safe_dump(pack, allow_unicode=True), "utf-8")
    return path


def test_the_hash_is_jcs_not_the_old_sorted_key_form() -> None:
    data = jcs_json(BUNDLE)
    assert b'"amount":1,' in data and b'"big":1e+21' in data
    keys = list(json.loads(data))
    assert keys.index("\U0001f600 face") < keys.index("\uff61 halfwidth")  # UTF-16 order
    assert bundle_sha256(BUNDLE) != legacy_bundle_sha256(BUNDLE)


@pytest.mark.parametrize("mode", ["hash", "echo"])
def test_a_node_route_is_green(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, jcs_env: None, mode: str
) -> None:
    pack = write_pack(tmp_path)
    code = main(
        ["run", "context", str(pack), "--format", "json", "--route-exec", f"node {ROUTE} {mode}"]
    )
    out = capsys.readouterr().out
    [result] = json.loads(out)["packs"]
    assert code == 0 and result["verdict"] == "green", result["reasons"]


OLD_FORM_ROUTE = """\
import hashlib, json, sys
request = json.load(sys.stdin)
digest = hashlib.sha256(json.dumps(request["bundle"], sort_keys=True, separators=(",", ":"),
    ensure_ascii=False).encode()).hexdigest()
print(json.dumps({"context_provenance": {"engine_state": request["engine_state"],
    "bundle_sha256": digest}, "values": []}))
"""


def test_a_route_hashing_the_old_form_is_told_so_with_both_full_hashes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import sys

    pack = write_pack(tmp_path)
    route = tmp_path / "old_route.py"
    route.write_text(OLD_FORM_ROUTE, "utf-8")
    code = main(
        [
            "run",
            "context",
            str(pack),
            "--format",
            "json",
            "--route-exec",
            f"{sys.executable} {route}",
        ]
    )
    [result] = json.loads(capsys.readouterr().out)["packs"]
    assert code == 1 and result["reasons"] == ["PROVENANCE_MISMATCH"]
    [finding] = result["findings"]
    assert bundle_sha256(BUNDLE) in finding["detail"]
    assert legacy_bundle_sha256(BUNDLE) in finding["detail"]
    assert "old sorted-key JSON form" in finding["detail"]
