"""Could a tool call have reached the original source? Pure.

A temp-output case fails with SOURCE_READ_DIRECTLY when any call other than the producer
could have read the source (SPEC section 5). Spellings cannot be listed (``cd notes &&
cat big.txt``, ``$F``, ``notes/{big,x}.txt``, ``grep -r``, ``find -exec``, ``ln -s``, a
line continuation, ``$'\\x62'``, ``%2E`` in a URL, the path under a key nobody expected),
so a call is judged by what it could reach, and whatever cannot be told counts as reaching
the source:

- a tool whose name says it runs commands or code (``exec``, ``terminal``, ``python``)
  reaches it unless its command stands under a key read here as a command line, and a
  sub-agent launcher (Claude Code's Task or Agent) reaches it: newer agents keep a
  sub-agent's calls in a file of its own, out of the trace's sight;
- a shell command (a ``command``, ``cmd``, ``commands`` or ``script`` argument) reaches it
  when anything in it needs the running shell to be known (``shell_words``: a variable, a
  substitution, a glob, a brace or a tilde, an unterminated quote); when a word names the
  source's folder, a folder inside it, the file itself, a folder above it (``.``, ``..``,
  ``/``, a known absolute parent) or a device (``/dev/sda1``, ``/proc/...``); when, after
  a ``cd`` (or given a folder to run in), a command names a relative path; when a program
  is not a plain reader of the files it names (an interpreter, a script, ``find``,
  ``xargs``, ``git``: see ``reach_terms``); or when a plain reader is told to walk folders
  (``grep -r``, ``cp -R``, ``ls -R``);
- any other call reaches it when one of its strings, under any key, read as a path after
  percent-decoding, case folding and normalisation, is the source or lies in its folder;
  when a path argument (``path``, ``file_path``, ``url``, ...) of a tool that may walk
  folders (anything but a known one-file or names-only tool) names a folder above it; or
  when a searching tool (grep) is given no path, and so searches the project.

Each string is read a bounded number of times, in one pass each: nothing here can be slow.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sakshi.recovery.model import ToolCall
from sakshi.recovery.reach_terms import (
    ARGV_KEYS,
    CODE_RUNNER_WORDS,
    DIRECTORY_KEYS,
    HARMLESS_DEVICES,
    KEYWORDS,
    LINE_KEYS,
    MOVES,
    NON_WALKING_TOOLS,
    PATH_KEYS,
    PLAIN_READERS,
    PROSE_KEYS,
    RECURSIVE_FLAGS,
    SEARCH_TOOLS,
    SHELLS,
    SUBAGENT_TOOLS,
    TRUSTED_BIN_DIRS,
)
from sakshi.recovery.shell_words import shell_text
from sakshi.recovery.source_names import SourceName, fold

__all__ = ["SourceReach", "keyed_strings"]

# Inside one argument: where a key=value, a URL's scheme, a list or an option's value ends.
_TIGHT = re.compile(r"[=,:;|&<>()`{}'\"]+")
# ... and, outside prose, blanks too: an unknown tool's arguments may be one command line.
_LOOSE = re.compile(r"[\s=,:;|&<>()`{}'\"]+")
_GLOB_MARK = re.compile(r"[*?\[]")
_PERCENT = re.compile(r"%([0-9a-fA-F]{2})")
_NAME_PARTS = re.compile(r"[^a-z0-9]+")
_ASSIGNMENT = re.compile(r"[a-z_][a-z0-9_]*=")
_SHELL_C = re.compile(r"-[a-z]*c\Z")
# Decoding "%252E" twice gives ".": a few rounds undo any nesting a tool would undo.
_DECODE_ROUNDS = 3


def _decoded(text: str) -> Iterator[str]:
    """``text``, then each percent-decoding of it that changes something, folded again:
    "%4E" decodes to a capital that the folding before it could not see."""
    yield text
    for _ in range(_DECODE_ROUNDS):
        if "%" not in text:
            return
        decoded = fold(_PERCENT.sub(lambda match: chr(int(match.group(1), 16)), text))
        if decoded == text:
            return
        text = decoded
        yield text


def _views(text: str) -> Iterator[str]:
    """The spellings a tool might make of ``text``: folded, percent-decoded, and with a
    backslash read as a separator (Windows) as well as kept."""
    for view in _decoded(fold(text)):
        yield view
        if "\\" in view:
            yield view.replace("\\", "/")


def keyed_strings(args: Mapping[str, Any]) -> Iterator[tuple[str, str | list[Any]]]:
    """Every string in ``args`` with the (case-folded) key it stands under, nested values
    included; a list of strings under a command key comes whole, as an argument vector.
    No recursion, so no depth of nesting can overflow the stack."""
    stack: list[tuple[str, Any]] = [(str(key).casefold(), value) for key, value in args.items()]
    while stack:
        key, value = stack.pop()
        if isinstance(value, str):
            yield key, value
        elif isinstance(value, Mapping):
            stack.extend((str(inner).casefold(), item) for inner, item in value.items())
        elif isinstance(value, list | tuple):
            if key in LINE_KEYS and value and all(isinstance(item, str) for item in value):
                yield key, list(value)
            else:
                stack.extend((key, item) for item in value)


def _components(path: str) -> list[list[str]]:
    """The path's components as written, and after normalisation."""
    normal = posixpath.normpath(path) if path else "."
    return [path.split("/"), normal.split("/")]


