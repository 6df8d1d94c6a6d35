"""Property tests for the values core.

1. A value rendered in any supported surface form reads back equal to the same value
   rendered in any other form (as a quote): money, dates, quantities, durations, rates,
   statutes and case numbers, with the provisions, codes and case numbers of US, UK and EU
   documents (the UCC's hyphenated sections, EU instruments by kind, year and number, UK
   statutory instruments, 26 U.S.C. as the Internal Revenue Code).
2. Any single-digit change of a money, date, quantity, provision or case-number value,
   checked against the quote that states the original, fails.

The renderers here are an independent model: they never call into sakshi (their number
words and digit grouping are the values benchmark's, bench/values_forms.py).
"""

from __future__ import annotations

import datetime
import sys
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import FieldDecl, ValueType, check_value

# The building blocks (number words, digit grouping, month names) are the values
# benchmark's, which writes the same surface forms: bench/values_forms.py, pure and
# sakshi-free. Appended to sys.path, not prepended, so bench's script names (values,
# context, spans) shadow nothing.
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))

from values_forms import MONTHS, ONES, TENS, decimal_text, devanagari, indian, western

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True)

_HINDI_MONTHS = "जनवरी फरवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर"


def _below_thousand(number: int, joiner: str) -> list[str]:
    words: list[str] = []
    if number >= 100:
        words += [ONES[number // 100], "Hundred"]
        number %= 100
        if number:
            words.append("and")
    if number >= 20:
        tens = TENS[number // 10]
        words.append(f"{tens}{joiner}{ONES[number % 10]}" if number % 10 else tens)
    elif number:
        words.append(ONES[number])
    return words


def indian_words(number: int, joiner: str = " ") -> str:
    """Rupees in words, Indian style: crore, lakh, thousand, hundred."""
    crore, rest = divmod(number, 10**7)
    words: list[str] = []
    if crore:
        words += (indian_words(crore, joiner).split() if crore >= 1000 else []) or (
            _below_thousand(crore, joiner)
        )
        words.append("Crore")
    lakh, rest = divmod(rest, 10**5)
    thousand, rest = divmod(rest, 1000)
    for part, scale in ((lakh, "Lakh"), (thousand, "Thousand")):
        if part:
            words += [*_below_thousand(part, joiner), scale]
    words += _below_thousand(rest, joiner)
    return " ".join(words)


def money_forms(amount: int) -> list[str]:
    grouped, words = indian(amount), indian_words(amount, joiner=" ")
    forms = [
        f"Rs. {grouped}/-",
        f"Rs.{grouped}/-",
        f"₹ {grouped}",
        f"₹{grouped}.00",
        f"INR {western(amount)}",
        f"Rs {amount}",
        f"Rupees {words} only",
        f"Rupees {indian_words(amount, joiner='-')} only",
        f"Rs. {grouped}/- (Rupees {words} only)",
        f"रु. {devanagari(grouped)}",
        f"{grouped} रुपये",
    ]
    if amount % 1000 == 0:
        forms.append(f"Rs. {decimal_text(Decimal(amount) / 10**5)} lakh")
        forms.append(f"₹ {decimal_text(Decimal(amount) / 10**5)} lacs")
    if amount % 10**5 == 0:
        forms.append(f"INR {decimal_text(Decimal(amount) / 10**7)} crore")
        forms.append(f"Rs. {decimal_text(Decimal(amount) / 10**7)} Cr.")
    return forms


# Each currency's marks as people write them, before the amount and after it: an
# independent model of the world's money (never read from sakshi's data).
WORLD_MARKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "USD": (("US$", "US$ ", "$", "USD ", "USD"), ("USD", "US dollars", "U.S. dollars")),
    "GBP": (("£", "£ ", "GBP "), ("GBP", "pounds sterling", "British pounds", "pounds")),
    "EUR": (("€", "€ ", "EUR "), ("EUR", "euros", "€")),
    "JPY": (("¥", "JPY "), ("JPY", "yen", "Japanese yen")),
    "CHF": (("CHF ", "CHF"), ("CHF", "Swiss francs")),
    "SGD": (("S$", "SGD "), ("SGD", "Singapore dollars")),
    "HKD": (("HK$", "HKD "), ("HKD", "Hong Kong dollars")),
    "AUD": (("A$", "AUD "), ("AUD", "Australian dollars")),
    "CAD": (("CA$", "C$", "CAD "), ("CAD", "Canadian dollars")),
    "INR": (("₹", "Rs. ", "INR "), ("INR", "rupees", "Indian rupees")),
    "SEK": (("SEK ",), ("SEK", "kr", "Swedish kronor")),
    "KRW": (("₩",), ("KRW", "South Korean won")),
}


def world_money_forms(code: str, amount: int) -> list[str]:
    """An amount (in cents) in one currency, written with each of its marks."""
    number = western(amount // 100)
    if amount % 100:
        number += f".{amount % 100:02}"
    before, after = WORLD_MARKS[code]
    return [f"{mark}{number}" for mark in before] + [f"{number} {mark}" for mark in after]


def negative_money_forms(amount: int) -> list[str]:
    """A negative dollar amount: a minus before or after the mark, accounting brackets."""
    number = western(amount)
    return [f"-${number}", f"$-{number}", f"(${number})", f"USD ({number})", f"-USD {number}"]


def _ordinal(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def date_forms(date: datetime.date) -> list[str]:
    day, month, year = date.day, date.month, date.year
    name = MONTHS[month - 1]
    return [
        f"{day:02}.{month:02}.{year}",
        f"{day}/{month}/{year}",
        f"{day:02}-{month:02}-{year}",
        date.isoformat(),
        f"{day}{_ordinal(day)} {name}, {year}",
        f"{day}{_ordinal(day)} day of {name}, {year}",
        f"{name} {day}, {year}",
        f"{day:02}-{name[:3]}-{year}",
        f"{day} {name[:3]}. {year}",
        f"{day} {_HINDI_MONTHS.split()[month - 1]} {year}",
        devanagari(f"{day:02}.{month:02}.{year}"),
    ]


def quantity_forms(thousandths: int) -> list[str]:
    tonnes = Decimal(thousandths) / 1000
    return [
        f"{decimal_text(tonnes)} MT",
        f"{decimal_text(tonnes)} M.T.",
        f"{decimal_text(tonnes)} metric tonnes",
        f"{indian(thousandths)} kg",
        f"{western(thousandths)} kgs",
        f"{decimal_text(tonnes * 10)} quintals",
    ]


def duration_forms(days: int) -> list[str]:
    forms = [f"{days} days", f"{days} ({indian_words(days).lower()}) days"]
    forms.append(f"{indian_words(days).lower()} days")
    if days % 7 == 0:
        forms.append(f"{days // 7} weeks")
    return forms


def percent_forms(hundredths: int) -> list[str]:
    rate = decimal_text(Decimal(hundredths) / 100)
    return [f"{rate}% p.a.", f"{rate} per cent per annum", f"{rate}% per annum", f"{rate} % p.a."]


def statute_forms(section: int) -> list[str]:
    return [
        f"Section {section} of the Negotiable Instruments Act, 1881",
        f"S. {section} NI Act",
        f"s.{section} N.I. Act",
        f"u/s {section} of N.I. Act",
        f"Sec. {section} of the NI Act",
        f"धारा {section} परक्राम्य लिखत अधिनियम",
        f"N.I. Act's Section {section}",  # act first
        f"the NI Act, section {section}",
        f"Negotiable Instruments Act, 1881, s. {section}",
        f"परक्राम्य लिखत अधिनियम, 1881 की धारा {section}",
    ]


def case_forms(number: int, year: int) -> list[str]:
    return [
        f"CC No. {number} of {year}",
        f"C.C. {number}/{year}",
        f"C.C.No.{number:05}/{year}",
        f"CC {number}/{year}",
    ]


def _pick(forms: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(forms)


def _sentence(form: str) -> str:
    return f"It is stated that {form} was the figure recorded; nothing else"


def _agrees(kind: ValueType, value: str, quote_form: str) -> bool:
    fields = {"field": FieldDecl(kind)}
    return check_value("field", value, _sentence(quote_form), fields).ok


pairs = st.data()


@SETTINGS
@given(st.integers(1, 10**11), pairs)
def test_money_reads_back_in_every_form(amount: int, data: st.DataObject) -> None:
    forms = money_forms(amount)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.MONEY, value, quote), (value, quote)


@SETTINGS
@given(st.sampled_from(sorted(WORLD_MARKS)), st.integers(1, 10**11), pairs)
def test_world_money_reads_back_with_every_mark(
    code: str, amount: int, data: st.DataObject
) -> None:
    forms = world_money_forms(code, amount)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    fields = {"field": FieldDecl(ValueType.MONEY, currency=code)}
    check = check_value("field", value, _sentence(quote), fields)
    assert check.ok, (value, quote, check.value_reason, check.mentions)


@SETTINGS
@given(st.sampled_from(sorted(WORLD_MARKS)), st.sampled_from(sorted(WORLD_MARKS)), pairs)
def test_another_currency_never_states_the_amount(
    mine: str, theirs: str, data: st.DataObject
) -> None:
    if mine == theirs:
        return
    value = f"{mine} 5,000"
    quote = data.draw(_pick(world_money_forms(theirs, 500_000)))
    check = check_value("field", value, _sentence(quote), {"field": FieldDecl(ValueType.MONEY)})
    assert not check.ok, (value, quote)


@SETTINGS
@given(st.integers(1, 10**9), pairs)
def test_the_sign_is_never_dropped(amount: int, data: st.DataObject) -> None:
    negative = negative_money_forms(amount)
    positive = world_money_forms("USD", amount * 100)
    fields = {"field": FieldDecl(ValueType.MONEY, currency="USD")}
    value, quote = data.draw(_pick(negative)), data.draw(_pick(negative))
    table = f"Net income for the year {quote}"
    assert check_value("field", value, table, fields).ok, (value, quote)
    flipped = data.draw(_pick(positive))
    assert not check_value("field", flipped, table, fields).ok, (flipped, quote)
    assert not check_value("field", value, _sentence(flipped), fields).ok, (value, flipped)


@SETTINGS
@given(st.dates(datetime.date(1900, 1, 1), datetime.date(2099, 12, 31)), pairs)
def test_dates_read_back_in_every_form(date: datetime.date, data: st.DataObject) -> None:
    forms = date_forms(date)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.DATE, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 10**9), pairs)
def test_quantities_read_back_in_every_form(thousandths: int, data: st.DataObject) -> None:
    forms = quantity_forms(thousandths)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.QUANTITY, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 999), st.integers(1, 9999), st.integers(1, 10**5), pairs)
