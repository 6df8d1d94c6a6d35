"""The errors sakshi raises on purpose.

    SakshiError(Exception)            anything sakshi refuses; the CLI turns it into exit 2
    └── InputError(SakshiError, ValueError)
                                      a user's input is unusable: a file, a key, a value

Every message names where the problem is (the file, and the key or line when known), what
was expected and what was found, on one line. Grading outcomes are never errors: a span
that does not verify is a value with a reason code, not an exception.

``ExitCode`` is what a run ends in; it lives here, beside the error that means its 2,
because ``sakshi --version`` loads this module and no command module.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["CLUSTER_EXTRA", "ExitCode", "InputError", "SakshiError", "a_kind", "type_name"]


class ExitCode(IntEnum):
    """The exit code of every command (SPEC): what ``cli.main`` returns to the shell."""

    OK = 0  # everything held
    FAILED = 1  # graded, and something did not hold
    UNUSABLE = 2  # could not grade honestly: bad input, missing configuration, a crash


# What to install for URLs, .zst logs and Dask: sakshi is on no package index, so the hint
# names the extra and how a checkout installs it (a git URL at a commit takes it too).
CLUSTER_EXTRA = "install sakshi with its cluster extra (in its checkout: pip install '.[cluster]')"


class SakshiError(Exception):
    """Base of every error sakshi raises deliberately; the CLI maps it to exit 2."""


class InputError(SakshiError, ValueError):
    """An input file or value cannot be used: the message says where and why.

    ``source`` is the file (as the user named it) or another label such as ``<stdin>``;
    ``key`` is the key path inside it (``documents[2].file``) or a ``line N`` label.
    """

    def __init__(self, source: str, key: str | None, problem: str) -> None:
        self.source = source
        self.key = key
        self.problem = problem
        where = f"{source}: {key}" if key else source
        super().__init__(_one_line(f"{where}: {problem}"))

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str | None, str]]:
        # Rebuilt from its parts when it crosses a process boundary (--jobs).
        return (type(self), (self.source, self.key, self.problem))


def _one_line(text: str) -> str:
    # A key or value quoted into a message may hold line breaks; the message stays one line.
    return text.replace("\r", "\\r").replace("\n", "\\n")


def type_name(value: object) -> str:
    """What was found, tersely: ``null`` or the Python type's name (``int``, ``list``)."""
    return "null" if value is None else type(value).__name__


_A_KIND: dict[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
}


def a_kind(value: object, mapping: str = "a mapping") -> str:
    """What was found, in words: ``null``, ``an integer``, ``a list``, ``a mapping`` (or
    ``mapping`` as the caller's format calls it, e.g. ``an object`` for JSON)."""
    if value is None:
        return "null"
    if type(value) is dict:
        return mapping
    return _A_KIND.get(type(value), type(value).__name__)
