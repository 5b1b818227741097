"""Lineage: the same keyword, rule or glossary entry across sources and rules versions.

- Keywords by name: every source's `keyword` record of exalted is one lineage; so are the
  heading rules of that keyword (502.83 -> 702.80 -> 702.81 -> 702.83) and its subrules by
  letter (502.83a <-> 702.81a), where their texts agree.
- Other rules by text similarity, after `kb.era.modernize` (renumbered sections: abilities
  112 in 2009 are 113 today): an identical text is the same rule; otherwise candidates
  come from an inverted index of the distinctive words of the newer version and the best
  difflib ratio wins. Then what is left is matched by structure (`kb.links.align`):
  subrules' votes for their heading, headings by their words, subrules by their place
  among matched siblings.
  Comprehensive Rules versions are compared in order of era, each with the next only, so
  the work is linear in the number of versions; a document that quotes rules (FAQ,
  thread, blog, rulings dump) is compared with the Comprehensive Rules of its era (and its
  rules get a `quotes` link to them), else with the nearest version.
- Glossary entries of consecutive versions by term, a renamed term by its definition.
A lineage group holds at most one record per source.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from difflib import SequenceMatcher

from kb.links.align import align, glossary_pairs
from kb.links.groups import (
    LONG,
    MIN_RATIO,
    Groups,
    Text,
    alike,
    forget_occurrences,
    prepare,
    quick_ratio,
)
from kb.links.resolve import era_distance, era_of, is_comprehensive_rules
from kb.links.types import Link
from kb.model import Record

KEYWORD_RATIO = 0.4    # a keyword's subrules of one letter must still agree this much
SHORT = 4              # a text of fewer words is matched only exactly, or by its subrules
CANDIDATES = 8         # texts compared with difflib per rule
MAX_DF = 25            # a word in more rules of a version than this picks no candidates


def lineage_links(records: list[Record]) -> tuple[list[Link], dict[str, list[str]]]:
    """`lineage` and `quotes` links, and each record's lineage (ordered by era)."""
    by_id = {r.id: r for r in records}
    linked = [r for r in records if r.kind in ("keyword", "glossary")
              or (r.kind == "rule" and r.rule)]
    groups = Groups(linked)
    texts = prepare([r for r in linked if r.kind == "rule"])
    _keyword_lineage([r for r in linked if r.kind == "keyword"], by_id, texts, groups)
    by_source: dict[str, list[Text]] = defaultdict(list)
    for text in texts.values():
        by_source[text.record.source].append(text)
    indexes: dict[str, dict[str, list[int]]] = {}
    for older, newer in _version_pairs(by_source):
        if newer not in indexes:
            indexes[newer] = _inverted_index(by_source[newer])
        _match_versions(by_source[older], by_source[newer], indexes[newer], groups)
        align(by_source[older], by_source[newer], groups,
              structure=is_comprehensive_rules(older) and is_comprehensive_rules(newer))
    _glossary_lineage([r for r in linked if r.kind == "glossary"], groups)
    order = {r.id: _order(r) for r in linked}
    lineage = _ordered_groups(groups, order)
    links = _quotes(by_source, lineage)
    # each group once (its members share one list), not once per member
    for members in {id(m): m for m in lineage.values()}.values():
        links += [Link(a, b, "lineage") for a, b in zip(members, members[1:], strict=False)]
    links.sort(key=lambda link: (link.kind, order[link.src], link.dst))
    forget_occurrences()
    return links, lineage


def _keyword_lineage(keywords: list[Record], by_id: dict[str, Record],
                     texts: dict[str, Text], groups: Groups) -> None:
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
    said = {(text.record.source, text.key) for text in texts.values()}

    def moved(a: str, b: str) -> bool:
        """Whether either of two subrules of one letter has its very text under another
        letter of the other's version (2026's 702.124k is 2025's 702.124m word for word,
        not 2025's 702.124k): the text then joins it, not the letter."""
        one, other = texts[a], texts[b]
        return one.key != other.key and ((other.record.source, one.key) in said
                                         or (one.record.source, other.key) in said)

    for (_, letter), ids in by_letter.items():
        for i, rule_id in enumerate(ids[1:], 1):
            # the nearest earlier one that agrees (the first met: the others are not read)
            earlier = next((p for p in reversed(ids[:i]) if not letter or alike(
                texts[p].words, texts[rule_id].words, KEYWORD_RATIO)
                and not moved(p, rule_id)), None)
            if earlier is not None:
                groups.union(earlier, rule_id)


def _version_pairs(by_source: dict[str, list[Text]]) -> list[tuple[str, str]]:
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


