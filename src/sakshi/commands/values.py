"""``sakshi verify-values``: does each cited quote state its value? (SPEC section 8)."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from sakshi.commands.options import jobs_option, jsonl_out_option
from sakshi.commands.outcome import Outcome
from sakshi.commands.output import check_outputs
from sakshi.commands.streams import stream_jsonl

if TYPE_CHECKING:
    from sakshi.inputs import Config
    from sakshi.values import ActTable, FieldsProblem, ValueRules, ValueSetup

# Lines per batch handed to one worker with --jobs (a value check costs more than a span's).
BATCH_LINES = 1000
# The collector's thresholds during a run: (new objects, young collections, older ones).
_THRESHOLDS = (500_000, 1000, 1000)


class FieldsFile(NamedTuple):
    """FIELDS.yaml as written: the declarations, the acts and the locale (None when
    absent) and the key path the declarations sit under (``fields``, or empty for a bare
    mapping)."""

    written: dict[str, Mapping[str, object]]
    acts: object
    under: str
    locale: object = None


def load_fields_file(path: Path) -> FieldsFile:
    """FIELDS.yaml: a mapping with ``fields:`` (a pack's serves; its other keys are not
    read) and optional ``acts:`` and ``locale:``, or a bare mapping of field name ->
    declaration."""
    from sakshi.errors import InputError, a_kind
    from sakshi.inputs import load_yaml_file

    source = os.fspath(path)
    data = load_yaml_file(path, source)
    if not isinstance(data, Mapping):
        found = a_kind(data)
        raise InputError(source, None, f"expected a mapping with a fields: mapping, found {found}")
    if "fields" not in data:
        return FieldsFile(dict(data), None, "")
    fields = data["fields"]
    if not isinstance(fields, Mapping):
        found = a_kind(fields)
        raise InputError(source, "fields", f"expected a mapping of declarations, found {found}")
    return FieldsFile(dict(fields), data.get("acts"), "fields", data.get("locale"))


def _refuse(source: str, under: str, problem: FieldsProblem) -> Exception:
    from sakshi.errors import InputError

    key = ".".join(part for part in (under, problem.key) if part)
    return InputError(source, key or None, f"expected {problem.expected}, found {problem.found}")


def extend_acts(table: ActTable, raw: object, source: str, under: str) -> ActTable:
    """``table`` with the acts of ``raw`` (``{key: {title, year, aliases, templates}}``)
    added; exit 2 naming ``source`` and the key when they are unusable."""
    from sakshi.values import FieldsProblem, parse_acts

    extra = parse_acts(raw)
    if isinstance(extra, FieldsProblem):
        raise _refuse(source, under, extra)
    return table.extended(extra)


def project_values(config: Config) -> ValueRules:
    """The configuration's ``acts`` (sakshi's table extended) and ``locale`` (for packs
    and fields that set none), read strictly."""
    from sakshi.context import read_locale
    from sakshi.values import DEFAULT_ACTS, ValueRules

    source = config.source or "the configuration"
    label = "tool.sakshi." if source.endswith("pyproject.toml") else ""
    acts = DEFAULT_ACTS
    if config.acts is not None:
        acts = extend_acts(acts, config.acts, source, label + "acts")
    locale = None
    if config.locale is not None:
        locale = read_locale(config.locale, source, label + "locale")
    return ValueRules(acts, locale)


def value_setup(
    docs: Path, fields_path: Path | None, project: ValueRules | None = None
) -> ValueSetup:
    """The documents of DOCS.yaml, and the declared fields, acts and locale of
    FIELDS.yaml over the project's (none: sakshi's acts, day-first); exit 2 naming the
    file and the key when either is unusable."""
    from sakshi.context import read_locale
    from sakshi.inputs import load_docs_file
    from sakshi.values import PLAIN_RULES, FieldsProblem, ValueSetup, parse_fields

    if project is None:
        project = PLAIN_RULES
    documents = load_docs_file(docs)
    if fields_path is None:
        return ValueSetup(documents, acts=project.acts, locale=project.locale)
    source = os.fspath(fields_path)
    loaded = load_fields_file(fields_path)
    fields = parse_fields(loaded.written)
    if isinstance(fields, FieldsProblem):
        raise _refuse(source, loaded.under, fields)
    acts = project.acts
    if loaded.acts is not None:
        acts = extend_acts(acts, loaded.acts, source, "acts")
    locale = project.locale
    if loaded.locale is not None:
        locale = read_locale(loaded.locale, source, "locale")
    return ValueSetup(documents, fields, loaded.written, acts, locale)


_VERIFY_VALUES_HELP = """Check every value line of VALUES (JSONL) against its cite's quote in DOCS.

Each line: {"id", "field", "value", "cite": source_span.v1}, optionally "type" and the
declaration keys. Writes one JSON line per line, in input order: {"id", "verified",
"reason", "value_reason", "type", "type_source", "reading", "mentions", "matched",
"hint"}; each mention gives its offsets, reading, field (by cue), negated and bound.
Exit 0 if every value verified, 1 if one did not, 2 if DOCS or FIELDS is unusable.

