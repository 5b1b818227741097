"""Search: a query string to ranked, highlighted results.

The query is read as plain words and "quoted phrases" (never Whoosh syntax, so no query
can fail to parse); a bare rule number goes straight to that rule. Words are stemmed and
era-normalised like the index, each word may match a record's title, text or names
(field boosts in `kb.index.schema`), more matched words score higher, and the words as a
phrase score higher still. A word found nowhere is checked against keyword and card
names for a did-you-mean.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import query as wq

from kb import rulenum
from kb.era import alternative_wordings, modernize, renamed_phrases
from kb.index import NAMES_FILE, open_index, text_analyzer

_PHRASE = re.compile(r'"([^"]+)"')
_STOPWORDS = frozenset((
    "a an and are as at be by can do does for from how i if in into is it its my of on or "
    "that the their then there these this to was what when where which while who why will "
    "with you your"
).split())
MATCH_FIELDS = ("title", "text", "names")
# Snippets are looked for in the first this-many characters of a record.
SNIPPET_SCAN = 3000
# A word in more than this share of all records counts as common (see `build_query`).
COMMON_SHARE = 0.2
# A query of more words is a question or a sentence, not a phrase to find as such.
MAX_PHRASE_WORDS = 5
# Authority of each kind of record, multiplied into the score: the rules themselves and
# definitions first, then official answers, then the documents that quote or apply them.
KIND_PRIOR = {"rule": 1.25, "glossary": 1.25, "keyword": 1.15, "qa": 1.1, "ruling": 1.0,
              "section": 0.95, "card": 0.9}
# A question ("can I …", "does …?") is answered by rulings and Q&A more than by rules.
QUESTION_PRIOR = {"rule": 1.0, "glossary": 1.0, "keyword": 0.95, "qa": 1.3, "ruling": 1.25,
                  "section": 0.95, "card": 0.9}
TITLE_BONUS = 0.5
# The query's words as a phrase in the text (checked on the candidates, which is far
# cheaper than a phrase query over the whole index).
PHRASE_BONUS = 1.6
WORDING_BONUS = 1.3


@dataclass
class Hit:
    """One result: the record's export fields, its score and a highlighted snippet."""

    record: dict[str, Any]
    score: float
    snippet: str

    def to_json(self) -> dict[str, Any]:
        """The `--json` form: record fields plus `score` and `snippet`."""
        return {**self.record, "score": round(self.score, 4), "snippet": self.snippet}


@dataclass
class SearchResult:
    """What a query found."""

    query: str
    total: int
    hits: list[Hit]
    did_you_mean: str | None = None
    terms: list[str] = field(default_factory=list)
    total_exact: bool = True

    def to_json(self) -> dict[str, Any]:
        """`{"query", "total", "results"}` as DESIGN.md fixes it."""
        return {"query": self.query, "total": self.total,
                "results": [hit.to_json() for hit in self.hits]}


def stems(text: str) -> list[str]:
    """The index's tokens for a text (stemmed, lower-case, every word kept)."""
    return [token.text for token in text_analyzer()(text)]


