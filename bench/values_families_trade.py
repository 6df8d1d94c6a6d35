"""Invoices of the values corpus in five locales (de-DE, fr-FR, de-CH, en-GB, en-US), the
US one with goods sold by the pound (see values_corpus.py).

An invoice writes its amounts as its locale does (12.345,60 €, 12 345,60 €, CHF 12'345.60,
£12,345.60, $12,345.60); its family declares that ``locale``, so a right value in the
locale's own grouping, or in a form only one locale could write, reads; a whole amount
whose grouping could be a decimal point (2.500 €) is the planted slip.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

from values_corpus import (
    CURRENCY,
    DAY_MONTH,
    DIGITS,
    OTHER_PARTY,
    RIGHT,
    SAME_SENTENCE,
    SEPARATOR,
    UNIT,
    YEAR,
    Claim,
    Family,
    Sheet,
)
from values_forms import decimal_text, shift_year
from values_pools import day
from values_world_forms import (
    GROUPING,
    cite_date,
    cite_money,
    digit_slip,
    english,
    fresh,
    grouped,
    swap_digits,
    world_dates,
    written_date,
)
from values_world_pools import CITIES_EU, CITIES_UK, CITIES_US, cents, company

__all__ = ["TRADE"]


@dataclass(frozen=True)
class Style:
    """How one locale's invoices are written."""

    locale: str
    currency: tuple[str, str]  # ISO code, symbol
    symbol_after: bool  # 12.345,60 € rather than € 12.345,60
    tax: str  # the tax's name on the invoice
    rates: tuple[str, ...]
    wrong: tuple[str, str]  # the currency an agent confuses it with
    cities: tuple[str, ...]
    forms: tuple[str, ...]  # legal forms of the parties
    spaces: tuple[str, ...] = ("",)  # the grouping characters documents use besides CLDR's


def _amount(style: Style, number: Decimal, places: int = 2, space: str = "") -> str:
    """``number`` as the style's invoices print it, symbol included."""
    group, point = GROUPING[style.locale]
    text = grouped(number, space or group, point, places)
    mark = style.currency[1]
    if style.symbol_after:
        return f"{text} {mark}"
    return f"{mark} {text}" if mark[-1].isalpha() else f"{mark}{text}"


def _locale_forms(style: Style, number: Decimal) -> list[str]:
    """Right values for ``number`` that read in the style's locale: its own grouping, a
    plain decimal point, an unambiguous English grouping, the code before or after."""
    group, point = GROUPING[style.locale]
    code, mark = style.currency
    own = grouped(number, group if group.strip() else " ", point, 2)
    plain = f"{number:.2f}"
    forms = [f"{code} {own}", f"{own} {code}", f"{code} {plain}", f"{plain} {code}", plain]
    if point == ",":
        forms += [f"{plain.replace('.', ',')} {mark}", f"{mark}{grouped(number, ',', '.', 2)}"]
    return forms


def _cite_locale_money(
    sheet: Sheet, style: Style, kind: str, name: str, number: Decimal, quote: str
) -> None:
    if kind == RIGHT:
        value = fresh(sheet, _locale_forms(style, number), quote)
    else:
        value = f"{style.currency[0]} {number:.2f}"
    sheet.add(kind, name, value, quote, Claim(number, style.currency[0]))


def _invoice_number(rng: random.Random, locale: str, year: int) -> str:
    prefix = {"de-DE": "RE", "fr-FR": "FA", "de-CH": "R", "en-GB": "INV", "en-US": "INV"}[locale]
    return f"{prefix}-{year}-{rng.randint(1, 99999):05d}"


