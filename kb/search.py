"""Search: a query string to ranked, highlighted results.

The query is read as plain words and "quoted phrases" (never engine syntax, so no query
can fail to parse); a bare rule number goes straight to that rule. Words are stemmed and
era-normalised like the index. Function words (articles, pronouns, auxiliaries, question
words, prepositions, conjunctions: a closed class of English, not a list fitted to
queries) only count where the query's words stand together; every other word is matched
in the engine (BM25F, each record by its best field, `kb.index`). The candidates are then
re-ranked by one signal, proximity: the engine score times the share of the query's words
(weighted by rarity) found together in a short stretch of the record (of a record making
one statement, half by its densest stretch and half by its first sentence: what it says it
is about), a rule's heading standing by both, so a short record matching one word of a
long question keeps only that word's share; a content word no term of the rules holds
(no glossary entry, keyword or quoted definition has it: "still", "allowed", "how many")
is the question's phrasing and weighs half in that share. A player's words
("bounce", "fizzle", "ETB") are read in the rules' words as one more wording of the query
(`kb.slang`), each expression weighing one word in the engine. A query that only names
things ("embalm", "dredge 3") puts the records defining them as written first. What a
record is about takes part in that share (`kb.search_cards`): among the records of a card
the query names, its name's words are left out (they are in all of them); a record about
a subject the query doesn't name (another card or keyword, a rule's heading such as
"Two-Headed Giant Variant") has that subject's words counted in. A word found
nowhere is checked against keyword and card names for a did-you-mean.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb import rulenum
from kb.collector import collector_paused
from kb.era import alternative_wordings, modernize, shortened
from kb.index import (
    STEMS_SCAN,
    Candidate,
    CandidateDocument,
    Engine,
    Token,
    WordQuery,
    spans,
    stems,
    tokens,
    words_stems,
)
from kb.model import SUMMARY_FIELDS, is_rules_version
from kb.patterns import lazy
from kb.query_era import Era, read_era, wording_era
from kb.recent import Recent
from kb.search_cards import (
    CardPlace,
    about,
    defined_names,
    filed_under,
    keyword_unsaid,
    name_stems,
    named_cards,
    unsaid_subject,
)
from kb.search_meaning import FUSED, Meaning, after_fused
from kb.search_meaning import enabled as meaning_enabled
from kb.search_pointers import follow, is_pointer
from kb.search_versions import Group, Versions
from kb.slang import is_slang, rules_wording
from kb.text import (
    ANSWER_WORDS,
    FIRST_PERSON,
    FUNCTION_WORDS,
    NUMBER_WORDS,
    answer_asked,
    denied,
    is_question,
    negates,
)

_PHRASE = lazy(r'"([^"]+)"')
# Kinds of record that make one statement, so their first sentence says what they are
# about; a keyword's record (all its rules), a FAQ section and a card gather many, and are
# about what their title names
_STATEMENTS = frozenset({"rule", "ruling", "qa", "glossary"})
# A text's first sentence: up to the first full stop, question or exclamation mark that
# ends a word (not the dots of "702.19b", nor a leading "1." numbering a definition) after
# a letter, within its first line; else its whole first line. As the lazy
# `[^\n]*?[A-Za-z][^\n]*?[.!?](?=\s|$)|[^\n]*` reads it, with possessive steps that never
# step back (a fourth of its time on the candidates' texts)
_FIRST_SENTENCE = lazy(r"[^A-Za-z\n]*+[A-Za-z](?:[^.!?\n]++|[.!?](?!\s|$))*+[.!?](?=\s|$)"
                       r"|[^\n]*+")
# Snippets are looked for in the first this-many characters of a record.
SNIPPET_SCAN = STEMS_SCAN
# Titles and texts whose stems (and first sentences) are kept from one query's takes of
# candidates to the next and for the queries after: as many as a query's last take over
# every rules version holds (1,700 candidates, 250 distinct texts, each a title and a text,
# read by each wording of the query), with room for the next query's
PARTS_KEPT = 2048
# A word in more than this share of all records tells records apart too little to be
# worth matching in the engine (when rarer words remain); it still counts in proximity.
COMMON_SHARE = 0.2
# A word in at most this share of all records is specific enough to find records by.
SPECIFIC_SHARE = 0.05
# What a question asking where finds in a zone's name (no word of any text), and the
# stems a wording's proximity weighs besides its own, by whether it asks where.
# A word's weight is its rarity (inverse document frequency), at least this much.
MIN_IDF = 0.1
# The hits of a first page: asking for more adds hits after them (`Searcher.search`).
PAGE = 10
# Candidates the engine hands to re-ranking, per result asked for (at least 30), counted in
# distinct texts (index documents: the versions of a rule that say the same are one). (Twice as
# many, 60, measured 2026-11-23: +0.016 MRR on heldout2 over 8 extra rules versions,
# +-0.007 elsewhere, for a fifth more time: not taken.)
CANDIDATES_PER_RESULT = 3
# When the candidates' versions collapse into fewer hits than asked for, candidates are
# taken again, at most this many times as many (over 13 rules versions most queries need
# a second take: 30 candidates were often 4 to 7 hits).
MORE_CANDIDATES = 8
# A rule or entry no longer in the newest rules ranks as if it matched this much less,
# unless the query names an era or asks for what is obsolete.
OBSOLETE_WEIGHT = 0.5
# A content word no term of the rules holds (no glossary entry, keyword or quoted "X" means
# has it: "still", "allowed", "happen", "go back") is the question's phrasing, not what it
# asks about: it weighs this much of its rarity where the query's words stand together.
PHRASING_WEIGHT = 0.5
# A query asking how things were ("no longer", "back when it was called ..."): obsolete
# rules are not set back, and a renamed term dates it (`kb.query_era.wording_era`'s `past`)
_ASKS_PAST = lazy(r"\b(?:obsolete|old|older|used to|formerly|no longer|back (?:when|then)"
                  r"|(?:was|were) (?:once |still )?called)\b", re.I)


@dataclass
class Hit:
    """One result: the record's export fields, its score and a highlighted snippet (made
    when first read: a fused search ranks two pages and shows one)."""

    record: dict[str, Any]
    score: float
    marks: set[str]  # the stems the snippet highlights
    parts: dict[str, float] = field(default_factory=dict)
    # the other versions, newest first, each by the fields that name it (`SUMMARY_FIELDS`)
    versions: list[dict[str, Any]] = field(default_factory=list)
    context: dict[str, Any] | None = None
    covers: tuple[str, ...] = ()  # subrules whose text the record shows (a bare heading's)

    @functools.cached_property
    def snippet(self) -> str:
        """The part of the text that holds most of the query's words, those marked."""
        return snippet(self.record["text"], self.marks)

    def shows(self) -> tuple[str, ...]:
        """The records the hit stands for: its own, its other versions and the subrules
        its text shows (none of them is shown again as a hit of its own)."""
        return (self.record["id"], *(v["id"] for v in self.versions), *self.covers)

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """The `--json` form: record fields plus `score`, `snippet`, `versions` (the other
        versions' record ids) and with `explain` the score's parts."""
        out = {**self.record, "score": round(self.score, 4), "snippet": self.snippet,
               "versions": [v["id"] for v in self.versions]}
        if self.context:
            out["context"] = {k: self.context[k] for k in ("id", "kind", "title", "text")}
        if explain:
            out["explain"] = {k: round(v, 4) for k, v in self.parts.items()}
        return out