def test_other_types_read_back_in_every_form(
    small: int, hundredths: int, section: int, data: st.DataObject
) -> None:
    year = 1950 + small % 75
    for kind, forms in (
        (ValueType.DURATION, duration_forms(small)),
        (ValueType.PERCENT, percent_forms(hundredths)),
        (ValueType.STATUTE, statute_forms(section)),
        (ValueType.CASE_NO, case_forms(section, year)),
    ):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(kind, value, quote), (kind, value, quote)


# Provisions and case numbers of every domain (docs/values.md): each group holds forms of
# one provision or one case number. The roman numerals are this model's own.
_ROMAN = ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
_ORDINAL_WORDS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth"]


def roman(number: int) -> str:
    """A number below 90 in roman numerals."""
    text = ""
    for value, letters in _ROMAN:
        while number >= value:
            text, number = text + letters, number - value
    return text


def provision_forms(number: int, small: int) -> list[list[str]]:
    """Groups of forms that cite one provision: orders and rules, articles, a US code and
    US, UK and Indian acts (initials, "Act of 1933", "Cr.P.C., 1973"), schedules."""
    order = 1 + small % 51
    article = 1 + small % 9  # the UCC's article, the first part of its section's number
    groups = [
        [f"Order {roman(order)} Rule {number} CPC", f"O. {order} R. {number} CPC",
         f"Order {order} Rule {number} of the Code of Civil Procedure",
         f"Rule {number} of Order {roman(order)} CPC", f"O.{roman(order)} r.{number} C.P.C.",
         f"Order {roman(order)}, Rule {number} of the CPC, 1908"],
        [f"Article {number}(3)(a) GDPR", f"Art. {number}(3)(a) GDPR",
         f"Article {number}(3)(a) of Regulation (EU) 2016/679",
         f"Art {number}(3)(a) of the General Data Protection Regulation",
         f"Article {number} (3) (a) of the GDPR"],
        [f"{small} U.S.C. § {number}j(b)", f"{small} USC {number}j(b)",
         f"{small} U.S.C. §{number}j(b)", f"{small} U.S.C.A. § {number}j(b)"],
        [f"Section {number} of the Securities Act of 1933", f"Securities Act of 1933, § {number}",
         f"§ {number} of the Securities Act", f"Section {number} of the 1933 Act",
         f"s. {number} Securities Act 1933"],
        [f"section {number} of the Companies Act 2006", f"s. {number} CA 2006",
         f"s.{number} Companies Act 2006", f"Companies Act 2006, s. {number}",
         f"section {number} of the Companies Act, 2006"],
        [f"Fed. R. Civ. P. {number}(b)(6)",
         f"Rule {number}(b)(6) of the Federal Rules of Civil Procedure",
         f"Federal Rule of Civil Procedure {number}(b)(6)", f"FRCP {number}(b)(6)"],
        [f"Section {number}(3) of the Cr.P.C., 1973", f"s. {number}(3) CrPC",
         f"Section {number}(3) of the Code of Criminal Procedure, 1973",
         f"u/s {number}(3) Cr.P.C."],
        [f"Section {number}A of the CC Act, 2015",
         f"Section {number}A of the Commercial Courts Act, 2015", f"s. {number}A C.C. Act, 2015",
         f"Sec. {number}A of the Commercial Courts Act"],
        # the UCC's hyphenated sections, by its template and by its name
        [f"Section {article}-{number} of the UCC", f"UCC § {article}-{number}",
         f"U.C.C. § {article}-{number}", f"§ {article}-{number} of the Uniform Commercial Code",
         f"the UCC, § {article}-{number}"],
        # an EU directive by its name and number, act first too
        [f"Article {number} of Directive 2011/7/EU", f"Art. {number} of the Late Payment Directive",
         f"Article {number} of Council Directive 2011/7/EU",
         f"Directive 2011/7/EU, Article {number}"],
        # a UK statutory instrument's regulation
        [f"reg {number}(1) TUPE 2006", f"reg. {number}(1) of TUPE",
         (f"regulation {number}(1) of the Transfer of Undertakings (Protection of Employment) "
          "Regulations 2006"), f"TUPE 2006, reg. {number}(1)"],
        # England's Arbitration Act 1996 (not India's Act of that year), by name and before
        [f"section {number} of the Arbitration Act 1996", f"s. {number} Arbitration Act 1996",
         f"the Arbitration Act 1996, s. {number}", f"Arbitration Act, 1996, s {number}"],
        [f"s {number}(4) ERA 1996", f"section {number}(4) of the Employment Rights Act 1996",
         f"the Employment Rights Act 1996, s. {number}(4)",
         f"Employment Rights Act 1996, s {number}(4)"],
        # Title 26 is the Internal Revenue Code
        [f"IRC § {number}(c)(3)", f"26 U.S.C. § {number}(c)(3)", f"I.R.C. § {number}(c)(3)",
         f"section {number}(c)(3) of the Internal Revenue Code", f"26 USC {number}(c)(3)"],
    ]  # fmt: skip
    if small <= len(_ORDINAL_WORDS):
        schedule = [f"Schedule {roman(small)} to the Companies Act, 2013",
                    f"Sch. {small} of the Companies Act, 2013",
                    f"{_ORDINAL_WORDS[small - 1]} Schedule to the Companies Act, 2013"]  # fmt: skip
        groups.append(schedule)
    return groups


