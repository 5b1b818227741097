"""Prototype (702.160 since 2022): a spell with prototype may be cast prototyped, and then its
alternative set of power, toughness and mana cost is used."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.registry import Check, Keyword, register

PRINTED = {"mana cost": "{6}", "power": 6, "toughness": 6}
ALTERNATIVE = {"mana cost": "{1}{R}", "power": 3, "toughness": 2}
MAY = r"\bcan(?:'t| not|not)? choose to cast that card \"?proto\w*"
USED = (r"\bif they do, the (alternative|printed|normal|other) set of its ([\w, ]+?) "
        r"characteristics (?:are|is) used")


def cast_prototyped(game: Game, card: GameObject) -> None:
    """Cast a card prototyped: its prototype mana cost, power and toughness."""
    cost, power, toughness = next(a for a in card.abilities if a.name == "prototype").param
    card.mana_cost, card.power, card.toughness = cost, power, toughness
    game.cast(game.active, card, alternative=Cost.parse(cost), paid={"prototyped": True})


def legal_prototyped(era: str) -> bool:
    """Whether the model lets a card with prototype be cast prototyped."""
    try:
        scenario(era)
    except IllegalAction:
        return False
    return True


def scenario(era: str) -> tuple[int, int, int, int]:
    """My {6} 6/6 with prototype {1}{R} -- 3/2 cast prototyped: (mana taken, its power,
    toughness and mana value on the battlefield)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Automaton", controller=me, zone="hand", types={"artifact", "creature"},
                       mana_cost=str(PRINTED["mana cost"]), power=6, toughness=6,
                       abilities=(Ability("prototype", ("{1}{R}", 3, 2)),))
    before = fill_pool(me)
    cast_prototyped(game, card)
    mana = before - pool_size(me)
    game.resolve_stack()
    return mana, card.current_power, card.current_toughness, card.mana_value


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast prototyped: which set of characteristics it has."""
    sentence = claims.says(USED)
    if sentence is None:
        return None
    match = re.search(USED, sentence, re.I)
    assert match is not None
    may = re.search(MAY, claims.says(MAY) or "", re.I)
    if may is None or re.search(r"can(?:'t| not|not)", may.group(0), re.I):
        return differ("it can't be cast prototyped", sentence, "a {6} 6/6 with prototype cast "
                      "prototyped: may it be", False, legal_prototyped(era))
    listed = {part.strip() for part in re.split(r",|\band\b", match.group(2).lower())
              if part.strip()}
    other = match.group(1).lower() in ("alternative", "other")

    def value(name: str) -> object:
        return ALTERNATIVE[name] if other and name in listed else PRINTED[name]
    cost = Cost.parse(str(value("mana cost"))).mana_value
    expected = (cost, value("power"), value("toughness"), cost)
    return differ(match.group(0)[11:], sentence, "a {6} 6/6 with prototype {1}{R} -- 3/2 cast "
                  "prototyped: (mana taken, power, toughness, mana value)", expected,
                  scenario(era))


register(Keyword(
    name="prototype",
    kind=("static",),
    checks=(Check("cast prototyped: the other power, toughness and mana cost", check),),
))
