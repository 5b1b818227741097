"""The Whoosh index: the one module that imports Whoosh (so the engine stays swappable).

Matching fields hold era-normalised text (`kb.era.modernize`), so a query in either
wording finds both; the stored `payload` holds the record's export fields for display.
Rule numbers live in ID fields (`rule`, and `rule_prefix` for `702.81` -> its subrules).

Search asks this module for tokens (`tokens`), term statistics (`Engine.doc_frequency`)
and ranked candidates (`Engine.ranked`, from plain stems and weights): no Whoosh query
or matcher leaves it. Whoosh's `DisjunctionMaxMatcher` scores a document with the score
of another one when its sub-matchers sit on different documents; `_FieldMaxMatcher` is
the corrected matcher used for "this word in any of the fields".
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import operator
import re
from array import array
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, islice, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from kb.era import glossary_renames, glossary_term, modernize, still_says
from kb.lemma import lemma
from kb.patterns import lazy
from kb.recent import Recent

if TYPE_CHECKING:
    from whoosh import fields, index
    from whoosh.analysis import Analyzer

    from kb.index_read import Ranking
    from kb.model import Record
    from kb.score_groups import Fresh


INDEX_NAME = "records"


def unreadable_errors() -> tuple[type[Exception], ...]:
    """What reading a removed or damaged index raises: files gone, a segment unreadable,
    cut short (EOFError), overwritten (its pickles, compressed blocks and fixed-size
    fields do not decode)."""
    import pickle
    import struct
    import zlib

    from kb.index_files import IndexFileError

    return (OSError, IndexFileError, EOFError, pickle.UnpicklingError, struct.error,
            zlib.error)


NAMES_FILE = "names.json"
RENAMES_FILE = "renames.json"
# The fields a word of a query may match, each record scored by its best field.
MATCH_FIELDS = ("title", "text", "names")
# A word: letters and digits, kept whole across a dot (`702.81a`) or an apostrophe
# (`don't`); a possessive `'s` is dropped (`opponent's` -> `opponent`). Power and toughness
# and what changes them are one word with their signs (`+1/+1`, `-1/-1`, `2/2`, `+X/+0`),
# not two bare numbers.
WORD_PATTERN = r"\w+(?:[.'’]\w+)*"
TOKEN_PATTERN = r"(?=[-+\dxX*])[+-]?(?:\d+|[xX*])/[+-]?(?:\d+|[xX*])(?!\w)|" + WORD_PATTERN


@functools.cache
def text_analyzer() -> Analyzer:
    """English stemming without a stoplist, so phrases keep every word and its position
    (one shared instance: building an analyzer costs more than running it)."""
    from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, SubstitutionFilter

    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter()
            | SubstitutionFilter("’", "'") | SubstitutionFilter(r"'s$", "")
            | StemFilter(stemfn=porter_stem))


class Token(NamedTuple):
    """One word of a text: as written (lower case), its stem, position and offsets."""

    word: str
    stem: str
    pos: int
    start: int
    end: int


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return re.compile(TOKEN_PATTERN), re.compile(WORD_PATTERN)


def _token_pattern(text: str) -> re.Pattern[str]:
    """`TOKEN_PATTERN` compiled; for a text without a slash, where it finds the same
    words, the plain word pattern (faster: no power/toughness to try at every word)."""
    tokens, words = _patterns()
    return tokens if "/" in text else words


def porter_stem(word: str) -> str:
    """The index's stem of a lower-case word (the index and every query stem through it):
    a number word's digits first (`kb.lemma`: "zero" -> "0", "ten" -> "10"), then Porter's
    stemmer as Porter wrote it: Whoosh's own (`whoosh.lang.porter.stem`)
    tests step 1b's endings from the word's first letter, so it keeps a doubled consonant
    and leaves out the "e" after "at", "bl", "iz" ("tapped" -> "tapp", not "tap" as "tap";
    "activated" -> "activat", not "activ" as "activate"), and it measures a stem with a
    "y" after a consonant as 0 (`_measure`). The same function, its two patterns anchored
    at the end and its measure Porter's; then the stem a word's regular inflections get
    (`_one_family`: "add" as "added", "try" as "tries"); before it, Snowball's reading of a
    one-letter stem before -ies / -ied / -ying (`_short_ie`: "dies", "dying" as "die")."""
    return _one_family(_porter()(_short_ie(lemma(word))))


def _short_ie(word: str) -> str:
    """Snowball's English rule for a one-letter stem before -ies / -ied / -ying: "dies",
    "died", "dying" are "die" ("ties" / "tie", "lies" / "lie"), where Porter reads "dies"
    as "di" and "dying" as "dy"."""
    if len(word) == 4 and word.endswith(("ies", "ied")):
        return word[0] + "ie"
    if len(word) == 5 and word.endswith("ying"):
        return word[0] + "ie"
    return word


# a doubled final consonant step 1b undoes after -ed / -ing ("tapped" -> "tap"); not "ff"
# (undone in a bare word, "off" would be read as "of")
_DOUBLED = lazy(r".*([^aeiouylszf])\1$")
_VOWELS = frozenset("aeiouy")


def _one_family(stem: str) -> str:
    """A Porter stem brought to the one its word's inflections get: a doubled final
    consonant undone as step 1b undoes it after -ed / -ing ("add" as "added": "ad"); a
    final "y" after a consonant that is not the first letter read as "i", as Porter's
    step 1c reads it after a vowel and Snowball's English stemmer after a consonant
    ("try" as "tries": "tri"; "scry" / "scries", "fly" / "flies")."""
    if _DOUBLED.match(stem):
        stem = stem[:-1]
    if len(stem) > 2 and stem[-1] == "y" and stem[-2] not in _VOWELS:
        stem = stem[:-1] + "i"
    return stem


@functools.cache
def _porter() -> Callable[[str], str]:
    import types

    from whoosh.lang import porter

    patterns = {**vars(porter), "_step1b": _DOUBLED,
                "_at_bl_iz": re.compile(r".*(at|bl|iz)$"), **_measure()}
    return cast(Callable[[str], str], types.FunctionType(porter.stem.__code__, patterns))


def _measure() -> dict[str, re.Pattern[str]]:
    """Porter's measure of a stem as Porter wrote it: a consonant sequence is a letter
    other than a, e, i, o, u then letters other than those and y; a vowel sequence is
    one of a, e, i, o, u, y then letters of the first five ("y" after a consonant is a
    vowel). Whoosh's own left out each sequence's first letter, so a "y" after a consonant
    belonged to neither and a stem holding one measured 0: step 5 kept the "e" of
    "cycle" that step 1b had taken from "cycled" ("cycle" / "cycl"; "subtype" /
    "subtyped")."""
    cons, vowels = "[^aeiou][^aeiouy]*", "[aeiouy][aeiou]*"
    return {"_mgr0": re.compile(f"^({cons})?{vowels}{cons}"),
            "_meq1": re.compile(f"^({cons})?{vowels}{cons}({vowels})?$"),
            "_mgr1": re.compile(f"^({cons})?{vowels}{cons}{vowels}{cons}"),
            "_s_v": re.compile(f"^({cons})?[aeiouy]"),
            "_c_v": re.compile(f"^{cons}[aeiouy][^aeiouwxy]$")}


@functools.cache
def _stemmer() -> Callable[[str], str]:
    return functools.lru_cache(maxsize=50000)(porter_stem)


# word as written (lower case, curly apostrophe straightened) -> stem, possessive dropped
_STEMS: dict[str, str] = {}
_STEMS_KEPT = 200_000


def _stem_of(word: str) -> str:
    """The stem of a lower-case word as the analyser stems it (remembered)."""
    found = _STEMS.get(word)
    if found is None:
        if len(_STEMS) >= _STEMS_KEPT:
            _STEMS.clear()
        found = _STEMS[word] = _stemmer()(word[:-2] if word.endswith("'s") else word)
    return found


def _folded(text: str) -> str | None:
    """The text lower-cased with straight apostrophes, or None when lower-casing would
    move characters (then words are lower-cased one at a time)."""
    low = text.lower()
    return low.replace("’", "'") if len(low) == len(text) else None


def word_stem(word: str) -> str:
    """The stem the index gives one lower-case word (its Porter stemmer)."""
    return _stemmer()(word)


def tokens(text: str, start: int = 0, stop: int | None = None) -> list[Token]:
    """The index's tokens of a text (the steps of `text_analyzer`, without its per-token
    objects: search tokenises every candidate), with the word and its character span;
    with `start` / `stop`, only the tokens at those positions."""
    low = _folded(text)
    matches = islice(_token_pattern(text).finditer(text if low is None else low), start, stop)
    out = []
    for pos, match in enumerate(matches, start):
        word = match.group()
        if low is None:
            word = word.lower().replace("’", "'")
        out.append(Token(word[:-2] if word.endswith("'s") else word,
                         _STEMS.get(word) or _stem_of(word), pos, match.start(), match.end()))
    return out


def spans(text: str, start: int = 0, stop: int | None = None) -> list[tuple[int, int]]:
    """The character spans of a text's tokens at positions `start` to `stop` (as `tokens`
    finds them, without stemming: a caller holding the text's `stems` has the rest)."""
    low = _folded(text)
    found = _token_pattern(text).finditer(text if low is None else low)
    return [match.span() for match in islice(found, start, stop)]


