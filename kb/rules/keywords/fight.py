"""Fight (701.10 in 2012, 701.14 in 2026), a keyword action: each of two fighting creatures
deals damage equal to its power to the other; if either is no longer on the battlefield (or
no longer a creature), no damage is dealt; a creature fighting itself deals damage equal to
its power to itself twice; fight damage isn't combat damage."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def fight(game: Game, first: GameObject, second: GameObject) -> None:
    """`first` and `second` fight (the same creature fights itself)."""
    if not all(c.zone == "battlefield" and c.is_("creature") for c in (first, second)):
        return
    game.emit("fight", first, other=second)
    pairs = [(first, second), (second, first)]
    for source, target in pairs:
        amount = max(source.current_power, 0)
        if amount:
            game.deal_damage(source, target, amount, combat=False)
    game.check_state()


def _scenario(era: str, case: str) -> tuple[int, int, bool]:
    """A 3/3 Bear fights a 2/5 Wall ("two"), itself ("itself"), or a Wall that has left the
    battlefield ("gone"): (damage on the Bear, damage on the Wall, any combat damage)."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    bear = game.create("Bear", controller=me, power=3, toughness=9)
    wall = game.create("Wall", controller=them, power=2, toughness=5)
    start = len(game.log)
    if case == "gone":
        game.move(wall, "hand")
    fight(game, bear, bear if case == "itself" else wall)
    combat = any(e.data.get("combat") for e in game.log[start:] if e.name == "deals damage")
    return bear.damage, wall.damage if wall.zone == "battlefield" else 0, combat


def check(claims: Claims, era: str) -> list[str] | None:
    """Damage dealt when creatures fight, read from the text."""
    sentence = claims.says(r"deals damage equal to its \w+ to the other")
    if sentence is None:
        return None
    stat = re.search(r"deals damage equal to its (\w+) to the other", sentence, re.I)
    assert stat is not None
    combat_rule = claims.says(r"when a creature fights (?:isn't|is not|is) combat damage")
    combat = combat_rule is not None and re.search(r"fights is combat", combat_rule, re.I) \
        is not None
    gone = claims.says(r"no longer on the battlefield")
    none_dealt = gone is not None and re.search(r"no damage is dealt|neither of them fights or "
                                                r"deals damage", gone, re.I) is not None
    itself = claims.says(r"fights itself")
    twice = itself is not None and re.search(r"to itself twice|equal to twice its power",
                                             itself, re.I) is not None
    stats = {"power": (3, 2), "toughness": (9, 5)}
    if stat.group(1).lower() not in stats:
        return [f'the text says each deals damage equal to its {stat.group(1)} ("{sentence}")']
    bear, wall = stats[stat.group(1).lower()]
    problems = differ(f"each deals damage equal to its {stat.group(1)} to the other"
                      + (", not combat damage" if combat_rule and not combat else ""),
                      sentence, "a 3/9 Bear fights a 2/5 Wall: (Bear's damage, Wall's damage, "
                      "combat damage)", (wall, bear, combat), _scenario(era, "two"))
    if gone:
        problems += differ("no damage is dealt when one has left the battlefield", gone,
                           "the Wall left the battlefield before the fight", (0, 0, False) if
                           none_dealt else (0, bear, combat), _scenario(era, "gone"))
    if itself:
        problems += differ("a creature that fights itself deals twice its damage to itself",
                           itself, "the Bear fights itself", (2 * bear if twice else bear, 0,
                                                               combat),
                           _scenario(era, "itself"))
    return problems


register(Keyword(
    name="fight",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield",),
    checks=(Check("each deals damage equal to its power to the other, not combat damage",
                  check),),
))
