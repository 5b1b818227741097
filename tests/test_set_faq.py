"""The set FAQ parser on the shipped Shards of Alara FAQ (2008)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import registry, set_faq
from ingest.prose_blocks import clean, prose_date, rules_era
from ingest.source import IngestError, Source, load_manifest, read_text
from kb.model import Record
from tests.parsing import assert_ids_sound

SOURCE_ID = "shards-of-alara-faq-2008"
FAQ_TEXT = read_text(DATA / "sources" / "shards-of-alara-faq-2008.txt")
FAQ_LINES = FAQ_TEXT.split("\n")
OTHER_SOURCES = ["alara-keyword-rules-blog-2008", "keyword-abilities-faq-thread-2012",
                 "rulings-db-abilities-2009", "judge-wiki-keywords-appendix-c"]
EXAMPLE_CARDS = ["Skullmulcher", "Angelic Benediction", "Dregscape Zombie", "Filigree Sages",
                 "Rakeclaw Gargantuan", "Ridge Rannet", "Resounding Roar", "Naya Charm",
                 "Angel's Herald", "Naya Panorama", "Deathgreeter"]
SECTION_RULINGS = {
    "new-rarity-mythic-rare": 0, "theme-shards": 0, "new-format-for-launch-parties": 0,
    "jund-keyword-ability-devour": 6, "bant-keyword-ability-exalted": 7,
    "grixis-keyword-ability-unearth": 7, "esper-theme-colored-artifacts": 2,
    "naya-theme-5-power-matters": 5, "returning-keyword-ability-cycling": 5,
    "cycle-charms": 3, "cycle-heralds": 3, "cycle-panoramas": 3,
    "returning-card-type-planeswalker": 0, "theme-death-triggers": 6,
}


@pytest.fixture(scope="module")
def source() -> Source:
    """The manifest entry of the FAQ."""
    return next(s for s in load_manifest(DATA) if s.id == SOURCE_ID)


@pytest.fixture(scope="module")
def records(source: Source) -> list[Record]:
    """Every record of the FAQ, parsed once."""
    return set_faq.parse(source, FAQ_TEXT)


@pytest.fixture(scope="module")
def by_id(records: list[Record]) -> dict[str, Record]:
    """The records by id."""
    return {record.id: record for record in records}


def of_kind(records: list[Record], kind: str, part: str = "") -> list[Record]:
    """Records of a kind whose id contains `part`."""
    return [r for r in records if r.kind == kind and part in r.id]


# --- counts ---------------------------------------------------------------------------


def test_counts_per_kind(records: list[Record]) -> None:
    assert Counter(r.kind for r in records) == {
        "section": 14, "rule": 12, "keyword": 4, "card": 85 + 11, "ruling": 47 + 188,
    }


def test_general_notes_counts(records: list[Record]) -> None:
    sections = of_kind(records, "section")
    assert len(sections) == 14
    assert len(of_kind(records, "ruling", ":section:")) == 47
    examples = [r for r in of_kind(records, "card") if r.parent]
    assert [r.title for r in examples] == EXAMPLE_CARDS
    section_ids = {r.id for r in sections}
    assert all(r.parent in section_ids for r in examples)
    rulings = Counter(r.parent.rsplit(":", 1)[1] for r in of_kind(records, "ruling", ":section:"))
    assert {slug: rulings[slug] for slug in SECTION_RULINGS} == SECTION_RULINGS


def test_card_specific_counts(records: list[Record]) -> None:
    cards = [r for r in of_kind(records, "card") if r.parent is None]
    assert len(cards) == 85
    assert (cards[0].title, cards[-1].title) == ("Ad Nauseam", "Wild Nacatl")
    rulings = of_kind(records, "ruling", ":card:")
    assert len(rulings) == 188
    card_ids = {r.id for r in cards}
    assert all(r.parent in card_ids for r in rulings)
    assert Counter(r.meta["subject"] for r in rulings)["Lich's Mirror"] == 17


def test_quoted_rules_and_keywords(records: list[Record]) -> None:
    assert [r.rule for r in of_kind(records, "rule")] == [
        "502.82", "502.82a", "502.82b", "502.83", "502.83a", "502.83b",
        "502.84", "502.84a", "502.18", "502.18a", "502.18b", "502.18c",
    ]
    keywords = {r.title: r.meta["number"] for r in of_kind(records, "keyword")}
    assert keywords == {"Devour": "502.82", "Exalted": "502.83", "Unearth": "502.84",
                        "Cycling": "502.18"}


# --- whole records --------------------------------------------------------------------


def test_battlegrace_angel_card(by_id: dict[str, Record]) -> None:
    card = by_id[f"{SOURCE_ID}:card:battlegrace-angel"]
    rules = ("Flying\n"
             "Exalted (Whenever a creature you control attacks alone, that creature gets "
             "+1/+1 until end of turn.)\n"
             "Whenever a creature you control attacks alone, it gains lifelink until end of "
             "turn.")
    assert card.to_dict() == {
        "id": f"{SOURCE_ID}:card:battlegrace-angel", "kind": "card", "source": SOURCE_ID,
        "title": "Battlegrace Angel",
        "text": f"Battlegrace Angel\n{{3}}{{W}}{{W}}\nCreature \u2014 Angel\n4/4\n{rules}",
        "date": "2008-09-23", "rule": None, "keywords": [], "cards": ["Battlegrace Angel"],
        "refs": [], "line_start": 614, "line_end": 622, "parent": None, "era": "2008-10-01",
        "meta": {"mana_cost": "{3}{W}{W}", "type_line": "Creature \u2014 Angel",
                 "power": "4", "toughness": "4", "rules_text": rules},
    }


def test_battlegrace_angel_ruling_each_lifelink_triggers(by_id: dict[str, Record]) -> None:
    ruling = by_id[f"{SOURCE_ID}:card:battlegrace-angel:ruling:1"]
    assert f"{SOURCE_ID}:card:battlegrace-angel:ruling:2" not in by_id
    assert ruling.to_dict() == {
        "id": f"{SOURCE_ID}:card:battlegrace-angel:ruling:1", "kind": "ruling",
        "source": SOURCE_ID, "title": "Battlegrace Angel \u2014 ruling 1",
        "text": "Battlegrace Angel could cause a creature to have multiple instances of "
                "lifelink. For example, a creature you control that already has lifelink "
                "could attack alone while you control Battlegrace Angel, or a creature you "
                "control could attack alone while you control more than one Battlegrace "
                "Angel. If a creature has multiple instances of lifelink, each instance will "
                "trigger separately when it deals damage. You'll gain the appropriate amount "
                "of life that many times.",
        "date": "2008-09-23", "rule": None, "keywords": [], "cards": ["Battlegrace Angel"],
        "refs": [], "line_start": 624, "line_end": 630,
        "parent": f"{SOURCE_ID}:card:battlegrace-angel", "era": "2008-10-01",
        "meta": {"subject": "Battlegrace Angel"},
    }


def test_planeswalker_loyalty(by_id: dict[str, Record]) -> None:
    card = by_id[f"{SOURCE_ID}:card:ajani-vengeant"]
    assert card.meta == {
        "mana_cost": "{2}{R}{W}", "type_line": "Planeswalker \u2014 Ajani", "loyalty": "3",
        "rules_text": "[+1]: Target permanent doesn't untap during its controller's next "
                      "untap step.\n[-2]: Ajani Vengeant deals 3 damage to target creature or "
                      "player and you gain 3 life.\n[-7]: Destroy all lands target player "
                      "controls.",
    }
    assert "Loyalty: 3" in card.text.split("\n")


def test_star_power_and_land_without_cost(by_id: dict[str, Record]) -> None:
    master = by_id[f"{SOURCE_ID}:card:master-of-etherium"]
    assert (master.meta["power"], master.meta["toughness"]) == ("*", "*")
    panorama = by_id[f"{SOURCE_ID}:card:naya-panorama"]
    assert "mana_cost" not in panorama.meta and panorama.meta["type_line"] == "Land"
    assert panorama.parent == f"{SOURCE_ID}:section:cycle-panoramas"


def test_ruling_with_sub_items_is_one_record(by_id: dict[str, Record]) -> None:
    ruling = by_id[f"{SOURCE_ID}:card:empyrial-archangel:ruling:1"]
    assert f"{SOURCE_ID}:card:empyrial-archangel:ruling:2" not in by_id
    lines = ruling.text.split("\n")
    assert len(lines) == 3
    assert lines[0].endswith("You choose one to apply.")
    assert lines[1] == ("\u2014 If you apply Empyrial Archangel's effect, the damage is "
                        "redirected to it. The planeswalker replacement effect is no longer "
                        "applicable.")
    assert lines[2].startswith("\u2014 If you apply the planeswalker replacement effect,")
    assert (ruling.line_start, ruling.line_end) == (954, 964)
    gather = by_id[f"{SOURCE_ID}:card:gather-specimens:ruling:4"]
    assert gather.text.count("\n\u2014 If ") == 5
    assert '"[this creature] comes into play with."' in gather.text  # curly quotes evened


def test_bullet_without_blank_line_starts_a_ruling(by_id: dict[str, Record]) -> None:
    first = by_id[f"{SOURCE_ID}:card:minion-reflector:ruling:1"]
    second = by_id[f"{SOURCE_ID}:card:minion-reflector:ruling:2"]
    assert (first.line_end, second.line_start) == (1478, 1479)
    assert second.text.startswith("The copiable values of the token's characteristics")


def test_exalted_section_with_its_rules(by_id: dict[str, Record]) -> None:
    section_id = f"{SOURCE_ID}:section:bant-keyword-ability-exalted"
    section = by_id[section_id]
    assert section.to_dict() == {
        "id": section_id, "kind": "section", "source": SOURCE_ID,
        "title": "Bant Keyword Ability: Exalted",
        "text": "Exalted is an ability that pumps up a single heroic attacker.\n\n"
                "The official rules for exalted are as follows:",
        "date": "2008-09-23", "rule": None, "keywords": ["exalted"], "cards": [], "refs": [],
        "line_start": 147, "line_end": 199, "parent": None, "era": "2008-10-01",
        "meta": {"heading": "Bant Keyword Ability: Exalted"},
    }
    heading = by_id[f"{SOURCE_ID}:502.83"]
    assert (heading.title, heading.text, heading.parent) == ("502.83 Exalted", "Exalted",
                                                             section_id)
    rule = by_id[f"{SOURCE_ID}:502.83a"]
    assert rule.to_dict() == {
        "id": f"{SOURCE_ID}:502.83a", "kind": "rule", "source": SOURCE_ID,
        "title": "502.83a Exalted",
        "text": 'Exalted is a triggered ability. "Exalted" means "Whenever a creature you '
                'control attacks alone, that creature gets +1/+1 until end of turn."',
        "date": "2008-09-23", "rule": "502.83a", "keywords": ["exalted"], "cards": [],
        "refs": [], "line_start": 162, "line_end": 163, "parent": f"{SOURCE_ID}:502.83",
        "era": "2008-10-01", "meta": {},
    }
    keyword = by_id[f"{SOURCE_ID}:keyword:exalted"]
    assert keyword.meta["rules"] == [f"{SOURCE_ID}:502.83", f"{SOURCE_ID}:502.83a",
                                     f"{SOURCE_ID}:502.83b"]
    example = by_id[f"{SOURCE_ID}:card:angelic-benediction"]
    assert example.parent == section_id and example.meta["type_line"] == "Enchantment"
    ruling = by_id[f"{section_id}:ruling:5"]
    assert ruling.text == "Exalted abilities will resolve before blockers are declared."
    assert (ruling.keywords, ruling.meta, ruling.parent) == (
        ["exalted"], {"subject": "Bant Keyword Ability: Exalted"}, section_id)


def test_section_keywords(records: list[Record]) -> None:
    keyworded = {r.title: r.keywords for r in of_kind(records, "section") if r.keywords}
    assert keyworded == {
        "Jund Keyword Ability: Devour": ["devour"], "Bant Keyword Ability: Exalted": ["exalted"],
        "Grixis Keyword Ability: Unearth": ["unearth"],
        "Returning Keyword Ability: Cycling": ["cycling"],
    }


def test_cycling_section_keeps_prose_between_parts(by_id: dict[str, Record]) -> None:
    section = by_id[f"{SOURCE_ID}:section:returning-keyword-ability-cycling"]
    assert section.text.split("\n\n")[-1] == (
        "A cycle of cards in this set (the Resounding cards) have eight-mana cycling costs "
        "and abilities that trigger when they're cycled. Each shard has one.")
    assert by_id[f"{SOURCE_ID}:card:resounding-roar"].meta["rules_text"].split("\n") == [
        "Target creature gets +3/+3 until end of turn.",
        "Cycling {5}{R}{G}{W} ({5}{R}{G}{W}, Discard this card: Draw a card.)",
        "When you cycle Resounding Roar, target creature gets +6/+6 until end of turn.",
    ]


# --- text -----------------------------------------------------------------------------


def test_wrapped_lines_are_joined(by_id: dict[str, Record]) -> None:
    shards = by_id[f"{SOURCE_ID}:section:theme-shards"]
    assert "These are the three-colored \"arcs\"" in shards.text
    assert shards.text.count("\n\u2014 The shard of ") == 5
    herald = by_id[f"{SOURCE_ID}:section:cycle-heralds:ruling:2"]
    assert "a green-white-blue creature, and a blue creature" in herald.text
    sarkhan = by_id[f"{SOURCE_ID}:card:sarkhan-vol"].meta["rules_text"].split("\n")
    assert sarkhan[1] == ("[-2]: Gain control of target creature until end of turn. Untap that "
                          "creature. It gains haste until end of turn.")


def test_text_is_normalised(records: list[Record]) -> None:
    for record in records:
        for text in (record.title, record.text):
            assert "--" not in text and "(TM)" not in text and "(R)" not in text, record.id
            assert "_" not in text and "\u2019" not in text and "\u201c" not in text, record.id
            assert "  " not in text, record.id
    mythic = next(r for r in records if r.title == "New Rarity: Mythic Rare")
    assert mythic.text.startswith("The rarity of each Magic: The Gathering game card")


def test_capture_damage_noted_and_ranges_kept(by_id: dict[str, Record]) -> None:
    section = by_id[f"{SOURCE_ID}:section:new-format-for-launch-parties"]
    assert section.text.startswith("The Shards of Alara Launch Parties on October 3-6, 2008 ")
    assert section.text.endswith("\n\nGo to to find a location near you.")
    assert section.meta["damage"] == [
        "line 95: text lost (a link?) in 'Go to  to find a location n'"]
    damaged = [r.id for r in by_id.values() if "damage" in r.meta]
    assert damaged == [section.id]


def test_every_record_dated_and_in_era(records: list[Record], source: Source) -> None:
    assert {(r.source, r.date, r.era) for r in records} == {(SOURCE_ID, source.date, source.era)}


def test_footer_and_header_are_not_records(records: list[Record]) -> None:
    assert not [r for r in records if "All trademarks" in r.text or "Gottlieb" in r.text]
    assert min(r.line_start for r in records) == 33
    assert max(r.line_end for r in records) == 2160


def test_line_spans_point_at_the_original(records: list[Record]) -> None:
    for record in records:
        first = FAQ_LINES[record.line_start - 1]
        last = FAQ_LINES[record.line_end - 1]
        assert 1 <= record.line_start <= record.line_end and last.strip(), record.id
        if record.kind == "ruling":
            assert first.startswith("* "), record.id
            assert record.text.startswith(clean(first[2:])), record.id
            assert record.text.endswith(clean(last.removeprefix("* "))), record.id
        elif record.kind == "card":
            assert clean(first) == record.title, record.id
            assert record.text.endswith(clean(last)), record.id
        elif record.kind == "section":
            assert first == f"***{record.title}***", record.id
        elif record.kind == "rule":
            assert first.startswith(record.rule), record.id
        else:
            assert first.startswith(f"{record.meta['number']}. {record.title}"), record.id


def test_rules_text_lines_match_mtgjson(records: list[Record]) -> None:
    """Each card's abilities, wrapped lines joined, are the printed ability lines."""
    printed = {c["name"]: c for c in json.loads(extra_file(MTGJSON_ALA).read_text())["cards"]}
    cards = of_kind(records, "card")
    assert all(card.title in printed for card in cards)
    for card in cards:
        want = printed[card.title]
        assert len(card.meta["rules_text"].split("\n")) == len(
            want["originalText"].split("\n")), card.title
        assert card.meta["type_line"] == want["originalType"], card.title
        assert card.meta.get("mana_cost") == want.get("manaCost"), card.title
        assert card.meta.get("power") == want.get("power"), card.title
        assert card.meta.get("loyalty") == (str(want["loyalty"]) if "loyalty" in want
                                            else None), card.title


