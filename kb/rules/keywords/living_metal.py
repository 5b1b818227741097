"""Living metal (702.161 since 2022): "During your turn, this permanent is an artifact creature
in addition to its other types."."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"during (your|each|an opponent's) turn, this permanent is an? (artifact creature|"
            r"creature) (in addition to its other types|instead of its other types)")


def _has_type(game: Game, obj: GameObject, ability: Ability, type_: str) -> bool:
    return type_ == "creature" and game.active is obj.controller


def _scenario(era: str) -> list[tuple[bool, bool]]:
    """My Vehicle with living metal, on my turn and on the opponent's: (a creature, still a
    Vehicle artifact)."""
    game = Game(era=era)
    vehicle = game.create("Vehicle", types={"artifact"}, subtypes={"vehicle"}, power=4,
                          toughness=4, abilities=("living metal",))
    found = []
    for _ in range(2):
        found.append((game.has_type(vehicle, "creature"), game.has_type(vehicle, "artifact")
                      and game.has_type(vehicle, "vehicle")))
        game.next_turn()
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """On my turn and on the opponent's."""
    text = claims.says(r"\bthis permanent is an?\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text says what living metal does in a way the model does not read '
                f'("{text}")']
    whose = match.group(1).lower()
    keeps = match.group(3).lower().startswith("in addition")
    expected = [(whose in ("your", "each"), keeps or whose not in ("your", "each")),
                (whose in ("an opponent's", "each"), keeps or whose not in ("an opponent's",
                                                                            "each"))]
    return differ(match.group(0), text, "a Vehicle with living metal on my turn, then on the "
                  "opponent's: (a creature, still an artifact Vehicle)", expected,
                  _scenario(era))


register(Keyword(
    name="living metal",
    kind=("static",),
    parameter=("",),
    hooks={"has_type": _has_type},
    checks=(Check("an artifact creature during your turn", check),),
))
