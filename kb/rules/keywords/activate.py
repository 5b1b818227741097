"""Activate (701.2 in 2012), a keyword action: "To activate an activated ability is to put it
onto the stack and pay its costs, so that it will eventually resolve and have its effect.
Only an object's controller (or its owner, if it doesn't have a controller) can activate its
activated ability unless the object specifically says otherwise.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register


def activate(game: Game, player: Player, obj: GameObject, cost: str = "") -> StackItem:
    """`player` activates an activated ability of `obj` (its controller, or its owner when
    it has none, may)."""
    if player is not (obj.controller or obj.owner):
        raise IllegalAction(f"{player.name} doesn't control {obj.name}")

    def resolve(g: Game, item: StackItem) -> None:
        g.emit("ability resolved", obj)

    return game.activate(obj, "ability", cost=cost, player=player, resolve=resolve)


def _scenario(era: str, who: str) -> tuple[int | None, int, int]:
    """A's Rock (owned by B, controlled by A) has a {2} ability; `who` ("controller" A or
    "owner" B) activates it: (mana paid or None, abilities on the stack, resolved effects)."""
    game = Game(era=era)
    a, b = game.active, game.opponent(game.active)
    rock = game.create("Rock", controller=b, types={"artifact"})
    rock.controller = a
    player = a if who == "controller" else b
    paid = paid_for(player, activate, game, player, rock, "{2}")
    on_stack = len(game.stack)
    game.resolve_stack()
    done = sum(1 for e in game.log if e.name == "ability resolved")
    return paid, on_stack, done


def check(claims: Claims, era: str) -> list[str] | None:
    """Who may activate an ability and what activating does, read from the text."""
    sentence = claims.says(r"to activate an activated ability is to")
    if sentence is None:
        return None
    stack = re.search(r"put it onto the stack and pay its costs", sentence, re.I) is not None
    only = re.search(r"only an object's (controller|owner)", claims.says(
        r"only an object's (?:controller|owner)") or "", re.I)
    problems = []
    for who in ("controller", "owner"):
        allowed = only is None or only.group(1).lower() == who
        expected = (2 if stack else 0, 1 if stack else 0, 1) if allowed else (None, 0, 0)
        problems += differ(f"its {only.group(1) if only else 'anyone'} may activate it; it is "
                           "put onto the stack and its costs paid", sentence,
                           f"the permanent's {who} activates its {{2}} ability: (mana paid, on "
                           "the stack, resolved)", expected, _scenario(era, who))
    return problems


register(Keyword(
    name="activate",
    kind=("keyword action",),
    parameter=(),
    zones=("stack",),
    checks=(Check("onto the stack with its costs paid, by the object's controller", check),),
))
