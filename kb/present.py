"""Text output of the CLI: search results, shown records and ingest counts."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from kb.model import is_rules_version

if TYPE_CHECKING:
    from kb.search import SearchResult
    from kb.show import Shown

# how many references / citations a record lists on the terminal
LISTED = 12
# what `--explain` says a question asks for, by the kind of answer (`SearchResult.answer`)
_ASKED = {"number": "a number (a record's numbers count as its \"many\")",
          "order": "an order (words of order count as its \"first\")",
          "zone": "a zone (a zone's name counts as its \"where\")",
          "time": "a time (steps, phases and words of time count as its \"when\")"}
BOLD, DIM, CYAN, YELLOW, RESET = "\033[1m", "\033[2m", "\033[36m", "\033[33m", "\033[0m"


def _style(text: str, code: str, color: bool) -> str:
    return f"{code}{text}{RESET}" if color else text


def _marked(snippet: str, color: bool) -> str:
    """`**word**` marks as bold on a terminal, as they are elsewhere."""
    if not color:
        return snippet
    parts = snippet.split("**")
    return "".join(f"{BOLD}{YELLOW}{p}{RESET}" if i % 2 else p for i, p in enumerate(parts))


def _wrap(text: str, indent: str = "    ", width: int = 96) -> str:
    """Each paragraph filled to `width` columns (escape codes count, which is harmless)."""
    out = []
    for paragraph in text.split("\n"):
        line = indent
        for word in paragraph.split():
            if len(line) + len(word) + 1 > width and line.strip():
                out.append(line.rstrip())
                line = indent
            line += word + " "
        if line.strip():
            out.append(line.rstrip())
    return "\n".join(out)


def format_search(result: SearchResult, color: bool = False, explain: bool = False) -> str:
    """Numbered results: kind, title, source and rule, links, then the snippet; the other
    versions of the same rule (and with `explain` the score's parts)."""
    lines = []
    if result.did_you_mean:  # (a question corrected keeps its own question mark)
        suggested = result.did_you_mean.rstrip("?")
        lines.append(f"Did you mean: {_style(suggested, BOLD, color)}?")
    if not result.hits:
        lines.append(f"No results for {result.query!r}.")
        return "\n".join(lines)
    # not exact: the records matched before their versions collapsed into hits, a bound
    count = str(result.total) if result.total_exact else f"up to {result.total}"
    lines.append(f"{count} result(s) for {result.query!r}:")
    if explain and result.era:
        lines.append(_style(f"era: {result.era}", DIM, color))
    if explain and result.phrasing:
        lines.append(_style(f"phrasing (weighs half): {' '.join(result.phrasing)}", DIM, color))
    if explain and result.answer:
        lines.append(_style(f"asks for: {_ASKED[result.answer]}", DIM, color))
    for n, hit in enumerate(result.hits, 1):
        r = hit.record
        head = f"{n:>2}. [{r['kind']}] {r['title']}"
        where = r["source"] + (f"  rule {r['rule']}" if r.get("rule") else "")
        lines.append(_style(head, BOLD, color) + "  " + _style(where, CYAN, color))
        lines.append(_wrap(_marked(hit.snippet, color)))
        if r.get("superseded_by"):
            lines.append(_style(f"    ! superseded by {superseded_note(r['superseded_by'])}",
                                YELLOW, color))
        extras = []
        if r.get("keywords"):
            extras.append("keywords: " + ", ".join(r["keywords"]))
        if r.get("cards"):
            extras.append("cards: " + ", ".join(r["cards"][:6]))
        if r.get("refs"):
            extras.append("links: " + ", ".join(r["refs"][:6])
                          + (f" (+{len(r['refs']) - 6})" if len(r["refs"]) > 6 else ""))
        if extras:
            lines.append(_style("    " + " | ".join(extras), DIM, color))
        if hit.versions:
            runs = _version_runs(hit.versions)
            also = [_run_label(run) for run in runs[:6]]
            more = f" (+{sum(map(len, runs[6:]))})" if len(runs) > 6 else ""
            lines.append(_style("    also " + "; ".join(also) + more, DIM, color))
        if explain:
            lines.append(_style(f"    score {hit.score:.3f} = " + ", ".join(
                f"{k} {v:g}" if float(v).is_integer() else f"{k} {v:.3f}"
                for k, v in hit.parts.items()), DIM, color))
        lines.append(_style(f"    id {r['id']}", DIM, color))
    return "\n".join(lines)


def _count_children(children: list[Any]) -> str:
    """`3 subrules, 2 rulings` for a summary line."""
    names = {"rule": "subrule", "ruling": "ruling", "qa": "Q&A", "card": "card"}
    counts: dict[str, int] = {}
    for child in children:
        counts[child.kind] = counts.get(child.kind, 0) + 1
    return ", ".join(f"{n} {names.get(k, k)}{'s' if n > 1 and k not in ('qa',) else ''}"
                     for k, n in counts.items())


def _number(record: Any) -> str:
    return str(record.meta.get("number") or record.rule or "")


def _summary_line(item: Any, note: str = "") -> str:
    """One line for a version not printed in full: era, number, id, what it holds."""
    r = item.record
    extra = _count_children(item.children) if item.children else ""
    return _version_line(f"{r.era or r.date:10}", r, r.id, [note, extra])


def _version_line(when: str, record: Any, name: str, notes: list[str]) -> str:
    """`    when  number  name  (notes)`, the parts that are there."""
    parts = [when, f"{_number(record):8}" if _number(record) else "", name]
    tail = "; ".join(note for note in notes if note)
    return "    " + "  ".join(p for p in parts if p) + (f"  ({tail})" if tail else "")


def superseded_note(info: dict[str, Any]) -> str:
    """What overrode a ruling, in one line (`kb.superseded.note`)."""
    from kb.superseded import note

    return note(info)


def _full(item: Any, found: dict[str, Any], displayed: set[str], all_versions: bool,
          color: bool, kin: list[Any]) -> list[str]:
    """A record in full: text, children, references, citations, then its other versions
    one line each (with `all_versions`, the wording diffs of versions not printed)."""
    r = item.record
    out = [_style(f"{r.title}  [{r.kind}]", BOLD, color),
           _style(f"  {r.id}   from {r.provenance}   {r.date}", DIM, color)]
    out.append(_wrap(r.text, "  "))
    if info := item.superseded.get(r.id):
        out.append(_style(f"  ! superseded by {superseded_note(info)}", YELLOW, color))
    if r.keywords or r.cards:
        out.append(_style("  keywords: " + ", ".join(r.keywords)
                          + ("   cards: " + ", ".join(r.cards) if r.cards else ""), DIM, color))
    given = set(item.given)
    if given:
        out.append(f"  ({len(given)} ruling{'s' if len(given) > 1 else ''} as given above)")
    for child in item.children:
        if child.id in given:
            continue
        dated = child.kind == "ruling" and child.date and child.date not in child.title
        date = f" ({child.date})" if dated else ""
        line = (f"- {child.title}{date}: {child.text}" if child.kind != "rule"
                else child.title.split(" ")[0] + " " + child.text)
        out.append(_wrap(line, "    "))
        if info := item.superseded.get(child.id):
            out.append(_style(f"      ! superseded by {superseded_note(info)}", YELLOW, color))
    own = set(r.meta.get("rules", ()))  # a keyword's own rules: its text, not its links
    for label, related in (("References", item.references), ("Cited by", item.cited_by)):
        related = [x for x in related if x.record.id not in own]
        if related:
            out.append(f"  {label}:")
            grouped = _one_per_lineage(related)
            out += [f"    {x.record.id}  ({x.relation}) {x.record.title}"
                    + (f"  (and {others} other version{'s' if others > 1 else ''})"
                       if others else "") for x, others in grouped[:LISTED]]
            if len(grouped) > LISTED:
                out.append(f"    … and {len(grouped) - LISTED} more (--json lists all)")
    if item.lineage and not all_versions:
        out.append("  In other versions and sources:")
        for run in _lineage_runs(item.lineage, found):
            note = "same wording" if _unchanged(run[0].diff) else "worded differently"
            shown = [found.get(x.record.id) or _Bare(x.record) for x in run]
            out.append(_summary_line(shown[0], note) if len(run) == 1
                       else _run_line(shown, note))
            displayed.update(x.record.id for x in run)
    elif item.lineage:  # every version in full: one line each, with its word diff
        out.append("  In other versions and sources:")
        diffs_shown: dict[str, str] = {}
        for x in item.lineage:
            unchanged = _unchanged(x.diff)
            note = "same wording" if unchanged else "worded differently"
            if not unchanged and x.diff in diffs_shown:
                note = f"worded as {diffs_shown[x.diff]}"
            other = found.get(x.record.id)
            out.append(_summary_line(other or _Bare(x.record), note))
            if note == "worded differently" and x.record.id not in displayed:
                out.append(_wrap(x.diff, "      "))
                diffs_shown[x.diff] = x.record.id
            displayed.add(x.record.id)
    from kb.wording import same_wording

    more = sorted((other for other in kin if other.record.id not in displayed),
                  key=lambda other: other.record.era or other.record.date)
    if more and not item.lineage:
        out.append("  In other versions and sources:")
    for other in more:
        same = same_wording(other.record.text, r.text)
        out.append(_summary_line(other, "same wording" if same else "worded differently"))
        displayed.add(other.record.id)
    return out


def _unchanged(diff: str) -> bool:
    """Whether a word diff (`kb.show.describe`) shows no change."""
    return "[-" not in diff and "{+" not in diff


def _one_per_lineage(related: list[Any]) -> list[tuple[Any, int]]:
    """Related records one per rule across versions (`Related.lineage`): the newest
    version of each, where its first version stood, with how many other versions relate
    the same way (a card cited by 509.2 of 38 rules versions is one line)."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for x in related:
        groups.setdefault((x.lineage or x.record.id, x.relation), []).append(x)
    return [(max(group, key=lambda x: (x.record.era or x.record.date, x.record.id)),
             len(group) - 1) for group in groups.values()]


def _lineage_runs(lineage: list[Any], found: dict[str, Any]) -> list[list[Any]]:
    """A record's other versions as runs of rules versions that follow one another with
    the same number and the same wording (the same diff from the record shown); any other
    document, or a version with rulings or Q&A of its own, is a run of one, placed after
    the runs that start on or before its date (a FAQ of 2008-10-01 does not cut the rules
    versions 2008-10-01 to 2009-05-01 in two)."""
    def children(x: Any) -> list[Any]:
        return getattr(found.get(x.record.id), "children", None) or []

    def alone(x: Any) -> bool:
        return not is_rules_version(x.record.source) or any(
            c.kind != "rule" for c in children(x))

    def key(x: Any) -> tuple[str, ...]:
        return _number(x.record), x.diff, _count_children(children(x))

    runs = _runs([x for x in lineage if not alone(x)], key)
    runs += [[x] for x in lineage if alone(x)]
    return sorted(runs, key=lambda run: (run[0].record.era or run[0].record.date,
                                         alone(run[0])))


def _run_line(items: list[Any], note: str) -> str:
    """One line for a run of rules versions of one number and wording (`_summary_line`'s
    items), oldest to newest."""
    records = sorted((item.record for item in items), key=lambda r: r.era or r.date)
    first, last = records[0], records[-1]
    extra = _count_children(items[0].children) if items[0].children else ""
    return _version_line(f"{first.era or first.date} to {last.era or last.date}", first,
                         f"{first.id} … {last.id}", [note, extra, f"{len(records)} versions"])


def numbering_runs(steps: list[tuple[str, str, list[str]]]) -> list[str]:
    """How a keyword was numbered (`kb.show.numbering`) as runs: versions that follow one
    another under one number are one step, "702.80 (2009-07-11 to 2011-05-01: 10 rules
    versions)", the other documents of the run named."""
    parts = []
    for run in _runs(steps, lambda step: step[0]):
        number, eras = run[0][0], [era for _, era, _ in run]
        sources = [source for _, _, names in run for source in names]
        if len(run) == 1:
            parts.append(f"{number} ({eras[0]}: {', '.join(sources)})")
            continue
        others = [source for source in sources if not is_rules_version(source)]
        versions = len(sources) - len(others)
        named = [f"{versions} rules version{'s' if versions > 1 else ''}"] if versions else []
        parts.append(f"{number} ({eras[0]} to {eras[-1]}: {', '.join(named + others)})")
    return parts


