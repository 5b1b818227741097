"""What changed between two Comprehensive Rules versions, as the rules-change summaries
give it.

`diff_versions(kb, old_source, new_source)` compares two versions in a built knowledge
base; `diff_records(old, new, lineage)` does the same on plain records (what the HTML site
and the tests use). Each of rules, glossary entries and keywords is split into
- `added` / `removed`: only in the newer / older version;
- `renumbered` (glossary: `renamed`): the same entry under another number (name), with
  the word diff when the wording changed too;
- `changed`: the same number (name), other wording, with the word diff.
Wording is compared with rule numbers blinded, so a rule whose only change is a
cross-reference that followed a renumbering is not `changed`.

Rules are paired by the store's lineage (`kb.links.lineage`: keyword and letter, then text
similarity) where the knowledge base has one; rules the lineage leaves unpaired are
paired by the same similarity matching run on just those two versions, then by number.
Keywords pair by name, glossary entries by term, then unpaired ones by wording.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from kb.errors import MtgkbError
from kb.model import Record
from kb.wording import number_blind, same_wording, word_diff

PARTS = ("rules", "glossary", "keywords")
GLOSSARY_RENAME_RATIO = 0.8   # wording alike enough for an unpaired glossary entry to be
                              # the same entry under a new name


@dataclass
class Entry:
    """One entry of a change list: a rule, glossary entry or keyword in one or both
    versions (`old` / `new` are its number, term or name there)."""

    old: str | None
    new: str | None
    title: str
    old_id: str | None = None
    new_id: str | None = None
    diff: str = ""

    def to_json(self) -> dict[str, Any]:
        """JSON form (the diff only where the wording changed)."""
        out = {"old": self.old, "new": self.new, "title": self.title,
               "old_id": self.old_id, "new_id": self.new_id}
        if self.diff:
            out["diff"] = self.diff
        return out


@dataclass
class PartDiff:
    """The changes of one part (rules, glossary or keywords)."""

    added: list[Entry] = field(default_factory=list)
    removed: list[Entry] = field(default_factory=list)
    changed: list[Entry] = field(default_factory=list)
    renumbered: list[Entry] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many entries of each kind of change."""
        return {"added": len(self.added), "removed": len(self.removed),
                "changed": len(self.changed), "renumbered": len(self.renumbered)}

    def to_json(self) -> dict[str, Any]:
        """Counts and entries per kind of change."""
        return {"counts": self.counts(),
                **{name: [e.to_json() for e in getattr(self, name)]
                   for name in ("added", "removed", "changed", "renumbered")}}


@dataclass
class VersionDiff:
    """The change list from one rules version to another."""

    old_source: str
    new_source: str
    old_date: str
    new_date: str
    rules: PartDiff = field(default_factory=PartDiff)
    glossary: PartDiff = field(default_factory=PartDiff)
    keywords: PartDiff = field(default_factory=PartDiff)

    def counts(self) -> dict[str, dict[str, int]]:
        """Per part, how many added / removed / changed / renumbered."""
        return {part: getattr(self, part).counts() for part in PARTS}

    def to_json(self) -> dict[str, Any]:
        """`{"old": {...}, "new": {...}, "rules": ..., "glossary": ..., "keywords": ...}`."""
        return {"old": {"source": self.old_source, "date": self.old_date},
                "new": {"source": self.new_source, "date": self.new_date},
                **{part: getattr(self, part).to_json() for part in PARTS}}


Lineage = Callable[[str], list[str]]


def diff_records(old: Iterable[Record], new: Iterable[Record],
                 lineage: Lineage | None = None) -> VersionDiff:
    """The change list between two versions' records (each one source; any kinds: rules,
    glossary and keyword records are compared). `lineage(id)` gives a record's lineage
    group (as `KnowledgeBase.lineage`), if known."""
    old, new = list(old), list(new)
    first = old[0] if old else None
    last = new[0] if new else None
    result = VersionDiff(first.source if first else "", last.source if last else "",
                         _date(first), _date(last))
    result.rules = _diff_rules(_kind(old, "rule"), _kind(new, "rule"), lineage)
    result.glossary = _diff_named(_kind(old, "glossary"), _kind(new, "glossary"),
                                  lambda r: str(r.meta.get("term") or r.title), rename=True)
    rule_pairs = {str(e.old_id): str(e.new_id)
                  for e in (*result.rules.renumbered, *result.rules.changed)}
    rule_pairs.update(_unchanged_pairs(_kind(old, "rule"), _kind(new, "rule"), result.rules))
    result.keywords = _diff_named(_kind(old, "keyword"), _kind(new, "keyword"), _keyword_name,
                                  rule_pairs=rule_pairs)
    return result


