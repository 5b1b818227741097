"""Sacrifice (701.14 in 2012, 501.6 in 2008), a keyword action: "To sacrifice a permanent,
its controller moves it from the battlefield directly to its owner's graveyard. A player
can't sacrifice something that isn't a permanent, or something that's a permanent he or
she doesn't control. Sacrificing a permanent doesn't destroy it, so regeneration or other
effects that replace destruction can't affect this action.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player
from kb.rules.keywords._zone_actions import check_count, outcome, zone_of
from kb.rules.registry import Check, Keyword, register


def sacrifice(game: Game, player: Player, permanent: GameObject) -> str:
    """`player` sacrifices `permanent` (a permanent they control)."""
    if permanent.zone != "battlefield" or permanent.controller is not player:
        raise IllegalAction(f"{player.name} can't sacrifice {permanent.name}")
    return game.sacrifice(permanent)


def _by_controller(game: Game, obj: GameObject) -> str:
    return sacrifice(game, obj.controller or obj.owner, obj)


def _by_owner(game: Game, obj: GameObject) -> str:
    return sacrifice(game, obj.owner, obj)


def _regenerated(game: Game, obj: GameObject) -> str:
    from kb.rules.keywords.regenerate import regenerate

    regenerate(game, obj)
    return _by_controller(game, obj)


def check(claims: Claims, era: str) -> list[str] | None:
    """Who may sacrifice what, and where it goes, read from the text."""
    sentence = claims.says(r"^to sacrifice [\w ]+?, its \w+ moves (?:it|them)")
    if sentence is None:
        return None
    move = re.search(r"its (controller|owner) moves it from (.+?) (?:directly )?to its "
                     r"(owner|controller)'s (\w+)", sentence, re.I)
    if move is None:
        return [f'the text moves it in a way the model does not read ("{sentence}")']
    who, origin, whose, to = (g.lower() for g in move.groups())
    origin_zone = zone_of(origin)
    forbidden = claims.says(r"can't sacrifice something that")
    others = forbidden is not None and re.search(r"permanent (?:he or she|they) (?:doesn't|"
                                                 r"don't) control", forbidden, re.I)
    moved = f"{zone_of(to) or to} of {whose}"
    problems = differ(f"its {who} moves it from {origin} to its {whose}'s {to}", sentence,
                      "A sacrifices B's permanent that A controls", moved if who ==
                      "controller" and origin_zone == "battlefield" else "not allowed",
                      outcome(era, "battlefield", _by_controller))
    problems += differ("a player can't sacrifice a permanent they don't control"
                       if others else "any player may sacrifice it", forbidden or sentence,
                       "B sacrifices its own permanent that A controls", "not allowed"
                       if others or who == "controller" else moved,
                       outcome(era, "battlefield", _by_owner))
    unaffected = claims.says(r"regeneration or other effects that replace destruction can't")
    if unaffected:
        problems += differ("regeneration can't affect a sacrifice", unaffected,
                           "A sacrifices a regenerated permanent", moved,
                           outcome(era, "battlefield", _regenerated))
    return problems + check_count(claims, "sacrifice", "permanent")


register(Keyword(
    name="sacrifice",
    kind=("keyword action",),
    parameter=(),
    zones=("graveyard", "battlefield"),
    checks=(Check("its controller moves it to its owner's graveyard, regeneration can't "
                  "stop it", check),),
))
