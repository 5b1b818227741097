"""Shared pieces of the keyword actions double (701.10) and triple (701.11): the model
multiplies a creature's power and/or toughness (a +X/+Y effect, never a setting), a life
total or counters; the check reads each "gets +X/+0, where X is [twice] that creature's
power" clause (power, toughness, both, negative values) into the bonus it gives a creature
of a known size, so that any other sign, variable or multiple expects another size."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player

MULTIPLES = {"": 1, "twice ": 2, "three times ": 3, "half ": 0.5}
VERBS = {"double": 2, "triple": 3}
PT = r"([+-])(X|Y|0|\d+)/([+-])(X|Y|0|\d+)"
MULT = r"(twice |three times |half |)"
WHAT = r"(?:(?:that creature's|its) |the difference between 0 and its )(power|toughness)"
# (what is multiplied, the stable start of the clause that says how, its variable rest, the
# creature's size): the cases of 701.10b-c / 701.11b-c
CASES = (
    ("power", r"to {verb} a creature's power, that creature gets ",
     rf"{PT}, where X is {MULT}{WHAT}", (3, 4)),
    ("toughness", r"{verb}s a creature's toughness gives it ",
     rf"{PT}, where X is {MULT}{WHAT}", (3, 4)),
    ("power and toughness", r"{verbing} a creature's power and toughness gives it ",
     rf"{PT}, where X is {MULT}{WHAT} and Y is {MULT}{WHAT}", (3, 4)),
    ("power", r"{verbing} that creature's power instead means that the creature gets ",
     rf"{PT}, where X is {MULT}{WHAT}", (-2, 4)),
    # "Similarly, ... it gets -0/-X": X as in the clause before, for the toughness
    ("toughness", r"if its toughness is less than 0 when {verb}d, it gets ", PT, (3, -2)),
)


def multiply(game: Game, obj: GameObject, factor: int, power: bool, toughness: bool) -> None:
    """`obj` gets +X/+Y so that its power and/or toughness are `factor` times what they are."""
    game.gets(obj, (factor - 1) * obj.current_power if power else 0,
              (factor - 1) * obj.current_toughness if toughness else 0, until="")


def multiply_life(player: Player, factor: int) -> None:
    """The player gains or loses life so that the new total is `factor` times the old."""
    player.life = player.life * factor


def multiply_counters(obj: GameObject, kind: str, factor: int) -> None:
    """The object gets counters of a kind so that it has `factor` times as many."""
    obj.counters[kind] += (factor - 1) * obj.counters[kind]


def _size(era: str, factor: int, which: str, start: tuple[int, int]) -> tuple[int, int]:
    game = Game(era=era)
    beast = creature(game, "Beast", power=start[0], toughness=start[1])
    multiply(game, beast, factor, "power" in which, "toughness" in which)
    return beast.current_power, beast.current_toughness


def _expected(match: re.Match[str], start: tuple[int, int], before: str
              ) -> tuple[int, int]:
    """The size after the bonus the clause states, for a creature of `start` (`before`: the
    multiple of the clause before, for a clause that doesn't say what X is)."""
    groups = match.groups()
    signs, symbols = (groups[0], groups[2]), (groups[1], groups[3])
    value = {"power": abs(start[0]), "toughness": abs(start[1])}
    multiple, which = (groups[4], groups[5]) if len(groups) > 4 else (before, "toughness")
    variables = {"X": MULTIPLES[multiple.lower()] * value[which.lower()]}
    if len(groups) > 6:
        variables["Y"] = MULTIPLES[groups[6].lower()] * value[groups[7].lower()]
    bonus = []
    for sign, symbol in zip(signs, symbols, strict=True):
        amount = variables.get(symbol, 0) if symbol in "XY" else int(symbol)
        bonus.append(int(amount) * (1 if sign == "+" else -1))
    return start[0] + bonus[0], start[1] + bonus[1]


def check_multiply(claims: Claims, era: str, verb: str) -> list[str] | None:
    """Each clause of 701.10b-c (701.11b-c) on a 3/4 (or a -2/4) creature."""
    if claims.says(rf"\bto {verb} a creature's power\b") is None:
        return None
    joined = " ".join(claims.sentences)
    verbing = verb[:-1] + "ing"
    problems: list[str] = []
    before = ""
    for which, stable, rest, start in CASES:
        anchor = stable.format(verb=verb, verbing=verbing)
        match = re.search(anchor + rest, joined, re.I)
        if match is None:
            sentence = claims.says(anchor)
            if sentence is not None:
                return [f'the text says what {verb} does in a way the model does not read '
                        f'("{sentence}")']
            continue
        problems += differ(match.group(0), match.group(0), f"a {start[0]}/{start[1]} "
                           f"creature's {which} is {verb}d: its size",
                           _expected(match, start, before),
                           _size(era, VERBS[verb], which, start))
        before = match.group(5) if len(match.groups()) > 4 else before
    return problems
