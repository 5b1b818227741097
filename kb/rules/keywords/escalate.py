"""Escalate [cost] (702.120 since 2016): for each mode you choose beyond the first as you cast
this spell, you pay an additional [cost]."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject
from kb.rules.keywords._casting import legal, meaning_of, spending
from kb.rules.registry import Check, Keyword, register

MODES = "escalate modes"


def _cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    modes = int(card.notes.get(MODES, 1))
    extra = Cost.parse(str(ability.param))
    for _ in range(max(modes - 1, 0)):
        cost.generic += extra.generic
        cost.colored.update(extra.colored)


def _cast(era: str, modes: int) -> int | None:
    """A {1}{R} modal sorcery with escalate {1}, cast choosing `modes` modes: mana taken."""
    game = Game(era=era)
    me = game.active
    card = game.create("Collective", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{1}{R}", abilities=(Ability("escalate", "{1}"),))
    card.notes[MODES] = modes
    ok, mana = spending(me, legal, game.cast, me, card)
    return mana if ok else None


def check(claims: Claims, era: str) -> list[str] | None:
    """One, two and three modes chosen."""
    found = meaning_of(claims, r"escalate \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    match = re.search(r"for each mode you choose( beyond the first| beyond the second|) as you "
                      r"cast this spell, you pay an (additional|) ?\[cost\]", meaning, re.I)
    if match is None or not match.group(2):
        return [f'the text says what escalate costs in a way the model does not read '
                f'("{quote}")']
    free = {"": 0, " beyond the first": 1, " beyond the second": 2}[match.group(1).lower()]
    problems = []
    for modes in (1, 2, 3):
        problems += differ(match.group(0), quote, f"a {{1}}{{R}} spell with escalate {{1}}, "
                           f"{modes} mode(s) chosen: mana taken", 2 + max(modes - free, 0),
                           _cast(era, modes))
    return problems


register(Keyword(
    name="escalate",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    hooks={"cost_change": _cost_change},
    checks=(Check("an additional [cost] for each mode beyond the first", check),),
))
