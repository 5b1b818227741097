"""Keywords of speed and of play outside a game's usual zones (start your engines!, max speed,
companion, hidden agenda, space sculptor, partner): the model, and each keyword's check on its
real text in every Comprehensive Rules version at hand, on changed copies and on
rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.max_speed import scenario as max_speed_scenario
from kb.rules.keywords.start_your_engines import trajectory
from tests.cov_support import assert_keyword


def test_speed_in_the_model():
    assert trajectory("") == [1, 2, 3, 4, 4]
    assert trajectory("", with_permanent=False) == [None] * 5
    assert max_speed_scenario("", 4, None) is True
    assert max_speed_scenario("", 3, 4) is False


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
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
