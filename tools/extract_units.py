"""Write src/sakshi/values/data/units.py: the units of measure sakshi reads, from pint.

Run from the repository root with the pinned pint installed:

    python tools/extract_units.py

pint's definitions (default_en.txt) are a maintained registry of units, each defined
exactly in terms of others ("pound = 7e3 * grain", "grain = 64.79891 * milligram"). The
values core must not load pint at run time (it is pure, and pint takes far longer to load
than sakshi may spend starting), so this script evaluates the definitions once, in exact
rational arithmetic (pint with ``non_int_type=Fraction``), and writes plain literals.
tests/values/test_values_units_data.py runs ``render()`` in memory and asserts the
committed module is identical, so a pint upgrade that changes a factor fails loudly.

What is taken, and what is left out on purpose (each with its reason):

- The units of ``TAKEN`` (mass, length, metric area, customary area, volume), with the SI
  prefixes each is written with (mg, µg, mcg, mL, km, ...), pint's names, symbols and
  aliases, the plural of each name (pint reads "grams" as gram), and for the metric
  lengths their squares and cubes as pint's parser reads them ("square metre", "sq m",
  "m²", "cubic metre", "m³").
- Exact factors only: a unit is taken when its factor to its dimension's base unit is a
  finite decimal in pint's definitions and no constant (π, g_0, ...) enters it. pint's
  acre is 10 square chains of the US survey foot (1200/3937 m): no finite decimal of
  square feet, so the acre comes from sakshi's hand table (``units.py``) as 43,560 square
  feet, and customary areas are their own dimension (``land``), never converted to square
  metres or hectares.
- A unit whose size depends on the country or the trade (``AMBIGUOUS``: a gallon, pint or
  fluid ounce is US or imperial, a ton short, long or metric) is taken with no factor, so
  it equals only itself; a name that says which ("US liquid gallon", "UK gallon", "short
  ton", "imperial pint") keeps its exact factor.
- Names that are everyday words or other units after a number (``LEFT_OUT``): "in" (the
  preposition), "gr" (grams in much of Europe), "nm" (nautical miles at sea and in the
  air), "mcm" (a thousand circular mils to an electrician), and the micro prefix "mu"
  ("mug").
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

import pint

OUT = Path(__file__).resolve().parents[1] / "src/sakshi/values/data/units.py"

# Each dimension sakshi compares in: its base unit as pint parses it, and as printed.
BASES: dict[str, tuple[str, str]] = {
    "mass": ("kilogram", "kg"),
    "length": ("meter", "m"),
    "area": ("meter ** 2", "m²"),
    "land": ("foot ** 2", "sq ft"),
    "volume": ("liter", "l"),
}
# (dimension, pint's name, the SI prefixes it is written with besides none)
TAKEN: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("mass", "gram", ("kilo", "milli", "micro", "nano")),
    ("mass", "metric_ton", ()),
    ("mass", "pound", ()),
    ("mass", "ounce", ()),
    ("mass", "troy_ounce", ()),
    ("mass", "grain", ()),
    ("mass", "stone", ()),
    ("mass", "carat", ()),
    ("mass", "long_ton", ()),
    ("mass", "ton", ()),
    ("mass", "hundredweight", ()),
    ("length", "meter", ("kilo", "centi", "milli", "micro", "nano")),
    ("length", "inch", ()),
    ("length", "foot", ()),
    ("length", "yard", ()),
    ("length", "mile", ()),
    ("length", "nautical_mile", ()),
    ("area", "hectare", ()),
    ("land", "square_inch", ()),
    ("land", "square_foot", ()),
    ("land", "square_yard", ()),
    ("land", "square_mile", ()),
    ("volume", "liter", ("kilo", "hecto", "deci", "centi", "milli", "micro")),
    ("volume", "cubic_centimeter", ()),
    ("volume", "cubic_inch", ()),
    ("volume", "cubic_foot", ()),
    ("volume", "cubic_yard", ()),
    ("volume", "gallon", ()),
    ("volume", "quart", ()),
    ("volume", "pint", ()),
    ("volume", "cup", ()),
    ("volume", "fluid_ounce", ()),
    ("volume", "barrel", ()),
    ("volume", "teaspoon", ()),
    ("volume", "tablespoon", ()),
    ("volume", "imperial_gallon", ()),
    ("volume", "imperial_quart", ()),
    ("volume", "imperial_pint", ()),
    ("volume", "imperial_fluid_ounce", ()),
)
# Metric lengths whose squares and cubes are read: (power, dimension, prefixes).
POWERS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (2, "area", ("kilo", "centi", "milli")),
    (3, "volume", ("centi", "milli")),
)
# Sizes that differ by country or trade: equal only to themselves, unless a name says
# which one it is (a name with "US", "short" or "imperial" in it).
AMBIGUOUS = frozenset(
    {"ton", "hundredweight", "gallon", "quart", "pint", "cup", "fluid_ounce", "barrel",
     "teaspoon", "tablespoon"}
)  # fmt: skip
_SAYS_WHICH = ("us", "short")
LEFT_OUT = frozenset({"in", "gr", "nm", "mcm"})
_PREFIX_ALIASES_LEFT_OUT = frozenset({"mu"})
_IRREGULAR = {"foot": "feet"}
_WIDTH = 99


def _registry() -> pint.UnitRegistry:
    return pint.UnitRegistry(non_int_type=Fraction)


def _constants() -> frozenset[str]:
    """Every name pint's constants file defines (with its aliases): a unit whose
    definition reaches one of them is no exact factor."""
    text = files("pint").joinpath("constants_en.txt").read_text(encoding="utf-8")
    names: set[str] = set()
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if "=" not in body or body.startswith("@"):
            continue
        parts = [part.strip() for part in body.split("=")]
        names.add(parts[0])
        names.update(part for part in parts[2:] if part.isidentifier())
    return frozenset(names)


def _reaches_constant(registry: pint.UnitRegistry, name: str, constants: frozenset[str]) -> bool:
    stack, seen = [name], set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        if current in constants:
            return True
        parsed = registry.parse_unit_name(current)
        if not parsed:
            continue
        _, unit, _ = parsed[0]
        definition = registry._units[unit]
        if not definition.is_multiplicative:
            return True  # an offset (degrees Celsius) or a logarithm: no factor at all
        stack.extend(str(key) for key in definition.reference)
    return False


def _finite(value: Fraction) -> bool:
    """Whether a fraction is a finite decimal (its denominator has no factor but 2 and 5)."""
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


def _decimal(value: Fraction) -> str:
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _factor(registry: pint.UnitRegistry, expression: str, dimension: str) -> Fraction:
    quantity = registry.Quantity(Fraction(1), registry.parse_units(expression))
    magnitude = quantity.to(BASES[dimension][0]).magnitude
    assert isinstance(magnitude, Fraction), (expression, magnitude)
    return magnitude


def _spoken(name: str) -> str:
    return name.replace("_", " ")


def _plural(name: str) -> str | None:
    """pint reads a name with an "s" added as its plural; English adds "es" after a
    sibilant and has an irregular foot."""
    last = name.split(" ")[-1]
    if last in _IRREGULAR:
        return name[: -len(last)] + _IRREGULAR[last]
    if not last.isalpha() or len(last) < 3 or last.endswith(("s", "feet")):
        return None
    return name + ("es" if last.endswith(("x", "ch", "sh")) else "s")


def _forms(registry: pint.UnitRegistry, unit: str) -> tuple[list[str], list[str]]:
    """A unit's names (words, with plurals) and symbols, as written in text."""
    definition = registry._units[unit]
    names = [_spoken(unit)]
    symbols: list[str] = []
    if definition.has_symbol and definition.symbol != unit:
        symbols.append(_spoken(definition.symbol))
    for alias in definition.aliases:
        spoken = _spoken(alias)
        (names if len(spoken) > 3 and spoken.replace(" ", "").isalpha() else symbols).append(spoken)
    names += [plural for plural in map(_plural, names) if plural]
    return names, symbols


