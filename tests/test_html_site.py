"""The static site: every internal link and anchor resolves, pages are valid and escaped,
every record has a home, and the output folder is swapped in whole."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from kb.html.content import card_keywords
from kb.html.layout import Layout, anchor_of, file_name, relative, unique_slugs
from kb.html.pages import Page, _same_text
from kb.html.site import MARKER, SiteError, check_paths, write_site
from kb.html.text import changes_against, render
from kb.model import Record
from kb.store import KnowledgeBase
from tests.conftest import DATA


class Pages(Mapping[str, BeautifulSoup]):
    """A site's pages by name, each parsed when first read (parsing is most of a test's
    time, and most tests read a few pages)."""

    def __init__(self, raw: dict[str, str]) -> None:
        self._raw = raw
        self._parsed: dict[str, BeautifulSoup] = {}

    def __getitem__(self, name: str) -> BeautifulSoup:
        if name not in self._parsed:
            self._parsed[name] = BeautifulSoup(self._raw[name], "html.parser")
        return self._parsed[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


@dataclass
class Site:
    """A written site and its pages."""

    root: Path
    summary: str
    pages: Pages
    raw: dict[str, str]
    _ids: dict[str, set[str]] = field(default_factory=dict)

    def ids(self, page: str) -> set[str]:
        """Every id on a page."""
        if page not in self._ids:
            self._ids[page] = {tag["id"] for tag in self.pages[page].find_all(id=True)}
        return self._ids[page]


def read_site(root: Path, summary: str) -> Site:
    """Parse every page of a written site."""
    raw = {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
           for p in sorted(root.rglob("*.html"))}
    return Site(root, summary, Pages(raw), raw)


@pytest.fixture(scope="module")
def site(shipped_build, tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site of the shipped data."""
    out = tmp_path_factory.mktemp("site") / "site"
    return read_site(out, write_site(shipped_build, out))


def broken_links(site: Site, pages: Iterable[str] | None = None) -> list[str]:
    """Every internal link or anchor of `pages` (all by default) that does not resolve,
    as `page: href`."""
    broken = []
    ids: dict[str, set[str]] = {}
    for page in site.pages if pages is None else pages:
        soup = site.pages[page]
        for tag in soup.find_all(href=True) + soup.find_all(src=True):
            url = tag.get("href") or tag.get("src")
            parts = urlsplit(url)
            if parts.scheme or parts.netloc:
                broken.append(f"{page}: external {url}")
                continue
            target = (site.root / page).parent / unquote(parts.path) if parts.path else (
                site.root / page)
            target = target.resolve()
            if not target.is_file() or site.root.resolve() not in target.parents:
                broken.append(f"{page}: {url}")
                continue
            if parts.fragment:
                name = target.relative_to(site.root.resolve()).as_posix()
                if name not in ids:
                    ids[name] = site.ids(name) if name in site.pages else set()
                if unquote(parts.fragment) not in ids[name]:
                    broken.append(f"{page}: {url}")
    return broken


def test_zero_broken_links_and_anchors(site: Site) -> None:
    assert len(site.pages) > 200
    assert broken_links(site) == []


