"""Documents from DOCS.yaml (SPEC 2): the bytes of every body kind, and every refusal."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from sakshi import BodyKind, Document, InputError
from sakshi.inputs.documents import load_docs_file

RAW = b"\xef\xbb\xbfline one\r\nline two\r\n\xff end"  # BOM, CRLF, a byte that is not UTF-8


def docs_file(folder: Path, documents: str, files: dict[str, bytes] | None = None) -> Path:
    """Write ``DOCS.yaml`` (its ``documents:`` list given as YAML) and files beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    for rel, data in (files or {}).items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    path = folder / "DOCS.yaml"
    path.write_text("documents:\n" + documents, encoding="utf-8")
    return path


def load_one(tmp_path: Path, document: str, files: dict[str, bytes] | None = None) -> Document:
    docs = load_docs_file(docs_file(tmp_path / "pack", document, files))
    assert len(docs) == 1
    return next(iter(docs.values()))


def segments(doc: Document) -> list[bytes]:
    return [s.data for s in doc.segments]


def refusal(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        load_docs_file(path)
    message = str(info.value)
    assert info.value.source == str(path)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    return info.value


# --- Each body kind loads to the right bytes -------------------------------------------------


@pytest.mark.parametrize(
    ("document", "kind", "expected"),
    [
        pytest.param(
            '  - id: t\n    text: "café 😀 ok"\n', BodyKind.TEXT, ["café 😀 ok".encode()], id="text"
        ),
        pytest.param(
            '  - id: t\n    text: "\\ufeffa\\r\\nb  "\n',
            BodyKind.TEXT,
            [b"\xef\xbb\xbfa\r\nb  "],
            id="text-bom-crlf-spaces",
        ),
        pytest.param(
            '  - id: t\n    text: "cafe\\u0301"\n',
            BodyKind.TEXT,
            [b"cafe\xcc\x81"],
            id="text-nfd-kept",
        ),
        pytest.param(
            "  - id: t\n    text: |\n      one\n      two\n",
            BodyKind.TEXT,
            [b"one\ntwo\n"],
            id="text-block",
        ),
        pytest.param("  - id: t\n    text: ''\n", BodyKind.TEXT, [b""], id="text-empty"),
        pytest.param(
            "  - id: p\n    pages: [one, 'two é']\n",
            BodyKind.PAGES,
            [b"one", "two é".encode()],
            id="pages",
        ),
        pytest.param(
            "  - id: b\n    blocks: [zero, one, '']\n",
            BodyKind.BLOCKS,
            [b"zero", b"one", b""],
            id="blocks",
        ),
        pytest.param("  - id: f\n    file: raw.txt\n", BodyKind.FILE, [RAW], id="file-raw"),
        pytest.param(
            "  - id: f\n    file: sub/dir/raw.txt\n",
            BodyKind.FILE,
            [b"nested"],
            id="file-in-subfolder",
        ),
        pytest.param("  - id: f\n    file: ./raw.txt\n", BodyKind.FILE, [RAW], id="file-dot-slash"),
        pytest.param("  - id: f\n    file: empty.txt\n", BodyKind.FILE, [b""], id="file-empty"),
        pytest.param(
            "  - id: pf\n    pages_files: [raw.txt, sub/dir/raw.txt]\n",
            BodyKind.PAGES_FILES,
            [RAW, b"nested"],
            id="pages-files",
        ),
        pytest.param(
            "  - id: t\n    title: A title\n    meta: {sha256: abc, tool: [x, 1]}\n    text: x\n",
            BodyKind.TEXT,
            [b"x"],
            id="title-and-meta-allowed",
        ),
    ],
)
def test_body_kinds_load_to_their_bytes(
    tmp_path: Path, document: str, kind: BodyKind, expected: list[bytes]
) -> None:
    files = {"raw.txt": RAW, "sub/dir/raw.txt": b"nested", "empty.txt": b""}
    doc = load_one(tmp_path, document, files)
    assert doc.kind is kind
    assert segments(doc) == expected


def test_documents_are_keyed_by_id_in_order(tmp_path: Path) -> None:
    path = docs_file(
        tmp_path, "  - {id: b, text: two}\n  - {id: a, text: one}\n  - {id: 'ü 1', pages: []}\n"
    )
    docs = load_docs_file(path)
    assert list(docs) == ["b", "a", "ü 1"]
    assert docs["ü 1"].segments == ()


def test_symlink_inside_the_folder_is_followed(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    path = docs_file(folder, "  - id: f\n    file: link.txt\n", {"real.txt": RAW})
    os.symlink(folder / "real.txt", folder / "link.txt")
    assert segments(load_docs_file(path)["f"]) == [RAW]


def test_relative_path_is_from_the_docs_file_not_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs_file(tmp_path / "pack", "  - id: f\n    file: raw.txt\n", {"raw.txt": RAW})
    (tmp_path / "raw.txt").write_bytes(b"wrong one")
    monkeypatch.chdir(tmp_path)
    assert segments(load_docs_file(Path("pack/DOCS.yaml"))["f"]) == [RAW]


# --- Refusals: an InputError naming the file and the key -----------------------------------


SECRET = b"TOP-SECRET-BYTES"


def _outside(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.txt").write_bytes(SECRET)
    return outside


def _link_file_out(tmp_path: Path, folder: Path) -> None:
    os.symlink(_outside(tmp_path) / "secret.txt", folder / "link.txt")


def _link_dir_out(tmp_path: Path, folder: Path) -> None:
    os.symlink(_outside(tmp_path), folder / "linkdir")


def _link_chain_out(tmp_path: Path, folder: Path) -> None:
    os.symlink(_outside(tmp_path) / "secret.txt", folder / "hop2.txt")
    os.symlink(folder / "hop2.txt", folder / "hop1.txt")


def _link_loop(tmp_path: Path, folder: Path) -> None:
    os.symlink(folder / "loop.txt", folder / "loop.txt")


SETUPS = {
    "link-file-out": _link_file_out,
    "link-dir-out": _link_dir_out,
    "link-chain-out": _link_chain_out,
    "link-loop": _link_loop,
}


def refused_document(tmp_path: Path, document: str, setup: str | None = None) -> InputError:
    folder = tmp_path / "pack"
    path = docs_file(folder, document, {"raw.txt": RAW, "sub/keep.txt": b""})
    _outside(tmp_path)
    if setup is not None:
        SETUPS[setup](tmp_path, folder)
    error = refusal(path)
    assert b"TOP-SECRET" not in str(error).encode()
    return error


@pytest.mark.parametrize(
    ("path", "why", "setup"),  # path as a YAML scalar
    [
        pytest.param("../outside/secret.txt", "leaves the pack's folder", None, id="dotdot"),
        pytest.param("sub/../raw.txt", "leaves the pack's folder", None, id="dotdot-inside"),
        pytest.param(
            "'..\\outside\\secret.txt'", "leaves the pack's folder", None, id="dotdot-backslash"
        ),
        pytest.param("/etc/hostname", "absolute", None, id="absolute"),
        pytest.param("'C:\\x.txt'", "absolute", None, id="absolute-windows"),
        pytest.param("'\\\\server\\share\\x.txt'", "absolute", None, id="unc-path"),
        pytest.param("link.txt", "outside the pack's folder", "link-file-out", id="symlink-out"),
        pytest.param(
            "linkdir/secret.txt",
            "outside the pack's folder",
            "link-dir-out",
            id="symlinked-dir-out",
        ),
        pytest.param(
            "hop1.txt", "outside the pack's folder", "link-chain-out", id="symlink-chain-out"
        ),
        pytest.param("loop.txt", "cannot be resolved", "link-loop", id="symlink-loop"),
        pytest.param("missing.txt", "does not exist", None, id="nonexistent"),
        pytest.param("sub", "not a regular file", None, id="folder"),
        pytest.param(".", "not a regular file", None, id="dot"),
        pytest.param("''", "non-empty relative path", None, id="empty-path"),
        pytest.param('"raw.txt\\0x"', "NUL", None, id="nul-in-path"),
    ],
)
def test_unsafe_or_missing_files_are_refused(
    tmp_path: Path, path: str, why: str, setup: str | None
) -> None:
    error = refused_document(tmp_path, f"  - id: f\n    file: {path}\n", setup)
    assert error.key == "documents[0].file"
    assert why in error.problem


def test_pages_files_name_the_item(tmp_path: Path) -> None:
    document = (
        "  - id: ok\n    text: x\n  - id: pf\n    pages_files: [raw.txt, ../outside/secret.txt]\n"
    )
    assert refused_document(tmp_path, document).key == "documents[1].pages_files[1]"


@pytest.mark.parametrize(
    ("document", "key"),
    [
        pytest.param("  - id: f\n    file: 5\n", "documents[0].file", id="path-not-a-string"),
        pytest.param(
            "  - id: pf\n    pages_files: raw.txt\n",
            "documents[0].pages_files",
            id="pages-files-not-a-list",
        ),
        pytest.param(
            "  - id: pf\n    pages_files: [raw.txt, 7]\n",
            "documents[0].pages_files[1]",
            id="pages-files-item",
        ),
        pytest.param(
            "  - id: a\n    text: x\n  - id: a\n    text: y\n", "documents[1].id", id="duplicate-id"
        ),
        pytest.param("  - text: x\n", "documents[0].id", id="missing-id"),
        pytest.param("  - id: ''\n    text: x\n", "documents[0].id", id="empty-id"),
        pytest.param("  - id: 7\n    text: x\n", "documents[0].id", id="id-not-a-string"),
        pytest.param("  - id: ~\n    text: x\n", "documents[0].id", id="id-null"),
        pytest.param("  - id: t\n    text: x\n    pages: [y]\n", "documents[0]", id="two-bodies"),
        pytest.param(
            "  - id: t\n    file: raw.txt\n    text: x\n", "documents[0]", id="file-and-text"
        ),
        pytest.param("  - id: t\n    title: no body\n", "documents[0]", id="no-body"),
        pytest.param(
            "  - id: t\n    text: x\n    pgae: 2\n", "documents[0].pgae", id="unknown-key"
        ),
        pytest.param("  - id: t\n    text: 5\n", "documents[0].text", id="text-int"),
        pytest.param("  - id: t\n    text: true\n", "documents[0].text", id="text-bool"),
        pytest.param("  - id: t\n    text: ~\n", "documents[0].text", id="text-null"),
        pytest.param("  - id: t\n    text: [a]\n", "documents[0].text", id="text-list"),
        pytest.param("  - id: p\n    pages: x\n", "documents[0].pages", id="pages-not-a-list"),
        pytest.param(
            "  - id: p\n    pages: [a, 2]\n", "documents[0].pages[1]", id="page-not-a-string"
        ),
        pytest.param(
            "  - id: b\n    blocks: [{a: b}]\n", "documents[0].blocks[0]", id="block-not-a-string"
        ),
        pytest.param("  - just a string\n", "documents[0]", id="document-not-a-mapping"),
        pytest.param("  {id: a, text: x}\n", "documents", id="documents-not-a-list"),
    ],
)
def test_refusals_name_the_file_and_the_key(tmp_path: Path, document: str, key: str) -> None:
    error = refused_document(tmp_path, document)
    assert error.key == key
    assert str(error).startswith(f"{error.source}: {key}: ")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"", id="empty-file"),
        pytest.param(b"- id: a\n  text: x\n", id="top-level-list"),
        pytest.param(b"docs: []\n", id="no-documents-key"),
        pytest.param(b"documents:\n  - id: a\n    text: \xff\n", id="not-utf8"),
        pytest.param(b'documents:\n  - id: a\n    text: "\\ud800"\n', id="lone-surrogate-escape"),
        pytest.param(b"documents:\n  - id: a\n    text: x\n    text: y\n", id="duplicate-yaml-key"),
        pytest.param(b"documents: [{id: a, text: !!binary eA==}]\n", id="tag"),
    ],
)
def test_unusable_docs_files_name_the_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "DOCS.yaml"
    path.write_bytes(content)
    refusal(path)


