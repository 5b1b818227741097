"""The pages of the site: which there are, and what each one shows.

`plan(content)` lists every page as a `Page` (file path, template, kind) whose `context`
is computed only when the page is rendered. A `View` bound to the page being written
turns records into relative links and texts into linked, escaped HTML.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from markupsafe import Markup

from kb.html.content import CR_FORMAT, KIND_ORDER, SiteContent
from kb.html.layout import (
    CURRENT,
    Place,
    anchor_of,
    file_name,
    is_faq_section,
    relative,
    top_rule,
)
from kb.html.text import changes_against, render, render_lines
from kb.model import Record
from kb.printings import fold
from kb.show import WordChange

STATUS_LABELS = {"ok": "check passes", "mismatch": "mismatch", "no-check": "no check"}
_RECORD_ID = re.compile(r"\b([a-z0-9][a-z0-9-]*:[A-Za-z0-9.:~-]*[A-Za-z0-9~])")


@dataclass(frozen=True)
class RuleView:
    """One rule as its block shows it: text, examples and the links around it."""

    anchor: str
    number: str
    depth: int
    body: Markup
    examples: list[Markup]
    keyword: tuple[str, str] | None
    quoted: list[tuple[str, str, str]]
    cites: list[tuple[str, str, str]]
    history: list[dict[str, Any]]
    today: tuple[str, str] | None


Alias = Callable[[Place], Place]


@dataclass
class Page:
    """One file of the site; `alias` moves the links it holds to other copies of their
    targets (today's rules at their stable address, a version's whole-document page)."""

    path: str
    template: str
    kind: str
    title: str
    context: Callable[[], dict[str, Any]]
    alias: Alias | None = None


class View:
    """Links and texts as seen from one page."""

    def __init__(self, content: SiteContent, page: str, alias: Alias | None = None) -> None:
        self.content = content
        self.page = page
        self.root = "../" * page.count("/")
        self.alias = alias

    def to(self, place: Place | str) -> str:
        """href to a place or a page of the site."""
        place = place if isinstance(place, Place) else Place(place)
        return relative(self.page, self.alias(place) if self.alias else place)

    def direct(self, page: str) -> str:
        """href to a page as it is named, never moved by the page's alias."""
        return relative(self.page, Place(page))

    def href(self, record_id: str) -> str | None:
        """href to a record's home, or None if it has none."""
        place = self.content.layout.place(record_id)
        return self.to(place) if place else None

    def text_href(self, record_id: str) -> str | None:
        """href for a mention in a text: none for a card or keyword this page is about."""
        place = self.content.layout.place(record_id)
        if place is None:
            return None
        if self.alias:
            place = self.alias(place)
        if place.page == self.page and self.content.by_id[record_id].kind in ("card", "keyword"):
            return None
        return self.to(place)

    def link(self, record: Record) -> str:
        """href to a record's home."""
        return self.to(self.content.layout.home(record))

    def anchor(self, record: Record) -> str:
        """The id a record's block carries on its home page."""
        return self.content.layout.home(record).anchor

    def text(self, record: Record, changes: Iterable[WordChange] = (), start: int = 0,
             end: int | None = None) -> Markup:
        """A record's text, linked and escaped."""
        return render(record.text, self.content.mentions[record.id], self.text_href,
                      list(changes), start, end)

    def lines(self, record: Record) -> list[Markup]:
        """A record's text line by line, linked and escaped."""
        return render_lines(record.text, self.content.mentions[record.id], self.text_href)

    def label(self, source_id: str) -> str:
        """Short name of a source."""
        return source_label(self.content.source(source_id))

    def source_link(self, source_id: str) -> str:
        """href to a source's page."""
        return self.to(self.content.layout.source_page(source_id))

    def keyword_link(self, name: str) -> str:
        """href to a keyword's page."""
        return self.to(self.content.layout.keyword_page(name))

    def card_link(self, name: str) -> str:
        """href to a card's page."""
        return self.to(self.content.layout.card_page(name))

    def cited_by(self, record: Record) -> list[Record]:
        """Records that cite this one."""
        return [self.content.by_id[i] for i in self.content.cited_by.get(record.id, [])]

    def rule(self, rule: Record) -> RuleView:
        """What a rule's block shows (computed here: one call per rule keeps pages fast)."""
        lines = self.lines(rule)
        body = Markup("<br>").join(line for line in lines if not line.startswith("Example:"))
        keyword = self.content.keyword_of_rule.get(rule.id)
        versions, quoted = self.versions(rule)
        return RuleView(
            anchor=self.anchor(rule), number=rule.rule or "", depth=rule_depth(rule.rule or ""),
            body=body, examples=[line for line in lines if line.startswith("Example:")],
            keyword=(self.link(keyword), keyword.title) if keyword else None,
            quoted=[(self.link(r), r.rule or r.title, self.label(r.source)) for r in quoted],
            cites=[(self.link(r), _short(r.title), self.label(r.source))
                   for r in self.cited_by(rule)],
            history=self.history(rule, versions), today=self.today(rule, versions))

    def history(self, rule: Record, versions: list[Record]) -> list[dict[str, Any]]:
        """The rule across the rules versions, oldest first, as runs: versions that follow
        one another with the same number and wording are one step ("CR 2009-07-11 – CR
        2011-05-01: 702.80a", with how many versions), each step worded against the one
        before it (`<ins>`/`<del>`, renumbering ignored); [] for a rule of one version.
        (One step per version made every rule of every version list the others: over 110
        versions, a site of gigabytes.)"""
        if not versions:
            return []
        steps: list[dict[str, Any]] = []
        before: Record | None = None
        for run, ids in self.content.runs(rule, versions):
            first, last = run[0], run[-1]
            body, same = self.content.worded(before, first)
            this = rule.id in ids
            span = self.label(first.source) if len(run) == 1 else \
                f"{self.label(first.source)} – {self.label(last.source)}"
            steps.append({"href": self.link(rule if this else first), "this": this,
                          "label": f"{span}: {first.rule or first.title}", "count": len(run),
                          "body": body, "same_as": self.label(before.source) if same and
                          before else None, "changes": self.changes(before, first)})
            before = last
        return steps

    def changes(self, previous: Record | None, record: Record) -> str | None:
        """href to the changes page of two consecutive versions, at the entry of this
        record where it lists one; None when there is no such page."""
        if previous is None:
            return None
        place = self.content.change_places.get((previous.id, record.id))
        if place is None and (previous.source, record.source) in self.content.change_pages:
            place = Place(self.content.change_pages[(previous.source, record.source)])
        return self.to(place) if place else None

    def today(self, rule: Record, versions: list[Record]) -> tuple[str, str] | None:
        """Where today's version of the rule is, at its stable address, unless this is it."""
        today = self.content.today
        if today is None or rule.source == today:
            return None
        for record in versions:
            if record.source == today and record.rule:
                place = Place(f"{CURRENT}{file_name(top_rule(record.rule))}.html",
                              anchor_of(record))
                return self.to(place), record.rule
        return None

    def versions(self, record: Record) -> tuple[list[Record], list[Record]]:
        """The same rule in the other Comprehensive Rules versions, and in other sources."""
        rules, quoted = self.content.lineage_parts(record)
        return ([r for r in rules if r.id != record.id],
                [r for r in quoted if r.id != record.id])

    def check(self, record: Record) -> dict[str, Any] | None:
        """The validation result of a definition record, if it was checked."""
        return self.content.checks.get(record.id)

    def flags(self, record: Record) -> list[tuple[str, str]]:
        """Validation findings about a ruling or answer: (href on the findings page, kind)."""
        return [(self.to(Place("findings.html", f"finding-{n}")), str(f.get("kind", "")))
                for n, f in self.content.flagged.get(record.id, [])
                if record.kind in ("ruling", "qa")]

    def check_details(self, check: dict[str, Any]) -> str:
        """What a check found, as one line of text."""
        details = check.get("details") or ""
        if isinstance(details, list | tuple):
            details = "; ".join(str(d) for d in details)
        return str(details)

    def finding(self, message: str) -> Markup:
        """A finding's message, escaped, each record id in it a link to that record."""
        out = []
        for n, part in enumerate(_RECORD_ID.split(message)):
            href = self.href(part) if n % 2 else None
            out.append(Markup('<a href="{}">{}</a>').format(href, part) if href
                       else Markup.escape(part))
        return Markup("").join(out)

    def qa(self, record: Record) -> tuple[Markup, Markup | None]:
        """A Q&A record's question and answer (None when unanswered), linked and escaped."""
        question = str(record.meta.get("question") or "")
        answer = str(record.meta.get("answer") or "")
        q_at = record.text.find(question) if question else -1
        if q_at < 0:
            return self.text(record), None
        a_at = record.text.find(answer, q_at + len(question)) if answer else -1
        q_html = self.text(record, start=q_at, end=q_at + len(question))
        if a_at < 0:
            return q_html, (Markup.escape(answer) if answer else None)
        return q_html, self.text(record, start=a_at, end=a_at + len(answer))