def test_page_counts_of_the_shipped_data(site: Site, shipped_build) -> None:
    kinds = Counter(name.split("/")[0] for name in site.pages if "/" in name)
    with KnowledgeBase(shipped_build.store) as kb:
        records = list(kb.records())
    keywords = {r.keywords[0] if r.keywords else r.title.lower()
                for r in records if r.kind == "keyword"}
    cards = {r.title.lower() for r in records if r.kind == "card"}
    faq_sections = [r for r in records if r.kind == "section" and "number" not in r.meta]
    # 97 keywords in the seed documents, the rest only in today's Comprehensive Rules
    assert kinds["keyword"] == len(keywords) == 256
    assert kinds["card"] == len(cards) == 96
    assert kinds["faq"] == len(faq_sections) == 18
    assert kinds["source"] == 6
    # the FAQ's quoted rules live on its section pages; the others get rules pages, and
    # today's Comprehensive Rules one page per rule section (100, 101, ... 905)
    rules_pages = sorted(n for n in site.pages if n.startswith("rules/"))
    assert [n for n in rules_pages if "/cr-" not in n and "/current/" not in n] == [
        "rules/alara-keyword-rules-blog-2008/502.html",
        "rules/keyword-abilities-faq-thread-2012/701.html",
        "rules/keyword-abilities-faq-thread-2012/702.html",
        "rules/rulings-db-abilities-2009/112.html",
    ]
    cr_pages = [n for n in rules_pages if n.startswith("rules/cr-2026-01-16/")]
    assert len(cr_pages) == 146 + 1 and "rules/cr-2026-01-16/702.html" in cr_pages
    assert "rules/cr-2026-01-16/all.html" in cr_pages  # the whole document
    # today's rules again at addresses naming no version: rules, contents, glossary, whole
    current = [n for n in rules_pages if n.startswith("rules/current/")]
    assert sorted(current) == sorted([p.replace("cr-2026-01-16", "current") for p in cr_pages]
                                     + ["rules/current/index.html",
                                        "rules/current/glossary.html"])
    assert {"index.html", "findings.html"} <= set(site.pages)
    assert re.search(r"Wrote \d+ pages .* in \d+\.\d s", site.summary)


def test_every_page_is_valid_html_basics(site: Site) -> None:
    for name, html in site.raw.items():
        assert html.startswith("<!doctype html>\n<html lang=\"en\">"), name
        soup = site.pages[name]
        assert soup.title and soup.title.get_text(strip=True), name
        assert soup.find("meta", charset="utf-8"), name
        assert soup.find("meta", attrs={"name": "viewport"}), name
        ids = [tag["id"] for tag in soup.find_all(id=True)]
        duplicates = [i for i, n in Counter(ids).items() if n > 1]
        assert duplicates == [], (name, duplicates)
        assert all(re.fullmatch(r"[A-Za-z0-9._~-]+", i) for i in ids), name
        assert len(soup.find_all("h1")) == 1, name
        assert soup.find("input", id="q"), name  # the search box is on every page
        nested = soup.select("a a, p p, p div, p ul, p ol, p dl, p table, p h2, p h3, p section")
        assert nested == [], (name, str(nested[0])[:200] if nested else "")


def test_every_record_has_its_anchor_on_its_home_page(site: Site, shipped_build) -> None:
    with KnowledgeBase(shipped_build.store) as kb:
        records = list(kb.records())
    layout = Layout(records)
    missing = []
    for record in records:
        home = layout.home(record)
        if home.anchor not in site.ids(home.page):
            missing.append(f"{record.id} -> {home.page}#{home.anchor}")
    assert missing == []


def test_rule_anchors_are_rule_numbers(site: Site) -> None:
    ids = site.ids("rules/alara-keyword-rules-blog-2008/502.html")
    assert {"502.82", "502.82a", "502.83", "502.83a", "502.84"} <= ids
    exalted = site.pages["keyword/exalted.html"]
    hrefs = {a["href"] for a in exalted.find_all("a", href=True)}
    assert "../rules/alara-keyword-rules-blog-2008/502.html#502.83" in hrefs


def test_text_with_angle_brackets_and_ampersands_is_escaped(site: Site, shipped_build) -> None:
    with KnowledgeBase(shipped_build.store) as kb:
        records = list(kb.records())
    layout = Layout(records)
    special = [r for r in records if "<" in r.text or "&" in r.text]
    assert special, "the seed documents contain < or &"
    for record in special[:20]:
        home = layout.home(record)
        soup = site.pages[home.page]
        block = soup.find(id=home.anchor)
        shown = block.get_text(" ", strip=True) if block else soup.get_text(" ")
        for char in "<&":
            if char in record.text:
                assert char in shown, record.id
    assert not any("<script>alert" in html for html in site.raw.values())