def case_world_forms(number: int, year: int, office: int) -> list[list[str]]:
    """Groups of forms of one case number: a type the table does not know, US dockets,
    English claim numbers."""
    short = year % 100
    return [
        [f"Award No. {number} of {year}", f"Award No. {number:05}/{year}",
         f"Award No.{number}/{year}"],
        [f"SCN No. {number}/{year}", f"SCN {number}/{year}", f"S.C.N. No. {number} of {year}"],
        [f"{office}:{short:02}-cv-{number:05}", f"No. {office}:{short:02}-cv-{number}",
         f"Case No. {office}:{short:02}-cv-{number:05}-ABC",
         f"Civil Action No. {office}:{short:02}-cv-{number}"],
        [f"HC-{year}-{number:06}", f"Claim No. HC-{year}-{number}",
         f"Claim No: HC-{year}-{number:06}"],
        [f"[{year}] EWHC {number} (Comm)"],
        [f"C-{number}/{short:02}", f"Case C-{number}/{short:02}", f"Case C-{number}/{short:02} P"],
    ]  # fmt: skip


@SETTINGS
@given(st.integers(1, 999), st.integers(1, 50), pairs)
def test_provisions_of_every_domain_read_back_in_every_form(
    number: int, small: int, data: st.DataObject
) -> None:
    for forms in provision_forms(number, small):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(ValueType.STATUTE, value, quote), (value, quote)