def _unchanged_pairs(old: list[Record], new: list[Record], part: PartDiff) -> dict[str, str]:
    """Rules of one number that neither list names: paired, unchanged."""
    listed = {e.old_id for e in (*part.removed, *part.changed, *part.renumbered)}
    taken = {e.new_id for e in (*part.added, *part.changed, *part.renumbered)}
    by_number = {r.rule: r.id for r in new if r.id not in taken}
    return {r.id: by_number[r.rule] for r in old
            if r.id not in listed and r.rule in by_number}


def _date(record: Record | None) -> str:
    return (record.era or record.date) if record else ""


def _kind(records: list[Record], kind: str) -> list[Record]:
    return [r for r in records if r.kind == kind and (kind != "rule" or r.rule)]


def _keyword_name(record: Record) -> str:
    return record.keywords[0] if record.keywords else record.title.lower()


def _number_of(record: Record) -> str:
    return str(record.rule or record.meta.get("number") or "")


def _sort_key(number: str | None) -> tuple:
    """Rule numbers in rules order (702.9 before 702.10)."""
    parts: list[Any] = []
    for piece in (number or "").replace(".", " ").split():
        digits = "".join(c for c in piece if c.isdigit())
        parts.append((int(digits) if digits else 0, piece.lstrip("0123456789")))
    return tuple(parts)


def _classify(pairs: list[tuple[Record, Record]], key: Callable[[Record], str],
              unpaired_old: list[Record], unpaired_new: list[Record],
              title: Callable[[Record], str]) -> PartDiff:
    """Paired entries are `renumbered` when `key` (number, term) differs, else `changed`
    when the wording does; unpaired ones are `removed` / `added`."""
    part = PartDiff()
    for before, after in pairs:
        was, now = key(before), key(after)
        diff = "" if same_wording(before.text, after.text) else word_diff(
            before.text, after.text, key=number_blind)
        entry = Entry(was, now, title(after), before.id, after.id, diff)
        if was.lower() != now.lower():
            part.renumbered.append(entry)
        elif diff:
            part.changed.append(entry)
    part.added = [Entry(None, key(r), title(r), None, r.id) for r in unpaired_new]
    part.removed = [Entry(key(r), None, title(r), r.id, None) for r in unpaired_old]
    for entries in (part.added, part.removed, part.changed, part.renumbered):
        entries.sort(key=lambda e: _sort_key(e.new or e.old))
    return part


def _rule_title(record: Record) -> str:
    """A rule's heading (`Exalted`) or the start of its text."""
    text = record.text.split("\n")[0]
    return text if len(text) <= 72 else text[:71].rstrip() + "…"


def _diff_rules(old: list[Record], new: list[Record], lineage: Lineage | None) -> PartDiff:
    pairs: list[tuple[Record, Record]] = []
    new_by_id = {r.id: r for r in new}
    paired_new: set[str] = set()
    left: list[Record] = []
    for record in old:
        mate = None
        for member in (lineage(record.id) if lineage else []):
            if member in new_by_id and member not in paired_new:
                mate = new_by_id[member]
                break
        if mate is None:
            left.append(record)
        else:
            pairs.append((record, mate))
            paired_new.add(mate.id)
    rest = [r for r in new if r.id not in paired_new]
    more, left, rest = _pair_by_similarity(left, rest)
    pairs += more
    more, left, rest = _pair_by_number(left, rest)
    pairs += more
    more, left, rest = _pair_by_subrules(left, rest, pairs)
    pairs += more
    return _classify(pairs, _number_of, left, rest, _rule_title)


