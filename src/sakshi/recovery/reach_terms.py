"""The words ``source_reach`` judges a tool call by: which programs read only the files
their arguments name, which of their flags make them walk a folder, which argument keys
hold a shell command, a path or prose, and which tools search a folder. Pure data.

Everything not listed here is judged by the rule that fails closed: a program that is not
a known plain reader could read anything (an interpreter, a script, ``find``, ``xargs``,
``git``), so it reaches the source.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "ARGV_KEYS",
    "CODE_RUNNER_WORDS",
    "DIRECTORY_KEYS",
    "HARMLESS_DEVICES",
    "KEYWORDS",
    "LINE_KEYS",
    "MOVES",
    "NON_WALKING_TOOLS",
    "PATH_KEYS",
    "PLAIN_READERS",
    "PROSE_KEYS",
    "RECURSIVE_FLAGS",
    "SEARCH_TOOLS",
    "SHELLS",
    "SUBAGENT_TOOLS",
    "TRUSTED_BIN_DIRS",
]

# Programs whose only files are the ones their arguments name (or standard input), with
# no way to build a file name at run time or to run another program. sed, awk, perl,
# python, sh, env, xargs, find and git are not here: each can reach files nobody named.
PLAIN_READERS = frozenset(
    {
        ":",
        "[",
        "[[",
        "b2sum",
        "base32",
        "base64",
        "basename",
        "bzcat",
        "cat",
        "chmod",
        "cksum",
        "cmp",
        "column",
        "comm",
        "cp",
        "cut",
        "date",
        "diff",
        "dirname",
        "echo",
        "egrep",
        "exit",
        "expand",
        "expr",
        "false",
        "fgrep",
        "file",
        "fmt",
        "fold",
        "grep",
        "gunzip",
        "gzip",
        "head",
        "hexdump",
        "iconv",
        "join",
        "jq",
        "ln",
        "ls",
        "md5sum",
        "mkdir",
        "mv",
        "nl",
        "od",
        "paste",
        "printf",
        "pwd",
        "readlink",
        "realpath",
        "rev",
        "rm",
        "rmdir",
        "seq",
        "sha1sum",
        "sha224sum",
        "sha256sum",
        "sha384sum",
        "sha512sum",
        "sleep",
        "sort",
        "stat",
        "strings",
        "tac",
        "tail",
        "tee",
        "test",
        "touch",
        "tr",
        "true",
        "uname",
        "unexpand",
        "uniq",
        "wc",
        "whoami",
        "xxd",
        "xzcat",
        "zcat",
    }
)

# Flags that make a plain reader walk a whole folder, by program: long forms, and the
# letters that do it inside a cluster of short flags (``-rn``).
_GREP_RECURSION = (frozenset({"--recursive", "--dereference-recursive", "--directories"}), "rR")
RECURSIVE_FLAGS: Mapping[str, tuple[frozenset[str], str]] = {
    "grep": _GREP_RECURSION,
    "egrep": _GREP_RECURSION,
    "fgrep": _GREP_RECURSION,
    "cp": (frozenset({"--recursive", "--archive"}), "rRa"),
    "ls": (frozenset({"--recursive"}), "R"),
    "diff": (frozenset({"--recursive"}), "r"),
}

# Programs that change the folder later relative paths are read from.
MOVES = frozenset({"cd", "pushd", "popd"})

# Words that open or shape a command rather than name its program.
KEYWORDS = frozenset(
    {"!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "time"}
)

# Where a program named by its full path is still that program.
TRUSTED_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")

# Shells whose ``-c`` argument is a command line (``["bash", "-lc", "cat x"]``).
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh"})

# Argument keys (case-folded) whose string is a command line, and those whose list is an
# argument vector (Codex's ``command: ["bash", "-lc", "..."]``) or a list of lines.
LINE_KEYS = frozenset({"command", "cmd", "commands", "script"})
ARGV_KEYS = frozenset({"command", "cmd"})

# Keys that set the folder a command runs in.
DIRECTORY_KEYS = frozenset({"cwd", "workdir", "working_directory", "directory", "dir"})

# Keys that name a file or folder (the ``path`` of every agent's read, grep and glob).
PATH_KEYS = frozenset(
    {
        "absolute_path",
        "dir",
        "directory",
        "dir_path",
        "file",
        "file_path",
        "filename",
        "filepath",
        "files",
        "folder",
        "notebook_path",
        "path",
        "paths",
        "relative_path",
        "root",
        "target",
        "target_file",
        "uri",
        "url",
        "cwd",
        "workdir",
        "working_directory",
    }
)

# Keys that hold prose for a person or a model (a sub-agent's prompt, a to-do list): a
# space there separates words of a sentence, not arguments.
PROSE_KEYS = frozenset(
    {
        "activeform",
        "content",
        "description",
        "explanation",
        "message",
        "new_string",
        "old_string",
        "plan",
        "prompt",
        "question",
        "reason",
        "subject",
        "summary",
        "text",
        "thought",
        "title",
        "todos",
    }
)

# Tools that search the contents of a folder, and search the agent's folder (the project,
# which holds the source) when no path is given. (A glob tool finds names, not contents:
# only its pattern and path are read, as any tool's arguments are.)
SEARCH_TOOLS = frozenset(
    {
        "codebase_search",
        "grep",
        "grep_files",
        "grep_search",
        "rg",
        "ripgrep",
        "search",
        "search_file_content",
        "search_files",
    }
)

# Tools that never read the contents of a folder given to them: they read or write one
# file, or list names. A folder above the source's, given to one of these, reaches nothing;
# given to any other tool (a search, a multi-file read, a tool sakshi does not know), it
# reaches the source.
NON_WALKING_TOOLS = frozenset(
    {
        "edit",
        "find",
        "glob",
        "list_dir",
        "list_directory",
        "list_files",
        "ls",
        "multiedit",
        "notebookedit",
        "notebookread",
        "read",
        "read_file",
        "replace",
        "replace_in_file",
        "str_replace_based_edit_tool",
        "str_replace_editor",
        "view",
        "write",
        "write_file",
        "write_to_file",
    }
)

# Words in a tool's name (split at anything but letters and digits) that say it runs a
# command or code: its reach is whatever that command is.
CODE_RUNNER_WORDS = frozenset(
    {
        "bash",
        "cmd",
        "code",
        "command",
        "commands",
        "console",
        "exec",
        "execute",
        "interpreter",
        "node",
        "powershell",
        "process",
        "pwsh",
        "python",
        "repl",
        "run",
        "script",
        "sh",
        "shell",
        "spawn",
        "subprocess",
        "terminal",
        "zsh",
    }
)

# Devices that hold no file's bytes: writing to them or reading them reaches nothing.
HARMLESS_DEVICES = frozenset(
    {"/dev/null", "/dev/zero", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty"}
)

# Tools that hand a task to a sub-agent, whose own calls a trace may not hold.
SUBAGENT_TOOLS = frozenset({"agent", "task", "dispatch_agent", "spawn_agent", "new_task"})
