"""Pages saved from a browser: real documents rendered as HTML parse into the same records."""

from __future__ import annotations

import html
import importlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import comprehensive_rules as cr
from ingest.html_page import html_to_text, looks_like_html
from ingest.registry import PARSER_MODULES, source_text
from ingest.source import Source, load_manifest, read_text
from kb.model import Record
from tests.conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} | Wizards of the Coast</title>
<style>body {{ font-family: serif; }} p > b {{ color: #333; }}</style>
<script>window.dataLayer = []; if (a < b && c) {{ document.write("<p>ad</p>"); }}</script>
</head>
<body>
<header><a href="/"><img src="/logo.png" alt="Wizards of the Coast"></a>
<span>Magic: The Gathering</span></header>
<nav class="menu"><ul>
  <li><a href="/rules">Rules &amp; Documents</a></li>
  <li><a href="/faq">Set FAQs</a></li>
</ul></nav>
<!-- content starts here -->
<main><article id="content">
{content}
</article></main>
<noscript><p>Please enable JavaScript &lt;here&gt;.</p></noscript>
<script src="/analytics.js"></script>
<footer><p>&copy; 1995-2026 Wizards of the Coast LLC &middot; <a href="/privacy">Privacy</a></p>
</footer>
</body>
</html>
"""


def _escape(line: str) -> str:
    """A line as a page writes it: markup characters and non-ASCII as entities."""
    return html.escape(line).encode("ascii", "xmlcharrefreplace").decode("ascii")


def _blocks(text: str) -> list[list[str]]:
    """Runs of non-blank lines."""
    blocks: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def page_of_paragraphs(text: str, title: str) -> str:
    """One `<p>` per paragraph (run of lines), `<br>` between its lines."""
    content = "\n".join("<p>" + "<br>\n".join(_escape(line) for line in block) + "</p>"
                        for block in _blocks(text))
    return PAGE.format(title=title, content=content)


def page_of_lines(text: str, title: str) -> str:
    """One `<p>` per line."""
    content = "\n".join(f"<p>{_escape(line)}</p>" for line in text.split("\n") if line.strip())
    return PAGE.format(title=title, content=content)


def page_of_pre(text: str, title: str) -> str:
    """The text file as a browser shows it: one `<pre>`."""
    return PAGE.format(title=title, content=f"<pre>\n{_escape(text)}</pre>")


def comparable(records: list[Record]) -> list[dict[str, Any]]:
    """What a page must reproduce: the exported fields and the parent (not line numbers)."""
    return [{**r.export(), "parent": r.parent} for r in records]


def cr_slice(version: str) -> str:
    """Head, contents, the first rules, the exalted rules, part of the glossary, credits."""
    lines = read_text(extra_file(CR_FILES[version])).split("\n")
    exalted = next(i for i, line in enumerate(lines) if "a Exalted is a triggered" in line)
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    return "\n".join(lines[:600] + lines[exalted - 4:exalted + 12]
                     + lines[glossary:glossary + 120] + lines[-45:])


def _cr_source(text: str, path: Path) -> Source:
    info = cr.describe(text, path)
    return Source(id=info["id"], title=info["title"], path=path, format=cr.FORMAT,
                  date=info["date"], era=info["era"])


# -------------------------------------------------------------------- looks_like_html

def test_looks_like_html() -> None:
    assert looks_like_html(PAGE.format(title="t", content="<p>x</p>"))
    assert looks_like_html("\ufeff  <html><body>x</body></html>")
    assert looks_like_html("<!-- saved from url=(0042)https://magic.wizards.com -->\n<html>")
    assert looks_like_html('<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML">')
    assert looks_like_html("<p>A fragment</p>")
    assert not looks_like_html('{"cards": []}')
    assert not looks_like_html("Magic: The Gathering Comprehensive Rules\n<www.wizards.com>")
    assert not looks_like_html("<-This creature-> can't block")


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "sources").glob("*.txt")))
def test_seed_texts_are_not_html(name: str) -> None:
    assert not looks_like_html(read_text(DATA / "sources" / name))


def test_real_texts_are_not_html() -> None:
    for path in (*CR_FILES.values(), MTGJSON_ALA):
        if path.exists():
            assert not looks_like_html(read_text(path)), path.name


# ----------------------------------------------------------------------- html_to_text

def test_furniture_dropped_entities_decoded() -> None:
    page = PAGE.format(title="T", content="<p>Fire &amp; Ice &lt;split&gt; &quot;q&quot; "
                                          "caf&eacute; &#8212; x</p>")
    assert html_to_text(page) == 'Fire & Ice <split> "q" caf\u00e9 \u2014 x'


def test_blocks_lines_and_white_space() -> None:
    fragment = ("<div>one</div><div>two <b>bold</b>\n   and   <i>more</i></div>"
                "<p>para<br>\n  next line  </p><p>after</p>"
                "<ul><li>a</li><li>b</li></ul><h2>Head</h2>"
                "<table><tr><td>x</td><td>y</td></tr></table>"
                "<pre>\n  indented\n\n\n  kept</pre>tail")
    assert html_to_text(fragment) == (
        "one\ntwo bold and more\n\npara\nnext line\n\nafter\n\na\nb\nHead\nx y\n"
        "  indented\n\n\n  kept\ntail")


def test_hidden_and_comments_dropped() -> None:
    assert html_to_text("<p>a<!-- no --><span hidden>no</span>b</p>") == "ab"


# -------------------------------------------------------------- real documents as pages

@pytest.mark.parametrize("version", ["2012-10-01", "2026-01-16"])
@pytest.mark.parametrize("render", [page_of_paragraphs, page_of_pre])
def test_cr_page_parses_into_the_same_records(version: str, render: Any,
                                              tmp_path: Path) -> None:
    text = cr_slice(version)
    path = tmp_path / "rules.html"
    path.write_text(render(text, "Comprehensive Rules"), encoding="utf-8")
    shown = source_text(path)
    assert "Rules & Documents" not in shown and "dataLayer" not in shown
    assert "Please enable" not in shown and "Privacy" not in shown
    assert cr.sniff(shown)
    assert cr.describe(shown, path) == cr.describe(text, path)
    source = _cr_source(text, path)
    expected = cr.parse(source, text)
    assert {r.kind for r in expected} == {"section", "rule", "keyword", "glossary"}
    assert comparable(cr.parse(source, shown)) == comparable(expected)


def test_cr_page_with_a_paragraph_per_line_keeps_the_rules(tmp_path: Path) -> None:
    text = cr_slice("2009-10-01")
    path = tmp_path / "rules.html"
    path.write_text(page_of_lines(text, "Comprehensive Rules"), encoding="utf-8")
    shown = source_text(path)
    source = _cr_source(text, path)
    rules = [r for r in cr.parse(source, text) if r.kind != "glossary"]
    assert len(rules) > 200 and any(r.meta.get("examples") for r in rules)
    from_page = [r for r in cr.parse(source, shown) if r.kind != "glossary"]
    assert comparable(from_page) == comparable(rules)


def _seed_parser(source: Source) -> Any:
    """The parser of a seed source, or a skip while its module is not written yet."""
    try:
        return importlib.import_module(PARSER_MODULES[source.format])
    except ModuleNotFoundError:
        pytest.skip(f"no parser for {source.format} yet")


@pytest.mark.parametrize("source_id", [s.id for s in load_manifest(DATA)])
def test_seed_page_parses_into_the_same_records(source_id: str, tmp_path: Path) -> None:
    source = next(s for s in load_manifest(DATA) if s.id == source_id)
    parser = _seed_parser(source)
    text = read_text(source.path)
    path = tmp_path / f"{source_id}.html"
    path.write_text(page_of_paragraphs(text, source.title), encoding="utf-8")
    shown = source_text(path)
    assert parser.sniff(shown)
    expected = parser.parse(source, text)
    assert expected
    assert comparable(parser.parse(source.with_(path=path), shown)) == comparable(expected)


def test_set_faq_page_parses_into_the_same_records(tmp_path: Path) -> None:
    source = next(s for s in load_manifest(DATA) if s.format == "set-faq")
    parser = _seed_parser(source)
    text = read_text(source.path)
    path = tmp_path / "faq.html"
    path.write_text(page_of_paragraphs(text, source.title), encoding="utf-8")
    expected = parser.parse(source, text)
    from_page = parser.parse(source, source_text(path))
    assert len([r for r in from_page if r.kind == "card" and r.parent is None]) == 85
    assert [(r.id, r.title, r.text) for r in from_page] == [
        (r.id, r.title, r.text) for r in expected]


# ------------------------------------------------------------------- property tests

_LINE = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1,
                max_size=40).map(lambda s: " ".join(s.split())).filter(bool)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_LINE, min_size=1, max_size=4), min_size=1, max_size=6))
def test_paragraph_pages_round_trip(blocks: list[list[str]]) -> None:
    text = "\n\n".join("\n".join(block) for block in blocks)
    assert html_to_text(page_of_paragraphs(text, "t")) == text


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\n\t"),
               max_size=200))
def test_pre_pages_round_trip(text: str) -> None:
    assert html_to_text(f"<html><body><pre>{_escape(text)}</pre></body></html>") == (
        text[1:] if text.startswith("\n") else text).rstrip(" ")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.text(alphabet=st.sampled_from(
    list("<>/=\"' &;#!-pdivbrscriptnavhtmlprea\n")), max_size=300))
def test_arbitrary_markup_never_crashes(text: str) -> None:
    first = html_to_text(text)
    assert html_to_text(text) == first
    looks_like_html(text)
