"""Ward and the newer casting keywords (escape, spectacle, surge, undaunted, dash, blitz,
embalm, eternalize, improvise, waterbend, escalate, bargain): the model, and
each keyword's check on its real text in every Comprehensive Rules version at hand, on
changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.game import Game
from kb.rules.keywords import spec_for
from kb.rules.keywords._casting import legal, spending
from kb.rules.keywords._cov_altcost import set_up
from kb.rules.keywords.bargain import OFFERS
from kb.rules.keywords.bargain import _cast as bargain_cast
from kb.rules.keywords.disturb import _face as disturb_face
from kb.rules.keywords.escalate import _cast as escalate_cast
from kb.rules.keywords.escape import MODEL as ESCAPE
from kb.rules.keywords.improvise import cast_improvised
from kb.rules.keywords.offspring import _scenario as offspring_scenario
from kb.rules.keywords.spectacle import MODEL as SPECTACLE
from kb.rules.keywords.squad import _scenario as squad_scenario
from kb.rules.keywords.undaunted import _cast
from kb.rules.keywords.ward import _scenario as ward_scenario
from tests.cov_support import assert_keyword


def test_ward_counters_unless_paid_in_the_model():
    assert ward_scenario("", "opponent", "spell", True) == ("resolved", 2)
    assert ward_scenario("", "opponent", "spell", False) == ("countered", 0)
    assert ward_scenario("", "controller", "spell", False) == ("resolved", 0)
    assert ward_scenario("", "opponent", "ability", False) == ("countered", 0)


def test_alternative_costs_in_the_model():
    game, card = set_up("", "escape", "hand", ())
    assert not legal(ESCAPE.cast, game, game.active, card)
    for history, met in (((), False), (("me",), True), (("them",), False)):
        game, card = set_up("", "spectacle", "hand", history)
        game.add_mana(game.active, "{1}{R}")
        assert legal(SPECTACLE.cast, game, game.active, card) == met
    assert _cast("", 4, 1, 1) == 5 and _cast("", 3, 0, 2) == 3


def test_dash_blitz_and_graveyard_copies_in_the_model():
    dash, blitz = spec_for("dash"), spec_for("blitz")
    assert dash is not None and blitz is not None
    assert dash.checks and blitz.checks
    embalm = spec_for("embalm")
    assert embalm is not None and embalm.functions_in == ("graveyard",)


def test_tapping_escalating_and_bargaining_in_the_model():
    assert escalate_cast("", 3) == 4
    assert bargain_cast("", OFFERS[2]) == (True, 3, True)
    assert bargain_cast("", OFFERS[3]) == (False, 0, False)
    game = Game()
    me = game.active
    relics = [game.create(f"Relic {i}", controller=me, types={"artifact"}) for i in range(2)]
    assert spending(me, cast_improvised, game, me, relics)[1] == 2


CASES = [
    ("ward",
     [(r"an opponent controls", "you control"), (r"spell or ability an", "spell an"),
      (r" unless that player pays \[cost\]", ""), (r"counter that spell", "copy that spell")],
     [(r"Ward \[cost\] means", "\"Ward [cost]\" means")]),
    ("escape",
     [(r"from your graveyard by paying", "from your hand by paying"),
      (r"rather than paying its mana cost", "in addition to its mana cost")],
     []),
    ("spectacle",
     [(r"an opponent lost life", "you lost life"),
      (r"lost life this turn", "gained life this turn"),
      (r"rather than pay this spell's mana cost", "in addition to this spell's mana cost")],
     []),
    ("surge",
     [(r"has cast another spell this turn", "has cast no other spell this turn"),
      (r"you or one of your teammates has", "an opponent has")],
     [(r"you or one of your teammates has", "you or one of your teammates\n has")]),
    ("undaunted",
     [(r"costs \{1\} less", "costs {2} less"), (r"costs \{1\} less", "costs {1} more"),
      (r"for each opponent you have", "for each player you have"),
      (r"are not counted", "are counted"),
      (r"each of them applies", "they are redundant")],
     []),
    ("dash",
     [(r"return the permanent this spell becomes to its owner's hand", "sacrifice the permanent "
                                                                      "this spell becomes"),
      (r"it has haste", "it has vigilance"), (r"the next end step", "your next end step"),
      (r"rather th[ae]n its mana cost", "in addition to its mana cost")],
     [(r"rather that its", "rather than its")]),
    ("blitz",
     [(r"sacrifice the permanent this spell becomes", "exile the permanent this spell becomes"),
      (r"draw a card", "draw two cards"), (r" and 'When this permanent (dies|is put into a "
                                           r"graveyard from the battlefield), draw a card\.'",
                                           "")],
     []),
    ("embalm",
     [(r"except it's white", "except it's black"), (r"it has no mana cost, ", ""),
      (r"it's a Zombie", "it's a Spirit"),
      (r"Exile this card from your graveyard", "Exile this card from your hand"),
      (r"Create a token", "Create two tokens")],
     []),
    ("eternalize",
     [(r"it's 4/4", "it's 5/5"), (r"except it's black", "except it's white"),
      (r"Activate (this ability )?only (as a sorcery|any time you could cast a sorcery)\.", "")],
     []),
    ("improvise",
     [(r"untapped artifact you control", "untapped creature you control"),
      (r"an untapped artifact", "an artifact"), (r"For each generic mana", "For each colored mana"),
      (r"are redundant", "each work separately")],
     []),
    ("waterbend",
     [(r"artifact or creature you control", "artifact you control"),
      (r"you control rather", "an opponent controls rather")],
     []),
    ("escalate",
     [(r"beyond the first", ""), (r"you pay an additional \[cost\]", "you pay [cost] instead")],
     []),
    ("bargain",
     [(r"artifact, enchantment, or token", "artifact or enchantment"),
      (r"you may sacrifice", "you sacrifice"),
      (r"artifact, enchantment, or token", "creature")],
     []),
    ("offspring",
     [(r"except it's 1/1", "except it's 2/2"), (r"if its offspring cost was paid",
                                                "if its offspring cost was not paid"),
      (r"You may pay an additional \[cost\]", "You may pay [cost] rather than its mana cost"),
      (r"create a token", "create two tokens")],
     []),
    ("squad",
     [(r" any number of times", ""), (r"for each time its squad cost was paid", "once"),
      (r"As an additional cost to cast this spell, you may pay \[cost\]",
       "You may pay [cost] rather than its mana cost")],
     []),
    ("disturb",
     [(r"transformed from your graveyard", "transformed from your hand"),
      (r"with its back face up", "with its front face up"),
      (r"rather than its mana cost", "in addition to its mana cost")],
     []),
]


def test_disturb_in_the_model():
    assert disturb_face("") == "back"


def test_offspring_in_the_model():
    assert squad_scenario("", 3) == (8, 3) and squad_scenario("", 0) == (2, 0)
    assert offspring_scenario("", True) == (5, [("Mouse", 1, 1)])
    assert offspring_scenario("", False) == (3, [])


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