def source_label(source: dict[str, Any]) -> str:
    """`CR 2012-10-01` for a Comprehensive Rules version, else the source's title."""
    if source.get("format") == CR_FORMAT:
        return f"CR {source.get('era') or source.get('date')}"
    return str(source.get("title") or source.get("id"))


def _short(title: str, width: int = 90) -> str:
    return title if len(title) <= width else title[:width - 1].rstrip() + "…"


def rule_depth(number: str) -> int:
    """0 for `702`, 1 for `702.81`, 2 for `702.81a`."""
    if "." not in number:
        return 0
    return 2 if number[-1].isalpha() else 1


def split_examples(lines: list[Markup]) -> tuple[list[Markup], list[Markup]]:
    """A rule's text lines and its example lines."""
    body = [line for line in lines if not str(line).startswith("Example:")]
    examples = [line for line in lines if str(line).startswith("Example:")]
    return body, examples


# --- keyword pages -------------------------------------------------------------------


def keyword_context(content: SiteContent, name: str) -> dict[str, Any]:
    """Definitions side by side, lineage of numbers, checks, rulings, Q&A, cards."""
    era = content.era_key
    group = sorted(content.keywords[name], key=era)
    definitions = []
    previous: Record | None = None
    for record in group:
        changes = changes_against(previous.text, record.text) if previous else []
        heading = content.by_id.get(str((record.meta.get("rules") or [""])[0]))
        definitions.append({"record": record, "changes": changes, "previous": previous,
                             "heading": heading, "changed": bool(changes)})
        previous = record
    related = content.about_keyword.get(name, [])
    rulings = [(source, _same_text(content, items)) for source, items in
               _by_source(sorted((r for r in related if r.kind == "ruling"), key=era))]
    qas = _by_source(sorted((r for r in related if r.kind == "qa"), key=era))
    cards = sorted(n for n, kws in content.card_keywords.items() if name in kws)
    glossary = content.glossary_terms.get(name, [])
    return {"name": name, "title": group[-1].title, "definitions": definitions,
            "lineage": number_lineage(content, group), "rulings": rulings, "qas": qas,
            "cards": [(c, content.cards[c][0].title) for c in cards],
            "glossary": sorted(glossary, key=era)}


