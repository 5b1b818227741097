"""Text output of the CLI: search results, shown records and ingest counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.search import SearchResult
    from kb.show import Shown

# how many references / citations a record lists on the terminal
LISTED = 12
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
    if result.did_you_mean:
        lines.append(f"Did you mean: {_style(result.did_you_mean, BOLD, color)}?")
    if not result.hits:
        lines.append(f"No results for {result.query!r}.")
        return "\n".join(lines)
    count = str(result.total) if result.total_exact else f"at least {result.total}"
    lines.append(f"{count} result(s) for {result.query!r}:")
    for n, hit in enumerate(result.hits, 1):
        r = hit.record
        head = f"{n:>2}. [{r['kind']}] {r['title']}"
        where = r["source"] + (f"  rule {r['rule']}" if r.get("rule") else "")
        lines.append(_style(head, BOLD, color) + "  " + _style(where, CYAN, color))
        lines.append(_wrap(_marked(hit.snippet, color)))
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
            also = [f"{v.get('date') or v['source']} {v.get('rule') or v['source']}"
                    for v in hit.versions[:6]]
            more = f" (+{len(hit.versions) - 6})" if len(hit.versions) > 6 else ""
            lines.append(_style("    also " + ", ".join(also) + more, DIM, color))
        if explain:
            lines.append(_style(f"    score {hit.score:.3f} = " + ", ".join(
                f"{k} {v:.3f}" for k, v in hit.parts.items()), DIM, color))
        lines.append(_style(f"    id {r['id']}", DIM, color))
    return "\n".join(lines)


def format_shown(shown: list[Shown], color: bool = False) -> str:
    """Each record in full, then its children, references, citations and lineage (a
    version shown in full already is only named, not diffed again)."""
    from kb.show import numbering

    out = []
    steps = numbering([item.record for item in shown if item.record.kind == "keyword"])
    if len(steps) > 1:
        out.append(_style("Numbered across versions: ", BOLD, color) + " → ".join(
            f"{number} ({era}: {', '.join(sources)})" for number, era, sources in steps))
        out.append("")
    displayed = {item.record.id for item in shown}
    for item in shown:
        r = item.record
        out.append(_style(f"{r.title}  [{r.kind}]", BOLD, color))
        out.append(_style(f"  {r.id}   from {r.provenance}   {r.date}", DIM, color))
        out.append(_wrap(r.text, "  "))
        if r.keywords or r.cards:
            out.append(_style("  keywords: " + ", ".join(r.keywords)
                              + ("   cards: " + ", ".join(r.cards) if r.cards else ""), DIM, color))
        for child in item.children:
            dated = child.kind == "ruling" and child.date and child.date not in child.title
            date = f" ({child.date})" if dated else ""
            out.append(_wrap(f"- {child.title}{date}: {child.text}"
                             if child.kind != "rule" else child.title.split(" ")[0]
                             + " " + child.text, "    "))
        for label, related in (("References", item.references), ("Cited by", item.cited_by)):
            if related:
                out.append(f"  {label}:")
                out += [f"    {x.record.id}  ({x.relation}) {x.record.title}"
                        for x in related[:LISTED]]
                if len(related) > LISTED:
                    out.append(f"    … and {len(related) - LISTED} more (--json lists all)")
        if item.lineage:
            out.append("  Lineage across versions:")
            diffs_shown: dict[str, str] = {}
            for x in item.lineage:
                unchanged = "[-" not in x.diff and "{+" not in x.diff
                note = "  same wording" if unchanged else ""
                if not unchanged and x.diff in diffs_shown:
                    note = f"  worded as {diffs_shown[x.diff]}"
                out.append(f"    {x.record.id}  [{x.relation}]{note}")
                if not note and x.record.id not in displayed:
                    out.append(_wrap(x.diff, "      "))
                    diffs_shown[x.diff] = x.record.id
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
