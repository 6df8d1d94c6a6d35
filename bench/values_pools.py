"""Names, places and draws the values corpus writes its passages from (seeded)."""

from __future__ import annotations

import datetime as dt
import random

__all__ = [
    "BANKS",
    "COMPANIES",
    "FIRMS",
    "INSURERS",
    "PERSONS",
    "PERSONS_HI",
    "PLACES",
    "amount",
    "day",
    "later",
    "other",
    "upper_or_plain",
]

PERSONS = (
    "Ramesh Kumar",
    "Suresh Babu",
    "Mohammed Irfan",
    "Lakshmi Narayanan",
    "Anil Kumar Sharma",
    "Priya Menon",
    "Gurpreet Singh",
    "Venkatesh Rao",
    "Sunita Devi",
    "Rajendra Prasad Yadav",
    "Kavitha Reddy",
    "Abdul Rahim",
    "Deepak Jain",
    "Harish Chandra Patil",
    "Meenakshi Sundaram",
    "Joseph Thomas",
    "Manjunath Gowda",
    "Farida Begum",
    "Arvind Kulkarni",
    "Shalini Iyer",
)
PERSONS_HI = (
    "रमेश कुमार",
    "सुनीता देवी",
    "राजेन्द्र प्रसाद यादव",
    "मोहम्मद इरफ़ान",
    "दीपक जैन",
    "अनिल कुमार शर्मा",
    "गुरप्रीत सिंह",
    "कविता शर्मा",
)
FIRMS = (
    "Shree Balaji Traders",
    "Sri Venkateshwara Agencies",
    "Maruti Steel Corporation",
    "Ganesh Enterprises",
    "Kaveri Agro Foods",
    "New India Cement Stores",
    "Sai Krishna Textiles",
    "Annapurna Rice Mills",
    "Mahalakshmi Hardware",
    "Bharat Electricals",
)
COMPANIES = (
    "Sri Lakshmi Infra Projects Pvt. Ltd.",
    "Deccan Polymers Pvt. Ltd.",
    "Vindhya Steels Private Limited",
    "Coromandel Agro Exports Pvt. Ltd.",
    "Shivam Buildcon Pvt. Ltd.",
    "Nilgiri Dairy Products Pvt. Ltd.",
    "Ashoka Logistics & Warehousing Pvt. Ltd.",
    "Malabar Spices Trading Company Pvt. Ltd.",
)
BANKS = (
    "State Bank of India",
    "Canara Bank",
    "HDFC Bank Ltd.",
    "Punjab National Bank",
    "ICICI Bank Ltd.",
    "Bank of Baroda",
    "Karnataka Bank Ltd.",
    "Union Bank of India",
)
INSURERS = (
    "The New India Assurance Co. Ltd.",
    "United India Insurance Co. Ltd.",
    "The Oriental Insurance Co. Ltd.",
    "National Insurance Co. Ltd.",
    "ICICI Lombard General Insurance Co. Ltd.",
)
PLACES = (
    "Bengaluru",
    "Mysuru",
    "Pune",
    "Jaipur",
    "Lucknow",
    "Coimbatore",
    "Hubballi",
    "Nagpur",
    "Indore",
    "Vijayawada",
)


def day(rng: random.Random, first: int = 2019, last: int = 2024, small: bool = False) -> dt.date:
    """A day of a year in [first, last]; ``small``: a day of the month that could also be a
    month (1-12), so that a day/month swap gives another real date."""
    year = rng.randint(first, last)
    month = rng.randint(1, 12)
    date = rng.randint(1, 12) if small else rng.randint(1, 28)
    return dt.date(year, month, date)


def later(rng: random.Random, start: dt.date, low: int, high: int) -> dt.date:
    """A day ``low`` to ``high`` days after ``start``."""
    return start + dt.timedelta(days=rng.randint(low, high))


def amount(rng: random.Random, low: int, high: int, step: int = 1000) -> int:
    """An amount in [low, high), a multiple of ``step``."""
    return rng.randrange(low // step, high // step) * step


def other(rng: random.Random, pool: tuple[str, ...], *taken: str) -> str:
    """A member of ``pool`` that is none of ``taken``."""
    return rng.choice([item for item in pool if item not in taken])


def upper_or_plain(rng: random.Random, name: str) -> str:
    """A name as a reader copies it: in capitals, or as written."""
    return name.upper() if rng.random() < 0.5 else name