def number_lineage(content: SiteContent, group: list[Record]) -> list[dict[str, Any]]:
    """The rule numbers a keyword had, in order, each with the sources that use it."""
    steps: list[dict[str, Any]] = []
    for record in group:
        number = record.meta.get("number")
        if not number:
            continue
        heading = content.by_id.get(str((record.meta.get("rules") or [""])[0]))
        if not steps or steps[-1]["number"] != number:
            steps.append({"number": number, "uses": []})
        steps[-1]["uses"].append({"record": record, "heading": heading})
    return steps


def _same_text(content: SiteContent, records: list[Record]) -> list[dict[str, Any]]:
    """Rulings of one source given on cards, grouped by their wording: one entry per
    text, with the cards it was given on (`[(card title, ruling)]`), in order of first
    appearance; any other ruling an entry of its own."""
    groups: dict[str, dict[str, Any]] = {}
    for record in records:
        parent = content.by_id.get(record.parent or "")
        on_card = parent is not None and parent.kind == "card"
        key = " ".join(record.text.lower().split()) if on_card else record.id
        group = groups.setdefault(key, {"record": record, "cards": []})
        if parent is not None and on_card:
            group["cards"].append((parent.title, record))
    return list(groups.values())


def _by_source(records: list[Record]) -> list[tuple[str, list[Record]]]:
    grouped: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        grouped[record.source].append(record)
    return list(grouped.items())


# --- card pages ----------------------------------------------------------------------


def card_context(content: SiteContent, name: str) -> dict[str, Any]:
    """The card's printings, newest first, a reprint that gives no ruling of its own
    folded into the newest (`kb.printings.fold`, with whether it is worded the same): each
    shown with its text and its rulings not given above; its keywords; the records
    mentioning it."""
    group = sorted(content.cards[name], key=content.era_key, reverse=True)
    versions = []
    for shown in fold([(card, sorted((r for r in content.children.get(card.id, [])
                                      if r.kind == "ruling"), key=lambda r: r.date))
                       for card in group]):
        card = shown.card
        rules_text = str(card.meta.get("rules_text") or "")
        start = card.text.find(rules_text) if rules_text else -1
        span = (start, start + len(rules_text)) if start >= 0 else (0, len(card.text))
        versions.append({"record": card, "span": span, "rulings": shown.rulings,
                         "given": len(shown.given),
                         "reprints": [(r, r.text == card.text) for r in shown.reprints],
                         "aliases": shown.aliases,
                         "facts": card_facts(card)})
    ids = {r.id for r in group}
    mentioned = [r for r in content.about_card.get(name, []) if r.parent not in ids]
    return {"name": name, "title": group[0].title, "versions": versions,
            "printings": sorted(ids), "keywords": content.card_keywords.get(name, []),
            "mentioned": mentioned}


