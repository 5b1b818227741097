"""Station (702.184, new in 2025): "Tap another untapped creature you control: Put a number of
charge counters on this permanent equal to the tapped creature's power. Activate only as a
sorcery."."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import legal
from kb.rules.keywords._search import sorcery_speed
from kb.rules.registry import Check, Keyword, register

COST = r"tap (another|an|any) (untapped )?creature (you control|an opponent controls): put"
EFFECT = (r"put a number of (charge|\+1/\+1|oil) counters on this permanent equal to the "
          r"tapped creature's (power|toughness)")


def station(game: Game, obj: GameObject, crew: GameObject) -> StackItem:
    """Activate `obj`'s station ability tapping `crew`, as a sorcery."""
    if crew is obj or crew.tapped or crew.controller is not obj.controller:
        raise IllegalAction(f"{crew.name} can't be tapped for station")
    if not game.sorcery_timing(obj.controller or obj.owner):
        raise IllegalAction("station is activated only as a sorcery")
    crew.tapped = True
    power = crew.current_power

    def charge(game: Game, item: StackItem) -> None:
        obj.counters["charge"] += power
    return game.activate(obj, "station", resolve=charge)


# (the tapped creature: power, toughness, tapped, mine; during combat)
TRIES = ((3, 5, False, True, False), (3, 5, True, True, False), (3, 5, False, False, False),
         (3, 5, False, True, True))


def _scenario(era: str, power: int, toughness: int, tapped: bool, mine: bool,
              combat: bool) -> tuple[bool, dict[str, int]]:
    """My Spacecraft with station, a creature tapped for it: (legal, its counters)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    ship = game.create("Spacecraft", controller=me, types={"artifact"}, abilities=("station",))
    crew = creature(game, "Pilot", me if mine else them, power, toughness, tapped=tapped)
    if combat:
        game.begin_combat()
    ok = legal(station, game, ship, crew)
    game.resolve_stack()
    return ok, dict(+ship.counters)


def check(claims: Claims, era: str) -> list[str] | None:
    """A 3/5 creature tapped for station: untapped, tapped, an opponent's, during combat."""
    text = claims.says(r"\bstation\W* means\b")
    if text is None:
        return None
    cost, effect = re.search(COST, text, re.I), re.search(EFFECT, text, re.I)
    if cost is None or effect is None:
        return [f'the text says what station does in a way the model does not read ("{text}")']
    sorcery = sorcery_speed(claims) is not None
    problems = []
    for power, toughness, tapped, mine, combat in TRIES:
        allowed = not (tapped and cost.group(2)) and mine == (
            cost.group(3).lower() == "you control") and not (combat and sorcery)
        amount = power if effect.group(2).lower() == "power" else toughness
        expected = (allowed, {effect.group(1).lower(): amount} if allowed else {})
        problems += differ(f"{cost.group(0)[:-6]}: {effect.group(0)}", text, "station tapping "
                           f"{'my' if mine else 'their'} {'tapped ' if tapped else ''}3/5 "
                           f"creature{' during combat' if combat else ''}: (legal, counters)",
                           expected, _scenario(era, power, toughness, tapped, mine, combat))
    return problems


register(Keyword(
    name="station",
    kind=("activated",),
    parameter=("",),
    checks=(Check("tap a creature: charge counters equal to its power", check),),
))
