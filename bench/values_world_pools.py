"""Names and draws for the US, UK and EU families of the values corpus (seeded).

Names are put together from parts (a first name and a surname, two words and a legal form),
so that a large build draws thousands of different parties and its quotes do not repeat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

__all__ = [
    "CITIES_EU",
    "CITIES_UK",
    "CITIES_US",
    "US_STATES",
    "cents",
    "company",
    "distinct",
    "person",
]

FIRST = (
    "James",
    "Maria",
    "Robert",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Susan",
    "Richard",
    "Jessica",
    "Thomas",
    "Sarah",
    "Daniel",
    "Karen",
    "Matthew",
    "Nancy",
    "Anthony",
    "Lisa",
    "Mark",
    "Emily",
    "Oliver",
    "Charlotte",
    "Harry",
    "Amelia",
    "George",
    "Isla",
    "Noah",
    "Sophie",
    "Lukas",
    "Hannah",
    "Pierre",
    "Camille",
    "Matteo",
    "Giulia",
    "Pablo",
    "Lucia",
    "Sven",
    "Ingrid",
)
SURNAMES = (
    "Anderson",
    "Whitfield",
    "Castillo",
    "Okafor",
    "Brennan",
    "Lindqvist",
    "Harrington",
    "Moreau",
    "Kowalski",
    "Fitzgerald",
    "Delgado",
    "Nakamura",
    "Ashworth",
    "Schneider",
    "Pemberton",
    "Rossi",
    "Thornton",
    "Vasquez",
    "Holloway",
    "Becker",
    "Gallagher",
    "Dubois",
    "Sinclair",
    "Novak",
    "Carrington",
    "Lambert",
    "Mendoza",
    "Hartley",
    "Jensen",
    "Prescott",
    "Bianchi",
    "Eriksen",
    "Caldwell",
    "Fischer",
    "Langford",
    "Oyelaran",
    "Whitaker",
    "Marchetti",
    "Kessler",
    "Donovan",
)
_STEMS = (
    "Northwind",
    "Bluefin",
    "Harborview",
    "Cedarline",
    "Summit Ridge",
    "Ironwood",
    "Silverline",
    "Granite Peak",
    "Meridian",
    "Lakeshore",
    "Redwood",
    "Crescent",
    "Beacon Hill",
    "Pinnacle",
    "Evergreen",
    "Keystone",
    "Riverbend",
    "Oakmont",
    "Brightwater",
    "Stonebridge",
    "Highland",
    "Westgate",
    "Fairview",
    "Clearwater",
    "Ashford",
    "Kingsley",
    "Whitmore",
    "Halcyon",
    "Larkspur",
    "Copperfield",
    "Tidewater",
    "Falconer",
    "Marlowe",
    "Sterling Bay",
    "Quarry Lane",
    "Juniper",
    "Arbor",
    "Windward",
)
_TRADES = (
    "Analytics",
    "Logistics",
    "Software",
    "Health",
    "Capital",
    "Foods",
    "Robotics",
    "Energy",
    "Media",
    "Therapeutics",
    "Materials",
    "Systems",
    "Labs",
    "Networks",
    "Holdings",
    "Biosciences",
    "Industries",
    "Dynamics",
    "Semiconductors",
    "Marine",
    "Retail",
    "Payments",
    "Data",
    "Freight",
    "Pharma",
    "Instruments",
    "Textiles",
    "Foundry",
)
US_STATES = (
    "Delaware",
    "New York",
    "California",
    "Texas",
    "Illinois",
    "Georgia",
    "Washington",
    "Massachusetts",
    "Colorado",
    "North Carolina",
    "Florida",
    "Ohio",
    "Minnesota",
    "Virginia",
    "New Jersey",
    "Pennsylvania",
    "Arizona",
    "Oregon",
)
CITIES_US = (
    "Wilmington",
    "Manhattan",
    "San Francisco",
    "Austin",
    "Chicago",
    "Atlanta",
    "Seattle",
    "Boston",
    "Denver",
    "Charlotte",
    "Miami",
    "Columbus",
    "Minneapolis",
    "Richmond",
)
CITIES_UK = (
    "London",
    "Manchester",
    "Birmingham",
    "Leeds",
    "Bristol",
    "Glasgow",
    "Edinburgh",
    "Cardiff",
    "Liverpool",
    "Sheffield",
    "Nottingham",
    "Southampton",
)
CITIES_EU = (
    "Hamburg",
    "Munich",
    "Frankfurt am Main",
    "Düsseldorf",
    "Lyon",
    "Paris",
    "Marseille",
    "Zürich",
    "Basel",
    "Geneva",
    "Rotterdam",
    "Antwerp",
    "Milan",
    "Barcelona",
    "Dublin",
)


def person(rng: random.Random) -> str:
    """A first name and a surname."""
    return f"{rng.choice(FIRST)} {rng.choice(SURNAMES)}"


def company(rng: random.Random, *forms: str) -> tuple[str, str]:
    """(the company's name, its legal form): ("Northwind Analytics", ", Inc."): the full name
    is the two joined; a form that is a word comes after a space (" LLC", " GmbH")."""
    return f"{rng.choice(_STEMS)} {rng.choice(_TRADES)}", rng.choice(forms)


def distinct(rng: random.Random, draw: Callable[[random.Random], str], count: int) -> list[str]:
    """``count`` different draws of ``draw``."""
    made: list[str] = []
    while len(made) < count:
        item = draw(rng)
        if item not in made:
            made.append(item)
    return made


def cents(rng: random.Random, low: int, high: int) -> Decimal:
    """An amount in [low, high) whose cents are not zero (so that 1.234,56 is no 1.234)."""
    hundredths = rng.randrange(low * 100, high * 100)
    return Decimal(hundredths + (1 if hundredths % 100 == 0 else 0)) / 100
