"""Haunt (702.53 in 2012, 502.51 in 2008): a triggered ability. On a permanent: "When this
permanent is put into a graveyard from the battlefield, exile it haunting target creature";
on an instant or sorcery spell: "When this spell is put into a graveyard during its
resolution, exile it haunting target creature." The exiled card haunts that creature
(`notes["haunting"]`)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, canonical_trigger
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._spells import burn_spell, stocked_game
from kb.rules.registry import Check, Keyword, register

FORM = re.compile(r'"haunt" on an? ([\w ]+?) means "when(?:ever)? ([^,"]+), (\w+) it haunting '
                  r'target (\w+)', re.I)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    if event.obj is not source:
        return False
    if event.name == "dies":
        return True
    resolving = any(e.name == "resolved" and e.obj is source for e in game.log[-3:])
    return event.name == "put into graveyard" and event.data.get("origin") == "stack" \
        and resolving and bool(source.types & {"instant", "sorcery"})


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone != "graveyard":
        return
    controller = source.owner
    creatures = sorted(game.creatures(), key=lambda c: (c.controller is controller, c.ident))
    target = game.choose(f"haunt:target:{source.ident}", creatures[0] if creatures else None)
    if target is None or not game.target_legal(target, source):
        return
    game.move(source, "exile", cause="haunt")
    source.notes["haunting"] = target


def _outcomes(era: str) -> dict[str, tuple[str, str]]:
    """Where a haunt card ends and what it haunts, for a creature that dies, an instant
    that resolves, and an instant countered on resolution (its target gained hexproof)."""
    results = {}
    for case in ("permanent", "spell", "countered spell"):
        game = stocked_game(era, cards=0)
        me, opponent = game.active, game.opponent(game.active)
        victim = game.create("Victim", controller=opponent, power=2, toughness=2)
        if case == "permanent":
            card = game.create("Haunter", controller=me, power=1, toughness=1,
                               abilities=("haunt",))
            game.destroy(card)
            game.resolve_stack()
        else:
            card = burn_spell(game, me, "Haunting spell", abilities=("haunt",))
            game.add_mana(me, card.mana_cost)
            game.cast(me, card, targets=[victim])
            if case == "countered spell":  # its only target becomes illegal
                victim.abilities.append(Ability("hexproof"))
            game.resolve_stack()
        haunted = card.notes.get("haunting")
        results[case] = (card.zone, "a creature" if haunted is victim else "nothing")
    return results


def check(claims: Claims, era: str) -> list[str] | None:
    """Each form's trigger and result, read from the text, against the model."""
    forms = [m for s in claims.sentences for m in FORM.finditer(s) if claims.mark(s)]
    if not forms:
        return None
    outcomes = _outcomes(era)
    problems = []
    for match in forms:
        holder, clause, verb, what = (g.lower() for g in match.groups())
        event = canonical_trigger(clause)
        cases = ["permanent"] if "permanent" in holder else ["spell", "countered spell"]
        for case in cases:
            fires = event == ("dies" if case == "permanent" else "put into graveyard from stack")
            expected = ("exile", "a creature" if what == "creature" else "something") \
                if fires and verb == "exile" and case != "countered spell" else \
                ("graveyard", "nothing")
            problems += differ(f'haunt on a {holder} triggers "{event}" and {verb}s it haunting '
                               f"target {what}", match.group(0), f"a haunt {case} (zone, "
                               "haunting)", expected, outcomes[case])
    return problems


register(Keyword(
    name="haunt",
    kind=("triggered",),
    parameter=("",),
    trigger=("dies", "put into graveyard from stack", "put into graveyard"),
    zones=("graveyard", "exile", "battlefield", "stack"),
    functions_in=("exile",),
    trigger_zones=("battlefield", "graveyard"),
    effect=_effect,
    condition=_condition,
    checks=(Check("exiled haunting a creature when it dies / resolves", check),),
))