def card_facts(card: Record) -> list[str]:
    """Mana cost, type line and power/toughness or loyalty, as printed."""
    meta = card.meta
    facts = [str(meta[k]) for k in ("mana_cost", "type_line") if meta.get(k)]
    if meta.get("power") is not None and meta.get("toughness") is not None:
        facts.append(f"{meta['power']}/{meta['toughness']}")
    if meta.get("loyalty"):
        facts.append(f"Loyalty {meta['loyalty']}")
    return facts


# --- rules, FAQ, glossary, source pages ----------------------------------------------


def rules_context(content: SiteContent, source: str, top: str, tops: list[str]
                  ) -> dict[str, Any]:
    """One three-digit rule of one source: every rule under it, with what hangs from it."""
    page = content.layout.rules_page(source, top)
    records = content.on_page[page]
    rules = [r for r in records if r.kind == "rule"]
    attached: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        if record.kind != "rule":
            container = content.layout.container(record)
            attached[container.id if container else ""].append(record)
    heading = next((r for r in rules if r.rule == top), None)
    at = tops.index(top)
    others = [(s, content.layout.rules_page(s, top)) for s, ts in content.rules_tops.items()
              if s != source and top in ts]
    return {"source": source, "top": top, "heading": heading, "rules": rules,
            "attached": attached, "orphans": attached.get("", []),
            "previous": tops[at - 1] if at > 0 else None,
            "next": tops[at + 1] if at + 1 < len(tops) else None, "others": others,
            "banner": banner(content, source, top)}


def banner(content: SiteContent, source: str, top: str) -> dict[str, Any] | None:
    """For a rules page of another version than today's: today's version of its heading
    rule (None when the rule is gone), and today's contents."""
    today = content.today
    if today is None or source == today:
        return None
    heading = content.by_id.get(f"{source}:{top}")
    counterpart = None
    for member in content.lineage.get(heading.id, []) if heading else []:
        record = content.by_id.get(member)
        if record is not None and record.source == today:
            counterpart = record
    today_place = None
    if counterpart is not None and counterpart.rule:
        today_place = Place(f"{CURRENT}{file_name(top_rule(counterpart.rule))}.html",
                            anchor_of(counterpart))
    return {"label": source_label(content.source(today)), "counterpart": counterpart,
            "today": today_place, "contents": CURRENT + "index.html"}


def faq_context(content: SiteContent, section: Record) -> dict[str, Any]:
    """A FAQ section: its text, then the rules, rulings and Q&A it holds, and its cards."""
    page = content.layout.faq_page(section)
    held = [r for r in content.on_page[page] if r.id != section.id]
    cards = [r for r in content.children.get(section.id, []) if r.kind == "card"]
    siblings = [r for r in content.by_source[section.source] if is_faq_section(r)]
    at = siblings.index(section)
    return {"section": section, "held": held, "cards": cards,
            "previous": siblings[at - 1] if at > 0 else None,
            "next": siblings[at + 1] if at + 1 < len(siblings) else None}


def source_context(content: SiteContent, source_id: str) -> dict[str, Any]:
    """A source document: what it is, what it holds, and links to all of it."""
    records = content.by_source.get(source_id, [])
    page = content.layout.source_page(source_id)
    tops = content.rules_tops.get(source_id, [])
    top_records = {r.rule: r for r in records if r.kind == "rule" and r.rule in tops}
    sections = [r for r in records if r.kind == "section" and not is_faq_section(r)]
    by_section: dict[str, list[str]] = defaultdict(list)
    for top in tops:
        parent = top_records[top].parent if top in top_records else None
        by_section[parent or ""].append(top)
    entry = content.source(source_id)
    return {"entry": entry, "counts": _counts(records),
            "sections": sections, "by_section": by_section, "tops": tops,
            "top_records": top_records,
            "faq": [r for r in records if is_faq_section(r)],
            "cards": sorted({(r.title, r.title.strip().lower()) for r in records
                             if r.kind == "card"}),
            "keywords": sorted({(r.title, r.keywords[0] if r.keywords else r.title.lower())
                                for r in records if r.kind == "keyword"}),
            "glossary": any(r.kind == "glossary" for r in records),
            "held": [r for r in content.on_page.get(page, []) if r.kind != "section"],
            "file": str(entry.get("path", "")).replace("\\", "/").rsplit("/", 1)[-1]}


