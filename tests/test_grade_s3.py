"""``sakshi grade`` on s3://, for real: an S3-compatible server (moto's server mode) started
here on loopback, the logs and documents put there as objects, and the CLI (and Dask
workers, each its own process) reading them through s3fs with the endpoint taken from the
environment (``AWS_ENDPOINT_URL``), as on a real cluster. Nothing is skipped: the test
extra brings moto[server] and s3fs."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import s3fs
from moto.server import ThreadedMotoServer

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

import distributed
from grade_logs import (
    GRN,
    LEDGER_YAML,
    grade_here,
    grade_process,
    log_bytes,
    one_line_error,
    parts_of,
    stored_parts,
    write_docs,
)

from sakshi.errors import InputError
from sakshi.inputs import objects
from sakshi.inputs.objects import send_new_object

Capture = pytest.CaptureFixture[bytes]
BUCKET = "sakshi-turns"
LOGS = {
    "day/2026-12-01.jsonl": ("first", 700, True),
    "day/2026-12-02.jsonl": ("second", 500, False),
}


class S3(NamedTuple):
    """The running server's endpoint, and the same logs and documents on local disk."""

    endpoint: str
    logs: Path
    docs: Path


@pytest.fixture(scope="module")
def s3(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3]:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line a request otherwise
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    local = tmp_path_factory.mktemp("s3-copy")
    with pytest.MonkeyPatch.context() as env:
        # Dummy credentials and the endpoint, inherited by the CLI's and the workers'
        # processes; a developer's own AWS configuration must not take part.
        for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN"):
            env.delenv(name, raising=False)
        env.setenv("AWS_ACCESS_KEY_ID", "testing")
        env.setenv("AWS_SECRET_ACCESS_KEY", "testing")
        env.setenv("AWS_DEFAULT_REGION", "us-east-1")
        env.setenv("AWS_CONFIG_FILE", str(local / "no-aws-config"))
        env.setenv("AWS_SHARED_CREDENTIALS_FILE", str(local / "no-aws-credentials"))
        env.setenv("AWS_ENDPOINT_URL", endpoint)
        s3fs.S3FileSystem.clear_instance_cache()
        fs = s3fs.S3FileSystem()
        fs.mkdir(BUCKET)
        (local / "day").mkdir()
        for key, (prefix, count, newline) in LOGS.items():
            data = log_bytes(prefix, count, final_newline=newline)
            fs.pipe(f"{BUCKET}/{key}", data)
            (local / key).write_bytes(data)
        fs.pipe(f"{BUCKET}/docs/grn.txt", GRN)
        fs.pipe(f"{BUCKET}/docs/ledger.yaml", LEDGER_YAML.encode())
        try:
            yield S3(endpoint, local / "day", write_docs(local / "docs"))
        finally:
            s3fs.S3FileSystem.clear_instance_cache()
            server.stop()


def test_s3_logs_and_documents_give_the_local_bytes(s3: S3, tmp_path: Path) -> None:
    local = grade_process(f"{s3.logs}/*.jsonl", "--documents", s3.docs)
    assert local.code == 1 and local.out.count(b"\n") == 1202
    remote = grade_process(
        f"s3://{BUCKET}/day/*.jsonl", "--documents", f"s3://{BUCKET}/docs",
        "--partition-size", "20K", "--jobs", "2",
    )  # fmt: skip
    assert (remote.code, remote.out) == (1, local.out), remote.err
    parts = grade_process(
        f"s3://{BUCKET}/day/*.jsonl", "--documents", f"s3://{BUCKET}/docs",
        "--partition-size", "20K", "--out-parts", tmp_path / "parts",
    )  # fmt: skip
    joined, manifest = parts_of(tmp_path / "parts")
    assert parts.code == 1 and joined == local.out
    assert manifest["parts"][0]["log"] == f"s3://{BUCKET}/day/2026-12-01.jsonl"


