"""Airbend (701.65 in 2025), a keyword action: to airbend permanents and/or spells, a player
exiles them; for as long as each card stays exiled its owner may cast it by paying {2}
rather than its mana cost. "Whenever a player airbends" triggers when they exile one or more
objects so."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register

COST = "{2}"


def airbend(game: Game, player: Player, objects: list[GameObject]) -> None:
    """`player` airbends `objects`: each is exiled (a card of them castable by its owner for
    {2} while it stays exiled); one "airbends" event when any was exiled."""
    exiled = 0
    for obj in objects:
        if game.move(obj, "exile") == "exile":
            exiled += 1
            obj.notes["airbent"] = True
    if exiled:
        game.emit("airbends", player=player)


def cast_airbent(game: Game, player: Player, card: GameObject) -> None:
    """Cast an airbent card from exile for {2} (its owner only)."""
    if card.zone != "exile" or not card.notes.get("airbent") or card.owner is not player:
        raise IllegalAction(f"{player.name} can't cast {card.name} this way")
    game.cast(player, card, alternative=Cost.parse(COST))


def _run(era: str) -> dict[str, object]:
    """I airbend the opponent's Bear ({4}{G}); who may cast it from exile for what; once it
    has left exile."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    bear = creature(game, "Bear", them, mana_cost="{4}{G}")
    start = len(game.log)
    airbend(game, me, [bear])
    seen: dict[str, object] = {"zone": bear.zone,
                               "airbends": sum(1 for e in game.log[start:]
                                               if e.name == "airbends")}
    seen["I cast"] = paid_for(me, cast_airbent, game, me, bear)
    seen["owner casts"] = paid_for(them, cast_airbent, game, them, bear)
    game.stack.clear()
    game.move(bear, "exile")
    game.move(bear, "graveyard")
    seen["after leaving"] = paid_for(them, cast_airbent, game, them, bear)
    return seen


def check(claims: Claims, era: str) -> list[str] | None:
    """I airbend the opponent's Bear {4}{G}: where it goes, who may cast it, for what, and
    for how long."""
    sentence = claims.says(r"\bto do so, that player (?:exiles|destroys|sacrifices|returns) "
                           r"those objects")
    if sentence is None:
        return None
    does = re.search(r"that player (exiles|destroys|sacrifices|returns) those objects", sentence,
                     re.I)
    may = claims.says(r"\bfor each card exiled this way") or ""
    said = re.search(r"for each card exiled this way, (for as long as it remains exiled|until "
                     r"end of turn), its (owner|controller) may cast it by paying (\{[^}]+\}) "
                     r"rather than paying its mana cost", may, re.I)
    exiles = does is not None and does.group(1).lower() == "exiles"
    done = does.group(1) if does else "?"
    expected: dict[str, object] = {"zone": "exile" if exiles else f"({done})",
                                   "airbends": 1 if exiles else 0}
    cost = Cost.parse(said.group(3)).mana_value if said else "?"
    owner = said is not None and said.group(2).lower() == "owner"
    expected["I cast"] = None if owner else cost
    expected["owner casts"] = cost if owner else None
    expected["after leaving"] = None
    trigger = claims.says(r"\btriggers whenever a player airbends triggers when") or ""
    when = re.search(r"triggers when that player (exiles one or more objects|[^.]+?) as a "
                     r"result of an instruction to airbend", trigger, re.I)
    if trigger and (when is None or when.group(1).lower() != "exiles one or more objects"):
        expected["airbends"] = f"({when.group(1) if when else '?'})"
    return differ((does.group(0) if does else "?") + "; " + (said.group(0) if said else "?"),
                  may or sentence, "I airbend the opponent's Bear {4}{G}: (its zone, "
                  "'airbends' events, mana I pay to cast it, mana its owner pays, its owner "
                  "after it left exile; None: not allowed)", expected, _run(era))


register(Keyword(
    name="airbend",
    kind=("keyword action",),
    parameter=(),
    zones=("exile",),
    durations=("as long as",),
    checks=(Check("exiled; its owner may cast it for {2} while it stays exiled", check),),
))
