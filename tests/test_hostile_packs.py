"""Hostile and malformed packs: exit 2, one line on stderr naming the file and the key.

Never a traceback, never a report on stdout, for ``run context`` and ``prove`` alike.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

BUNDLE = {"engine": "test", "facts": []}
GOOD_TURN = {
    "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(BUNDLE)},
    "values": [
        {
            "field": "cheque_no",
            "value": "004512",
            "why": "The memo says so.",
            "cite": {"doc": "memo", "quote": "Cheque No.: 004512"},
        }
    ],
}


def _valid(**changes: Any) -> dict[str, Any]:
    """A green pack at live with a recorded turn, with ``changes`` (``_DROP`` removes a key)."""
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": "hostile",
        "engine_state": "live",
        "matter": {"forum": "Court of the Metropolitan Magistrate, Andheri"},
        "documents": [{"id": "memo", "text": "Cheque No.: 004512 returned: Funds Insufficient\n"}],
        "bundle": BUNDLE,
        "turn": GOOD_TURN,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not _DROP}


_DROP = object()
Builder = Callable[[Path], list[Path]]


def pack_file(folder: Path, data: object, name: str = "hostile.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    return path


def raw_file(folder: Path, data: bytes, name: str = "hostile.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


def with_pack(**changes: Any) -> Builder:
    return lambda tmp: [pack_file(tmp / "packs", _valid(**changes))]


def with_raw(data: bytes) -> Builder:
    return lambda tmp: [raw_file(tmp / "packs", data)]


def with_outside_file(rel: Callable[[Path], str], key: str = "file") -> Builder:
    """A pack in tmp/packs whose document body points at tmp/outside.txt by ``rel``."""

    def build(tmp: Path) -> list[Path]:
        (tmp / "outside.txt").write_text("Cheque No.: 004512\n", "utf-8")
        folder = tmp / "packs"
        folder.mkdir()
        (folder / "inside.txt").write_text("Cheque No.: 004512\n", "utf-8")
        body: object = rel(tmp) if key == "file" else ["inside.txt", rel(tmp)]
        return [pack_file(folder, _valid(documents=[{"id": "memo", key: body}]))]

    return build


def symlink_out(tmp: Path) -> str:
    (tmp / "packs").mkdir(exist_ok=True)
    os.symlink(tmp / "outside.txt", tmp / "packs" / "link.txt")
    return "link.txt"


def duplicate_ids(tmp: Path) -> list[Path]:
    folder = tmp / "packs"
    pack_file(folder, _valid(), "a.yaml")
    pack_file(folder / "sub", _valid(), "b.yaml")
    return [folder]


def empty_folder(tmp: Path) -> list[Path]:
    (tmp / "packs" / "docs").mkdir(parents=True)
    (tmp / "packs" / "docs" / "readme.txt").write_text("not a pack\n", "utf-8")
    return [tmp / "packs"]


ALIAS_BOMB = b"""pack: sakshi.pack.v1
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""

# A 50,000-character string aliased 2,000 times: 100 MB of text once expanded.
ALIAS_QUADRATIC = (
    b'pack: sakshi.pack.v1\ns: &s "'
    + b"x" * 50_000
    + b'"\nl: ['
    + b", ".join([b"*s"] * 2_000)
    + b"]\n"
)

