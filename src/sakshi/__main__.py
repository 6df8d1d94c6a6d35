"""``python -m sakshi``: the same as the ``sakshi`` command."""

from sakshi.cli import main

# A process entry point of its own: it ends the process with the code cli.main returns
# (commands return outcomes; tests/test_layout.py names the places that may exit).
raise SystemExit(main())