class Searcher:
    """An open index, reused across queries (open once, search many times)."""

    def __init__(self, index_dir: Path) -> None:
        self._index = open_index(index_dir)
        self._searcher = self._index.searcher()
        self._names_path = index_dir / NAMES_FILE
        self._names: list[str] | None = None

    def close(self) -> None:
        """Release the index files."""
        self._searcher.close()

    def search(self, text: str, kind: str | None = None, source: str | None = None,
               limit: int = 10) -> SearchResult:
        """Ranked results for a query, best first."""
        filters = self._filter(kind, source)
        number = rulenum.cited(text)
        if number:
            found = self._rule_lookup(text, number, filters, limit)
            if found.hits:
                return found
        result = self._ranked(text, filters, limit)
        correction = self._correction(text)
        if correction and (not result.hits or correction != text):
            corrected = self._ranked(correction, filters, limit)
            if corrected.hits and (not result.hits or self._unmatched_words(text)):
                corrected.query, corrected.did_you_mean = text, correction
                return corrected
        return result

    def _filter(self, kind: str | None, source: str | None) -> wq.Query | None:
        parts = [wq.Term("kind", kind)] if kind else []
        parts += [wq.Term("source", source)] if source else []
        return wq.And(parts) if parts else None

    def _rule_lookup(self, text: str, number: str, filters: wq.Query | None,
                     limit: int) -> SearchResult:
        exact = self._searcher.search(wq.Term("rule", number), filter=filters, limit=None)
        hits = [self._hit(h, 100.0, text) for h in exact]
        hits.sort(key=lambda h: (h.record["source"].startswith("cr-") is False,
                                 -_era_rank(h.record["source"]), h.record["id"]))
        under = self._searcher.search(wq.Term("rule_prefix", number), filter=filters, limit=None)
        seen = {h.record["id"] for h in hits}
        hits += [self._hit(h, 50.0, text) for h in under if h["id"] not in seen]
        return SearchResult(query=text, total=len(hits), hits=hits[:limit], terms=[number])

    def _ranked(self, text: str, filters: wq.Query | None, limit: int) -> SearchResult:
        reader = self._searcher.reader()
        limit_df = COMMON_SHARE * reader.doc_count()

        def common(term: str) -> bool:
            return reader.doc_frequency("text", term) > limit_df

        wanted = max(limit * 3, 30)
        # Records with every word (cheap: an intersection); records with any word only when
        # too few have every word to fill a page of results.
        q, terms = build_query(text, common, require_all=True)
        if q is None:
            return SearchResult(query=text, total=0, hits=[])
        results = self._searcher.search(q, filter=filters, limit=wanted)
        if results.scored_length() < limit:
            q, terms = build_query(text, common)
            assert q is not None  # some word matches when every word does
            results = self._searcher.search(q, filter=filters, limit=wanted)
        records = [json.loads(h["payload"]) for h in results]
        signals = QuerySignals.of(text, terms)
        scored = sorted(((signals.rerank(h.score, r), i)
                         for i, (h, r) in enumerate(zip(results, records, strict=True))),
                        key=lambda pair: (-pair[0], -_era_rank(records[pair[1]]["source"]),
                                          pair[1]))
        highlight = {*terms, *stems(text), *stems(" ".join(alternative_wordings(text)))}
        hits = [Hit(records[i], score, snippet(records[i]["text"], highlight))
                for score, i in _distinct(scored, records)[:limit]]
        # exact when every match was collected; else a lower bound (counting every match
        # would run the query again, which costs more than the search)
        exact = results.scored_length() < wanted
        total = max(len(hits), results.scored_length(), results.estimated_min_length())
        return SearchResult(query=text, total=total, hits=hits, terms=sorted(highlight),
                            total_exact=exact)

    def _hit(self, hit: Any, score: float, text: str) -> Hit:
        record = json.loads(hit["payload"])
        return Hit(record=record, score=float(score), snippet=snippet(record["text"],
                                                                      set(stems(text))))

    def _unmatched_words(self, text: str) -> list[str]:
        reader = self._searcher.reader()
        return [w for w in _words(text) if w.lower() not in _STOPWORDS and not any(
            reader.doc_frequency(f, s) for f in MATCH_FIELDS for s in stems(w))]

    def _correction(self, text: str) -> str | None:
        """The query with unknown words replaced by the nearest keyword or card name word."""
        unknown = self._unmatched_words(text)
        if not unknown:
            return None
        import difflib

        vocabulary = self._name_words()
        corrected = text
        for word in unknown:
            close = difflib.get_close_matches(word.lower(), vocabulary, n=5, cutoff=0.75)
            if close:  # fewest edits first (a swap of neighbours is one), then difflib order
                best = min(close, key=lambda c: _edit_distance(word.lower(), c))
                corrected = re.sub(rf"\b{re.escape(word)}\b", best, corrected)
        return corrected if corrected != text else None

    def _name_words(self) -> list[str]:
        if self._names is None:
            try:
                self._names = json.loads(self._names_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._names = []
        return self._names


def _edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) from `a` to `b`.

    >>> _edit_distance("angle", "angel"), _edit_distance("angle", "range")
    (1, 2)
    """
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        row = [i]
        for j, other in enumerate(b, 1):
            cost = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (char != other))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                cost = min(cost, previous2[j - 2] + 1)
            row.append(cost)
        previous2, previous = previous, row
    return previous[-1]


_QUESTION = re.compile(r"^\s*(can|could|do|does|did|is|are|was|were|will|would|should|must|"
                       r"what|when|where|which|who|why|how|if)\b|\?\s*$", re.IGNORECASE)


@dataclass
class QuerySignals:
    """What a query says beyond its words, used to re-rank the engine's candidates."""

    terms: set[str]
    question: bool
    wording: re.Pattern[str] | None
    phrase: re.Pattern[str] | None

    @classmethod
    def of(cls, text: str, terms: list[str]) -> QuerySignals:
        """Read a query: its stems, whether it asks a question, and the renamed phrases it
        uses in the era wording the user wrote."""
        phrases = [_loose_phrase(this) for this, _ in renamed_phrases(text)]
        wording = re.compile(r"\b(?:" + "|".join(phrases) + r")\b",
                             re.IGNORECASE) if phrases else None
        words = re.findall(r"[\w'+/-]+", modernize(text.replace('"', " ")))
        phrase = re.compile(r"\b" + _loose_phrase(" ".join(words), inserted=1) + r"\b",
                            re.IGNORECASE) if 1 < len(words) <= MAX_PHRASE_WORDS else None
        return cls(set(terms), bool(_QUESTION.search(text)), wording, phrase)

    def rerank(self, score: float, record: dict[str, Any]) -> float:
        """The engine's score times: the kind's authority (answers first for a question),
        a bonus for a title that says what the query asks (the share of the query's words
        in it), and a bonus for a text in the very wording the query uses."""
        priors = QUESTION_PRIOR if self.question else KIND_PRIOR
        title = set(stems(modernize(record["title"])))
        covered = len(self.terms & title) / len(self.terms) if self.terms else 0.0
        score *= priors.get(record["kind"], 1.0) * (1.0 + TITLE_BONUS * covered)
        if self.wording and self.wording.search(record["text"]):
            score *= WORDING_BONUS
        if self.phrase and self.phrase.search(modernize(record["text"])):
            score *= PHRASE_BONUS
        return score


