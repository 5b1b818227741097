"""The keywords that let a card be cast another way (aftermath, jump-start, harmonize, emerge,
web-slinging, warp, cleave, mayhem, more than meets the eye, freerunning, bestow, awaken,
impending, ...): the shared model, and each keyword's check on its real text in every
Comprehensive Rules version at hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords._cov_permits import _attempt, _scenario
from kb.rules.keywords.awaken import scenario as awaken_scenario
from kb.rules.keywords.emerge import MODEL as EMERGE
from kb.rules.keywords.harmonize import MODEL as HARMONIZE
from kb.rules.keywords.impending import trajectory as impending_trajectory
from tests.cov_support import assert_keyword


def test_awaken_and_impending_in_the_model():
    assert awaken_scenario("", True) == (True, (3, 3), True, True, True)
    assert awaken_scenario("", False)[0] is False
    assert impending_trajectory("") == [(3, False), (2, False), (2, False), (1, False),
                                        (1, False), (0, True), (0, True)]


def test_emerge_and_harmonize_in_the_model():
    game, card, used = _scenario("", EMERGE, "hand", ("sorcery",), "untapped")
    assert _attempt(game, EMERGE, card, used, False) == (3, "graveyard", "graveyard")
    game, card, used = _scenario("", HARMONIZE, "graveyard", ("sorcery",), "untapped")
    assert _attempt(game, HARMONIZE, card, used, False) == (2, "exile", "battlefield")
    game, card, used = _scenario("", HARMONIZE, "hand", ("sorcery",), "")
    assert _attempt(game, HARMONIZE, card, used, False)[0] is None


CASES = [
    ("emerge",
     [(r"and sacrificing a creature rather", "and tapping an untapped creature you control "
                                            "rather"),
      (r"sacrificed creature's mana value", "sacrificed creature's power"),
      (r"its total cost is reduced", "its total cost is increased"),
      (r"rather than paying its mana cost", "in addition to paying its mana cost"),
      (r"sacrificed permanent's mana value", "sacrificed permanent's power")],
     [(r"sacrificing a creature", "sacrificing one creature")]),
    ("harmonize",
     [(r"from your graveyard by paying", "from your hand by paying"),
      (r"tapped creature's power", "tapped creature's toughness"),
      (r"up to one untapped creature", "an untapped creature"),
      (r"exile this card instead", "put this card on the bottom of its owner's library instead")],
     []),
    ("web slinging",
     [(r"returning a tapped creature", "returning an untapped creature"),
      (r"returning a tapped creature you control to its owner's hand", "discarding a card"),
      (r"rather than paying its mana cost", "in addition to paying its mana cost")],
     []),
    ("jump start",
     [(r"from your graveyard if", "from exile if"),
      (r"by discarding a card as", "by sacrificing a creature as"),
      (r"exile this card instead", "put this card on the bottom of its owner's library instead"),
      (r" if the resulting spell is an instant or sorcery spell", "")],
     []),
    ("aftermath",
     [(r"from your graveyard,", "from your hand,"),
      (r"exile it instead", "put it on the bottom of its owner's library instead"),
      (r" \"This half of this split card can't be cast from any zone other than a graveyard,\"",
       "")],
     []),
    ("mayhem",
     [(r"you discarded this card this turn, you may", "an opponent discarded this card this "
                                                      "turn, you may"),
      (r"As long as you discarded this card this turn, you", "You"),
      (r"cast it from your graveyard by paying", "cast it from your hand by paying")],
     []),
    ("freerunning",
     [(r"was an Assassin creature", "was a Warrior creature"),
      (r"under your control", "under an opponent's control"),
      (r"rather than pay this spell's mana cost", "in addition to this spell's mana cost")],
     []),
    ("cleave",
     [(r"rather than paying its mana cost", "in addition to paying its mana cost"),
      (r"You may cast this spell by paying \[cost\]", "You may cast this spell from your "
                                                     "graveyard by paying [cost]"),
      (r"within square brackets", "within parentheses"),
      (r"by removing all text", "by keeping only all text")],
     []),
    ("more than meets the eye",
     [('cast this card converted', 'cast this card transformed'),
      (r"rather than its mana cost", "in addition to its mana cost"),
      (r"cast this card converted by", "cast this card converted from exile by")],
     []),
    ("warp",
     [(r"from your hand by paying", "from your graveyard by paying"),
      (r"exile the permanent this spell becomes", "sacrifice the permanent this spell becomes"),
      (r"at the beginning of the next end step", "at the beginning of your next upkeep"),
      (r"after the current turn has ended", "this turn")],
     []),
    ("bestow",
     [(r"rather than its mana cost", "in addition to its mana cost"),
      (r"becomes an Aura enchantment and gains enchant creature",
       "becomes an Aura enchantment and gains enchant land"),
      (r"becomes an Aura enchantment", "becomes an Equipment artifact")],
     []),
    ("awaken",
     [(r"target land you control", "target land an opponent controls"),
      (r"becomes a 0/0 Elemental creature with haste", "becomes a 1/1 Elemental creature with "
                                                       "haste"),
      (r"creature with haste", "creature with vigilance"),
      (r" It's still a land\.", ""),
      (r"rather than pay this spell's mana cost", "in addition to this spell's mana cost")],
     [(r"Awaken N — \[cost\]", "Awaken N-[cost]")]),
    ("impending",
     [(r"it enters with N time counters", "it enters with N+1 time counters"),
      (r"it's not a creature", "it's a creature"),
      (r"At the beginning of your end step", "At the beginning of each opponent's end step"),
      (r"remove a time counter from it", "remove two time counters from it"),
      (r"rather than pay this spell's mana cost", "in addition to this spell's mana cost")],
     [(r"If you chose to pay this permanent's impending cost", "If you chose to pay this "
                                                              "spell's impending cost"),
      (r"The first is a static ability that functions while the spell with impending is on the "
       r"stack\. The second is static ability",
       "The first and second are static abilities")]),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
