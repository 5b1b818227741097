"""Which rulings a rules change superseded: only a ruling's claims about a keyword ability's
kind or its instances on one object, held against that keyword's definitions after the
ruling's own date. Texts are Gatherer rulings (MTGJSON) and Comprehensive Rules 2026-01-16
verbatim; each case was a false "superseded" mark on the archive's cards."""

from __future__ import annotations

from kb.model import Record
from kb.rules.claims import claims_about
from kb.rules.superseding import superseded_rulings

LIFELINK_2026 = (
    "702.15a Lifelink is a static ability.\n702.15b Damage dealt by a source with lifelink "
    "causes that source's controller, or its owner if it has no controller, to gain that much "
    "life (in addition to any other results that damage causes). See rule 120.3.\n702.15e If "
    "multiple sources with lifelink deal damage at the same time, they cause separate life "
    "gain events (see rules 119.9-10).\n702.15f Multiple instances of lifelink on the same "
    "object are redundant.")
LIFELINK_2009_02 = (
    "502.68a Lifelink is a triggered ability. \"Lifelink\" means \"Whenever this permanent "
    "deals damage, its controller gains that much life.\"\n502.68b If a permanent has "
    "multiple instances of lifelink, each triggers separately.")
REVEAL_2026 = (
    "701.20a To reveal a card, show that card to all players for a brief time.\n701.20b "
    "Revealing a card doesn't cause it to leave the zone it's in.")

CRADLE = ("If multiple creatures you control with lifelink deal damage simultaneously, each "
          "instance is a single life-gain event and the ability will trigger separately for "
          "each of them.")
SYDRI = "Multiple instances of deathtouch or lifelink on the same creature are redundant."
PARTNER = ("\"Partner with [name]\" represents two abilities. The first is a triggered ability: "
           "\"When this permanent enters the battlefield, target player may search their "
           "library for a card named [name], reveal it, put it into their hand, then shuffle "
           "their library.\"")
BATTLEGRACE_2009 = ("Battlegrace Angel could cause a creature to have multiple instances of "
                    "lifelink. If a creature has multiple instances of lifelink, they are "
                    "redundant. You'll still only gain life equal to the damage dealt.")
BATTLEGRACE_2008 = ("Battlegrace Angel could cause a creature to have multiple instances of "
                    "lifelink. If a creature has multiple instances of lifelink, each instance "
                    "will trigger separately when it deals damage.")


def _definition(name: str, text: str, era: str, number: str, kind: str) -> Record:
    return Record(id=f"cr-{era}:keyword:{name.lower()}", kind="keyword", source=f"cr-{era}",
                  title=name, text=text, era=era, date=era,
                  meta={"number": number, "keyword_kind": kind})


def _ruling(text: str, date: str) -> Record:
    return Record(id=f"r:{date}:{len(text)}", kind="ruling", source="mtgjson-x", title="",
                  text=text, date=date, era=date)


DEFINITIONS = [_definition("Lifelink", LIFELINK_2009_02, "2009-02-01", "502.68", "ability"),
               _definition("Lifelink", LIFELINK_2026, "2026-01-16", "702.15", "ability"),
               _definition("Reveal", REVEAL_2026, "2026-01-16", "701.20", "action")]


def _superseded(ruling: Record) -> list[str]:
    found = superseded_rulings([ruling], DEFINITIONS, None, lambda name: [])
    return [f.records[1] for f in found if f.kind == "superseded-ruling"]


def test_instances_are_read_only_where_a_ruling_speaks_of_instances_of_the_keyword() -> None:
    assert claims_about(CRADLE, "lifelink") is None  # several creatures, not instances
    sydri = claims_about(SYDRI, "lifelink")
    assert sydri is not None and sydri.instances == "redundant"
    assert claims_about(BATTLEGRACE_2008, "lifelink").instances == "separate"  # type: ignore


def test_a_ruling_is_held_only_against_the_rules_after_its_own_date() -> None:
    assert _superseded(_ruling(BATTLEGRACE_2008, "2008-10-01")) == [
        "cr-2026-01-16:keyword:lifelink"]
    # after the M10 change (2009-07-11): of the rules of its date, whatever its set's date
    assert _superseded(_ruling(BATTLEGRACE_2009, "2009-10-01")) == []
    # several sources with lifelink, separate life gain events: as 702.15e says today
    assert _superseded(_ruling(CRADLE, "2014-02-01")) == []


def test_a_keyword_action_has_no_ability_kind_a_ruling_could_contradict() -> None:
    claims = claims_about(PARTNER, "reveal")
    assert claims is not None and claims.kinds == ["triggered"]  # read, as of the sentence
    assert _superseded(_ruling(PARTNER, "2018-07-13")) == []
