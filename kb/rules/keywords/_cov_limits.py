"""Shared pieces of the activated abilities whose keyword is a limit on activating them (boast
"Activate only if this creature attacked this turn and only once each turn", exhaust
"Activate only once"): the model's activation under such a limit, the reader of the limit,
and the check that tries activations across attacks and turns."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import legal

# the moments of the scenario: (turn, attacked this turn before it, activation)
STEPS = ((1, False), (1, True), (1, True), (3, True), (5, False))


@dataclass(frozen=True)
class Limit:
    """When an ability may be activated: only if its creature attacked this turn, at most
    once each turn, at most once (ever)."""

    attacked: bool = False
    each_turn: bool = False
    once: bool = False


def read_limit(text: str) -> Limit | None:
    """The limit of "Activate [this ability] only if this creature attacked this turn and
    only once each turn" / "Activate only once"; None for one this reading doesn't know."""
    match = re.search(r"\bactivate (?:this ability )?only( if this creature attacked this turn)?"
                      r"(?:,? and)?(?: only)?( once each turn| once)?\.", text, re.I)
    if match is None or not (match.group(1) or match.group(2)):
        return None
    once = (match.group(2) or "").strip().lower()
    return Limit(bool(match.group(1)), once == "once each turn", once == "once")


def activate_limited(game: Game, obj: GameObject, name: str, limit: Limit) -> StackItem:
    """Activate `obj`'s ability `name` under `limit` (IllegalAction where it forbids it)."""
    uses = obj.notes.setdefault(f"{name} activations", [])
    attacked = any(e.name == "attacks" and e.obj is obj
                   for e in game.log[_turn_start(game):])
    if (limit.attacked and not attacked) or (limit.each_turn and game.turn in uses) or \
            (limit.once and uses):
        raise IllegalAction(f"{obj.name}'s {name} ability can't be activated now")
    uses.append(game.turn)
    return game.activate(obj, name)


def _turn_start(game: Game) -> int:
    starts = [i for i, e in enumerate(game.log) if e.name == "untap step"]
    return starts[-1] if starts else 0


def _scenario(era: str, name: str, limit: Limit) -> list[bool]:
    """A creature with a `name` ability: tries before attacking, after attacking twice, on
    my next turn after attacking, on the turn after without attacking."""
    game = Game(era=era)
    me = game.active
    hero = creature(game, "Hero", me)
    found = []
    turn = 1
    for when, attacks in STEPS:
        while turn < when:
            game.next_turn()
            turn += 1
        if attacks and not (game.combat and hero in game.combat.attackers):
            hero.tapped = False
            game.declare_attackers([hero])
        found.append(legal(activate_limited, game, hero, name, limit))
    return found


def check_limit(claims: Claims, era: str, name: str, model: Limit) -> list[str] | None:
    """The activations of STEPS under the text's limit, against the model's."""
    text = claims.says(rf"\b{name} \W+ \[cost\]: \[effect\]\W* means\b")
    if text is None:
        return None
    said = read_limit(text)
    if said is None:
        return [f'the text limits {name} in a way the model does not read ("{text}")']
    expected: list[bool] = []
    uses: list[int] = []
    for when, attacks in STEPS:
        ok = not ((said.attacked and not attacks) or (said.each_turn and when in uses)
                  or (said.once and uses))
        if ok:
            uses.append(when)
        expected.append(ok)
    return differ(f"the {name} limit", text, f"a {name} ability activated on turn 1 before "
                  "attacking, twice after attacking, on turn 3 after attacking, on turn 5 "
                  "without attacking: legal each time", expected, _scenario(era, name, model))