# --- sniff, describe, registry --------------------------------------------------------


def test_sniff_and_describe(source: Source) -> None:
    assert set_faq.sniff(FAQ_TEXT)
    assert set_faq.describe(FAQ_TEXT, source.path) == {
        "id": SOURCE_ID, "title": "Shards of Alara Frequently Asked Questions",
        "date": "2008-09-23", "era": "2008-10-01",
    }
    assert (source.date, source.era) == ("2008-09-23", "2008-10-01")


def test_rules_era_and_prose_dates() -> None:
    assert rules_era("2008-09-23") == "2008-10-01"  # preview season of the 2008-10-01 rules
    assert rules_era("2009-10-23") == "2009-10-01"
    assert rules_era("2011-01-01") == "2011-01-01"  # no known version near: the date itself
    assert prose_date("Document last modified September 23, 2008") == "2008-09-23"
    assert prose_date("February 30, 2008, then March 1, 2008") == "2008-03-01"
    assert prose_date("no date here") is None


@pytest.mark.parametrize("other", OTHER_SOURCES)
def test_sniff_false_for_other_shipped_formats(other: str) -> None:
    path = next(s.path for s in load_manifest(DATA) if s.id == other)
    assert not set_faq.sniff(read_text(path))


@pytest.mark.parametrize("version", sorted(CR_FILES))
def test_sniff_false_for_comprehensive_rules(version: str) -> None:
    assert not set_faq.sniff(read_text(extra_file(CR_FILES[version])))


