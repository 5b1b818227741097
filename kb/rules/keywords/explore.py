"""Explore (701.38 in 2017, 701.44 in 2026), a keyword action: the permanent's controller
reveals the top card of their library; a land card goes into their hand; otherwise the
exploring permanent gets a +1/+1 counter and the player may put the card into their
graveyard."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import layout, stock, zone_word
from kb.rules.registry import Check, Keyword, register

LAND = (r"if an? (land|nonland) card is revealed this way, that player puts (?:that|the) card "
        r"into (their|his or her) (hand|graveyard)")
OTHERWISE = (r"otherwise, that player puts (an?|\w+) ([+-]1/[+-]1) counters? on the exploring "
             r"permanent and (may put|puts) the revealed card into (their|his or her) "
             r"(graveyard|hand)")


def explore(game: Game, permanent: GameObject) -> None:
    """`permanent` explores (choice `explore:graveyard`, default yes, for a nonland card)."""
    player = permanent.controller or permanent.owner
    if player.library:
        card = player.library[0]
        if card.is_("land"):
            game.move(card, "hand")
        else:
            if permanent.zone == "battlefield":
                permanent.counters["+1/+1"] += 1
            if game.choices.get("explore:graveyard", True):
                game.move(card, "graveyard")
    game.emit("explore", permanent)


def _scenario(era: str, land: bool, keep: bool) -> dict[str, object]:
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    stock(game, me, 3, lands=(1,) if land else ())
    stock(game, them, 3)
    scout = creature(game, "Scout", me, 2, 2)
    game.choices["explore:graveyard"] = not keep
    explore(game, scout)
    return {**layout(me, them), "counters": scout.counters["+1/+1"]}


def check(claims: Claims, era: str) -> list[str] | None:
    """Explore with a land on top, and with a nonland card on top (put away or kept)."""
    text = claims.says(r"\breveals the top card\b")
    first = claims.says(r"\bis revealed this way\b")
    rest = claims.says(r"^otherwise\b")
    if text is None:
        return None
    land = re.search(LAND, first or "", re.I)
    other = re.search(OTHERWISE, rest or "", re.I)
    if land is None or other is None:
        return [f'the text explores in a way the model does not read ("{first} {rest}")']
    problems = []
    for top_land, keep in ((True, False), (False, False), (False, True)):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        mine = stock(game, me, 3)
        stock(game, them, 3)
        expected: dict[str, object] = {**layout(me, them), "counters": 0}
        matches_first = top_land == (land.group(1).lower() == "land")
        moved = None
        if matches_first:
            moved = zone_word(land.group(3))
        else:
            if other.group(2) == "+1/+1":
                expected["counters"] = count_word(other.group(1))
            if other.group(3).lower() == "puts" or not keep:
                moved = zone_word(other.group(5))
        if moved:
            expected["A library"] = [c.name for c in mine[1:]]
            expected[f"A {moved}"] = [mine[0].name]
        problems += differ("a land card into the hand; else a counter and the card may go to "
                           "the graveyard", f"{first} {rest}", "explore with "
                           f"{'a land' if top_land else 'a nonland card'} on top"
                           f"{', choosing to keep it' if keep and not top_land else ''}: "
                           "zones and counters", expected, _scenario(era, top_land, keep))
    return problems


register(Keyword(
    name="explore",
    kind=("keyword action",),
    parameter=(),
    zones=("library", "hand", "graveyard", "battlefield"),
    checks=(Check("land to hand, else a counter and maybe to the graveyard", check),),
))
