"""The walk over OpenAI Responses API items that ``openai_responses`` and ``codex_cli``
share: the events found so far, each call's tool name, the tally of what was passed over,
and the checks every item handler needs.

A Codex CLI rollout's ``response_item`` lines are Responses items, so both formats read
items with the same handlers (``responses_items`` and ``responses_builtins``). A handler
turns one item into events through ``call`` and ``result``: a result must answer a call
seen before it in the same file, else the file cannot certify it and is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult
from sakshi.recovery.readers.common import (
    Tally,
    TraceError,
    json_kind,
    parse_json,
    tool_args,
)

__all__ = ["ItemHandler", "ItemWalk", "json_arguments", "optional_str"]

# An item handler: the walk, the item (an object with a ``type``) and where it stands.
ItemHandler = Callable[["ItemWalk", Mapping[str, Any], str], None]


@dataclass
class ItemWalk:
    """The state of one file's walk over Responses items.

    ``handlers`` maps an item ``type`` to its handler; ``quiet`` names the types that carry
    no tool event (reasoning, compaction) and are counted as skipped. Any other type is an
    error. ``exit_status_in_text`` is Codex's: its tool outputs state the exit code in a
    header line, the only record of a failure it keeps.
    """

    source: str
    handlers: Mapping[str, ItemHandler]
    quiet: tuple[str, ...]
    exit_status_in_text: bool = False
    tally: Tally = field(default_factory=Tally)
    events: list[Event] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    # Tool searches the API ran (no call_id) whose output has not come yet.
    server_searches: list[str] = field(default_factory=list)

    def read(self, item: object, where: str) -> None:
        """Turn one item into events (or count it as skipped)."""
        if not isinstance(item, Mapping):
            raise TraceError(
                self.source, where, f"expected an item object, found {json_kind(item)}"
            )
        kind = item.get("type")
        # An input message may leave out its type ("EasyInputMessage": role and content).
        if kind is None and "role" in item:
            kind = "message"
        if not isinstance(kind, str):
            raise TraceError(
                self.source, where, f"type: expected a string, found {json_kind(kind)}"
            )
        handler = self.handlers.get(kind)
        if handler is not None:
            handler(self, item, where)
        elif kind in self.quiet:
            self.tally.skip()
        else:
            raise TraceError(self.source, where, "type: not an item type sakshi knows")

    def message(self, role: str, text: str) -> None:
        """A message's text."""
        self.events.append(Message(role, text))

    def call(self, call_id: str, name: str, args: Mapping[str, Any], where: str) -> None:
        """A tool call; its name is remembered for the result that answers it."""
        if call_id in self.names:
            raise TraceError(self.source, where, "call_id: a second call with the same id")
        self.names[call_id] = name
        self.events.append(ToolCall(call_id, name, args))

    def result(self, call_id: str, is_error: bool, text: str, where: str) -> None:
        """A tool result; it must answer a call seen before it in this file."""
        name = self.names.get(call_id)
        if name is None:
            # Nothing here says which call this answers (with previous_response_id the call
            # lives on the API's side): a result that cannot be placed cannot be certified.
            raise TraceError(
                self.source, where, "call_id: answers no call made before it in this file"
            )
        self.events.append(ToolResult(call_id, name, is_error, text))

    def call_id(self, item: Mapping[str, Any], where: str, *keys: str) -> str:
        """The item's call id: the first of ``keys`` that holds a non-empty string."""
        for key in keys:
            value = item.get(key)
            if isinstance(value, str) and value:
                return value
        raise TraceError(
            self.source,
            where,
            f"{keys[0]}: expected a non-empty string, found {json_kind(item.get(keys[0]))}",
        )


def json_arguments(raw: object, source: str, where: str, key: str) -> Mapping[str, Any]:
    """A call's arguments: an object, or a JSON string of one; absent or blank is none.

    Arguments that cannot be read are an error, never "no arguments": the call's path could
    be the one that decides a case.
    """
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}
    if isinstance(raw, str):
        try:
            raw = parse_json(raw, source, where)
        except TraceError as exc:
            raise TraceError(source, where, f"{key}: {exc.problem}") from None
    if not isinstance(raw, Mapping):
        raise TraceError(source, where, f"{key}: expected an object, found {json_kind(raw)}")
    return tool_args(raw, source, where)


def optional_str(item: Mapping[str, Any], key: str, source: str, where: str) -> str | None:
    """``item[key]`` when it is a string, None when absent or null; anything else is an
    error."""
    value = item.get(key)
    if value is None or isinstance(value, str):
        return value
    raise TraceError(source, where, f"{key}: expected a string, found {json_kind(value)}")