def words_stems(text: str) -> list[tuple[str, str]]:
    """Each token's word and stem, as `tokens` gives them, without their places (no
    token object made for each word)."""
    low = _folded(text)
    if low is None:
        return [(t.word, t.stem) for t in tokens(text)]
    get = _STEMS.get
    return [(word[:-2] if word.endswith("'s") else word, get(word) or _stem_of(word))
            for word in _token_pattern(low).findall(low)]


def stems(text: str) -> list[str]:
    """The index's stems of a text (lower-case, every word kept)."""
    low = _folded(text)
    if low is None:
        return [t.stem for t in tokens(text)]
    get = _STEMS.get
    return [get(word) or _stem_of(word) for word in _token_pattern(low).findall(low)]


def schema() -> fields.Schema:
    """Stored payload for display, analysed fields for matching, ID fields for filters.

    Only the payload is stored (search reads nothing else back); no spelling field
    (did-you-mean reads `names.json`)."""
    from whoosh import fields

    analyzer = text_analyzer()
    return fields.Schema(
        id=fields.ID(unique=True),
        kind=fields.ID,
        source=fields.ID,
        rule=fields.ID,
        rule_prefix=fields.KEYWORD(commas=False, lowercase=True),
        title=fields.TEXT(analyzer=analyzer, field_boost=2.0, phrase=True),
        names=fields.TEXT(analyzer=analyzer, field_boost=2.0, phrase=True),
        text=fields.TEXT(analyzer=analyzer, phrase=True),
        defines=fields.TEXT(analyzer=analyzer, phrase=True),
        payload=fields.STORED(),
        stems=fields.STORED(),
    )


def _rule_prefixes(number: str | None) -> str:
    if not number:
        return ""
    prefixes = [number]
    while number[-1].isalpha():
        number = number[:-1]
        prefixes.append(number)
    return " ".join(prefixes)


# `"Exalted" means …`, `A creature "attacks alone" if …`: the text defines the quoted term
_DEFINITION = lazy(r'"([^"\n]{2,40})"\s+(?:means|if|is|refers to)\b')


def defined_terms(record: Record) -> list[str]:
    """The terms a record defines: its title for keywords and glossary entries, and each
    quoted term a rules text explains (`"X" means`, `"X" if`)."""
    terms = [glossary_term(record.title)] if record.kind in ("keyword", "glossary") else []
    if record.kind in ("rule", "keyword", "glossary"):
        terms += [t.rstrip(".,") for t in _DEFINITION.findall(record.text)]
    return list(dict.fromkeys(terms))


def payload(record: Record) -> dict[str, Any]:
    """The stored payload: the record's export fields (`Record.export`), stored as they
    are (the stored column pickles a document's fields: a search reads a record back in
    the one unpickling of its document, with no text format of its own to decode)."""
    return record.export()




def _document(record: Record, modern: Callable[[str], str] = modernize,
              read: Callable[[str], list[str]] = stems) -> dict[str, Any]:
    names = [*record.keywords, *record.cards]
    if record.kind in ("keyword", "card", "glossary"):
        names.append(record.title)
    title = modern(record.title)
    return {
        "id": record.id,
        "kind": record.kind,
        "source": record.source,
        "rule": record.rule or "",
        "rule_prefix": _rule_prefixes(record.rule),
        "title": title,
        "names": " ; ".join(dict.fromkeys(names)),
        "text": modern(record.text),
        "defines": " ; ".join(modern(t) for t in defined_terms(record)),
        "payload": payload(record),
        "stems": (" ".join(read(title)), " ".join(read(modern(record.text[:STEMS_SCAN])))),
    }


# The characters of a record's text that search reads its words in (proximity, snippets).
STEMS_SCAN = 3000


# the fields a document of several records holds every record's values of (ID fields)
_PER_RECORD = ("id", "source")
# a record's group for sharing a document (`build_index`), None where it shares none
Grouping = Callable[[str], object]


def _shared(documents: list[dict[str, Any]]) -> dict[str, Any]:
    """One document for records whose indexed fields are the same (`build_index`): every
    record's id and source (ID fields: each value one term), the payload a list of the
    records, the first whole and each other one as the fields it differs in
    (`payload_records` reads it back)."""
    if len(documents) == 1:
        return documents[0]
    first = documents[0]["payload"]
    rest = [{k: v for k, v in document["payload"].items() if first.get(k) != v}
            for document in documents[1:]]
    merged = dict(documents[0])
    for name in _PER_RECORD:
        merged[name] = list(dict.fromkeys(d[name] for d in documents))
    merged["payload"] = [first, *rest]
    return merged


