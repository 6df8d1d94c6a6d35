"""Shell text cut into simple commands and words, as far as it can be told without running
it. Pure.

Whether a shell command could reach the original source (SPEC section 5) is decided from
what the command says, so this reads the text as a POSIX shell would, up to the point
where reading stops being exact: quotes are removed, backslash escapes and line
continuations applied, and the text is cut into simple commands at ``;``, ``&``, ``|``,
``(``, ``)`` and new lines (a redirection's ``<`` or ``>`` ends a word, and the file it
names is a word of the command). Anything whose value only the running shell knows makes
the text ``dynamic``, and the caller must then assume it reaches anything: a parameter,
command or arithmetic substitution (``$``, a backquote; ``$'\\x62'`` too), a glob (``*``,
``?``, ``[``), a brace expansion, a tilde, an unterminated quote.

One pass over the text, so no command can make this slow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ShellText", "shell_text"]

_BREAKS = frozenset(";&|()\n")
_REDIRECTS = frozenset("<>")
_BLANKS = frozenset(" \t\r\f\v")
# Unquoted, these expand (globs, braces, a tilde): only the running shell knows to what.
_EXPANDS = "*?[{}~"
# A run of characters with no quoting, escaping or word-ending meaning.
_PLAIN = re.compile(r"[^\\'\" \t\r\f\v;&|()\n<>]+")
# Words that are the shell's own syntax, not an expansion, though they hold a brace or a
# bracket: command grouping, the test command, negation.
_SYNTAX_WORDS = frozenset({"{", "}", "[", "[[", "]]", "]", "!"})
# Inside double quotes a backslash escapes only these (and a new line, which it removes).
_DQ_ESCAPES = frozenset('$`"\\\n')
_DQ_PLAIN = re.compile(r'[^"\\$`]+')


@dataclass(frozen=True)
class ShellText:
    """The simple commands of a shell text, each as its words after quote removal, and
    whether anything in it can only be known by running it."""

    commands: tuple[tuple[str, ...], ...]
    dynamic: bool


class _Scan:
    """The state of one pass: the word being built, the words and commands so far."""

    def __init__(self) -> None:
        self.word: list[str] = []
        self.started = False  # a word is open (an empty quoted word counts)
        self.expands = False  # the open word has an unquoted glob, brace or tilde
        self.words: list[str] = []
        self.commands: list[tuple[str, ...]] = []
        self.dynamic = False

    def add(self, text: str) -> None:
        self.word.append(text)
        self.started = True

    def end_word(self) -> None:
        if self.started:
            word = "".join(self.word)
            if self.expands and word not in _SYNTAX_WORDS:
                self.dynamic = True
            self.words.append(word)
        self.word, self.started, self.expands = [], False, False

    def end_command(self) -> None:
        self.end_word()
        if self.words:
            self.commands.append(tuple(self.words))
        self.words = []


def _single_quoted(text: str, at: int, scan: _Scan) -> int:
    """Past a single-quoted run starting after the quote at ``at - 1``: all literal."""
    close = text.find("'", at)
    if close < 0:
        scan.dynamic = True  # the shell would wait for more: nothing here is certain
        scan.add(text[at:])
        return len(text)
    scan.add(text[at:close])
    return close + 1


def _double_quoted(text: str, at: int, scan: _Scan) -> int:
    """Past a double-quoted run: literal but for ``$``, backquotes and a few escapes."""
    scan.started = True
    while at < len(text):
        plain = _DQ_PLAIN.match(text, at)
        if plain is not None:
            scan.add(plain.group())
            at = plain.end()
            continue
        char = text[at]
        if char == '"':
            return at + 1
        if char == "\\" and at + 1 < len(text) and text[at + 1] in _DQ_ESCAPES:
            if text[at + 1] != "\n":
                scan.add(text[at + 1])
            at += 2
            continue
        if char in "$`":
            scan.dynamic = True
        scan.add(char)
        at += 1
    scan.dynamic = True  # unterminated
    return at


def _unquoted(text: str, at: int, scan: _Scan) -> int:
    """A run outside quotes; returns where the next one starts."""
    plain = _PLAIN.match(text, at)
    if plain is not None:
        # Ordinary characters, taken a run at a time: a text of millions of "[" or "*" is
        # one run, not millions of steps.
        run = plain.group()
        if "$" in run or "`" in run:
            scan.dynamic = True
        if any(mark in run for mark in _EXPANDS):
            scan.expands = True
        scan.add(run)
        return plain.end()
    char = text[at]
    if char == "\\":
        if at + 1 < len(text):
            if text[at + 1] != "\n":  # a line continuation joins the lines
                scan.add(text[at + 1])
            return at + 2
        scan.add(char)
    elif char in _BLANKS:
        scan.end_word()
    elif char in _BREAKS:
        scan.end_command()
    elif char in _REDIRECTS:
        scan.end_word()
    elif char == "'":
        scan.started = True
        return _single_quoted(text, at + 1, scan)
    else:  # '"'
        return _double_quoted(text, at + 1, scan)
    return at + 1


def shell_text(text: str) -> ShellText:
    """``text`` read as a shell would read it, as far as that can be told statically."""
    scan = _Scan()
    at = 0
    while at < len(text):
        at = _unquoted(text, at, scan)
    scan.end_command()
    return ShellText(tuple(scan.commands), scan.dynamic)
