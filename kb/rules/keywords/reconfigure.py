"""Reconfigure (702.151 in 2022), two activated abilities of some Equipment creatures:
"[Cost]: Attach this permanent to another target creature you control. Activate only as a
sorcery" and "[Cost]: Unattach this permanent. Activate only if this permanent is attached to
a creature and only as a sorcery." Attached, it stops being a creature until unattached."""

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register


def _cost(equipment: GameObject) -> Cost:
    ability = next((a for a in equipment.abilities if a.name == "reconfigure"), None)
    if ability is None:
        raise IllegalAction(f"{equipment.name} has no reconfigure")
    return Cost.parse(str(ability.param))


def attach(game: Game, player: Player, equipment: GameObject, target: GameObject) -> None:
    """Reconfigure's first ability: attach to another creature `player` controls, as a
    sorcery; it stops being a creature."""
    if (target is equipment or target.controller is not player or "creature" not in
            target.types or equipment.controller is not player
            or not game.sorcery_timing(player)):
        raise IllegalAction(f"{equipment.name} can't be attached to {target.name}")
    game.pay(player, _cost(equipment))
    equipment.attached_to = target
    equipment.types.discard("creature")


def unattach(game: Game, player: Player, equipment: GameObject) -> None:
    """Reconfigure's second ability: only while attached to a creature, as a sorcery; it is
    a creature again."""
    if (equipment.attached_to is None or equipment.controller is not player
            or not game.sorcery_timing(player)):
        raise IllegalAction(f"{equipment.name} can't be unattached")
    game.pay(player, _cost(equipment))
    equipment.attached_to = None
    equipment.types.add("creature")


def _run(era: str, case: str) -> dict[str, Any]:
    """My Lizard Blades (1/1 Equipment creature, reconfigure {2}) in `case`."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    blades = creature(game, "Lizard Blades", me, power=1, toughness=1,
                      types={"artifact", "creature"}, subtypes={"equipment"},
                      abilities=(Ability("reconfigure", "{2}"),))
    bear = creature(game, "Bear", them if case == "their creature" else me)
    if case == "their turn":
        game.active = them
    seen: dict[str, Any] = {}
    if case == "unattached":
        seen["unattach"] = paid_for(me, unattach, game, me, blades)
        return seen
    seen["attach"] = paid_for(me, attach, game, me, blades, bear)
    seen["creature"] = "creature" in blades.types
    if seen["attach"] is not None:
        seen["unattach"] = paid_for(me, unattach, game, me, blades)
        seen["creature after"] = "creature" in blades.types
    return seen


def check(claims: Claims, era: str) -> list[str] | None:
    """Attach to my Bear and unattach, to the opponent's Bear, on the opponent's turn;
    unattach while unattached."""
    sentence = claims.says(r"\breconfigure \[cost\] means")
    if sentence is None:
        return None
    said = re.search(r'"\[cost\]: attach this permanent to (another )?target creature (you '
                     r'control|an opponent controls)\.( activate only as a sorcery)?" and '
                     r'"\[cost\]: unattach this permanent\.( activate only if this permanent is '
                     r'attached to a creature)?(?: and only as a sorcery| activate only as a '
                     r'sorcery)?', sentence, re.I)
    if said is None:
        return [f'the text reconfigures in a way the model does not read ("{sentence}")']
    stop = claims.says(r"\bcauses the equipment to (?:stop|keep) being a creature") or ""
    stops = re.search(r"causes the equipment to stop being a creature until it becomes "
                      r"unattached", stop, re.I) is not None
    mine = said.group(2).lower() == "you control"
    sorcery = bool(said.group(3))
    problems = []
    for case in ("my creature", "their creature", "their turn", "unattached"):
        if case == "unattached":
            expected: dict[str, Any] = {"unattach": None if said.group(4) else 2}
        else:
            ok = (case != "their creature") == mine and not (case == "their turn" and sorcery)
            expected = {"attach": 2 if ok else None, "creature": not (ok and stops)}
            if ok:
                expected.update({"unattach": 2, "creature after": True})
        problems += differ(said.group(0)[1:], stop if case == "my creature" and stop
                           else sentence, f"my Lizard Blades (reconfigure {{2}}), {case}: "
                           "mana paid to attach (None: not allowed), a creature when attached, "
                           "to unattach, a creature after", expected, _run(era, case))
    return problems


register(Keyword(
    name="reconfigure",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("battlefield",),
    checks=(Check("attach to another creature you control, unattach; as a sorcery", check),),
))
