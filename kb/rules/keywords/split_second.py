"""Split second (702.59 in 2012, 502.58 in 2008): a static ability that functions only while
the spell is on the stack. "Split second" means "As long as this spell is on the stack,
players can't cast other spells or activate abilities that aren't mana abilities." """

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction
from kb.rules.registry import Check, Keyword, register

RESTRICTION = re.compile(r"\bplayers (can't|can) (?:cast|play) other spells or (?:activate |"
                         r"play )?abilities( that aren't mana abilities)?", re.I)


def _stack_restriction(game: Game, spell: GameObject, ability: Ability, action: str) -> bool:
    return action in ("cast", "activate")


def _try(action: object) -> bool:
    try:
        action()  # type: ignore[operator]
    except IllegalAction:
        return False
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """A sorcery with split second on the stack: may the opponent cast an instant, activate
    an ability, activate a mana ability? And once it has resolved?"""
    quote = claims.says(RESTRICTION.pattern)
    if quote is None:
        return None
    verb, mana_exception = RESTRICTION.search(quote).groups()  # type: ignore[union-attr]
    forbids = verb.lower() == "can't"
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    sorcery = game.create("Sudden Shock", zone="hand", types={"sorcery"},
                          abilities=("split second",))
    instant = game.create("Counterspell", them, zone="hand", types={"instant"})
    pinger = creature(game, "Pinger", them)
    land = game.create("Island", them, types={"land"})
    game.cast(me, sorcery)
    actual = {"cast an instant": game.may_cast(them, instant),
              "activate an ability": _try(lambda: game.activate(pinger, "ping", player=them)),
              "activate a mana ability": _try(lambda: game.activate(land, "mana", player=them,
                                                                    mana=True))}
    game.stack = [item for item in game.stack if item.source is not pinger]
    game.resolve_stack()
    actual["cast an instant once it resolved"] = game.may_cast(them, instant)
    expected = {"cast an instant": not forbids, "activate an ability": not forbids,
                "activate a mana ability": not forbids or bool(mana_exception),
                "cast an instant once it resolved": True}
    return differ(f"players {verb} cast other spells or activate abilities"
                  + (mana_exception or ""), quote, "a sorcery with split second on the stack",
                  expected, actual)


register(Keyword(
    name="split second",
    kind=("static",),
    parameter=("",),
    zones=("stack",),
    functions_in=("stack",),
    durations=("as long as",),
    instances="redundant",
    hooks={"stack_restriction": _stack_restriction},
    checks=(Check("no other spells or non-mana abilities while it is on the stack", check),),
))
