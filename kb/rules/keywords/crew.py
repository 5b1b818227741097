"""Crew N (702.122 since 2016): "Tap any number of other untapped creatures you control with
total power N or greater: This permanent becomes an artifact creature until end of turn."."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords import Check, Keyword, register
from kb.rules.keywords._casting import legal

COST = (r"\btap any number of (other )?(untapped )?creatures (you control )?with total power "
        r"(N|\d+) or (greater|more|less)")
EFFECT = r"this permanent becomes an? (artifact creature|creature) (until end of turn)"
# "Whenever [this Vehicle] becomes crewed" means "Whenever a crew ability of [this Vehicle]
# resolves" (since 2021): the trigger as the claims reader names it
CREWED = "a crew ability of [this vehicle] resolves"


def _has_type(game: Game, obj: GameObject, ability: Ability, type_: str) -> bool:
    return type_ == "creature" and obj.notes.get("crewed") == game.turn


def crew(game: Game, vehicle: GameObject, crew: Sequence[GameObject]) -> StackItem:
    """Activate `vehicle`'s crew ability tapping `crew` (IllegalAction if they can't pay)."""
    ability = next((a for a in vehicle.abilities if a.name == "crew"), None)
    if ability is None:
        raise IllegalAction(f"{vehicle.name} has no crew ability")
    for member in crew:
        if member is vehicle or member.tapped or member.controller is not vehicle.controller \
                or not game.has_type(member, "creature"):
            raise IllegalAction(f"{member.name} can't crew {vehicle.name}")
    if sum(m.current_power for m in crew) < int(ability.param):
        raise IllegalAction("not enough power to crew")
    for member in crew:
        member.tapped = True

    def crewed(game: Game, item: StackItem) -> None:
        vehicle.notes["crewed"] = game.turn
        game.emit("becomes crewed", vehicle)
    return game.activate(vehicle, "crew", resolve=crewed)


# crews tried on my Vehicle with crew 3: (powers of mine, tapped?, the opponent's?)
CREWS = (((3,), False, False), ((2,), False, False), ((2, 1), False, False),
         ((4,), True, False), ((4,), False, True))


def _scenario(era: str, powers: tuple[int, ...], tapped: bool, theirs: bool
              ) -> tuple[bool, bool, bool]:
    """My 5/5 Vehicle with crew 3 crewed by creatures of `powers`: (legal, a creature this
    turn, a creature next turn)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    vehicle = game.create("Vehicle", controller=me, types={"artifact"}, subtypes={"vehicle"},
                          power=5, toughness=5, abilities=(Ability("crew", 3),))
    members = [creature(game, f"Pilot {i}", them if theirs else me, power, 2, tapped=tapped)
               for i, power in enumerate(powers)]
    ok = legal(crew, game, vehicle, members)
    game.resolve_stack()
    now = game.has_type(vehicle, "creature")
    game.next_turn()
    return ok, now, game.has_type(vehicle, "creature")


def check(claims: Claims, era: str) -> list[str] | None:
    """Crew 3 paid by one 3-power creature, a 2-power one, 2+1 power, a tapped 4-power one,
    an opponent's 4-power one."""
    text = claims.says(r"\btap any number of\b")
    if text is None:
        return None
    cost, effect = re.search(COST, text, re.I), re.search(EFFECT, text, re.I)
    if cost is None or effect is None:
        return [f'the text says what crew does in a way the model does not read ("{text}")']
    need = 3 if cost.group(4) == "N" else int(cost.group(4))
    problems = []
    for powers, tapped, theirs in CREWS:
        total = sum(powers)
        enough = total >= need if cost.group(5).lower() != "less" else total < need
        allowed = enough and not (tapped and cost.group(2)) and not (theirs and cost.group(3))
        expected = (allowed, allowed, False)
        problems += differ(f"{cost.group(0)[4:]}: {effect.group(0)}", text,
                           f"crew 3 paid by {'the opponent' if theirs else 'my'} "
                           f"{'tapped ' if tapped else ''}creature(s) of power {powers}: (legal,"
                           " a creature this turn, a creature next turn)", expected,
                           _scenario(era, powers, tapped, theirs))
    return problems


def check_crewed(claims: Claims, era: str) -> list[str] | None:
    """"Becomes crewed": when the crew ability resolves (not when it is activated)."""
    text = claims.says(r"\bbecomes crewed\W* means\b")
    if text is None:
        return None
    match = re.search(r"whenever a crew ability of \[this vehicle\] (resolves|is activated)",
                      text, re.I)
    if match is None:
        return [f'the text says when it becomes crewed in a way the model does not read '
                f'("{text}")']
    game = Game(era=era)
    vehicle = game.create("Vehicle", types={"artifact"}, power=5, toughness=5,
                          abilities=(Ability("crew", 3),))
    crew(game, vehicle, [creature(game, "Pilot", power=3)])
    before = sum(1 for e in game.log if e.name == "becomes crewed")
    game.resolve_stack()
    after = sum(1 for e in game.log if e.name == "becomes crewed")
    resolves = match.group(1).lower() == "resolves" and CREWED in claims.triggers
    return differ(f"it becomes crewed when a crew ability {match.group(1)}", text,
                  "crew 3 activated, then resolved: times it became crewed (after activating, "
                  "after resolving)", (0, 1) if resolves else (1, 1), (before, after))


register(Keyword(
    name="crew",
    kind=("activated",),
    parameter=("n",),
    trigger=(CREWED,),
    durations=("until end of turn",),
    hooks={"has_type": _has_type},
    checks=(Check("tap creatures with total power N: a creature until end of turn", check),
            Check("it becomes crewed as the crew ability resolves", check_crewed)),
))
