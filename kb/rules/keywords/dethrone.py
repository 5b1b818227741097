"""Dethrone (702.104 in 2014, 702.105 in 2026): whenever this creature attacks the player with
the most life or tied for most life, put a +1/+1 counter on this creature."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._cov_triggered import counter_said, counters, on_self, put_counters
from kb.rules.registry import Check, Keyword, register

# the defending player's life in each scenario; the attacker's controller has 20
DEFENDER_LIFE = (25, 20, 15)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    most = max(p.life for p in game.players)
    return event.obj is source and event.player is not None and event.player.life == most


def _attack(era: str, life: int) -> int:
    """A creature with dethrone attacks a player with `life` (its controller has 20): the
    +1/+1 counters on it."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    them.life = life
    rogue = creature(game, "Rogue", me, 2, 2, abilities=("dethrone",))
    game.declare_attackers([rogue], defender=them)
    return counters(rogue)


def check(claims: Claims, era: str) -> list[str] | None:
    """Attacking a player with more, as much, and less life than anyone else."""
    said, text = counter_said(claims), claims.says(r"\battacks the player with")
    if said is None or text is None:
        return None
    match = re.search(r"attacks the player with the (most|least|fewest) life"
                      r"( or tied for (?:the )?(?:most|least|fewest) life)?", text, re.I)
    if match is None or not on_self(said) or said.kind != "+1/+1":
        return [f'the text names the player or the counters in a way the model does not '
                f'read ("{text}")']
    problems = []
    for life in DEFENDER_LIFE:
        most = life >= 20 if match.group(1).lower() == "most" else life <= 20
        if life == 20 and not match.group(2):
            most = False
        expected = said.times(3) if most and "attacks" in claims.triggers else 0
        problems += differ(f"attacking the player with the {match.group(0)[25:]} puts "
                           f"{said.count} {said.kind} counter(s) on it", text,
                           f"dethrone attacks a player with {life} life (the attacker's "
                           "controller has 20): +1/+1 counters", expected, _attack(era, life))
    return problems


register(Keyword(
    name="dethrone",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks",),
    instances="separate",
    effect=put_counters("+1/+1", 1),
    condition=_condition,
    checks=(Check("a counter when it attacks the player with the most life", check),),
))