\b
Types and what they read (the value and the quote to one exact form):
  money      every ISO 4217 currency, CLDR symbols and names (US$, S$, CHF,
             ¥, kr, euros, Rs., रु.); scale never dropped (₹12.5L, $292k,
             USD 5 bn, 5½ lakh); sign kept (-5,000, (5,000)); figures by
             locale (1.234,56  1 234,56  1'234.50  12,34,567); words in
             English or Hindi (पांच लाख रुपये, साढ़े आठ लाख); a price per
             a unit (Rs. 8.5 lakh per acre, ₹1,200/qtl) is no sum
  number, quantity, percent, duration
             pint's units, exact factors only (500 mg = 0.5 g, 1 CBM = 1 m³);
             count nouns (33 pallets); bp and ‰ (25 bps = 0.25%); doses
             (10 mg/kg, twice daily); 15 (fifteen) days
  date       day-first unless the locale says otherwise; ISO; March 12, 2024
  period     Q3 FY2025, FY 2024-25, H1 2025, fiscal 2025
  statute    sections, articles, orders and rules, rules, regulations,
             schedules, paragraphs, kept apart (Order VII Rule 11 CPC is not
             Section 11); 15 U.S.C. § 78j(b), Fed. R. Civ. P. 12(b)(6),
             Article 28(3)(a) GDPR, section 994 of the Companies Act 2006,
             U.C.C. § 2-207, reg 4(1) TUPE 2006, IRC § 501(c)(3) (= 26
             U.S.C. § 501(c)(3)); EU instruments by kind, year and number
             (Article 5 of Directive 2011/7/EU is not of 2011/8/EU); the
             Arbitration Act 1996 is not India's A&C Act, 1996
  case_no    CC 1234/2023, Award No. 57 of 2022, 1:23-cv-04567,
             [2023] EWHC 1234 (Comm)
  identifier, name, text, claim
             labels after names bind them (Y, Inc. ("Customer")); A-1
             Ramesh Kumar is the accused; a relative (s/o), counsel (KC)
             or witness (PW-1) is never the party

\b
Declaration keys: type, cues, polarity, currency, unit, period, locale,
bound (exact | at_most | at_least: "up to $5m" is at_most), scale
(thousand | lakh | million | crore | billion: a table "(in millions)"),
role, roles. Reasons: VALUE_UNTYPED, VALUE_UNPARSEABLE, QUOTE_HAS_NO_VALUE,
VALUE_NOT_IN_QUOTE, UNIT_MISMATCH, CURRENCY_MISMATCH, CURRENCY_AMBIGUOUS,
PERIOD_MISMATCH, ACT_MISMATCH, VALUE_INCOMPLETE, VALUE_BOUNDED,
AMBIGUOUS_QUOTE, LABEL_MISMATCH, ROLE_MISMATCH, NEGATED_IN_QUOTE
(docs/values.md has each with examples).
"""


@click.command("verify-values", help=_VERIFY_VALUES_HELP)
@click.argument("docs", type=click.Path(path_type=Path))
@click.argument("values", type=click.Path(path_type=Path, allow_dash=True))
@click.option(
    "--fields",
    "fields_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help=(
        "FIELDS.yaml: fields: {name: declaration}, as in a pack, and acts: {key: {title, "
        'year, aliases, templates}} ("{title} U.S.C. § {section}").'
    ),
)
@jsonl_out_option
@jobs_option
def verify_values_cmd(
    docs: Path, values: Path, fields_path: Path | None, out: Path | None, jobs: int
) -> Outcome:
    """Check every value line of VALUES against its cite's quote in DOCS (see --help)."""
    from sakshi.inputs import find_config
    from sakshi.parallel import ordered_map
    from sakshi.runcache import RunCache
    from sakshi.values import check_line

    check_outputs([out], [docs, values, fields_path])
    setup = value_setup(docs, fields_path, project_values(find_config(Path.cwd())))
    # One cache for the run (each --jobs worker gets its own copy when it forks).
    cache = RunCache()
    with _few_collections():
        return stream_jsonl(
            values,
            out,
            "values",
            lambda lines: (
                (checked.data, checked.verified)
                for checked in ordered_map(
                    lambda line: check_line(line, setup, cache), lines, jobs, BATCH_LINES
                )
            ),
        )


@contextmanager
def _few_collections() -> Iterator[None]:
    """Run with the cyclic garbage collector mostly out of the way.

    A run makes millions of small readings that form no cycles, and keeps the documents
    and its caches alive to the end: the collector would walk them again and again for
    nothing (a tenth of the run's time). What is loaded is frozen out of its sight and the
    young generation is collected less often; memory stays bounded by the caches' limits.
    At the end the thresholds are restored and what the run cached is frozen too: the
    interpreter's last collection at exit would otherwise walk every cached reading once
    more (a fifth of a run's time). Frozen objects are still freed when nothing refers to
    them; only a cycle among them would wait for the process to end.
    """
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.freeze()
