"""Everything the pages need, gathered once from the knowledge base.

`SiteContent.load` reads every record, finds the mentions in every text (`kb.links`),
runs the validation (`kb.rules.validate`) and indexes what the pages look up: children,
records per page, keyword groups, card groups, citations and lineage.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from kb.html.layout import Layout, Place, card_name, keyword_name, top_rule
from kb.html.text import Mention, changes_against, make_linker, mentions_of, render
from kb.links.types import Unresolved
from kb.model import Record
from kb.store import KnowledgeBase

CR_FORMAT = "comprehensive-rules"
KIND_ORDER = ("keyword", "card", "rule", "glossary", "section", "ruling", "qa")
_REMINDER = re.compile(r"\([^)]*\)")
_PARAMETER = re.compile(r"\s+(?:\d+|[xXN]|\{[^}]*\}.*|—.*|-.*|from .*|\S+walk.*)$")


@dataclass
class SiteContent:
    """The records, their homes and the indexes the pages read."""

    records: list[Record]
    sources: list[dict[str, Any]]
    layout: Layout
    mentions: dict[str, list[Mention]]
    unresolved: list[Unresolved]
    checks: dict[str, dict[str, Any]]
    validation: dict[str, Any]
    cited_by: dict[str, list[str]] = field(default_factory=dict)
    lineage: dict[str, list[str]] = field(default_factory=dict)
    children: dict[str, list[Record]] = field(default_factory=dict)
    on_page: dict[str, list[Record]] = field(default_factory=dict)
    keywords: dict[str, list[Record]] = field(default_factory=dict)
    cards: dict[str, list[Record]] = field(default_factory=dict)
    card_keywords: dict[str, list[str]] = field(default_factory=dict)
    by_source: dict[str, list[Record]] = field(default_factory=dict)
    about_keyword: dict[str, list[Record]] = field(default_factory=dict)
    about_card: dict[str, list[Record]] = field(default_factory=dict)
    glossary_terms: dict[str, list[Record]] = field(default_factory=dict)
    keyword_of_rule: dict[str, Record] = field(default_factory=dict)
    order: dict[str, int] = field(default_factory=dict)
    rules_tops: dict[str, list[str]] = field(default_factory=dict)
    flagged: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    _sources: dict[str, dict[str, Any]] = field(default_factory=dict)
    _rules_versions: list[dict[str, Any]] | None = None
    _source_order: dict[str, int] | None = None
    _parts: dict[str, tuple[list[Record], list[Record]]] = field(default_factory=dict)
    _runs: dict[tuple[str, str], list[tuple[list[Record], set[str]]]] = field(
        default_factory=dict)
    _worded: dict[tuple[str, str], tuple[Markup, bool]] = field(default_factory=dict)
    # the changes pages (kb.html.changes): by pair of versions, and each listed entry's
    # place by (old record id, new record id)
    change_pages: dict[tuple[str, str], str] = field(default_factory=dict)
    change_places: dict[tuple[str, str], Place] = field(default_factory=dict)

    @classmethod
    def load(cls, kb: KnowledgeBase) -> SiteContent:
        """Read and index a whole knowledge base."""
        records = list(kb.records())
        linker = make_linker(records)
        layout = Layout(records)
        mentions = {r.id: mentions_of(linker, r) for r in records}
        validation = run_validation(records)
        content = cls(records=records, sources=kb.sources(), layout=layout, mentions=mentions,
                      unresolved=[], checks=checks_by_record(validation), validation=validation)
        content._index(kb)
        return content

    def worded(self, previous: Record | None, record: Record) -> tuple[Markup, bool]:
        """A record's text marked with its changes from `previous` (computed once per pair;
        empty for the first version and for the same wording), and whether the wording is
        the same."""
        key = (previous.id if previous else "", record.id)
        if key not in self._worded:
            if previous is None:
                self._worded[key] = (Markup(""), False)
            else:
                changes = changes_against(previous.text, record.text)
                self._worded[key] = ((render(record.text, changes=changes), False) if changes
                                     else (Markup(""), True))
        return self._worded[key]

    def era_key(self, record: Record) -> tuple[str, str, int]:
        """A record's place in time: its era, its date, its source's place in the manifest."""
        if self._source_order is None:
            self._source_order = {s["id"]: n for n, s in enumerate(self.sources)}
        return (record.era or record.date, record.date, self._source_order.get(record.source, 0))

    def lineage_parts(self, record: Record) -> tuple[list[Record], list[Record]]:
        """The records of a record's lineage (itself included) in the Comprehensive Rules
        versions and in other sources, in lineage order; worked out once per lineage."""
        members = self.lineage.get(record.id)
        if not members:
            return [], []
        if (found := self._parts.get(members[0])) is None:
            rules: list[Record] = []
            quoted: list[Record] = []
            for member in members:
                other = self.by_id[member]
                (rules if self._in_rules(other) else quoted).append(other)
            found = self._parts[members[0]] = (rules, quoted)
        return found

    def _in_rules(self, record: Record) -> bool:
        """Whether a record is of a Comprehensive Rules version (not a document quoting it)."""
        return self.source(record.source).get("format") == CR_FORMAT

    def runs(self, rule: Record, versions: list[Record]) -> list[tuple[list[Record], set[str]]]:
        """A rule and its other rules versions, oldest first, as runs of versions that
        follow one another with the same number and wording (each with its records' ids);
        worked out once for the rules versions of one lineage, which all show it."""
        members = self.lineage.get(rule.id)
        key = (members[0] if members else rule.id, "" if self._in_rules(rule) else rule.id)
        if (found := self._runs.get(key)) is None:
            runs: list[list[Record]] = []
            previous: Record | None = None
            for record in sorted([*versions, rule], key=self.era_key):
                _, same = self.worded(previous, record)
                if same and previous is not None and record.rule == previous.rule:
                    runs[-1].append(record)
                else:
                    runs.append([record])
                previous = record
            found = self._runs[key] = [(run, {r.id for r in run}) for run in runs]
        return found

    @property
    def rules_versions(self) -> list[dict[str, Any]]:
        """The Comprehensive Rules versions that have rules pages, newest first (worked out
        once: every rule block asks for today's)."""
        if self._rules_versions is None:
            self._rules_versions = sorted(
                (s for s in self.sources if s.get("format") == CR_FORMAT
                 and s["id"] in self.rules_tops),
                key=lambda s: (str(s.get("era") or s.get("date")), str(s.get("date"))),
                reverse=True)
        return self._rules_versions

    @property
    def today(self) -> str | None:
        """The id of today's rules (the latest version), or None without any."""
        versions = self.rules_versions
        return versions[0]["id"] if versions else None

    @property
    def by_id(self) -> dict[str, Record]:
        """Records by id."""
        return self.layout.by_id

    def source(self, source_id: str) -> dict[str, Any]:
        """The manifest entry of a source (a minimal one for an unknown id)."""
        if not self._sources:
            self._sources.update((entry["id"], entry) for entry in self.sources)
        return self._sources.get(source_id) or {
            "id": source_id, "title": source_id, "format": "", "date": "", "era": ""}

    def _index(self, kb: KnowledgeBase) -> None:
        index: dict[str, dict[str, list[Record]]] = defaultdict(lambda: defaultdict(list))
        for n, record in enumerate(self.records):
            self.order[record.id] = n
            self._file(record, index)
        (self.children, self.on_page, self.keywords, self.cards, self.by_source,
         self.about_keyword, self.about_card, self.glossary_terms) = (
            dict(index[name]) for name in ("children", "on_page", "keywords", "cards",
                                           "by_source", "about_keyword", "about_card",
                                           "glossary_terms"))
        self.rules_tops = self._rules_tops()
        for n, finding in enumerate(self.validation.get("findings", []), 1):
            for record_id in finding.get("records", []):
                self.flagged.setdefault(record_id, []).append((n, finding))
        self.card_keywords = {name: card_keywords(group, set(self.keywords))
                              for name, group in self.cards.items()}
        self._links(kb)
        self._unresolved(kb)

    def _rules_tops(self) -> dict[str, list[str]]:
        """Per source, the three-digit rules that have a rules page, in document order."""
        tops: dict[str, list[str]] = defaultdict(list)
        for record in self.records:
            if record.kind != "rule" or not record.rule:
                continue
            top = top_rule(record.rule)
            page = self.layout.rules_page(record.source, top)
            if page in self.on_page and top not in tops[record.source]:
                tops[record.source].append(top)
        return dict(tops)

    def _file(self, record: Record, index: dict[str, dict[str, list[Record]]]) -> None:
        """Enter one record in the lookup tables."""
        if record.parent:
            index["children"][record.parent].append(record)
        index["on_page"][self.layout.home(record).page].append(record)
        index["by_source"][record.source].append(record)
        if record.kind == "keyword":
            index["keywords"][keyword_name(record)].append(record)
            for rule_id in record.meta.get("rules", [])[:1]:
                self.keyword_of_rule[rule_id] = record
        elif record.kind == "card":
            index["cards"][card_name(record)].append(record)
        elif record.kind == "glossary":
            index["glossary_terms"][record.title.strip().lower()].append(record)
        if record.kind in ("ruling", "qa"):
            parent = self.by_id.get(record.parent or "")
            names = set(record.keywords)
            if parent is not None and parent.kind == "keyword":
                names.add(keyword_name(parent))
            for name in sorted(names):
                index["about_keyword"][name].append(record)
        if record.kind != "card":
            for name in {c.strip().lower() for c in record.cards}:
                index["about_card"][name].append(record)

    def _links(self, kb: KnowledgeBase) -> None:
        """Citations and lineage of the records that show them (rules and keywords)."""
        kinds = ("rule", "keyword")
        citing = kb.citations(kinds)
        groups = kb.lineage_groups()
        # a group's members on the site, worked out once for all of them (over 110 rules
        # versions a group holds 110: once per member, 110 times over)
        members_of: dict[int, list[str]] = {}
        for record in self.records:
            if record.kind not in kinds:
                continue
            if sources := citing.get(record.id, set()) - {record.id}:
                self.cited_by[record.id] = sorted(
                    (s for s in sources if s in self.by_id), key=self.order.__getitem__)
            if (group := groups.get(record.id)) is None:
                continue
            if (members := members_of.get(group)) is None:
                members = members_of[group] = [m for m in kb.lineage(record.id)
                                               if m in self.by_id]
            if len(members) > 1:
                self.lineage[record.id] = members

    def _unresolved(self, kb: KnowledgeBase) -> None:
        """The knowledge base's unresolved references, and any mention left without a target."""
        found = []
        for record_id, text, reason in kb.unresolved():
            if record_id in self.by_id:
                found.append(Unresolved(record_id, text, reason))
        listed = {u.record for u in found}
        for record in self.records:
            for mention in self.mentions[record.id]:
                if record.id not in listed and mention.target not in self.by_id:
                    found.append(Unresolved(record.id, mention.text,
                                            "no such record in the knowledge base", mention.kind))
        self.unresolved = found


def card_keywords(group: list[Record], known: set[str]) -> list[str]:
    """The keywords a card has: those its rules text lists on a keyword line
    (`Flying, first strike`, `Devour 1 (...)`, `Cycling {2}`, `Enchant creature`): a
    line whose every comma-separated item is a keyword.

    A keyword only mentioned in a sentence (`creatures with flying`) does not count."""
    found: set[str] = set()
    for card in group:
        rules_text = str(card.meta.get("rules_text") or card.text)
        for line in rules_text.split("\n"):
            names = [_keyword_at_start(part.strip(), known)
                     for part in re.split(r"[,;]", _REMINDER.sub("", line))]
            if all(names):  # a keyword line names nothing but keywords
                found.update(n for n in names if n)
    return sorted(found)


def _keyword_at_start(part: str, known: set[str]) -> str | None:
    """The keyword a keyword-line item names (`Devour 1` -> devour), or None."""
    if not part or part.endswith(".") or part.endswith(":"):
        return None
    words = _PARAMETER.sub("", part).lower().split()
    if len(words) > 3:
        return None
    for size in range(len(words), 0, -1):
        if " ".join(words[:size]) in known:
            return " ".join(words[:size])
    return None


def run_validation(records: list[Record]) -> dict[str, Any]:
    """The validation report (`kb.rules.validate`) as JSON."""
    from kb.rules.validate import validate

    return validate(records).to_dict()


def checks_by_record(validation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each checked definition's result, by the id of the record it checked."""
    return {entry["record"]: entry for entry in validation.get("definitions", [])
            if entry.get("record")}
