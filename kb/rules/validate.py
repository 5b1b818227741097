"""Validation: every keyword definition held against the rules model, and what the sources
say about each other.

`validate(records)` takes any records (those of kind `keyword` are the definitions) and
returns a `Report`:
- per definition: its claims (`kb.rules.claims`), compared with the keyword's spec as of
  the definition's era, and the keyword's executable checks run on those claims; status
  `ok`, `mismatch` (each difference quoting the text) or `no-check`;
- findings across sources: `numbering` (a source labels a rule with a number that, in its
  era, belongs to another keyword), `superseded-ruling` (a ruling or answer whose claims
  about a keyword contradict that keyword's definition in a later era), `sources-disagree`
  (two sources of one era define a keyword differently);
- coverage: keywords defined, with a check, passing, and the exceptions with their reasons.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kb.model import Record
from kb.rules import superseding
from kb.rules.claims import (
    Claims,
)
from kb.rules.history import clauses_missing, era_problem
from kb.rules.keywords import Keyword, fold_name, spec_for, using_forms
from kb.rules.reader import Clause
from kb.rules.reference import clauses_of, compare
from kb.rules.superseding import Finding, claims_of, earlier_forms, kinds_named

OK, MISMATCH, NO_CHECK, UNREAD = "ok", "mismatch", "no-check", "unread"


@dataclass
class DefinitionResult:
    """The verdict on one keyword definition record."""

    keyword: str
    record: str
    source: str
    status: str
    claims: dict[str, Any]
    details: list[str] = field(default_factory=list)
    era: str = ""
    number: str = ""
    form: int = 0  # 0: today's rules; k: the k-th earlier form of the keyword's rules
    before: str = ""  # for an earlier form: the change that replaced it
    agrees: tuple[int, ...] = ()  # every form the text agrees with
    unread: list[str] = field(default_factory=list)  # sentences the reader cannot place
    found: frozenset[str] = frozenset()  # the anchor patterns the checks found in the text
    checked: bool = False  # a check of the keyword's model ran
    compared: str = ""  # the rules version whose reading the text was compared with
    numbering: str = ""  # a non-`cr-` text numbering its rules unlike its era's versions

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one definition: keyword, record, source, status, claims,
        details."""
        return {"keyword": self.keyword, "record": self.record, "source": self.source,
                "status": self.status, "claims": self.claims, "details": self.details}


@dataclass
class Coverage:
    """Keywords defined / with a check / passing, and every exception with its reason."""

    defined: int
    with_check: int
    passing: int
    exceptions: dict[str, str]
    compared: int = 0  # keywords whose definitions were read against the rules versions

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"defined": self.defined, "with_check": self.with_check,
                "passing": self.passing, "exceptions": self.exceptions}

    def line(self) -> str:
        """One-line summary."""
        return (f"{self.defined} keywords defined, {self.with_check} with a model check, "
                f"{self.compared} read against the rules versions, {self.passing} passing")


