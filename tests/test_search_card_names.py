"""A query that is a card's name finds that card, over a real MTGJSON set of the public
archive ($MTGKB_MTGJSON_ARCHIVE, the folder of MTGJSON v3 set files; skipped when unset):
also when a word of the name is a player's word (`kb.slang`: "wrath", "tutor", "chosen"),
which the query is read in the rules' words as well."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from kb.build import add_files
from kb.index import tokens
from kb.search import Searcher
from kb.slang import rules_wording
from tests.conftest import DATA

SET_FILE = "10E.json"  # Tenth Edition: Wrath of God, Diabolic Tutor, Ancestor's Chosen


@pytest.fixture(scope="module")
def set_build(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    folder = os.environ.get("MTGKB_MTGJSON_ARCHIVE")
    if not folder or not (Path(folder) / SET_FILE).is_file():
        pytest.skip(f"MTGKB_MTGJSON_ARCHIVE is not set (or lacks {SET_FILE})")
    home = tmp_path_factory.mktemp("set-home")
    return add_files(home, [Path(folder) / SET_FILE], DATA).build


def test_a_card_name_a_players_word_rewrites_finds_the_card_first(set_build) -> None:
    db = sqlite3.connect(set_build.store)
    try:
        names = sorted({title for (title,) in db.execute(
            "select title from records where kind = 'card' and source = 'mtgjson-10e'")})
        defined = {title.lower() for (title,) in db.execute(
            "select title from records where kind in ('keyword', 'glossary')")}
    finally:
        db.close()
    rewritten = [n for n in names if rules_wording(n, tokens) and n.lower() not in defined]
    assert {"Wrath of God", "Diabolic Tutor"} <= set(rewritten)
    searcher = Searcher(set_build.index)
    try:
        for name in rewritten:
            first = searcher.search(name, limit=1).hits[0].record
            assert (first["kind"], first["title"]) == ("card", name), name
    finally:
        searcher.close()
