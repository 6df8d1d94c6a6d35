"""Write src/sakshi/values/data/months.py: month names by language, from CLDR.

Run from the repository root with the pinned babel installed:

    python tools/extract_cldr_months.py

Dates are read in the languages contracts, invoices and filings come in ("15. März 2024",
"15 de marzo de 2024", "1er mars 2024", "15 maart 2024", "15 marca 2024"), but the values
core must not load babel at run time (see tools/extract_cldr_numbers.py), so this writes
plain sorted literals. tests/values/test_values_months_data.py runs ``render()`` in memory
and asserts the committed module is identical.

What is taken: for each language of LANGUAGES (the EU's official languages, the other
languages of Europe's and India's business records that write in Latin or Devanagari
script, and Turkish, Indonesian and Malay), the wide and abbreviated month names in both
CLDR contexts (format: the genitive "marca" of Polish; stand-alone: "marzec"), NFKC and
case-folded as the tokenizer folds words, without a trailing dot. Left out, and listed:

- a name that two languages give different months ("listopad" is November in Czech and
  Polish, October in Croatian): read as neither, never guessed;
- a name of several words (Irish "Meán Fómhair"): the date reader takes one word.

Why a list and not every CLDR locale: across all 700-odd languages, "jan", "mar" and "may"
each name two or three different months; a fixed, documented set keeps every name it
reads unambiguous.
"""

from __future__ import annotations

import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import babel
from babel import Locale
from babel.core import get_cldr_version

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src/sakshi/values/data/months.py"
_WIDTH = 99

# The EU's 24 official languages, then Norwegian, Icelandic, Turkish, Indonesian, Malay,
# Catalan, Galician, Basque, Hindi and Marathi.
LANGUAGES = (
    "bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "ga", "hr", "hu", "it", "lt",
    "lv", "mt", "nl", "pl", "pt", "ro", "sk", "sl", "sv",
    "nb", "nn", "is", "tr", "id", "ms", "ca", "gl", "eu", "hi", "mr",
)  # fmt: skip
_DOTS = ".\u0970"  # a full stop, and the Devanagari abbreviation sign of "अक्टू॰"


def fold(text: str) -> str:
    """As sakshi's tokenizer folds a word (src/sakshi/values/tokens.py ``fold``)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return folded.replace("\u200c", "").replace("\u200d", "")


def _bare(name: str) -> str:
    """A name without its trailing dot, nor Catalan's article ("de gener", "d’abril"): the
    date reader skips "de" between the day and the month."""
    name = name.strip().rstrip(_DOTS)
    for article in ("de ", "d’", "d'"):
        if name.startswith(article):
            return name[len(article) :]
    return name


def names() -> tuple[dict[str, int], dict[str, dict[str, int]], list[str]]:
    """(name -> month) for the names one month owns, (name -> language -> month) for the
    ones two languages give different months, and the names of several words."""
    months: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    for language in LANGUAGES:
        calendar = Locale.parse(language).months
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in calendar[context][width].items():
                    months[_bare(fold(name))][language].add(number)
    spaced = sorted(name for name in months if not name or any(ch.isspace() for ch in name))
    one: dict[str, int] = {}
    shared: dict[str, dict[str, int]] = {}
    for name in sorted(set(months) - set(spaced)):
        given = {number for numbers in months[name].values() for number in numbers}
        if len(given) == 1:
            one[name] = given.pop()
        else:  # each language that gives it one month alone keeps it under its locale
            by_language = months[name].items()
            shared[name] = {lang: min(nums) for lang, nums in sorted(by_language) if len(nums) == 1}
    return one, shared, spaced


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _mapping(by_language: dict[str, int]) -> str:
    return (
        "{" + ", ".join(f"{_literal(lang)}: {month}" for lang, month in by_language.items()) + "}"
    )


def _packed(items: list[str], indent: str = "    ") -> list[str]:
    """Items joined into lines that fit the width."""
    lines: list[str] = []
    line = indent[:-1]
    for item in items:
        if len(line) + len(item) + 1 > _WIDTH:
            lines.append(line)
            line = indent[:-1]
        line += " " + item
    lines.append(line)
    return lines


def render() -> str:
    """The data module's text (deterministic: sorted, from babel's data alone)."""
    one, shared, spaced = names()
    source = f"babel {babel.__version__} (CLDR {get_cldr_version()})"
    lines = [
        '"""Month names by language, from CLDR.',
        "",
        f"Generated by tools/extract_cldr_months.py from {source}; do not edit.",
        "Regenerate with ``python tools/extract_cldr_months.py``; the tool's docstring says",
        "what is taken.",
        '"""',
        "",
        "# fmt: off",
        "LANGUAGES = (",
        *_packed([_literal(language) + "," for language in LANGUAGES]),
        ")",
        "# A month's name (folded, no trailing dot) -> the month, for the names one month owns.",
        "MONTH_NAMES: dict[str, int] = {",
    ]
    lines += _packed([f"{_literal(name)}: {number}," for name, number in one.items()])
    lines += [
        "}",
        "# Names that two languages give different months: the month each language gives",
        "# it, read only under a locale of that language.",
        "SHARED_NAMES: dict[str, dict[str, int]] = {",
        *(
            f"    {_literal(name)}: {_mapping(by_language)},"
            for name, by_language in shared.items()
        ),
        "}",
        "# Names of several words, which the date reader does not take.",
        "SPACED_NAMES = (",
        *_packed([_literal(name) + "," for name in spaced]),
        ")",
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
