"""The double-faced keywords (convert, daybound and nightbound, meld, craft): day and night,
meld pairs and crafting in the model, and each keyword's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Game
from kb.rules.keywords.convert import _turns as convert_turns
from kb.rules.keywords.craft import _try as craft_try
from kb.rules.keywords.daybound_and_nightbound import (
    _scenario as day_scenario,
)
from kb.rules.keywords.daybound_and_nightbound import (
    day_night,
    settle,
    werewolf,
)
from kb.rules.keywords.meld import _scenario as meld_scenario
from tests.cov_support import assert_keyword


def test_convert_and_craft_in_the_model():
    assert convert_turns("") == (["Vehicle Mode 1/4", "Robot Car 3/2"], 0)
    assert convert_turns("", held=True)[0] == ["Robot Car 3/2"] * 2
    assert craft_try("", "graveyard", "mine", "mine") == (3, "Clockwork Golem (battlefield)",
                                                          "exile")
    assert craft_try("", "battlefield", "theirs", "mine")[0] is None
    assert craft_try("", "battlefield", "mine", "theirs")[0] is None


def test_day_night_and_meld_in_the_model():
    assert day_scenario("", "day", "night") == ("Howling Wolf 4/4", "night")
    assert day_scenario("", "night", "day") == ("Village Dweller 2/2", "day")
    game = Game()
    werewolf(game)
    settle(game)
    assert day_night(game) == "day"
    assert meld_scenario("", token=False) == {"zones": ["battlefield"] * 2, "permanents": 1,
                                              "with the ability": 1,
                                              "cards": 2}
    assert meld_scenario("", token=True)["zones"] == ["exile", "exile"]


CASES = [
    ("convert",
     [(r"so that its other face is up", "so that its front face is up"),
      (r"won't trigger when that permanent converts", "will trigger when that permanent "
                                                      "converts"),
      (r"double-faced card, nothing happens", "double-faced card, it transforms"),
      (r"also can't convert", "also can convert")],
     [(r"won't trigger", "will not trigger")]),
    ("daybound and nightbound",
     [(r"As it becomes night, if this permanent is front", "As it becomes day, if this "
                                                           "permanent is front"),
      (r"If it is night", "If it is day"),
      (r"can't (transform|be transformed) except due to its daybound",
       r"can \1 except due to its daybound"),
      (r"if it's neither day nor night, it becomes day", "if it's neither day nor night, it "
                                                         "becomes night"),
      (r"if this permanent is back face up", "if this permanent is front face up")],
     [(r"can't", "cannot")]),
    ("meld",
     [(r"with their back faces up", "with their front faces up"),
      (r"represented by two cards", "represented by three cards"),
      (r"onto the battlefield", "onto the graveyard"),
      (r"they stay in their current zone", "they are put onto the battlefield"),
      (r"don't form a meld pair can't be melded", "don't form a meld pair can be melded")],
     [(r"a single object", "a single object")]),
    ("craft",
     [(r"from among permanents you control and/or cards in your graveyard",
       "from among permanents you control"),
      (r"cards in your graveyard", "cards in a graveyard"),
      (r"Return this card to the battlefield transformed", "Return this card to the "
                                                           "battlefield"),
      (r" Activate only as a sorcery\.", "")],
     [(r"permanents you control and/or cards in your graveyard", "cards in your graveyard "
                                                                 "and/or permanents you "
                                                                 "control")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