def test_keyword_page_sets_definitions_side_by_side(site: Site) -> None:
    soup = site.pages["keyword/exalted.html"]
    defs = soup.select(".defs .def")
    sources = [d.h3.get_text(strip=True) for d in defs]
    assert len(defs) >= 4
    assert "Shards of Alara Frequently Asked Questions" in sources
    assert "Keyword Abilities FAQ (forum thread)" in sources
    lineage = [li.find(class_="num").get_text() for li in soup.select(".lineage li")]
    assert lineage[:2] == ["502.83", "702.81"]
    assert soup.find_all("ins") or soup.find_all("del")
    assert soup.select("#rulings .ruling") and soup.select("#qa .qa")
    cards = {a.get_text() for a in soup.select("#cards a")}
    assert {"Angelic Benediction", "Battlegrace Angel"} <= cards


def test_keyword_pages_show_each_ruling_text_once_per_source(site: Site) -> None:
    for name, page in site.pages.items():
        section = page.find(id="rulings") if name.startswith("keyword/") else None
        if section is None:
            continue
        for heading in section.find_all("h3"):
            texts = []
            for block in heading.find_next_siblings():
                if block.name == "h3":
                    break
                texts.append(" ".join(block.p.get_text().lower().split()))
                meta = block.find(class_="meta")
                if meta and meta.get_text().startswith("On "):
                    cards = meta.get_text().split(":")[0]
                    assert int(cards.split()[1]) == len(meta.find_all("a", class_=None)) - len(
                        meta.find_all("a", class_="flag")), (name, cards)
            assert len(texts) == len(set(texts)), (name, heading.get_text())


def test_identical_rulings_on_several_cards_are_one_entry() -> None:
    cards = [Record(id=f"s:card:{n}", kind="card", source="s", title=n.title(), text="")
             for n in ("a", "b", "c")]
    text = "Exalted triggers  once for each instance."
    rulings = [Record(id=f"{c.id}:ruling:1", kind="ruling", source="s", title="", parent=c.id,
                      text=text if c.title != "B" else text.upper()) for c in cards]
    rulings.append(Record(id="s:card:c:ruling:2", kind="ruling", source="s", title="",
                          parent="s:card:c", text="Something else."))
    alone = Record(id="s:keyword:exalted:ruling:1", kind="ruling", source="s", title="",
                   parent="s:keyword:exalted", text=text)
    content = SimpleNamespace(by_id={r.id: r for r in [*cards, *rulings, alone]})
    groups = _same_text(content, [*rulings, alone])  # type: ignore[arg-type]
    assert [[t for t, _ in g["cards"]] for g in groups] == [["A", "B", "C"], ["C"], []]
    assert groups[2]["record"] is alone  # a ruling not given on a card stays on its own


def test_card_page_shows_text_rulings_and_keywords(site: Site) -> None:
    soup = site.pages["card/battlegrace-angel.html"]
    assert soup.h1.get_text() == "Battlegrace Angel"
    keywords = {a.get_text() for a in soup.select(".lede a")}
    assert keywords == {"Exalted", "Flying"}  # flying: defined by the shipped rules of today
    assert {a.get_text() for a in soup.select(".ruling a")} >= {"lifelink"}
    rulings = soup.select(".ruling")
    assert any("lifelink" in r.get_text().lower() for r in rulings)
    assert "Creature" in soup.select_one(".type-line").get_text()
    # the 2008 ruling (each lifelink instance triggers) is flagged as superseded
    flag = soup.select_one(".ruling .flag")
    assert flag is not None and flag.get_text() == "superseded ruling"
    assert flag["href"].startswith("../findings.html#finding-")