@dataclass
class Report:
    """Everything `validate` found."""

    definitions: list[DefinitionResult]
    findings: list[Finding]
    coverage: Coverage

    @property
    def ok(self) -> bool:
        """True when no definition fails or has a clause the reader cannot place."""
        return all(d.status not in (MISMATCH, UNREAD) for d in self.definitions)

    @property
    def exit_code(self) -> int:
        """0 when every definition passes or has no check, 1 when any fails or is unread."""
        return 0 if self.ok else 1

    def to_dict(self) -> dict[str, Any]:
        """JSON form: definitions, then findings, then coverage."""
        return {"definitions": [d.to_dict() for d in self.definitions],
                "findings": [f.to_dict() for f in self.findings],
                "coverage": self.coverage.to_dict()}

    def to_json(self) -> str:
        """`to_dict` as indented JSON text."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    def format_text(self) -> str:
        """A human-readable report."""
        lines = []
        for result in self.definitions:
            lines.append(f"{result.status:9} {result.keyword:22} {result.record}"
                         + (f" (the rules before: {result.before})" if result.before else ""))
            lines += [f"          - {detail}" for detail in result.details]
        if self.findings:
            lines.append("")
            lines.append("Findings:")
            for finding in self.findings:
                lines.append(f"  [{finding.kind}] {finding.keyword}: {finding.message}")
        unread = [d for d in self.definitions if d.unread and d.status != UNREAD]
        if unread:
            lines.append("")
            lines.append(f"Sentences the reader cannot place: {sum(len(d.unread) for d in unread)}"
                         f" in {len(unread)} definitions (failures unless --lenient)")
        lines.append("")
        lines.append(f"Coverage: {self.coverage.line()}")
        for name, reason in sorted(self.coverage.exceptions.items()):
            lines.append(f"  {name}: {reason}")
        return "\n".join(lines)


# --- one definition -----------------------------------------------------------------------------

# (claims attribute, spec attribute, quote prefix, message with {value} {quote} {name} {model})
_VALUE_CLAIMS = (
    ("triggers", "trigger", "trigger",
     'the text says it triggers on "{value}" ("{quote}"); the model triggers on {model}'),
    ("zones", "zones", "zone",
     'the text names the {value} zone ("{quote}"); the model\'s {name} involves {model}'),
    ("functions_in", "functions_in", "functions",
     'the text says it functions in the {value} zone ("{quote}"); the model has it '
     "function in {model}"),
    ("durations", "durations", "duration",
     'the text gives the duration "{value}" ("{quote}"); the model\'s durations are {model}'),
)


def _missing_values(spec: Keyword, claims: Claims) -> list[str]:
    """Claimed triggers, zones, functioning zones and durations the spec does not have."""
    problems = []
    for claimed, modelled, prefix, message in _VALUE_CLAIMS:
        allowed = getattr(spec, modelled)
        shown = _list(allowed or (("battlefield",) if modelled == "functions_in" else ()))
        for value in getattr(claims, claimed):
            if value not in allowed:
                problems.append(message.format(value=value, name=spec.name, model=shown,
                                               quote=claims.quote(f"{prefix}:{value}")))
    return problems


def compare_claims(spec: Keyword, claims: Claims) -> list[str]:
    """Differences between what a text claims and the keyword's spec (as of its era)."""
    problems = []
    name = spec.name
    if claims.kinds and set(claims.kinds) != set(spec.kind):
        problems.append(f"the text says {name} is {kinds_named(claims.kinds)} "
                        f'("{claims.quote("kind")}"); the model has {kinds_named(spec.kind)}')
    if claims.parameter is not None and spec.parameter and claims.parameter not in spec.parameter:
        shown = claims.parameter or "no parameter"
        problems.append(f'the text writes {name} with {shown!r} ("{claims.quote("parameter")}"); '
                        f"the model's parameter is {' or '.join(map(repr, spec.parameter))}")
    problems += _missing_values(spec, claims)
    if claims.instances and spec.instances and claims.instances != spec.instances:
        problems.append(f'the text says multiple instances are {claims.instances} '
                        f'("{claims.quote("instances")}"); in the model they are '
                        f"{spec.instances}")
    return problems


def _list(items: Iterable[str]) -> str:
    items = list(items)
    return ", ".join(f'"{i}"' for i in items) if items else "none"


def check_definition(record: Record, claims: Claims | None = None,
                     dated: bool = True, strict: bool = False) -> DefinitionResult:
    """One keyword record read clause by clause (`kb.rules.reader`) and compared as a
    whole with the reference readings of its era (`kb.rules.reference`: every clause of
    the rules matched, every clause of the text accounted for), then its claims and the
    keyword model's executable checks: against today's rules of the keyword, else against
    the first earlier form they agree with (the rules as they stood before a change). With
    `dated`, the form must also be the one of the record's era by the dates learned from
    the documents (`kb.rules.history`). Clauses the reader cannot place are listed in
    `unread`; with `strict` they make the status `unread`."""
    claims = claims if claims is not None else claims_of(record)
    clauses = clauses_of(record)
    comparison = compare(record, clauses)
    result = _model_result(record, claims, dated)
    if comparison is not None and not comparison.newer:
        result.compared = comparison.version
        if comparison.numbering and record.source.startswith("cr-"):
            comparison.problems.append(comparison.numbering)
        result.numbering = "" if record.source.startswith("cr-") else comparison.numbering
        if comparison.problems:
            result.status = MISMATCH
            result.details = [d for d in result.details if not d.startswith("checked:")] + [
                f"reading: {p}" for p in comparison.problems]
        elif result.status == NO_CHECK:
            result.status = OK
            result.details = [f"read: every clause as in {comparison.version}"]
        elif result.status == UNREAD and not result.checked:
            result.status = OK  # the reading accounts for every clause
            result.details = [d for d in result.details if not d.startswith("unread:")] + [
                f"read: every clause as in {comparison.version}"]
        result.unread = _unplaced(clauses)
    else:
        result.unread = sorted(set(result.unread) | set(_unplaced(clauses)))
    if strict and result.unread and result.status == OK:
        result.status = UNREAD
        result.details += [f'unread: the reader cannot place "{s}"' for s in result.unread]
    return result


