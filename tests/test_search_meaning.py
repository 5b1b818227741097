"""Search with meaning fused in (`kb.search_meaning`): the first hits ordered by the
sentence model's nearness less a learnt cost of their rank by words (with a little for
their share of the best score by words, versions and length), vectors kept in the home,
and search by words alone where meaning is off."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest
from conftest import DATA

from kb.search_meaning import (
    FUSED,
    RANK_WEIGHT,
    VOTE_SCALE,
    WEIGHTS,
    Meaning,
    fuse,
    hit_text,
    inputs,
    tier,
)

pytest.importorskip("numpy")

QUESTION = "if my creature changes controller during combat, is it still attacking?"
ANSWER = "if its controller changes"  # 506.4: it is removed from combat


@pytest.fixture(scope="module")
def searchers(shipped_build):
    from kb.search import Searcher
    from kb.sentence_model import ModelMissing, model_dir

    try:
        model_dir()
    except ModelMissing as missing:
        pytest.skip(str(missing))
    words, meaning = Searcher(shipped_build.index, meaning=False), \
        Searcher(shipped_build.index, meaning=True)
    yield words, meaning
    words.close()
    meaning.close()


def _ids(result) -> list[str]:
    return [hit.record["id"] for hit in result.hits]


def _parts(meaning: float, rank: int, share: float = 1.0, versions: float = 1.0,
           length: int = 200) -> dict[str, float]:
    return {"meaning": meaning, "words rank": float(rank), "words share": share,
            "versions share": versions, "length": float(length)}


def test_fusion_is_nearness_less_the_cost_of_rank() -> None:
    first = fuse(inputs(_parts(0.5, 1)))
    assert fuse(inputs(_parts(0.5, 4))) - first == pytest.approx(-RANK_WEIGHT * math.log(4))
    # a hit ten places down by words (as close by words) outranks the first only when it
    # is nearer by more than the cost of those places (in cosine: with no question asked
    # before nearer, a cosine counts as meaning and as nearness)
    cost = RANK_WEIGHT * math.log(11) / (WEIGHTS["meaning"] + WEIGHTS["nearness"])
    assert fuse(inputs(_parts(0.6 + cost + 0.01, 11))) > fuse(inputs(_parts(0.6, 1))) \
        > fuse(inputs(_parts(0.6 + cost - 0.01, 11)))


def test_each_input_counts_by_its_weight() -> None:
    base = fuse(inputs(_parts(0.5, 3, share=0.5, versions=0.5, length=90)))
    # a better share of the best score by words, of the most versions, a longer text:
    # each moves a hit by its weight (learnt positive, the versions' share all but 0); a
    # record meaning found has no share of the score by words
    assert fuse(inputs(_parts(0.5, 3, share=0.75, versions=0.5, length=90))) - base == \
        pytest.approx(0.25 * WEIGHTS["words share"])
    assert fuse(inputs(_parts(0.5, 3, share=0.5, versions=1.0, length=90))) - base == \
        pytest.approx(0.5 * WEIGHTS["versions share"])
    assert fuse(inputs(_parts(0.5, 3, share=0.5, versions=0.5, length=990))) - base == \
        pytest.approx(WEIGHTS["length"] * math.log(10))
    assert inputs(_parts(0.5, FUSED + 1, share=0.0))["found"] == 1.0
    assert inputs(_parts(0.5, FUSED))["found"] == 0.0
    assert all(WEIGHTS[name] > 0
               for name in ("words share", "length", "nearness", "question vote"))
    # a question asked before that a hit answers, nearer the query than the hit's text,
    # lifts it: the hit is as near as that question (`nearness`)
    asked = _parts(0.5, 3, share=0.5, versions=0.5, length=90) | {"question": 0.8}
    assert inputs(asked)["nearness"] == 0.8
    assert fuse(inputs(asked)) - base == pytest.approx(
        0.3 * WEIGHTS["nearness"] + 0.8 * WEIGHTS["question"]) and fuse(inputs(asked)) > base
    farther = _parts(0.5, 3, share=0.5, versions=0.5, length=90) | {"question": 0.4}
    assert inputs(farther)["nearness"] == 0.5
    voted = asked | {"question vote": 2.5}
    assert fuse(inputs(voted)) - fuse(inputs(asked)) == \
        pytest.approx(2.5 * WEIGHTS["question vote"])
    # a hit with no version in the era a query names (`Group.apply_era`) is set lower,
    # one of the era as if the query named none
    off = _parts(0.5, 3, share=0.5, versions=0.5, length=90) | {"era": 0.5}
    within = _parts(0.5, 3, share=0.5, versions=0.5, length=90) | {"era": 1.0}
    assert fuse(inputs(within)) == pytest.approx(base)
    assert fuse(inputs(off)) - base == pytest.approx(WEIGHTS["off era"]) and \
        WEIGHTS["off era"] < 0


def test_first_hits_are_ordered_by_both_rankings(searchers) -> None:
    words, meaning = searchers
    # the first two pages by words, ranked together (as fusion takes them)
    by_words = words._search(QUESTION, None, None, FUSED, None)
    fused = meaning.search(QUESTION, limit=2 * FUSED)
    # the hits fused: every hit by words, with the records nearest the question that the
    # words ranked lower (`Meaning.nearest`), in another order; then those hits by words
    # after the first two pages
    fused.hits = [hit for hit in fused.hits if "meaning" in hit.parts]
    word_rank = {i: r for r, i in enumerate(_ids(by_words), 1)}
    assert set(_ids(by_words)) <= set(_ids(fused))
    assert _ids(fused)[:FUSED] != _ids(by_words)
    found = [hit for hit in fused.hits if hit.record["id"] not in word_rank]
    assert found, "meaning finds no record the words ranked lower"
    assert all(hit.parts["words rank"] > FUSED for hit in found)
    # --explain says what each score is of: its rank by words and its cosine
    assert [hit.parts["words rank"] for hit in fused.hits if hit not in found] == \
        [word_rank[hit.record["id"]] for hit in fused.hits if hit not in found]
    vectors = meaning._meaning.vectors([QUESTION, *(hit_text(h.record) for h in fused.hits)])
    near = vectors[1:] @ vectors[0]
    expected = [fuse(inputs({**hit.parts, "meaning": float(cos)}))
                for hit, cos in zip(fused.hits, near, strict=True)]
    # --explain says the rest of what each score is of
    assert all(hit.parts["length"] == len(hit.record["text"]) and
               hit.parts["versions"] == len(hit.versions) for hit in fused.hits)
    most = max(len(hit.versions) for hit in fused.hits)
    assert [hit.parts["versions share"] for hit in fused.hits] == \
        [(1 + len(hit.versions)) / (1 + most) for hit in fused.hits]
    assert max(hit.parts["words share"] for hit in fused.hits) == 1.0
    assert all(hit.parts["words share"] == 0.0 for hit in found)
    assert [hit.score for hit in fused.hits] == pytest.approx(expected)
    tiers = [tier(hit) for hit in fused.hits]
    assert tiers == sorted(tiers)  # definitions asked for first, hits off an era last
    for part in set(tiers):
        scores = [s for s, t in zip(expected, tiers, strict=True) if t == part]
        assert scores == sorted(scores, reverse=True)
    # the rule that answers is first; by words alone it is not
    assert ANSWER in fused.hits[0].record["text"].lower()
    assert ANSWER not in by_words.hits[0].record["text"].lower()


def test_meaning_finds_what_the_words_miss(searchers) -> None:
    """A player's words for the legend rule ("a second copy", "do both die") are the
    copy rules' words: the rule is not among the first hits by words; meaning finds it
    among the shipped records and ranks it first, charged its rank by words."""
    words, meaning = searchers
    question = "I played a second copy of my legendary creature. Do both die or do I keep one?"
    legend = "cr-2026-01-16:704.5j"
    by_words = words._search(question, None, None, FUSED, None)
    assert legend not in _ids(by_words)
    fused = meaning.search(question)
    assert fused.hits[0].record["id"] == legend
    assert fused.hits[0].parts["words rank"] > FUSED
    assert fused.total >= by_words.total and not fused.total_exact
    # not where the query names a source: the shipped records' vectors are of the
    # shipped documents; as of a date, a record found is shown as it stood then, and
    # not at all before its first version
    assert legend not in _ids(meaning.search(question, source="cr-2026-01-16"))
    assert legend in _ids(meaning.search(question, as_of="2026-02-01"))
    assert legend not in _ids(meaning.search(question, as_of="2009-01-01"))


def test_meaning_finds_for_an_era_in_that_eras_version(large_home: Path, searchers) -> None:
    """The shipped vectors are today's rules; a query naming an era is answered by what
    meaning finds all the same, shown as it stood then: "floated mana" is no word of the
    rules, and today's 500.5 (mana empties from a pool) stands for 2008's 300.3 (mana
    burn) in its lineage."""
    from kb.build import ensure_built
    from kb.search import Searcher

    question = "Before Magic 2010, what happened if you floated mana and never used it?"
    searcher = Searcher(ensure_built(DATA, large_home).index, meaning=True)
    try:
        words = searcher._search(question, None, None, FUSED, None)
        burn = "cr-2008-10-01:300.3"
        assert words.era_read is not None and burn not in _ids(words)
        fused = searcher.search(question)
        assert fused.hits[0].record["id"] == burn
        assert "mana burn" in fused.hits[0].record["text"].lower()
        assert fused.hits[0].parts["words rank"] > FUSED and fused.hits[0].parts["era"] == 1.0
        # the fused hits with no version before Magic 2010 (the words' and meaning's)
        # come after those with one
        eras = [hit.parts.get("era", 1.0) for hit in searcher.search(question, limit=40).hits
                if "meaning" in hit.parts]
        assert 0.5 in eras and eras == sorted(eras, reverse=True)
    finally:
        searcher.close()


def test_questions_asked_before_name_their_answers(searchers, tmp_path: Path) -> None:
    """The shipped questions come with the records answering them: a question
    asked again, or asked in other words, finds its record among those answering the
    questions nearest it, and search marks the hit showing it with that nearness and the
    vote of those questions (the nearest counting 1, one 0.1 less near 1/e)."""
    from train.homes import ASKED_QUESTIONS, read_questions

    asked = read_questions(ASKED_QUESTIONS)
    meaning = Meaning(tmp_path)
    for question in asked[::250]:
        answered = meaning.answered(question["q"])
        assert question["id"] in answered
        nearest, vote = answered[question["id"]]
        assert nearest == pytest.approx(1.0, abs=2e-3)
        assert max(answered.values())[0] == nearest
        assert vote >= 1.0  # the nearest question counts 1, the others less
    # in other words than any of them: "took control" for the training questions'
    # "cast Control Magic on", "stole", ...; 302.6 answers them
    other_words = "I just took control of my opponent's creature, can it attack this turn?"
    assert other_words not in {q["q"] for q in asked}
    answered = meaning.answered(other_words)
    assert "cr-2026-01-16:302.6" in answered  # among the records of the 20 nearest
    first = max(answered.values())[0]
    for nearest, vote in answered.values():  # each question counted once, by its nearness
        assert math.exp((nearest - first) / VOTE_SCALE) <= vote <= 20
    _, fused = searchers
    hits = fused.search(other_words).hits
    for hit in hits:
        asked_of = [answered[i] for i in hit.shows() if i in answered]
        assert hit.parts["question"] == pytest.approx(max(asked_of, default=(0.0, 0.0))[0])
        assert hit.parts["question vote"] == pytest.approx(
            max((v for _, v in asked_of), default=0.0))
    assert any(hit.parts["question"] > 0 for hit in hits)
    assert any(hit.parts["question"] == 0 for hit in hits)  # no question asked of it


def test_definitions_asked_for_stay_first(searchers) -> None:
    words, meaning = searchers
    by_words, fused = words.search("scry"), meaning.search("scry")
    defining = [hit.record["id"] for hit in by_words.hits if "defines" in hit.parts]
    assert defining  # the keyword's definitions
    assert sorted(_ids(fused)[:len(defining)]) == sorted(defining)


def test_more_hits_follow_the_fused_ones(searchers) -> None:
    _, meaning = searchers
    first = _ids(meaning.search(QUESTION, limit=5))
    page = _ids(meaning.search(QUESTION, limit=10))
    many = meaning.search(QUESTION, limit=40)
    assert page[:5] == first
    assert _ids(many)[:10] == page
    # the hits after the fused ones score below each of them, in their order by words
    scores = [hit.score for hit in many.hits]
    assert min(scores[:FUSED]) > max(scores[FUSED:])
    assert scores[FUSED:] == sorted(scores[FUSED:], reverse=True)
    assert len(set(_ids(many))) == len(many.hits) == 40


def test_rule_numbers_are_looked_up_not_fused(searchers) -> None:
    words, meaning = searchers
    assert _ids(meaning.search("702.19b")) == _ids(words.search("702.19b"))


def test_vectors_are_kept_in_the_home(searchers, monkeypatch) -> None:
    from kb.sentence_model import SentenceModel

    _, meaning = searchers
    meaning.search(QUESTION, limit=10)
    encoded: list[str] = []
    real = SentenceModel.encode

    def counting(self, texts, *args):
        encoded.extend(texts)
        return real(self, texts, *args)

    monkeypatch.setattr(SentenceModel, "encode", counting)
    again = meaning.search(QUESTION, limit=10)
    assert encoded == []  # every vector read back
    assert again.hits[0].parts["meaning"] > 0


def test_a_damaged_cache_is_recomputed(tmp_path: Path) -> None:
    import numpy as np

    meaning = Meaning(tmp_path)
    meaning.cache_path.parent.mkdir(parents=True)
    meaning.cache_path.write_bytes(b"not a database" * 100)
    texts = ["A player can concede the game at any time.", "Trample"]
    first = meaning.vectors(texts)
    assert first.shape == (2, 384)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)


def test_caches_of_other_adapters_are_removed(tmp_path: Path) -> None:
    """A cache made with other weights or another adapter (an mtgkb since upgraded) is
    never read again: the first vectors kept by this one remove it."""
    meaning = Meaning(tmp_path)
    cache = meaning.cache_path.parent
    cache.mkdir(parents=True)
    stale = [cache / "meaning-53aa51172d14-d3c54054-256.sqlite",
             cache / "meaning-53aa51172d14-d3c54054-256.sqlite-journal"]
    for path in stale:
        path.write_bytes(b"old vectors")
    parsed = cache / "parsed"  # the home's other caches stay
    parsed.mkdir()
    meaning.vectors(["A player can concede the game at any time, even on a Tuesday."])
    assert meaning.cache_path.exists()
    assert not any(path.exists() for path in stale)
    assert parsed.is_dir()
    meaning.vectors(["Reach, on a Tuesday"])  # the cache kept: it is not made again
    assert meaning.cache_path.exists()


def test_a_busy_cache_answers_all_the_same(tmp_path: Path) -> None:
    meaning = Meaning(tmp_path)
    meaning.vectors(["Flying"])
    holder = sqlite3.connect(meaning.cache_path)
    holder.execute("begin exclusive")
    try:
        vectors = meaning.vectors(["Flying", "Reach"])  # one read back, none written
    finally:
        holder.rollback()
        holder.close()
    assert vectors.shape == (2, 384)


def test_switched_off_by_the_environment(shipped_build, monkeypatch) -> None:
    from kb.search import Searcher

    monkeypatch.setenv("MTGKB_MEANING", "0")
    searcher = Searcher(shipped_build.index)
    try:
        assert searcher._meaning is None
    finally:
        searcher.close()


def test_tiers_put_definitions_asked_for_first_and_hits_off_an_era_last() -> None:
    class Hit:
        def __init__(self, **parts: float) -> None:
            self.parts = parts

    assert tier(Hit(defines=1.0)) == 0  # type: ignore[arg-type]
    assert tier(Hit(defines=1.0, obsolete=0.5)) == 1  # type: ignore[arg-type]
    assert tier(Hit()) == 1 and tier(Hit(era=1.0)) == 1  # type: ignore[arg-type]
    assert tier(Hit(era=0.5)) == 2  # type: ignore[arg-type]