def test_registry_parses_it(source: Source, records: list[Record]) -> None:
    assert registry.parser_for("set-faq") is set_faq
    assert [r.id for r in registry.parse_source(source, FAQ_TEXT)] == [r.id for r in records]


def test_not_a_faq_names_the_file(source: Source) -> None:
    with pytest.raises(IngestError, match="shards-of-alara-faq-2008.txt"):
        set_faq.parse(source, "Frequently Asked Questions\nnothing here\n")


def test_rulings_without_a_card_name_the_line(source: Source) -> None:
    text = "CARD-SPECIFIC NOTES\n\nSome prose\n\n* A ruling about nothing.\n-----\n"
    with pytest.raises(IngestError, match=r"shards-of-alara-faq-2008.txt:5:"):
        set_faq.parse(source, text)


# --- properties -----------------------------------------------------------------------

FAQ_LINE_POOL = sorted(set(FAQ_LINES))
PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])






@PROPERTY
@given(line=st.integers(min_value=0, max_value=len(FAQ_LINES)),
       column=st.integers(min_value=0, max_value=80))
def test_truncated_faq(source: Source, line: int, column: int) -> None:
    """The real file cut anywhere: at a line `line` (0-based), `column` characters in."""
    head = "\n".join(FAQ_LINES[:line])
    text = head + "\n" + FAQ_LINES[line][:column] if line < len(FAQ_LINES) else head
    assert_ids_sound(set_faq, source, text)


@PROPERTY
@given(lines=st.lists(st.sampled_from(FAQ_LINE_POOL), max_size=80))
def test_shuffled_faq_lines(source: Source, lines: list[str]) -> None:
    text = "\n".join(["GENERAL NOTES", *lines, "CARD-SPECIFIC NOTES", *lines])
    assert_ids_sound(set_faq, source, text)


@PROPERTY
@given(text=st.text())
def test_arbitrary_text(source: Source, text: str) -> None:
    assert_ids_sound(set_faq, source, text)
    assert_ids_sound(set_faq, source, "CARD-SPECIFIC NOTES\n" + text)


def test_ids_stable_and_unique(source: Source, records: list[Record]) -> None:
    again = [r.id for r in set_faq.parse(source, FAQ_TEXT)]
    assert again == [r.id for r in records]
    assert len(set(again)) == len(again)

