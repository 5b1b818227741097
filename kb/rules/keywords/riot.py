"""Riot (702.136 since 2019): you may have this permanent enter with an additional +1/+1
counter on it; if you don't, it gains haste. Multiple instances each work separately."""

from __future__ import annotations

import re

from kb.rules.checks import can_attack, differ
from kb.rules.claims import COUNT, PT, Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import enter
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

ENTERS = (rf"you may have this permanent enter(?: the battlefield)? with (?:({COUNT}) )?"
          rf"(?:additional )?({PT}) counters? on it\. if you don't, it gains (\w+)")


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if game.choices.get("riot:counter", True):
        obj.counters["+1/+1"] += 1
    else:
        obj.abilities.append(Ability("haste"))


def _enters(era: str, instances: int, counter: bool) -> tuple[int, bool]:
    """A 2/2 with `instances` riot enters, each time choosing the counter (or haste): (its
    +1/+1 counters, may it attack this turn)."""
    game = Game(era=era)
    game.choices["riot:counter"] = counter
    rioter = enter(game, "Rioter", game.active, power=2, toughness=2,
                   abilities=["riot"] * instances)
    return rioter.counters["+1/+1"], can_attack(game, rioter)


def check(claims: Claims, era: str) -> list[str] | None:
    """One and two instances of riot, choosing the counter or haste."""
    text = claims.says(r"\bif you don't, it gains\b")
    if text is None:
        return None
    match = re.search(ENTERS, text, re.I)
    each = count_word(match.group(1)) if match and match.group(1) else 1
    if match is None or each is None:
        return [f'the text says what riot does in a way the model does not read ("{text}")']
    problems = []
    for instances in (1, 2):
        times = instances if claims.instances != "redundant" else 1
        for counter in (True, False):
            expected = (each * times if counter and match.group(2) == "+1/+1" else 0,
                        not counter and match.group(3).lower() == "haste")
            problems += differ(f"enter with {match.group(1) or 'a'} {match.group(2)} counter, "
                               f"or else it gains {match.group(3)}", text,
                               f"a 2/2 with {instances} riot enters choosing "
                               f"{'the counter' if counter else 'haste'}: (its +1/+1 counters,"
                               " may it attack this turn)", expected,
                               _enters(era, instances, counter))
    return problems


register(Keyword(
    name="riot",
    kind=("static",),
    parameter=("",),
    zones=("battlefield",),
    instances="separate",
    hooks={"as_enters": _as_enters},
    checks=(Check("an additional +1/+1 counter, or else haste", check),),
))
