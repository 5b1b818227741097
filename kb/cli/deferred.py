"""Standard modules imported for a name and loaded when first used.

`dataclasses` imports `inspect` (with `ast`, `dis`, `tokenize`: about a tenth of a cold
search's instructions) only to give a class without a docstring one made from its
signature; every dataclass of `kb` has a docstring, so a search never uses it.
`defer(name)` puts the module in `sys.modules` with only what the import system reads of
it (its spec, file, loader): its code runs at the first access to anything else, into the
same module object, which from then on is the module itself. (The standard
`importlib.util.LazyLoader` loads on any attribute access, and Python 3.11's `import`
itself reads `__spec__`.) For a single-threaded command: two threads touching the module
first at once could both run its code.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from importlib.machinery import ModuleSpec
from typing import Any


class _Deferred(types.ModuleType):
    """A module whose code has not run yet: runs it on the first missing attribute."""

    def __getattr__(self, name: str) -> Any:
        spec = self.__spec__
        assert isinstance(spec, ModuleSpec) and spec.loader is not None
        module: types.ModuleType = self
        module.__class__ = types.ModuleType  # before running, so nothing comes back here
        spec.loader.exec_module(module)
        return getattr(self, name)


def defer(name: str) -> None:
    """Make `import name` lazy for this process (nothing done when it is already
    imported, cannot be found, or is not loaded from a file)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _Deferred
    sys.modules[name] = module
