"""Rules versions on the site: today's rules at `rules/current/`, one page per version with
the whole document, a banner on older versions' pages pointing to today's rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.freshness import Build
from kb.html.site import write_site
from tests.test_html_site import Site, broken_links, keyword_rules, read_site

OLD_RULES = keyword_rules(
    "July 1, 2010", """\
702.1. Most abilities describe exactly what they do in the card's rules text.

702.17. Trample

702.17a Trample is a static ability that modifies the rules for assigning an attacking \
creature's combat damage.

702.17b The controller of an attacking creature with trample first assigns damage to the \
creature(s) blocking it. Once all those blocking creatures are assigned lethal damage, any \
remaining damage is assigned as its controller chooses among those blocking creatures and \
the player or planeswalker the creature is attacking.

702.19. Banding

702.19a Banding is a static ability that modifies the rules for combat.

702.19b As a player declares attackers, he or she may declare that one or more attacking \
creatures with banding and up to one attacking creature without banding are all in a band.

Glossary

Trample
A keyword ability that modifies how a creature assigns combat damage.

Credits

Nobody.
""")

NEW_RULES = keyword_rules(
    "January 1, 2030", """\
702.1. Most abilities describe exactly what they do in the card's rules text. Some keyword \
abilities are shorthand for longer abilities, and those are defined in this section.
Example: Quillspike Zephyrwing has a keyword ability whose full text is written here only.

702.19. Trample

702.19a Trample is a static ability that modifies the rules for assigning an attacking \
creature's combat damage.

702.19b The controller of an attacking creature with trample first assigns damage to the \
creature(s) blocking it. Once all those blocking creatures are assigned lethal damage, any \
excess damage is assigned as its controller chooses among those blocking creatures and \
the player, planeswalker, or battle the creature is attacking.

702.22. Banding

702.22a Banding is a static ability that modifies the rules for combat.

Glossary

Trample
A keyword ability that modifies how a creature assigns combat damage.

Credits

Nobody.
""")

OLD, NEW = "CR 2010-07-01", "CR 2030-01-01"


@pytest.fixture(scope="module")
def versions_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A knowledge base of two small rules versions alone (its own data folder), as a site."""
    return _site_of(tmp_path_factory.mktemp("search-versions"),
                    [("old", OLD_RULES, "2010-07-01"), ("new", NEW_RULES, "2030-01-01")])


def rules_home(folder: Path, versions: list[tuple[str, str, str]]) -> Build:
    """A knowledge base of these rules versions alone (name, text, date), built."""
    from kb.build import ensure_built

    (folder / "data" / "sources").mkdir(parents=True)
    manifest = []
    for name, text, date in versions:
        (folder / "data" / "sources" / f"{name}.txt").write_text(text, encoding="utf-8")
        manifest.append(f'[[source]]\nid = "cr-{date}"\ntitle = "Comprehensive Rules {date}"\n'
                        f'path = "sources/{name}.txt"\nformat = "comprehensive-rules"\n'
                        f'date = "{date}"\nera = "{date}"\n')
    (folder / "data" / "sources.toml").write_text("\n".join(manifest), encoding="utf-8")
    return ensure_built(folder / "data", folder / "home")


def _site_of(folder: Path, versions: list[tuple[str, str, str]]) -> Path:
    """The site of a knowledge base of these rules versions alone (name, text, date)."""
    write_site(rules_home(folder, versions), folder / "site")
    return folder / "site"


@pytest.fixture(scope="module")
def parsed(versions_site: Path) -> Site:
    """The pages of the two-version site, parsed."""
    return read_site(versions_site, "")


def source_folder(site: Site, label: str) -> str:
    """The rules folder of the version with this label (`CR 2030-01-01`)."""
    date = label.split()[-1]
    return next(name.split("/")[1] for name in site.pages
                if name.startswith("rules/") and date in name.split("/")[1])


def test_links_and_anchors_resolve_with_versions(parsed: Site) -> None:
    assert broken_links(parsed) == []


def test_todays_rules_at_a_stable_address(parsed: Site) -> None:
    new = source_folder(parsed, NEW)
    current = parsed.pages["rules/current/702.html"]
    assert current.find(id="702.19b").get_text(" ", strip=True).startswith(
        "702.19b The controller of an attacking creature with trample")
    assert current.find(id="702.19b").get_text() == \
        parsed.pages[f"rules/{new}/702.html"].find(id="702.19b").get_text()
    # links on today's pages stay on today's pages; one link to the dated copy
    hrefs = [a["href"] for a in current.find_all("a", href=True)]
    dated = [h for h in hrefs if f"rules/{new}/" in h]
    assert dated == [f"../../rules/{new}/702.html"]
    assert "702.html#702.1" in hrefs or any(h.startswith("#702.") for h in hrefs)
    assert "rules/current/index.html" in parsed.pages
    assert "rules/current/glossary.html" in parsed.pages
    assert parsed.pages["rules/current/glossary.html"].find("dt", string="Trample") or \
        "Trample" in parsed.pages["rules/current/glossary.html"].get_text()
    index = parsed.pages["index.html"]
    assert index.find("a", href="rules/current/index.html")


