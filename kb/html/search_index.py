"""The site's offline search index: a compact inverted index in script files.

A page opened from `file://` may not `fetch()` a JSON file, but it may load a script, so
the index is JavaScript. It is split so that a query loads only what it needs:

- `search-index.js` (always, on first use) sets `window.MTGKB_SEARCH`: the kinds, the
  sources, the rules versions (today's first), the vocabulary (every word form grouped by
  stem, so the browser needs no stemmer), each stem's document frequency, each hit's kind,
  source and lineage group, and the shard and chunk counts;
- `search/t<k>.js` calls `MTGKB_SEARCH_SHARD(k, [...])` with the postings of the stems whose
  id is k modulo the shard count; a posting list is a string of varints (`encode`): for
  each hit the gap since the previous one, then its quantised BM25 weight;
- `search/d<c>.js` calls `MTGKB_SEARCH_DOCS(c, [...])` with `[title, url, text]` of hits
  c*CHUNK … (url relative to the site's root, text cut at EXCERPT characters), loaded only
  for the hits shown.

Hits are the keyword and card pages, the sources and every other record in its home. A
rule's own number is indexed as the word `#<number>` (a bare number query goes straight
to it). The engine that reads all this is `static/search.js`.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from kb import rulenum
from kb.html.content import SiteContent
from kb.html.layout import relative
from kb.html.pages import source_label
from kb.html.text import clean
from kb.model import Record

SEARCH_INDEX = "search-index.js"
SHARD_DIR = "search"
KINDS = ("keyword", "card", "rule", "glossary", "section", "source", "ruling", "qa")
CHUNK = 256          # hits per display chunk
SHARD_POSTINGS = 24_000  # postings per term shard, about
EXCERPT = 700        # characters of a hit's text kept for showing where it matched
TITLE_BONUS = 1.6    # weight of a word in the title, on top of its BM25 text weight
SCALE = 7            # quantisation: weight * SCALE, 1..MAX_WEIGHT
MAX_WEIGHT = 31
K1, B = 1.2, 0.75
STOP_WORDS = frozenset(
    "a an and are as at be by for from in into is it its of on or that the their then "
    "there these this to was were will with".split())
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
# the same expression as `WORD` in static/search.js: keep the two alike
_WORD = re.compile(r"[a-z0-9]+(?:['.][a-z0-9]+)*")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                         "æ": "ae", "Æ": "ae"})


def fold(text: str) -> str:
    """Lower case without accents, straight quotes (as `fold` in static/search.js)."""
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text.translate(_QUOTES).lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The word forms of a text, folded, stop words left out."""
    return [w for w in _WORD.findall(fold(text)) if w not in STOP_WORDS]


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The stem a word form is indexed under (numbers and abbreviations as they are)."""
    if not word.isalpha():
        if word.endswith("'s"):
            word = word[:-2]
        word = word.replace("'", "") if word.replace("'", "").isalpha() else word
        if not word.isalpha():
            return word
    from kb.index import word_stem  # the index's stemmer: only kb.index knows the engine

    return word_stem(word)


def encode(numbers: Iterable[int]) -> str:
    """Non-negative integers as varints of 5 bits a character (bit 6: more follows)."""
    out = []
    for n in numbers:
        while n >= 32:
            out.append(ALPHABET[32 | (n & 31)])
            n >>= 5
        out.append(ALPHABET[n])
    return "".join(out)


def decode(text: str) -> list[int]:
    """The inverse of `encode` (for tests; static/search.js has its own)."""
    numbers, n, shift = [], 0, 0
    for char in text:
        value = ALPHABET.index(char)
        n |= (value & 31) << shift
        if value & 32:
            shift += 5
        else:
            numbers.append(n)
            n, shift = 0, 0
    return numbers


@dataclass
class Hit:
    """One search result: a page or a record in its home."""

    title: str
    kind: str
    source: int
    url: str
    text: str
    group: str = ""
    number: str = ""


@dataclass
class Index:
    """The hits and their postings, ready to be written."""

    hits: list[Hit]
    postings: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    forms: dict[str, set[str]] = field(default_factory=dict)


def hits(content: SiteContent) -> list[Hit]:
    """Every hit: keyword pages, card pages, sources, then every other record."""
    position = {s["id"]: n for n, s in enumerate(content.sources)}
    layout = content.layout
    out: list[Hit] = []
    for name, group in sorted(content.keywords.items()):
        text = "\n".join(dict.fromkeys(r.text for r in reversed(group)))
        out.append(Hit(group[-1].title, "keyword", -1, layout.keyword_page(name), text))
    for name, group in sorted(content.cards.items()):
        text = "\n".join(dict.fromkeys(r.text for r in group))
        out.append(Hit(group[0].title, "card", -1, layout.card_page(name), text))
    for source in content.sources:
        out.append(Hit(source_label(source), "source", position[source["id"]],
                       layout.source_page(source["id"]), str(source.get("title", ""))))
    for record in content.records:
        if record.kind in ("keyword", "card"):
            continue
        out.append(Hit(re.sub(r"\s+", " ", record.title)[:120], record.kind,
                       position.get(record.source, -1), relative("", layout.home(record)),
                       record.text, group=_group(content, record),
                       number=record.rule or "" if record.kind == "rule" else ""))
    return out


def _group(content: SiteContent, record: Record) -> str:
    """What makes the versions of one entry one result: a rule's lineage, a glossary
    term's name ("" for a record that stands alone)."""
    members = content.lineage.get(record.id)
    if members:
        return members[0]
    if record.kind == "glossary":
        return "glossary:" + fold(record.title.strip())
    return ""