def _unplaced(clauses: list[Clause]) -> list[str]:
    return [c.text for c in clauses if not c.placed]


def _model_result(record: Record, claims: Claims, dated: bool) -> DefinitionResult:
    """Claims, comparison with the spec and the model's executable checks of one record."""
    result = DefinitionResult(keyword=fold_name(record.title), record=record.id,
                              source=record.source, status=NO_CHECK, claims=claims.to_dict(),
                              era=record.era, number=str(record.meta.get("number", "")))
    spec = spec_for(record.title)
    if spec is None:
        result.details.append(f"no model of {record.title!r} yet")
        return result
    first: list[str] = []
    agreeing: list[tuple[int, Keyword, list[str], set[str], frozenset[str]]] = []
    for index, form in enumerate(spec.forms()):
        problems, ran = run_form(form, claims, record.era)
        first = first if index else problems
        late = era_problem(spec, index, record.era) if dated and not problems else None
        if late:
            first = first or [late]
            continue
        if not problems:  # every form agreeing: one on each side of a change shows neither
            agreeing.append((index, form, ran, set(claims.read), frozenset(claims.found)))
    if not agreeing:
        result.status, result.details = MISMATCH, first
        result.checked = True
        return result
    index, form, ran, read, result.found = next((a for a in agreeing if a[2]), agreeing[0])
    missing = clauses_missing(spec, record, result.found) if dated else None
    if missing:
        result.status, result.details = MISMATCH, [missing]
        return result
    result.agrees = tuple(a[0] for a in agreeing)
    result.form, result.before = index, form.before
    claims.read = read
    result.unread = claims.unread()
    result.checked = bool(ran)
    result.status = OK if ran else UNREAD  # no-check: only a keyword with no model
    result.details = [f"checked: {name}" for name in ran]
    if not ran:
        result.details.append("unread: the text states nothing the checks of "
                              f"{spec.name} read ({', '.join(c.name for c in spec.checks)})")
    return result


def run_form(form: Keyword, claims: Claims, era: str) -> tuple[list[str], list[str]]:
    """(differences, names of the checks that ran) of one form of a keyword's rules;
    `claims.read` then holds the sentences the checks read."""
    claims.read.clear()
    claims.found.clear()
    problems = compare_claims(form, claims)
    ran = []
    with using_forms(form):
        for check in form.checks:
            try:
                outcome = check.run(claims, era)
            except Exception as exc:  # a broken scenario must fail its definition, not validate
                outcome = [f"the scenario could not run: {type(exc).__name__}: {exc}"]
            if outcome is not None:
                ran.append(check.name)
                problems += [f"{check.name}: {p}" for p in outcome]
    return problems, ran


