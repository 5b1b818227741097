#!/usr/bin/env python3
"""The import graph of mtgkb against its layers: imports that run up a layer, and circles.

    python3 .ci/layers.py [ROOT]        # report; exit 1 when any import runs up or a circle
    python3 .ci/layers.py ROOT --quiet  # counts only

Every `import` / `from ... import` of `kb` and `ingest` is read with `ast`, at module level
and inside functions (a lazy import is a dependency too); imports under `if TYPE_CHECKING:`
are left out (they exist for annotations only). A package that loads its own modules with
`importlib.import_module(f"{__name__}.{name}")` (the keyword registry) imports each of them.
docs/DESIGN.md describes the layers.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

# lowest first; modules of one layer may import each other, never a higher layer's
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vocabulary", ("kb.rulenum", "kb.text", "kb.era", "kb.errors", "kb.wording",
                    "kb.patterns", "kb.recent", "kb.collector", "kb.slang", "kb.lemma",
                    "kb.wordpiece")),
    ("model", ("kb.model", "kb.damage")),
    ("ingest", ("ingest",)),
    ("links", ("kb.links", "kb.links_lineage", "kb.links_names", "kb.links_refs",
               "kb.links_resolve")),
    ("store", ("kb.store", "kb.index", "kb.index_write", "kb.index_read", "kb.index_files",
               "kb.index_records", "kb.postings_cache", "kb.score_groups",
               "kb.freshness", "kb.paths", "kb.homelock", "kb.leftovers")),
    # the game engine and what keywords are made of; the keyword modules (kb.rules.keywords)
    # and validation stand above it, so the game never imports a keyword
    ("rules model", ("kb.rules.hooks", "kb.rules.claims", "kb.rules.game", "kb.rules.registry",
                     "kb.rules.checks", "kb.rules.history", "kb.rules.reader",
                     "kb.rules.reference")),
    ("query and rules", ("kb.search", "kb.search_cards", "kb.search_pointers",
                         "kb.search_meaning", "kb.meaning_shipped", "kb.sentence_model",
                         "kb.search_versions", "kb.query_era", "kb.show", "kb.printings",
                         "kb.diff", "kb.superseded", "kb.rules")),
    # a build stores what the rules model says of its records (`kb.superseded.write_marks`)
    ("build", ("kb.build", "kb.parsecache", "kb.update", "kb.derived")),
    ("present", ("kb.present", "kb.html")),
    ("cli", ("kb.cli",)),
)
PACKAGES = ("kb", "ingest")
# ingest is the way in: only the modules that run a build (and the CLI) use the parsers;
# the rest of kb works on records and the vocabulary layer
INGEST_USERS = ("ingest", "kb.build", "kb.parsecache", "kb.update", "kb.cli", "kb.paths")


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int | None:
    """Index of the layer a module belongs to (the longest matching prefix wins); a
    top package's `__init__` (empty) is at the bottom."""
    if module in PACKAGES:
        return 0
    matches = [(len(prefix), index) for index, (_, prefixes) in enumerate(LAYERS)
               for prefix in prefixes if module == prefix or module.startswith(prefix + ".")]
    return max(matches)[1] if matches else None


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports_own_submodules(node: ast.AST) -> bool:
    """`importlib.import_module(f"{__name__}.{name}")`: a package loading its modules."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module" and node.args):
        return False
    return any(isinstance(n, ast.Name) and n.id == "__name__" for n in ast.walk(node.args[0]))


def imports_of(tree: ast.AST, module: str, known: set[str]) -> set[str]:
    """The project modules `tree` imports (`from kb import rulenum` names kb.rulenum)."""
    found: set[str] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            skip.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if _imports_own_submodules(node):
            names = [m for m in known if m.rpartition(".")[0] == module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # the project imports absolutely; a relative import is refused
                raise SystemExit(f"{module}: relative import, write it absolutely")
            base = node.module or ""
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                     for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def graph(root: Path) -> dict[str, set[str]]:
    files = {module_name(root, p): p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")}
    known = set(files)
    return {m: imports_of(ast.parse(p.read_text(encoding="utf-8")), m, known)
            for m, p in sorted(files.items())}


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports from a module of a lower layer of one of a higher layer."""
    found = []
    for source, targets in edges.items():
        for target in sorted(targets):
            a, b = layer_of(source), layer_of(target)
            if a is not None and b is not None and b > a:
                found.append((source, target))
    return found


def into_ingest(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports of a parser module by a module that does not run builds."""
    def user(module: str) -> bool:
        return any(module == u or module.startswith(u + ".") for u in INGEST_USERS)

    return [(source, target) for source, targets in edges.items() if not user(source)
            for target in sorted(targets) if target.split(".")[0] == "ingest"]


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in edges:
        if node not in index:
            visit(node)
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 and not argv[1].startswith("-") else Path(".")
    edges = graph(root.resolve())
    up, loops, reach = upward(edges), circles(edges), into_ingest(edges)
    unplaced = sorted(m for m in edges if layer_of(m) is None)
    print(f"modules {len(edges)}, imports {sum(map(len, edges.values()))}, "
          f"upward imports {len(up)}, circles {len(loops)}, into ingest {len(reach)}, "
          f"unplaced {len(unplaced)}")
    if "--quiet" not in argv:
        for source, target in up:
            print(f"  up: {source} ({LAYERS[layer_of(source) or 0][0]}) -> {target} "
                  f"({LAYERS[layer_of(target) or 0][0]})")
        for source, target in reach:
            print(f"  into ingest: {source} -> {target}")
        for group in loops:
            print(f"  circle of {len(group)}: {', '.join(group[:6])}"
                  + (" ..." if len(group) > 6 else ""))
        for module in unplaced:
            print(f"  unplaced: {module}")
    return 1 if up or loops or reach else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
