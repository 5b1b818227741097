"""Ascend (702.130 in 2018, 702.131 in 2026): "If you control ten or more permanents and you
don't have the city's blessing, you get the city's blessing for the rest of the game." (on a
permanent: "Any time you control ...")."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

BLESSING = "city's blessing"  # a designation, kept among the player's counters
SENTENCE = (r"if you control (\w+) or more (permanents|creatures|lands) and you don't have the "
            r"city's blessing, you get the city's blessing (for the rest of the game|until end "
            r"of turn)")


def ascend(game: Game, player: Player) -> None:
    """A spell's ascend: the city's blessing with ten or more permanents."""
    if len(game.permanents(player)) >= 10 and not player.counters[BLESSING]:
        player.counters[BLESSING] = 1
        game.emit("city's blessing", player=player)


def _scenario(era: str) -> list[bool]:
    """Ascend with 9 permanents, with 10, then after losing six and a turn passing: whether I
    have the city's blessing each time."""
    game = Game(era=era)
    me = game.active
    made = [game.create(f"Land {i}", controller=me, types={"land"}) for i in range(9)]
    found = []
    ascend(game, me)
    found.append(bool(me.counters[BLESSING]))
    made.append(game.create("Land 9", controller=me, types={"land"}))
    ascend(game, me)
    found.append(bool(me.counters[BLESSING]))
    for land in made[:6]:
        game.sacrifice(land)
    game.next_turn()
    game.next_turn()
    found.append(bool(me.counters[BLESSING]))
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Nine lands, ten lands, then four lands two turns later."""
    text = claims.says(r"\bthe city's blessing\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    need = count_word(match.group(1)) if match else None
    if match is None or need is None:
        return [f'the text says what ascend does in a way the model does not read ("{text}")']
    counted = match.group(2).lower() in ("permanents", "lands")
    first, second = counted and need <= 9, counted and need <= 10
    lasting = match.group(3).lower() == "for the rest of the game"
    expected = [first, first or second, (first or second) and lasting]
    return differ(match.group(0), text, "ascend with nine lands, with ten, then with four two "
                  "turns later: the city's blessing each time", expected, _scenario(era))


register(Keyword(
    name="ascend",
    kind=("spell", "static"),
    parameter=(),
    durations=("for the rest of the game",),
    checks=(Check("the city's blessing with ten permanents, for the rest of the game", check),),
))
