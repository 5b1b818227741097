"""Companion -- [Condition] (702.138 in 2020, 702.139 in 2026): before the game you may reveal
one card you own from outside the game whose companion condition your starting deck fulfills;
once during the game, any time you have priority and the stack is empty during a main phase of
your turn, you may pay {3} and put it into your hand (a special action). Until June 2020: once
during that game, you may play that card from outside the game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.registry import Check, Keyword, register

REVEAL = (r"\bbefore the game begins, you may reveal (\w+) cards? you own from outside the game "
          r"with a companion ability whose condition is (fulfilled|not fulfilled) by your "
          r"starting deck")
ACTION = (r"\bonce during the game, any time you have priority and the stack is empty, but only "
          r"during a main phase of (your|any|an opponent's) turn, you may pay (\{\d+\}) and put "
          r"that card into your (hand|graveyard|library)")
PLAY = r"\bonce during that game, you may (play|cast) that card from outside the game"
MANA_COST = "{3}{G}{G}"


@dataclass(frozen=True)
class CompanionModel:
    """The reference semantics: `to_hand` (the 2020-06 special action) or play it."""

    to_hand: bool
    reveals: int = 1

    def reveal(self, cards: list[GameObject]) -> None:
        """Reveal companions before the game (IllegalAction beyond the rules)."""
        if len(cards) > self.reveals or any(not c.notes.get("condition met") for c in cards):
            raise IllegalAction("reveal one companion whose condition your deck fulfills")
        for card in cards:
            card.notes["revealed"] = True

    def take(self, game: Game, player: Player, card: GameObject) -> None:
        """Use the revealed companion once: to the hand for {3}, or play it."""
        if card.zone != "outside" or not card.notes.get("revealed"):
            raise IllegalAction("only a revealed companion outside the game")
        if player.counters["companion used"]:
            raise IllegalAction("once during the game")
        if not game.sorcery_timing(player):
            raise IllegalAction("only in a main phase of your turn with an empty stack")
        if self.to_hand:
            game.pay(player, Cost.parse("{3}"))
            card.zone = "hand"
            player.hand.append(card)
        else:
            card.zone = "hand"  # cast from outside the game: as if from a hand
            player.hand.append(card)
            game.cast(player, card)
        player.counters["companion used"] += 1


def _companion(game: Game, player: Player, met: bool = True) -> GameObject:
    card = game.create("Companion", controller=player, zone="exile", mana_cost=MANA_COST,
                       power=3, toughness=3, abilities=("companion",),
                       notes={"condition met": met})
    player.exile.remove(card)
    card.zone = "outside"
    return card


def scenario(era: str, model: CompanionModel, case: str) -> tuple[bool, int | None, str]:
    """A companion {3}{G}{G} revealed (`case`: "main", "stack" (a spell on it), "their turn",
    "twice", "unmet" (its condition not fulfilled), "two" (two revealed)): (the reveal
    allowed, mana the companion's use took or None when not allowed, its zone)."""
    game = Game(era=era)
    me = game.active
    card = _companion(game, me, met=case != "unmet")
    cards = [card, _companion(game, me)] if case == "two" else [card]
    try:
        model.reveal(cards)
    except IllegalAction:
        return False, None, card.zone
    if case == "their turn":
        game.next_turn()
    if case == "stack":
        game.stack.append(game.pending[0] if game.pending else _dummy(game))
    if case == "twice":
        fill_pool(me)
        model.take(game, me, card)
        game.stack.clear()
        if card in me.hand:
            me.hand.remove(card)
        card.zone = "outside"
    before = fill_pool(me)
    try:
        model.take(game, me, card)
    except IllegalAction:
        return True, None, card.zone
    return True, before - pool_size(me), card.zone


def _dummy(game: Game) -> StackItem:
    return StackItem("ability", _companion(game, game.opponent(game.active)),
                     game.opponent(game.active), label="something")


CASES = ("main", "stack", "their turn", "twice", "unmet", "two")


def expected(reveals: int, fulfilled: bool, rule: re.Match[str] | None, play: bool,
             case: str) -> tuple[bool, int | None, str]:
    """What the text says a case does."""
    revealed = (2 if case == "two" else 1) <= reveals and ((case != "unmet") == fulfilled)
    if not revealed:
        return False, None, "outside"
    if rule is None and not play:
        return True, None, "outside"
    if case in ("twice",) or (case == "their turn" and (rule is None or rule.group(1).lower()
                                                         == "your")):
        return True, None, "outside"
    if case == "stack":
        return True, None, "outside"
    if rule is not None:
        if case == "main" and rule.group(1).lower() == "an opponent's":
            return True, None, "outside"
        return True, Cost.parse(rule.group(2)).mana_value, rule.group(3).lower()
    return True, Cost.parse(MANA_COST).mana_value, "stack"


def _check(model: CompanionModel) -> Callable[[Claims, str], list[str] | None]:
    def check(claims: Claims, era: str) -> list[str] | None:
        sentence = claims.says(REVEAL)
        if sentence is None:
            return None
        reveal = re.search(REVEAL, sentence, re.I)
        assert reveal is not None
        rule = re.search(ACTION, claims.says(ACTION) or "", re.I)
        play = claims.says(PLAY) is not None
        problems = []
        for case in CASES:
            problems += differ(reveal.group(0) + "; " + (rule.group(0) if rule else
                                                              "play it once" if play else ""),
                               sentence, f"a companion {MANA_COST} revealed, used ({case}): "
                               "(revealed, mana taken or None, its zone)",
                               expected(quantity(reveal.group(1)),
                                        reveal.group(2).lower() == "fulfilled", rule, play, case),
                               scenario(era, model, case))
        return problems
    return check


register(Keyword(
    name="companion",
    kind=("static",),
    parameter=("-- [condition]",),
    zones=("hand", "stack"),
    checks=(Check("revealed before the game, put into the hand for {3} once",
                  _check(CompanionModel(to_hand=True))),),
    history=(("the companion is put into the hand for {3} (a special action), not played",
              {"checks": (Check("revealed before the game, played once",
                                _check(CompanionModel(to_hand=False))),)}),),
))