class _Bare:
    """A related record in the shape `_summary_line` reads (no children known)."""

    def __init__(self, record: Any) -> None:
        self.record = record
        self.children: list[Any] = []


def format_shown(shown: list[Shown], color: bool = False, all_versions: bool = False,
                 read_as: str | None = None) -> str:
    """The records `show` found: the newest version of each thing in full (subrules,
    rulings, Q&A, references, citations), its other versions one line each; records
    that only held the same rule number in other versions one line each too. With
    `all_versions` every record in full. Nothing is printed twice."""
    from kb.show import numbering

    out = []
    if read_as:
        out += [f"Showing {_style(read_as, BOLD, color)}.", ""]
    steps = numbering([item.record for item in shown if item.record.kind == "keyword"])
    if len(steps) > 1:
        out.append(_style("Numbered across versions: ", BOLD, color)
                   + " → ".join(numbering_runs(steps)))
        out.append("")
    found = {item.record.id: item for item in shown}
    printed: set[str] = set()
    others = []
    for item in shown:
        if not item.in_full:
            if item.record.id not in printed:
                others.append(item)
            continue
        kin = [] if all_versions else [o for o in shown if o.family == item.family
                                       and o is not item and not o.in_full]
        out += _full(item, found, printed, all_versions, color, kin)
        printed.add(item.record.id)
        out.append("")
    others = [item for item in others if item.record.id not in printed]
    if others:
        number = _number(shown[0].record)
        out.append(_style(f"Also numbered {number} in other versions:" if number and all(
            _number(o.record) == number for o in others) else "Also found:", BOLD, color))
        def now(item: Shown) -> str:
            newest = item.lineage[-1].record if item.lineage else None
            return (f"{item.record.title}; in {newest.era or newest.date} {_number(newest)}"
                    if newest and newest.era > item.record.era else item.record.title)

        def alike(item: Shown) -> tuple[str, ...]:
            if not is_rules_version(item.record.source):
                return (item.record.id,)
            return _number(item.record), now(item), _count_children(item.children)

        for run in _runs(others, alike):
            out.append(_summary_line(run[0], now(run[0])) if len(run) == 1
                       else _run_line(run, now(run[0])))
        out.append("")
    return "\n".join(out).rstrip()