# id -> (build the inputs, fragments the one-line message must hold besides the file)
CASES: dict[str, tuple[Builder, tuple[str, ...]]] = {
    "unknown-top-level-key": (with_pack(surprise=1), ("surprise: ", "unknown key")),
    "missing-id": (with_pack(id=_DROP), ("id: ", "missing")),
    "missing-engine-state": (with_pack(engine_state=_DROP), ("engine_state: ", "missing")),
    "missing-pack": (with_pack(pack=_DROP), ("pack: ", "missing")),
    "wrong-pack-format": (
        with_pack(pack="sakshi.pack.v2"),
        ("pack: ", "sakshi.pack.v1", "sakshi.pack.v2"),
    ),
    "uppercase-id": (with_pack(id="Live-Cheque"), ("id: ", "Live-Cheque")),
    "id-with-leading-dash": (with_pack(id="-cheque"), ("id: ", "-cheque")),
    "id-not-a-string": (with_pack(id=138), ("id: ", "138")),
    "bad-engine-state": (with_pack(engine_state="alive"), ("engine_state: ", "alive")),
    "bad-expect": (with_pack(expect="yes"), ("expect: ", "yes")),
    "title-not-a-string": (with_pack(title=["a"]), ("title: ", "a list")),
    "documents-not-a-list": (
        with_pack(documents={"memo": "text"}),
        ("documents: ", "expected a list"),
    ),
    "matter-a-string": (with_pack(matter="s.138 NI Act"), ("matter: ", "expected a mapping")),
    "document-two-bodies": (
        with_pack(documents=[{"id": "memo", "text": "a", "pages": ["b"]}]),
        ("documents[0]: ", "exactly one"),
    ),
    "document-duplicate-id": (
        with_pack(documents=[{"id": "memo", "text": "a"}, {"id": "memo", "text": "b"}]),
        ("documents[1].id: ", "duplicate"),
    ),
    "bundle-with-state-none": (with_pack(engine_state="none"), ("bundle: ", "none")),
    "bundle-missing-at-live": (with_pack(bundle=_DROP), ("bundle: ", "missing")),
    "bundle-not-a-mapping": (with_pack(bundle=["facts"]), ("bundle: ", "a list")),
    "no-command-no-turn": (with_pack(turn=_DROP), ("command: ", "missing")),
    "command-without-name": (with_pack(command={"args": {}}), ("command.name: ",)),
    "dotdot-path": (with_outside_file(lambda tmp: "../outside.txt"), ("documents[0].file: ", "..")),
    "absolute-path": (
        with_outside_file(lambda tmp: str(tmp / "outside.txt")),
        ("documents[0].file: ", "absolute"),
    ),
    "symlink-leaving-folder": (with_outside_file(symlink_out), ("documents[0].file: ", "outside")),
    "dotdot-in-pages-files": (
        with_outside_file(lambda tmp: "../outside.txt", key="pages_files"),
        ("documents[0].pages_files[1]: ", ".."),
    ),
    "missing-document-file": (
        with_outside_file(lambda tmp: "gone.txt"),
        ("documents[0].file: ", "does not exist"),
    ),
    "alias-bomb": (with_raw(ALIAS_BOMB), ("line 3: ", "alias", "1,000,000 nodes")),
    "alias-quadratic-blowup": (with_raw(ALIAS_QUADRATIC), ("line 3: ", "alias", "64 MiB")),
    "recursive-alias": (
        with_raw(b"pack: sakshi.pack.v1\nid: x\nmatter: &m\n  self: *m\n"),
        ("line 4: ", "recursive", "*m"),
    ),
    "python-object-tag": (
        with_raw(b"pack: !!python/object/apply:os.system ['echo pwned']\nid: x\n"),
        ("line 1: ", "tag", "python/object"),
    ),
    "local-tag": (
        with_raw(b"pack: sakshi.pack.v1\nid: !cheque x\n"),
        ("line 2: ", "tag", "!cheque"),
    ),
    "timestamp-tag": (
        with_raw(b"pack: sakshi.pack.v1\nid: !!timestamp 2025-02-05\n"),
        ("line 2: ", "tag"),
    ),
    "not-utf8": (
        with_raw(b"pack: sakshi.pack.v1\nid: caf\xe9\n"),
        ("line 2: ", "not UTF-8", "0xe9"),
    ),
    "utf16-file": (with_raw("pack: sakshi.pack.v1\n".encode("utf-16")), ("not UTF-8",)),
    "duplicate-keys": (
        with_raw(b"pack: sakshi.pack.v1\nid: a\nid: b\nengine_state: none\n"),
        ("line 3: ", "duplicate key", "'id'"),
    ),
    "non-string-key": (with_raw(b"pack: sakshi.pack.v1\n1: a\n"), ("keys must be strings",)),
    "invalid-yaml": (with_raw(b"pack: sakshi.pack.v1\nid: [unclosed\n"), ("invalid YAML",)),
    "two-yaml-documents": (
        with_raw(b"pack: sakshi.pack.v1\n---\npack: sakshi.pack.v1\n"),
        ("YAML",),
    ),
    "empty-file": (with_raw(b""), ("expected a pack", "null")),
    "top-level-list": (with_raw(b"- pack: sakshi.pack.v1\n"), ("expected a pack", "a list")),
    "nan-in-bundle": (
        with_raw(
            b"pack: sakshi.pack.v1\nid: x\nengine_state: live\nbundle: {x: .nan}\n"
            b"command: {name: c}\n"
        ),
        ("bundle: ", "canonical JSON"),
    ),
    "duplicate-pack-ids": (
        duplicate_ids,
        ("b.yaml: id: ", "duplicate pack id", "a.yaml", "b.yaml"),
    ),
    "empty-folder": (empty_folder, ("no pack",)),
    "nonexistent-path": (lambda tmp: [tmp / "no-such-packs"], ("no such",)),
    "turn-not-a-mapping": (with_pack(turn="green, trust me"), ("turn: ", "expected a turn")),
    "turn-value-not-a-mapping": (
        with_pack(
            turn={
                "context_provenance": {"engine_state": "live", "bundle_sha256": None},
                "values": ["x"],
            }
        ),
        ("turn: ", "values[0]"),
    ),
    "turn-value-a-list": (
        with_pack(
            turn={
                "context_provenance": {"engine_state": "live", "bundle_sha256": None},
                "values": [{"field": "f", "value": ["a"]}],
            }
        ),
        ("turn: ", "values[0].value"),
    ),
}


