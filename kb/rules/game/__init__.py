"""A small, plain, deterministic model of a game of Magic, enough to run keyword scenarios.

Scenarios build their own objects (there is no card database): `Game(players=2)`, then
`game.create(...)` puts a permanent onto the battlefield or a card into a zone. The engine
knows the turn-based rules (combat, damage, the stack, triggers, replacement and prevention
effects, costs, state-based actions); everything a keyword changes is asked of the keyword
through the hooks of its spec (`kb.rules.registry.Keyword`), so each keyword lives in its
own module. The hook names the engine asks are listed in `HOOKS`. The game never imports the
keywords: it asks the spec lookup it is handed (`Game(specs=...)`, by default the one
`kb.rules.keywords` installs in `kb.rules.hooks`).

Choices a real player would make are made by simple deterministic policies (first legal
option, "yes" to "you may"); a scenario overrides them through `Game.choices`.

`Game` is the one entry; its rules are built from one part per section of the rules, each a
class that adds methods to the one below (lowest first):

    objects           the data: players, objects, abilities, costs; events, stack items,
                      zone changes, damage results, replacement effects, combat
    base              GameBase: the state, choices, creating objects, the keyword hooks
    triggers          TriggerRules: events and the triggered abilities they trigger
    zones, targets    ZoneRules (moves, replacement effects, draw, destroy, ...);
                      TargetRules (legal targets, attachments)
    casting           CastingRules: mana, paying costs, casting, timing, activating
    state_based       StateBasedActions (704)
    stack             StackRules: triggers onto the stack, resolving it
    damage            DamageRules: prevention, damage results, applying damage
    combat            CombatRules: attackers, blockers, the combat damage steps
    phasing, turn     PhasingRules; TurnRules: end of turn, the next turn's steps

A part only ever runs as part of a `Game`, so it hands itself to callbacks (an effect, a
resolving ability, a delayed trigger's test) as that `Game`.
"""

from __future__ import annotations

from kb.rules.game.casting import CastingRules
from kb.rules.game.objects import (
    COLORS,
    M2010,
    ZONES,
    Ability,
    Combat,
    Cost,
    DamageResult,
    Event,
    GameObject,
    IllegalAction,
    Player,
    PTEffect,
    Replacement,
    StackItem,
    ZoneChange,
)
from kb.rules.game.turn import TurnRules
from kb.rules.hooks import HOOKS

__all__ = ["COLORS", "HOOKS", "M2010", "ZONES", "Ability", "Combat", "Cost", "DamageResult",
           "Event", "Game", "GameObject", "IllegalAction", "PTEffect", "Player", "Replacement",
           "StackItem", "ZoneChange"]


class Game(TurnRules, CastingRules):
    """One game: players, the battlefield, the stack, combat, effects, the event log."""
