"""An Anthropic Messages response with citations, and its request, into a pack (SPEC 4, 7).

pack.py       the whole import: ``import_anthropic``, ``ImportResult``, ``pack_id_from``
stream.py     a saved server-sent event stream assembled into the final message
documents.py  the request's document blocks as section-2 documents (``RequestDocument``)
citations.py  each citation read and checked, then handed to chars.py or ranges.py
cited.py      what those share: ``Citation``, ``Cite``, ``Tally``
chars.py      a char_location: its offset unit, or anchored inside edge whitespace
ranges.py     a page_location / content_block_location: one cite per page (block)
pdf_text.py   Anthropic's PDF text conventions mapped onto a pypdf page (a fixed transform)
split.py      a cited_text across page (block) breaks, cut into pieces in linear time
fields.py     checks on the provider's JSON (types, lone surrogates), naming file and key

Pure: parsed JSON (or the stream's text) in, a pack mapping and notes out. No file, clock
or environment; the one thing it cannot do by itself, reading a base64 PDF's text layer,
is a function the caller passes in (``pdf_text``), so tests and other callers can swap it.

The pack's documents are the request's document blocks, in order (``document_index``
counts them across the request's messages): ``doc-0``, ``doc-1``, ... Its recorded turn
has one value per cite of the response's cited text blocks; each cite is a source_span.v1
whose quote is the provider's ``cited_text``, with the provider's citation object kept
verbatim under ``origin``; each value is typed as the values core infers it (or as the
caller declares it), and only a value without a figure is declared a ``claim`` (the
model's sentence: ``pack.typed_fields``). A court reads the bytes, so nothing is
repaired; two readings are made, each fixed, documented, recorded on the value and counted:

- ``char_location``: the provider does not document what its offsets count. Each unit is
  tried (codepoint, utf16, byte); the cite takes the first that makes the range hold
  ``cited_text`` and the value lists every unit that did under ``matched_units``. When
  none does but the range holds ``cited_text`` with whitespace at its ends, the cite is
  anchored at ``cited_text``'s exact place inside it (the value's ``adjusted``). Anything
  else keeps the offsets as codepoints (so it grades FABRICATED_SPAN) and the notes say so.
- ``page_location`` / ``content_block_location`` cover ``[start, end)``. A span anchors one
  page or block, so: a one-page (one-block) range anchors that page; a longer range
  anchors the page in it that holds the whole ``cited_text``; failing that, a
  ``cited_text`` that runs across a page break is split at the break into one cite per
  page (only the whitespace at the break is left out, and the value says so); failing
  that, the cite anchors the first page with the whole ``cited_text``, and grades red.
  A ``page_location`` quote that holds nowhere as given is tried once more in the pypdf
  page's conventions (``pdf_text.py``: CRLF, U+0002 at a hyphenated line break,
  ligatures); the value's ``transform`` lists the rules it took.
  A split citation gives one value per piece, so a block's values are ``answer-N`` or,
  when it yields several cites, ``answer-N-1``, ``answer-N-2``, ... (N: the index of the
  text block in the response's ``content``).
"""

from __future__ import annotations

from sakshi.importers.anthropic.documents import PdfReader, RequestDocument, request_documents
from sakshi.importers.anthropic.pack import ImportResult, import_anthropic, pack_id_from
from sakshi.importers.anthropic.stream import assemble_stream, is_event_stream

__all__ = [
    "ImportResult",
    "PdfReader",
    "RequestDocument",
    "assemble_stream",
    "import_anthropic",
    "is_event_stream",
    "pack_id_from",
    "request_documents",
]
