"""Turns (what a route answers) and the served context they must mirror (SPEC section 4).

Pure: parses plain JSON-like data into frozen values, or says in one line why it is not a
turn. The bundle's hash is over its RFC 8785 (JCS) canonical JSON, so any route in any
language that canonicalises the same bundle with a JCS library gets the same hash.

A why counts only when a reader can see it (``is_visible``): at least one character whose
Unicode general category is a letter (``L*``), a number (``N*``), punctuation (``P*``) or a
symbol (``S*``), and that is not one of ``BLANK_GRAPHICS``, the few characters of those
categories that render as nothing. So these are never visible on their own, in any number
or mix: spaces and line or paragraph separators (``Zs``, ``Zl``, ``Zp``), controls
(``Cc``), format characters (``Cf``: the zero-width space, BOM, word joiner, soft hyphen,
bidi controls, invisible operators, tag characters), combining marks without a base
(``Mn``, ``Mc``, ``Me``: also the variation selectors and the combining grapheme joiner),
private-use, surrogate and unassigned code points (``Co``, ``Cs``, ``Cn``), the Hangul
fillers and the braille blank. Categories come from the running Python's ``unicodedata``:
a character assigned in a later Unicode version counts as unassigned, so not visible.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

import orjson

from sakshi.errors import type_name

__all__ = [
    "BLANK_GRAPHICS",
    "EngineState",
    "Served",
    "Turn",
    "TurnValue",
    "bundle_sha256",
    "canonical_json",
    "is_visible",
    "is_visible_char",
    "jcs_json",
    "legacy_bundle_sha256",
    "parse_route_turn",
    "parse_turn",
]

# Letters and symbols that render blank. The Hangul fillers are the only L/N/P/S members of
# Unicode's Default_Ignorable_Code_Point property; the braille blank is a symbol with no dot.
BLANK_GRAPHICS = frozenset(
    {
        "\u115f",  # HANGUL CHOSEONG FILLER (Lo)
        "\u1160",  # HANGUL JUNGSEONG FILLER (Lo)
        "\u3164",  # HANGUL FILLER (Lo)
        "\uffa0",  # HALFWIDTH HANGUL FILLER (Lo)
        "\u2800",  # BRAILLE PATTERN BLANK (So)
    }
)
_VISIBLE_CATEGORIES = frozenset("LNPS")  # the first letter of the general category


def is_visible_char(char: str) -> bool:
    """``char`` (one character) is a letter, number, punctuation or symbol that shows."""
    return unicodedata.category(char)[0] in _VISIBLE_CATEGORIES and char not in BLANK_GRAPHICS


def is_visible(text: str) -> bool:
    """``text`` holds at least one visible character (``is_visible_char``)."""
    return any(is_visible_char(char) for char in text)


class EngineState(StrEnum):
    """What the context engine managed to serve."""

    LIVE = "live"
    PARTIAL = "partial"
    STUBBED = "stubbed"
    NONE = "none"  # no bundle at all


def canonical_json(value: object) -> bytes:
    """Keys sorted, separators ``,`` and ``:``, non-ASCII kept, UTF-8: the stable JSON of a
    route's request, and the form bundles were hashed in before RFC 8785.

    Raises ValueError for values JSON cannot hold (NaN, infinities, lone surrogates).
    """
    text = json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return text.encode("utf-8")


def jcs_json(value: object) -> bytes:
    """The RFC 8785 (JCS) canonical JSON of ``value``, UTF-8 (SPEC section 4): numbers as
    ECMAScript writes them (``1.0`` is ``1``), keys sorted by UTF-16 code units, so that a
    route in any language gets the same bytes from its JCS library.

    Raises ValueError for values JCS cannot hold (NaN, infinities, integers past 2**53,
    lone surrogates, keys that are not strings).
    """
    if _plain(value, 0):
        # Without floats, big integers or keys past the BMP, JCS is sorted-key JSON with
        # JSON.stringify's escapes, which orjson writes byte for byte (tests/test_turns.py
        # checks it against rfc8785 with hypothesis), many times faster.
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:
            pass  # a lone surrogate, too deep: the kept implementation decides
    import rfc8785  # a kept implementation (PyPI); imported here: it is only for hashing

    try:
        return rfc8785.dumps(value)  # type: ignore[arg-type]  # any JSON-like data
    except (rfc8785.CanonicalizationError, TypeError, UnicodeEncodeError) as exc:
        raise ValueError(str(exc) or type(exc).__name__) from None


_SAFE_INT = 2**53  # ECMAScript numbers hold every integer below this exactly
_PLAIN_DEPTH = 200  # orjson's own limit is 255; deeper data goes the kept way


def _plain(value: object, depth: int) -> bool:
    """Whether ``value`` is JSON whose JCS form needs no number or key-order rule of its
    own: no float, integers below 2**53, object keys within the BMP (where UTF-16 order is
    code point order)."""
    if value is None or isinstance(value, bool | str):
        return True
    if type(value) is int:
        return -_SAFE_INT < value < _SAFE_INT
    if depth > _PLAIN_DEPTH:
        return False
    if type(value) is list:
        return all(_plain(item, depth + 1) for item in value)
    if type(value) is dict:
        return all(
            type(key) is str and (not key or max(key) <= "\uffff") and _plain(item, depth + 1)
            for key, item in value.items()
        )
    return False


def bundle_sha256(bundle: object) -> str:
    """SHA-256 hex of the bundle's RFC 8785 canonical JSON (``jcs_json``)."""
    return hashlib.sha256(jcs_json(bundle)).hexdigest()


