"""Count nouns: the things a quantity may count ("33 pallets", "4 containers", "2 tablets").

A count of a noun equals only a count of the same noun, singular or plural (``1 pallet``
is ``1 pallets``): never another noun, never a unit of measure, never a bare number of
another thing. A noun counts only when it is in this table, so that "33 of the accused",
"3 cases" or "5 paid" are no quantities (an open class of nouns would make every number
before a word a rival mention). No maintained registry lists them (pint counts nothing but
``count``), so this is sakshi's own table: packages and freight units as shipping
documents write them (after the UN/ECE package codes' common names), and the dosage forms
of medication instructions. A word that is also an everyday verb or noun after a number
("can", "case", "set", "bar") is left out, or taken in its plural only.
"""

from __future__ import annotations

__all__ = ["COUNT_NOUNS"]

_PACKAGES = (
    "pallet skid container carton crate box bag sack bale bundle drum coil roll reel package "
    "packet parcel pack bottle jar tin cans tray tote tub cylinder canister cask keg jerrycan "
    "ingot tube teu feu trailer wagon"
)
_DOSES = (
    "tablet capsule caplet pill lozenge sachet vial ampoule ampule syringe injection dose "
    "puff drop spray patch suppository pessary inhaler strip blister"
)


def _plural(noun: str) -> str:
    if noun.endswith("s"):
        return noun
    return noun + ("es" if noun.endswith(("x", "ch", "sh")) else "s")


# (singular, plural), each noun once; "cans" is taken in its plural only ("5 can be").
COUNT_NOUNS: tuple[tuple[str, str], ...] = tuple(
    (noun, _plural(noun)) for noun in f"{_PACKAGES} {_DOSES}".split()
)
