"""Context packs (SPEC section 4): strict loading into a frozen model (discovery is
``context/locate.py``, kept apart so a warm run finds its packs without these imports).

A shell module: it reads files (through ``yamlsafe`` and ``loading``) and refuses, with one
line naming the file and the key, anything that is not a well-formed pack.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sakshi.context.declared import Answers
from sakshi.context.grade import Verdict
from sakshi.context.locate import (
    PACK_SUFFIXES,
    discover_packs,
    locate_packs,
    shipped_packs_dir,
    sorted_by_id,
)
from sakshi.context.pack_values import read_fields, read_locale
from sakshi.context.turns import (
    EngineState,
    Served,
    Turn,
    bundle_sha256,
    legacy_bundle_sha256,
    parse_turn,
)
from sakshi.errors import InputError, a_kind
from sakshi.inputs import load_documents, load_yaml_file
from sakshi.spans import Document
from sakshi.values import DEFAULT_ACTS, ActTable, FieldDecl

__all__ = [
    "PACK_SUFFIXES",
    "Command",
    "Pack",
    "discover_packs",
    "load_pack",
    "load_packs",
    "locate_packs",
    "shipped_packs_dir",
    "sorted_by_id",
]

PACK_FORMAT = "sakshi.pack.v1"
_ID_RE = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_KEYS = (
    "pack",
    "id",
    "title",
    "engine_state",
    "matter",
    "documents",
    "bundle",
    "command",
    "turn",
    "expect",
    "fields",
    "answers",
    "locale",
    "tags",
)
# What a section-2 document file holds (a document, or `sakshi docs extract`'s output):
# found in a pack folder, it is pointed at, not reported as a pack with unknown keys.
_DOCUMENT_KEYS = frozenset(
    {"id", "title", "meta", "text", "pages", "blocks", "file", "pages_files"}
)
_TAG_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")


@dataclass(frozen=True)
class Command:
    """The golden command a pack runs through its route."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Pack:
    """One loaded pack. ``turn`` is the recorded turn, when the pack has one; ``fields``
    the declared fields (SPEC section 8), empty when the pack declares none; ``locale``
    the order of its numeric dates (None: day-first); ``acts`` the statute table (the
    project's configuration may extend it)."""

    source: str
    id: str
    title: str
    engine_state: EngineState
    matter: Mapping[str, Any]
    documents: Mapping[str, Document]
    bundle: Mapping[str, Any] | None
    command: Command | None
    turn: Turn | None
    expect: Verdict
    served: Served
    fields: Mapping[str, FieldDecl] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    locale: str | None = None
    acts: ActTable = DEFAULT_ACTS
    answers: Answers = Answers.ANY  # declared: exactly the declared fields (declared.py)


def _choice(
    raw: Mapping[str, Any],
    key: str,
    options: Sequence[str],
    source: str,
    default: str | None = None,
) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or value not in options:
        raise InputError(
            source, key, f"expected one of {', '.join(options)}, found {value!r}"[:300]
        )
    return value


def _command(raw: object, source: str) -> Command:
    if not isinstance(raw, Mapping):
        raise InputError(
            source, "command", f"expected a mapping with name and args, found {a_kind(raw)}"
        )
    unknown = sorted(k for k in raw if k not in ("name", "args"))
    if unknown:
        raise InputError(
            source, f"command.{unknown[0]}", "unknown key; a command takes name and args"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise InputError(
            source, "command.name", f"expected a non-empty string, found {a_kind(name)}"
        )
    args = raw.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, Mapping):
        raise InputError(source, "command.args", f"expected a mapping, found {a_kind(args)}")
    return Command(name, dict(args))


def _pack_mapping(data: object, source: str) -> Mapping[str, Any]:
    """``data`` as a pack's mapping: known keys only, the required ones, this format."""
    if not isinstance(data, Mapping):
        raise InputError(source, None, f"expected a pack (a mapping), found {a_kind(data)}")
    if "pack" not in data and _is_document_file(data):
        raise InputError(
            source,
            None,
            "this is a document, not a pack; reference it from a pack with `file:` or"
            " `documents:` (or keep it in the documents root and cite it with {ref: ID}),"
            " and keep it out of the packs folder",
        )
    unknown = sorted(str(k) for k in data if k not in _KEYS)
    if unknown:
        raise InputError(source, unknown[0], f"unknown key; a pack takes {', '.join(_KEYS)}")
    for key in ("pack", "id", "engine_state"):
        if key not in data:
            raise InputError(source, key, "missing required key")
    if data["pack"] != PACK_FORMAT:
        raise InputError(source, "pack", f"expected {PACK_FORMAT!r}, found {data['pack']!r}"[:300])
    return data


