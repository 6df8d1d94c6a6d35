"""Users' files in, frozen data out: the only parsers of what users hand sakshi.

yamlsafe.py   strict YAML (core schema, aliases within limits, line numbers in errors)
yamlcore.py   the YAML 1.2 core schema: tags, scalar resolution and construction
files.py      the bytes of a user's file, refused cleanly (size, encoding, strict JSON)
cache.py      the parsed-pack cache, keyed by the bytes and this sakshi's version
result_cache.py  graded results' keys (bytes, label, rules, the grading code's bytes)
documents.py  documents of a pack or DOCS.yaml (section 2), ``file:`` kept inside its folder
yamlwrite.py  YAML that sakshi writes (packs, documents) and reads back the same
remote.py     logs and documents by path, glob or fsspec URL (s3://, gs://, memory://)
compressed.py a compressed log's bytes (.gz, .bz2, .xz, .zst), every stream, nothing skipped
objects.py    new objects at a URL prefix, written once, never over one (SPEC 9)
pins.py       whether a requirement line pins what pip installs (``init --install``)
gitrepo.py    a repository's HEAD and dirty state, asked of git so that nothing runs or hides

It may import ``spans``, ``errors`` and ``reasons``; never a lane, ``reports`` or
``commands``. Errors are ``InputError`` naming the file, the key or the line.
"""
