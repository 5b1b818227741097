"""Lineage: the same keyword or rule across sources and rules versions.

- Keywords by name: every source's `keyword` record of exalted is one lineage; so are the
  heading rules of that keyword (502.83 -> 702.80 -> 702.81 -> 702.83) and its subrules by
  letter (502.83a <-> 702.81a), where their texts agree.
- Other rules by text similarity, after `kb.era.modernize` (renumbered sections: abilities
  112 in 2009 are 113 today): an identical text is the same rule; otherwise candidates
  come from an inverted index of the distinctive words of the newer version and the best
  difflib ratio wins. A heading too short to compare ("Abilities") follows its subrules.
  Comprehensive Rules versions are compared in order of era; a document that quotes rules
  (FAQ, thread, blog, rulings dump) is compared with the Comprehensive Rules of its era
  (and its rules get a `quotes` link to them), else with the nearest version.
A lineage group holds at most one record per source.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher

from kb import rulenum
from kb.era import EQUIVALENT_PHRASES, modernize
from kb.links.resolve import era_distance, era_of, is_comprehensive_rules
from kb.links.types import Link
from kb.model import Record

MIN_RATIO = 0.6        # difflib ratio (over words) for two rule texts to be one rule
KEYWORD_RATIO = 0.4    # a keyword's subrules of one letter must still agree this much
SHORT = 4              # a text of fewer words is matched only exactly, or by its subrules
CANDIDATES = 4         # texts compared with difflib per rule
MAX_DF = 25            # a word in more rules of a version than this picks no candidates
_OLD_WORDING = re.compile("|".join(re.escape(old) for old, _ in EQUIVALENT_PHRASES)
                          + "|from the game")
_WORDS = re.compile(r"[a-z0-9']+")


@dataclass
class _Text:
    """A rule prepared for comparison: its words in today's wording, numbers masked."""

    record: Record
    words: tuple[str, ...]

    @property
    def key(self) -> str:
        return " ".join(self.words)


class Groups:
    """Union-find over record ids that never puts two records of one source together."""

    def __init__(self, records: list[Record]) -> None:
        self._parent = {r.id: r.id for r in records}
        self._sources = {r.id: {r.source} for r in records}
        self._source_of = {r.id: r.source for r in records}

    def find(self, record_id: str) -> str:
        """The representative of a record's group."""
        root = record_id
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[record_id] != root:
            self._parent[record_id], record_id = root, self._parent[record_id]
        return root

    def union(self, a: str, b: str) -> bool:
        """Join two groups, unless that would put two records of one source together."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return True
        if self._sources[ra] & self._sources[rb]:
            return False
        self._parent[rb] = ra
        self._sources[ra] |= self._sources.pop(rb)
        return True

    def has_source(self, record_id: str, source: str) -> bool:
        """Whether a record's group already holds a record of `source`."""
        return source in self._sources[self.find(record_id)]

    def members(self) -> dict[str, list[str]]:
        """Representative -> member ids, for groups of two or more."""
        found: dict[str, list[str]] = defaultdict(list)
        for record_id in self._parent:
            found[self.find(record_id)].append(record_id)
        return {root: ids for root, ids in found.items() if len(ids) > 1}


def lineage_links(records: list[Record]) -> tuple[list[Link], dict[str, list[str]]]:
    """`lineage` and `quotes` links, and each record's lineage (ordered by era)."""
    by_id = {r.id: r for r in records}
    linked = [r for r in records if r.kind == "keyword" or (r.kind == "rule" and r.rule)]
    groups = Groups(linked)
    texts = _prepare([r for r in linked if r.kind == "rule"])
    _keyword_lineage([r for r in linked if r.kind == "keyword"], by_id, texts, groups)
    by_source: dict[str, list[_Text]] = defaultdict(list)
    for text in texts.values():
        by_source[text.record.source].append(text)
    indexes: dict[str, dict[str, list[int]]] = {}
    for older, newer in _version_pairs(by_source):
        if newer not in indexes:
            indexes[newer] = _inverted_index(by_source[newer])
        _match_versions(by_source[older], by_source[newer], indexes[newer], groups)
    lineage = _ordered_groups(groups, by_id)
    links = _quotes(by_source, lineage)
    for members in {tuple(m) for m in lineage.values()}:
        links += [Link(a, b, "lineage") for a, b in zip(members, members[1:], strict=False)]
    links.sort(key=lambda link: (link.kind, _order(by_id[link.src]), link.dst))
    return links, lineage