def format_counts(counts: dict[str, dict[str, Any]],
                  damage: dict[str, list[list[str]]] | None = None, examples: int = 3) -> str:
    """Records per source and kind, with totals, then the capture damage each source shows
    (noticed by the parsers, never repaired: the text stays as the source has it)."""
    lines, total = [], 0
    for source, kinds in counts.items():
        n = sum(kinds.values())
        total += n
        detail = ", ".join(f"{count} {kind}" for kind, count in kinds.items())
        lines.append(f"{source}: {n} records ({detail})")
    lines.append(f"total: {total} records from {len(counts)} sources")
    for source, notes in (damage or {}).items():
        if not notes:
            continue
        records = len({record for record, _ in notes})
        lines.append(f"capture damage in {source}: {len(notes)} notes in {records} records, e.g.")
        lines += [f"  {record}: {note}" for record, note in notes[:examples]]
    return "\n".join(lines)


def _moved_with_parent(entry: Any, moves: dict[str, str]) -> bool:
    """A renumbered subrule whose number follows its parent's renumbering (702.81a →
    702.83a with 702.81 → 702.83)."""
    from kb.rulenum import parent as parent_number

    old_parent, new_parent = parent_number(entry.old), parent_number(entry.new)
    return bool(old_parent and new_parent and moves.get(old_parent) == new_parent
                and entry.old[len(old_parent):] == entry.new[len(new_parent):])


