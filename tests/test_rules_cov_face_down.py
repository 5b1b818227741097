"""The face-down keywords (manifest, cloak, manifest dread, disguise): the model of face-down
cards and permanents, and each keyword's check on its real text in every Comprehensive Rules
version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Game
from kb.rules.keywords._cov_library import stock
from kb.rules.keywords._face_down import dragon, looks, turn_up_for_mana_cost
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords.cloak import cloak
from kb.rules.keywords.disguise import _scenario as disguise_scenario
from kb.rules.keywords.manifest import manifest
from kb.rules.keywords.manifest_dread import manifest_dread
from tests.cov_support import assert_keyword


def test_manifested_and_cloaked_cards_in_the_model():
    game = Game()
    me, them = game.active, game.opponent(game.active)
    hidden, cloaked = manifest(game, me, dragon(game, me)), cloak(game, me, dragon(game, me))
    assert looks(hidden) == (True, 2, 2, "", [], [], 0)
    assert looks(cloaked) == (True, 2, 2, "", ["ward {2}"], [], 0)
    assert paid_for(them, turn_up_for_mana_cost, game, them, hidden) is None
    assert paid_for(me, turn_up_for_mana_cost, game, me, hidden) == 6
    assert looks(hidden)[:4] == (False, 5, 5, "Hidden Dragon")


def test_manifest_dread_and_disguise_in_the_model():
    game = Game()
    me = game.active
    cards = stock(game, me, 4)
    assert manifest_dread(game, me) == cards[:1] and me.graveyard == cards[1:2]
    result = disguise_scenario("")
    assert (result["cast"], result["plain"], result["up"], result["theirs"]) == (3, None, 3, None)
    assert result["enters"] == 0


CASES = [
    ("manifest",
     [(r"turn it face down", "turn it face up"), (r"a 2/2 face-down", "a 3/3 face-down"),
      (r"no name, ", ""), (r"no text, ", ""),
      (r"manifested permanent you control face up", "manifested permanent an opponent "
                                                    "controls face up"),
      (r"leaves it face down", "leaves it face up"),
      (r"Put that card onto the battlefield", "Put that card onto the graveyard"),
      (r"it can't be turned face up this way", "it can be turned face up this way"),
      (r"is a creature card and", "is an artifact card and")],
     [(r"no name, no subtypes, and no mana cost", "no name, no mana cost, and no subtypes"),
      (r"won't trigger", "will not trigger")]),
    ("cloak",
     [(r"ward \{2\}", "ward {3}"), (r"a 2/2 face-down", "a 2/3 face-down"),
      (r"cloaked permanent you control face up", "cloaked permanent an opponent controls "
                                                 "face up"),
      (r"won't trigger", "will trigger")],
     [(r"no name, no subtypes, and no mana cost", "no subtypes, no name, and no mana cost")]),
    ("manifest dread",
     [(r"top two cards", "top three cards"), (r"Manifest one of them", "Manifest two of them"),
      (r"into your graveyard", "into your hand"), (r"the top two", "the bottom two"),
      (r"of your library", "of an opponent's library")],
     [(r"top two cards", "top 2 cards")]),
    ("disguise",
     [(r"ward \{2\}", "ward {1}"), (r"by paying \{3\}", "by paying {4}"),
      (r"you control with a disguise", "an opponent controls with a disguise"),
      (r"don't trigger when", "do trigger when"), (r"can't normally cast", "can normally cast"),
      (r"no name, ", "")],
     [(r"no name, no subtypes, and no mana cost", "no name, no mana cost, and no subtypes")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
