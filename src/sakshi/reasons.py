"""Every reason code sakshi reports, with the one line that explains it.

Reason codes are part of the contract (SPEC): stable, machine-readable, upper case. They
live in one module so that ``sakshi --help`` and the docs list exactly what the code uses.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["GradeReason", "RecoveryReason", "SpanReason", "ValueReason", "all_reason_help"]


class SpanReason(StrEnum):
    """Why ``verify_span`` said what it said (SPEC section 3)."""

    OK = "OK"
    SPAN_MALFORMED = "SPAN_MALFORMED"
    QUOTE_EMPTY = "QUOTE_EMPTY"
    DOC_NOT_FOUND = "DOC_NOT_FOUND"
    ANCHOR_KIND_MISMATCH = "ANCHOR_KIND_MISMATCH"
    ANCHOR_OUT_OF_RANGE = "ANCHOR_OUT_OF_RANGE"
    OFFSETS_INVALID = "OFFSETS_INVALID"
    UNIT_UNDECODABLE = "UNIT_UNDECODABLE"
    QUOTE_MISMATCH = "QUOTE_MISMATCH"
    QUOTE_NOT_FOUND = "QUOTE_NOT_FOUND"


SPAN_REASON_HELP: dict[SpanReason, str] = {
    SpanReason.OK: "the quote's bytes are in the document where the span says",
    SpanReason.SPAN_MALFORMED: "not a source_span.v1 object (missing/unknown key, wrong type)",
    SpanReason.QUOTE_EMPTY: "the quote is the empty string, which would match anywhere",
    SpanReason.DOC_NOT_FOUND: "no document with that id",
    SpanReason.ANCHOR_KIND_MISMATCH: "page/block anchor does not fit the document's body kind",
    SpanReason.ANCHOR_OUT_OF_RANGE: "the page or block number is outside the document",
    SpanReason.OFFSETS_INVALID: "offsets out of range, reversed, or splitting a character",
    SpanReason.UNIT_UNDECODABLE: "codepoint/utf16 offsets into bytes that are not UTF-8",
    SpanReason.QUOTE_MISMATCH: "the bytes at the offsets differ from the quote",
    SpanReason.QUOTE_NOT_FOUND: "the quote's bytes occur nowhere in the anchored unit",
}


class GradeReason(StrEnum):
    """Why a context pack's turn is red (SPEC section 4), in the order they are checked."""

    TURN_MALFORMED = "TURN_MALFORMED"
    ROUTE_FAILED = "ROUTE_FAILED"
    PROVENANCE_MISMATCH = "PROVENANCE_MISMATCH"
    FABRICATED_SPAN = "FABRICATED_SPAN"
    VALUE_UNSUPPORTED = "VALUE_UNSUPPORTED"
    EVIDENCE_MISSING = "EVIDENCE_MISSING"
    WHY_MISSING = "WHY_MISSING"
    CITE_MISSING = "CITE_MISSING"


GRADE_REASON_HELP: dict[GradeReason, str] = {
    GradeReason.TURN_MALFORMED: (
        "a logged line (sakshi grade) is not a turn with its state, bundle and documents"
    ),
    GradeReason.ROUTE_FAILED: (
        "the route crashed, timed out or returned something that is not a turn"
    ),
    GradeReason.PROVENANCE_MISMATCH: (
        "the turn's context_provenance does not mirror what was served"
    ),
    GradeReason.FABRICATED_SPAN: "a cite does not verify against the documents (in every state)",
    GradeReason.VALUE_UNSUPPORTED: (
        "a cite verifies but its quote does not state the value (in every state; the"
        " value_reason says why)"
    ),
    GradeReason.EVIDENCE_MISSING: "at live, the turn produced no non-empty value",
    GradeReason.WHY_MISSING: "at live, a produced value has no one-sentence why",
    GradeReason.CITE_MISSING: "at live, a produced value has no cite",
}


class RecoveryReason(StrEnum):
    """Why a recovery case failed (SPEC section 5)."""

    TRACE_MALFORMED = "TRACE_MALFORMED"
    PRODUCER_MISSING = "PRODUCER_MISSING"
    REPEATED_PRODUCER = "REPEATED_PRODUCER"
    PRODUCER_FAILED = "PRODUCER_FAILED"
    HANDLE_NOT_IN_DETAILS = "HANDLE_NOT_IN_DETAILS"
    CLEANUP_UNVERIFIED = "CLEANUP_UNVERIFIED"
    HANDLE_UNVERIFIED = "HANDLE_UNVERIFIED"
    SOURCE_READ_DIRECTLY = "SOURCE_READ_DIRECTLY"
    READ_BEFORE_PRODUCER = "READ_BEFORE_PRODUCER"
    UNRELATED_PATH = "UNRELATED_PATH"
    WRONG_SOURCE = "WRONG_SOURCE"
    WRONG_OFFSET = "WRONG_OFFSET"
    NO_RECOVERY_READ = "NO_RECOVERY_READ"
    RECOVERY_READ_FAILED = "RECOVERY_READ_FAILED"
    FACT_MISSING = "FACT_MISSING"