def instrument_forms(kind: str, year: int, number: int) -> list[str]:
    """The forms of one EU instrument's citation, as the Official Journal numbers it: a
    directive's year first; a regulation's number first before 2015, its year first since."""
    short = f"{year % 100:02}"
    if kind == "Directive":
        forms = [f"Directive {year}/{number}/EU", f"Directive (EU) {year}/{number}",
                 f"Council Directive {year}/{number}/EC", f"Directive {year}/{number}"]  # fmt: skip
        return forms + ([f"Directive {short}/{number}/EEC"] if year < 2000 else [])
    if year >= 2015:
        return [f"Regulation (EU) {year}/{number}", f"Regulation {year}/{number}",
                f"Commission Implementing Regulation (EU) {year}/{number}"]  # fmt: skip
    forms = [f"Regulation (EC) No {number}/{year}", f"Regulation No {number}/{year}",
             f"Council Regulation (EC) No. {number}/{year}",
             f"Regulation (EC) {number}/{year}"]  # fmt: skip
    return forms + ([f"Regulation (EEC) No {number}/{short}"] if year < 2000 else [])


@SETTINGS
@given(
    st.sampled_from(["Directive", "Regulation"]),
    st.integers(1958, 2030),
    st.integers(1, 3000),
    pairs,
)
def test_an_eu_instrument_reads_back_in_every_form_and_no_other_number_does(
    kind: str, year: int, number: int, data: st.DataObject
) -> None:
    forms = instrument_forms(kind, year, number)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.STATUTE, f"Article 3 of {value}", f"Article 3 of {quote}"), (
        value,
        quote,
    )
    other = data.draw(_pick(instrument_forms(kind, year, number + 1)))
    assert not _agrees(ValueType.STATUTE, f"Article 3 of {other}", f"Article 3 of {quote}")
    kinds = {"Directive": "Regulation", "Regulation": "Directive"}
    swapped = data.draw(_pick(instrument_forms(kinds[kind], year, number)))
    assert not _agrees(ValueType.STATUTE, f"Article 3 of {swapped}", f"Article 3 of {quote}")