def order_of_forms(results: list[DefinitionResult]) -> list[Finding]:
    """History read from the documents: per keyword, in era order, the first definition
    that shows each rules change (a `rules-change` finding, "changed in ...", by each text's
    reading: the newest form it agrees with); a definition that shows only earlier forms
    than a definition of an earlier era already proved becomes a mismatch (the rules don't
    go back). A text agreeing with forms on both sides of a change (one that does not speak
    of what changed) proves neither side of it."""
    findings = []
    by_name: dict[str, list[DefinitionResult]] = defaultdict(list)
    for result in results:
        if result.status == OK and result.era:
            by_name[result.keyword].append(result)
    for name, group in sorted(by_name.items()):
        group.sort(key=lambda r: (r.era, r.record))
        newest: DefinitionResult | None = None  # the definition read as the newest form so far
        proof: DefinitionResult | None = None  # the one proving the newest rules so far
        for result in group:
            if proof is not None and min(_agrees(result)) > max(_agrees(proof)) and \
                    result.era > proof.era:
                result.status = MISMATCH
                result.details = [f"the text shows the rules as they stood before the change "
                                  f"({result.before}), but {proof.record} ({proof.era}) "
                                  f"already shows the change"]
                continue
            if newest is not None and result.form < newest.form and result.era > newest.era:
                findings.append(Finding(
                    "rules-change", name, [newest.record, result.record],
                    f"{name} changed in {result.record} ({result.era}): {newest.before}; "
                    f"{newest.record} ({newest.era}) shows the earlier rules"))
            if newest is None or result.form <= newest.form:
                newest = result
            if proof is None or max(_agrees(result)) <= max(_agrees(proof)):
                proof = result
    return findings


def _agrees(result: DefinitionResult) -> tuple[int, ...]:
    """The forms a definition agrees with (its reading's form where none was recorded)."""
    return result.agrees or (result.form,)


# --- cross-source findings ----------------------------------------------------------------------

def _read_numbering(results: list[DefinitionResult],
                    numbered: list[Finding]) -> list[Finding]:
    """`numbering` findings of texts (not `cr-` sources) that number a keyword's rules
    unlike the rules versions of their era (read from the reference readings), unless a
    finding from the ingested records already names the record."""
    named = {record for finding in numbered for record in finding.records}
    return [Finding("numbering", r.keyword, [r.record], f"{r.record}: {r.numbering}")
            for r in results if r.numbering and r.record not in named]


def numbering_findings(definitions: list[Record], records: list[Record]) -> list[Finding]:
    """Sources that label a keyword with a number that, in their era, heads another."""
    findings = []
    rulebook = _rulebooks(records)
    by_source: dict[str, dict[str, list[Record]]] = defaultdict(lambda: defaultdict(list))
    for record in definitions:
        if record.meta.get("number"):
            by_source[record.source][str(record.meta["number"])].append(record)
    for source, numbers in sorted(by_source.items()):
        for number, group in sorted(numbers.items()):
            names = sorted({fold_name(r.title) for r in group})
            era = group[0].era
            book = rulebook.get(era, {})
            if len(names) > 1:
                findings.append(Finding("numbering", names[-1], [r.id for r in group],
                                        _duplicate_message(source, number, group, numbers,
                                                           book, era)))
            elif number in book.get("by_number", {}) and \
                    book["by_number"][number] != names[0] and not source.startswith("cr-"):
                right = book["by_name"].get(names[0], "no number")
                findings.append(Finding("numbering", names[0], [r.id for r in group],
                                        f"{source} labels {group[0].title} {number}, but in "
                                        f"{book['source']} {number} is "
                                        f"{book['by_number'][number].title()} and "
                                        f"{group[0].title} is {right}"))
    return findings


def _duplicate_message(source: str, number: str, group: list[Record],
                       numbers: dict[str, list[Record]], book: dict[str, Any], era: str) -> str:
    titles = " and ".join(r.title for r in sorted(group, key=lambda r: r.line_start))
    message = (f"{source} labels both {titles} {number}; in one rules version a number "
               f"heads one keyword")
    if book:
        owner = book["by_number"].get(number, "nothing")
        others = [f"{r.title} is {book['by_name'].get(fold_name(r.title), 'unnumbered')}"
                  for r in group if fold_name(r.title) != owner]
        return message + f"; in {book['source']} {number} is {owner.title()}, " + \
            ", ".join(others)
    section, index = number.split(".")
    free = [f"{section}.{int(index) + step}" for step in (1, -1)
            if int(index) + step > 0 and f"{section}.{int(index) + step}" not in numbers]
    if free:
        message += f" (the source uses no {' or '.join(free)}, where the other one belongs)"
    return message + f"; no Comprehensive Rules of {era or 'its era'} is ingested to confirm"


