"""Amplify (702.36 in 2012, 502.27 in 2008): "Amplify N" means "As this object enters the
battlefield, reveal any number of cards from your hand that share a creature type with it.
This permanent enters the battlefield with N +1/+1 counters on it for each card revealed this
way. You can't reveal this card or any other cards that are entering the battlefield at the
same time as this card." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import add_counters, enter, first_enters_with
from kb.rules.registry import Check, Keyword, register

N = 3
REVEAL = re.compile(r"\breveal any number of cards from your (hand|library|graveyard) that "
                    r"share an? ([\w ]+?) with it\b", re.I)


def shares_creature_type(game: Game, one: GameObject, other: GameObject) -> bool:
    """Whether two objects share a creature type (types an ability gives count, 702.73)."""
    return any(game.has_type(other, t) for t in one.subtypes) or \
        any(game.has_type(one, t) for t in other.subtypes)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    player = obj.controller or obj.owner
    fitting = [card for card in player.hand if card.is_("creature")
               and shares_creature_type(game, obj, card)]
    revealed = game.choose(f"amplify:{obj.ident}", fitting)
    add_counters(obj, "+1/+1", int(ability.param or 0) * len(revealed))


SHARES = {"creature type": lambda game, a, b: shares_creature_type(game, a, b),
          "color": lambda game, a, b: bool(a.colors & b.colors),
          "card type": lambda game, a, b: bool(a.types & b.types)}


def check(claims: Claims, era: str) -> list[str] | None:
    """Amplify 3 on a white Soldier, with a white Soldier, a green Soldier Knight, a white Elf
    and a white instant in hand, revealing all it may: the counters."""
    said = first_enters_with(claims)
    quote = claims.says(REVEAL.pattern)
    if said is None or quote is None:
        return None
    zone, quality = REVEAL.search(quote).groups()  # type: ignore[union-attr]
    game = Game(era=era)
    me = game.active
    hand = [game.create("Soldier", zone="hand", subtypes={"soldier"}, colors={"white"}),
            game.create("Knight", zone="hand", subtypes={"soldier", "knight"},
                        colors={"green"}),
            game.create("Elf", zone="hand", subtypes={"elf"}, colors={"white"}),
            game.create("Prayer", zone="hand", types={"instant"}, colors={"white"})]
    soldier = enter(game, "Amplifier", me, power=1, toughness=1, subtypes={"soldier"},
                    colors={"white"}, abilities=(Ability("amplify", N),))
    test = SHARES.get(quality.lower())
    shown = [c for c in hand if zone.lower() == "hand" and test and test(game, soldier, c)]
    per = len(shown) if re.match(r"cards? revealed", said.per) else 1
    return differ(f"it reveals cards from your {zone} that share a {quality} with it, and "
                  f"enters with {said.count} {said.kind} counters for each "
                  f"{said.per or '(nothing)'}", said.quote, f"amplify {N} on a white Soldier; "
                  "in hand a white Soldier, a green Soldier Knight, a white Elf, a white "
                  "instant", {said.kind: said.times(N) * per},
                  {k: v for k, v in soldier.counters.items() if v})


register(Keyword(
    name="amplify",
    kind=("static",),
    parameter=("n",),
    zones=("battlefield", "hand"),
    instances="separate",
    hooks={"as_enters": _as_enters},
    checks=(Check("N +1/+1 counters per card revealed that shares a creature type", check),),
))
