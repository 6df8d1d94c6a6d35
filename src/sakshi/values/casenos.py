"""Case numbers: the case type, the number and the year.

"CC No. 1234 of 2023" = "C.C. 1234/2023" = "C.C.No.01234/2023": dots, spaces and "No." do
not matter, nor do the number's leading zeros. Case types are read by every common
spelling (a table: CC, Crl. Comp., MACP, FIR, O.S., C.S., W.P.(C), Crl.A., Bail Appln.,
CMA, Arb. Pet., ...); in a quote an unknown type counts when it is written in capitals
before "No." ("RCA No. 12 of 2020"). A value without the year its quote gives is
incomplete. "CC" matches a Consumer Complaint and a Criminal Complaint too (users write
it for all three); commercial suits are "Com. O.S." and "C.S. (Comm)" by every spelling.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.reasons import ValueReason
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, found_at, lead
from sakshi.values.model import FieldDecl
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, tokenize, word_at

__all__ = ["CASE_TYPES", "CaseReading", "case_mentions", "read_case"]

_TYPES: dict[str, tuple[str, ...]] = {
    "CC": ("CC", "C.C.", "Calendar Case"),
    "Crl. Comp.": ("Crl. Comp.", "Crl. Complaint", "Criminal Complaint", "Crl.C.", "CrlC",
                   "Complaint Case", "Comp. Case", "C.C. (NI Act)", "Criminal Complaint Case"),
    "MACP": ("MACP", "M.A.C.P.", "MAC Petition", "MACT"),
    "FIR": ("FIR", "F.I.R.", "First Information Report", "Crime", "Crime Case"),
    "O.S.": ("O.S.", "OS", "Original Suit"),
    "C.S.": ("C.S.", "CS", "Civil Suit"),
    "C.S. (Comm)": ("C.S. (Comm)", "CS (Comm)", "CS(COMM)", "C.S. (Comm.)", "Commercial Suit",
                    "Com.S.", "Comm. S.", "Com. Suit", "Comm. Suit", "COMS", "COMMS"),
    "Com. O.S.": ("Com. O.S.", "Com. OS", "Comm. O.S.", "Comm. OS", "COMOS", "O.S. (Comm.)",
                  "OS (Comm)", "O.S.(Com.)", "Commercial Original Suit", "Com. Original Suit"),
    "CS (OS)": ("CS (OS)", "C.S. (O.S.)", "CS(OS)", "Civil Suit (Original Side)"),
    "W.P.(C)": ("W.P.(C)", "WP(C)", "Writ Petition (Civil)", "W.P. (Civil)"),
    "W.P.(Crl.)": ("W.P.(Crl.)", "WP(Crl)", "Writ Petition (Criminal)"),
    "W.P.": ("W.P.", "WP", "Writ Petition"),
    "Crl.A.": ("Crl.A.", "Crl. Appeal", "Criminal Appeal", "CRA"),
    "Bail Appln.": ("Bail Appln.", "Bail Application", "Bail Appl.", "B.A.", "BA"),
    "CMA": ("CMA", "C.M.A.", "Civil Miscellaneous Appeal"),
    "Arb. Pet.": ("Arb. Pet.", "Arb. P.", "Arbitration Petition", "ARBP", "Arb.Pet"),
    "O.M.P.": ("O.M.P.", "OMP"),
    "SLP(C)": ("SLP(C)", "SLP (Civil)", "S.L.P.(C)"),
    "SLP(Crl.)": ("SLP(Crl.)", "SLP (Criminal)", "S.L.P.(Crl.)"),
    "Crl.M.C.": ("Crl.M.C.", "CRL.MC", "Crl. Misc. Case"),
    "Crl.Rev.P.": ("Crl.Rev.P.", "Crl. Revision Petition", "CRL.REV.P"),
    "C.A.": ("C.A.", "Civil Appeal"),
    "RFA": ("RFA", "R.F.A.", "Regular First Appeal"),
    "RSA": ("RSA", "R.S.A.", "Regular Second Appeal"),
    "FAO": ("FAO", "F.A.O."),
    "O.A.": ("O.A.", "OA", "Original Application"),
    "I.A.": ("I.A.", "IA", "Interlocutory Application"),
    "E.P.": ("E.P.", "EP", "Execution Petition"),
    "S.C.": ("S.C.", "Sessions Case"),
    "S.T.": ("S.T.", "Summary Trial"),
    "CP": ("CP", "C.P.", "Company Petition"),
    "CP (IB)": ("CP (IB)", "C.P. (IB)", "CP(IB)"),
    "Consumer Complaint": ("Consumer Complaint", "CC/CPA", "Consumer Case", "C.C. (CPA)"),
    "CRP": ("CRP", "C.R.P.", "Civil Revision Petition", "CRP (NPD)"),
    "MFA": ("MFA", "M.F.A.", "Miscellaneous First Appeal", "Misc. First Appeal"),
    "LPA": ("LPA", "L.P.A.", "Letters Patent Appeal"),
    "Crl.O.P.": ("Crl.O.P.", "Crl. O.P.", "CRLOP", "Criminal Original Petition"),
    "Crl.R.C.": ("Crl.R.C.", "Crl. R.C.", "CRLRC", "Criminal Revision Case"),
    "Crl.Misc.": ("Crl. Misc.", "Crl.M.P.", "Criminal Miscellaneous", "Crl. Misc. Petition"),
    "M.C.": ("M.C.", "MC", "Misc. Case", "Miscellaneous Case"),
    "MVOP": ("MVOP", "M.V.O.P.", "MCOP", "M.C.O.P.", "Motor Vehicle Original Petition"),
    "Execution": ("Execution Case", "Ex. Case", "Ex. P.", "Execution Application"),
    "F.A.": ("F.A.", "First Appeal"),
}  # fmt: skip
# "CC" stands for a Calendar Case, a Criminal Complaint and (before consumer fora) a
# Consumer Complaint: users write it for all three, so it matches each of them.
_CC_MEANS = frozenset({"CC", "Crl. Comp.", "Consumer Complaint"})  # "CC" and one other
CASE_TYPES: dict[str, str] = {
    compact(tokenize(alias), 0, len(tokenize(alias))): label
    for label, aliases in _TYPES.items()
    for alias in aliases
}
_LONGEST_TYPE = 10  # tokens of the longest spelling ("C.S. (O.S.)")
_NUMBER_WORDS = frozenset({"no", "nos", "number", "नं", "संख्या"})


@dataclass(frozen=True)
class CaseReading(Reading):
    """A case's type (its label, or the compact spelling of an unknown one), number, year."""

    kind: str
    number: int
    year: int | None

    def __str__(self) -> str:
        return (
            f"{self.kind} {self.number}/{self.year}" if self.year else f"{self.kind} {self.number}"
        )

    def compare(self, mention: Reading) -> Compare:
        """Same type and number; a missing year the mention gives is incomplete."""
        if not isinstance(mention, CaseReading):
            return Compare.DIFFERENT
        kinds = {self.kind, mention.kind}
        same_kind = len(kinds) == 1 or ("CC" in kinds and kinds <= _CC_MEANS)
        if not same_kind or self.number != mention.number:
            return Compare.DIFFERENT
        if self.year is None and mention.year is not None:
            return Compare.INCOMPLETE
        return Compare.EQUAL if self.year == mention.year else Compare.DIFFERENT


