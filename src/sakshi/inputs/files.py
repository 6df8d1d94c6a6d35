"""Reading a user's file: its bytes, or a one-line refusal naming it. No parsing policy
beyond JSON's own; YAML has its strict loader in ``yamlsafe``."""

from __future__ import annotations

import json
from pathlib import Path

from sakshi.errors import InputError

__all__ = ["read_bytes", "read_json"]


def read_bytes(path: Path, label: str, expected: str, limit: int | None = None) -> bytes:
    """The file's bytes; a folder, a missing file, one over ``limit`` bytes or an OS error
    is an InputError saying what was ``expected`` (e.g. "a YAML file")."""
    try:
        if limit is not None and (size := path.stat().st_size) > limit:
            raise InputError(label, None, f"the file is {size} bytes; the limit is {limit}")
        return path.read_bytes()
    except IsADirectoryError:
        raise InputError(label, None, f"is a folder, expected {expected}") from None
    except FileNotFoundError:
        raise InputError(label, None, "cannot read: no such file") from None
    except OSError as exc:
        raise InputError(
            label, None, f"cannot read: {exc.strerror or type(exc).__name__}"
        ) from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def read_json(path: Path, label: str | None = None) -> tuple[object, bytes]:
    """The parsed JSON of a file and its bytes. Strict: UTF-8 only, and no NaN or
    Infinity (they are not JSON); errors name the file and, when known, the line."""
    name = label if label is not None else str(path)
    data = read_bytes(path, name, "a JSON file")
    try:
        parsed = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise InputError(
            name, None, f"not JSON: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        raise InputError(name, f"line {exc.lineno}", f"not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:
        raise InputError(name, None, f"not JSON: {exc}") from None
    return parsed, data
