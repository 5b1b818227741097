"""Reveal (701.12 in 2012), a keyword action: "To reveal a card, show that card to all
players for a brief time." "Revealing a card doesn't cause it to leave the zone it's in.\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.registry import Check, Keyword, register


def reveal(game: Game, player: Player, card: GameObject) -> None:
    """`player` shows `card` to all players (`revealed` event); it stays where it is."""
    game.emit("revealed", card, player=player, to=list(game.players))


def _scenario(era: str) -> tuple[str, int]:
    game = Game(era=era, players=3)
    me = game.active
    card = game.create("Secret", controller=me, zone="hand")
    reveal(game, me, card)
    shown = next(e for e in game.log if e.name == "revealed")
    return card.zone, len(shown.data["to"])


def check(claims: Claims, era: str) -> list[str] | None:
    """Who sees a revealed card and where it stays, read from the text."""
    sentence = claims.says(r"to reveal a card, show that card to")
    if sentence is None:
        return None
    who = re.search(r"show that card to (all players|each opponent|one player)", sentence,
                    re.I)
    stays = claims.says(r"revealing a card (?:doesn't|does not|does) cause it to leave")
    leaves = stays is not None and re.search(r"doesn't|does not", stays, re.I) is None
    count = {"all players": 3, "each opponent": 2, "one player": 1}.get(
        who.group(1).lower() if who else "", 0)
    return differ(f"shown to {who.group(1) if who else '?'}; it "
                  f"{'leaves' if leaves else 'stays in'} its zone", sentence,
                  "a card in hand revealed in a three-player game: (its zone, players shown)",
                  ("?" if leaves else "hand", count), _scenario(era))


register(Keyword(
    name="reveal",
    kind=("keyword action",),
    parameter=(),
    zones=("stack", "library", "hand"),
    durations=("as long as",),
    checks=(Check("shown to all players, stays in its zone", check),),
))
