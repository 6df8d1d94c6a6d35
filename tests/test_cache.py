"""The parsed-pack cache (``sakshi.inputs.cache``): a hit never changes a verdict or a byte
of output."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import sakshi
from sakshi.cli import main
from sakshi.context.turns import bundle_sha256
from sakshi.inputs import cache, result_cache, yamlsafe

BUNDLE = {"engine": "matter-context", "query": "supply under PO 4471"}
GRN = "GOODS RECEIPT NOTE\nQuantity received: 42.500 MT\nInspected by: R. K. Sahu\n"


def pack_yaml(
    quote: str = "Quantity received: 42.500 MT", body: str = f"text: {json.dumps(GRN)}"
) -> str:
    return f"""\
pack: sakshi.pack.v1
id: cached-pack
title: "Receipt of goods, GRN 117"
engine_state: live
matter: {{forum: "Arbitral Tribunal", case_no: "ARB/DEL/2025/0117", held_on: 2024-03-01, flag: off}}
documents:
  - id: grn
    {body}
bundle: {json.dumps(BUNDLE)}
turn:
  context_provenance: {{engine_state: live, bundle_sha256: "{bundle_sha256(BUNDLE)}"}}
  values:
    - field: delivered_qty
      value: "42.500 MT"
      why: "The note records the quantity received."
      cite: {{doc: grn, quote: {json.dumps(quote)}}}
"""


@pytest.fixture(autouse=True)
def parse_cache_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the parse cache: the result cache in front of it (which would
    answer a warm run before any parse entry is read) is kept out of their way here and
    tested on its own (tests/test_result_cache.py, tests/hostile/test_stale_results.py)."""
    monkeypatch.setattr(result_cache, "code_fingerprint", lambda: None)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SAKSHI_CACHE_DIR", str(folder))
    monkeypatch.delenv("SAKSHI_NO_CACHE", raising=False)
    return folder


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every strict parse of a file, by label: a hit adds nothing."""
    seen: list[str] = []
    real = yamlsafe.load_yaml_bytes

    def counting(data: bytes, source: str) -> object:
        seen.append(source)
        return real(data, source)

    monkeypatch.setattr(yamlsafe, "load_yaml_bytes", counting)
    yield seen


def entries(store: Path) -> list[Path]:
    folder = store / cache.SUBDIR
    return (
        sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []
    )


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, bytes]:
    code = main(["run", "context", *args, "--format", "json"])
    return code, capsys.readouterr().out.encode("utf-8")


def write_pack(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir(exist_ok=True)
    path = folder / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_hit_gives_the_same_bytes_as_a_miss(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack(tmp_path, pack_yaml())
    uncached = run(capsys, str(pack), "--no-cache")
    assert (parses, entries(store)) == ([str(pack)], [])  # --no-cache writes nothing
    miss = run(capsys, str(pack))
    assert len(parses) == 2 and len(entries(store)) == 1
    hit = run(capsys, str(pack))
    assert len(parses) == 2  # read back, not parsed
    assert uncached == miss == hit
    assert hit[0] == 0 and json.loads(hit[1])["packs"][0]["verdict"] == "green"


def aliased_pack_yaml(quote: str) -> str:
    """A pack whose turn cites, by a YAML alias, the very fact its bundle holds."""
    fact = {"doc": "grn", "quote": quote}
    bundle = {"engine": "matter-context", "facts": [fact]}
    return f"""\
pack: sakshi.pack.v1
id: aliased-pack
engine_state: live
documents:
  - id: grn
    text: {json.dumps(GRN)}
bundle:
  engine: matter-context
  facts:
    - &fact {json.dumps(fact)}
turn:
  context_provenance: {{engine_state: live, bundle_sha256: "{bundle_sha256(bundle)}"}}
  values:
    - field: delivered_qty
      value: "42.500 MT"
      why: "The note records the quantity received."
      cite: *fact