@dataclass
class SearchResult:
    """What a query found."""

    query: str
    total: int
    hits: list[Hit]
    did_you_mean: str | None = None
    terms: list[str] = field(default_factory=list)
    total_exact: bool = True
    era: str | None = None  # the era the query names (`kb.query_era`), as --explain says it
    era_read: Era | None = None  # that era as search applies it (`Versions.apply_era`)
    phrasing: list[str] = field(default_factory=list)  # stems weighed as phrasing (--explain)
    # the kind of answer the query asks for (`kb.text.ANSWER_WORDS`, or "number"), --explain
    answer: str | None = None
    # every group the words ranked, in order (not only the hits): a record's rank by
    # words, which fusion charges a record meaning finds (`Searcher._found_by_meaning`)
    ranked: list[Group] = field(default_factory=list)

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """`{"query", "total", "results"}` as DESIGN.md fixes it, plus `did_you_mean`,
        `total_exact` (false: `total` counts the records matched before their versions
        collapsed, a bound on the hits) and with `explain` the era the query was read as
        naming, its phrasing and the kind of answer it asks for."""
        out = {"query": self.query, "total": self.total, "total_exact": self.total_exact,
               "did_you_mean": self.did_you_mean,
               "results": [hit.to_json(explain) for hit in self.hits]}
        if explain and self.era:
            out["era"] = self.era
        if explain and self.phrasing:
            out["phrasing"] = self.phrasing
        if explain and self.answer:
            out["answer"] = self.answer
        return out


@dataclass
class ReadQuery:
    """A user's query as search reads it."""

    text: str
    words: list[Token]        # every word, era-normalised, in order
    content: list[str]        # distinct stems of the content words
    phrases: list[list[str]]  # quoted phrases, as stems
    # the kind of answer it asks for and the stem weighed as asking it (`_answer_of`)
    answer: tuple[str, str] | None = None
    negates: bool = False  # whether it says what is not ("without flying", "can't")
    # whether it asks about play: phrased as a question (`kb.text.is_question`) or telling
    # a player's situation in the first person ("I have nine cards in hand at the end of
    # my turn"), not quoting a card's text
    asks: bool = False
    # the places (in `words`) of the words written with a capital letter (not function
    # words: "Can", "My"): a name, where a card's first word is so written ("Tezzeret's -5")
    capitalised: frozenset[int] = frozenset()

    @classmethod
    def of(cls, text: str) -> ReadQuery:
        """Split a query into its words, content stems and quoted phrases."""
        modern = modernize(text.replace("*", " "))
        words = tokens(modern.replace('"', " "))
        content = [t.stem for t in words if t.word not in FUNCTION_WORDS] \
            or [t.stem for t in words]
        phrases = [stems(p) for p in _PHRASE.findall(modern)]
        return cls(text, words, list(dict.fromkeys(content)), phrases,
                   _answer_of(modern, words),
                   negates([t.word for t in words]),
                   is_question(text) or any(t.word in FIRST_PERSON for t in words),
                   frozenset(i for i, t in enumerate(words) if modern[t.start].isupper()
                             and t.word not in FUNCTION_WORDS))


@dataclass
class Takes:
    """What the takes of one query's candidates share: a take holds the candidates of the
    one before (and more), so each candidate's record, proximity, tie-breaking span and
    lineage is worked out once per query, however many takes it needs."""

    payloads: dict[int, dict[str, Any]] = field(default_factory=dict)  # docnum -> record
    near: dict[tuple[Any, ...], float] = field(default_factory=dict)   # `_reranked`
    spans: dict[tuple[Any, ...], float] = field(default_factory=dict)  # `_break_ties`
    lineages: dict[str, list[str]] = field(default_factory=dict)       # `Versions.group`
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)     # `Versions.group`
    # `_reranked`: each candidate's proximity key and subject factor, by record id; the
    # cards the query names among the candidates and what each record is about of them
    own: dict[str, tuple[tuple[str, str], float | None]] = field(default_factory=dict)
    named: dict[str, set[str]] | None = None
    about: dict[str, list[str]] = field(default_factory=dict)
    # whether each candidate is filed under a subject the query may not name (`_unnamed`)
    filed: dict[str, bool] = field(default_factory=dict)
    # the documents whose stems an earlier take kept (`remember_stems`)
    remembered: set[int] = field(default_factory=set)
    defines: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)  # `_definitions`
    # the query's stems that are terms the rules define (`_cards_named`)
    defined: frozenset[str] = frozenset()
    # where the query says each card of the candidates (`kb.search_cards.named_cards`)
    cards: dict[str, CardPlace] = field(default_factory=dict)


