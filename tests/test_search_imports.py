"""A cold `mtgkb search` loads only what a search needs: no Whoosh searcher, query
classes or English morphology (the index is read term at a time), no build, parsers or
rules model. Import counts, not timings (speed figures live in bench/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_a_phrase_or_rule_number_search_loads_none_either(searched_home: Path) -> None:
    for args in (['"attacks alone" trigger', "--kind", "rule"], ["702.83"]):
        assert not loaded_by(searched_home, "search", *args) & set(NOT_FOR_A_SEARCH), args
