"""A pack's value rules (SPEC section 8), read strictly: its ``fields:`` declarations and
its ``locale:``. A problem is an InputError naming the file and the key path; the
declarations themselves are the values core's (``sakshi.values.parse_fields``).
"""

from __future__ import annotations

from functools import lru_cache

import orjson

from sakshi.errors import InputError
from sakshi.values import FieldDecl, FieldsProblem, parse_fields, parse_locale

__all__ = ["read_fields", "read_locale"]


def _parse_fields_once(raw: object) -> dict[str, FieldDecl] | FieldsProblem:
    """``parse_fields``, once per distinct declaration: a suite's packs mostly share one
    (keyed by the declaration's exact JSON bytes, key order included)."""
    try:
        key = orjson.dumps(raw)
    except (TypeError, orjson.JSONEncodeError):  # not plain JSON (an int key, say)
        return parse_fields(raw)
    parsed = _parsed_fields(key)
    return dict(parsed) if isinstance(parsed, dict) else parsed


@lru_cache(maxsize=256)
def _parsed_fields(key: bytes) -> dict[str, FieldDecl] | FieldsProblem:
    # The bytes are the whole declaration: parsing them gives what the raw data gives.
    return parse_fields(orjson.loads(key))


def read_fields(raw: object, source: str, key: str = "fields") -> dict[str, FieldDecl]:
    """Declared fields (SPEC section 8), read strictly: a problem is an InputError naming
    ``source`` and the key path under ``key`` (``fields.cheque_amount.cues[1]``)."""
    parsed = _parse_fields_once(raw)
    if isinstance(parsed, FieldsProblem):
        where = f"{key}.{parsed.key}" if parsed.key else key
        raise InputError(source, where, f"expected {parsed.expected}, found {parsed.found}")
    return parsed


def read_locale(raw: object, source: str, key: str = "locale") -> str:
    """A pack's ``locale:`` (a tag such as ``en-US``: the order of numeric dates for its
    date fields that set none), read strictly as a date field's is."""
    locale = parse_locale(raw)
    if isinstance(locale, FieldsProblem):
        raise InputError(source, key, f"expected {locale.expected}, found {locale.found}")
    return locale
