"""The link graph (`kb.links`) on records built from sentences of the real documents."""

from __future__ import annotations

from kb.links import Link, Linker, Unresolved, build_links
from kb.links.agreement import Numbering
from kb.model import Record

FAQ, BLOG = "shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008"
THREAD, DUMP = "keyword-abilities-faq-thread-2012", "rulings-db-abilities-2009"
CR08, CR09, CR12 = "cr-2008-10-01", "cr-2009-10-01", "cr-2012-10-01"
WIKI = "wiki"
ERA = {FAQ: "2008-10-01", BLOG: "2008-10-01", CR08: "2008-10-01", DUMP: "2009-10-01",
       CR09: "2009-10-01", THREAD: "2012-10-01", CR12: "2012-10-01", WIKI: "2012-01-01"}

EXALTED_A_2008 = ('Exalted is a triggered ability. "Exalted" means "Whenever a creature you '
                  'control attacks alone, that creature gets +1/+1 until end of turn."')
EXALTED_B_2008 = ("A creature \"attacks alone\" if it's the only creature declared as an "
                  "attacker in a given combat phase. See rule 306.5.")
EXALTED_B_2012 = EXALTED_B_2008.replace("306.5", "506.5")
ABILITY_2009 = ("An ability can be one of two things: An ability is a characteristic an object "
                "has that lets it affect the game. An object's abilities are defined by its "
                "rules text or by the effect that created it.")


def rule(source: str, number: str, text: str, keywords: tuple[str, ...] = ()) -> Record:
    parent = number[:-1] if number[-1].isalpha() else None
    return Record(id=f"{source}:{number}", kind="rule", source=source, title=number, text=text,
                  rule=number, era=ERA[source], date=ERA[source], keywords=list(keywords),
                  parent=f"{source}:{parent}" if parent else None)


def keyword(source: str, name: str, number: str, letters: str = "ab") -> Record:
    return Record(id=f"{source}:keyword:{name}", kind="keyword", source=source,
                  title=name.capitalize(), text="", era=ERA[source], keywords=[name],
                  meta={"number": number, "rules": [f"{source}:{number}"]
                        + [f"{source}:{number}{c}" for c in letters]})


def exalted(source: str, number: str, b_text: str = EXALTED_B_2008) -> list[Record]:
    return [rule(source, number, "Exalted", ("exalted",)),
            rule(source, number + "a", EXALTED_A_2008, ("exalted",)),
            rule(source, number + "b", b_text, ("exalted",)),
            keyword(source, "exalted", number)]


def ruling(source: str, n: int, text: str) -> Record:
    return Record(id=f"{source}:card:x:ruling:{n}", kind="ruling", source=source, title="x",
                  text=text, era=ERA[source], date=ERA[source])


def test_reference_resolves_to_the_rules_of_its_era():
    records = [*exalted(FAQ, "502.83"), *exalted(THREAD, "702.81", EXALTED_B_2012),
               rule(CR08, "306.5", "A creature attacks alone if ..."),
               rule(CR12, "306.5", "Each planeswalker has ..."),
               rule(CR12, "506.5", "A creature attacks alone if ...")]
    graph = build_links(records)
    assert Link(f"{FAQ}:502.83b", f"{CR08}:306.5", "rule-ref") in graph.links
    assert Link(f"{THREAD}:702.81b", f"{CR12}:506.5", "rule-ref") in graph.links
    # 306.5 of 2012 is another rule: no 2008 or 2012 text citing "306.5"/"506.5" lands there
    assert graph.cited_by(f"{CR12}:306.5") == []
    assert graph.cited_by(f"{CR08}:306.5") == [f"{FAQ}:502.83b"]
    assert graph.unresolved == []


