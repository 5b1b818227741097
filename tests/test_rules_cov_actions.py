"""The newer keyword actions (adapt, monstrosity, bolster, support, blight, incubate, surveil,
mill, explore, connive, investigate, goad, amass, exert): the model, and each action's check
on its real text in every Comprehensive Rules version at hand, on changed copies and on
rewordings."""

from __future__ import annotations

import pytest

from kb.rules.checks import creature
from kb.rules.game import Game
from kb.rules.keywords.adapt import adapt
from kb.rules.keywords.amass import _scenario as amass_scenario
from kb.rules.keywords.ascend import _scenario as ascend_scenario
from kb.rules.keywords.bolster import _scenario as bolster_scenario
from kb.rules.keywords.collect_evidence import _try as evidence_try
from kb.rules.keywords.connive import _scenario as connive_scenario
from kb.rules.keywords.endure import _scenario as endure_scenario
from kb.rules.keywords.exert import _scenario as exert_scenario
from kb.rules.keywords.explore import _scenario as explore_scenario
from kb.rules.keywords.forage import _try as forage_try
from kb.rules.keywords.goad import _scenario as goad_scenario
from kb.rules.keywords.harness import _scenario as harness_scenario
from kb.rules.keywords.investigate import _scenario as investigate_scenario
from kb.rules.keywords.mill import _scenario as mill_scenario
from kb.rules.keywords.monstrosity import monstrosity
from kb.rules.keywords.support import _scenario as support_scenario
from kb.rules.keywords.surveil import _scenario as surveil_scenario
from kb.rules.keywords.suspect import _scenario as suspect_scenario
from kb.rules.keywords.time_travel import _try as time_try
from tests.cov_support import assert_keyword


def test_the_model_of_the_counter_actions():
    game = Game()
    beast, hydra = creature(game, "Beast"), creature(game, "Hydra")
    adapt(game, beast, 3)
    adapt(game, beast, 3)
    monstrosity(game, hydra, 3)
    monstrosity(game, hydra, 3)
    assert beast.counters["+1/+1"] == hydra.counters["+1/+1"] == 3
    assert bolster_scenario("") == {"Squire": 0, "Knight": 0, "Archer": 3, "Giant": 0}
    assert support_scenario("", True) == [0, 1, 1, 1, 0, 0]
    assert support_scenario("", False) == [1, 1, 1, 0, 0]


def test_the_model_of_the_library_actions():
    assert surveil_scenario("")["A graveyard"] == ["A1", "A3"]
    assert mill_scenario("", 2)["A graveyard"] == ["A1", "A2"]
    assert explore_scenario("", True, False)["A hand"] == ["A1"]
    assert explore_scenario("", False, True)["counters"] == 1
    assert connive_scenario("", 1, ()) == (0, 1, 1)
    assert investigate_scenario("")["hand"] == 1


def test_the_model_of_goad_amass_and_exert():
    assert not goad_scenario("", "B", 0, None) and not goad_scenario("", "B", 0, "B")
    assert goad_scenario("", "B", 0, "C") and goad_scenario("", "BC", 0, "B")
    assert goad_scenario("", "B", 3, None) and goad_scenario("", "BBC", 0, "B")
    assert amass_scenario("", False, False, "Orc") == [(("Army", "Orc"), ("black",), 3, True)]
    assert amass_scenario("", True, False, "Orc") == [(("Army", "Orc", "Zombie"), ("black",), 5,
                                                       False)]
    assert exert_scenario("", 1) == exert_scenario("", 2) == [True, True, True, False]


