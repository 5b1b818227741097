"""Offering (702.46 in 2012, 502.42 in 2008): "[Subtype] offering" means "You may cast this
card any time you could cast an instant by sacrificing a [subtype] permanent. If you do, the
total cost to cast this card is reduced by the sacrificed permanent's mana cost." The
2026 rules rewrite it as an optional additional cost of a spell on the stack ("[Quality]
offering": sacrifice a [quality] permanent; if you did, the total cost is reduced by its
mana cost and you may cast it any time you could cast an instant): the same outcome, but
another parameter name and zone. Its `history` keeps both earlier forms (functioning in any
zone; written "[Subtype] offering"); the versions themselves date each change
(`kb.rules.history`).

In the model, `cast_with_offering` sacrifices the permanent as the spell is cast; the hook
`instant_timing` lets the card be cast at instant speed that way and `cost_change` reduces
its total cost by the sacrificed permanent's mana cost (`_mana.reduced`)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._mana import paid_for, reduced
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

PENDING = "offering sacrificed"


def cast_with_offering(game: Game, player: Player, card: GameObject,
                       sacrifice: GameObject) -> StackItem:
    """Cast `card` by its offering, sacrificing `sacrifice` as it is cast."""
    ability = next((a for a in card.abilities if a.name == "offering"), None)
    if ability is None:
        raise IllegalAction(f"{card.name} has no offering")
    if sacrifice.zone != "battlefield" or sacrifice.controller is not player or \
            not sacrifice.is_(str(ability.param)):
        raise IllegalAction(f"{sacrifice.name} isn't a {ability.param} permanent you control")
    card.notes[PENDING] = Cost.parse(sacrifice.mana_cost)
    try:
        if not game.may_cast(player, card):
            raise IllegalAction(f"{card.name} can't be cast now")
        game.sacrifice(sacrifice)
        return game.cast(player, card)
    finally:
        card.notes.pop(PENDING, None)


def _instant_timing(game: Game, card: GameObject, ability: Ability) -> bool:
    return PENDING in card.notes


def _cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    by = card.notes.get(PENDING)
    if by is not None:
        new = reduced(cost, by)
        cost.generic, cost.colored = new.generic, new.colored


def _attempt(era: str, sacrifice: tuple[str, str, str, str], turn: str) -> int | None:
    """On `turn` ("mine" in my main phase, "theirs" in the opponent's), cast Goblin Patron
    ({5}{R}{R}, Goblin offering) sacrificing (name, subtype, mana cost, card type): mana
    paid or None."""
    game = stocked_game(era, cards=0)
    me = game.active
    if turn == "theirs":
        game.next_turn()
    patron = game.create("Goblin Patron", controller=me, zone="hand", mana_cost="{5}{R}{R}",
                         power=5, toughness=5, abilities=(Ability("offering", "goblin"),))
    name, subtype, cost, kind = sacrifice
    victim = game.create(name, controller=me, power=1, toughness=1, mana_cost=cost,
                         subtypes={subtype}, types={kind})
    return paid_for(me, cast_with_offering, game, me, patron, victim)


def check(claims: Claims, era: str) -> list[str] | None:
    """When the card may be cast, what must be sacrificed, and what it then costs."""
    sentence = claims.says(r"offering\" means")
    if sentence is None:
        return None
    timing = re.search(r"any time you could (?:cast|play) an? (instant|sorcery)", sentence, re.I)
    what = re.search(r"sacrific(?:e|ing) an? \[(\w+)\] (permanent|creature)", sentence, re.I)
    reduction = re.search(r"total cost (?:to (?:cast|play) this card )?is reduced by the "
                          r"sacrificed permanent's mana cost", sentence, re.I)
    if what is None:
        return [f'the text says to sacrifice something the model does not read ("{sentence}")']
    patron = Cost.parse("{5}{R}{R}")
    problems = []
    for sacrifice in (("Goblin Warchief", "goblin", "{1}{R}{R}", "creature"),
                      ("Blue Goblin", "goblin", "{1}{U}", "creature"),
                      ("Goblin Totem", "goblin", "{2}", "artifact"),
                      ("Elf", "elf", "{G}", "creature")):
        for turn in ("mine", "theirs"):
            kind_ok = what.group(2).lower() == "permanent" or sacrifice[3] == "creature"
            allowed = sacrifice[1] == "goblin" and kind_ok and (turn == "mine" or (
                timing is not None and timing.group(1).lower() == "instant"))
            cost = reduced(patron, Cost.parse(sacrifice[2])) if reduction else patron
            expected = cost.mana_value if allowed else None
            problems += differ(
                f"it may be cast {timing.group(0) if timing else '?'} by sacrificing a "
                f"[{what.group(1)}] permanent{', reducing its cost' if reduction else ''}",
                sentence, f"Goblin offering ({{5}}{{R}}{{R}}) sacrificing {sacrifice[0]} "
                f"({sacrifice[2]}) on {turn} turn: mana paid (None: not allowed)",
                expected, _attempt(era, sacrifice, turn))
    return problems


OLD = {"parameter": ("[subtype] offering", "[text] offering"), "zones": ("any zone",),
       "functions_in": ("any zone",)}

register(Keyword(
    name="offering",
    kind=("static",),
    parameter=("[quality] offering",),
    zones=("stack",),
    functions_in=("stack",),
    hooks={"instant_timing": _instant_timing, "cost_change": _cost_change},
    checks=(Check("cast any time an instant could be, sacrificing a permanent of the "
                  "subtype, cost reduced by its mana cost", check),),
    history=(("offering functions on the stack", OLD),
             ("written '[Quality] offering'", {"parameter": OLD["parameter"]})),
))
