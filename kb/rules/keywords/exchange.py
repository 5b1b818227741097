"""Exchange (701.8 in 2012), a keyword action: if the entire exchange can't be completed, no
part of it occurs; exchanging control of two permanents controlled by different players
gives each player the other's permanent (controlled by the same player: nothing happens);
exchanging life totals makes each player gain or lose the life needed to equal the other's
previous total."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.registry import Check, Keyword, register


def exchange_control(game: Game, first: GameObject, second: GameObject) -> bool:
    """Exchange control of two permanents; whether anything changed."""
    if any(p.zone != "battlefield" for p in (first, second)):
        return False  # the entire exchange can't be completed
    if first.controller is second.controller:
        return False
    first.controller, second.controller = second.controller, first.controller
    game.emit("control exchanged", first, other=second)
    return True


def exchange_life(game: Game, first: Player, second: Player) -> None:
    """Exchange life totals: each gains or loses the difference."""
    totals = (first.life, second.life)
    for player, target in ((first, totals[1]), (second, totals[0])):
        change = target - player.life
        player.life += change
        game.emit("gains life" if change > 0 else "loses life", player=player,
                  amount=abs(change))


def _scenario(era: str) -> dict[str, object]:
    game = Game(era=era)
    a, b = game.active, game.opponent(game.active)
    a.life, b.life = 20, 7
    exchange_life(game, a, b)
    found: dict[str, object] = {"life": (a.life, b.life)}
    for case in ("different", "same", "one gone"):
        bear = game.create("Bear", controller=a, power=2, toughness=2)
        wolf = game.create("Wolf", controller=a if case == "same" else b, power=2,
                           toughness=2)
        if case == "one gone":
            game.move(wolf, "graveyard")
        exchange_control(game, bear, wolf)
        found[case] = (bear.controller.name, wolf.controller.name)  # type: ignore[union-attr]
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Life totals and control after exchanges, read from the text."""
    sentence = claims.says(r"instruct players to exchange something")
    if sentence is None:
        return None
    whole = re.search(r"if the entire exchange can't be completed, no part of the exchange "
                      r"occurs", claims.says(r"entire exchange") or "", re.I) is not None
    control = claims.says(r"when control of two permanents is exchanged")
    swaps = control is not None and re.search(r"each of those players simultaneously gains "
                                              r"control of the permanent that was controlled "
                                              r"by the other player", control, re.I) is not None
    same = re.search(r"same player, the exchange effect does nothing",
                     claims.says(r"controlled by the same player") or "", re.I) is not None
    life = claims.says(r"when life totals are exchanged")
    equal = life is not None and re.search(r"necessary to equal the other player's previous "
                                           r"life total", life, re.I) is not None
    expected: dict[str, object] = {
        "life": (7, 20) if equal or life is None else (20, 7),
        "different": ("B", "A") if swaps or control is None else ("A", "B"),
        "same": ("A", "A") if same or control is None else ("?", "?"),
        "one gone": ("A", "B") if whole else ("B", "A")}
    counts = [a for a in claims.all("permanent") if "control of" in a.quote.lower()]
    problems = [f'the text exchanges control of {a.span} ("{a.quote}"); the model exchanges '
                f"control of a pair of permanents" for a in counts if a.times(2) != 2]
    return problems + differ("life totals and control of permanents are exchanged"
                  + (" only when the entire exchange can be completed" if whole else ""),
                  " ".join(s for s in (sentence, control, life) if s),
                  "life 20 and 7 exchanged; control of A's and B's, of two of A's, of A's and a "
                  "B's that left the battlefield", expected, _scenario(era))


register(Keyword(
    name="exchange",
    kind=("keyword action",),
    parameter=(),
    zones=("hand", "exile"),
    checks=(Check("life totals and control swapped, all or nothing", check),),
))
