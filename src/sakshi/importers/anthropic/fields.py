"""Checks on the provider's JSON: a field of the expected type, and text that is Unicode;
each failure an ``InputError`` naming the file and the key."""

from __future__ import annotations

from typing import Any

from sakshi.errors import InputError, a_kind

__all__ = ["need", "refuse_lone_surrogates"]


def need(value: object, types: type | tuple[type, ...], what: str, source: str, key: str) -> Any:
    """``value`` when it is one of ``types``; else an ``InputError`` at ``source`` and ``key``
    saying ``what`` was expected and what was found.

    A boolean is never taken for an integer here, although Python's ``bool`` is an ``int``.
    """
    if isinstance(value, bool) or not isinstance(value, types):
        raise InputError(source, key, f"expected {what}, found {a_kind(value, 'an object')}")
    return value


def _shown_key(key: str) -> str:
    """A key for a message: a lone surrogate in it shown as its escape, never raw."""
    return key.encode("utf-8", "backslashreplace").decode("utf-8")


def _lone_surrogate(text: str) -> str | None:
    """The first lone surrogate of ``text`` (a JSON ``\\uD800`` escape with no pair)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return text[exc.start]
    return None


def refuse_lone_surrogates(value: object, source: str) -> None:
    """An ``InputError`` naming the first string (or key) of ``value`` that holds a lone
    surrogate: such a string is not text, so no document, quote or pack can hold it.

    Walked without recursion, in document order, so any depth of nesting is one pass.
    """
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        children: list[tuple[object, str]] = []
        if isinstance(item, str):
            found = _lone_surrogate(item)
            if found is not None:
                raise InputError(
                    source,
                    path or None,
                    f"holds a lone surrogate (U+{ord(found):04X}): not Unicode text, so it "
                    "cannot be a document, a quote or a pack's text; fix the JSON's \\u escapes",
                )
        elif isinstance(item, dict):
            for key, child in item.items():
                name = f"{path}.{_shown_key(key)}" if path else _shown_key(key)
                if _lone_surrogate(key) is not None:
                    children.append((key, name))
                children.append((child, name))
        elif isinstance(item, list):
            children = [(child, f"{path}[{index}]") for index, child in enumerate(item)]
        stack.extend(reversed(children))