"""


@pytest.mark.parametrize(
    ("quote", "verdict"),
    [("Quantity received: 42.500 MT", "green"), ("Quantity received: 42.600 MT", "red")],
)
def test_a_pack_with_an_alias_gets_the_same_verdict_from_a_warm_cache(
    tmp_path: Path,
    store: Path,
    parses: list[str],
    capsys: pytest.CaptureFixture[str],
    quote: str,
    verdict: str,
) -> None:
    pack = write_pack(tmp_path, aliased_pack_yaml(quote))
    uncached = run(capsys, str(pack), "--no-cache")
    miss = run(capsys, str(pack))
    hit = run(capsys, str(pack))
    assert len(parses) == 2 and len(entries(store)) == 1  # the hit was read back, not parsed
    assert uncached == miss == hit
    assert json.loads(hit[1])["packs"][0]["verdict"] == verdict
    # The stored parse holds the shared fact twice, as plain JSON.
    stored = json.loads(entries(store)[0].read_bytes().split(b"\n", 1)[1])
    assert (
        stored["turn"]["values"][0]["cite"]
        == stored["bundle"]["facts"][0]
        == {"doc": "grn", "quote": quote}
    )


def test_the_entry_is_json_data_under_a_checked_header(tmp_path: Path, store: Path) -> None:
    pack = write_pack(tmp_path, pack_yaml())
    data = pack.read_bytes()
    parsed = yamlsafe.load_yaml_file(pack, cached=True)
    [entry] = entries(store)
    assert entry.name == cache.entry_key(data)
    header, payload = entry.read_bytes().split(b"\n", 1)
    assert header.split(b" ")[:2] == [cache.FORMAT.encode(), entry.name.encode()]
    assert json.loads(payload) == parsed == yamlsafe.load_yaml_bytes(data, "x")
    # The core schema's answers survive the round trip: dates stay strings, `off` a string.
    assert parsed["matter"]["held_on"] == "2024-03-01" and parsed["matter"]["flag"] == "off"


@pytest.mark.parametrize("where", [0, 10, 200, -2, -1])
def test_changing_one_byte_changes_the_key(where: int) -> None:
    data = pack_yaml().encode()
    changed = bytearray(data)
    changed[where] ^= 0x01
    assert cache.entry_key(bytes(changed)) != cache.entry_key(data)


def test_a_changed_pack_is_parsed_again_and_graded_on_its_new_bytes(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack(tmp_path, pack_yaml())
    assert run(capsys, str(pack))[0] == 0
    pack.write_text(pack_yaml(quote="Quantity received: 42.600 MT"), encoding="utf-8")  # one byte
    code, out = run(capsys, str(pack))
    assert (code, json.loads(out)["packs"][0]["reasons"]) == (1, ["FABRICATED_SPAN"])
    assert len(parses) == 2 and len(entries(store)) == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # truncated
        lambda raw: b"",  # empty
        lambda raw: raw[:-3] + b"9" + raw[-2:],  # one byte of the payload changed
        lambda raw: raw.replace(b"42.500 MT", b"42.600 MT"),  # a payload that still parses
        lambda raw: raw.split(b"\n", 1)[1],  # no header
        lambda raw: b"\x80\x04\x95" + raw,  # pickle's magic: still just bytes that miss
    ],
    ids=["truncated", "empty", "flipped", "edited", "no-header", "pickle-prefix"],
)
def test_a_damaged_entry_is_a_miss_and_is_rewritten(
    tmp_path: Path,
    store: Path,
    parses: list[str],
    capsys: pytest.CaptureFixture[str],
    damage: object,
) -> None:
    pack = write_pack(tmp_path, pack_yaml())
    first = run(capsys, str(pack))
    [entry] = entries(store)
    good = entry.read_bytes()
    entry.write_bytes(damage(good))  # type: ignore[operator]
    assert run(capsys, str(pack)) == first
    assert len(parses) == 2  # parsed again
    assert entry.read_bytes() == good  # and rewritten


def test_an_entry_under_another_key_is_not_used(
    tmp_path: Path, store: Path, parses: list[str]
) -> None:
    one = write_pack(tmp_path, pack_yaml())
    yamlsafe.load_yaml_file(one, cached=True)
    other = pack_yaml(quote="Inspected by: R. K. Sahu").encode()
    [entry] = entries(store)
    entry.rename(entry.with_name(cache.entry_key(other) or ""))  # a misplaced (valid) entry
    one.write_bytes(other)
    assert (
        yamlsafe.load_yaml_file(one, cached=True)["turn"]["values"][0]["cite"]["quote"]
        == "Inspected by: R. K. Sahu"
    )
    assert len(parses) == 2


def test_a_file_document_is_read_fresh_on_a_hit(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack(tmp_path, pack_yaml(body="file: grn.txt"))
    doc = pack.with_name("grn.txt")
    doc.write_bytes(GRN.encode())
    assert run(capsys, str(pack))[0] == 0
    doc.write_bytes(GRN.replace("42.500", "41.500").encode())  # the pack's bytes are unchanged
    code, out = run(capsys, str(pack))
    assert len(parses) == 1  # the pack was a hit ...
    assert (code, json.loads(out)["packs"][0]["reasons"]) == (
        1,
        ["FABRICATED_SPAN"],
    )  # ... its file was not


def test_another_sakshi_version_does_not_hit(
    tmp_path: Path, store: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = write_pack(tmp_path, pack_yaml())
    key = cache.entry_key(pack.read_bytes())
    yamlsafe.load_yaml_file(pack, cached=True)
    monkeypatch.setattr(sakshi, "__version__", "9.9.9")
    assert cache.entry_key(pack.read_bytes()) != key
    yamlsafe.load_yaml_file(pack, cached=True)
    assert len(parses) == 2 and len(entries(store)) == 2


def test_a_malformed_pack_is_never_stored(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack(tmp_path, pack_yaml() + "id: again\n")  # a duplicate key
    for _ in range(2):
        assert main(["run", "context", str(pack)]) == 2
        assert "duplicate key 'id'" in capsys.readouterr().err
    assert len(parses) == 2 and entries(store) == []


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "123456789012345678901234567890"])
def test_what_json_cannot_hold_is_parsed_every_time(
    tmp_path: Path, store: Path, parses: list[str], value: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(f"a: [1, {value}]\n", encoding="utf-8")
    first = yamlsafe.load_yaml_file(path, cached=True)
    second = yamlsafe.load_yaml_file(path, cached=True)
    assert repr(first) == repr(second) == repr(yamlsafe.load_yaml_bytes(path.read_bytes(), "x"))
    assert len(parses) == 3 and entries(store) == []  # two runs and the direct parse


def test_sakshi_no_cache_turns_it_off(
    tmp_path: Path, store: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SAKSHI_NO_CACHE", "1")
    pack = write_pack(tmp_path, pack_yaml())
    yamlsafe.load_yaml_file(pack, cached=True)
    yamlsafe.load_yaml_file(pack, cached=True)
    assert cache.cache_dir() is None
    assert len(parses) == 2 and not store.exists()


def test_the_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SAKSHI_CACHE_DIR", raising=False)
    monkeypatch.delenv("SAKSHI_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "sakshi"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "sakshi"


def test_an_unwritable_cache_is_only_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_bytes(b"")
    monkeypatch.setenv("SAKSHI_CACHE_DIR", str(blocker))
    pack = write_pack(tmp_path, pack_yaml())
    assert run(capsys, str(pack)) == run(capsys, str(pack), "--no-cache")
    assert run(capsys, str(pack))[0] == 0


def test_jobs_share_the_cache(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(30):
        (folder / f"p{n:02d}.yaml").write_text(
            pack_yaml().replace("id: cached-pack", f"id: pack-{n:02d}"), "utf-8"
        )
    cold = (
        main(["run", "context", str(folder), "--format", "json", "--jobs", "2"]),
        capsys.readouterr().out,
    )
    assert len(entries(store)) == 30
    warm = (
        main(["run", "context", str(folder), "--format", "json", "--jobs", "2"]),
        capsys.readouterr().out,
    )
    assert cold == warm and cold[0] == 0
    assert not [p for p in (store / cache.SUBDIR).iterdir() if p.name.endswith(".tmp")]
    assert all(os.stat(p).st_mode & 0o077 == 0 for p in entries(store))