def _prepare(rules: list[Record]) -> dict[str, _Text]:
    """Every rule's comparable words (modernised once per distinct text)."""
    cache: dict[str, tuple[str, ...]] = {}
    prepared = {}
    for rule in rules:
        body = rule.text.split("\nExample:")[0]
        if body not in cache:
            lower = body.lower()
            if _OLD_WORDING.search(lower):
                lower = modernize(body).lower()
            cache[body] = tuple(_WORDS.findall(rulenum.IN_TEXT.sub("#", lower)))
        prepared[rule.id] = _Text(rule, cache[body])
    return prepared


def _keyword_lineage(keywords: list[Record], by_id: dict[str, Record],
                     texts: dict[str, _Text], groups: Groups) -> None:
    """Join keyword records by name, and their heading rules and subrules by letter."""
    by_name: dict[str, list[str]] = defaultdict(list)
    by_letter: dict[tuple[str, str], list[str]] = defaultdict(list)
    for keyword in sorted(keywords, key=_order):
        name = keyword.keywords[0] if keyword.keywords else keyword.title.lower()
        by_name[name].append(keyword.id)
        number = str(keyword.meta.get("number", ""))
        for rule_id in keyword.meta.get("rules", []):
            rule = by_id.get(rule_id)
            if rule and rule.rule and rule.rule.startswith(number) and len(rule.keywords) <= 1:
                by_letter[(name, rule.rule[len(number):])].append(rule_id)
    for ids in by_name.values():
        for other in ids[1:]:
            groups.union(ids[0], other)
    for (_, letter), ids in by_letter.items():
        for i, rule_id in enumerate(ids[1:], 1):
            earlier = [p for p in reversed(ids[:i]) if not letter
                       or _ratio(texts[p].words, texts[rule_id].words) >= KEYWORD_RATIO]
            if earlier:
                groups.union(earlier[0], rule_id)


def _version_pairs(by_source: dict[str, list[_Text]]) -> list[tuple[str, str]]:
    """Which sources to compare: CR versions in order of era; each other document with
    the CR of its era (else the nearest one; with no CR at all, with every earlier one)."""
    era = {source: era_of(texts[0].record) for source, texts in by_source.items()}
    order = sorted(era, key=lambda s: (era[s], not is_comprehensive_rules(s), s))
    crs = [s for s in order if is_comprehensive_rules(s)]
    pairs = list(zip(crs, crs[1:], strict=False))
    others = [s for s in order if not is_comprehensive_rules(s)]
    for i, source in enumerate(others):
        if crs:
            nearest = min(crs, key=lambda c: (era[c] != era[source],
                                              era_distance(era[c], era[source]), c))
            pairs.append((source, nearest))
        else:
            pairs += [(earlier, source) for earlier in others[:i]]
    return pairs


def _match_versions(older: list[_Text], newer: list[_Text], index: dict[str, list[int]],
                    groups: Groups) -> None:
    """Join each rule of `older` with the same rule of `newer`, one to one."""
    newer_source = newer[0].record.source
    older_source = older[0].record.source
    exact: dict[str, list[int]] = defaultdict(list)
    by_number: dict[str, int] = {}
    for j, text in enumerate(newer):
        exact[text.key].append(j)
        by_number.setdefault(text.record.rule or "", j)
    older_keys = Counter(text.key for text in older)
    scored: list[tuple[float, int, int]] = []
    for i, text in enumerate(older):
        if groups.has_source(text.record.id, newer_source):
            continue
        same = by_number.get(text.record.rule or "")
        twins = exact.get(text.key, [])
        if twins and (len(text.words) >= SHORT or (len(twins) == 1 and older_keys[text.key] == 1)):
            best = same if same in twins else twins[0]
            scored.append((2.0, i, best))
            continue
        if len(text.words) < SHORT:
            continue
        candidates = _candidates(text, index)
        if same is not None and same not in candidates:
            candidates.insert(0, same)
        match = _best(text, [(j, newer[j]) for j in candidates], same)
        if match:
            scored.append((match[0], i, match[1]))
    used_old, used_new = set(), set()
    for _, i, j in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        if i in used_old or j in used_new:
            continue
        if not groups.has_source(newer[j].record.id, older_source) \
                and groups.union(older[i].record.id, newer[j].record.id):
            used_old.add(i)
            used_new.add(j)
    _match_headings(older, newer, groups)


