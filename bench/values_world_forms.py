"""Surface forms of the US, UK and EU families of the values benchmark: numbers grouped as a
locale writes them (1,234.56, 1.234,56, 1 234,56, 1'234.50), amounts with a scale (2.5
billion, $292k, €1.2bn), Western number words, dates as a locale writes them, and the
planted slips these documents invite (a scale dropped, a grouping read as a decimal point).

Pure helpers over Decimals, ints and dates, plus ``cite_date`` which cites one on a Sheet.
Nothing here knows how sakshi or groundgate reads anything.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping
from decimal import Decimal

from values_corpus import DAY_MONTH, RIGHT, Claim, Sheet
from values_forms import MONTHS, ONES, TENS, decimal_text, ordinal, swap_day_month, transpose

__all__ = [
    "GROUPING",
    "article",
    "cite_date",
    "cite_money",
    "digit_slip",
    "english",
    "fresh",
    "grouped",
    "money_forms",
    "scaled",
    "spelled",
    "swap_digits",
    "world_dates",
]

# How a locale groups digits and marks the decimals (CLDR's symbols, as documents print
# them: fr-FR's grouping is a narrow no-break space, de-CH's an apostrophe).
GROUPING = {
    "en-US": (",", "."),
    "en-GB": (",", "."),
    "en-IE": (",", "."),
    "en-SG": (",", "."),
    "ja-JP": (",", "."),
    "de-DE": (".", ","),
    "fr-FR": ("\u202f", ","),
    "de-CH": ("'", "."),
}
_SCALES = ((Decimal(10**9), "billion"), (Decimal(10**6), "million"), (Decimal(1000), "thousand"))
_SHORT = {"billion": ("bn", "B", "b"), "million": ("m", "M", "mn", "MM"), "thousand": ("k", "K")}


def article(word: str) -> str:
    """``word`` after "a" or "an": an Illinois corporation, a Delaware corporation."""
    return f"{'an' if word[0] in 'AEIOUaeiou' else 'a'} {word}"


def grouped(number: Decimal | int, group: str = ",", point: str = ".", places: int = 0) -> str:
    """``number`` with its thousands grouped by ``group``, ``places`` decimals after
    ``point``: grouped(Decimal("1234.5"), ".", ",", 2) -> 1.234,50; the sign in front."""
    value = Decimal(number)
    sign = "-" if value < 0 else ""
    text = f"{abs(value):.{places}f}"
    whole, _, fraction = text.partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    head = group.join([whole, *groups])
    return f"{sign}{head}{point}{fraction}" if places else f"{sign}{head}"


def scaled(number: Decimal | int) -> list[tuple[str, str]]:
    """(figure, scale word) pairs that state ``number`` with a scale word, the largest
    first: 2500000000 -> [("2.5", "billion"), ("2,500", "million")]; only exact ones, at
    most three decimals, never below one."""
    value = Decimal(number)
    out: list[tuple[str, str]] = []
    for size, word in _SCALES:
        figure = value / size
        if 1 <= abs(figure) < 10_000 and figure == figure.quantize(Decimal("0.001")):
            whole = figure == figure.to_integral_value()
            text = grouped(figure) if whole else decimal_text(figure)
            out.append((text, word))
    return out


def spelled(number: Decimal | int) -> list[str]:
    """Every short scaled form of ``number``: 292000 -> 292k, 292K, 292 thousand."""
    forms: list[str] = []
    for figure, word in scaled(number):
        forms.append(f"{figure} {word}")
        forms += [f"{figure}{short}" for short in _SHORT[word] if "," not in figure]
    return forms


def money_forms(amount: Decimal | int, code: str, mark: str, bare: bool = True) -> list[str]:
    """How a reader writes ``amount`` of currency ``code`` (ISO) as a value, ``mark`` its
    symbol (``$``, ``£``, ``S$``, ``CHF``): grouped, plain, with a scale word or suffix, with
    the sign in front or in parentheses; ``bare``: also the plain number alone (for a field
    that declares its currency)."""
    value = Decimal(amount)
    places = 0 if value == value.to_integral_value() else 2
    size, sign = grouped(abs(value), places=places), "-" if value < 0 else ""
    plain = decimal_text(value)
    mark += " " if mark[-1].isalpha() else ""  # CHF 1,234.50, but $1,234.50
    forms = [f"{code} {sign}{size}", f"{sign}{mark}{size}", f"{code} {plain}", f"{plain} {code}"]
    if sign:
        forms.append(f"({mark}{size})")
    if bare:
        forms.append(plain)
    for figure, word in scaled(abs(value))[:2]:
        forms += [f"{sign}{mark}{figure} {word}", f"{code} {sign}{figure} {word}"]
        forms += [f"{sign}{mark}{figure}{short}" for short in _SHORT[word][:2] if "," not in figure]
    return forms


def digit_slip(number: int, rng: random.Random) -> int:
    """``number`` with two adjacent digits transposed or, when no two differ (7,000,000),
    one digit raised: never ``number`` itself, which would make a wrong value right."""
    slipped = transpose(number, rng)
    return slipped if slipped != number else number + 10 ** max(len(str(number)) - 2, 0)


def swap_digits(text: str, rng: random.Random) -> str:
    """``text`` with two adjacent, different digits swapped (a digit slip that keeps its
    length and leading zeros); ``text`` itself when it has no such pair."""
    chars = list(text)
    pairs = [
        i
        for i in range(len(chars) - 1)
        if chars[i].isdigit() and chars[i + 1].isdigit() and chars[i] != chars[i + 1]
    ]
    if not pairs:
        return text
    at = rng.choice(pairs)
    chars[at], chars[at + 1] = chars[at + 1], chars[at]
    return "".join(chars)


def _below_hundred(number: int) -> str:
    if number < 20:
        return ONES[number].lower()
    tens, ones = divmod(number, 10)
    return TENS[tens].lower() + (f"-{ONES[ones].lower()}" if ones else "")


def _below_thousand(number: int) -> str:
    hundreds, rest = divmod(number, 100)
    parts = [f"{ONES[hundreds].lower()} hundred"] if hundreds else []
    if rest:
        parts.append(("and " if hundreds else "") + _below_hundred(rest))
    return " ".join(parts)


def english(number: int) -> str:
    """A whole number in British English words: 48500 -> forty-eight thousand five hundred."""
    if number == 0:
        return "zero"
    parts: list[str] = []
    for size, word in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        count, number = divmod(number, size)
        if count:
            parts.append(f"{_below_thousand(count)} {word}")
    if number:
        parts.append(_below_thousand(number))
    return " ".join(parts)


def world_dates(day: dt.date, locale: str) -> dict[str, str]:
    """Every way these documents write a date, by name; the numeric one in the locale's
    order (month first in en-US, day first elsewhere)."""
    month = MONTHS[day.month - 1]
    if locale == "en-US":
        numeric = f"{day.month:02d}/{day.day:02d}/{day.year}"
    elif locale == "de-DE" or locale == "de-CH":
        numeric = f"{day.day:02d}.{day.month:02d}.{day.year}"
    else:
        numeric = f"{day.day:02d}/{day.month:02d}/{day.year}"
    return {
        "iso": day.isoformat(),
        "numeric": numeric,
        "long": f"{day.day} {month} {day.year}",
        "us": f"{month} {day.day}, {day.year}",
        "ordinal": f"{ordinal(day.day)} {month} {day.year}",
        "abbrev": f"{day.day:02d}-{month[:3]}-{day.year}",
        "short": f"{day.day} {month[:3]} {day.year}",
    }


# Month names of the languages the invoices are written in, typed here rather than taken
# from sakshi's CLDR table (src/sakshi/values/data/months.py), so that the benchmark holds
# the reader to a second source.
_WRITTEN_MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
}


def written_date(day: dt.date, locale: str) -> str:
    """The date as a German or French document writes it out: "15. März 2024", "1er mars
    2024"."""
    language = locale.split("-")[0]
    month = _WRITTEN_MONTHS[language].split()[day.month - 1]
    if language == "de":
        return f"{day.day}. {month} {day.year}"
    return f"{'1er' if day.day == 1 else day.day} {month} {day.year}"


