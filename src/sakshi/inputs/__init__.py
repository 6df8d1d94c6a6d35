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

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.inputs.config import Config, find_config
    from sakshi.inputs.documents import (
        MAX_DOCUMENT_BYTES,
        load_docs_file,
        load_document,
        load_documents,
        shared_documents,
    )
    from sakshi.inputs.files import (
        FileRefused,
        Refusal,
        check_relative,
        open_regular,
        parse_json,
        read_bytes,
        read_json,
        read_regular,
        resolve_inside,
    )
    from sakshi.inputs.gitrepo import git_state, remote_url
    from sakshi.inputs.loglines import count_lines, iter_lines, read_lines
    from sakshi.inputs.logs import LogSource, expand_logs
    from sakshi.inputs.objects import (
        check_new_prefix,
        new_object,
        objects_named,
        remove_objects,
        write_new_object,
    )
    from sakshi.inputs.pins import check_pinned
    from sakshi.inputs.remote import RemoteFolder, local_path
    from sakshi.inputs.yamlsafe import MAX_YAML_BYTES, load_yaml_bytes, load_yaml_file
    from sakshi.inputs.yamlwrite import dump_yaml

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_YAML_BYTES",
    "Config",
    "FileRefused",
    "LogSource",
    "Refusal",
    "RemoteFolder",
    "check_new_prefix",
    "check_pinned",
    "check_relative",
    "count_lines",
    "dump_yaml",
    "expand_logs",
    "find_config",
    "git_state",
    "iter_lines",
    "load_docs_file",
    "load_document",
    "load_documents",
    "load_yaml_bytes",
    "load_yaml_file",
    "local_path",
    "new_object",
    "objects_named",
    "open_regular",
    "parse_json",
    "read_bytes",
    "read_json",
    "read_lines",
    "read_regular",
    "remote_url",
    "remove_objects",
    "resolve_inside",
    "shared_documents",
    "write_new_object",
]

# Each public name by the module that defines it, imported when first used (sakshi/lazy.py):
# importing the package costs nothing until then.
_HOMES = {
    "config": ("Config", "find_config"),
    "documents": (
        "MAX_DOCUMENT_BYTES",
        "load_docs_file",
        "load_document",
        "load_documents",
        "shared_documents",
    ),
    "files": (
        "FileRefused",
        "Refusal",
        "check_relative",
        "open_regular",
        "parse_json",
        "read_bytes",
        "read_json",
        "read_regular",
        "resolve_inside",
    ),
    "gitrepo": ("git_state", "remote_url"),
    "loglines": ("count_lines", "iter_lines", "read_lines"),
    "logs": ("LogSource", "expand_logs"),
    "objects": (
        "check_new_prefix",
        "new_object",
        "objects_named",
        "remove_objects",
        "write_new_object",
    ),
    "pins": ("check_pinned",),
    "remote": ("RemoteFolder", "local_path"),
    "yamlsafe": ("MAX_YAML_BYTES", "load_yaml_bytes", "load_yaml_file"),
    "yamlwrite": ("dump_yaml",),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
