"""Identifiers, names and text: whole tokens, found in the quote as a contiguous run.

identifier  the label dropped ("Cheque No.", "GSTIN:", "Survey No."), compared without
            case, whole token only: ``05106`` is not in ``705106``, ``45`` is not ``45/2A``.
name, text  NFKC, case-folded, whitespace collapsed, honorifics and ``M/s`` dropped,
            ``Pvt.``/``Ltd.``/``Co.``/``&`` spelled out: "M/s. Shree Balaji Traders Pvt.
            Ltd." is "SHREE BALAJI TRADERS PRIVATE LIMITED".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from sakshi.reasons import ValueReason
from sakshi.values.found import Found, Reading, Refusal
from sakshi.values.tokens import Token, TokenKind, fold, is_mark, tokenize

__all__ = [
    "HONORIFICS",
    "ID_LABELS",
    "LABEL_ENDS",
    "IdentifierReading",
    "QuoteIds",
    "TextReading",
    "Word",
    "id_words",
    "identifier_mentions",
    "looks_like_identifier",
    "name_words",
    "quote_ids",
    "read_identifier",
    "read_text",
    "text_mentions",
]

_HONORIFICS = frozenset(
    fold(word)
    for word in (
        "mr", "mrs", "ms", "miss", "dr", "shri", "sri", "smt", "sh", "kumari", "kum", "messrs",
        "mx", "prof", "sir", "dame",
        "श्री", "श्रीमती", "सुश्री", "कुमारी", "डॉ",
    )
)  # fmt: skip
HONORIFICS = _HONORIFICS
_SPELLED = {
    "pvt": "private",
    "ltd": "limited",
    "co": "company",
    "corpn": "corporation",
    "corp": "corporation",
    "bros": "brothers",
    "&": "and",
}
_ID_JOINERS = frozenset("/-")


class Word(NamedTuple):
    """One word of a name or an identifier and its tokens ``first:end`` (a NamedTuple: a
    quote makes one per word, in a fraction of a frozen dataclass's time)."""

    text: str
    first: int
    end: int


def _is_ms(tokens: tuple[Token, ...], index: int) -> bool:
    """ "M/s" (a firm's honorific): m, a glued slash, a glued s."""
    return (
        tokens[index].text == "m"
        and is_mark(tokens, index + 1, "/", glued=True)
        and index + 2 < len(tokens)
        and tokens[index + 2].text == "s"
        and tokens[index + 2].glued
    )


def name_words(tokens: tuple[Token, ...]) -> list[Word]:
    """The words a name or text compares by, each with its tokens."""
    words: list[Word] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind == TokenKind.WORD and _is_ms(tokens, index):
            index += 3
            continue
        if token.kind == TokenKind.MARK and token.text != "&":
            index += 1
            continue
        text = _SPELLED.get(token.text, token.text)
        if text not in _HONORIFICS:
            words.append(Word(text, index, index + 1))
        index += 1
    return words


@dataclass(frozen=True)
class TextReading(Reading):
    """A name or a text: its normalised words."""

    words: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.words)


def read_text(tokens: tuple[Token, ...]) -> Reading | Refusal:
    """A name or text value: its words (none at all is unparseable)."""
    words = tuple(word.text for word in name_words(tokens))
    if not words:
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "no words")
    return TextReading(words)


class _QuoteWords(NamedTuple):
    """A quote's tokens and the words a value is looked for among (cached by the quote:
    every value checked against it looks among the same words)."""

    tokens: tuple[Token, ...]
    words: tuple[Word, ...]
    texts: tuple[str, ...]


@lru_cache(maxsize=4096)
def _quote_names(quote: str) -> _QuoteWords:
    tokens = tokenize(quote)
    words = tuple(name_words(tokens))
    return _QuoteWords(tokens, words, tuple(word.text for word in words))


def _runs(texts: tuple[str, ...], needle: tuple[str, ...]) -> list[tuple[int, int]]:
    size = len(needle)
    if not size:
        return [(position, position) for position in range(len(texts) + 1)]
    head = needle[0]
    return [
        (position, position + size)
        for position in range(len(texts) - size + 1)
        if texts[position] == head and texts[position : position + size] == needle
    ]


