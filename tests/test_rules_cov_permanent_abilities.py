"""Keyword abilities of newer permanents (mutate, reconfigure, solved, ∞): merging, Equipment
creatures, Cases and Infinity cards in the model, and each keyword's check on its real text
in every Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.infinity import _states as infinity_states
from kb.rules.keywords.mutate import _run as mutate_run
from kb.rules.keywords.reconfigure import _run as reconfigure_run
from kb.rules.keywords.solved import _states as solved_states
from tests.cov_support import assert_keyword


def test_mutate_and_reconfigure_in_the_model():
    top = mutate_run("", "mine")
    assert top["paid"] == 3 and top["battlefield"] == [("Dino", 6, ("mutate", "trample",
                                                                    "vigilance"))]
    assert mutate_run("", "mine", on_top=False)["battlefield"][0][:2] == ("Bear", 2)
    assert mutate_run("", "human") == {"paid": None} == mutate_run("", "theirs")
    assert mutate_run("", "gone")["battlefield"] == [("Dino", 6, ("mutate", "trample"))]
    assert reconfigure_run("", "my creature") == {"attach": 2, "creature": False, "unattach": 2,
                                                  "creature after": True}
    assert reconfigure_run("", "their turn")["attach"] is None


def test_cases_and_infinity_in_the_model():
    assert solved_states("", "triggered") == [False, True]
    assert infinity_states("") == [False, True]


CASES = [
    ("mutate",
     [(r"targets a non-Human creature", "targets a Human creature"),
      (r"derived from the topmost card", "derived from the bottommost card"),
      (r"will be put onto the battlefield", "will be put onto the graveyard"),
      (r"has all abilities of each card", "has the abilities of the topmost card")],
     []),
    ("reconfigure",
     [(r"another target creature you control", "another target creature an opponent "
                                               "controls"),
      (r"Activate only as a sorcery\" and", "\" and"),
      (r" Activate only if this permanent is attached to a creature and only as a sorcery",
       " Activate only as a sorcery"),
      (r"to stop being a creature", "to keep being a creature")],
     []),
    ("solved",
     [(r"As long as this Case is solved", "As long as this Case is not solved"),
      (r"triggers only if this Case is solved", "triggers only if this Case is unsolved"),
      (r"Activate only if this Case is solved", "Activate only if this Case is not solved")],
     []),
    ("∞ (infinity)",
     [(r"is harnessed, it has", "isn't harnessed, it has"),
      (r"it has \[ability\]", "it loses [ability]")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