def _prefixed(
    registry: pint.UnitRegistry, prefix: str, names: list[str], symbols: list[str]
) -> list[str]:
    definition = registry._prefixes[prefix]
    heads = [definition.symbol, *definition.aliases]
    heads = [head for head in heads if head and head not in _PREFIX_ALIASES_LEFT_OUT]
    forms = [prefix + name for name in names]
    forms += [head + symbol for head in heads for symbol in symbols if len(symbol) <= 2]
    return forms


def _powered(power: int, names: list[str], symbols: list[str]) -> list[str]:
    """A length's square or cube as pint's parser reads it: "square metre", "sq m", "m²"."""
    word, short, mark = ("square", "sq", "²") if power == 2 else ("cubic", "cu", "³")
    forms = [f"{word} {name}" for name in names]
    forms += [f"{short} {symbol}" for symbol in symbols] + [symbol + mark for symbol in symbols]
    return forms


Row = tuple[str, str, str, list[str]]  # label, dimension, factor ("" for no factor), forms


def _label(registry: pint.UnitRegistry, unit: str) -> str:
    definition = registry._units[unit]
    if definition.has_symbol and definition.symbol != unit:
        return _spoken(definition.symbol)
    return _spoken(unit)


def _rows(registry: pint.UnitRegistry) -> Iterator[Row]:
    constants = _constants()
    for dimension, unit, prefixes in TAKEN:
        names, symbols = _forms(registry, unit)
        for prefix in ("", *prefixes):
            definition = registry._prefixes[prefix] if prefix else None
            name = prefix + unit
            if _reaches_constant(registry, name, constants):
                continue
            factor = _factor(registry, name, dimension)
            if not _finite(factor):
                continue
            head = definition.symbol if definition else ""
            label = head + _label(registry, unit)
            forms = _prefixed(registry, prefix, names, symbols) if prefix else names + symbols
            yield from _split(unit, label, dimension, factor, forms)
    meter_names, meter_symbols = _forms(registry, "meter")
    for power, dimension, prefixes in POWERS:
        for prefix in ("", *prefixes):
            head = registry._prefixes[prefix].symbol if prefix else ""
            mark = "²" if power == 2 else "³"
            names = [prefix + name for name in meter_names]
            symbols = [head + symbol for symbol in meter_symbols]
            factor = _factor(registry, f"{prefix}meter ** {power}", dimension)
            yield f"{head}m{mark}", dimension, _decimal(factor), _powered(power, names, symbols)