def test_unresolved_references_are_listed_not_dropped():
    records = [*exalted(FAQ, "502.83"),
               ruling(FAQ, 2, "If it attacks alone, see rule 306.5 and rule 502.83a.")]
    graph = build_links(records)
    assert Unresolved(f"{FAQ}:card:x:ruling:2", "rule 306.5",
                      "no rules of era 2008-10-01 have 306.5") in graph.unresolved
    # the document's own quoted rule answers when no Comprehensive Rules of its era exist
    assert graph.refs(f"{FAQ}:card:x:ruling:2")[0] == f"{FAQ}:502.83a"


def test_a_number_missing_from_its_own_eras_rules_stays_unresolved():
    # the 2009 dump cites "Rules 112.5a through Rule 112.5j", which the 2009-10 CR lacks
    records = [rule(DUMP, "112.3a", "fits the criteria described in Rules 112.5a through "
                                    "Rule 112.5j."),
               rule(CR09, "112.5", "Some activated abilities are loyalty abilities."),
               rule(CR12, "112.5a", "Another rule in a later version.")]
    graph = build_links(records)
    assert [u.text for u in graph.unresolved] == [f"rule 112.5{c}" for c in "abcdefghij"]
    assert graph.unresolved[0].reason == "no rules of era 2009-10-01 have 112.5a"


def test_fallbacks_only_to_a_version_numbered_like_the_document():
    # a 2012 wiki (no rules of its era loaded) quotes 702.25 and 702.27, which bracket 702.26
    wiki = [rule(WIKI, "702.25", "Fear"), rule(WIKI, "702.27", "Cycling")]
    text = "Shadow is an evasion ability (see rule 702.26, rule 306.5 and rule 502.9)."
    cite = Record(id=f"{WIKI}:keyword:shadow", kind="keyword", source=WIKI, title="Shadow",
                  text=text, era=ERA[WIKI], keywords=["shadow"])
    records = [*wiki, cite,
               rule(CR09, "702.25", "Fear"), rule(CR09, "702.26", "Shadow"),
               rule(CR09, "702.27", "Cycling"),
               # the nearer 2012 rules number keywords otherwise around 702.26
               rule(CR12, "702.25", "Flanking"), rule(CR12, "702.26", "Shadow"),
               rule(CR12, "702.27", "Fear"), rule(CR12, "306.5", "Each planeswalker has ..."),
               rule(FAQ, "502.9", "Shadow")]
    graph = build_links(records)
    assert graph.refs(cite.id) == [f"{CR09}:702.26"]
    # nothing the wiki quotes shows how 2012 numbers 306 or how the 2008 FAQ numbers 502
    assert [(u.text, u.reason) for u in graph.unresolved] == [
        ("rule 306.5", f"no rules of era 2012-01-01 have 306.5; the rules {WIKI} quotes do "
                       f"not show that {CR12} number it the same way"),
        ("rule 502.9", f"no rules of era 2012-01-01 have 502.9; the rules {WIKI} quotes do "
                       f"not show that {FAQ} number it the same way")]


def test_any_source_of_the_same_era_answers_as_is():
    records = [rule(FAQ, "502.9", "Shadow"), ruling(BLOG, 1, "It has shadow (rule 502.9).")]
    assert build_links(records).refs(f"{BLOG}:card:x:ruling:1") == [f"{FAQ}:502.9"]


def test_a_text_of_no_era_reads_the_newest_rules():
    text = Record(id="note:1", kind="ruling", source="note", title="n", text="See rule 306.5.")
    records = [text, rule(CR08, "306.5", "A creature attacks alone if ..."),
               rule(CR12, "306.5", "Each planeswalker has ...")]
    assert build_links(records).refs("note:1") == [f"{CR12}:306.5"]


def test_numbering_evidence_is_the_quoted_siblings_around_a_number():
    quoted = [rule(THREAD, n, "x") for n in ("702.6", "702.6c", "702.8", "702.16a", "702.16c")]
    numbering = Numbering(quoted)
    assert numbering.evidence(THREAD, "702.7") == ["702.6", "702.8"]
    assert numbering.evidence(THREAD, "702.16b") == ["702.16a", "702.16c"]
    assert numbering.evidence(THREAD, "702.8") == ["702.8"]
    assert numbering.evidence(THREAD, "702.9") == []       # nothing quoted above it
    assert numbering.evidence(THREAD, "601.2b") == []      # nothing quoted in 601
    assert numbering.evidence(THREAD, "6") == []


