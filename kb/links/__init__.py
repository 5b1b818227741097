"""Cross-linking: rule references, name mentions, lineage across versions.

Modules, bottom to top (each imports only those before it):
- `types`: `Link`, `Mention`, `Unresolved` (plain values, also read back by `kb.store`);
- `refs`: rule and section references in text; `names`: keyword, card and glossary names;
- `groups`, `agreement`: text likeness; whether a version numbers like a document;
- `resolve`: a number to the record of the right rules version; eras;
- `lineage`: the same rule or keyword across sources and versions;
- `graph`: `Linker` (mentions in any text) and `build_links` (the whole `LinkGraph`).

The graph's entry points load on first use, so `from kb.links import Link` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.links.types import LINK_KINDS, Link, Mention, Unresolved

if TYPE_CHECKING:
    from kb.links.graph import Linker, LinkGraph, build_links

__all__ = ["LINK_KINDS", "Link", "LinkGraph", "Linker", "Mention", "Unresolved", "build_links"]
_GRAPH = {"LinkGraph", "Linker", "build_links"}


def __getattr__(name: str) -> Any:
    """`build_links`, `Linker` and `LinkGraph`, imported from `kb.links.graph` when asked."""
    if name in _GRAPH:
        from kb.links import graph

        return getattr(graph, name)
    raise AttributeError(f"module 'kb.links' has no attribute {name!r}")
