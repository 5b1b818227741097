"""Keywords of speed and of play outside a game's usual zones (start your engines!, max speed,
companion, hidden agenda, space sculptor, partner): the model, and each keyword's check on its
real text in every Comprehensive Rules version at hand, on changed copies and on
rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.companion import CompanionModel
from kb.rules.keywords.companion import scenario as companion_scenario
from kb.rules.keywords.hidden_agenda import scenario as agenda_scenario
from kb.rules.keywords.max_speed import scenario as max_speed_scenario
from kb.rules.keywords.partner import PAIRS, deck_legal, may_pair
from kb.rules.keywords.space_sculptor import scenario as sculptor_scenario
from kb.rules.keywords.start_your_engines import trajectory
from tests.cov_support import assert_keyword


def test_speed_in_the_model():
    assert trajectory("") == [1, 2, 3, 4, 4]
    assert trajectory("", with_permanent=False) == [None] * 5
    assert max_speed_scenario("", 4, None) is True
    assert max_speed_scenario("", 3, 4) is False


def test_companion_agenda_sectors_and_partners_in_the_model():
    now = CompanionModel(to_hand=True)
    assert companion_scenario("", now, "main") == (True, 3, "hand")
    assert companion_scenario("", now, "stack")[1] is None
    assert companion_scenario("", now, "twice")[1] is None
    assert companion_scenario("", CompanionModel(to_hand=False), "main") == (True, 5, "stack")
    assert agenda_scenario("", True, "their turn with a spell on the stack") == (
        "command", True, 2, True)
    assert sculptor_scenario("") == ("alpha", "alpha", "", "")
    assert [may_pair("partner", a, b) for a, b in PAIRS["partner"]] == [True, False, False]
    assert [may_pair("doctor's companion", a, b) for a, b in PAIRS["doctor's companion"]] == [
        True, False, False]
    assert deck_legal(100, 2) and not deck_legal(101, 2)


CASES = [
    ("start your engines!",
     [(r"their speed becomes 1", "their speed becomes 2"),
      (r"if your speed is less than 4", "if your speed is less than 3"),
      (r"one or more opponents lose life during your turn", "one or more opponents lose life "
                                                             "during an opponent's turn"),
      (r" This ability triggers only once each turn\.", "")],
     []),
    ("max speed",
     [(r"As long as your speed is 4", "As long as your speed is 3"),
      (r"As long as your speed is 4", "As long as an opponent's speed is 4"),
      (r"this object has", "this object doesn't have")],
     []),
    ("companion",
     [(r"you may reveal one card", "you may reveal two cards"),
      (r"but only during a main phase of your turn", "but only during a main phase of an "
                                                     "opponent's turn"),
      (r"you may pay \{3\} and put that card into your hand", "you may pay {2} and put that card "
                                                            "into your hand"),
      (r"put that card into your hand", "put that card into your graveyard")],
     []),
    ("hidden agenda",
     [(r"turn it face down and", "turn it face up and"),
      (r"secretly choose a card name", "secretly choose two card names"),
      (r"you secretly name two different cards", "you secretly name three different cards"),
      (r"Any time you have priority, you may turn", "Any time you have priority during your "
                                                    "turn, you may turn")],
     []),
    ("space sculptor",
     [('chooses a sector designation', "can't choose a sector designation"),
      (r"alpha sector, beta sector, and gamma sector", "beta sector and gamma sector"),
      (r"it keeps it until no player controls a permanent with space sculptor",
       "it keeps it for the rest of the game"),
      (r"and any creatures without a sector", "and any permanents without a sector")],
     []),
    ("partner",
     [(r"if each of them has partner", "if one of them has partner"),
      (r"exactly 100 cards", "exactly 60 cards"),
      (r"legendary Background enchantment card", "Background enchantment card"),
      (r" that has no other creature types", ""),
      (r"with the other's name", "")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