def _invoice(sheet: Sheet, style: Style) -> str:
    """Write an invoice in ``style`` and cite it; its number."""
    rng = sheet.rng
    (seller, s_form), (buyer, b_form) = company(rng, *style.forms), company(rng, *style.forms)
    if seller == buyer:
        buyer = f"{buyer} Services"
    issued = day(rng, 2020, 2025, small=True)
    number = _invoice_number(rng, style.locale, issued.year)
    order = f"PO-{rng.randint(100000, 999999)}"
    net = cents(rng, 800, 90_000)
    rate = Decimal(sheet.pick(*style.rates))
    tax = (net * rate / 100).quantize(Decimal("0.01"))
    total = net + tax
    days, early, discount = rng.choice((14, 30, 45, 60)), rng.choice((7, 10)), sheet.pick("2", "3")
    space = sheet.pick(*style.spaces)
    percent = "%" if style.locale.startswith("en") else "\u00a0%"
    shown = str(rate).replace(".", GROUPING[style.locale][1])  # 5,5 % in fr-FR
    s1 = (
        f"INVOICE No. {number} · Date: {world_dates(issued, style.locale)['numeric']} ·"
        f" Customer reference: {order}"
    )
    s2 = (
        f"Seller: {seller}{s_form}, {rng.choice(style.cities)} · Buyer: {buyer}{b_form},"
        f" {rng.choice(style.cities)}"
    )
    s3 = (
        f"Net amount {_amount(style, net, space=space)} + {style.tax} {shown}{percent}"
        f" {_amount(style, tax, space=space)} = Total {_amount(style, total, space=space)}"
    )
    s4 = (
        f"Payment of invoice {number} within {days} days net; {discount}{percent} discount if"
        f" paid within {early} days."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}"
    if not style.locale.startswith("en"):  # a whole amount whose grouping looks decimal
        deposit = Decimal(rng.randrange(2, 40) * 500)
        paid_on = day(rng, issued.year - 1, issued.year)
        s5 = (
            f"Advance payment received on {world_dates(paid_on, style.locale)['numeric']}:"
            f" {_amount(style, deposit, places=0)}"
        )
        sheet.text += f"\n{s5}"
        _cite_locale_money(sheet, style, RIGHT, "advance_payment", deposit, s5)
        code = style.currency[0]
        slip = deposit / 1000
        sheet.add(SEPARATOR, "advance_payment", f"{code} {slip:.2f}", s5, Claim(slip, code))
        delivered = day(rng, issued.year - 1, issued.year)
        label = "Lieferdatum:" if style.locale.startswith("de") else "Date de livraison :"
        s6 = f"{label} {written_date(delivered, style.locale)}"
        sheet.text += f"\n{s6}"
        cite_date(sheet, RIGHT, "delivery_date", delivered, s6, "", style.locale)
        cite_date(sheet, DAY_MONTH, "delivery_date", delivered, s6, "", style.locale)
        cite_date(sheet, YEAR, "delivery_date", shift_year(delivered, 1), s6, "", style.locale)
    sheet.right("invoice_number", sheet.pick(number.lower(), f"No. {number}"), s1)
    sheet.add(SAME_SENTENCE, "invoice_number", order, s1)
    sheet.add(DIGITS, "invoice_number", swap_digits(number, rng), s1)
    cite_date(sheet, RIGHT, "invoice_date", issued, s1, "numeric", style.locale)
    cite_date(sheet, DAY_MONTH, "invoice_date", issued, s1, "numeric", style.locale)
    cite_date(sheet, YEAR, "invoice_date", shift_year(issued, 1), s1, "numeric", style.locale)
    sheet.right("seller_name", sheet.pick(seller, f"{seller}{s_form}".upper()), s2)
    sheet.add(OTHER_PARTY, "seller_name", f"{buyer}{b_form}", s2)
    _cite_locale_money(sheet, style, RIGHT, "net_amount", net, s3)
    _cite_locale_money(sheet, style, RIGHT, "tax_amount", tax, s3)
    _cite_locale_money(sheet, style, RIGHT, "total_amount", total, s3)
    _cite_locale_money(sheet, style, SAME_SENTENCE, "total_amount", net, s3)
    slipped = Decimal(digit_slip(int(total * 100), rng)) / 100
    _cite_locale_money(sheet, style, DIGITS, "total_amount", slipped, s3)
    cite_money(sheet, CURRENCY, "total_amount", total, s3, style.wrong)
    sheet.right("tax_rate", sheet.pick(f"{rate} per cent", f"{rate}%"), s3, Claim(rate, "%"))
    sheet.right("payment_days", f"{english(days)} days", s4, Claim(Decimal(days), "days"))
    sheet.add(SAME_SENTENCE, "payment_days", f"{early} days", s4, Claim(Decimal(early), "days"))
    sheet.add(UNIT, "payment_days", f"{days} weeks", s4, Claim(Decimal(days), "weeks"))
    sheet.right("early_discount", f"{discount} percent", s4, Claim(Decimal(discount), "%"))
    return number