def _pair_by_similarity(old: list[Record], new: list[Record]
                        ) -> tuple[list[tuple[Record, Record]], list[Record], list[Record]]:
    """Pair rules by the lineage matcher (`kb.links.lineage`) run on these rules alone."""
    if not old or not new:
        return [], old, new
    from kb.links.lineage import lineage_links

    _, groups = lineage_links([*old, *new])
    new_by_id = {r.id: r for r in new}
    pairs, left, used = [], [], set()
    for record in old:
        mate = next((new_by_id[m] for m in groups.get(record.id, [])
                     if m in new_by_id and m not in used), None)
        if mate is None:
            left.append(record)
        else:
            pairs.append((record, mate))
            used.add(mate.id)
    return pairs, left, [r for r in new if r.id not in used]


def _pair_by_number(old: list[Record], new: list[Record]
                    ) -> tuple[list[tuple[Record, Record]], list[Record], list[Record]]:
    """Pair what is still unpaired when the number and the heading agree (a rule
    rewritten so much that its wording no longer matches, under its own heading)."""
    by_number = {_number_of(r): r for r in new}
    pairs, left, used = [], [], set()
    for record in old:
        mate = by_number.get(_number_of(record))
        if mate is not None and mate.id not in used and _heading_agrees(record, mate):
            pairs.append((record, mate))
            used.add(mate.id)
        else:
            left.append(record)
    return pairs, left, [r for r in new if r.id not in used]


def _pair_by_subrules(old: list[Record], new: list[Record], pairs: list[tuple[Record, Record]]
                      ) -> tuple[list[tuple[Record, Record]], list[Record], list[Record]]:
    """Pair a heading whose subrules went, all or mostly, under one unpaired new heading
    (`702.87 Totem Armor` → `702.89 Umbra Armor`)."""
    from collections import Counter

    from kb.rulenum import parent as parent_number

    votes: dict[str, Counter[str]] = {}
    for before, after in pairs:
        was, now = parent_number(_number_of(before)), parent_number(_number_of(after))
        if was and now:
            votes.setdefault(was, Counter())[now] += 1
    new_by_number = {_number_of(r): r for r in new}
    found, left, used = [], [], set()
    for record in old:
        tally = votes.get(_number_of(record))
        target, count = tally.most_common(1)[0] if tally else ("", 0)
        mate = new_by_number.get(target)
        if tally and mate is not None and mate.id not in used \
                and count * 2 > sum(tally.values()):
            found.append((record, mate))
            used.add(mate.id)
        else:
            left.append(record)
    return found, left, [r for r in new if r.id not in used]


def _heading_agrees(old: Record, new: Record) -> bool:
    """Same heading for a numbered heading rule; for a subrule, the same first words."""
    a, b = old.text.split(), new.text.split()
    return a[:3] == b[:3] if min(len(a), len(b)) >= 3 else a == b


def _diff_named(old: list[Record], new: list[Record], name: Callable[[Record], str],
                rename: bool = False, rule_pairs: dict[str, str] | None = None) -> PartDiff:
    """Pair entries by name (case-insensitively); with `rename` (glossary), unpaired ones
    by wording, a pair under two names being `renumbered` (renamed); else (keywords)
    unpaired ones by their heading rules' pairing (`rule_pairs`, a keyword renamed), a
    pair being `renumbered` when its rule number or name changed."""
    new_by_name = {name(r).lower(): r for r in new}
    pairs, left, used = [], [], set()
    for record in old:
        mate = new_by_name.get(name(record).lower())
        if mate is not None and mate.id not in used:
            pairs.append((record, mate))
            used.add(mate.id)
        else:
            left.append(record)
    rest = [r for r in new if r.id not in used]
    if rename:
        more, left, rest = _pair_by_wording(left, rest)
        return _classify(pairs + more, name, left, rest, name)
    more, left, rest = _pair_by_rules(left, rest, rule_pairs or {})
    part = _classify(pairs, _number_of, [], [], name)
    for before, after in more:
        diff = "" if same_wording(before.text, after.text) else word_diff(
            before.text, after.text, key=number_blind)
        part.renumbered.append(Entry(_number_of(before), _number_of(after),
                                     f"{name(before)} → {name(after)}", before.id, after.id,
                                     diff))
    part.renumbered.sort(key=lambda e: _sort_key(e.new))
    part.added = [Entry(None, name(r), name(r), None, r.id) for r in rest]
    part.removed = [Entry(name(r), None, name(r), r.id, None) for r in left]
    for entries in (part.added, part.removed):
        entries.sort(key=lambda e: (e.new or e.old or "").lower())
    return part