def format_diff(diff: Any, color: bool = False) -> str:
    """A `VersionDiff` as a rules-change summary: counts, then keywords, glossary and
    rules, each added / removed / renumbered / changed (with word diffs)."""
    out = [_style(f"Comprehensive Rules {diff.old_date} → {diff.new_date}", BOLD, color)
           + f"  ({diff.old_source} → {diff.new_source})",
           f"{'':10}{'added':>8}{'removed':>9}{'changed':>9}{'renumbered':>12}"]
    for part, counts in diff.counts().items():
        out.append(f"{part:10}{counts['added']:>8}{counts['removed']:>9}"
                   f"{counts['changed']:>9}{counts['renumbered']:>12}")
    out.append("(glossary: renumbered = renamed; changed = other wording, rule numbers aside)")

    def heading(text: str, entries: list[Any]) -> None:
        out.append("")
        out.append(_style(f"{text} ({len(entries)}):", BOLD, color))

    def diff_line(entry: Any) -> None:
        if entry.diff:
            out.append(_wrap(entry.diff, "      "))

    def names(text: str, entries: list[Any], name: Any = lambda entry: entry.title) -> None:
        if entries:
            heading(text, entries)
            out.append(_wrap(", ".join(name(entry) for entry in entries), "  "))

    keywords, glossary = diff.keywords, diff.glossary
    names("Keywords added", keywords.added)
    names("Keywords removed", keywords.removed)
    names("Keywords renumbered", keywords.renumbered, lambda e: f"{e.title} {e.old} → {e.new}")
    names("Keywords with changed wording", keywords.changed)
    names("Glossary entries added", glossary.added)
    names("Glossary entries removed", glossary.removed)
    if glossary.renumbered:
        heading("Glossary entries renamed", glossary.renumbered)
        for entry in glossary.renumbered:
            out.append(f"  {entry.old} → {entry.new}")
            diff_line(entry)
    if glossary.changed:
        heading("Glossary entries changed", glossary.changed)
        for entry in glossary.changed:
            out.append(f"  {entry.title}")
            diff_line(entry)
    rules = diff.rules
    moves = {e.old: e.new for e in rules.renumbered}
    if rules.renumbered:
        heading("Rules renumbered", rules.renumbered)
        followers: dict[str, int] = {}
        from kb.rulenum import parent as parent_number

        for entry in rules.renumbered:
            if _moved_with_parent(entry, moves):
                parent = parent_number(entry.old) or ""
                followers[parent] = followers.get(parent, 0) + 1
        for entry in rules.renumbered:
            if _moved_with_parent(entry, moves) and not entry.diff:
                continue
            more = followers.get(entry.old, 0)
            note = f"  (with {more} subrule{'s' if more > 1 else ''})" if more else ""
            out.append(f"  {entry.old} → {entry.new}  {entry.title}{note}")
            diff_line(entry)
    for label, entries in (("Rules added", rules.added), ("Rules removed", rules.removed)):
        if entries:
            heading(label, entries)
            out += [f"  {e.new or e.old}  {e.title}" for e in entries]
    if rules.changed:
        heading("Rules changed", rules.changed)
        for entry in rules.changed:
            out.append(f"  {entry.new}")
            diff_line(entry)
    return "\n".join(out)


