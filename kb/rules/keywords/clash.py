"""Clash (701.20 in 2012, 501.10 in 2008), a keyword action: to clash, a player reveals the
top card of their library and may then put it on the bottom; "Clash with an opponent" means
"Choose an opponent. You and that opponent each clash." A player wins a clash with a card
of higher converted mana cost than all other cards revealed in it."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, Player
from kb.rules.keywords._library import fill_library, put_on_bottom
from kb.rules.registry import Check, Keyword, register


def clash(game: Game, player: Player, opponent: Player | None = None) -> Player | None:
    """`player` clashes with an opponent: each reveals their top card and may put it on the
    bottom (choice `clash:bottom:<name>`); the winner, or None."""
    opponent = opponent or game.choose("clash:opponent", game.opponent(player))
    revealed = {}
    for who in (player, opponent):
        if who.library:
            revealed[who] = who.library[0]
    for who, card in revealed.items():
        if game.choose(f"clash:bottom:{who.name}", False):
            put_on_bottom(game, [card])
    game.emit("clash", player=player, revealed=dict(revealed))
    best = max((c.mana_value for c in revealed.values()), default=None)
    winners = [w for w, c in revealed.items() if c.mana_value == best]
    return winners[0] if len(winners) == 1 and winners[0] is player else None


def _scenario(era: str, mine: str, theirs: str, bottom: bool) -> tuple[bool, str, str]:
    """My top card costs `mine`, theirs `theirs` (3 cards each); I put mine on the bottom
    if `bottom`: (I win, where my revealed card is, where theirs is)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    tops = {}
    for who, cost in ((me, mine), (them, theirs)):
        cards = [game.create(f"{who.name} top", controller=who, zone="library", mana_cost=cost)]
        cards += [game.create(f"{who.name} {i}", controller=who, zone="library",
                              mana_cost="{5}") for i in range(2)]
        fill_library(game, who, cards)
        tops[who] = cards[0]
    game.choices[f"clash:bottom:{me.name}"] = bottom
    won = clash(game, me, them) is me
    return won, _where(tops[me]), _where(tops[them])


def _where(card: object) -> str:
    pile = card.owner.library  # type: ignore[attr-defined]
    return "top" if pile[0] is card else "bottom" if pile[-1] is card else "elsewhere"


def check(claims: Claims, era: str) -> list[str] | None:
    """Who wins and where the revealed cards go, read from the text."""
    reveal = claims.says(r"to clash, a player reveals")
    wins = claims.says(r"wins a clash if")
    if reveal is None or wins is None:
        return None
    side = re.search(r"reveals the (top|bottom) card of (?:their|his or her) library", reveal,
                     re.I)
    may = re.search(r"may then put that card on (?:the )?(bottom|top) of",
                    claims.says(r"may then put that card on") or "", re.I)
    rule = re.search(r"revealed a card with a (higher|lower) (?:converted mana cost|mana value)"
                     r" than all other cards", wins, re.I)
    if side is None or rule is None:
        return [f'the text describes a clash the model does not read ("{reveal} {wins}")']
    higher = rule.group(1).lower() == "higher"
    problems = []
    for mine, theirs, bottom in (("{3}", "{1}{U}", True), ("{1}", "{2}", False),
                                 ("{2}", "{1}{R}", False)):
        a, b = Cost.parse(mine).mana_value, Cost.parse(theirs).mana_value
        if side.group(1).lower() == "bottom":  # the lower cards all cost {5}
            a = b = 5
        won = (a > b) if higher else (a < b)
        if a == b:
            won = False
        moved = may is not None and bottom
        expected = (won, (may.group(1).lower() if may is not None and moved else "top"), "top")
        problems += differ(f"a player wins with a {rule.group(1)} mana cost; the card may "
                           f"go to the {may.group(1) if may else '?'}", wins,
                           f"clash: my top card {mine}, theirs {theirs}, I put mine on the "
                           f"bottom: {bottom} (I win, my card, theirs)", expected,
                           _scenario(era, mine, theirs, bottom))
    return problems


register(Keyword(
    name="clash",
    kind=("keyword action",),
    parameter=("with an opponent",),
    zones=("library",),
    checks=(Check("the higher mana cost wins; the revealed card may go to the bottom",
                  check),),
))