def _holds(parts: list[str], run: tuple[str, ...]) -> bool:
    """Whether ``run`` stands contiguously among ``parts``."""
    if not run:
        return False
    width = len(run)
    return any(
        tuple(parts[at : at + width]) == run
        for at in range(len(parts) - width + 1)
        if parts[at] == run[0]
    )


@dataclass(frozen=True)
class SourceReach:
    """The source, its folder and the absolute spellings of that folder the trace knows."""

    name: SourceName
    folder: tuple[str, ...]  # normalised and folded, relative to the project; () for the top
    roots: tuple[tuple[str, ...], ...]  # absolute spellings of the folder, as components

    @classmethod
    def of(cls, source_path: str, known_paths: Iterable[str] = ()) -> SourceReach:
        """The reach of ``source_path`` (the corpus's); ``known_paths`` are absolute paths
        of the source seen in trusted records (the harness's), to tell its parents by."""
        name = SourceName.of(source_path)  # normalised and folded already
        folded = "/".join(name.components)
        roots = []
        for known in known_paths:
            path = posixpath.normpath(fold(known))
            if path.startswith("/") and path.endswith("/" + folded):
                roots.append(tuple(posixpath.dirname(path).split("/")))
        return cls(name, name.components[:-1], tuple(roots))

    @property
    def marker(self) -> str:
        """What any spelling of the source or its folder holds: the folder's name (the
        file's, for a source at the top of the project)."""
        return self.folder[-1] if self.folder else self.name.components[-1]

    def touches(self, call: ToolCall) -> bool:
        """Whether ``call`` could have read the source (see the module's rules)."""
        pairs = list(keyed_strings(call.args))
        moved = any(key in DIRECTORY_KEYS for key, _ in pairs)
        walks = call.tool not in NON_WALKING_TOOLS
        if call.tool in SEARCH_TOOLS and not any(key in PATH_KEYS for key, _ in pairs):
            return True  # a search of the agent's own folder: the project itself
        if _runs_code(call.tool) and not any(key in LINE_KEYS for key, _ in pairs):
            return True  # it runs something, and the command is where nobody can read it
        if call.tool in SUBAGENT_TOOLS:
            return True  # a sub-agent's own calls may be kept where this trace cannot show
        for key, value in pairs:
            if key in LINE_KEYS:
                if self._line_touches(key, value, moved):
                    return True
            elif isinstance(value, str) and self._value_touches(key, value, walks):
                return True
        return False

    # --- a path, in any spelling -------------------------------------------------------------

    def _in_folder(self, piece: str) -> bool:
        """``piece`` is the source's folder or anything inside it (for a source at the top of
        the project, the file itself)."""
        if not self.folder:
            return self.name.names(piece)
        return any(_holds(parts, self.folder) for parts in _components(piece))

    def _above(self, piece: str) -> bool:
        """``piece`` is a folder that holds the source's folder: the agent's own folder
        (``.``, empty), anything up from it, the root, a home, or a known absolute parent."""
        if piece.startswith("~"):
            return True
        normal = posixpath.normpath(piece) if piece else "."
        if normal in (".", "..", "/", "//") or normal.startswith("../"):
            return True
        parts = tuple(normal.split("/"))
        return normal.startswith("/") and any(root[: len(parts)] == parts for root in self.roots)

    def _names(self, piece: str) -> bool:
        """``piece`` is the source, or its folder, or inside it, in any spelling."""
        # Cheap first: such a piece holds the folder's (or the file's) name once quotes and
        # backslashes are gone, or a glob that could stand for it.
        bare = piece.replace("'", "").replace('"', "").replace("\\", "")
        if self.marker not in bare and _GLOB_MARK.search(bare) is None:
            return False
        return self._in_folder(piece) or self.name.names(piece)

    # --- a plain argument -------------------------------------------------------------------

    def _value_touches(self, key: str, value: str, walks: bool) -> bool:
        splitter = _TIGHT if key in PROSE_KEYS else _LOOSE
        for view in _views(value):
            if key in PATH_KEYS and (_device(view) or (walks and self._above(view))):
                return True
            if any(self._names(piece) for piece in (view, *splitter.split(view)) if piece):
                return True
        return False

    # --- a command line ---------------------------------------------------------------------

    def _line_touches(self, key: str, value: str | list[Any], moved: bool) -> bool:
        if isinstance(value, str):
            return self._script_touches(value, moved)
        if key in ARGV_KEYS:
            argv = [fold(word) for word in value]
            program = argv[0].rsplit("/", 1)[-1]
            if len(argv) >= 3 and program in SHELLS and _SHELL_C.match(argv[1]):
                return self._script_touches(argv[2], moved) or any(
                    self._word_touches(word, True, moved) for word in argv[3:]
                )
            return self._commands_touch([tuple(argv)], moved)
        return any(self._script_touches(line, moved) for line in value)

    def _script_touches(self, text: str, moved: bool) -> bool:
        folded = fold(text)
        for view in (folded, folded.replace("\\", "/")) if "\\" in folded else (folded,):
            parsed = shell_text(view)
            if parsed.dynamic or self._commands_touch(parsed.commands, moved):
                return True
        return False

    def _commands_touch(self, commands: Iterable[tuple[str, ...]], moved: bool) -> bool:
        for words in commands:
            at = 0
            while at < len(words) and (words[at] in KEYWORDS or _ASSIGNMENT.match(words[at])):
                at += 1
            if any(self._word_touches(word, index > at, moved) for index, word in enumerate(words)):
                return True
            if at == len(words):
                continue
            program = _program(words[at])
            if program in MOVES:
                moved = True  # later relative paths are read from a folder nobody checked
            elif not _plain(program, words[at + 1 :]):
                return True
        return False

    def _word_touches(self, word: str, argument: bool, moved: bool) -> bool:
        """A shell word names the source, its folder or a folder above it; or, after a
        ``cd``, is a relative path of unknown reach."""
        if moved and argument and word and not word.startswith(("-", "/")):
            return True
        if _device(word):
            return True
        pieces = [word, *_TIGHT.split(word)]
        if word.startswith("-") and not word.startswith("--"):
            pieces.append(word[2:])  # an option's attached value: -fnotes/big.txt
        for piece in pieces:
            for view in _decoded(piece):
                if self._names(view) or (view == piece == word and argument and self._above(view)):
                    return True
        return False


