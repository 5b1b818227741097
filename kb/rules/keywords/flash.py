"""Flash (702.8 in 2012, 502.57 in 2008): a static ability that functions in any zone from
which you could play the card it's on. "Flash" means "You may play this card any time you
could cast an instant." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, StackItem
from kb.rules.registry import Check, Keyword, register

ANY_TIME = re.compile(r"\byou may (?:play|cast) this (?:card|spell) any time you could "
                      r"(?:play|cast) an? (instant|sorcery)\b", re.I)
MOMENTS = ("your main step, empty stack", "your main step, a spell on the stack",
           "your upkeep", "an opponent's turn", "combat on your turn")


def _instant_timing(game: Game, card: GameObject, ability: Ability) -> bool:
    return True


def moment(game: Game, when: str) -> None:
    """Set a game to one of the MOMENTS (for the active player A)."""
    me = game.active
    if "spell on the stack" in when:
        game.stack.append(StackItem("spell", game.create("Other spell", zone="stack",
                                                         types={"instant"}), me))
    elif when == "your upkeep":
        game.step = "upkeep"
    elif when == "an opponent's turn":
        game.active = game.opponent(me)
    elif when.startswith("combat"):
        game.begin_combat()


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature card with flash in your hand, at several moments: may you cast it?"""
    quote = claims.says(ANY_TIME.pattern)
    if quote is None:
        return None
    timing = ANY_TIME.search(quote).group(1).lower()  # type: ignore[union-attr]
    expected, actual = {}, {}
    for when in MOMENTS:
        game = Game(era=era)
        me = game.active
        card = game.create("Ambusher", zone="hand", power=2, toughness=2,
                           abilities=("flash",))
        moment(game, when)
        expected[when] = timing == "instant" or when == MOMENTS[0]
        actual[when] = game.may_cast(me, card)
    return differ(f"you may cast it any time you could cast an {timing}", quote,
                  "a creature card with flash in your hand: may you cast it", expected, actual)


register(Keyword(
    name="flash",
    kind=("static",),
    parameter=("",),
    zones=("any zone", "hand"),
    functions_in=("any zone",),
    instances="redundant",
    hooks={"instant_timing": _instant_timing},
    checks=(Check("cast any time you could cast an instant", check),),
))
