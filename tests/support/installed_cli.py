"""The installed ``sakshi`` executable, run as a user would: the SPEC acceptance suites'
one runner (tests/test_spec_acceptance_*.py).

Not a test module: those modules import it (each puts ``tests/support`` on ``sys.path``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = ["Run", "none_pack", "refused", "sakshi"]


class Run(NamedTuple):
    """What one CLI call left behind: its exit code and both streams."""

    code: int
    out: str
    err: str


def sakshi(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
    """Run the installed executable (the venv's, beside this interpreter) as a user would."""
    exe = shutil.which("sakshi", path=str(Path(sys.executable).parent)) or "sakshi"
    proc = subprocess.run(
        [exe, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def refused(run: Run, *named: str) -> bool:
    """Exit 2, nothing on stdout, one line on stderr naming each of ``named``."""
    lines = run.err.strip().splitlines()
    return (
        run.code == 2
        and run.out == ""
        and len(lines) == 1
        and "Traceback" not in run.err
        and all(name in lines[0] for name in named)
    )


_NONE_PACK = """\
pack: sakshi.pack.v1
id: {pack_id}
title: t
engine_state: none
matter: {{}}
documents: [{{id: d, text: "{text}"}}]
command: {{name: chronology, args: {{}}}}
turn:
  context_provenance: {{engine_state: none, bundle_sha256: null}}
  values: [{{field: q, value: "{value}", cite: {{doc: d, quote: "{quote}"}}}}]
"""


def none_pack(
    pack_id: str, value: str, quote: str = "42.500 MT", text: str = "Delivered 42.500 MT."
) -> str:
    """A pack served nothing (engine_state none) whose one value cites ``quote`` in the
    document ``d`` holding ``text``: green when the quote is there and states the value."""
    return _NONE_PACK.format(pack_id=pack_id, value=value, quote=quote, text=text)