def _counts(records: list[Record]) -> list[tuple[str, int]]:
    counts: dict[str, int] = defaultdict(int)
    for record in records:
        counts[record.kind] += 1
    return [(kind, counts[kind]) for kind in KIND_ORDER if counts.get(kind)]


def glossary_context(content: SiteContent, source_id: str) -> dict[str, Any]:
    """The glossary of one rules version."""
    page = content.layout.glossary_page(source_id)
    entries = sorted(content.on_page[page], key=lambda r: r.title.lower())
    letters: dict[str, list[Record]] = defaultdict(list)
    for record in entries:
        letters[_initial(record.title)].append(record)
    return {"source": source_id, "letters": sorted(letters.items())}


def _initial(title: str) -> str:
    first = title.strip()[:1].upper()
    return first if first.isalpha() else "#"


# --- index and findings --------------------------------------------------------------


def index_context(content: SiteContent) -> dict[str, Any]:
    """Sources, keywords, cards and rules versions."""
    keywords = sorted(((g[-1].title, n) for n, g in content.keywords.items()),
                      key=lambda t: t[0].lower())
    cards = sorted(((g[0].title, n) for n, g in content.cards.items()),
                   key=lambda t: t[0].lower())
    tops = content.rules_tops
    return {"sources": [(s, _counts(content.by_source.get(s["id"], [])))
                        for s in content.sources],
            "keywords": keywords, "cards": cards, "total": len(content.records),
            "rules_sources": [s for s in content.sources if s["id"] in tops],
            "rules_versions": sorted((s for s in content.sources if s.get("format") == CR_FORMAT
                                      and s["id"] in tops), key=lambda s: s.get("era", "")),
            "letters": _letters(keywords), "card_letters": _letters(cards)}


def _letters(items: list[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]]]]:
    grouped: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for title, key in items:
        grouped[_initial(title)].append((title, key))
    return sorted(grouped.items())


def findings_context(content: SiteContent) -> dict[str, Any]:
    """Validation results that need a look, and references that resolve nowhere."""
    definitions = content.validation.get("definitions", [])
    statuses: dict[str, int] = defaultdict(int)
    for entry in definitions:
        statuses[str(entry.get("status"))] += 1
    mismatches = [e for e in definitions if e.get("status") == "mismatch"]
    unresolved: dict[str, list[Any]] = defaultdict(list)
    for item in content.unresolved:  # (the citing record, the reference)
        unresolved[item.kind].append((content.by_id[item.record], item))
    return {"statuses": sorted(statuses.items()), "mismatches": mismatches,
            "findings": content.validation.get("findings", []),
            "coverage": content.validation.get("coverage", {}),
            "unresolved": sorted(unresolved.items()), "unresolved_total": len(content.unresolved)}


# --- the plan ------------------------------------------------------------------------


def plan(content: SiteContent) -> list[Page]:
    """Every page of the site."""
    layout = content.layout
    pages = [
        Page("index.html", "index.html", "index", "mtgkb reference",
             lambda: index_context(content)),
        Page("findings.html", "findings.html", "findings", "Validation findings",
             lambda: findings_context(content)),
    ]
    for name, group in sorted(content.keywords.items()):
        pages.append(Page(layout.keyword_page(name), "keyword.html", "keyword",
                          group[-1].title, partial(keyword_context, content, name)))
    for name, group in sorted(content.cards.items()):
        pages.append(Page(layout.card_page(name), "card.html", "card", group[0].title,
                          partial(card_context, content, name)))
    for source, tops in content.rules_tops.items():
        label = source_label(content.source(source))
        for top in tops:
            pages.append(Page(layout.rules_page(source, top), "rules.html", "rules",
                              f"{top} · {label}",
                              partial(rules_context, content, source, top, tops)))
    for record in content.records:
        if is_faq_section(record):
            pages.append(Page(layout.faq_page(record), "faq.html", "faq", record.title,
                              partial(faq_context, content, record)))
    for entry in content.sources:
        source = entry["id"]
        pages.append(Page(layout.source_page(source), "source.html", "source",
                          source_label(entry), partial(source_context, content, source)))
        if layout.glossary_page(source) in content.on_page:
            pages.append(Page(layout.glossary_page(source), "glossary.html", "glossary",
                              f"Glossary · {source_label(entry)}",
                              partial(glossary_context, content, source)))
    return pages


def title_words(title: str) -> str:
    """A page title without repeated white space."""
    return re.sub(r"\s+", " ", title).strip()
