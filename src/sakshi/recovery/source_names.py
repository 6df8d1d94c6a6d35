"""Does a tool call name the original source, whatever the spelling? Pure string work.

A temp-output case fails with SOURCE_READ_DIRECTLY when any call other than the producer
could reach the source (SPEC section 5); naming it is one way: a read's ``path``, a ``cat`` in a
bash command, a grep's file. The spelling is normalised for this recognition only
(``./notes/big.txt``, ``notes//big.txt``, ``notes/big.txt/.``, ``a/../notes/big.txt``,
``/abs/project/./notes/big.txt``, shell quotes and escapes, a different letter case) and a
shell glob that matches the source (``notes/*``, ``notes/b?g.txt``) names it too.

A command that reaches the file without naming it (``cd notes && cat big.txt``, a
variable, a directory walk such as ``grep -r x notes``) is judged by ``source_reach``,
which uses this module for the file's own name.

Every string is scanned once, and globs are matched by a small automaton whose cost is the
pattern's length times the (short) source component's, so no argument can make this slow.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["SourceName", "argument_strings", "fold", "glob_matches"]

# Where a shell word (or a key=value, a URL, a brace list) ends. A character the source's
# own path uses is never a separator for it (a source with a space stays one word).
_SEPARATORS = " \t\n\r\f\v;|&<>()=,:`{}"
_QUOTES = "'\""
_GLOB = "*?["


@dataclass(frozen=True)
class SourceName:
    """The source path, ready to be looked for in arguments."""

    components: tuple[str, ...]  # the normalised, case-folded path, split at "/"
    splitter: re.Pattern[str]

    @classmethod
    def of(cls, source_path: str) -> SourceName:
        """Prepare ``source_path`` (the corpus's, relative to the fixture project)."""
        folded = fold(source_path)
        separators = "".join(sorted(set(_SEPARATORS) - set(folded)))
        splitter = re.compile("[" + re.escape(separators) + "]+")
        return cls(tuple(posixpath.normpath(folded).lstrip("/").split("/")), splitter)

    def named_in(self, args: Mapping[str, Any]) -> bool:
        """Whether any string among ``args`` (nested values included) names the source."""
        return any(self.names(text) for text in argument_strings(args))

    def names(self, text: str) -> bool:
        """Whether the one string ``text`` names the source."""
        folded = fold(text)
        # Two readings of a backslash: a shell escape (dropped) or a Windows separator.
        for view in (_unquote(folded, ""), _unquote(folded, "/")):
            if self.components[-1] not in view and not any(mark in view for mark in _GLOB):
                continue  # cheap: a literal spelling of the source holds its file name
            words = [view, *self.splitter.split(view)]
            if any(self._is_source(word) for word in words if word):
                return True
        return False

    def _is_source(self, word: str) -> bool:
        globbed = any(mark in word for mark in _GLOB)
        if not globbed and self.components[-1] not in word:
            return False  # cheap: a literal spelling of the source holds its file name
        parts = posixpath.normpath(word).split("/")
        count = len(self.components)
        if len(parts) < count:
            return False
        tail = parts[len(parts) - count :]
        if not globbed:
            return tuple(tail) == self.components
        return all(
            glob_matches(part, name) for part, name in zip(tail, self.components, strict=True)
        )


def argument_strings(args: Mapping[str, Any]) -> Iterator[str]:
    """Every string value in ``args``, nested mappings and lists included (no recursion, so
    no depth of nesting can overflow the stack)."""
    stack: list[Any] = list(args.values())
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, Mapping):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)


def fold(text: str) -> str:
    """``text`` as every spelling of the source is compared: NFC, case-folded."""
    return unicodedata.normalize("NFC", text).casefold()


def _unquote(text: str, backslash: str) -> str:
    # Shell quote removal: 'notes'/"big.txt" is notes/big.txt.
    for quote in _QUOTES:
        text = text.replace(quote, "")
    return text.replace("\\", backslash)


# --- shell globs, for one path component ---------------------------------------------------


@dataclass(frozen=True)
class _Bracket:
    """A ``[...]`` expression: a set of characters and ranges, maybe negated."""

    body: str
    negated: bool

    def admits(self, char: str) -> bool:
        at = 0
        found = False
        while at < len(self.body) and not found:
            if at + 2 < len(self.body) and self.body[at + 1] == "-":
                found = self.body[at] <= char <= self.body[at + 2]
                at += 3
            else:
                found = self.body[at] == char
                at += 1
        return found != self.negated


_STAR = "*"
_ANY = "?"
_Item = str | _Bracket  # "*", "?", a literal character, or a bracket


def _glob_items(pattern: str) -> list[_Item]:
    """The pattern's items; a ``[`` with no closing ``]`` is a literal character."""
    items: list[_Item] = []
    at = 0
    unclosed_from = len(pattern) + 1  # past here, no "]" is left: "[" is literal
    while at < len(pattern):
        char = pattern[at]
        if char != "[" or at >= unclosed_from:
            if not (char == _STAR and items and items[-1] == _STAR):
                items.append(char)
            at += 1
            continue
        start = at + 1
        negated = pattern.startswith(("!", "^"), start)
        body_from = start + negated
        close = pattern.find("]", body_from + 1)  # a "]" first in the set is a member
        if close < 0:
            unclosed_from = at
            items.append("[")
            at += 1
            continue
        items.append(_Bracket(pattern[body_from:close], negated))
        at = close + 1
    return items


def glob_matches(pattern: str, name: str) -> bool:
    """Whether the glob ``pattern`` matches all of ``name`` (no "/" in either)."""
    reach = {0}  # how much of ``name`` the items so far can have matched
    for item in _glob_items(pattern):
        if item == _STAR:
            reach = set(range(min(reach), len(name) + 1))
        else:
            reach = {
                done + 1
                for done in reach
                if done < len(name)
                and (
                    item.admits(name[done])
                    if isinstance(item, _Bracket)
                    else item in (_ANY, name[done])
                )
            }
        if not reach:
            return False
    return len(name) in reach
