"""Myriad (702.115 in 2015, 702.116 in 2026): "Whenever this creature attacks, for each opponent
other than defending player, you may create a token that's a copy of this creature that's
tapped and attacking that player or a planeswalker they control. If one or more tokens are
created this way, exile the tokens at end of combat." Multiple instances trigger separately."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ, instance_count
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register

EACH = (r"\bfor each (opponent other than defending player|opponent|player other than you|"
        r"other opponent), you may (?:create|put) an? tokens? that's a copy of this creature "
        r"(?:onto the battlefield )?(?:that's )?(tapped and attacking|attacking|tapped) that "
        r"player")
LEAVE = (r"\b(exile|sacrifice|return) the tokens (at end of combat|at the beginning of the next "
         r"end step)")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    combat = game.combat
    if combat is None:
        return
    me = source.controller or source.owner
    made = []
    for player in game.players:
        if player is me or player is event.player:
            continue
        token = game.create(source.name, controller=me, power=source.power,
                            toughness=source.toughness, token=True, tapped=True)
        combat.attackers[token] = player
        made.append(token)

    def exile(game: Game, item: StackItem) -> None:
        for token in made:
            if token.zone == "battlefield":
                game.move(token, "exile")
    if made:
        game.delayed.append(("end of combat", lambda game, event: True,
                             StackItem("ability", source, me, resolve=exile,
                                       label="myriad: exile the tokens")))


def scenario(era: str, instances: int = 1) -> tuple[list[tuple[str, bool]], int]:
    """Four players; my 2/2 with myriad attacks B: (each token's defending player and whether
    it is tapped, tokens left after combat)."""
    game = Game(era=era, players=4)
    me = game.active
    hero = creature(game, "Legion", me, abilities=("myriad",) * instances)
    game.declare_attackers([hero], defender=game.players[1])
    combat = game.combat
    assert combat is not None
    tokens = sorted((combat.attackers[t].name, t.tapped) for t in game.battlefield if t.token)
    game.end_combat()
    return tokens, sum(1 for t in game.battlefield if t.token)


def check(claims: Claims, era: str) -> list[str] | None:
    """One and two instances of myriad on a creature attacking B of four players."""
    sentence = claims.says(EACH)
    if sentence is None:
        return None
    each = re.search(EACH, sentence, re.I)
    leave = re.search(LEAVE, sentence, re.I)
    if leave:
        claims.found.add(LEAVE)
    assert each is not None
    players = {"opponent other than defending player": ["C", "D"], "opponent": ["B", "C", "D"],
               "player other than you": ["B", "C", "D"], "other opponent": ["C", "D"]}
    tapped = "tapped" in each.group(2).lower()
    attacking = "attacking" in each.group(2).lower()
    gone = leave is not None and leave.group(2).lower() == "at end of combat"
    problems = []
    for instances in (1, 2):
        times = instance_count(claims, instances) if "attacks" in claims.triggers else 0
        tokens = sorted((name, tapped) for name in players[each.group(1).lower()]
                        for _ in range(times)) if attacking else []
        expected = (tokens, 0 if gone else len(tokens))
        problems += differ(each.group(0) + (f"; {leave.group(0)}" if leave else ""), sentence,
                           f"4 players; my creature with {instances} myriad attacks B: (each "
                           "token's defending player and tapped, tokens left after combat)",
                           expected, scenario(era, instances))
    return problems


register(Keyword(
    name="myriad",
    kind=("triggered", "delayed triggered"),
    parameter=("",),
    trigger=("attacks",),
    zones=("exile", "battlefield"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("a tapped and attacking token copy for each other opponent, exiled at end "
                  "of combat", check),),
))