def _pair_by_rules(old: list[Record], new: list[Record], rule_pairs: dict[str, str]
                   ) -> tuple[list[tuple[Record, Record]], list[Record], list[Record]]:
    """Pair keywords whose heading rules are paired (`meta["rules"][0]`)."""
    def heading(record: Record) -> str | None:
        rules = record.meta.get("rules") or []
        return str(rules[0]) if rules else None

    new_by_heading = {heading(r): r for r in new if heading(r)}
    pairs, left, used = [], [], set()
    for record in old:
        mate = new_by_heading.get(rule_pairs.get(heading(record) or "", ""))
        if mate is not None and mate.id not in used:
            pairs.append((record, mate))
            used.add(mate.id)
        else:
            left.append(record)
    return pairs, left, [r for r in new if r.id not in used]


def _pair_by_wording(old: list[Record], new: list[Record]
                     ) -> tuple[list[tuple[Record, Record]], list[Record], list[Record]]:
    """Pair unpaired entries whose wording is alike (a glossary entry renamed)."""
    scored = []
    for i, a in enumerate(old):
        words_a = a.text.lower().split()
        for j, b in enumerate(new):
            matcher = SequenceMatcher(None, words_a, b.text.lower().split(), autojunk=False)
            if matcher.real_quick_ratio() >= GLOSSARY_RENAME_RATIO \
                    and matcher.quick_ratio() >= GLOSSARY_RENAME_RATIO:
                ratio = matcher.ratio()
                if ratio >= GLOSSARY_RENAME_RATIO:
                    scored.append((ratio, i, j))
    pairs, used_old, used_new = [], set(), set()
    for _, i, j in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        if i not in used_old and j not in used_new:
            pairs.append((old[i], new[j]))
            used_old.add(i)
            used_new.add(j)
    return (pairs, [r for i, r in enumerate(old) if i not in used_old],
            [r for j, r in enumerate(new) if j not in used_new])


# --- versions in a knowledge base -------------------------------------------------------------

def rules_versions(kb: Any) -> list[tuple[str, str]]:
    """(source id, effective date) of every Comprehensive Rules version, oldest first."""
    found = [(s["id"], s.get("era") or s.get("date") or "") for s in kb.sources()
             if s.get("format") == "comprehensive-rules"]
    return sorted(found, key=lambda pair: (pair[1], pair[0]))


class UnknownVersion(MtgkbError, ValueError):
    """A version named on the command line that the knowledge base does not hold."""


def resolve_version(kb: Any, ref: str) -> str:
    """A source id from a source id or an effective date (`2012-10-01`)."""
    versions = rules_versions(kb)
    for source, date in versions:
        if ref in (source, date):
            return source
    known = ", ".join(date for _, date in versions) or "none"
    raise UnknownVersion(f"no Comprehensive Rules version {ref!r} in the knowledge base "
                         f"(versions: {known}; add one with `mtgkb ingest FILE` or "
                         "`mtgkb update`)")


def default_pair(kb: Any) -> tuple[str, str]:
    """The two newest versions."""
    versions = rules_versions(kb)
    if len(versions) < 2:
        raise UnknownVersion("diff needs two Comprehensive Rules versions; the knowledge base "
                             f"has {len(versions)} (add one with `mtgkb ingest FILE`)")
    return versions[-2][0], versions[-1][0]


def diff_versions(kb: Any, old_source: str, new_source: str) -> VersionDiff:
    """The change list between two versions held in a `KnowledgeBase`, paired by its
    lineage."""
    wanted = ("rule", "glossary", "keyword")
    old = [r for r in kb.records(source=old_source) if r.kind in wanted]
    new = [r for r in kb.records(source=new_source) if r.kind in wanted]
    result = diff_records(old, new, kb.lineage)
    result.old_source, result.new_source = old_source, new_source
    return result
