"""What a mention means in its sentence, on documents from the US, the UK, the EU and India:
bounds ("up to", "not exceeding", "at least"), labels after names and relation words
(s/o, counsel for, PW-1), identifiers chosen by cues, and the cue rules themselves.

Every table row is a right or a wrong value, checked through ``check_value`` with the
value_reason it must come out with (None: the quote states it).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import (
    Bound,
    FieldDecl,
    Polarity,
    RoleWords,
    ValueReason,
    ValueType,
    check_value,
)

R = ValueReason
T = ValueType
B = Bound
OK = None
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)

Row = tuple[str, str, str, dict[str, FieldDecl], ValueReason | None]


def _check(row: Row) -> None:
    field, value, quote, fields, reason = row
    check = check_value(field, value, quote, fields)
    assert check.value_reason == reason, (check.hint, check.mentions)


# --- bounds ---------------------------------------------------------------------------

USD = FieldDecl(T.MONEY, currency="USD")
CAP = FieldDecl(T.MONEY, currency="USD", bound=B.AT_MOST)
FLOOR = FieldDecl(T.MONEY, currency="USD", bound=B.AT_LEAST)
MONEY = {"fee": USD, "cap": CAP, "floor": FLOOR}
EXPENSES = {
    "travel": FieldDecl(T.MONEY, currency="USD", bound=B.AT_MOST, cues=("travel",)),
    "lodging": FieldDecl(T.MONEY, currency="USD", cues=("lodging",)),
}
LIABILITY = "Supplier's aggregate liability under this Agreement shall not exceed $2,000,000."
NO_EVENT = "In no event shall the aggregate liability of either party exceed US$2,000,000."
LONG_CAP = "In no event shall either party's aggregate liability under this Agreement exceed $2.5m."
LONGER_CAP = (
    "In no event shall the total aggregate liability of Supplier arising out of or relating to"
    " this Agreement, whether in contract, tort (including negligence) or otherwise, exceed"
    " $1,000,000."
)

BOUNDS: list[Row] = [
    # US master services agreement: a liability cap is a ceiling, never the fee itself
    ("cap", "$2,000,000", LIABILITY, MONEY, OK),
    ("fee", "$2,000,000", LIABILITY, MONEY, R.VALUE_BOUNDED),
    ("floor", "$2,000,000", LIABILITY, MONEY, R.VALUE_BOUNDED),
    ("cap", "$2,000,000", NO_EVENT, MONEY, OK),  # the negation ten words off turns it round
    ("fee", "$2,000,000", NO_EVENT, MONEY, R.VALUE_BOUNDED),
    # a sentence's own negation turns the bound round however far off, no figure between
    ("cap", "$2,500,000", LONG_CAP, MONEY, OK),
    ("floor", "$2,500,000", LONG_CAP, MONEY, R.VALUE_BOUNDED),
    ("cap", "$1,000,000", LONGER_CAP, MONEY, OK),
    ("floor", "$1,000,000", LONGER_CAP, MONEY, R.VALUE_BOUNDED),
    ("floor", "$500", ("Failure to pay the rent when due entitles the Landlord to charge "
     "interest on any sum in excess of $500"), MONEY, OK),
    ("cap", "$2,000,000", "liability is capped at $2,000,000 per claim", MONEY, OK),
    ("cap", "$2,000,000", "subject to a cap of $2,000,000", MONEY, OK),
    ("cap", "$500,000", "a maximum of $500,000 in any contract year", MONEY, OK),
    ("cap", "$500,000", "fees of no more than $500,000", MONEY, OK),
    ("cap", "$500,000", "indemnity limited to $500,000", MONEY, OK),
    ("cap", "$500,000", "a ceiling of $500,000", MONEY, OK),
    ("cap", "$500,000", "a fee of $500,000 or less", MONEY, OK),
    ("cap", "$500,000", "a fee of $500,000 maximum", MONEY, OK),
    ("cap", "$500,000", "a not-to-exceed price of $500,000", MONEY, OK),
    # credit agreement: "up to an aggregate principal amount of" reaches five words
    ("cap", "$250,000,000", ("Revolving Loans up to an aggregate principal amount of "
     "$250,000,000"), MONEY, OK),
    ("fee", "$250,000,000", ("Revolving Loans up to an aggregate principal amount of "
     "$250,000,000"), MONEY, R.VALUE_BOUNDED),
    # a floor
    ("floor", "$1,000,000", ("the Guarantor shall maintain a net worth of not less than "
     "$1,000,000"), MONEY, OK),
    ("floor", "$1,000,000", "a minimum of $1,000,000", MONEY, OK),
    ("floor", "$1,000,000", "at least $1,000,000", MONEY, OK),
    ("floor", "$1,000,000", "a floor of $1,000,000", MONEY, OK),
    ("floor", "$1,000,000", "claims exceeding $1,000,000", MONEY, OK),
    ("floor", "$1,000,000", "$1,000,000 or more", MONEY, OK),
    ("cap", "$1,000,000", "a net worth of not less than $1,000,000", MONEY, R.VALUE_BOUNDED),
    ("fee", "$1,000,000", "a net worth of at least $1,000,000", MONEY, R.VALUE_BOUNDED),
    # an exact figure is no bound
    ("fee", "$1,000,000", "the Customer shall pay a fee of $1,000,000", MONEY, OK),
    ("cap", "$1,000,000", "the Customer shall pay a fee of $1,000,000", MONEY, R.VALUE_BOUNDED),
    ("floor", "$1,000,000", "the Customer shall pay a fee of $1,000,000", MONEY,
     R.VALUE_BOUNDED),
    # the bound governs the first figure after it only
    ("lodging", "$750", "up to $1,000 for travel and $750 for lodging", EXPENSES, OK),
    ("travel", "$1,000", "up to $1,000 for travel and $750 for lodging", EXPENSES, OK),
    ("travel", "$1,000", "$750 for lodging and up to $1,000 for travel", EXPENSES, OK),
    ("lodging", "$750", "$750 for lodging and up to $1,000 for travel", EXPENSES, OK),
    # a bounded figure is no rival of an exact one: no cue needed
    ("fee", "$750", "up to $1,000 for travel and $750 for lodging", MONEY, OK),
    ("fee", "$1,000", "up to $1,000 for travel and $750 for lodging", MONEY, R.VALUE_BOUNDED),
    ("cap", "$1,000", "up to $1,000 for travel and $750 for lodging", MONEY, OK),
    ("cap", "$750", "up to $1,000 for travel and $750 for lodging", MONEY, R.VALUE_BOUNDED),
    ("fee", "$700", "up to $1,000 for travel and $750 for lodging", MONEY, R.VALUE_NOT_IN_QUOTE),
    ("cap", "$1,000", "up to $1,000 for travel and up to $750 for lodging", MONEY,
     R.AMBIGUOUS_QUOTE),
]  # fmt: skip

INR = FieldDecl(T.MONEY, currency="INR")
GBP = FieldDecl(T.MONEY, currency="GBP")
EUR = FieldDecl(T.MONEY, currency="EUR")
DAYS = FieldDecl(T.DURATION)
RATE = FieldDecl(T.PERCENT)
BOUNDS += [
    # Indian statutes and orders: "which may extend to" is a ceiling
    ("term", "2 years", "imprisonment for a term which may extend to two years",
     {"term": DAYS}, R.VALUE_BOUNDED),
    ("term", "2 years", "imprisonment for a term which may extend to two years",
     {"term": FieldDecl(T.DURATION, bound=B.AT_MOST)}, OK),
    ("term", "6 months", "sentenced to undergo simple imprisonment for 6 months",
     {"term": DAYS}, OK),
    ("fine", "Rs. 5 lakh", "fine upto Rs. 5,00,000/-", {"fine": INR}, R.VALUE_BOUNDED),
    ("fine", "Rs. 5 lakh", "compensation not exceeding Rs. 5,00,000/-",
     {"fine": FieldDecl(T.MONEY, currency="INR", bound=B.AT_MOST)}, OK),
    ("deposit", "Rs. 5 lakh", "a deposit of not less than Rs. 5,00,000/-",
     {"deposit": FieldDecl(T.MONEY, currency="INR", bound=B.AT_LEAST)}, OK),
    # UK and EU
    ("fee", "£5,000", "fees of not more than £5,000 shall be payable", {"fee": GBP},
     R.VALUE_BOUNDED),
    ("fine", "EUR 20,000,000", "administrative fines up to EUR 20,000,000", {"fine": EUR},
     R.VALUE_BOUNDED),
    ("fine", "EUR 20,000,000", "administrative fines up to EUR 20,000,000",
     {"fine": FieldDecl(T.MONEY, currency="EUR", bound=B.AT_MOST)}, OK),
    # durations, rates, numbers, quantities
    ("notice", "30 days", "at least thirty (30) days' prior written notice",
     {"notice": DAYS}, R.VALUE_BOUNDED),
    ("notice", "30 days", "at least thirty (30) days' prior written notice",
     {"notice": FieldDecl(T.DURATION, bound=B.AT_LEAST)}, OK),
    ("notice", "30 days", "not less than 30 days' notice",
     {"notice": FieldDecl(T.DURATION, bound=B.AT_LEAST)}, OK),
    ("notice", "30 days", "deliver at least 95% of orders on time within 30 days",
     {"notice": DAYS}, OK),  # another figure stands between: the bound is the 95%'s
    ("rate", "18%", "interest at a rate not exceeding 18% per annum", {"rate": RATE},
     R.VALUE_BOUNDED),
    ("rate", "18%", "interest at a rate not exceeding 18% per annum",
     {"rate": FieldDecl(T.PERCENT, bound=B.AT_MOST)}, OK),
    ("rate", "18%", "interest at the rate of 18% per annum", {"rate": RATE}, OK),
    ("units", "500", "no more than 500 units", {"units": FieldDecl(T.NUMBER)},
     R.VALUE_BOUNDED),
    ("qty", "10 MT", "up to 10 MT of steel billets", {"qty": FieldDecl(T.QUANTITY)},
     R.VALUE_BOUNDED),
    ("qty", "10 MT", "up to 10 MT of steel billets",
     {"qty": FieldDecl(T.QUANTITY, bound=B.AT_MOST)}, OK),
    # an undeclared field is exact: "up to $X" is no exact X
    ("amount", "USD 5", "up to USD 5", {}, R.VALUE_BOUNDED),
    ("amount", "USD 5 million", "a sum exceeding USD 5 million", {}, R.VALUE_BOUNDED),
    ("amount", "Rs. 5 lakh", "compensation of Rs. 5 lakh", {}, OK),
    # "above", "over", "below", "under" bound the figure right after them, nothing else
    ("amount", "Rs. 5 lakh", "claims above Rs. 5 lakh lie before the State Commission", {},
     R.VALUE_BOUNDED),
    ("floor", "$2,000,000", "damages of over $2,000,000", MONEY, OK),
    ("fee", "$2,000,000", "damages of over $2,000,000", MONEY, R.VALUE_BOUNDED),
    ("cap", "$500", "purchases under $500 need no approval", MONEY, OK),
    ("fee", "$500", "purchases under $500 need no approval", MONEY, R.VALUE_BOUNDED),
    ("age", "18 years", "a person below 18 years of age", {"age": FieldDecl(T.DURATION)},
     R.VALUE_BOUNDED),
    ("cap", "$500", "the fee shall not be above $500", MONEY, OK),
    ("amount", "Rs. 5 lakh", "the accused handed over Rs. 5 lakh to the complainant", {}, OK),
    ("amount", "Rs. 5 lakh", "under the agreement Rs. 5 lakh was payable", {}, OK),
    ("fee", "$750", "a fee of $750 over the term", MONEY, OK),
]  # fmt: skip


@pytest.mark.parametrize("row", BOUNDS, ids=lambda row: f"{row[0]}:{row[2][:40]}")
def test_bounds(row: Row) -> None:
    _check(row)


def test_mentions_report_their_bound() -> None:
    quote = "a fee of $750, up to $1,000 for travel and at least $200 per diem"
    check = check_value("fee", "$750", quote, {"fee": USD})
    assert [(m.surface, m.bound) for m in check.mentions] == [
        ("$750", B.EXACT),
        ("$1,000", B.AT_MOST),
        ("$200 per diem", B.AT_LEAST),  # paid every day
    ]


@pytest.mark.parametrize(
    "quote",
    [
        "the fine of Rs. 5,000 imposed by the trial court is set aside",
        "the fine of Rs. 5,000 was reversed on appeal",
        "the award of Rs. 5,000 stands annulled",
        "the penalty of Rs. 5,000 is hereby withdrawn",
    ],
)
def test_an_order_set_aside_or_reversed_no_longer_states_its_sum(quote: str) -> None:
    fine = FieldDecl(T.MONEY, currency="INR", polarity=Polarity.AFFIRMATIVE)
    check = check_value("fine", "Rs. 5,000", quote, {"fine": fine})
    assert check.value_reason == R.NEGATED_IN_QUOTE, check.mentions
    kept = check_value("fine", "Rs. 5,000", "the fine of Rs. 5,000 is confirmed", {"fine": fine})
    assert kept.ok
    aside = check_value("fine", "Rs. 5,000", "Rs. 5,000 was kept aside", {"fine": fine})
    assert aside.ok  # "aside" alone is no negation


def test_a_bounds_negation_is_no_negated_clause() -> None:
    decl = FieldDecl(T.MONEY, currency="USD", bound=B.AT_MOST, polarity=Polarity.AFFIRMATIVE)
    check = check_value("cap", "$2,000,000", LIABILITY, {"cap": decl})
    assert check.ok and not check.mentions[0].negated
    paid = FieldDecl(T.MONEY, currency="USD", polarity=Polarity.AFFIRMATIVE)
    unpaid = check_value("paid", "$5,000", "the Customer has not paid $5,000", {"paid": paid})
    assert unpaid.value_reason == R.NEGATED_IN_QUOTE


_CEILINGS = ["up to", "upto", "not exceeding", "not to exceed", "shall not exceed",
             "capped at", "a cap of", "a maximum of", "max.", "no more than", "limited to",
             "a ceiling of", "not more than", "less than", "which may extend to"]  # fmt: skip
_FLOORS = ["not less than", "no less than", "at least", "a minimum of", "minimum",
           "a floor of", "more than", "in excess of"]  # fmt: skip


@SETTINGS
@given(
    phrase=st.sampled_from(_CEILINGS + _FLOORS),
    amount=st.integers(min_value=1, max_value=10**9),
)
def test_any_bound_phrase_bounds_any_amount(phrase: str, amount: int) -> None:
    bound = B.AT_MOST if phrase in _CEILINGS else B.AT_LEAST
    quote = f"the amount payable shall be {phrase} USD {amount:,}"
    value = f"${amount:,}"
    fields = {"exact": USD, "bounded": FieldDecl(T.MONEY, currency="USD", bound=bound)}
    assert check_value("bounded", value, quote, fields).ok
    assert check_value("exact", value, quote, fields).value_reason == R.VALUE_BOUNDED
    other = B.AT_LEAST if bound == B.AT_MOST else B.AT_MOST
    wrong = {"other": FieldDecl(T.MONEY, currency="USD", bound=other)}
    assert check_value("other", value, quote, wrong).value_reason == R.VALUE_BOUNDED


# --- names and roles ------------------------------------------------------------------


def _role(role: str, *roles: RoleWords) -> dict[str, FieldDecl]:
    return {"name": FieldDecl(T.NAME, role=role, roles=roles)}


ACCUSED, COMPLAINANT = _role("accused"), _role("complainant")
SPA_ROLES = (RoleWords("seller", ("vendor",)), RoleWords("buyer", ("purchaser",)))
UK_SPA = (
    "(1) KESTREL HOLDINGS LIMITED, a company incorporated and registered in England and Wales"
    ' (registered number 01234567) (the "Vendor"); and (2) FALCON BIDCO LIMITED (the'
    ' "Purchaser").'
)
UKSC = "Lord Reed, with whom Lady Black agrees, gave judgment for the Respondent, XYZ Holdings Ltd."
MSA = (
    "This Master Services Agreement is made between Acme Holdings, Inc., a Delaware "
    'corporation ("Customer"), and Beta Systems LLC, a New York limited liability company '
    '("Supplier").'
)
LEASE = 'John Doe (hereinafter "the Landlord") and Jane Roe (hereinafter "the Tenant")'
SPA = 'Y Ltd (the "Buyer") and Z plc (the "Seller")'
EMPLOYMENT = 'X Ltd (the "Company") and Mr John Smith (the "Executive")'
EXECUTIVE = (RoleWords("company", ("company",)), RoleWords("employee", ("executive",)))

ROLES: list[Row] = [
    # a label after the name binds it, and binds no other name
    ("name", "Acme Holdings, Inc.", MSA, _role("customer"), OK),
    ("name", "ACME HOLDINGS INC", MSA, _role("customer"), OK),
    ("name", "Beta Systems LLC", MSA, _role("customer"), R.ROLE_MISMATCH),
    ("name", "Beta Systems LLC", MSA, _role("supplier"), OK),
    ("name", "Acme Holdings Inc", MSA, _role("supplier"), R.ROLE_MISMATCH),
    ("name", "Y Ltd", SPA, _role("buyer"), OK),
    ("name", "Z plc", SPA, _role("buyer"), R.ROLE_MISMATCH),
    ("name", "Z plc", SPA, _role("seller"), OK),
    ("name", "Jane Roe", LEASE, _role("tenant"), OK),
    ("name", "John Doe", LEASE, _role("tenant"), R.ROLE_MISMATCH),
    ("name", "John Doe", LEASE, _role("landlord"), OK),
    ("name", "X Ltd", EMPLOYMENT, _role("company", *EXECUTIVE), OK),
    ("name", "John Smith", EMPLOYMENT, _role("company", *EXECUTIVE), R.ROLE_MISMATCH),
    ("name", "John Smith", EMPLOYMENT, _role("employee", *EXECUTIVE), OK),
    ("name", "Acme Inc.", 'Acme Inc. ("Licensor") grants to Beta LLC ("Licensee") a licence',
     _role("licensor"), OK),
    ("name", "Beta LLC", 'Acme Inc. ("Licensor") grants to Beta LLC a licence',
     _role("licensor"), R.ROLE_MISMATCH),
    ("name", "Acme Inc", ('IN WITNESS WHEREOF, Acme Inc. (the "Lender") has executed this '
     "Agreement"), _role("lender"), OK),
    # a label across "and" binds only when it names several
    ("name", "Y Ltd", 'Y Ltd and Z plc (the "Buyer")', _role("buyer"), R.ROLE_MISMATCH),
    ("name", "Z plc", 'Y Ltd and Z plc (the "Buyer")', _role("buyer"), OK),
    ("name", "Y Ltd", 'Y Ltd and Z plc (together the "Buyers")', _role("buyer"), OK),
    # Indian pleadings
    ("name", "Ramesh Kumar", "Ramesh Kumar (hereinafter referred to as the accused)",
     ACCUSED, OK),
    ("name", "Ramesh Kumar", ("Ramesh Kumar S/o Suresh Kumar (hereinafter referred to as "
     "'the accused')"), ACCUSED, OK),
    ("name", "Suresh Kumar", ("Ramesh Kumar S/o Suresh Kumar (hereinafter referred to as "
     "'the accused')"), ACCUSED, R.ROLE_MISMATCH),
    ("name", "National Insurance Co. Ltd.", ("The respondent No. 2, National Insurance Co. "
     "Ltd., being the insurer of the offending vehicle"), _role("respondent"), OK),
]  # fmt: skip

RELATIONS: list[Row] = [
    # relatives: s/o, d/o, w/o, son of, wife of
    ("name", "Ramesh Kumar", "the accused Ramesh Kumar s/o Suresh Kumar", ACCUSED, OK),
    ("name", "Suresh Kumar", "the accused Ramesh Kumar s/o Suresh Kumar", ACCUSED,
     R.ROLE_MISMATCH),
    ("name", "Suresh Kumar", ("the accused Ramesh Kumar S/o Late Shri Suresh Kumar, R/o "
     "Delhi"), ACCUSED, R.ROLE_MISMATCH),
    ("name", "Suresh Kumar", "Ramesh Kumar, son of Suresh Kumar, the accused herein",
     ACCUSED, R.ROLE_MISMATCH),
    ("name", "Ramesh Kumar", "Ramesh Kumar, son of Suresh Kumar, the accused herein",
     ACCUSED, OK),
    ("name", "Sunita Devi", "the accused Ramesh Kumar and his wife Sunita Devi", ACCUSED,
     R.ROLE_MISMATCH),
    ("name", "Mahesh", "the complainant's brother Mahesh deposed", COMPLAINANT,
     R.ROLE_MISMATCH),
    ("name", "रमेश", "अभियुक्त रमेश पुत्र सुरेश", _role("accused"), OK),
    ("name", "सुरेश", "अभियुक्त रमेश पुत्र सुरेश", _role("accused"), R.ROLE_MISMATCH),
    # counsel: "counsel for the accused" names a counsel, not the accused
    ("name", "A. Sharma", "Mr. A. Sharma, counsel for the accused", ACCUSED, R.ROLE_MISMATCH),
    ("name", "A. Sharma", ("Heard Mr. A. Sharma, learned counsel for the accused, and the APP "
     "for the State."), ACCUSED, R.ROLE_MISMATCH),
    ("name", "A. Sharma", "learned counsel for the accused Mr. A. Sharma submitted",
     ACCUSED, R.ROLE_MISMATCH),
    ("name", "A. Sharma", "Sh. A. Sharma, Advocate for the accused", ACCUSED,
     R.ROLE_MISMATCH),
    ("name", "Jane Roe", "Jane Roe, attorney for Plaintiff", _role("plaintiff"),
     R.ROLE_MISMATCH),
    ("name", "Jane Roe", "Plaintiff Jane Roe, by her attorneys Smith & Co.",
     _role("plaintiff"), OK),
    ("name", "Smith & Co.", "Plaintiff Jane Roe, by her attorneys Smith & Co.",
     _role("plaintiff"), R.ROLE_MISMATCH),
    # witnesses: PW-1, DW-2, "the witness"
    ("name", "Suresh Kumar", "the accused Ramesh Kumar was identified by PW-2 Suresh Kumar",
     ACCUSED, R.ROLE_MISMATCH),
    ("name", "Suresh Kumar", "the witness Suresh Kumar deposed that the accused fled",
     ACCUSED, R.ROLE_MISMATCH),
    ("name", "Suresh Kumar", "Suresh Kumar (PW-1) stated that the accused Ramesh fled",
     ACCUSED, R.ROLE_MISMATCH),
    ("name", "Ramesh", "Suresh Kumar (PW-1) stated that the accused Ramesh fled", ACCUSED, OK),
    ("name", "Mohan Lal", "DW-2 Mohan Lal deposed for the accused Ramesh", ACCUSED,
     R.ROLE_MISMATCH),
    # a party who is also a witness stays the party
    ("name", "Suresh Gupta", "PW-1 Suresh Gupta, the complainant, deposed", COMPLAINANT, OK),
    ("name", "Suresh Gupta", "the complainant Suresh Gupta (PW-1) deposed", COMPLAINANT, OK),
    ("name", "Suresh Gupta", "the complainant (PW-1) Suresh Gupta deposed", COMPLAINANT, OK),
    # representatives
    ("name", "Shree Balaji Traders", ("M/s. Shree Balaji Traders, represented by its "
     "proprietor Ramesh Gupta, the complainant"), COMPLAINANT, OK),
    ("name", "Ramesh Gupta", ("M/s. Shree Balaji Traders, represented by its proprietor "
     "Ramesh Gupta, the complainant"), COMPLAINANT, R.ROLE_MISMATCH),
    # a party's description may hold its own "and": incorporated in England and Wales
    ("name", "Kestrel Holdings Limited", UK_SPA, _role("seller", *SPA_ROLES), OK),
    ("name", "Falcon Bidco Limited", UK_SPA, _role("seller", *SPA_ROLES), R.ROLE_MISMATCH),
    ("name", "Falcon Bidco Limited", UK_SPA, _role("buyer", *SPA_ROLES), OK),
    ("name", "Acme Inc.", ('Acme Inc., a corporation organized and existing under the laws '
     'of Delaware ("Seller"), and Beta LLC ("Buyer")'), _role("seller"), OK),
    ("name", "Acme Inc.", ('Acme Inc., a Delaware corporation and Beta Ltd, a company '
     'registered in Scotland (the "Buyer")'), _role("buyer"), R.ROLE_MISMATCH),
    ("name", "Acme Ltd", ('Acme Ltd and Beta Ltd, each incorporated in England and Wales '
     '(the "Buyer")'), _role("buyer"), R.ROLE_MISMATCH),
    # judges: a title before the name or a judge's letters after it; a label still binds
    ("name", "Lord Reed", UKSC, _role("respondent"), R.ROLE_MISMATCH),
    ("name", "Lady Black", UKSC, _role("respondent"), R.ROLE_MISMATCH),
    ("name", "Black", UKSC, _role("respondent"), R.ROLE_MISMATCH),
    ("name", "XYZ Holdings Ltd", UKSC, _role("respondent"), OK),
    ("name", "Fraser", "Fraser J dismissed the appeal of the appellant, Mr Kumar",
     _role("appellant"), R.ROLE_MISMATCH),
    ("name", "Kumar", "Fraser J dismissed the appeal of the appellant, Mr Kumar",
     _role("appellant"), OK),
    ("name", "Roberts", "Roberts, C.J., delivered the opinion for the appellant John Smith",
     _role("appellant"), R.ROLE_MISMATCH),
    ("name", "Rakoff", "Judge Rakoff granted the motion of the plaintiff Michael J. Fox",
     _role("plaintiff"), R.ROLE_MISMATCH),
    ("name", "Michael J. Fox", "Judge Rakoff granted the motion of the plaintiff Michael J. Fox",
     _role("plaintiff"), OK),
    ("name", "Lord Ashcroft", 'Lord Ashcroft (the "Appellant") v HMRC (the "Respondent")',
     _role("appellant"), OK),
]  # fmt: skip


@pytest.mark.parametrize("row", ROLES + RELATIONS, ids=lambda row: f"{row[1]}:{row[2][:40]}")
def test_names_and_roles(row: Row) -> None:
    _check(row)


@pytest.mark.parametrize(
    ("quote", "value", "hint"),
    [
        ("the accused Ramesh Kumar s/o Suresh Kumar", "Suresh Kumar", "a relative"),
        ("Mr. A. Sharma, counsel for the accused", "A. Sharma", "counsel for a party"),
        ("PW-2 Suresh Kumar identified the accused", "Suresh Kumar", "a witness"),
        ("X Ltd, represented by its director Y, the accused", "Y", "a party's representative"),
        ("Lord Reed gave judgment for the accused", "Lord Reed", "a judge"),
    ],
)
def test_role_mismatch_names_who_the_person_is(quote: str, value: str, hint: str) -> None:
    check = check_value("name", value, quote, ACCUSED)
    assert check.value_reason == R.ROLE_MISMATCH and check.hint.startswith(hint), check.hint


_NAMES = ["Ramesh Kumar", "Suresh Gupta", "Anita Rao", "Mohan Lal", "Jane Roe", "John Doe"]
_KIN = ["s/o", "d/o", "w/o", "son of", "daughter of", "wife of", "husband of", "S/o Late"]


@SETTINGS
@given(names=st.permutations(_NAMES), kin=st.sampled_from(_KIN))
def test_the_relative_is_never_the_party(names: list[str], kin: str) -> None:
    party, relative = names[0], names[1]
    quote = f"the accused {party} {kin} {relative}, resident of Pune"
    assert check_value("name", party, quote, ACCUSED).ok
    assert check_value("name", relative, quote, ACCUSED).value_reason == R.ROLE_MISMATCH


_LABELS = [("customer", "Customer"), ("supplier", "Supplier"), ("buyer", "Purchaser"),
           ("tenant", "Lessee"), ("landlord", "Lessor"), ("borrower", "Borrower"),
           ("lender", "Lender"), ("licensee", "Licensee"), ("insured", "Policyholder"),
           ("carrier", "Carrier"), ("shipper", "Shipper"), ("consignee", "Consignee"),
           ("guarantor", "Guarantor"), ("employer", "Employer"),
           ("processor", "Processor")]  # fmt: skip


@SETTINGS
@given(names=st.permutations(_NAMES), labels=st.permutations(_LABELS))
def test_a_label_binds_the_name_before_it(names: list[str], labels: list[tuple[str, str]]) -> None:
    (first_role, first_label), (second_role, second_label) = labels[0], labels[1]
    quote = (
        f'{names[0]}, of London ("{first_label}"), and {names[1]}, of Paris (the "{second_label}")'
    )
    assert check_value("name", names[0], quote, _role(first_role)).ok
    assert check_value("name", names[1], quote, _role(second_role)).ok
    wrong = check_value("name", names[1], quote, _role(first_role))
    assert wrong.value_reason == R.ROLE_MISMATCH


# --- identifiers ----------------------------------------------------------------------


def _ids(**cues: str) -> dict[str, FieldDecl]:
    return {field: FieldDecl(T.IDENTIFIER, cues=(cue,)) for field, cue in cues.items()}


SHIPPING = _ids(bl="B/L No.", booking="Booking No.")
BILL = "B/L No. MAEU123456789 issued against Booking No. 987654321 for 4 containers"
INVOICING = _ids(invoice="Invoice No.", po="PO")
INVOICE = "Invoice No. INV-2024-0042 against PO No. 4500012345 dated 03/04/2024"
INSURANCE = _ids(policy="Policy No.", claim="Claim No.")
CLAIM = "Claim No. CLM/2024/7781 under Policy No. P-00981234 was repudiated"
PLAIN = {"id": FieldDecl(T.IDENTIFIER)}
CHEQUE = {"cheque_number": FieldDecl(T.IDENTIFIER)}

IDENTIFIERS: list[Row] = [
    # the field's cues choose among the identifiers the quote labels
    ("bl", "MAEU123456789", BILL, SHIPPING, OK),
    ("bl", "maeu 123456789", BILL, SHIPPING, OK),
    ("bl", "987654321", BILL, SHIPPING, R.LABEL_MISMATCH),
    ("booking", "987654321", BILL, SHIPPING, OK),
    ("booking", "MAEU123456789", BILL, SHIPPING, R.LABEL_MISMATCH),
    ("bl", "987654321", BILL, {"bl": SHIPPING["bl"]}, R.LABEL_MISMATCH),
    ("invoice", "INV-2024-0042", INVOICE, INVOICING, OK),
    ("invoice", "4500012345", INVOICE, INVOICING, R.LABEL_MISMATCH),
    ("po", "4500012345", INVOICE, INVOICING, OK),
    ("policy", "P-00981234", CLAIM, INSURANCE, OK),
    ("policy", "CLM/2024/7781", CLAIM, INSURANCE, R.LABEL_MISMATCH),
    ("claim", "CLM/2024/7781", CLAIM, INSURANCE, OK),
    ("container", "MSCU1234567", "container # MSCU1234567 sealed with seal # 778812",
     _ids(container="container"), OK),
    ("container", "778812", "container # MSCU1234567 sealed with seal # 778812",
     _ids(container="container"), R.LABEL_MISMATCH),
    ("vehicle", "1234567", "vehicle No. MH 38 EX 0403 and insurance policy No. 1234567",
     _ids(vehicle="vehicle"), R.LABEL_MISMATCH),
    ("vehicle", "MH-38-EX-0403", ("vehicle No. MH 38 EX 0403 and insurance policy No. "
     "1234567"), _ids(vehicle="vehicle"), OK),
    # no cue and more than one candidate: ambiguous; one candidate: stated
    ("id", "MAEU123456789", BILL, PLAIN, R.AMBIGUOUS_QUOTE),
    ("id", "MAEU123456789", "B/L No. MAEU123456789 dated 12 March 2024", PLAIN, OK),
    ("id", "IBAN DE89370400440532013000", "IBAN: DE89370400440532013000, BIC: COBADEFFXXX",
     PLAIN, OK),  # BIC has no digit: no candidate
    ("cheque_number", "705106", ("Accused No. 1 issued cheque No. 705106 drawn on SBI, A/c "
     "No. 30012345678"), CHEQUE, R.AMBIGUOUS_QUOTE),
    ("cheque_number", "705106", ("the cheque bearing 705106, Invoice No. 2211 and Invoice No. "
     "2212"), CHEQUE, R.AMBIGUOUS_QUOTE),
    # numbered parties and parts of a document, and case numbers, are no candidates
    ("cheque_number", "705106", "Accused No. 1 issued cheque No. 705106 drawn on SBI",
     CHEQUE, OK),
    ("cheque_number", "705106", ("as stated in para No. 4 and Exhibit No. 7, cheque No. "
     "705106 was dishonoured"), CHEQUE, OK),
    ("cheque_number", "705106", ("In C.C. No. 1234/2023, the accused issued cheque No. "
     "705106 dated 12.03.2024"), CHEQUE, OK),
    # whole tokens still: a value cut short is not the quote's identifier
    ("cheque_number", "05106", "cheque No. 705106 dated 12.03.2024", CHEQUE,
     R.VALUE_NOT_IN_QUOTE),
    # groups printed a space apart are one identifier, written with or without the spaces;
    # some of the groups are the identifier cut short
    ("id", "DE89370400440532013000", "IBAN: DE89 3704 0044 0532 0130 00, BIC: COBADEFFXXX",
     PLAIN, OK),
    ("id", "DE89 3704 0044 0532 0130 00", "IBAN: DE89370400440532013000", PLAIN, OK),
    ("id", "DE89370400440532013001", "IBAN: DE89 3704 0044 0532 0130 00", PLAIN,
     R.VALUE_NOT_IN_QUOTE),
    ("id", "DE8937040044", "IBAN: DE89 3704 0044 0532 0130 00, BIC: COBADEFFXXX", PLAIN,
     R.VALUE_NOT_IN_QUOTE),
    ("id", "3704 0044 0532 0130 00", "IBAN: DE89 3704 0044 0532 0130 00", PLAIN,
     R.VALUE_NOT_IN_QUOTE),
    ("id", "GB29 NWBK", "IBAN GB29 NWBK 6016 1331 9268 19", PLAIN, R.VALUE_NOT_IN_QUOTE),
    ("id", "DE123456789", "USt-IdNr.: DE 123 456 789", PLAIN, OK),
    ("id", "GB123456789", "VAT Reg. No. GB 123 4567 89", PLAIN, OK),
    ("id", "GB123456780", "VAT Reg. No. GB 123 4567 89", PLAIN, R.VALUE_NOT_IN_QUOTE),
    ("id", "452", "Survey No. 45/2", PLAIN, R.VALUE_NOT_IN_QUOTE),  # a slash still parts
]  # fmt: skip


@pytest.mark.parametrize("row", IDENTIFIERS, ids=lambda row: f"{row[0]}:{row[1]}:{row[2][:30]}")
def test_identifier_cues(row: Row) -> None:
    _check(row)


_LABELS_ID = ["Invoice No.", "PO No.", "Policy No.", "Claim No.", "Booking No.", "B/L No.",
              "Order #", "AWB No.", "Container No."]  # fmt: skip


@SETTINGS
@given(
    labels=st.permutations(_LABELS_ID),
    numbers=st.lists(
        st.integers(min_value=10**5, max_value=10**10), min_size=2, max_size=2, unique=True
    ),
)
def test_cues_choose_among_labelled_identifiers(labels: list[str], numbers: list[int]) -> None:
    left, right = labels[0], labels[1]
    quote = f"{left} {numbers[0]} is issued against {right} {numbers[1]}."
    fields = _ids(first=left, second=right)
    assert check_value("first", str(numbers[0]), quote, fields).ok
    assert check_value("second", str(numbers[1]), quote, fields).ok
    assert check_value("first", str(numbers[1]), quote, fields).value_reason == (R.LABEL_MISMATCH)
    assert check_value("id", str(numbers[0]), quote, PLAIN).value_reason == R.AMBIGUOUS_QUOTE


# --- cues -----------------------------------------------------------------------------

COMPENSATION = {"compensation": FieldDecl(T.MONEY, currency="INR", cues=("compensation",))}
PAID_AS = (
    "Rs. 5.5 lakh shall be paid by the accused to the complainant as compensation, and the "
    "remaining Rs. 10,000 shall be remitted to the State."
)
SHARES = COMPENSATION | {"state": FieldDecl(T.MONEY, currency="INR", cues=("remitted",))}
AS_FINE = "Rs. 5.5 lakh shall be paid to the complainant as compensation, Rs. 10,000 as fine"
FINES = COMPENSATION | {"fine": FieldDecl(T.MONEY, currency="INR", cues=("fine",))}
AS_CONSIDERATION = (
    "As consideration for the Services, Customer shall pay Supplier $120,000, and a deposit "
    "of $10,000."
)
CONSIDERATION = {
    "fee": FieldDecl(T.MONEY, currency="USD", cues=("consideration",)),
    "deposit": FieldDecl(T.MONEY, currency="USD", cues=("deposit",)),
}
SUMS = {
    "sum": FieldDecl(T.MONEY, currency="INR", cues=("sum of",)),
    "offer": FieldDecl(T.MONEY, currency="INR", cues=("offer",)),
}
OFFERED = "the sum offered was Rs. 500, and the sum of Rs. 700 was paid"
TIED = {
    "cheque": FieldDecl(T.MONEY, currency="INR", cues=("cheque amount",)),
    "other": FieldDecl(T.MONEY, currency="INR", cues=("amount",)),
}
TIE = "the cheque amount of Rs. 500 and costs of Rs. 700"
SPENT = {
    "paid": FieldDecl(T.MONEY, currency="INR", cues=("amount paid",)),
    "due": FieldDecl(T.MONEY, currency="INR", cues=("amount",)),
}
GBP_FEES = {"fee": FieldDecl(T.MONEY, currency="GBP", cues=("licence fee",))}

CUES: list[Row] = [
    # a cue after its mention ("... as compensation") and not across "and"
    ("compensation", "5.5 lakh", PAID_AS, COMPENSATION, OK),
    ("compensation", "Rs. 5,50,000", PAID_AS, COMPENSATION, OK),
    ("compensation", "Rs. 10,000", PAID_AS, COMPENSATION, R.LABEL_MISMATCH),
    ("compensation", "5.5 lakh", PAID_AS, SHARES, OK),
    ("state", "10,000", PAID_AS, SHARES, OK),
    ("state", "5.5 lakh", PAID_AS, SHARES, R.LABEL_MISMATCH),
    ("compensation", "5.5 lakh", AS_FINE, FINES, OK),
    ("fine", "10,000", AS_FINE, FINES, OK),
    ("compensation", "10,000", AS_FINE, FINES, R.LABEL_MISMATCH),
    # "as" looks back only when a mention stands before it
    ("fee", "$120,000", AS_CONSIDERATION, CONSIDERATION, OK),
    ("fee", "$10,000", AS_CONSIDERATION, CONSIDERATION, R.LABEL_MISMATCH),
    ("deposit", "$10,000", AS_CONSIDERATION, CONSIDERATION, OK),
    # a tie between two fields' cues goes to neither
    ("cheque", "Rs. 500", TIE, TIED, R.AMBIGUOUS_QUOTE),
    ("other", "Rs. 500", TIE, TIED, R.AMBIGUOUS_QUOTE),
    ("cheque", "Rs. 500", "the amount Rs. 500 and Rs. 700",
     {"cheque": TIED["other"], "other": TIED["other"]}, R.AMBIGUOUS_QUOTE),
    # ... and spends both cues: neither reaches on to the mention behind it
    ("cheque", "Rs. 700", "Rs. 700 cheque amount Rs. 500", TIED, R.AMBIGUOUS_QUOTE),
    ("other", "Rs. 700", "Rs. 700 cheque amount Rs. 500", TIED, R.AMBIGUOUS_QUOTE),
    ("cheque", "Rs. 500", "Rs. 700 cheque amount Rs. 500", TIED, R.AMBIGUOUS_QUOTE),
    # ... but a cue spent on a nearer mention is no rival for a tie: "amount paid" owns
    # Rs. 700 first, so "amount" alone owns Rs. 500, where both stand equally near
    ("due", "Rs. 500", "Rs. 500 amount paid Rs. 700", SPENT, OK),
    ("paid", "Rs. 700", "Rs. 500 amount paid Rs. 700", SPENT, OK),
    ("paid", "Rs. 500", "Rs. 500 amount paid Rs. 700", SPENT, R.LABEL_MISMATCH),
    # whole words: "sum of" is not in "sum offered"
    ("sum", "Rs. 700", OFFERED, SUMS, OK),
    ("sum", "Rs. 500", OFFERED, SUMS, R.LABEL_MISMATCH),
    ("offer", "Rs. 500", OFFERED, SUMS, OK),
    # a cue of five letters or more finds its other forms, not another word
    ("dishonour", "18.03.2024", "presentation on 15.03.2024, dishonour on 18.03.2024",
     {"dishonour": FieldDecl(T.DATE, cues=("dishonoured",)),
      "presentation": FieldDecl(T.DATE, cues=("presentation",))}, OK),
    ("presented", "15.03.2024", ("the cheque was presenting on 15.03.2024 and dishonoured on "
     "18.03.2024"), {"presented": FieldDecl(T.DATE, cues=("presented",))}, OK),
    ("penalty", "Rs. 500", "penalties of Rs. 500 and interest of Rs. 700",
     {"penalty": FieldDecl(T.MONEY, currency="INR", cues=("penalty",))}, OK),
    ("claim", "15.03.2024", ("the claimant filed on 15.03.2024; the claim was decided on "
     "18.03.2024"), {"claim": FieldDecl(T.DATE, cues=("claim",))}, R.LABEL_MISMATCH),
    ("claim", "18.03.2024", ("the claimant filed on 15.03.2024; the claim was decided on "
     "18.03.2024"), {"claim": FieldDecl(T.DATE, cues=("claim",))}, OK),
    ("fee", "£1,200", "the licence fees of £1,200 and a deposit of £400", GBP_FEES, OK),
    ("fee", "£400", "the licence fees of £1,200 and a deposit of £400", GBP_FEES,
     R.LABEL_MISMATCH),
]  # fmt: skip


@pytest.mark.parametrize("row", CUES, ids=lambda row: f"{row[0]}:{row[1]}:{row[2][:30]}")
def test_cue_rules(row: Row) -> None:
    _check(row)


_FORMS = [("dishonour", "dishonoured"), ("dishonour", "dishonouring"), ("present", "presented"),
          ("presented", "presents"), ("deliver", "delivered"), ("deliver", "delivery"),
          ("penalty", "penalties"), ("notice", "noticed"), ("commit", "committed"),
          ("charge", "charges"), ("agree", "agreed"), ("process", "processed")]  # fmt: skip
_OTHER_WORDS = [("claim", "claimant"), ("deposit", "deposition"), ("sum", "summons"),
                ("sum", "summary"), ("dated", "date"), ("state", "statement"),
                ("charge", "chargesheet")]  # fmt: skip


@SETTINGS
@given(pair=st.sampled_from(_FORMS), amount=st.integers(min_value=1, max_value=10**7))
def test_a_long_cue_finds_its_other_forms(pair: tuple[str, str], amount: int) -> None:
    cue, word = pair
    fields = {
        "mine": FieldDecl(T.MONEY, currency="INR", cues=(cue,)),
        "other": FieldDecl(T.MONEY, currency="INR", cues=("remainder",)),
    }
    quote = f"{word} Rs. {amount + 1}; and the remainder Rs. {amount}"
    assert check_value("mine", f"Rs. {amount + 1}", quote, fields).ok
    assert check_value("mine", f"Rs. {amount}", quote, fields).value_reason == (R.LABEL_MISMATCH)


@pytest.mark.parametrize(("cue", "word"), _OTHER_WORDS)
def test_a_cue_does_not_find_another_word(cue: str, word: str) -> None:
    fields = {"mine": FieldDecl(T.MONEY, currency="INR", cues=(cue,))}
    quote = f"the {word} Rs. 500 and later Rs. 700"
    assert check_value("mine", "Rs. 500", quote, fields).value_reason == R.AMBIGUOUS_QUOTE


def test_a_cue_never_reaches_across_a_semicolon() -> None:
    """A statement's items, each with its own cue: "destination" labels the A$ amount
    after it, never the S$ one before the ";" (a clause the cue does not stand in)."""
    fields = {
        "destination": FieldDecl(T.MONEY, currency="AUD", cues=("destination",)),
        "customs": FieldDecl(T.MONEY, currency="CAD", cues=("customs",)),
    }
    quote = (
        "ocean freight S$36,870.33; destination charges A$1,262.30; customs clearance"
        " C$1,313.87; port dues"
    )
    right = check_value("destination", "AUD 1,262.30", quote, fields, locale="en-US")
    assert right.ok, (right.hint, right.mentions)
    assert [m.field for m in right.mentions] == [None, "destination", "customs"]
    wrong = check_value("destination", "CAD 1,313.87", quote, fields, locale="en-US")
    assert not wrong.ok


def test_a_cue_that_is_the_mentions_own_noun_labels_it() -> None:
    """A count noun as the cue ("containers") labels the count it is the noun of."""
    fields = {
        "containers": FieldDecl(T.QUANTITY, cues=("containers",)),
        "pallets": FieldDecl(T.QUANTITY, cues=("pallets",)),
    }
    quote = "9 containers (40' high cube) said to contain 26 pallets of ceramic tiles"
    assert check_value("containers", "9 Containers", quote, fields).ok
    assert check_value("pallets", "twenty-six pallets", quote, fields).ok
    assert not check_value("containers", "26 containers", quote, fields).ok


JUDGMENT = (
    "Mr Thornton KC, instructed by Nakamura LLP, appeared for the Petitioner, Crescent"
    " Therapeutics Ltd; the Respondent, Pablo Mendoza, appeared in person."
)
HEARING = (
    "Sri Kavitha Reddy, learned counsel for the defendant, and Smt. Arvind Kulkarni, learned"
    " counsel for the plaintiff Meenakshi Sundaram, were heard on 26.03.2019."
)
# One counsel's name twice, for each side: neither is the plaintiff, however near the
# plaintiff's word stands to the second.
APPEARANCES = (
    "Amelia Brennan of Caldwell & Fitzgerald LLP appeared as counsel for Lead Plaintiff Camille"
    " Carrington, and Amelia Brennan of Hartley LLP appeared for Defendant Silverline Networks."
)


@pytest.mark.parametrize(
    ("role", "value", "quote", "reason"),
    [
        # A name in apposition after the role word of "counsel for the plaintiff" is the
        # party's; the counsel's own name, and the solicitors instructing, are not.
        ("petitioner", "Crescent Therapeutics Ltd", JUDGMENT, None),
        ("petitioner", "Thornton", JUDGMENT, R.ROLE_MISMATCH),
        ("petitioner", "Thornton KC", JUDGMENT, R.ROLE_MISMATCH),
        ("petitioner", "Jane Roe", "Jane Roe, Esq., for the Petitioner", R.ROLE_MISMATCH),
        ("petitioner", "Nakamura LLP", JUDGMENT, R.ROLE_MISMATCH),
        ("respondent", "Pablo Mendoza", JUDGMENT, None),
        ("plaintiff", "Meenakshi Sundaram", HEARING, None),
        ("plaintiff", "Arvind Kulkarni", HEARING, R.ROLE_MISMATCH),
        ("defendant", "Kavitha Reddy", HEARING, R.ROLE_MISMATCH),
        ("plaintiff", "Amelia Brennan", APPEARANCES, R.ROLE_MISMATCH),
        ("plaintiff", "Camille Carrington", APPEARANCES, None),
        ("defendant", "Silverline Networks", APPEARANCES, None),
        ("plaintiff", "John Doe", "Mr. John Doe appeared for the Plaintiff.", R.ROLE_MISMATCH),
        (
            "plaintiff",
            "John Doe",
            "John Doe, appearing on behalf of the Plaintiff",
            R.ROLE_MISMATCH,
        ),
        # An honorific after "counsel for the accused" may begin the counsel's own name:
        # it is never taken for the party's.
        (
            "accused",
            "A. Sharma",
            "learned counsel for the accused Mr. A. Sharma argued",
            R.ROLE_MISMATCH,
        ),
    ],
)
def test_a_name_in_apposition_after_a_counsels_party(
    role: str, value: str, quote: str, reason: R | None
) -> None:
    fields = {"who": FieldDecl(T.NAME, role=role)}
    check = check_value("who", value, quote, fields)
    assert check.value_reason == reason, (check.hint, check.mentions)


def test_an_exact_cue_wins_a_tie_with_another_form() -> None:
    """ "Net amount" at "Net amount" beats "amounting" at the same word "amount": a cue in
    another form of its word loses a tie with one written as it is."""
    fields = {
        "net": FieldDecl(T.MONEY, currency="USD", cues=("Net amount",)),
        "line": FieldDecl(T.MONEY, currency="USD", cues=("amounting",)),
        "total": FieldDecl(T.MONEY, currency="USD", cues=("Total",)),
    }
    quote = "Net amount $5,224.59 + Sales tax 6% $313.48 = Total $5,538.07"
    assert check_value("net", "USD 5,224.59", quote, fields, locale="en-US").ok
    wrong = check_value("net", "USD 5,538.07", quote, fields, locale="en-US")
    assert wrong.value_reason == R.LABEL_MISMATCH