CASES = [
    ("adapt",
     [(r"has no \+1/\+1 counters on it, ", "has no -1/-1 counters on it, "),
      (r"If this permanent has no \+1/\+1 counters on it, put", "Put")],
     [(r"has no", "has no")]),
    ("monstrosity",
     [(r" and it becomes monstrous", ""), (r"If this permanent isn't monstrous, put", "Put")],
     [(r"isn't monstrous", "is not monstrous")]),
    ("bolster",
     [(r"least toughness or tied for least toughness", "greatest toughness or tied for "
                                                       "greatest toughness"),
      (r"least toughness or tied for least toughness", "least power or tied for least power"),
      (r"among creatures you control", "among creatures an opponent controls")],
     [(r"tied for least", "tied for the least")]),
    ("support",
     [(r"up to N other target", "up to N target"), (r"up to N other", "up to two other"),
      (r"Put a \+1/\+1 counter on each of up to N target", "Put two +1/+1 counters on each of "
                                                           "up to N target")],
     []),
    ("blight",
     [(r"a creature you control", "a creature an opponent controls"),
      (r"can't choose to blight", "can choose to blight")],
     []),
    ("incubate",
     [(r"create an Incubator token", "create two Incubator tokens"),
      (r"front face is a colorless Incubator artifact", "front face is a colorless Incubator "
                                                        "enchantment")],
     []),
    ("surveil",
     [(r"into your graveyard and the rest", "into your hand and the rest"),
      (r"the rest on top of your library", "the rest on the bottom of your library"),
      (r"look at the top N", "look at the bottom N"), (r"no surveil event", "a surveil event")],
     []),
    ("mill",
     [(r"from the top of their library", "from the bottom of their library"),
      (r"into their graveyard", "into their hand"),
      (r"they mill as many as possible", "they mill none")],
     [(r"that player puts", "that player puts")]),
    ("explore",
     [(r"If a land card is revealed", "If a nonland card is revealed"),
      (r"into (their|his or her) hand\.", "into their graveyard."),
      (r"may put the revealed card", "puts the revealed card"),
      (r"puts a \+1/\+1 counter on the exploring", "puts two +1/+1 counters on the exploring")],
     []),
    ("connive",
     [(r"If a nonland card is discarded", "If a land card is discarded"),
      (r"then discards a card", "then discards two cards"),
      (r"number of nonland cards discarded", "number of land cards discarded")],
     []),
    ("investigate",
     [(r"Clue", "Food"), (r"\{2\}, Sacrifice", "{1}, Sacrifice"),
      (r"(Create|Put) a ", "Create two ")],
     []),
    ("goad",
     [(r" and attacks a player other than (that player|the controller of the permanent, spell, "
       r"or ability that caused it to be goaded) if able", ""),
      (r"has no effect", "creates additional combat requirements"),
      (r"attacks each combat if able", "blocks each combat if able")],
     []),
    ("amass",
     [(r"If you don't control an Army", "If you control an Army"),
      (r"0/0 black", "1/1 black"), (r"Put N \+1/\+1 counters", "Put N -1/-1 counters"),
      (r"Choose an Army creature you control", "Choose an Army creature an opponent controls")],
     []),
    ("exert",
     [(r"not untap during your next untap step", "not untap during your next two untap steps"),
      (r"not untap during", "untap during"), (r"can't be exerted", "can be exerted"),
      (r"expires during the same untap step", "expires during a different untap step")],
     []),
    ("endure",
     [(r"an N/N white Spirit", "an N/N black Spirit"), (r"unless they put N", "unless they put "
                                                                               "two"),
      (r"nothing happens", "a token is created")],
     []),
    ("harness",
     [(r"If this permanent isn't harnessed, it becomes harnessed", "It becomes harnessed"),
      (r"until it leaves the battlefield", "for the rest of the game")],
     []),
    ("suspect",
     [(r"has menace and", "has flying and"), (r"This creature can't block", "This creature can "
                                                                            "block"),
      (r"can't become suspected again", "can become suspected again")],
     []),
    ("collect evidence",
     [(r"total mana value N or greater", "total mana value N or less"),
      (r"from your graveyard", "from an opponent's graveyard")],
     []),
    ("forage",
     [(r"Exile three cards", "Exile two cards"), (r"sacrifice a Food", "sacrifice a Clue")],
     []),
    ("ascend",
     [(r"ten or more permanents", "eleven or more permanents"),
      (r"for the rest of the game", "until end of turn"),
      (r"ten or more permanents and you", "ten or more creatures and you")],
     []),
    ("time travel",
     [(r"permanents you control", "permanents an opponent controls"),
      (r"put a time counter on it", "put two time counters on it"),
      (r"suspended cards you own in exile", "suspended cards you own in your graveyard")],
     []),
]


def test_time_travel_in_the_model():
    assert time_try("", "Clock", "battlefield", "mine", 2, True) == (True, 3)
    assert time_try("", "Relic", "battlefield", "mine", 0, True) == (False, 0)
    assert time_try("", "Rift", "exile", "mine", 2, False) == (True, 1)


def test_forage_and_ascend_in_the_model():
    assert forage_try("", 4, True, "exile") == (True, 3, 1)
    assert forage_try("", 2, False, "exile") == (False, 0, 0)
    assert ascend_scenario("") == [False, True, True]


def test_suspect_and_collect_evidence_in_the_model():
    assert suspect_scenario("") == (False, False, False)
    assert evidence_try("", (1, 2, 4), (1, 2), "mine") == (True, [1, 2])
    assert evidence_try("", (1, 2, 4), (1,), "mine") == (False, [])


def test_endure_and_harness_in_the_model():
    assert endure_scenario("", 3, True) == (3, [])
    assert len(endure_scenario("", 3, False)[1]) == 1 and endure_scenario("", 0, False) == (0, [])
    assert harness_scenario("") == (1, True, False)


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
