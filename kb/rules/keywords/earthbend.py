"""Earthbend (701.66 in 2025), a keyword action: "Earthbend N" means "Target land you control
becomes a 0/0 land creature with haste in addition to its other types. Put N +1/+1 counters
on it. When that land dies or is put into exile, return it to the battlefield tapped under
your control." """

from __future__ import annotations

import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.registry import Check, Keyword, register


def earthbend(game: Game, player: Player, land: GameObject, n: int) -> None:
    """`player` earthbends `n` targeting `land` (a land they control)."""
    if "land" not in land.types or land.zone != "battlefield" or land.controller is not player:
        raise IllegalAction("earthbend targets a land you control")
    printed = (set(land.types), land.power, land.toughness, list(land.abilities))
    land.types.add("creature")
    land.power = land.toughness = 0
    land.abilities.append(Ability("haste"))
    land.counters["+1/+1"] += n

    def back(game: Game, item: StackItem) -> None:
        if land.zone in ("graveyard", "exile"):
            land.types, land.power, land.toughness, land.abilities = printed
            land.notes["enter_under"] = player
            game.move(land, "battlefield")
            land.tapped = True

    def gone(game: Game, event: Event) -> bool:
        return event.obj is land and event.data.get("to") in ("graveyard", "exile")

    game.delayed.append(("leaves", gone, StackItem("ability", land, player, resolve=back,
                                                   label="earthbend's return")))
    game.emit("earthbends", land, player=player)


def _run(era: str, whose: str, leave: str) -> dict[str, Any]:
    """I earthbend 3 targeting a Forest (`whose`), then it goes to `leave`."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    forest = game.create("Forest", controller=me if whose == "mine" else them, types={"land"})
    try:
        earthbend(game, me, forest, 3)
    except IllegalAction:
        return {"allowed": False}
    seen: dict[str, Any] = {"allowed": True, "types": sorted(forest.types),
                            "size": (forest.current_power, forest.current_toughness),
                            "haste": forest.has("haste")}
    game.move(forest, leave)
    game.resolve_stack()
    seen["after"] = (forest.zone, forest.tapped, forest.controller.name if forest.controller
                     else "")
    return seen


def check(claims: Claims, era: str) -> list[str] | None:
    """Earthbend 3 on my Forest, which then dies or is exiled or returns to hand; and on the
    opponent's Forest."""
    sentence = claims.says(r'"earthbend n" means')
    if sentence is None:
        return None
    said = re.search(r'"target land (you control|an opponent controls|) ?becomes an? (\d+)/(\d+) '
                     r'land creature( with haste)? in addition to its other types\. put (\w+) '
                     r'(\+1/\+1|-1/-1) counters? on it\. when that land (dies or is put into '
                     r'exile|dies|is put into exile), return it to the (\w+)( tapped)? under '
                     r'(your|its owner\'s) control', sentence, re.I)
    if said is None:
        return [f'the text earthbends in a way the model does not read ("{sentence}")']
    counters = 3 if said.group(5).upper() == "N" else int(re.sub(r"\D", "", said.group(5)) or 0)
    sign = 1 if said.group(6) == "+1/+1" else -1
    problems = []
    for whose, leave in (("mine", "graveyard"), ("mine", "exile"), ("mine", "hand"),
                         ("theirs", "graveyard")):
        mine = said.group(1).lower() == "you control"
        if (whose == "mine") != mine:
            expected: dict[str, Any] = {"allowed": False}
        else:
            size = int(said.group(2)) + sign * counters, int(said.group(3)) + sign * counters
            returns = {"graveyard": "dies" in said.group(7).lower(),
                       "exile": "exile" in said.group(7).lower(), "hand": False}[leave]
            after = (said.group(8).lower(), bool(said.group(9)), "A") if returns else \
                (leave, False, "B" if whose == "theirs" else "A")
            expected = {"allowed": True, "types": ["creature", "land"], "size": size,
                        "haste": bool(said.group(4)), "after": after}
        problems += differ(said.group(0)[1:80] + "...", sentence, f"I earthbend 3 targeting "
                           f"{'my' if whose == 'mine' else 'the opponent’s'} Forest, then it "
                           f"goes to the {leave}", expected, _run(era, whose, leave))
    return problems


register(Keyword(
    name="earthbend",
    kind=("keyword action",),
    parameter=("n",),
    trigger=("dies",),  # the delayed trigger of its meaning (no `effect`: made by the action)
    zones=("battlefield", "exile"),
    checks=(Check("a land you control becomes a 0/0 haste creature with N +1/+1 counters, "
                  "returning when it dies or is exiled", check),),
))
