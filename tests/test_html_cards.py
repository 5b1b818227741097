"""Card pages over several printings: a reprint that gives no ruling of its own is one line
under the newest printing, and every anchor of what it folded still lands on its text."""

from __future__ import annotations

import pytest

from kb.html.site import write_site
from tests.test_html_site import Site, broken_links, read_site


@pytest.fixture(scope="module")
def reprinted(reprints_home) -> tuple[Site, dict, dict]:
    """The site of `reprints_home` and its two set files' contents."""
    from kb.build import ensure_built

    home, data, old, new = reprints_home
    write_site(ensure_built(data, home), home.parent / "site")
    return read_site(home.parent / "site", ""), old, new


def _page(name: str) -> str:
    return "card/" + name.lower().replace(" ", "-") + ".html"


def test_a_reprint_with_nothing_new_is_one_line_under_the_newest_printing(reprinted) -> None:
    site, old, _ = reprinted
    soup = site.pages[_page("Battlegrace Angel")]
    sections = soup.select("section.card-version")
    assert len(sections) == 1  # the 2010 printing; 2008's folded into it
    assert "Reprints" in sections[0].h2.get_text()
    assert "Shards of Alara" in sections[0].select_one(".reprints").get_text()
    angel = next(c for c in old["cards"] if c["name"] == "Battlegrace Angel")
    assert len(soup.select(".ruling")) == len(angel["rulings"])  # each ruling once
    # what links to the 2008 printing and its rulings still lands on their text
    assert soup.find(id="mtgjson-ala.card.battlegrace-angel") is not None
    for n in range(1, len(angel["rulings"]) + 1):
        assert soup.find(id=f"mtgjson-ala.card.battlegrace-angel.ruling.{n}") is not None


def test_an_older_printing_is_shown_for_the_rulings_only_it_gives(reprinted) -> None:
    site, old, new = reprinted
    soup = site.pages[_page("Oblivion Ring")]
    sections = soup.select("section.card-version")
    assert [s.h2.get_text(" ", strip=True) for s in sections][1].startswith("Shards of Alara")
    given = len(next(c for c in new["cards"] if c["name"] == "Oblivion Ring")["rulings"])
    assert len(sections[0].select(".ruling")) == given
    older = sections[1].select(".ruling")
    added = next(c for c in old["cards"] if c["name"] == "Oblivion Ring")["rulings"][-1]
    assert len(older) == 1 and older[0].p.get_text() == added["text"]
    assert f"{given} as above" in sections[1].h3.get_text()
    assert len(next(c for c in old["cards"] if c["name"] == "Oblivion Ring")["rulings"]) \
        == given + 1


def test_every_link_and_anchor_of_the_card_pages_resolves(reprinted) -> None:
    site, _, _ = reprinted
    assert broken_links(site) == []
