"""Importers: other tools' outputs in, sakshi's formats out.

anthropic.py  an Anthropic Messages response with citations (and its request) -> a pack
pdf.py        a PDF's text layer, frozen once by pypdf -> a ``pages`` document
"""