def _version_label(version: dict[str, Any]) -> str:
    """How a hit's other version is named: its date, rule number and source ("2008-09-29
    502.83a alara-keyword-rules-blog-2008"), the source left out where it only repeats the
    date (a rules version: "2008-10-01 502.83", "2025-11-14", not "2025-11-14 cr-2025-11-14")."""
    number, source = _run_key(version)
    return " ".join(part for part in (version.get("date") or "", number, source) if part)


def _runs(items: list[Any], key: Callable[[Any], Hashable]) -> list[list[Any]]:
    """Items in runs of neighbours with equal keys, in order."""
    runs: list[list[Any]] = []
    for item in items:
        if runs and key(runs[-1][-1]) == key(item):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _version_runs(versions: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Versions (newest first) in runs that name them alike: one rule number through the
    rules versions that keep it, one glossary entry through the versions that have it."""
    return _runs(versions, _run_key)


def _run_key(version: dict[str, Any]) -> tuple[str, str]:
    """What versions of one run share: the rule number, and the source unless it is a
    dated version of a document (a rules version named by its date)."""
    date, source = version.get("date") or "", version["source"]
    return version.get("rule") or "", "" if date and source.endswith(date) else source


def _run_label(run: list[dict[str, Any]]) -> str:
    """A run of versions named at once: "119.6 in 88 versions, 2009-10-01 to 2025-11-14"."""
    if len(run) == 1:
        return _version_label(run[0])
    number, source = _run_key(run[0])
    name = " ".join(part for part in (number, source) if part)
    span = f"{len(run)} versions, {run[-1].get('date') or '?'} to {run[0].get('date') or '?'}"
    return f"{name} in {span}" if name else span
