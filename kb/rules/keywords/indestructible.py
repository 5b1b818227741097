"""Indestructible (702.12 since 2013; before, rule 700.5 and not a keyword ability): a
permanent with indestructible can't be destroyed; lethal damage doesn't destroy it."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._cov_combat import negated
from kb.rules.registry import Check, Keyword, register


def _cant_be_destroyed(game: Game, permanent: GameObject, ability: Ability) -> bool:
    return True


def _destroyed(era: str, indestructible: bool, how: str) -> str:
    """Where a permanent (with or without indestructible) ends up after `how`: "destroy"
    (an effect destroys it) or "damage" (a 2/2 creature is dealt 3 damage)."""
    game = Game(era=era)
    abilities = ("indestructible",) if indestructible else ()
    if how == "destroy":
        permanent = game.create("Relic", types={"artifact"}, abilities=abilities)
        game.destroy(permanent)
    else:
        permanent = creature(game, "Golem", power=2, toughness=2, abilities=abilities)
        source = creature(game, "Giant", controller=game.opponent(game.active), power=3)
        game.deal_damage(source, permanent, 3)
        game.check_state()
    return permanent.zone


def check(claims: Claims, era: str) -> list[str] | None:
    """A destroy effect and lethal damage, with and without indestructible."""
    sentence = claims.says(r"\bwith indestructible\b.*\bdestroyed\b")
    if sentence is None:
        return None
    match = re.search(r"\bwith indestructible (can't|cannot|can not|can) be destroyed\b",
                      sentence, re.I)
    if match is None:
        return [f'the text says something about destruction the model does not read '
                f'("{sentence}")']
    survives = negated(match.group(1))
    damage_sentence = claims.says(r"\blethal damage\b") or sentence
    lethal = re.search(r"\b(aren't|are not|are) destroyed by lethal damage", damage_sentence,
                       re.I)
    survives_damage = negated(lethal.group(1)) if lethal else survives
    problems = []
    for indestructible in (True, False):
        for how, stays, quote in (("destroy", survives, sentence),
                                  ("damage", survives_damage, damage_sentence)):
            expected = "battlefield" if indestructible and stays else "graveyard"
            scenario = ("an effect destroys an artifact" if how == "destroy" else
                        "a 2/2 creature is dealt 3 damage") + \
                f" {'with' if indestructible else 'without'} indestructible"
            problems += differ("what destruction does to it", quote, scenario, expected,
                               _destroyed(era, indestructible, how))
    return problems


register(Keyword(
    name="indestructible",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"cant_be_destroyed": _cant_be_destroyed},
    checks=(Check("destroy effects and lethal damage", check),),
))
