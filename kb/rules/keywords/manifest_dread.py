"""Manifest dread (701.62 in 2024), a keyword action: "Look at the top two cards of your
library. Manifest one of them, then put the cards you looked at that were not manifested
this way [2024-11: the rest] into your graveyard." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import layout, stock, zone_word
from kb.rules.keywords._face_down import put_face_down
from kb.rules.keywords._library import top
from kb.rules.registry import Check, Keyword, register

LOOKED, MANIFESTED = 2, 1
MEANING = (r"look at the (top|bottom) (\w+) cards of (your|an opponent's|target player's) "
           r"library\. manifest (\w+) of them, then put (?:the rest|the cards you looked at "
           r"that weren't manifested this way) (?:into|on) (your|an opponent's|their) (\w+)")


def manifest_dread(game: Game, player: Player) -> list[GameObject]:
    """`player` looks at their top two cards, manifests the first, puts the other into their
    graveyard; returns the manifested card(s)."""
    looked = top(player, LOOKED)
    chosen = looked[:MANIFESTED]
    for card in chosen:
        put_face_down(game, card, player)
    for card in looked[MANIFESTED:]:
        game.move(card, "graveyard")
    game.emit("manifest dread", player=player)
    return chosen


def _hidden(player: Player, game: Game) -> list[str]:
    return [o.notes["face up"]["name"] for o in game.battlefield
            if o.face_down and o.controller is player]


def check(claims: Claims, era: str) -> list[str] | None:
    """Manifest dread with five cards in each library: what is manifested, where the rest
    go, read from the text's numbers, end of the library, player and zone."""
    sentence = claims.says(r'"manifest dread" means')
    if sentence is None:
        return None
    said = re.search(MEANING, sentence, re.I)
    if said is None:
        return [f'the text manifests dread in a way the model does not read ("{sentence}")']
    looked, chosen = count_word(said.group(2)), count_word(said.group(4))
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    mine, theirs = stock(game, me, 5), stock(game, them, 5)
    expected = layout(me, them)
    owner = me if said.group(3).lower() == "your" else them
    pile = mine if owner is me else theirs
    seen = (pile if said.group(1).lower() == "top" else pile[::-1])[:looked or 0]
    kept, rest = seen[:chosen or 0], seen[chosen or 0:]
    zone = zone_word(said.group(6)) or said.group(6)
    goes = me if said.group(5).lower() == "your" else them
    expected[f"{owner.name} library"] = [c.name for c in pile if c not in seen]
    expected[f"{goes.name} {zone}"] = expected.get(f"{goes.name} {zone}", []) + [
        c.name for c in rest]
    expected["manifested"] = [c.name for c in kept]
    manifest_dread(game, me)
    actual = layout(me, them)
    actual["manifested"] = _hidden(me, game)
    return differ(said.group(0), sentence, "I manifest dread with five cards in each library: "
                  "every zone, and the cards manifested", expected, actual)


register(Keyword(
    name="manifest dread",
    kind=("keyword action",),
    parameter=("",),
    zones=("library", "graveyard"),
    checks=(Check("look at the top two, manifest one, the rest into the graveyard", check),),
))