def legacy_bundle_sha256(bundle: object) -> str | None:
    """The bundle's hash in the form used before RFC 8785 (``canonical_json``), or None
    when it has none; only to tell a route that still hashes the old way (the diagnosis)."""
    try:
        return hashlib.sha256(canonical_json(bundle)).hexdigest()
    except (ValueError, TypeError):
        return None


_ABSENT = object()  # a key that is not there (None is a value the long way tells apart)


@dataclass(frozen=True)
class Served:
    """What the context engine served for a turn: its state and the bundle's hash (and,
    when it differs, the hash in the pre-RFC 8785 form, for the diagnosis only)."""

    engine_state: EngineState
    bundle_sha256: str | None  # None exactly when engine_state is none
    legacy_sha256: str | None = None


@dataclass(frozen=True)
class TurnValue:
    """One produced value: the field, the value (None or "" is an honest empty), its why
    and its cite (an unparsed source_span.v1 object; verification decides what it is)."""

    field: str
    value: str | int | float | None
    why: str | None
    cite: object | None

    @property
    def is_empty(self) -> bool:
        """An honest empty: nothing was produced, so nothing needs a why or a cite."""
        return self.value is None or self.value == ""


@dataclass(frozen=True)
class Turn:
    """A route's answer: the provenance it claims and the values it produced."""

    engine_state: str | None  # None: the turn claims no (readable) provenance
    bundle_sha256: str | None
    values: tuple[TurnValue, ...]


def _parse_value(raw: object, key: str) -> TurnValue | str:
    if not isinstance(raw, Mapping):
        return f"{key}: expected a mapping with field, value, why, cite; found {type_name(raw)}"
    field = raw.get("field")
    if not isinstance(field, str) or not field:
        return f"{key}.field: expected a non-empty string, found {type_name(field)}"
    value = raw.get("value")
    if value is not None and (isinstance(value, bool) or not isinstance(value, str | int | float)):
        return f"{key}.value: expected a string, a number or null, found {type_name(value)}"
    why = raw.get("why")
    if why is not None and not isinstance(why, str):
        return f"{key}.why: expected a string or null, found {type_name(why)}"
    return TurnValue(field=field, value=value, why=why, cite=raw.get("cite"))


def _provenance(raw: object) -> tuple[str | None, str | None]:
    """The (engine_state, bundle_sha256) a turn claims; (None, None) when it claims nothing.

    A provenance that is missing or misshapen does not mirror what was served: that is the
    grade's PROVENANCE_MISMATCH (red), not a refusal to grade. Both keys must be there: a
    missing ``bundle_sha256`` is not the null hash of ``none`` (SPEC 4 writes it out).
    """
    if not isinstance(raw, Mapping) or "bundle_sha256" not in raw:
        return None, None
    state, digest = raw.get("engine_state"), raw["bundle_sha256"]
    if not isinstance(state, str) or (digest is not None and not isinstance(digest, str)):
        return None, None
    return state, digest


