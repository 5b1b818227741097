"""Affinity ("Affinity for [text]" means "This spell costs you {1} less to cast for each [text]
you control."): the real definitions, quoted exactly from data/sources/*.txt, validate `ok`;
changed copies (the amount, what is counted, whose, the zone, the kind, the parameter, what
multiple instances do, the coloured mana rule) validate `mismatch`; rewordings (2008's "to
play", curly quotes, spacing) stay `ok`; and every Comprehensive Rules version in
../shared/corpus-extra defines it in a way that validates `ok`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ingest.registry import describe_file, parse_source
from kb.model import Record
from kb.rules.game import Ability, Game
from kb.rules.keywords import fold_name
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords.affinity import scenario
from kb.rules.mutations import mutations, rewordings
from kb.rules.validate import check_definition, validate
from tests.conftest import CR_FILES, DATA, extra_file, seed_manifest

THREAD, WIKI = "keyword-abilities-faq-thread-2012", "judge-wiki-keywords-appendix-c"
AFFINITY_THREAD = (
    '702.39a Affinity is a static ability that functions while the spell is on the stack. '
    '"Affinity for [text]" means "This spell costs you {1} less to cast for each [text] you '
    'control." 702.39b The affinity ability reduces only the amount of generic mana a '
    "spell's controller has to pay; it doesn't reduce how much colored mana that player has "
    "to pay. 702.39c If a spell has multiple instances of affinity, each of them applies.")
AFFINITY_WIKI = (
    'Affinity is a static ability that functions while the spell is on the stack. "Affinity '
    'for [text]" means "This spell costs you {1} less to cast for each [text] you control." '
    "The affinityability reduces only the amount of generic mana a spell's controller has to "
    "pay; it doesn't reduce how much colored mana that player has to pay. If a spell has "
    "multiple instances of affinity, each of them applies.")
DEFINITIONS = {"THREAD": AFFINITY_THREAD, "WIKI": AFFINITY_WIKI}
SOURCE_OF = {"THREAD": (THREAD, "2012-10-01"), "WIKI": (WIKI, "2011-01-01")}


def definition(where: str, text: str | None = None) -> Record:
    """The keyword record of one source's definition, as the parsers make it."""
    source, era = SOURCE_OF[where]
    meta = {"number": "702.39"} if where == "THREAD" else {}
    return Record(id=f"{source}:keyword:affinity", kind="keyword", source=source,
                  title="Affinity", text=DEFINITIONS[where] if text is None else text,
                  era=era, date=era, keywords=["affinity"], meta=meta)


def test_the_quotes_are_exact():
    for where, text in DEFINITIONS.items():
        path = DATA / "sources" / f"{SOURCE_OF[where][0]}.txt"
        assert text in " ".join(path.read_text(encoding="utf-8").split()), where


@pytest.mark.parametrize("where", sorted(DEFINITIONS))
def test_real_definition_is_ok(where):
    result = check_definition(definition(where))
    assert result.status == "ok", result.details
    assert result.details == ["checked: affinity: {1} less for each counted permanent its "
                              "caster controls"]
    assert result.claims["parameter"] == "for [text]"
    assert result.claims["kinds"] == ["static"]
    assert result.claims["functions_in"] == ["stack"]
    assert result.claims["instances"] == "separate"


# one edit at a time: (old, new) -> mismatch, in both sources' texts
CHANGED = [
    ("{1} less", "{2} less"),                       # the amount per object
    ("{1} less", "{U} less"),                       # coloured instead of generic
    ("each [text] you control", "each permanent you control"),   # what is counted
    ("each [text] you control", "each creature you control"),
    ("[text] you control", "[text] an opponent controls"),       # whose
    ("is on the stack", "is in your hand"),         # the zone
    ("is on the stack", "is in a graveyard"),
    ("is a static ability", "is a triggered ability"),           # the ability kind
    ('"Affinity for [text]" means', '"Affinity N" means'),      # the parameter
    ("each of them applies", "they are redundant"),              # multiple instances
    ("it doesn't reduce how much colored mana", "it does reduce how much colored mana"),
]


@pytest.mark.parametrize("where", sorted(DEFINITIONS))
@pytest.mark.parametrize(("old", "new"), CHANGED)
def test_changed_definition_is_a_mismatch(where, old, new):
    text = DEFINITIONS[where]
    assert old in text
    result = check_definition(definition(where, text.replace(old, new, 1)))
    assert result.status == "mismatch", (where, old, new, result.details)