def test_s3_on_dask_workers_in_their_own_processes(s3: S3, tmp_path: Path) -> None:
    local = grade_process(f"{s3.logs}/*.jsonl", "--documents", s3.docs)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
    ) as running:
        on_dask = ("--engine", "dask", "--scheduler", running.scheduler_address)
        logs, docs = f"s3://{BUCKET}/day/*.jsonl", f"s3://{BUCKET}/docs"
        cut = ("--partition-size", "16K")
        remote = grade_process(logs, "--documents", docs, *cut, *on_dask)
        parts = grade_process(
            logs, "--documents", docs, *cut, *on_dask, "--out-parts", tmp_path / "parts"
        )
        stored = grade_process(
            logs, "--documents", docs, *cut, *on_dask, "--out-parts", f"s3://{BUCKET}/graded/"
        )
        one = grade_process(
            logs, "--documents", docs, *cut, *on_dask, "--out", f"s3://{BUCKET}/dask/all.jsonl"
        )
    assert (remote.code, remote.out) == (1, local.out), remote.err
    assert (one.code, one.out) == (1, b""), one.err
    s3fs.S3FileSystem.clear_instance_cache()
    assert s3fs.S3FileSystem().cat_file(f"{BUCKET}/dask/all.jsonl") == local.out
    assert parts.code == 1 and parts_of(tmp_path / "parts")[0] == local.out
    # Parts stored on S3 by the workers: the objects are the local folder's parts (named
    # for the run, under a prefix other runs may share).
    assert stored.code == 1, stored.err
    fs: Any = s3fs.S3FileSystem()
    objects, manifest = stored_parts(fs, f"{BUCKET}/graded")
    local_parts, local_manifest = parts_of(tmp_path / "parts")
    assert objects == local_parts and len(manifest["parts"]) == len(local_manifest["parts"])
    for mine, theirs in zip(manifest["parts"], local_manifest["parts"], strict=True):
        assert mine.pop("log").startswith("s3://") and theirs.pop("log").startswith("s3://")
        assert mine == theirs


@pytest.mark.parametrize(
    ("logs", "documents", "named", "problem"),
    [
        ("s3://{b}/day/*.ndjson", "s3://{b}/docs", "s3://{b}/day/*.ndjson", "matches no object"),
        ("s3://{b}/day/gone.jsonl", "s3://{b}/docs", "s3://{b}/day/gone.jsonl", "no such object"),
        ("s3://no-such-bucket/a.jsonl", "s3://{b}/docs", "s3://no-such-bucket/a.jsonl", "cannot"),
        ("s3://{b}/day", "s3://{b}/docs", "s3://{b}/day", "is a folder (a prefix)"),
        ("s3://{b}/day/*.jsonl", "s3://{b}/nodocs", "s3://{b}/nodocs", "not a folder of docu"),
    ],
    ids=["glob-no-match", "missing-object", "missing-bucket", "prefix", "documents"],
)
def test_what_s3_cannot_give_is_exit_2_naming_it(
    s3: S3, capsysbinary: Capture, logs: str, documents: str, named: str, problem: str
) -> None:
    run = grade_here(capsysbinary, logs.format(b=BUCKET), "--documents", documents.format(b=BUCKET))
    line = one_line_error(run)
    assert line.startswith(f"{named.format(b=BUCKET)}: ") and problem in line, line


def test_a_document_missing_from_s3_is_a_red_line_as_locally(s3: S3, capsysbinary: Capture) -> None:
    fs: Any = s3fs.S3FileSystem()
    fs.pipe(f"{BUCKET}/docs-partial/grn.txt", GRN)  # no ledger
    run = grade_here(
        capsysbinary, f"s3://{BUCKET}/day/2026-12-02.jsonl",
        "--documents", f"s3://{BUCKET}/docs-partial",
    )  # fmt: skip
    assert run.code == 1
    assert run.out.count(b"no document 'ledger' in the documents folder") == 500


