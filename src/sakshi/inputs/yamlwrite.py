"""YAML out that sakshi's strict loader reads back to exactly the same data.

PyYAML's emitter quotes a string only when it would read back as something else under
YAML 1.1. sakshi reads YAML 1.2's core schema (``yamlsafe``), where a few more plain
scalars are numbers: ``0o17``, ``1e5``, ``1.5e5``. The dumper below also knows those, so it
quotes them. Multi-line strings are written as literal blocks (``|``) when the emitter
allows it, so a document's text reads as text.

``dump_yaml`` then proves the result: it loads the bytes back through ``yamlsafe`` and
compares. A difference is a bug, never a silently changed document, so it raises.
"""

from __future__ import annotations

from typing import Any

import yaml

from sakshi.errors import SakshiError
from sakshi.inputs.yamlcore import (
    FLOAT_FIRST,
    FLOAT_PATTERN,
    FLOAT_TAG,
    INT_FIRST,
    INT_PATTERN,
    INT_TAG,
    STR_TAG,
)
from sakshi.inputs.yamlsafe import load_yaml_bytes

__all__ = ["dump_yaml"]


class _CoreDumper(yaml.SafeDumper):
    """SafeDumper that also quotes strings the YAML 1.2 core schema reads as numbers."""

    def ignore_aliases(self, data: Any) -> bool:
        # An object used twice is written twice, not as an anchor and an alias: the strict
        # loader reads aliases, but a person reading or editing the file sees each value
        # where it is.
        return True


# Add the core schema's int and float forms to the 1.1 ones PyYAML already knows; a string
# matching any of them is written quoted.
_CoreDumper.add_implicit_resolver(INT_TAG, INT_PATTERN, INT_FIRST)
_CoreDumper.add_implicit_resolver(FLOAT_TAG, FLOAT_PATTERN, FLOAT_FIRST)


class _LiteralDumper(_CoreDumper):
    """The same, writing multi-line strings as literal blocks where the emitter can."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    # The emitter falls back to a quoted style by itself when a block cannot hold the
    # string exactly (trailing spaces on a line, special characters).
    style = "|" if "\n" in data else None
    return dumper.represent_scalar(STR_TAG, data, style=style)


_LiteralDumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> bytes:
    """``data`` as UTF-8 YAML (keys in their given order), proven to load back equal.

    Tries literal blocks for multi-line strings first, then PyYAML's own styles, then
    ASCII with escapes; raises
    ``SakshiError`` if neither reads back through ``yamlsafe`` as ``data``.
    """
    # The last try escapes every non-ASCII character: with allow_unicode PyYAML writes some
    # line breaks (U+0085 NEL) raw inside quotes, where a reader folds them into spaces.
    for dumper, unicode in ((_LiteralDumper, True), (_CoreDumper, True), (_CoreDumper, False)):
        text = yaml.dump(data, Dumper=dumper, allow_unicode=unicode, sort_keys=False, width=100)
        out = text.encode("utf-8")
        try:
            if load_yaml_bytes(out, "<generated YAML>") == data:
                return out
        except SakshiError:
            continue
    raise SakshiError(
        "internal error: the generated YAML does not read back as the data it was made from"
    )
