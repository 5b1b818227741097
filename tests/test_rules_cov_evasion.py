"""Menace, skulk and indestructible: the model, and each keyword's check on its real text
in every Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Ability
from kb.rules.keywords._cov_combat import block_accepted
from kb.rules.keywords.indestructible import _destroyed
from tests.cov_support import assert_keyword


def test_menace_needs_two_blockers_in_the_model():
    menace = Ability("menace")
    assert not block_accepted("", menace, 2, [2])
    assert block_accepted("", menace, 2, [2, 2])
    assert block_accepted("", None, 2, [2])


def test_skulk_forbids_greater_power_in_the_model():
    skulk = Ability("skulk")
    assert block_accepted("", skulk, 3, [3]) and not block_accepted("", skulk, 3, [4])


def test_indestructible_survives_destroy_and_damage_in_the_model():
    assert _destroyed("", True, "destroy") == _destroyed("", True, "damage") == "battlefield"
    assert _destroyed("", False, "damage") == "graveyard"


@pytest.mark.parametrize("name, changes, rewordings", [
    ("menace",
     [(r"two or more", "three or more"), (r"two or more", "one or more"),
      (r"can't be blocked except", "can be blocked except"),
      (r"Multiple instances of menace on the same creature are redundant",
       "Each instance of menace on the same creature works separately"),
      (r"evasion ability", "static ability")],
     [(r"can't be blocked", "cannot be blocked"), (r"two or more", "2 or more")]),
    ("skulk",
     [(r"greater power", "lesser power"), (r"greater power", "equal power"),
      (r"can't be blocked by", "can be blocked by"), (r"evasion ability", "triggered ability")],
     [(r"can't be blocked", "cannot be blocked"), (r"greater power", "higher power")]),
    ("indestructible",
     [(r"can't be destroyed", "can be destroyed"),
      (r"aren't destroyed by lethal damage", "are destroyed by lethal damage"),
      (r"static ability", "triggered ability"),
      (r"are redundant", "each work separately")],
     [(r"can't be destroyed", "cannot be destroyed"),
      (r"aren't destroyed", "are not destroyed")]),
])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