def _loose_phrase(phrase: str, inserted: int = 2) -> str:
    """A pattern for a phrase in any inflection, with up to `inserted` words between its
    words (`remove from the game` finds `removed it from the game`)."""
    gap = r"\W+(?:\w+\W+){0,"  + str(inserted) + r"}?"
    return gap.join(re.escape(word) + r"\w*" for word in phrase.split())


def _distinct(scored: list[tuple[float, int]],
              records: list[dict[str, Any]]) -> list[tuple[float, int]]:
    """Show once a record whose kind, title and text repeat another word for word, rule
    numbers aside (the same glossary entry or rule in several rules versions): at the rank
    of the best-scored copy, as the newest version's record."""
    place: dict[tuple[str, str, str], int] = {}
    kept: list[tuple[float, int]] = []
    for score, i in scored:
        r = records[i]
        text = rulenum.IN_TEXT.sub("#", " ".join(r["text"].lower().split()))
        key = (r["kind"], rulenum.IN_TEXT.sub("#", r["title"].lower()), text)
        if key not in place:
            place[key] = len(kept)
            kept.append((score, i))
        elif r["date"] > records[kept[place[key]][1]]["date"]:
            kept[place[key]] = (kept[place[key]][0], i)
    return kept


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'-]*", text)


def _era_rank(source_id: str) -> int:
    digits = re.sub(r"\D", "", source_id)[:8]
    return int(digits) if digits else 0


def build_query(text: str, is_common: Callable[[str], bool] = lambda term: False,
                require_all: bool = False) -> tuple[wq.Query | None, list[str]]:
    """The Whoosh query for a user's text, and the stems it looks for.

    Words that `is_common` (found in a large share of all records) only add to the phrase
    score, not to the word-by-word match, when rarer words remain: they barely tell records
    apart and scoring them costs most of a query's time. With `require_all`, a record must
    match every one of the rarer words (in any field).
    """
    modern = modernize(text.replace("*", " "))
    phrases = [stems(p) for p in _PHRASE.findall(modern)]
    plain = stems(modern.replace('"', " "))
    if not plain:
        return None, []
    content = [t for t in plain if t not in _STOPWORDS] or plain
    rare = [t for t in dict.fromkeys(content) if not is_common(t)] or list(dict.fromkeys(content))
    per_word = [wq.DisjunctionMax([wq.Term(f, t) for f in MATCH_FIELDS], tiebreak=0.1)
                for t in rare]
    words: wq.Query = wq.And(per_word) if require_all else wq.Or(per_word)
    parts: list[wq.Query] = [words]
    if 1 < len(plain) <= MAX_PHRASE_WORDS:
        parts.append(wq.Or([wq.Phrase("title", plain, slop=1, boost=2.0),
                            wq.Phrase("names", plain, boost=2.0),
                            wq.Phrase("defines", plain, boost=4.0)]))
    elif len(plain) == 1:
        parts.append(wq.Term("defines", plain[0], boost=4.0))
    numbers = rulenum.find_numbers(text.lower(), dotted=True)
    parts += [wq.Term("rule_prefix", n, boost=5.0) for n in numbers]
    q: wq.Query = wq.Or(parts)
    required = [wq.Or([wq.Phrase(f, p) for f in MATCH_FIELDS]) for p in phrases if len(p) > 1]
    if required:
        q = wq.And([*required, q])
    return q, content


def snippet(text: str, terms: set[str], width: int = 32, mark: str = "**") -> str:
    """The stretch of `text` with the most distinct query terms, those terms marked."""
    text = text[:SNIPPET_SCAN]
    tokens = [t.copy() for t in text_analyzer()(text, chars=True, mode="index")]
    if not tokens:
        return ""
    wanted = {t for t in terms if t not in _STOPWORDS} or terms
    hits = [i for i, t in enumerate(tokens) if t.text in wanted]
    start = 0
    if hits:
        best = max(hits, key=lambda i: len({tokens[j].text for j in hits if i <= j < i + width}))
        start = max(0, min(best - 4, len(tokens) - width))
    window = tokens[start:start + width]
    begin, end = window[0].startchar, window[-1].endchar
    out, pos = [], begin
    for token in window:
        if token.text in wanted:
            out += [text[pos:token.startchar], mark, text[token.startchar:token.endchar], mark]
            pos = token.endchar
    out.append(text[pos:end])
    body = " ".join("".join(out).split()).replace(f"{mark} {mark}", " ")
    return ("… " if begin > 0 else "") + body + (" …" if end < len(text.rstrip()) else "")