def _is_document_file(data: Mapping[str, Any]) -> bool:
    """``data`` reads as a document file: ``{documents: [...]}`` alone (what ``sakshi docs
    extract`` writes) or one section-2 document (an id and a body)."""
    if set(data) == {"documents"}:
        return isinstance(data["documents"], list)
    bodies = _DOCUMENT_KEYS - {"id", "title", "meta"}
    return "id" in data and set(data) <= _DOCUMENT_KEYS and bool(bodies & set(data))


def _tags(raw: Mapping[str, Any], source: str) -> tuple[str, ...]:
    """A pack's ``tags:``, a list of plain names (for ``--tag``), sorted and unique."""
    tags = raw.get("tags", [])
    if not isinstance(tags, list):
        raise InputError(source, "tags", f"expected a list of names, found {a_kind(tags)}")
    for index, tag in enumerate(tags):
        if not isinstance(tag, str) or not _TAG_RE.match(tag):
            raise InputError(
                source,
                f"tags[{index}]",
                f"expected a name of letters, digits, '.', '_', '-', found {tag!r}"[:200],
            )
    return tuple(sorted(set(tags)))


def _pack_id(raw: Mapping[str, Any], source: str) -> str:
    pack_id = raw["id"]
    if not isinstance(pack_id, str) or not _ID_RE.match(pack_id):
        raise InputError(source, "id", f"expected [a-z0-9][a-z0-9-]*, found {pack_id!r}"[:300])
    return pack_id


def _served(raw: Mapping[str, Any], state: EngineState, source: str) -> Served:
    """What was served: ``state`` and its bundle's hash (a bundle exactly when not none)."""
    bundle = raw.get("bundle")
    if state is EngineState.NONE:
        if bundle is not None:
            raise InputError(
                source, "bundle", "engine_state none means no bundle was served; remove bundle"
            )
        return Served(state, None)
    if not isinstance(bundle, Mapping):
        what = "missing" if "bundle" not in raw else f"found {a_kind(bundle)}"
        raise InputError(
            source,
            "bundle",
            f"engine_state {state.value} needs the served bundle (a mapping); {what}",
        )
    try:
        digest = bundle_sha256(bundle)
    except ValueError as exc:
        raise InputError(source, "bundle", f"has no canonical JSON form: {exc}") from None
    legacy = legacy_bundle_sha256(bundle)
    return Served(state, digest, legacy if legacy != digest else None)


def _recorded_turn(raw: Mapping[str, Any], source: str) -> Turn | None:
    if "turn" not in raw:
        return None
    parsed = parse_turn(raw["turn"])
    if isinstance(parsed, str):
        raise InputError(source, "turn", parsed)
    return parsed


def _golden_command(raw: Mapping[str, Any], turn: Turn | None, source: str) -> Command | None:
    """The pack's command; only a pack with a recorded turn may go without one."""
    if "command" in raw:
        return _command(raw["command"], source)
    if turn is None:
        raise InputError(
            source, "command", "missing; a pack without a recorded turn needs its golden command"
        )
    return None


def pack_from_data(data: object, base: Path, source: str) -> Pack:
    """Validate parsed pack data (files resolved against ``base``) into a Pack."""
    raw = _pack_mapping(data, source)
    pack_id = _pack_id(raw, source)
    title = raw.get("title", "")
    if not isinstance(title, str):
        raise InputError(source, "title", f"expected a string, found {a_kind(title)}")
    state = EngineState(_choice(raw, "engine_state", [s.value for s in EngineState], source))
    expect = Verdict(_choice(raw, "expect", [v.value for v in Verdict], source, default="green"))
    matter = raw.get("matter", {})
    if not isinstance(matter, Mapping):
        raise InputError(source, "matter", f"expected a mapping, found {a_kind(matter)}")
    documents = load_documents(raw.get("documents", []), base, source)
    served = _served(raw, state, source)
    turn = _recorded_turn(raw, source)
    bundle = raw.get("bundle")
    fields = read_fields(raw["fields"], source) if "fields" in raw else {}
    return Pack(
        source=source,
        id=pack_id,
        title=title,
        engine_state=state,
        matter=dict(matter),
        documents=documents,
        bundle=None if bundle is None else dict(bundle),
        command=_golden_command(raw, turn, source),
        turn=turn,
        expect=expect,
        served=served,
        fields=fields,
        tags=_tags(raw, source),
        locale=read_locale(raw["locale"], source) if "locale" in raw else None,
        answers=Answers(_choice(raw, "answers", [a.value for a in Answers], source, "any")),
    )


def load_pack(path: Path, source: str | None = None) -> Pack:
    """Read and validate one pack file."""
    label = source if source is not None else str(path)
    return pack_from_data(load_yaml_file(path, label, cached=True), path.parent, label)


def load_packs(paths: Sequence[Path]) -> list[Pack]:
    """Every pack under ``paths``, sorted by id; ids must be unique across the run."""
    return sorted_by_id(
        [load_pack(path, label) for path, label in locate_packs(paths)], lambda pack: pack
    )
