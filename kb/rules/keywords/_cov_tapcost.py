"""Shared pieces of crew (702.122) and saddle (702.171): "Tap any number of other untapped
creatures you control with total power N or greater: This permanent becomes <an artifact
creature | saddled> until end of turn." The model's payment of that cost, and the check that
pays it with several sets of creatures and looks at the permanent this turn and the next."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import legal
from kb.rules.keywords._search import sorcery_speed

COST = (r"\btap any number of (other )?(untapped )?creatures (you control )?with (total )?power "
        r"(N|\d+) or (greater|more|less)")
# creatures tried on the permanent with N = 3: (powers of mine, tapped?, the opponent's?,
# during combat?)
PAYMENTS = (((3,), False, False, False), ((2,), False, False, False),
            ((2, 1), False, False, False), ((4,), True, False, False),
            ((4,), False, True, False), ((3,), False, False, True))

State = Callable[[Game, GameObject], bool]


def tap_power(game: Game, obj: GameObject, name: str, crew: Sequence[GameObject],
              resolve: Callable[[Game, StackItem], None], sorcery: bool = False,
              each: bool = False) -> StackItem:
    """Activate `obj`'s ability `name` ("crew N", "saddle N") tapping `crew` (with `each`:
    every tapped creature has power N or greater, else their total power is N or greater)."""
    ability = next((a for a in obj.abilities if a.name == name), None)
    if ability is None:
        raise IllegalAction(f"{obj.name} has no {name} ability")
    for member in crew:
        if member is obj or member.tapped or member.controller is not obj.controller \
                or not game.has_type(member, "creature"):
            raise IllegalAction(f"{member.name} can't be tapped for {name}")
    powers = [m.current_power for m in crew]
    if (each and (not powers or min(powers) < int(ability.param))) or \
            sum(powers) < int(ability.param):
        raise IllegalAction(f"not enough power for {name}")
    if sorcery and not game.sorcery_timing(obj.controller or obj.owner):
        raise IllegalAction(f"{name} is activated only as a sorcery")
    for member in crew:
        member.tapped = True
    return game.activate(obj, name, resolve=resolve)


def _scenario(era: str, name: str, activate: Callable[..., object], state: State,
              payment: tuple) -> tuple[bool, bool, bool]:
    """My 5/5 artifact with `name` 3 paid by creatures of the payment: (legal, `state` this
    turn, `state` next turn)."""
    powers, tapped, theirs, combat = payment
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    obj = game.create("Mount", controller=me, types={"artifact"}, power=5, toughness=5,
                      abilities=(Ability(name, 3),))
    members = [creature(game, f"Rider {i}", them if theirs else me, power, 2, tapped=tapped)
               for i, power in enumerate(powers)]
    if combat:
        game.begin_combat()
    ok = legal(activate, game, obj, members)
    game.resolve_stack()
    now = state(game, obj)
    game.end_combat()
    game.next_turn()
    return ok, now, state(game, obj)


def check_tap_power(claims: Claims, era: str, name: str, activate: Callable[..., object],
                    state: State, effect: str) -> list[str] | None:
    """The payments of PAYMENTS: legal? the effect (`effect`, a regex of the text's "This
    permanent becomes ... until end of turn") this turn and the next."""
    text = claims.says(r"\btap any number of\b")
    if text is None:
        return None
    cost, result = re.search(COST, text, re.I), re.search(effect, text, re.I)
    if cost is None or result is None:
        return [f'the text says what {name} does in a way the model does not read ("{text}")']
    need = 3 if cost.group(5) == "N" else int(cost.group(5))
    sorcery = sorcery_speed(claims) is not None
    problems = []
    for payment in PAYMENTS:
        powers, tapped, theirs, combat = payment
        values = [sum(powers)] if cost.group(4) else list(powers)
        enough = all((v >= need) if cost.group(6).lower() != "less" else (v < need)
                     for v in values)
        allowed = enough and not (tapped and cost.group(2)) and not (theirs and cost.group(3)) \
            and not (combat and sorcery)
        expected = (allowed, allowed, False)
        problems += differ(f"{cost.group(0)[4:]}: {result.group(0)}", text,
                           f"{name} 3 paid by {'the opponent' if theirs else 'my'} "
                           f"{'tapped ' if tapped else ''}creature(s) of power {powers}"
                           f"{' during combat' if combat else ''}: (legal, the effect this "
                           "turn, the next turn)", expected,
                           _scenario(era, name, activate, state, payment))
    return problems
