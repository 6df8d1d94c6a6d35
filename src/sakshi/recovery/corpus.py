"""The recovery corpus (SPEC section 5): cases, and the synthetic sources they generate.

Pure: ``corpus_file`` reads the YAML into these. A case's source is generated, never stored: line
``fact_line`` holds the opaque fact, every other line deterministic filler, so a run can
recreate the file anywhere and a check can prove where the fact is (and is not).

A fact is any non-empty text without a line break. A well-formed corpus can still be one
that certifies nothing (a ``fact_line`` past the source's ``lines``, a fact that a Python
string literal must escape, a fact that leaks into a prompt): loading accepts it, and
``check_corpus`` (``sakshi corpus check``, exit 1) names the case and the problem.

A fact "appears" in a text when it does as it is, or after both are case-folded and put in
one Unicode normalisation form (NFC, NFD, NFKC or NFKD): ``holds_fact``. The same test keeps
facts out of reports: ``FactScreen`` replaces a run name that holds any case's fact with
``REDACTED``, and a tool name (chosen by the model) that holds one, or that is not shaped
like a tool name at all, with ``other`` (``tool_names`` decides which names are known).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from sakshi.recovery.tool_names import OTHER

__all__ = [
    "MAX_SOURCE_LINES",
    "REDACTED",
    "Case",
    "CaseKind",
    "CaseProblem",
    "Corpus",
    "FactScreen",
    "Source",
    "check_case",
    "check_corpus",
    "fact_line_text",
    "generate_source",
    "holds_fact",
    "run_config",
    "shown_tool_names",
]

# The most lines a synthetic source may have: a corpus is loaded (and its sources are
# generated) whole, so `lines: 10**12` is refused at load rather than attempted.
MAX_SOURCE_LINES = 1_000_000

# What a report shows instead of a name it must not show (see FactScreen).
REDACTED = "<redacted>"

# A tool name as agents spell them once lower-cased (read, bash, mcp__server__tool,
# read_file): anything else (spaces, paths, other scripts, control characters) could be
# a sentence the model chose, so it is not shown.
_TOOL_NAME = re.compile(r"[a-z0-9_][a-z0-9_.:\-]{0,127}\Z")
_FORMS: tuple[Literal["NFC", "NFD", "NFKC", "NFKD"], ...] = ("NFC", "NFD", "NFKC", "NFKD")

_WORDS = (
    "amber",
    "basalt",
    "cedar",
    "delta",
    "ember",
    "fjord",
    "garnet",
    "harbor",
    "indigo",
    "juniper",
    "kelp",
    "lichen",
    "marble",
    "nectar",
    "onyx",
    "pumice",
)


class CaseKind(StrEnum):
    """Which recovery mechanism a case certifies."""

    READ_OFFSET = "read-offset"  # continue a truncated read at the offset the tool gave
    TEMP_OUTPUT = "temp-output"  # read the full-output handle the producer tool issued


@dataclass(frozen=True)
class Source:
    """The synthetic source: where it goes in the fixture project, its size, the fact's line."""

    path: str
    lines: int
    fact_line: int


@dataclass(frozen=True)
class Case:
    """One corpus case."""

    id: str
    kind: CaseKind
    producer: str | None
    prompt: str
    source: Source
    fact: str


@dataclass(frozen=True)
class Corpus:
    """The cases by id, in file order."""

    cases: Mapping[str, Case]


def _folds(text: str) -> tuple[str, ...]:
    """``text`` as it is, then case-folded in each normalisation form (folded after
    normalising and normalised again, as Unicode's caseless matching does)."""
    return (text,) + tuple(
        unicodedata.normalize(form, unicodedata.normalize(form, text).casefold()) for form in _FORMS
    )


def holds_fact(text: str, fact: str) -> bool:
    """Whether ``fact`` appears in ``text``: as it is, or in any case or normalisation form."""
    if text.isascii() and fact.isascii():
        # Every normalisation form of ASCII is itself, and its case fold is its lower case.
        return fact.lower() in text.lower()
    return any(fold in folded for fold, folded in zip(_folds(fact), _folds(text), strict=True))


@dataclass(frozen=True)
class FactScreen:
    """Every fact of a corpus, folded once, to keep them out of what is reported."""

    folded_facts: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, corpus: Corpus) -> FactScreen:
        """The screen of every case's fact."""
        return cls(tuple(_folds(case.fact) for case in corpus.cases.values()))

    def holds_fact(self, text: str) -> bool:
        """Whether any fact of the corpus appears in ``text`` (see ``holds_fact``)."""
        folded = _folds(text)
        return any(
            any(fold in form for fold, form in zip(fact, folded, strict=True))
            for fact in self.folded_facts
        )

    def shown(self, name: str) -> str:
        """``name`` as a report may show it: itself, or REDACTED when it holds a fact."""
        return REDACTED if self.holds_fact(name) else name


def shown_tool_names(names: Iterable[str], screen: FactScreen | None = None) -> tuple[str, ...]:
    """Tool names as a report shows them, sorted and unique: a name that is not shaped like
    a tool name, or that holds a fact of the screen's corpus, is OTHER (shown once). Which
    names are known tools is ``tool_names``' to say."""
    shown = set()
    for name in names:
        low = name.lower()
        ok = _TOOL_NAME.match(low) is not None and (screen is None or not screen.holds_fact(low))
        shown.add(low if ok else OTHER)
    return tuple(sorted(shown))


