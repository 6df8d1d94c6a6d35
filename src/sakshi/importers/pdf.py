"""A PDF's text layer, extracted once by pypdf and frozen into a ``pages`` document.

Verification must run against the text a citation was checked on, never a re-extraction:
another pypdf version, or another extractor, may put a space or a line break elsewhere.
So the document records the PDF's SHA-256, the extractor and its version, and each page's
text exactly as ``extract_text()`` returned it (no trimming, no normalisation).

pypdf (BSD, pure Python) is the extractor. PyMuPDF is AGPL and stays out.

No file I/O here: bytes in, a document mapping out. ``InputError`` for a PDF that cannot be
read honestly (encrypted, damaged, a page whose text is not valid Unicode).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sakshi.errors import InputError

__all__ = ["EXTRACTOR", "PdfText", "document_id", "extract_pdf_text", "pdf_document"]

EXTRACTOR = "pypdf"
_ID_CHARS = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class PdfText:
    """The text layer of one PDF: one string per page, and where it came from."""

    pages: tuple[str, ...]
    sha256: str
    extractor: str
    extractor_version: str
    title: str | None

    def meta(self) -> dict[str, Any]:
        """The provenance a document records under ``meta:``."""
        return {
            "sha256": self.sha256,
            "extractor": self.extractor,
            "extractor_version": self.extractor_version,
            "page_count": len(self.pages),
        }


@contextmanager
def _quiet() -> Iterator[None]:
    # pypdf reports recoverable damage through logging and warnings; on a terminal that
    # would be lines of noise around our one-line verdict. Restored afterwards.
    logger = logging.getLogger("pypdf")
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
        logger.propagate = propagate


def extract_pdf_text(data: bytes, source: str) -> PdfText:
    """Each page's text as pypdf extracts it; ``source`` labels errors.

    Refuses (``InputError``) an encrypted PDF, bytes pypdf cannot read, and a page whose
    text holds a lone surrogate (it has no UTF-8 bytes, so no span could ever match it).
    """
    try:
        import pypdf
    except ImportError:  # pragma: no cover - pypdf is a runtime dependency
        raise InputError(source, None, "reading PDFs needs pypdf (pip install pypdf)") from None
    digest = hashlib.sha256(data).hexdigest()
    with _quiet():
        try:
            reader = pypdf.PdfReader(io.BytesIO(data))
            encrypted = reader.is_encrypted
        except Exception as exc:  # noqa: BLE001 - any parser failure means "unreadable"
            raise InputError(source, None, f"not a readable PDF ({_why(exc)})") from None
        if encrypted:
            raise InputError(
                source,
                None,
                "the PDF is encrypted; decrypt it first (its text layer cannot be frozen)",
            )
        pages: list[str] = []
        try:
            for number, page in enumerate(reader.pages, start=1):
                text = page.extract_text()
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    raise InputError(
                        source,
                        f"page {number}",
                        "the extracted text holds a lone surrogate (not valid Unicode)",
                    ) from None
                pages.append(text)
            title = _title(reader)
        except InputError:
            raise
        except Exception as exc:  # noqa: BLE001
            where = f"page {len(pages) + 1}"
            raise InputError(source, where, f"cannot extract the text ({_why(exc)})") from None
    return PdfText(tuple(pages), digest, EXTRACTOR, pypdf.__version__, title)


def _title(reader: Any) -> str | None:
    try:
        title = reader.metadata.title if reader.metadata is not None else None
    except Exception:  # noqa: BLE001 - a damaged info dictionary only costs the title
        return None
    if not isinstance(title, str) or not title.strip():
        return None
    try:
        title.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return str(title)


def _why(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    detail = text[0][:200] if text else ""
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def document_id(stem: str) -> str:
    """A document id from a file name's stem: lower case, runs of other characters -> ``-``."""
    return _ID_CHARS.sub("-", stem.lower()).strip("-") or "document"


def pdf_document(
    doc_id: str, text: PdfText, title: str | None = None, source_name: str | None = None
) -> dict[str, Any]:
    """The section-2 document for ``text``: id, title (if any), meta, then pages."""
    doc: dict[str, Any] = {"id": doc_id}
    chosen = title if title is not None else text.title
    if chosen:
        doc["title"] = chosen
    meta = text.meta()
    if source_name:
        meta["source_file"] = source_name
    doc["meta"] = meta
    doc["pages"] = list(text.pages)
    return doc