@SETTINGS
@given(st.integers(1, 99_999), st.integers(1990, 2030), st.integers(1, 9), pairs)
def test_case_numbers_of_every_domain_read_back_in_every_form(
    number: int, year: int, office: int, data: st.DataObject
) -> None:
    for forms in case_world_forms(number, year, office):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(ValueType.CASE_NO, value, quote), (value, quote)


# Hindi's words for one to ninety-nine, in order: the model's own list (one spelling
# each; the chandrabindu forms are made below), not sakshi's table.
_HINDI_TENS = (
    "एक दो तीन चार पांच छह सात आठ नौ",
    "दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस",
    "बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस",
    "तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस",
    "चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास",
    "पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ",
    "साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर",
    "सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी",
    "अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी",
    "नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे",
)
HINDI_WORDS = [word for tens in _HINDI_TENS for word in tens.split()]


def hindi_words(number: int, chandrabindu: bool = False, nukta: bool = True) -> str:
    """An amount in Hindi words, Indian style: करोड़, लाख, हज़ार, सौ and the rest."""
    words: list[str] = []
    for size, scale in ((10**7, "करोड़"), (10**5, "लाख"), (1000, "हज़ार"), (100, "सौ")):
        part, number = divmod(number, size)
        if part:
            words += [hindi_words(part) if part >= 100 else HINDI_WORDS[part - 1], scale]
    if number:
        words.append(HINDI_WORDS[number - 1])
    text = " ".join(words)
    if chandrabindu:
        text = text.replace("ांच", "ाँच")
    return text if nukta else text.replace("\u093c", "")


def hindi_money_forms(amount: int) -> list[str]:
    words = hindi_words(amount)
    return [
        f"{words} रुपये",
        f"रुपये {hindi_words(amount, chandrabindu=True)} मात्र",
        f"{hindi_words(amount, nukta=False)} रुपये",
        f"रु. {indian(amount)}/- ({words} रुपये मात्र)",
        f"Rs. {indian(amount)}/-",
    ]


@SETTINGS
@given(st.integers(1, 10**11), pairs)
def test_hindi_words_read_back_in_every_form(amount: int, data: st.DataObject) -> None:
    forms = hindi_money_forms(amount)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.MONEY, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 10**11), st.integers(1, 10**11))
