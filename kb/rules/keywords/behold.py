"""Behold (701.4 in 2025), a keyword action: "Behold a [quality]" means "Reveal a [quality]
card from your hand or choose a [quality] permanent you control on the battlefield." "If a
[quality] was beheld" asks whether the object had that quality when the player beheld it."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player
from kb.rules.registry import Check, Keyword, register


def behold(game: Game, player: Player, quality: str, obj: GameObject) -> dict[str, bool]:
    """`player` beholds a `quality` (a subtype): a card with it revealed from their hand or
    a permanent with it they control chosen. Returns what was beheld (quality -> had it)."""
    if quality not in obj.subtypes:
        raise IllegalAction(f"{obj.name} isn't a {quality}")
    if obj.zone == "hand" and obj.owner is player:
        game.emit("revealed", obj, player=player)
    elif not (obj.zone == "battlefield" and obj.controller is player):
        raise IllegalAction(f"{player.name} can't behold {obj.name}")
    return {quality: True}


def _try(era: str, where: str, whose: str, kind: str = "dragon") -> tuple[bool, int]:
    """I behold a Dragon: a `kind` in `whose` `where`: (allowed, reveals)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    owner = me if whose == "mine" else them
    obj = creature(game, "Beast", owner, zone=where, subtypes={kind})
    try:
        behold(game, me, "dragon", obj)
        allowed = True
    except IllegalAction:
        allowed = False
    return allowed, sum(1 for e in game.log if e.name == "revealed")


def _still(era: str) -> bool:
    """I behold my Dragon permanent, then it stops being a Dragon: was a Dragon beheld?"""
    game = Game(era=era)
    me = game.active
    obj = creature(game, "Wyrm", me, subtypes={"dragon"})
    beheld = behold(game, me, "dragon", obj)
    obj.subtypes = set()
    return beheld.get("dragon", False)


def check(claims: Claims, era: str) -> list[str] | None:
    """Beholding a Dragon from my hand, my battlefield, my graveyard, the opponent's hand and
    battlefield, and a Goblin."""
    sentence = claims.says(r'"behold an? \[quality\]" means')
    if sentence is None:
        return None
    said = re.search(r'"(reveal|discard|exile) an? \[quality\] card from (your|an opponent\'s) '
                     r'(hand|graveyard|library) or (choose|sacrifice) an? \[quality\] permanent '
                     r'(you control|an opponent controls) on the battlefield', sentence, re.I)
    if said is None:
        return [f'the text beholds in a way the model does not read ("{sentence}")']
    problems = []
    for where, whose, kind in (("hand", "mine", "dragon"), ("battlefield", "mine", "dragon"),
                               ("graveyard", "mine", "dragon"), ("hand", "theirs", "dragon"),
                               ("battlefield", "theirs", "dragon"),
                               ("battlefield", "mine", "goblin")):
        if where == "battlefield":
            ok = (said.group(5).lower() == "you control") == (whose == "mine") \
                and said.group(4).lower() == "choose"
        else:
            ok = where == said.group(3).lower() and (said.group(2).lower() == "your") == (
                whose == "mine") and said.group(1).lower() == "reveal"
        ok = ok and kind == "dragon"
        reveals = 1 if ok and where != "battlefield" else 0
        problems += differ(said.group(0)[1:], sentence, f"I behold a Dragon: a {kind} in "
                           f"{whose} {where}: (allowed, reveals)", (ok, reveals),
                           _try(era, where, whose, kind))
    since = claims.says(r"\bif an? \[quality\] was beheld\" refers to") or ""
    when = re.search(r"whether or not the object had that quality at the time (the player took "
                     r"that action|[^,]+resolves)", since, re.I)
    if when:
        at_action = when.group(1).lower() == "the player took that action"
        problems += differ(f"'was beheld' asks about the quality at the time {when.group(1)}",
                           since, "I behold my Dragon, then it stops being a Dragon: was a "
                           "Dragon beheld?", at_action, _still(era))
    return problems


register(Keyword(
    name="behold",
    kind=("keyword action",),
    parameter=("a [quality]",),
    zones=("hand", "battlefield"),
    checks=(Check("a card with the quality revealed from your hand or a permanent you "
                  "control chosen", check),),
))
