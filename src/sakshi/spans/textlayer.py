"""Is a PDF's extracted text layer fit to cite against? Pure: page texts in, problems out.

A page with no letter or digit has no text layer to speak of (an image-only page: a scan,
a photo); a NUL character or U+FFFD REPLACEMENT CHARACTER means the extractor could not
map the PDF's glyphs to characters. Either way spans against that page would check
against text the PDF does not show. sakshi does no OCR: a scan needs a text layer from an
OCR tool first (e.g. OCRmyPDF), and then ``docs extract`` freezes that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["OCR_ADVICE", "PageProblem", "TextFault", "describe", "page_problems"]

OCR_ADVICE = (
    "sakshi does no OCR (out of scope): give the PDF a text layer first with an OCR tool,"
    " e.g. OCRmyPDF (ocrmypdf --skip-text in.pdf out.pdf), then extract that"
)


class TextFault(StrEnum):
    """What is wrong with one page's text."""

    NO_TEXT = "no text (an image-only page: a scan?)"
    NUL = "NUL characters (glyphs the extractor could not map)"
    REPLACEMENT = "U+FFFD replacement characters (glyphs the extractor could not map)"


@dataclass(frozen=True)
class PageProblem:
    """One page (numbered from 1) and what is wrong with its text."""

    page: int
    fault: TextFault


def _fault(text: str) -> TextFault | None:
    if "\0" in text:
        return TextFault.NUL
    if "\ufffd" in text:
        return TextFault.REPLACEMENT
    if not any(char.isalnum() for char in text):
        return TextFault.NO_TEXT
    return None


def page_problems(pages: Sequence[str]) -> list[PageProblem]:
    """Every page whose text cannot be cited honestly, in page order."""
    found = []
    for number, text in enumerate(pages, start=1):
        fault = _fault(text)
        if fault is not None:
            found.append(PageProblem(number, fault))
    return found


def describe(problems: Sequence[PageProblem]) -> str:
    """``page 2: no text (…); pages 4, 7: NUL characters (…)``: grouped by fault."""
    parts = []
    for fault in TextFault:
        pages = [str(problem.page) for problem in problems if problem.fault is fault]
        if pages:
            label = "page" if len(pages) == 1 else "pages"
            parts.append(f"{label} {', '.join(pages)}: {fault.value}")
    return "; ".join(parts)