def test_hindi_words_never_restate_another_figure(amount: int, other: int) -> None:
    if amount == other:
        return
    quote = f"रु. {indian(other)}/- ({hindi_words(amount)} रुपये मात्र)"
    for value in (f"Rs. {indian(amount)}", f"Rs. {indian(other)}"):
        assert not _agrees(ValueType.MONEY, value, quote), (value, quote)
    assert not _agrees(ValueType.MONEY, f"Rs. {indian(amount * 10)}", hindi_words(amount))


# A price per a unit, as land awards, mandi rates and invoices write it: each unit's
# ways of saying "per" it (the model's own spellings).
PER_UNIT: dict[str, tuple[str, ...]] = {
    "acre": (" per acre", "/acre", " प्रति एकड़", " per acre only"),
    "hectare": (" per hectare", "/ha", " per Ha."),
    "quintal": (" per quintal", "/qtl", " प्रति क्विंटल"),
    "kg": (" per kg", "/kg", " per kilogram"),
}


def price_forms(amount: int, unit: str) -> list[str]:
    pers = PER_UNIT[unit]
    return [
        *(f"Rs. {indian(amount)}/-{per}" for per in pers if per.startswith(" ")),
        *(f"₹{indian(amount)}{per}" for per in pers),
        f"INR {western(amount)}{pers[0]}",
        f"Rs. {indian(amount)} (Rupees {indian_words(amount)} only){pers[0]}",
    ]


@SETTINGS
@given(st.integers(1, 10**9), st.sampled_from(sorted(PER_UNIT)), pairs)
def test_a_price_per_a_unit_reads_back_in_every_form(
    amount: int, unit: str, data: st.DataObject
) -> None:
    forms = price_forms(amount, unit)
    value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
    assert _agrees(ValueType.MONEY, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 10**9), st.sampled_from(sorted(PER_UNIT)), st.sampled_from(sorted(PER_UNIT)))
def test_a_price_is_never_a_sum_nor_a_price_per_another_unit(
    amount: int, unit: str, other: str
) -> None:
    quote = price_forms(amount, unit)[0]
    for value in (f"Rs. {indian(amount)}/-", f"₹{indian(amount)}"):
        assert not _agrees(ValueType.MONEY, value, quote), (value, quote)
        assert not _agrees(ValueType.MONEY, quote, value), (quote, value)
    if other != unit:
        value = price_forms(amount, other)[0]
        assert not _agrees(ValueType.MONEY, value, quote), (value, quote)


def _digit_changes(value: str) -> st.SearchStrategy[str]:
    positions = [index for index, char in enumerate(value) if char.isdecimal()]

    def change(position: int, offset: int) -> str:
        char = value[position]
        zero = ord(char) - int(char)  # the digit zero of the same script
        digit = (int(char) + offset) % 10
        return value[:position] + chr(zero + digit) + value[position + 1 :]

    return st.builds(change, st.sampled_from(positions), st.integers(1, 9))


def _fails_changed(kind: ValueType, forms: list[str], data: st.DataObject) -> None:
    own = data.draw(_pick([form for form in forms if any(c.isdecimal() for c in form)]))
    changed = data.draw(_digit_changes(own))
    check = check_value("field", changed, _sentence(own), {"field": FieldDecl(kind)})
    assert not check.ok, (own, changed, check.reading)


@SETTINGS
@given(st.integers(1, 10**11), pairs)
def test_a_changed_digit_of_money_fails(amount: int, data: st.DataObject) -> None:
    _fails_changed(ValueType.MONEY, money_forms(amount), data)


@SETTINGS
@given(st.dates(datetime.date(1900, 1, 1), datetime.date(2099, 12, 31)), pairs)
def test_a_changed_digit_of_a_date_fails(date: datetime.date, data: st.DataObject) -> None:
    _fails_changed(ValueType.DATE, date_forms(date), data)


@SETTINGS
@given(st.integers(1, 10**9), pairs)
def test_a_changed_digit_of_a_quantity_fails(thousandths: int, data: st.DataObject) -> None:
    _fails_changed(ValueType.QUANTITY, quantity_forms(thousandths), data)


@SETTINGS
@given(st.sampled_from(sorted(WORLD_MARKS)), st.integers(1, 10**11), pairs)
def test_a_changed_digit_of_world_money_fails(code: str, amount: int, data: st.DataObject) -> None:
    own = data.draw(_pick(world_money_forms(code, amount)))
    changed = data.draw(_digit_changes(own))
    fields = {"field": FieldDecl(ValueType.MONEY, currency=code)}
    assert not check_value("field", changed, _sentence(own), fields).ok, (own, changed)