def test_lone_surrogate_escape_names_the_line(tmp_path: Path) -> None:
    path = docs_file(tmp_path, '  - id: a\n    text: "ok"\n  - id: b\n    text: "x\\udc00y"\n')
    assert refusal(path).key == "line 5"


@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_docs_path_that_is_not_a_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "DOCS.yaml"
    if kind == "folder":
        path.mkdir()
    refusal(path)


# --- a path written as a folder, and files that are not regular files (issue 11) --------------


@pytest.mark.parametrize(
    "path",
    ["sub/", "raw.txt/", "raw.txt/.", "'raw.txt\\'", "sub/keep.txt/", "./"],
    ids=["folder-slash", "file-slash", "file-slash-dot", "file-backslash", "deep-slash", "dot"],
)
def test_a_path_written_as_a_folder_is_refused(tmp_path: Path, path: str) -> None:
    # The OS reads "raw.txt/." as raw.txt once normalised; written as a folder it is one.
    error = refused_document(tmp_path, f"  - id: f\n    file: {path}\n")
    assert error.key == "documents[0].file"
    assert "not a regular file" in error.problem


def test_pages_files_written_as_a_folder_name_the_item(tmp_path: Path) -> None:
    document = "  - id: pf\n    pages_files: [raw.txt, raw.txt/]\n"
    error = refused_document(tmp_path, document)
    assert error.key == "documents[0].pages_files[1]" and "not a regular file" in error.problem


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_file_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "pack"
    path = docs_file(folder, "  - id: f\n    file: odd.txt\n")
    if kind == "fifo":
        os.mkfifo(folder / "odd.txt")  # never opened for reading: a FIFO would block
    else:
        (folder / "inside").symlink_to("/dev/zero")
        os.symlink("inside", folder / "odd.txt")
    error = refusal(path)
    assert error.key == "documents[0].file"
    assert ("not a regular file" if kind == "fifo" else "outside") in error.problem


def _unblock_after(fifo: Path, seconds: float) -> threading.Timer:
    """Should a regression open ``fifo`` blocking, open its other end after ``seconds``:
    the reader then sees an empty file and the test fails instead of hanging."""

    def unblock() -> None:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass  # no reader waiting: nothing blocked

    timer = threading.Timer(seconds, unblock)
    timer.start()
    return timer


def test_a_docs_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    # /dev/zero as DOCS.yaml runs in a bounded child process (tests/hostile/test_input_files).
    path = tmp_path / "DOCS.yaml"
    os.mkfifo(path)
    timer = _unblock_after(path, 5.0)
    try:
        error = refusal(path)
    finally:
        timer.cancel()
    assert "FIFO" in error.problem