def _invoice_family(
    name: str, style: Style, extra: dict[str, dict[str, object]] | None = None
) -> Family:
    code = style.currency[0]
    fields: dict[str, dict[str, object]] = {
        "invoice_number": {"type": "identifier", "cues": ["INVOICE No."]},
        "invoice_date": {"type": "date"},
        "seller_name": {"type": "name", "role": "seller", "roles": _SELLER},
        "net_amount": {"type": "money", "currency": code, "cues": ["Net amount"]},
        "tax_amount": {"type": "money", "currency": code, "cues": [style.tax]},
        "total_amount": {"type": "money", "currency": code, "cues": ["Total"]},
        "tax_rate": {"type": "percent", "cues": [style.tax]},
        "payment_days": {"type": "duration", "unit": "day", "cues": ["Payment"]},
        "early_discount": {"type": "percent", "cues": ["discount"]},
    }
    if not style.locale.startswith("en"):
        fields["advance_payment"] = {"type": "money", "currency": code, "cues": ["Advance"]}
        fields["delivery_date"] = {"type": "date"}
    fields.update(extra or {})

    def write(sheet: Sheet) -> None:
        _invoice(sheet, style)  # its number is for the US invoice's goods line

    return Family(name, fields, write, locale=style.locale, distinct=True)


_SELLER = {"seller": ["Seller"], "buyer": ["Buyer"]}
_EU = (" GmbH", " AG", " SAS", " SARL", " B.V.", " S.A.")
INVOICE_DE = _invoice_family(
    "invoice-de",
    Style("de-DE", ("EUR", "€"), True, "VAT", ("19", "7"), ("CHF", "CHF"), CITIES_EU, _EU),
)
INVOICE_FR = _invoice_family(
    "invoice-fr",
    Style(
        "fr-FR",
        ("EUR", "€"),
        True,
        "TVA",
        ("20", "10", "5.5"),
        ("CHF", "CHF"),
        CITIES_EU,
        _EU,
        ("\u202f", "\u00a0", " "),
    ),
)
INVOICE_CH = _invoice_family(
    "invoice-ch",
    Style(
        "de-CH",
        ("CHF", "CHF"),
        False,
        "MWST",
        ("8.1", "2.6"),
        ("EUR", "€"),
        CITIES_EU,
        (" AG", " GmbH", " SA"),
        ("'", "\u2019"),
    ),
)
INVOICE_UK = _invoice_family(
    "invoice-uk",
    Style(
        "en-GB",
        ("GBP", "£"),
        False,
        "VAT",
        ("20", "5"),
        ("USD", "$"),
        CITIES_UK,
        (" Ltd", " Limited", " plc", " LLP"),
    ),
)


def _us_invoice(sheet: Sheet) -> None:
    number = _invoice(sheet, _US_STYLE)
    rng = sheet.rng
    pounds = rng.randrange(20, 400) * 250
    price = Decimal(rng.randrange(25, 95)) / 100
    good = sheet.pick("refined cane sugar", "raw cane sugar", "beet sugar", "dextrose")
    line = (
        f"{grouped(pounds)} pounds of {good} shipped under invoice {number} at"
        f" ${price} per pound, amounting to ${grouped(pounds * price, places=2)}"
    )
    sheet.text += "\n" + line
    mass = Claim(Decimal(pounds), "lb")
    kilos = Decimal(pounds) * Decimal("0.45359237")
    forms = (f"{pounds} lb", f"{grouped(pounds)} pounds", f"{decimal_text(kilos)} kg")
    sheet.right("sugar_weight", sheet.rng.choice(forms), line, mass)
    sheet.add(UNIT, "sugar_weight", f"{grouped(pounds)} kg", line, Claim(Decimal(pounds), "kg"))
    cite_money(sheet, RIGHT, "line_amount", pounds * price, line, ("USD", "$"))
    sheet.add(
        CURRENCY, "line_amount", f"GBP {grouped(pounds)}", line, Claim(Decimal(pounds), "GBP")
    )


_US_STYLE = Style(
    "en-US",
    ("USD", "$"),
    False,
    "Sales tax",
    ("8.875", "7.25", "6"),
    ("CAD", "C$"),
    CITIES_US,
    (", Inc.", " LLC", " Corp."),
)
_US_BASE = _invoice_family("invoice-us", _US_STYLE)
INVOICE_US = Family(
    "invoice-us",
    {
        **_US_BASE.fields,
        "sugar_weight": {"type": "quantity", "unit": "lb"},
        "line_amount": {"type": "money", "currency": "USD", "cues": ["amounting"]},
    },
    _us_invoice,
    locale="en-US",
    distinct=True,
)


TRADE = (INVOICE_DE, INVOICE_FR, INVOICE_CH, INVOICE_UK, INVOICE_US)