def text_mentions(quote: str, value: TextReading) -> tuple[Found, ...]:
    """Each place the quote holds the value's words as a contiguous run of whole words."""
    tokens, words, texts = _quote_names(quote)
    found = []
    for start, stop in _runs(texts, value.words):
        first, end = words[start].first, words[stop - 1].end
        found.append(Found(first, end, tokens[first].start, tokens[end - 1].end, value))
    return tuple(found)


def id_words(tokens: tuple[Token, ...]) -> list[Word]:
    """Runs of glued letters and digits, joined by a glued ``/`` or ``-`` ("45/2A")."""
    words: list[Word] = []
    index = 0
    while index < len(tokens):
        if tokens[index].kind == TokenKind.MARK:
            index += 1
            continue
        first, parts = index, [tokens[index].text]
        index += 1
        while index < len(tokens) and tokens[index].glued:
            token = tokens[index]
            if token.kind != TokenKind.MARK or (
                token.text in _ID_JOINERS
                and index + 1 < len(tokens)
                and tokens[index + 1].glued
                and tokens[index + 1].kind != TokenKind.MARK
            ):
                parts.append(token.text)
                index += 1
            else:
                break
        words.append(Word("".join(parts), first, index))
    return words


@dataclass(frozen=True)
class IdentifierReading(Reading):
    """An identifier without its label: its whole tokens, case-folded."""

    parts: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.parts).upper()

    @property
    def key(self) -> str:
        """What it compares by: separators dropped, except between two digits."""
        return id_key(self.parts)


# Words that label an identifier rather than belong to it ("GSTIN", "Cheque No.", "A/c");
# any other letters-only word is part of it ("KA 38 EX 0403": KA is the state's code).
_ID_LABELS = frozenset(
    {
        "gstin", "gst", "pan", "tan", "cin", "din", "llpin", "ifsc", "micr", "uan", "aadhaar",
        "aadhar", "cheque", "chq", "dd", "draft", "survey", "sy", "khasra", "khata", "khatauni",
        "plot", "flat", "house", "door", "account", "acct", "a/c", "ac", "bank", "vehicle",
        "registration", "regn", "reg", "chassis", "engine", "policy", "invoice", "bill",
        "receipt", "challan", "folio", "ref", "reference", "loan", "serial", "sr", "id", "uid",
        "no", "nos", "number", "नं", "संख्या", "क्रमांक", "क्र",
        # US, UK and EU documents: banking, shipping, trade, insurance, health
        "iban", "bic", "swift", "vin", "imei", "utr", "isin", "cusip", "lei", "ein", "ssn",
        "tin", "vat", "eori", "duns", "awb", "hawb", "mawb", "b/l", "bl", "hbl", "mbl", "bol",
        "container", "seal", "booking", "order", "po", "sku", "lot", "batch", "tracking",
        "consignment", "shipment", "claim", "certificate", "licence", "license", "permit",
        "passport", "contract", "ticket", "transaction", "txn", "rrn", "mrn", "npi", "ndc",
        "rx", "member", "patient", "card", "mobile", "phone", "tel",
    }
)  # fmt: skip
_LABEL_ENDS = frozenset({"no", "nos", "number", "नं", "संख्या", "क्रमांक", "क्र"})
ID_LABELS, LABEL_ENDS = _ID_LABELS, _LABEL_ENDS
# A ``/`` or ``-`` between two digits keeps them apart ("45/2" is not "452"); anywhere
# else ("MH-38-EX-0403") it does not matter, and neither does a space: the groups of an
# IBAN, a VAT number or a card number ("DE89 3704 0044", "DE 123 456 789") are printing,
# and a value written without them is the same identifier.
_GAP = "\u00b7"


def id_key(parts: tuple[str, ...]) -> str:
    """The identifier's parts as one key: spaces dropped, ``-`` and ``/`` too unless they
    stand between two digits, where they become one separator."""
    out: list[str] = []
    pending = False
    for ch in " ".join(parts):
        if ch == " ":
            continue
        if ch in _ID_JOINERS:
            pending = True
            continue
        if pending and out and out[-1].isdigit() and ch.isdigit():
            out.append(_GAP)
        pending = False
        out.append(ch)
    return "".join(out)