def test_unresolved_references_are_plain_text_and_listed(site: Site) -> None:
    findings = site.pages["findings.html"]
    rows = findings.select("#unresolved table tbody tr")
    assert rows
    text, where = rows[0].find_all("td")[:2]
    assert where.a is not None  # the record it is in is a link
    assert text.a is None  # the reference itself is not


def test_card_keywords_come_from_keyword_lines_only() -> None:
    text = ("Flying, first strike\nDevour 1 (As this comes into play, you may sacrifice any"
            " number of creatures.)\nEnchant creature\nWhen it enters, search your library,"
            " reveal them, and shuffle.\nOther creatures with trample get +1/+1.")
    card = Record(id="s:card:x", kind="card", source="s", title="X", text=text,
                  keywords=["trample"], meta={"rules_text": text})
    known = {"flying", "first strike", "devour", "enchant", "reveal", "trample", "sacrifice"}
    assert card_keywords([card], known) == ["devour", "enchant", "first strike", "flying"]


def test_file_names_are_stable_portable_and_collision_free() -> None:
    names = ["fire // ice", "fire-ice", "æther vial", "fire  ice", "???", "con", "nul",
             "lpt1", "..", "battlegrace angel", "x" * 300, "x" * 299, "current"]
    slugs = unique_slugs(names, words=True)
    assert len(set(slugs.values())) == len(names)
    for name in names:  # each depends on its own name alone
        assert slugs[name] == unique_slugs([name], words=True)[name] == file_name(name, True)
        slug = slugs[name]
        assert re.fullmatch(r"[a-z0-9]+(?:-{1,2}[a-z0-9]+)*", slug), slug
        assert len(slug) <= 100 and slug not in ("con", "nul", "lpt1")  # CON.html is reserved
    assert slugs["battlegrace angel"] == "battlegrace-angel"
    assert slugs["fire // ice"].startswith("fire-ice--") and slugs["fire-ice"] != "fire-ice"
    assert slugs["æther vial"].startswith("aether-vial--")
    # ids: kept when already plain, never `.`, `..` or a reserved name, distinct by case
    assert [file_name(i) for i in ("cr-2026-01-16", "702")] == ["cr-2026-01-16", "702"]
    ids = ["..", ".", "Index", "index", "CON", "Foo", "foo", "current"]
    files = [file_name(i) for i in ids]
    assert len(set(files)) == len(ids) and not {".", "..", "con", "current"} & set(files)


def test_hostile_ids_never_leave_their_folder(tmp_path: Path) -> None:
    records = [
        Record(id="..:section:index", kind="section", source="..", title="Index", text="x"),
        Record(id="..:702.1", kind="rule", source="..", title="702.1", text="x", rule="702.1"),
        Record(id="Index:section:index", kind="section", source="Index", title="Index",
               text="y"),
        Record(id="CON:card:con", kind="card", source="CON", title="Con", text="z"),
    ]
    layout = Layout(records)
    paths = [layout.home(r).page for r in records]
    assert all(re.fullmatch(r"[a-z]+/(?:[a-z0-9-]+/)?[a-z0-9.-]+\.html", p) for p in paths), paths
    assert not any(".." in p.split("/") or p == "index.html" for p in paths)
    pages = [Page(p, "faq.html", "faq", p, dict) for p in paths]
    check_paths(pages)
    with pytest.raises(SiteError):
        check_paths([*pages, Page("index.html", "x", "x", "x", dict),
                     Page("Index.html", "x", "x", "x", dict)])
    with pytest.raises(SiteError):
        check_paths([Page("faq/../index.html", "x", "x", "x", dict)])


def test_dead_runs_leftovers_are_pruned(shipped_build, tmp_path: Path) -> None:
    out = tmp_path / "site"
    gone = [tmp_path / f".site.tmp-{2**22 + 7}-1", tmp_path / f".site.old-{2**22 + 9}-2"]
    kept = [tmp_path / f".site.tmp-{os.getpid()}-3", tmp_path / ".other.tmp-1-1"]
    for folder in gone + kept:
        folder.mkdir()
        (folder / "page.html").write_text("x", encoding="utf-8")
    write_site(shipped_build, out)
    assert [p.exists() for p in gone] == [False, False]
    assert all(p.exists() for p in kept)


