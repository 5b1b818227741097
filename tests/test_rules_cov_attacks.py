"""Attack keywords of several opponents and helpers (melee, myriad, enlist): the model, and
each keyword's check on its real text in every Comprehensive Rules version at hand, on changed
copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.enlist import scenario as enlist_scenario
from kb.rules.keywords.melee import scenario as melee_scenario
from kb.rules.keywords.myriad import scenario as myriad_scenario
from tests.cov_support import assert_keyword


def test_melee_myriad_and_enlist_in_the_model():
    assert melee_scenario("", ("C", "D")) == (5, 5, 2, 2)
    assert melee_scenario("", ("B",)) == (3, 3, 2, 2)
    assert melee_scenario("", ("C",), melee_attacks=False) == (2, 2, 2, 2)
    assert myriad_scenario("") == ([("C", True), ("D", True)], 0)
    assert enlist_scenario("", "ready") == (5, 2, True)
    assert enlist_scenario("", "new") == (2, 2, False)
    assert enlist_scenario("", "new with haste") == (5, 2, True)


CASES = [
    ("melee",
     [(r"for each opponent you attacked with a creature this combat", "for each creature "
                                                                       "attacking"),
      (r"it gets \+1/\+1", "it gets +1/+0"),
      (r"until end of turn", "for the rest of the game")],
     []),
    ("myriad",
     [(r"for each opponent other than defending player", "for each opponent"),
      (r"tapped and attacking that player", "tapped that player"),
      (r"exile the tokens at end of combat", "exile the tokens at the beginning of the next end "
                                             "step")],
     []),
    ("enlist",
     [(r" that you didn't choose to attack with", ""),
      (r" and that either has haste or has been under your control continuously since this "
       r"turn began", ""),
      (r"the tapped creature's power", "the tapped creature's toughness"),
      (r"\+X/\+0", "+X/+X")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