def _split(unit: str, label: str, dimension: str, factor: Fraction, forms: list[str]) -> list[Row]:
    """One row, or for a size that differs by country two: the names that say which
    (with the factor) and the others (without)."""
    if unit not in AMBIGUOUS:
        return [(label, dimension, _decimal(factor), forms)]
    says = [form for form in forms if any(word in _SAYS_WHICH for word in form.lower().split())]
    other = [form for form in forms if form not in says]
    rows: list[Row] = [(_spoken(unit), dimension, "", other)]
    if says:
        rows.append((says[0], dimension, _decimal(factor), says))
    return rows


def _key(form: str) -> str:
    """How sakshi's tokenizer compares a unit's name (case-folded, marks dropped)."""
    return "".join(ch for ch in form.casefold().replace("²", "2").replace("³", "3") if ch.isalnum())


def table() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """label -> (dimension, factor, forms): every form once, no two labels sharing a
    form's key unless they are the same size (a clash stops the extraction)."""
    registry = _registry()
    rows: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    owner: dict[str, tuple[str, str, str]] = {}
    for label, dimension, factor, forms in _rows(registry):
        kept: list[str] = []
        for form in forms:
            if form in LEFT_OUT or form in kept:
                continue
            key = _key(form)
            if key in owner:
                if owner[key][1:] != (dimension, factor) or not factor:
                    raise SystemExit(f"{form!r} names both {owner[key][0]} and {label}")
                continue  # the same size by another label ("cubic centimetre" is cc)
            owner[key] = (label, dimension, factor)
            kept.append(form)
        if kept:
            rows[label] = (dimension, factor, tuple(kept))
    return rows


def _entry(label: str, dimension: str, factor: str, forms: tuple[str, ...]) -> list[str]:
    head = f"    {_q(label)}: ({_q(dimension)}, {_q(factor)}, "
    text = "|".join(forms)
    if len(head) + len(text) + 5 <= _WIDTH:
        return [f"{head}{_q(text)}),"]
    lines, line = [], head + '("'
    for index, form in enumerate(forms):
        piece = form + ("|" if index < len(forms) - 1 else "")
        if len(line) + len(piece) + 4 > _WIDTH:
            lines.append(line + '"')
            line = '        "'
        line += piece
    lines.append(line + '")),')
    return lines


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def render() -> str:
    """The module's text."""
    header = [
        '"""Units of measure from pint\'s definitions: names, dimensions, exact factors.',
        "",
        f"Generated by tools/extract_units.py from pint {pint.__version__} (default_en.txt);",
        "do not edit. Regenerate with ``python tools/extract_units.py``; the tool's docstring",
        "says what is taken and what is left out, and why.",
        '"""',
        "",
        "# The base unit of each dimension, as printed.",
        "BASES: dict[str, str] = {",
        *(f"    {_q(name)}: {_q(base[1])}," for name, base in BASES.items()),
        "}",
        "",
        "# fmt: off",
        '# label -> (dimension, factor to the dimension\'s base unit as a decimal, or "" for',
        '# a size that differs by country or trade; every name, "|" between them)',
        "UNITS: dict[str, tuple[str, str, str]] = {",
    ]
    body: list[str] = []
    for label, (dimension, factor, forms) in table().items():
        body += _entry(label, dimension, factor, forms)
    return "\n".join([*header, *body, "}", "# fmt: on", ""])


def main() -> int:
    """Write the module (run from anywhere: the path is the repository's)."""
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