@pytest.mark.parametrize("command", [["run", "context"], ["prove"]], ids=["run-context", "prove"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_input_is_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: str,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    build, fragments = CASES[case]
    paths = build(tmp_path)
    code = main([*command, *map(str, paths)])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sakshi: error: "), err
    assert paths[0].name in err  # the file (or folder) the user named
    for fragment in fragments:
        assert fragment in err, (fragment, err)


def test_one_bad_pack_among_good_ones_stops_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "packs"
    pack_file(folder, _valid(id="a-good"), "a.yaml")
    pack_file(folder, _valid(id="b-bad", surprise=True), "b.yaml")
    code = main(["run", "context", "--format", "json", str(folder)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "b.yaml" in err and "surprise" in err


def test_the_valid_base_pack_is_green(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The hostile cases are each one change away from this pack.
    path = pack_file(tmp_path, _valid())
    assert main(["run", "context", str(path)]) == 0, capsys.readouterr()


def aliased_pack(tmp_path: Path, quote: str) -> Path:
    """A pack as ``yaml.safe_dump`` writes it when one cite dict is in both bundle and turn."""
    cite = {"doc": "memo", "quote": quote}
    bundle = {"engine": "test", "facts": [cite]}
    turn = {
        "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
        "values": [
            {"field": "cheque_no", "value": "004512", "why": "The memo says so.", "cite": cite}
        ],
    }
    text = yaml.safe_dump(_valid(bundle=bundle, turn=turn), sort_keys=False, allow_unicode=True)
    assert "&id001" in text and "*id001" in text  # PyYAML wrote the anchor and alias itself
    return raw_file(tmp_path / "packs", text.encode("utf-8"), "aliased.yaml")


@pytest.mark.parametrize(
    ("quote", "code", "verdict"),
    [("Cheque No.: 004512", 0, "green"), ("Cheque No.: 999999", 1, "red")],
)
def test_a_pack_with_a_benign_alias_is_graded_normally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, quote: str, code: int, verdict: str
) -> None:
    path = aliased_pack(tmp_path, quote)
    assert main(["run", "context", "--format", "json", str(path)]) == code
    out, err = capsys.readouterr()
    assert json.loads(out)["packs"][0]["verdict"] == verdict, err


@pytest.mark.parametrize(
    "case", ["alias-bomb", "python-object-tag", "not-utf8", "symlink-leaving-folder"]
)
def test_hostile_input_in_a_real_process(tmp_path: Path, case: str) -> None:
    build, fragments = CASES[case]
    paths = build(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "run", "context", *map(str, paths)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert all(f in proc.stderr for f in fragments)
