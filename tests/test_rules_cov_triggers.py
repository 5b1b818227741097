"""The newer triggered keywords (prowess, dethrone, renown, afflict, training, mentor, evolve,
ingest, extort): the model, and each keyword's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.afflict import _attack as afflict_attack
from kb.rules.keywords.evolve import _enters
from kb.rules.keywords.extort import _scenario as extort_scenario
from kb.rules.keywords.prowess import _scenario as prowess_scenario
from kb.rules.keywords.renown import _combats
from tests.cov_support import assert_keyword


def test_the_model_of_the_triggers():
    assert prowess_scenario("") == (2, 2)  # my instant and my artifact spell
    assert _combats("", 3) == [3, 3, 3]
    assert afflict_attack("", 3, True) == (0, -3) and afflict_attack("", 3, False) == (0, 0)
    assert _enters("", 3, 1, True) == 1 and _enters("", 2, 2, True) == 0
    assert _enters("", 3, 3, False) == 0
    assert extort_scenario("", True, "{B}") == [2, -1, -1]
    assert extort_scenario("", True, "{G}") == [0, 0, 0]


CASES = [
    ("prowess",
     [(r"noncreature spell", "creature spell"), (r"you cast a", "an opponent casts a"),
      (r"noncreature spell", "spell")],
     [(r"noncreature spell", "non-creature spell")]),
    ("dethrone",
     [(r"most life or tied for most life", "least life or tied for least life"),
      (r" or tied for most life", ""),
      (r"counter on this creature", "counter on target creature")],
     [(r"tied for most life", "tied for the most life")]),
    ("renown",
     [(r"if it isn't renowned, ", ""),
      (r"combat damage to a player", "combat damage to a creature"),
      (r"put N \+1/\+1 counters on it", "put N -1/-1 counters on it")],
     [(r"isn't renowned", "is not renowned")]),
    ("afflict",
     [(r"defending player loses", "defending player gains"),
      (r"defending player loses", "you lose"),
      (r"becomes blocked", "attacks")],
     [(r"defending player loses N life", "defending player loses N life")]),
    ("training",
     [(r"power greater than", "power less than"), (r"at least one other", "at least two other"),
      (r"puts (one or more|a) \+1/\+1 counters?", "puts two +1/+1 counters")],
     []),
    ("mentor",
     [(r"power less than", "power greater than"),
      (r"target attacking creature", "target creature"),
      (r"Whenever this creature attacks", "Whenever this creature blocks")],
     []),
    ("evolve",
     [(r"and/or", "and"), (r"power is greater", "power is less"),
      (r"under your control", "under an opponent's control"),
      (r"a creature you control enters", "a creature an opponent controls enters")],
     [(r"and/or", "or")]),
    ("ingest",
     [(r"top card", "bottom card"),
      (r"that player exiles the top card of (their|his or her) library",
       "you exile the top card of your library"),
      (r"exiles the top card", "mills the top card")],
     [(r"their library", "his or her library")]),
    ("extort",
     [(r"\{W/B\}", "{W}"), (r"you cast a spell", "an opponent casts a spell"),
      (r" and you gain life equal to the total life lost this way", ""),
      (r"each opponent loses", "each opponent gains")],
     [(r"you cast a spell", "you cast a spell")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
