"""Mobilize N (702.181, new in 2025): whenever this creature attacks, create N 1/1 red Warrior
creature tokens; those tokens enter tapped and attacking; sacrifice them at the beginning of
the next end step."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_tokens import Token, make_tokens, read_tokens, tokens_of
from kb.rules.keywords._cov_triggered import meaning
from kb.rules.registry import Check, Keyword, register

WARRIOR = Token(1, 1, ("red",), ("Warrior",), ("creature",))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    me = source.controller or source.owner
    made = make_tokens(game, me, int(ability.param), WARRIOR, tapped=True)
    if game.combat is not None:
        for token in made:
            game.combat.attackers[token] = game.combat.attackers.get(source, game.opponent(me))

    def sacrifice(game: Game, item: StackItem) -> None:
        for token in made:
            if token.zone == "battlefield":
                game.sacrifice(token)

    game.delayed.append(("end step", lambda game, event: True,
                         StackItem("ability", source, me, resolve=sacrifice,
                                   label="mobilize sacrifice")))


def _attack(era: str) -> tuple[list[Token], int, int, list[Token]]:
    """My creature with mobilize 3 attacks: (tokens, how many are tapped, how many attack,
    tokens after the end step)."""
    game = Game(era=era)
    me = game.active
    chief = creature(game, "Chief", me, abilities=(Ability("mobilize", 3),))
    game.declare_attackers([chief])
    tokens = [o for o in game.battlefield if o.token]
    combat = game.combat
    attacking = sum(1 for t in tokens if combat is not None and t in combat.attackers)
    found = tokens_of(game, me), sum(1 for t in tokens if t.tapped), attacking
    game.end_turn()
    return (*found, tokens_of(game, me))


def check(claims: Claims, era: str) -> list[str] | None:
    """Mobilize 3 attacks; the turn ends."""
    text = meaning(claims)
    if text is None:
        return None
    found = read_tokens(text)
    status = re.search(r"those tokens enter (tapped and attacking|tapped|attacking)", text, re.I)
    later = re.search(r"(sacrifice|exile) them at the beginning of the next end step", text,
                      re.I)
    if found is None:
        return [f'the text makes tokens the model does not read ("{text}")']
    count, token, phrase = found
    made = count if "attacks" in claims.triggers else 0
    entering = status.group(1).lower() if status else ""
    expected = ([token] * made, made if "tapped" in entering else 0,
                made if "attacking" in entering else 0,
                [] if later else [token] * made)
    return differ(f"{phrase}, {entering or 'untapped'}, "
                  f"{later.group(0) if later else 'kept'}", text, "a creature with mobilize "
                  "3 attacks, then the turn ends: (tokens, tapped, attacking, tokens after)",
                  expected, _attack(era))


register(Keyword(
    name="mobilize",
    kind=("triggered",),
    parameter=("n",),
    trigger=("attacks", "end step"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N tapped and attacking Warrior tokens, sacrificed at end step", check),),
))
