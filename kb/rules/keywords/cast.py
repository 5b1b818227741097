"""Cast (701.4 in 2012), a keyword action: "To cast a spell is to take it from the zone it's
in (usually the hand), put it on the stack, and pay its costs, so that it will eventually
resolve and have its effect.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register


def _scenario(era: str, zone: str) -> tuple[str, int | None, bool]:
    """Cast a {2}{R} sorcery from `zone`: (its zone after casting, mana paid, resolved)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Sorcery", controller=me, zone=zone, types={"sorcery"},
                       mana_cost="{2}{R}")
    paid = paid_for(me, game.cast, me, card)
    where = card.zone
    game.resolve_stack()
    return where, paid, any(e.name == "resolved" and e.obj is card for e in game.log)


def check(claims: Claims, era: str) -> list[str] | None:
    """Where casting takes a spell from and to, and that its costs are paid."""
    sentence = claims.says(r"to cast a spell is to")
    if sentence is None:
        return None
    take = re.search(r"take it from (the zone it's in|your hand|its owner's hand)", sentence,
                     re.I)
    put = re.search(r"put it on(?:to)? the (stack|battlefield)", sentence, re.I)
    pays = re.search(r"pay its costs", sentence, re.I) is not None
    problems = []
    for zone in ("hand", "graveyard"):
        anywhere = take is not None and take.group(1).lower() == "the zone it's in"
        expected = ((put.group(1).lower() if put else "?", 3 if pays else 0, True)
                    if anywhere or zone == "hand" else ("graveyard", None, False))
        problems += differ(f"casting takes it from {take.group(1) if take else '?'} to the "
                           f"{put.group(1) if put else '?'}" + (", paying its costs" if pays
                                                                 else ""), sentence,
                           f"a {{2}}{{R}} sorcery cast from the {zone}: (zone after casting, "
                           "mana paid, resolved)", expected, _scenario(era, zone))
    return problems


register(Keyword(
    name="cast",
    kind=("keyword action",),
    parameter=(),
    zones=("hand", "stack"),
    checks=(Check("taken from its zone onto the stack, costs paid", check),),
))