def _is_python(case: Case) -> bool:
    return case.source.path.endswith(".py")


def _line(case: Case, number: int, body: str) -> str:
    # A Python source stays valid Python (a code search tool must parse it): the body is
    # a string literal, escaped as JSON escapes it (quotes, backslashes, control
    # characters), which Python reads back as the same text. Anything else is plain text.
    if _is_python(case):
        return f"L{number:05d} = {json.dumps(body, ensure_ascii=False)}"
    return f"L{number:05d} {body}"


def filler_body(case_id: str, number: int) -> str:
    """The filler on line ``number``: two words, deterministic, and short, so 2,000 lines
    stay under a 50 KB read limit; no digits, so filler cannot look like a fact."""
    digest = hashlib.sha256(f"{case_id}:{number}".encode()).digest()
    return f"{_WORDS[digest[0] % 16]} {_WORDS[digest[1] % 16]}"


def generate_source(case: Case) -> bytes:
    """The bytes of a case's synthetic source: ``lines`` lines, the fact on ``fact_line``
    (a ``fact_line`` past ``lines`` leaves the fact out; ``check_corpus`` reports it)."""
    out = []
    for number in range(1, case.source.lines + 1):
        body = case.fact if number == case.source.fact_line else filler_body(case.id, number)
        out.append(_line(case, number, body))
    return ("\n".join(out) + "\n").encode("utf-8")


def fact_line_text(case: Case) -> str:
    """The exact text of the source line that holds the fact."""
    return _line(case, case.source.fact_line, case.fact)


def run_config(case: Case) -> dict[str, bytes]:
    """The configuration a run of ``case`` is given besides the prompt: what the harness
    probe needs to check the handle. It carries the SHA-256 of the fact's line, never the
    fact, because the agent can read anything in its project."""
    probe = {
        "case_id": case.id,
        "source": case.source.path,
        "fact_line": case.source.fact_line,
        "fact_line_sha256": hashlib.sha256(fact_line_text(case).encode("utf-8")).hexdigest(),
    }
    return {
        "sakshi-probe.json": json.dumps(probe, sort_keys=True, indent=2).encode("utf-8") + b"\n"
    }


@dataclass(frozen=True)
class CaseProblem:
    """A corpus case that cannot certify anything; ``problem`` never quotes the fact."""

    case_id: str
    problem: str


def _config_texts(case: Case) -> list[tuple[str, str]]:
    """Each generated run configuration file of ``case`` as text, and, for JSON, as the
    text its values decode to (a JSON escape must not hide a fact)."""
    out = []
    for name, data in sorted(run_config(case).items()):
        text = data.decode("utf-8", "replace")
        try:
            text += "\n" + json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass
        out.append((name, text))
    return out


def check_case(case: Case) -> list[CaseProblem]:
    """Everything wrong with one case on its own: the fact must stand verbatim on its line
    of the generated source and nowhere else in it, and be in neither its prompt nor its
    run configuration (in any letter case or normalisation form). ``check_corpus`` adds
    the other cases' prompts and configurations."""
    problems = []
    lines = generate_source(case).decode("utf-8").split("\n")
    fact, number, total = case.fact, case.source.fact_line, case.source.lines
    if number > total:
        problems.append(
            CaseProblem(
                case.id,
                f"the fact is not in the generated source (fact_line {number} is past "
                f"the source's {total} lines)",
            )
        )
    elif fact not in lines[number - 1]:
        if _is_python(case) and json.dumps(fact, ensure_ascii=False)[1:-1] != fact:
            problems.append(
                CaseProblem(
                    case.id,
                    f"the fact is not verbatim on line {number} of the generated source: "
                    "the Python string literal there escapes some of its characters",
                )
            )
        else:
            problems.append(
                CaseProblem(case.id, f"the fact is not on line {number} of the generated source")
            )
    elsewhere = [
        other for other, line in enumerate(lines, start=1) if fact in line and other != number
    ]
    if elsewhere:
        problems.append(
            CaseProblem(
                case.id,
                f"the fact also appears on {len(elsewhere)} other"
                f" line{'' if len(elsewhere) == 1 else 's'} of the source",
            )
        )
    if holds_fact(case.prompt, fact):
        problems.append(CaseProblem(case.id, "the fact appears in the prompt"))
    for name, text in _config_texts(case):
        if holds_fact(text, fact):
            problems.append(
                CaseProblem(case.id, f"the fact appears in the generated run configuration {name}")
            )
    return problems


def check_corpus(corpus: Corpus) -> list[CaseProblem]:
    """``check_case`` for every case, and every fact against every other case's prompt and
    run configuration: a run of any case must not be handed another case's fact."""
    problems = []
    cases = list(corpus.cases.values())
    configs = {case.id: _config_texts(case) for case in cases}
    for case in cases:
        problems += check_case(case)
        for other in cases:
            if other.id == case.id:
                continue
            if holds_fact(other.prompt, case.fact):
                problems.append(
                    CaseProblem(case.id, f"the fact appears in the prompt of case {other.id}")
                )
            for name, text in configs[other.id]:
                if holds_fact(text, case.fact):
                    problems.append(
                        CaseProblem(
                            case.id,
                            f"the fact appears in the generated run configuration {name} "
                            f"of case {other.id}",
                        )
                    )
    return problems
