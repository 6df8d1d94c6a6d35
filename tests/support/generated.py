"""The data modules generated at build time from maintained libraries (CLDR through babel,
pint): each test loads the generator from tools/ and asserts that the committed module is
exactly what it renders now, so a pinned library's upgrade that changes a name or a
factor fails in the rule's own test module."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def tool(name: str) -> ModuleType:
    """``tools/<name>.py`` loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_regenerated(name: str, data: str) -> None:
    """``src/sakshi/values/data/<data>.py`` is what ``tools/<name>.py`` renders now."""
    committed = (ROOT / "src/sakshi/values/data" / f"{data}.py").read_text(encoding="utf-8")
    assert tool(name).render() == committed, f"run: python tools/{name}.py"
