"""Keyword actions a player takes (play, behold, vote, face a villainous choice, the Ring
tempts you, airbend, earthbend): the model, and each action's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.claims import rule_units
from kb.rules.keywords.airbend import _run as airbend_run
from kb.rules.keywords.behold import _still
from kb.rules.keywords.behold import _try as behold_try
from kb.rules.keywords.earthbend import _run as earthbend_run
from kb.rules.keywords.face_a_villainous_choice import _run as villain_run
from kb.rules.keywords.play import _try as play_try
from kb.rules.keywords.the_ring_tempts_you import _abilities, _bearers, _blockable
from kb.rules.keywords.vote import _voters
from tests.cov_support import assert_keyword


def test_play_behold_and_vote_in_the_model():
    assert play_try("", "main") == (True, "battlefield", 0)
    assert [play_try("", c)[0] for c in ("second", "stack", "their turn", "upkeep", "put")] == \
        [False, False, False, False, True]
    assert behold_try("", "hand", "mine") == (True, 1)
    assert behold_try("", "battlefield", "theirs") == (False, 0) and _still("")
    assert _voters("") == ["C", "D", "D", "D", "A", "B"]


def test_villainous_choices_and_the_ring_in_the_model():
    assert villain_run("", "B") == (["B"], 3, 1, 0)
    assert villain_run("", "AB")[0] == ["A", "B"] and villain_run("", "B", 3)[0] == ["B"] * 3
    assert _bearers("") == {"after X": "X", "after Y": ["Y"], "Y stolen": None,
                            "choose Z": False}
    assert _abilities("", 1) == [] and _abilities("", 4) == ["attacks", "becomes blocked by",
                                                             "deals combat damage to a player"]
    assert not _blockable("", 3) and _blockable("", 1)


def test_airbend_and_earthbend_in_the_model():
    assert airbend_run("") == {"zone": "exile", "airbends": 1, "I cast": None, "owner casts": 2,
                               "after leaving": None}
    assert earthbend_run("", "mine", "graveyard")["after"] == ("battlefield", True, "A")
    assert earthbend_run("", "theirs", "graveyard") == {"allowed": False}


def test_a_rule_reference_wrapped_onto_a_new_line_is_no_label():
    text = ("701.55d If more than one player is instructed to face a villainous choice, the "
            "entire process described in rule\n701.55a is performed for each of those players "
            "one at a time in APNAP order.")
    assert rule_units(text) == [text[8:].replace("\n", " ").replace(" in rule 701.55a", "")]


CASES = [
    ("play",
     [(r"put it onto the battlefield from", "put it onto the graveyard from"),
      (r", the stack is empty", ""),
      (r"haven't( yet)? played a land this turn", "haven't played two lands this turn"),
      (r"isn't the same as playing a land", "is the same as playing a land")],
     [(r"it's the main phase", "it is the main phase")]),
    ("behold",
     [(r"from your hand", "from your graveyard"), (r"permanent you control", "permanent an "
                                                                             "opponent controls"),
      (r"Reveal a \[quality\] card", "Discard a [quality] card"),
      (r"at the time the player took that action", "at the time the spell resolves")],
     []),
    ("vote",
     [(r"proceeding in turn order", "proceeding in reverse turn order"),
      (r"each player, starting", "each opponent, starting"),
      (r"at the same time the player would otherwise have voted", "after all other players "
                                                                  "have voted")],
     [(r"each player", "every player")]),
    ("face a villainous choice",
     [(r"Then all actions", "Then one action"),
      (r"a player may choose an option that is illegal", "a player can't choose an option "
                                                          "that is illegal"),
      (r"one at a time in APNAP order", "one at a time in reverse APNAP order"),
      (r"they perform as much of the action as is possible", "they perform none of the "
                                                             "action")],
     []),
    ("the ring tempts you",
     [(r"choose a creature you control", "choose a creature an opponent controls"),
      (r" or another player gains control of it", ""),
      (r"with greater power", "with lesser power"),
      (r"tempted that player two or more times", "tempted that player three or more times"),
      (r"each opponent loses 3 life", "each opponent loses 2 life")],
     []),
    ("airbend",
     [(r"that player exiles those objects", "that player destroys those objects"),
      (r"its owner may cast it", "its controller may cast it"),
      (r"by paying \{2\}", "by paying {3}")],
     []),
    ("earthbend",
     [(r"Target land you control", "Target land an opponent controls"),
      (r"a 0/0 land creature", "a 1/1 land creature"), (r" with haste", ""),
      (r"dies or is put into exile", "dies"),
      (r"to the battlefield tapped", "to the battlefield")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
