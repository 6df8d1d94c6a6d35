"""Write src/sakshi/values/data/currencies.py: every ISO 4217 currency CLDR knows, from babel.

Run from the repository root with the pinned babel installed:

    python tools/extract_cldr_currencies.py

The module it writes is plain sorted literals (the values core must not load babel at run
time: it is pure, and babel's data takes far longer to load than sakshi may spend
starting). tests/values/test_values_money_data.py runs ``render()`` in memory and asserts
the committed module is identical, so a babel upgrade that changes the data fails loudly.

What is taken, and what is left out on purpose (each with its reason):

- CODES: every code babel lists (current and historic), for ``currency:`` and for codes
  written in capitals in a text.
- SYMBOLS: each currency's standard symbol in every CLDR locale (babel carries no narrow
  symbols), NFKC, bidi and zero-width marks dropped. Left out: a symbol that is its own code
  or another currency's code (the code is read as a code), the generic sign ``¤``, and
  initials a text uses for other things before a number: a single letter (``R``, ``Q``,
  ``K``: "O. 7 R. 11", "Q3") or two capitals (``UP``, ``DA``, ``RM``: "UP 32 AB 1234").
- NAMES: the English display names, singular and plural, of every English CLDR locale,
  case-folded, for the currencies that are or were legal tender somewhere (not gold, the
  SDR or the test codes), without a dated variant ("... (1994-1999)"). For the currencies
  tender today, also a name's last word alone ("yen", "francs", "dollars", "rupees"),
  unless it is an everyday English word that follows numbers in prose (``COMMON_WORDS``).
- REGIONS: the currencies tender today in each CLDR territory (a locale's region names its
  currency: en-US -> USD, en-GB -> GBP).
"""

from __future__ import annotations

import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import babel
from babel import Locale, localedata
from babel.core import get_global
from babel.numbers import list_currencies

OUT = Path(__file__).resolve().parents[1] / "src/sakshi/values/data/currencies.py"
# A name's last word that is also an everyday English word following numbers ("in 2019
# won", "450 marks", "24 gold", "5 real"): the full name still reads ("South Korean won").
COMMON_WORDS = frozenset({"gold", "mark", "marks", "real", "reals", "won"})
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u061c\u2066\u2067\u2069"))
_WIDTH = 99


def _clean(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_INVISIBLE).strip()


def _english_locales() -> list[Locale]:
    ids = [lid for lid in localedata.locale_identifiers() if lid == "en" or lid.startswith("en_")]
    return [Locale.parse(lid) for lid in sorted(ids)]


def _tender() -> tuple[set[str], dict[str, tuple[str, ...]]]:
    """Codes ever tender anywhere, and each territory's currencies tender today."""
    ever: set[str] = set()
    regions: dict[str, tuple[str, ...]] = {}
    for territory, entries in get_global("territory_currencies").items():
        today = []
        for code, _start, end, tender in entries:
            if tender:
                ever.add(code)
                if end is None:
                    today.append(code)
        if today and territory.isalpha():
            regions[territory] = tuple(sorted(set(today)))
    return ever, regions


def _initials(symbol: str) -> bool:
    """One letter, or two capital ASCII letters: initials, not a currency, before a number."""
    letters = symbol.rstrip(".")
    if not letters.isalpha():
        return False
    return len(letters) == 1 or (len(letters) == 2 and letters.isascii() and letters.isupper())


def symbols(codes: set[str]) -> dict[str, tuple[str, ...]]:
    """Symbol -> the currencies that write it, over every CLDR locale."""
    found: dict[str, set[str]] = defaultdict(set)
    for lid in localedata.locale_identifiers():
        for code, raw in Locale.parse(lid).currency_symbols.items():
            symbol = _clean(raw)
            if not symbol or symbol in codes or symbol == "¤" or _initials(symbol):
                continue
            found[symbol].add(code)
    return {symbol: tuple(sorted(found[symbol])) for symbol in sorted(found)}


def names(codes: set[str], ever: set[str], today: set[str]) -> dict[str, tuple[str, ...]]:
    """Folded English name (and a current currency's last word) -> currencies."""
    found: dict[str, set[str]] = defaultdict(set)
    for locale in _english_locales():
        data = locale._data  # babel's public API gives the singular names only
        for code in sorted(set(data["currency_names"]) & ever):
            forms = {
                data["currency_names"][code],
                *data["currency_names_plural"].get(code, {}).values(),
            }
            for form in forms:
                name = " ".join(_clean(form).casefold().split())
                if not name or "(" in name or any(ch.isdigit() for ch in name):
                    continue
                if name.upper() in codes:
                    continue
                found[name].add(code)
                last = name.split()[-1]
                if code in today and " " in name and last not in COMMON_WORDS:
                    found[last].add(code)
    return {name: tuple(sorted(found[name])) for name in sorted(found)}


def _packed(name: str, comment: str, kind: str, items: list[str]) -> list[str]:
    lines = [
        f"# {comment}",
        f"{name}: {kind} = {{" if kind.startswith("dict") else f"{name}: {kind} = (",
    ]
    line = "   "
    for item in items:
        for piece in _pieces(item):
            if len(line) + 1 + len(piece) > _WIDTH:
                lines.append(line)
                line = "   "
            line += " " + piece
    if line.strip():
        lines.append(line)
    lines.append("}" if kind.startswith("dict") else ")")
    return lines


def _pieces(item: str) -> list[str]:
    """An item cut at its commas when it is too long for one line (a long tuple)."""
    if len(item) <= _WIDTH - 4:
        return [item]
    parts = item.split(", ")
    return [part + "," for part in parts[:-1]] + [parts[-1]]


def _mapping(table: dict[str, tuple[str, ...]]) -> list[str]:
    items = []
    for key, codes in table.items():
        value = ", ".join(f'"{code}"' for code in codes) + ("," if len(codes) == 1 else "")
        items.append(f"{_literal(key)}: ({value}),")
    return items


def _literal(text: str) -> str:
    body = "".join(
        ch if ch.isprintable() and ch not in '"\\' else f"\\u{ord(ch):04x}" for ch in text
    )
    return f'"{body}"'


def render() -> str:
    """The data module's text (deterministic: sorted, from babel's data alone)."""
    codes = set(list_currencies())
    ever, regions = _tender()
    today = {code for region in regions.values() for code in region}
    header = [
        '"""Every ISO 4217 currency CLDR knows: codes, symbols, English names, regions.',
        "",
        f"Generated by tools/extract_cldr_currencies.py from babel {babel.__version__} (CLDR",
        "data); do not edit. Regenerate with ``python tools/extract_cldr_currencies.py``; the",
        "tool's docstring says what is taken and what is left out, and why.",
        '"""',
        "",
        "# fmt: off",
    ]
    body = [
        *_packed("CODES", "Every code.", "tuple[str, ...]", [f'"{c}",' for c in sorted(codes)]),
        "",
        *_packed(
            "SYMBOLS",
            "Symbol as CLDR writes it -> the currencies that use it.",
            "dict[str, tuple[str, ...]]",
            _mapping(symbols(codes)),
        ),
        "",
        *_packed(
            "NAMES",
            "English name, case-folded -> the currencies it names.",
            "dict[str, tuple[str, ...]]",
            _mapping(names(codes, ever, today)),
        ),
        "",
        *_packed(
            "REGIONS",
            "Territory -> the currencies tender there today.",
            "dict[str, tuple[str, ...]]",
            _mapping(dict(sorted(regions.items()))),
        ),
    ]
    return "\n".join([*header, *body, "# fmt: on", ""])


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
