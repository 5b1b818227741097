"""Ingest (702.114 in 2015, 702.115 in 2026): whenever this creature deals combat damage to a
player, that player exiles the top card of their library."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_triggered import meaning
from kb.rules.keywords._library import fill_library
from kb.rules.registry import Check, Keyword, register

ZONE_WORDS = {"exile": "exile", "mill": "graveyard"}


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if event.player is not None and event.player.library:
        game.move(event.player.library[0], "exile")


def _combat(era: str, blocked: bool) -> dict[str, list[str]]:
    """A creature with ingest attacks (blocked by a 0/9 wall or not); both players have
    libraries of four cards: where the cards went, by zone."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for owner in (me, them):
        fill_library(game, owner, [game.create(f"{owner.name}{i}", controller=owner,
                                               zone="library") for i in range(1, 5)])
    eldrazi = creature(game, "Eldrazi", me, 2, 2, abilities=("ingest",))
    wall = creature(game, "Wall", them, 0, 9)
    game.declare_attackers([eldrazi])
    game.declare_blockers({wall: eldrazi} if blocked else {})
    game.combat_damage()
    return {zone: sorted(c.name for p in (me, them) for c in p.zone(zone))
            for zone in ("exile", "graveyard")}


def check(claims: Claims, era: str) -> list[str] | None:
    """Combat damage to a player (and a blocked attack): which cards leave whose library."""
    text = meaning(claims)
    if text is None:
        return None
    match = re.search(r"\b(that player|you|each opponent) (exile|mill)s? the (top|bottom) "
                      r"(card|two cards|three cards) of (?:their|his or her|your|its owner's) "
                      r"library", text, re.I)
    if match is None:
        return [f'the text moves cards in a way the model does not read ("{text}")']
    count = {"card": 1, "two cards": 2, "three cards": 3}[match.group(4).lower()]
    owner = "A" if match.group(1).lower() == "you" else "B"
    problems = []
    for blocked in (False, True):
        expected: dict[str, list[str]] = {"exile": [], "graveyard": []}
        if not blocked and "deals combat damage to a player" in claims.triggers:
            numbers = range(1, count + 1) if match.group(3).lower() == "top" else \
                range(4, 4 - count, -1)
            expected[ZONE_WORDS[match.group(2).lower()]] = sorted(f"{owner}{i}"
                                                                  for i in numbers)
        problems += differ(match.group(0), text, f"ingest attacks "
                           f"{'blocked' if blocked else 'unblocked'}; libraries of four: cards "
                           "in exile and graveyards", expected, _combat(era, blocked))
    return problems


register(Keyword(
    name="ingest",
    kind=("triggered",),
    parameter=("",),
    trigger=("deals combat damage to a player",),
    zones=("library", "exile"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("the damaged player exiles their top card", check),),
))