def parse_turn(raw: object) -> Turn | str:
    """A Turn, or a one-line reason why ``raw`` is not a turn.

    A turn is a mapping with ``context_provenance`` ({engine_state: string, bundle_sha256:
    string or null}, both keys present; missing or misshapen, it claims nothing and will
    not mirror) and a
    ``values`` list (absent means empty). Extra keys are allowed: an agent may
    say more, and anything a grade needs that is misspelled is simply missing (red).
    """
    if type(raw) is dict:
        plain = _plain_turn(raw)
        if plain is not None:
            return plain
    return _parse_turn(raw)


def parse_route_turn(raw: object) -> Turn | str:
    """``parse_turn`` for what a route answered, which must be a whole turn: an object
    with ``context_provenance`` ({engine_state: string, bundle_sha256: string or null})
    and a ``values`` list. A route that answers ``{}``, a bare provenance or a provenance
    of the wrong shape did not answer (ROUTE_FAILED); graded as a turn that claims
    nothing, its red would let a negative control hold without any value being read. A
    well-formed provenance that does not mirror what was served is still graded
    (PROVENANCE_MISMATCH): that is a wrong answer, not a missing one."""
    if not isinstance(raw, Mapping):
        return f"expected a turn (a mapping), found {type_name(raw)}"
    provenance = raw.get("context_provenance", _ABSENT)
    if provenance is _ABSENT:
        return "context_provenance: missing; a turn says what it was served"
    if _provenance(provenance) == (None, None):
        keys = sorted(map(str, provenance)) if isinstance(provenance, Mapping) else []
        found = f"keys {', '.join(keys)}" if keys else type_name(provenance)
        return (
            "context_provenance: expected {engine_state: a string, bundle_sha256: a string"
            f" or null}}, found {found}"
        )
    if "values" not in raw:
        return "values: missing; a turn lists its values (an empty list when it has none)"
    return parse_turn(raw)


def _parse_turn(raw: object) -> Turn | str:
    """``parse_turn`` the long way: any mapping, and a reason for anything else."""
    if not isinstance(raw, Mapping):
        return f"expected a turn (a mapping), found {type_name(raw)}"
    state, digest = _provenance(raw.get("context_provenance"))
    raw_values = raw.get("values", [])
    if not isinstance(raw_values, list):
        return f"values: expected a list, found {type_name(raw_values)}"
    values: list[TurnValue] = []
    for index, item in enumerate(raw_values):
        parsed = _parse_value(item, f"values[{index}]")
        if isinstance(parsed, str):
            return parsed
        values.append(parsed)
    return Turn(engine_state=state, bundle_sha256=digest, values=tuple(values))


_PLAIN_VALUE_TYPES = (str, int, float)  # exact types: a bool is an int, yet not a value


def _plain_turn(raw: dict[str, object]) -> Turn | None:
    """The common shape of a turn (a JSON line's: plain dicts, lists and strings, a full
    provenance, well-formed values) read the short way; None for anything else, which
    ``parse_turn`` then reads the long way. It accepts only what the long way accepts and
    builds the same Turn (tests/test_turns_plain.py pins it), without the long way's
    abstract-class checks and per-value message keys."""
    provenance = raw.get("context_provenance")
    if type(provenance) is not dict:
        return None
    state = provenance.get("engine_state")
    digest = provenance.get("bundle_sha256", _ABSENT)
    if type(state) is not str or (digest is not None and type(digest) is not str):
        return None
    raw_values = raw.get("values", [])
    if type(raw_values) is not list:
        return None
    values: list[TurnValue] = []
    for item in raw_values:
        if type(item) is not dict:
            return None
        field = item.get("field")
        value = item.get("value")
        why = item.get("why")
        if (
            type(field) is not str
            or not field
            or (value is not None and type(value) not in _PLAIN_VALUE_TYPES)
            or (why is not None and type(why) is not str)
        ):
            return None
        values.append(TurnValue(field, value, why, item.get("cite")))
    return Turn(state, digest, tuple(values))
