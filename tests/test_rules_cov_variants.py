"""The keyword actions and abilities of the casual variants and their objects (abandon, set in
motion, planeswalk, open an Attraction, roll to visit your Attractions, visit, assemble,
venture into the dungeon): scheme, planar, Attraction and Contraption decks and dungeons in
the model, and each keyword's check on its real text in every Comprehensive Rules version at
hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords.abandon import _try as abandon_try
from kb.rules.keywords.assemble import _assembled
from kb.rules.keywords.open_an_attraction import _try as open_try
from kb.rules.keywords.planeswalk import _try as planeswalk_try
from kb.rules.keywords.roll_to_visit_your_attractions import _visited
from kb.rules.keywords.set_in_motion import _try as motion_try
from kb.rules.keywords.venture_into_the_dungeon import _state as venture_state
from kb.rules.keywords.visit import _lives
from tests.cov_support import assert_keyword


def test_schemes_and_planes_in_the_model():
    assert abandon_try("", True, True, True) == (True, "S2 S3 S1", True)
    assert not abandon_try("", False, True, True)[0] and not abandon_try("", True, False, True)[0]
    assert motion_try("", "archenemy", 2) == (True, ["S1", "S2"], "S3", 2)
    assert not motion_try("", "other")[0]
    assert planeswalk_try("", "me") == (True, ["P1"], "P2 P0")
    assert not planeswalk_try("", "other")[0]


def test_attractions_contraptions_and_dungeons_in_the_model():
    assert open_try("", True) == (True, "battlefield", "A", False, "T2", 1)
    assert open_try("", False) == (False, 0) and open_try("", True, blocked=True)[-1] == 0
    assert _visited("", 4) == ["Carousel", "Ferris Wheel"] and _visited("", 7) is None
    assert _lives("", "me", 4) == (3, 0) and _lives("", "opponent", 4) == (0, 3)
    assert _assembled("") == [("contraption", "battlefield")]
    assert venture_state("", "") == (1, "Entrance", 0)
    assert venture_state("", "Entrance") == (1, "Hall", 0)
    assert venture_state("", "Vault") == (1, "Entrance", 1)


CASES = [
    ("abandon",
     [(r"turn it face down", "turn it face up"), (r"on the bottom of", "on the top of"),
      (r"Only a face-up ongoing scheme", "Only a face-down ongoing scheme"),
      (r", and only during an Archenemy game", "")],
     [(r"To abandon a scheme, turn", "To abandon a scheme is to turn")]),
    ("set in motion",
     [(r"move it off the top of your scheme deck", "move it off the bottom of your scheme deck"),
      (r"Only the archenemy may", "Only the opponents may"),
      (r"sets a scheme in motion that many times", "sets a scheme in motion once"),
      (r"and turn it face up", "and turn it face down")],
     []),
    ("planeswalk",
     [(r"on the bottom of its owner's planar deck", "on the top of its owner's planar deck"),
      (r"move the top card of your planar deck", "move the bottom card of your planar deck"),
      (r"Only the planar controller may", "Only the other players may"),
      (r"each face-up plane card and phenomenon card", "the face-up plane card")],
     []),
    ("open an attraction",
     [(r"move the top card", "move the bottom card"), (r"turn it face up", "turn it face down"),
      (r"under your control", "under an opponent's control"),
      (r"that ability doesn't trigger", "that ability does trigger")],
     []),
    ("roll to visit your attractions",
     [(r"six-sided die", "twenty-sided die"), (r"equal to that result", "greater than that "
                                                                        "result"),
      (r"if you control one or more", "if an opponent controls one or more")],
     []),
    ("visit",
     [(r"Whenever you roll", "Whenever an opponent rolls"),
      (r"if the result is equal to", "if the result is greater than")],
     []),
    ("assemble",
     [(r"puts Contraptions onto the battlefield", "puts Attractions onto the battlefield"),
      (r"onto the battlefield", "into the graveyard")],
     []),
    ("venture into the dungeon",
     [(r"They put their venture marker on the topmost room\.", "They put their venture marker "
                                                               "on the bottommost room."),
      (r"an arrow pointing away from", "an arrow pointing toward"),
      (r"causes the player to complete that dungeon", "causes the player to restart that "
                                                      "dungeon")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
