"""Write src/sakshi/values/data/numbers.py: each CLDR locale's decimal and group marks.

Run from the repository root with the pinned babel installed:

    python tools/extract_cldr_numbers.py

The values core reads numbers by locale (``1.234,56`` in de-DE, ``1 234,56`` in fr-FR,
``1'234.50`` in de-CH) but must not load babel at run time (it is pure, and babel's data
takes far longer to load than sakshi may spend starting), so this writes plain sorted
literals. tests/values/test_values_numbers_data.py runs ``render()`` in memory and asserts
the committed module is identical, so a babel upgrade that changes the data fails loudly.

What is taken:

- LOCALES: for every locale babel knows, the decimal and group marks it writes numbers
  in Latin digits with (a text's digits of every script are read as Latin digits).
- DECIMAL_ONLY, GROUP_ONLY: the marks that every locale, in every numbering system, uses
  in one role only (the Arabic decimal separator is never a group mark; a no-break space
  or the right single quotation mark never a decimal one), so that a figure written with
  one of them reads the same whatever the locale.
- UNSURE_SCALES: the scale words and letters sakshi reads (src/sakshi/values/numwords.py)
  that a language's CLDR compact number formats (short and long) give another power: "bn"
  and "billion" are 10^12 in French, "b" in Spanish, "m" is 10^9 in Indonesian. Under a
  locale of such a language the word is unreadable, never read with the English power.
"""

from __future__ import annotations

import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import babel
from babel import Locale, localedata
from babel.core import get_cldr_version

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src/sakshi/values/data/numbers.py"
_WIDTH = 99


def _literal(text: str) -> str:
    """A double-quoted Python literal; invisible and non-ASCII space characters escaped."""
    body = "".join(
        ch if ch.isprintable() and not ch.isspace() and ch not in '"\\' else f"\\u{ord(ch):04x}"
        for ch in text
    )
    return f'"{body}"'


def locales() -> dict[tuple[str, str], list[str]]:
    """(decimal, group) -> the locale identifiers that write Latin-digit numbers so."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for lid in sorted(localedata.locale_identifiers()):
        marks = Locale.parse(lid).number_symbols["latn"]
        found[(marks["decimal"], marks["group"])].append(lid)
    return {pair: found[pair] for pair in sorted(found)}


def one_role() -> tuple[list[str], list[str]]:
    """The marks used only as decimals and only as groups, over every numbering system."""
    decimals: set[str] = set()
    groups: set[str] = set()
    for lid in localedata.locale_identifiers():
        for marks in Locale.parse(lid).number_symbols.values():
            if marks.get("decimal"):
                decimals.add(unicodedata.normalize("NFC", marks["decimal"]))
            if marks.get("group"):
                groups.add(unicodedata.normalize("NFC", marks["group"]))
    return sorted(decimals - groups), sorted(groups - decimals)


def _compact_powers() -> dict[str, dict[int, set[str]]]:
    """Each compact-format suffix (case-folded, without its dot) -> power -> languages."""
    found: dict[str, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    for lid in localedata.locale_identifiers():
        language = lid.split("_")[0]
        formats = Locale.parse(lid).compact_decimal_formats
        for width in ("short", "long"):
            for forms in formats.get(width, {}).values():
                for magnitude, pattern in forms.items():
                    text = pattern.pattern.replace("'.'", ".").replace("'", "")
                    zeros = text.count("0")
                    suffix = unicodedata.normalize("NFKC", text.replace("0", "")).strip()
                    suffix = suffix.casefold().rstrip(".").strip()
                    if zeros and suffix:
                        found[suffix][len(magnitude) - zeros].add(language)
    return found


def unsure_scales() -> dict[str, list[str]]:
    """Our scale word -> the languages whose CLDR formats give it another power."""
    sys.path.insert(0, str(ROOT / "src"))
    from sakshi.values.numwords import LETTER_SCALES, SCALES

    powers = _compact_powers()
    unsure: dict[str, list[str]] = {}
    for word, scale in sorted({**SCALES, **LETTER_SCALES}.items()):
        ours = scale.adjusted()
        other = {
            lang for power, langs in powers.get(word, {}).items() if power != ours for lang in langs
        }
        if other:
            unsure[word] = sorted(other)
    return unsure


def _packed(words: list[str], indent: str) -> list[str]:
    """Words joined by spaces into string literals that fit the line width."""
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(indent) + len(line) + len(word) + 4 > _WIDTH:
            lines.append(f'{indent}"{line}"')
            line = " "
        line = f"{line} {word}" if line.strip() else f"{line}{word}"
    lines.append(f'{indent}"{line}"')
    return lines


def render() -> str:
    """The data module's text (deterministic: sorted, from babel's data alone)."""
    decimals, groups = one_role()
    source = f"babel {babel.__version__} (CLDR {get_cldr_version()})"
    lines = [
        '"""Numbers by locale, from CLDR: decimal and group marks, scale words read otherwise.',
        "",
        f"Generated by tools/extract_cldr_numbers.py from {source}; do not edit.",
        "Regenerate with ``python tools/extract_cldr_numbers.py``; the tool's docstring says",
        "what is taken.",
        '"""',
        "",
        "# fmt: off",
        "# (decimal, group) -> the locales (babel identifiers, space-separated) that write",
        "# numbers in Latin digits with these marks.",
        "LOCALES: dict[tuple[str, str], str] = {",
    ]
    for (decimal, group), names in locales().items():
        lines.append(f"    ({_literal(decimal)}, {_literal(group)}): (")
        lines.extend(_packed(names, " " * 8))
        lines.append("    ),")
    lines += [
        "}",
        "# Marks that every locale, in every numbering system, uses as a decimal only.",
        f"DECIMAL_ONLY = frozenset({{{', '.join(map(_literal, decimals))}}})",
        "# Marks that every locale, in every numbering system, uses to group digits only.",
        f"GROUP_ONLY = frozenset({{{', '.join(map(_literal, groups))}}})",
        "# Scale words and letters sakshi reads that these languages' CLDR number formats give",
        "# another power (space-separated language codes).",
        "UNSURE_SCALES: dict[str, str] = {",
    ]
    for word, languages in unsure_scales().items():
        lines.append(f"    {_literal(word)}: (")
        lines.extend(_packed(languages, " " * 8))
        lines.append("    ),")
    lines += [
        "}",
        "# fmt: on",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
