"""One answer per rule across versions: the same rule, glossary entry or keyword in several
rules versions (lineage from the store; glossary entries and keywords by name) is one hit,
shown in the version asked for (the newest, the one in force on an `--as-of` date, or the
one of `--source`), the other versions listed. Only versions collapse: a group holds at
most one record of each source (the same ruling printed for every Saga of a set is one
ruling per card, not versions of one another). A group none of whose versions is in the
newest Comprehensive Rules at hand (the mana burn rules of 2008) is obsolete, and so is a
glossary entry marked "(Obsolete)" unless the query says its term.

A query that names an era (`kb.query_era.Era`) is answered as of it: each group shows and
ranks by its version of that era (`Group.era_pick`); a group with no version then (a rule
made later, a ruling dated after) ranks as if it matched `OFF_ERA_WEIGHT` as much.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any

from kb import rulenum
from kb.era import modernize, obsolete_term
from kb.index import Engine, WordQuery, stems
from kb.model import RULES_VERSION, is_rules_version
from kb.query_era import Calendar, Era, old_terms, uses

# A group with no version of the era a query names ranks as if it matched this much less.
OFF_ERA_WEIGHT = 0.5
# A version's score and score parts, from the record and its group's best parts.
Rescore = Callable[[dict[str, Any], dict[str, float]], tuple[float, dict[str, float]]]
# Records of the newest rules that contain a term looked at for a use of it (not a quote).
NEWEST_SAYS_LOOKS = 50


@dataclass
class Group:
    """Records that are one rule / entry across versions, and the best score among them."""

    key: tuple[str, ...]
    score: float
    parts: dict[str, float]
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    members: list[str] = field(default_factory=list)
    # each candidate record's own score and parts (the group's score is its best)
    scores: dict[str, tuple[float, dict[str, float]]] = field(default_factory=dict)
    # the version of the era the query names (`apply_era`), or that a query asking how
    # things were matches best (`best_version`), shown unless --source says
    era_choice: str | None = None
    # the old words a query used (`kb.query_era` "wording"): shown in the newest version
    # that says them
    era_words: tuple[str, ...] = ()
    # the era a group has no version of: shown in its first version after it, looked for
    # at `pick`, among all its versions
    era_missed: Era | None = None
    # a record of each lineage the group's members come from (their versions are read
    # a lineage at a time: `Versions.complete`)
    lineages: list[str] = field(default_factory=list)

    def obsolete(self, newest_cr: str, said: set[str] | None = None) -> bool:
        """Only in rules versions older than the newest one at hand, or a glossary entry
        marked "(Obsolete)" whose term the query (`said`, its stems) does not say: asked
        by its term, it is today's word on the old term and live."""
        shown = list(self.records.values())
        if any(r["kind"] == "glossary" and (term := obsolete_term(r["title"])) is not None
               and not set(stems(term)) <= (said or set())
               for r in shown):
            return True
        # judged by its rules versions: a FAQ quoting the old rule doesn't keep it live
        if not newest_cr:
            return False
        # (a member's id starts with its source's: "cr-2026-01-16:702.83a")
        ids = self.members or [f'{r["source"]}:' for r in shown]
        return not any(map(str.startswith, ids, repeat(f"{newest_cr}:"))) and \
            any(map(str.startswith, ids, repeat(RULES_VERSION)))

    def pick(self, as_of: str | None, source: str | None) -> dict[str, Any] | None:
        """The version to show: of `source`, else the latest not after `as_of`, else the
        newest (the Comprehensive Rules first among records of one date)."""
        versions = list(self.records.values())
        if not as_of and not source:
            chosen = self.era_choice or (self.closest(self.era_missed) if self.era_missed
                                         else self._saying(self.era_words))
            if chosen in self.records:
                return self.records[chosen]
        if source:
            versions = [r for r in versions if r["source"] == source] or versions
        if as_of:
            versions = [r for r in versions if (r.get("date") or "") <= as_of]
        if not versions:
            return None
        # the newest date's first version, its first of the rules among several (one pass
        # reading dates, none calling a key function for each of ~110 versions)
        dates = [r.get("date") or "" for r in versions]
        newest = max(dates)
        latest = [r for r, date in zip(versions, dates, strict=True) if date == newest]
        return next((r for r in latest if is_rules_version(r["source"])), latest[0])

    def era_pick(self, era: Era, dates: dict[str, str]) -> str | None:
        """The id of the group's version of the era, among its members (`dates`: source id
        -> date): for "as_of" the latest not after the date; for "after" the first from the
        date on whose text differs from the version before it (the change asked about),
        else the first from the date on. None when it has no version then."""
        def date(member: str) -> str:
            record = self.records.get(member)
            return (record.get("date") if record else None) or dates.get(
                member.split(":", 1)[0], "")

        members = sorted(set(self.members) | set(self.records), key=lambda m: (date(m), m))
        if era.mode == "after":
            later = [m for m in members if date(m) >= era.date]
            for member in later:
                i = members.index(member)
                if i and _changed(self.records.get(members[i - 1]), self.records.get(member)):
                    return member
            return later[0] if later else None
        earlier = [m for m in members if date(m) <= era.date]
        if not earlier:
            return None
        # a rule of an older rules version than the one in force then was gone by then
        in_force = max((d for s, d in dates.items() if is_rules_version(s) and d <= era.date),
                       default="")
        last = earlier[-1]
        gone = is_rules_version(last.split(":", 1)[0]) and date(last) < in_force
        return None if gone else last

    def best_version(self) -> str | None:
        """The id of the candidate version the query's words match best, the newest of
        those scoring alike (a question of how things were, "under the old legend rule",
        names no date: its words tell which wording it asks about)."""
        scored = [(score, (self.records[rid].get("date") or ""), rid)
                  for rid, (score, _) in self.scores.items() if rid in self.records]
        return max(scored)[2] if scored else None

    def closest(self, era: Era) -> str | None:
        """With no version of the era, the first one after it (the nearest to it)."""
        after = [r for r in self.records.values() if (r.get("date") or "") > era.date]
        return min(after, key=lambda r: (r.get("date") or "", r["id"]))["id"] if after \
            else None

    def apply_era(self, era: Era, dates: dict[str, str],
                  rescore: Rescore | None = None,
                  whole: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> None:
        """Rank the group by its version of the era: that version's own score when it was a
        candidate; when other versions were, the score `rescore` gives it (its own words
        against the query: `whole` reads a version known by its naming fields whole);
        with no version then, its best score times OFF_ERA_WEIGHT."""
        if era.mode == "wording":
            # old wording keeps the ranking and shows the newest version that says the
            # words, in them or in today's terms (today's answer to a question asked in
            # yesterday's words; the old text where no later version says it)
            self.era_words = era.words  # read at `pick`, when its versions are at hand
            return
        chosen = self.era_pick(era, dates)
        if chosen is not None and chosen not in self.scores and rescore is not None \
                and chosen in self.records:
            version = self.records[chosen]
            self.scores[chosen] = rescore(whole(version) if whole else version, self.parts)
        if chosen is not None and chosen in self.scores:
            self.score, self.parts = self.scores[chosen]
            self.parts = {**self.parts, "era": 1.0}
        else:
            self.parts = {**self.parts, "era": OFF_ERA_WEIGHT}
            self.score *= OFF_ERA_WEIGHT
            if chosen is None:
                self.era_missed = era
        self.era_choice = chosen

    def _saying(self, words: tuple[str, ...]) -> str | None:
        if not words:
            return None
        saying = [r for r in self.records.values()
                  if any(uses(r, w, mentions=True) for w in words)]
        return max(saying, key=lambda r: (r.get("date") or "", r["id"]))["id"] if saying \
            else None


class Versions:
    """Lineage and records from the knowledge base's store (absent store: no lineage)."""

    def __init__(self, store_path: Path, engine: Engine | None = None) -> None:
        self._kb: Any = None
        self._engine = engine
        self._says: dict[str, bool] = {}
        self.newest_cr = ""
        if store_path.is_file():
            from kb.store import KnowledgeBase

            self._kb = KnowledgeBase(store_path)
            crs = [s for s in self.sources if is_rules_version(s["id"])]
            self.newest_cr = max(crs, key=lambda s: s.get("date") or "")["id"] if crs else ""

    def close(self) -> None:
        """Release the store."""
        if self._kb is not None:
            self._kb.close()

    def lineages(self, record_ids: list[str]) -> dict[str, list[str]]:
        """Each record's lineage group (the records that have one), read at once; records
        of one group share one list."""
        return self._kb.lineages(record_ids) if self._kb is not None else {}

    def fetch(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """Export dicts of records by id."""
        if self._kb is None:
            return {}
        return self._kb.exports(ids)

    def links_from(self, record_id: str, kind: str) -> list[str]:
        """The records a record links to by links of one kind ("glossary": the terms it
        mentions), in the store's order."""
        if self._kb is None:
            return []
        return [link.dst for link in self._kb.links_from(record_id) if link.kind == kind]

    def titled(self, title: str, kind: str, source: str) -> list[str]:
        """The records of one kind and source with this title (case aside)."""
        if self._kb is None:
            return []
        return [r.id for r in self._kb.by_title(title, kind) if r.source == source]

    def children(self, record_id: str) -> list[dict[str, Any]]:
        """Export dicts of a record's children (a rule's subrules), in order."""
        if self._kb is None:
            return []
        return [r.export() for r in self._kb.children(record_id)]

    def group(self, ranked: list[tuple[float, dict[str, float], list[dict[str, Any]]]],
              lineages: dict[str, list[str]] | None = None,
              keys: dict[str, tuple[str, ...]] | None = None) -> list[Group]:
        """Ranked candidates to ranked groups (a group at its best member's rank). Each
        candidate is one or more records of one score and parts: those of one index
        document (versions of one lineage), or a record alone. `lineages` keeps the
        lineages read (record id -> its group's members, [] for none) and `keys` the
        group key of each record without one (its name or its text read blind to rule
        numbers), for a caller grouping more candidates of the same query again."""
        groups: dict[tuple[str, ...], Group] = {}
        # each group's members and sources as sets (a lineage over 110 rules versions holds
        # 110 members, and every candidate of it brings the same list again)
        known: dict[tuple[str, ...], tuple[set[str], set[str]]] = {}
        shared: dict[tuple[str, ...], list[str]] = {}
        lineages = {} if lineages is None else lineages
        keys = {} if keys is None else keys
        self.read_lineages([records[0] for _, _, records in ranked], lineages)
        for score, parts, records in ranked:
            # the records of one document are of its first's lineage
            lineage = lineages.get(records[0]["id"])
            group, seen, sources, split = self._join(
                groups, known, shared, score, parts, records[0],
                lineage or [records[0]["id"]], keys)
            rest = records[1:]
            if rest and lineage and len(lineage) > 1 and not split and \
                    seen.issuperset(r["id"] for r in rest):
                # versions of the lineage the first joined: of its group, whatever their
                # sources
                for record in rest:
                    if (rid := record["id"]) not in group.records:
                        group.records[rid] = record
                        sources.add(record["source"])
                    group.scores.setdefault(rid, (score, parts))
                continue
            for record in rest:  # (each its own parts: they may join another group)
                self._join(groups, known, shared, score, dict(parts), record,
                           lineage or [record["id"]], keys)
        return list(groups.values())

    @staticmethod
    def _join(groups: dict[tuple[str, ...], Group],
              known: dict[tuple[str, ...], tuple[set[str], set[str]]],
              shared: dict[tuple[str, ...], list[str]], score: float,
              parts: dict[str, float], record: dict[str, Any], members: list[str],
              keys: dict[str, tuple[str, ...]]) -> tuple[Group, set[str], set[str], bool]:
        """Add a record to its group (`group`), made when it is the first: the group, its
        members and its sources as sets, and whether the record was split off its key's
        group (a record of a source the group has already)."""
        rid = record["id"]
        key = _group_key(record, members, keys)
        group = groups.get(key)
        split = group is not None and rid not in known[key][0] and \
            record["source"] in known[key][1]
        if split:  # another record of the same source: not a version of this one
            key = (*key, rid)
            group = None
        if group is None:
            group = groups[key] = Group(key, score, parts, members=list(members))
            known[key] = (set(members), set())
            shared[key] = members
            if len(members) > 1:
                group.lineages.append(rid)
        seen, sources = known[key]
        if rid not in group.records:
            group.records[rid] = record
            sources.add(record["source"])
        group.scores.setdefault(rid, (score, parts))
        if members is not shared.get(key):  # the records of one group share a list
            shared[key] = members
            new = [m for m in members if m not in seen]
            group.members += new
            seen.update(new)
            if new and len(members) > 1:
                group.lineages.append(rid)
        return group, seen, sources, split

    def read_lineages(self, records: list[dict[str, Any]],
                      lineages: dict[str, list[str]]) -> None:
        """Read into `lineages` the lineage of each record not there yet ([] for none)."""
        unknown = [record["id"] for record in records if record["id"] not in lineages]
        if unknown:
            lineages.update(dict.fromkeys(unknown, []))
            lineages.update(self.lineages(unknown))

    def count_groups(self, records: list[dict[str, Any]],
                     lineages: dict[str, list[str]] | None = None,
                     keys: dict[str, tuple[str, ...]] | None = None) -> int | None:
        """How many groups `group` makes of these records, in whatever order they are
        ranked (`lineages`, `keys`: as `group` keeps them); None when the order could
        matter (a record missing from its own lineage). A lineage is one group; records
        of one name or text are one group, and each record of a source already in it a
        group of its own: whichever comes first, the count is one group and one more for
        each record beyond the first of its source."""
        lineages = {} if lineages is None else lineages
        keys = {} if keys is None else keys
        self.read_lineages(records, lineages)
        lines: set[tuple[str, ...]] = set()
        sources: dict[tuple[str, ...], set[str]] = {}
        holds: dict[int, set[str]] = {}  # each lineage's members, by its list
        count = 0
        for record in records:
            rid = record["id"]
            members = lineages.get(rid) or [rid]
            if len(members) == 1 and members[0] != rid:
                return None
            if len(members) > 1:
                # (the lists of `lineages` live as long as it: kept by identity)
                if (held := holds.get(id(members))) is None:
                    held = holds[id(members)] = set(members)
                if rid not in held:
                    return None
            own = _group_key(record, members, keys)
            if len(members) > 1:  # a lineage: one group whatever its sources
                count += own not in lines
                lines.add(own)
                continue
            seen = sources.get(own)
            if seen is None:
                sources[own] = {record["source"]}
                count += 1
            elif record["source"] in seen:
                count += 1
            else:
                seen.add(record["source"])
        return count

    @functools.cached_property
    def sources(self) -> list[dict[str, Any]]:
        """The store's sources, read once (every search asks for the newest rules version,
        the dates and the calendar of them: 149 sources of the archive read three times
        were 3-4 ms of a cold search)."""
        return self._kb.sources() if self._kb is not None else []

    @functools.cached_property
    def dates(self) -> dict[str, str]:
        """Each source's date (source id -> ISO date)."""
        return {s["id"]: s.get("date") or "" for s in self.sources}

    @functools.cached_property
    def calendar(self) -> Calendar:
        """The sets and blocks a query may name, with the home's own sets and FAQs."""
        return Calendar.of(self.sources)

    def apply_era(self, group: Group, era: Era, rescore: Rescore | None = None) -> None:
        """Rank a group by its version of the era (`Group.apply_era`); its versions are
        fetched first: whole to see which one changed ("after" an era), else by the
        fields naming them (their dates tell the one in force), the one chosen read whole
        to be scored by its own words."""
        if era.mode != "wording" and len(group.members) > 1:
            self.complete(group, whole=era.mode == "after")
        group.apply_era(era, self.dates, rescore, self.shown)

    def newest_says(self, term: str) -> bool:
        """Whether the newest rules use a term (`kb.query_era.uses`: not in quotes, not as
        an "(Obsolete)" entry's term), looked up in the index once per term. A term `kb.era`
        rewrites into today's wording is not there to find: the index holds today's form."""
        if term not in self._says:
            self._says[term] = self._newest_says(term)
        return self._says[term]

    def _newest_says(self, term: str) -> bool:
        if self._engine is None or not self.newest_cr or modernize(term).lower() != term:
            return False
        words = stems(term)
        found, _ = self._engine.ranked(
            WordQuery(words=[(s, 1.0) for s in words], require_all=True,
                      required_phrases=[words] if len(words) > 1 else None),
            source=self.newest_cr, limit=NEWEST_SAYS_LOOKS)
        return any(uses(c.record, term) for c in found)

    @functools.cached_property
    def old_terms(self) -> dict[str, str]:
        """Terms only older rules versions define in their glossary, each with the date of
        the last that did (`kb.query_era.old_terms`), read once: as the build stored them
        (`kb.derived`), else worked out from the titles gone."""
        if self._kb is None:
            return {}
        stored = self._kb.old_terms(self.newest_cr)  # as the build worked them out
        return self.work_out_old_terms() if stored is None else stored

    def work_out_old_terms(self) -> dict[str, str]:
        """`old_terms` worked out from the glossary titles the newest rules no longer
        define (the build stores them: `kb.derived`)."""
        if self._kb is None:
            return {}
        rules = {s: d for s, d in self.dates.items() if is_rules_version(s)}
        older = [s for s in rules if s != self.newest_cr]
        return old_terms(self._kb.titles_gone("glossary", older, self.newest_cr), rules,
                         self.newest_cr)

    def complete(self, group: Group, whole: bool = True) -> None:
        """Fetch the group's versions that were not among the candidates: whole records,
        or (`whole` false) only the fields naming each version (`lineage_summaries` of the
        lineages it joins, one row each), for a hit that lists them and shows one
        (`shown`)."""
        missing = [m for m in group.members if m not in group.records]
        if not missing:
            return
        if whole:
            group.records.update(self.fetch(missing))
            return
        named = self.lineage_summaries(group.lineages, set(missing))
        group.records.update((m, named[m]) for m in missing if m in named)
        if rest := [m for m in missing if m not in named]:
            group.records.update(self.summaries(rest))

    def lineage_summaries(self, ids: list[str], only: Container[str] | None = None
                          ) -> dict[str, dict[str, Any]]:
        """The version fields of every member of these records' lineages (with `only`, of
        those among them: `KnowledgeBase.lineage_summaries`)."""
        if self._kb is None or not ids:
            return {}
        return self._kb.lineage_summaries(ids, only)

    def era_version(self, record_id: str, era: Era, saying: str) -> dict[str, Any] | None:
        """The version of a record's lineage of the era (`Group.era_pick`; with none then,
        the first after it, as `Group.pick` shows: a 2005 question on rules kept from 2008
        on reads 2008's), whole, if it says `saying` (a term, in its words or quoted); None
        when it has none or that one does not say it (2012's mulligan rule is no London
        mulligan)."""
        members = self.lineages([record_id]).get(record_id) or [record_id]
        versions = self.fetch(members)  # whole: "after" an era compares their texts
        lineage = Group((), 0.0, {}, records=versions, members=members)
        chosen = lineage.era_pick(era, self.dates) or lineage.closest(era)
        then = versions.get(chosen) if chosen else None
        return then if then is not None and uses(then, saying.lower(), mentions=True) \
            else None

    def summaries(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """Records by id as the fields naming a version (`KnowledgeBase.summaries`)."""
        if self._kb is None or not ids:
            return {}
        return self._kb.summaries(ids)

    def shown(self, record: dict[str, Any]) -> dict[str, Any]:
        """A group's record whole: fetched when only its version fields are at hand."""
        if "text" in record:
            return record
        return self.fetch([record["id"]]).get(record["id"], record)


def _group_key(record: dict[str, Any], members: list[str],
               keys: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The group a record joins: its lineage's (`members`, more than itself), else its
    name's or its text's, worked out once per record (kept in `keys`)."""
    if len(members) > 1:
        return ("lineage", members[0])
    if (own := keys.get(record["id"])) is None:
        own = keys[record["id"]] = _name_key(record) or _text_key(record)
    return own


def _name_key(record: dict[str, Any]) -> tuple[str, ...] | None:
    """Glossary entries and keyword definitions of the rules are one across versions by
    name; so is a card, in every set file and FAQ that prints it (their wording and
    layout of its text differ)."""
    if record["kind"] in ("glossary", "keyword") and is_rules_version(record["source"]):
        title = record["title"]
        return (record["kind"], (obsolete_term(title) or title).lower())
    if record["kind"] == "card":
        return ("card", record["title"].lower())
    return None


def _text_key(record: dict[str, Any]) -> tuple[str, ...]:
    """Records whose kind, title and text repeat word for word, rule numbers aside; for
    rulings, the text in today's words (`kb.era.modernize`: a 2008 FAQ's "put into a
    graveyard from play" is its set file's "from the battlefield") and the cards it is
    about (the same ruling of a card in a set FAQ and in its MTGJSON file; the same words
    on another card are another ruling)."""
    if record["kind"] == "ruling":
        text = rulenum.IN_TEXT.sub("#", " ".join(modernize(record["text"]).lower().split()))
        return (record["kind"], text, *sorted(c.lower() for c in record.get("cards") or []))
    text = rulenum.IN_TEXT.sub("#", " ".join(record["text"].lower().split()))
    return (record["kind"], rulenum.IN_TEXT.sub("#", record["title"].lower()), text)


def _changed(old: dict[str, Any] | None, new: dict[str, Any] | None) -> bool:
    """Whether two versions' texts differ beyond rule numbers (unknown: no)."""
    if old is None or new is None:
        return False
    def blind(r: dict[str, Any]) -> str:
        return rulenum.IN_TEXT.sub("#", " ".join(r["text"].lower().split()))
    return blind(old) != blind(new)
