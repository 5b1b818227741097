"""The import graph keeps its layers (.ci/layers.py; docs/DESIGN.md describes them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _layers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layers", ROOT / ".ci" / "layers.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layers = _layers()
EDGES = layers.graph(ROOT)


def test_every_module_has_a_layer() -> None:
    assert [m for m in EDGES if layers.layer_of(m) is None] == []


def test_no_import_runs_up_a_layer() -> None:
    assert layers.upward(EDGES) == []


def test_the_vocabulary_layer_imports_only_itself() -> None:
    vocabulary = {m for m in EDGES if layers.layer_of(m) == 0 and m not in layers.PACKAGES}
    assert {"kb.rulenum", "kb.text", "kb.era"} <= vocabulary
    assert {m: EDGES[m] - vocabulary for m in vocabulary if EDGES[m] - vocabulary} == {}


def test_ingest_uses_only_the_record_model_and_the_vocabulary() -> None:
    allowed = {m for m in EDGES if (layers.layer_of(m) or 0) <= 2}
    outside = {m: EDGES[m] - allowed for m in EDGES if m.startswith("ingest")}
    assert {m: found for m, found in outside.items() if found} == {}
    assert layers.into_ingest(EDGES) == []


def test_no_import_circle() -> None:
    # keyword modules import the registry (kb.rules.registry), never the package that loads them
    assert layers.circles(EDGES) == []


def test_the_reader_sees_a_circle_and_an_upward_import() -> None:
    edges = {"kb.model": {"kb.store"}, "kb.store": {"kb.model"}, "ingest.x": {"kb.cli"}}
    assert layers.circles(edges) == [["kb.model", "kb.store"]]
    assert ("kb.model", "kb.store") in layers.upward(edges)
    assert ("ingest.x", "kb.cli") in layers.upward(edges)


def test_only_the_index_knows_the_search_engine() -> None:
    import ast

    users = set()
    for top in layers.PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                         [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if any(name.split(".")[0] == "whoosh" for name in names):
                    users.add(path.relative_to(ROOT).as_posix())
    # the index, its reading half and its postings encoder
    assert users == {"kb/index.py", "kb/index_read.py", "kb/index_write.py"}
