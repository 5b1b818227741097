"""The link graph over the real parsed documents: the shipped data, then with the four
Comprehensive Rules versions and the MTGJSON set file of ../shared/corpus-extra."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file

from ingest.registry import describe_file, parse_source
from ingest.source import load_manifest
from kb.links import Link, LinkGraph, Unresolved, build_links
from kb.model import Record

FAQ, BLOG = "shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008"
THREAD, DUMP = "keyword-abilities-faq-thread-2012", "rulings-db-abilities-2009"
WIKI = "judge-wiki-keywords-appendix-c"
CR = {era: f"cr-{era}" for era in CR_FILES}
TODAY = "cr-2026-01-16"


def seed_records() -> list[Record]:
    """The shipped seed documents (the shipped Comprehensive Rules left out)."""
    return [r for source in load_manifest(DATA) if source.format != "comprehensive-rules"
            for r in parse_source(source)]


def file_records(path) -> list[Record]:
    source, text = describe_file(extra_file(path))
    return parse_source(source, text)


@pytest.fixture(scope="module")
def shipped() -> tuple[dict[str, Record], LinkGraph]:
    records = seed_records()
    graph = build_links(records)
    return {r.id: r for r in records}, graph


@pytest.fixture(scope="module")
def larger() -> tuple[dict[str, Record], LinkGraph]:
    records = seed_records()
    for path in [*CR_FILES.values(), MTGJSON_ALA]:
        records += file_records(path)
    graph = build_links(records)
    return {r.id: r for r in records}, graph


def test_shipped_thread_exalted_has_lineage_to_the_2008_documents(shipped):
    _, graph = shipped
    assert graph.lineage[f"{THREAD}:702.81a"] == [
        f"{BLOG}:502.83a", f"{FAQ}:502.83a", f"{THREAD}:702.81a"]
    assert graph.lineage[f"{THREAD}:702.81"] == [
        f"{BLOG}:502.83", f"{FAQ}:502.83", f"{THREAD}:702.81"]
    assert graph.lineage[f"{WIKI}:keyword:exalted"] == [
        f"{BLOG}:keyword:exalted", f"{FAQ}:keyword:exalted", f"{WIKI}:keyword:exalted",
        f"{THREAD}:keyword:exalted"]
    assert Link(f"{FAQ}:502.83a", f"{THREAD}:702.81a", "lineage") in graph.links


def test_shipped_references_resolve_within_the_document(shipped):
    records, graph = shipped
    # 702.20c: "(... see rule 702.20j.)" -> the thread's own 702.20j (no CR 2012 shipped)
    assert Link(f"{THREAD}:702.20c", f"{THREAD}:702.20j", "rule-ref") in graph.links
    assert f"{THREAD}:702.20c" in graph.cited_by(f"{THREAD}:702.20j")
    assert records[f"{THREAD}:702.20c"].refs[0] == f"{THREAD}:702.20j"


def test_shipped_unresolved_references_are_listed(shipped):
    _, graph = shipped
    assert Unresolved(f"{FAQ}:502.83b", "rule 306.5",
                      "no rules of era 2008-10-01 have 306.5") in graph.unresolved
    assert [u.text for u in graph.unresolved if u.record == f"{DUMP}:112.1a"] == ["rule 609"]
    # without the Comprehensive Rules, what the documents cite beyond what they quote
    eras = Counter(u.reason.split(" have ")[0][len("no rules of era "):]
                   for u in graph.unresolved)
    # (the 2009 dump's "rule 702.52" is Haunt; the 2012 thread's 702.52 is Bloodthirst)
    assert eras == {"2008-10-01": 4, "2009-10-01": 26, "2012-10-01": 225}
    assert len({(u.record, u.text) for u in graph.unresolved}) == len(graph.unresolved)


@pytest.fixture(scope="module")
def shipped_kb() -> tuple[dict[str, Record], LinkGraph]:
    """The whole shipped KB: the seeds and today's Comprehensive Rules (cr-2026-01-16)."""
    records = [r for source in load_manifest(DATA) for r in parse_source(source)]
    assert TODAY in {r.source for r in records}
    return {r.id: r for r in records}, build_links(records)


