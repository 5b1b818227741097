"""Fuzzing every parser and the whole ingest -> link -> store -> index -> html path with
mutated real documents (`tests/fuzz_support.py`).

Seeds are the shipped sources and the files of ../shared/corpus-extra (a slice of each, so an
example stays quick). The only failure a parser may report is IngestError; each example is
bounded in time (a hypothesis deadline). CI runs a modest number of examples; a bigger run:

    MTGKB_FUZZ_EXAMPLES=2000 python -m pytest tests/test_fuzz_ingest.py

and the campaign over the public archives, outside CI: `python bench/fuzz_campaign.py`.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CR_FILES, DATA, MTGJSON_ALA
from tests.fuzz_support import FORMATS, mutated, parse_as, seeds, whole_path

EXAMPLES = int(os.environ.get("MTGKB_FUZZ_EXAMPLES", "25"))
SEEDS = seeds([*sorted((DATA / "sources").glob("*.txt")),
               *(p for p in (CR_FILES["2008-10-01"], MTGJSON_ALA) if p.exists())])

FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=30), derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(raw=mutated(SEEDS), format_name=st.sampled_from(FORMATS))
def test_every_parser_refuses_cleanly_or_parses(raw: bytes, format_name: str) -> None:
    parse_as(raw, format_name)


@FUZZ
@given(raw=mutated(SEEDS))
def test_ingest_link_store_index_html_never_tracebacks(
        raw: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    whole_path(raw, tmp_path_factory.mktemp("fuzz"))


def test_the_fuzz_seeds_reach_every_parser() -> None:
    """Each format has a seed it sniffs as itself, so the whole path runs every parser."""
    from ingest.registry import sniff
    from ingest.source import decode

    sniffed = {sniff(decode(raw), Path(name)) for name, raw in SEEDS.items()}
    missing = set(FORMATS) - sniffed
    if missing == {"mtgjson"} and not MTGJSON_ALA.exists():
        pytest.skip("../shared/corpus-extra is absent")
    assert not missing
