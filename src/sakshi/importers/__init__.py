"""Importers: other tools' outputs in, sakshi's formats out.

anthropic/    an Anthropic Messages response with citations (and its request) -> a pack
  pack.py       the whole import: import_anthropic, ImportResult, pack_id_from
  documents.py  the request's document blocks -> section-2 documents (RequestDocument)
  stream.py     a saved server-sent event stream -> the final message
  citations.py  each citation -> one or more source_span.v1 cites (chars.py, ranges.py)
  pdf_text.py   Anthropic's PDF text conventions -> the pypdf page's (a fixed transform)
  fields.py     the type check on the provider's JSON that names the file and key
pdf.py        a PDF's text layer, frozen once by pypdf -> a ``pages`` document
"""
