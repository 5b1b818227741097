"""Enlist (702.154 since 2022): "As this creature attacks, you may tap up to one untapped
creature you control that you didn't choose to attack with and that either has haste or has
been under your control continuously since this turn began. When you do, this creature gets
+X/+0 until end of turn, where X is the tapped creature's power.\""""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_parts import parts_check
from kb.rules.registry import Check, Keyword, register

TAP = (r"\bas this creature attacks, you may tap (up to one|one|any number of|two) untapped "
       r"creatures? you control( that you didn't choose to attack with)?( and that either has "
       r"haste or has been under your control continuously since this turn began)?")
X = r"\bwhere x is the tapped creature's (power|toughness|mana value)"


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    helper = game.choose("enlist", None)
    combat = game.combat
    if not isinstance(helper, GameObject) or helper.tapped or helper is source:
        return
    if helper.controller is not source.controller or helper.zone != "battlefield":
        return
    if combat is not None and helper in combat.attackers:
        return
    if helper.sick and not helper.has("haste"):
        return
    helper.tapped = True
    game.gets(source, helper.power, 0, until="end of turn", source="enlist")


def scenario(era: str, helper: str) -> tuple[int, int, bool]:
    """My 2/2 with enlist attacks, enlisting my 3/4 that is `helper` ("ready", "new" (entered
    this turn), "new with haste", "attacking"): (its power, toughness, the 3/4 tapped)."""
    game = Game(era=era)
    me = game.active
    hero = creature(game, "Recruiter", me, abilities=("enlist",))
    other = creature(game, "Veteran", me, power=3, toughness=4,
                     abilities=("haste",) if helper == "new with haste" else ())
    other.sick = helper.startswith("new")
    game.choices["enlist"] = other
    game.declare_attackers([hero, other] if helper == "attacking" else [hero])
    tapped = other.tapped and helper != "attacking"
    return hero.current_power, hero.current_toughness, tapped


def check(claims: Claims, era: str) -> list[str] | None:
    """Enlisting a ready creature, a new one, a new one with haste and an attacking one."""
    sentence = claims.says(TAP)
    if sentence is None:
        return None
    tap = re.search(TAP, sentence, re.I)
    x = re.search(X, sentence, re.I)
    amount = claims.find("pt")
    assert tap is not None
    if x:
        claims.found.add(X)
    problems = []
    for helper in ("ready", "new", "new with haste", "attacking"):
        allowed = tap.group(1).lower() in ("up to one", "one", "any number of") and not (
            helper == "attacking" and tap.group(2)) and not (helper == "new" and tap.group(3))
        value = {"power": 3, "toughness": 4, "mana value": 0}[x.group(1).lower()] if x else 0
        gain = (0, 0)
        if allowed and amount is not None and amount.value.upper().startswith("+X"):
            gain = amount.pt(value)
        expected = (2 + gain[0], 2 + gain[1], allowed and helper != "attacking")
        problems += differ(tap.group(0)[25:] + (f"; {amount.value}, {x.group(0)}" if x and
                                                amount else ""), sentence,
                           f"my 2/2 with enlist attacks, enlisting my 3/4 ({helper}): (its "
                           "power, toughness, the 3/4 tapped by enlist)", expected,
                           scenario(era, helper))
    return problems


register(Keyword(
    name="enlist",
    kind=("static", "triggered"),
    parameter=("",),
    trigger=("attacks", "you do"),
    durations=("until end of turn", "this turn"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("tap a non-attacking creature: +X/+0, X its power", check),
            Check("its two abilities", parts_check(("static", "triggered")))),
))
