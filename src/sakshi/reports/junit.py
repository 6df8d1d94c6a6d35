"""JUnit XML, the one writer both lanes use: data in, bytes out.

CI systems read one ``<testsuite>``: its identity as ``<properties>``, one ``<testcase>``
per pack or run, a ``<failure>`` or ``<error>`` where it did not hold. Every string is
escaped, and characters XML 1.0 cannot hold at all (most control characters, even
escaped) become U+FFFD, so no pack id or run folder name can break the file.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Case", "render"]

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


@dataclass(frozen=True)
class Case:
    """One testcase; ``outcome`` is ``pass``, ``failure`` or ``error``."""

    classname: str
    name: str
    outcome: str = "pass"
    message: str = ""
    type: str = ""
    body: str = ""


def render(suite: str, cases: Sequence[Case], identity: Mapping[str, Any] | None) -> bytes:
    """The JUnit document for ``cases``, with ``identity`` as the suite's properties."""
    # Imported here: xml.sax pulls in urllib and http.client, 15 ms the JSON path never needs.
    from xml.sax.saxutils import escape, quoteattr

    def attr(text: str) -> str:
        return quoteattr(_XML_BAD.sub("\ufffd", text))

    failures = sum(c.outcome == "failure" for c in cases)
    errors = sum(c.outcome == "error" for c in cases)
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(
        f'<testsuites name="sakshi" tests="{len(cases)}" failures="{failures}" errors="{errors}">\n'
    )
    out.write(
        f'  <testsuite name={attr(suite)} tests="{len(cases)}" failures="{failures}"'
        f' errors="{errors}" skipped="0">\n'
    )
    if identity is not None:
        from sakshi.identity import identity_properties

        out.write("    <properties>\n")
        for name, value in identity_properties(identity):
            out.write(f"      <property name={attr(name)} value={attr(value)}/>\n")
        out.write("    </properties>\n")
    for case in cases:
        head = f"classname={attr(case.classname)} name={attr(case.name)}"
        if case.outcome == "pass":
            out.write(f"    <testcase {head}/>\n")
            continue
        outcome = f"{case.outcome} message={attr(case.message)} type={attr(case.type)}"
        if case.body:
            detail = f"<{outcome}>{escape(_XML_BAD.sub(chr(0xFFFD), case.body))}</{case.outcome}>"
        else:
            detail = f"<{outcome}/>"
        out.write(f"    <testcase {head}>\n      {detail}\n    </testcase>\n")
    out.write("  </testsuite>\n</testsuites>\n")
    return out.getvalue().encode("utf-8")