@SETTINGS
@given(st.integers(1, 999), st.integers(1, 50), pairs)
def test_a_changed_digit_of_a_provision_fails(number: int, small: int, data: st.DataObject) -> None:
    groups = provision_forms(number, small)
    forms = data.draw(st.sampled_from(groups))
    _fails_changed(ValueType.STATUTE, forms, data)


@SETTINGS
@given(st.integers(1, 99_999), st.integers(1990, 2030), st.integers(1, 9), pairs)
def test_a_changed_digit_of_a_case_number_fails(
    number: int, year: int, office: int, data: st.DataObject
) -> None:
    forms = data.draw(st.sampled_from(case_world_forms(number, year, office)))
    _fails_changed(ValueType.CASE_NO, forms, data)


def test_the_model_renders_words_as_people_write_them() -> None:
    assert indian_words(6432000) == "Sixty Four Lakh Thirty Two Thousand"
    assert indian_words(125) == "One Hundred and Twenty Five"
    assert indian(6432000) == "64,32,000" and indian(1000) == "1,000"
    assert [roman(n) for n in (4, 7, 9, 39, 49, 51)] == ["IV", "VII", "IX", "XXXIX", "XLIX", "LI"]
    assert len(HINDI_WORDS) == 99 and HINDI_WORDS[24] == "पच्चीस" and HINDI_WORDS[98] == "निन्यानवे"
    assert hindi_words(150000) == "एक लाख पचास हज़ार"
    assert hindi_words(12_34_56_789) == "बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी"


PIECES = [
    "Rs.", "₹", " ", "5", "0", ",", ".", "/-", " lakh", " crore", "(", ")", "Rupees ", "Five",
    " only", "12.03.2024", " March ", "2024", "Section ", "138", " NI Act", "u/s ", "CC No. ",
    " of ", "MT", " kg", "%", " p.a.", " days", "not ", "unpaid", "M/s.", " accused ", "५",
    "\n\n", ";", "-", "A", "é", "\u0301", "\u200d", "ड़", "²", "‰",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=14).map("".join)


@SETTINGS
@given(texts, texts, st.sampled_from(list(ValueType)))
def test_any_text_gives_a_consistent_check(value: str, quote: str, kind: ValueType) -> None:
    fields = {
        "field": FieldDecl(kind, cues=("cheque", "sum of")),
        "other": FieldDecl(kind, cues=("dated",)),
    }
    for declared in (fields, {}):
        check = check_value("field", value, quote, declared)
        assert check.ok is (check.value_reason is None)
        for mention in check.mentions:
            assert quote[mention.start : mention.end] == mention.surface
            assert 0 <= mention.start < mention.end <= len(quote)
        if check.matched is not None:
            assert 0 <= check.matched < len(check.mentions)
        if check.ok and check.checked:
            assert check.matched is not None and check.reading is not None


# Units from pint's registry, count nouns, basis points and per mille, periods. The exact
# factors below are the model's own (1 oz = 0.028349523125 kg since 1959), not sakshi's.
_OUNCE_KG = Decimal("0.028349523125")
_QUARTER_WORDS = ["", "first", "second", "third", "fourth"]


def dose_forms(micrograms: int) -> list[str]:
    milligrams = Decimal(micrograms) / 1000
    return [
        f"{western(micrograms)} mcg",
        f"{micrograms} µg",
        f"{micrograms} μg",
        f"{decimal_text(milligrams)} mg",
        f"{decimal_text(milligrams)} milligrams",
        f"{decimal_text(milligrams / 1000)} g",
    ]


def volume_forms(millilitres: int) -> list[str]:
    litres = Decimal(millilitres) / 1000
    forms = [
        f"{western(millilitres)} mL",
        f"{millilitres} ml",
        f"{millilitres} cc",
        f"{decimal_text(litres)} L",
        f"{decimal_text(litres)} litres",
    ]
    if millilitres % 1000 == 0:
        forms += [f"{decimal_text(litres / 1000)} m³", f"{decimal_text(litres / 1000)} CBM"]
    return forms


def pound_forms(ounces: int) -> list[str]:
    pounds = decimal_text(Decimal(ounces) / 16)
    return [
        f"{western(ounces)} oz",
        f"{ounces} ounces",
        f"{pounds} lb",
        f"{pounds} lbs",
        f"{pounds} pounds",
        f"{decimal_text(ounces * _OUNCE_KG)} kg",
    ]


