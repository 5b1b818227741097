"""The index: per-record scores equal a hand BM25F computation (each word scored by its
best field), which Whoosh's own DisjunctionMaxMatcher gets wrong."""

from __future__ import annotations

from math import log
from pathlib import Path

import pytest

from kb.index import (
    Engine,
    WordQuery,
    build_index,
    open_index,
    stems,
    tokens,
    words_stems,
)
from kb.model import Record

TEXTS = [
    ("Exalted", "Whenever a creature you control attacks alone, it gets +1/+1."),
    ("Flanking", "Whenever a creature without flanking blocks this creature, it gets -1/-1."),
    ("Trample", "An attacking creature with trample assigns excess damage to the player."),
    ("Word of power", "A word that a creature can say to a player."),
    ("Lifelink", "Damage dealt by a source with lifelink causes its controller to gain life."),
    ("Alone", "Nothing else here."),
    ("Devour", "As this enters, you may sacrifice any number of creatures."),
]
K1, B = 1.2, 0.75
BOOST = {"title": 2.0, "text": 1.0, "names": 2.0}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    records = [Record(id=f"r{i}", kind="rule", source="s", title=title, text=text)
               for i, (title, text) in enumerate(TEXTS)]
    folder: Path = tmp_path_factory.mktemp("ix")
    build_index(records, folder)
    return Engine(folder)


def stored_length(n: int) -> int:
    """A field length as the index stores it (one byte, lossy above a few tokens)."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    return int(byte_to_length(length_to_byte(n)))


def hand_bm25(word: str) -> dict[str, float]:
    """Record id -> BM25F of one stem, the best of the title and text fields."""
    fields = {"title": [stems(t) for t, _ in TEXTS], "text": [stems(x) for _, x in TEXTS]}
    n = len(TEXTS)
    best: dict[str, float] = {}
    for name, docs in fields.items():
        df = sum(word in d for d in docs)
        idf = log(n / (df + 1)) + 1
        avg = sum(len(d) for d in docs) / n
        for i, doc in enumerate(docs):
            tf = doc.count(word) * BOOST[name]
            if tf:
                s = idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * stored_length(len(doc)) / avg))
                best[f"r{i}"] = max(best.get(f"r{i}", 0.0), s)
    return best


@pytest.mark.parametrize("words", [["creatur"], ["alon"], ["creatur", "alon", "player"]])
def test_scores_are_each_records_own_bm25(engine: Engine, words: list[str]) -> None:
    found, _ = engine.ranked(WordQuery(words=[(w, 1.0) for w in words]), limit=None)
    expected: dict[str, float] = {}
    for w in words:
        for rid, s in hand_bm25(w).items():
            expected[rid] = expected.get(rid, 0.0) + s
    got = {c.record["id"]: c.score for c in found}
    assert got.keys() == expected.keys()
    for rid, s in expected.items():
        assert got[rid] == pytest.approx(s, rel=1e-6), rid


def test_tokens_keep_contractions_and_drop_possessives() -> None:
    assert [t.word for t in tokens("Don't target the opponent's 702.81a creature")] == [
        "don't", "target", "the", "opponent", "702.81a", "creature"]
    assert stems("opponent’s") == stems("opponent")


def test_power_and_toughness_are_one_word_with_their_signs() -> None:
    assert stems("it gets +1/+1 and a -1/-1 counter, a 2/2 token, +X/+0") == [
        "it", "get", "+1/+1", "and", "a", "-1/-1", "counter", "a", "2/2", "token", "+x/+0"]
    # rule numbers and words joined by a slash stay as they were
    assert stems("rules 702.1/702.2 and/or") == ["rule", "702.1", "702.2", "and", "or"]


def test_the_stemmer_is_porters_own_step_1b() -> None:
    from whoosh.lang.porter import stem

    from kb.index import porter_stem

    # Whoosh's stemmer keeps the doubled consonant and drops the "e" after -at: the forms
    # of one verb got two stems; Porter's step 1b gives them one
    assert stem("tapped") == "tapp" and stem("activated") != stem("activate")
    for forms in (["tap", "tapped", "tapping", "taps"], ["untap", "untapped", "untapping"],
                  ["activate", "activated", "activating"], ["put", "putting"],
                  ["begin", "beginning"], ["equip", "equipped", "equipping"]):
        assert len({porter_stem(w) for w in forms}) == 1, forms
    assert porter_stem("controlled") == porter_stem("control")  # -ll as before
    assert stems("Tapped creatures untap") == ["tap", "creatur", "untap"]


def test_number_words_stem_as_their_digits() -> None:
    # "ten or more poison counters" is "10 poison"; "one" keeps its own (a pronoun too)
    assert stems("ten poison, zero life, two 2/2 tokens") == [
        "10", "poison", "0", "life", "2", "2/2", "token"]
    assert stems("twelve 12") == ["12", "12"]


def test_tokens_are_the_analyzers_tokens() -> None:
    from kb.index import text_analyzer
    from tests.conftest import DATA

    text = (DATA / "sources" / "shards-of-alara-faq-2008.txt").read_text(encoding="utf-8")
    text = text[:20000] + " Don’t target the opponent’s 702.81a e.g. +1/+1 it's"
    assert [t.stem for t in tokens(text)] == [t.text for t in text_analyzer()(text)]


def test_words_stems_are_the_tokens_words_and_stems() -> None:
    # folded at once, and word by word where lower-casing moves characters ("İ")
    for text in ("Don’t target the opponent’s 702.81a, ten +1/+1 counters it's",
                 "İstanbul's ten cards: the player’s 3 creatures"):
        assert words_stems(text) == [(t.word, t.stem) for t in tokens(text)]


@pytest.fixture(scope="module")
def shipped_twin(shipped_build, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped build's records one document each (`one_per_record`)."""
    from tests.whoosh_reference import one_per_record

    return one_per_record(shipped_build.index, tmp_path_factory.mktemp("twin") / "index")


