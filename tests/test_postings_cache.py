"""The posting cache (`kb.postings_cache`): every build writes one; each word's scores read
from it are the postings' scores exactly (every word, with a boost and a docnum subset);
a cache missing, made for another index or damaged is never used: the words are scored
from the postings, search answers the same, and the cache is written again, whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb.index import MATCH_FIELDS, Engine
from kb.index_read import best_of
from kb.postings_cache import _HEAD, CACHE_FILE, PostingCache, identity
from tests.test_ingest_safety import DAMAGE, damage_file

QUERIES = ["exalted", "creature attacks alone with first strike", "lifelink damage",
           "what happens when a creature with persist dies", "battlegrace angel"]


def cached_matches_postings(index: Path) -> int:
    """Check every word of the index's matching fields: its cached scores (plain, boosted,
    within a subset of docnums) equal to those its postings give; how many words."""
    engine = Engine(index)
    try:
        terms = engine._terms
        cache = terms._cache(MATCH_FIELDS)
        assert isinstance(cache, PostingCache)
        words = sorted({t for leaf, _ in terms._leaves for f in MATCH_FIELDS
                        for t in leaf.texts(f)})
        assert len(cache) == len(words)
        some = list(range(0, engine.doc_count(), 3))
        for n, word in enumerate(words):
            direct = best_of(terms.term(f, word) for f in MATCH_FIELDS)
            assert terms.best(MATCH_FIELDS, word) == direct, word
            if n % 7 == 0:
                assert terms.best(MATCH_FIELDS, word, 1.7) == \
                    best_of((terms.term(f, word) for f in MATCH_FIELDS), 1.7), word
                # the docnums kept given as a sorted list, a set, a dict's keys
                kept = [some, set(some), dict.fromkeys(some).keys()][n % 3]
                assert terms.best(MATCH_FIELDS, word, 0.5, within=kept) == best_of(
                    (terms.term(f, word, within=some) for f in MATCH_FIELDS), 0.5), word
        assert terms.best(MATCH_FIELDS, "nosuchwordanywhere") == {}
        return len(words)
    finally:
        engine.close()


def test_a_build_writes_the_cache_and_it_scores_as_the_postings(shipped_build) -> None:
    assert (shipped_build.index / CACHE_FILE).is_file()
    assert cached_matches_postings(shipped_build.index) > 1000


def test_the_cache_is_checked_against_its_index(shipped_build, tmp_path: Path) -> None:
    engine = Engine(shipped_build.index)
    try:
        reader = engine._reader
        ident = identity(reader, MATCH_FIELDS)
        assert PostingCache(shipped_build.index / CACHE_FILE, ident)
        other = json.dumps({**json.loads(ident), "segments": [["records_x", 1, 1]]},
                           sort_keys=True)
        with pytest.raises(ValueError, match="another index"):
            PostingCache(shipped_build.index / CACHE_FILE, other)
    finally:
        engine.close()


def head_identity(whole: bytes) -> str:
    """The identity a cache file's header holds."""
    length = _HEAD.unpack_from(whole)[-1]
    return whole[_HEAD.size:_HEAD.size + length].decode("utf-8")


def _searched(index: Path) -> list[tuple[list[tuple[str, float]], int]]:
    from kb.search import Searcher

    searcher = Searcher(index)
    try:
        return [([(h.record["id"], h.score) for h in result.hits], result.total)
                for result in map(searcher.search, QUERIES)]
    finally:
        searcher.close()


@pytest.mark.parametrize("damage", [*DAMAGE, "entry", "keys", "other index"])
def test_a_missing_or_damaged_cache_is_not_used_and_written_again(
        shipped_build, tmp_path: Path, damage: str) -> None:
    index = tmp_path / "index"
    shutil.copytree(shipped_build.index, index)
    expected = _searched(index)
    cache = index / CACHE_FILE
    whole = cache.read_bytes()
    head = _HEAD.unpack_from(whole)
    if damage == "entry":  # one word's records (a word searched): only its CRC tells
        opened = PostingCache(cache, head_identity(whole))
        n = next(n for n in range(len(opened)) if opened._key(n) == b"exalt")
        at = opened._eoff[n] + 24
        cache.write_bytes(whole[:at] + bytes(b ^ 0xFF for b in whole[at:at + 8])
                          + whole[at + 8:])
    elif damage == "keys":  # the key table: words are looked up wrong
        keys_at, koff_at = head[3], head[4]
        cache.write_bytes(whole[:keys_at] + b"z" * (koff_at - keys_at) + whole[koff_at:])
    elif damage == "other index":  # a cache another build wrote
        cache.write_bytes(whole.replace(b'"segments"', b'"segmentz"', 1))
    else:
        damage_file(cache, damage)
    assert _searched(index) == expected
    assert cache.read_bytes() == whole  # written again, whole
    assert not [p for p in index.iterdir() if p.name.endswith(".tmp")]


