"""Vocabularies extracted at build time from maintained data (CLDR, ...), as plain literals.

Each module says which library and version wrote it and how to regenerate it; a test
re-extracts each one and asserts the committed module is identical.
"""
