"""A value's check (SPEC section 8) as the context reports show it: JSON data and lines.

    check_json(check, quote)   the check as JSON data: type, type_source, reading,
                               value_reason, hint, mentions (with offsets, text, reading)
    check_lines(value, check)  the same for people: the value's reading, each mention, which
                               one matched (or the nearest miss), the hint
    check_summary(check)       one phrase: value_reason and hint

Mention offsets are codepoints into the cite's quote, end-exclusive. A mention's ``text``
is the quote's own text, so these reports hold document content: the run-context JSON
and text already do (the quote and the value are in them), the content-free reports
(prove, grade lines) never call this module.
"""

from __future__ import annotations

from typing import Any

from sakshi.reports import displayable
from sakshi.values import Bound, ValueCheck

__all__ = ["check_json", "check_lines", "check_summary"]

_SHOWN_MENTIONS = 20  # mentions listed in a text report; the JSON keeps them all


def _nearest(check: ValueCheck) -> int | None:
    """The mention a failed check was nearest to (what its hint is about), if any."""
    return None if check.ok else check.matched


def _stating(check: ValueCheck) -> int | None:
    """The mention that states the value, when the check passed."""
    return check.matched if check.ok else None


def check_json(check: ValueCheck, quote: str) -> dict[str, Any]:
    """``check`` as JSON data; ``quote`` is the cite's quote the mentions' offsets index.

    ``matched`` is the mention's index the core reported (the one that states the value,
    or the nearest miss); each mention says whether it is the one that states the value
    (``matched``) or the nearest miss (``nearest``).
    """
    stating, nearest = _stating(check), _nearest(check)
    return {
        "ok": check.ok,
        "checked": check.checked,
        "type": None if check.type is None else check.type.value,
        "type_source": check.type_source.value,
        "reading": None if check.reading is None else displayable(check.reading),
        "value_reason": None if check.value_reason is None else check.value_reason.value,
        "hint": displayable(check.hint),
        "matched": check.matched,
        "mentions": [
            {
                "start": mention.start,
                "end": mention.end,
                "text": displayable(quote[mention.start : mention.end]),
                "reading": None if mention.reading is None else displayable(mention.reading),
                "field": None if mention.field is None else displayable(mention.field),
                "negated": mention.negated,
                "bound": mention.bound.value,
                "matched": index == stating,
                "nearest": index == nearest,
            }
            for index, mention in enumerate(check.mentions)
        ],
    }


def check_summary(check: ValueCheck) -> str:
    """``VALUE_NOT_IN_QUOTE (x10 slip ...)``: why the quote does not state the value."""
    reason = "stated" if check.value_reason is None else check.value_reason.value
    return f"{reason} ({check.hint})" if check.hint else reason


def _type_words(check: ValueCheck) -> str:
    kind = "no type" if check.type is None else check.type.value
    return f"{kind} ({check.type_source.value})"


def check_lines(value: str, check: ValueCheck) -> list[str]:
    """The check for people, a line each: the value's reading, each mention in the quote
    with its offsets and reading (which one states the value, or is the nearest miss),
    and the hint."""
    if not check.checked:
        return [f"value {value!r}: {_type_words(check)}, read by no rule (unchecked)"]
    reading = "cannot be read" if check.reading is None else f"reads {check.reading}"
    lines = [f"value {value!r}: {_type_words(check)}, {reading}"]
    if not check.mentions:
        lines.append("the quote holds no mention of this type")
    stating, nearest = _stating(check), _nearest(check)
    for index, mention in enumerate(check.mentions[:_SHOWN_MENTIONS]):
        what = "unreadable" if mention.reading is None else f"reads {mention.reading}"
        notes = [
            note
            for note, on in (
                ("states the value", index == stating),
                ("nearest", index == nearest),
                (f"cue of {mention.field}", mention.field is not None),
                ("negated", mention.negated),
                (mention.bound.value.replace("_", " "), mention.bound != Bound.EXACT),
            )
            if on
        ]
        said = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"mention [{mention.start}, {mention.end}) {mention.surface!r} {what}{said}")
    if len(check.mentions) > _SHOWN_MENTIONS:
        lines.append(f"and {len(check.mentions) - _SHOWN_MENTIONS} more mentions")
    if not check.ok and check.hint:
        lines.append(f"hint: {check.hint}")
    return [displayable(line) for line in lines]
