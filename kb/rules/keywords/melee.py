"""Melee (702.121 since 2016): "Whenever this creature attacks, it gets +1/+1 until end of turn
for each opponent you attacked with a creature this combat." Multiple instances trigger
separately."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ, instance_count
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register

EACH = (r"\bfor each (opponent you attacked with a creature this combat|opponent you attacked "
        r"this combat|creature attacking|other attacking creature|opponent|player you attacked "
        r"with a creature this combat)")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if game.combat is None or source.zone != "battlefield":
        return
    attacked = {player for attacker, player in game.combat.attackers.items()
                if attacker.controller is source.controller}
    game.gets(source, len(attacked), len(attacked), until="end of turn", source="melee")


def scenario(era: str, targets: tuple[str, ...], instances: int = 1,
             melee_attacks: bool = True) -> tuple[int, int, int, int]:
    """Four players; my 2/2 with melee attacks B (or stays home), my other creatures attack
    the players in `targets`: (its power and toughness after the triggers, then after the
    turn ends)."""
    game = Game(era=era, players=4)
    me = game.active
    by_name = {p.name: p for p in game.players}
    hero = creature(game, "Duelist", me, abilities=("melee",) * instances)
    others = [creature(game, f"Ally {n}", me) for n in range(len(targets))]
    defenders = {ally: by_name[name] for ally, name in zip(others, targets, strict=True)}
    attackers = others
    if melee_attacks:
        defenders[hero] = by_name["B"]
        attackers = [hero, *others]
    game.declare_attackers(attackers, defenders=defenders)
    during = (hero.current_power, hero.current_toughness)
    game.end_turn()
    return (*during, hero.current_power, hero.current_toughness)


COUNTS = {"opponent you attacked with a creature this combat": lambda d, n: len(set(d)),
          "opponent you attacked this combat": lambda d, n: len(set(d)),
          "player you attacked with a creature this combat": lambda d, n: len(set(d)),
          "creature attacking": lambda d, n: n, "other attacking creature": lambda d, n: n - 1,
          "opponent": lambda d, n: 3}


def check(claims: Claims, era: str) -> list[str] | None:
    """Attacks at one, two and three opponents, with two instances, and staying home."""
    amount = claims.find("pt")
    sentence = claims.says(EACH)
    if amount is None or sentence is None:
        return None
    per = amount.pt()
    phrase = re.search(EACH, sentence, re.I).group(1).lower()  # type: ignore[union-attr]
    lasts = claims.durations[:1] != ["until end of turn"]
    problems = []
    for targets, instances, home in (((), 1, False), (("C",), 1, False),
                                     (("B", "C", "D"), 1, False), (("C",), 2, False),
                                     (("C",), 1, True)):
        defenders = ("B", *targets) if not home else targets
        times = 0 if (home or "attacks" not in claims.triggers) else \
            instance_count(claims, instances) * COUNTS[phrase](defenders, len(defenders))
        bonus = (2 + per[0] * times, 2 + per[1] * times)
        expected = (*bonus, *(bonus if lasts else (2, 2)))
        problems += differ(f'"{amount.value}" {sentence[sentence.lower().find("for each"):]}',
                           amount.quote, f"4 players; my 2/2 with {instances} melee "
                           f"{'stays home' if home else 'attacks B'}, other creatures attack "
                           f"{', '.join(targets) or 'no one'}; then the turn ends: its P/T, "
                           "then after the turn", expected,
                           scenario(era, targets, instances, not home))
    return problems


register(Keyword(
    name="melee",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks",),
    durations=("until end of turn", "this combat"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("+1/+1 for each opponent attacked this combat", check),),
))
