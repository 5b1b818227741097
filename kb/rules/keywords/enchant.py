"""Enchant (702.5 in 2012, 502.45 in 2008): a static ability, written "Enchant [object or
player]"; it restricts what an Aura spell can target and what an Aura can enchant. All of
its instances apply. Auras that can enchant a player target and attach only to players.

In the model, `Ability("enchant", "creature")` answers the hooks `can_target` (the Aura
spell's target) and `can_attach_to` (what it may be attached to; an Aura attached to an
illegal object goes to the graveyard as a state-based action)."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def allows(ability: Ability, target: Any) -> bool:
    """Whether `target` is an object or player of the kind `Enchant [param]` names."""
    kind = str(ability.param or "").lower()
    if kind == "player":
        return isinstance(target, Player)
    if kind == "opponent":
        return isinstance(target, Player)
    return isinstance(target, GameObject) and target.zone == "battlefield" and \
        (kind == "permanent" or target.is_(kind))


def _can_target(game: Game, source: GameObject, ability: Ability, target: Any) -> bool:
    return allows(ability, target)


def _can_attach_to(game: Game, aura: GameObject, ability: Ability, target: Any) -> bool:
    return allows(ability, target)


def _aura(game: Game, owner: Player, *kinds: str) -> GameObject:
    return game.create(f"Aura ({', '.join(kinds)})", controller=owner, zone="hand",
                       types={"enchantment"}, subtypes={"aura"}, mana_cost="{1}",
                       abilities=[Ability("enchant", kind) for kind in kinds])


def _cast_at(era: str, kinds: tuple[str, ...], target: str) -> str:
    """Cast an Aura with `Enchant <kind>` for each kind at `target`: "attached", "illegal
    target" or where the Aura went."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    objects: dict[str, Any] = {
        "a creature": game.create("Bear", controller=them, power=2, toughness=2),
        "an artifact creature": game.create("Golem", controller=them, power=2, toughness=2,
                                            types={"artifact", "creature"}),
        "a land": game.create("Land", controller=them, types={"land"}),
        "a player": them}
    aura = _aura(game, me, *kinds)
    game.add_mana(me, aura.mana_cost)
    try:
        game.cast(me, aura, targets=[objects[target]])
    except IllegalAction:
        return "illegal target"
    game.resolve_stack()
    return "attached" if aura.attached_to is objects[target] else aura.zone


def _moved_onto(era: str, kind: str, target: str) -> bool:
    """May an `Enchant <kind>` Aura on the battlefield be attached to `target`?"""
    game = stocked_game(era)
    me = game.active
    aura = game.create("Aura", controller=me, types={"enchantment"}, subtypes={"aura"},
                       abilities=[Ability("enchant", kind)])
    bear = game.create("Bear", controller=me, power=2, toughness=2)
    game.attach(aura, bear)
    other = {"a land": game.create("Land", controller=me, types={"land"}),
             "a creature": game.create("Other bear", controller=me, power=2, toughness=2)}
    try:
        game.attach(aura, other[target])
    except IllegalAction:
        return False
    return True


def _falls_off(era: str) -> str:
    """An `Enchant creature` Aura on a creature that stops being a creature: where it is."""
    game = stocked_game(era)
    me = game.active
    bear = game.create("Animated land", controller=me, power=2, toughness=2,
                       types={"land", "creature"})
    aura = game.create("Aura", controller=me, types={"enchantment"}, subtypes={"aura"},
                       abilities=[Ability("enchant", "creature")])
    game.attach(aura, bear)
    bear.types.discard("creature")
    game.check_state()
    return aura.zone


def check(claims: Claims, era: str) -> list[str] | None:
    """What an Aura with enchant may target and enchant, by the text and the model."""
    restricts = claims.says(r"enchant ability restricts what")
    if restricts is None:
        return None
    targets = bool(re.search(r"restricts what an aura spell can target", restricts, re.I))
    enchants = bool(re.search(r"(?:restricts|and) what an aura can enchant", restricts, re.I))
    scenario = "an Aura cast at"
    problems = []
    for target in ("a creature", "a land"):
        legal = target == "a creature" or not targets
        problems += differ(f"enchant {'restricts' if targets else 'does not restrict'} what "
                           "the Aura spell can target", restricts, f"{scenario} {target} with "
                           "Enchant creature", "attached" if legal else "illegal target",
                           _cast_at(era, ("creature",), target))
    problems += differ(f"enchant {'restricts' if enchants else 'does not restrict'} what the "
                       "Aura can enchant", restricts, "an Enchant creature Aura moved onto a "
                       "land: allowed?", not enchants, _moved_onto(era, "creature", "a land"))
    problems += differ("an Aura that can't enchant the object it's on isn't attached to it",
                       restricts, "an Enchant creature Aura on a land that stops being a "
                       "creature: where the Aura is", "graveyard" if enchants else "battlefield",
                       _falls_off(era))
    problems += _check_instances(claims, era) + _check_players(claims, era)
    return problems


def _check_instances(claims: Claims, era: str) -> list[str]:
    sentence = claims.says(r"multiple instances of enchant")
    if sentence is None:
        return []
    every = claims.instances == "separate"
    found = []
    for target in ("a creature", "an artifact creature"):
        legal = target == "an artifact creature" or not every
        found += differ(f"with several instances {'all' if every else 'any'} apply", sentence,
                        f"an Aura with Enchant creature and Enchant artifact cast at {target}",
                        "attached" if legal else "illegal target",
                        _cast_at(era, ("creature", "artifact"), target))
    return found


def _check_players(claims: Claims, era: str) -> list[str]:
    sentence = claims.says(r"auras that can enchant a player")
    if sentence is None:
        return []
    players = bool(re.search(r"can target and be attached to players", sentence, re.I))
    no_permanents = claims.says(r"such auras can't target permanents") is not None
    found = []
    for target, expected in (("a player", players), ("a creature", not no_permanents)):
        found += differ("an Aura that can enchant a player targets players"
                        + (", not permanents" if no_permanents else ""), sentence,
                        f"an Enchant player Aura cast at {target}",
                        "attached" if expected else "illegal target",
                        _cast_at(era, ("player",), target))
    return found


register(Keyword(
    name="enchant",
    kind=("static",),
    parameter=("[object or player]",),
    instances="separate",
    hooks={"can_target": _can_target, "can_attach_to": _can_attach_to},
    history=(("written 'Enchant [object or player]'",
              {"parameter": ("[permanent or player]",)}),),
    checks=(Check("what an Aura may target and enchant, every instance, players", check),),
))