def payload_records(found: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records a stored payload stands for (one, or those of a shared document), each
    a dict of its own (a reader may keep the payloads it read)."""
    if isinstance(found, dict):
        return [dict(found)]
    # each the first's fields updated by its own (the first's by itself: a copy), at C speed
    return list(map(found[0].__or__, found))


def _documents(records: Sequence[Record], group: Grouping | None,
               modern: Callable[[str], str],
               read: Callable[[str], list[str]] = stems,
               ) -> Iterator[tuple[dict[str, Any], list[int]]]:
    """The documents of records, in the order of each one's first record, each with its
    records' positions (in `records`): records of one lineage group (`group`) whose
    fields a document is made of are the same share one (`_shared`); a record outside a
    group has its own. A first pass notes which records share (keyed by the records'
    own fields, so nothing is held but their places); each document is made as it is
    given."""
    shared: dict[int, list[int]] = {}  # a shared document's first record -> its records
    keyed: dict[tuple[Any, ...], list[int]] = {}
    if group is not None:
        for position, record in enumerate(records):
            if (grp := group(record.id)) is None:
                continue
            key = (grp, record.kind, record.rule, record.title, record.text,
                   tuple(record.keywords), tuple(record.cards))
            if (same := keyed.get(key)) is None:
                keyed[key] = [position]
            else:
                same.append(position)
                shared[same[0]] = same
    later = {p for positions in shared.values() for p in positions[1:]}
    del keyed
    for position, record in enumerate(records):
        if position in later:
            continue
        if (positions := shared.get(position)) is None:
            yield _document(record, modern, read), [position]
        else:
            yield _shared([_document(records[p], modern, read)
                           for p in positions]), positions


def build_index(records: Sequence[Record], folder: Path,
                progress: Callable[[str], None] | None = None,
                group: Grouping | None = None) -> Fresh:
    """Index every record into a new folder: one segment, written by `_SegmentBuilder`
    (the same segment Whoosh's own writer makes, several times faster). Records of one
    lineage group (`group`: a record id's group, None outside one) whose indexed fields
    are the same share one document (`_documents`). Returns the score groups of its
    words (`kb.score_groups.Fresh`) for `Engine.write_cache`."""
    from whoosh import index

    folder.mkdir(parents=True, exist_ok=True)
    ix = index.create_in(str(folder), schema(), indexname=INDEX_NAME)
    modern = functools.lru_cache(maxsize=_ANALYSED_KEPT)(modernize)  # versions repeat texts
    # a text's stems, read once for its document's stored stems and its postings
    read = functools.lru_cache(maxsize=_ANALYSED_KEPT)(stems)
    builder = _SegmentBuilder(ix, read)
    name_words: set[str] = set()
    for record in records:
        name_words |= _title_words(record)
    for document, positions in _documents(records, group, modern, read):
        builder.add(document, positions)
    fresh = builder.commit(progress or (lambda message: None))
    (folder / NAMES_FILE).write_text(json.dumps(sorted(name_words)), encoding="utf-8")
    (folder / RENAMES_FILE).write_text(json.dumps(renames(records)), encoding="utf-8")
    return fresh


_ANALYSED_KEPT = 40_000  # field values the writer knows by number (x2: `Recent`)
_NO_VALUE = 0xFFFFFFFF  # a document without a value of a field


class _Values:
    """One analysed field's postings, kept per distinct value: the documents of each
    value (by value number) and, per term, the values holding it with their posting's
    (weight, value) pair; a term's postings are read out at commit (`postings`)."""

    def __init__(self) -> None:
        self.known: Recent[str, int] = Recent(_ANALYSED_KEPT)  # value -> its number
        self.docs: list[array[int]] = []     # value number -> its documents, ascending
        self.sizes: list[int] = []           # value number -> its field length
        self.of_doc = array("I")             # document number -> its value's number
        # term (str: a stem; bytes: as the field gives it) -> value numbers, pair numbers
        self.terms: dict[str | bytes, tuple[array[int], array[int]]] = {}
        self.pairs: dict[tuple[int, ...], int] = {}  # a text's positions -> pair number

    def new(self, value: str, size: int) -> int:
        """A number for a value not known (or forgotten: a value may have two)."""
        number = self.known.put(value, len(self.docs))
        self.docs.append(array("I"))
        self.sizes.append(size)
        return number

    def add(self, docnum: int, number: int) -> None:
        """The value `number` is this document's."""
        self.docs[number].append(docnum)
        of_doc = self.of_doc
        if len(of_doc) < docnum:
            of_doc.extend(array("I", [_NO_VALUE]) * (docnum - len(of_doc)))
        of_doc.append(number)

    def postings(self) -> Iterator[tuple[bytes, Sequence[int], Sequence[int]]]:
        """Each term (bytes, ascending) with its document numbers (ascending) and each
        posting's pair number."""
        terms = sorted((t.encode("utf-8") if isinstance(t, str) else t, entry)
                       for t, entry in self.terms.items())
        self.terms = {}
        docs, of_doc = self.docs, self.of_doc
        for tbytes, (numbers, pairs) in terms:
            if len(numbers) == 1:
                found = docs[numbers[0]]
                yield tbytes, found, array("I", pairs) * len(found)
            else:  # a document has one value of a field: the values' documents differ
                found = array("I", sorted(chain.from_iterable(map(docs.__getitem__, numbers))))
                pair_of = dict(zip(numbers, pairs, strict=True))
                yield tbytes, found, array("I", map(pair_of.__getitem__,
                                                    map(of_doc.__getitem__, found)))


class _Plan(NamedTuple):
    """How the segment writer takes one field's values (`_SegmentBuilder._plan`)."""

    table: dict[bytes, tuple[array[int], array[int]]]
    whole: int | None
    values: _Values | None
    stored: bool


class _SegmentBuilder:
    """Writes one new Whoosh segment, byte for byte what `writer.add_document` for each
    document and `commit` write, without their costs.

    - Analysis runs once per distinct field value (rules versions repeat most texts), and
      for the text fields through the steps of `tokens` (without a token object per word).
    - Postings are kept per distinct value, not per document (`_Values`): a document adds
      its number to its value's documents, and a term's postings are the documents of the
      values holding it, read out at commit; ID fields keep each term's documents and
      pair numbers as arrays. Whoosh's external-sort pool (a pickle and a sort per
      posting) is not used.
    - At commit each term's posting blocks are filled whole, as the codec's postings
      writer fills them one posting at a time (`kb.index_write`).
    """

    def __init__(self, ix: index.Index, read: Callable[[str], list[str]] = stems) -> None:
        from whoosh.analysis import IDTokenizer
        from whoosh.formats import Existence, Positions

        from kb.index_write import StoredColumn

        self._writer: Any = cast(Any, ix.writer())  # a SegmentWriter: its codec writers
        self._schema = self._writer.schema
        for name, field in self._schema.items():
            if field.separate_spelling() or field.vector or field.column_type:
                raise ValueError(f"field {name!r}: spelling, vectors and columns unsupported")
        self._fast = {name for name, field in self._schema.items()
                      if field.indexed and field.analyzer is text_analyzer()
                      and type(field.format) is Positions}
        self._pairs: dict[tuple[float, bytes], int] = {}
        # ID fields: the whole value is the one term, its (weight, value) pair the boost's
        self._whole = {name: self._pair(field.format.field_boost * 1.0, b"")
                       for name, field in self._schema.items()
                       if field.indexed and type(field.analyzer) is IDTokenizer
                       and type(field.format) is Existence}
        self._postings: dict[str, dict[bytes, tuple[array[int], array[int]]]] = {}
        self._values: dict[str, _Values] = {}
        self._lengths: dict[str, array[int]] = {}
        self._stored = StoredColumn(self._writer.perdocwriter)
        self._read = read  # a text field value's stems (`stems`, or one that remembers)
        self._plans: dict[str, _Plan] = {}
        self._records = array("I")  # how many records each document stands for
        self._positions = array("I")  # the positions of each document's records in turn
        self._per_record: set[str] = set()  # ID fields holding one value per record

    def add(self, document: dict[str, Any], positions: Sequence[int] | None = None) -> None:
        """Add one document (field name -> value), as `SegmentWriter.add_document`, that
        stands for the records at `positions` (in record order; None: one record, its
        docnum); an ID field's value may be a list of distinct values, one per record
        (each one term)."""
        writer = self._writer
        docnum = writer.docnum
        self._records.append(1 if positions is None else len(positions))
        self._positions += array("I", [docnum] if positions is None else positions)
        stored = {}
        plans = self._plans
        for name, value in sorted(document.items()):
            if (plan := plans.get(name)) is None:
                plan = self._plan(name)
            table, whole, values, is_stored = plan
            if whole is not None:  # an ID field: the whole value is the one term
                if type(value) is not str:
                    self._per_record.add(name)
                for one in (value,) if type(value) is str else value:
                    tbytes = one.encode("utf-8")
                    if (entry := table.get(tbytes)) is None:
                        entry = table[tbytes] = (array("I"), array("I"))
                    entry[0].append(docnum)
                    entry[1].append(whole)
            elif values is not None:
                if (number := values.known.get(value)) is None \
                        and (number := values.known.older(value)) is None:
                    number = self._analyse(name, value, values)
                values.add(docnum, number)
                if length := values.sizes[number]:
                    lengths = self._lengths.setdefault(name, array("I"))
                    if len(lengths) < docnum:
                        lengths.extend(bytes(docnum - len(lengths)))
                    lengths.append(length)
            if is_stored:
                stored[name] = value
        self._stored.add(stored)
        writer._added = True
        writer.docnum += 1

    def _plan(self, name: str) -> _Plan:
        """How `add` takes a field's values: the terms table of an ID field and its one
        term's pair, the values of another indexed field, whether stored."""
        field = self._schema[name]
        whole = self._whole.get(name)
        table = self._postings.setdefault(name, {}) if whole is not None else {}
        values = self._values.setdefault(name, _Values()) \
            if field.indexed and whole is None else None
        plan = self._plans[name] = _Plan(table, whole, values, field.stored)
        return plan

    def _analyse(self, name: str, value: str, values: _Values) -> int:
        """Number a new field value and add its terms (each with its posting's pair)."""
        field = self._schema[name]
        if name in self._fast:
            return self._analyse_text(value, field.format.field_boost, field.format, values)
        terms, length = values.terms, 0
        number = len(values.docs)
        for tbytes, freq, weight, vbytes in field.index(value):
            if (entry := terms.get(tbytes)) is None:
                entry = terms[tbytes] = (array("I"), array("I"))
            entry[0].append(number)
            entry[1].append(self._pair(weight * 1.0, vbytes))
            length += freq if field.scorable else 0
        return values.new(value, length)

    def _analyse_text(self, value: str, boost: float, fmt: Any, values: _Values) -> int:
        """`_analyse` for a text field under `text_analyzer` (its `Positions.word_values`,
        from the stems `read` gives: `stems`, its steps without a token object per word)."""
        found = self._read(value)
        positions: dict[str, list[int]] = {}
        for pos, stem in enumerate(found):
            if (seen := positions.get(stem)) is None:
                positions[stem] = [pos]
            else:
                seen.append(pos)
        number = len(values.docs)
        terms, pair_of = values.terms, values.pairs
        for stem, seen in positions.items():
            key = tuple(seen)
            if (pair := pair_of.get(key)) is None:
                pair = pair_of[key] = self._pair(float(len(seen)) * boost, fmt.encode(seen))
            if (entry := terms.get(stem)) is None:
                entry = terms[stem] = (array("I"), array("I"))
            entry[0].append(number)
            entry[1].append(pair)
        return values.new(value, len(found))

    def _pair(self, weight: float, value: bytes) -> int:
        """The number of a distinct (weight, value) pair of a posting."""
        if (ref := self._pairs.get((weight, value))) is None:
            ref = self._pairs[(weight, value)] = len(self._pairs)
        return ref

    def commit(self, progress: Callable[[str], None]) -> Fresh:
        """Write every field's postings (`kb.index_write`), then let Whoosh finish the
        segment (per-document data, term table, table of contents). Returns the score
        groups of the matching fields' words, from what the builder holds of them."""
        from whoosh.util.numeric import length_to_byte

        from kb.index_write import write_field, write_lengths
        from kb.score_groups import FieldTable, Fresh

        fieldwriter = self._writer.fieldwriter
        weights = [weight for weight, _ in self._pairs]
        values = [value for _, value in self._pairs]
        count = self._writer.docnum
        tables: dict[str, FieldTable] = {}
        shared = max(self._records, default=1) > 1
        per_term = array("I")  # (in term table order: fields by name, terms ascending)
        for name in sorted({*self._postings, *self._values}):
            if name in self._values:
                held = self._values.pop(name)
                if name in MATCH_FIELDS:  # (terms by their stems: `_analyse_text`'s)
                    if not self._schema[name].scorable or name not in self._fast:
                        raise ValueError(f"field {name!r}: a matching field is scored text")
                    tables[name] = (cast(dict[str, Any], held.terms), held.docs,
                                    [length_to_byte(n) for n in held.sizes])
                size, postings = len(held.terms), held.postings()
            else:
                table = self._postings.pop(name)
                size = len(table)
                postings = ((t, docs, refs) for t, (docs, refs) in sorted(table.items()))
            if shared:
                postings = _counted(postings, per_term,
                                    None if name in self._per_record else self._records)
            progress(f"index: writing {size:,} terms of field {name}")
            stored = self._lengths.get(name, array("I"))
            lengths = [rounded[n] for n in stored] if (rounded := _rounded(stored)) else []
            lengths += [0] * (count - len(lengths))
            write_field(fieldwriter, name, self._schema[name], postings, weights, values,
                        lengths)
        perdoc = self._writer.perdocwriter
        self._stored.finish(count)
        for name in sorted(self._lengths):
            write_lengths(perdoc, name, self._lengths[name])
        self._writer.commit(merge=False)
        if shared:
            self._write_counts(per_term)
        empty: FieldTable = ({}, [], [])
        return Fresh([tables.get(name, empty) for name in MATCH_FIELDS],
                     array("f", weights).tolist())  # (as a posting block stores them)

    def _write_counts(self, per_term: array[int]) -> None:
        """The segment's record counts (`kb.index_records`), for a segment some of whose
        documents stand for several records."""
        from kb.index_records import RecordCounts, path_of, write_counts

        per_doc = self._records
        lengths = {name: sum(map(operator.mul, held, per_doc))
                   for name, held in self._lengths.items()}
        starts = array("I", accumulate(per_doc, initial=0))
        folder = Path(self._writer.storage.folder)
        write_counts(path_of(folder, self._writer.newsegment.segment_id()),
                     RecordCounts(lengths, per_doc, starts, self._positions, per_term))


def _counted(postings: Iterable[tuple[bytes, Sequence[int], Sequence[int]]],
             out: array[int], per_doc: Sequence[int] | None
             ) -> Iterator[tuple[bytes, Sequence[int], Sequence[int]]]:
    """The postings of a field's terms as given, each term's record frequency appended to
    `out` as it passes: its documents' records (`per_doc`), or its documents where each
    value of the field names one record (None)."""
    for term, docs, refs in postings:
        out.append(len(docs) if per_doc is None else sum(map(per_doc.__getitem__, docs)))
        yield term, docs, refs


def _rounded(lengths: Sequence[int]) -> dict[int, int]:
    """Each distinct field length as the one-byte length gives it back (0 stays 0)."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    return {n: byte_to_length(length_to_byte(n)) if n else 0 for n in set(lengths)}


def renames(records: Sequence[Record]) -> list[tuple[str, str]]:
    """The renames the rules' glossaries record (`kb.era.glossary_renames`), less one-word
    old terms the newest rules still use in another sense (`removed` from combat; naming
    one in quotes to say what it became, 'the "tribal" card type', is no use of it)."""
    rules = [r for r in records if r.source.startswith("cr-")]
    if not rules:
        return []
    newest = max(r.date for r in rules)
    current = " ".join(r.text.lower() for r in rules if r.date == newest and r.kind == "rule")
    pairs = glossary_renames([(r.title, r.text) for r in rules if r.kind == "glossary"])
    return [(old, new) for old, new in pairs if " " in old or not still_says(old, current)]


def open_index(folder: Path) -> index.Index:
    """Open an index mtgkb built through Whoosh (only ever one inside a marked KB home),
    its files mapped in place (`kb.index_read.mapped_storage`), never copied into memory:
    for the build's reading of a previous index (a search reads it with `Engine`)."""
    from kb.index_read import mapped_storage

    return mapped_storage(folder).open_index(INDEX_NAME)


@dataclass
class Candidate:
    """A record the engine matched, with its engine score (BM25F, best field per word) and
    its document (records of one lineage group that read the same share one: `doc`,
    -1 when unknown)."""

    record: dict[str, Any]
    score: float
    doc: int = -1
    # the stems of its title and of its text's first `STEMS_SCAN` characters, in today's
    # wording, as the build read them (space between stems; the same for every record
    # of its document)
    stems: tuple[str, str] | None = None


# A document's first candidate and the records of all its candidates (`Engine.documents`).
CandidateDocument = tuple[Candidate, list[dict[str, Any]]]


@dataclass
class RankingRead:
    """What the takes of one ranking read (`Engine._best_records`), for the next take:
    the documents read in the ranking's order with their scores, their records (of the
    ranking's source) as (-score, place, docnum, record), how many of those each
    document's reading ended at, whether any document stood for several records, each
    document's stored stems (`Candidate.stems`), and the ranking's best documents taken
    so far (`whole`: all of them)."""

    docs: list[tuple[int, float]] = dataclasses.field(default_factory=list)
    found: list[tuple[float, int, int, dict[str, Any]]] = dataclasses.field(default_factory=list)
    ends: list[int] = dataclasses.field(default_factory=list)
    several: bool = False
    stems: dict[int, tuple[str, str] | None] = dataclasses.field(default_factory=dict)
    pool: list[tuple[int, float]] = dataclasses.field(default_factory=list)
    whole: bool = False


@dataclass
class WordQuery:
    """What to look for, in stems: scored words (each may match any of `MATCH_FIELDS`,
    a record scored by its best field), optional words (scored only in records that match
    otherwise), phrases every match must contain, a phrase that
    names a defined term, and rule numbers whose rule or subrules score high."""

    words: list[tuple[str, float]]
    optional: list[tuple[str, float]] | None = None
    require_all: bool = False
    required_phrases: list[list[str]] | None = None
    defines: list[str] | None = None
    numbers: list[str] | None = None


# a filter letting through at most this share of the records restricts the reading of
# postings to the blocks holding its records (else every posting is read, then filtered)
NARROW_SHARE = 0.25


class Engine:
    """An open index, reused across queries (open once, search many times). It reads
    the segment files without Whoosh (`kb.index_files`) and its postings term at a time
    (`kb.index_read`): no module of Whoosh is imported on the search path."""

    def __init__(self, folder: Path) -> None:
        from kb.index_files import IndexFileError, IndexReader
        from kb.index_read import Layout, TermScorer

        try:
            self._reader = IndexReader(folder, INDEX_NAME)
        except (OSError, IndexFileError):
            raise
        except Exception as exc:  # a file cut short or overwritten fails in any way: one
            raise IndexFileError(  # error that says the index is damaged
                f"{folder}: the index does not open ({type(exc).__name__}: {exc})") from exc
        self._layout = Layout(self._reader, _segments_meta(folder)
                              if len(self._reader.leaf_readers()) > 1 else None)
        self._terms = TermScorer(self._reader, self._layout)
        self._terms.cache_writer = _write_cache
        self.names_path = folder / NAMES_FILE
        self._folder = folder
        self._renames: list[tuple[str, str]] | None = None
        self._filters: dict[tuple[str | None, str | None],
                            tuple[frozenset[int], list[int]]] = {}

    def renames(self) -> list[tuple[str, str]]:
        """(old term, current term) pairs recorded at build time (none for older builds)."""
        if self._renames is None:
            try:
                text = (self._folder / RENAMES_FILE).read_text(encoding="utf-8")
                self._renames = [(old, new) for old, new in json.loads(text)]
            except (OSError, ValueError):
                self._renames = []
        return self._renames

    def close(self) -> None:
        """Release the index files."""
        self._reader.close()

    def doc_count(self) -> int:
        """How many records the index holds (a document may stand for several)."""
        return self._layout.count

    def records_per_document(self) -> float:
        """How many records an index document stands for on average (the versions of a
        rule that say the same share one: 1.2 on FULL, 7 over every rules version)."""
        return self._layout.count / max(self._reader.doc_count_all(), 1)

    def doc_frequency(self, stem: str, field: str = "text") -> int:
        """In how many records a stem occurs in a field."""
        return self._layout.doc_frequency(field, stem)

    def known(self, stem: str) -> bool:
        """Whether a stem occurs in any matching field."""
        return any(self._layout.doc_frequency(f, stem) for f in MATCH_FIELDS)

    def idf(self, stem: str) -> float:
        """The engine's inverse document frequency of a stem in the text field."""
        return self._terms.idf("text", stem)

    def rule(self, number: str, kind: str | None = None,
             source: str | None = None) -> list[dict[str, Any]]:
        """Every record numbered `number` (in any version), in index order."""
        return self._records(self._terms.term("rule", number), kind, source)

    def under_rule(self, number: str, kind: str | None = None,
                   source: str | None = None) -> list[dict[str, Any]]:
        """Every record numbered `number` or one of its subrules, in index order."""
        return self._records(self._terms.term("rule_prefix", number), kind, source)

    def _records(self, scores: dict[int, float], kind: str | None,
                 source: str | None) -> list[dict[str, Any]]:
        return [c.record for c in self.top(scores, kind, source, None)]

    def ranked(self, query: WordQuery, kind: str | None = None, source: str | None = None,
               limit: int | None = 30) -> tuple[list[Candidate], int]:
        """The best `limit` candidates (all for None) and how many records matched.

        Scores: each word by its best field (BM25F, times its weight), summed over the
        words (all required with `require_all`); optional words added where the words
        matched; a record defining the phrase (`defines`, x2) and one numbered by a rule
        number asked for (x5) match by that alone; every required phrase must occur
        (its words' scores added). Whoosh's own numbers throughout (tests compare a
        Whoosh query of this shape)."""
        scores = self.scores(query, kind, source)
        return self.top(scores, kind, source, limit), self.count(scores, kind, source)

    def scores(self, query: WordQuery, kind: str | None = None,
               source: str | None = None) -> dict[int, float]:
        """Docnum -> score of every record the query matches (as `ranked` scores them;
        with a narrow kind / source filter, at least those it lets through), to take
        candidates from with `top` as many times as needed."""
        from kb import index_read as im

        if not query.words:
            return {}
        terms = self._terms
        allowed = self._allowed(kind, source)
        # a narrow filter (a source among many): only the posting blocks holding a record
        # it lets through are read, only those records scored
        narrow = allowed[1] if allowed and len(allowed[1]) <= NARROW_SHARE * self._layout.count \
            else None
        scores: dict[int, float] = {}
        if query.require_all or narrow is not None:
            words = [self._word(stem, weight, within=narrow) for stem, weight in query.words]
            scores = im.both(words) if query.require_all else {}
            if not query.require_all:
                for word in words:
                    im.add(scores, word)
            within = scores.keys() if query.optional else []  # (keys unchanged below)
            for stem, weight in query.optional or []:
                im.add(scores, self._word(stem, weight, within=within), only_present=True)
        else:  # each word added into the sum as it is read (no dict of its own made)
            for stem, weight in query.words:
                terms.add_best(scores, MATCH_FIELDS, stem, weight)
            for stem, weight in query.optional or []:
                terms.add_best(scores, MATCH_FIELDS, stem, weight, only_present=True)
        if query.defines:
            im.add(scores, terms.phrase("defines", query.defines, boost=2.0))
        for number in query.numbers or []:
            im.add(scores, terms.term("rule_prefix", number, boost=5.0))
        # a phrase every match must hold is looked for only in the records matched
        phrases = [p for p in query.required_phrases or [] if len(p) > 1]
        matched = sorted(scores) if phrases else []
        required = [im.summed(terms.phrase(f, p, within=matched) for f in MATCH_FIELDS)
                    for p in phrases]
        if required:
            scores = im.both([*required, scores])
        return scores

    def count(self, scores: dict[int, float], kind: str | None = None,
              source: str | None = None) -> int:
        """How many of the scored records a kind / source filter lets through (a document
        of several records counts each, or the one of the source asked for)."""
        found = self._filtered(scores, kind, source)
        per_doc = self._layout.per_doc()
        if per_doc is None or source:
            return len(found)
        return sum(map(per_doc.__getitem__, found))

    def top(self, scores: dict[int, float], kind: str | None = None,
            source: str | None = None, limit: int | None = 30) -> list[Candidate]:
        """The best `limit` scored records (all for None) a kind / source filter lets
        through, best first."""
        return self.candidates(self.ranking(scores, kind, source), limit)

    def ranking(self, scores: dict[int, float], kind: str | None = None,
                source: str | None = None) -> Ranking:
        """The scored records a kind / source filter lets through, to take the best of
        (`candidates`) as many times as needed."""
        from kb.index_read import Ranking

        found = self._filtered(scores, kind, source)
        return Ranking(found, self._layout.order(len(found)), source or None)

    def candidates(self, ranking: Ranking, limit: int | None = 30,
                   payloads: dict[int, Any] | None = None) -> list[Candidate]:
        """The best `limit` records of a ranking (all for None), best first (ties in
        record order). A document stands for one record or several (`payload_records`),
        each with its score, those of the ranking's source where it has one. Documents
        rank in their first records' order, so the best `limit` records are among those of
        the best `limit` documents; under a source filter a document's record of the
        source may come later than its first, and the documents tied with the one that
        filled the limit are read too. A ranking keeps what its takes read (a caller takes
        more candidates of it again); `payloads` (docnum -> its records and stems) keeps
        the records read for the other rankings of a query (its other wordings)."""
        found, stems_ = self._best_records(ranking, limit, payloads)
        return [Candidate(record, -s, d, stems_[d]) for s, _, d, record in found]

    def documents(self, ranking: Ranking, limit: int | None = 30,
                  payloads: dict[int, Any] | None = None) -> list[CandidateDocument]:
        """`candidates` by document, in the order of each one's first: its first candidate
        and the records of all of them (the unchanged versions of a rule, which read, score
        and group as one: a hundred records of one document over every rules version)."""
        found, stems_ = self._best_records(ranking, limit, payloads)
        docs: dict[int, CandidateDocument] = {}
        for s, _, d, record in found:
            if (same := docs.get(d)) is None:
                docs[d] = (Candidate(record, -s, d, stems_[d]), [record])
            else:
                same[1].append(record)
        return list(docs.values())

    def _best_records(self, ranking: Ranking, limit: int | None,
                      payloads: dict[int, Any] | None
                      ) -> tuple[list[tuple[float, int, int, dict[str, Any]]],
                                 dict[int, tuple[str, str] | None]]:
        """`candidates` as (-score, place, docnum, record), and each document's stored stems
        (`payloads`: docnum -> its records and stems, as read by any ranking: read once).

        Documents are read in the ranking's order until the first whose score is below
        that of the one whose records filled the limit (`floor`: the records of a
        document of the same score may come before), or to the end. What a take read stays
        with the ranking (`Ranking.read`): a later, larger take of it goes over the
        documents read by their record counts and reads only those beyond."""
        known = {} if payloads is None else payloads
        read = ranking.read
        if read is None:
            read = ranking.read = RankingRead()
        floor = None  # the score of the document whose records filled the limit
        # as many documents as stand for `limit` records on average, more as needed
        step = limit if limit is None else math.ceil(limit / self.records_per_document())
        at = 0  # documents gone over
        while True:
            if at == len(read.docs) and not self._read_next(ranking, read, known, step):
                break
            d, s = read.docs[at]
            if floor is not None and s < floor:
                break
            if floor is None and limit is not None and read.ends[at] >= limit:
                floor = s
            at += 1
        found = read.found[:read.ends[at - 1]] if at else []
        if read.several:  # records in order (a document's first found at its position)
            found.sort()
        return found[:limit], read.stems

    def _read_next(self, ranking: Ranking, read: RankingRead, known: dict[int, Any],
                   step: int | None) -> bool:
        """Read the ranking's next document into `read` (its records of the ranking's
        source, by place; its payload kept in `known`): False at the ranking's end."""
        if len(read.docs) == len(read.pool):  # the pool taken so far read: a larger one
            if read.whole:
                return False
            wanted = None if step is None else max(step, 2 * len(read.pool))
            read.pool = ranking.top(wanted)
            read.whole = wanted is None or len(read.pool) < wanted
            if len(read.docs) == len(read.pool):
                return False
        d, s = read.pool[len(read.docs)]
        source = ranking.source
        if (records_ := known.get(d)) is None:
            fields_ = self._reader.stored_fields(d)
            records_ = known[d] = (payload_records(fields_["payload"]), fields_.get("stems"))
        records = records_[0]
        if len(records) > 1:
            read.several = True
            places = self._layout.record_positions(d)
            if source is None:  # every record (the tuples made at C speed)
                n = len(records)
                read.found += zip(repeat(-s, n), places, repeat(d, n), records, strict=True)
            else:
                read.found += [(-s, place, d, record)
                               for record, place in zip(records, places, strict=True)
                               if record["source"] == source]
        elif source is None or records[0]["source"] == source:
            read.found.append((-s, self._layout.position(d), d, records[0]))
        read.docs.append((d, s))
        read.ends.append(len(read.found))
        read.stems[d] = records_[1]
        return True

    def _word(self, stem: str, weight: float,
              within: Collection[int] | None = None) -> dict[int, float]:
        """Docnum -> score of a word in any of `MATCH_FIELDS`, each record by its best
        (only for the docnums `within`, ascending, when given)."""
        return self._terms.best(MATCH_FIELDS, stem, weight, within)

    def write_cache(self, previous: Path | None = None, fresh: Fresh | None = None) -> str:
        """Write the index's posting cache (`kb.postings_cache`: each word's scores by its
        best field, read by `_word` instead of its postings) and the score groups it is
        made from (`kb.score_groups`), from those of the `previous` index folder where
        this index is that one with a segment appended, or from the groups `build_index`
        returned (`fresh`) when it has just written this index. What it did, in words."""
        if fresh is not None:
            from kb.score_groups import write_cache

            words, reused = write_cache(self._terms, self._folder, MATCH_FIELDS, keep=True,
                                        fresh=fresh)
        else:
            words, reused = self._terms.write_cache(self._folder, MATCH_FIELDS, previous,
                                                    keep=True)
        return f"{words:,} words" + (", the new segment added to the previous build's"
                                     " groups" if reused else "")

    def _filtered(self, scores: dict[int, float], kind: str | None,
                  source: str | None) -> dict[int, float]:
        """The scores of the records a kind / source filter lets through."""
        allowed = self._allowed(kind, source)
        if allowed is None:
            return scores
        return {d: s for d, s in scores.items() if d in allowed[0]}

    def _allowed(self, kind: str | None,
                 source: str | None) -> tuple[frozenset[int], list[int]] | None:
        """The docnums a kind / source filter lets through (as a set and ascending),
        None for no filter."""
        if not kind and not source:
            return None
        if (kind, source) not in self._filters:
            from kb.index_read import both

            parts = [self._terms.term(f, v) for f, v in (("kind", kind), ("source", source))
                     if v]
            docs = both(parts)
            self._filters[(kind, source)] = (frozenset(docs), sorted(docs))
        return self._filters[(kind, source)]


def _write_cache(scorer: Any, folder: Path, fields: Sequence[str], previous: Path | None,
                 keep: bool) -> tuple[int, bool]:
    """A scorer's posting cache writer (`kb.score_groups.write_cache`, loaded when a cache
    is written)."""
    from kb.score_groups import write_cache

    return write_cache(scorer, folder, fields, previous, keep)


# Adding to an index: a new segment for what an addition brings, the records it rewrites
# marked deleted where they were (`kb.index_read.Layout` reads the whole as one segment).

SEGMENTS_FILE = "segments.json"
# the merge policy: appended segments kept before they are merged into one, and the share
# of appended and deleted records past which the index is written whole again
MAX_APPENDED = 4
REWRITE_SHARE = 0.3


def _segments_meta(folder: Path) -> dict[str, Any]:
    """What additions noted of each segment (`Layout`); empty for a whole build."""
    try:
        meta = json.loads((folder / SEGMENTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return meta if isinstance(meta, dict) else {}


class _Addition(NamedTuple):
    """What an addition does to an index: `how` ("append", "merge", "rewrite"), the
    segment ids kept, the live docnums (global) of the records it rewrites and the
    segment of each, each record's position, the docnums of appended segments'
    records to write again (a merge), and the records written again as the index holds
    them because a document they share with a rewritten record goes (`carried`)."""

    how: str
    kept: list[str]
    replaced: dict[str, int]
    segment_of: dict[str, str]
    positions: dict[str, int]
    moved: list[int]
    carried: list[Record]


def merge_policy(segments: int, appended_docs: int, deleted: int, total: int) -> str:
    """"rewrite" when appended and deleted records pass `REWRITE_SHARE` of all (the index
    is written whole again, one segment), else "merge" when there would be more than
    `MAX_APPENDED` appended segments (they become one), else "append"."""
    if appended_docs + deleted > REWRITE_SHARE * max(total, 1):
        return "rewrite"
    return "merge" if segments > MAX_APPENDED else "append"


def _segment_id(leaf: Any) -> str:
    segment = leaf.segment()
    if segment is None:
        raise ValueError("an index reader without a segment")
    return str(segment.segment_id())


def _plan(reader: Any, layout: Any, records: Sequence[Record]) -> _Addition:
    leaves = list(reader.leaf_readers())
    ids = [_segment_id(leaf) for leaf, _ in leaves]
    replaced: dict[str, int] = {}
    segment_of: dict[str, str] = {}
    for n, (leaf, offset) in enumerate(leaves):
        dead = layout.deleted[n]
        for record in records:
            if ("id", record.id) in leaf:
                for docnum in leaf.postings("id", record.id).all_ids():
                    if docnum not in dead:
                        replaced[record.id] = offset + docnum
                        segment_of[record.id] = ids[n]
    positions = {rid: layout.position(d) for rid, d in replaced.items()}
    carried = _carried(reader, layout, replaced, segment_of, positions)
    following = layout.count
    for record in records:
        if record.id not in positions and record.source.startswith("cr-"):
            raise ValueError(f"{record.id}: new rules change the renames; index whole")
        if record.id not in positions:
            positions[record.id] = following
            following += 1
    appended = [(leaf, offset, layout.deleted[n])
                for n, (leaf, offset) in enumerate(leaves) if n > 0]
    live_appended = sum(leaf.doc_count() for leaf, _, _ in appended)
    deleted = sum(leaf.doc_count_all() - leaf.doc_count() for leaf, _ in leaves)
    how = merge_policy(len(appended) + 1, live_appended + len(records) + len(carried),
                       deleted + len(replaced), following)
    if how != "merge":
        return _Addition(how, ids, replaced, segment_of, positions, [], carried)
    again = set(replaced.values())
    moved = [offset + d for leaf, offset, dead in appended for d in range(leaf.doc_count_all())
             if d not in dead and offset + d not in again]
    return _Addition(how, ids[:1], replaced, segment_of, positions, moved, carried)


def _carried(reader: Any, layout: Any, replaced: dict[str, int], segment_of: dict[str, str],
             positions: dict[str, int]) -> list[Record]:
    """The other records of the documents of several records that an addition rewrites a
    record of (the unchanged versions of a rule whose newest version it rewrites): the
    document goes, so they are written again as the index holds them, each at its own
    position (noted in `replaced`, `segment_of` and `positions` with the rewritten
    ones). An appended segment holds one document per record: the scores stay those
    of a whole build (`kb.index_records`)."""
    per_doc = layout.per_doc()
    if per_doc is None:
        return []
    carried = []
    for rid, docnum in list(replaced.items()):
        if per_doc[docnum] == 1:
            continue
        for record, at in zip(_stored_records(reader, docnum),
                              layout.record_positions(docnum), strict=True):
            if record.id not in replaced:
                replaced[record.id], segment_of[record.id] = docnum, segment_of[rid]
                positions[record.id] = at
                carried.append(record)
            elif record.id == rid:
                positions[rid] = at
    return carried


def _stored_records(reader: Any, docnum: int) -> list[Record]:
    """The records of a document as the index stored them (their export fields: all a
    document is made of)."""
    from kb.model import Record

    return [Record(**r) for r in payload_records(reader.stored_fields(docnum)["payload"])]


def _stored_record(reader: Any, docnum: int) -> Record:
    """The one record of a document of an appended segment (whose documents stand for one
    record each)."""
    (record,) = _stored_records(reader, docnum)
    return record


def _deleted_stats(schema: fields.Schema, document: dict[str, str],
                   into: dict[str, Any]) -> None:
    """Add what a deleted document counted for (its terms per field, each field's length)
    into a segment's `deleted` entry."""
    into["count"] = into.get("count", 0) + 1
    df, lengths = into.setdefault("df", {}), into.setdefault("lengths", {})
    for name, value in document.items():
        field = schema[name]
        if not field.indexed:
            continue
        terms = df.setdefault(name, {})
        if field.analyzer is text_analyzer():  # the analyzer's steps, without its tokens
            words = stems(value)
            found, length = set(words), len(words) if field.scorable else 0
        else:
            items = list(field.index(value))
            found = {tbytes.decode("utf-8") for tbytes, *_ in items}
            length = sum(freq for _, freq, *_ in items) if field.scorable else 0
        for term in found:
            terms[term] = terms.get(term, 0) + 1
        if length:
            lengths[name] = lengths.get(name, 0) + length


def _link_files(previous: Path, folder: Path, leave: set[str]) -> None:
    """The previous index's files in a new folder, hard-linked (segments are never
    written again once whole; deletions go to a new table of contents), else copied."""
    import os
    import shutil

    folder.mkdir(parents=True)
    for path in previous.iterdir():
        if path.name in leave or path.name.endswith("LOCK") or not path.is_file():
            continue
        try:
            os.link(path, folder / path.name)
        except OSError:
            shutil.copyfile(path, folder / path.name)


def _title_words(record: Record) -> set[str]:
    """The words of a name-bearing record's title offered to did-you-mean (`names.json`)."""
    if record.kind not in ("keyword", "card", "glossary"):
        return set()
    return {w for w in re.findall(r"[a-z][a-z'-]+", record.title.lower()) if len(w) > 2}


def append_index(previous: Path, folder: Path, records: Sequence[Record],
                 progress: Callable[[str], None] | None = None,
                 group: Grouping | None = None) -> str:
    """Write into the new `folder` the index of `previous` with `records` added: records
    new to it after the others, and new versions of records it holds (by id) in their
    place. The previous folder is only read. Returns what was done (`merge_policy`):

    - "append": the previous segments (hard links) with the rewritten records marked
      deleted, and one new segment of `records`;
    - "merge": the same, the appended segments' live records written again into the new
      segment and those segments dropped;
    - "rewrite": the whole index written again (`build_index`, one segment), from the
      records the index stores.

    New records of Comprehensive Rules change the renames (`renames`): they need
    `build_index` (a rewritten record keeps its title and text, and so the renames).
    A rewritten record of a document of several records takes the document's other
    records into the new segment with it (`_carried`); a "rewrite" groups the records of
    a lineage group (`group`) as `build_index` does. Either way every score is a whole
    build's: the statistics count records (`kb.index_records`).
    """
    report = progress or (lambda message: None)
    meta = _segments_meta(previous)
    reader = open_index(previous).reader()
    try:
        layout = _whoosh_layout(reader, previous, meta)
        plan = _plan(reader, layout, records)
        if plan.how == "rewrite":
            report(f"index: all {layout.count + len(records) - len(plan.replaced):,} "
                   "records written again (merge policy)")
            build_index(_all_records(reader, layout, records), folder, progress, group)
            return plan.how
        moved = [_stored_record(reader, d) for d in plan.moved]
        old = {r.id: r for d in set(plan.replaced.values()) for r in _stored_records(reader, d)}
        positions = {**{r.id: layout.position(d) for r, d in zip(moved, plan.moved,
                                                                 strict=True)},
                     **plan.positions}
    finally:
        reader.close()
    written = sorted([*moved, *records, *plan.carried], key=lambda r: positions[r.id])
    report(f"index: a new segment of {len(written):,} records "
           f"({len(plan.replaced):,} rewritten, {len(moved):,} merged)")
    entries = _write_segment(previous, folder, plan, old, meta, written, report)
    entries[-1][1]["positions"] = [positions[r.id] for r in written]
    (folder / SEGMENTS_FILE).write_text(json.dumps({"segments": dict(entries)}),
                                        encoding="utf-8")
    words = set(json.loads((previous / NAMES_FILE).read_text(encoding="utf-8")))
    for record in records:
        words |= _title_words(record)
    (folder / NAMES_FILE).write_text(json.dumps(sorted(words)), encoding="utf-8")
    return plan.how


def _whoosh_layout(reader: Any, folder: Path, meta: dict[str, Any] | None = None) -> Any:
    """The `kb.index_read.Layout` of an index read through Whoosh (the build's reading of
    a previous index): its additions' notes and each segment's record counts, read beside
    its segments (`kb.index_records`)."""
    from kb.index_read import Layout
    from kb.index_records import load_counts

    return Layout(reader, _segments_meta(folder) if meta is None else meta,
                  [load_counts(folder, _segment_id(leaf)) for leaf, _ in reader.leaf_readers()])


def indexed_records(folder: Path) -> list[Record]:
    """Every record an index holds, in record order."""
    reader = open_index(folder).reader()
    try:
        return _all_records(reader, _whoosh_layout(reader, folder), [])
    finally:
        reader.close()


def _all_records(reader: Any, layout: Any, records: Sequence[Record]) -> list[Record]:
    """Every record of the index with `records` put in: in place, or after the others."""
    by_id = {r.id: r for r in records}
    stored = sorted((at, n, record) for d in range(reader.doc_count_all())
                    if not reader.is_deleted(d)
                    for n, (at, record) in enumerate(zip(layout.record_positions(d),
                                                         _stored_records(reader, d),
                                                         strict=True)))
    everything = [record for _, _, record in stored]
    return [*(by_id.pop(r.id, r) for r in everything), *by_id.values()]


def _write_segment(previous: Path, folder: Path, plan: _Addition, old: dict[str, Record],
                   meta: dict[str, Any], written: list[Record],
                   report: Callable[[str], None]) -> list[tuple[str, dict[str, Any]]]:
    """The previous index's segments in `folder` (less those a merge drops), the replaced
    records marked deleted, and a new segment of `written`. Returns each segment's entry
    of `SEGMENTS_FILE` (the new one last, its positions to fill in)."""
    from whoosh import index

    _link_files(previous, folder, {SEGMENTS_FILE, NAMES_FILE})
    ix = index.open_dir(str(folder), indexname=INDEX_NAME, schema=schema())  # its analyzer
    kept = set(plan.kept)
    entries: dict[str, Any] = {sid: entry for sid, entry in meta.get("segments", {}).items()
                               if sid in kept}
    fields_ = ix.schema  # (read from the table of contents at every ask)
    writer = ix.writer()
    try:
        gone: set[int] = set()
        for rid, docnum in plan.replaced.items():
            if plan.segment_of[rid] not in kept:
                continue  # in an appended segment merged away: dropped with it
            if docnum not in gone:  # (a document of several records: each one's stats)
                writer.delete_document(docnum)
                gone.add(docnum)
            _deleted_stats(fields_, _document(old[rid]),
                           entries.setdefault(plan.segment_of[rid], {}).setdefault("deleted", {}))
    except BaseException:
        writer.cancel()
        raise
    writer.commit(mergetype=lambda _writer, segments: [s for s in segments
                                                        if s.segment_id() in kept])
    builder = _SegmentBuilder(ix)
    modern = functools.lru_cache(maxsize=None)(modernize)
    for record in written:
        builder.add(_document(record, modern))
    builder.commit(report)
    reader = ix.reader()
    try:
        ids = [_segment_id(leaf) for leaf, _ in reader.leaf_readers()]
    finally:
        reader.close()
    new = next(sid for sid in ids if sid not in kept)
    return [*((sid, entries.get(sid) or {}) for sid in ids if sid != new), (new, {})]
