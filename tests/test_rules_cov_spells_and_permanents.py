"""Spell and permanent keywords with one job each (devoid, demonstrate, cipher, encore,
compleated, read ahead): the model, and each keyword's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Game
from kb.rules.keywords.cipher import scenario as cipher_scenario
from kb.rules.keywords.compleated import scenario as compleated_scenario
from kb.rules.keywords.demonstrate import scenario as demonstrate_scenario
from kb.rules.keywords.devoid import colors_of
from kb.rules.keywords.encore import scenario as encore_scenario
from kb.rules.keywords.read_ahead import scenario as read_ahead_scenario
from tests.cov_support import assert_keyword


def test_devoid_demonstrate_and_cipher_in_the_model():
    game = Game()
    card = game.create("Scion", zone="hand", colors={"red"}, abilities=("devoid",))
    assert colors_of(game, card) == set()
    assert demonstrate_scenario("", True) == (1, 1)
    assert demonstrate_scenario("", False) == (0, 0)
    assert cipher_scenario("", "my", False) == ("exile", 1, 1)
    assert cipher_scenario("", "my", True) == ("exile", 0, 0)
    assert cipher_scenario("", "an opponent's", False) == ("graveyard", 0, 0)


def test_encore_compleated_and_read_ahead_in_the_model():
    assert encore_scenario("", "graveyard", False) == (3, 2, 2, 0)
    assert encore_scenario("", "graveyard", True)[0] is None
    assert compleated_scenario("", 0) == 6 and compleated_scenario("", 2) == 2
    assert read_ahead_scenario("", 2) == (2, [2])
    assert read_ahead_scenario("", 4) is None


CASES = [
    ("devoid",
     [(r"This object is colorless", "This object is black"),
      (r"functions everywhere, even outside the game", "functions only on the battlefield")],
     []),
    ("demonstrate",
     [(r"you may copy it and", "you must copy it and"),
      (r"choose an opponent\. That player copies", "choose a teammate. That player copies"),
      (r"When you cast this spell", "When this spell resolves")],
     []),
    ("cipher",
     [(r"encoded on a creature you control", "encoded on a creature an opponent controls"),
      (r"deals combat damage to a player", "deals combat damage to a creature"),
      (r"The first is a spell ability", "The first is a static ability")],
     []),
    ("encore",
     [(r"For each opponent, create a token", "For each player, create a token"),
      (r"The tokens gain haste", "The tokens gain vigilance"),
      (r"Sacrifice them at the beginning of the next end step\. ", ""),
      (r"Activate only as a sorcery", "Activate only as an instant"),
      (r"Exile this card from your graveyard", "Exile this card from your hand")],
     []),
    ("compleated",
     [(r"minus two for each", "minus one for each"),
      (r"minus two", "plus two"),
      (r"chose to pay life", "chose to pay mana")],
     []),
    ("read ahead",
     [(r"from one to that Saga's final chapter number", "from one to two"),
      (r"unless it has exactly the number", "unless it has at least the number"),
      (r"with the chosen number of lore counters", "with one lore counter")],
     [(r"As a Saga with the read ahead ability enters, its controller chooses a number from one "
       r"to that Saga's final chapter number\. That Saga enters",
       "As this Saga enters, choose a number from one to this Saga's final chapter number. "
       "This Saga enters")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
