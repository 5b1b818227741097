"""Rulings and answers that a later rules change overrode: a ruling's claims about a keyword
(its kind, what multiple instances do) held against the keyword's definitions of every era.

The judgement needs the claims read from the texts (`kb.rules.claims`) and, to say how a
superseded ruling stood in its own era, the keyword's earlier forms (`EarlierForm`: what a
spec's `history` says, dated by `kb.rules.history`). Those come from a lookup the caller
hands in: `kb.rules.validate` reads them from the keyword specs (every keyword module
loaded), a build stores them beside its marks (`kb.superseded`), so that marking what an
addition brings needs no keyword module.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from kb.model import Record
from kb.rules.claims import Claims, claims_about, extract_claims, repair
from kb.rules.history import change
from kb.rules.registry import fold_name

if TYPE_CHECKING:
    from kb.rules.registry import Keyword


@dataclass
class Finding:
    """A cross-source finding: `kind` is numbering, superseded-ruling or sources-disagree."""

    kind: str
    keyword: str
    records: list[str]
    message: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "keyword": self.keyword, "records": self.records,
                "message": self.message}


class EarlierForm(NamedTuple):
    """One earlier form of a keyword's rules, as a superseded ruling's note reads it: what
    multiple instances did, its ability kinds, the change that replaced it, the first
    rules version showing that change ("" when no version dates it)."""

    instances: str
    kinds: tuple[str, ...]
    before: str
    first_source: str


# a keyword name (`fold_name` form) -> its earlier forms, newest first
EarlierForms = Callable[[str], list[EarlierForm]]


def earlier_forms(spec: Keyword | None) -> list[EarlierForm]:
    """The earlier forms of a keyword spec (none for no spec)."""
    if spec is None:
        return []
    forms = []
    for then in spec.forms()[1:]:
        when = change(spec, then.before)
        forms.append(EarlierForm(then.instances, tuple(then.kind), then.before,
                                 when["first_source"] if when else ""))
    return forms


def is_action(record: Record) -> bool:
    """Whether a keyword record defines a keyword action (701.x / 501.x)."""
    number = str(record.meta.get("number", ""))
    return record.meta.get("keyword_kind") == "action" or number.startswith(("701.", "501."))


def claims_of(record: Record) -> Claims:
    """The claims of one keyword definition record."""
    text = repair(record.text, list(record.meta.get("damage", [])))
    return extract_claims(text, record.title, action=is_action(record))


def superseded_rulings(records: list[Record], definitions: list[Record],
                       known: dict[str, Claims] | None, earlier: EarlierForms) -> list[Finding]:
    """Rulings and answers whose claims about a keyword (kind, what multiple instances do)
    contradict that keyword's definition in a later era (or in their own era)."""
    # an action is no ability: it has no ability kind and no instances on an object, so
    # no ruling's sentence ("a triggered ability: ... reveal it") claims either of one
    definitions = [record for record in definitions if not is_action(record)]
    known = known if known is not None else {r.id: claims_of(r) for r in definitions}
    by_keyword: dict[str, list[tuple[Record, Claims]]] = defaultdict(list)
    for record in definitions:
        by_keyword[fold_name(record.title)].append((record, known[record.id]))
    if not by_keyword:
        return []
    names = sorted(by_keyword, key=lambda n: (-len(n), n))
    mention = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.I)
    findings = []
    for ruling in records:
        if ruling.kind not in ("ruling", "qa"):
            continue
        for name in sorted({fold_name(m) for m in mention.findall(ruling.text)}):
            claims = claims_about(ruling.text, name)
            if claims is None or name not in by_keyword:
                continue
            findings += _contradictions(ruling, name, claims, by_keyword[name], earlier)
    return findings


def _contradictions(ruling: Record, name: str, claims: Claims,
                    definitions: list[tuple[Record, Claims]],
                    earlier: EarlierForms) -> list[Finding]:
    """At most two findings for one ruling: superseded by later definitions, or
    contradicting the definitions of its own era."""
    later: list[tuple[Record, list[str]]] = []
    same: list[tuple[Record, list[str]]] = []
    agreeing: list[Record] = []
    for record, defined in sorted(definitions, key=lambda pair: (pair[0].era, pair[0].id)):
        if not ruling.era or not record.era:
            continue
        differences = _ruling_differences(name, claims, defined)
        if record.era > ruling.era and differences:
            later.append((record, differences))
        elif record.era == ruling.era and differences:
            same.append((record, differences))
        elif record.era <= ruling.era and not differences:
            agreeing.append(record)
    found = []
    for kind, group in (("superseded-ruling", later), ("contradicting-ruling", same)):
        if not group:
            continue
        first, differences = group[0]
        others = [record.id for record, _ in group[1:]]
        message = (f"{ruling.id} ({ruling.era}) "
                   + ("was superseded by a rules change" if kind == "superseded-ruling"
                      else "contradicts the rules of its own era")
                   + f": {'; '.join(differences)} in {first.id} ({first.era})")
        if others:
            message += f", and likewise in {', '.join(others)}"
        if kind == "superseded-ruling":
            message += _then(claims, agreeing, earlier(name))
        found.append(Finding(kind, name, [ruling.id, first.id, *others], message))
    return found


def kinds_named(kinds: Iterable[str]) -> str:
    """Ability kinds as words: "a static ability and a triggered ability"."""
    words = sorted(kinds)
    return " and ".join(f"{'an' if k[0] in 'aeiou' else 'a'} {k} ability" for k in words)


def _ruling_differences(name: str, claims: Claims, defined: Claims) -> list[str]:
    differences = []
    if claims.instances and defined.instances and claims.instances != defined.instances:
        differences.append(f'it says multiple instances are {claims.instances} '
                           f'("{claims.quote("instances")}"), the definition says '
                           f'{defined.instances} ("{defined.quote("instances")}")')
    if claims.kinds and defined.kinds and set(claims.kinds) != set(defined.kinds):
        differences.append(f"it calls {name} {kinds_named(claims.kinds)}, the definition "
                           f"{kinds_named(defined.kinds)}")
    return differences


def _then(claims: Claims, agreeing: list[Record], forms: list[EarlierForm]) -> str:
    """How the ruling stood in its own era: definitions and earlier rules that agree."""
    notes = []
    if agreeing:
        notes.append(f"it agreed with {', '.join(r.id for r in agreeing)}")
    for then in forms:
        if claims.instances in (None, then.instances) and (
                not claims.kinds or set(claims.kinds) == set(then.kinds)):
            notes.append(f"it matched the rules before the change ({then.before})"
                         + (f", first shown in {then.first_source}" if then.first_source
                            else ""))
            break
    return f" ({'; '.join(notes)})" if notes else ""
