"""A tool's answer that says it failed, in the formats that keep no failure flag. Pure.

A Chat Completions ``role: tool`` message and a Responses ``function_call_output`` carry
only the text the caller sent back: when a tool fails, the caller writes the failure into
that text. Read as a success, such a text could complete a chain: a continuation "read"
whose answer is an error that happens to quote the fact, or a first read that failed but
still tells an offset. So a text that opens the way these callers open a failure is a
failed result:

- the OpenAI Agents SDK (``default_tool_error_function`` in ``agents/tool.py``, Python and
  JavaScript alike): ``An error occurred while running the tool. Please try again. Error:
  ...`` and ``An error occurred while parsing tool arguments. ...``; its timeout message
  ``Tool 'NAME' timed out after N seconds.``; and a rejected approval, ``Tool execution
  was not approved.`` (the tool never ran);
- the ``Error: ...`` (or ``ERROR``, ``Error executing tool ...``) that function-calling
  loops and MCP clients write, and a Python traceback sent back as it is.

Fail closed: a successful result that happens to open with "Error" is read as failed,
which can only make a case fail, never pass.
"""

from __future__ import annotations

import re

__all__ = ["reads_as_failure"]

_FAILURE_OPENING = re.compile(
    r"\s*(?:"
    r"error\b"
    r"|an error occurred\b"
    r"|tool execution was not approved\b"
    r"|tool '[^'\n]{0,256}' timed out after\b"
    r"|traceback \(most recent call last\)"
    r")",
    re.IGNORECASE,
)


def reads_as_failure(text: str) -> bool:
    """Whether a tool's answer opens as its caller opens a failure."""
    return _FAILURE_OPENING.match(text) is not None
