"""Ninjutsu [cost] (702.47 in 2012, 502.43 in 2008): an activated ability that functions only
while the card is in a player's hand: "[Cost], Reveal this card from your hand, Return an
unblocked attacking creature you control to its owner's hand: Put this card onto the
battlefield from your hand tapped and attacking." The ninja enters unblocked, attacking the
same player. Commander ninjutsu (2026) also functions from the command zone."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    activation_mana,
    meaning_of,
    param_cost,
    read_zone,
    zone_of,
)
from kb.rules.registry import Check, Keyword, register

RETURN = r"return an (unblocked )?(?:attacking )?creature you control to ([\w' ]+?):"
COMMANDER_2018 = "commander ninjutsu: also from the command zone"
PUT = r"put this card onto the battlefield (?:from your hand )?([\w ]*?)\.?$"


def ninjutsu(game: Game, player: Player, card: GameObject, returned: GameObject) -> StackItem:
    """Activate ninjutsu: pay, reveal the card, return an unblocked attacker of yours to its
    owner's hand; the ability puts the card onto the battlefield tapped and attacking the
    same player (unblocked)."""
    ability = ability_of(card, "ninjutsu", "commander ninjutsu")
    zones = ("hand", "command") if ability.name == "commander ninjutsu" else ("hand",)
    combat = game.combat
    if card.zone not in zones or card.owner is not player:
        raise IllegalAction(f"{ability.name} can be activated only from {' or '.join(zones)}")
    if combat is None or returned not in combat.attackers or returned in combat.blocked \
            or returned.controller is not player:
        raise IllegalAction("ninjutsu returns an unblocked attacking creature you control")
    if not any(e.name == "attacks and isn't blocked" and e.obj is returned for e in game.log):
        raise IllegalAction("an attacking creature is unblocked only once blockers are declared")
    defender = combat.attackers[returned]

    def resolve(game: Game, item: StackItem) -> None:
        if card.zone in zones:
            card.notes["enter_under"] = player
            game.move(card, "battlefield")
            card.tapped = True
            combat.attackers[card] = defender

    item = game.activate(card, ability.name, cost=param_cost(ability), resolve=resolve,
                         player=player)
    card.notes["revealed"] = True
    game.remove_from_combat(returned)
    game.move(returned, "hand", cause="ninjutsu")
    return item


def _combat(era: str, name: str, zone: str, blocked: bool | None
            ) -> tuple[Game, GameObject, GameObject, Player]:
    """A 2/2 of the active player attacks (blockers declared, none, unless `blocked` is
    None); a 3/3 with ninjutsu {1}{U} waits in `zone`."""
    game = Game(era=era)
    me = game.active
    foe = game.opponent(me)
    bear = creature(game, "Bear", me)
    ninja = game.create("Ninja of the Deep Hours", controller=me, zone=zone, power=3,
                        toughness=3, abilities=(Ability(name, "{1}{U}"),))
    game.declare_attackers([bear])
    if blocked is not None:
        game.declare_blockers({})
    return game, bear, ninja, foe


def _check(claims: Claims, era: str, name: str, zone: str) -> list[str] | None:
    found = meaning_of(claims, rf"{name} \[cost\]")
    if found is None:
        return None
    meaning, sentence = found
    returned, put = re.search(RETURN, meaning, re.I), re.search(PUT, meaning, re.I)
    state = put.group(1).lower() if put else ""
    origin = re.search(r"reveal this card from ([\w' ]+?)(?:,| or from) ", meaning, re.I)
    zones = [z for z in ("hand", "command") if origin and (
        z in origin.group(1).lower() or f"from the {z}" in meaning.lower())]
    problems = []
    game, bear, ninja, foe = _combat(era, name, zone, blocked=False)
    done, mana = activation_mana(game, game.active, ninjutsu, game, game.active, ninja, bear)
    game.combat_damage()
    where = read_zone(claims, rf"functions (?:only )?while the card with {name} is in "
                              r"([\w' ]+)")
    legal = zone in zones and returned is not None and (where is None or where[1] == zone)
    expected = (legal, 2 if legal and "[cost]" in meaning.lower() else 0,
                zone_of(returned.group(2)) if legal and returned else "battlefield",
                legal and "tapped" in state, 3 if legal and "attacking" in state else 2)
    actual = (done, mana, bear.zone, ninja.tapped, 20 - foe.life)
    problems += differ(f'{name} means "{meaning}"', sentence, f"{name} {{1}}{{U}} from the "
                       f"{zone}, a 2/2 attacking unblocked: (legal, mana, the 2/2's zone, the "
                       f"ninja tapped, combat damage to the player)", expected, actual)
    game, bear, ninja, foe = _combat(era, name, zone, blocked=None)
    done, _ = activation_mana(game, game.active, ninjutsu, game, game.active, ninja, bear)
    expected_early = legal and not (returned and returned.group(1))
    problems += differ(f"{name} returns an unblocked attacker", sentence,
                       f"{name} before blockers are declared", expected_early, done)
    return problems


def check(claims: Claims, era: str) -> list[str] | None:
    """Ninjutsu {1}{U} on a 3/3 in hand while a 2/2 attacks unblocked; before blockers."""
    return _check(claims, era, "ninjutsu", "hand")


def check_commander(claims: Claims, era: str) -> list[str] | None:
    """Commander ninjutsu {1}{U} on a 3/3 in the command zone."""
    return _check(claims, era, "commander ninjutsu", "command")


register(Keyword(
    name="ninjutsu",
    aliases=("commander ninjutsu",),
    kind=("activated",),
    parameter=("[cost]",),
    zones=("hand", "battlefield", "stack", "command"),
    functions_in=("hand", "battlefield", "command"),
    checks=(Check("ninjutsu: an unblocked attacker returned, the ninja attacking", check),
            Check("commander ninjutsu: also from the command zone", check_commander)),
    history=((COMMANDER_2018, {"zones": ("hand", "battlefield", "stack"),
                               "functions_in": ("hand", "battlefield")}),),
    note="functions_in lists the battlefield because the rule says the ability 'may be "
         "activated only while a creature on the battlefield is unblocked'; the command zone "
         "since commander ninjutsu (Commander 2018, 2018-08-10).",
))
