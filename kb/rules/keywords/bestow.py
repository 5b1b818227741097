"""Bestow [cost] (702.102 in 2014, 702.103 in 2026): the card may be cast bestowed, paying
[cost] rather than its mana cost; a spell cast bestowed becomes an Aura enchantment with
enchant creature, and resolves attached to its target."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, Player
from kb.rules.keywords._casting import fill_pool
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("bestow")
BECOMES = (r"\b(?:it|this spell) becomes an? (aura enchantment|equipment artifact|aura)"
           r"(?: spell)? and gains (enchant \w+)")


def cast_bestowed(game: Game, player: Player, card: GameObject, target: GameObject) -> None:
    """Cast a card bestowed: for its bestow cost, as an Aura with enchant creature."""
    card.types = {"enchantment"}
    card.subtypes = card.subtypes | {"aura"}
    card.abilities.append(Ability("enchant", "creature"))
    cost = next(a for a in card.abilities if a.name == "bestow").param
    game.cast(player, card, alternative=Cost.parse(str(cost)), paid={"bestow": True},
              targets=(target,))


def scenario(era: str) -> tuple[bool, bool, bool]:
    """My {3}{W} 2/2 with bestow {4}{W} cast bestowed on my 1/1: (is it a creature, an
    Aura, attached to the 1/1)."""
    game = Game(era=era)
    me = game.active
    bear = creature(game, "Bear", me, power=1, toughness=1)
    card = game.create("Nymph", controller=me, zone="hand", mana_cost="{3}{W}", power=2,
                       toughness=2, abilities=(Ability("bestow", "{4}{W}"),))
    fill_pool(me)
    cast_bestowed(game, me, card, bear)
    game.resolve_stack()
    return (card.zone == "battlefield" and card.is_("creature"), card.is_("aura"),
            card.attached_to is bear)


def check_aura(claims: Claims, era: str) -> list[str] | None:
    """Cast bestowed on a creature: it resolves as an Aura attached to it."""
    sentence = claims.says(BECOMES)
    if sentence is None:
        return None
    match = re.search(BECOMES, sentence, re.I)
    assert match is not None
    aura = match.group(1).lower().startswith("aura")
    attaches = aura and match.group(2).lower() == "enchant creature"
    return differ(f"a spell cast bestowed becomes an {match.group(1)} with {match.group(2)}",
                  sentence, "a 2/2 with bestow cast bestowed on my 1/1: (a creature, an Aura, "
                  "attached)", (not aura, aura, attaches), scenario(era))


register(Keyword(
    name="bestow",
    kind=("static",),
    parameter=("[cost]",),
    zones=("any zone", "stack", "battlefield"),
    functions_in=("any zone", "stack", "battlefield"),
    checks=(Check("cast bestowed for [cost] rather than its mana cost",
                  permit_check(MODEL, r"bestow \[cost\]")),
            Check("a bestowed spell becomes an Aura with enchant creature", check_aura)),
))