def test_section_reference_resolves_to_the_section_record():
    section = Record(id=f"{CR09}:section:6", kind="section", source=CR09,
                     title="6. Spells, Abilities, and Effects", text="", era=ERA[CR09],
                     meta={"number": "6", "heading": "Spells, Abilities, and Effects"})
    text = 'This kind of ability is an object. (See Section 6, "Spells, Abilities, and Effects.")'
    records = [section, rule(DUMP, "112.1b", text)]
    assert build_links(records).refs(f"{DUMP}:112.1b") == [f"{CR09}:section:6"]


def test_mentions_prefer_the_same_source_then_the_same_era():
    card_faq = Record(id=f"{FAQ}:card:skullmulcher", kind="card", source=FAQ,
                      title="Skullmulcher", text="Devour 1", era=ERA[FAQ])
    card_json = Record(id="mtgjson-ala:card:skullmulcher", kind="card", source="mtgjson-ala",
                       title="Skullmulcher", text="Devour 1", era="2008-10-03")
    devour = [Record(id=f"{s}:keyword:devour", kind="keyword", source=s, title="Devour",
                     text="", era=ERA[s], keywords=["devour"]) for s in (FAQ, CR08, CR12)]
    records = [card_faq, card_json, *devour,
               ruling(FAQ, 1, "Skullmulcher can devour other creatures."),
               ruling(THREAD, 1, "A creature with devour, like Skullmulcher, devoured two.")]
    linker = Linker(records)
    faq = [(m.text, m.kind, m.target) for m in linker.mentions(records[-2].text, records[-2])]
    assert faq == [("Skullmulcher", "card", card_faq.id), ("devour", "keyword", devour[0].id)]
    thread = [m.target for m in linker.mentions(records[-1].text, records[-1])]
    assert thread == [devour[2].id, card_json.id, devour[2].id]


def test_build_links_fills_refs_keywords_and_cards_deterministically():
    card = Record(id=f"{FAQ}:card:dregscape-zombie", kind="card", source=FAQ,
                  title="Dregscape Zombie", text="Unearth {B}", era=ERA[FAQ])
    unearth = Record(id=f"{FAQ}:keyword:unearth", kind="keyword", source=FAQ, title="Unearth",
                     text="", era=ERA[FAQ], keywords=["unearth"])
    text = ("If Dregscape Zombie is unearthed and then removed from the game, see rule 502.84a.")
    records = [card, unearth, rule(FAQ, "502.84a", "Unearth is an activated ability."),
               ruling(FAQ, 1, text)]
    first = build_links(records)
    target = records[-1]
    assert target.cards == ["Dregscape Zombie"]
    assert target.keywords == ["unearth"]
    assert target.refs == [f"{FAQ}:502.84a", card.id, unearth.id]
    again = build_links(records)
    assert again.links == first.links and target.refs == [f"{FAQ}:502.84a", card.id, unearth.id]


def test_lineage_of_a_keyword_across_versions_and_quotes():
    records = [*exalted(FAQ, "502.83"), *exalted(BLOG, "502.83"), *exalted(CR08, "502.83"),
               *exalted(CR09, "702.80", EXALTED_B_2012), *exalted(CR12, "702.81", EXALTED_B_2012),
               *exalted(THREAD, "702.81", EXALTED_B_2012)]
    graph = build_links(records)
    assert graph.lineage[f"{THREAD}:702.81a"] == [
        f"{CR08}:502.83a", f"{BLOG}:502.83a", f"{FAQ}:502.83a", f"{CR09}:702.80a",
        f"{CR12}:702.81a", f"{THREAD}:702.81a"]
    assert graph.lineage[f"{CR09}:keyword:exalted"][0] == f"{CR08}:keyword:exalted"
    assert Link(f"{THREAD}:702.81a", f"{CR12}:702.81a", "quotes") in graph.links
    assert Link(f"{FAQ}:502.83b", f"{CR08}:502.83b", "quotes") in graph.links
    assert Link(f"{CR09}:702.80", f"{CR12}:702.81", "lineage") in graph.links
    thread_a = next(r for r in records if r.id == f"{THREAD}:702.81a")
    assert f"{CR12}:702.81a" in thread_a.refs


