"""Warp [cost] (702.185 since 2025): you may cast this card from your hand by paying [cost]
rather than its mana cost; if you did, the permanent it becomes is exiled at the beginning of
the next end step, and its owner may cast it from exile after the current turn has ended."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._casting import fill_pool, legal
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("warp")
LEAVES = (r"if this spell's warp cost was paid, (exile|sacrifice|return) the permanent this "
          r"spell becomes(?: to its owner's hand)? at the beginning of the (next|your next) end "
          r"step")
LATER = r"its owner may cast this card (after the current turn has ended|this turn)"
ZONE = {"exile": "exile", "sacrifice": "graveyard", "return": "hand"}


def _paid(obj: GameObject) -> bool:
    item = obj.notes.get("cast_item")
    return bool(item is not None and item.paid.get("warp"))


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if _paid(obj):
        obj.notes["warp turn"] = game.turn


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return source.zone == "battlefield" and source.notes.get("warp turn") == game.turn


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone == "battlefield":
        turn = source.notes.get("warp turn")
        game.move(source, "exile")
        source.notes["warped"] = turn


def cast_warped(game: Game, player: Player, card: GameObject) -> None:
    """Cast a warped card from exile for its mana cost: only after the turn it was warped."""
    if card.zone != "exile" or "warped" not in card.notes or card.owner is not player:
        raise IllegalAction("only a warped card in exile")
    if card.notes["warped"] == game.turn:
        raise IllegalAction("not until the current turn has ended")
    game.cast(player, card)


def scenario(era: str) -> tuple[str, bool, bool]:
    """My {3}{U} 3/3 with warp {U} cast for its warp cost; the turn ends: (its zone, may I
    cast it from there the same turn, on my next turn)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Drifter", controller=me, zone="hand", mana_cost="{3}{U}", power=3,
                       toughness=3, abilities=(Ability("warp", "{U}"),))
    fill_pool(me)
    MODEL.cast(game, me, card)
    game.resolve_stack()
    game.end_turn()
    zone = card.zone
    fill_pool(me)
    same = legal(cast_warped, game, me, card)
    game.stack.clear()
    game.next_turn()
    game.next_turn()
    fill_pool(me)
    return zone, same, legal(cast_warped, game, me, card)


def check_later(claims: Claims, era: str) -> list[str] | None:
    """Cast for its warp cost: exiled at the next end step, cast again after the turn."""
    sentence = claims.says(LEAVES)
    if sentence is None:
        return None
    leave = re.search(LEAVES, sentence, re.I)
    assert leave is not None
    later = re.search(LATER, sentence, re.I)
    next_end = "end step" in claims.triggers and leave.group(2).lower() == "next"
    zone = ZONE[leave.group(1).lower()] if next_end else "battlefield"
    exiled = zone == "exile" and later is not None
    after = exiled and later is not None and later.group(1).startswith("after")
    same = exiled and later is not None and not after
    return differ(f"{leave.group(0)[31:]}" + (f"; {later.group(0)}" if later else ""), sentence,
                  "a 3/3 cast for its warp cost, the turn ends: (its zone, may it be cast from "
                  "there the same turn, on my next turn)", (zone, same, after), scenario(era))


register(Keyword(
    name="warp",
    kind=("static", "delayed triggered"),
    parameter=("[cost]",),
    trigger=("end step",),
    zones=("stack", "hand", "exile"),
    functions_in=("stack",),
    durations=("as long as", "this turn"),
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=_condition,
    checks=(Check("cast from the hand for [cost] rather than its mana cost",
                  permit_check(MODEL, r"warp \[cost\]")),
            Check("exiled at the next end step, cast again after the turn", check_later)),
))
