"""The text of a message's content, as each format writes it: a string, or a list of parts
whose text parts count. One reader for every format (``TextParts`` says how a format
writes its parts), so a content part's rules, and its errors, are the same everywhere."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sakshi.recovery.readers.common import Tally, TraceError, json_kind, one_of

__all__ = ["MESSAGE_BLOCKS", "TextParts", "content_text", "text_of"]


@dataclass(frozen=True)
class TextParts:
    """How a format writes a content's text, for ``content_text``: the part types whose
    ``text`` counts, the types passed over (skipped and counted), what an unknown part is
    said not to be, what the list holds (``blocks``, ``parts``), and whether a bare string
    in the list is text."""

    text: frozenset[str]
    quiet: frozenset[str]
    unknown: str
    items: str
    bare_strings: bool = True


# Message content blocks (OpenAI, Anthropic, Pi, ...): those that carry no text the
# recovery chains read are known and passed over.
MESSAGE_BLOCKS = TextParts(
    text=frozenset({"text", "input_text", "output_text"}),
    quiet=frozenset(
        {"image", "image_url", "input_image", "document", "file", "input_file", "input_audio"}
    ),
    unknown="a content block type",
    items="blocks",
)


def text_of(content: object, source: str, where: str, tally: Tally) -> str:
    """Text of a message content: a string, or a list of blocks whose text blocks count
    (non-text blocks of a known type are skipped and counted; an unknown type is an error)."""
    return content_text(content, source, where, tally, MESSAGE_BLOCKS)


def content_text(
    content: object,
    source: str,
    where: str,
    tally: Tally,
    parts: TextParts,
    field: str = "content",
) -> str:
    """Text of a content at ``field`` of the record: nothing, a string, or a list of
    ``parts`` whose text parts count (known quiet parts are skipped and counted; any other
    part is an error naming it)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise TraceError(
            source,
            where,
            f"{field}: expected a string or a list of {parts.items}, found {json_kind(content)}",
        )
    texts = []
    for index, part in enumerate(content):
        at = f"{field}[{index}]" if field.endswith(("content", "output", "input")) else field
        if isinstance(part, str) and parts.bare_strings:
            texts.append(part)
            continue
        if not isinstance(part, Mapping) and parts.bare_strings:
            raise TraceError(source, where, f"{at}: expected an object, found {json_kind(part)}")
        kind = part.get("type") if isinstance(part, Mapping) else None
        if isinstance(part, Mapping) and one_of(kind, parts.text):
            text = part.get("text")
            if not isinstance(text, str):
                raise TraceError(
                    source, where, f"{at}.text: expected a string, found {json_kind(text)}"
                )
            texts.append(text)
        elif one_of(kind, parts.quiet):
            tally.skip()
        else:
            raise TraceError(source, where, f"{at}.type: not {parts.unknown} sakshi knows")
    return "\n".join(texts)