def test_shipped_2008_references_do_not_resolve_into_todays_numbering(shipped_kb):
    records, graph = shipped_kb
    # 2008's 306.5 ("attacks alone") is today's 506.5; today's 306.5 is another rule
    assert not [ln for ln in graph.links if ln.dst == f"{TODAY}:306.5"
                and records[ln.src].source in (FAQ, BLOG)]
    reasons = [u.reason for u in graph.unresolved
               if u.record == f"{FAQ}:502.83b" and u.text == "rule 306.5"]
    assert reasons == [f"no rules of era 2008-10-01 have 306.5; the rules {FAQ} quotes do "
                       f"not show that {TODAY} number it the same way"]


def test_shipped_2012_references_resolve_today_only_where_numbered_alike(shipped_kb):
    records, graph = shipped_kb

    def targets(record_id: str) -> list[str]:
        return [ln.dst for ln in graph.links if ln.src == record_id and ln.kind == "rule-ref"]

    # 702.7 first strike and 702.9 flying are the same rules in 2012 and today, as the
    # thread's own 702.6/702.8 and 702.8/702.10 around them show
    assert f"{TODAY}:702.7" in targets(f"{THREAD}:keyword:double-strike")
    assert f"{TODAY}:702.9" in targets(f"{THREAD}:keyword:reach")
    # 601.2e is the total cost in 2012 but the legality check today: not linked
    cited = [u for u in graph.unresolved if u.record.startswith(THREAD) and u.text == "rule 601.2e"]
    assert cited and not any(ln.dst == f"{TODAY}:601.2e" and ln.src.startswith(THREAD)
                             for ln in graph.links)
    # a seed document's reference lands in its own source, or today where shown alike
    for link in graph.links:
        if link.kind == "rule-ref" and records[link.src].source in (FAQ, BLOG, THREAD, DUMP):
            assert link.dst.startswith((records[link.src].source + ":", f"{TODAY}:702."))


def test_shipped_mentions_fill_keywords_and_cards(shipped):
    records, _ = shipped
    devour = next(r for r in records.values() if r.source == FAQ and r.kind == "ruling"
                  and r.text.startswith("If multiple creatures with devour"))
    assert devour.keywords[:1] == ["devour"]
    skullmulcher = records[f"{FAQ}:card:skullmulcher"]
    assert "devour" in skullmulcher.keywords
    cycled = [r for r in records.values() if " cycled" in r.text]
    assert len(cycled) >= 3 and all("cycling" in r.keywords for r in cycled)
    enchantment = [r for r in records.values() if r.kind == "card" and "Enchantment" in r.text
                   and "enchant" not in r.text.replace("Enchantment", "").lower()]
    assert enchantment and all("enchant" not in r.keywords for r in enchantment)


def test_four_versions_give_exalted_its_whole_lineage(larger):
    _, graph = larger
    heading = [CR["2008-10-01"] + ":502.83", f"{BLOG}:502.83", f"{FAQ}:502.83",
               CR["2009-10-01"] + ":702.80", CR["2012-10-01"] + ":702.81", f"{THREAD}:702.81",
               CR["2026-01-16"] + ":702.83"]
    assert graph.lineage[f"{THREAD}:702.81"] == heading
    assert graph.lineage[f"{THREAD}:702.81a"] == [f"{number}a" for number in heading]
    assert Link(f"{THREAD}:702.81a", CR["2012-10-01"] + ":702.81a", "quotes") in graph.links
    assert Link(f"{FAQ}:502.83b", CR["2008-10-01"] + ":502.83b", "quotes") in graph.links


