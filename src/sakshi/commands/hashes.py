"""``sakshi hash bundle FILE``: the hash sakshi gives a bundle, for a route or an engine to
check its own against."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sakshi.commands.outcome import HELD, Outcome
from sakshi.errors import InputError


@click.group("hash")
def hash_group() -> None:
    """Print the hashes sakshi computes, to check a route's or an engine's own."""


def _read(file: Path) -> tuple[object, str]:
    """The parsed FILE and its label: JSON for *.json (or text opening with '{' or '['
    that does not end in .yaml/.yml), YAML otherwise; '-' is stdin."""
    from sakshi.inputs import MAX_YAML_BYTES, load_yaml_bytes, parse_json, read_bytes

    label = "<stdin>" if str(file) == "-" else str(file)
    if label == "<stdin>":
        data = sys.stdin.buffer.read(MAX_YAML_BYTES + 1)
        if len(data) > MAX_YAML_BYTES:
            raise InputError(label, None, f"more than {MAX_YAML_BYTES} bytes")
    else:
        data = read_bytes(file, label, "a bundle (JSON or YAML)", limit=MAX_YAML_BYTES)
    suffix = file.suffix.lower()
    # JSON is read as JSON: a YAML parser refuses some of it (an escaped surrogate pair).
    if suffix == ".json" or (
        suffix not in (".yaml", ".yml") and data.lstrip(b" \t\r\n").startswith((b"{", b"["))
    ):
        return parse_json(data, label, unique_keys=True), label
    return load_yaml_bytes(data, label), label


@hash_group.command("bundle")
@click.argument("file", type=click.Path(path_type=Path, allow_dash=True))
def bundle_cmd(file: Path) -> Outcome:
    """Print the SHA-256 of a bundle's RFC 8785 (JCS) canonical JSON: the bundle_sha256
    that sakshi serves with a pack's bundle and that a turn must quote back.

    FILE holds the bundle (a mapping) as JSON or YAML, or is a pack, whose `bundle` is
    hashed; - reads stdin. A file that is not a bundle is exit 2, with one line saying why.
    """
    from sakshi.context import PACK_FORMAT, bundle_sha256
    from sakshi.errors import a_kind

    data, label = _read(file)
    key = None
    if isinstance(data, dict) and data.get("pack") == PACK_FORMAT:
        key = "bundle"
        if data.get("bundle") is None:
            raise InputError(
                label, key, "the pack has no bundle (at engine_state none it serves none)"
            )
        data = data["bundle"]
    if not isinstance(data, dict):
        raise InputError(label, key, f"a bundle is a mapping; found {a_kind(data)}")
    try:
        digest = bundle_sha256(data)
    except ValueError as exc:
        raise InputError(label, key, f"has no RFC 8785 (JCS) canonical JSON: {exc}") from None
    click.echo(digest)
    return HELD
