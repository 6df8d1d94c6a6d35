"""``fields:`` declarations, checked strictly: a problem comes back as a value.

Every declaration needs ``type``; ``cues`` (a list of strings) and ``polarity``
(``affirmative`` | ``any``) fit every type; the other keys only the types they describe:
``currency`` money; ``unit`` quantity, duration and percent, and money (the unit a price
is per: ``unit: acre`` reads "Rs. 8.5 lakh" as per acre); ``period`` percent;
``locale`` money, number, date and period; ``bound`` (``exact`` | ``at_most`` |
``at_least``) the figures; ``scale`` money, number and quantity; ``role`` and ``roles``
name. An unknown type, an unknown key, a key of
another type, a cue that is not a string, a unit the reader does not know: each is a
``FieldsProblem`` naming the key path, what was expected and what was found, so that the
pack loader can stop with exit 2 naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.errors import a_kind
from sakshi.values.model import (
    DEFAULT_ROLES,
    SCALE_WORDS,
    Bound,
    FieldDecl,
    FieldsProblem,
    Period,
    Polarity,
    RoleWords,
    ValueType,
)
from sakshi.values.money import CURRENCIES
from sakshi.values.tokens import compact, tokenize
from sakshi.values.units import DURATION_UNITS, PERCENT_UNITS, PERIODS, QUANTITY_UNITS, unit_named

__all__ = ["DECLARATION_KEYS", "parse_field", "parse_fields", "parse_locale"]

_COMMON = frozenset({"type", "cues", "polarity"})
_BY_TYPE: dict[ValueType, frozenset[str]] = {
    ValueType.MONEY: frozenset({"currency", "unit", "locale", "bound", "scale"}),
    ValueType.NUMBER: frozenset({"locale", "bound", "scale"}),
    ValueType.QUANTITY: frozenset({"unit", "locale", "bound", "scale"}),
    ValueType.DURATION: frozenset({"unit", "bound"}),
    ValueType.PERCENT: frozenset({"unit", "period", "locale", "bound"}),
    ValueType.DATE: frozenset({"locale"}),
    ValueType.PERIOD: frozenset({"locale"}),
    ValueType.NAME: frozenset({"role", "roles"}),
}
DECLARATION_KEYS = _COMMON.union(*_BY_TYPE.values())
_UNITS = {
    ValueType.MONEY: QUANTITY_UNITS,  # the unit a price is per ("Rs. 8.5 lakh per acre")
    ValueType.QUANTITY: QUANTITY_UNITS,
    ValueType.DURATION: DURATION_UNITS,
    ValueType.PERCENT: PERCENT_UNITS,
}
_TYPES = ", ".join(kind.value for kind in ValueType)


def _problem(key: str, expected: str, found: object) -> FieldsProblem:
    return FieldsProblem(key, expected, a_kind(found))


def _string(raw: Mapping[object, object], name: str, key: str) -> str | FieldsProblem | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        return _problem(f"{name}.{key}", "a non-empty string", value)
    return value.strip()


def _strings(value: object, key: str) -> tuple[str, ...] | FieldsProblem:
    if not isinstance(value, list):
        return _problem(key, "a list of strings", value)
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            return _problem(f"{key}[{index}]", "a non-empty string", item)
    return tuple(item.strip() for item in value)


def _roles(value: object, key: str) -> tuple[RoleWords, ...] | FieldsProblem:
    if not isinstance(value, Mapping) or not value:
        return _problem(key, "a mapping of role -> list of words", value)
    roles: list[RoleWords] = []
    owner: dict[str, str] = {}  # a word (folded) -> the role that lists it
    for role in sorted(value, key=str):
        if not isinstance(role, str) or not role.strip():
            return _problem(f"{key}.{role}", "a role name (a non-empty string)", role)
        words = _strings(value[role], f"{key}.{role}")
        if isinstance(words, FieldsProblem):
            return words
        for index, word in enumerate(words):
            # One word under two roles would make a name's role the first role's by the
            # order of their names: no rule, so no such declaration.
            other = owner.setdefault(word.casefold(), role)
            if other != role:
                where, expected = f"{key}.{role}[{index}]", "a word no other role lists"
                return FieldsProblem(where, expected, f"{word!r}, which {other} lists too")
        roles.append(RoleWords(role, words))
    return tuple(roles)


def _type(raw: Mapping[object, object], name: str) -> ValueType | FieldsProblem:
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in ValueType.__members__.values():
        return FieldsProblem(f"{name}.type", f"one of {_TYPES}", repr(kind) if kind else "none")
    return ValueType(kind)


def _unknown(raw: Mapping[object, object], name: str, kind: ValueType) -> FieldsProblem | None:
    allowed = _COMMON | _BY_TYPE.get(kind, frozenset())
    for key in sorted(raw, key=str):
        if key in allowed:
            continue
        also = " (it is not a key of this type)" if key in DECLARATION_KEYS else ""
        return FieldsProblem(
            f"{name}.{key}", f"one of {', '.join(sorted(allowed))}", f"{key!r}{also}"
        )
    return None


def _qualifiers(
    raw: Mapping[object, object], name: str, kind: ValueType
) -> dict[str, object] | FieldsProblem:
    """currency, unit, period and locale, each checked against what the readers know."""
    found: dict[str, object] = {}
    for key in ("currency", "unit", "period", "locale", "bound", "scale"):
        text = _string(raw, name, key)
        if isinstance(text, FieldsProblem):
            return text
        if text is None:
            continue
        checked = _qualifier(key, text, kind)
        if checked is None:
            return FieldsProblem(f"{name}.{key}", _EXPECTED[key], repr(text))
        found[key] = checked
    return found


_EXPECTED = {
    "currency": "a currency code of ISO 4217 (INR, USD, EUR, GBP, JPY, CHF, ...)",
    "unit": "a unit the type reads (MT, kg, ha, acre, day, month, %, ...)",
    "period": f"a period ({', '.join(period.value for period in Period)})",
    "locale": "a locale tag such as en-IN or en-US",
    "bound": f"one of {', '.join(bound.value for bound in Bound)}",
    "scale": f"a scale word ({', '.join(SCALE_WORDS)})",
}


def _qualifier(key: str, text: str, kind: ValueType) -> object | None:
    if key == "currency":
        return text.upper() if text.upper() in CURRENCIES else None
    if key == "unit":
        return text if unit_named(text, _UNITS[kind]) is not None else None
    if key == "period":
        tokens = tokenize(text)
        return PERIODS.get(compact(tokens, 0, len(tokens)))
    if key == "bound":
        return Bound(text) if text in Bound.__members__.values() else None
    if key == "scale":
        return text.lower() if text.lower() in SCALE_WORDS else None
    return text if _locale_tag(text) else None


def _locale_tag(text: str) -> bool:
    """A tag like ``en-IN``, ``en_US`` or ``hi``: ASCII letters and digits between dashes."""
    return all(part.isascii() and part.isalnum() for part in text.replace("_", "-").split("-"))


def parse_locale(raw: object) -> str | FieldsProblem:
    """A pack's ``locale:`` (the order of numeric dates for every date field that sets
    none of its own), or the problem with it."""
    if not isinstance(raw, str):
        return _problem("", _EXPECTED["locale"], raw)
    if not raw or not _locale_tag(raw):
        return FieldsProblem("", _EXPECTED["locale"], repr(raw)[:80])
    return raw


def parse_field(name: str, raw: object) -> FieldDecl | FieldsProblem:
    """One field's declaration, or the problem with it (``name`` starts its key path)."""
    if not isinstance(raw, Mapping):
        return _problem(name, "a mapping with at least a type", raw)
    kind = _type(raw, name)
    if isinstance(kind, FieldsProblem):
        return kind
    problem = _unknown(raw, name, kind)
    if problem is not None:
        return problem
    cues = _strings(raw.get("cues", []), f"{name}.cues")
    if isinstance(cues, FieldsProblem):
        return cues
    polarity = raw.get("polarity", Polarity.ANY.value)
    if polarity not in (Polarity.ANY.value, Polarity.AFFIRMATIVE.value):
        return FieldsProblem(f"{name}.polarity", "affirmative or any", repr(polarity))
    qualifiers = _qualifiers(raw, name, kind)
    if isinstance(qualifiers, FieldsProblem):
        return qualifiers
    return _with_roles(name, raw, kind, cues, Polarity(str(polarity)), qualifiers)