def build_index(items: list[Hit]) -> Index:
    """BM25 weights of every stem in every hit (text, plus a bonus for the title)."""
    counts = [Counter(words(hit.text)) for hit in items]
    lengths = [sum(c.values()) for c in counts]
    average = (sum(lengths) / len(lengths)) if lengths else 1.0
    index = Index(items)
    postings: dict[str, dict[int, float]] = defaultdict(dict)
    forms: dict[str, set[str]] = defaultdict(set)
    stem_of: dict[str, str] = {}
    for count in counts:
        for word in count:
            if word not in stem_of:
                stem_of[word] = stem(word)
                forms[stem_of[word]].add(word)
    for n, (hit, count) in enumerate(zip(items, counts, strict=True)):
        norm = K1 * (1 - B + B * lengths[n] / max(average, 1.0))
        stems: dict[str, float] = defaultdict(float)
        for word, tf in count.items():
            stems[stem_of[word]] += tf
        weights = {s: tf * (K1 + 1) / (tf + norm) for s, tf in stems.items()}
        for word in set(words(hit.title)):
            forms[stem(word)].add(word)
            weights[stem(word)] = weights.get(stem(word), 0.0) + TITLE_BONUS
        if hit.number:
            weights["#" + hit.number] = 1.0
            forms["#" + hit.number].add("#" + hit.number)
        for key, weight in weights.items():
            postings[key][n] = weight
    index.postings = {key: [(n, _quantised(w)) for n, w in sorted(docs.items())]
                      for key, docs in postings.items()}
    index.forms = dict(forms)
    return index


def _quantised(weight: float) -> int:
    q = int(weight * SCALE + 0.5)
    return 1 if q < 1 else MAX_WEIGHT if q > MAX_WEIGHT else q


def write_search_index(content: SiteContent, path: Path) -> dict[str, int]:
    """Write `search-index.js` and its shards beside it; sizes in bytes by part."""
    items = hits(content)
    index = build_index(items)
    keys = sorted(index.postings, key=lambda k: (k.startswith("#"), k))
    total = sum(len(p) for p in index.postings.values())
    shards = max(1, min(256, math.ceil(total / SHARD_POSTINGS)))
    position = {s["id"]: n for n, s in enumerate(content.sources)}
    groups: dict[str, list[int]] = defaultdict(list)
    for n, hit in enumerate(items):
        if hit.group:
            groups[hit.group].append(n)
    era_rank = {s["id"]: rank for rank, s in enumerate(reversed(content.rules_versions))}
    versions = content.rules_versions
    meta = {
        "v": 2, "kinds": KINDS, "n": len(items), "shards": shards, "chunk": CHUNK,
        "sources": [source_label(s) for s in content.sources],
        "eras": [str(s.get("era") or s.get("date") or "") for s in content.sources],
        "versions": [[position[s["id"]], source_label(s)] for s in versions],
        "rank": [era_rank.get(s["id"], -1) for s in content.sources],
        "stop": sorted(STOP_WORDS),
        "vocab": "|".join(" ".join(sorted(index.forms[key])) for key in keys),
        "df": encode(len(index.postings[key]) for key in keys),
        "kind": "".join(str(KINDS.index(hit.kind)) for hit in items),
        "src": encode(hit.source + 1 for hit in items),
        "groups": [g for g in groups.values() if len(g) > 1],
    }
    folder = path.parent / SHARD_DIR
    folder.mkdir(exist_ok=True)
    sizes = {"meta": _write_js(path, "window.MTGKB_SEARCH=", meta, ";")}
    sizes["terms"] = 0
    for k in range(shards):
        lists = [_postings(index.postings[key]) for key in keys[k::shards]]
        sizes["terms"] += _write_js(folder / f"t{k}.js", f"MTGKB_SEARCH_SHARD({k},", lists,
                                    ");")
    sizes["docs"] = 0
    for c in range(0, len(items), CHUNK):
        rows = [[hit.title, hit.url, _excerpt(hit)] for hit in items[c:c + CHUNK]]
        sizes["docs"] += _write_js(folder / f"d{c // CHUNK}.js",
                                   f"MTGKB_SEARCH_DOCS({c // CHUNK},", rows, ");")
    return sizes


def _postings(docs: list[tuple[int, int]]) -> str:
    numbers, previous = [], -1
    for n, weight in docs:
        numbers += [n - previous - 1, weight]
        previous = n
    return encode(numbers)


def _excerpt(hit: Hit) -> str:
    text = re.sub(r"[ \t]+", " ", hit.text).strip()
    title = rulenum.strip_label(hit.title).strip()
    if title and text.lower().startswith(title.lower()):
        text = text[len(title):].lstrip(" .:-—\n")
    return text[:EXCERPT]


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list | tuple):
        return [_cleaned(v) for v in value]
    return value


def _write_js(path: Path, head: str, value: Any, tail: str) -> int:
    data = json.dumps(_cleaned(value), ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    body = f"{head}{data}{tail}\n".encode()
    path.write_bytes(body)
    return len(body)

