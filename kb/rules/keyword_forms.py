"""Every keyword's earlier forms (`kb.rules.superseding.EarlierForm`), without loading the
keyword modules when the rules model has not changed.

A build stores the earlier forms of each keyword it defines and marks superseded rulings
with them (`kb.superseded`). Read from the specs, they cost loading all ~290 keyword
modules (a fifth of a build of the shipped data when Python compiles them again, as a
process without cached bytecode does), for a few dozen short lists that change only when
the rules model does. `keyword_forms.json`, next to this module, holds them for every
registered name together with the digest of the rules model's sources they were read from
(`sources_digest`); `earlier` answers from it when that digest is the sources' own, and
from the specs otherwise (then the keyword modules are loaded, and the answer is the same).
`python -m kb.rules.keyword_forms` writes the table again after a change to the model
(`tests/test_keyword_forms.py` fails until it is).
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.rules.superseding import EarlierForm

TABLE_FILE = Path(__file__).with_name("keyword_forms.json")
_RULES = Path(__file__).resolve().parent
# what the forms are read from: the keyword modules and their registry (a spec's name,
# aliases, kinds, instances and `history`, all written out in its module), the learned
# dates of the changes, and the code reading them
_SOURCES = ("keywords/*.py", "registry.py", "history.py", "history.json", "superseding.py",
            "keyword_forms.py")

Table = dict[str, list["EarlierForm"]]


def sources_digest() -> str:
    """SHA-256 over the rules model's sources (names and contents, in name order)."""
    digest = hashlib.sha256()
    for path in sorted(p for pattern in _SOURCES for p in _RULES.glob(pattern)):
        digest.update(f"{path.relative_to(_RULES).as_posix()}\0".encode())
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def from_specs() -> Table:
    """Every registered name's earlier forms, read from the keyword specs (loads every
    keyword module)."""
    from kb.rules.keywords import REGISTRY
    from kb.rules.superseding import earlier_forms

    return {name: earlier_forms(spec) for name, spec in sorted(REGISTRY.items())}


def _read(text: str) -> tuple[str, Table]:
    from kb.rules.superseding import EarlierForm

    data = json.loads(text)
    return str(data["digest"]), {
        name: [EarlierForm(instances, tuple(kinds), before, first)
               for instances, kinds, before, first in forms]
        for name, forms in data["forms"].items()}


@functools.cache
def table() -> Table:
    """The earlier forms of every registered name: from `keyword_forms.json` when it was
    written from these sources, else from the specs."""
    try:
        digest, forms = _read(TABLE_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return from_specs()
    return forms if digest == sources_digest() else from_specs()


def earlier(name: str) -> list[EarlierForm]:
    """A keyword's earlier forms by its registry name (`fold_name`), newest first; none for
    a name no spec has (as `earlier_forms` of no spec)."""
    return list(table().get(name, ()))


def write_table(path: Path = TABLE_FILE) -> None:
    """Write the table from the specs, with the digest of the sources it was read from."""
    rows = [f"  {json.dumps(name)}: {json.dumps(forms)}" for name, forms in
            sorted(from_specs().items())]
    path.write_text(f'{{"digest": "{sources_digest()}", "forms": {{\n' + ",\n".join(rows)
                    + "\n}}\n", encoding="utf-8")


if __name__ == "__main__":
    write_table()
    print(f"wrote {TABLE_FILE}")
