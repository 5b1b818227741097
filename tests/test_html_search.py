"""The site's offline search: the index format, and the engine (static/search.js) run
under Node on real sites: full text, one hit per rule across versions with today's first,
rule numbers in today's rules unless a version is chosen, did-you-mean."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.html.node_search import node_binary, run_queries
from kb.html.search_index import SHARD_DIR, decode, encode, fold, stem, words
from kb.html.site import write_site
from kb.store import KnowledgeBase
from tests import test_html_versions
from tests.test_html_versions import NEW, OLD

versions_site = test_html_versions.versions_site  # the two-version site, a fixture

@pytest.fixture(scope="module")
def shipped_site(shipped_build, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the shipped data."""
    out = tmp_path_factory.mktemp("search-shipped") / "site"
    write_site(shipped_build, out)
    return out


def ask(site: Path, *queries: str | tuple[str, str]) -> list[dict[str, Any]]:
    """The engine's answers (10 hits each), or a clean skip without Node."""
    if node_binary() is None:
        pytest.skip("Node.js not installed: the search engine's tests did not run")
    triples = [(q, "", 10) if isinstance(q, str) else (q[0], q[1], 10) for q in queries]
    return run_queries(site, triples)["answers"]


@given(st.lists(st.integers(min_value=0, max_value=2**40)))
def test_varints_round_trip(numbers: list[int]) -> None:
    assert decode(encode(numbers)) == numbers


def test_words_are_folded_and_stemmed_alike() -> None:
    assert words("The Æther-Flash can't be RÉGÉNÉRATED; see 702.19b.") == [
        "aether", "flash", "can't", "regenerated", "see", "702.19b"]
    assert fold("“Quoted” ‘text’") == '"quoted" \'text\''
    assert stem("attacks") == stem("attacking") == stem("attacked")
    assert stem("player's") == stem("players") and stem("702.19b") == "702.19b"


def test_the_index_is_sharded_and_parts_load_on_demand(versions_site: Path) -> None:
    meta = (versions_site / "search-index.js").read_text(encoding="utf-8")
    assert meta.startswith("window.MTGKB_SEARCH={")
    shards = sorted(p.name for p in (versions_site / SHARD_DIR).glob("*.js"))
    assert any(re.fullmatch(r"t\d+\.js", n) for n in shards)
    assert any(re.fullmatch(r"d\d+\.js", n) for n in shards)
    # full texts live in the chunks, not in the part every page loads first
    assert "Quillspike" not in meta
    assert answer_titles(ask(versions_site, "quillspike zephyrwing")[0])


def answer_titles(answer: dict[str, Any]) -> list[str]:
    """The titles of an answer's hits."""
    return [hit["title"] for hit in answer["hits"]]


def test_whole_text_is_searched(shipped_build, shipped_site: Path) -> None:
    """Words found only past the first 90 characters of a record still find it."""
    with KnowledgeBase(shipped_build.store) as kb:
        everything = list(kb.records())
    records = [r for r in everything if r.kind in ("ruling", "qa") and len(r.text) > 300]
    counts: dict[str, int] = {}
    for record in everything:
        for word in set(words(record.text)):
            counts[word] = counts.get(word, 0) + 1
    probes = []
    for record in records[::15][:12]:
        tail = [w for w in words(record.text[200:]) if w.isalpha() and len(w) > 5
                and w not in words(record.text[:200])]
        rare = sorted(set(tail), key=lambda w: (counts.get(w, 0), w))[:3]
        if len(rare) == 3:
            probes.append((record, " ".join(rare)))
    assert len(probes) >= 6
    answers = ask(shipped_site, *(query for _, query in probes))
    for (record, query), answer in zip(probes, answers, strict=True):
        anchors = [hit["url"].rpartition("#")[2] for hit in answer["hits"]]
        assert record.id.replace(":", ".") in anchors, (query, record.id, anchors)


def test_one_hit_per_rule_across_versions_today_first(versions_site: Path) -> None:
    trample = ask(versions_site, "trample assigns damage blocking creatures")[0]
    rules = [hit for hit in trample["hits"] if hit["title"].startswith("702.")]
    numbers = [hit["title"].split()[0] for hit in rules]
    assert len(numbers) == len(set(numbers))  # never the same rule twice
    first = rules[0]
    assert first["source"] == NEW and first["title"] == "702.19b Trample"
    assert OLD in first["versions"]
    assert not any(h["source"] == OLD and h["title"].startswith("702.17b") for h in rules)
    entry, = ask(versions_site, "modifies how creature assigns combat damage")
    glossary = [h for h in entry["hits"] if h["kind"] == "glossary"]
    assert len(glossary) == 1 and glossary[0]["source"] == NEW


def test_rule_number_in_todays_rules_unless_a_version_is_chosen(versions_site: Path) -> None:
    today, chosen, prefix = ask(versions_site, "702.19b", ("702.19b", OLD), "702.1")
    assert (today["hits"][0]["title"], today["hits"][0]["source"]) == ("702.19b Trample", NEW)
    assert (chosen["hits"][0]["title"], chosen["hits"][0]["source"]) == (
        "702.19b Banding", OLD)
    assert prefix["hits"][0]["title"].startswith("702.1") and prefix["hits"][0]["source"] == NEW


def test_did_you_mean(shipped_site: Path) -> None:
    typo, two_words, nonsense = ask(shipped_site, "exhalted", "exalted atacks",
                                    "qqqxqqz")
    assert typo["suggestion"] == "exalted"
    assert typo["hits"][0]["title"] == "Exalted" and typo["hits"][0]["kind"] == "keyword"
    assert two_words["suggestion"] == "exalted attacks"
    assert nonsense["hits"] == [] and nonsense["suggestion"] is None


def test_typing_completes_the_last_word(shipped_site: Path) -> None:
    typing, = ask(shipped_site, "battlegrace ang")
    assert typing["hits"][0]["title"] == "Battlegrace Angel"
