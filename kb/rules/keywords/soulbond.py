"""Soulbond (702.93 in 2012): two triggered abilities. "When this creature enters the
battlefield, if you control both this creature and another creature and both are unpaired,
you may pair this creature with another unpaired creature you control for as long as both
remain creatures on the battlefield under your control" and "Whenever another creature
enters the battlefield under your control, if you control both that creature and this one
and both are unpaired, you may pair that creature with this creature for as long as both
remain creatures on the battlefield under your control."

In the model a pair is `notes["paired"]` on both creatures; `partner` checks that the pair
still holds (702.93e) and unpairs it otherwise."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register


def partner(game: Game, creature: GameObject) -> GameObject | None:
    """The creature `creature` is paired with, if the pair still holds (both creatures on
    the battlefield under the same controller); else it becomes unpaired."""
    other = creature.notes.get("paired")
    if other is None:
        return None
    holds = all(c.zone == "battlefield" and c.is_("creature") for c in (creature, other)) and \
        creature.controller is other.controller and other.notes.get("paired") is creature
    if not holds:
        creature.notes.pop("paired", None)
        if other.notes.get("paired") is creature:
            other.notes.pop("paired", None)
        return None
    return other


def _unpaired(game: Game, creature: GameObject) -> bool:
    return partner(game, creature) is None


def _candidates(game: Game, source: GameObject, event: Event) -> list[GameObject]:
    if event.obj is source:
        return [c for c in game.creatures(source.controller)
                if c is not source and _unpaired(game, c)]
    entering = event.obj
    if entering is None or not entering.is_("creature") or entering.controller is not \
            source.controller:
        return []
    return [entering]


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return source.zone == "battlefield" and _unpaired(game, source) and \
        bool(_candidates(game, source, event))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone != "battlefield" or not _unpaired(game, source):
        return
    options = [c for c in _candidates(game, source, event)
               if c.zone == "battlefield" and c.controller is source.controller]
    if options and game.choose(f"soulbond:pair:{source.ident}", True):
        other = options[0]
        source.notes["paired"], other.notes["paired"] = other, source


def _enter(game: Game, card: GameObject) -> None:
    game.move(card, "battlefield")
    game.resolve_stack()


def _scenario(era: str) -> list[str]:
    """Who the soulbond creature is paired with after each step: it enters beside Bear; Cub
    enters; Bear is destroyed; an opponent's creature enters; Deer enters under my control."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    bear = game.create("Bear", controller=me, power=2, toughness=2)
    bonder, cub, wolf, deer = (
        game.create(name, controller=owner, zone="hand", power=2, toughness=2,
                    abilities=("soulbond",) if name == "Bonder" else ())
        for name, owner in (("Bonder", me), ("Cub", me), ("Their wolf", them), ("Deer", me)))
    trace = []
    for step in (lambda: _enter(game, bonder), lambda: _enter(game, cub),
                 lambda: game.destroy(bear), lambda: _enter(game, wolf),
                 lambda: _enter(game, deer)):
        step()
        game.resolve_stack()
        other = partner(game, bonder)
        trace.append(other.name if other else "nobody")
    return trace


def check(claims: Claims, era: str) -> list[str] | None:
    """Pairs formed and broken over five steps, as the text's two abilities say."""
    sentence = claims.says(r"you may pair")
    if sentence is None:
        return None
    enters = "enters" in claims.triggers
    itself = enters and re.search(r"when this creature enters", sentence, re.I) is not None
    other = re.search(r"whenever another creature (you control )?enters(?: the battlefield)?"
                      r"( under your control)?", sentence, re.I) if enters else None
    yours = other is not None and bool(other.group(1) or other.group(2))
    both = re.search(r"both are unpaired", sentence, re.I) is not None
    lasting = re.search(r"for as long as both remain creatures on the battlefield", sentence,
                        re.I) is not None
    expected, now = [], "nobody"
    for step, who in enumerate(("Bear", "Cub", "", "Their wolf", "Deer")):
        if step == 0 and itself:
            now = "Bear"
        elif step in (1, 3, 4) and other is not None and (now == "nobody" or not both) \
                and not (step == 3 and yours):
            now = who
        elif step == 2 and lasting and now == "Bear":
            now = "nobody"
        expected.append(now)
    return differ("soulbond pairs " + ("this creature as it enters, " if itself else "")
                  + (f"{other.group(0).lower()}" if other else "no other creature")
                  + (", both unpaired" if both else "")
                  + (", as long as both remain" if lasting else ""), sentence,
                  "Bonder (soulbond) enters beside Bear; Cub enters; Bear dies; an opponent's "
                  "creature enters; Deer enters: its partner after each step", expected,
                  _scenario(era))


register(Keyword(
    name="soulbond",
    kind=("triggered",),
    parameter=("",),
    trigger=("enters",),
    zones=("battlefield",),
    durations=("as long as",),
    effect=_effect,
    condition=_condition,
    checks=(Check("paired as it or another creature enters, unpaired when one leaves", check),),
))
