"""The keywords of extra costs, modes and shared payments (spree, tiered, casualty, gift,
assist, fuse, prototype): the model, and each keyword's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Game, IllegalAction
from kb.rules.keywords.assist import cast_assisted
from kb.rules.keywords.casualty import scenario as casualty_scenario
from kb.rules.keywords.fuse import scenario as fuse_scenario
from kb.rules.keywords.gift import scenario as gift_scenario
from kb.rules.keywords.prototype import scenario as prototype_scenario
from kb.rules.keywords.spree import MODEL as SPREE
from kb.rules.keywords.tiered import MODEL as TIERED
from tests.cov_support import assert_keyword


def test_modes_casualty_and_fuse_in_the_model():
    assert SPREE.cast(Game(), "{R}", (0, 2)) == 5
    with pytest.raises(IllegalAction):
        TIERED.cast(Game(), "{R}", (0, 2))
    assert casualty_scenario("", 3) == (True, 2, "graveyard")
    assert casualty_scenario("", 2) == (False, 0, "battlefield")
    assert casualty_scenario("", None) == (True, 1, "")
    assert fuse_scenario("", "hand") == (5, ["left", "right"])
    assert fuse_scenario("", "graveyard") == (None, [])


def test_assist_prototype_and_gift_in_the_model():
    assert cast_assisted(Game(), "{3}{R}", 2) == (2, 2)
    with pytest.raises(IllegalAction):
        cast_assisted(Game(), "{R}{R}", 1)
    assert prototype_scenario("") == (2, 3, 2, 2)
    assert gift_scenario("", "a card", "opponent") == (True, ((), 1, 0), ((), 0, 0))
    assert gift_scenario("", "an octopus", "") == (True, ((), 0, 0), ((), 0, 0))
    assert gift_scenario("", "a card", "me") == (False,)


CASES = [
    ("spree",
     [(r"Choose one or more modes", "Choose one"),
      (r"As an additional cost to cast this spell, pay the costs associated with those modes",
       "Pay nothing more for those modes")],
     [(r"Choose one or more modes\.", "Choose one or more modes.")]),
    ("tiered",
     [(r"Choose one\.", "Choose one or more modes."),
      (r"As an additional cost to cast this spell, pay the cost associated with that mode",
       "That mode costs nothing more")],
     []),
    ("casualty",
     [(r"you may sacrifice a creature", "you must sacrifice a creature"),
      (r"power N or greater", "power N or less"),
      (r"with power N", "with toughness N"),
      (r"copy it\.", "copy it twice."),
      (r"The first is a static ability", "The first is a triggered ability")],
     []),
    ("gift",
     [(r"\"The chosen player creates a Food token", "\"You create a Food token"),
      (r"\"The chosen player draws a card", "\"The chosen player draws two cards"),
      (r"creates a tapped 1/1 blue Fish", "creates a 1/1 blue Fish"),
      (r"creates an 8/8 blue Octopus", "creates a 4/4 blue Octopus"),
      (r"you may choose an opponent", "you may choose a player")],
     []),
    ("assist",
     [(r"any amount of the generic mana", "any amount of the colored mana"),
      (r"you may choose another player", "you may choose a teammate"),
      (r"includes a generic mana component", "includes a colored mana component")],
     []),
    ("fuse",
     [('may choose to cast both halves', 'may choose to cast one half'),
      (r"from (?:his or her|their) hand", "from their graveyard"),
      (r"includes the mana cost of each half", "includes the mana cost of the left half"),
      (r"of the left half and then follows the instructions of the right half",
       "of the right half and then follows the instructions of the left half")],
     [(r"his or her hand", "their hand")]),
    ("prototype",
     [('can choose to cast', "can't choose to cast"),
      (r"the alternative set of its power, toughness, and mana cost",
       "the alternative set of its power and toughness"),
      (r"the alternative set", "the printed set")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
