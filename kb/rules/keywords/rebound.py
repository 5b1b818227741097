"""Rebound (702.86 in 2012): a static ability of instants and sorceries on the stack that may
create a delayed triggered ability: "If this spell was cast from your hand, instead of putting
it into your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you
may cast this card from exile without paying its mana cost." Multiple instances are
redundant."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, StackItem, ZoneChange
from kb.rules.keywords._casting import VERB_ZONE, fill_pool, pool_size, zone_of
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

MEANING = (r"if this spell was cast from ([\w' ]+?), instead of putting it into ([\w' ]+?) as "
           r"it resolves, ([\w' ]+?) and, at the beginning of (your next upkeep|[\w' ]+?), you may "
           r"cast this card from (\w+) (without paying its mana cost|[^.\"]*)")
REBOUNDING = "rebounding"


def cast_from(game: Game, card: GameObject) -> str:
    """The zone a spell was last cast from (its `cast` event), "" if never cast."""
    event = next((e for e in reversed(game.log) if e.name == "cast" and e.obj is card), None)
    return str(event.data["item"].paid.get("from", "")) if event else ""


def _replace(game: Game, card: GameObject, ability: Ability, change: ZoneChange) -> None:
    if change.origin != "stack" or change.cause != "resolve" or change.to != "graveyard":
        return
    if cast_from(game, card) != "hand" or card.notes.get(REBOUNDING):
        return
    change.to = "exile"
    card.notes[REBOUNDING] = True
    owner = card.owner
    item = StackItem("ability", card, owner, resolve=_rebound_cast, label=f"rebound of {card}")
    game.delayed.append(("upkeep", lambda g, e: e.player is owner, item))


def _rebound_cast(game: Game, item: StackItem) -> None:
    """The delayed trigger: its owner may cast the card from exile without paying its mana
    cost."""
    card = item.source
    card.notes.pop(REBOUNDING, None)
    if card.zone == "exile" and game.choose(f"rebound cast:{card.ident}", True):
        before = pool_size(card.owner)
        game.cast(card.owner, card, alternative=Cost(), paid={"rebound": True})
        card.notes["rebound mana"] = before - pool_size(card.owner)


def _play(era: str, zone: str, instances: int) -> tuple[Game, GameObject, int]:
    """A burn spell with rebound cast from `zone`, then turns pass to its owner's next turn;
    returns the game, the card and the damage dealt."""
    game = Game(era=era)
    me = game.active
    foe = game.opponent(me)
    card = burn_spell(game, me, "Staggershock", mana_cost="{2}{R}", zone=zone,
                      abilities=tuple(Ability("rebound") for _ in range(instances)))
    fill_pool(me)
    game.cast(me, card)
    game.resolve_stack()
    card.notes["after resolving"] = card.zone
    game.next_turn()
    game.next_turn()
    return game, card, 20 - foe.life


def check(claims: Claims, era: str) -> list[str] | None:
    """A burn spell with rebound cast from the hand: where it goes as it resolves, whether it
    is cast again at its owner's next upkeep and for how much; cast from the graveyard; two
    instances of rebound."""
    sentence = claims.says(MEANING)
    if sentence is None:
        return None
    origin, _, verb, when, again, how = re.search(MEANING, sentence, re.I).groups()  # type: ignore
    origin, again = zone_of(origin), zone_of(again)
    upkeep = "upkeep" in claims.triggers and when.lower() == "your next upkeep"
    problems = []
    for zone, instances in (("hand", 1), ("graveyard", 1), ("hand", 2)):
        game, card, damage = _play(era, zone, instances)
        rebounds = zone == origin
        times = 1 if claims.instances != "separate" else instances
        again_cast = rebounds and upkeep and again == "exile"
        free = 0 if how.lower() == "without paying its mana cost" else "paid"
        exiled = zone_of(verb) or VERB_ZONE.get(verb.split()[0], verb)
        expected = (exiled if rebounds else "graveyard",
                    1 + (times if again_cast else 0), free if again_cast else "not cast again")
        actual = (card.notes["after resolving"], damage,
                  card.notes.get("rebound mana", "not cast again"))
        problems += differ("a spell cast from your hand is exiled as it resolves and cast again "
                           "without paying its mana cost at your next upkeep", sentence,
                           f"a burn spell with {instances} rebound instance(s) cast from the "
                           f"{zone}: (zone after resolving, times it deals damage, mana paid "
                           f"the second time)", expected, actual)
    return problems


register(Keyword(
    name="rebound",
    kind=("static", "delayed triggered"),
    parameter=("",),
    trigger=("upkeep",),
    zones=("hand", "graveyard", "stack", "exile"),
    functions_in=("stack",),
    instances="redundant",
    hooks={"replace_zone_change": _replace},
    checks=(Check("rebound: exiled as it resolves, cast again free at the next upkeep", check),),
))