RECOVERY_REASON_HELP: dict[RecoveryReason, str] = {
    RecoveryReason.TRACE_MALFORMED: "the trace could not be read (the run exits 2)",
    RecoveryReason.PRODUCER_MISSING: (
        "no producer call (temp-output) or no read of the source (read-offset)"
    ),
    RecoveryReason.REPEATED_PRODUCER: "the producer tool was called more than once",
    RecoveryReason.PRODUCER_FAILED: (
        "the producer's result is missing, an error, or gave no truncation hint"
    ),
    RecoveryReason.HANDLE_NOT_IN_DETAILS: (
        "the full-output handle is not in details.fullOutputPath (text only or none)"
    ),
    RecoveryReason.CLEANUP_UNVERIFIED: (
        "no verified deletion of the source after the producer's result"
    ),
    RecoveryReason.HANDLE_UNVERIFIED: (
        "the harness did not confirm the handle readable and holding the fact"
    ),
    RecoveryReason.SOURCE_READ_DIRECTLY: "the original source was read directly (temp-output)",
    RecoveryReason.READ_BEFORE_PRODUCER: (
        "the recovery read was issued before the result that told it"
    ),
    RecoveryReason.UNRELATED_PATH: (
        "a read after the producer used a path other than the exact handle"
    ),
    RecoveryReason.WRONG_SOURCE: "the continuation read a different file than the truncated one",
    RecoveryReason.WRONG_OFFSET: "a continuation used an offset the tool never gave",
    RecoveryReason.NO_RECOVERY_READ: "no recovery read at all: an answer or a guess without one",
    RecoveryReason.RECOVERY_READ_FAILED: "the recovery read's result is missing or an error",
    RecoveryReason.FACT_MISSING: (
        "the fact is not in the recovered text, or not in the final answer, or it reached"
        " the agent before the recovery chain gave it (an earlier result, message or call"
        " held it)"
    ),
}


class ValueReason(StrEnum):
    """Why a cited value is not stated by its quote (SPEC section 8): the ``value_reason``."""

    VALUE_UNTYPED = "VALUE_UNTYPED"
    VALUE_UNPARSEABLE = "VALUE_UNPARSEABLE"
    QUOTE_HAS_NO_VALUE = "QUOTE_HAS_NO_VALUE"
    VALUE_NOT_IN_QUOTE = "VALUE_NOT_IN_QUOTE"
    UNIT_MISMATCH = "UNIT_MISMATCH"
    CURRENCY_MISMATCH = "CURRENCY_MISMATCH"
    PERIOD_MISMATCH = "PERIOD_MISMATCH"
    ACT_MISMATCH = "ACT_MISMATCH"
    VALUE_INCOMPLETE = "VALUE_INCOMPLETE"
    AMBIGUOUS_QUOTE = "AMBIGUOUS_QUOTE"
    LABEL_MISMATCH = "LABEL_MISMATCH"
    ROLE_MISMATCH = "ROLE_MISMATCH"
    NEGATED_IN_QUOTE = "NEGATED_IN_QUOTE"
    CURRENCY_AMBIGUOUS = "CURRENCY_AMBIGUOUS"
    VALUE_BOUNDED = "VALUE_BOUNDED"


VALUE_REASON_HELP: dict[ValueReason, str] = {
    ValueReason.VALUE_UNTYPED: "an undeclared value holds a digit but reads as no known type",
    ValueReason.VALUE_UNPARSEABLE: "the value cannot be read as its declared type",
    ValueReason.QUOTE_HAS_NO_VALUE: "the quote holds no mention of the value's type",
    ValueReason.VALUE_NOT_IN_QUOTE: "no mention in the quote reads as the value",
    ValueReason.UNIT_MISMATCH: "the unit differs from the quote's or the declared one",
    ValueReason.CURRENCY_MISMATCH: "the currency differs from the quote's or the declared one",
    ValueReason.PERIOD_MISMATCH: "the rate's period differs from the quote's or the declared one",
    ValueReason.ACT_MISMATCH: (
        "the provision matches but the act or its year differs or is unstated"
    ),
    ValueReason.VALUE_INCOMPLETE: "the value leaves out a part the quote gives (a year, an act)",
    ValueReason.AMBIGUOUS_QUOTE: (
        "the quote states several values of the type and no cue ties one to the field"
    ),
    ValueReason.LABEL_MISMATCH: "the quote gives this value for another field (by its cue word)",
    ValueReason.ROLE_MISMATCH: "the name's nearest role word in the quote is another role",
    ValueReason.NEGATED_IN_QUOTE: "the quote states the value under a negation (not paid)",
    ValueReason.CURRENCY_AMBIGUOUS: (
        "a symbol several currencies share ($, £, ¥, kr) and neither the field nor the locale"
        " says which"
    ),
    ValueReason.VALUE_BOUNDED: (
        "a limit (up to, not exceeding, at least) where an exact figure is needed, or the"
        " other way round"
    ),
}


def all_reason_help() -> list[tuple[str, str, str]]:
    """(lane, code, explanation) for every reason code, in a stable order."""
    rows = [("span", str(code), text) for code, text in SPAN_REASON_HELP.items()]
    rows += [("context", str(code), text) for code, text in GRADE_REASON_HELP.items()]
    rows += [("recovery", str(code), text) for code, text in RECOVERY_REASON_HELP.items()]
    rows += [("values", str(code), text) for code, text in VALUE_REASON_HELP.items()]
    return rows