def test_anchors_and_relative_links() -> None:
    rule = Record(id="cr-2012-10-01:702.81a", kind="rule", source="cr-2012-10-01",
                  title="702.81a Exalted", text="", rule="702.81a")
    ruling = Record(id="x:card:fire-ice:ruling:1", kind="ruling", source="x", title="", text="")
    assert anchor_of(rule) == "702.81a"
    assert anchor_of(ruling) == "x.card.fire-ice.ruling.1"
    layout = Layout([rule])
    place = layout.home(rule)
    assert place.page == "rules/cr-2012-10-01/702.html"
    assert relative("keyword/exalted.html", place) == "../rules/cr-2012-10-01/702.html#702.81a"
    assert relative(place.page, place) == "#702.81a"


def test_render_links_marks_changes_and_escapes() -> None:
    @dataclass
    class M:
        start: int
        end: int
        kind: str
        target: str | None
        text: str

    old = "502.83a Exalted: it comes into play."
    new = "702.81a Exalted: it enters the battlefield <& more>."
    html = render(new, [M(0, 7, "rule-ref", "r", "702.81a"), M(8, 15, "keyword", None, "E")],
                  lambda target: "rules.html#702.81a", changes_against(old, new))
    assert html.startswith('<a href="rules.html#702.81a">702.81a</a> Exalted:')
    assert "<del>comes into play.</del>" in html
    assert "<ins>enters the battlefield &lt;&amp; more&gt;.</ins>" in html


def test_refuses_a_folder_that_is_not_a_site(shipped_build, tmp_path: Path) -> None:
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "cat.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(SiteError, match="not an mtgkb site"):
        write_site(shipped_build, foreign)
    assert [p.name for p in foreign.iterdir()] == ["cat.jpg"]