SHAPES = [
    WordQuery(words=[("creatur", 1.0), ("attack", 1.0), ("alon", 1.0)]),
    WordQuery(words=[("split", 1.0), ("second", 1.0)], optional=[("spell", 1.0)],
              defines=["split", "second"]),
    WordQuery(words=[("exalt", 1.3)], defines=["exalt"], numbers=["702.83", "702"]),
    WordQuery(words=[("damag", 1.0), ("player", 0.5)], require_all=True,
              required_phrases=[["combat", "damag"]]),
    WordQuery(words=[("mana", 0.7), ("burn", 1.0)], optional=[("lose", 1.0)],
              defines=["mana", "burn"], numbers=["300.3"]),
]


@pytest.mark.parametrize("query", SHAPES)
@pytest.mark.parametrize("kind, source", [(None, None), ("rule", None),
                                          (None, "shards-of-alara-faq-2008")])
def test_term_at_a_time_scores_are_the_whoosh_querys(shipped_build, shipped_twin: Path,
                                                      query: WordQuery, kind: str | None,
                                                      source: str | None) -> None:
    """`Engine.ranked` reads postings term at a time; the Whoosh query it stands for
    (`whoosh_query`, with the corrected field-max matcher), over the same records one
    document each, gives the same records, scores and order."""

    from tests.whoosh_reference import hit_ids, whoosh_filter, whoosh_query

    engine = Engine(shipped_build.index)
    with open_index(shipped_twin).searcher() as searcher:
        results = searcher.search(whoosh_query(query), filter=whoosh_filter(kind, source),
                                  limit=None)
        expected = hit_ids(results, source)
        documents = len(results)
    found, total = engine.ranked(query, kind, source, limit=None)
    assert total == documents
    assert [c.record["id"] for c in found] == [rid for rid, _ in expected]
    assert [c.score for c in found] == pytest.approx([s for _, s in expected], rel=1e-9)
    top, _ = engine.ranked(query, kind, source, limit=7)
    assert [c.record["id"] for c in top] == [rid for rid, _ in expected[:len(top)]]
    engine.close()


def test_every_regular_inflection_a_rules_text_uses_gets_the_words_stem() -> None:
    import re
    from pathlib import Path

    from kb.index import porter_stem

    rules = (Path(__file__).parents[1] / "data" / "sources" /
             "MagicCompRules-2026-01-16.txt").read_text(encoding="utf-8").lower()
    words = set(re.findall(r"[a-z]+", rules))
    for family in (["cycle", "cycled", "cycling", "cycles"], ["add", "added", "adding", "adds"],
                   ["scry", "scries"], ["try", "tries"]):
        assert set(family) <= words, family  # the rules write each form
        assert len({porter_stem(w) for w in family}) == 1, family
    # Porter's measure: "y" after a consonant is a vowel, as before a vowel it is not
    assert porter_stem("cycle") == "cycl" and porter_stem("player") == "player"
    # Snowball's one letter before -ies / -ied / -ying: the verb "die" in all its forms
    assert {porter_stem(w) for w in ("die", "dies", "died", "dying")} == {"die"}
    assert porter_stem("ties") == porter_stem("tie") and porter_stem("flies") == "fli"
    # not read as a shorter word: "off" is not "of", "tape" is not "tap"
    assert porter_stem("off") != porter_stem("of") and porter_stem("the") == "the"
    assert porter_stem("tape") != porter_stem("tap") and porter_stem("taped") == "tape"


def test_a_glossary_entry_defines_its_term_without_its_label() -> None:
    from kb.index import defined_terms

    def entry(title: str, text: str = "A term.") -> Record:
        return Record(id="g", kind="glossary", source="s", title=title, text=text)

    assert defined_terms(entry("Cantrip (Informal)")) == ["Cantrip"]
    assert defined_terms(entry("Mana Burn (Obsolete)")) == ["Mana Burn"]
    assert defined_terms(entry("Dies", '"Dies" means "is put into a graveyard."')) == [
        "Dies"]
