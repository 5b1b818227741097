"""A cold `mtgkb search` loads only what a search needs: no module of Whoosh but its
stemmer (the index's files are read by `kb.index_files`, term at a time), no build, parsers or
rules model (the claims reader only to mark rulings among the hits), and compiles no
regular expression when it imports the project's modules (`kb.patterns.lazy`). Import
and compile counts, not timings (speed figures live in bench/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kb.patterns import lazy

NOT_FOR_A_SEARCH = ("whoosh.searching", "whoosh.query", "whoosh.lang.morph_en",
                    "whoosh.highlight", "whoosh.writing", "kb.build", "kb.links.graph",
                    "ingest.source", "kb.rules.claims", "kb.rules.validate")

SCRIPT = """
import json, sys
from kb.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    sys.stderr.write(json.dumps(sorted(sys.modules)))
"""


def loaded_by(home: Path, *args: str) -> set[str]:
    """The modules a fresh process has loaded after running `mtgkb ARGS` in a home whose
    build is current for the data folder the command itself reads (the installed one,
    which is not the checkout's `data/` in a non-editable install: a rebuild is no search)."""
    from kb.build import ensure_built
    from kb.paths import shipped_data_dir

    ensure_built(shipped_data_dir(), home)
    env = {**os.environ, "MTGKB_HOME": str(home)}
    out = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True,
                         text=True, env=env, check=True, timeout=120)
    return set(json.loads(out.stderr.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def searched_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home of its own: the shared one is built from the checkout's data folder."""
    return tmp_path_factory.mktemp("searched-home")


def test_a_search_loads_no_searcher_query_build_or_rules_model(searched_home: Path) -> None:
    loaded = loaded_by(searched_home, "search", "creature attacks alone with first strike",
                       "--kind", "rule")
    assert "kb.index_read" in loaded
    assert not loaded & set(NOT_FOR_A_SEARCH)


# the one part of Whoosh a search runs: the Porter stemmer its analyzer stems words with
WHOOSH_FOR_A_SEARCH = {"whoosh", "whoosh.lang", "whoosh.lang.porter"}


def test_a_search_imports_no_whoosh_module_but_the_stemmer(searched_home: Path) -> None:
    """No schema, analysis, codec, storage or reader module of Whoosh: the index is read
    without them (and so without unpickling and compiling the schema's analyzers)."""
    for args in (["creature attacks alone with first strike"], ['"attacks alone" trigger'],
                 ["702.83"], ["exalted", "--kind", "ruling", "--json"]):
        loaded = loaded_by(searched_home, "search", *args)
        assert "kb.index_files" in loaded, args
        assert {m for m in loaded if m.split(".")[0] == "whoosh"} <= WHOOSH_FOR_A_SEARCH, args


def test_a_phrase_or_rule_number_search_loads_none_either(searched_home: Path) -> None:
    for args in (['"attacks alone" trigger', "--kind", "rule"], ["702.83"]):
        assert not loaded_by(searched_home, "search", *args) & set(NOT_FOR_A_SEARCH), args


def test_a_search_without_rulings_loads_nothing_of_the_rules_model(searched_home: Path) -> None:
    loaded = loaded_by(searched_home, "search", "attacks alone", "--kind", "rule")
    assert not {m for m in loaded if m == "kb.rules" or m.startswith("kb.rules.")}


# the modules a search, show or diff may import; none may compile a pattern on import
SEARCH_PATH = ("kb.cli", "kb.search", "kb.index", "kb.index_read", "kb.index_files",
               "kb.superseded",
               "kb.rules.claims", "kb.present", "kb.show", "kb.store", "kb.damage")
COMPILES_ON_IMPORT = """
import re._compiler, sys, traceback
compile_ = re._compiler.compile
where = []
def counted(pattern, flags=0):
    caller = [f for f in traceback.extract_stack()[:-1] if "/re/" not in f.filename][-1]
    if "/kb/" in caller.filename or "/ingest/" in caller.filename:
        where.append(f"{caller.filename}:{caller.lineno}")
    return compile_(pattern, flags)
re._compiler.compile = counted
for name in sys.argv[1:]:
    __import__(name)
print("\\n".join(where))
"""


def test_importing_the_search_path_compiles_no_pattern() -> None:
    out = subprocess.run([sys.executable, "-c", COMPILES_ON_IMPORT, *SEARCH_PATH],
                         capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.split() == []


def test_a_lazy_pattern_is_the_compiled_pattern_once_used() -> None:
    import re

    pattern = lazy(r"\b(comes?) into play\b", re.I)
    assert pattern.pattern == r"\b(comes?) into play\b"
    assert "sub" not in vars(pattern)  # not compiled by reading its text
    compiled = re.compile(pattern.pattern, re.I)
    text = "When it Comes into play, ... come into play"
    assert pattern.sub("enter", text) == compiled.sub("enter", text)
    assert pattern.findall(text) == compiled.findall(text) == ["Comes", "come"]
    assert vars(pattern)["sub"].__self__ is vars(pattern)["findall"].__self__  # compiled once
    with pytest.raises(AttributeError):
        pattern.nothing  # noqa: B018
