"""The identifiers a quote labels: the candidates an identifier value is scoped among.

An identifier stands where its value's words stand (words.py); which identifier of the
quote it is, when the quote labels several ("B/L No. MAEU123456789 ... Booking No.
987654321"; "Invoice No." beside "PO No."; "Policy No." beside "Claim No."), the field's
cues decide, as for the other types. A labelled identifier is one whole-token word with a
digit (or an upper-case code of up to four letters before one: "MH 38 EX 0403") after

- "No.", "Nos.", "Number", "#" (whatever the label before it: "B/L No.", "Invoice #"),
  unless the word before "No." numbers a party or a part of a document ("Accused No. 2",
  "Respondent No. 1", "Exhibit No. 5", "Page No. 4", "Sl. No. 3"): those are no things;
- a known label word (GSTIN, PAN, IBAN, VIN, Cheque, Policy, Container, ...) followed by
  ":" or "#", or directly by a word that looks like an identifier (letters and digits,
  a ``/`` or ``-`` inside, a leading zero, or four digits or more: "cheque 705106").

It runs on through the words that follow it with nothing but spaces between while each
holds a digit or is an upper-case code ("A/c No. 1234 5678 9012").
"""

from __future__ import annotations

from functools import lru_cache

from sakshi.values.found import Found
from sakshi.values.tokens import Token
from sakshi.values.words import ID_LABELS, LABEL_ENDS, IdentifierReading, Word, quote_ids

__all__ = ["identifier_slots"]

# Before "No.", these number a party, a witness or a part of a document, not a thing.
_NUMBERING = frozenset(
    {
        "accused", "respondent", "respondents", "petitioner", "petitioners", "appellant",
        "appellants", "plaintiff", "plaintiffs", "defendant", "defendants", "complainant",
        "claimant", "witness", "pw", "dw", "cw", "party", "parties", "exhibit", "exhibits",
        "ex", "item", "items", "sl", "s", "page", "pages", "para", "paragraph", "paragraphs",
        "clause", "clauses", "annexure", "annexures", "schedule", "issue", "issues", "point",
        "points", "ground", "grounds", "row", "table", "figure", "fig", "rule", "rules",
        "section", "sec", "article", "art", "chapter", "part", "vol", "volume", "entry",
        "court", "room", "hall", "step", "stage",
    }
)  # fmt: skip
_CODE_LETTERS = 4  # an upper-case code inside an identifier ("MH", "EX") is this long at most
_LONGEST = 8  # words in one identifier, at most


def _has_digit(text: str) -> bool:
    return any(map(str.isdigit, text))


def _looks_like_id(text: str) -> bool:
    digits = sum(ch.isdigit() for ch in text)
    mixed = digits and (any(ch.isalpha() for ch in text) or "/" in text or "-" in text)
    return bool(mixed) or digits >= 4 or (digits > 1 and text[0] == "0")


def _code(quote: str, tokens: tuple[Token, ...], word: Word) -> bool:
    """Whether the word is an upper-case code of a few letters ("MH", "EX", "KA")."""
    surface = quote[tokens[word.first].start : tokens[word.end - 1].end]
    return word.text.isalpha() and len(surface) <= _CODE_LETTERS and surface.isupper()


def _part(quote: str, tokens: tuple[Token, ...], word: Word) -> bool:
    return _has_digit(word.text) or _code(quote, tokens, word)


def _labels(words: tuple[Word, ...], number: int, marks: str) -> bool:
    """Whether word ``number`` stands just after a label (``marks``: the marks between)."""
    if "#" in marks:
        return True
    if number == 0:
        return False
    label = words[number - 1].text
    if label in LABEL_ENDS:
        return number < 2 or words[number - 2].text not in _NUMBERING
    return label in ID_LABELS and (":" in marks or _looks_like_id(words[number].text))


def _run(quote: str, tokens: tuple[Token, ...], words: tuple[Word, ...], number: int) -> int:
    """The end of the identifier that begins at word ``number``: the words after it with
    nothing but spaces between, each with a digit or an upper-case code."""
    end = number + 1
    while (
        end < len(words)
        and end - number < _LONGEST
        and words[end].first == words[end - 1].end
        and _part(quote, tokens, words[end])
    ):
        end += 1
    return end


@lru_cache(maxsize=4096)
def identifier_slots(quote: str) -> tuple[Found, ...]:
    """Each identifier the quote labels, in order, read as its words after the label."""
    tokens, words, _, _ = quote_ids(quote)
    hashed = "#" in quote
    slots: list[Found] = []
    number = 0
    while number < len(words):
        word = words[number]
        label = words[number - 1].text if number else ""
        if not (hashed or label in LABEL_ENDS or label in ID_LABELS):
            number += 1  # no label before it: the common case, decided without slicing
            continue
        before = tokens[words[number - 1].end - 1].end if number else 0
        marks = "".join(quote[before : tokens[word.first].start].split())
        if not _part(quote, tokens, word) or not _labels(words, number, marks):
            number += 1
            continue
        end = _run(quote, tokens, words, number)
        run = words[number:end]
        if any(_has_digit(part.text) for part in run):
            first, last = run[0].first, run[-1].end
            reading = IdentifierReading(tuple(part.text for part in run))
            slots.append(Found(first, last, tokens[first].start, tokens[last - 1].end, reading))
        number = end
    return tuple(slots)
