"""Amass [subtype] N (701.43 in 2019, 701.47 in 2026), a keyword action: if you don't control
an Army creature, create a 0/0 black [subtype] Army creature token; choose an Army creature you
control; put N +1/+1 counters on it; if it isn't a [subtype], it becomes one in addition to its
other types. (2019-2023: "amass N", always a Zombie Army.)"""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, Player
from kb.rules.keywords._counters import puts
from kb.rules.keywords._cov_tokens import Token, make_tokens, read_tokens
from kb.rules.registry import Check, Keyword, register

SUBTYPE = "Orc"  # the subtype the scenarios amass


def amass(game: Game, player: Player, n: int, subtype: str | None) -> None:
    """`player` amasses [subtype] `n` (None: the 2019 rules' Zombie Army without a type)."""
    armies = [c for c in game.creatures(player) if c.is_("Army")]
    if not armies:
        kind = subtype or "Zombie"
        armies = make_tokens(game, player, 1, Token(0, 0, ("black",), tuple(sorted((kind, "Army"))),
                                                    ("creature",)))
    chosen = armies[0]
    chosen.counters["+1/+1"] += n
    if subtype and not chosen.is_(subtype):
        chosen.subtypes.add(subtype)
    game.emit("amass", player=player)


def _armies(game: Game, player: Player) -> list[tuple[tuple[str, ...], tuple[str, ...], int,
                                                      bool]]:
    return sorted((tuple(sorted(c.subtypes)), tuple(sorted(c.colors)),
                   c.current_power, c.token) for c in game.creatures(player) if c.is_("Army"))


def _scenario(era: str, mine: bool, theirs: bool, subtype: str | None) -> list[tuple]:
    """Amass 3 when I control a 2/2 Zombie Army (or not) and the opponent one (or not): my
    Army creatures (subtypes, colors, power, token)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for owner, has in ((me, mine), (them, theirs)):
        if has:
            creature(game, "Army", owner, 2, 2, subtypes={"Zombie", "Army"}, colors={"black"})
    amass(game, me, 3, subtype)
    return _armies(game, me)


def check(claims: Claims, era: str) -> list[str] | None:
    """Amass [Orc] 3 with no Army, with my Zombie Army, with only an opponent's Army."""
    text = claims.says(r"\bto amass\b")
    if text is None:
        return None
    typed = "[subtype]" in text
    reading = text.replace("[subtype]", SUBTYPE)
    found = read_tokens(reading)
    condition = re.search(r"if you (don't|do) control an army creature", reading, re.I)
    chosen = re.search(r"choose an army creature (you control|an opponent controls)", reading,
                       re.I)
    said = next(iter(puts(claims)), None)
    becomes = re.search(rf"if it isn't an? {SUBTYPE}, it becomes an? {SUBTYPE} in addition to "
                        r"its other types", reading, re.I)
    if found is None or condition is None or chosen is None or said is None:
        return [f'the text says what amass does in a way the model does not read ("{text}")']
    count, token, _ = found
    problems = []
    for mine, theirs in ((False, False), (True, False), (False, True)):
        armies: list[list] = [[("Army", "Zombie"), ("black",), 2, False]] if mine else []
        if (condition.group(1).lower() == "don't") != mine:
            armies += [[token.subtypes, token.colors, token.power, True] for _ in range(count)]
        pick = armies if chosen.group(1).lower() == "you control" else []
        if pick:
            target = pick[0] if not mine else next(a for a in armies if not a[3])
            if said.kind == "+1/+1" and re.search(r"on that creature", said.quote, re.I):
                target[2] += said.times(3)
            if becomes and SUBTYPE not in target[0]:
                target[0] = tuple(sorted((*target[0], SUBTYPE)))
        expected = sorted(tuple(a) for a in armies)
        problems += differ(f"amass{' ' + SUBTYPE if typed else ''} 3", text,
                           f"I control {'a 2/2 Zombie Army' if mine else 'no Army'}"
                           f"{', the opponent one' if theirs else ''}: my Armies (subtypes, "
                           "colors, power, token)", expected,
                           _scenario(era, mine, theirs, SUBTYPE if typed else None))
    return problems


register(Keyword(
    name="amass",
    kind=("keyword action",),
    parameter=("[subtype] n", "n"),
    zones=("battlefield",),
    checks=(Check("N counters on your Army, a token if you have none", check),),
))
