"""Small inputs the hostile tests feed ``sakshi`` where the file, not its content, is the
attack: a documents file, a span line and a turn record that are valid on their own, and
a secret that a link out of the documents folder must never let a turn cite.

Not a test module: ``test_input_files``, ``test_output_files``, ``test_paths`` and
``test_grade_document_schemes`` beside it import it.
"""

from __future__ import annotations

from typing import Any

DOCS_YAML = 'documents:\n  - id: memo\n    text: "Cheque No.: 004512"\n'
SPAN_LINE = '{"id": 1, "doc": "memo", "quote": "Cheque No.: 004512"}\n'


def turn_record(*values: dict[str, Any]) -> dict[str, Any]:
    """A turn ``t1`` on the document ``grn``, engine state ``none``, stating ``values``."""
    return {
        "id": "t1",
        "engine_state": "none",
        "documents": ["grn"],
        "turn": {
            "context_provenance": {"engine_state": "none", "bundle_sha256": None},
            "values": list(values),
        },
    }


# A file outside the documents folder, and a turn that would grade green only if it were read.
SECRET = b"TOP-SECRET bytes outside the documents folder\n"
SECRET_TURN = turn_record(
    {
        "field": "note",
        "value": "TOP-SECRET",
        "why": "The file says so.",
        "cite": {"doc": "grn", "quote": "TOP-SECRET"},
    }
)
