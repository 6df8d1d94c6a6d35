"""A package's public face, loaded on first use (PEP 562).

Each package's ``__init__`` names its public API in ``__all__``, and here where each name
lives; a name is imported from its module when it is first used. So what another package
imports comes from the package's ``__init__``, and importing a package still costs
nothing until a name is used: ``sakshi --help`` loads every command module, and each
loads the lanes only when it runs (tests/test_startup.py).

Pure (it imports only ``typing`` and ``collections.abc``): the span core uses it too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

__all__ = ["public_face"]


def _load(module: str, name: str) -> Any:
    # The builtin import statement's own function: with a fromlist it returns ``module``
    # itself, not its top package.
    return __import__(module, fromlist=[name])


def public_face(
    namespace: MutableMapping[str, Any],
    homes: Mapping[str, tuple[str, ...]],
    modules: tuple[str, ...] = (),
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of the package whose ``globals()`` is
    ``namespace``: ``homes`` map each of its modules (``"lane"``, ``"anthropic.stream"``)
    to the public names it defines; ``modules`` are public as modules (``reports.context``:
    a format's renderers)."""
    package = namespace["__name__"]
    home_of = {name: f"{package}.{module}" for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name in modules:
            return _load(f"{package}.{name}", "__name__")
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # Read from its module each time, never copied here: the face shows what the
        # module holds now (a test's fault injection patches the module, as before).
        return getattr(_load(home, name), name)

    def __dir__() -> list[str]:
        return sorted({*namespace, *home_of, *modules})

    return __getattr__, __dir__
