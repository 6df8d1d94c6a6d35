"""What the result cache's test modules share (tests/test_result_cache.py and
tests/hostile/test_stale_results.py): a live pack citing a goods receipt note, a fresh
cache folder and secret for a test, and a count of the packs actually graded (a pack read
back from the cache adds none).

Not a test module: its users put ``tests/support`` on ``sys.path`` first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from sakshi.context import lane
from sakshi.context.lane import PackResult
from sakshi.context.packs import Pack
from sakshi.context.routes import Route
from sakshi.context.turns import bundle_sha256

BUNDLE = {"engine": "matter-context"}
GRN = "GOODS RECEIPT NOTE\nQuantity received: 42.500 MT\nInspected by: R. K. Sahu\n"


def live_pack(
    quote: str,
    value: str = "42.500 MT",
    pack_id: str = "stale",
    body: str = f"text: {json.dumps(GRN)}",
    head: str = "",
) -> str:
    """A live pack whose one value cites ``quote`` of the note (``body``: the document's
    text key; ``head``: lines after ``engine_state``): green for a true quote and value."""
    return f"""\
pack: sakshi.pack.v1
id: {pack_id}
engine_state: live
{head}documents:
  - id: grn
    {body}
bundle: {json.dumps(BUNDLE)}
turn:
  context_provenance: {{engine_state: live, bundle_sha256: "{bundle_sha256(BUNDLE)}"}}
  values:
    - field: delivered_qty
      value: {json.dumps(value)}
      why: "The note records the quantity received."
      cite: {{doc: grn, quote: {json.dumps(quote)}}}
"""


def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new cache folder and secret under ``tmp_path``, the cache on."""
    monkeypatch.setenv("SAKSHI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SAKSHI_CACHE_SECRET", str(tmp_path / "state" / "cache-secret"))
    monkeypatch.delenv("SAKSHI_NO_CACHE", raising=False)


def count_grades(monkeypatch: pytest.MonkeyPatch, name: Callable[[Pack], str]) -> list[str]:
    """Every pack the lane grades from now on, by ``name(pack)``."""
    seen: list[str] = []
    real = lane.run_pack

    def counting(pack: Pack, route: Route) -> PackResult:
        seen.append(name(pack))
        return real(pack, route)

    monkeypatch.setattr(lane, "run_pack", counting)
    return seen
