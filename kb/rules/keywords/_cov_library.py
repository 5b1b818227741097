"""Shared pieces of the newer library keyword actions (surveil, mill, explore, connive):
libraries of named cards, what a scenario did to them, and readers of "put ... into your
graveyard / hand" phrases."""

from __future__ import annotations

import re

from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._library import fill_library

ZONES = {"graveyard": "graveyard", "hand": "hand", "exile": "exile", "library": "library"}


def stock(game: Game, player: Player, cards: int = 6,
          lands: tuple[int, ...] = ()) -> list[GameObject]:
    """`player`'s library as cards `<name>1` (top) to `<name>N`; the numbers in `lands` are
    land cards, the others instants."""
    made = [game.create(f"{player.name}{i}", controller=player, zone="library",
                        types={"land"} if i in lands else {"instant"})
            for i in range(1, cards + 1)]
    fill_library(game, player, made)
    return made


def layout(*players: Player) -> dict[str, list[str]]:
    """Where each player's cards are: `<name> library` (top first), hand, graveyard, exile."""
    found = {}
    for player in players:
        for zone in ("library", "hand", "graveyard", "exile"):
            found[f"{player.name} {zone}"] = [c.name for c in player.zone(zone)]
    return found


def zone_word(words: str) -> str | None:
    """`your graveyard`, `their hand`, `exile` -> the zone name."""
    return next((zone for word, zone in ZONES.items() if re.search(rf"\b{word}\b", words, re.I)),
                None)
