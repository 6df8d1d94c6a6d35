"""``python -m sakshi``: the same as the ``sakshi`` command."""

from sakshi.cli import main

raise SystemExit(main())
