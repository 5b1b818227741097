"""Demonstrate (702.144 since 2021): "When you cast this spell, you may copy it and you may
choose new targets for the copy. If you copy the spell, choose an opponent. That player copies
the spell and may choose new targets for that copy.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._spells import burn_spell, cast_paid
from kb.rules.registry import Check, Keyword, register

YOU = r"\bwhen you cast this spell, you (may|must) copy it\b"
THEM = (r"\bif you copy the spell, choose an? (opponent|player|teammate)\. that player copies "
        r"the spell\b")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    item = event.data["item"]
    if not game.choose("demonstrate", True):
        return
    game.copy_spell(item)
    game.copy_spell(item, controller=game.opponent(item.controller))


def scenario(era: str, copy: bool) -> tuple[int, int]:
    """I cast an instant with demonstrate and choose to copy it or not: (copies I control,
    copies an opponent controls)."""
    game = Game(era=era)
    me = game.active
    game.choices["demonstrate"] = copy
    card = burn_spell(game, me, "Show", abilities=(Ability("demonstrate"),))
    cast_paid(game, me, card)
    game.put_pending_on_stack()
    while game.stack and game.stack[-1].kind == "ability":
        game.resolve_top()
    copies = [item for item in game.stack if item.is_copy]
    return (sum(1 for c in copies if c.controller is me),
            sum(1 for c in copies if c.controller is not me))


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
        problems += differ(f"you {you.group(1).lower()} copy it"
                           + (f"; then an {them.group(1)} copies it" if them else ""), sentence,
                           f"an instant with demonstrate cast, choosing {'' if copy else 'not '}"
                           "to copy it: (copies I control, copies an opponent controls)",
                           (mine, theirs), scenario(era, copy))
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
