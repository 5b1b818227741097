"""Impending N -- [cost] (702.176 since 2024): you may pay [cost] rather than this spell's mana
cost; if you did, the permanent enters with N time counters, isn't a creature while it has a
time counter, and at the beginning of your end step a time counter is removed from it."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Event, Game, GameObject
from kb.rules.keywords._casting import fill_pool
from kb.rules.keywords._cov_parts import parts_check
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("impending")
N = 3
TURNS = 6
ENTERS = (r"\bif (?:you chose to pay this (?:permanent|spell)'s impending cost|this (?:permanent|"
          r"spell)'s impending cost was paid), it enters(?: the battlefield)? with (\w+) (\w+) "
          r"counters?")
MEANS = r"\bimpending \S+?\s*[-\u2014\u2013]+\s*\[cost\]\"? means\b"
NOT_CREATURE = (r"\bas long as this permanent(?:'s impending cost was paid and it)? has an? (\w+) "
                r"counter on it(?:, if it was cast for its impending cost)?, it's (not )?an? "
                r"creature")
REMOVES = (r"\bat the beginning of (your|each|each opponent's) end step, if this permanent(?:'s "
           r"impending cost was paid and it has an? (\w+) counter on it| was cast for its "
           r"impending cost and there is at least one (\w+) counter on it), remove (\w+) (\w+) "
           r"counters? from it")


def _paid(obj: GameObject) -> bool:
    item = obj.notes.get("cast_item")
    return bool(item is not None and item.paid.get("impending"))


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if _paid(obj) and isinstance(ability.param, tuple):
        obj.counters["time"] += int(ability.param[0])
        obj.types = obj.types - {"creature"}


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return (source.zone == "battlefield" and _paid(source) and source.counters["time"] > 0
            and event.player is source.controller)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    source.counters["time"] -= 1
    if source.counters["time"] <= 0:
        source.types = source.types | {"creature"}


def trajectory(era: str) -> list[tuple[int, bool]]:
    """My 5/5 with impending 3 -- {1}{B} cast for that cost, then six turns: (time counters,
    a creature) as it enters and after each end step."""
    game = Game(era=era)
    me = game.active
    card = game.create("Nightmare", controller=me, zone="hand", mana_cost="{4}{B}{B}",
                       power=5, toughness=5, abilities=(Ability("impending", (N, "{1}{B}")),))
    fill_pool(me)
    game.cast(me, card, alternative=Cost.parse("{1}{B}"), paid={"impending": True})
    game.resolve_stack()
    states = [(card.counters["time"], card.is_("creature"))]
    for _ in range(TURNS):
        game.next_turn()
        states.append((card.counters["time"], card.is_("creature")))
    return states


def expected(claims: Claims) -> tuple[list[tuple[int, bool]], str] | None:
    """The same trajectory by the text; None when it doesn't state the counters."""
    meaning = claims.says(MEANS)
    if meaning is None:
        return None
    enters = claims.says(ENTERS)
    match = re.search(ENTERS, enters or "", re.I)
    counters = {match.group(2).lower(): quantity(match.group(1), N)} if match else {}
    not_creature = claims.says(NOT_CREATURE)
    rule = re.search(NOT_CREATURE, not_creature or "", re.I)
    removes = claims.says(REMOVES)
    removal = re.search(REMOVES, removes or "", re.I)

    def creature_now() -> bool:
        if rule is None:
            return True
        has = counters.get(rule.group(1).lower(), 0) > 0
        return not (has and rule.group(2))

    states = [(counters.get("time", 0), creature_now())]
    for turn in range(1, TURNS + 1):
        mine = turn % 2 == 1  # each next turn begins with the end step of the turn before
        if removal and "end step" in claims.triggers and (
                removal.group(1).lower() == "each" or (removal.group(1).lower() == "your") == mine
        ) and counters.get((removal.group(2) or removal.group(3)).lower(), 0) > 0:
            gone = removal.group(5).lower()
            counters[gone] = max(0, counters.get(gone, 0) - quantity(removal.group(4), N))
        states.append((counters.get("time", 0), creature_now()))
    return states, enters or meaning


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast for its impending cost, then six turns pass."""
    found = expected(claims)
    if found is None:
        return None
    states, quote = found
    return differ("it enters with time counters, is no creature while it has one, and loses one "
                  "at the beginning of your end step", quote, f"a 5/5 with impending {N} cast "
                  f"for that cost, then {TURNS} turns (my end step first): (time counters, "
                  "a creature) after each", states, trajectory(era))


register(Keyword(
    name="impending",
    kind=("static", "triggered"),
    parameter=("n -- [cost]",),
    trigger=("end step",),
    zones=("stack", "battlefield"),
    functions_in=("stack", "battlefield"),
    durations=("as long as",),
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=_condition,
    checks=(Check("cast for [cost] rather than its mana cost",
                  permit_check(MODEL, r"impending \S+?\s*[-\u2014\u2013]+\s*\[cost\]")),
            Check("N time counters, no creature while it has one, one removed each end step",
                  check),
            Check("its four abilities", parts_check(("static", "static", "static",
                                                     "triggered")))),
))
