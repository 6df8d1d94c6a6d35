"""Hindi number words: the words for one to ninety-nine, सौ (a hundred), the fractions of
spoken amounts (डेढ़, ढाई, साढ़े, सवा, पौने), each read to an exact Decimal.

A hand table, sakshi's own: CLDR writes numbers in words only in its rule-based
spell-out data, which babel does not ship, and no registry sakshi pins lists them. Hindi
has one irregular word for each number below a hundred ("पच्चीस" is 25, not "twenty
five"), so every one is listed, with the spellings Indian records use (पंद्रह and
पन्द्रह, इकतीस and इकत्तीस, बानवे and बानबे). Every spelling is also taken with a
chandrabindu for an anusvara and the other way round (पांच, पाँच) and without its nukta
(अड़तीस, अडतीस), the variants a typist makes without changing the word. The scale words
(हज़ार, लाख, करोड़, अरब) are numwords.py's.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import product

from sakshi.values.tokens import fold

__all__ = ["HINDI_ADDERS", "HINDI_HUNDRED", "HINDI_NUMBERS"]

# One line per ten, the numbers in order, "|" between spellings of one number.
_BY_TENS = (
    "एक दो तीन चार पांच छह|छः|छै सात आठ नौ",
    "दस ग्यारह बारह तेरह चौदह पंद्रह|पन्द्रह सोलह सत्रह अठारह उन्नीस",
    "बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस|अठ्ठाईस|अट्ठाइस उनतीस|उन्तीस",
    "तीस इकतीस|इकत्तीस बत्तीस तैंतीस|तेंतीस|तैतीस चौंतीस|चौतीस पैंतीस छत्तीस सैंतीस|सेंतीस अड़तीस उनतालीस|उनचालीस",
    (
        "चालीस इकतालीस बयालीस|बियालीस तैंतालीस|तैतालीस|तेंतालीस चवालीस|चौवालीस|चौआलीस"
        " पैंतालीस छियालीस सैंतालीस|सेंतालीस अड़तालीस उनचास"
    ),
    "पचास इक्यावन|इकावन बावन तिरेपन|तिरपन चौवन|चौव्वन पचपन छप्पन सत्तावन अट्ठावन|अठावन उनसठ",
    "साठ इकसठ बासठ तिरसठ चौंसठ|चौसठ पैंसठ छियासठ सड़सठ|सरसठ अड़सठ उनहत्तर",
    "सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी|उनासी|उन्नासी",
    "अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी|अठासी नवासी",
    (
        "नब्बे इक्यानवे|इक्यानबे बानवे|बानबे तिरानवे|तिरानबे चौरानवे|चौरानबे पचानवे|पंचानवे"
        "|पचानबे छियानवे|छियानबे सत्तानवे|सत्तानबे अट्ठानवे|अट्ठानबे|अठानवे निन्यानवे|निन्यानबे"
    ),
)
# Numbers that are a fraction on their own: one and a half, two and a half.
_FRACTIONS = {"डेढ़": Decimal("1.5"), "ढाई": Decimal("2.5")}
# Words that change the number after them: साढ़े आठ is 8.5, सवा दो 2.25, पौने दो 1.75.
# (सवा alone before a hundred or a scale is 1.25: सवा लाख.)
_ADDERS = {"साढ़े": Decimal("0.5"), "सवा": Decimal("0.25"), "पौने": Decimal("-0.25")}

_ANUSVARA, _CHANDRABINDU, _NUKTA = "\u0902", "\u0901", "\u093c"


def _variants(word: str) -> set[str]:
    """A spelling as written, with every anusvara or chandrabindu as either, and with
    and without its nukta (folded first: NFKC writes a nukta as its own codepoint)."""
    word = fold(word)
    slots = [
        (_ANUSVARA, _CHANDRABINDU) if char in (_ANUSVARA, _CHANDRABINDU) else (char,)
        for char in word
    ]
    spelled = {"".join(chars) for chars in product(*slots)}
    return spelled | {text.replace(_NUKTA, "") for text in spelled}


def _table() -> dict[str, Decimal]:
    table: dict[str, Decimal] = {}
    for tens, line in enumerate(_BY_TENS):
        for offset, spellings in enumerate(line.split()):
            number = Decimal(10 * tens + offset + (tens == 0))
            for spelling in spellings.split("|"):
                table.update(dict.fromkeys(_variants(spelling), number))
    for spelling, number in _FRACTIONS.items():
        table.update(dict.fromkeys(_variants(spelling), number))
    return table


HINDI_NUMBERS: dict[str, Decimal] = _table()
HINDI_ADDERS: dict[str, Decimal] = {
    variant: number for word, number in _ADDERS.items() for variant in _variants(word)
}
HINDI_HUNDRED = fold("सौ")