def test_missing_credentials_are_exit_2_naming_the_url(s3: S3) -> None:
    env = {name: value for name, value in os.environ.items() if not name.startswith("AWS_")}
    env.update(
        AWS_ENDPOINT_URL=s3.endpoint,
        AWS_CONFIG_FILE=os.devnull,
        AWS_SHARED_CREDENTIALS_FILE=os.devnull,
        AWS_EC2_METADATA_DISABLED="true",  # no wait on an instance-metadata service
    )
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", f"s3://{BUCKET}/day/*.jsonl"]
        + ["--documents", str(s3.docs)],
        capture_output=True,
        check=False,
        env=env,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    problem = "cannot read: NoCredentialsError: Unable to locate credentials"
    assert proc.stderr.splitlines() == [f"sakshi: error: s3://{BUCKET}/day/*.jsonl: {problem}"]


def test_out_at_an_s3_url_is_one_new_object(s3: S3, capsysbinary: Capture) -> None:
    local = grade_process(f"{s3.logs}/*.jsonl", "--documents", s3.docs)
    url = f"s3://{BUCKET}/one/all.jsonl"
    logs, docs = f"s3://{BUCKET}/day/*.jsonl", f"s3://{BUCKET}/docs"
    run = grade_process(logs, "--documents", docs, "--partition-size", "20K", "--out", url)
    assert (run.code, run.out) == (1, b""), run.err
    fs: Any = s3fs.S3FileSystem()
    fs.invalidate_cache()  # this process listed the bucket before the CLI's process wrote
    assert fs.cat_file(f"{BUCKET}/one/all.jsonl") == local.out
    again = grade_here(capsysbinary, logs, "--documents", docs, "--out", url)
    assert one_line_error(again) == f"{url}: already exists; sakshi never writes over or into it"
    assert fs.cat_file(f"{BUCKET}/one/all.jsonl") == local.out


class _CutSpool(io.RawIOBase):
    """Six MiB of output, then a read error: more than one part of a multipart upload."""

    def __init__(self) -> None:
        self.left = 6 * 1024 * 1024

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.left <= 0:
            raise OSError(5, "Input/output error")
        size = min(len(buffer), self.left)
        buffer[:size] = b"x" * size
        self.left -= size
        return size


def test_an_s3_upload_cut_midway_leaves_no_object_and_no_upload(
    s3: S3, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5 MiB parts (S3's least), so the cut comes after a part went up: the multipart
    # upload must be aborted, never completed.
    fs: Any = s3fs.S3FileSystem(default_block_size=5 * 1024 * 1024)
    monkeypatch.setattr(objects, "url_filesystem", lambda url: (fs, url.removeprefix("s3://")))
    url = f"s3://{BUCKET}/cut/graded.jsonl"
    with pytest.raises(InputError, match="cannot write: OSError"):
        send_new_object(url, io.BufferedReader(_CutSpool(), 1024 * 1024))
    assert not fs.exists(f"{BUCKET}/cut/graded.jsonl")
    assert fs.list_multipart_uploads(BUCKET) == []


class _RacedSpool(io.BytesIO):
    """Our bytes; on the first read, another writer makes the object (after our open)."""

    def __init__(self, fs: Any, key: str) -> None:
        super().__init__(b"ours\n")
        self.fs, self.key, self.raced = fs, key, False

    def read(self, size: int | None = -1, /) -> bytes:
        if not self.raced:
            self.raced = True
            self.fs.pipe(self.key, b"theirs\n")
        return super().read(size)


@pytest.mark.parametrize("when", ["before-the-open", "during-the-upload"])
def test_an_s3_object_made_meanwhile_is_never_overwritten(s3: S3, when: str) -> None:
    fs: Any = s3fs.S3FileSystem()
    key = f"{BUCKET}/raced-{when}/graded.jsonl"
    if when == "before-the-open":
        fs.pipe(key, b"theirs\n")
        spool: io.BytesIO = io.BytesIO(b"ours\n")
    else:  # S3's conditional write (If-None-Match) refuses it when the upload completes
        spool = _RacedSpool(fs, key)
    with pytest.raises(InputError, match="never overwrites one"):
        send_new_object(f"s3://{key}", spool)
    assert fs.cat_file(key) == b"theirs\n"
