"""Absorb (702.62 in 2012, 502.61 in 2008): "Absorb N" means "If a source would deal damage
to this creature, prevent N of that damage." Each absorb ability prevents only N damage from
any one source at any one time; multiple instances each apply separately."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

N = 3
PREVENT = re.compile(r"\bif a source would deal damage to this (creature|player|permanent), "
                     r"prevent (N|X|all|\d+|one|two|three) of that damage", re.I)


def _prevent(game: Game, target: GameObject, ability: Ability, source: GameObject,
             amount: int) -> int:
    return max(amount - int(ability.param or 0), 0)


def _damage(era: str, instances: int, hits: list[int]) -> int:
    """Damage marked on a 1/10 with `instances` instances of absorb 3 after one hit per
    source (a different source each)."""
    game = Game(era=era)
    wall = creature(game, "Wall", power=1, toughness=10,
                    abilities=(Ability("absorb", N),) * instances)
    for index, amount in enumerate(hits):
        source = game.create(f"Source {index}", zone="exile", types={"instant"})
        game.deal_damage(source, wall, amount)
    return wall.damage


def check(claims: Claims, era: str) -> list[str] | None:
    """Absorb 3: one source dealing 5, two sources dealing 4 each, and two instances against
    one source dealing 7 (as many times as the text says instances apply)."""
    quote = claims.says(PREVENT.pattern)
    if quote is None:
        return None
    what, count = PREVENT.search(quote).groups()  # type: ignore[union-attr]
    prevented = 10 ** 6 if count.lower() == "all" else quantity(count, N)
    if what.lower() == "player":
        prevented = 0
    times = 2 if claims.instances == "separate" else 1
    expected = (max(5 - prevented, 0), 2 * max(4 - prevented, 0),
                max(7 - times * prevented, 0))
    actual = (_damage(era, 1, [5]), _damage(era, 1, [4, 4]), _damage(era, 2, [7]))
    return differ(f"it prevents {count} of the damage from each source"
                  + (f", multiple instances {claims.instances}" if claims.instances else ""),
                  quote, f"absorb {N}: damage marked after one source deals 5; two sources deal "
                  "4 each; one source deals 7 to a creature with two instances", expected,
                  actual)


register(Keyword(
    name="absorb",
    kind=("static",),
    parameter=("n",),
    instances="separate",
    hooks={"prevent_damage": _prevent},
    checks=(Check("N damage prevented from each source", check),),
))
