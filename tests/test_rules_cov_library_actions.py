"""The library keyword actions (search, shuffle, discover, learn): the model, and each
action's check on its real text in every Comprehensive Rules version at hand, on changed
copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.discover import _scenario as discover_scenario
from kb.rules.keywords.learn import _scenario as learn_scenario
from kb.rules.keywords.search import UNDEFINED, _is_land
from kb.rules.keywords.search import _run as search_run
from kb.rules.keywords.shuffle import _found_on_top, _shuffles
from kb.rules.registry import spec_for, using_forms
from tests.cov_support import assert_keyword, definitions
from tests.rules_support import assert_ok


def test_search_and_shuffle_in_the_model():
    assert search_run("", None, 0, cards=2) == (2, 2, 0)
    assert search_run("", _is_land, 0) == (4, 0, 0)
    assert search_run("", UNDEFINED, None) == (4, 0, 0)
    assert search_run("", None, None, reveal=True)[2] == 3
    assert _found_on_top("") == ("A4", 1)
    assert _shuffles("", objects=2, gone=True) == 1 and _shuffles("", times=2,
                                                                  specific=False) == 2


def test_shuffle_before_2015_left_the_library_alone():
    spec = spec_for("shuffle")
    assert spec is not None
    with using_forms(spec.forms()[1]):
        assert _shuffles("", objects=2, gone=True) == 0


def test_discover_and_learn_in_the_model():
    cast = discover_scenario("", True)
    assert (cast["paid"], cast["stack"], cast["library"][:2]) == (0, ["Bolt"], ["Ogre", "Island"])
    assert discover_scenario("", False)["hand"] == ["Bolt"]
    assert learn_scenario("", True)["A hand"] == ["Dross", "A1"]
    assert learn_scenario("", False)["A hand"] == ["Chaff", "Dross", "Lesson"]


def test_the_2012_shuffle_rule_passes_with_its_earlier_form():
    for record in definitions("shuffle"):
        assert_ok(record)


CASES = [
    ("search",
     [(r"look at all cards in that zone", "look at three cards in that zone"),
      (r"that player isn't required to find", "that player is required to find"),
      (r"that player must find that many cards", "that player may find that many cards"),
      (r"but can't find any cards", "but can find any cards"),
      (r"then they're not revealed", "then they're revealed")],
     [(r"isn't required", "is not required")]),
    ("shuffle",
     [(r"(aren't|are not) included in the shuffle", "are included in the shuffle"),
      (r"will trigger that many times", "will trigger once"),
      (r"containing zero or one cards, abilities that trigger when a library is shuffled "
       r"will still trigger", "containing zero or one cards, abilities that trigger when a "
                              "library is shuffled won't trigger"),
      (r"that library is shuffled even if there are no objects", "that library isn't shuffled "
                                                                 "even if there are no "
                                                                 "objects")],
     [(r"will still trigger", "will still trigger")]),
    ("discover",
     [(r"from the top of your library", "from the bottom of your library"),
      (r"a nonland card", "a land card"), (r"N or less", "N or greater"),
      (r"put that card into your hand", "put that card into your graveyard"),
      (r"on the bottom of your library in a random order", "on the top of your library in a "
                                                           "random order"),
      (r"without paying its mana cost", "by paying its mana cost")],
     [(r"in a random order", "in a random order")]),
    ("learn",
     [(r"If you do, draw a card", "If you do, draw two cards"),
      (r"If you do, draw", "If you don't, draw"),
      (r"put it into your hand", "put it into your graveyard"),
      (r"reveal a Lesson card", "reveal a Spirit card")],
     [(r"You may discard a card", "You may discard a card")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
