"""Shared check for infect and wither: what damage from the source does to a player and to a
creature, read from the text ("that many poison counters", "that many -1/-1 counters",
"doesn't cause that player to lose life", "isn't marked on that creature")."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game


def check_damage(claims: Claims, era: str, name: str) -> list[str] | None:
    """A 3/3 with `name` deals 3 damage to a player and to a 5/5 creature."""
    poison = claims.find("counter", "poison")
    minus = claims.find("counter", "-1/-1")
    if poison is None and minus is None:
        return None
    problems = []
    if poison is not None:
        game = Game(era=era)
        source = creature(game, "Source", power=3, toughness=3, abilities=(name,))
        player = game.opponent(game.active)
        game.deal_damage(source, player, 3)
        no_loss = claims.says(r"doesn't cause that player to lose life")
        problems += differ(f"the player gets {poison.count} poison counters", poison.quote,
                           f"{name} source deals 3 damage to a player: poison counters",
                           poison.times(3), player.poison)
        problems += differ("the player loses no life" if no_loss else "the player loses life",
                           no_loss or poison.quote, f"{name} source deals 3 damage to a "
                           "player: life lost", 0 if no_loss else 3, 20 - player.life)
    if minus is not None:
        game = Game(era=era)
        source = creature(game, "Source", power=3, toughness=3, abilities=(name,))
        target = creature(game, "Target", game.opponent(game.active), 5, 5)
        game.deal_damage(source, target, 3)
        unmarked = claims.says(r"isn't marked on that creature|doesn't stay on that creature")
        problems += differ(f"the creature gets {minus.count} -1/-1 counters", minus.quote,
                           f"{name} source deals 3 damage to a 5/5: -1/-1 counters",
                           minus.times(3), target.counters["-1/-1"])
        problems += differ("the damage isn't marked" if unmarked else "the damage is marked",
                           unmarked or minus.quote, f"{name} source deals 3 damage to a 5/5: "
                           "damage marked", 0 if unmarked else 3, target.damage)
    return problems
