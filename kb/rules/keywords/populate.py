"""Populate (701.27 in 2012, 701.36 in 2026), a keyword action: "choose a creature token
you control and put a token onto the battlefield that's a copy of that creature token" (2026:
"create a token that's a copy"); if you control no creature tokens, nothing is created."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._spells import stocked_game
from kb.rules.registry import Check, Keyword, register

COPIED = ("name", "power", "toughness", "types", "subtypes", "colors", "abilities")


def populate(game: Game, player: Player) -> GameObject | None:
    """`player` populates: a copy of a creature token they control (choice `populate`: a
    function ranking the options; default the first made)."""
    options = [o for o in game.creatures(player) if o.token]
    if not options:
        return None
    rank = game.choices.get("populate")
    chosen = rank(options)[0] if callable(rank) else options[0]
    fields = {name: getattr(chosen, name) for name in COPIED}
    fields["types"], fields["subtypes"] = set(fields["types"]), set(fields["subtypes"])
    fields["colors"], fields["abilities"] = set(fields["colors"]), list(fields["abilities"])
    name = fields.pop("name")
    token = game.create(name, controller=player, token=True, **fields)
    game.emit("enters", token)
    game.resolve_stack()
    return token


PREFERENCE = ("Their Elemental", "Knight", "Soldier Totem", "Beast", "Soldier")


def _scenario(era: str, tokens: bool = True) -> str:
    """Populate preferring, in order: the opponent's 5/5 Elemental token, my Knight (not a
    token), my Soldier Totem (a noncreature token), my 3/3 Beast token, my 1/1 Soldier
    token: the name of the new token ("nothing" when none is made)."""
    game = stocked_game(era)
    me, them = game.active, game.opponent(game.active)
    game.create("Their Elemental", controller=them, power=5, toughness=5, token=True)
    game.create("Knight", controller=me, power=2, toughness=2)
    if tokens:
        game.create("Soldier Totem", controller=me, types={"artifact"}, token=True)
        game.create("Soldier", controller=me, power=1, toughness=1, token=True)
        game.create("Beast", controller=me, power=3, toughness=3, token=True)
    game.choices["populate"] = lambda options: sorted(
        options, key=lambda o: PREFERENCE.index(o.name) if o.name in PREFERENCE else 99)
    made = populate(game, me)
    return f"{made.name} {made.power}/{made.toughness} token" if made and made.token \
        else "nothing"


def check(claims: Claims, era: str) -> list[str] | None:
    """Which token is copied, by the text and by the model."""
    sentence = claims.says(r"to populate means")
    if sentence is None:
        return None
    choose = re.search(r"choose an? ((?:creature )?token|creature)( you control)?", sentence,
                       re.I)
    copy = re.search(r"(?:put|create) an? token (?:onto the battlefield )?that's a copy of "
                     r"that (creature token|token|creature)", sentence, re.I)
    if choose is None or copy is None:
        return [f'the text populates in a way the model does not read ("{sentence}")']
    kind, yours = choose.group(1).lower(), bool(choose.group(2))
    profiles = {"Their Elemental": (True, True, False, "5/5"), "Knight": (False, True, True,
                                                                         "2/2"),
                "Soldier Totem": (True, False, True, ""), "Beast": (True, True, True, "3/3"),
                "Soldier": (True, True, True, "1/1")}
    chosen = next((name for name in PREFERENCE
                   if (profiles[name][0] or "token" not in kind)
                   and (profiles[name][1] or "creature" not in kind)
                   and (profiles[name][2] or not yours)), None)
    expected = f"{chosen} {profiles[chosen][3]} token" if chosen else "nothing"
    problems = differ(f"choose {choose.group(0)[7:]}, a token copy of it", sentence,
                      "populate preferring the opponent's Elemental token, my Knight, my "
                      "Soldier Totem (noncreature token), my Beast token, my Soldier token",
                      expected, _scenario(era))
    none = claims.says(r"if you control no creature tokens")
    if none:
        wont = re.search(r"you won't|you don't|no token", none, re.I) is not None
        problems += differ("no creature tokens, no token", none,
                           "populate with only a nontoken creature", "nothing" if wont
                           else "a token", _scenario(era, tokens=False))
    return problems


register(Keyword(
    name="populate",
    kind=("keyword action",),
    parameter=("",),
    zones=("battlefield",),
    checks=(Check("a token copy of a creature token you control", check),),
))