def _runs_code(tool: str) -> bool:
    """Whether a tool's name says it runs commands or code (``exec``, ``run_python``,
    ``terminal``): such a tool reaches whatever its command says."""
    return any(part in CODE_RUNNER_WORDS for part in _NAME_PARTS.split(tool) if part)


def _device(path: str) -> bool:
    """A device or a process's view of files (``/dev/sda1``, ``/proc/self/cwd/...``): it
    can hold any file's bytes. The few harmless devices are no path to anything."""
    return path.startswith(("/dev/", "/proc/")) and path not in HARMLESS_DEVICES


def _program(word: str) -> str | None:
    """The program a command word runs, when it is a known one: a bare name, or a name in a
    system folder (a ``./cat`` could be anything)."""
    if "/" not in word:
        return word
    if word.startswith(TRUSTED_BIN_DIRS):
        return word.rsplit("/", 1)[-1]
    return None


def _plain(program: str | None, arguments: tuple[str, ...]) -> bool:
    """Whether a program reads only the files its arguments name: a plain reader, not
    told by its flags to walk folders."""
    if program is None or program not in PLAIN_READERS:
        return False
    flags = RECURSIVE_FLAGS.get(program)
    if flags is None:
        return True
    long_forms, letters = flags
    for word in arguments:
        if word == "--":
            return True
        cluster = word.startswith("-") and not word.startswith("--") and word[1:].isalpha()
        if word.split("=", 1)[0] in long_forms or (
            cluster and any(letter in word for letter in letters)
        ):
            return False
        if program.endswith("grep") and word.startswith("-d"):
            return False  # -d recurse (or -drecurse): the folder is walked
    return True
