"""The cross-reference graph: rule references, mentions, lineage and "cited by".

`build_links(records)` reads every record's text once and returns a `LinkGraph`:
- `rule-ref` links: "rule 702.20j", "rules 510.1c-d", "Section 6", bare "702.81a", ...
  (`refs`), each resolved to the rule of the record's own era
  (`resolve`); what cannot be resolved is listed in `unresolved`;
- `keyword`, `card` and `glossary` links: names mentioned in the text (`names`),
  each to the record of that name nearest in era (same source first, then same era);
- `lineage` and `quotes` links and the `lineage` groups: the same keyword or rule across
  sources and rules versions (`lineage`).
It also fills each record's `refs`, `keywords` and `cards` from what its text mentions.
`Linker` is the reusable part: built once from all records, it finds the mentions in any
text (the HTML site links every text with it).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from kb.links.agreement import Numbering
from kb.links.lineage import lineage_links
from kb.links.names import NameHit, NameMatcher, name_words
from kb.links.refs import RuleRef, find_rule_refs
from kb.links.resolve import (
    era_distance,
    era_of,
    is_comprehensive_rules,
    rule_index,
    section_index,
    speaking_era,
)
from kb.links.types import Link, Mention, Unresolved
from kb.model import Record
from kb.recent import Recent

_Holder = tuple[str, str, str]  # a record holding a name: (record id, source, era)
_TEXTS_KEPT = 20_000  # texts whose references and names a linker remembers (x2: `Recent`)


@dataclass
class LinkGraph:
    """All links, the unresolved references, and lineage groups.

    `lineage[id]` lists the records of the same rule or keyword in every source and
    version, ordered by era, the record itself included (only for records that have one).
    """

    links: list[Link]
    unresolved: list[Unresolved]
    lineage: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._out: dict[str, list[str]] | None = None  # made when first asked (a build never)
        self._in: dict[str, list[str]] = {}

    def _by_end(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        if self._out is None:
            self._out, self._in = defaultdict(list), defaultdict(list)
            for link in self.links:
                self._out[link.src].append(link.dst)
                self._in[link.dst].append(link.src)
        return self._out, self._in

    def refs(self, record_id: str) -> list[str]:
        """Ids this record links to (any kind), each once, in link order."""
        return list(dict.fromkeys(self._by_end()[0].get(record_id, [])))

    def cited_by(self, record_id: str) -> list[str]:
        """Ids of the records that link to this one (any kind), each once, in link order."""
        return list(dict.fromkeys(self._by_end()[1].get(record_id, [])))


class Linker:
    """Finds and resolves the rule references and name mentions in any text."""

    def __init__(self, records: list[Record]) -> None:
        numbering = Numbering(records)
        self.rules = rule_index(records, numbering)
        self._cr_eras = sorted({era_of(r) for r in records if is_comprehensive_rules(r.source)})
        self.sections = section_index(records, numbering)
        self.names = NameMatcher()
        # (kind, name) -> [(record id, source, era)], in record order
        self._holders: dict[tuple[str, str], list[_Holder]] = defaultdict(list)
        self._grouped: dict[tuple[str, str], tuple[dict[str, list[_Holder]],
                                                   dict[str, list[_Holder]]]] = {}
        self._display: dict[str, str] = {}
        self._choice: dict[tuple[str, str, str, str], str] = {}
        # versions repeat their texts: each text's references and names are found once
        self._refs: Recent[str, list[RuleRef]] = Recent(_TEXTS_KEPT)
        self._hits: Recent[tuple[str, tuple[tuple[int, int], ...]], list[NameHit]] = \
            Recent(_TEXTS_KEPT)
        self._resolved: Recent[tuple[tuple[str, ...], tuple[str, ...], str, str],
                               list[tuple[str, str | None, str]]] = Recent(_TEXTS_KEPT)
        vocabulary = _rules_vocabulary(records)
        for record in records:
            entry = _name_entry(record)
            if entry is None:
                continue
            kind, name = entry
            key = name if kind == "card" else name.lower()
            if kind == "card" and name.lower() in vocabulary:
                continue  # "Forest" in a text is the land type, not the basic land card
            if not self._holders[(kind, key)]:
                self.names.add(kind, name, inflect=kind != "card", case_sensitive=kind == "card",
                               s_form=record.meta.get("keyword_kind") != "action")
            self._holders[(kind, key)].append((record.id, record.source, era_of(record)))
            self._display[record.id] = name if kind == "card" else name.lower()

    def mentions(self, text: str, source_record: Record) -> list[Mention]:
        """Every rule reference and name mention in `text`, in order, never overlapping.

        Rule references come first (a name inside one is not a mention); a reference
        that resolves to nothing has `target` None.
        """
        return self.scan(text, source_record)[0]

    def scan(self, text: str, record: Record) -> tuple[list[Mention], list[Link], list[Unresolved]]:
        """The mentions of `text` (as `mentions`), the links they make from `record`
        (every number of a range or list, none to itself) and the unresolved references
        (each once per record)."""
        mentions: list[Mention] = []
        links: list[Link] = []
        unresolved: list[Unresolved] = []
        era = speaking_era(record, self._cr_eras)
        for ref in self._found_refs(text):
            resolved = self._resolve_ref(ref.numbers, ref.sections, record, era)
            if not resolved:
                continue
            for label, target, reason in resolved:
                if target:
                    links.append(Link(record.id, target, "rule-ref"))
                else:
                    unresolved.append(Unresolved(record.id, label, reason))
            first = next((target for _, target, _ in resolved if target), None)
            mentions.append(Mention(ref.start, ref.end, "rule-ref", first, ref.text))
        for hit in self._found_names(text, tuple((m.start, m.end) for m in mentions)):
            key = hit.name if hit.kind == "card" else hit.name.lower()
            target = self._nearest(hit.kind, key, record, era)
            mentions.append(Mention(hit.start, hit.end, hit.kind, target, text[hit.start:hit.end]))
            if target != record.id:
                links.append(Link(record.id, target, hit.kind))
        mentions.sort(key=lambda m: m.start)
        return mentions, list(dict.fromkeys(links)), list(dict.fromkeys(unresolved))

    def _found_refs(self, text: str) -> list[RuleRef]:
        """`find_rule_refs` of a text, remembered while texts repeat (`Recent`)."""
        if (found := self._refs.find(text)) is None:
            found = self._refs.put(text, find_rule_refs(text))
        return found

    def _found_names(self, text: str, blocked: tuple[tuple[int, int], ...]) -> list[NameHit]:
        """The names in a text outside the blocked spans, remembered as `_found_refs`."""
        key = (text, blocked)
        if (found := self._hits.find(key)) is None:
            found = self._hits.put(key, self.names.find(text, blocked))
        return found

    def display_name(self, record_id: str) -> str:
        """The keyword (lower case) or card name (as printed) a record stands for."""
        return self._display.get(record_id, "")

    def _resolve_ref(self, numbers: tuple[str, ...], sections: tuple[str, ...],
                     record: Record, era: str) -> list[tuple[str, str | None, str]]:
        """(label, target or None, reason) per number of a reference, none to `record`
        (read in `era`, its speaking era); remembered per source and era, where the
        records of a version cite the same rules again and again."""
        key = (numbers, sections, record.source, era)
        if (resolved := self._resolved.find(key)) is None:
            resolved = []
            for number in numbers:
                target, reason = self.rules.resolve(number, record.source, era)
                resolved.append((f"rule {number}", target, reason))
            for number in sections:
                target, reason = self.sections.resolve(number, record.source, era)
                resolved.append((f"section {number}", target,
                                 reason.replace(f"have {number}", f"have section {number}")))
            self._resolved.put(key, resolved)
        return [item for item in resolved if item[1] != record.id]

    def _nearest(self, kind: str, key: str, record: Record, era: str) -> str:
        """The record of a name nearest the citing record (speaking `era`): same source,
        same era, nearest."""
        source = record.source
        cache_key = (kind, key, source, era)
        if (found := self._choice.get(cache_key)) is None:
            by_source, by_era = self._holders_by((kind, key))
            # the best holder is of the same source if there is one, else of the same era
            # if there is one: only those are compared (each source holds a name once or
            # so, where all holders were compared for every source: quadratic in versions)
            pool = by_source.get(source) or by_era.get(era) or self._holders[(kind, key)]
            best = min(pool, key=lambda h: (h[1] != source, h[2] != era,
                                            era_distance(h[2], era), h[2], h[0]))
            found = self._choice[cache_key] = best[0]
        return found

    def _holders_by(self, name: tuple[str, str]) -> tuple[dict[str, list[_Holder]],
                                                          dict[str, list[_Holder]]]:
        """The holders of a name by source and by era (made when first asked)."""
        if (grouped := self._grouped.get(name)) is None:
            by_source: dict[str, list[_Holder]] = defaultdict(list)
            by_era: dict[str, list[_Holder]] = defaultdict(list)
            for holder in self._holders[name]:
                by_source[holder[1]].append(holder)
                by_era[holder[2]].append(holder)
            grouped = self._grouped[name] = (dict(by_source), dict(by_era))
        return grouped


def _rules_vocabulary(records: list[Record]) -> set[str]:
    """The terms the rules' glossaries define, lower case (one-word ones included: the
    basic land types Plains, Island, Swamp, Mountain and Forest among them). A card named
    like one is the term wherever a text says it, never a card mention."""
    return {str(r.meta.get("term") or r.title).lower() for r in records if r.kind == "glossary"}


def _name_entry(record: Record) -> tuple[str, str] | None:
    """(kind, name) of a record that others mention by name: keyword, card, glossary term.

    A one-word glossary term ("Card", "Library", "Unless") is the ordinary vocabulary of
    the rules: linking it everywhere would mark nothing, so only terms of two or more
    words are glossary mentions ("attacks alone", "triggered ability").
    """
    if record.kind == "keyword":
        return "keyword", record.keywords[0] if record.keywords else record.title.lower()
    if record.kind == "card":
        return "card", record.title
    if record.kind == "glossary":
        term = str(record.meta.get("term") or record.title)
        return ("glossary", term) if len(name_words(term)) > 1 else None
    return None


def build_links(records: list[Record],
                progress: Callable[[str], None] | None = None) -> LinkGraph:
    """The link graph of `records`; also fills their `refs`, `keywords` and `cards`
    (`progress`: told every few thousand records, and before lineage).

    Deterministic: the same records give the same graph, links in record order; running
    it again on the same records changes nothing more.
    """
    report = progress or (lambda message: None)
    linker = Linker(records)
    links: list[Link] = []
    unresolved: list[Unresolved] = []
    keyword_names = {r.title.lower() for r in records if r.kind == "keyword"}
    for number, record in enumerate(records, 1):
        if number % 2000 == 0:
            report(f"link {number:,}/{len(records):,} records")
        if record.kind == "glossary" and record.title.lower() in keyword_names:
            _add_unique(record.keywords, [record.title.lower()])  # the entry defines it
        _, record_links, missing = linker.scan(record.text, record)
        links += record_links
        unresolved += missing
        _fill_fields(record, record_links, linker)
    report(f"link: lineage of {len(records):,} records")
    extra, lineage = lineage_links(records)
    by_id = {r.id: r for r in records}
    for link in extra:
        if link.kind == "quotes":
            _add_unique(by_id[link.src].refs, [link.dst])
    links += extra
    return LinkGraph(links, unresolved, lineage)


def _fill_fields(record: Record, links: list[Link], linker: Linker) -> None:
    """Add what a record's text mentions to its `refs`, `keywords` and `cards`."""
    _add_unique(record.refs, [ln.dst for ln in links if ln.kind in ("rule-ref", "keyword", "card")])
    names = {kind: [linker.display_name(ln.dst) for ln in links if ln.kind == kind]
             for kind in ("keyword", "card")}
    _add_unique(record.keywords, names["keyword"])
    _add_unique(record.cards, names["card"])


def _add_unique(values: list[str], more: list[str]) -> None:
    """Append each value not already there, in order."""
    for value in more:
        if value and value not in values:
            values.append(value)