def test_rewrites_a_previous_site_whole(site: Site, shipped_build, tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_site(shipped_build, out)
    (out / "stale.html").write_text("old", encoding="utf-8")
    write_site(shipped_build, out)
    assert (out / MARKER).exists() and not (out / "stale.html").exists()
    assert (out / "index.html").read_text(encoding="utf-8") == site.raw["index.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no temporary folder left


def keyword_rules(effective: str, body: str) -> str:
    """A small Comprehensive Rules text effective on `effective` ("October 1, 2012"): title,
    contents, section 702 holding `body` (its rules, then the glossary and credits)."""
    return ("Magic: The Gathering Comprehensive Rules\n\n"
            f"These rules are effective as of {effective}.\n\n"
            "Contents\n\n7. Additional Rules\n702. Keyword Abilities\nGlossary\nCredits\n\n"
            "7. Additional Rules\n\n702. Keyword Abilities\n\n" + body)


MINI_RULES = keyword_rules(
    "October 1, 2012", """\
702.1. Most abilities describe what they do <b>in bold</b> & "quoted" text. See rule 702.2a \
and rule 999.9.

702.2. Exalted <script>alert(1)</script>

702.2a Exalted is a triggered ability. "Exalted" means "Whenever a creature you control \
attacks alone, that creature gets +1/+1 until end of turn." See rule 702.1.

702.2b A creature "attacks alone" if it's the only creature declared as an attacker. \
R&D says 3 < 4 > 2. Bell\x07 and \u202eevil\u202c and \u2066isolate\u2069 see rules 702.2a\u2013b.
Example: A <creature> with exalted & flying.

Glossary

Exalted
A keyword ability that can make a creature better when it attacks alone <really>.

Credits

Nobody.
""")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The shipped data plus a small rules file full of markup characters."""
    from kb.build import add_files, ensure_built


    folder = tmp_path_factory.mktemp("hostile")
    rules = folder / "MiniRules.txt"
    rules.write_text(MINI_RULES, encoding="utf-8")
    home = folder / "home"
    add_files(home, [rules])
    build = ensure_built(DATA, home, force=True)
    return read_site(folder / "site", write_site(build, folder / "site"))


def test_markup_in_sources_is_shown_as_text(hostile_site: Site) -> None:
    site = hostile_site
    # the pages of the hostile rules and every page that links to them
    pages = [page for page, text in site.raw.items()
             if "cr-2012-10-01" in page or "cr-2012-10-01" in text]
    assert len(pages) > 10 and "rules/cr-2012-10-01/702.html" in pages
    assert broken_links(site, pages) == []
    page = site.pages["rules/cr-2012-10-01/702.html"]
    assert page.find("script", string=re.compile("alert")) is None
    assert page.find("b") is None and page.find("creature") is None
    assert "<script>alert(1)</script>" in page.find(id="702.2").get_text()
    assert "<b>in bold</b> & \"quoted\" text" in page.find(id="702.1").get_text()
    assert "R&D says 3 < 4 > 2." in page.find(id="702.2b").get_text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in site.raw["rules/cr-2012-10-01/702.html"]
    assert not any("<script>alert" in html for html in site.raw.values())
    search = "".join(p.read_text(encoding="utf-8") for p in
                     [site.root / "search-index.js", *(site.root / "search").glob("*.js")])
    assert "</script>" not in search and "<\\/script>" in search


def test_control_and_bidi_characters_never_reach_a_page(hostile_site: Site) -> None:
    rule = hostile_site.pages["rules/cr-2012-10-01/702.html"].find(id="702.2b").get_text()
    assert "Bell and evil and isolate" in rule
    search = [p.read_text(encoding="utf-8") for p in hostile_site.root.rglob("*.js")]
    for text in [*hostile_site.raw.values(), *search]:
        assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]",
                             text)
    # a letter range keeps its en dash, with no spaces around it
    assert "rules 702.2a\u2013b" in rule


def test_rule_references_link_to_anchors_and_unknown_ones_stay_text(hostile_site: Site) -> None:
    rule = hostile_site.pages["rules/cr-2012-10-01/702.html"].find(id="702.1")
    links = {a.get_text(): a["href"] for a in rule.find_all("a")}
    assert links["rule 702.2a"] == "#702.2a"
    assert "999.9" in rule.get_text() and not any("999.9" in text for text in links)
    findings = hostile_site.pages["findings.html"].select("#unresolved td code")
    assert any("999.9" in code.get_text() for code in findings)


def test_cli_writes_the_site_and_refuses_a_foreign_folder(shipped_home: Path,
                                                          tmp_path: Path) -> None:
    from click.testing import CliRunner

    from kb.cli import main


    runner = CliRunner()
    home, out = shipped_home, tmp_path / "out"
    result = runner.invoke(main, ["--data", str(DATA), "--home", str(home), "html", "-o",
                                  str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Wrote {len(list(out.rglob('*.html')))} pages to {out}")
    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "todo.txt").write_text("keep me", encoding="utf-8")
    result = runner.invoke(main, ["--data", str(DATA), "--home", str(home), "html", "-o",
                                  str(foreign)])
    assert result.exit_code == 2
    assert "not an mtgkb site" in result.output
    assert (foreign / "todo.txt").read_text(encoding="utf-8") == "keep me"


def test_word_changes_give_spans_of_the_new_text() -> None:
    from kb.show import word_changes, word_diff

    old, new = "a b  c d", "a x c d e"
    changes = word_changes(old, new)
    assert [(c.removed, new[c.start:c.end]) for c in changes] == [("b", "x"), ("", "e")]
    assert word_diff(old, new) == "a [-b-] {+x+} c d {+e+}"
    assert changes_against("502.83a Exalted.", "702.81a Exalted.") == []
    assert changes_against("502.83a Exalted.", "Exalted.") == []
