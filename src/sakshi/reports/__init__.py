"""Reports: data in, text or bytes out. The caller decides where they are written."""

from __future__ import annotations

__all__ = ["displayable"]


def displayable(text: str) -> str:
    """``text`` as it can be written out: a lone surrogate (from a route's JSON, say) cannot
    be UTF-8, so it shows as U+FFFD; anything else is returned as it is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text
