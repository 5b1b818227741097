"""Freerunning [cost] (702.173 since 2024): you may pay [cost] rather than this spell's mana
cost if a player was dealt combat damage this turn by an Assassin creature (or a commander)
under your control."""

from __future__ import annotations

from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_permits import (
    NOTHING,
    PermitModel,
    combat_damage_by,
    hit_by,
    permit_check,
)
from kb.rules.keywords._spells import turn_start
from kb.rules.registry import Check, Keyword, register


def _assassin_hit(game: Game, player: Player, card: GameObject) -> bool:
    return any(e.name == "deals combat damage to a player" and e.obj is not None
               and e.obj.controller is player and "assassin" in e.obj.subtypes
               for e in game.log[turn_start(game):])


MODEL = PermitModel("freerunning", condition=_assassin_hit)
HISTORIES = NOTHING + (hit_by(True, "assassin"), hit_by(True, "warrior"),
                       hit_by(False, "assassin"))

register(Keyword(
    name="freerunning",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    durations=("this turn",),
    checks=(Check("[cost] rather than its mana cost after an Assassin's combat damage",
                  permit_check(MODEL, r"freerunning \[cost\]", condition=combat_damage_by,
                               histories=HISTORIES)),),
))
