"""Runs ``sakshi grade`` (or any sakshi command) with its fast paths turned off, for the
row of bench/scale.py that shows what they buy: a second path kept for speed must show its
worth (one rule, one place, or a measured reason for two).

Each shortcut is replaced where it is looked up, so every line takes the long way:
``turnlog._plainly_green`` (the green line decided without building its turn) never
answers; ``spans.verify._plain_span`` (a span in the plain shape) and ``turns._plain_turn``
(a turn in the plain shape) find no plain shape, so ``parse_span`` and ``_parse_turn``
decide every one. The output must be byte-identical to the fast run's, which bench/scale.py
checks as it checks every run.

    python bench/scale_long_way.py grade TURNS --documents DIR
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Turn the fast paths off, then run sakshi's CLI on ``argv``."""
    from sakshi.cli import main as sakshi
    from sakshi.context import turnlog, turns
    from sakshi.spans import verify

    turnlog._plainly_green = lambda *args, **kwargs: False
    turns._plain_turn = lambda raw: None
    verify._plain_span = lambda raw: None
    return sakshi(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
