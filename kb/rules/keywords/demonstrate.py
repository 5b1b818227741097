"""Demonstrate (702.144 since 2021): "When you cast this spell, you may copy it and you may
choose new targets for the copy. If you copy the spell, choose an opponent. That player copies
the spell and may choose new targets for that copy.\""""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._spells import burn_spell, cast_paid
from kb.rules.registry import Check, Keyword, register

YOU = (r"\bwhen you cast this spell, you (may|must) copy it(?: and you (may|can't|must) choose new "
       r"targets for the copy)?")
THEM = (r"\bif you copy the spell, choose an? (opponent|player|teammate)\. that player copies "
        r"the spell(?: and (may|can't|must) choose new targets for that copy)?")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    item = event.data["item"]
    if not game.choose("demonstrate", True):
        return
    new = game.choose("new target", None)
    for controller in (item.controller, game.opponent(item.controller)):
        copy = game.copy_spell(item, controller=controller)
        if new is not None:
            copy.targets = [new]


def scenario(era: str, copy: bool) -> tuple[int, int, list[str]]:
    """I cast an instant with demonstrate at the opponent's Bear and choose to copy it or not,
    each copy's controller choosing the Wolf as a new target: (copies I control, copies an
    opponent controls, the copies' targets)."""
    game = Game(era=era)
    me = game.active
    bear = creature(game, "Bear", game.opponent(me))
    game.choices["new target"] = creature(game, "Wolf", game.opponent(me))
    game.choices["demonstrate"] = copy
    card = burn_spell(game, me, "Show", abilities=(Ability("demonstrate"),))
    cast_paid(game, me, card, targets=(bear,))
    game.put_pending_on_stack()
    while game.stack and game.stack[-1].kind == "ability":
        game.resolve_top()
    copies = [item for item in game.stack if item.is_copy]
    return (sum(1 for c in copies if c.controller is me),
            sum(1 for c in copies if c.controller is not me),
            [t.name for c in copies for t in c.targets])


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast, choosing to copy and not to."""
    sentence = claims.says(YOU)
    if sentence is None:
        return None
    you = re.search(YOU, sentence, re.I)
    them = re.search(THEM, sentence, re.I)
    if them:
        claims.found.add(THEM)
    assert you is not None
    problems = []
    for copy in (True, False):
        mine = 1 if ("cast" in claims.triggers and (copy or you.group(1).lower() == "must")) \
            else 0
        theirs = 1 if (mine and them and them.group(1).lower() in ("opponent", "player")) else 0
        targets = (["Wolf" if you.group(2) and you.group(2).lower() != "can't" else "Bear"]
                   * mine + ["Wolf" if them and them.group(2) and them.group(2).lower() != "can't"
                             else "Bear"] * theirs)
        problems += differ(f"you {you.group(1).lower()} copy it"
                           + (f"; then an {them.group(1)} copies it" if them else ""), sentence,
                           f"an instant with demonstrate cast, choosing {'' if copy else 'not '}"
                           "to copy it, new targets chosen where allowed: (copies I control, "
                           "copies an opponent controls, their targets)",
                           (mine, theirs, targets), scenario(era, copy))
    return problems


register(Keyword(
    name="demonstrate",
    kind=("triggered",),
    parameter=("",),
    trigger=("cast",),
    zones=("stack",),
    functions_in=("stack",),
    trigger_zones=("stack",),
    effect=_effect,
    condition=this_object,
    checks=(Check("copied by you and by an opponent", check),),
))