def _type_before(
    tokens: tuple[Token, ...], end: int, source: str, loose: bool
) -> tuple[str, int] | None:
    """The case type whose tokens end at ``end``: the longest known spelling, else (in a
    value, or before "No.") letters written in capitals."""
    for start in range(max(0, end - _LONGEST_TYPE), end):
        if tokens[start].kind == TokenKind.MARK and tokens[start].text != "(":
            continue
        if any(token.kind == TokenKind.DIGITS for token in tokens[start:end]):
            continue
        label = CASE_TYPES.get(compact(tokens, start, end))
        if label is not None:
            return label, start
    if not loose:
        return None
    start = end
    while start > max(0, end - _LONGEST_TYPE) and _abbreviation(tokens, start - 1, source):
        start -= 1
    while start < end and tokens[start].kind == TokenKind.MARK:
        start += 1
    return (compact(tokens, start, end).upper(), start) if start < end else None


def _abbreviation(tokens: tuple[Token, ...], index: int, source: str) -> bool:
    """A piece of a case type: capitals ("RCA"), a capitalised word cut short by a dot
    ("Crl.", "Misc."), or the dots and brackets between them."""
    token = tokens[index]
    if token.kind == TokenKind.MARK:
        return token.text in ".()"
    surface = source[token.start : token.end]
    if token.kind != TokenKind.WORD or not surface[:1].isupper():
        return False
    return (surface.isupper() and len(surface) <= 5) or (
        len(surface) <= 6 and is_mark(tokens, index + 1, ".", glued=True)
    )