def test_renumbered_rules_follow_their_text(larger):
    _, graph = larger
    # abilities: 402 (2008) -> 112 (2009, 2012) -> 113 (2026)
    assert graph.lineage[CR["2009-10-01"] + ":112"] == [
        CR["2008-10-01"] + ":402", CR["2009-10-01"] + ":112", CR["2012-10-01"] + ":112",
        CR["2026-01-16"] + ":113"]
    assert graph.lineage[f"{DUMP}:112.6h"] == [
        CR["2008-10-01"] + ":402.8g", CR["2009-10-01"] + ":112.6h", f"{DUMP}:112.6h",
        CR["2012-10-01"] + ":112.6j", CR["2026-01-16"] + ":113.6k"]
    # the thread labels Rampage "702.20"; its text is 702.21 of the 2012 rules
    assert Link(f"{THREAD}:702.20~2", CR["2012-10-01"] + ":702.21", "quotes") in graph.links


def test_references_resolve_to_the_rules_of_their_era(larger):
    records, graph = larger
    cr12 = CR["2012-10-01"]
    assert Link(f"{cr12}:702.20c", f"{cr12}:702.20j", "rule-ref") in graph.links
    assert Link(f"{THREAD}:702.20c", f"{cr12}:702.20j", "rule-ref") in graph.links
    assert Link(f"{FAQ}:502.83b", CR["2008-10-01"] + ":306.5", "rule-ref") in graph.links
    assert Link(f"{THREAD}:702.81b", f"{cr12}:506.5", "rule-ref") in graph.links
    section = [link.dst for link in graph.links if link.src == f"{DUMP}:112.1b"
               and link.kind == "rule-ref"]
    assert section == [CR["2009-10-01"] + ":section:6"]
    # the 2009 rules themselves cite 112.5a-j, which they do not have
    assert Unresolved(CR["2009-10-01"] + ":112.3a", "rule 112.5a",
                      "no rules of era 2009-10-01 have 112.5a") in graph.unresolved
    assert not any(u.record.startswith((FAQ, BLOG, THREAD)) for u in graph.unresolved)
    # with the rules of every seed's era loaded, each reference resolves in its own era
    for link in graph.links:
        if link.kind == "rule-ref" and records[link.src].source in (FAQ, BLOG, THREAD, DUMP):
            assert records[link.dst].era == records[link.src].era, link


def test_glossary_mentions_with_inflection(larger):
    records, graph = larger
    ruling = next(r for r in records.values() if r.source == FAQ and r.kind == "ruling"
                  and "a creature \"attacks alone\" if it's the only" in r.text)
    glossary = [link.dst for link in graph.links if link.src == ruling.id
                and link.kind == "glossary"]
    assert CR["2008-10-01"] + ":glossary:attack-alone" in glossary


def test_mtgjson_rulings_link_their_cards_and_keywords(larger):
    records, graph = larger
    rulings = [r for r in records.values() if r.source == "mtgjson-ala" and r.kind == "ruling"
               and "exalted" in r.text.lower()]
    assert rulings and all("exalted" in r.keywords for r in rulings)


def test_linker_mentions_are_ordered_and_disjoint(larger):
    from kb.links import Linker

    records, _ = larger
    linker = Linker(list(records.values()))
    record = records[f"{THREAD}:keyword:banding"]
    mentions = linker.mentions(record.text, record)
    # "702.20a Banding is a static ability that modifies the rules for combat."
    assert [(m.kind, m.text) for m in mentions[:3]] == [
        ("rule-ref", "702.20a"), ("keyword", "Banding"), ("glossary", "static ability")]
    assert all(a.end <= b.start for a, b in zip(mentions, mentions[1:], strict=False))
    assert all(record.text[m.start:m.end] == m.text for m in mentions)


def test_same_graph_whatever_the_hash_seed():
    """Ids and order never depend on set or dict order (string hashing varies per run)."""
    import os
    import subprocess
    import sys

    script = (
        "import hashlib, json\n"
        "from ingest.registry import parse_source\n"
        "from ingest.source import load_manifest\n"
        "from kb.links import build_links\n"
        f"records = [r for s in load_manifest(__import__('pathlib').Path({str(DATA)!r}))"
        " for r in parse_source(s)]\n"
        "g = build_links(records)\n"
        "data = [[x._asdict() for x in g.links], [x._asdict() for x in g.unresolved],"
        " list(g.lineage.items()), [[r.refs, r.keywords, r.cards] for r in records]]\n"
        "print(hashlib.sha256(json.dumps(data).encode()).hexdigest())\n"
    )
    digests = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


