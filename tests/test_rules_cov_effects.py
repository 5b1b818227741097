"""Keywords with one-shot effects: for mirrodin!, job select, firebending, double, triple and
create:
the model, and each keyword's check on its real text in every Comprehensive Rules version at
hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords._cov_multiply import _size
from kb.rules.keywords.firebending import _attack
from tests.cov_support import assert_keyword


def test_the_model_of_the_effects():
    assert _attack("", True) == {"R": 3} and _attack("", False) == {}
    assert _size("", 2, "power", (3, 4)) == (6, 4)
    assert _size("", 3, "power and toughness", (3, 4)) == (9, 12)
    assert _size("", 2, "power", (-2, 4)) == (-4, 4)


CASES = [
    ("for mirrodin!",
     [(r"2/2 red Rebel", "2/2 white Rebel"), (r"then attach this Equipment to it",
                                              "then attach this Equipment to target creature"),
      (r"create a 2/2", "create two 2/2")],
     []),
    ("job select",
     [(r"1/1 colorless Hero", "2/2 colorless Hero"), (r", then attach this Equipment to it", "")],
     []),
    ("firebending",
     [(r"add N \{R\}", "add N {G}"), (r"add N \{R\}", "add two {R}"),
      (r"Whenever this creature attacks", "Whenever this creature blocks")],
     []),
    ("double",
     [(r"where X is that creature's power as", "where X is twice that creature's power as"),
      (r"gives it \+0/\+X", "gives it +X/+0"), (r"twice its current value",
                                                "three times its current value"),
      (r"as many of those counters as", "twice as many of those counters as"),
      (r"it gets -0/-X", "it gets -0/+X")],
     []),
    ("triple",
     [(r"where X is twice that creature's power as", "where X is that creature's power as"),
      (r"gives it \+X/\+Y, where X is twice its power", "gives it +X/+Y, where X is its power"),
      (r"gets -X/-0", "gets +X/-0")],
     []),
    ("create",
     [(r"onto the battlefield\.", "into your hand."),
      (r"the specified number of tokens", "one tokens")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