def _year_after(tokens: tuple[Token, ...], index: int) -> tuple[int, int] | None:
    if is_mark(tokens, index, "/") or is_mark(tokens, index, "-") or word_at(tokens, index) == "of":
        at = index + 1
    else:
        return None
    if at < len(tokens) and tokens[at].kind == TokenKind.DIGITS and len(tokens[at].text) in (2, 4):
        glued_on = at + 1 < len(tokens) and tokens[at + 1].glued
        if not (glued_on and tokens[at + 1].kind != TokenKind.MARK):
            return int(tokens[at].text), at + 1
    return None


def _case_at(tokens: tuple[Token, ...], index: int, source: str, loose: bool) -> Found | None:
    """The case number whose number is the digits at ``index``."""
    if tokens[index].kind != TokenKind.DIGITS:
        return None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if after is not None and after.glued and after.kind == TokenKind.WORD:
        return None  # "29ABCDE..." is an identifier, not a case's number
    before = index
    while before > 0 and (
        is_mark(tokens, before - 1, ".")
        or is_mark(tokens, before - 1, ":")
        or is_mark(tokens, before - 1, "/")
        or word_at(tokens, before - 1) in _NUMBER_WORDS
    ):
        before -= 1
    labelled = any(word_at(tokens, i) in _NUMBER_WORDS for i in range(before, index))
    kind = _type_before(tokens, before, source, loose or labelled)
    year = _year_after(tokens, index + 1)
    if kind is None or (not labelled and year is None and not loose):
        return None
    number = int(tokens[index].text)
    end = year[1] if year else index + 1
    return found_at(tokens, kind[1], end, CaseReading(kind[0], number, year[0] if year else None))


def case_mentions(tokens: tuple[Token, ...], source: str) -> tuple[Found, ...]:
    """Every case number in the quote (``source`` is the quote, to see its capitals)."""
    found: list[Found] = []
    index = 0
    while index < len(tokens):
        mention = _case_at(tokens, index, source, loose=False)
        if mention is None:
            index += 1
            continue
        found.append(mention)
        index = mention.end
    return tuple(found)


def read_case(tokens: tuple[Token, ...], source: str, decl: FieldDecl | None) -> Reading | Refusal:
    """A case-number value: a type, a number and (ideally) the year, nothing else."""
    first = lead(tokens)
    for index in range(first, len(tokens)):
        if tokens[index].kind == TokenKind.DIGITS:
            mention = _case_at(tokens, index, source, loose=decl is not None)
            if mention is not None and covers(tokens, mention.first, mention.end):
                return mention.reading or Refusal(ValueReason.VALUE_UNPARSEABLE)
            break
    return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a case type, number and year")