def test_lineage_of_renumbered_rules_by_text():
    # abilities: 112 in the 2009 rules, 113 today; subrules found by their words
    texts = [ABILITY_2009, "Abilities can affect the objects they're on. They can also affect "
             "other objects and/or players.", "Abilities can be beneficial or detrimental."]
    old = [rule(CR09, "112", "Abilities")] + [rule(CR09, f"112.{i + 1}", t)
                                              for i, t in enumerate(texts)]
    new = [rule(CR12, "112", "Spells"), rule(CR12, "113", "Abilities"),
           rule(CR12, "113.1", ABILITY_2009.replace("two things", "three things")),
           rule(CR12, "113.2", texts[1]), rule(CR12, "113.3", texts[2] + " Also new words.")]
    graph = build_links(old + new)
    assert graph.lineage[f"{CR09}:112.1"] == [f"{CR09}:112.1", f"{CR12}:113.1"]
    assert graph.lineage[f"{CR09}:112.3"] == [f"{CR09}:112.3", f"{CR12}:113.3"]
    assert graph.lineage[f"{CR09}:112"] == [f"{CR09}:112", f"{CR12}:113"]
    assert f"{CR12}:112" not in graph.lineage


def test_a_text_two_rules_share_joins_the_rule_numbered_and_headed_alike():
    """2020's 505.5 (Main Phase) and 510.3 (Combat Damage Step) both read "Third, the
    active player gets priority."; 2026 keeps the text at 510.3 and changes the main
    phase's. 2026's 510.3 is 2020's 510.3, not whichever came first in the document
    (505.5, whose lineage then showed a main-phase rule's versions under combat damage)."""
    third = 'Third, the active player gets priority. (See rule 117, "Timing and Priority.")'

    def titled(source: str, number: str, heading: str, text: str) -> Record:
        record = rule(source, number, text)
        record.title = f"{number} {heading}"
        return record

    old = [titled(CR09, "505.5", "Main Phase", third),
           titled(CR09, "510.3", "Combat Damage Step", third)]
    new = [titled(CR12, "505.5", "Main Phase", "Third, if the active player controls a "
                  "Saga, that player puts a lore counter on it."),
           titled(CR12, "510.3", "Combat Damage Step", third)]
    lineage = build_links(old + new).lineage
    assert lineage[f"{CR12}:510.3"] == [f"{CR09}:510.3", f"{CR12}:510.3"]
    assert lineage.get(f"{CR09}:505.5", [f"{CR09}:505.5"])[-1] != f"{CR12}:510.3"
    # a text moved under another heading and number is still the same rule
    moved = [titled(CR09, "101.3", "Starting the Game", "Each player draws seven cards."),
             titled(CR12, "905.6", "Conspiracy Draft", "Each player draws seven cards.")]
    assert build_links(moved).lineage[f"{CR09}:101.3"] == [f"{CR09}:101.3", f"{CR12}:905.6"]


def test_lineage_sees_through_era_wording():
    old = rule(CR08, "212.4a", "If a permanent would come into play, it comes into play "
                               "tapped and is removed from the game at end of turn.")
    new = rule(CR12, "305.4a", "If a permanent would enter the battlefield, it enters the "
                               "battlefield tapped and is exiled at end of turn.")
    assert build_links([old, new]).lineage[old.id] == [old.id, new.id]