def _rulebooks(records: list[Record]) -> dict[str, dict[str, Any]]:
    """Per era, the keyword numbering of an ingested Comprehensive Rules source (`cr-...`)."""
    books: dict[str, dict[str, Any]] = {}
    for record in records:
        if record.kind != "keyword" or not record.source.startswith("cr-"):
            continue
        number = str(record.meta.get("number", ""))
        if not number:
            continue
        book = books.setdefault(record.era, {"source": record.source, "by_number": {},
                                             "by_name": {}})
        book["by_number"][number] = fold_name(record.title)
        book["by_name"][fold_name(record.title)] = number
    return books


def superseded_rulings(records: list[Record], definitions: list[Record],
                       known: dict[str, Claims] | None = None) -> list[Finding]:
    """Rulings and answers whose claims about a keyword (kind, what multiple instances do)
    contradict that keyword's definition in a later era (or in their own era): the
    judgement of `kb.rules.superseding`, with the earlier forms of the keyword specs."""
    return superseding.superseded_rulings(records, definitions, known,
                                          lambda name: earlier_forms(spec_for(name)))


DIMENSIONS = ("kinds", "parameter", "triggers", "functions_in", "durations", "instances")


def disagreements(definitions: list[Record],
                  known: dict[str, Claims] | None = None) -> list[Finding]:
    """Keywords that two sources of the same era define differently."""
    known = known if known is not None else {r.id: claims_of(r) for r in definitions}
    groups: dict[tuple[str, str], list[tuple[Record, Claims]]] = defaultdict(list)
    for record in definitions:
        groups[(fold_name(record.title), record.era)].append((record, known[record.id]))
    findings = []
    for (name, era), members in sorted(groups.items()):
        for index, (first, one) in enumerate(members):
            for second, other in members[index + 1:]:
                if first.source == second.source:
                    continue
                differences = _differences(one, other)
                if differences:
                    findings.append(Finding(
                        "sources-disagree", name, [first.id, second.id],
                        f"{first.source} and {second.source} (both {era}) define {name} "
                        f"differently: {'; '.join(differences)}"))
    return findings


def _differences(one: Claims, other: Claims) -> list[str]:
    found = []
    for dimension in DIMENSIONS:
        a, b = getattr(one, dimension), getattr(other, dimension)
        if a in (None, []) or b in (None, []) or a == b:
            continue
        found.append(f"{dimension} {a!r} vs {b!r}")
    amounts = [sorted({f"{x.count} {x.value}" for x in c.amounts if x.unit in
                       ("pt", "counter", "permanent")}) for c in (one, other)]
    if amounts[0] and amounts[1] and amounts[0] != amounts[1]:
        found.append(f"amounts {amounts[0]!r} vs {amounts[1]!r}")
    return found


# --- the report -----------------------------------------------------------------------------------

def coverage(results: list[DefinitionResult]) -> Coverage:
    """Per keyword name: defined, checked (a check of its model ran), compared (read against
    the rules versions), passing (every definition ok)."""
    by_name: dict[str, list[DefinitionResult]] = defaultdict(list)
    for result in results:
        by_name[result.keyword].append(result)
    checked = passing = compared = 0
    exceptions = {}
    for name, group in sorted(by_name.items()):
        statuses = {r.status for r in group}
        checked += any(r.checked for r in group)
        compared += any(r.compared for r in group)
        if statuses == {OK}:
            passing += 1
            continue
        bad = next(r for r in group if r.status != OK)
        exceptions[name] = f"{bad.status} in {bad.record}: {bad.details[0] if bad.details else ''}"
    return Coverage(len(by_name), checked, passing, exceptions, compared)


def validate(records: Iterable[Record], strict: bool = True) -> Report:
    """Validate every keyword definition among `records`; findings across sources
    (`strict`, the default: a clause the reader cannot place makes its definition
    `unread`, which fails validation like a mismatch)."""
    records = list(records)
    definitions = sorted((r for r in records if r.kind == "keyword"),
                         key=lambda r: (fold_name(r.title), r.era, r.source, r.id))
    known = {record.id: claims_of(record) for record in definitions}
    results = [check_definition(record, known[record.id], strict=strict)
               for record in definitions]
    numbered = numbering_findings(definitions, records)
    findings = (order_of_forms(results) + numbered + _read_numbering(results, numbered)
                + superseded_rulings(records, definitions, known)
                + disagreements(definitions, known))
    return Report(results, findings, coverage(results))
