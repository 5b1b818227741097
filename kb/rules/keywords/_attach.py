"""Shared model and check of the attaching keywords equip and fortify: "[Cost]: Attach this
[permanent] to target [creature / land] you control. Activate this ability only any time
you could cast a sorcery." Which targets, when, for how much, read from the text."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords._spells import stocked_game

ATTACHES_TO = {"equip": "creature", "fortify": "land"}


def can_target(game: Game, source: GameObject, ability: Ability, target: Any) -> bool:
    """The attach ability targets a creature (equip) / land (fortify) its controller controls."""
    return isinstance(target, GameObject) and target.zone == "battlefield" and \
        target.is_(ATTACHES_TO[ability.name]) and target.controller is source.controller


def activate_attach(game: Game, obj: GameObject, name: str, target: Any,
                    instance: int = 0) -> StackItem:
    """Activate instance `instance` of `obj`'s equip/fortify ability targeting `target`."""
    abilities = obj.instances(name)
    if instance >= len(abilities):
        raise IllegalAction(f"{obj.name} has no {name} ability #{instance + 1}")

    def attach(game: Game, item: StackItem) -> None:
        if obj.zone == "battlefield":
            game.attach(obj, target)

    return game.activate(obj, name, cost=str(abilities[instance].param or ""), sorcery=True,
                         targets=[target], resolve=attach)


def attempt(era: str, name: str, target: str, when: str = "main",
            instance: int = 0) -> tuple[int | None, bool]:
    """An artifact with two `name` abilities ({1}, then {3}) activated at `target` ("my
    creature", "their creature", "my land") in my main phase, in combat or in the opponent's
    turn: (mana paid or None if not allowed, attached to it after resolving)."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    kind = {"equip": "equipment", "fortify": "fortification"}[name]
    gear = game.create(f"Test {kind}", controller=me, types={"artifact"}, subtypes={kind},
                       abilities=(Ability(name, "{1}"), Ability(name, "{3}")))
    targets = {"my creature": game.create("My bear", controller=me, power=2, toughness=2),
               "their creature": game.create("Their bear", controller=them, power=2,
                                             toughness=2),
               "my land": game.create("My land", controller=me, types={"land"})}
    if when == "combat":
        game.begin_combat()
    elif when == "their turn":
        game.next_turn()
    chosen = targets[target]
    paid = paid_for(me, activate_attach, game, gear, name, chosen, instance)
    game.resolve_stack()
    return paid, gear.attached_to is chosen


CASES = (("my creature", "main", 0), ("their creature", "main", 0), ("my land", "main", 0),
         ("my creature", "combat", 0), ("my land", "their turn", 0), ("my creature", "main", 1),
         ("my land", "main", 1))


def check_attach(claims: Claims, era: str, name: str) -> list[str] | None:
    """Targets, timing, cost and instances of equip / fortify, read from the text."""
    sentence = claims.says(r"attach this \w+ to target")
    if sentence is None:
        return None
    target = re.search(r"attach this \w+ to target (creature|land|permanent|artifact)( you "
                       r"control)?", sentence, re.I)
    timing = re.search(r"only (?:any time you could (?:cast|play) an? (sorcery|instant)|as an? "
                       r"(sorcery|instant))", sentence, re.I)
    sorcery = timing is not None and (timing.group(1) or timing.group(2)).lower() == "sorcery"
    instances = re.search(rf"\b(\w+(?: the \w+)?) of its {name} abilities may be "
                          r"(?:activated|used)", claims.says(rf"of its {name} abilities may be")
                          or "", re.I)
    if target is None:
        return [f'the text names a target the model does not read ("{sentence}")']
    noun, yours = target.group(1).lower(), bool(target.group(2))
    problems = []
    for chosen, when, instance in CASES:
        if instance and instances is None:
            continue
        kind = chosen.split()[1]
        legal = (noun == "permanent" or kind == noun) and (not yours or chosen.startswith("my"))
        legal = legal and (when == "main" or not sorcery)
        if instance and instances is not None:
            legal = legal and instances.group(1).lower() == "any"
        expected = ((1, 3)[instance], True) if legal else (None, False)
        problems += differ(f"{name} {target.group(0).lower()}, "
                           f"{timing.group(0).lower() if timing else 'any time'}", sentence,
                           f"{name} {{{(1, 3)[instance]}}} activated at {chosen} ({when}): "
                           "(mana paid, attached)", expected,
                           attempt(era, name, chosen, when, instance))
    return problems
