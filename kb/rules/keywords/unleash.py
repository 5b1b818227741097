"""Unleash (702.96 in 2012): "You may have this permanent enter the battlefield with an
additional +1/+1 counter on it" and "This permanent can't block as long as it has a +1/+1
counter on it." """

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import add_counters, first_enters_with
from kb.rules.registry import Check, Keyword, register

CANT = re.compile(rf"\bthis permanent (can't|can) (block|attack) as long as it has ({COUNT}) "
                  rf"({PT}|[a-z]+) counters? on it", re.I)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if game.choose(f"unleash:{obj.ident}", True):
        add_counters(obj, "+1/+1", 1)


def _can_block(game: Game, blocker: GameObject, ability: Ability,
               attacker: GameObject) -> bool:
    return blocker.counters["+1/+1"] == 0


def check(claims: Claims, era: str) -> list[str] | None:
    """Unleash chosen, declined, and declined but given a +1/+1 counter later: its counters,
    and whether it may block."""
    said = first_enters_with(claims)
    quote = claims.says(CANT.pattern)
    if said is None or quote is None:
        return None
    cant = CANT.search(quote)
    assert cant is not None
    problems = []
    for unleashed, later in ((True, 0), (False, 0), (False, 1)):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        game.active = them
        attacker = creature(game, "Attacker", them)
        body = game.create("Rager", controller=me, zone="hand", power=2, toughness=2,
                           abilities=(Ability("unleash"),))
        game.choices[f"unleash:{body.ident}"] = unleashed
        game.move(body, "battlefield")
        game.resolve_stack()
        body.counters["+1/+1"] += later
        counters = {said.kind: said.times(1)} if unleashed else {}
        if later:
            counters["+1/+1"] = counters.get("+1/+1", 0) + later
        held = counters.get(cant.group(4).lower(), 0) >= quantity(cant.group(3))
        may_block = not held if cant.group(2).lower() == "block" and \
            cant.group(1).lower() == "can't" else True
        game.declare_attackers([attacker])
        problems += differ(f"you may have it enter with {said.count} {said.kind} counter, and "
                           f"it {cant.group(1)} {cant.group(2)} as long as it has "
                           f"{cant.group(3)} {cant.group(4)} counter", quote,
                           f"unleash {'chosen' if unleashed else 'declined'}"
                           + (", then a +1/+1 counter put on it" if later else "")
                           + ": (its counters, may it block)",
                           (counters, may_block),
                           ({k: v for k, v in body.counters.items() if v},
                            game.can_block(body, attacker)))
    return problems


register(Keyword(
    name="unleash",
    kind=("static",),
    parameter=("",),
    zones=("battlefield",),
    durations=("as long as",),
    hooks={"as_enters": _as_enters, "can_block": _can_block},
    checks=(Check("an additional +1/+1 counter, and no blocking with one", check),),
))
