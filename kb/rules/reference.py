"""The reference readings: every keyword definition of every Comprehensive Rules version,
read clause by clause, and the whole-text comparison of a definition against them.

`learn(records)` reads the keyword definitions of any number of rules versions (run over
the archive of every version by `bench/bench_validate.py --write-history`) into a table
kept in `reference.json` next to this module: per keyword, each distinct clause reading
(its key and the sentence that first said it) and each distinct *form* of the definition
(the clauses of one version with their rule labels, and the versions that print it).

`compare(record, clauses)` holds a definition to the forms of its era (the version in
force at its era, the one before and the one after; any form for a text without an era):
every clause of the form must be matched by a clause of the text that reads the same,
and every clause of the text must be accounted for by the form (a sentence split in two
or two merged, with the same words, is accounted for). A definition of another document
than the rules (a FAQ, a wiki page) is an excerpt of them (`Excerpt`: what it may leave
out); a text quoted by hand (a record with no line in a parsed document) may leave out
any clause. The form that leaves the fewest
clauses unmatched is the one reported: a text clause no form says ("the text says ...")
and a form clause the text leaves out ("the text leaves out ..."), each quoted. A text that
numbers its rules must number them as the versions of its era do (planted or mistaken
rule numbers). A text older than every learned version, or a `cr-` text newer than all
of them, is not held to them (`Comparison.newer`).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from kb.model import Record
from kb.rules.claims import repair
from kb.rules.reader import Clause, read_clauses, split_glued, tokens

REFERENCE_FILE = Path(__file__).with_name("reference.json")
Table = dict[str, Any]


def fold(name: str) -> str:
    """A keyword name as a table key (as `kb.rules.keywords.fold_name`)."""
    import re

    return " ".join(re.sub(r"[-_]", " ", name.lower()).split())


def clauses_of(record: Record) -> list[Clause]:
    """The clauses of one keyword definition record, capture damage repaired."""
    text = repair(record.text, list(record.meta.get("damage", [])))
    return read_clauses(text, record.title)


@lru_cache(maxsize=1)
def table() -> Table:
    """The learned reference ({} when the file is absent)."""
    if not REFERENCE_FILE.exists():
        return {}
    data: Table = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    return data


def learn(records: list[Record]) -> Table:
    """The reference table of the keyword definitions among `records` (of `cr-` sources
    with an era)."""
    versions = sorted({r.era for r in records if r.kind == "keyword" and r.era
                       and r.source.startswith("cr-")})
    sources = {r.era: r.source for r in records if r.source.startswith("cr-")}
    keywords: dict[str, dict[str, Any]] = {}
    for record in sorted(records, key=lambda r: (r.era, r.id)):
        if record.kind != "keyword" or record.era not in versions or \
                not record.source.startswith("cr-"):
            continue
        entry = keywords.setdefault(fold(record.title), {"clauses": [], "forms": [],
                                                          "_index": {}, "_forms": {}})
        indices, labels = [], []
        for clause in clauses_of(record):
            if clause.key not in entry["_index"]:
                entry["_index"][clause.key] = len(entry["clauses"])
                entry["clauses"].append([clause.key, clause.text,
                                         1 if clause.informational else 0])
            indices.append(entry["_index"][clause.key])
            labels.append(clause.label)
        form = (tuple(indices), tuple(labels))
        if form not in entry["_forms"]:
            entry["_forms"][form] = len(entry["forms"])
            entry["forms"].append([list(indices), list(labels), []])
        era_index = versions.index(record.era)
        seen = entry["forms"][entry["_forms"][form]][2]
        if era_index not in seen:
            seen.append(era_index)
    for entry in keywords.values():
        del entry["_index"], entry["_forms"]
    return {"versions": versions, "sources": [sources[v] for v in versions],
            "keywords": dict(sorted(keywords.items()))}


def write(learned: Table, path: Path = REFERENCE_FILE) -> None:
    """Store a learned table (compact JSON, one keyword a line)."""
    lines = ["{", f' "versions": {json.dumps(learned["versions"])},',
             f' "sources": {json.dumps(learned["sources"])},', ' "keywords": {']
    items = list(learned["keywords"].items())
    for number, (name, entry) in enumerate(items):
        comma = "," if number + 1 < len(items) else ""
        lines.append(f"  {json.dumps(name)}: {json.dumps(entry, ensure_ascii=False)}{comma}")
    lines += [" }", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    table.cache_clear()
    vocabulary.cache_clear()


@dataclass
class Comparison:
    """The outcome of comparing one definition with its reference forms."""

    problems: list[str] = field(default_factory=list)
    version: str = ""  # the source id of the version of the best form nearest the era
    numbering: str = ""  # the text numbers its rules unlike the versions of its era
    newer: bool = False  # the text is outside the learned versions' span (not held to them)


def _window(versions: list[str], era: str) -> set[int]:
    """The versions a text of `era` may follow: the one in force, the one before, the next."""
    if not era:
        return set(range(len(versions)))
    in_force = max((i for i, v in enumerate(versions) if v <= era), default=0)
    return {i for i in (in_force - 1, in_force, in_force + 1) if 0 <= i < len(versions)}


def _score(text: Counter[str], form: Counter[str], excerpt: Excerpt | None = None
           ) -> tuple[int, Counter[str], Counter[str]]:
    extra, missing = text - form, form - text
    if excerpt is not None:
        extra, missing = excerpt.allow(extra, missing)
    if extra and missing and _words(extra) == _words(missing):
        return 0, Counter(), Counter()  # sentences split or merged, nothing else changed
    return sum(extra.values()) + sum(missing.values()), extra, missing


# words an excerpt may leave out of a clause: those naming the keyword's object again
# ("Multiple instances [of infect on the same object] are redundant"), a verb said once
# for a list ("has suspend, and [has] a time counter"), and a pointer's
RESTATING = frozenset({"on", "same", "object", "creature", "permanent", "spell", "card",
                       "player", "see", "rule", "rules", "have"})


@dataclass
class Excerpt:
    """What a text that quotes the rules (a FAQ, a wiki page: not a `cr-` source) may leave
    out of a form or add to it: informational clauses (examples, references to other rules,
    how cards were printed; added ones must be those of another version), words that only
    name the keyword or its object again (`RESTATING`: "Multiple instances are redundant."
    for "Multiple instances of infect on the same object are redundant."), and the rules
    of a variant of the keyword after the last unit it quotes (cycling's typecycling). A
    `quotation` (a text with no place in a parsed document: a few sentences quoted by hand)
    may leave out any clause, but must add or change none."""

    name: set[str]
    informational: set[str]  # keys of examples, pointers, printing notes (text and rules)
    units: list[list[str]]  # the form's clause keys, one list per rule unit, in order
    quotation: bool = False
    known: frozenset[str] = frozenset()  # every clause of every version of the keyword

    def allow(self, extra: Counter[str], missing: Counter[str]
              ) -> tuple[Counter[str], Counter[str]]:
        """(extra, missing) less what an excerpt may leave out."""
        extra, missing = Counter(extra), Counter(missing)
        for key in list(extra):
            if key in self.informational and key in self.known:
                del extra[key]  # an example or pointer of another version of the rules
        for key in list(extra.elements()):
            words = Counter(key.split())
            for option in list(missing):
                if missing[option] <= 0:
                    continue
                dropped = Counter(option.split()) - words
                pointer = "see" in dropped  # "(see rule 601.2c)" left out
                if not words - Counter(option.split()) and all(
                        w in RESTATING or w in self.name or (pointer and w[:1].isdigit())
                        for w in dropped):
                    extra[key] -= 1
                    missing[option] -= 1
                    break
        for key in list(missing):
            if key in self.informational:
                del missing[key]
        if self.quotation:
            return +extra, Counter()
        absent = [all(missing[key] > 0 for key in unit) for unit in self.units]
        quoted = [i for i, gone in enumerate(absent) if not gone]
        for index, unit in enumerate(self.units):
            if absent[index] and quoted and index > max(quoted) and \
                    any(self._variant(key) for key in unit):
                for key in unit:
                    missing[key] -= 1
        return +extra, +missing

    def _variant(self, key: str) -> bool:
        """Whether a clause names a variant of the keyword (`typecycling` of cycling)."""
        stems = {name[:-1] if name.endswith("e") else name for name in self.name}
        return any(word not in self.name and stem in word for word in key.split()
                   for stem in stems if len(stem) > 3)


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every token of every reference clause."""
    return frozenset(word for entry in table().get("keywords", {}).values()
                     for clause in entry["clauses"] for word in clause[0].split())


def _resplit(clause: Clause) -> Clause:
    """The clause with run-together words split (`kb.rules.reader.split_glued`)."""
    key = split_glued(clause.key, vocabulary())
    if key == clause.key:
        return clause
    return replace(clause, reading=replace(clause.reading, tokens=tuple(key.split())))


def _flagged(entry: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(key, sentence, informational) of each reference clause."""
    return [(c[0], c[1], c[2] if len(c) > 2 else 0) for c in entry["clauses"]]


def _units(keys: list[str], labels: list[str]) -> list[list[str]]:
    """The keys grouped by rule unit (consecutive clauses with one label)."""
    units: list[list[str]] = []
    previous = None
    for key, label in zip(keys, labels, strict=False):
        if not units or label != previous or not label:
            units.append([])
        units[-1].append(key)
        previous = label
    return units


def _words(keys: Counter[str]) -> Counter[str]:
    found: Counter[str] = Counter()
    for key, count in keys.items():
        for _ in range(count):
            found.update(key.split())
    return found


def compare(record: Record, clauses: list[Clause]) -> Comparison | None:
    """The differences between a definition's clauses and the reference forms of its era,
    or None when no learned version defines the keyword."""
    data = table()
    entry = data.get("keywords", {}).get(fold(record.title))
    if not entry or not clauses:
        return None
    versions: list[str] = data["versions"]
    if record.era and (record.era < versions[0] or
                       record.source.startswith("cr-") and record.era > versions[-1]):
        return Comparison(newer=True)  # outside the span of the learned versions
    window = _window(versions, record.era)
    forms = [f for f in entry["forms"] if window & set(f[2])] or entry["forms"]
    ref_keys = [c[0] for c in entry["clauses"]]
    known = set(ref_keys)
    clauses = [c if c.key in known else _resplit(c) for c in clauses]
    text = Counter(c.key for c in clauses)
    quotation = not record.line_start  # no place in a parsed document: quoted by hand
    excerpt = quotation or not record.source.startswith("cr-")
    informational = {key for key, _, flag in _flagged(entry) if flag} | {
        c.key for c in clauses if c.informational}
    scored = []
    for indices, labels, eras in forms:
        allowed = Excerpt(set(tokens(record.title)), informational,
                          _units([ref_keys[i] for i in indices], labels),
                          quotation, frozenset(ref_keys)) if excerpt else None
        score, extra, missing = _score(text, Counter(ref_keys[i] for i in indices), allowed)
        scored.append((score, -max(eras), indices, labels, eras, extra, missing))
    scored.sort(key=lambda s: (s[0], s[1]))
    best = scored[0]
    source = _nearest_version(data, best[4], record.era)
    if best[0]:
        return Comparison(_differences(record, clauses, entry, best[5], best[6], source),
                          source)
    numbered = [c for c in clauses if c.label]
    if not numbered:
        return Comparison([], source)
    for score, _, indices, labels, eras, _, _ in scored:
        if score == 0 and _numbered_alike(clauses, [ref_keys[i] for i in indices], labels):
            return Comparison([], _nearest_version(data, eras, record.era))
    return Comparison([], source, numbering=_numbering(
        record, clauses, [ref_keys[i] for i in best[2]], best[3], source))


def _nearest_version(data: Table, eras: list[int], era: str) -> str:
    """The source id of the version (of `eras`, indices) nearest to `era` (the newest for
    a text without one)."""
    versions: list[str] = data["versions"]
    if not era:
        return str(data["sources"][max(eras)])
    at = min(eras, key=lambda i: (abs(_days(versions[i]) - _days(era)), -i))
    return str(data["sources"][at])


def _days(date: str) -> int:
    year, month, day = (int(part) for part in date[:10].split("-"))
    return year * 372 + month * 31 + day


def _pairs(clauses: list[Clause], keys: list[str], labels: list[str]
           ) -> list[tuple[Clause, str]]:
    """Each text clause with the label of the form clause that reads the same."""
    free: dict[str, list[str]] = {}
    for key, label in zip(keys, labels, strict=False):
        free.setdefault(key, []).append(label)
    paired = []
    for clause in clauses:
        options = free.get(clause.key)
        if options:
            paired.append((clause, options.pop(0)))
    return paired


def _numbered_alike(clauses: list[Clause], keys: list[str], labels: list[str]) -> bool:
    return all(not clause.label or not label or _rule(clause.label) == _rule(label)
               for clause, label in _pairs(clauses, keys, labels))


def _rule(label: str) -> str:
    """A label without a trailing full stop, lower case."""
    return label.rstrip(".").lower()


def _numbering(record: Record, clauses: list[Clause], keys: list[str], labels: list[str],
               source: str) -> str:
    for clause, label in _pairs(clauses, keys, labels):
        if clause.label and label and _rule(clause.label) != _rule(label):
            return (f'the text numbers "{clause.text}" {clause.label}; in {source} that '
                    f"rule of {record.title} is {label}")
    return f"the text numbers {record.title}'s rules unlike {source}"


def _differences(record: Record, clauses: list[Clause], entry: dict[str, Any],
                 extra: Counter[str], missing: Counter[str], source: str) -> list[str]:
    examples = {key: text for key, text, _ in _flagged(entry)}
    problems = []
    left = Counter(missing)
    for clause in clauses:
        if extra[clause.key] <= 0:
            continue
        extra[clause.key] -= 1
        near = _nearest(clause.key, left)
        if near is not None:
            left[near] -= 1
            problems.append(f'the text says "{clause.text}" where the rules of {source} say '
                            f'"{examples[near]}"{_change(clause.key, near)}')
        else:
            problems.append(f'the text says "{clause.text}", which the rules of '
                            f"{record.title} in {source} do not say")
    for key, count in left.items():
        for _ in range(count):
            problems.append(f'the text leaves out "{examples[key]}" (the rules of {source})')
    return problems


def _nearest(key: str, options: Counter[str]) -> str | None:
    """The option sharing most words with `key` (at least half of them), or None."""
    words = Counter(key.split())
    best, best_share = None, 0.0
    for option, count in options.items():
        if count <= 0:
            continue
        other = Counter(option.split())
        share = sum((words & other).values()) / max(sum((words | other).values()), 1)
        if share > best_share:
            best, best_share = option, share
    return best if best_share >= 0.5 else None


def _change(new: str, old: str) -> str:
    """ (`words` added / left out) between two keys."""
    added, dropped = Counter(new.split()) - Counter(old.split()), \
        Counter(old.split()) - Counter(new.split())
    parts = []
    if added:
        parts.append("adds " + ", ".join(sorted(added.elements())))
    if dropped:
        parts.append("drops " + ", ".join(sorted(dropped.elements())))
    return f" (it {'; '.join(parts)})" if parts else ""