def test_whole_document_per_version(parsed: Site) -> None:
    for label, rules in ((OLD, ["702.17b", "702.19b"]), (NEW, ["702.19b", "702.22a"])):
        page = parsed.pages[f"rules/{source_folder(parsed, label)}/all.html"]
        for number in rules:
            assert page.find(id=number) is not None, (label, number)
        assert page.find(id="glossary") is not None
    whole = parsed.pages[f"rules/{source_folder(parsed, NEW)}/all.html"]
    # a reference to a rule of the same version is an anchor on the page itself
    refs = [a["href"] for a in whole.find(id="702.1").find_all("a", href=True)]
    assert all(h.startswith("#") for h in refs if "702" in h)
    assert "rules/current/all.html" in parsed.pages


def test_old_versions_carry_a_banner_to_todays_rule(parsed: Site) -> None:
    old = parsed.pages[f"rules/{source_folder(parsed, OLD)}/702.html"]
    banner = old.find(class_="banner")
    assert banner is not None and "not today's rules" in banner.get_text()
    today = banner.find("a")
    assert today["href"] == "../../rules/current/702.html#702"
    assert parsed.pages[f"rules/{source_folder(parsed, NEW)}/702.html"].find(
        class_="banner") is None


def test_every_rule_shows_its_history_with_word_changes(parsed: Site) -> None:
    new = parsed.pages[f"rules/{source_folder(parsed, NEW)}/702.html"].find(id="702.19b")
    history = new.find("details", class_="history")
    assert history is not None and history.summary.get_text().startswith("History: 2 versions")
    steps = history.find_all("li")
    assert [s.a.get_text() for s in steps] == [f"{OLD}: 702.17b", f"{NEW}: 702.19b"]
    assert "this" in steps[1]["class"]
    assert "remaining" in [d.get_text() for d in steps[1].find_all("del")]
    assert "excess" in [i.get_text() for i in steps[1].find_all("ins")]
    same = parsed.pages[f"rules/{source_folder(parsed, NEW)}/702.html"].find(id="702.19a")
    assert "same wording as" in same.find("details", class_="history").get_text()
    old = parsed.pages[f"rules/{source_folder(parsed, OLD)}/702.html"].find(id="702.17b")
    today = old.find(class_="today").a
    assert (today.get_text(), today["href"]) == ("702.19b",
                                                 "../../rules/current/702.html#702.19b")
    assert old.find("details", class_="history").find("li", class_="this").a.get_text() == \
        f"{OLD}: 702.17b"


def test_versions_that_say_the_same_are_one_step_of_a_rules_history(
        tmp_path: Path) -> None:
    # a third version saying what the second says: one step for both (a step per version
    # made each rule of each version list every other, a site of gigabytes over 110)
    newer = NEW_RULES.replace("January 1, 2030", "January 1, 2031")
    site = read_site(_site_of(tmp_path, [("old", OLD_RULES, "2010-07-01"),
                                         ("new", NEW_RULES, "2030-01-01"),
                                         ("newer", newer, "2031-01-01")]), "")
    for label in (NEW, "CR 2031-01-01"):
        page = f"rules/{source_folder(site, label)}/702.html"
        history = site.pages[page].find(id="702.19b").find("details", class_="history")
        assert history.summary.get_text().startswith("History: 3 versions")
        steps = history.find_all("li")
        assert [s.a.get_text() for s in steps] == [
            f"{OLD}: 702.17b", f"{NEW} – CR 2031-01-01: 702.19b"]
        assert "(2 versions)" in steps[1].get_text() and "this" in steps[1]["class"]
        assert steps[1].a["href"] == "#702.19b"  # the step holding this page links to it
        assert "excess" in [i.get_text() for i in steps[1].find_all("ins")]
    assert broken_links(site) == []


def test_a_changes_page_per_pair_of_versions_linked_from_the_history(parsed: Site) -> None:
    old, new = source_folder(parsed, OLD), source_folder(parsed, NEW)
    page = parsed.pages[f"changes/{old}--{new}.html"]
    entry = page.find(id=f"rules-cr-{NEW.split()[-1]}-702.19b")
    assert entry is not None and [a.get_text() for a in entry.find_all("a")][:2] == [
        "702.17b", "702.19b"]
    assert "remaining" in [d.get_text() for d in entry.find_all("del")]
    removed = page.find(id="rules-removed")
    assert removed is not None and "702.19b" in removed.find_next("ul").get_text()
    step = parsed.pages[f"rules/{new}/702.html"].find(id="702.19b").find("a", class_="changes")
    assert step["href"] == f"../../changes/{old}--{new}.html#rules-cr-{NEW.split()[-1]}-702.19b"
    assert parsed.pages["index.html"].find("a", href=f"changes/{old}--{new}.html")