def test_the_amount_is_read_from_the_text():
    """"{2} less" expects 6 off a {9}{U} spell with three artifacts; the model takes 3."""
    result = check_definition(definition("THREAD", AFFINITY_THREAD.replace("{1}", "{2}")))
    assert "that means 4, but the model gives 7" in result.details[0]


@pytest.mark.parametrize("where", sorted(DEFINITIONS))
def test_generic_mutations_and_rewordings(where):
    record = definition(where)
    before = check_definition(record)
    changed = mutations(record)
    assert {label.split()[0] for label, _ in changed} == {"kind", "zone", "parameter",
                                                          "instances"}
    for label, copy in changed:
        assert check_definition(copy).status == "mismatch", (where, label)
    for label, copy in rewordings(record):
        after = check_definition(copy)
        assert after.status == "ok", (where, label, after.details)
        assert after.claims == before.claims, (where, label)


def test_another_eras_wording_stays_ok():
    older = AFFINITY_THREAD.replace("less to cast", "less to play")
    assert check_definition(definition("THREAD", older)).status == "ok"
    curly = AFFINITY_WIKI.replace('"Affinity for [text]"', "\u201cAffinity for [text]\u201d")
    assert check_definition(definition("WIKI", curly)).status == "ok"
    spaced = AFFINITY_THREAD.replace(" ", "  ").replace(". ", ".\n")
    assert check_definition(definition("THREAD", spaced)).status == "ok"


@pytest.fixture(scope="module")
def rules_records() -> list[Record]:
    """The affinity keyword records of the four Comprehensive Rules versions."""
    records = []
    for era in CR_FILES:
        source, text = describe_file(extra_file(CR_FILES[era]))
        records += [r for r in parse_source(source, text) if r.kind == "keyword"
                    and fold_name(r.title) == "affinity"]
    return records


def test_every_rules_version_validates(rules_records):
    assert sorted((r.era, r.meta.get("number")) for r in rules_records) == [
        ("2008-10-01", "502.31"), ("2009-10-01", "702.38"), ("2012-10-01", "702.39"),
        ("2026-01-16", "702.41")]
    for record in rules_records:
        result = check_definition(record)
        assert result.status == "ok", (record.id, result.details)
        for label, copy in mutations(record):
            assert check_definition(copy).status == "mismatch", (record.id, label)
        for label, copy in rewordings(record):
            assert check_definition(copy).status == "ok", (record.id, label)


def test_changed_rules_versions_are_mismatches(rules_records):
    for record in rules_records:
        for old, new in (("{1} less", "{2} less"), ("[text] you control", "permanent you "
                                                                           "control")):
            changed = replace(record, text=record.text.replace(old, new, 1))
            assert check_definition(changed).status == "mismatch", (record.id, old)


def test_shipped_definitions():

    records = [r for source in seed_manifest() for r in parse_source(source)]
    report = validate([r for r in records if r.kind != "keyword"
                       or fold_name(r.title) == "affinity"])
    assert {d.record: d.status for d in report.definitions} == {
        f"{THREAD}:keyword:affinity": "ok", f"{WIKI}:keyword:affinity": "ok"}


# --- the model itself --------------------------------------------------------------------------

def test_three_artifacts_take_three_generic_mana_off():
    game, me, card = scenario("", "{9}{U}", 1)
    assert paid_for(me, game.cast, me, card) == 10 - 3


def test_each_instance_applies():
    game, me, card = scenario("", "{9}{U}", 2)
    assert paid_for(me, game.cast, me, card) == 10 - 6


def test_only_generic_mana_is_reduced():
    game, me, card = scenario("2008-10-01", "{2}{U}", 1)
    assert paid_for(me, game.cast, me, card) == 1


def test_other_kinds_and_other_players_permanents_do_not_count():
    game = Game()
    me, other = game.active, game.opponent(game.active)
    game.create("Forest", controller=me, types={"land"}, subtypes={"forest"})
    game.create("Bear", controller=me, types={"creature"}, power=2, toughness=2)
    game.create("Welding Jar", controller=other, types={"artifact"})
    card = game.create("Myr Enforcer", controller=me, zone="hand", types={"creature"},
                       mana_cost="{7}", abilities=[Ability("affinity", "artifacts")])
    assert paid_for(me, game.cast, me, card) == 7


def test_the_parameter_names_what_counts():
    game = Game()
    me = game.active
    for n in range(3):
        game.create(f"Plains {n}", controller=me, types={"land"}, subtypes={"plains"})
    game.create("Ornithopter", controller=me, types={"artifact"})
    card = game.create("Spell", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{5}{W}", abilities=[Ability("affinity", "Plains")])
    assert paid_for(me, game.cast, me, card) == 6 - 3