def _inverted_index(texts: list[_Text]) -> dict[str, list[int]]:
    """Word -> the rules that use it, for words distinctive enough (used by few rules)."""
    index: dict[str, list[int]] = defaultdict(list)
    for j, text in enumerate(texts):
        for word in set(text.words):
            index[word].append(j)
    return {word: ids for word, ids in index.items() if len(ids) <= MAX_DF}



def _candidates(text: _Text, index: dict[str, list[int]]) -> list[int]:
    """The rules sharing the most distinctive words with `text` (rarer words weigh more),
    best first."""
    score: dict[int, float] = defaultdict(float)
    for word in dict.fromkeys(text.words):  # text order: the same sums on every run
        ids = index.get(word)
        if ids:
            for j in ids:
                score[j] += 1.0 / len(ids)
    return sorted(score, key=lambda j: (-score[j], j))[:CANDIDATES]


def _best(text: _Text, candidates: list[tuple[int, _Text]],
          same: int | None) -> tuple[float, int] | None:
    """(ratio, index) of the most similar candidate at least MIN_RATIO alike, if any.

    Candidates are tried in order of their quick (bag of words) ratio, an upper bound of
    the real one, so most never need the full difflib comparison.
    """
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(text.words)
    bounds = []
    for j, other in candidates:
        matcher.set_seq1(other.words)
        if matcher.real_quick_ratio() >= MIN_RATIO:
            bound = matcher.quick_ratio()
            if bound >= MIN_RATIO:
                bounds.append((bound, j, other))
    best: tuple[float, int] | None = None
    for bound, j, other in sorted(bounds, key=lambda b: (-b[0], b[1])):
        if best and bound + 0.01 < best[0]:
            break
        matcher.set_seq1(other.words)
        ratio = matcher.ratio() + (0.01 if j == same else 0.0)
        if ratio >= MIN_RATIO and (best is None or ratio > best[0]):
            best = (ratio, j)
    return best


def _ratio(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """difflib's ratio of two word sequences (1.0 at once for equal ones)."""
    return 1.0 if a == b else SequenceMatcher(None, a, b, autojunk=False).ratio()


def _match_headings(older: list[_Text], newer: list[_Text], groups: Groups) -> None:
    """Join a rule still unmatched with the newer rule that most of its subrules went to."""
    newer_source, older_source = newer[0].record.source, older[0].record.source
    newer_by_group = {groups.find(t.record.id): t.record for t in newer}
    newer_by_number = {t.record.rule: t.record for t in reversed(newer)}
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for text in older:
        parent = rulenum.parent(text.record.rule or "")
        member = newer_by_group.get(groups.find(text.record.id))
        if parent and member and member.rule and (moved := rulenum.parent(member.rule)):
            votes[parent][moved] += 1
    for text in older:
        number = text.record.rule or ""
        if number not in votes or groups.has_source(text.record.id, newer_source):
            continue
        (target_number, count), = votes[number].most_common(1)
        target = newer_by_number.get(target_number)
        if target and count >= 2 and count * 2 > sum(votes[number].values()) \
                and not groups.has_source(target.id, older_source):
            groups.union(text.record.id, target.id)


def _order(record: Record) -> tuple:
    """Lineage order: by era, the Comprehensive Rules first within an era, then source."""
    return (era_of(record), not is_comprehensive_rules(record.source), record.source, record.id)


def _ordered_groups(groups: Groups, by_id: dict[str, Record]) -> dict[str, list[str]]:
    """Record id -> its whole group in lineage order, for every record in a group."""
    lineage: dict[str, list[str]] = {}
    for members in groups.members().values():
        ordered = sorted(members, key=lambda rid: _order(by_id[rid]))
        for rid in ordered:
            lineage[rid] = ordered
    return dict(sorted(lineage.items(), key=lambda item: _order(by_id[item[0]])))


def _quotes(by_source: dict[str, list[_Text]], lineage: dict[str, list[str]]) -> list[Link]:
    """A `quotes` link from each rule a document quotes to the same rule of its era's CR."""
    cr_of_era: dict[str, str] = {}
    for source, texts in sorted(by_source.items()):
        if is_comprehensive_rules(source):
            cr_of_era.setdefault(era_of(texts[0].record), source)
    links = []
    for source, texts in sorted(by_source.items()):
        cr = cr_of_era.get(era_of(texts[0].record))
        if is_comprehensive_rules(source) or not cr:
            continue
        for text in texts:
            for member in lineage.get(text.record.id, []):
                if member.startswith(cr + ":"):
                    links.append(Link(text.record.id, member, "quotes"))
    return links