def test_an_index_folder_that_cannot_be_written_is_read_from_its_postings(
        shipped_build, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index = tmp_path / "index"
    shutil.copytree(shipped_build.index, index)
    expected = _searched(index)
    (index / CACHE_FILE).unlink()

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr("kb.postings_cache.write_cache", refused)
    assert _searched(index) == expected
    assert not (index / CACHE_FILE).exists()


def _appended(shipped_build, folder: Path) -> Path:
    """The shipped index with a segment appended: ten of its rulings written again with a
    sentence more (deleted where they were), as an addition writes it."""
    from kb.index import append_index
    from kb.store import KnowledgeBase

    with KnowledgeBase(shipped_build.store) as kb:
        rulings = [r for r in kb.records() if r.kind == "ruling"][:10]
    for record in rulings:
        record.text += " Exalted triggers once for each instance."
    assert append_index(shipped_build.index, folder, rulings) == "append"
    return folder


@pytest.mark.parametrize("damage", [None, *DAMAGE, "other index"])
def test_an_appended_segment_is_cached_from_the_kept_groups_or_else_every_posting(
        shipped_build, tmp_path: Path, damage: str | None) -> None:
    """The previous index's groups, rescored with the new segment's postings added, give
    the cache every posting gives; groups missing, damaged or of another index are not
    used (every posting is read), and the cache is the same."""
    from kb.score_groups import GROUPS_FILE

    previous = tmp_path / "previous"
    shutil.copytree(shipped_build.index, previous)
    index = _appended(shipped_build, tmp_path / "index")
    if damage == "other index":  # whole, but the groups of the appended index itself
        engine = Engine(index)
        engine.write_cache()
        engine.close()
        shutil.copyfile(index / GROUPS_FILE, previous / GROUPS_FILE)
    elif damage:
        damage_file(previous / GROUPS_FILE, damage)
    engine = Engine(index)
    try:
        done = engine.write_cache(previous)
        from_groups = (index / CACHE_FILE).read_bytes()
        engine.write_cache()
    finally:
        engine.close()
    assert ("previous build's groups" in done) == (damage is None), done
    assert (index / CACHE_FILE).read_bytes() == from_groups
    assert cached_matches_postings(index) > 1000


def test_a_word_added_into_a_sum_as_its_scores_are(shipped_build) -> None:
    """`add_best` (a word's cached scores added a group at a time) leaves a sum as `add`
    of the word's scores does, to the bit and in the same order: into nothing, into
    another word's scores, with a boost, and only where records are already there."""
    from kb.index_read import add

    engine = Engine(shipped_build.index)
    try:
        terms = engine._terms
        words = ["creature", "attack", "damag", "exalt", "lifelink", "the", "player"]
        for first, word in zip(words, words[1:], strict=False):
            for boost, only_present in ((1.0, False), (0.6, False), (1.0, True), (1.3, True)):
                ours = terms.best(MATCH_FIELDS, first)
                terms.add_best(ours, MATCH_FIELDS, word, boost, only_present)
                theirs = terms.best(MATCH_FIELDS, first)
                add(theirs, terms.best(MATCH_FIELDS, word, boost), only_present)
                assert list(ours.items()) == list(theirs.items()), (first, word, boost)
                if not only_present:
                    empty: dict[int, float] = {}
                    terms.add_best(empty, MATCH_FIELDS, word, boost)
                    assert empty == terms.best(MATCH_FIELDS, word, boost)
            assert len(terms.best(MATCH_FIELDS, word)) > 0, word
    finally:
        engine.close()