class Searcher:
    """An open index, reused across queries (open once, search many times)."""

    def __init__(self, index_dir: Path, meaning: bool | None = None) -> None:
        """`meaning`: fuse the sentence model's ranking in (`kb.search_meaning`); by
        default when the model is installed and `MTGKB_MEANING` is not "0"."""
        self._engine = Engine(index_dir)
        self._versions = Versions(index_dir.parent / "kb.sqlite", self._engine)
        self._names: list[str] | None = None
        # the home of HOME/builds/<build>/index keeps the hits' vectors
        self._meaning = Meaning(index_dir.parent.parent.parent) \
            if (meaning_enabled() if meaning is None else meaning) else None

    def close(self) -> None:
        """Release the index files."""
        self._engine.close()
        self._versions.close()

    def search(self, text: str, kind: str | None = None, source: str | None = None,
               limit: int = PAGE, as_of: str | None = None) -> SearchResult:
        """Ranked results for a query, best first; one hit per rule across versions, shown
        as the rules stood on `as_of` (an ISO date) when given, else the newest. Asking for
        more than a page of hits adds hits after the first page's, never reorders them.

        >>> searcher.search("attacks alone").hits[0].record["id"]  # doctest: +SKIP
        'cr-2026-01-16:506.5'
        """
        with collector_paused():
            if self._meaning is None or rulenum.cited(text):
                return self._paged(text, kind, source, limit, as_of)
            return self._fused(text, kind, source, limit, as_of, self._meaning)

    def _fused(self, text: str, kind: str | None, source: str | None, limit: int,
               as_of: str | None, meaning: Meaning) -> SearchResult:
        """`_paged` with its first `FUSED` hits ordered by words and meaning together
        (`kb.search_meaning`); hits asked for beyond them follow as before."""
        # the candidates re-ranked for two pages at once (the page by words alone is
        # not kept apart: meaning reorders it)
        head, found = self._fusion_candidates(text, kind, source, as_of, meaning)
        by_words = len(head.hits)
        head.hits = meaning.rerank(text, head.hits, found)
        if found:  # (a bound from above, as when versions collapse)
            head.total, head.total_exact = head.total + len(found), False
        if limit <= len(head.hits) or by_words < FUSED:
            head.hits = head.hits[:limit]
            return head
        more = self._paged(text, kind, source, limit, as_of)
        shown = {i for hit in head.hits for i in hit.shows()}
        rest = [hit for hit in more.hits if shown.isdisjoint(hit.shows())]
        lowest = min(hit.score for hit in head.hits)
        for rank, hit in enumerate(rest, len(head.hits) + 1):
            hit.score = after_fused(lowest, rank)
        more.hits = [*head.hits, *rest][:limit]
        more.query, more.did_you_mean = head.query, head.did_you_mean
        return more

    def _fusion_candidates(self, text: str, kind: str | None, source: str | None,
                           as_of: str | None, meaning: Meaning
                           ) -> tuple[SearchResult, list[tuple[Hit, int]]]:
        """What fusion ranks (`Meaning.rerank`): the first `FUSED` hits by words, and the
        shipped records meaning finds with their ranks by words (not where the query
        names a source: the shipped vectors are of the shipped documents; where it names
        a date or an era, each is shown as it stood then, as the hits by words are)."""
        head = self._search(text, kind, source, FUSED, as_of)
        if not head.hits or source is not None:
            return head, []
        return head, self._found_by_meaning(text, head, kind, meaning, as_of)

    def _found_by_meaning(self, text: str, head: SearchResult, kind: str | None,
                          meaning: Meaning, as_of: str | None = None
                          ) -> list[tuple[Hit, int]]:
        """The shipped records nearest the query, and those answering the questions asked
        before nearest it (`Meaning.nearest`), that the hits by words don't show, each as
        a hit with its rank by words: its place among the candidates the words ranked,
        else one past them all (no rank higher than the first after the fused hits).
        The shipped records are today's: for a query naming an era, each is shown in
        its lineage's version of the era (`Versions.apply_era`, "off era" without one),
        as of a date its version then (none without one)."""
        nearest = meaning.nearest(text)
        shown = {i for hit in head.hits for i in hit.shows()}
        wanted = [i for ids in nearest for i in ids[:1] if i not in shown]
        records = self._versions.fetch(wanted)
        ranked: list[tuple[float, dict[str, float], list[dict[str, Any]]]] = [
            (0.0, {}, [records[i]]) for i in wanted
            if i in records and (kind is None or records[i]["kind"] == kind)]
        out: list[tuple[Hit, int]] = []
        word_ranks: dict[str, int] = {}
        if ranked:
            for rank, words_group in enumerate(head.ranked, 1):
                for member in words_group.members or words_group.records:
                    word_ranks.setdefault(member, rank)
        for group in self._versions.group(ranked):
            if head.era_read is not None:
                self._versions.apply_era(group, head.era_read, _unscored)
            hit = self._hit(group, set(head.terms), as_of, None, follow_pointers=not kind)
            if hit is None or not shown.isdisjoint(hit.shows()):
                continue
            shown.update(hit.shows())
            rank = min((word_ranks[i] for i in (*group.members, *hit.shows())
                        if i in word_ranks), default=len(head.ranked) + 1)
            out.append((hit, max(rank, FUSED + 1)))
        return out

    def _paged(self, text: str, kind: str | None, source: str | None, limit: int,
               as_of: str | None) -> SearchResult:
        """`search`, the first page ranked as when only it is asked for."""
        if limit <= PAGE:
            return self._search(text, kind, source, limit, as_of)
        # the candidates re-ranked grow with the hits asked for: the first page is ranked
        # as it is when only it is asked for, the rest follow
        page = self._search(text, kind, source, PAGE, as_of)
        # (a page more: the first page's hits, and what they show, are among them)
        more = self._search(text, kind, source, limit + PAGE, as_of)
        shown = {i for hit in page.hits for i in hit.shows()}
        rest = [hit for hit in more.hits if shown.isdisjoint(hit.shows())]
        more.hits = [*page.hits, *rest][:limit]
        more.query, more.did_you_mean = page.query, page.did_you_mean
        return more

    def _search(self, text: str, kind: str | None, source: str | None, limit: int,
                as_of: str | None) -> SearchResult:
        """`search` with the candidates re-ranked for `limit` hits."""
        number = rulenum.cited(text)
        if number:
            found = self._rule_lookup(text, number, kind, source, limit, as_of)
            if found.hits:
                return found
        # "exalted in 2008", "Lorwyn era": its version, its words left out (`kb.query_era`)
        era, rest = read_era(text, self._versions.calendar)
        era = None if as_of else era  # --as-of overrides the era the words name
        # a misspelling put right answers with the corrected words: then the query as
        # written need not be ranked at all; else the corrected answer stands only where
        # the query as written finds nothing. Whether it answers is read off its best hit,
        # ranked alone first: most corrections are of a name or a word of English the
        # records lack ("Stony Silence" -> "story", "dork" -> "fork"), and a whole page
        # of them is ranked only to be dropped
        if not (correction := self._correction(rest)):
            return self._ranked(rest, kind, source, limit, as_of, era, text)
        # (the page ranked after the best hit takes up what ranking that hit worked out)
        takes = Takes()
        best = self._ranked(correction, kind, source, 1, as_of, era, text, takes)
        if best.hits and _answers_with(best, rest, correction):
            corrected = self._ranked(correction, kind, source, limit, as_of, era, text, takes)
            if corrected.hits and _answers_with(corrected, rest, correction):
                return _corrected(corrected, text, correction)
        result = self._ranked(rest, kind, source, limit, as_of, era, text)
        if result.hits or not best.hits:
            return result
        return _corrected(self._ranked(correction, kind, source, limit, as_of, era, text,
                                       takes), text, correction)

    def _rule_lookup(self, text: str, number: str, kind: str | None, source: str | None,
                     limit: int, as_of: str | None) -> SearchResult:
        """Today's rule of that number (or the one in force on `as_of`) and its subrules
        first, then the rules the number named in other versions and documents: one hit
        per rule across versions (a rule the number named in older versions only, "702.83
        Cascade" of 2012, is a hit of its own), shown in its newest version of that number,
        the others listed.

        >>> [h.record["rule"] for h in searcher.search("702.83").hits][:3]  # doctest: +SKIP
        ['702.83', '702.83a', '702.83b']
        """
        newest = self._versions.newest_cr

        def order(r: dict[str, Any]) -> tuple[bool, bool, str, str]:
            return (r["source"] != newest or bool(as_of), not r["source"].startswith("cr-"),
                    _newest_first(r), r["id"])

        def in_order(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return sorted((r for r in found if not as_of or (r.get("date") or "") <= as_of),
                          key=order)

        exact = in_order(self._engine.rule(number, kind, source))
        seen = {r["id"] for r in exact}
        under = in_order([r for r in self._engine.under_rule(number, kind, source)
                          if r["id"] not in seen])
        wanted = set(stems(text))
        ranked: list[tuple[float, dict[str, float], list[dict[str, Any]]]] = [
            *((100.0, {}, [r]) for r in exact), *((50.0, {}, [r]) for r in under)]
        hits = []
        for group in self._versions.group(ranked):
            # the group's first candidate is the version to show (the candidates are in
            # the order above); its other versions are listed by the fields naming them
            shown = next(iter(group.records.values()))
            self._versions.complete(group, whole=False)
            hits.append(Hit(shown, group.score, wanted,
                            versions=_newest_first_but(group.records.values(), shown["id"])))
        # the version in force (the first hit's) with its subrules first, then the rules
        # the number named in other versions and documents
        current = hits[0].record["source"] if hits else None
        hits.sort(key=lambda hit: hit.record["source"] != current)
        return SearchResult(query=text, total=len(hits), hits=hits[:limit], terms=[number])

    def _ranked(self, text: str, kind: str | None, source: str | None, limit: int,
                as_of: str | None = None, era: Era | None = None,
                asked: str | None = None, takes: Takes | None = None) -> SearchResult:
        """The ranked hits of one wording of a query (`takes`: what an earlier ranking of
        the same text worked out of its candidates, taken up and added to)."""
        past = _ASKS_PAST.search(text) is not None
        penalise = not (as_of or era or past)
        query = ReadQuery.of(text)
        if not query.words:
            return SearchResult(query=asked or text, total=0, hits=[])
        engine = self._engine
        # the query in today's terms where it uses a term the glossary records as renamed,
        # and in the rules' words where it uses a player's (`kb.slang`)
        variants = [query, *(ReadQuery.of(v) for v in _renamed(text, engine.renames()))]
        if (short := shortened(text)) is not None:  # "enters the battlefield": "enters"
            variants.append(ReadQuery.of(short))
        own = {s for v in variants for s in v.content}
        slang = rules_wording(text, tokens)
        spread = _spread(slang.meanings, own) if slang else {}
        if slang:
            variants.append(ReadQuery.of(slang.text))
        content = list(dict.fromkeys(s for v in variants for s in v.content))
        count = engine.doc_count()
        df = {s: engine.doc_frequency(s) for s in content}
        defined = frozenset(s for s in content if engine.doc_frequency(s, "defines"))
        phrasing = _phrasing(content, defined)
        # records are found by the specific words of each wording (the rules' words of
        # "bounce" find rules, where the player's word finds only the FAQ that uses it);
        # the others only add to their score
        matched: list[str] = []
        specific: list[str] = []
        for variant in variants:
            kept = [s for s in variant.content if df[s] <= COMMON_SHARE * count] \
                or variant.content
            matched += kept
            rare = [s for s in kept if df[s] <= SPECIFIC_SHARE * count] or kept
            specific += rare
            # words that name nothing the rules define ("go", "stay", "need") find no
            # answer by themselves: when any is a specific word, the rarest other word that
            # names finds too (the answer to "if a mana ability needs a target, does it
            # still count ..." says "target", and none of "need", "still", "count")
            naming = [s for s in kept if s not in phrasing and s not in rare]
            if naming and any(s in phrasing for s in rare):
                specific.append(min(naming, key=lambda s: df[s]))
        specific = list(dict.fromkeys(specific))
        optional = [s for s in dict.fromkeys(matched) if s not in specific]
        numbers = rulenum.find_numbers(text.lower(), dotted=True)
        phrase = _named_phrase(query)
        # counted in distinct texts: as many records as make that many index documents
        wanted = round(max(limit * CANDIDATES_PER_RESULT, 30) * engine.records_per_document())
        scores = engine.scores(
            WordQuery(words=[(s, spread.get(s, 1.0)) for s in specific],
                      optional=[(s, spread.get(s, 1.0)) for s in optional],
                      required_phrases=query.phrases,
                      defines=phrase if len(phrase) <= 5 else None, numbers=numbers),
            kind, source)
        total = engine.count(scores, kind, source)
        if not as_of and era is None:  # "comes into play": the versions that said so
            era = wording_era(text, self._versions.old_terms, self._versions.newest_says,
                              engine.renames(), past)
        weights = {s: max(engine.idf(s), MIN_IDF) * (PHRASING_WEIGHT if s in phrasing else 1.0)
                   for s in content}
        for answer, stem in {v.answer for v in variants if v.answer and v.answer[1] not in content}:
            # what no word of the query says ("where"): weighed as phrasing, as rare as the
            # commonest word answering it
            weights[stem] = PHRASING_WEIGHT * min(
                max(engine.idf(s), MIN_IDF) for s in stems(" ".join(ANSWER_WORDS[answer])))
        takes = takes or Takes()  # what each take shares with the one before
        takes.defined = defined
        ranking = engine.ranking(scores, kind, source)

        def grouped(docs: Iterable[CandidateDocument]) -> list[Group]:
            ranked = _reranked(list(docs), query, variants, weights, engine.idf, takes,
                               phrasing)
            return self._versions.group(
                sorted(ranked, key=lambda t: (-t[0], t[1].get("span", 0.0))), takes.lineages,
                takes.keys)

        # a card's printed text and its rulings answer a query that names the card, or
        # one that asks for that kind (--kind card, ruling) or reads like card text
        # ("return target creature card from your graveyard"), not a question that
        # happens to use their words ("how many cards does a commander deck need?" is not
        # about Time of Need): after the rest (`unnamed`)
        last = kind is None and query.asks
        said_stems = [t.stem for t in query.words]
        said = {t.stem for v in variants for t in v.words}

        def rescore(record: dict[str, Any], parts: dict[str, float]
                    ) -> tuple[float, dict[str, float]]:
            # a version of the era no candidate: its group's engine score, its own proximity
            near = _proximity(record, variants, weights)
            return _combined(parts["engine"], near), {
                "engine": parts["engine"], "proximity": near,
                **({"unnamed": 1.0} if "unnamed" in parts else {})}

        def ranked(groups: list[Group]) -> list[Group]:
            for group in groups:
                if era is not None:
                    self._versions.apply_era(group, era, rescore)
                elif past and not as_of and not source:  # "the old legend rule"
                    group.era_choice = group.best_version()
                if penalise and group.obsolete(self._versions.newest_cr, said):
                    group.parts["obsolete"] = OBSOLETE_WEIGHT
                    group.score *= OBSOLETE_WEIGHT
            # a question's unnamed cards and card rulings after the rest (above), and the
            # rules' tables of contents; a query that only names things (keywords, terms)
            # asks for their definitions
            return sorted(groups, key=lambda g: (
                last and ("unnamed" in g.parts or era is None and _defines_aside(g, weights)
                          or _contents_only(g)),
                not g.parts.get("defines") or "obsolete" in g.parts,
                -g.score, g.parts.get("span", 0.0)))

        highlight = {*content, *stems(" ".join(alternative_wordings(text)))}
        answered = -1
        while True:  # until the answers fill the hits, every match is taken, or more add none
            while True:
                # each rule's versions that say the same (one index document) are judged,
                # scored and grouped by their first (over 110 rules versions, a dozen
                # candidates for each)
                docs = {same[0].doc: same
                        for same in engine.documents(ranking, wanted, takes.payloads)}
                firsts = {key: first for key, (first, _) in docs.items()}
                remember_stems(firsts.values(), takes.remembered)
                # how many groups the candidates make does not depend on their order, so a
                # take that is not the last is counted without re-ranking it; what a
                # question ranks after the rest fills no hit of its own (over 40 card sets,
                # cards and their rulings were half the groups a question's candidates made)
                named = _cards_named(said_stems, [c.record for c in firsts.values()],
                                     takes.defined, query.capitalised, takes.cards) \
                    if last else {}
                aside = {key for key, c in firsts.items()
                         if _unnamed(c.record, named, takes, said)} if last else set()
                counted = self._versions.count_groups(
                    [c.record for key, c in firsts.items() if key not in aside],
                    takes.lineages, takes.keys)
                groups: list[Group] = grouped(docs.values()) if counted is None else []
                count = sum(not (last and "unnamed" in g.parts) for g in groups) \
                    if counted is None else counted
                # the versions of one rule are one hit: over many rules versions the
                # candidates may not fill the hits asked for; then as many more as would
                # fill them
                if count >= limit or total <= wanted:
                    break
                wanted *= max(2, min(limit // max(count, 1) + 1, MORE_CANDIDATES))
            if last and not groups and total > wanted:
                # what a question ranks after the rest is not re-ranked while more
                # candidates can fill the hits without it (the total stays the engine's)
                docs = {key: same for key, same in docs.items() if key not in aside}
            groups = groups or grouped(docs.values())
            hits: list[Hit] = []
            shown: set[str] = set()
            order = ranked(groups)
            for group in order:
                hit = self._hit(group, highlight, as_of, source, follow_pointers=not kind)
                if hit and hit.record["id"] not in shown:
                    # a heading shown with its subrules shows them: not shown again
                    shown.update(hit.shows())
                    hits.append(hit)
                if len(hits) == limit:
                    break
            # groups are fewer hits where a heading shows its subrules or a pointer leads
            # to a rule shown already: then more candidates, until answers fill the hits
            # (a take that adds no answer ends it: as of a date before every version none
            # is shown, however many are taken)
            before, answered = answered, sum(not (last and "unnamed" in h.parts) for h in hits)
            if answered >= limit or total <= wanted or answered <= before:
                break
            wanted *= 2
        # exact when every match was collected (then counted after collapsing); else the
        # engine's count of matching records, a bound from above (versions collapse)
        exact = total < wanted
        count = len(groups) if exact else max(total, len(hits))
        return SearchResult(query=asked or text, total=count, hits=hits, terms=sorted(highlight),
                            total_exact=exact, era=era.reason if era else None,
                            era_read=era,
                            phrasing=sorted(phrasing),
                            answer=query.answer[0] if query.answer else None,
                            ranked=order)

    def _hit(self, group: Group, highlight: set[str], as_of: str | None,
             source: str | None, follow_pointers: bool = True) -> Hit | None:
        """The group's hit: the version asked for, the other versions listed."""
        # the versions listed need only their names; old words asked about, their texts
        self._versions.complete(group, whole=bool(group.era_words))
        record = group.pick(as_of, source)
        if record is None:
            return None
        record = self._versions.shown(record)
        others = _newest_first_but(group.records.values(), record["id"])
        context = None
        covers: tuple[str, ...] = ()
        if follow_pointers and is_pointer(record) and (
                followed := follow(record, self._versions)) is not None:
            target, covers = followed
            if group.era_missed is not None and record["kind"] == "glossary" and (
                    then := self._versions.era_version(target["id"], group.era_missed,
                                                       record["title"])) and (
                    followed := follow(then, self._versions)) is not None:
                # an entry the era had not ("Legend Rule", in glossaries since 2009) for a
                # rule that had its term then: that rule as it stood (2005's 420.5e)
                target, covers = followed
            if target["id"] != record["id"]:
                # the rule pointed to is shown with its own versions (the pointer's are
                # older entries of the glossary, not versions of the rule)
                record, context = target, record
                others = _newest_first_but(
                    self._versions.lineage_summaries([target["id"]]).values(), target["id"])
            else:
                record = target
        return Hit(record, group.score, highlight, group.parts,
                   others, context, covers)

    def _unmatched_words(self, text: str) -> list[str]:
        """The query's words no record uses (a player's word from `kb.slang` is known:
        it is read in the rules' words, not corrected)."""
        return [w for w in _words(text) if w.lower() not in FUNCTION_WORDS
                and not is_slang(w.lower(), tokens)
                and not any(self._engine.known(s) for s in stems(w))]

    def _correction(self, text: str) -> str | None:
        """The query with unknown words replaced by the nearest keyword or card name word."""
        unknown = self._unmatched_words(text)
        if not unknown:
            return None
        from kb.wording import closest, misspelling_of

        vocabulary = self._name_words()
        corrected = text
        for word in unknown:
            if (best := closest(word.lower(), vocabulary)) and \
                    misspelling_of(word.lower(), best):
                corrected = re.sub(rf"\b{re.escape(word)}\b", best, corrected)
        return corrected if corrected != text else None

    def _name_words(self) -> list[str]:
        if self._names is None:
            try:
                self._names = json.loads(self._engine.names_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._names = []
        return self._names


def _unscored(record: dict[str, Any], parts: dict[str, float]
              ) -> tuple[float, dict[str, float]]:
    """A version's score by words where meaning, not the words, found its group: none."""
    return 0.0, {}


def _corrected(result: SearchResult, asked: str, correction: str) -> SearchResult:
    """A corrected query's result, as the answer to the query asked."""
    result.query, result.did_you_mean = asked, correction
    return result


def _answers_with(corrected: SearchResult, text: str, correction: str) -> bool:
    """Whether a corrected query's answer uses the words the correction put in: a word the
    records never use is corrected to the nearest keyword or card name word, and that is a
    misspelling put right ("exhalted" -> "exalted") only when the best hit then speaks of
    it; a word of English the rules just don't use ("wear off" -> "war", "era" -> "feral")
    finds records by the query's other words, which the query as written finds too."""
    put_in = set(stems(correction)) - set(stems(text))
    top = corrected.hits[0].record
    return bool(put_in) and put_in <= set(stems(f"{top['title']} {top['text']}"))


def proximity(record: dict[str, Any], query: ReadQuery, weights: dict[str, float]) -> float:
    """The largest share (by weight) of the query's content words that stand together in
    the record: within a stretch of twice the query's length, in its title or text; a
    rule's title is the heading its text is read under ("508.1b Declare Attackers Step"),
    so the query's words in it stand by every stretch of the text. The text's share of a
    record that makes one statement (`_STATEMENTS`) is half its densest stretch's and half
    its first sentence's (`_lead`): a rule that
    states the query's words first is about them, one that comes to them after stating
    something else (an exception, an example) less so. A
    question asking "how many" / "how much" is asking for a number: its "many" is found
    where a number stands ("one land", "exactly 100 cards", "ten or more"). A word the
    record only denies ("a source without infect", "neither wither nor infect") is not
    found, unless the query says what is not itself ("a creature without flying")."""
    total = sum(weights.values())
    if not total:
        return 0.0
    width = 2 * len(query.words) + 2
    wants = _answer(query, weights)
    deny = not query.negates

    def found(part: str) -> tuple[str, ...]:
        if wants:
            return denied(_part_answers(part, *wants)) if deny else _part_answers(part, *wants)
        return _denied_stems(part) if deny else _part_stems(part)

    title = found(record["title"]) if record["kind"] == "rule" else ()
    heading = {s: w for s, w in weights.items() if s in title}
    rest = {s: w for s, w in weights.items() if s not in heading}
    text = record["text"][:SNIPPET_SCAN]
    stretch = _densest(found(text), rest, width)
    if record["kind"] in _STATEMENTS:
        lead = _lead(text, wants, deny)
        said = sum(w for s, w in rest.items() if s in lead)
        under = sum(heading.values()) + (stretch + said) / 2
    else:
        under = sum(heading.values()) + stretch
    return max(_densest(found(record["title"]), weights, width), under) / total


def _answer_of(text: str, words: list[Token]) -> tuple[str, str] | None:
    """The kind of answer a query asks for and the stem weighed as asking it: a number,
    by its "many" / "much" ("how many": ("number", "mani")); which comes first, by its
    "first"; where or when (`kb.text.answer_asked`), by a stem no word has ("\x00zone")."""
    number = next((b.stem for a, b in zip(words, words[1:], strict=False)
                   if a.word == "how" and b.word in ("many", "much")), None)
    if number is not None:
        return ("number", number)
    kind = answer_asked(text)
    if kind == "order":
        return next((("order", t.stem) for t in words if t.word == "first"), None)
    return (kind, f"\x00{kind}") if kind else None


def _answer(query: ReadQuery, weights: dict[str, float]) -> tuple[str, str] | None:
    """The kind of answer the query asks for and its stem (`ReadQuery.answer`), where that
    stem is weighed."""
    return query.answer if query.answer and query.answer[1] in weights else None


@functools.lru_cache(maxsize=PARTS_KEPT)
def _lead(text: str, many: tuple[str, str] | None, deny: bool = False) -> frozenset[str]:
    """The stems of a text's first sentence, what the record says it is about (a rule's
    statement before its exceptions and examples, a Q&A's question, a ruling's point);
    with `many`, each number in it read as that stem (`_part_numbers`); with `deny`, the
    words it denies marked (`kb.text.denied`)."""
    first = _FIRST_SENTENCE.match(text)
    sentence = first.group(0) if first else text
    found = _part_answers(sentence, *many) if many else tuple(stems(modernize(sentence)))
    return frozenset(denied(found) if deny else found)


@functools.lru_cache(maxsize=PARTS_KEPT)
def _part_answers(part: str, kind: str, asked: str) -> tuple[str, ...]:
    """A record part's stems with each word answering the question read as `asked` (the
    stem of the word asking it, `_answer`): a number for "how many" / "how much", a word
    of order (`ORDER_WORDS`: "in APNAP order") for "which comes first"."""
    answers = (lambda word: word.isdigit() or word in NUMBER_WORDS) if kind == "number" \
        else ANSWER_WORDS[kind].__contains__
    return tuple(asked if answers(word) else stem
                 for word, stem in words_stems(modernize(part)))


def _part_stems(part: str) -> tuple[str, ...]:
    """A record part's stems in today's wording: as the build read them for a candidate
    (`remember_stems`), else read now (kept for the candidates at hand: the query's
    wordings each look at the same records)."""
    found = _BUILT_STEMS.find(part)
    if found is None:
        return _read_stems(part)
    if isinstance(found, str):  # (split when first asked for: most candidates never are)
        split = tuple(found.split())
        _BUILT_STEMS.put(part, split)
        return split
    return found


@functools.lru_cache(maxsize=PARTS_KEPT)
def _read_stems(part: str) -> tuple[str, ...]:
    """A record part's stems in today's wording, read from its words."""
    return _text_stems(modernize(part))


@functools.lru_cache(maxsize=PARTS_KEPT)
def _denied_stems(part: str) -> tuple[str, ...]:
    """`_part_stems` with the words the part denies marked (`kb.text.denied`)."""
    return denied(_part_stems(part))


# a part's stems as the build read them (`Candidate.stems`), for the candidates of the last
# few queries: what `_part_stems` would read again
_BUILT_STEMS: Recent[str, str | tuple[str, ...]] = Recent(PARTS_KEPT)


def remember_stems(found: Iterable[Candidate], docs: set[int] | None = None) -> None:
    """Keep the stems the build read of the candidates' titles and texts (`_part_stems`),
    once for each document (`docs`: those kept already, added to)."""
    docs = set() if docs is None else docs
    for c in found:
        if c.stems is None or c.doc in docs:
            continue
        docs.add(c.doc)
        title, text = c.stems
        _BUILT_STEMS.put(c.record["title"], title)
        _BUILT_STEMS.put(c.record["text"][:SNIPPET_SCAN], text)


@functools.lru_cache(maxsize=PARTS_KEPT)
def _text_stems(text: str) -> tuple[str, ...]:
    """A text's stems (kept for the candidates at hand: the query's wordings each look at
    the same records, and the hits' snippets at the best of them, most of them in today's
    wording already)."""
    return tuple(stems(text))


def _densest(stems_at: tuple[str, ...], weights: dict[str, float], width: int) -> float:
    """The largest weight of distinct wanted stems within `width` words from a wanted
    word on (one pass: a window sliding over the wanted words' places; a window's weight
    summed again, in the same order, whenever its stems change)."""
    if weights.keys().isdisjoint(stems_at):  # (a fifth of the candidates' parts)
        return 0.0
    places = [i for i, s in enumerate(stems_at) if s in weights]
    counts: dict[str, int] = {}
    weigh = weights.__getitem__
    best = current = 0.0
    end, last = 0, len(places)
    for i in places:
        changed = False
        reach = i + width
        while end < last and places[end] < reach:
            stem = stems_at[places[end]]
            if stem in counts:
                counts[stem] += 1
            else:
                counts[stem] = 1
                changed = True
            end += 1
        if changed:
            current = sum(map(weigh, counts))
        if current > best:
            best = current
        stem = stems_at[i]
        if counts[stem] == 1:
            del counts[stem]
            current = sum(map(weigh, counts))
        else:
            counts[stem] -= 1
    return best


def _reranked(docs: list[CandidateDocument], query: ReadQuery, variants: list[ReadQuery],
              weights: dict[str, float], idf: Callable[[str], float],
              takes: Takes | None = None, phrasing: set[str] | None = None,
              ) -> list[tuple[float, dict[str, float], list[dict[str, Any]]]]:
    """Each document's score and its parts (`_scored`) with its candidates' records, in
    the documents' order (`Engine.documents`). The records of one index document (the
    unchanged versions of a rule, `Candidate.doc`) read the same and score the same: they
    are scored once, as their first (over 110 rules versions a query's candidates are
    eight records for each text)."""
    scored = _scored([first for first, _ in docs], [len(records) for _, records in docs],
                     query, variants, weights, idf, takes, phrasing)
    return [(score, dict(parts), records)
            for (score, parts, _), (_, records) in zip(scored, docs, strict=True)]


def _cards_named(said: list[str], records: list[dict[str, Any]],
                 defined: frozenset[str], capitalised: frozenset[int] = frozenset(),
                 places: dict[str, CardPlace] | None = None) -> dict[str, set[str]]:
    """The cards the query names (`named_cards`), less those whose name is all terms the
    rules define (`defined`: the query's stems that are): "my lifelink creature" means the
    keyword, not the aura named Lifelink. (`places`: `named_cards`'s, kept by `Takes`.)"""
    return {card: words
            for card, words in named_cards(said, records, capitalised, places).items()
            if not words <= defined}


def _about(record: dict[str, Any], named: dict[str, set[str]], takes: Takes) -> list[str]:
    """The named cards a record is about (`kb.search_cards.about`), kept in `takes` while
    the cards named stay the same (a later take's records may name another)."""
    if named != takes.named:
        takes.named, takes.about = named, {}
    if (cards := takes.about.get(record["id"])) is None:
        cards = takes.about[record["id"]] = about(record, named)
    return cards


def _defines_aside(group: Group, weights: dict[str, float]) -> bool:
    """Whether a group is a glossary entry's own definition (not a pointer to a rule) of
    a term that is less than half of what the question asks (its content words' weights,
    `weights`): a question about a situation is answered by the rules on it, not by the
    definition of a term it uses ("my equipment got turned into a creature, can it stay
    attached ...": Equipment's entry); one about the term is ("who is the caster of a
    spell?", "what happened to interrupts?")."""
    if group.parts.get("defines"):
        return False
    record = next(iter(group.records.values()))
    if record["kind"] != "glossary" or is_pointer(record):
        return False
    term = {s for name in defined_names(record) for s in name_stems(" ".join(name))}
    total = sum(weights.values())
    return total > 0 and 2 * sum(w for s, w in weights.items() if s in term) < total


def _contents_only(group: Group) -> bool:
    """Whether a group is a chapter of the Comprehensive Rules ("9. Casual Variants"): its
    text is the titles of its rules, a table of contents, so a question (whose words it
    may hold close together: "general", "commander") is answered by the rules it lists,
    not by it."""
    return any(r["kind"] == "section" and is_rules_version(r["source"])
               for r in group.records.values())


def _card_own(record: dict[str, Any]) -> bool:
    """Whether a record is a card's own or a ruling filed under a card."""
    return record["kind"] == "card" or filed_under(record["id"], "card") is not None


def _unnamed(record: dict[str, Any], named: dict[str, set[str]], takes: Takes,
             said: set[str]) -> bool:
    """Whether a record answers about a subject the query does not name, by what it is
    filed under: a card's own record or its ruling, or a ruling or Q&A answer filed under
    a keyword the query does not say (`said`: the stems of each of the query's
    wordings), and it is about no card the query names (a question ranks it after the
    rest: `_scored` marks it `unnamed`)."""
    if (filed := takes.filed.get(record["id"])) is None:  # (`said` is the query's)
        filed = takes.filed[record["id"]] = _card_own(record) or keyword_unsaid(record, said)
    return filed and not _about(record, named, takes)


def _scored(found: list[Candidate], counts: list[int], query: ReadQuery,
            variants: list[ReadQuery], weights: dict[str, float], idf: Callable[[str], float],
            takes: Takes | None = None, phrasing: set[str] | None = None,
            ) -> list[tuple[float, dict[str, float], dict[str, Any]]]:
    """Each candidate's score: the engine's score times its proximity (of the query's best
    wording: as written, renamed terms in today's words, slang in the rules' words).
    Records about a card the query names (`_cards_named`) all start from the best engine
    score among them; the name's share of the query counts as found in each, and the rest
    by its proximity (the card record itself, which only restates the card, has none
    while a ruling of it is a candidate: its rulings answer). A record about a subject
    the query doesn't name (a ruling of another card, a Q&A answer filed under another
    keyword) has that subject's words counted against its proximity: the share of query
    and subject words found together; filed under such a card or keyword (`_unnamed`), it
    is marked `unnamed` (a question ranks it after the rest: `Searcher._ranked`).
    (`counts`: how many records each candidate stands for; `takes`: what the query's
    earlier takes of candidates worked out.)"""
    takes = takes or Takes()
    said = {t.stem for t in query.words}
    said_any = {t.stem for v in variants for t in v.words}
    named = _cards_named([t.stem for t in query.words], [c.record for c in found],
                         takes.defined, query.capitalised, takes.cards)
    cards_of = [_about(c.record, named, takes) for c in found]
    best: dict[str, float] = {}
    ruled: set[str] = set()  # the named cards some other candidate is about (a ruling)
    for c, cards in zip(found, cards_of, strict=True):
        for card in cards:
            best[card] = max(best.get(card, 0.0), c.score)
        if c.record["kind"] != "card":
            ruled.update(cards)
    out = []
    used: list[dict[str, float]] = []  # the weights each candidate was scored by
    memo, own = takes.near, takes.own
    total = sum(weights.values())
    whole = tuple(weights)

    def mine(record: dict[str, Any]) -> tuple[tuple[str, str], float | None]:
        # what a candidate brings whatever the take: its proximity key (title blind to
        # rule numbers, the text scanned) and its unsaid subject's factor
        if (found_ := own.get(record["id"])) is None:
            unsaid = unsaid_subject(record, said, _function_stems())
            factor = total / (total + sum(max(idf(s), MIN_IDF) for s in sorted(unsaid))) \
                if unsaid else None
            found_ = own[record["id"]] = ((rulenum.IN_TEXT.sub("#", record["title"]),
                                           record["text"][:SNIPPET_SCAN]), factor)
        return found_

    def near_of(record: dict[str, Any], weights: dict[str, float],
                stems_: tuple[str, ...]) -> float:
        # versions of one rule often say the same: their proximity is computed once
        key = (*mine(record)[0], stems_)
        if key not in memo:
            memo[key] = _proximity(record, variants, weights)
        return memo[key]

    for c, defines, cards in zip(found, _definitions(found, query, takes.defines,
                                                           _asking(phrasing, named)), cards_of,
                                 strict=True):
        if cards:
            name = {s for card in cards for s in named[card]}
            # a query that says nothing but the name asks for the card (the other words
            # are a wording of the name's own: "wrath" read as a player's word)
            rest = {s: w for s, w in weights.items() if s not in name} \
                if not name.issuperset(query.content) else {}
        else:
            rest = weights
        if cards and rest:
            score = max(best[card] for card in cards)
            # the card's own record matches by its name only: the rest restates the card,
            # and its rulings answer; with none among the candidates, its printed text
            # is what answers ("Pacifism ... can it still block": "can't attack or block")
            near = 0.0 if c.record["kind"] == "card" and ruled.intersection(cards) \
                else near_of(c.record, rest, tuple(rest))
            # the card's name is found in every record about it: its share of the query
            # counts as found together with the rest of the query the record holds
            said_name = 1 - sum(rest.values()) / total if total else 0.0
            out.append((_combined(score, said_name + (1 - said_name) * near),
                        {"engine": c.score, "card": score, "proximity": near}, c.record))
            used.append(rest)
        else:
            near = near_of(c.record, weights, whole)
            parts = {"engine": c.score, "proximity": near}
            if (factor := mine(c.record)[1]) is not None:
                near *= factor
                parts["subject"] = near
            if defines:
                parts["defines"] = 1.0
            if _unnamed(c.record, named, takes, said_any):
                parts["unnamed"] = 1.0  # filed under a card or keyword the query doesn't name
            out.append((_combined(c.score, near), parts, c.record))
            used.append(weights)
    _break_ties(out, used, variants, takes.spans, {i: t[0][1] for i, t in own.items()},
                counts)
    return out


def _break_ties(out: list[tuple[float, dict[str, float], dict[str, Any]]],
                used: list[dict[str, float]], variants: list[ReadQuery],
                spans: dict[tuple[Any, ...], float] | None = None,
                scanned: dict[str, str] | None = None,
                counts: list[int] | None = None) -> None:
    """Records that score the same (a named card's rulings start from one score, and often
    share the words found) are told apart by how close those words stand: each tied
    record's `span`, the fewest words holding its share of the query (sorted after the
    score; `spans` keeps them by what they depend on: versions of one rule often say the
    same; `scanned`: each record's text as far as it is scanned, by id, when known;
    `counts`: how many records each entry stands for, one each when not given)."""
    spans = {} if spans is None else spans
    scanned = scanned or {}
    tied: dict[float, list[int]] = {}
    for i, (score, _, _) in enumerate(out):
        tied.setdefault(score, []).append(i)
    for score, places in tied.items():
        if not score or (len(places) < 2 if counts is None
                         else sum(counts[i] for i in places) < 2):
            continue
        for i in places:
            parts, record = out[i][1], out[i][2]
            text = scanned.get(record["id"])
            key = (record["title"], record["text"][:SNIPPET_SCAN] if text is None else text,
                   tuple(used[i]), parts["proximity"])
            if key not in spans:
                spans[key] = float(_span(record, variants, used[i], parts["proximity"]))
            parts["span"] = spans[key]


def _combined(engine: float, near: float) -> float:
    """A candidate's score: its engine score times the share of the query found together
    in it (a coordination factor: a short record matching one word of a long question
    keeps only that word's share)."""
    return engine * near


def _definitions(found: list[Candidate], query: ReadQuery,
                 known: dict[str, list[tuple[str, ...]]] | None = None,
                 phrasing: set[str] | None = None) -> list[bool]:
    """For a query that says nothing but names (a keyword, a term, "landwalk swampwalk",
    "dredge 3"), or one name and one word that only asks (`phrasing`, less the words of
    named cards: "how does exalted work", "what does hexproof mean"), which candidates
    define one of them as written (the keyword's record, its
    glossary entry, the rule saying '"Dredge N" means'; not a rule defining a derived form
    such as "embalmed"); all False for any other query. (`known`: the names of the query
    each record defines, by id, as earlier takes of the query's candidates found them.)"""
    written = {t.word for t in query.words}
    content = {w for w in written if w not in FUNCTION_WORDS and not w.isdigit()}
    # the words the query asks with ("how does X work": "work" names nothing) need no name
    naming = {t.word for t in query.words if t.word in content
              and t.stem not in (phrasing or ())}
    known = {} if known is None else known
    defines = []
    covered: set[str] = set()
    known_names: list[tuple[str, ...]] = []
    for c in found:
        if (names := known.get(c.record["id"])) is None:
            names = known[c.record["id"]] = [n for n in defined_names(c.record)
                                             if set(n) <= written and set(n) & content]
        defines.append(bool(names))
        covered.update(w for n in names for w in n)
        known_names += names
    # every naming word defined; an asking word beside them only with one name of them all
    if not naming or not naming <= covered or (
            naming != content and (len(content - naming) > 1
                                   or not any(naming <= set(n) for n in known_names))):
        return [False] * len(found)
    return defines


def _named_phrase(query: ReadQuery) -> list[str]:
    """The stems of the name a query may ask about, for the records defining it: its words
    less the function words at either end ("what is a mana ability?" -> mana ability); a
    name's own function words inside it stay ("protection from red", "bands with other")."""
    words = list(query.words)
    while words and words[0].word in FUNCTION_WORDS:
        words.pop(0)
    while words and words[-1].word in FUNCTION_WORDS:
        words.pop()
    return [t.stem for t in words or query.words]


def _asking(phrasing: set[str] | None, named: dict[str, set[str]]) -> set[str]:
    """The query's words that only ask ("how does X work"): its phrasing, less the words
    of the cards it names (a card's name is no defined term, yet names a thing)."""
    if not phrasing:
        return set()
    return phrasing - {s for words in named.values() for s in words}


def _proximity(record: dict[str, Any], variants: list[ReadQuery],
               weights: dict[str, float]) -> float:
    """The proximity of the query's best wording (each wording's own content words)."""
    return max(proximity(record, v, {s: weights[s] for s in _weighed(v) if s in weights})
               for v in variants)


def _weighed(query: ReadQuery) -> list[str]:
    """The stems a wording's proximity weighs: its content's and the one asking the kind
    of answer it asks for, where that is no word of its own ("where")."""
    return [*query.content, *(query.answer[1:] if query.answer else ())]


def _span(record: dict[str, Any], variants: list[ReadQuery], weights: dict[str, float],
          share: float) -> int:
    """The fewest words of the record (title or text) that hold `share` of the weight of
    some wording's content words (a large number when none does)."""
    fewest = SNIPPET_SCAN
    for variant in variants:
        own = {s: weights[s] for s in variant.content if s in weights}
        total = sum(own.values())
        if not total:
            continue
        for part in (record["title"], record["text"][:SNIPPET_SCAN]):
            fewest = min(fewest, _shortest(_part_stems(part), own, share * total - 1e-9))
    return fewest


def _shortest(stems_at: tuple[str, ...], weights: dict[str, float], wanted: float) -> int:
    """The fewest consecutive words whose distinct wanted stems weigh at least `wanted`
    (two pointers over the wanted words' places)."""
    if wanted <= 0:
        return 0
    places = [i for i, s in enumerate(stems_at) if s in weights]
    counts: dict[str, int] = {}
    current, start, fewest = 0.0, 0, SNIPPET_SCAN
    for end, place in enumerate(places):
        stem = stems_at[place]
        if stem in counts:
            counts[stem] += 1
        else:
            counts[stem] = 1
            current += weights[stem]
        while current >= wanted and start <= end:
            first = places[start]
            if place - first < fewest:
                fewest = place - first + 1
            gone = stems_at[first]
            if counts[gone] == 1:
                del counts[gone]
                current -= weights[gone]
            else:
                counts[gone] -= 1
            start += 1
    return fewest


def _spread(meanings: tuple[str, ...], own: set[str]) -> dict[str, float]:
    """The engine weight of each rules word a slang expression brought in that the query
    doesn't say itself: the expression counts as one word, spread over them."""
    out: dict[str, float] = {}
    for meaning in meanings:
        new = [s for s in dict.fromkeys(ReadQuery.of(meaning).content) if s not in own]
        for stem in new:
            out[stem] = max(out.get(stem, 0.0), 1.0 / len(new))
    return out


def _phrasing(content: list[str], defined: frozenset[str]) -> set[str]:
    """The query's content stems that are its phrasing: in no term the records define
    (`defined` are: a glossary entry's or keyword's name, a quoted "X" means), so they
    name nothing of the rules ("how many", "still", "allowed", "what happens"). None when
    every word is such (the query is then all it says)."""
    phrasing = {s for s in content if s not in defined}
    return phrasing if phrasing != set(content) else set()


@functools.lru_cache(maxsize=1)
def _function_stems() -> frozenset[str]:
    """The stems of the function words."""
    return frozenset(stems(" ".join(FUNCTION_WORDS)))


def _renamed(text: str, renames: list[tuple[str, str]]) -> list[str]:
    """The query with every renamed term it uses in the current term (none if none)."""
    folded = " ".join(text.lower().split())
    changed = folded
    for old, new in renames:
        if old in changed:  # a pattern compiled only for a term the query may use
            changed = re.sub(rf"\b{re.escape(old)}\b", new, changed)
    return [changed] if changed != folded else []


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'-]*", text)


def _newest_first_but(records: Iterable[dict[str, Any]], own: str) -> list[dict[str, Any]]:
    """The records other than `own`, newest first, each by the fields that name it
    (`SUMMARY_FIELDS`: a hit's other versions, whether or not they were candidates)."""
    # (a version read as its fields alone, as `Versions.complete` reads most, is one;
    # each by its (date, id), which no two share: the records themselves never compared)
    dated = [(r["date"] or "", r["id"], r) for r in records if r["id"] != own]
    dated.sort(reverse=True)
    # (a comprehension over the fields: twice as fast as a dict of zipped values)
    return [r if "text" not in r else {k: r[k] for k in SUMMARY_FIELDS} for _, _, r in dated]


def _newest_first(record: dict[str, Any]) -> str:
    """A sort key putting later dates first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in (record.get("date") or ""))


def _most_distinct(found: Sequence[str], hits: list[int], width: int) -> int:
    """The first of the `hits` (places of wanted stems, ascending) with the most distinct
    stems among the hits from it up to `width` words on (a window sliding over them)."""
    counts: dict[str, int] = {}
    best, most, end = hits[0], 0, 0
    for i in hits:
        while end < len(hits) and hits[end] < i + width:
            counts[found[hits[end]]] = counts.get(found[hits[end]], 0) + 1
            end += 1
        if len(counts) > most:
            best, most = i, len(counts)
        stem = found[i]
        counts[stem] -= 1
        if not counts[stem]:
            del counts[stem]
    return best


def snippet(text: str, terms: set[str], width: int = 32, mark: str = "**") -> str:
    """The stretch of `text` with the most distinct query terms, those terms marked."""
    text = text[:SNIPPET_SCAN]
    found = _text_stems(text)
    if not found:
        return ""
    wanted = terms
    hits = [i for i, s in enumerate(found) if s in wanted]
    start = 0
    if hits:
        best = _most_distinct(found, hits, width)
        start = max(0, min(best - 4, len(found) - width))
    window = spans(text, start, start + width)  # only the shown words' places
    begin, end = window[0][0], window[-1][1]
    out, pos = [], begin
    for (first, last), stem in zip(window, found[start:start + width], strict=False):
        if stem in wanted:
            out += [text[pos:first], mark, text[first:last], mark]
            pos = last
    out.append(text[pos:end])
    body = " ".join("".join(out).split()).replace(f"{mark} {mark}", " ")
    return ("… " if begin > 0 else "") + body + (" …" if end < len(text.rstrip()) else "")