def cite_date(
    sheet: Sheet, kind: str, name: str, day: dt.date, quote: str, avoid: str, locale: str
) -> None:
    """Cite ``day`` for ``name`` in a form other than ``avoid`` (the quote's); a day/month
    swap (``kind`` DAY_MONTH) is written in ISO, where no locale could read it back."""
    forms = world_dates(day, locale)
    if kind == DAY_MONTH:
        swapped = swap_day_month(day)
        if swapped is not None:
            sheet.add(kind, name, swapped.isoformat(), quote)
        return
    names = [form for form in forms if form != avoid]
    sheet.add(kind, name, forms[sheet.rng.choice(names)], quote)


def fresh(sheet: Sheet, forms: list[str] | tuple[str, ...], quote: str) -> str:
    """One of ``forms`` that the quote does not hold as written, when there is one: a right
    value tests reading, not string equality."""
    unseen = [form for form in forms if form not in quote]
    return sheet.rng.choice(unseen or list(forms))


def cite_money(
    sheet: Sheet,
    kind: str,
    name: str,
    amount: Decimal | int,
    quote: str,
    currency: tuple[str, str],
    declare: Mapping[str, object] | None = None,
) -> None:
    """Cite ``amount`` in ``currency`` (ISO code, symbol) for ``name``: a right value in a form
    the quote does not hold, a wrong one in a plain form (code or symbol, grouped)."""
    code, mark = currency
    forms = money_forms(amount, code, mark)
    value = fresh(sheet, forms, quote) if kind == RIGHT else sheet.rng.choice(forms[:3])
    sheet.add(kind, name, value, quote, Claim(Decimal(amount), code), declare)