def test_2009_reorganisation_state_based_effects_become_actions(larger):
    _, graph = larger
    old, new = CR["2008-10-01"], CR["2009-10-01"]

    def partner(number: str) -> str | None:
        found = [m for m in graph.lineage.get(f"{new}:{number}", []) if m.startswith(old + ":")]
        return found[0].split(":", 1)[1] if found else None

    # heading, 704.2-704.4 and the list of 704.5 (reordered) by their texts and places
    assert [partner(n) for n in ("704", "704.2", "704.3", "704.4", "704.5")] == [
        "420", "420.2", "420.3", "420.4", "420.5"]
    listed = {partner(f"704.5{c}") for c in "abcdefghijkmnpqr"} - {None}
    assert len(listed) >= 14 and all(n.startswith("420.5") for n in listed)
    assert partner("704.5n") == "420.5d"  # the Aura rule, moved down the list
    assert graph.lineage[f"{new}:glossary:state-based-actions"][:2] == [
        f"{old}:glossary:state-based-effects", f"{new}:glossary:state-based-actions"]
    # the whole version: 1,007 of 1,714 rules had a 2008 counterpart before
    rules = [rid for rid in graph.lineage if rid.startswith(new + ":")
             and rid.split(":")[1][:1].isdigit()]
    linked = [rid for rid in rules if any(m.startswith(old + ":") for m in graph.lineage[rid])]
    assert len(linked) >= 1080


def test_a_term_marked_obsolete_continues_its_old_entry(larger):
    """M10 took mana burn out of the rules, and the glossary of 2009 marks the term
    "(Obsolete)" with a text that says it is gone: one entry across the versions, whose
    2008 version says what mana burn was."""
    _, graph = larger
    old, new = CR["2008-10-01"], CR["2009-10-01"]
    lineage = graph.lineage[f"{TODAY}:glossary:mana-burn-obsolete"]
    assert lineage[:2] == [f"{old}:glossary:mana-burn", f"{new}:glossary:mana-burn-obsolete"]
    assert lineage[-1] == f"{TODAY}:glossary:mana-burn-obsolete"
    assert graph.lineage[f"{old}:glossary:in-play"][:2] == [
        f"{old}:glossary:in-play", f"{new}:glossary:in-play-obsolete"]


def test_a_ruling_links_the_rules_in_force_on_its_own_date(larger):
    records, graph = larger
    card = "mtgjson-ala:card:battlegrace-angel"
    rulings = [r for r in records.values() if r.parent == card and r.kind == "ruling"]
    late = next(r for r in rulings if r.date == "2009-10-01" and "lifelink" in r.text)
    early = next(r for r in rulings if r.date == "2008-10-01" and "exalted" in r.text)
    keywords = {r.id: [ln.dst for ln in graph.links if ln.src == r.id and ln.kind == "keyword"]
                for r in (late, early)}
    assert keywords[late.id] == [CR["2009-10-01"] + ":keyword:lifelink"]
    eras = {records[dst].era for dst in keywords[early.id]}
    assert keywords[early.id] and eras == {"2008-10-01"}  # the 2008 documents


def test_basic_land_types_are_not_card_links(larger):
    records, graph = larger
    basics = {f"mtgjson-ala:card:{name}" for name in ("plains", "island", "swamp", "mountain",
                                                       "forest")}
    assert basics <= set(records)  # the set file has the basic land cards
    assert not [ln for ln in graph.links if ln.kind == "card" and ln.dst in basics]
    rule = records[CR["2026-01-16"] + ":205.3i"]
    assert "Forest" in rule.text and rule.cards == []
