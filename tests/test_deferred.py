"""A deferred module (`kb.cli.deferred`) runs its code at its first use, into the module that
`import` gave, and is the real module from then on."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import sys
from kb.cli.deferred import defer
defer("inspect")
defer("no_such_module_anywhere")
import inspect
before = "ast" in sys.modules, "signature" in vars(inspect)
signature = str(inspect.signature(defer))
print(before, signature, type(inspect).__name__, sys.modules["inspect"] is inspect,
      "ast" in sys.modules, "no_such_module_anywhere" in sys.modules)
import dataclasses
@dataclasses.dataclass
class Undocumented:
    size: int
print(Undocumented.__doc__)
"""


def test_a_deferred_module_runs_its_code_at_first_use() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "(False, False) (name: 'str') -> 'None' module True True False"
    assert out[1] == "Undocumented(size: int)"  # dataclasses' use of inspect still works


def test_an_imported_module_is_left_as_it_is() -> None:
    import json

    from kb.cli.deferred import defer

    defer("json")
    assert sys.modules["json"] is json and type(json).__name__ == "module"
