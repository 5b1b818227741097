"""Investigate (701.33 in 2016, 701.16 in 2026), a keyword action: create a Clue token (until
2021 spelled out: a colorless Clue artifact token with "{2}, Sacrifice this artifact: Draw a
card.")."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import stock
from kb.rules.registry import Check, Keyword, register

CREATE = (r"\b(?:create|put) (an?|\w+) (colorless )?(\w+) (artifact )?tokens?(?: onto the "
          r"battlefield)?")
ABILITY = r"\{(\d+)\}, sacrifice this artifact: draw (an?|\w+) cards?"


def crack(game: Game, clue: GameObject) -> None:
    """Activate a Clue's ability: {2}, sacrifice it: draw a card."""
    player = clue.controller or clue.owner
    game.pay(player, Cost.parse("{2}"))
    game.sacrifice(clue)
    game.draw(player)


def investigate(game: Game, player: Player) -> GameObject:
    """`player` investigates: a colorless Clue artifact token."""
    clue = game.create("Clue", controller=player, types={"artifact"}, token=True)
    game.emit("investigate", player=player)
    return clue


def _scenario(era: str) -> dict[str, object]:
    """Investigate, then crack the Clue with {3} floating: tokens, pool left, hand."""
    game = Game(era=era)
    me = game.active
    stock(game, me, 4)
    clue = investigate(game, me)
    tokens = [(o.name, " ".join(sorted(o.types)), sorted(o.colors))
              for o in game.battlefield if o.token]
    game.add_mana(me, "{3}")
    crack(game, clue)
    return {"tokens": tokens, "mana left": sum(me.pool.values()), "hand": len(me.hand)}


def check(claims: Claims, era: str) -> list[str] | None:
    """The tokens investigating makes (and, where the text spells it out, what the Clue's
    ability costs and draws)."""
    text = claims.says(r"\binvestigate\W* means\b")
    if text is None:
        return None
    create = re.search(CREATE, text, re.I)
    count = count_word(create.group(1)) if create else None
    if create is None or count is None:
        return [f'the text makes tokens in a way the model does not read ("{text}")']
    actual = _scenario(era)
    ability = re.search(ABILITY, text, re.I)
    expected: dict[str, object] = {"tokens": [(create.group(3), "artifact", [])] * count}
    if create.group(4) is None and ability is None:  # "Create a Clue token": rule 111.10f
        actual.pop("mana left")
        actual.pop("hand")
    elif ability is None:
        return [f'the text gives the Clue an ability the model does not read ("{text}")']
    else:
        if not create.group(4):
            expected["tokens"] = [(create.group(3), "", [])] * count
        expected["mana left"] = 3 - int(ability.group(1))
        expected["hand"] = count_word(ability.group(2))
    return differ(create.group(0), text, "investigate, then activate the Clue with {3} "
                  "floating: tokens (name, types, colors), mana left, cards in hand",
                  expected, actual)


register(Keyword(
    name="investigate",
    kind=("keyword action",),
    parameter=("",),
    zones=("battlefield",),
    checks=(Check("a Clue token", check),),
))
