"""Mayhem [cost] (702.187 since 2025): as long as you discarded this card this turn, you may
cast it from your graveyard by paying [cost] rather than its mana cost."""

from __future__ import annotations

from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_permits import (
    NOTHING,
    PermitModel,
    discard_it,
    discarded,
    permit_check,
)
from kb.rules.keywords._spells import turn_start
from kb.rules.registry import Check, Keyword, register


def _discarded(game: Game, player: Player, card: GameObject) -> bool:
    return any(e.name == "discard" and e.obj is card and e.player is player
               for e in game.log[turn_start(game):])


MODEL = PermitModel("mayhem", zones=("graveyard",), condition=_discarded)

register(Keyword(
    name="mayhem",
    kind=("static",),
    parameter=("[cost]", ""),
    zones=("graveyard",),
    functions_in=("graveyard",),
    durations=("as long as", "this turn"),
    checks=(Check("cast from the graveyard for [cost] after discarding it this turn",
                  permit_check(MODEL, r"mayhem \[cost\]", condition=discarded,
                               histories=NOTHING + (("I discarded it this turn",
                                                     discard_it),))),),
))