def _drop_label(words: list[Word]) -> list[Word]:
    """The words after the label: through the last "No."/"Number" among the leading
    letters-only words, then any known label word."""
    lead = 0
    while lead < len(words) and not any(ch.isdigit() for ch in words[lead].text):
        lead += 1
    ends = [index for index in range(lead) if words[index].text in _LABEL_ENDS]
    start = ends[-1] + 1 if ends else 0
    while start < lead and words[start].text in _ID_LABELS:
        start += 1
    return words[start:]


def read_identifier(tokens: tuple[Token, ...]) -> Reading | Refusal:
    """An identifier value: its label ("Cheque No.", "GSTIN:") dropped."""
    words = _drop_label(id_words(tokens))
    if not any(ch.isdigit() for word in words for ch in word.text):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "no identifier (nothing with a digit)")
    return IdentifierReading(tuple(word.text for word in words))


class QuoteIds(NamedTuple):
    """A quote's tokens, its identifier words, their texts and each word's own key."""

    tokens: tuple[Token, ...]
    words: tuple[Word, ...]
    texts: tuple[str, ...]
    keys: tuple[str, ...]


@lru_cache(maxsize=4096)
def quote_ids(quote: str) -> QuoteIds:
    tokens = tokenize(quote)
    words = tuple(id_words(tokens))
    texts = tuple(word.text for word in words)
    return QuoteIds(tokens, words, texts, tuple(id_key((text,)) for text in texts))


def _id_runs(texts: tuple[str, ...], keys: tuple[str, ...], key: str) -> list[tuple[int, int]]:
    """Runs of whole words whose key is ``key`` (``keys``: each word's own key, so that
    a run is only grown from a word that can begin it)."""
    runs: list[tuple[int, int]] = []
    for start, joined in enumerate(keys):
        if joined == key:
            runs.append((start, start + 1))
            continue
        if not key.startswith(joined):
            continue
        for stop in range(start + 2, len(texts) + 1):
            joined = id_key(texts[start:stop])
            if joined == key:
                runs.append((start, stop))
            if not key.startswith(joined) or joined == key:
                break
    return runs


def _grouped(words: tuple[Word, ...], start: int, stop: int) -> tuple[int, int]:
    """Words ``start:stop`` grown by the groups of digits printed beside them, a space
    apart ("DE89 3704 0044 0532 0130 00"): a value that is only some of the groups is cut
    short, never the identifier. (Two words are a space apart when no mark stands between
    them: ``id_words`` skips marks, and a space makes no token.)"""

    def group(at: int) -> bool:
        return any(ch.isdigit() for ch in words[at].text)

    while stop < len(words) and words[stop].first == words[stop - 1].end and group(stop):
        stop += 1
    while start > 0 and words[start - 1].end == words[start].first and group(start - 1):
        start -= 1
    return start, stop


def identifier_mentions(quote: str, value: IdentifierReading) -> tuple[Found, ...]:
    """Each place the quote holds the identifier as whole tokens; where it holds it only
    inside a longer token (cut short), that token, read as what it is."""
    tokens, words, texts, keys = quote_ids(quote)
    found: list[Found] = []
    exact = _id_runs(texts, keys, value.key)
    for start, stop in exact:
        wide = _grouped(words, start, stop)
        reading = value if wide == (start, stop) else IdentifierReading(texts[wide[0] : wide[1]])
        first, end = words[wide[0]].first, words[wide[1] - 1].end
        found.append(Found(first, end, tokens[first].start, tokens[end - 1].end, reading))
    if exact or len(value.parts) != 1:
        return tuple(found)
    for word in words:
        if value.parts[0] in word.text:
            reading = IdentifierReading((word.text,))
            found.append(
                Found(
                    word.first,
                    word.end,
                    tokens[word.first].start,
                    tokens[word.end - 1].end,
                    reading,
                )
            )
    return tuple(found)


def looks_like_identifier(tokens: tuple[Token, ...]) -> bool:
    """For inference: after its label, one whole token with a digit and a letter, a ``/``
    or ``-`` inside, or a leading zero (``05106``, ``29ABCDE1234F1Z5``, ``45/2A``)."""
    words = id_words(tokens)
    while words and not any(ch.isdigit() for ch in words[0].text):
        words.pop(0)
    if len(words) != 1:
        return False
    text = words[0].text
    mixed = any(ch.isalpha() for ch in text) or any(ch in _ID_JOINERS for ch in text)
    return mixed or (len(text) > 1 and text[0] == "0")
