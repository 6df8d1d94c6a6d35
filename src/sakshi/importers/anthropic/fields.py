"""One check for the provider's JSON: a field of the expected type, or an ``InputError``."""

from __future__ import annotations

from typing import Any

from sakshi.errors import InputError, a_kind

__all__ = ["need"]


def need(value: object, types: type | tuple[type, ...], what: str, source: str, key: str) -> Any:
    """``value`` when it is one of ``types``; else an ``InputError`` at ``source`` and ``key``
    saying ``what`` was expected and what was found.

    A boolean is never taken for an integer here, although Python's ``bool`` is an ``int``.
    """
    if isinstance(value, bool) or not isinstance(value, types):
        raise InputError(source, key, f"expected {what}, found {a_kind(value, 'an object')}")
    return value
