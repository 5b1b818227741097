"""The newer creature keywords that make tokens, add counters or change what a creature is
(afterlife, fabricate, mobilize, decayed, riot, toxic, outlast, crew, living metal): the
model, and each keyword's check on its real text in every Comprehensive Rules version at
hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords import spec_for
from kb.rules.keywords._cov_limits import _scenario as limit_scenario
from kb.rules.keywords._cov_tapcost import _scenario as tap_scenario
from kb.rules.keywords._cov_tokens import read_tokens
from kb.rules.keywords.afterlife import SPIRIT, _leaves
from kb.rules.keywords.backup import _scenario as backup_scenario
from kb.rules.keywords.boast import MODEL as BOAST
from kb.rules.keywords.crew import _is_creature, crew
from kb.rules.keywords.decayed import _scenario as decayed_scenario
from kb.rules.keywords.exhaust import MODEL as EXHAUST
from kb.rules.keywords.exploit import _scenario as exploit_scenario
from kb.rules.keywords.fabricate import SERVO, _enters
from kb.rules.keywords.living_metal import _scenario as living_metal_scenario
from kb.rules.keywords.mobilize import _attack
from kb.rules.keywords.outlast import _scenario as outlast_scenario
from kb.rules.keywords.ravenous import _scenario as ravenous_scenario
from kb.rules.keywords.riot import _enters as riot_enters
from kb.rules.keywords.station import _scenario as station_scenario
from kb.rules.keywords.toxic import _hit
from kb.rules.keywords.tribute import _enters as tribute_enters
from kb.rules.validate import check_definition, claims_of, run_form
from tests.cov_support import assert_keyword, definitions


def test_the_token_reader():
    count, token, _ = read_tokens("create N 1/1 white and black Spirit creature tokens with "
                                  "flying.", 3)
    assert count == 3 and token == SPIRIT


def test_the_model_of_the_creature_keywords():
    assert _leaves("", "destroyed") == [SPIRIT] * 3 and _leaves("", "returned") == []
    assert _enters("", True) == (3, []) and _enters("", False) == (0, [SERVO] * 3)
    tokens, tapped, attacking, after = _attack("")
    assert len(tokens) == tapped == attacking == 3 and after == []
    assert decayed_scenario("") == (False, "battlefield", "graveyard", "graveyard")
    assert riot_enters("", 2, True) == (2, False) and riot_enters("", 1, False) == (0, True)
    assert _hit("", "combat") == (3, 2) and _hit("", "blocked") == (0, 0)
    assert outlast_scenario("", "main", False) == (True, 2, 1, True)
    assert outlast_scenario("", "combat", False)[0] is False
    assert tap_scenario("", "crew", crew, _is_creature, ((2, 1), False, False, False)) == (
        True, True, False)
    assert tap_scenario("", "crew", crew, _is_creature, ((2,), False, False, False)) == (
        False, False, False)
    assert living_metal_scenario("") == [(True, True), (False, True)]


CASES = [
    ("afterlife",
     [(r"1/1 white and black Spirit", "1/1 white Spirit"), (r" with flying", ""),
      (r"1/1 white", "2/2 white"),
      (r"put into a graveyard from the battlefield", "put into exile from the battlefield")],
     [(r"white and black", "black and white")]),
    ("fabricate",
     [(r"you may put N", "you put N"), (r"colorless Servo artifact creature", "colorless Servo "
                                                                            "creature"),
      (r"create N 1/1", "create N 2/2"), (r"enters", "attacks")],
     []),
    ("mobilize",
     [(r"enter tapped and attacking", "enter tapped"),
      (r"Sacrifice them at the beginning of the next end step\.", ""),
      (r"1/1 red Warrior", "1/1 white Warrior")],
     []),
    ("decayed",
     [(r"can't block", "can block"), (r"sacrifice it at end of combat",
                                      "sacrifice it at the beginning of the next end step"),
      (r"sacrifice it at end of combat", "exile it at end of combat")],
     [(r"can't block", "cannot block")]),
    ("riot",
     [(r"it gains haste", "it gains flying"), (r"an additional \+1/\+1", "an additional -1/-1"),
      (r"each works separately", "they are redundant")],
     []),
    ("toxic",
     [(r"Combat damage dealt to a player", "Combat damage dealt to a creature"),
      (r"in addition to the damage's other results", "instead of the damage's other results"),
      (r"is the sum of all N values", "is the highest of all N values"),
      (r"a number of poison counters", "a number of -1/-1 counters")],
     []),
    ("outlast",
     [(r"\[Cost\], \{T\}: Put", "[Cost]: Put"),
      (r"Activate (this ability )?only (as a sorcery|any time you could cast a sorcery)\.", ""),
      (r"counter on this creature", "counter on target creature")],
     []),
    ("crew",
     [(r"total power N or greater", "total power N or less"),
      (r"other untapped creatures you control", "other untapped creatures"),
      (r"other untapped creatures", "other creatures"),
      (r"crew ability of \[this Vehicle\] resolves", "crew ability of [this Vehicle] is "
                                                     "activated")],
     [(r"or greater", "or more")]),
    ("living metal",
     [(r"During your turn", "During an opponent's turn"), (r"During your turn", "During each "
                                                                                "turn"),
      (r"in addition to its other types", "instead of its other types")],
     []),
    ("saddle",
     [(r"with (total )?power N or greater", "with total power N or less"),
      (r"Activate only as a sorcery\.", ""),
      (r"other untapped creatures you control", "other untapped creatures")],
     []),
    ("station",
     [(r"equal to the tapped creature's power", "equal to the tapped creature's toughness"),
      (r"put a number of charge counters", "put a number of +1/+1 counters"),
      (r"Tap another untapped creature", "Tap another creature")],
     []),
    ("exploit",
     [(r"you may sacrifice a creature", "you sacrifice a creature"),
      (r"you may sacrifice a creature", "you may sacrifice a permanent"),
      (r"When this creature enters", "When this creature attacks")],
     []),
    ("boast",
     [(r"Activate (this ability )?only if this creature attacked this turn and only once each "
       r"turn", "Activate only once each turn"),
      (r"only once each turn\.", "only once."),
      (r"if this creature attacked this turn and ", "")],
     [(r"Activate only", "Activate this ability only")]),
    ("exhaust",
     [(r"Activate only once\.", "Activate only once each turn."),
      (r"Activate only once\.", "Activate only if this creature attacked this turn.")],
     []),
    ("tribute",
     [(r"That player may", "That player must"), (r"choose an opponent", "choose a player"),
      (r"didn't have the creature", "did have the creature")],
     []),
    ("backup",
     [(r"printed below this one", "printed above this one"),
      (r"until end of turn", "for as long as it remains on the battlefield"),
      (r"If that's another creature", "If that's this creature"),
      (r"on target creature\.", "on this creature.")],
     []),
    ("ravenous",
     [(r"if X is 5 or more", "if X is 6 or more"), (r"draw a card", "draw two cards"),
      (r"enters( the battlefield)? with X \+1/\+1", "enters with X -1/-1")],
     []),
]


def test_ravenous_in_the_model():
    assert ravenous_scenario("", 3) == (3, 0) and ravenous_scenario("", 5) == (5, 1)


def test_backup_in_the_model():
    assert backup_scenario("", True) == ({"Hero": 0, "Bear": 3}, ["flying"], [])
    assert backup_scenario("", False) == ({"Hero": 3, "Bear": 0}, [], [])


def test_limits_and_tribute_in_the_model():
    assert limit_scenario("", "boast", BOAST) == [False, True, False, True, False]
    assert limit_scenario("", "exhaust", EXHAUST) == [True, False, False, False, False]
    assert tribute_enters("", True) == (3, False) and tribute_enters("", False) == (0, True)


def test_station_and_exploit_in_the_model():
    assert station_scenario("", 3, 5, False, True, False) == (True, {"charge": 3})
    assert station_scenario("", 3, 5, False, True, True) == (False, {})
    assert exploit_scenario("", "Bear") == (["Bear"], 1)
    assert exploit_scenario("", "Land") == ([], 0)


def test_saddle_total_power_is_a_rules_change():
    """The 2024 rules said "with power N or greater": that text agrees with the earlier form
    of saddle only, today's with today's only."""
    spec = spec_for("saddle")
    assert spec is not None
    for record in definitions("saddle"):
        old = "with power N" in record.text
        result = check_definition(record, dated=False)
        assert result.status == "ok" and result.agrees == ((1,) if old else (0,)), record.id
        today, _ = run_form(spec, claims_of(record), record.era)
        assert bool(today) == old, record.id


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