def count_forms(count: int) -> list[str]:
    words = indian_words(count).lower()
    forms = [f"{count} pallets", f"{western(count)} pallets", f"{words} pallets"]
    return forms + (["1 pallet", "one pallet"] if count == 1 else [])


def basis_point_forms(points: int) -> list[str]:
    return [
        f"{points} bps",
        f"{western(points)} basis points",
        f"{decimal_text(Decimal(points) / 100)}%",
        f"{decimal_text(Decimal(points) / 100)} per cent",
        f"{decimal_text(Decimal(points) / 10)}‰",
    ]


def fiscal_quarter_forms(quarter: int, year: int) -> list[str]:
    return [
        f"Q{quarter} FY{year}",
        f"Q{quarter} FY{year % 100:02}",
        f"Q{quarter}FY{year % 100:02}",
        f"Q{quarter} of fiscal {year}",
        f"the {_QUARTER_WORDS[quarter]} quarter of fiscal year {year}",
        f"fiscal Q{quarter} {year}",
    ]


def calendar_quarter_forms(quarter: int, year: int) -> list[str]:
    return [
        f"Q{quarter} {year}",
        f"{quarter}Q {year}",
        f"the {_QUARTER_WORDS[quarter]} quarter of {year}",
        f"Q{quarter} CY{year}",
    ]


def fiscal_year_forms(year: int) -> list[str]:
    return [
        f"FY {year}-{(year + 1) % 100:02}",
        f"FY{year}-{year + 1}",
        f"F.Y. {year}-{(year + 1) % 100:02}",
        f"financial year {year}-{year + 1}",
        f"fiscal year {year}-{(year + 1) % 100:02}",
    ]


@SETTINGS
@given(st.integers(1, 10**9), st.integers(1, 10**6), st.integers(1, 10**6), pairs)
def test_registry_units_read_back_in_every_form(
    micrograms: int, millilitres: int, ounces: int, data: st.DataObject
) -> None:
    for forms in (dose_forms(micrograms), volume_forms(millilitres), pound_forms(ounces)):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(ValueType.QUANTITY, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 99_999), st.integers(1, 99_999), pairs)
def test_counts_and_basis_points_read_back_in_every_form(
    count: int, points: int, data: st.DataObject
) -> None:
    for kind, forms in (
        (ValueType.QUANTITY, count_forms(count)),
        (ValueType.PERCENT, basis_point_forms(points)),
    ):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(kind, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 4), st.integers(2000, 2098), pairs)
def test_periods_read_back_in_every_form(quarter: int, year: int, data: st.DataObject) -> None:
    for forms in (
        fiscal_quarter_forms(quarter, year),
        calendar_quarter_forms(quarter, year),
        fiscal_year_forms(year),
    ):
        value, quote = data.draw(_pick(forms)), data.draw(_pick(forms))
        assert _agrees(ValueType.PERIOD, value, quote), (value, quote)


@SETTINGS
@given(st.integers(1, 4), st.integers(2000, 2098), pairs)
def test_fiscal_and_calendar_periods_never_meet(
    quarter: int, year: int, data: st.DataObject
) -> None:
    fiscal = data.draw(_pick(fiscal_quarter_forms(quarter, year)))
    calendar = data.draw(_pick(calendar_quarter_forms(quarter, year)))
    assert not _agrees(ValueType.PERIOD, fiscal, calendar), (fiscal, calendar)
    assert not _agrees(ValueType.PERIOD, calendar, fiscal), (calendar, fiscal)


@SETTINGS
@given(st.integers(1, 10**9), st.integers(1, 10**6), st.integers(1, 99_999), pairs)
def test_a_changed_digit_of_a_registry_unit_or_a_count_fails(
    micrograms: int, millilitres: int, count: int, data: st.DataObject
) -> None:
    for forms in (dose_forms(micrograms), volume_forms(millilitres), count_forms(count)):
        _fails_changed(ValueType.QUANTITY, forms, data)
    _fails_changed(ValueType.PERCENT, basis_point_forms(count), data)


@SETTINGS
@given(st.integers(1, 4), st.integers(2000, 2098), pairs)
def test_a_changed_digit_of_a_period_fails(quarter: int, year: int, data: st.DataObject) -> None:
    for forms in (
        fiscal_quarter_forms(quarter, year),
        calendar_quarter_forms(quarter, year),
        fiscal_year_forms(year),
    ):
        _fails_changed(ValueType.PERIOD, forms, data)