def _match_versions(older: list[Text], newer: list[Text], index: dict[str, list[int]],
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
            # each text the same: the one numbered and headed alike first (2020's 505.5
            # Main Phase and 510.3 Combat Damage Step both say "Third, the active player
            # gets priority", as 2026's 510.3 does)
            scored += [(2.0 + _agreement(text, newer[j]), i, j) for j in twins]
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


def _agreement(old: Text, new: Text) -> float:
    """What else two texts that read the same share: the rule number (0.5), the heading
    (0.25)."""
    same_number = 0.5 if old.record.rule == new.record.rule else 0.0
    return same_number + (0.25 if _heading(old.record.title) == _heading(new.record.title)
                          else 0.0)


def _heading(title: str) -> str:
    """A rule's title without its number ("505.5 Main Phase" -> "Main Phase")."""
    return title.split(" ", 1)[-1].lower()


def _inverted_index(texts: list[Text]) -> dict[str, list[int]]:
    """Word -> the rules that use it, for words distinctive enough (used by few rules)."""
    index: dict[str, list[int]] = defaultdict(list)
    for j, text in enumerate(texts):
        for word in set(text.words):
            index[word].append(j)
    return {word: ids for word, ids in index.items() if len(ids) <= MAX_DF}



def _candidates(text: Text, index: dict[str, list[int]]) -> list[int]:
    """The rules sharing the most distinctive words with `text` (rarer words weigh more),
    best first."""
    score: dict[int, float] = defaultdict(float)
    for word in dict.fromkeys(text.words):  # text order: the same sums on every run
        ids = index.get(word)
        if ids:
            for j in ids:
                score[j] += 1.0 / len(ids)
    return sorted(score, key=lambda j: (-score[j], j))[:CANDIDATES]


def _best(text: Text, candidates: list[tuple[int, Text]],
          same: int | None) -> tuple[float, int] | None:
    """(ratio, index) of the most similar candidate at least MIN_RATIO alike, if any.

    Candidates are tried in order of their quick (bag of words) ratio, an upper bound of
    the real one, so most never need the full difflib comparison (difflib's bounds, worked
    out from each text's word counts: `quick_ratio`).
    """
    words = text.words
    bounds = []
    for j, other in candidates:
        size = len(words) + len(other.words)
        if 2.0 * min(len(words), len(other.words)) / size >= MIN_RATIO:  # real_quick_ratio
            bound = quick_ratio(other.words, words)
            if bound >= MIN_RATIO:
                bounds.append((bound, j, other))
    best: tuple[float, int] | None = None
    matcher: SequenceMatcher[str] | None = None  # `text` as difflib's second sequence, made once
    for bound, j, other in sorted(bounds, key=lambda b: (-b[0], b[1])):
        if best and bound + 0.01 < best[0]:
            break
        score = bound
        if len(words) + len(other.words) <= 2 * LONG:
            if matcher is None:
                matcher = SequenceMatcher(None, autojunk=False)
                matcher.set_seq2(words)
            matcher.set_seq1(other.words)
            score = matcher.ratio()
        score += 0.01 if j == same else 0.0
        if score >= MIN_RATIO and (best is None or score > best[0]):
            best = (score, j)
    return best


def _glossary_lineage(entries: list[Record], groups: Groups) -> None:
    """Join the glossary entries of consecutive Comprehensive Rules versions."""
    by_source: dict[str, list[Text]] = defaultdict(list)
    for text in prepare(entries).values():
        by_source[text.record.source].append(text)
    crs = sorted((s for s in by_source if is_comprehensive_rules(s)),
                 key=lambda s: (era_of(by_source[s][0].record), s))
    for older, newer in zip(crs, crs[1:], strict=False):
        glossary_pairs(by_source[older], by_source[newer], groups)


def _order(record: Record) -> tuple:
    """Lineage order: by era, the Comprehensive Rules first within an era, then source."""
    return (era_of(record), not is_comprehensive_rules(record.source), record.source, record.id)


def _ordered_groups(groups: Groups, order: dict[str, tuple]) -> dict[str, list[str]]:
    """Record id -> its whole group in lineage order (`order`: each record's `_order`),
    for every record in a group."""
    lineage: dict[str, list[str]] = {}
    for members in groups.members().values():
        ordered = sorted(members, key=order.__getitem__)
        for rid in ordered:
            lineage[rid] = ordered
    return dict(sorted(lineage.items(), key=lambda item: order[item[0]]))


def _quotes(by_source: dict[str, list[Text]], lineage: dict[str, list[str]]) -> list[Link]:
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
