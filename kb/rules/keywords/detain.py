"""Detain (701.26 in 2012, 701.35 in 2026), a keyword action: "Until the next turn of the
controller of that spell or ability, that permanent can't attack or block and its activated
abilities can't be activated."

In the model a detained permanent carries `Ability("detain", {"by": player, "since": n})`
(n: the event-log position when it was detained); its hooks forbid attacking, blocking and
activating until a turn of `by` begins."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def detain(game: Game, permanent: GameObject, by: Player) -> None:
    """`by`'s spell or ability detains `permanent`."""
    permanent.abilities.append(Ability("detain", {"by": by, "since": len(game.log)}))


def _active(game: Game, ability: Ability) -> bool:
    by, since = ability.param["by"], ability.param["since"]
    return not any(e.name == "untap step" and e.player is by for e in game.log[since:])


def _forbid(game: Game, obj: GameObject, ability: Ability, *args: Any) -> bool | None:
    return False if _active(game, ability) else None


def _scenario(era: str) -> list[tuple[str, bool]]:
    """On my turn my spell detains the opponent's Ogre (which has an activated ability);
    then: may it block on my turn, attack / activate on theirs, block on my next turn?"""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    ogre = game.create("Ogre", controller=them, power=3, toughness=3)
    knight = game.create("Knight", controller=me, power=2, toughness=2)
    detain(game, ogre, me)
    found = []
    game.declare_attackers([knight])
    found.append(("block, same turn", game.can_block(ogre, knight)))
    game.next_turn()
    found.append(("attack, their turn", game.can_attack(ogre)))
    try:
        game.activate(ogre, "pump")
        activated = True
    except IllegalAction:
        activated = False
    game.stack.clear()
    found.append(("activate, their turn", activated))
    game.next_turn()
    game.declare_attackers([knight])
    found.append(("block, my next turn", game.can_block(ogre, knight)))
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """What a detained permanent may do, and until when, read from the text."""
    sentence = claims.says(r"that permanent can't")
    if sentence is None:
        return None
    until = re.search(r"until the next turn of (the controller of that spell or ability|its "
                      r"controller)", sentence, re.I)
    cant = re.search(r"that permanent can't (attack or block|attack|block)", sentence, re.I)
    abilities = re.search(r"its activated abilities can't be activated", sentence, re.I)
    words = cant.group(1).lower().split(" or ") if cant else []
    mine = until is not None and until.group(1).lower().startswith("the controller of that")
    expected = [("block, same turn", "block" not in words),
                ("attack, their turn", "attack" not in words or (until is not None and not mine)),
                ("activate, their turn", not abilities or (until is not None and not mine)),
                ("block, my next turn", until is not None or "block" not in words)]
    return differ(f"it can't {cant.group(1) if cant else '?'}"
                  + (", its activated abilities can't be activated" if abilities else "")
                  + (f", {until.group(0).lower()}" if until else ""), sentence,
                  "my spell detains the opponent's Ogre on my turn", expected, _scenario(era))


register(Keyword(
    name="detain",
    kind=("keyword action",),
    parameter=(),
    durations=("until next turn",),
    hooks={"can_attack": _forbid, "can_block": _forbid, "can_activate": _forbid},
    checks=(Check("can't attack, block or activate until its detainer's next turn", check),),
))