def _with_roles(
    name: str,
    raw: Mapping[object, object],
    kind: ValueType,
    cues: tuple[str, ...],
    polarity: Polarity,
    qualifiers: dict[str, object],
) -> FieldDecl | FieldsProblem:
    roles: tuple[RoleWords, ...] = ()
    if raw.get("roles") is not None:
        parsed = _roles(raw["roles"], f"{name}.roles")
        if isinstance(parsed, FieldsProblem):
            return parsed
        roles = parsed
    role = _string(raw, name, "role")
    if isinstance(role, FieldsProblem):
        return role
    known = {entry.role for entry in roles} or set(DEFAULT_ROLES)
    if role is not None and role not in known:
        return FieldsProblem(f"{name}.role", f"one of {', '.join(sorted(known))}", repr(role))
    currency, unit = qualifiers.get("currency"), qualifiers.get("unit")
    period, locale = qualifiers.get("period"), qualifiers.get("locale")
    bound, scale = qualifiers.get("bound"), qualifiers.get("scale")
    return FieldDecl(
        kind,
        currency=currency if isinstance(currency, str) else None,
        cues=cues,
        polarity=polarity,
        unit=unit if isinstance(unit, str) else None,
        period=period if isinstance(period, Period) else None,
        role=role,
        roles=roles,
        locale=locale if isinstance(locale, str) else None,
        bound=bound if isinstance(bound, Bound) else Bound.EXACT,
        scale=scale if isinstance(scale, str) else None,
    )


def parse_fields(raw: object) -> dict[str, FieldDecl] | FieldsProblem:
    """A ``fields:`` mapping (field name -> declaration), or the first problem in it
    (fields in sorted order, so the problem reported is always the same one)."""
    if not isinstance(raw, Mapping):
        return _problem("", "a mapping of field name -> declaration", raw)
    fields: dict[str, FieldDecl] = {}
    for name in sorted(raw, key=str):
        if not isinstance(name, str) or not name.strip():
            return _problem(str(name), "a field name (a non-empty string)", name)
        decl = parse_field(name, raw[name])
        if isinstance(decl, FieldsProblem):
            return decl
        fields[name] = decl
    return fields
