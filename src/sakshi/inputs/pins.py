"""Whether a requirement line pins what pip installs (``sakshi init --install`` and the
GitHub Action's ``sakshi`` input, which both call this one rule). Pure.

Pinned means one set of bytes, and only these forms:

- ``NAME==VERSION``, an exact version with no wildcard (``sakshi==0.1.0``; extras are
  fine: ``sakshi[dask]==0.1.0``);
- a git or Mercurial URL at a full 40-hex commit, lowercase as git prints it
  (``sakshi @ git+https://host/team/sakshi@<commit>``);
- a file or URL carrying ``#sha256=<64 lowercase hex>``
  (``sakshi @ https://host/sakshi-0.1.0-py3-none-any.whl#sha256=...``, or
  ``file:wheels/sakshi-0.1.0-py3-none-any.whl#sha256=...`` for a file in the repository).

pip's ``--hash=sha256:<hex>`` options may follow any of them; they add a check, and never
pin a line that is not pinned without them. Everything else is not pinned: a bare name or
a range (whatever is published next), ``===`` (PEP 440's text comparison for versions it
cannot parse), a branch, a tag, a short commit or no ref at all (whatever the repository
holds then), a file or URL without ``#sha256=`` (its bytes can change under the same
name), another hash (pip checks only the first hash it finds in a URL, and md5 and sha1
are broken), an uppercase hash (pip compares the text with its lowercase digest: it never
matches), an environment marker (a false one installs nothing) and any other pip option.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from sakshi.errors import InputError

__all__ = ["check_pinned", "pin_problem"]

_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\[[A-Za-z0-9._, -]*\])?"
# A PEP 440 version as pip prints it: release, pre, post, dev and local parts, no wildcard.
_VERSION = (
    r"(?:[0-9]+!)?[0-9]+(?:\.[0-9]+)*(?:(?:a|b|rc)[0-9]+)?(?:\.post[0-9]+)?(?:\.dev[0-9]+)?"
    r"(?:\+[a-z0-9]+(?:\.[a-z0-9]+)*)?"
)
_EXACT = re.compile(rf"{_NAME}\s*==\s*{_VERSION}", re.IGNORECASE)
_DIRECT = re.compile(rf"{_NAME}\s*@\s*(\S+)")
_OPTIONS = re.compile(r"(.*?)((?:\s+-\S*)*)")
_HASH_OPTION = re.compile(
    r"--hash=(?:sha256:[0-9a-f]{64}|sha384:[0-9a-f]{96}|sha512:[0-9a-f]{128})"
)
_COMMIT = re.compile(r"[0-9a-f]{40}")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")
# pip reads the first of these anywhere in a URL as the one hash to check (its Link).
_URL_HASH = re.compile(r"[#&](sha512|sha384|sha256|sha224|sha1|md5)=([^&]*)")
_ARCHIVES = (".whl", ".zip", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar")
_RANGE = "a version range installs whatever is published in it next"
# In this order: the first token found names the problem with a version specifier.
_SPECIFIER_PROBLEMS = (
    ("===", "'===' compares the version's text (PEP 440's escape hatch): give '=='"),
    ("*", "a wildcard version installs whatever is published under it next"),
    (",", _RANGE),
    ("~=", _RANGE),
    ("!=", _RANGE),
    (">", _RANGE),
    ("<", _RANGE),
    ("==", "the version is not one pip prints (X.Y.Z, X.Y.ZrcN, X.Y.Z.postN, X.Y.Z.devN)"),
    ("@", "not one requirement of the form NAME @ URL"),
)
_FORMS = (
    "give NAME==X.Y.Z, a git URL at its full 40-hex commit (sakshi @ git+https://.../sakshi"
    "@<commit>) or a file or URL with #sha256=<64 lowercase hex>"
)


def _commit_problem(url: str) -> str | None:
    # pip takes the ref after the last '@' of the URL's path (its VersionControl).
    path = urlsplit(url.split("+", 1)[1]).path
    if "@" not in path:
        return "a repository URL without @<commit> installs whatever its default branch holds"
    rev = path.rsplit("@", 1)[1]
    if _COMMIT.fullmatch(rev):
        return None
    if _COMMIT.fullmatch(rev.lower()):
        return "write the commit in lowercase hex, as git prints it"
    return f"'@{rev}' is a branch, a tag or a short commit, not a full 40-hex commit"


def _sha256_problem(url: str) -> str | None:
    found = _URL_HASH.search(url)
    if found is None:
        return "a file or URL without #sha256=<64 hex> can change under the same name"
    if len(_URL_HASH.findall(url)) > 1:
        return "the URL holds more than one hash, and pip checks only the first"
    name, value = found.groups()
    if name != "sha256":
        return f"'{name}=' is not sha256 (pip checks only the first hash in a URL)"
    if "#" not in url or found.start() < url.index("#"):
        return "the sha256 is in the URL's query, not after its '#'"
    if _SHA256.fullmatch(value):
        return None
    if _SHA256.fullmatch(value.lower()):
        return "pip compares the sha256 with its lowercase digest: an uppercase one never matches"
    return "the sha256 is not 64 hex digits"


def _url_problem(url: str) -> str | None:
    scheme_match = _SCHEME.match(url)
    scheme = scheme_match.group(1).lower() if scheme_match else ""
    if scheme.startswith(("git+", "hg+")):
        return _commit_problem(url)
    if scheme.startswith(("svn+", "bzr+")):
        return "only a git or Mercurial URL names a commit by its full 40-hex id"
    if scheme in ("http", "https", "file"):
        return _sha256_problem(url)
    if not scheme:
        return (
            "a file path can change under its name, and pip takes no #sha256 on a plain path:"
            " give it as file:PATH#sha256=<64 hex>"
        )
    return f"pip installs no '{scheme}:' URL"


def _looks_like_a_place(target: str) -> bool:
    # A URL, a path, or a bare archive's file name: never a project name.
    return re.search(r"[/:\\]", target) is not None or target.lower().endswith(_ARCHIVES)


def pin_problem(line: str) -> str | None:
    """Why the one requirement ``line`` does not pin what pip installs, or None when it
    does (see the module docstring)."""
    split = _OPTIONS.fullmatch(line)
    requirement, options = (split.group(1), split.group(2).split()) if split else (line, [])
    if re.search(r"(?:^|\s)-", requirement):
        return "a pip option (-e, -r, --index-url, ...) is not a requirement"
    for option in options:
        if not _HASH_OPTION.fullmatch(option):
            return f"only --hash=sha256:<64 lowercase hex> may follow, not {option!r}"
    if ";" in requirement:
        return "an environment marker can leave sakshi uninstalled"
    if _EXACT.fullmatch(requirement):
        return None
    direct = _DIRECT.fullmatch(requirement)
    target = direct.group(1) if direct else requirement
    if direct or (re.fullmatch(r"\S+", target) and _looks_like_a_place(target)):
        try:
            return _url_problem(target)
        except ValueError:  # urlsplit: a malformed host
            return "not a URL pip can read"
    for token, problem in _SPECIFIER_PROBLEMS:
        if token in requirement:
            return problem
    return "a bare name installs whatever is published under it next"


def check_pinned(requirement: str, label: str = "--install") -> str:
    """``requirement`` stripped, if it is one line that pins what pip installs; else an
    InputError naming ``label`` (where the line came from), why, and the pinned forms."""
    line = requirement.strip()
    if "\n" in line or "\r" in line:
        raise InputError(label, None, "expected one requirement line, found several")
    problem = pin_problem(line)
    if problem is not None:
        raise InputError(label, None, f"{line!r} is not pinned: {problem}; {_FORMS}")
    return line
